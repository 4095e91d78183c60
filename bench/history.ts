// The history of a long-lived suite: a data branch holding 10,000 runs of main (six benchmarks, 20
// samples each where timed, shifts at known commits), read by a fresh git store as a new job would,
// series and change points built, and the trend site written. Goal: the runs load in under 5 s.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { okBenchmark, resultSetOf } from '../__tests__/support/helpers.ts'
import { readHistories, writeSite } from '../src/history/index.ts'
import { buildHistory } from '../src/history/series.ts'
import type { ResultSet } from '../src/results.ts'
import { SeededRandom } from '../src/stats/random.ts'
import { GitStore } from '../src/store/git.ts'
import { writeDataBranch } from './data-branch.ts'

const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 10_000)

function samples(random: SeededRandom, center: number, n = 20): number[] {
  return Array.from(
    { length: n },
    () => center * (1 + 0.03 * (random.nextFloat() - 0.5)) * (random.nextFloat() < 0.03 ? 1.3 : 1),
  )
}

/** Run i of main: `parse` steps up 10% at 40% of the history, `render` ramps 15% over 200 commits. */
function run(i: number, random: SeededRandom): ResultSet {
  const parse = 2e6 * (i >= RUNS * 0.4 ? 1.1 : 1)
  const ramp = Math.min(1, Math.max(0, (i - RUNS * 0.7) / 200))
  const render = 5e6 * (1 + 0.15 * ramp)
  const instructions = 1_000_000 + (i >= RUNS * 0.55 ? 30_000 : 0)
  const timed = (name: string, center: number) => ({
    ...okBenchmark(
      { wall: { unit: 'ns', direction: 'lower', samples: samples(random, center) } },
      ['wall'],
      'process',
    ),
    id: name,
    name,
  })
  return resultSetOf(
    'long',
    { branch: 'main', sha: (i + 1).toString(16).padStart(40, '0') },
    new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    [
      timed('parse', parse),
      timed('render', render),
      timed('start-up', 4e5),
      timed('sort', 3e7),
      timed('hash', 6e6),
      {
        ...okBenchmark(
          { ir: { unit: 'instructions', direction: 'lower', value: instructions } },
          ['ir'],
          'instructions',
        ),
        id: 'parse instructions',
        name: 'parse instructions',
        gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
      },
    ],
  )
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6
}

export async function benchHistory(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-history-'))
  try {
    const random = new SeededRandom('history')
    const runs = Array.from({ length: RUNS }, (_, i) => run(i, random))
    const remote = path.join(dir, 'remote.git')
    await writeDataBranch(remote, runs)
    console.log(
      `\nhistory: ${RUNS.toLocaleString('en-US')} runs of 6 benchmarks on main in a git data branch`,
    )
    const loads: number[] = []
    let histories: Awaited<ReturnType<typeof readHistories>> = []
    for (let trial = 0; trial < 3; trial++) {
      const store = new GitStore({ remote, cwd: dir })
      const start = process.hrtime.bigint()
      histories = await readHistories({ store, branch: 'main', suites: ['long'] })
      loads.push(ms(start))
      await store.close()
    }
    const history = histories[0]!
    if (history.runs !== RUNS) throw new Error(`read ${history.runs} runs, expected ${RUNS}`)
    console.log(
      `  read, validated and change points found: ${Math.min(...loads).toFixed(0)} ms (best of 3: ${loads.map((t) => t.toFixed(0)).join(', ')} ms; goal < 5000 ms, fetch included)`,
    )
    const builds: number[] = []
    for (let trial = 0; trial < 3; trial++) {
      const start = process.hrtime.bigint()
      buildHistory('long', 'main', runs)
      builds.push(ms(start))
    }
    console.log(`  of which series and change points: ${Math.min(...builds).toFixed(0)} ms (best of 3)`)
    const start = process.hrtime.bigint()
    const out = path.join(dir, 'site')
    const files = await writeSite(out, histories, { version: 'bench' })
    const siteMs = ms(start)
    const pages = (await readdir(out, { recursive: true })).filter((f) => String(f).endsWith('.html')).length
    console.log(`  trend site: ${files.length} pages (${pages} on disk) written in ${siteMs.toFixed(0)} ms`)
    for (const s of history.series)
      console.log(
        `  ${s.benchmark.padEnd(18)} ${s.metric.padEnd(5)} change points at ${s.changes.map((c) => (c.from === c.to ? `${c.index}` : `${c.from}…${c.to}`)).join(', ') || 'none'}`,
      )
    console.log(
      `  (shifts put in: parse +10% at ${RUNS * 0.4}, render +15% ramp over ${RUNS * 0.7}…${RUNS * 0.7 + 200}, parse instructions +3% at ${RUNS * 0.55}; others none)`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
