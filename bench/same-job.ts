// Same-job A/B: how much interleaving base and head run by run buys over measuring one after the
// other, for a ~20 ms process on this machine. Each scenario is COMPARISONS comparisons of RUNS base
// runs against RUNS head runs, scheduled both ways:
//
//   interleaved  base and head alternate run by run in blocks of random order; paired analysis
//                (Wilcoxon signed-rank, bootstrap interval of the median paired ratio)
//   sequential   every base run, then every head run, as two separate measurements are; unpaired
//                analysis (Mann–Whitney U, bootstrap interval of the ratio of medians)
//
// Scenarios: A/A (the same program on both sides), a 5% slowdown (WORK_SCALE=1.05 on head), and A/A
// while a CPU hog spins on one core during the second half of each comparison's runs.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median, medianAbsoluteDeviation } from 'simple-statistics'
import { compareBenchmark } from '../src/compare.ts'
import { measureSameJob, type SameJobOrder } from '../src/measure/index.ts'
import { measureProcess } from '../src/measure/process.ts'
import type { ProcessCase } from '../src/plan-types.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const COMPARISONS = Number(process.env.BENCH_COMPARISONS ?? 20)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const WARMUP = 2
/** Detecting a 5% slowdown needs a threshold below 5%: a change exactly at it is estimated above it half the time. */
const THRESHOLD = Number(process.env.BENCH_THRESHOLD ?? 0.02)
const ALPHA = 0.01

function processCase(command: string[], env: Record<string, string> = {}): ProcessCase {
  return {
    kind: 'process',
    id: 'work',
    name: 'work',
    parameters: {},
    command,
    cwd: root,
    env,
    runs: RUNS,
    warmup: WARMUP,
    timeoutMs: 60_000,
    gate: { metrics: ['wall'], threshold: THRESHOLD, alpha: ALPHA },
  }
}

interface Tally {
  verdicts: Record<string, number>
  widths: number[]
  changes: number[]
  /** Per comparison: the spread (MAD) of the changes within neighbouring base/head pairs. */
  pairSpreads: number[]
}

/** A busy loop on one core, started and stopped around part of a comparison. */
class Hog {
  private child?: ChildProcess
  start() {
    if (!this.child) this.child = spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' })
  }
  stop() {
    this.child?.kill('SIGKILL')
    this.child = undefined
  }
}

async function scenario(
  command: string[],
  headEnv: Record<string, string>,
  order: SameJobOrder,
  hog: boolean,
): Promise<Tally> {
  const tally: Tally = { verdicts: {}, widths: [], changes: [], pairSpreads: [] }
  for (let i = 0; i < COMPARISONS; i++) {
    const h = new Hog()
    const total = 2 * (RUNS + WARMUP)
    const done = { base: 0, head: 0 }
    const progress = (side: 'base' | 'head') => (_: unknown, n: number) => {
      done[side] = n
      if (hog && done.base + done.head >= total / 2) h.start()
    }
    try {
      const m = await measureSameJob([processCase(command)], [processCase(command, headEnv)], {
        order,
        seed: `comparison ${i}`,
        onBaseProgress: progress('base'),
        onProgress: progress('head'),
      })
      const c = compareBenchmark(m.base[0], m.head[0]!, false, undefined, false, m.pairs.work)
      const wall = c.metrics.find((x) => x.metric === 'wall')
      tally.verdicts[c.verdict] = (tally.verdicts[c.verdict] ?? 0) + 1
      if (wall?.ci) tally.widths.push(wall.ci[1] - wall.ci[0])
      if (wall) tally.changes.push(wall.change)
      // How noisy the machine was: neighbouring runs in time (a sequential run's k-th base and head
      // runs are far apart, so its spread is taken over the same indices for comparison).
      const base = m.base[0]?.metrics.wall?.samples ?? []
      const head = m.head[0]?.metrics.wall?.samples ?? []
      const changes = base.slice(0, head.length).map((b, k) => head[k]! / b - 1)
      if (changes.length > 0) tally.pairSpreads.push(medianAbsoluteDeviation(changes))
    } finally {
      h.stop()
    }
  }
  return tally
}

const alarms = (t: Tally) => (t.verdicts.regression ?? 0) + (t.verdicts.improvement ?? 0)
const pct = (x: number) => `${(x * 100).toFixed(2)}%`
const list = (t: Tally) =>
  Object.entries(t.verdicts)
    .map(([v, n]) => `${v} ${n}`)
    .join(', ')

export async function benchSameJob(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-ab-'))
  try {
    const work = path.join(dir, 'work')
    await run('cc', ['-O2', '-o', work, path.join(root, 'examples/process/work.c')])
    const probe = await measureProcess({ ...processCase([work, 'hash', '4000000']), runs: 9 })
    const perMillion = median(probe.metrics.wall!.samples!) / 4
    const n = String(Math.max(1, Math.round((20e6 / perMillion) * 1e6)))
    const command = [work, 'hash', n]

    console.log(
      `\nsame-job A/B, ~20 ms program (work hash ${n}): ${COMPARISONS} comparisons of ${RUNS} base against ` +
        `${RUNS} head runs (threshold ${pct(THRESHOLD)}, α = ${ALPHA})`,
    )
    console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}`)
    const rows: Array<[string, Tally, Tally]> = []
    for (const [label, env, hog] of [
      ['A/A', {}, false],
      ['5% slowdown (WORK_SCALE=1.05)', { WORK_SCALE: '1.05' }, false],
      ['A/A, CPU hog on one core for the second half', {}, true],
    ] as const) {
      const interleaved = await scenario(command, env, 'interleaved', hog)
      const sequential = await scenario(command, env, 'sequential', hog)
      rows.push([label, interleaved, sequential])
      console.log(`  ${label}`)
      console.log(
        `    interleaved: ${list(interleaved)}; median change ${pct(median(interleaved.changes))}, median CI width ${pct(median(interleaved.widths))}, pair spread (MAD) ${pct(median(interleaved.pairSpreads))}`,
      )
      console.log(
        `    sequential:  ${list(sequential)}; median change ${pct(median(sequential.changes))}, median CI width ${pct(median(sequential.widths))}, k-th run spread (MAD) ${pct(median(sequential.pairSpreads))}`,
      )
    }
    const [aa, slow, hogged] = rows
    console.log('\nsummary                                           interleaved   sequential')
    const line = (label: string, a: string, b: string) =>
      console.log(`  ${label.padEnd(48)}${a.padEnd(14)}${b}`)
    line(
      'A/A false alarms (goal 0 interleaved)',
      `${alarms(aa![1])}/${COMPARISONS}`,
      `${alarms(aa![2])}/${COMPARISONS}`,
    )
    line(
      '5% slowdown detected (goal ≥ 19/20)',
      `${slow![1].verdicts.regression ?? 0}/${COMPARISONS}`,
      `${slow![2].verdicts.regression ?? 0}/${COMPARISONS}`,
    )
    line(
      'median CI width, A/A and 5%',
      `${pct(median([...aa![1].widths, ...slow![1].widths]))}`,
      `${pct(median([...aa![2].widths, ...slow![2].widths]))}`,
    )
    line(
      'A/A false alarms with a CPU hog half the time',
      `${alarms(hogged![1])}/${COMPARISONS}`,
      `${alarms(hogged![2])}/${COMPARISONS}`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
