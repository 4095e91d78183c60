// Where the command line reads baselines and saves its run: the flags run and merge share, and the
// store they choose.
import { listed } from '../display.ts'
import { type SaveRule, UsageError } from '../run/pipeline.ts'
import { DEFAULT_DATA_BRANCH } from '../store/git.ts'
import {
  isStoreKind,
  type OpenStore,
  openStore,
  readingFrom,
  STORE_KINDS,
  type StoreKind,
  type StoreSpec,
  StoreUnavailableError,
} from '../store/index.ts'
import type { Flags } from './help.ts'
import { type CliIo, logTo } from './io.ts'

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

/** The `--baseline` value that reads the git store: `git:BRANCH`, or `git:` for the default data branch. */
function gitBaselineBranch(baseline: string | undefined): string | undefined {
  return baseline?.startsWith('git:') ? baseline.slice('git:'.length) : undefined
}

interface StoreFlags {
  baseline?: string
  store?: string
  'baseline-store'?: string
  'baseline-branch'?: string
  retain?: string
  save?: boolean
  'no-save'?: boolean
  'dry-run'?: boolean
}

export interface ChosenStore {
  kind: StoreKind
  /** A results file or a directory of them, for the pipeline to read (the dir store only). */
  baseline?: string
  /** Where baselines are read and the run is saved; the pipeline's directory store when absent. */
  store?: OpenStore
  save: SaveRule
}

/**
 * When the run is saved: never by a dry run or with --no-save; always with --save; otherwise only from a
 * working tree without uncommitted changes.
 */
function saveRule(values: StoreFlags): SaveRule {
  if (values['dry-run'] || values['no-save']) return false
  return values.save ? true : 'clean'
}

/**
 * Where the CLI reads baselines and saves its run. The local directory store unless told otherwise;
 * with the git store (--baseline-store git, --baseline git:BRANCH) baselines come from origin's data
 * branch, fetched in the working directory's repository with the user's own git credentials, and with
 * the cache store (--baseline-store cache, in a step of a GitHub Actions job) from the Actions cache.
 * The run is still saved locally — to the git or cache store only with --save, and never by a dry run.
 */
export function chooseStore(values: StoreFlags, io: CliIo): ChosenStore {
  if (values.save && values['no-save']) throw new UsageError('--save and --no-save contradict each other')
  const fromGit = gitBaselineBranch(values.baseline)
  const kind = values['baseline-store'] ?? (fromGit !== undefined ? 'git' : 'dir')
  if (!isStoreKind(kind))
    throw new UsageError(`--baseline-store must be ${listed(STORE_KINDS, 'or')}, got ${JSON.stringify(kind)}`)
  const retain = values.retain === undefined ? undefined : wholeNumber('--retain', values.retain)
  if (kind !== 'git') {
    if (fromGit !== undefined)
      throw new UsageError(`--baseline ${values.baseline} reads the git store: drop --baseline-store ${kind}`)
    if (values['baseline-branch'] !== undefined)
      throw new UsageError("--baseline-branch names the git store's data branch: add --baseline-store git")
    if (retain !== undefined)
      throw new UsageError("--retain prunes the git store's data branch: add --baseline-store git")
  }
  if (values.save && values['dry-run'])
    throw new UsageError(
      kind === 'git'
        ? '--dry-run never pushes to the data branch: drop --save to only compare with it, or --dry-run to push'
        : kind === 'cache'
          ? '--dry-run never saves to the Actions cache: drop --save to only compare with it, or --dry-run to save'
          : '--dry-run saves nothing: drop --save to only compare, or --dry-run to save this run',
    )
  if (kind === 'dir') return { kind, baseline: values.baseline, save: saveRule(values) }
  if (values.baseline !== undefined && fromGit === undefined)
    throw new UsageError(
      `--baseline FILE|DIR and --baseline-store ${kind} each say where the baseline comes from: give one of them`,
    )
  if (fromGit && values['baseline-branch'] !== undefined && values['baseline-branch'] !== fromGit)
    throw new UsageError(
      `--baseline ${values.baseline} and --baseline-branch ${values['baseline-branch']} name different data branches`,
    )
  if (retain !== undefined && !values.save)
    throw new UsageError('--retain prunes the data branch when this run pushes to it: add --save')
  const store = openCliStore({
    kind,
    cwd: io.cwd,
    remote: 'origin',
    branch: fromGit || values['baseline-branch'] || DEFAULT_DATA_BRANCH,
    ...(retain !== undefined ? { retain } : {}),
    env: io.env,
    log: logTo(io),
  })
  if (values.save) return { kind, store, save: true }
  const local = openCliStore({ kind: 'dir', cwd: io.cwd, storeDir: values.store ?? '.bench' })
  return { kind, store: readingFrom(store, local), save: saveRule(values) }
}

/** The store of --baseline-store; one this machine cannot serve is refused with the flags to use instead. */
export function openCliStore(spec: StoreSpec): OpenStore {
  try {
    return openStore(spec)
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error
    throw new UsageError(
      `--baseline-store ${spec.kind}: ${error.message}. Outside a GitHub Actions job --baseline-store must be dir or git; ` +
        "in a workflow's run: step, export the runner's ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL in an earlier step (crazy-max/ghaction-github-runtime does)",
    )
  }
}

function wholeNumber(flag: string, value: string): number {
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError(`${flag} takes a whole number of at least 1, got ${JSON.stringify(value)}`)
  return Number(value)
}
