// The `git` store: results committed to a data branch (`bench-data` by default) of a remote, one small
// JSON file per run under SUITE/BRANCH/, and per suite a compact index (SUITE/index.json) that lists
// them, so finding a baseline reads one index and one file however long the history grows.
//
// Writing never checks anything out: blobs, trees and the commit are made with git's plumbing on a
// private bare repository, then pushed. When another job pushed first (non-fast-forward), the new
// tip is fetched and the run re-added on top of it — a rebase of one commit — and pushed again.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { childEnv } from '../child-env.ts'
import { UserError } from '../errors.ts'
import { parseResultSetText, type ResultSet } from '../results.ts'
import { branchKey } from './dir.ts'
import type { ResultStore, StoredEntry } from './types.ts'

export const DEFAULT_DATA_BRANCH = 'bench-data'
const INDEX = 'index.json'
const PUSH_ATTEMPTS = 8

interface IndexEntry {
  branch: string
  sha?: string
  createdAt: string
  path: string
}

interface SuiteIndex {
  version: 1
  entries: IndexEntry[]
}

export interface GitStoreOptions {
  /** A remote name of the repository in `cwd` (origin) or a URL or path. */
  remote: string
  /** The repository whose remote it is; also where git finds its credentials. */
  cwd: string
  branch?: string
  /** Keep at most this many runs per suite and branch; older ones are removed from the data branch. */
  retain?: number
  log?: (line: string) => void
  env?: NodeJS.ProcessEnv
}

export class GitStoreError extends UserError {
  override name = 'GitStoreError'
}

interface GitResult {
  stdout: string
  stderr: string
}

export class GitStore implements ResultStore {
  readonly root: string
  private readonly branch: string
  private repo?: string
  /** The data branch's tip as last fetched; null when the branch does not exist yet. */
  private tip?: string | null
  /** Operations of one store run one at a time: they share the private repository and its refs. */
  private queue: Promise<unknown> = Promise.resolve()

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => {})
    return next
  }

  constructor(private readonly options: GitStoreOptions) {
    this.branch = options.branch ?? DEFAULT_DATA_BRANCH
    this.root = `the ${this.branch} branch of ${options.remote}`
  }

  private async git(
    args: string[],
    extraEnv: Record<string, string> = {},
    input?: string,
  ): Promise<GitResult> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        {
          cwd: this.repo ?? this.options.cwd,
          env: childEnv(this.options.env ?? process.env, extraEnv),
          maxBuffer: 256 * 1024 * 1024,
        },
        (error, stdout, stderr) => {
          if (error) reject(Object.assign(error, { stdout, stderr }))
          else resolve({ stdout, stderr })
        },
      )
      if (input !== undefined) child.stdin?.end(input)
    })
  }

  /** A private bare repository to fetch into and build commits in; the remote URL resolved once. */
  private async ensureRepo(): Promise<string> {
    if (this.repo) return this.repo
    let url = this.options.remote
    try {
      url = (await this.git(['remote', 'get-url', this.options.remote])).stdout.trim() || url
    } catch {
      // Not a remote name of cwd's repository: a URL or a path.
      if (!/^[a-z+]+:\/\//i.test(url) && !url.includes('@')) url = path.resolve(this.options.cwd, url)
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-git-store-'))
    await this.git(['init', '--quiet', '--bare', dir])
    this.repo = dir
    await this.git(['remote', 'add', 'origin', url])
    return dir
  }

  /** Fetches the data branch; the tip, or null when the branch does not exist yet. */
  private async fetch(): Promise<string | null> {
    await this.ensureRepo()
    try {
      await this.git(['fetch', '--quiet', '--no-tags', 'origin', `+refs/heads/${this.branch}:refs/data/tip`])
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '')
      if (/couldn't find remote ref|not found/i.test(stderr)) {
        this.tip = null
        return null
      }
      const said = stderr
        .trim()
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '')
        .join(' ')
      throw new GitStoreError(
        `cannot fetch ${this.root}: ${said || (error as Error).message} (the git store reads and writes the ` +
          "data branch of the workspace's origin, with the credentials the checkout left; see baseline-store)",
      )
    }
    this.tip = (await this.git(['rev-parse', 'refs/data/tip'])).stdout.trim()
    return this.tip
  }

  private async readIndex(tip: string | null, suite: string): Promise<SuiteIndex> {
    if (!tip) return { version: 1, entries: [] }
    try {
      const text = (await this.git(['cat-file', 'blob', `${tip}:${suite}/${INDEX}`])).stdout
      const parsed = JSON.parse(text) as SuiteIndex
      if (parsed.version !== 1 || !Array.isArray(parsed.entries)) throw new Error('not a version 1 index')
      return parsed
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '')
      if (/does not exist|exists on disk, but not in|Not a valid object name/i.test(stderr)) {
        return { version: 1, entries: [] }
      }
      throw new GitStoreError(
        `the index of ${suite} in ${this.root} is unreadable: ${(error as Error).message}`,
      )
    }
  }

  list(suite: string, branch: string): Promise<StoredEntry[]> {
    return this.serial(() => this.listNow(suite, branch))
  }

  load(entry: StoredEntry): Promise<ResultSet> {
    return this.serial(() => this.loadNow(entry))
  }

  save(results: ResultSet): Promise<string> {
    return this.serial(() => this.saveNow(results))
  }

  private async listNow(suite: string, branch: string): Promise<StoredEntry[]> {
    const tip = this.tip === undefined ? await this.fetch() : this.tip
    const index = await this.readIndex(tip, suite)
    return index.entries
      .filter((e) => e.branch === branch)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .map((e) => ({
        path: e.path,
        suite,
        branch: e.branch,
        ...(e.sha ? { sha: e.sha } : {}),
        createdAt: e.createdAt,
      }))
  }

  private async loadNow(entry: StoredEntry): Promise<ResultSet> {
    const tip = this.tip === undefined ? await this.fetch() : this.tip
    if (!tip) throw new GitStoreError(`${this.root} does not exist`)
    let text: string
    try {
      text = (await this.git(['cat-file', 'blob', `${tip}:${entry.path}`])).stdout
    } catch {
      throw new GitStoreError(`${entry.path} is listed in the index of ${this.root} but missing`)
    }
    return parseResultSetText(text, `${this.branch}:${entry.path}`)
  }

  /**
   * Adds the run as SUITE/BRANCH/TIMESTAMP-SHA.json and to the suite's index, prunes beyond `retain`,
   * and pushes; on a non-fast-forward, fetches the new tip and does it again on top of it.
   */
  private async saveNow(results: ResultSet): Promise<string> {
    const branch = results.commit.branch ?? 'detached-head'
    const stamp = results.createdAt.replace(/[-:]/g, '').replace(/\.(\d{3})\d*Z$/, '$1Z')
    const sha = results.commit.sha ?? 'nosha'
    const file = `${results.suite}/${branchKey(branch)}/${stamp}-${sha.slice(0, 12)}.json`
    const body = `${JSON.stringify(results)}\n`
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      const tip = await this.fetch()
      const commit = await this.commitWith(tip, results.suite, {
        file,
        body,
        entry: {
          branch,
          ...(results.commit.sha ? { sha: results.commit.sha } : {}),
          createdAt: results.createdAt,
          path: file,
        },
      })
      try {
        await this.git(['push', '--quiet', 'origin', `${commit}:refs/heads/${this.branch}`])
        this.tip = commit
        return `${this.branch}:${file}`
      } catch (error) {
        const stderr = String((error as { stderr?: string }).stderr ?? '')
        const raced = /non-fast-forward|fetch first|rejected|failed to update ref|cannot lock ref/i.test(
          stderr,
        )
        if (!raced || attempt === PUSH_ATTEMPTS) {
          throw new GitStoreError(
            `cannot push to ${this.root}: ${stderr.trim().split('\n').pop() ?? (error as Error).message}`,
          )
        }
        this.options.log?.(
          `${this.root} moved while saving; adding the results on top of the new tip (attempt ${attempt + 1})`,
        )
      }
    }
    throw new GitStoreError(`cannot push to ${this.root}`)
  }

  /** A commit on top of `tip` holding the new file and the updated index, without a work tree. */
  private async commitWith(
    tip: string | null,
    suite: string,
    added: { file: string; body: string; entry: IndexEntry },
  ): Promise<string> {
    const index = await this.readIndex(tip, suite)
    const entries = [...index.entries.filter((e) => e.path !== added.file), added.entry]
    const removed: string[] = []
    const retain = this.options.retain
    if (retain !== undefined && retain > 0) {
      const sameBranch = entries
        .filter((e) => e.branch === added.entry.branch)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      for (const old of sameBranch.slice(retain)) removed.push(old.path)
    }
    const kept = entries.filter((e) => !removed.includes(e.path))
    const indexText = `${JSON.stringify({ version: 1, entries: kept } satisfies SuiteIndex)}\n`
    const env = { GIT_INDEX_FILE: path.join(this.repo!, `index-${process.pid}-${Date.now()}`) }
    if (tip) await this.git(['read-tree', tip], env)
    else await this.git(['read-tree', '--empty'], env)
    const fileBlob = (await this.git(['hash-object', '-w', '--stdin'], {}, added.body)).stdout.trim()
    const indexBlob = (await this.git(['hash-object', '-w', '--stdin'], {}, indexText)).stdout.trim()
    await this.git(['update-index', '--add', '--cacheinfo', `100644,${fileBlob},${added.file}`], env)
    await this.git(['update-index', '--add', '--cacheinfo', `100644,${indexBlob},${suite}/${INDEX}`], env)
    if (removed.length > 0) {
      // Mode 0 removes a path from the index; --force-remove would want a work tree.
      const lines = removed.map((file) => `0 ${'0'.repeat(40)}\t${file}\n`).join('')
      await this.git(['update-index', '--index-info'], env, lines)
    }
    const tree = (await this.git(['write-tree'], env)).stdout.trim()
    await rm(env.GIT_INDEX_FILE, { force: true })
    const identity = {
      GIT_AUTHOR_NAME: 'bench-action',
      GIT_AUTHOR_EMAIL: 'bench-action@users.noreply.github.com',
      GIT_COMMITTER_NAME: 'bench-action',
      GIT_COMMITTER_EMAIL: 'bench-action@users.noreply.github.com',
    }
    const message = `${suite}: results of ${added.entry.sha?.slice(0, 12) ?? 'a run'} on ${added.entry.branch}`
    const parents = tip ? ['-p', tip] : []
    return (await this.git(['commit-tree', tree, ...parents, '-m', message], identity)).stdout.trim()
  }

  async close(): Promise<void> {
    if (this.repo) await rm(this.repo, { recursive: true, force: true })
  }
}
