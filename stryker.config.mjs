// Mutation testing of the verdict path: `npm run mutation` runs every group below,
// `MUTATE=stats npm run mutation` (or compare, comment, config) runs one.
// Each group mutates its modules and runs only the test files that exercise them.

const groups = {
  stats: {
    mutate: ['src/stats/**/*.ts'],
    // compare-edges and cross-moment reach the statistics through compareResults; they run with compare.
    testFiles: [
      'stats',
      'paired-stats',
      'summary-only',
      'drift',
      'sequential',
      'bootstrap-median',
      'decide-rules',
      'random',
      'bootstrap-parts',
    ],
  },
  compare: {
    mutate: ['src/compare.ts'],
    testFiles: [
      'compare',
      'compare-edges',
      'compare-rules',
      'one-verdict',
      'cross-moment',
      'drift',
      'summary-only',
    ],
  },
  comment: {
    mutate: ['src/github/comment.ts'],
    testFiles: ['sticky-comment', 'sticky-identity'],
  },
  config: {
    mutate: ['src/config/errors.ts'],
    testFiles: ['config', 'config-merge-location'],
  },
}

const chosen = process.env.MUTATE ? process.env.MUTATE.split(',') : Object.keys(groups)
for (const name of chosen) {
  if (!(name in groups)) throw new Error(`MUTATE=${name}: the groups are ${Object.keys(groups).join(', ')}`)
}
const selected = chosen.map((name) => groups[name])
const report = chosen.length === 1 ? chosen[0] : 'all'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    testFiles: [...new Set(selected.flatMap((g) => g.testFiles))].map((name) => `__tests__/${name}.test.ts`),
    // Each test file runs in one process (no --test), so the coverage of each mutant is known per file.
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap', '{{testFile}}'],
  },
  mutate: selected.flatMap((g) => g.mutate),
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // A mutant that loops forever is cut off this long after the time its tests normally take.
  timeoutMS: 4000,
  timeoutFactor: 1.5,
  ignorePatterns: ['dist', '.bench', '**/target', 'examples/process/build', '__tests__/.tmp'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: `reports/mutation/${report}.html` },
  jsonReporter: { fileName: `reports/mutation/${report}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 85, low: 70, break: null },
}
