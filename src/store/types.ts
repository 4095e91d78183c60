// What every baseline store offers: save a run, list the runs of a suite on a branch (newest first),
// load one. Stores that cannot list everything (the Actions cache restores one entry per key prefix)
// answer with what they can find, and can look a commit up directly.
import { UserError } from '../errors.ts'
import type { ResultSet } from '../results.ts'

/** The branch a run measured on no branch (a detached HEAD, no commit yet, no repository) is stored under. */
export const NO_BRANCH = 'detached-head'

export interface StoredEntry {
  /** Where the entry lives: a file path, a cache key, a path in the data branch. */
  path: string
  suite: string
  branch: string
  /** The commit, as stored (possibly abbreviated). */
  sha?: string
  createdAt: string
}

export interface ResultStore {
  /** Named in reports: a directory, a cache key prefix, a data branch. */
  readonly root: string
  /** Saves a run under a key of its own (never overwriting another run); returns where. */
  save(results: ResultSet): Promise<string>
  /** The runs of a suite on a branch, newest first. */
  list(suite: string, branch: string): Promise<StoredEntry[]>
  /** The runs of a suite on a branch at one commit, newest first, when the store can look them up directly. */
  listAt?(suite: string, branch: string, sha: string): Promise<StoredEntry[]>
  /** Reads and validates one run; throws with a clear message when it is corrupt. */
  load(entry: StoredEntry): Promise<ResultSet>
  /** The suites the store holds runs of, when it can enumerate them (the Actions cache cannot). */
  suites?(): Promise<string[]>
  /**
   * Reads many runs at once, in the order given: each a ResultSet, or the error that made it unreadable.
   * Stores that can read in bulk (one git process for a whole history) offer it; others load one by one.
   */
  loadMany?(entries: readonly StoredEntry[]): Promise<Array<ResultSet | Error>>
}

/** A store the environment refuses: no service, no permission, nothing saved. The message names the fix. */
export class StoreError extends UserError {
  override name = 'StoreError'
}
