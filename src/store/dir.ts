// The `dir` store: ResultSets as JSON files under a local directory (`.bench/` by default), keyed by
// suite, branch and commit. Every save is a new file, so nothing is ever overwritten.
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseResultSetText, type ResultSet } from '../results.ts'

export interface StoredEntry {
  path: string
  suite: string
  branch: string
  sha?: string
  createdAt: string
}

const NO_BRANCH = 'detached-head'

/** Branch names contain slashes; one directory per branch keeps listing cheap. */
export function branchKey(branch: string): string {
  return encodeURIComponent(branch).replace(/\./g, '%2E')
}

function timestampKey(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.(\d{3})\d*Z$/, '$1Z')
}

function fromTimestampKey(key: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(key)
  if (!m) return undefined
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7] ?? '000'}Z`
}

export class DirStore {
  constructor(readonly root: string) {}

  private dirFor(suite: string, branch: string): string {
    return path.join(this.root, suite, branchKey(branch))
  }

  async save(results: ResultSet): Promise<string> {
    const dir = this.dirFor(results.suite, results.commit.branch ?? NO_BRANCH)
    await mkdir(dir, { recursive: true })
    // The store usually sits in a work tree: keep it out of `git add -A` and so out of checkouts.
    const ignore = path.join(this.root, '.gitignore')
    if (!(await exists(ignore))) await writeFile(ignore, '# bench-action results store\n*\n')
    const sha = results.commit.sha?.slice(0, 12) ?? 'nosha'
    let file = path.join(dir, `${timestampKey(results.createdAt)}-${sha}.json`)
    for (let i = 1; await exists(file); i++)
      file = path.join(dir, `${timestampKey(results.createdAt)}-${sha}-${i}.json`)
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
