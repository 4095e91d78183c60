// The flags several commands share, declared once: what the help lists and the parser reads.
import { DEFAULT_DATA_BRANCH, STORE_KINDS } from '../store/kinds.ts'
import type { Flags } from './help.ts'

/** The config file, as run, merge, setup, klv and history take it. */
export const CONFIG_FLAG = {
  config: {
    type: 'string',
    value: 'FILE',
    about:
      'the config file (default: bench.yml or bench.yaml in the working directory, else .github/bench.yml)',
  },
} as const satisfies Flags

/** The store flags of run and merge. */
export const STORE_FLAGS = {
  baseline: {
    type: 'string',
    value: 'FILE|DIR|git:[BRANCH]',
    about:
      'compare with this results file, or use DIR as the store of baselines; git:BRANCH compares with what CI saved in the data branch BRANCH of origin (git: alone: the default, bench-data), fetched with your own git credentials, the same as --baseline-store git --baseline-branch BRANCH',
  },
  'baseline-store': {
    type: 'string',
    value: STORE_KINDS.join('|'),
    about:
      "where baselines are read from: dir, the local store (default); git, the data branch of origin that the action's baseline-store: git keeps; or cache, the GitHub Actions cache the action's baseline-store: cache keeps (only inside a GitHub Actions job, with the runner's ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL exported to the step). Results are saved to the local store; to the git or cache store only with --save (never with --dry-run)",
  },
  'baseline-branch': {
    type: 'string',
    value: 'NAME',
    about: `the git store's data branch (default ${DEFAULT_DATA_BRANCH})`,
  },
  retain: {
    type: 'string',
    value: 'N',
    about:
      'with --baseline-store git --save: keep at most N runs per suite and branch in the data branch, removing older ones',
  },
  store: {
    type: 'string',
    value: 'DIR',
    about:
      'where results are kept between runs (default .bench). A run is saved there when the working tree has no uncommitted changes, so the next run compares with committed code; git status says what counts',
  },
  save: {
    type: 'boolean',
    about:
      "save the results even with uncommitted changes; with the git or cache store: save them there instead of locally (git: pushed to the data branch, needs write access to origin; cache: a new entry of this job's run)",
  },
  'no-save': { type: 'boolean', about: 'do not save the results to the store' },
} as const satisfies Flags

/** The results as JSON, as run and merge write them. */
export const JSON_FLAG = {
  json: { type: 'string', value: 'FILE', about: 'write the results (the ResultSet) as JSON' },
} as const satisfies Flags

/** The report's other forms, as run, merge and compare write them. */
export const REPORT_FLAGS = {
  markdown: {
    type: 'string',
    value: 'FILE',
    about: 'write the report as markdown (the pull-request comment body)',
  },
  html: {
    type: 'string',
    value: 'FILE',
    about: 'write the report as one HTML page, scaling charts drawn as SVG',
  },
  verbose: { type: 'boolean', about: 'show every metric in the terminal report, not only the gated ones' },
} as const satisfies Flags

/** The exports in hyperfine's layouts, taken by run, merge and compare. */
export const EXPORT_FLAGS = {
  'export-json': {
    type: 'string',
    value: 'FILE',
    about:
      "also write the results in the layout of hyperfine's --export-json: a result per benchmark with timed runs, in seconds (run exports this run, merge the merged run, compare the HEAD file)",
  },
  'export-markdown': {
    type: 'string',
    value: 'FILE',
    about: "also write them as the table of hyperfine's --export-markdown",
  },
  'export-csv': {
    type: 'string',
    value: 'FILE',
    about:
      "also write them in the layout of hyperfine's --export-csv; a name or parameter a spreadsheet would read as a formula (=, +, -, @ first) gets a single quote before it",
  },
  'export-csv-raw': {
    type: 'string',
    value: 'FILE',
    about: 'the CSV with every cell as hyperfine writes it, formulas and all',
  },
} as const satisfies Flags
