// The process kind: how bench-action's process measurement compares with hyperfine in one run on this
// machine, and how often its verdict is wrong.
//
//   1. /bin/true and a ~20 ms program, 200 runs each, through bench-action's exec helper and through
//      `hyperfine -N`, alternating tools over several trials: medians, their ratio, and the per-run
//      harness overhead (elapsed ÷ runs − median) of both.
//   2. A/A: the same command compared with itself 20 times (goal: 0 false alarms).
//   3. A 10% slowdown compared 20 times (goal: detected at least 19 times).
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { compareBenchmark } from '../src/compare/index.ts'
import { measureProcess } from '../src/kinds/process/measure.ts'
import type { ProcessCase } from '../src/kinds/process/plan.ts'
import type { DriftRun } from '../src/stats/index.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const RUNS = 200
const TRIALS = Number(process.env.BENCH_TRIALS ?? 5)
const COMPARISONS = Number(process.env.BENCH_COMPARISONS ?? 20)

function processCase(
  command: string[],
  runs: number,
  warmup: number,
  env: Record<string, string> = {},
): ProcessCase {
  return {
    kind: 'process',
    id: command.join(' '),
    name: command.join(' '),
    parameters: {},
    command,
    cwd: root,
    env,
    runs,
    warmup,
    timeoutMs: 60_000,
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
  }
}

interface ToolRun {
  medianNs: number
  elapsedNs: number
  sumNs: number
}

async function ours(command: string[]): Promise<ToolRun> {
  const start = process.hrtime.bigint()
  const result = await measureProcess(processCase(command, RUNS, 0))
  const elapsedNs = Number(process.hrtime.bigint() - start)
  if (result.status !== 'ok')
    throw new Error(`bench-action failed on ${command.join(' ')}: ${result.error?.message}`)
  const samples = result.metrics.wall!.samples!
  return { medianNs: median(samples), elapsedNs, sumNs: samples.reduce((a, b) => a + b, 0) }
}

async function hyperfine(command: string[], dir: string): Promise<ToolRun> {
  const out = path.join(dir, 'hyperfine.json')
  const start = process.hrtime.bigint()
  await run(
    'hyperfine',
    ['-N', '--runs', String(RUNS), '--style', 'none', '--export-json', out, command.join(' ')],
    {
      cwd: root,
    },
  )
  const elapsedNs = Number(process.hrtime.bigint() - start)
  const json = JSON.parse(await readFile(out, 'utf8')) as { results: Array<{ times: number[] }> }
  const times = json.results[0]!.times.map((s) => s * 1e9)
  return { medianNs: median(times), elapsedNs, sumNs: times.reduce((a, b) => a + b, 0) }
}

const us = (ns: number) => `${(ns / 1e3).toFixed(1)} µs`
const ms = (ns: number) => `${(ns / 1e6).toFixed(3)} ms`

async function headToHead(label: string, command: string[], dir: string, fmt: (ns: number) => string) {
  const a: ToolRun[] = []
  const b: ToolRun[] = []
  for (let t = 0; t < TRIALS; t++) {
    // Alternate which tool goes first, so drift on a shared machine falls on both.
    if (t % 2 === 0) {
      a.push(await ours(command))
      b.push(await hyperfine(command, dir))
    } else {
      b.push(await hyperfine(command, dir))
      a.push(await ours(command))
    }
  }
  const summarise = (runs: ToolRun[]) => ({
    median: median(runs.map((r) => r.medianNs)),
    overhead: median(runs.map((r) => r.elapsedNs / RUNS - r.medianNs)),
    outside: median(runs.map((r) => (r.elapsedNs - r.sumNs) / RUNS)),
  })
  const o = summarise(a)
  const h = summarise(b)
  console.log(`\n${label}: ${RUNS} runs × ${TRIALS} trials (median over trials)`)
  console.log(
    `  median wall          bench-action ${fmt(o.median)}   hyperfine -N ${fmt(h.median)}   ratio ${(o.median / h.median).toFixed(3)}`,
  )
  console.log(
    `  overhead per run     bench-action ${us(o.overhead)}   hyperfine -N ${us(h.overhead)}   (elapsed ÷ runs − median)`,
  )
  console.log(
    `  outside timing/run   bench-action ${us(o.outside)}   hyperfine -N ${us(h.outside)}   ((elapsed − Σ wall) ÷ runs)`,
  )
  return { median: o.median <= h.median, overhead: o.overhead <= h.overhead }
}

/** Runs kept as history, as the store would hold them for the baseline's branch. */
const HISTORY = 5

/**
 * Compares head with base, measured one after the other as a stored baseline and a new run are, and
 * decides twice: on the two runs alone, and as the pipeline does with the run-to-run noise of the last
 * HISTORY base runs (from the third comparison on, once three are stored).
 */
async function verdicts(label: string, command: string[], headEnv: Record<string, string>) {
  const plain: Record<string, number> = {}
  const withNoise: Record<string, number> = {}
  const bases: DriftRun[] = []
  for (let i = 0; i < COMPARISONS; i++) {
    const base = await measureProcess(processCase(command, 20, 2))
    const head = await measureProcess(processCase(command, 20, 2, headEnv))
    // One commit measured again and again: every stored run is of the same code.
    bases.push({ center: median(base.metrics.wall!.samples!), sha: 'b', createdAt: new Date().toISOString() })
    // Compared as the pipeline compares a stored baseline: across moments.
    const a = compareBenchmark(base, head, { acrossMoments: true }).verdict
    const history = new Map([['wall', bases.slice(-HISTORY)]])
    const b = compareBenchmark(base, head, { history, acrossMoments: true }).verdict
    plain[a] = (plain[a] ?? 0) + 1
    withNoise[b] = (withNoise[b] ?? 0) + 1
  }
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([v, n]) => `${v} ${n}`)
      .join(', ')
  console.log(`  ${label}:`)
  console.log(`    two runs alone:                          ${list(plain)}`)
  console.log(`    with the drift of ${HISTORY} stored runs:: ${list(withNoise)}`)
  return { plain, withNoise }
}

export async function benchProcess(): Promise<void> {
  try {
    await run('hyperfine', ['--version'])
  } catch {
    console.error('hyperfine is not installed; on Debian or Ubuntu: sudo apt-get install hyperfine')
    process.exitCode = 2
    return
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-bench-'))
  try {
    const work = path.join(dir, 'work')
    await run('cc', ['-O2', '-o', work, path.join(root, 'examples/process/work.c')])
    // Calibrate the program to about 20 ms on this machine.
    const probe = await measureProcess(processCase([work, 'hash', '4000000'], 9, 2))
    const perMillion = median(probe.metrics.wall!.samples!) / 4
    const n = String(Math.max(1, Math.round((20e6 / perMillion) * 1e6)))
    const twentyMs = [work, 'hash', n]

    console.log(
      `bench-action process measurement vs hyperfine ${(await run('hyperfine', ['--version'])).stdout.trim()}`,
    )
    console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, ${os.type()} ${os.release()}`)
    const t = await headToHead('/bin/true', ['/bin/true'], dir, us)
    const w = await headToHead(`~20 ms program (work hash ${n})`, twentyMs, dir, ms)

    console.log(
      `\nverdicts over ${COMPARISONS} comparisons of 20 runs against 20 runs (threshold 5%, α = 0.01), ~20 ms program:`,
    )
    const aa = await verdicts('A/A (same command)', twentyMs, {})
    const slow = await verdicts('10% slowdown (WORK_SCALE=1.1)', twentyMs, { WORK_SCALE: '1.1' })
    const alarms = (c: Record<string, number>) => (c.regression ?? 0) + (c.improvement ?? 0)

    console.log('\nsummary')
    console.log(
      `  median ≤ hyperfine's:   /bin/true ${t.median ? 'yes' : 'no'}, 20 ms ${w.median ? 'yes' : 'no'}`,
    )
    console.log(
      `  overhead ≤ hyperfine's: /bin/true ${t.overhead ? 'yes' : 'no'}, 20 ms ${w.overhead ? 'yes' : 'no'}`,
    )
    console.log(
      `  A/A false alarms: ${alarms(aa.plain)}/${COMPARISONS} on two runs alone, ` +
        `${alarms(aa.withNoise)}/${COMPARISONS} with run-to-run noise (goal 0)`,
    )
    console.log(
      `  10% slowdown detected: ${slow.plain.regression ?? 0}/${COMPARISONS} on two runs alone, ` +
        `${slow.withNoise.regression ?? 0}/${COMPARISONS} with run-to-run noise (goal ≥ ${COMPARISONS - 1})`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
