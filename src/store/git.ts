// The `git` store: results committed to a data branch (`bench-data` by default) of a remote, one small
// JSON file per run under SUITE/BRANCH/, and per suite a compact index (SUITE/index.json) that lists
// them, so finding a baseline reads one index and one file however long the history grows.
//
// Every git command runs in the workspace's own repository, so fetch and push authenticate exactly as
// `git fetch` typed in the workspace would: with the `http.<url>.extraheader` actions/checkout wrote
// into .git/config (up to v4.3.0), the credentials file its v6 (v5.0.1, v4.3.1) includes only for
// that repository (`includeIf.gitdir:`), or a developer's own credential helper or ssh key. The token
// is never read, copied, put in a URL, a file of ours or a command line.
//
// The workspace is used without being touched: the data branch is fetched into a private ref
// (refs/bench-action/ID/N, deleted at once; no FETCH_HEAD, no remote-tracking branch), and commits are
// built with plumbing on a temporary index file (GIT_INDEX_FILE in a temporary directory), so the
// user's index, HEAD, branches and working tree never change. In a shallow checkout (fetch-depth: 1)
// only the data branch's tip is fetched; a full clone is never made shallow. When another job pushed
// first (non-fast-forward), the new tip is fetched and the run re-added on top of it — a rebase of one
// commit — and pushed again.
//
// Outside a git repository (a remote given as a URL or path, as the benchmarks of this store do) a
// private bare repository in the temporary directory stands in for the workspace.
//
// What the data branch holds is checked before it is used (git-data.ts), and every argument of a git
// command that comes from it, or could, follows `--end-of-options` (git 2.24 and newer): a commit, a
// ref or a path is never read as an option, whatever it starts with.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { UserError } from '../errors.ts'
import { parseResultSetText, type ResultSet, shown } from '../results.ts'
import { commandFailure, runCommand } from '../system/command.ts'
import { Serial } from '../system/serial.ts'
import { branchKey } from './dir.ts'
import {
  entryProblem,
  INDEX,
  type IndexEntry,
  parseIndex,
  type SuiteIndex,
  storedPathProblem,
  suiteFolderProblem,
} from './git-data.ts'
import { DEFAULT_DATA_BRANCH } from './kinds.ts'
import { NO_BRANCH, type ResultStore, type StoredEntry } from './types.ts'

const PUSH_ATTEMPTS = 8
/** Runs read by one `git cat-file --batch`: bounds the output one process holds. */
const BATCH_ENTRIES = 2000
/** A fetch or push that has not finished in this time is stuck (a prompt nobody answers, a dead network). */
const NETWORK_TIMEOUT_MS = 10 * 60_000
/** The namespace of the refs a store fetches into; each store has its own, deleted after every fetch. */
export const PRIVATE_REFS = 'refs/bench-action'

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

/** A git command that did not succeed: what it printed, and whether it was stopped for taking too long. */
class GitFailure extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message)
  }
}

/** Where the store's git commands run: the workspace's repository, or a private bare one. */
interface Place {
  /** The directory git runs in. */
  dir: string
  /** What to fetch from: a remote name of that repository, or a URL or path. */
  source: string
  /**
   * What to push to: the remote's push URL, or the URL or path. It is pushed to as a remote of its
   * own, defined in git's environment: pushing to origin by name would also move the remote-tracking
   * branch refs/remotes/origin/bench-data in the workspace, and a URL on the command line could show
   * credentials a user put in it to every process on the machine.
   */
  pushTo: string
  /** A shallow repository fetches only the data branch's tip (--depth=1). */
  shallow: boolean
  /** A private repository of ours, removed by close(). */
  own: boolean
  /** git's version as major * 1000 + minor: older gits lack a few of the options used to stay out of the way. */
  version: number
}

/** `git version 2.39.5` → 2039; 0 when unknown. */
export function gitVersionNumber(text: string): number {
  const m = /(\d+)\.(\d+)/.exec(text)
  return m ? Number(m[1]) * 1000 + Number(m[2]) : 0
}

/** Credentials that might appear in git's messages (a URL's user:password@, an Authorization header): never repeated. */
export function redactCredentials(text: string): string {
  return text
    .replace(/(authorization:\s*(?:basic|bearer|token)?\s*)[^\s'"]+/gi, '$1***')
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@'"]+@/gi, '$1***@')
}

function stderrOf(error: unknown): string {
  return error instanceof GitFailure ? error.stderr : ''
}

/** git's message on one line: its stderr's non-empty lines, without credentials. */
function said(error: unknown): string {
  const lines = stderrOf(error)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  if (lines.length === 0) return redactCredentials((error as Error).message)
  const text = lines.join(' ')
  return redactCredentials(error instanceof GitFailure && error.timedOut ? `${text} (timed out)` : text)
}

/** The fix for a fetch or push git refused, in the terms of a workflow (and of a developer's machine). */
export function gitFailureHint(operation: 'fetch' | 'push', stderr: string): string {
  if (/does not appear to be a git repository|No such remote/i.test(stderr))
    return (
      'the repository has no remote by that name: the git store uses its "origin" — in a workflow, run ' +
      'actions/checkout before bench-action, with working-directory inside the checkout; on your own ' +
      'machine, run bench-action in a clone'
    )
  if (
    /could not read (Username|Password)|terminal prompts disabled|Authentication failed|returned error: 401|HTTP Basic: Access denied|Invalid username or (password|token)|Permission denied \(publickey/i.test(
      stderr,
    )
  )
    return (
      'origin asked for credentials and git had none: in a workflow, actions/checkout must leave them in ' +
      'the workspace (persist-credentials: true, its default) and run in the same job before bench-action; ' +
      'on your own machine, `git fetch origin` must work there without a prompt (a credential helper or an ssh key)'
    )
  if (/GH006|GH013|protected branch|rule violations|refusing to allow/i.test(stderr))
    return 'the data branch is protected: leave it out of the branch protection rules and rulesets, or use another baseline-branch'
  if (
    /returned error: 403|Permission to .* denied|403 Forbidden|Write access to repository not granted/i.test(
      stderr,
    )
  )
    return operation === 'push'
      ? 'the token may read the repository but not write to it: give the job `permissions: contents: write` ' +
          '(a pull request from a fork gets a read-only token and cannot push; pull requests never save anyway, ' +
          'only pushes to the save-on branches do)'
      : 'the token may not read the repository: give the job `permissions: contents: read` (or write, to save)'
  if (/Repository not found|returned error: 404|not found/i.test(stderr))
    return 'origin was not found, or the credentials cannot see it: check the remote and the token it uses'
  return operation === 'push'
    ? "the git store pushes to the data branch of the workspace's origin with the credentials the checkout left; it needs `permissions: contents: write`"
    : "the git store reads the data branch of the workspace's origin with the credentials the checkout left"
}

/**
 * The blobs of `git cat-file --batch` output, one per name asked for, in order: `undefined` for a name
 * git answered `missing` (or `ambiguous`) or that was not a blob.
 */
export function splitBatch(output: Buffer, count: number): Array<Buffer | undefined> {
  const blobs: Array<Buffer | undefined> = []
  let at = 0
  while (blobs.length < count && at < output.length) {
    const end = output.indexOf(0x0a, at)
    if (end < 0) break
    const header = output.subarray(at, end).toString('latin1')
    at = end + 1
    const m = /^[0-9a-f]+ (\S+) (\d+)$/.exec(header)
    if (!m) {
      blobs.push(undefined)
      continue
    }
    const size = Number(m[2])
    blobs.push(m[1] === 'blob' ? output.subarray(at, at + size) : undefined)
    at += size + 1
  }
  while (blobs.length < count) blobs.push(undefined)
  return blobs
}

export class GitStore implements ResultStore {
  readonly root: string
  private readonly branch: string
  /** This store's private refs: refs/bench-action/ID/N; two stores in one repository never share one. */
  private readonly id = `${process.pid}-${randomBytes(6).toString('hex')}`
  private fetches = 0
  private place?: Promise<Place>
  /** The data branch's tip as last fetched; null when the branch does not exist yet. */
  private tip?: string | null
  /** Operations of one store run one at a time: they share the data branch's tip. */
  private readonly serial = new Serial()
  /** Warnings already given: a run lists a suite's index more than once. */
  private readonly warned = new Set<string>()

  constructor(private readonly options: GitStoreOptions) {
    this.branch = options.branch ?? DEFAULT_DATA_BRANCH
    this.root = `the ${this.branch} branch of ${redactCredentials(options.remote)}`
  }

  private warn(line: string): void {
    if (this.warned.has(line)) return
    this.warned.add(line)
    this.options.log?.(line)
  }

  private async git(
    dir: string,
    args: string[],
    { env = {}, input, timeoutMs }: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
  ): Promise<GitResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gitOnce(dir, args, env, input, timeoutMs)
      } catch (error) {
        // Another git process in the same repository holds a lock (packed-refs, shallow): wait, again.
        if (attempt >= 6 || !/Unable to create '[^']*\.lock'/i.test(stderrOf(error))) throw error
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
      }
    }
  }

  private async gitOnce(
    dir: string,
    args: string[],
    env: Record<string, string>,
    input: string | undefined,
    timeoutMs: number | undefined,
  ): Promise<GitResult> {
    const result = await runCommand(['git', ...args], {
      cwd: dir,
      env: {
        ...(this.options.env ?? process.env),
        // Never wait for an answer nobody can give; git's messages in one language, to be read.
        GIT_TERMINAL_PROMPT: '0',
        GCM_INTERACTIVE: 'never',
        LC_ALL: 'C',
        // A path is a name, never a pattern or :(magic).
        GIT_LITERAL_PATHSPECS: '1',
        ...env,
      },
      maxOutputBytes: 256 * 1024 * 1024,
      input,
      timeoutMs,
    })
    const failure = commandFailure(result)
    if (failure === undefined) return result
    const said = result.stderr.trim()
    throw new GitFailure(
      `\`git ${args.join(' ')}\` ${failure}${said ? `: ${said}` : ''}`,
      result.stderr,
      result.timedOut,
    )
  }

  /** The workspace's repository when cwd is in one; else a private bare repository. Found once. */
  private where(): Promise<Place> {
    this.place ??= (async () => {
      const { cwd, remote } = this.options
      const version = gitVersionNumber(
        (await this.git(os.tmpdir(), ['version']).catch(() => ({ stdout: '' }))).stdout,
      )
      try {
        await this.git(cwd, ['rev-parse', '--git-dir'])
      } catch {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-git-store-'))
        await this.git(dir, ['init', '--quiet', '--bare', '--end-of-options', dir])
        const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/]*@[^/]*:/.test(remote)
        const source = url ? remote : path.resolve(cwd, remote)
        return { dir, source, pushTo: source, shallow: false, own: true, version }
      }
      const shallow = await this.git(cwd, ['rev-parse', '--is-shallow-repository']).then(
        (r) => r.stdout.trim() === 'true',
        () => false,
      )
      // insteadOf and pushInsteadOf applied, as git push would; not a remote's name: a URL or path.
      const pushTo = await this.git(cwd, ['remote', 'get-url', '--push', '--end-of-options', remote]).then(
        (r) => r.stdout.split('\n')[0]!.trim() || remote,
        () => remote,
      )
      return { dir: cwd, source: remote, pushTo, shallow, own: false, version }
    })()
    return this.place
  }

  /** Fetches the data branch; the tip, or null when the branch does not exist yet. */
  private async fetch(): Promise<string | null> {
    const place = await this.where()
    const ref = `${PRIVATE_REFS}/${this.id}/${this.fetches++}`
    try {
      try {
        await this.git(
          place.dir,
          [
            'fetch',
            '--quiet',
            '--no-tags',
            // git 2.29 and newer: leave the user's FETCH_HEAD alone.
            ...(place.version >= 2029 ? ['--no-write-fetch-head'] : []),
            '--no-recurse-submodules',
            ...(place.version >= 2023 ? ['--no-auto-gc'] : []),
            // No remote-tracking branch for the data branch: only the ref named here is written.
            '--refmap=',
            ...(place.shallow ? ['--depth=1'] : []),
            '--end-of-options',
            place.source,
            `+refs/heads/${this.branch}:${ref}`,
          ],
          { timeoutMs: NETWORK_TIMEOUT_MS },
        )
      } catch (error) {
        if (/couldn't find remote ref/i.test(stderrOf(error))) {
          this.tip = null
          return null
        }
        throw new GitStoreError(
          `cannot fetch ${this.root}: ${said(error)} (${gitFailureHint('fetch', stderrOf(error))})`,
        )
      }
      // The ref is this store's own (refs/bench-action/…); rev-parse takes --end-of-options only from git 2.30.
      this.tip = (await this.git(place.dir, ['rev-parse', '--verify', `${ref}^{commit}`])).stdout.trim()
      return this.tip
    } finally {
      await this.git(place.dir, ['update-ref', '-d', '--end-of-options', ref]).catch(() => {})
    }
  }

  /** The folder of `suite` in the data branch; a name that cannot be one is refused. */
  private suiteFolder(suite: string): string {
    const problem = suiteFolderProblem(suite)
    if (problem) throw new GitStoreError(`the suite cannot name a folder of ${this.root}: ${problem}`)
    return suite
  }

  /**
   * A suite's index: the entries in the shape the store writes; each other one is left out, named in a
   * warning. An index that is not one at all is refused.
   */
  private async readIndex(tip: string | null, suite: string): Promise<SuiteIndex> {
    const file = `${this.suiteFolder(suite)}/${INDEX}`
    if (!tip) return { raw: [], entries: [], problems: [] }
    const { dir } = await this.where()
    let text: string
    try {
      text = (await this.git(dir, ['cat-file', 'blob', '--end-of-options', `${tip}:${file}`])).stdout
    } catch (error) {
      if (/does not exist|exists on disk, but not in|Not a valid object name/i.test(stderrOf(error))) {
        return { raw: [], entries: [], problems: [] }
      }
      throw new GitStoreError(`${file} in ${this.root} is unreadable: ${said(error)}`)
    }
    const index = parseIndex(text, suite)
    if ('problem' in index) throw new GitStoreError(`${file} in ${this.root} is unreadable: ${index.problem}`)
    for (const problem of index.problems) this.warn(`${this.root}: ${file}: skipped ${problem}`)
    return index
  }

  list(suite: string, branch: string): Promise<StoredEntry[]> {
    return this.serial.run(() => this.listNow(suite, branch))
  }

  load(entry: StoredEntry): Promise<ResultSet> {
    return this.serial.run(() => this.loadNow(entry))
  }

  save(results: ResultSet): Promise<string> {
    return this.serial.run(() => this.saveNow(results))
  }

  suites(): Promise<string[]> {
    return this.serial.run(() => this.suitesNow())
  }

  loadMany(entries: readonly StoredEntry[]): Promise<Array<ResultSet | Error>> {
    return this.serial.run(() => this.loadManyNow(entries))
  }

  /** The folders at the top of the data branch that hold a suite's index; others are named in a warning. */
  private async suitesNow(): Promise<string[]> {
    const tip = this.tip === undefined ? await this.fetch() : this.tip
    if (!tip) return []
    const { dir } = await this.where()
    // ls-tree takes no `--`: after --end-of-options come the tree and the paths.
    const listing = async (options: string[], paths: string[]) => {
      try {
        return (await this.git(dir, ['ls-tree', '-z', ...options, '--end-of-options', tip, ...paths])).stdout
          .split('\0')
          .filter((p) => p !== '')
      } catch (error) {
        throw new GitStoreError(`cannot list the suites of ${this.root}: ${said(error)}`)
      }
    }
    const folders: string[] = []
    for (const line of await listing([], [])) {
      const m = /^\d+ tree [0-9a-f]+\t(.*)$/s.exec(line)
      if (!m) continue
      const problem = suiteFolderProblem(m[1])
      if (problem) this.warn(`${this.root}: skipped the folder ${shown(m[1])}: ${problem}`)
      else folders.push(m[1]!)
    }
    if (folders.length === 0) return []
    const indexes = await listing(
      ['--name-only'],
      folders.map((f) => `${f}/${INDEX}`),
    )
    return indexes.map((p) => p.slice(0, -`/${INDEX}`.length)).sort()
  }

  /**
   * Many runs read by one `git cat-file --batch` per chunk instead of a process per run: a history of
   * thousands of runs loads in seconds. Each entry is a ResultSet or why it could not be read.
   */
  private async loadManyNow(entries: readonly StoredEntry[]): Promise<Array<ResultSet | Error>> {
    const tip = this.tip === undefined ? await this.fetch() : this.tip
    if (!tip) return entries.map(() => new GitStoreError(`${this.root} does not exist`))
    const { dir } = await this.where()
    const out: Array<ResultSet | Error> = new Array(entries.length)
    // Only runs at a path the store writes are looked for; each other one is refused on its own.
    const readable: Array<{ entry: StoredEntry; at: number }> = []
    entries.forEach((entry, at) => {
      const problem = this.unreadable(entry)
      if (problem) out[at] = problem
      else readable.push({ entry, at })
    })
    // Blob ids by path, one listing per folder: naming each blob by TIP:PATH would make git read the
    // folder's tree (thousands of entries) again for every run.
    const blobs = new Map<string, string>()
    const folders = [...new Set(readable.map(({ entry }) => path.posix.dirname(entry.path)))]
    for (const folder of folders) {
      let listing: GitResult
      try {
        listing = await this.git(dir, ['ls-tree', '-z', '--full-tree', '--end-of-options', tip, `${folder}/`])
      } catch (error) {
        throw new GitStoreError(`cannot read ${folder} in ${this.root}: ${said(error)}`)
      }
      for (const line of listing.stdout.split('\0')) {
        const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line)
        if (m) blobs.set(m[2]!, m[1]!)
      }
    }
    for (let start = 0; start < readable.length; start += BATCH_ENTRIES) {
      const chunk = readable.slice(start, start + BATCH_ENTRIES).map(({ entry }) => entry)
      const places = readable.slice(start, start + BATCH_ENTRIES).map(({ at }) => at)
      // A path the tree does not hold is asked for by a name git answers `missing`.
      const names = chunk.map((e) => blobs.get(e.path) ?? '0'.repeat(40))
      const result = await runCommand(['git', 'cat-file', '--batch', '--buffer'], {
        cwd: dir,
        env: { ...(this.options.env ?? process.env), LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
        input: `${names.join('\n')}\n`,
        maxOutputBytes: 512 * 1024 * 1024,
        encoding: 'buffer',
      })
      const failure = commandFailure(result)
      if (failure !== undefined) throw new GitStoreError(`cannot read ${this.root}: git cat-file ${failure}`)
      const contents = splitBatch(result.stdoutBytes ?? Buffer.alloc(0), chunk.length)
      chunk.forEach((entry, i) => {
        const blob = contents[i]
        const at = places[i]!
        if (blob === undefined) {
          out[at] = new GitStoreError(`${entry.path} is listed in the index of ${this.root} but missing`)
          return
        }
        try {
          out[at] = parseResultSetText(blob.toString('utf8'), `${this.branch}:${entry.path}`)
        } catch (error) {
          out[at] = error as Error
        }
      })
    }
    return out
  }

  /** Why a run asked for is not one this store lists (its path is not where it keeps one); else undefined. */
  private unreadable(entry: StoredEntry): GitStoreError | undefined {
    const problem = storedPathProblem(entry)
    return problem
      ? new GitStoreError(`cannot read the run at ${shown(entry.path)} from ${this.root}: ${problem}`)
      : undefined
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
    const refused = this.unreadable(entry)
    if (refused) throw refused
    const { dir } = await this.where()
    let text: string
    try {
      text = (await this.git(dir, ['cat-file', 'blob', '--end-of-options', `${tip}:${entry.path}`])).stdout
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
    const branch = results.commit.branch ?? NO_BRANCH
    const stamp = results.createdAt.replace(/[-:]/g, '').replace(/\.(\d{3})\d*Z$/, '$1Z')
    const sha = results.commit.sha ?? 'nosha'
    const file = `${this.suiteFolder(results.suite)}/${branchKey(branch)}/${stamp}-${sha.slice(0, 12)}.json`
    const body = `${JSON.stringify(results)}\n`
    const entry: IndexEntry = {
      branch,
      ...(results.commit.sha ? { sha: results.commit.sha } : {}),
      createdAt: results.createdAt,
      path: file,
    }
    // What is saved is read back by the same rules as what others saved.
    const problem = entryProblem(entry, results.suite)
    if (problem)
      throw new GitStoreError(`cannot save the run to ${this.root}: it would not be read back (${problem})`)
    const place = await this.where()
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      const tip = await this.fetch()
      const commit = await this.commitWith(tip, results.suite, { file, body, entry })
      // A remote with only a URL: no fetch refspec, so no remote-tracking branch to update. Git before
      // 2.31 cannot take config from the environment: it pushes to the remote as named.
      const pushRemote = place.version >= 2031 ? `bench-action-${this.id}` : place.source
      const inherited = Number((this.options.env ?? process.env).GIT_CONFIG_COUNT ?? 0) || 0
      const pushEnv: Record<string, string> =
        place.version >= 2031
          ? {
              GIT_CONFIG_COUNT: String(inherited + 1),
              [`GIT_CONFIG_KEY_${inherited}`]: `remote.${pushRemote}.url`,
              [`GIT_CONFIG_VALUE_${inherited}`]: place.pushTo,
            }
          : {}
      try {
        await this.git(
          place.dir,
          [
            'push',
            '--quiet',
            // The user's hooks, tag following, signing and submodule pushes are not this push's business.
            '--no-verify',
            '--no-follow-tags',
            '--no-signed',
            '--recurse-submodules=no',
            '--end-of-options',
            pushRemote,
            `${commit}:refs/heads/${this.branch}`,
          ],
          { env: pushEnv, timeoutMs: NETWORK_TIMEOUT_MS },
        )
        this.tip = commit
        return `${this.branch}:${file}`
      } catch (error) {
        const stderr = stderrOf(error)
        // Someone else's push landed first: the tip moved (rejected as non-fast-forward), or the
        // remote was updating the ref at the same moment (it could not lock it).
        const raced =
          /non-fast-forward|\(fetch first\)|\[rejected\]|failed to update ref|cannot lock ref|incorrect old value/i.test(
            stderr,
          )
        if (!raced || attempt === PUSH_ATTEMPTS) {
          throw new GitStoreError(
            `cannot push to ${this.root}: ${said(error)} (${gitFailureHint('push', stderr)})`,
          )
        }
        this.options.log?.(
          `${this.root} moved while saving; adding the results on top of the new tip (attempt ${attempt + 1})`,
        )
      }
    }
    throw new GitStoreError(`cannot push to ${this.root}`)
  }

  /** A commit on top of `tip` holding the new file and the updated index, on a temporary index file. */
  private async commitWith(
    tip: string | null,
    suite: string,
    added: { file: string; body: string; entry: IndexEntry },
  ): Promise<string> {
    const { dir } = await this.where()
    const index = await this.readIndex(tip, suite)
    const removed = new Set<string>()
    const retain = this.options.retain
    if (retain !== undefined && retain > 0) {
      const sameBranch = [...index.entries.filter((e) => e.path !== added.file), added.entry]
        .filter((e) => e.branch === added.entry.branch)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      for (const old of sameBranch.slice(retain)) removed.add(old.path)
    }
    // Entries the store cannot use are kept as they were written: it removes only runs it can read.
    const pathOf = (e: unknown) =>
      typeof e === 'object' && e !== null ? (e as { path?: unknown }).path : undefined
    const kept = [...index.raw.filter((e) => pathOf(e) !== added.file), added.entry].filter((e) => {
      const at = pathOf(e)
      return !(typeof at === 'string' && removed.has(at))
    })
    const indexText = `${JSON.stringify({ version: 1, entries: kept })}\n`
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-action-git-index-'))
    let tree: string
    try {
      const env = { GIT_INDEX_FILE: path.join(scratch, 'index') }
      // The temporary index is ours alone: none of the workspace's index machinery applies to it.
      const plain = [
        '-c',
        'core.splitIndex=false',
        '-c',
        'core.fsmonitor=false',
        '-c',
        'core.untrackedCache=false',
      ]
      await this.git(dir, [...plain, 'read-tree', ...(tip ? ['--end-of-options', tip] : ['--empty'])], {
        env,
      })
      const blob = async (text: string) =>
        (await this.git(dir, ['hash-object', '-w', '--no-filters', '--stdin'], { input: text })).stdout.trim()
      const fileBlob = await blob(added.body)
      const indexBlob = await blob(indexText)
      // Mode 0 removes a path from the index; --force-remove would want a work tree.
      const lines = [
        `100644 ${fileBlob}\t${added.file}\n`,
        `100644 ${indexBlob}\t${suite}/${INDEX}\n`,
        ...[...removed].map((file) => `0 ${'0'.repeat(40)}\t${file}\n`),
      ].join('')
      await this.git(dir, [...plain, 'update-index', '--index-info'], { env, input: lines })
      tree = (await this.git(dir, [...plain, 'write-tree'], { env })).stdout.trim()
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
    const identity = {
      GIT_AUTHOR_NAME: 'bench-action',
      GIT_AUTHOR_EMAIL: 'bench-action@users.noreply.github.com',
      GIT_COMMITTER_NAME: 'bench-action',
      GIT_COMMITTER_EMAIL: 'bench-action@users.noreply.github.com',
    }
    const message = `${suite}: results of ${added.entry.sha?.slice(0, 12) ?? 'a run'} on ${added.entry.branch}`
    const parents = tip ? ['-p', tip] : []
    return (
      await this.git(
        dir,
        ['commit-tree', '--no-gpg-sign', ...parents, '-m', message, '--end-of-options', tree],
        { env: identity },
      )
    ).stdout.trim()
  }

  /** Removes the private repository, if one was made, and any private ref a killed fetch left. */
  async close(): Promise<void> {
    if (!this.place) return
    const place = await this.place.catch(() => undefined)
    if (!place) return
    if (place.own) {
      await rm(place.dir, { recursive: true, force: true })
      return
    }
    const left = await this.git(place.dir, [
      'for-each-ref',
      '--format=%(refname)',
      '--end-of-options',
      `${PRIVATE_REFS}/${this.id}/`,
    ]).catch(() => ({ stdout: '' }))
    for (const ref of left.stdout.split('\n').filter((r) => r !== '')) {
      await this.git(place.dir, ['update-ref', '-d', '--end-of-options', ref]).catch(() => {})
    }
  }
}
