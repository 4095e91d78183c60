// `node scripts/mutant-probe.mjs GROUP`: after `MUTATE=GROUP npm run mutation`, applies each mutant that
// survived (from reports/mutation/GROUP.json) to a copy of src/ whose mutated modules are as the run
// saw them, and runs the group's battery (scripts/mutant-probe/GROUP.mjs), which prints the results of
// many calls of the group's functions, one per line. A survivor whose lines are the same as the
// unmutated code's is a candidate for an equivalence judgement (with the reason worked out by hand);
// one whose lines differ shows the first input that tells it apart, the start of a test.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const work = path.join(root, '.mutant-probe')

/** The source with `replacement` put where Stryker's location (1-based lines and columns) says. */
export function applyMutant(source, location, replacement) {
  const lines = source.split('\n')
  const { start, end } = location
  const before = [...lines.slice(0, start.line - 1), lines[start.line - 1].slice(0, start.column - 1)].join(
    '\n',
  )
  const after = [lines[end.line - 1].slice(end.column - 1), ...lines.slice(end.line)].join('\n')
  return before + replacement + after
}

function battery(script, srcDir) {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', script, srcDir], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  return ran.status === 0
    ? ran.stdout
    : `stopped (exit ${ran.status}, ${ran.signal ?? 'no signal'}): ${ran.stderr.slice(-300)}`
}

function main() {
  const group = process.argv[2]
  const report = path.join(root, 'reports', 'mutation', `${group}.json`)
  const script = path.join(root, 'scripts', 'mutant-probe', `${group}.mjs`)
  if (!group || !existsSync(report) || !existsSync(script)) {
    console.error(
      'usage: node scripts/mutant-probe.mjs GROUP, after MUTATE=GROUP npm run mutation, with a battery in scripts/mutant-probe/GROUP.mjs',
    )
    process.exit(2)
  }
  const { files } = JSON.parse(readFileSync(report, 'utf8'))
  rmSync(work, { recursive: true, force: true })
  const copy = path.join(work, 'src')
  cpSync(path.join(root, 'src'), copy, { recursive: true })
  // The mutated modules as the run saw them (the report keeps their source), so the locations hold
  // even after the code moved on.
  for (const [file, entry] of Object.entries(files)) {
    writeFileSync(path.join(copy, path.relative('src', file)), entry.source)
  }
  const expected = battery(script, copy)
  const expectedLines = expected.split('\n')
  for (const [file, entry] of Object.entries(files)) {
    const target = path.join(copy, path.relative('src', file))
    for (const m of entry.mutants) {
      if (m.status !== 'Survived') continue
      // One mutant at a time in the one copy, its module put back after.
      writeFileSync(target, applyMutant(entry.source, m.location, m.replacement))
      const got = battery(script, copy)
      writeFileSync(target, entry.source)
      const where = `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${JSON.stringify(m.replacement)}`
      if (got === expected) {
        console.log(`same     ${where}`)
        continue
      }
      const gotLines = got.split('\n')
      const i = gotLines.findIndex((line, k) => line !== expectedLines[k])
      console.log(
        `differs  ${where}\n  unmutated: ${expectedLines[i]?.slice(0, 240)}\n  mutated:   ${gotLines[i]?.slice(0, 240)}`,
      )
    }
  }
  rmSync(work, { recursive: true, force: true })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
