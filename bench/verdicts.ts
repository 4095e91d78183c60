// Verdicts on real measurements: the speed claims the unit tests no longer assert (a test must pass
// with a CPU hog beside it, so it checks the same machinery on numbers computed by
// __tests__/programs/model_runner.c), measured here on this machine's real, drifting timings.
//
//   1. Scaling of examples/c-scaling's counters, CSB's line at 1 and 2 threads, rounds interleaved:
//      uncoordinated counters scale (goal: speedup ≥ 1.7 on an idle 2-core machine), the shared atomic
//      scales less, and a mutex around the increment does not. Runs whose spinning threads did not get
//      their CPUs (another process took them) are counted and shown.
//   2. Two copies of the counters through the exec helper, their throughput summed (goal ≥ 1.7×).
//   3. Same job: the counters' runner against the mutex-serialised one, COMPARISONS times: the head
//      regresses at 2 threads (goal: every time) and not at 1 (goal: never).
//   4. Same job, wall-clock: __tests__/programs/rebar_runner.c doing 10% more passes on head among two
//      unchanged benchmarks, COMPARISONS times: found every time, no false alarm.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { compareResults } from '../src/compare/index.ts'
import { parseConfig } from '../src/config/index.ts'
import { csbThroughput, parseCsbLine } from '../src/import/formats/csb.ts'
import type { BenchmarkResult, ResultSet } from '../src/results.ts'
import { planCases } from '../src/run/plan.ts'
import { measureSameJob, measureSuite } from '../src/schedule/index.ts'
import { benchResultSet } from './result-set.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const COMPARISONS = Number(process.env.BENCH_COMPARISONS ?? 10)

const resultSet = (benchmarks: BenchmarkResult[]): ResultSet =>
  benchResultSet('verdicts', 'bench', benchmarks)

function tally(verdicts: string[]): string {
  const counts = new Map<string, number>()
  for (const v of verdicts) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].map(([v, n]) => `${v} ${n}`).join(', ')
}

async function csbScaling(counters: string, serialised: string): Promise<void> {
  const cases = [
    { label: 'uncoordinated', binary: counters, bench: 'uncoordinated' },
    { label: 'atomic', binary: counters, bench: 'atomic' },
    { label: 'serialised (mutex)', binary: serialised, bench: 'uncoordinated' },
  ]
  const rates = new Map<string, number[]>()
  let busy = 0
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      for (const threads of [1, 2]) {
        const { stdout } = await run(c.binary, ['--bench', c.bench, `-t=${threads}`, '-d=0.3'])
        const fields = parseCsbLine(stdout)
        const cpu = Number(fields.get('usr_time')) + Number(fields.get('sys_time'))
        if (c.label !== 'serialised (mutex)' && cpu < 0.85 * Number(fields.get('duration_max_ms')) * threads)
          busy++
        const key = `${c.label}/${threads}`
        rates.set(key, [...(rates.get(key) ?? []), csbThroughput(fields)])
      }
    }
  }
  const rate = (label: string, threads: number) => median(rates.get(`${label}/${threads}`)!)
  console.log(`\nscaling of the counters (CSB line, 0.3 s runs, median of ${ROUNDS} interleaved rounds)`)
  for (const c of cases) {
    const [one, two] = [rate(c.label, 1), rate(c.label, 2)]
    console.log(
      `  ${c.label.padEnd(20)} ${(one / 1e6).toFixed(1)} → ${(two / 1e6).toFixed(1)} M ops/s, speedup ${(two / one).toFixed(2)}`,
    )
  }
  const speedup = (label: string) => rate(label, 2) / rate(label, 1)
  console.log(
    `  goals: uncoordinated ≥ 1.7 (idle 2 cores): ${speedup('uncoordinated') >= 1.7 ? 'met' : 'missed'}; ` +
      `atomic below it: ${speedup('atomic') < speedup('uncoordinated') ? 'met' : 'missed'}; ` +
      `mutex below uncoordinated at 2 threads: ${rate('serialised (mutex)', 2) < rate('uncoordinated', 2) ? 'met' : 'missed'}`,
  )
  console.log(`  runs whose spinning threads had less than 85% of their CPUs (a busy machine): ${busy}`)
}

async function copies(counters: string, dir: string): Promise<void> {
  const yaml = `
benchmarks:
  - name: copies
    kind: scaling
    command: [${JSON.stringify(counters)}, --bench, uncoordinated, -t=1, "-d=0.15"]
    format: csb
    processes: [1, 2]
    runs: ${ROUNDS * 2}
    warmup: 1
`
  const results = await measureSuite(planCases(parseConfig(yaml, path.join(dir, 'bench.yml'))))
  const failed = results.find((r) => r.status !== 'ok')
  if (failed) throw new Error(`${failed.id}: ${failed.error?.message}`)
  const speedup = median(results[1]!.metrics.speedup!.samples!)
  console.log(
    `\ntwo copies of the counters through the exec helper: summed throughput ${speedup.toFixed(2)}× one copy ` +
      `(goal ≥ 1.7: ${speedup >= 1.7 ? 'met' : 'missed'})`,
  )
}

async function sameJobScaling(counters: string, serialised: string, dir: string): Promise<void> {
  const yaml = (binary: string) => `
benchmarks:
  - name: counters
    kind: scaling
    command: [${JSON.stringify(binary)}, --samples, uncoordinated]
    format: runner
    threads: [1, 2]
    runs: 10
    warmup: 1
    gate: [speedup]
`
  const cases = (binary: string) => planCases(parseConfig(yaml(binary), path.join(dir, 'bench.yml')))
  const at1: string[] = []
  const at2: string[] = []
  for (let i = 0; i < COMPARISONS; i++) {
    const m = await measureSameJob(cases(counters), cases(serialised), { seed: `comparison ${i}` })
    const comparison = compareResults(resultSet(m.head), {
      baseline: { results: resultSet(m.base), source: 'bench', reason: 'measured in the same job' },
      pairs: m.pairs,
    })
    const verdict = (id: string) => comparison.benchmarks.find((b) => b.id === id)?.verdict ?? 'missing'
    at1.push(verdict('counters/threads:1'))
    at2.push(verdict('counters/threads:2'))
  }
  console.log(
    `\nsame job, scaling runner: counters against the mutex-serialised counters, ${COMPARISONS} comparisons`,
  )
  console.log(`  at 2 threads (goal: regression every time): ${tally(at2)}`)
  console.log(`  at 1 thread (goal: never a regression):     ${tally(at1)}`)
}

async function wallClockSlowdown(dir: string): Promise<void> {
  const runner = path.join(dir, 'rebar_runner')
  await run('cc', ['-O2', '-o', runner, path.join(root, '__tests__', 'programs', 'rebar_runner.c')])
  // 64 KiB with 64 matches; each pass searches all of it.
  const text = Array.from({ length: 4096 }, (_, i) =>
    i % 64 === 0 ? 'needle found ' : 'hay in stack ',
  ).join('')
  await writeFile(path.join(dir, 'haystack.txt'), text.slice(0, 65536))
  const names = ['steady-a', 'steady-b', 'slowed']
  const config = (side: 'base' | 'head') => `
suite: slowdown
defaults: { runs: 300, warmup: 3, threshold: 5% }
benchmarks:
${names
  .map(
    (name) => `  - name: ${name}
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: needle, haystack: { path: haystack.txt } }
    params: { passes: ${side === 'head' && name === 'slowed' ? 22 : 20} }
    count: 64
`,
  )
  .join('')}`
  const cases = (side: 'base' | 'head') => planCases(parseConfig(config(side), path.join(dir, 'bench.yml')))
  const verdicts = new Map<string, string[]>(names.map((n) => [n, []]))
  for (let i = 0; i < COMPARISONS; i++) {
    const m = await measureSameJob(cases('base'), cases('head'), { seed: `comparison ${i}` })
    const comparison = compareResults(resultSet(m.head), {
      baseline: { results: resultSet(m.base), source: 'bench', reason: 'measured in the same job' },
      pairs: m.pairs,
    })
    for (const b of comparison.benchmarks) verdicts.get(b.id)?.push(b.verdict)
  }
  console.log(
    `\nsame job, wall-clock: 10% more passes on head, ${COMPARISONS} comparisons of 300 paired samples`,
  )
  console.log(`  slowed (goal: regression every time): ${tally(verdicts.get('slowed')!)}`)
  console.log(
    `  steady-a, steady-b (goal: unchanged): ${tally([...verdicts.get('steady-a')!, ...verdicts.get('steady-b')!])}`,
  )
}

export async function benchVerdicts(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-verdicts-'))
  try {
    const counters = path.join(dir, 'counters')
    const serialised = path.join(dir, 'counters-serialised')
    const source = path.join(root, 'examples', 'c-scaling', 'counters.c')
    const include = `-I${path.join(root, 'runners', 'c')}`
    await run('cc', ['-O2', '-pthread', '-o', counters, source, include])
    await run('cc', ['-O2', '-pthread', '-DCOUNTERS_SERIALISE', '-o', serialised, source, include])
    console.log(
      `\nverdicts on real measurements; machine: ${os.cpus()[0]?.model} × ${os.availableParallelism()}`,
    )
    await csbScaling(counters, serialised)
    await copies(counters, dir)
    await sameJobScaling(counters, serialised, dir)
    await wallClockSlowdown(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
