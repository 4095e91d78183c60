// Rewrites the committed outputs (__tests__/__outputs__/: reports, their pictures, and what each import
// fixture reads as; __tests__/fixtures/hostile/report.md) from what the code renders now. The tests never do: a
// changed output fails them with the difference, to be reviewed; this is the step a person runs once
// the difference is right. What it writes has first
// passed the invariants each test checks beside its output (no infinite change, signs that agree with
// the values, verdicts that moved the way their metric's direction says, counts that add up).
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const files = [
  'e2e/report/report.test.ts',
  'e2e/report/hostile.test.ts',
  'e2e/report/html.test.ts',
  'e2e/report/heap-sites.test.ts',
  // After the two above: it takes its pictures of the report.md and report.html they write.
  'e2e/report/pictures.test.ts',
  'e2e/history/history.test.ts',
  'unit/import/conformance.test.ts',
  'unit/report/flame.test.ts',
].map((f) => path.join('__tests__', f))
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BENCH_ACTION_WRITE_OUTPUTS: '1' },
})
process.exitCode = run.status ?? 1
