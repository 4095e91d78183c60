// The one factory of baseline stores (docs/ARCHITECTURE.md#baselines): the CLI and the action name a kind and get a store,
// or a refusal naming what the environment lacks for it. Which kind a run uses, and whether it saves,
// is each entry point's policy; how a store is made, and where it can work, is decided here only.
import path from 'node:path'
import { listed } from '../display.ts'
import type { ResultSet } from '../results.ts'
import { CacheStore } from './cache.ts'
import { DirStore } from './dir.ts'
import { GitStore } from './git.ts'
import { DEFAULT_DATA_BRANCH, type StoreKind } from './kinds.ts'
import { type ResultStore, type StoredEntry, StoreError } from './types.ts'

export { isStoreKind, STORE_KINDS, type StoreKind } from './kinds.ts'

/** A store, and how to release what it holds (a temporary repository, private refs) when the run is over. */
export type OpenStore = ResultStore & { close?(): Promise<void> }

export interface StoreOptions {
  /** The working directory: the dir store's base, the git store's repository. */
  cwd: string
  /** dir: the store's directory, relative to cwd (default .bench). */
  storeDir?: string
  /** git: the remote (default origin) and its data branch (default bench-data). */
  remote?: string
  branch?: string
  /** git: keep at most this many runs per suite and branch. */
  retain?: number
  /** cache: the run's id and attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT), which make every key unique. */
  runId?: string
  runAttempt?: string
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
}

/** A kind of store and how to make it. */
export interface StoreSpec extends StoreOptions {
  kind: StoreKind
}

/**
 * What each kind needs from the environment it runs in, and why. The cache store talks to the Actions
 * cache service, whose address and token the runner gives to the actions of a job (a `run:` step sees
 * them only when an earlier step exports them), and keys every entry by the job's run (GITHUB_RUN_ID).
 */
const NEEDS: Record<StoreKind, { variables: readonly string[]; because?: string }> = {
  dir: { variables: [] },
  git: { variables: [] },
  cache: {
    variables: ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL', 'GITHUB_RUN_ID'],
    because: "it keeps baselines in the GitHub Actions cache, which the runner opens only to a job's actions",
  },
}

/** The variables a kind of store needs that `env` lacks; none when it can work there. */
export function missingFor(kind: StoreKind, env: NodeJS.ProcessEnv): string[] {
  return NEEDS[kind].variables.filter((name) => !env[name])
}

/** A kind of store this environment cannot serve. Each entry point names the fix in its own terms. */
export class StoreUnavailableError extends StoreError {
  override name = 'StoreUnavailableError'
  constructor(
    readonly kind: StoreKind,
    readonly missing: readonly string[],
  ) {
    const because = NEEDS[kind].because
    super(
      `the ${kind} store cannot work here${because ? `: ${because}` : ''} ` +
        `(${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not set)`,
    )
  }
}

/**
 * The store a run reads its baselines from and saves to: the one way the CLI and the action open one.
 * A kind the environment cannot serve (the cache outside a GitHub Actions job) is refused with a
 * StoreUnavailableError; the cache store's run id and attempt come from the environment unless given.
 */
export function openStore({ kind, ...options }: StoreSpec): OpenStore {
  const env = options.env ?? process.env
  const missing = missingFor(kind, env)
  if (missing.length > 0) throw new StoreUnavailableError(kind, missing)
  if (kind !== 'cache') return createStore(kind, options)
  return createStore(kind, {
    ...options,
    runId: options.runId ?? env.GITHUB_RUN_ID,
    runAttempt: options.runAttempt ?? env.GITHUB_RUN_ATTEMPT ?? '1',
  })
}

/** A store of a kind, made without asking whether it can work here (openStore asks first). */
export function createStore(kind: StoreKind, options: StoreOptions): OpenStore {
  switch (kind) {
    case 'dir':
      return new DirStore(path.resolve(options.cwd, options.storeDir ?? '.bench'))
    case 'git':
      return new GitStore({
        remote: options.remote ?? 'origin',
        cwd: options.cwd,
        branch: options.branch ?? DEFAULT_DATA_BRANCH,
        ...(options.retain !== undefined ? { retain: options.retain } : {}),
        ...(options.log ? { log: options.log } : {}),
        ...(options.env ? { env: options.env } : {}),
      })
    case 'cache':
      if (!options.runId) throw new Error('the cache store needs the run id (GITHUB_RUN_ID)')
      return new CacheStore({
        runId: options.runId,
        runAttempt: options.runAttempt ?? '1',
        // The cached path is part of an entry's version, so it must be the same in every job: not
        // RUNNER_TEMP, which self-hosted runners place per runner, but the system's temporary directory.
        ...(options.log ? { log: options.log } : {}),
      })
  }
}

/**
 * Baselines read from one store, this run saved to another: the CLI comparing with what CI keeps in
 * the data branch while its own runs stay in the local directory (it pushes only when asked).
 */
export function readingFrom(source: OpenStore, saveTo: ResultStore): OpenStore {
  return {
    root: source.root,
    list: (suite: string, branch: string) => source.list(suite, branch),
    ...(source.listAt
      ? { listAt: (suite: string, branch: string, sha: string) => source.listAt!(suite, branch, sha) }
      : {}),
    load: (entry: StoredEntry) => source.load(entry),
    save: (results: ResultSet) => saveTo.save(results),
    close: async () => {
      await source.close?.()
    },
  }
}
