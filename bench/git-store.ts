// The git store with a long history: a data branch holding 10,000 runs of one suite (written in one
// go with git fast-import), then a fresh store — as a new job would — finding the newest run of a
// branch and loading it. Goal: under 1 s, fetch included.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { resultSetOf } from '../__tests__/support/helpers.ts'
import type { ResultSet } from '../src/results.ts'
import { GitStore } from '../src/store/git.ts'
import { writeDataBranch } from './data-branch.ts'

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
    await writeDataBranch(
      remote,
      Array.from({ length: ENTRIES }, (_, i) => results(i)),
    )
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
