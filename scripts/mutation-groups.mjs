// The mutation groups of the verdict path, and for each the test files that exercise it.
//
// A group names the modules it mutates; its test files are found, not listed: every test file that
// imports one of those modules, directly or through a folder's index.ts that re-exports it. (Not
// through the tests' shared helper files: they import half of src/, and a group would run every
// test.) A new test of a module joins its group by importing it.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export const GROUPS = {
  // src/stats/ in five parts that are run and recorded apart (the whole folder is too long a run):
  // the decision, the intervals, the tests it draws on, the drift learnt from stored history, and
  // the change points that split that history.
  'stats-decide': [
    'src/stats/decide.ts',
    'src/stats/summary.ts',
    'src/stats/summary-only.ts',
    'src/stats/sequential.ts',
  ],
  'stats-intervals': [
    'src/stats/bootstrap.ts',
    'src/stats/median-interval.ts',
    'src/stats/nested.ts',
    'src/stats/paired.ts',
    'src/stats/random.ts',
  ],
  'stats-tests': ['src/stats/mann-whitney.ts', 'src/stats/wilcoxon.ts', 'src/stats/student-t.ts'],
  'stats-drift': ['src/stats/drift.ts'],
  'stats-changepoints': ['src/stats/changepoints.ts'],
  compare: ['src/compare/*.ts'],
  'same-job': ['src/run/same-job.ts'],
  schedule: ['src/schedule/*.ts'],
  families: ['src/metric-families.ts'],
  accept: ['src/accept.ts', 'src/github/accept-label.ts'],
  report: [
    'src/report/model.ts',
    'src/report/markdown.ts',
    'src/report/markdown-blocks.ts',
    'src/report/describe.ts',
    'src/report/rows.ts',
    'src/report/terminal.ts',
  ],
  comment: ['src/github/comment.ts'],
  // Reading the shards' artifacts in a merge: the run's artifact list, the signed URL, the capped download.
  artifacts: ['src/github/results-service.ts', 'src/github/artifact-download.ts'],
  // What callgrind's and DHAT's profiles say beside the totals: call trees, heap sites, the entry point.
  profiles: [
    'src/kinds/instructions/call-tree.ts',
    'src/kinds/instructions/dhat.ts',
    'src/kinds/instructions/dhat-entry-point.ts',
  ],
  flame: ['src/report/flame.ts'],
  config: ['src/config/errors.ts'],
}

/** Files a pattern of one folder and a `*.ts` name names, relative to root, sorted. */
export function expand(root, pattern) {
  if (!pattern.includes('*')) return [pattern]
  const dir = path.posix.dirname(pattern)
  return readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => `${dir}/${name}`)
    .sort()
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g

/** The relative imports of one file (static, side-effect only, dynamic), as paths relative to root. */
export function importsOf(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const out = []
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3]
    if (!spec?.startsWith('.')) continue
    out.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
  }
  return out
}

/** Every `*.test.ts` under __tests__/, relative to root. */
export function testFiles(root, dir = '__tests__') {
  const out = []
  for (const name of readdirSync(path.join(root, dir))) {
    if (name.startsWith('.') || name === 'fixtures' || name === '__outputs__') continue
    const rel = `${dir}/${name}`
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...testFiles(root, rel))
    else if (name.endsWith('.test.ts')) out.push(rel)
  }
  return out.sort()
}

/** Whether a module is a folder's index that only re-exports (nothing in it to mutate). */
export function reexportsOnly(root, file) {
  if (!file.endsWith('/index.ts')) return false
  const code = readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
  return !/\bfunction\b|=>|\bclass\b|\bconst\b|\blet\b|\bvar\b/.test(code)
}

/** What a test file imports: its own imports, and what the index.ts files among them re-export. */
export function reached(root, file) {
  const seen = new Set([file])
  const queue = [file]
  while (queue.length > 0) {
    const current = queue.pop()
    const followed = current === file || current.endsWith('/index.ts')
    if (!followed) continue
    for (const target of importsOf(root, current)) {
      if (seen.has(target)) continue
      seen.add(target)
      try {
        if (statSync(path.join(root, target)).isFile()) queue.push(target)
      } catch {
        // An import of a package path or a file that is generated; nothing to follow.
      }
    }
  }
  return seen
}

/**
 * The modules a group mutates and the test files that import them, relative to root. With tier 'unit'
 * only the files of __tests__/unit/ (no tool, no child process: a mutant's run takes seconds).
 */
export function groupPlan(root, name, tier = 'all') {
  const patterns = GROUPS[name]
  if (!patterns) throw new Error(`MUTATE=${name}: the groups are ${Object.keys(GROUPS).join(', ')}`)
  if (tier !== 'all' && tier !== 'unit') throw new Error(`MUTATION_TESTS=${tier}: say all or unit`)
  const modules = patterns.flatMap((p) => expand(root, p)).filter((f) => !reexportsOnly(root, f))
  const wanted = new Set(modules)
  const tests = testFiles(root)
    .filter((test) => tier === 'all' || test.startsWith('__tests__/unit/'))
    .filter((test) => [...reached(root, test)].some((f) => wanted.has(f)))
  return { modules, tests }
}
