// The git store with a long history: a data branch holding 10,000 runs of one suite (written in one
// go with git fast-import), then a fresh store — as a new job would — finding the newest run of a
// branch and loading it. Goal: under 1 s, fetch included.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { resultSetOf } from '../__tests__/helpers.ts'
import type { ResultSet } from '../src/results.ts'
import { GitStore } from '../src/store/git.ts'

const run = promisify(execFile)
const ENTRIES = Number(process.env.BENCH_GIT_ENTRIES ?? 10_000)

function results(i: number): ResultSet {
  return resultSetOf(
    'long',
    { branch: i % 10 === 0 ? 'main' : `feature-${i % 97}`, sha: i.toString(16).padStart(40, '0') },
    new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  )
}

export async function benchGitStore(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-git-store-'))
  try {
    const remote = path.join(dir, 'remote.git')
    await run('git', ['init', '--quiet', '--bare', remote])
    // The layout GitStore writes, made in one fast-import stream.
    const entries = Array.from({ length: ENTRIES }, (_, i) => results(i))
    const files = entries.map((r) => {
      const stamp = r.createdAt.replace(/[-:]/g, '').replace(/\.(\d{3})\d*Z$/, '$1Z')
      return {
        path: `long/${encodeURIComponent(r.commit.branch!)}/${stamp}-${r.commit.sha!.slice(0, 12)}.json`,
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
      { path: 'long/index.json', text: `${JSON.stringify(index)}\n` },
    ]
    let stream = 'commit refs/heads/bench-data\ncommitter bench <bench@invalid> 0 +0000\ndata 4\nfill\n'
    for (const b of blobs)
      stream += `M 100644 inline ${b.path}\ndata ${Buffer.byteLength(b.text)}\n${b.text}\n`
    await new Promise<void>((resolve, reject) => {
      const child = execFile('git', ['fast-import', '--quiet'], { cwd: remote }, (e) =>
        e ? reject(e) : resolve(),
      )
      child.stdin?.end(stream)
    })
    const times: number[] = []
    for (let trial = 0; trial < 3; trial++) {
      const start = process.hrtime.bigint()
      const store = new GitStore({ remote, cwd: dir })
      const [newest] = await store.list('long', 'main')
      const loaded = await store.load(newest!)
      times.push(Number(process.hrtime.bigint() - start) / 1e6)
      if (loaded.commit.branch !== 'main') throw new Error('loaded the wrong run')
      await store.close()
    }
    console.log(
      `\ngit store: a data branch of ${ENTRIES.toLocaleString('en-US')} runs, a new store finds and loads the newest on main`,
    )
    console.log(
      `  ${Math.min(...times).toFixed(0)} ms (best of 3: ${times.map((t) => t.toFixed(0)).join(', ')} ms; goal < 1000 ms, fetch included)`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
