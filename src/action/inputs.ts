// The action's inputs and outputs by name, as action.yml declares them (a test holds the two lists
// equal): the code reads and writes them through these constants only.

export const INPUT = {
  config: 'config',
  filter: 'filter',
  baseline: 'baseline',
  storeDir: 'store-dir',
  save: 'save',
  json: 'json',
  markdown: 'markdown',
  html: 'html',
  exportJson: 'export-json',
  exportMarkdown: 'export-markdown',
  exportCsv: 'export-csv',
  exportCsvRaw: 'export-csv-raw',
  installTools: 'install-tools',
  zigVersion: 'zig-version',
  baselineStore: 'baseline-store',
  baselineBranch: 'baseline-branch',
  saveOn: 'save-on',
  retain: 'retain',
  requireBaseline: 'require-baseline',
  githubToken: 'github-token',
  comment: 'comment',
  acceptLabel: 'accept-label',
  acceptBy: 'accept-by',
  mode: 'mode',
  shard: 'shard',
  history: 'history',
  workingDirectory: 'working-directory',
} as const

export const OUTPUT = {
  verdict: 'verdict',
  regressions: 'regressions',
  resultsPath: 'results-path',
  reportPath: 'report-path',
  htmlPath: 'html-path',
  reportArtifact: 'report-artifact',
  commentArtifact: 'comment-artifact',
  historyPath: 'history-path',
  historyArtifact: 'history-artifact',
  shardArtifact: 'shard-artifact',
} as const

/** The environment variable the runner passes an input in (`INPUT_ACCEPT-LABEL`): set even when empty. */
export function inputVariable(name: (typeof INPUT)[keyof typeof INPUT]): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}
