// What a comparison says beside its verdicts: the ranking of process benchmarks against the fastest,
// the engines of a benchmark ranked like `rebar cmp` (from samples, or from the summaries a rebar CSV
// keeps) and laid out as one table, the curves of scaling sweeps and of parameter scans; and, across
// moments, when wall time takes CPU time's verdict, what a benchmark compared unpaired is told. Every
// input is built by hand and every expected value worked out by hand.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import {
  type BenchmarkComparison,
  type CompareOptions,
  type Comparison,
  compareResults,
  type EngineRankEntry,
  type EngineRanking,
  engineTable,
  type MetricComparison,
  parameterScans,
  rankBenchmarks,
  rankEngines,
  scalingSeries,
} from '../../../src/compare/index.ts'
import {
  type BenchmarkResult,
  type Contention,
  type Environment,
  type Metric,
  parseResultSetText,
  type ResultSet,
} from '../../../src/results.ts'

// ---- Building results by hand ----

const ENV: Environment = {
  os: 'linux',
  arch: 'x64',
  cpuModel: 'Xeon',
  cpuCount: 4,
  kernel: '6.1',
  node: 'v20',
  tools: {},
}

function results(benchmarks: BenchmarkResult[], environment: Environment = ENV): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 's',
    commit: { branch: 'main' },
    createdAt: '2026-11-21T00:00:00.000Z',
    environment,
    benchmarks,
  }
}

interface BenchOptions {
  kind?: BenchmarkResult['kind']
  gate?: string[]
  status?: BenchmarkResult['status']
  parameters?: BenchmarkResult['parameters']
  series?: string
  /** The compare-with group it was declared in. */
  group?: string[]
}

/** A benchmark `id` with these metrics, gated at 5% and α = 0.01 (on the first metric unless told). */
function bench(id: string, metrics: Record<string, Metric>, o: BenchOptions = {}): BenchmarkResult {
  return {
    id,
    name: id,
    kind: o.kind ?? 'import',
    parameters: o.parameters ?? {},
    status: o.status ?? 'ok',
    metrics,
    gate: { metrics: o.gate ?? Object.keys(metrics).slice(0, 1), threshold: 0.05, alpha: 0.01 },
    notes: [],
    ...(o.series !== undefined ? { series: o.series } : {}),
    ...(o.group !== undefined ? { rankingGroup: o.group } : {}),
  }
}

const sampled = (
  samples: number[],
  unit: Metric['unit'] = 'ns',
  direction: Metric['direction'] = 'lower',
): Metric => ({ unit, direction, samples })

const summary = (
  s: NonNullable<Metric['summary']>,
  unit: Metric['unit'] = 'ns',
  direction: Metric['direction'] = 'lower',
): Metric => ({ unit, direction, summary: s })

const exact = (value: number, unit: Metric['unit'] = 'ns'): Metric => ({ unit, direction: 'lower', value })

/** Three runs of exactly `x`: a median of `x` and no spread at all. */
const same = (x: number, unit: Metric['unit'] = 'ns', direction: Metric['direction'] = 'lower') =>
  sampled([x, x, x], unit, direction)

/**
 * 21 values from 0.99 × center to 1.01 × center in steps of 0.1%: the middle one, and so the median, is
 * exactly `center`.
 */
const spread = (center: number): number[] =>
  Array.from({ length: 21 }, (_, i) => center * (1 + (i - 10) / 1000))

const close = (actual: number, expected: number, what: string, within = 1e-9) =>
  assert.ok(Math.abs(actual - expected) < within, `${what}: ${actual}, expected ${expected}`)

function benchmarkOf(c: Comparison, id: string): BenchmarkComparison {
  const b = c.benchmarks.find((x) => x.id === id)
  assert.ok(b, `no benchmark ${id}: ${c.benchmarks.map((x) => x.id).join(', ')}`)
  return b
}

function rowOf(b: BenchmarkComparison, metric: string): MetricComparison {
  const m = b.metrics.find((x) => x.metric === metric)
  assert.ok(m, `${b.id} has no row ${metric}: ${b.metrics.map((x) => x.metric).join(', ')}`)
  return m
}

/** head compared with base as a stored baseline, with the rest of the options. */
function compare(
  head: BenchmarkResult[],
  base: BenchmarkResult[],
  options: Omit<CompareOptions, 'baseline'> = {},
): Comparison {
  return compareResults(results(head), {
    baseline: { results: results(base), source: 'base.json', reason: 'test' },
    ...options,
  })
}

// ---- Rankings of benchmarks declared comparable ----

describe('rankings of benchmarks declared comparable', () => {
  const proc = (id: string, metrics: Record<string, Metric>, o: BenchOptions = {}) =>
    bench(id, metrics, { kind: 'process', gate: ['wall'], ...o })
  /** A ranking's entry of a benchmark whose samples have no spread: its interval is the ratio itself. */
  const exactly = (id: string, median: number, ratio: number) => ({
    id,
    name: id,
    median,
    ratio,
    ci: [ratio, ratio] as [number, number],
  })

  test('process benchmarks in no group are not ranked against each other, however many ran', () => {
    assert.deepEqual(
      rankBenchmarks(
        results([
          proc('start-up', { wall: same(1e6) }),
          proc('hash 4M', { wall: same(36e6) }),
          proc('sort 200k', { wall: same(61e6) }),
        ]),
      ),
      [],
    )
  })

  test('a compare-with group of three is ranked among itself, a second group separately, fastest first', () => {
    const sorts = ['quick', 'merge', 'heap']
    const packs = ['gzip', 'zstd']
    const ranking = rankBenchmarks(
      results([
        proc('quick', { wall: same(20e6) }, { group: sorts }),
        proc('gzip', { wall: same(40e6) }, { group: packs }),
        proc('merge', { wall: same(10e6) }, { group: sorts }),
        // The fastest of the suite, in no group: in no ranking.
        proc('lone', { wall: same(1e6) }),
        proc('zstd', { wall: same(10e6) }, { group: packs }),
        proc('heap', { wall: same(30e6) }, { group: sorts }),
      ]),
    )
    // Without spread every resampled median is the median, so each interval is its ratio: 20/10, 30/10
    // and 40/10. The groups come in the order their first benchmark does.
    assert.deepEqual(ranking, [
      {
        basis: { group: sorts },
        at: {},
        metric: 'wall',
        unit: 'ns',
        entries: [exactly('merge', 10e6, 1), exactly('quick', 20e6, 2), exactly('heap', 30e6, 3)],
      },
      {
        basis: { group: packs },
        at: {},
        metric: 'wall',
        unit: 'ns',
        entries: [exactly('zstd', 10e6, 1), exactly('gzip', 40e6, 4)],
      },
    ])
  })

  test('a member that failed, has no wall samples or one at 0 is left out, and the title names the others; one left is no ranking', () => {
    const group = ['a', 'b', 'c', 'd', 'e']
    const ranking = rankBenchmarks(
      results([
        proc('a', { wall: same(20e6) }, { group }),
        proc('b', { wall: same(1e6) }, { group, status: 'failed' }),
        proc('c', { wall: sampled([0, 5e6, 5e6]) }, { group }),
        proc('d', { wall: same(50e6) }, { group }),
        proc('e', { cpu: same(1e6), wall: summary({ center: 1e6 }) }, { group, gate: ['cpu'] }),
      ]),
    )
    assert.deepEqual(ranking, [
      {
        basis: { group: ['a', 'd'] },
        at: {},
        metric: 'wall',
        unit: 'ns',
        entries: [exactly('a', 20e6, 1), exactly('d', 50e6, 2.5)],
      },
    ])
    const pair = ['x', 'y']
    assert.deepEqual(
      rankBenchmarks(
        results([
          proc('x', { wall: same(2e6) }, { group: pair }),
          proc('y', { wall: same(1e6) }, { group: pair, status: 'failed' }),
        ]),
      ),
      [],
    )
  })

  test('the interval of a ratio is a 95% one: from samples with a spread it lies around the ratio, the fastest’s is exactly 1', () => {
    // The fastest 9, 10 or 11 ms; the other exactly 30 ms: every resampled ratio is 30 / 9, 30 / 10 or
    // 30 / 11, so the interval's ends are among those three values.
    const group = ['fast', 'slow']
    const [ranking] = rankBenchmarks(
      results([
        proc('fast', { wall: sampled([9e6, 10e6, 11e6]) }, { group }),
        proc('slow', { wall: same(30e6) }, { group }),
      ]),
    )
    assert.deepEqual(ranking!.entries[0]!.ci, [1, 1])
    assert.equal(ranking!.entries[1]!.ratio, 3)
    const [low, high] = ranking!.entries[1]!.ci
    const ends = [30 / 11, 3, 30 / 9]
    assert.ok(
      ends.some((e) => Math.abs(e - low) < 1e-12),
      `low ${low}`,
    )
    assert.ok(
      ends.some((e) => Math.abs(e - high) < 1e-12),
      `high ${high}`,
    )
    assert.ok(low <= 3 && high >= 3, `${low} … ${high}`)
  })

  test('only a kind that ranks its benchmarks is ranked: wall-clock results that say they are in a group are not', () => {
    const group = ['a', 'b']
    const wallClock = (id: string, ns: number) =>
      bench(id, { wall: same(ns) }, { kind: 'wall-clock', gate: ['wall'], group })
    assert.deepEqual(rankBenchmarks(results([wallClock('a', 10e6), wallClock('b', 20e6)])), [])
  })

  test('a scan over text values ranks its alternatives against each other', () => {
    const sort = (algorithm: string, ns: number) =>
      proc(`sort/algorithm:${algorithm}`, { wall: same(ns) }, { series: 'sort', parameters: { algorithm } })
    assert.deepEqual(
      rankBenchmarks(results([sort('quick', 10e6), sort('heap', 40e6), sort('merge', 15e6)])),
      [
        {
          basis: { scan: 'sort', over: ['algorithm'] },
          at: {},
          metric: 'wall',
          unit: 'ns',
          entries: [
            exactly('sort/algorithm:quick', 10e6, 1),
            exactly('sort/algorithm:merge', 15e6, 1.5),
            exactly('sort/algorithm:heap', 40e6, 4),
          ],
        },
      ],
    )
  })

  test('a scan over numbers alone is a curve, not a ranking: sizes are not alternatives', () => {
    const lookup = (n: number, ns: number) =>
      proc(`lookup/n:${n}`, { wall: same(ns) }, { series: 'lookup', parameters: { n } })
    assert.deepEqual(rankBenchmarks(results([lookup(10, 1e6), lookup(100, 2e6), lookup(1000, 3e6)])), [])
  })

  test('a scan over text and numbers ranks the alternatives at each number', () => {
    const sort = (algorithm: string, n: number, ns: number) =>
      proc(
        `sort/algorithm:${algorithm}/n:${n}`,
        { wall: same(ns) },
        { series: 'sort', parameters: { algorithm, n } },
      )
    const ranking = rankBenchmarks(
      results([
        sort('quick', 100, 2e6),
        sort('quick', 1000, 30e6),
        sort('merge', 100, 3e6),
        sort('merge', 1000, 20e6),
      ]),
    )
    // At 100 quick takes 2 ms and merge 3 (1.5 times); at 1000 merge 20 ms and quick 30 (1.5 times).
    assert.deepEqual(ranking, [
      {
        basis: { scan: 'sort', over: ['algorithm'] },
        at: { n: 100 },
        metric: 'wall',
        unit: 'ns',
        entries: [
          exactly('sort/algorithm:quick/n:100', 2e6, 1),
          exactly('sort/algorithm:merge/n:100', 3e6, 1.5),
        ],
      },
      {
        basis: { scan: 'sort', over: ['algorithm'] },
        at: { n: 1000 },
        metric: 'wall',
        unit: 'ns',
        entries: [
          exactly('sort/algorithm:merge/n:1000', 20e6, 1),
          exactly('sort/algorithm:quick/n:1000', 30e6, 1.5),
        ],
      },
    ])
  })

  test('two scans in a compare-with group are ranked point by point, their entries named in the group’s order', () => {
    const group = ['qsort', 'msort']
    const point = (entry: string, n: number, ns: number) =>
      proc(`${entry}/n:${n}`, { wall: same(ns) }, { series: entry, parameters: { n }, group })
    const ranking = rankBenchmarks(
      results([
        point('qsort', 100, 1e6),
        point('qsort', 1000, 30e6),
        point('msort', 100, 2e6),
        point('msort', 1000, 12e6),
      ]),
    )
    // At 100 msort takes 2 ms to qsort's 1; at 1000 qsort 30 ms to msort's 12: 2.5 times.
    assert.deepEqual(ranking, [
      {
        basis: { group },
        at: { n: 100 },
        metric: 'wall',
        unit: 'ns',
        entries: [exactly('qsort/n:100', 1e6, 1), exactly('msort/n:100', 2e6, 2)],
      },
      {
        basis: { group },
        at: { n: 1000 },
        metric: 'wall',
        unit: 'ns',
        entries: [exactly('msort/n:1000', 12e6, 1), exactly('qsort/n:1000', 30e6, 2.5)],
      },
    ])
  })

  test('a results file written before groups has no cross-benchmark ranking; one with groups keeps them when read', () => {
    const file = (group?: string[]) =>
      JSON.stringify(
        results(
          ['start-up', 'hash 4M'].map((id, i) => ({
            ...proc(id, { wall: same((i + 1) * 1e6) }),
            ...(group ? { rankingGroup: group } : {}),
          })),
        ),
      )
    const old = parseResultSetText(file(), 'old.json')
    assert.equal(old.benchmarks[0]!.rankingGroup, undefined)
    assert.deepEqual(rankBenchmarks(old), [])
    const grouped = parseResultSetText(file(['start-up', 'hash 4M']), 'new.json')
    assert.deepEqual(grouped.benchmarks[1]!.rankingGroup, ['start-up', 'hash 4M'])
    assert.deepEqual(
      rankBenchmarks(grouped).map((r) => r.entries.map((e) => [e.id, e.ratio])),
      [
        [
          ['start-up', 1],
          ['hash 4M', 2],
        ],
      ],
    )
  })

  test('the comparison names no kind: it asks the kinds registry (curves, rankings, exactness)', () => {
    const dir = path.join(import.meta.dirname, '..', '..', '..', 'src', 'compare')
    const named = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [
          ...readFileSync(path.join(dir, f), 'utf8').matchAll(
            /'(process|instructions|wall-clock|scaling|import)'/g,
          ),
        ].map((m) => `${f}: ${m[0]}`),
      )
    assert.deepEqual(named, [])
  })
})

// ---- The engines of a benchmark ----

describe('engines ranked like rebar cmp', () => {
  const engine = (name: string, metrics: Record<string, Metric>, o: BenchOptions = {}) =>
    bench(name, metrics, {
      kind: 'import',
      parameters: { engine: name.slice(name.lastIndexOf('/') + 1) },
      gate: ['time'],
      ...o,
    })

  test('engines known by their summaries only: the ratio of medians with an interval from the medians’ standard errors', () => {
    // rust: 100 ns, σ 10 over 100 runs: relative error 1.2533 · 10 / √100 / 100 = 0.012533.
    // go:   300 ns, σ 30 over 25 runs:  relative error 1.2533 · 30 / √25 / 300 = 0.025066.
    // Combined: 1.96 · √(0.012533² + 0.025066²) = 0.0549283; the interval 3 · e^∓0.0549283 =
    // 2.839659 … 3.169395.
    const [ranking] = rankEngines(
      results([
        engine('find/go', { time: summary({ center: 300, stddev: 30, n: 25 }) }),
        engine('find/rust', { time: summary({ center: 100, stddev: 10, n: 100 }) }),
      ]),
    )
    assert.equal(ranking!.benchmark, 'find')
    assert.deepEqual(ranking!.unranked, [])
    const [rust, go] = ranking!.engines
    assert.deepEqual(rust, {
      engine: 'rust',
      id: 'find/rust',
      median: 100,
      ratio: 1,
      ci: [1, 1],
      fromSummaries: true,
    })
    assert.deepEqual(
      [go!.engine, go!.id, go!.median, go!.ratio, go!.fromSummaries],
      ['go', 'find/go', 300, 3, true],
    )
    close(go!.ci[0], 2.8396590562, 'low end', 1e-9)
    close(go!.ci[1], 3.1693945723, 'high end', 1e-9)
  })

  test('samples nested in runner processes: the interval resamples processes', () => {
    // The fastest: 40 samples of exactly 100. The other: 20 processes of 2 samples, 6 at 140 ± 0.1 and 14
    // at 100 ± 0.1, so its median, and the ratio, stay near 1.001. A resampled median of 40 values
    // reaches 120 only with 20 or more high ones. Pooled, each value drawn is high with probability 0.3:
    // P(Binomial(40, 0.3) ≥ 20) = 0.0063, about 13 of 2000 resamples, fewer than the 50 a 95% interval
    // leaves out: the interval ends at most at 1.001. By process, with 10 or more high processes drawn
    // of 20: P(Binomial(20, 0.3) ≥ 10) = 0.048, about 96: it reaches 1.2.
    const sizes = Array.from({ length: 20 }, () => 2)
    const slower = sizes.flatMap((_, p) => (p % 10 < 3 ? [139.9, 140.1] : [99.9, 100.1]))
    const rank = (nested: boolean) => {
      const processes = nested ? { processes: sizes } : {}
      const [ranking] = rankEngines(
        results([
          engine('find/rust', { time: { ...sampled(Array(40).fill(100)), ...processes } }),
          engine('find/go', { time: { ...sampled(slower), ...processes } }),
        ]),
      )
      return ranking!.engines.find((e) => e.engine === 'go')!.ci
    }
    assert.ok(rank(false)[1] <= 1.001, String(rank(false)))
    assert.ok(rank(true)[1] >= 1.2 - 1e-9, String(rank(true)))
  })

  test('a summary without its spread or its count gives the ratio alone, whichever engine lacks it', () => {
    const [ranking] = rankEngines(
      results([
        engine('m/a', { time: summary({ center: 100, stddev: 10, n: 100 }) }),
        engine('m/noCount', { time: summary({ center: 150, stddev: 10 }) }),
        engine('m/noSpread', { time: summary({ center: 200, n: 100 }) }),
      ]),
    )
    assert.deepEqual(
      ranking!.engines.map((e) => [e.engine, e.ratio, e.ci]),
      [
        ['a', 1, [1, 1]],
        ['noCount', 1.5, [1.5, 1.5]],
        ['noSpread', 2, [2, 2]],
      ],
    )
    // The fastest without a spread: every other ratio alone, though that one has its own.
    const [fastestBare] = rankEngines(
      results([
        engine('m/bare', { time: summary({ center: 50 }) }),
        engine('m/full', { time: summary({ center: 100, stddev: 10, n: 100 }) }),
      ]),
    )
    assert.deepEqual(
      fastestBare!.engines.map((e) => [e.engine, e.ratio, e.ci]),
      [
        ['bare', 1, [1, 1]],
        ['full', 2, [2, 2]],
      ],
    )
  })

  test('a summarised engine that failed, or whose median is 0, cannot be ranked and is named', () => {
    const [ranking] = rankEngines(
      results([
        engine('m/a', { time: summary({ center: 100 }) }),
        engine('m/zero', { time: summary({ center: 0 }) }),
        engine('m/failed', { time: summary({ center: 10 }) }, { status: 'failed' }),
        engine('m/b', { time: summary({ center: 400 }) }),
      ]),
    )
    assert.deepEqual(
      ranking!.engines.map((e) => [e.engine, e.ratio]),
      [
        ['a', 1],
        ['b', 4],
      ],
    )
    assert.deepEqual(ranking!.unranked, ['zero', 'failed'])
  })

  test('samples and summaries are not ranked together: where some engines have samples, the summarised ones are unranked', () => {
    const [ranking] = rankEngines(
      results([
        engine('m/summarised', { time: summary({ center: 10 }) }),
        engine('m/slow', { time: same(200) }),
        engine('m/fast', { time: same(100) }),
      ]),
    )
    assert.deepEqual(ranking, {
      benchmark: 'm',
      engines: [
        { engine: 'fast', id: 'm/fast', median: 100, ratio: 1, ci: [1, 1] },
        { engine: 'slow', id: 'm/slow', median: 200, ratio: 2, ci: [2, 2] },
      ],
      unranked: ['summarised'],
    })
  })

  test('every engine of a benchmark failed: it is listed with none ranked, all named', () => {
    assert.deepEqual(
      rankEngines(
        results([
          engine('m/a', { time: same(10) }, { status: 'failed' }),
          engine('m/b', { time: summary({ center: 10 }) }, { status: 'failed' }),
        ]),
      ),
      [{ benchmark: 'm', engines: [], unranked: ['a', 'b'] }],
    )
  })

  test('each engine’s throughput is the median of its samples, else its summary’s value', () => {
    const [sampledRates] = rankEngines(
      results([
        engine('m/a', { time: same(100), throughput: sampled([1e9, 3e9, 2e9], 'bytes/s', 'higher') }),
        engine('m/b', { time: same(200), throughput: summary({ center: 5e8 }, 'bytes/s', 'higher') }),
        engine('m/c', { time: same(400), throughput: sampled([], 'bytes/s', 'higher') }),
      ]),
    )
    assert.deepEqual(
      sampledRates!.engines.map((e) => [e.engine, e.throughput]),
      [
        ['a', 2e9],
        ['b', 5e8],
        ['c', undefined],
      ],
    )
    assert.equal(Object.hasOwn(sampledRates!.engines[2]!, 'throughput'), false)
    // Ranked from samples: nothing says the ranking rests on summaries.
    for (const e of sampledRates!.engines) assert.equal(Object.hasOwn(e, 'fromSummaries'), false)
  })

  test('an engine name that is a suffix of a longer one belongs to the benchmark before the slash', () => {
    // "a/b/c" with engine "b/c" is engine b/c of benchmark a; engine "c" of benchmark a/b.
    const rankings = rankEngines(
      results([
        bench('a/b/c', { time: same(10) }, { kind: 'import', parameters: { engine: 'b/c' } }),
        bench('a/x', { time: same(20) }, { kind: 'import', parameters: { engine: 'x' } }),
      ]),
    )
    assert.deepEqual(
      rankings.map((r) => [r.benchmark, r.engines.map((e) => e.engine)]),
      [['a', ['b/c', 'x']]],
    )
  })
})

describe('the engine table of several benchmarks', () => {
  const entry = (engine: string, ratio: number): EngineRankEntry => ({
    engine,
    id: `x/${engine}`,
    median: ratio * 10,
    ratio,
    ci: [ratio, ratio],
  })

  test('every engine once, in the order first seen (ranked, then unranked), a row per benchmark: its entry, failed, or nothing', () => {
    const rankings: EngineRanking[] = [
      { benchmark: 'one', engines: [entry('rust', 1), entry('go', 2)], unranked: ['pcre'] },
      { benchmark: 'two', engines: [entry('re2', 1), entry('rust', 3)], unranked: ['go'] },
    ]
    const table = engineTable(rankings)
    assert.deepEqual(table.engines, ['rust', 'go', 'pcre', 're2'])
    assert.deepEqual(table.rows, [
      { benchmark: 'one', cells: [entry('rust', 1), entry('go', 2), 'failed', undefined] },
      { benchmark: 'two', cells: [entry('rust', 3), 'failed', undefined, entry('re2', 1)] },
    ])
  })

  test('no rankings: no engines and no rows', () => {
    assert.deepEqual(engineTable([]), { engines: [], rows: [] })
  })
})

// ---- Scaling sweeps ----

describe('scaling curves', () => {
  const point = (
    name: string,
    parameters: BenchmarkResult['parameters'],
    throughput: number | undefined,
    o: BenchOptions = {},
  ) =>
    bench(name, throughput === undefined ? {} : { throughput: same(throughput, 'ops/s', 'higher') }, {
      kind: 'scaling',
      parameters,
      gate: ['throughput'],
      ...o,
    })

  test('only scaling results whose name ends in /threads:N or /processes:N are points of a curve', () => {
    const series = scalingSeries(
      results([
        point('s/threads:1', { threads: 1 }, 100),
        point('s/threads:2', { threads: 2 }, 150),
        // Not a scaling kind, a name that does not end in the count, a count in text.
        point('w/threads:2', { threads: 2 }, 100, { kind: 'wall-clock' }),
        point('n/threads:2x', { threads: 2 }, 100),
        point('t/threads:2', { threads: '2' }, 100),
      ]),
      undefined,
      [],
    )
    assert.deepEqual(series, [
      {
        benchmark: 's',
        dimension: 'threads',
        cores: 4,
        points: [
          {
            count: 1,
            id: 's/threads:1',
            verdict: 'missing',
            head: { throughput: 100, speedup: 1, efficiency: 1 },
          },
          {
            count: 2,
            id: 's/threads:2',
            verdict: 'missing',
            head: { throughput: 150, speedup: 1.5, efficiency: 0.75 },
          },
        ],
      },
    ])
  })

  test('each point takes the verdict of its comparison, and the cores of the machine that measured head', () => {
    const head = results(
      [point('s/processes:2', { processes: 2 }, 10), point('s/processes:4', { processes: 4 }, 30)],
      {
        ...ENV,
        cpuCount: 16,
      },
    )
    const series = scalingSeries(head, results([], { ...ENV, cpuCount: 2 }), [
      { id: 's/processes:4', verdict: 'regression' } as BenchmarkComparison,
    ])
    assert.equal(series.length, 1)
    assert.equal(series[0]!.cores, 16)
    assert.equal(series[0]!.dimension, 'processes')
    assert.deepEqual(
      series[0]!.points.map((p) => [p.count, p.verdict, p.head?.speedup, p.head?.efficiency]),
      [
        [2, 'missing', 1, 1],
        [4, 'regression', 3, 1.5],
      ],
    )
  })

  test('a point only the baseline has is drawn with its base side; one both have appears once with both', () => {
    const base = results([
      point('s/threads:1', { threads: 1 }, 40),
      point('s/threads:8', { threads: 8 }, 200),
    ])
    const head = results([point('s/threads:1', { threads: 1 }, 50)])
    const [series] = scalingSeries(head, base, [])
    assert.deepEqual(series!.points, [
      {
        count: 1,
        id: 's/threads:1',
        verdict: 'missing',
        base: { throughput: 40, speedup: 1, efficiency: 1 },
        head: { throughput: 50, speedup: 1, efficiency: 1 },
      },
      // 200 / 40 = 5 at 8 threads: efficiency 5 / 8.
      {
        count: 8,
        id: 's/threads:8',
        verdict: 'missing',
        base: { throughput: 200, speedup: 5, efficiency: 0.625 },
      },
    ])
  })

  test('speedup is against the smallest count measured, wherever it is listed; a failed point has no side', () => {
    const [series] = scalingSeries(
      results([
        point('s/threads:8', { threads: 8 }, 240),
        point('s/threads:2', { threads: 2 }, 60, { status: 'failed' }),
        point('s/threads:4', { threads: 4 }, 120),
      ]),
      undefined,
      [],
    )
    // threads:2 failed, so 4 threads is the smallest count measured: 240 / 120 = 2 at twice the threads.
    assert.deepEqual(
      series!.points.map((p) => [p.count, p.head]),
      [
        [2, undefined],
        [4, { throughput: 120, speedup: 1, efficiency: 1 }],
        [8, { throughput: 240, speedup: 2, efficiency: 1 }],
      ],
    )
  })
})

// ---- Parameter scans ----

describe('parameter scans', () => {
  const at = (
    series: string,
    parameters: BenchmarkResult['parameters'],
    samples: number[] | undefined,
    o: BenchOptions = {},
  ) => {
    const id = `${series}/${Object.entries(parameters)
      .map(([k, v]) => `${k}:${v}`)
      .join(',')}`
    return bench(id, samples === undefined ? {} : { wall: sampled(samples) }, {
      kind: 'process',
      gate: ['wall'],
      parameters,
      series,
      ...o,
    })
  }

  test('one numeric parameter draws a curve in increasing value, each side its median wall time, each point its verdict', () => {
    const head = results([
      at('sort', { n: 1000 }, [7, 8, 9]),
      at('sort', { n: 10 }, [1, 2, 3]),
      at('sort', { n: 100 }, [4, 5, 6]),
    ])
    const base = results([at('sort', { n: 10 }, [2, 2, 2]), at('sort', { n: 5 }, [1, 1, 1])])
    const scans = parameterScans(head, base, [
      { id: 'sort/n:10', verdict: 'improvement' } as BenchmarkComparison,
    ])
    assert.deepEqual(scans, [
      {
        benchmark: 'sort',
        parameter: 'n',
        points: [
          { value: 5, id: 'sort/n:5', verdict: 'missing', base: 1 },
          { value: 10, id: 'sort/n:10', verdict: 'improvement', base: 2, head: 2 },
          { value: 100, id: 'sort/n:100', verdict: 'missing', head: 5 },
          { value: 1000, id: 'sort/n:1000', verdict: 'missing', head: 8 },
        ],
      },
    ])
  })

  test('a point that failed or kept no wall samples has no median on that side', () => {
    const [scan] = parameterScans(
      results([
        at('s', { n: 1 }, [5, 5, 5], { status: 'failed' }),
        at('s', { n: 2 }, []),
        at('s', { n: 3 }, undefined),
        at('s', { n: 4 }, [9, 9, 9]),
      ]),
      undefined,
      [],
    )
    assert.deepEqual(scan!.points, [
      { value: 1, id: 's/n:1', verdict: 'missing' },
      { value: 2, id: 's/n:2', verdict: 'missing' },
      { value: 3, id: 's/n:3', verdict: 'missing' },
      { value: 4, id: 's/n:4', verdict: 'missing', head: 9 },
    ])
  })

  test('no curve for a scan of one point, of a text value, of two parameters, or whose points name different parameters', () => {
    const scans = parameterScans(
      results([
        at('single', { n: 1 }, [1]),
        at('text', { m: 'a' }, [1]),
        at('text', { m: 'b' }, [1]),
        at('two', { n: 1, m: 2 }, [1]),
        at('two', { n: 2, m: 2 }, [1]),
        // A number, then text: the curve is given up on, even though later points are numbers again.
        at('mixed', { n: 1 }, [1]),
        at('mixed', { n: 'x' }, [1]),
        at('mixed', { n: 3 }, [1]),
        at('renamed', { n: 1 }, [1]),
        at('renamed', { k: 2 }, [1]),
        at('renamed', { n: 3 }, [1]),
        // Results that are not points of a scan.
        bench('plain', { wall: same(1) }, { kind: 'process', parameters: { n: 1 } }),
        bench('plain2', { wall: same(1) }, { kind: 'process', parameters: { n: 2 } }),
        // A point without parameters.
        at('bare', {}, [1]),
        at('bare', { n: 2 }, [1]),
        at('kept', { n: 1 }, [1]),
        at('kept', { n: 2 }, [3]),
      ]),
      undefined,
      [],
    )
    assert.deepEqual(
      scans.map((s) => [s.benchmark, s.parameter, s.points.map((p) => [p.value, p.head])]),
      [
        [
          'kept',
          'n',
          [
            [1, 1],
            [2, 3],
          ],
        ],
      ],
    )
  })

  test('a scan the baseline alone has still draws, from its base side', () => {
    const scans = parameterScans(
      results([]),
      results([at('old', { n: 1 }, [4]), at('old', { n: 2 }, [6])]),
      [],
    )
    assert.deepEqual(scans, [
      {
        benchmark: 'old',
        parameter: 'n',
        points: [
          { value: 1, id: 'old/n:1', verdict: 'missing', base: 4 },
          { value: 2, id: 'old/n:2', verdict: 'missing', base: 6 },
        ],
      },
    ])
  })
})

// ---- Across moments: wall time judged on CPU time ----

describe('across moments, when wall time takes CPU time’s verdict', () => {
  type Levels = Record<string, number | Metric>
  /** A process benchmark gated on wall, each metric 21 values around its level (or given as is). */
  const proc = (id: string, levels: Levels, o: BenchOptions = {}) =>
    bench(
      id,
      Object.fromEntries(
        Object.entries(levels).map(([k, v]) => [
          k,
          typeof v === 'number' ? sampled(spread(v), k.endsWith('-cs') ? 'count' : 'ns') : v,
        ]),
      ),
      { kind: 'process', gate: ['wall'], ...o },
    )
  const across = (
    head: BenchmarkResult[],
    base: BenchmarkResult[],
    options: Omit<CompareOptions, 'baseline'> = {},
  ) => compare(head, base, { acrossMoments: true, ...options })
  const wallOf = (c: Comparison, id: string) => rowOf(benchmarkOf(c, id), 'wall')
  const diverge = (shares: string, cpu: string, wall: MetricComparison['verdict']) =>
    `wall and CPU time diverge (wall/CPU ${shares}): at one moment the program waited for a CPU; across moments the verdict is CPU time’s (${cpu}), not wall time’s (${wall})`
  const NO_RUNS = 'within ±25.0%, assumed: no stored runs to know the drift from'

  test('a wall time the tool gave as one exact value keeps the exact rule, whatever CPU time did', () => {
    const c = across(
      [proc('once', { wall: exact(90e6), cpu: exact(30e6) })],
      [proc('once', { wall: exact(30e6), cpu: exact(30e6) })],
    )
    // Three times the exact wall time: a regression, though wall/CPU went from 1 to 3 with CPU time the same.
    const wall = wallOf(c, 'once')
    assert.equal(wall.verdict, 'regression')
    assert.deepEqual(wall.notes, [])
  })

  test('wall time unclear, CPU time unchanged on a side that waited: wall time is unchanged, with no reason for doubt left', () => {
    // Wall +20% is within the gross bound of ±25%: unclear on its own. CPU time −4% (30 → 28.8 ms) is
    // within the 5% threshold; head's wall/CPU is 36 / 28.8 = 1.25, the start of the rule.
    const c = across([proc('p', { wall: 36e6, cpu: 28.8e6 })], [proc('p', { wall: 30e6, cpu: 30e6 })])
    const wall = wallOf(c, 'p')
    assert.equal(wall.verdict, 'unchanged')
    assert.equal(Object.hasOwn(wall, 'why'), false)
    assert.equal(wall.notes.at(-1), diverge('1.00 base, 1.25 head', 'cpu -4.00%: unchanged', 'unclear'))
    assert.equal(benchmarkOf(c, 'p').verdict, 'unchanged')
  })

  test('CPU time unclear across moments: wall time is unclear for CPU time’s reason', () => {
    // CPU time −20% (30 → 24 ms): its interval, about 0.79 … 0.81, is not wholly below 1 / 1.25 = 0.8.
    // Head's wall/CPU is 36 / 24 = 1.5.
    const c = across([proc('p', { wall: 36e6, cpu: 24e6 })], [proc('p', { wall: 30e6, cpu: 30e6 })])
    const cpu = rowOf(benchmarkOf(c, 'p'), 'cpu')
    assert.deepEqual([cpu.verdict, cpu.why], ['unclear', NO_RUNS])
    const wall = wallOf(c, 'p')
    assert.equal(wall.verdict, 'unclear')
    assert.equal(wall.why, `CPU time’s verdict: ${NO_RUNS}`)
    assert.equal(wall.notes.at(-1), diverge('1.00 base, 1.50 head', 'cpu -20.0%: unclear', 'unclear'))
  })

  test('user + sys kept as means without a spread, 7% more: unclear, for it takes twice the threshold', () => {
    // 20 + 10 = 30 ms → 21.4 + 10.7 = 32.1 ms: +7%, beyond 5% but not beyond 10%.
    const means = (user: number, sys: number) => ({
      user: summary({ center: user, statistic: 'mean' }),
      sys: summary({ center: sys, statistic: 'mean' }),
    })
    const c = across(
      [proc('p', { wall: 96.3e6, ...means(21.4e6, 10.7e6) })],
      [proc('p', { wall: 30e6, ...means(20e6, 10e6) })],
    )
    const wall = wallOf(c, 'p')
    assert.equal(wall.verdict, 'unclear')
    assert.equal(
      wall.why,
      'CPU time’s verdict: summary only, without a spread: a change counts only beyond twice the threshold (10%)',
    )
    // 96.3 / 32.1 = 3.00.
    assert.equal(
      wall.notes.at(-1),
      diverge('1.00 base, 3.00 head', 'user + sys +7.00%: unclear', 'regression'),
    )
  })

  test('user + sys beyond twice the threshold but within the gross bound: unclear, counting the stored runs of user time', () => {
    // +20% (30 → 36 ms): beyond 10%, but within ±25% while too few stored runs show the drift.
    const side = (wall: number, user: number) =>
      proc('p', { wall, user: summary({ center: user }), sys: summary({ center: 10e6 }) })
    const stored = (createdAt: string) => ({ ...results([side(30e6, 20e6)]), createdAt })
    const history = [stored('2026-11-19T00:00:00.000Z'), stored('2026-11-20T00:00:00.000Z')]
    const c = compareResults(results([side(108e6, 26e6)]), {
      baseline: { results: history[1]!, source: 'store', reason: 'test' },
      history: { branch: 'main', results: history },
      acrossMoments: true,
    })
    const wall = wallOf(c, 'p')
    assert.equal(wall.verdict, 'unclear')
    assert.equal(
      wall.why,
      'CPU time’s verdict: within ±25.0%, assumed: only 2 stored runs of the same code, too few to know its drift',
    )
    // Without stored runs, the bound is assumed with none.
    const alone = across([side(108e6, 26e6)], [side(30e6, 20e6)])
    assert.equal(wallOf(alone, 'p').why, `CPU time’s verdict: ${NO_RUNS}`)
  })
})

describe('across moments, CPU time against the drift of wall time between two runs', () => {
  const SHA = 'b'.repeat(40)
  const proc = (wall: number, cpu: number): BenchmarkResult =>
    bench(
      'p',
      { wall: sampled(spread(wall)), cpu: sampled(spread(cpu)) },
      { kind: 'process', gate: ['wall'] },
    )
  const run = (wall: number, cpu: number, day: number): ResultSet => ({
    ...results([proc(wall * 1e6, cpu * 1e6)]),
    commit: { sha: SHA, branch: 'main' },
    createdAt: `2026-11-${day}T00:00:00.000Z`,
  })
  // Five quiet runs of one commit, the baseline the second. Wall time 100, 102, 98, 101, 99 ms: median
  // 100, log deviations ±0.0198 and ±0.0100, σ = 0.015814 on 4 degrees of freedom (t = 4.6041). Two
  // runs stay within exp(4.6041 · √2 · σ) = 1.1085; a new run within exp(4.6041 · σ · √(1 + π/10)) =
  // 1.0870 of the median, and the baseline lies 2% above it. CPU time within 0.2% of 100 ms.
  const stored = [
    run(100, 100, 10),
    run(102, 100, 11),
    run(98, 100.2, 12),
    run(101, 99.9, 13),
    run(99, 99.8, 14),
  ]
  const judged = (cpu: number) =>
    compareResults(results([proc(109e6, cpu)]), {
      baseline: { results: stored[1]!, source: 'store', reason: 'test' },
      history: { branch: 'main', results: stored },
      acrossMoments: true,
    })

  test('wall time unclear: CPU time +9% is within the 1.1085 two runs of wall time differ by, so it does not decide', () => {
    // Wall 102 → 109 ms: +6.9% here, +9% against the median, not wholly beyond 1.0870: unclear.
    // CPU 100 → 109 ms, its interval about +8.3% … +10.1%: a regression on its own tight history, and
    // not measured from wall time's median, whose baseline's 2% would carry it past 1.0870.
    const c = judged(109e6)
    assert.equal(rowOf(benchmarkOf(c, 'p'), 'cpu').verdict, 'regression')
    const wall = rowOf(benchmarkOf(c, 'p'), 'wall')
    assert.equal(wall.verdict, 'unclear')
    assert.doesNotMatch(wall.notes.join('\n'), /CPU time/)
  })

  test('wall time unclear: CPU time +11.3% is beyond that drift, but its interval is not wholly, so it does not decide', () => {
    // CPU 100 → 111.3 ms: its interval about +10.4% … +12.2% reaches below 1.1085.
    const c = judged(111.3e6)
    assert.equal(rowOf(benchmarkOf(c, 'p'), 'cpu').verdict, 'regression')
    assert.equal(rowOf(benchmarkOf(c, 'p'), 'wall').verdict, 'unclear')
  })

  test('wall time unclear: CPU time +15% is beyond that drift, and decides, though within the gross bound of ±25%', () => {
    const c = judged(115e6)
    const wall = rowOf(benchmarkOf(c, 'p'), 'wall')
    assert.equal(wall.verdict, 'regression')
    assert.equal(
      wall.notes.at(-1),
      'CPU time changed beyond what a change of the machine between the runs explains (cpu +15.0%: regression): the program itself does more or less work, so wall time takes CPU time’s verdict',
    )
  })
})

describe('across moments, one side measured on a busy machine', () => {
  /** Other programs used half of the CPUs over a second: a busy machine. */
  const BUSY: Contention = {
    cpus: 2,
    loadAverage: { start: 2, end: 2 },
    windowMs: 1000,
    stealPercent: 0,
    busyPercent: 90,
    otherBusyPercent: 50,
  }
  const SHA = 'a'.repeat(40)
  const proc = (levels: Record<string, number>, busy = false): BenchmarkResult => ({
    ...bench('p', Object.fromEntries(Object.entries(levels).map(([k, v]) => [k, sampled(spread(v))])), {
      kind: 'process',
      gate: ['wall'],
    }),
    ...(busy ? { contention: BUSY } : {}),
  })
  const run = (b: BenchmarkResult, day: number): ResultSet => ({
    ...results([b]),
    commit: { sha: SHA, branch: 'main' },
    createdAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  })
  /** Head's CPU time +30% on a busy machine against a quiet base; stored runs of wall time only. */
  const judged = (stored: ResultSet[], headWall = 39e6) =>
    compareResults(run(proc({ wall: headWall, cpu: 39e6 }, true), 21), {
      baseline: { results: run(proc({ wall: 30e6, cpu: 30e6 }), 20), source: 'store', reason: 'test' },
      history: { branch: 'main', results: stored },
      acrossMoments: true,
    })
  const CPU_DECIDES =
    'CPU time changed beyond what a change of the machine between the runs explains (cpu +30.0%: regression): the program itself does more or less work, so wall time takes CPU time’s verdict'

  test('no stored busy runs to tell what a busy moment does to wall time: CPU time beyond the gross bound decides, once', () => {
    // One quiet stored run: how far the busy head moved wall time is unknown, so wall time alone (twice
    // the time) is unclear. CPU time (no stored runs) +30%, its interval +29% … +31% beyond ±25%: a
    // regression. Head's wall/CPU is 60 / 39 = 1.54, but CPU time has decided already: one note, not two.
    const c = judged([run(proc({ wall: 30e6 }), 10)], 60e6)
    const wall = rowOf(benchmarkOf(c, 'p'), 'wall')
    assert.equal(wall.drift?.busyUnknown, true)
    assert.equal(rowOf(benchmarkOf(c, 'p'), 'cpu').verdict, 'regression')
    assert.equal(wall.verdict, 'regression')
    assert.equal(wall.notes.at(-1), CPU_DECIDES)
    assert.doesNotMatch(wall.notes.join('\n'), /diverge/)
    assert.equal(Object.hasOwn(wall, 'why'), false)
  })

  test('stored busy runs that moved wall time far: CPU time decides on its own bound, not on what the load did to wall time', () => {
    // Four quiet runs (30, 31.2, 28.8, 30.6 ms) and three busy ones (39, 40.5, 37.5 ms) of one commit:
    // a busy moment moved wall time by about +29% (σ ≈ 0.254 on the log scale), which with the quiet
    // runs' drift allows a factor of about 4.5 between a quiet and a busy run. The +30% of CPU time is
    // within that, yet beyond CPU time's own gross bound: the load is what the CPU rule sees through.
    const quiet = [30e6, 31.2e6, 28.8e6, 30.6e6].map((w, i) => run(proc({ wall: w }), 10 + i))
    const busy = [39e6, 40.5e6, 37.5e6].map((w, i) => run(proc({ wall: w }, true), 15 + i))
    const c = judged([...quiet, ...busy])
    const wall = rowOf(benchmarkOf(c, 'p'), 'wall')
    assert.equal(wall.drift?.mixed?.busyRuns, 3)
    assert.ok(
      wall.drift!.allowance! > 4.4 && wall.drift!.allowance! < 4.5,
      `allowance ${wall.drift!.allowance}`,
    )
    assert.equal(wall.verdict, 'regression')
    assert.equal(wall.notes.at(-1), CPU_DECIDES)
  })
})

// ---- Benchmarks compared unpaired within a job ----

describe('benchmarks of a paired job that were not paired', () => {
  test('each is told why: an imported one was measured once per side by its tool; another’s runs did not alternate', () => {
    const side = (scale: number) => [
      bench('paired', { wall: sampled(spread(100 * scale)) }, { kind: 'process' }),
      bench('imported', { time: sampled(spread(100 * scale)) }),
      bench('inProcess', { time: sampled(spread(100 * scale)) }, { kind: 'wall-clock' }),
    ]
    const diagonal = spread(1).map((_, i): [number, number] => [i, i])
    const c = compare(side(1), side(1), { pairs: { paired: diagonal } })
    assert.deepEqual(benchmarkOf(c, 'imported').notes, [
      'not paired: imported, so measured once per side by the tool that wrote the file, not in runs interleaved with the other side; compared unpaired',
    ])
    assert.deepEqual(benchmarkOf(c, 'inProcess').notes, [
      'not paired: its base and head runs did not alternate run by run; compared unpaired',
    ])
    assert.deepEqual(benchmarkOf(c, 'paired').notes, [])
  })
})
