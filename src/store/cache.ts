// The `cache` store: ResultSets in the GitHub Actions cache. A cache key is written once and never
// overwritten, so every run saves under a key of its own
//   bench-action-v1-<suite>-<branch>-<full sha or nosha>-<run id>-<run attempt>
// and reading restores by key prefix: the cache service answers a prefix with its newest match, so
// `<suite>-<branch>-` finds the branch's latest run and `<suite>-<branch>-<sha>` the run at a commit.
// The cache cannot list its entries, so `list` answers with at most one.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { logText } from '../github/log.ts'
import { parseResultSetText, type ResultSet } from '../results.ts'
import { Serial } from '../system/serial.ts'
import { branchKey } from './dir.ts'
import { withFileLock } from './file-lock.ts'
import { NO_BRANCH, type ResultStore, type StoredEntry, StoreError } from './types.ts'

export const CACHE_KEY_PREFIX = 'bench-action-v1'

export interface CacheStoreOptions {
  /** GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT: they make every run's key its own. */
  runId: string
  runAttempt: string
  /**
   * Where the results file is written and restored. The cache remembers the path (it is part of the
   * entry's version), so it must be the same in the job that saves and the job that restores.
   * Default: the system temporary directory.
   */
  workDir?: string
  /** Progress and notices; default the Actions log. */
  log?: (message: string) => void
}

/**
 * One component of a key: branch names and suites may hold `-` (the separator), `,` (refused in
 * keys) and `/`, so they are percent-encoded; `main` can then never be a prefix of `main-next`.
 */
export function keyPart(value: string): string {
  return branchKey(value).replace(/-/g, '%2D')
}

/** The prefix every key of a suite on a branch starts with (ending in the separator). */
export function cacheKeyPrefix(suite: string, branch: string): string {
  return `${CACHE_KEY_PREFIX}-${keyPart(suite)}-${keyPart(branch)}-`
}

export function cacheKey(results: ResultSet, runId: string, runAttempt: string): string {
  const sha = results.commit.sha?.toLowerCase() || 'nosha'
  const prefix = cacheKeyPrefix(results.suite, results.commit.branch ?? NO_BRANCH)
  return `${prefix}${keyPart(sha)}-${keyPart(runId)}-${keyPart(runAttempt)}`
}

/** The commit a key names, undefined for `nosha` or a key of another shape. */
function shaOfKey(key: string, prefix: string): string | undefined {
  if (!key.startsWith(prefix)) return undefined
  const sha = key.slice(prefix.length).split('-')[0]
  return sha && /^[0-9a-f]+$/.test(sha) ? sha : undefined
}

export class CacheStore implements ResultStore {
  readonly root: string
  /** The file saved and restored; one fixed path, as the cache restores to where it saved. */
  readonly file: string
  private readonly runId: string
  private readonly runAttempt: string
  private readonly log: (message: string) => void
  /** What `list` restored, by key, so that `load` does not download it again (undefined: no file). */
  private readonly restored = new Map<string, string | undefined>()
  /** Save and restore share one file: one operation at a time (see exclusive). */
  private readonly serial = new Serial()

  constructor(options: CacheStoreOptions) {
    if (!options.runId || !options.runAttempt)
      throw new Error('the cache store needs the run id and attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT)')
    this.runId = options.runId
    this.runAttempt = options.runAttempt
    this.file = path.join(options.workDir ?? os.tmpdir(), 'bench-action-cache', 'results.json')
    this.log = options.log ?? ((message) => logText(message))
    this.root = `the Actions cache (keys ${CACHE_KEY_PREFIX}-<suite>-<branch>-<sha>-<run>-<attempt>)`
  }

  /** One operation on the file at a time, in this process and among the processes of the machine. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial.run(() => withFileLock(`${path.dirname(this.file)}.lock`, fn))
  }

  /** The Actions cache client, loaded on first use: a run that stores elsewhere never compiles it. */
  private async client(): Promise<typeof import('@actions/cache')> {
    const cache = await import('@actions/cache')
    if (!cache.isFeatureAvailable())
      throw new StoreError(
        'the Actions cache is not available here (no ACTIONS_RESULTS_URL): it exists only in GitHub Actions jobs; outside them use baseline-store: dir or git',
      )
    return cache
  }

  async save(results: ResultSet): Promise<string> {
    const cache = await this.client()
    const key = cacheKey(results, this.runId, this.runAttempt)
    return this.exclusive(async () => {
      await mkdir(path.dirname(this.file), { recursive: true })
      await writeFile(this.file, `${JSON.stringify(results, null, 2)}\n`)
      let id: number
      try {
        id = await cache.saveCache([this.file], key)
      } finally {
        await rm(this.file, { recursive: true, force: true })
      }
      if (id !== -1) {
        this.log(`Saved the results in the Actions cache under ${key}`)
        return key
      }
      // The cache reports a refused save as -1, whatever the reason: an existing entry (a re-run of
      // the same attempt) is kept as it is, anything else is a failure.
      const existing = await cache.restoreCache([this.file], key, [], { lookupOnly: true })
      if (existing === key) {
        this.log(`The Actions cache already holds ${key}; it is kept, not overwritten`)
        return key
      }
      throw new StoreError(`the Actions cache did not save ${key} (see the warnings above)`)
    })
  }

  async list(suite: string, branch: string): Promise<StoredEntry[]> {
    return this.find(suite, branch, cacheKeyPrefix(suite, branch))
  }

  async listAt(suite: string, branch: string, sha: string): Promise<StoredEntry[]> {
    // A full sha is followed by the separator in every key; an abbreviated one matches as a prefix.
    return this.find(suite, branch, `${cacheKeyPrefix(suite, branch)}${keyPart(sha.toLowerCase())}`)
  }

  private async find(suite: string, branch: string, prefix: string): Promise<StoredEntry[]> {
    const found = await this.restore(prefix, [prefix])
    if (!found) return []
    const [key, text] = found
    const sha = shaOfKey(key, cacheKeyPrefix(suite, branch))
    return [
      {
        path: key,
        suite,
        branch,
        ...(sha ? { sha } : {}),
        createdAt: (text === undefined ? undefined : createdAtOf(text)) ?? new Date().toISOString(),
      },
    ]
  }

  async load(entry: StoredEntry): Promise<ResultSet> {
    let text: string | undefined
    if (this.restored.has(entry.path)) text = this.restored.get(entry.path)
    else {
      const found = await this.restore(entry.path, [])
      if (!found || found[0] !== entry.path)
        throw new Error(`the Actions cache has no entry ${entry.path} (it may have been evicted)`)
      text = found[1]
    }
    if (text === undefined) throw new Error(`the Actions cache entry ${entry.path} holds no results file`)
    return parseResultSetText(text, `Actions cache entry ${entry.path}`)
  }

  /**
   * Restores the newest entry matching, and reads the file it holds (undefined for an entry that
   * holds none: `load` reports it, so the entry is skipped like any corrupt baseline); undefined when
   * no entry matches.
   */
  private async restore(
    primaryKey: string,
    restoreKeys: string[],
  ): Promise<[string, string | undefined] | undefined> {
    const cache = await this.client()
    return this.exclusive(async () => {
      await rm(this.file, { recursive: true, force: true })
      try {
        const key = await cache.restoreCache([this.file], primaryKey, restoreKeys)
        if (key === undefined) return undefined
        let text: string | undefined
        try {
          text = await readFile(this.file, 'utf8')
        } catch {
          text = undefined
        }
        this.restored.set(key, text)
        return [key, text] as [string, string | undefined]
      } finally {
        await rm(this.file, { recursive: true, force: true })
      }
    })
  }
}

function createdAtOf(text: string): string | undefined {
  try {
    const data = JSON.parse(text) as { createdAt?: unknown }
    return typeof data.createdAt === 'string' ? data.createdAt : undefined
  } catch {
    return undefined
  }
}
