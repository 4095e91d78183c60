// The `dir` store: ResultSets as JSON files under a local directory (`.bench/` by default), keyed by
// suite, branch and commit. Every save is a new file, so nothing is ever overwritten.
import type { Dirent } from 'node:fs'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseResultSetText, type ResultSet, ResultsFormatError } from '../results.ts'
import { NO_BRANCH, type ResultStore, type StoredEntry } from './types.ts'

/** Branch names contain slashes; one directory per branch keeps listing cheap. */
export function branchKey(branch: string): string {
  return encodeURIComponent(branch).replace(/\./g, '%2E')
}

/** `20240501T120000123Z`: the time in UTC to the millisecond, whatever offset the timestamp was written with. */
function timestampKey(iso: string): string {
  const time = Date.parse(iso)
  if (!Number.isFinite(time))
    throw new ResultsFormatError(
      `createdAt ${JSON.stringify(iso)} is not a timestamp: it cannot name a stored run`,
    )
  return new Date(time).toISOString().replace(/[-:.]/g, '')
}

// Every part of a path the store writes comes from the results, and results may come from a stranger
// (docs/ARCHITECTURE.md#the-trust-boundary). The schema already holds suite names, timestamps and commits to their shapes; here,
// whatever reaches a path must still be one plain name, and the path must stay inside the store.
const SAFE_NAME = /^[A-Za-z0-9._~!*'()%-]+$/

function safeName(name: string, what: string): string {
  if (!SAFE_NAME.test(name) || /^\.+$/.test(name))
    throw new ResultsFormatError(
      `${what} ${JSON.stringify(name)} cannot name a file in the results store: use letters, digits, ".", "_" and "-"`,
    )
  return name
}

function fromTimestampKey(key: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(key)
  if (!m) return undefined
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7] ?? '000'}Z`
}

export class DirStore implements ResultStore {
  constructor(readonly root: string) {}

  private dirFor(suite: string, branch: string): string {
    return this.inside(path.join(safeName(suite, 'the suite'), safeName(branchKey(branch), 'the branch')))
  }

  /** The path of `relative` in the store, checked to stay below the store's root. */
  private inside(relative: string): string {
    const within = path.relative(path.resolve(this.root), path.resolve(this.root, relative))
    if (within === '' || within.split(path.sep)[0] === '..' || path.isAbsolute(within))
      throw new ResultsFormatError(`${relative} would be outside the results store ${this.root}`)
    return path.join(this.root, relative)
  }

  async save(results: ResultSet): Promise<string> {
    // Every name is checked before anything is written.
    const dir = this.dirFor(results.suite, results.commit.branch ?? NO_BRANCH)
    const sha = results.commit.sha?.slice(0, 12).toLowerCase() ?? 'nosha'
    const stem = `${timestampKey(results.createdAt)}-${sha}`
    if (!/^\d{8}T\d{9}Z-([0-9a-f]{1,12}|nosha)$/.test(stem))
      throw new ResultsFormatError(
        `the run of ${JSON.stringify(results.createdAt)} at commit ${JSON.stringify(results.commit.sha)} cannot name a file in the results store: it needs an ISO-8601 time and a hex commit hash`,
      )
    await mkdir(dir, { recursive: true })
    // The store usually sits in a work tree: keep it out of `git add -A` and so out of checkouts.
    const ignore = path.join(this.root, '.gitignore')
    if (!(await exists(ignore))) await writeFile(ignore, '# bench-action results store\n*\n')
    let file = path.join(dir, `${stem}.json`)
    for (let i = 1; await exists(file); i++) file = path.join(dir, `${stem}-${i}.json`)
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`
    await writeFile(tmp, `${JSON.stringify(results, null, 2)}\n`)
    await rename(tmp, file)
    return file
  }

  /** Entries for one suite and branch, newest first. */
  async list(suite: string, branch: string): Promise<StoredEntry[]> {
    const dir = this.dirFor(suite, branch)
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      return []
    }
    const entries: StoredEntry[] = []
    for (const name of names) {
      const m = /^(\d{8}T\d{6}\d{0,3}Z)-([0-9a-f]+|nosha)(?:-\d+)?\.json$/.exec(name)
      if (!m) continue
      const createdAt = fromTimestampKey(m[1]!)
      if (!createdAt) continue
      entries.push({
        path: path.join(dir, name),
        suite,
        branch,
        sha: m[2] === 'nosha' ? undefined : m[2],
        createdAt,
      })
    }
    return entries.sort((a, b) => (a.path < b.path ? 1 : a.path > b.path ? -1 : 0))
  }

  /** The suites with a folder in the store. */
  async suites(): Promise<string[]> {
    let entries: Dirent[]
    try {
      entries = await readdir(this.root, { withFileTypes: true })
    } catch {
      return []
    }
    return entries
      .filter((e) => e.isDirectory() && SAFE_NAME.test(e.name) && !/^\.+$/.test(e.name))
      .map((e) => e.name)
      .sort()
  }

  async load(entry: StoredEntry | string): Promise<ResultSet> {
    const file = typeof entry === 'string' ? entry : entry.path
    return parseResultSetText(await readFile(file, 'utf8'), file)
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await readFile(file)
    return true
  } catch {
    return false
  }
}

export function entryMatchesSha(entry: StoredEntry, sha: string | undefined): boolean {
  return sha !== undefined && entry.sha !== undefined && sha.startsWith(entry.sha)
}
