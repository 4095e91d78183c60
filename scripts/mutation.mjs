// `npm run mutation`: runs StrykerJS group by group (MUTATE=stats-decide,compare for some), keeps each
// group's outcome in docs/mutation/GROUP.json with the commit it measured, and writes
// docs/mutation.md from all of them: per module the score and its counts, and every mutant that
// survived, with the one-line reason from docs/mutation/equivalent.json where it was judged
// equivalent (a change no test can see, because the behaviour is the same). `npm run mutation --
// --render` only writes docs/mutation.md again from the records.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { GROUPS, groupPlan } from './mutation-groups.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const recordDir = path.join(root, 'docs', 'mutation')

/** Counts of one module's mutants by outcome, from Stryker's JSON report. */
export function tally(mutants) {
  const counts = { killed: 0, survived: 0, timeout: 0, noCoverage: 0, errors: 0 }
  for (const m of mutants) {
    if (m.status === 'Killed') counts.killed++
    else if (m.status === 'Survived') counts.survived++
    else if (m.status === 'Timeout') counts.timeout++
    else if (m.status === 'NoCoverage') counts.noCoverage++
    else if (m.status === 'CompileError' || m.status === 'RuntimeError') counts.errors++
  }
  return counts
}

/** Detected over valid: (killed + timeout) / (killed + timeout + survived + no coverage), in %. */
export function score(c) {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage
  return valid === 0 ? null : (100 * (c.killed + c.timeout)) / valid
}

/**
 * One group's record from Stryker's JSON report: of the files in `only` when given (an incremental
 * report also carries the files of an earlier run that mutated more).
 */
export function recordOf(group, report, commit, tests = 'all', only = undefined) {
  const modules = {}
  const survivors = []
  const files = Object.entries(report.files).filter(([file]) => !only || only.includes(file))
  for (const [file, entry] of files.sort(([a], [b]) => a.localeCompare(b))) {
    const counts = tally(entry.mutants)
    modules[file] = { ...counts, score: score(counts) }
    for (const m of entry.mutants) {
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue
      survivors.push({
        file,
        line: m.location.start.line,
        column: m.location.start.column,
        mutator: m.mutatorName,
        replacement: m.replacement ?? '',
        status: m.status,
      })
    }
  }
  survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  return { group, commit, tests, modules, survivors }
}

const cell = (s) =>
  String(s).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\n/g, ' ')
const short = (s) => (s.length > 60 ? `${s.slice(0, 57)}…` : s)

/** docs/mutation.md from the groups' records and the equivalence judgements. */
export function renderRecords(records, equivalent) {
  const judged = (s) =>
    equivalent.find(
      (e) =>
        e.file === s.file && e.line === s.line && e.mutator === s.mutator && e.replacement === s.replacement,
    )
  const out = [
    '# Mutation scores',
    '',
    'Written by `npm run mutation` (StrykerJS; `MUTATE=GROUP` for one group) from the records in',
    '`docs/mutation/`. Each group mutates the modules below and runs the test files that import them',
    '(`scripts/mutation-groups.mjs`): all of them, or where the table says "unit", only those of the',
    'unit tier (`MUTATION_TESTS=unit`), so the score is what that tier alone detects. Score: mutants',
    'detected (killed or timed out) over all that ran or had no test; errors (a mutant that does not',
    'compile) do not count. A survivor judged equivalent (no test can see it, the behaviour is the',
    'same) says why; the others are tests to write. "Without equivalents" leaves the survivors judged',
    'equivalent out of the count. A run reuses the result of a mutant whose code and',
    "covering test files did not change since its group last ran on that machine (Stryker's incremental",
    'mode); `MUTATION_FORCE=1` runs every mutant again.',
    '',
    '| group | module | tests | score | without equivalents | killed | survived | timeout | no coverage | commit measured |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ]
  const percent = (v) => (v === null ? '–' : `${v.toFixed(1)}%`)
  for (const r of records) {
    for (const [file, m] of Object.entries(r.modules)) {
      const equivalent = (status) =>
        r.survivors.filter((s) => s.file === file && s.status === status && judged(s)).length
      const without = score({
        ...m,
        survived: m.survived - equivalent('Survived'),
        noCoverage: m.noCoverage - equivalent('NoCoverage'),
      })
      out.push(
        `| ${r.group} | \`${file}\` | ${r.tests ?? 'all'} | ${percent(m.score)} | ${percent(without)} | ${m.killed} | ${m.survived} | ${m.timeout} | ${m.noCoverage} | ${r.commit} |`,
      )
    }
  }
  const missing = Object.keys(GROUPS).filter((g) => !records.some((r) => r.group === g))
  if (missing.length > 0) out.push('', `Not measured yet: ${missing.join(', ')}.`)
  for (const r of records) {
    if (r.survivors.length === 0) continue
    out.push('', `## ${r.group}: mutants no test detected`, '')
    out.push('| where | mutation | equivalent? |', '|---|---|---|')
    for (const s of r.survivors) {
      const j = judged(s)
      const what = `${s.mutator}: \`${cell(short(s.replacement))}\`${s.status === 'NoCoverage' ? ' (no test reaches it)' : ''}`
      out.push(
        `| \`${s.file}:${s.line}:${s.column}\` | ${what} | ${j ? `yes: ${cell(j.why)}` : 'not judged'} |`,
      )
    }
  }
  return `${out.join('\n')}\n`
}

/** The groups' records in docs/mutation/, in the order of GROUPS. */
export function readRecords(dir = recordDir) {
  if (!existsSync(dir)) return []
  const order = Object.keys(GROUPS)
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'equivalent.json')
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
    .sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group))
}

/** The survivors judged equivalent, each with why (docs/mutation/equivalent.json). */
export function readEquivalent(dir = recordDir) {
  const file = path.join(dir, 'equivalent.json')
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : []
}

/**
 * The test files, quickest first, each run once as the mutants' runs will run it. Stryker runs a
 * mutant's test files in this order and stops at the first that fails, so a mutant that a quick file
 * kills is not kept waiting on a slow one; the outcome of every mutant is the same in any order.
 */
function quickestFirst(tests) {
  const took = new Map()
  for (const test of tests) {
    const start = performance.now()
    spawnSync(process.execPath, ['--import', 'tsx', '--test-reporter=tap', test], {
      cwd: root,
      stdio: 'ignore',
    })
    took.set(test, performance.now() - start)
  }
  return [...tests].sort((a, b) => took.get(a) - took.get(b) || a.localeCompare(b))
}

function main() {
  const chosen = process.env.MUTATE ? process.env.MUTATE.split(',') : Object.keys(GROUPS)
  for (const g of chosen) {
    if (!(g in GROUPS)) throw new Error(`MUTATE=${g}: the groups are ${Object.keys(GROUPS).join(', ')}`)
  }
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', '__tests__'], {
    cwd: root,
    encoding: 'utf8',
  })
  const commit = dirty.trim() ? `${head} + changes` : head
  mkdirSync(recordDir, { recursive: true })
  // --render writes docs/mutation.md from the records as they are (after judging a survivor).
  const runs = process.argv.includes('--render') ? [] : chosen
  for (const group of runs) {
    const stryker = path.join(root, 'node_modules', '.bin', 'stryker')
    const order = quickestFirst(groupPlan(root, group, process.env.MUTATION_TESTS ?? 'all').tests)
    const ran = spawnSync(stryker, ['run', 'stryker.config.mjs'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATE: group, MUTATION_TEST_ORDER: order.join(',') },
    })
    if (ran.status !== 0) {
      console.error(`mutation testing of ${group} stopped (exit ${ran.status}); its record is unchanged`)
      process.exitCode = 1
      continue
    }
    const report = JSON.parse(readFileSync(path.join(root, 'reports', 'mutation', `${group}.json`), 'utf8'))
    const tests = process.env.MUTATION_TESTS ?? 'all'
    const record = recordOf(group, report, commit, tests, groupPlan(root, group, tests).modules)
    writeFileSync(path.join(recordDir, `${group}.json`), `${JSON.stringify(record, null, 2)}\n`)
  }
  writeFileSync(path.join(root, 'docs', 'mutation.md'), renderRecords(readRecords(), readEquivalent()))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
