// Where the command line reads baselines and saves its run: the flags run and merge share, and the
// store they choose.
import { listed } from '../display.ts'
import { UsageError } from '../errors.ts'
import type { SaveRule } from '../run/pipeline.ts'
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
import { DEFAULT_DATA_BRANCH } from '../store/kinds.ts'
import { type CliIo, logTo } from './io.ts'

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
