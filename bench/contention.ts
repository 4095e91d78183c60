// What a busy machine looks like to the contention record (Linux): one suite — CPU-bound process
// benchmarks of 50 ms and 2 ms, a process that sleeps 20 ms, a wall-clock runner and a scaling sweep at
// 1 and 2 threads — measured on a quiet machine,
// beside one busy loop and beside four (`sh -c 'while :; do :; done'`). For each load level it prints
// every benchmark's signals: load average at start and end, steal, all CPUs' busy share and the share
// other programs used, wall ÷ CPU time, involuntary switches per run, the median time, and which rules
// of CONTENTION_RULE fire. BENCH_SETTLE_S (default 20) is how long each level's load runs before
// measuring, so the 1-minute load average has time to move.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { parseConfig } from '../src/config/index.ts'
import { contentionReasons } from '../src/measure/contention.ts'
import type { BenchmarkResult } from '../src/results.ts'
import { planCases } from '../src/run/plan.ts'
import { measureSuite } from '../src/schedule/index.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 20)
const LEVELS = [0, 1, 4]

function startHogs(n: number): ChildProcess[] {
  return Array.from({ length: n }, () =>
    spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore', detached: false }),
  )
}

async function stopHogs(hogs: ChildProcess[]): Promise<void> {
  await Promise.all(
    hogs.map(
      (h) =>
        new Promise<void>((resolve) => {
          if (h.exitCode !== null || h.signalCode !== null) return resolve()
          h.once('exit', () => resolve())
          h.kill('SIGKILL')
        }),
    ),
  )
}

function headlineTime(r: BenchmarkResult): string {
  const [name, metric] = r.metrics.wall
    ? ['wall', r.metrics.wall]
    : r.metrics.time
      ? ['time', r.metrics.time]
      : ['throughput', r.metrics.throughput]
  const samples = metric?.samples ?? []
  if (samples.length === 0) return ''
  const m = median(samples)
  return name === 'throughput' ? `${(m / 1e6).toFixed(1)} M ops/s` : `${name} ${(m / 1e6).toFixed(2)} ms`
}

function row(r: BenchmarkResult): string {
  const c = r.contention
  if (!c)
    return `  ${r.id.padEnd(22)} no contention record (${r.status}${r.error ? `: ${r.error.message}` : ''})`
  const cells = [
    `load ${c.loadAverage.start.toFixed(2)}→${c.loadAverage.end.toFixed(2)}`,
    `steal ${c.stealPercent.toFixed(1)}%`,
    `busy ${c.busyPercent.toFixed(0)}%`,
    `others ${c.otherBusyPercent.toFixed(0)}%`,
    `pressure ${c.cpuPressurePercent?.toFixed(0) ?? '—'}%`,
    `wall/cpu ${c.wallCpuRatio?.toFixed(2) ?? '—'}`,
    `nivcsw/run ${c.involuntaryCsPerRun ?? '—'}`,
    `window ${(c.windowMs / 1000).toFixed(1)} s`,
    headlineTime(r),
  ]
  const reasons = contentionReasons(c)
  return `  ${r.id.padEnd(22)} ${cells.join('  ')}  → ${reasons.length > 0 ? `contended (${reasons.join(', ')})` : 'quiet'}`
}

export async function benchContention(): Promise<void> {
  if (process.platform !== 'linux') {
    console.log('\ncontention: Linux only, skipped')
    return
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-contention-'))
  const hogs: ChildProcess[] = []
  try {
    const probe = path.join(dir, 'probe')
    const runner = path.join(dir, 'rebar_runner')
    const counters = path.join(dir, 'counters')
    await run('cc', ['-O2', '-o', probe, path.join(root, '__tests__', 'programs', 'probe.c')])
    await run('cc', ['-O2', '-o', runner, path.join(root, '__tests__', 'programs', 'rebar_runner.c')])
    await run('cc', [
      '-O2',
      '-pthread',
      '-o',
      counters,
      path.join(root, 'examples', 'c-scaling', 'counters.c'),
      `-I${path.join(root, 'runners', 'c')}`,
    ])
    const text = Array.from({ length: 4096 }, (_, i) =>
      i % 64 === 0 ? 'needle found ' : 'hay in stack ',
    ).join('')
    await writeFile(path.join(dir, 'haystack.txt'), text.slice(0, 65536))
    const yaml = `
suite: contention
benchmarks:
  - name: burn
    kind: process
    command: [${JSON.stringify(probe)}, burn, "50"]
    runs: 30
    warmup: 2
  - name: burn-short
    kind: process
    command: [${JSON.stringify(probe)}, burn, "2"]
    runs: 100
    warmup: 2
  - name: sleep
    kind: process
    command: [${JSON.stringify(probe)}, sleep, "20"]
    runs: 20
    warmup: 1
  - name: search
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: needle, haystack: { path: haystack.txt } }
    params: { passes: 20 }
    count: 64
    runs: 200
    warmup: 3
  - name: counters
    kind: scaling
    command: [${JSON.stringify(counters)}, --bench, uncoordinated, "-t={threads}", "-d=0.1"]
    format: csb
    threads: [1, 2]
    runs: 10
    warmup: 1
`
    const cases = planCases(parseConfig(yaml, path.join(dir, 'bench.yml')))
    console.log(
      `\ncontention signals; machine: ${os.cpus()[0]?.model} × ${os.availableParallelism()}, ` +
        `each load level settles ${SETTLE_S} s before measuring`,
    )
    for (const level of LEVELS) {
      await stopHogs(hogs.splice(0))
      hogs.push(...startHogs(level))
      await sleep(SETTLE_S * 1000)
      const results = await measureSuite(cases)
      console.log(`${level === 0 ? 'no busy loop' : `${level} busy loop${level === 1 ? '' : 's'}`}:`)
      for (const r of results) console.log(row(r))
    }
  } finally {
    await stopHogs(hogs)
    await rm(dir, { recursive: true, force: true })
  }
}
