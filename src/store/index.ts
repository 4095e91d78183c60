// The one factory of baseline stores (DESIGN §5): the CLI and the action name a kind and get a store.
// Which kind a run uses, and whether it saves, is each entry point's policy; how a store is made is
// decided here only.
import path from 'node:path'
import type { ResultSet } from '../results.ts'
import { CacheStore } from './cache.ts'
import { DirStore } from './dir.ts'
import { DEFAULT_DATA_BRANCH, GitStore } from './git.ts'
import type { ResultStore, StoredEntry } from './types.ts'

export const STORE_KINDS = ['cache', 'git', 'dir'] as const
export type StoreKind = (typeof STORE_KINDS)[number]

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
