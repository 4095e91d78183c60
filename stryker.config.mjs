// Mutation testing of the verdict path: `npm run mutation` runs every group of
// scripts/mutation-groups.mjs and writes docs/mutation.md; `MUTATE=stats-decide npm run mutation` runs one.
// Each group mutates its modules and runs the test files that import them; MUTATION_TESTS=unit
// runs only those of the unit tier.
import { GROUPS, groupPlan } from './scripts/mutation-groups.mjs'

const tier = process.env.MUTATION_TESTS ?? 'all'
const chosen = process.env.MUTATE ? process.env.MUTATE.split(',') : Object.keys(GROUPS)
const selected = chosen.map((name) => groupPlan(process.cwd(), name, tier))
const report = chosen.length === 1 ? chosen[0] : 'all'
// The order to run test files in, when `npm run mutation` measured it (quickest first); else as found.
const order = (process.env.MUTATION_TEST_ORDER ?? '').split(',').filter(Boolean)
const rank = (file) => (order.includes(file) ? order.indexOf(file) : order.length)
const tests = [...new Set(selected.flatMap((g) => g.tests))].sort((a, b) => rank(a) - rank(b))

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    testFiles: tests,
    // Each test file runs in one process (no --test), so the coverage of each mutant is known per file.
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap', '{{testFile}}'],
  },
  mutate: selected.flatMap((g) => g.modules),
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // A mutant that loops forever is cut off this long after the time its tests normally take.
  timeoutMS: 4000,
  timeoutFactor: 1.5,
  // dist/ is copied: some test files of a group also run the bundled CLI (their tests of the bundle
  // reach no mutant, so coverage leaves them out of every mutant's run).
  // Sandboxes of other runs on this machine are not part of the project either.
  ignorePatterns: ['.bench', '**/target', 'examples/process/build', '__tests__/.tmp', '.stryker-tmp*', '.mutant-probe', 'reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: `reports/mutation/${report}.html` },
  jsonReporter: { fileName: `reports/mutation/${report}.json` },
  // A mutant whose code and covering test files did not change since the group's last run here keeps
  // its result (Stryker's incremental mode); MUTATION_FORCE=1 runs every mutant again.
  incremental: true,
  incrementalFile: `reports/mutation/${report}${tier === 'unit' ? '.unit' : ''}.incremental.json`,
  force: process.env.MUTATION_FORCE === '1',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 85, low: 70, break: null },
}
