// A data branch holding many runs, written in one git fast-import stream in the layout the git store
// writes (SUITE/BRANCH/STAMP-SHA.json and SUITE/index.json): long histories for the store's benchmarks.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { ResultSet } from '../src/results.ts'

const run = promisify(execFile)

/** A bare repository at `remote` whose bench-data branch holds `runs` (of one suite). */
export async function writeDataBranch(remote: string, runs: readonly ResultSet[]): Promise<void> {
  await run('git', ['init', '--quiet', '--bare', remote])
  const suite = runs[0]!.suite
  const files = runs.map((r) => {
    const stamp = r.createdAt.replace(/[-:]/g, '').replace(/\.(\d{3})\d*Z$/, '$1Z')
    return {
      path: `${suite}/${encodeURIComponent(r.commit.branch!)}/${stamp}-${r.commit.sha!.slice(0, 12)}.json`,
      r,
    }
  })
  const index = {
    version: 1,
    entries: files.map((f) => ({
      branch: f.r.commit.branch,
      sha: f.r.commit.sha,
      createdAt: f.r.createdAt,
      path: f.path,
    })),
  }
  const blobs = [
    ...files.map((f) => ({ path: f.path, text: `${JSON.stringify(f.r)}\n` })),
    { path: `${suite}/index.json`, text: `${JSON.stringify(index)}\n` },
  ]
  const parts = ['commit refs/heads/bench-data\ncommitter bench <bench@invalid> 0 +0000\ndata 4\nfill\n']
  for (const b of blobs)
    parts.push(`M 100644 inline ${b.path}\ndata ${Buffer.byteLength(b.text)}\n${b.text}\n`)
  await new Promise<void>((resolve, reject) => {
    const child = execFile('git', ['fast-import', '--quiet'], { cwd: remote, maxBuffer: 1 << 26 }, (e) =>
      e ? reject(e) : resolve(),
    )
    child.stdin?.end(parts.join(''))
  })
}
