// The scaling kind end to end: CSB output through the exec helper, N copies at once, the runner
// protocol's threads item, speedup and efficiency, verdicts, pairing and the report.
//
// Nothing here asserts a speed this machine measured: the suite must pass with a CPU hog beside it.
// The counters of examples/c-scaling, built with the real compiler, show that a real CSB program and a
// real runner go through every step, that the thread count reaches them and that the stored numbers are
// the ones they printed; their measured speedups are only printed (t.diagnostic; `npm run bench`
// measures them). The verdicts are decided on __tests__/programs/model_runner.c, a real program that
// speaks the same protocols with durations computed from its thread count and a per-side efficiency,
// so "the serialised head regresses at 2 threads" is checked with numbers known in advance.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { compareResults } from '../../../../src/compare/index.ts'
import { parseConfig } from '../../../../src/config/index.ts'
import { renderMarkdown } from '../../../../src/report/markdown.ts'
import type { BenchmarkResult, ResultSet } from '../../../../src/results.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { measureSameJob, measureSuite } from '../../../../src/schedule/index.ts'
import { removeDir, repoRoot, tempDir } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

const cc = await needs('cc')

const run = promisify(execFile)

function resultSet(benchmarks: BenchmarkResult[]): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 'scaling',
    createdAt: new Date(0).toISOString(),
    commit: { branch: 'main' },
    environment: {
      os: 'linux',
      arch: 'x64',
      cpuModel: 'cpu',
      cpuCount: 2,
      kernel: 'k',
      node: 'v20',
      tools: {},
    },
    benchmarks,
  }
}

/** The results of one side under the benchmark's own name, as a run of their own would store them. */
function side(results: BenchmarkResult[], prefix: string): ResultSet {
  return resultSet(
    results
      .filter((r) => r.id.startsWith(`${prefix}/`))
      .map((r) => ({ ...r, id: r.id.slice(prefix.length + 1), name: r.name.slice(prefix.length + 1) })),
  )
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** a ≈ b to rounding: the same arithmetic done twice, or a model's number with its ±1% jitter (`relative`). */
function near(actual: number, expected: number, relative: number, message: string): void {
  assert.ok(
    Math.abs(actual - expected) <= relative * Math.abs(expected),
    `${message}: ${actual} is not within ${relative * 100}% of ${expected}`,
  )
}
const EXACT = 1e-12

function samplesOf(r: BenchmarkResult | undefined, metric: string): number[] {
  assert.ok(r, 'the result exists')
  assert.equal(r.status, 'ok', `${r.id}: ${r.error?.message}`)
  const samples = r.metrics[metric]?.samples
  assert.ok(samples, `${r.id} has ${metric} samples`)
  return samples
}

/** Speedup is throughput over the sweep's median throughput at 1; efficiency is speedup over the count, in %. */
function assertScalingMetrics(results: BenchmarkResult[], series: string, counts: number[]): void {
  const at = (count: number) => results.find((r) => r.id === `${series}/threads:${count}`)
  const reference = median(samplesOf(at(counts[0]!), 'throughput'))
  for (const count of counts) {
    const throughput = samplesOf(at(count), 'throughput')
    const speedup = samplesOf(at(count), 'speedup')
    const efficiency = samplesOf(at(count), 'efficiency')
    assert.equal(speedup.length, throughput.length, `${series}/threads:${count}: a speedup per run`)
    throughput.forEach((t, i) => {
      near(speedup[i]!, t / reference, EXACT, `${series}/threads:${count} speedup ${i}`)
      near(efficiency[i]!, (speedup[i]! / (count / counts[0]!)) * 100, EXACT, `efficiency ${i}`)
    })
  }
}

/** What model_runner appended to its log: one record per line, `LABEL KIND key=value…`. */
interface LogLine {
  label: string
  kind: string
  f: Record<string, string>
}

async function readLog(file: string): Promise<LogLine[]> {
  const text = await readFile(file, 'utf8')
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [label, kind, ...words] = line.split(' ')
      return { label: label!, kind: kind!, f: Object.fromEntries(words.map((w) => w.split('='))) }
    })
}

cc.describe('scaling with the example counters', () => {
  let dir: string
  let counters: string
  let model: string
  before(async () => {
    dir = await tempDir('scaling')
    counters = path.join(dir, 'counters')
    model = path.join(dir, 'model_runner')
    const source = path.join(repoRoot, 'examples', 'c-scaling', 'counters.c')
    const include = `-I${path.join(repoRoot, 'runners', 'c')}`
    await run('cc', ['-O2', '-pthread', '-o', counters, source, include])
    await run('cc', ['-O2', '-o', model, path.join(repoRoot, '__tests__', 'programs', 'model_runner.c')])
  })
  after(() => removeDir(dir))

  const config = (yaml: string) => planCases(parseConfig(yaml, path.join(dir, 'bench.yml')))

  test('the counters example through CSB: every count measured, the thread count reaches the program, speedup and efficiency from the stored throughput', async (t) => {
    // The counters run under a shell that keeps a copy of each CSB line, with the arguments it got.
    const log = path.join(dir, 'csb-lines.log')
    const keep =
      'out=$("$0" "$@") || exit; printf "%s|%s\\n" "$*" "$out" >> "$CSB_LOG"; printf "%s\\n" "$out"'
    const entry = (bench: string) => `  - name: ${bench}
    kind: scaling
    command: [/bin/sh, -c, ${JSON.stringify(keep)}, ${JSON.stringify(counters)}, --bench, ${bench}, "-t={threads}", "-d=0.05"]
    env: { CSB_LOG: ${JSON.stringify(log)} }
    format: csb
    threads: [1, 2, 4]
    runs: 3
    warmup: 1
`
    const results = await measureSuite(config(`\nbenchmarks:\n${entry('uncoordinated')}${entry('atomic')}`))
    assert.deepEqual(
      results.map((r) => [r.id, r.status, r.error?.message]),
      ['uncoordinated', 'atomic'].flatMap((b) =>
        [1, 2, 4].map((n) => [`${b}/threads:${n}`, 'ok', undefined]),
      ),
    )
    const lines = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => {
        const [args, csb] = line.split('|') as [string, string]
        const fields = new Map(
          csb
            .split(';')
            .filter(Boolean)
            .map((item) => item.split('=') as [string, string]),
        )
        return { args, fields }
      })
    for (const bench of ['uncoordinated', 'atomic']) {
      for (const threads of [1, 2, 4]) {
        const id = `${bench}/threads:${threads}`
        const runs = lines.filter((l) => l.args === `--bench ${bench} -t=${threads} -d=0.05`)
        assert.equal(runs.length, 4, `${id}: one warmup and 3 counted runs of the program`)
        const metrics = results.find((r) => r.id === id)!.metrics
        assert.equal(metrics.throughput?.processes, undefined, `${id}: each run its own processes`)
        for (const { fields } of runs) {
          assert.equal(
            fields.get('num_threads'),
            String(threads),
            `${id}: the program ran ${threads} threads`,
          )
          assert.equal(fields.get('algo_name'), bench)
          assert.equal(fields.get('count'), fields.get('univ_count'), `${id}: no increment lost`)
        }
        // The stored samples are the counted runs' univ_count / duration_max_ms (µs), in order.
        const printed = runs
          .slice(1)
          .map(
            ({ fields }) => Number(fields.get('univ_count')) / (Number(fields.get('duration_max_ms')) / 1e6),
          )
        const stored = samplesOf(
          results.find((r) => r.id === id),
          'throughput',
        )
        assert.equal(stored.length, 3)
        stored.forEach((s, i) => {
          near(s, printed[i]!, EXACT, `${id} throughput ${i}`)
        })
        const notes = results.find((r) => r.id === id)!.notes.join('\n')
        const cpus = os.availableParallelism()
        if (threads > cpus)
          assert.match(notes, new RegExp(`oversubscribed: ${threads} threads on ${cpus} logical CPUs`))
        else assert.doesNotMatch(notes, /oversubscribed/)
      }
      assertScalingMetrics(results, bench, [1, 2, 4])
      const speedups = [2, 4].map((n) =>
        median(samplesOf(results.find((r) => r.id === `${bench}/threads:${n}`)!, 'speedup')).toFixed(2),
      )
      t.diagnostic(`${bench}: measured speedup ${speedups.join(' at 2, ')} at 4 threads (not asserted)`)
    }
  })

  test('verdicts from computed CSB numbers: a head that stops scaling regresses at 2 and 4 threads, not at 1; an unchanged benchmark does not regress', async () => {
    const log = path.join(dir, 'verdicts.log')
    // base/uncoordinated scales linearly; its head serialises the threads (efficiency 0, as a mutex
    // around the increment does); atomic is the same on both sides and scales a little. 9 runs, the
    // fewest bench-action calls reliable: with 5, two runs that happen to tie would leave the
    // Mann–Whitney test's smallest p just above α.
    const entry = (name: string, efficiency: number) => `  - name: ${name}
    kind: scaling
    command: [${JSON.stringify(model)}, --efficiency=${efficiency}, --label=${name}, ${JSON.stringify(`--log=${log}`)}, "-t={threads}"]
    format: csb
    threads: [1, 2, 4]
    runs: 9
    warmup: 1
    gate: [speedup]
    efficiency-drop: 10%
`
    const results = await measureSuite(
      config(`
benchmarks:
${entry('base/uncoordinated', 1)}${entry('head/uncoordinated', 0)}${entry('base/atomic', 0.1)}${entry('head/atomic', 0.1)}`),
    )
    for (const r of results) assert.equal(r.status, 'ok', `${r.id}: ${r.error?.message}`)
    const logged = await readLog(log)
    for (const r of results) {
      const [label, count] = r.id.split('/threads:') as [string, string]
      const runs = logged.filter((l) => l.label === label && l.f.threads === count)
      assert.equal(runs.length, 10, `${r.id}: the program got -t=${count} for each of its 10 runs`)
      const stored = samplesOf(r, 'throughput')
      runs.slice(1).forEach((l, i) => {
        near(stored[i]!, Number(l.f.ops) / (Number(l.f.duration_us) / 1e6), EXACT, `${r.id} throughput ${i}`)
      })
    }
    for (const series of ['base/uncoordinated', 'head/uncoordinated', 'base/atomic'])
      assertScalingMetrics(results, series, [1, 2, 4])

    const comparison = compareResults(side(results, 'head'), {
      baseline: { results: side(results, 'base'), source: 'test', reason: 'measured in the same suite' },
    })
    const verdicts = Object.fromEntries(comparison.benchmarks.map((b) => [b.id, b.verdict]))
    assert.deepEqual(
      verdicts,
      {
        'uncoordinated/threads:1': 'unchanged',
        'uncoordinated/threads:2': 'regression',
        'uncoordinated/threads:4': 'regression',
        'atomic/threads:1': 'unchanged',
        'atomic/threads:2': 'unchanged',
        'atomic/threads:4': 'unchanged',
      },
      JSON.stringify(verdicts),
    )
    // The speedup gate decides at 2 threads; the efficiency rule (efficiency-drop) applies to the
    // largest count only, and decides there.
    const metric = (id: string, name: string) =>
      comparison.benchmarks.find((b) => b.id === id)!.metrics.find((m) => m.metric === name)!
    assert.deepEqual(
      [
        metric('uncoordinated/threads:2', 'speedup').gated,
        metric('uncoordinated/threads:2', 'speedup').verdict,
      ],
      [true, 'regression'],
    )
    assert.equal(
      metric('uncoordinated/threads:2', 'efficiency').gated,
      false,
      'no efficiency rule below the largest count',
    )
    assert.deepEqual(
      [
        metric('uncoordinated/threads:4', 'efficiency').gated,
        metric('uncoordinated/threads:4', 'efficiency').verdict,
      ],
      [true, 'regression'],
    )

    const curve = comparison.scaling.find((s) => s.benchmark === 'uncoordinated')!
    assert.deepEqual(
      curve.points.map((p) => p.count),
      [1, 2, 4],
    )
    // The model's speedups, 1 + (n − 1) × efficiency, back through the medians (±1% jitter per run).
    curve.points.forEach((p, i) => {
      const n = [1, 2, 4][i]!
      near(p.base!.speedup, n, 0.03, `base speedup at ${n}`)
      near(p.head!.speedup, 1, 0.03, `serialised head speedup at ${n}`)
      near(p.base!.efficiency, 1, 0.03, `base efficiency at ${n}`)
      near(p.head!.efficiency, 1 / n, 0.03, `head efficiency at ${n}`)
    })
    const atomic = comparison.scaling.find((s) => s.benchmark === 'atomic')!
    near(atomic.points[1]!.head!.speedup, 1.1, 0.03, 'atomic speedup at 2')
    const md = renderMarkdown(comparison)
    assert.match(md, /#### Scaling/)
    assert.match(md, /```mermaid\nxychart-beta/)
    assert.match(md, /Oversubscribed: 4 threads on a machine with 2 logical CPUs/)
  })

  test('processes: copies started together through the exec helper, their throughput summed', async () => {
    const log = path.join(dir, 'copies.log')
    // Each copy holds for 100 ms between its start and end stamps, so copies of one run overlap.
    const yaml = `
benchmarks:
  - name: copies
    kind: scaling
    command: [${JSON.stringify(model)}, --hold-ms=100, ${JSON.stringify(`--log=${log}`)}, -t=1]
    format: csb
    processes: [1, 2]
    runs: 3
    warmup: 0
`
    const results = await measureSuite(config(yaml))
    for (const r of results) assert.equal(r.status, 'ok', `${r.id}: ${r.error?.message}`)
    assert.deepEqual(
      results.map((r) => r.id),
      ['copies/processes:1', 'copies/processes:2'],
    )
    // Runs follow one another; the copies of one run are alive at the same time. Grouping the copies
    // whose lifetimes overlap therefore gives the runs, in order.
    const copies = (await readLog(log))
      .map((l) => ({
        pid: l.f.pid!,
        start: BigInt(l.f.start_ns!),
        end: BigInt(l.f.end_ns!),
        throughput: Number(l.f.ops) / (Number(l.f.duration_us) / 1e6),
      }))
      .sort((a, b) => (a.start < b.start ? -1 : 1))
    const runs: (typeof copies)[] = []
    for (const c of copies) {
      const last = runs.at(-1)
      if (last && c.start < last.reduce((end, x) => (x.end > end ? x.end : end), 0n)) last.push(c)
      else runs.push([c])
    }
    assert.deepEqual(
      runs.map((r) => r.length).sort(),
      [1, 1, 1, 2, 2, 2],
      'three runs of one copy, three of two copies alive at the same time',
    )
    for (const r of runs.filter((r) => r.length === 2)) assert.notEqual(r[0]!.pid, r[1]!.pid)
    const sums = (size: number) =>
      runs.filter((r) => r.length === size).map((r) => r.reduce((sum, c) => sum + c.throughput, 0))
    const [one, two] = results.map((r) => samplesOf(r, 'throughput'))
    sums(1).forEach((s, i) => {
      near(one![i]!, s, EXACT, `processes:1 run ${i}`)
    })
    sums(2).forEach((s, i) => {
      near(two![i]!, s, EXACT, `processes:2 run ${i}: the copies' throughput summed`)
    })
    // Each copy of the model reports one thread's throughput: two copies sum to twice that.
    near(median(samplesOf(results[1], 'speedup')), 2, 0.03, 'speedup of two copies')
    near(median(samplesOf(results[1], 'efficiency')), 100, 0.03, 'efficiency of two copies')
  })

  test('a runner program gets the thread count as the threads KLV item', async (t) => {
    const log = path.join(dir, 'runner.log')
    const yaml = `
benchmarks:
  - name: model
    kind: scaling
    command: [${JSON.stringify(model)}, ${JSON.stringify(`--log=${log}`)}, --samples]
    format: runner
    threads: [1, 2]
    runs: 3
    warmup: 0
  - name: counters
    kind: scaling
    command: [${JSON.stringify(counters)}, --samples, uncoordinated]
    format: runner
    threads: [1, 2]
    runs: 3
    warmup: 0
`
    const results = await measureSuite(config(yaml))
    for (const r of results) assert.equal(r.status, 'ok', `${r.id}: ${r.error?.message}`)
    const logged = await readLog(log)
    for (const threads of [1, 2]) {
      const id = `model/threads:${threads}`
      const invocations = logged.filter(
        (l) => l.kind === 'invocation' && l.f.threads_item === String(threads),
      )
      assert.equal(invocations.length, 1, `${id}: one invocation got the item threads=${threads}`)
      assert.equal(invocations[0]!.f.max_iters, '3')
      const sampled = logged.filter((l) => l.kind === 'sample' && l.f.pid === invocations[0]!.f.pid)
      const stored = samplesOf(
        results.find((r) => r.id === id),
        'throughput',
      )
      assert.equal(stored.length, 3)
      // All 3 samples from the one process; speedup and efficiency are the same samples.
      const metrics = results.find((r) => r.id === id)!.metrics
      for (const name of ['throughput', 'speedup', 'efficiency'])
        assert.deepEqual(metrics[name]?.processes, [3], `${id} ${name}: one process of 3 samples`)
      // operations (the iterations column) over the reported duration
      sampled.forEach((l, i) => {
        near(stored[i]!, Number(l.f.ops) / (Number(l.f.duration_ns) / 1e9), EXACT, `${id} ${i}`)
      })
    }
    assert.equal(logged.filter((l) => l.kind === 'invocation').length, 2, 'no other invocation')
    // The model scales linearly with the threads it was given.
    near(median(samplesOf(results[1], 'speedup')), 2, 0.03, 'model speedup at 2 threads')
    // The example's runner: every count measured, the metrics consistent; its speed is only shown.
    assertScalingMetrics(results, 'counters', [1, 2])
    const [one, two] = [2, 3].map((i) => median(samplesOf(results[i], 'throughput')))
    t.diagnostic(
      `counters --samples: ${(one! / 1e6).toFixed(0)} → ${(two! / 1e6).toFixed(0)} M ops/s (not asserted)`,
    )
  })

  test('same job: base and head runner invocations alternate and pair up; the serialised head regresses at 2 threads', async () => {
    const log = path.join(dir, 'same-job.log')
    const yaml = (label: string, efficiency: number) => `
benchmarks:
  - name: counters
    kind: scaling
    command: [${JSON.stringify(model)}, --efficiency=${efficiency}, --label=${label}, ${JSON.stringify(`--log=${log}`)}, --samples]
    format: runner
    threads: [1, 2]
    runs: 10
    warmup: 1
    gate: [speedup]
`
    const measured = await measureSameJob(config(yaml('base', 1)), config(yaml('head', 0)))
    for (const r of [...measured.base, ...measured.head])
      assert.equal(r.status, 'ok', `${r.id}: ${r.error?.message}`)
    // A runner program takes its samples over several invocations, alternating with the other side's.
    const everyRun = Array.from({ length: 10 }, (_, k) => [k, k])
    assert.deepEqual(measured.pairs, { 'counters/threads:1': everyRun, 'counters/threads:2': everyRun })
    for (const r of [...measured.base, ...measured.head])
      assert.deepEqual(r.metrics.throughput?.processes, Array(10).fill(1), `${r.id}: a process per sample`)
    const invocations = (await readLog(log)).filter((l) => l.kind === 'invocation')
    for (const threads of ['1', '2']) {
      const point = invocations.filter((l) => l.f.threads_item === threads)
      assert.equal(point.length, 20, `threads:${threads}: ten invocations per side`)
      for (let k = 0; k < 20; k += 2) {
        assert.deepEqual(
          [point[k]!.label, point[k + 1]!.label].sort(),
          ['base', 'head'],
          `threads:${threads}: invocations ${k + 1} and ${k + 2} are one of each side`,
        )
      }
      for (const label of ['base', 'head']) {
        const mine = point.filter((l) => l.label === label)
        assert.deepEqual(
          mine.map((l) => [l.f.max_iters, l.f.max_warmup_iters]),
          Array(10).fill(['1', '1']),
          `threads:${threads} ${label}: one sample each, every runner process warming up`,
        )
      }
    }
    const comparison = compareResults(resultSet(measured.head), {
      baseline: { results: resultSet(measured.base), source: 'test', reason: 'measured in the same job' },
      pairs: measured.pairs,
    })
    const verdicts = Object.fromEntries(comparison.benchmarks.map((b) => [b.id, b.verdict]))
    assert.deepEqual(verdicts, { 'counters/threads:1': 'unchanged', 'counters/threads:2': 'regression' })
    assert.equal(comparison.pairing?.minPairs, 10)
    const two = comparison.benchmarks.find((b) => b.id === 'counters/threads:2')!
    const speedup = two.metrics.find((m) => m.metric === 'speedup')!
    assert.match(speedup.test ?? '', /^wilcoxon/, 'decided on the pairs')
    near(speedup.ratio, 0.5, 0.03, 'the serialised head has half the speedup at 2 threads')
  })

  test('output that is not CSB fails the point with what the program printed', async () => {
    const yaml = `
benchmarks:
  - name: wrong
    kind: scaling
    command: [${JSON.stringify(counters)}, --list]
    format: csb
    threads: [1]
    runs: 2
    warmup: 0
`
    const [result] = await measureSuite(config(yaml))
    assert.equal(result!.status, 'failed')
    assert.match(result!.error!.message, /no CSB output/)
    assert.match(result!.error!.stderrTail ?? '', /uncoordinated/)
  })
})
