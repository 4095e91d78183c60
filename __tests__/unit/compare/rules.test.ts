// The rules compare applies beyond the verdict of one pair of numbers, stated with inputs built by hand
// and values worked out by hand: which environment differences count, how exact values, summaries and
// samples are compared (by ratio or by difference), what a side with no values gives, how pairs are
// counted, when CPU time decides for wall time across moments, how large suites, rankings and scaling
// sweeps are reported, and which verdict wins. Every sampled input is deterministic, and the bootstrap
// is seeded from the benchmark and metric names, so every run gives the same result.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type BenchmarkComparison,
  type CompareOptions,
  type Comparison,
  compareResults,
  exitCodeFor,
  type MetricComparison,
} from '../../../src/compare/index.ts'
import type { BenchmarkResult, Contention, Environment, Metric, ResultSet } from '../../../src/results.ts'
import { resultSetOf } from '../../support/helpers.ts'

// ---- Building results by hand ----

const ENV: Environment = {
  os: 'linux',
  arch: 'x64',
  cpuModel: 'Xeon',
  cpuCount: 2,
  kernel: '6.1',
  node: 'v20',
  tools: {},
}

function results(benchmarks: BenchmarkResult[], environment: Environment = ENV): ResultSet {
  return { ...resultSetOf('s', { branch: 'main' }, '2026-11-21T00:00:00.000Z', benchmarks), environment }
}

interface BenchOptions {
  kind?: BenchmarkResult['kind']
  /** Gated metrics; by default the first. */
  gate?: string[]
  points?: number
  status?: BenchmarkResult['status']
  parameters?: BenchmarkResult['parameters']
  contention?: Contention
}

/** A benchmark `id` with these metrics, gated at 5% and α = 0.01. */
function bench(id: string, metrics: Record<string, Metric>, o: BenchOptions = {}): BenchmarkResult {
  return {
    id,
    name: id,
    kind: o.kind ?? 'import',
    parameters: o.parameters ?? {},
    status: o.status ?? 'ok',
    metrics,
    gate: {
      metrics: o.gate ?? Object.keys(metrics).slice(0, 1),
      threshold: 0.05,
      alpha: 0.01,
      ...(o.points !== undefined ? { points: o.points } : {}),
    },
    notes: [],
    ...(o.contention ? { contention: o.contention } : {}),
  }
}

const exact = (
  value: number,
  unit: Metric['unit'] = 'count',
  direction: Metric['direction'] = 'lower',
): Metric => ({
  unit,
  direction,
  value,
})

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

/**
 * 21 values from 0.99 × center to 1.01 × center in steps of 0.1%: the middle one, and so the median, is
 * exactly `center`.
 */
const spread = (center: number): number[] =>
  Array.from({ length: 21 }, (_, i) => center * (1 + (i - 10) / 1000))

/**
 * A busy moment: half the runs at `level`, the other half stretched to 1.3× … 3.1× `level`. The median is
 * (level + 1.3 × level) / 2 = 1.15 × level, and the spread is so wide that no interval of a ratio of two
 * such sides excludes a change of ±20%.
 */
const busy = (level: number): number[] => [
  ...Array<number>(10).fill(level),
  ...Array.from({ length: 10 }, (_, k) => level * (1.3 + 0.2 * k)),
]

const baselineOf = (base: ResultSet): NonNullable<CompareOptions['baseline']> => ({
  results: base,
  source: 'base.json',
  reason: 'test',
})

/** head compared with base as a baseline, with the rest of the options. */
function compare(
  head: BenchmarkResult[],
  base: BenchmarkResult[],
  options: Omit<CompareOptions, 'baseline'> = {},
  environments: { base?: Environment; head?: Environment } = {},
): Comparison {
  return compareResults(results(head, environments.head), {
    baseline: baselineOf(results(base, environments.base)),
    ...options,
  })
}

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

/** Every verdict counted, 0 unless given. */
const counts = (some: Partial<Comparison['counts']>): Comparison['counts'] => ({
  regression: 0,
  failed: 0,
  accepted: 0,
  unclear: 0,
  warning: 0,
  improvement: 0,
  new: 0,
  missing: 0,
  unchanged: 0,
  ...some,
})

/** decideAcrossMoments' way of writing a change: sign, one decimal, a real minus sign. */
const percent = (change: number): string =>
  `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change * 100).toFixed(1)}%`

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual}, expected ${expected}`)

const ENV_NOTE = 'environment differs from the baseline: shown as a warning, not failing'
const BASE_ZERO_NOTE =
  'base is 0: shown as the difference; any change from an exact 0 is beyond the threshold'
const HEAD_ZERO_NOTE = 'head is 0: shown as the difference (a change of −100%)'
const NOT_BY_RATIO =
  'not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference is shown but not judged (no absolute threshold)'
const BY_POINTS = 'not compared by ratio: values can be ≤ 0; judged by the difference'

// ---- Environment differences ----

describe('environment differences', () => {
  const baseEnv: Environment = {
    os: 'linux',
    arch: 'x64',
    cpuModel: 'Xeon',
    cpuCount: 2,
    kernel: '6.1',
    glibc: '2.36',
    node: 'v20',
    tools: { zig: '0.13.0', cc: 'gcc 12', valgrind: '3.19', rustc: '1.80' },
  }
  const headEnv: Environment = {
    os: 'linux',
    arch: 'x64',
    cpuModel: 'Xeon',
    cpuCount: 4,
    kernel: '6.8',
    node: 'v22',
    runnerImage: 'ubuntu24/20261101',
    tools: { zig: '0.14.0', cc: 'gcc 13', valgrind: '3.19', cargo: '1.80' },
  }
  const counted = (ir: number, dr: number, allocations: number) =>
    bench(
      'parse',
      {
        ir: exact(ir, 'instructions'),
        dr: exact(dr, 'instructions'),
        allocations: exact(allocations),
        frees: exact(0),
      },
      { kind: 'instructions', gate: ['ir', 'dr', 'allocations', 'frees'] },
    )

  test('an environment difference turns changed exact counts into warnings, names each differing key both sides know, and leaves unchanged counts alone', () => {
    const c = compare([counted(1100, 500, 3)], [counted(1000, 500, 0)], {}, { base: baseEnv, head: headEnv })
    // Fingerprint keys in their order, then tools by name; glibc (head does not know it), the runner
    // image (base does not), node, a tool on one side only and one at the same version are not named.
    assert.deepEqual(c.environmentDifferences, [
      { key: 'kernel', base: '6.1', head: '6.8' },
      { key: 'cpuCount', base: '2', head: '4' },
      { key: 'cc', base: 'gcc 12', head: 'gcc 13' },
      { key: 'zig', base: '0.13.0', head: '0.14.0' },
    ])
    const b = benchmarkOf(c, 'parse')
    const ir = rowOf(b, 'ir')
    assert.deepEqual(
      [ir.verdict, ir.exact, ir.notes],
      ['warning', true, [ENV_NOTE]],
      '+10% would be a regression',
    )
    close(ir.change, 0.1, 'ir change')
    const dr = rowOf(b, 'dr')
    assert.deepEqual([dr.verdict, dr.change, dr.notes], ['unchanged', 0, []])
    // A count from 0 is compared by difference, and is a warning too, with both reasons.
    const allocations = rowOf(b, 'allocations')
    assert.deepEqual(
      [allocations.verdict, allocations.exact, allocations.basis, allocations.difference, allocations.notes],
      ['warning', true, 'difference', 3, [BASE_ZERO_NOTE, ENV_NOTE]],
    )
    // A count that stays 0 did not change, whatever the toolchain.
    const frees = rowOf(b, 'frees')
    assert.deepEqual([frees.verdict, frees.difference, frees.notes], ['unchanged', 0, []])
    assert.equal(b.verdict, 'warning')
    assert.equal(c.verdict, 'pass')
    assert.deepEqual(c.counts, counts({ warning: 1 }))
    assert.equal(exitCodeFor(c), 0)
  })

  test('differences only in keys that are not fingerprints, or that one side does not know, change nothing', () => {
    const sameFingerprint: Environment = {
      ...baseEnv,
      glibc: undefined,
      node: 'v22',
      runnerImage: 'ubuntu24/20261101',
      tools: { zig: '0.13.0', cc: 'gcc 12', cargo: '1.80' },
    }
    const c = compare(
      [counted(1100, 500, 3)],
      [counted(1000, 500, 0)],
      {},
      { base: baseEnv, head: sameFingerprint },
    )
    assert.deepEqual(c.environmentDifferences, [])
    const b = benchmarkOf(c, 'parse')
    assert.deepEqual([rowOf(b, 'ir').verdict, rowOf(b, 'ir').notes], ['regression', []])
    assert.deepEqual(
      [rowOf(b, 'allocations').verdict, rowOf(b, 'allocations').notes],
      ['regression', [BASE_ZERO_NOTE]],
    )
    assert.equal(c.verdict, 'regression')
    assert.equal(exitCodeFor(c), 1)
  })
})

// ---- Exact values ----

describe('exact values', () => {
  test('values above 0 are compared by ratio: beyond the threshold a regression or an improvement, at it or equal unchanged, with no note', () => {
    const side = (up: number, down: number, same: number, edge: number) =>
      bench(
        'b',
        { up: exact(up), down: exact(down), same: exact(same), edge: exact(edge) },
        {
          gate: ['up', 'down', 'same', 'edge'],
        },
      )
    const b = benchmarkOf(compare([side(2200, 1800, 2000, 2100)], [side(2000, 2000, 2000, 2000)]), 'b')
    const expected = { up: 'regression', down: 'improvement', same: 'unchanged', edge: 'unchanged' }
    for (const [metric, verdict] of Object.entries(expected)) {
      const m = rowOf(b, metric)
      assert.deepEqual([m.verdict, m.exact, m.basis, m.notes], [verdict, true, undefined, []], metric)
    }
    close(rowOf(b, 'up').ratio, 1.1, 'up ratio')
    close(rowOf(b, 'down').change, -0.1, 'down change')
    close(rowOf(b, 'edge').change, 0.05, 'a change exactly at the threshold')
    assert.equal(b.verdict, 'regression')
  })

  test('an exact 0 or a value below 0 is compared by difference: from 0 any increase counts, a fall to 0 is −100%, a sign change is shown but not judged', () => {
    const side = (values: Record<string, number>) =>
      bench('b', Object.fromEntries(Object.entries(values).map(([k, v]) => [k, exact(v)])), {
        gate: Object.keys(values),
      })
    const b = benchmarkOf(
      compare(
        [side({ fromZero: 3, toZero: 0, zeros: 0, negToPos: 5, posToNeg: -2 })],
        [side({ fromZero: 0, toZero: 5, zeros: 0, negToPos: -10, posToNeg: 4 })],
      ),
      'b',
    )
    const expected: Record<string, [MetricComparison['verdict'], number, string[]]> = {
      fromZero: ['regression', 3, [BASE_ZERO_NOTE]],
      toZero: ['improvement', -5, [HEAD_ZERO_NOTE]],
      zeros: ['unchanged', 0, []],
      negToPos: ['unclear', 15, [NOT_BY_RATIO]],
      posToNeg: ['unclear', -6, [NOT_BY_RATIO]],
    }
    for (const [metric, [verdict, difference, notes]] of Object.entries(expected)) {
      const m = rowOf(b, metric)
      assert.deepEqual(
        [m.verdict, m.exact, m.basis, m.difference, m.notes],
        [verdict, true, 'difference', difference, notes],
        metric,
      )
      assert.ok(Number.isNaN(m.ratio) && Number.isNaN(m.change), `${metric}: no ratio by difference`)
    }
  })

  test('a percent metric gated on points is judged by its difference in points; a metric in another unit under the same gate is not', () => {
    const side = (values: Record<string, [number, Metric['unit'], Metric['direction']]>) =>
      bench(
        'b',
        Object.fromEntries(
          Object.entries(values).map(([k, [v, unit, direction]]) => [k, exact(v, unit, direction)]),
        ),
        { gate: Object.keys(values), points: 2 },
      )
    const b = benchmarkOf(
      compare(
        [
          side({
            worse: [2, 'percent', 'lower'],
            better: [-1, 'percent', 'lower'],
            atLimit: [1, 'percent', 'lower'],
            atLimitBetter: [-1, 'percent', 'lower'],
            higher: [2, 'percent', 'higher'],
            notPercent: [2, 'ns', 'lower'],
          }),
        ],
        [
          side({
            worse: [-1, 'percent', 'lower'],
            better: [2, 'percent', 'lower'],
            atLimit: [-1, 'percent', 'lower'],
            atLimitBetter: [1, 'percent', 'lower'],
            higher: [-1, 'percent', 'higher'],
            notPercent: [-1, 'ns', 'lower'],
          }),
        ],
      ),
      'b',
    )
    // 3 points worse, 3 better, exactly 2 either way (within), 3 up where higher is better; ns has no points.
    const expected: Record<string, [MetricComparison['verdict'], number, string]> = {
      worse: ['regression', 3, BY_POINTS],
      better: ['improvement', -3, BY_POINTS],
      atLimit: ['unchanged', 2, BY_POINTS],
      atLimitBetter: ['unchanged', -2, BY_POINTS],
      higher: ['improvement', 3, BY_POINTS],
      notPercent: ['unclear', 3, NOT_BY_RATIO],
    }
    for (const [metric, [verdict, difference, note]] of Object.entries(expected)) {
      const m = rowOf(b, metric)
      assert.deepEqual([m.verdict, m.difference, m.notes], [verdict, difference, [note]], metric)
    }
  })

  test('samples take precedence over a value beside them; an empty sample list leaves the value to be compared', () => {
    const side = (value: number) =>
      bench(
        'b',
        {
          both: { unit: 'ns', direction: 'lower', samples: spread(100), value },
          emptySamples: { unit: 'count', direction: 'lower', samples: [], value: value * 100 },
        },
        { gate: ['both', 'emptySamples'] },
      )
    const b = benchmarkOf(compare([side(11)], [side(10)]), 'b')
    const both = rowOf(b, 'both')
    assert.deepEqual(
      [both.verdict, both.exact, both.ratio],
      ['unchanged', false, 1],
      'the samples are the same',
    )
    const emptySamples = rowOf(b, 'emptySamples')
    assert.deepEqual([emptySamples.verdict, emptySamples.exact], ['regression', true], '1000 → 1100')
    close(emptySamples.change, 0.1, 'emptySamples change')
  })

  test('a metric’s own unit label is carried onto its row; a metric without one has none', () => {
    const side = (v: number) =>
      bench('b', { score: { ...exact(v, 'other'), label: 'points' }, count: exact(v) }, { gate: ['score'] })
    const b = benchmarkOf(compare([side(10)], [side(10)]), 'b')
    assert.equal(rowOf(b, 'score').label, 'points')
    assert.equal(Object.hasOwn(rowOf(b, 'count'), 'label'), false)
  })
})

// ---- Summaries ----

describe('summary-only metrics', () => {
  test('a summary on one side and samples on the other are compared as two summaries: the samples’ median, spread and count', () => {
    // Base 100 ± 2.576 × 1/√10, head (samples 119, 120, 121) 120 ± 2.576 × 1/√3: apart, +20%.
    const c = compare(
      [bench('b', { t: sampled([119, 120, 121]) })],
      [bench('b', { t: summary({ center: 100, stddev: 1, n: 10 }) })],
    )
    const m = rowOf(benchmarkOf(c, 'b'), 't')
    assert.deepEqual([m.verdict, m.test, m.exact], ['regression', 'summary-intervals', false])
    close(m.change, 0.2, 'change')
    assert.deepEqual([m.base.median, m.head.median], [100, 120])
    // One sample says nothing of the spread: the stricter rule without one, twice the threshold, and
    // +6% is not beyond 10%.
    const one = rowOf(
      benchmarkOf(
        compare(
          [bench('b', { t: sampled([106]) })],
          [bench('b', { t: summary({ center: 100, stddev: 1, n: 10 }) })],
        ),
        'b',
      ),
      't',
    )
    assert.deepEqual([one.verdict, one.test], ['unclear', 'summary-twice-threshold'])
  })

  test('centers at or below 0 are compared by difference and not judged; equal centers are unchanged', () => {
    const side = (centers: Record<string, number>) =>
      bench(
        'b',
        Object.fromEntries(Object.entries(centers).map(([k, center]) => [k, summary({ center, stddev: 1 })])),
        { gate: Object.keys(centers) },
      )
    const c = compare(
      [side({ fromZero: 5, toZero: 0, zeros: 0, negative: -3, positive: 100 })],
      [side({ fromZero: 0, toZero: 5, zeros: 0, negative: -3, positive: 100 })],
    )
    const b = benchmarkOf(c, 'b')
    const expected: Record<string, [MetricComparison['verdict'], number, string[]]> = {
      fromZero: ['unclear', 5, [NOT_BY_RATIO]],
      toZero: ['unclear', -5, [NOT_BY_RATIO]],
      zeros: ['unchanged', 0, []],
      negative: ['unchanged', 0, []],
    }
    for (const [metric, [verdict, difference, notes]] of Object.entries(expected)) {
      const m = rowOf(b, metric)
      assert.deepEqual(
        [m.verdict, m.basis, m.difference, m.test, m.exact, m.notes],
        [verdict, 'difference', difference, 'summary-difference', false, notes],
        metric,
      )
    }
    // Centers above 0: by ratio, with the intervals of summary-only.ts.
    const positive = rowOf(b, 'positive')
    assert.deepEqual(
      [positive.verdict, positive.basis, positive.ratio, positive.test],
      ['unchanged', undefined, 1, 'summary-intervals'],
    )
    assert.equal(Object.hasOwn(positive, 'drift'), false, 'no drift: not across moments')
  })

  test('measured in one job, a summary’s verdict is its own: the stored runs’ noise is neither applied nor shown', () => {
    const rebar = (center: number, interval: [number, number]) =>
      bench('b', { time: summary({ center, interval }) })
    const history = [100, 115, 104].map((center) => results([rebar(center, [center - 1, center + 1])]))
    const c = compareResults(results([rebar(110, [109, 111])]), {
      baseline: baselineOf(history[0]!),
      history: { branch: 'main', results: history },
    })
    const m = rowOf(benchmarkOf(c, 'b'), 'time')
    assert.equal(m.verdict, 'regression', '+10%, intervals apart')
    assert.equal(m.drift, undefined)
  })

  test('across moments, a summary’s change must lie beyond the bound with the whole interval its two sides’ intervals give', () => {
    const side = (centers: Record<string, NonNullable<Metric['summary']>>) =>
      bench('b', Object.fromEntries(Object.entries(centers).map(([k, s]) => [k, summary(s)])), {
        gate: Object.keys(centers),
      })
    const c = compare(
      [
        side({
          apart: { center: 200, interval: [190, 210] },
          baseFromZero: { center: 10, interval: [9, 11] },
          headFromZero: { center: 1, interval: [0, 2] },
          baseWithoutSpread: { center: 300, interval: [290, 310] },
          within: { center: 101, interval: [100, 102] },
        }),
      ],
      [
        side({
          apart: { center: 100, interval: [99, 101] },
          baseFromZero: { center: 1, interval: [0, 2] },
          headFromZero: { center: 100, interval: [90, 110] },
          baseWithoutSpread: { center: 100 },
          within: { center: 100, interval: [99, 101] },
        }),
      ],
      { acrossMoments: true },
    )
    assert.equal(c.acrossMoments, true)
    const b = benchmarkOf(c, 'b')
    const rule = (what: string, limit: string) =>
      `across moments, ${what} needs the whole interval beyond ${limit} (±25.0%, assumed: no stored runs to know the drift from)`
    const last = (metric: string) => rowOf(b, metric).notes.at(-1)
    // [190 / 101, 210 / 99] = [1.881, 2.121]: wholly beyond 1.25.
    assert.equal(rowOf(b, 'apart').verdict, 'regression')
    assert.equal(last('apart'), `${rule('a regression', '+25.0%')}; the interval is +88.1% to +112.1%`)
    // An interval reaching 0 gives no interval of the ratio: the change itself, 10 / 1 = +900%.
    assert.equal(rowOf(b, 'baseFromZero').verdict, 'regression')
    assert.equal(last('baseFromZero'), `${rule('a regression', '+25.0%')}; the change is +900.0%`)
    // 1 / 100: −99%, beyond −20%.
    assert.equal(rowOf(b, 'headFromZero').verdict, 'improvement')
    assert.equal(last('headFromZero'), `${rule('an improvement', '−20.0%')}; the change is −99.0%`)
    // No spread on a side: the change itself, 300 / 100.
    assert.equal(rowOf(b, 'baseWithoutSpread').verdict, 'regression')
    assert.equal(last('baseWithoutSpread'), `${rule('a regression', '+25.0%')}; the change is +200.0%`)
    // Within the threshold: unchanged, and nothing said of moments.
    assert.equal(rowOf(b, 'within').verdict, 'unchanged')
    assert.equal(rowOf(b, 'within').notes.length, 1)
    assert.doesNotMatch(rowOf(b, 'within').notes.join('\n'), /across moments|drift/)
  })
})

// ---- Samples ----

describe('sampled metrics', () => {
  test('fewer than two values on a side: no interval, no p-value and no test; the row says why, and is not exact', () => {
    const c = compare(
      [
        bench(
          'b',
          { near: sampled([100.5]), far: sampled([150]), valueVsSamples: sampled([100, 100, 100]) },
          {
            gate: ['near', 'far', 'valueVsSamples'],
          },
        ),
      ],
      [
        bench(
          'b',
          { near: sampled(spread(100)), far: sampled(spread(100)), valueVsSamples: exact(100, 'ns') },
          {
            gate: ['near', 'far', 'valueVsSamples'],
          },
        ),
      ],
    )
    const b = benchmarkOf(c, 'b')
    const fewNote = (base: number, head: number) =>
      `only ${base} base and ${head} head samples: no interval and no p-value from fewer than 2 samples on a side, so no change can be significant`
    const expected: Record<string, [MetricComparison['verdict'], string]> = {
      near: ['unchanged', fewNote(21, 1)],
      far: ['unclear', fewNote(21, 1)],
      valueVsSamples: ['unchanged', fewNote(1, 3)],
    }
    for (const [metric, [verdict, note]] of Object.entries(expected)) {
      const m = rowOf(b, metric)
      assert.deepEqual(
        [m.verdict, m.exact, m.ci, m.pValue, m.test, m.basis, m.notes],
        [verdict, false, undefined, undefined, undefined, undefined, [note]],
        metric,
      )
    }
    close(rowOf(b, 'far').change, 0.5, 'far change')
  })

  test('two values a side are enough for the test and the interval', () => {
    const c = compare([bench('b', { t: sampled([102, 103]) })], [bench('b', { t: sampled([100, 101]) })])
    const m = rowOf(benchmarkOf(c, 'b'), 't')
    assert.equal(m.verdict, 'unchanged', '102.5 / 100.5: +2%')
    assert.match(m.test!, /^mann-whitney-/)
    assert.equal(typeof m.pValue, 'number')
    assert.equal(m.ci?.length, 2)
    assert.match(m.notes.join('\n'), /only 2 base and 2 head samples: fewer than 9 a side/)
  })

  test('values that can be ≤ 0 are compared by difference: the rank test’s p-value is kept from two values a side, none with one', () => {
    // Efficiency in percent around 0 (−2 … 2), then 8 … 12: +10 points where higher is better, beyond
    // the 5 points the gate allows. Five against five, wholly apart: the exact two-sided p is 2 / C(10, 5).
    const side = (efficiency: number[], offset: number[]) =>
      bench(
        'b',
        { efficiency: sampled(efficiency, 'percent', 'higher'), offset: sampled(offset) },
        { gate: ['efficiency', 'offset'], points: 5 },
      )
    const c = compare([side([8, 9, 10, 11, 12], [3, 4])], [side([-2, -1, 0, 1, 2], [-1])])
    const b = benchmarkOf(c, 'b')
    const efficiency = rowOf(b, 'efficiency')
    assert.deepEqual(
      [efficiency.verdict, efficiency.basis, efficiency.difference, efficiency.exact, efficiency.test],
      ['improvement', 'difference', 10, false, 'mann-whitney-exact'],
    )
    close(efficiency.pValue!, 2 / 252, 'p')
    assert.ok(efficiency.differenceCi![0] > 5, `interval ${efficiency.differenceCi}`)
    assert.deepEqual(efficiency.notes, [
      'not compared by ratio: values can be ≤ 0; judged by the difference of medians',
    ])
    // One value in base: no interval, no test; ns has no points, so the difference (3.5 − −1) is not judged.
    const offset = rowOf(b, 'offset')
    assert.deepEqual(
      [offset.verdict, offset.basis, offset.difference, offset.exact, offset.differenceCi],
      ['unclear', 'difference', 4.5, false, undefined],
    )
    assert.equal(Object.hasOwn(offset, 'pValue'), false)
    assert.equal(Object.hasOwn(offset, 'test'), false)
    assert.match(offset.notes.join('\n'), /only 1 base and 2 head samples: no interval and no p-value/)
  })

  test('a threshold in points applies to percent metrics only: a latency under the same gate keeps the relative threshold', () => {
    // Latency +3.5%, wholly apart: within 5%, though beyond 2 points of 100. Efficiency 90 → 87.5: a loss
    // of 2.5 points, beyond 2 (2.8% relative, within 5%).
    const side = (latency: number, efficiency: number) =>
      bench(
        'b',
        { latency: sampled(spread(latency)), efficiency: sampled(spread(efficiency), 'percent', 'higher') },
        { gate: ['latency', 'efficiency'], points: 2 },
      )
    const b = benchmarkOf(compare([side(103.5, 87.5)], [side(100, 90)]), 'b')
    assert.equal(rowOf(b, 'latency').verdict, 'unchanged')
    assert.equal(rowOf(b, 'efficiency').verdict, 'regression')
  })

  test('across moments, a sampled row’s note states its own interval against the bound', () => {
    const c = compare(
      [bench('b', { wall: sampled(spread(140)) }, { kind: 'process' })],
      [bench('b', { wall: sampled(spread(100)) }, { kind: 'process' })],
      { acrossMoments: true },
    )
    const m = rowOf(benchmarkOf(c, 'b'), 'wall')
    assert.equal(m.verdict, 'regression', 'the interval lies within [138.6 / 101, 141.4 / 99], beyond 1.25')
    const [low, high] = m.ci!
    assert.ok(low < high && low > 1.25, `interval ${m.ci}`)
    assert.equal(
      m.notes.at(-1),
      `across moments, a regression needs the whole interval beyond +25.0% (±25.0%, assumed: no stored runs to know the drift from); the interval is ${percent(low - 1)} to ${percent(high - 1)}`,
    )
  })

  test('within one job, a change no larger than the stored runs’ noise is unclear, either way; no change stays unchanged', () => {
    const run = (level: number) =>
      results([bench('b', { wall: sampled(spread(level)) }, { kind: 'process' })])
    // Stored medians 100, 115 and 104: noise of 15%.
    const history = [run(100), run(115), run(104)]
    const c = compareResults(run(100.2), {
      baseline: baselineOf(history[0]!),
      history: { branch: 'main', results: history },
    })
    const m = rowOf(benchmarkOf(c, 'b'), 'wall')
    assert.equal(m.verdict, 'unchanged')
    assert.doesNotMatch(m.notes.join('\n'), /drift/)
    // −10%, significant within the run, but the stored runs swung by 15%: their spread about their
    // median (ln 100/104, ln 115/104, 0: σ = .0763 on 2 degrees of freedom) allows two runs to differ
    // by ±191.9% (exp(9.9248 · √2 · σ)), capped at ±25%, which holds, for the runs of one state
    // differed by less (115 / 100). Three runs are too few for a median: against the baseline's run,
    // 90 is −10%: within.
    const faster = rowOf(
      benchmarkOf(
        compareResults(run(90), {
          baseline: baselineOf(history[0]!),
          history: { branch: 'main', results: history },
        }),
        'b',
      ),
      'wall',
    )
    assert.equal(faster.verdict, 'unclear')
    assert.equal(
      faster.notes.at(-1),
      'within the drift of the same code over the last 3 runs: ±191.9%, capped at ±25.0%',
    )
  })

  test('the stored runs count for the noise only where the benchmark ran and the metric has values', () => {
    const run = (level: number, status: BenchmarkResult['status'] = 'ok', samples = spread(level)) =>
      results([bench('b', { wall: sampled(samples) }, { kind: 'process', status })])
    const base = run(100)
    const c = compareResults(run(110), {
      baseline: baselineOf(base),
      history: { branch: 'main', results: [base, run(100, 'failed'), run(100, 'ok', [])] },
      acrossMoments: true,
    })
    assert.equal(c.history?.runs, 3)
    const m = rowOf(benchmarkOf(c, 'b'), 'wall')
    assert.equal(m.verdict, 'unclear', '+10% is within the gross bound')
    assert.match(m.notes.join('\n'), /assumed: only 1 stored run of the same code, too few to know its drift/)
  })
})

// ---- Pairs ----

describe('pairs of runs measured next to each other', () => {
  // Base run i: 100 + i, head run i: 110 + i; CPU 50 + i and 51 + i.
  const runs = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i)

  test('pairs that point outside a metric’s samples are ignored; each metric counts the pairs it used, the benchmark the fewest', () => {
    const side = (wallFrom: number, cpuFrom: number) =>
      bench('job', { wall: sampled(runs(12, wallFrom)), cpu: sampled(runs(8, cpuFrom)) }, { kind: 'process' })
    const pairs: Array<[number, number]> = [
      ...runs(10, 0).map((i): [number, number] => [i, i]),
      [12, 3],
      [3, 12],
    ]
    const c = compare([side(110, 51)], [side(100, 50)], { pairs: { job: pairs } })
    const b = benchmarkOf(c, 'job')
    const wall = rowOf(b, 'wall')
    // Runs 0–9 of 12: ten pairs, and the runs 10 and 11 that no pair names are left out.
    assert.deepEqual([wall.pairs, wall.base.n, wall.head.n], [10, 10, 10])
    assert.match(wall.test!, /^wilcoxon-/)
    assert.equal(wall.verdict, 'regression', 'every pair 9–10% slower')
    // 8 runs a side: the pairs of runs 8 and 9 point outside them.
    assert.deepEqual([rowOf(b, 'cpu').pairs, rowOf(b, 'cpu').base.n], [8, 8])
    assert.equal(b.pairs, 8)
    assert.deepEqual(c.pairing, {
      benchmarks: 1,
      minPairs: 8,
      maxPairs: 8,
      paired: ['job'],
      unpaired: [],
      exact: [],
    })
  })

  test('the comparison names the benchmarks paired, with the fewest and most pairs, and those compared unpaired or on exact counts', () => {
    const wall = (n: number, scale: number) => ({
      wall: sampled(runs(n, 100).map((x) => x * scale)),
    })
    const side = (scale: number, ir: number) => [
      bench('p10', wall(10, scale), { kind: 'process' }),
      bench('p8', wall(8, scale), { kind: 'process' }),
      bench('imp', { time: sampled(spread(100 * scale)) }),
      bench('ir', { ir: exact(ir, 'instructions') }, { kind: 'instructions' }),
      // Samples beside an exact count: not all exact, so compared unpaired.
      bench('mixed', { time: sampled(spread(100 * scale)), allocations: exact(ir) }),
    ]
    const diagonal = (n: number) => runs(n, 0).map((i): [number, number] => [i, i])
    const c = compare(
      [...side(1.01, 1000), bench('fresh', wall(10, 1), { kind: 'process' })],
      side(1, 1000),
      { pairs: { p10: diagonal(10), p8: diagonal(8) } },
    )
    assert.deepEqual(c.pairing, {
      benchmarks: 2,
      minPairs: 8,
      maxPairs: 10,
      paired: ['p10', 'p8'],
      unpaired: ['imp', 'mixed'],
      exact: ['ir'],
    })
    assert.deepEqual([benchmarkOf(c, 'p10').pairs, benchmarkOf(c, 'p8').pairs], [10, 8])
    assert.equal(benchmarkOf(c, 'fresh').verdict, 'new')
    assert.match(benchmarkOf(c, 'imp').notes.join('\n'), /^not paired: .*; compared unpaired$/)
    for (const id of ['p10', 'p8', 'ir', 'fresh'])
      assert.doesNotMatch(benchmarkOf(c, id).notes.join('\n'), /not paired/, id)
  })

  test('paired runs are judged on the interval at 1 − α: at α = 0.01 the 99% interval of 13 pairs at −1% among 28 at +20% includes no change', () => {
    // 41 pairs: base run i 1000 + 100i ns; head 1% faster in 13 of them (every third from the second),
    // 20% slower in the other 28, each ratio exactly 0.99 or 1.2. A resample of the pairs has median
    // ratio 0.99 with probability P(Bin(41, 13/41) ≥ 21) = 0.00730 (fixtures/stats/
    // bootstrap-median-tails.py), else 1.2: more than the 0.5% a 99% interval leaves out below it, less
    // than the 1% a 98% interval would. So at α = 0.01 the interval is [0.99, 1.2] and the row unclear;
    // at 98% it would be [1.2, 1.2] and a regression.
    const wall = Array.from({ length: 41 }, (_, i) => 1000 + 100 * i)
    const head = wall.map((b, i) => (i % 3 === 1 && i < 39 ? (b / 100) * 99 : (b / 5) * 6))
    const diagonal = wall.map((_, i): [number, number] => [i, i])
    const c = compare(
      [bench('ab', { wall: sampled(head) }, { kind: 'process' })],
      [bench('ab', { wall: sampled(wall) }, { kind: 'process' })],
      { pairs: { ab: diagonal } },
    )
    const row = rowOf(benchmarkOf(c, 'ab'), 'wall')
    assert.equal(row.pairs, 41)
    assert.equal(row.ratio, 1.2)
    assert.ok(row.pValue! < 0.01, `significant: p = ${row.pValue}`)
    assert.deepEqual(row.ci, [0.99, 1.2])
    assert.equal(row.verdict, 'unclear')
    assert.equal(row.why, 'the interval -1.00% … +20.0% includes no change')
    assert.deepEqual(c.counts, counts({ unclear: 1 }))
  })

  test('without pairs nothing is said of pairing: no counts, no unpaired notes', () => {
    const c = compare(
      [bench('imp', { time: sampled(spread(101)) })],
      [bench('imp', { time: sampled(spread(100)) })],
    )
    const b = benchmarkOf(c, 'imp')
    assert.equal(c.pairing, undefined)
    assert.equal(b.pairs, undefined)
    assert.equal(rowOf(b, 'time').pairs, undefined)
    assert.match(rowOf(b, 'time').test!, /^mann-whitney-/)
    assert.deepEqual(b.notes, [])
  })

  test('with pairs the comparison is of one job, not across moments, even for a benchmark that was not paired', () => {
    // +10%, wholly apart: a regression within a job; across moments it would be within the gross bound.
    const c = compare(
      [bench('b', { wall: sampled(spread(110)) }, { kind: 'process' })],
      [bench('b', { wall: sampled(spread(100)) }, { kind: 'process' })],
      { pairs: { other: [[0, 0]] }, acrossMoments: true },
    )
    assert.equal(benchmarkOf(c, 'b').verdict, 'regression')
    assert.equal(Object.hasOwn(c, 'acrossMoments'), false)
    assert.equal(c.pairing, undefined, 'no benchmark of the suite was paired')
  })

  test('across moments is said only when there is a baseline', () => {
    const head = results([bench('b', { wall: sampled(spread(100)) }, { kind: 'process' })])
    assert.equal(compareResults(head, { acrossMoments: true }).acrossMoments, undefined)
    assert.equal(
      compareResults(head, { acrossMoments: true, baseline: baselineOf(head) }).acrossMoments,
      true,
    )
  })
})

// ---- Large suites ----

describe('large suites', () => {
  // One benchmark with a metric that stays, one that slows by 20%, an exact count, and `fillers` sampled
  // metrics of one value a side (compared without statistics, so cheaply).
  const suite = (fillers: number) => {
    const side = (slow: number) =>
      bench(
        'b',
        {
          t: sampled(spread(100)),
          slow: sampled(spread(slow)),
          v: exact(7),
          ...Object.fromEntries(Array.from({ length: fillers }, (_, i) => [`f${i}`, sampled([1])])),
        },
        { gate: ['t', 'slow'] },
      )
    return benchmarkOf(compare([side(120)], [side(100)]), 'b')
  }

  test('up to 500 sampled metrics (exact ones do not count) every metric gets its interval', () => {
    const b = suite(498)
    assert.equal(rowOf(b, 't').verdict, 'unchanged')
    assert.equal(rowOf(b, 't').ci?.length, 2)
    assert.equal(rowOf(b, 'slow').ci?.length, 2)
  })

  test('beyond 500 sampled metrics only verdicts that need one get an interval', () => {
    const b = suite(499)
    assert.equal(rowOf(b, 't').verdict, 'unchanged')
    assert.equal(rowOf(b, 't').ci, undefined)
    const slow = rowOf(b, 'slow')
    assert.equal(slow.verdict, 'regression')
    assert.ok(slow.ci![0] > 1.15 && slow.ci![1] < 1.25, `interval ${slow.ci}`)
  })
})

// ---- Wall time and CPU time across moments ----

describe('across moments, wall time judged on CPU time', () => {
  type Levels = Record<string, number | number[]>
  const proc = (id: string, levels: Levels, o: BenchOptions = {}) =>
    bench(
      id,
      Object.fromEntries(
        Object.entries(levels).map(([k, v]) => [
          k,
          sampled(Array.isArray(v) ? v : spread(v), k.endsWith('-cs') ? 'count' : 'ns'),
        ]),
      ),
      { kind: 'process', gate: ['wall'], ...o },
    )
  const across = (
    head: BenchmarkResult[],
    base: BenchmarkResult[],
    options: Omit<CompareOptions, 'baseline'> = {},
  ) => compare(head, base, { acrossMoments: true, ...options })
  const diverge = (shares: string, cpu: string, wall: MetricComparison['verdict']) =>
    `wall and CPU time diverge (wall/CPU ${shares}): at one moment the program waited for a CPU; across moments the verdict is CPU time’s (${cpu}), not wall time’s (${wall})`
  const wallOf = (c: Comparison, id: string, metric = 'wall') => rowOf(benchmarkOf(c, id), metric)
  const zeros = Array<number>(21).fill(0)

  test('wall three times CPU time on a side: wall time takes the verdict of user + sys when there is no cpu metric, or one without values', () => {
    // A cpu metric the tool kept no values for.
    const withEmptyCpu = (b: BenchmarkResult): BenchmarkResult => ({
      ...b,
      metrics: { ...b.metrics, cpu: sampled([]) },
    })
    const c = across(
      [
        proc('userSys', { wall: 90e6, user: 20e6, sys: 10e6 }),
        withEmptyCpu(proc('emptyCpu', { wall: 90e6, user: 20e6, sys: 10e6 })),
        proc('doubled', { wall: 180e6, user: 40e6, sys: 20e6 }),
        proc('fifthMore', { wall: 180e6, user: 24e6, sys: 12e6 }),
        proc('lessWork', { wall: 90e6, user: 17e6, sys: 8.5e6 }),
      ],
      [
        proc('userSys', { wall: 30e6, user: 20e6, sys: 10e6 }),
        withEmptyCpu(proc('emptyCpu', { wall: 30e6, user: 20e6, sys: 10e6 })),
        proc('doubled', { wall: 30e6, user: 20e6, sys: 10e6 }),
        proc('fifthMore', { wall: 30e6, user: 20e6, sys: 10e6 }),
        proc('lessWork', { wall: 30e6, user: 20e6, sys: 10e6 }),
      ],
    )
    // 30 / (20 + 10) = 1.00 and 90 / 30 = 3.00: wall time alone (×3) would be a regression.
    for (const id of ['userSys', 'emptyCpu']) {
      const wall = wallOf(c, id)
      assert.equal(wall.verdict, 'unchanged', id)
      assert.equal(
        wall.notes.at(-1),
        diverge('1.00 base, 3.00 head', 'user + sys ±0.00%: unchanged', 'regression'),
      )
      assert.equal(benchmarkOf(c, id).verdict, 'unchanged')
    }
    // user + sys 30 → 60 ms: +100%, beyond twice the threshold and beyond the gross bound of 1.25.
    const doubled = wallOf(c, 'doubled')
    assert.equal(doubled.verdict, 'regression')
    assert.equal(
      doubled.notes.at(-1),
      diverge('1.00 base, 3.00 head', 'user + sys +100.0%: regression', 'regression'),
    )
    // user + sys 30 → 36 ms: +20%, beyond twice the threshold but within the gross bound: unclear.
    const fifthMore = wallOf(c, 'fifthMore')
    assert.equal(fifthMore.verdict, 'unclear')
    assert.equal(
      fifthMore.notes.at(-1),
      diverge('1.00 base, 5.00 head', 'user + sys +20.0%: unclear', 'regression'),
    )
    // 30 → 25.5 ms: −15%, beyond twice the threshold, within the gross bound's −20%: unclear too.
    const lessWork = wallOf(c, 'lessWork')
    assert.equal(lessWork.verdict, 'unclear')
    assert.equal(
      lessWork.notes.at(-1),
      diverge('1.00 base, 3.53 head', 'user + sys -15.0%: unclear', 'regression'),
    )
  })

  test('an imported time with user and system (hyperfine): the same rule, on user + system', () => {
    const side = (time: number) =>
      bench(
        'hf',
        { time: sampled(spread(time)), user: summary({ center: 20e6 }), system: summary({ center: 10e6 }) },
        { gate: ['time'] },
      )
    const time = wallOf(across([side(90e6)], [side(30e6)]), 'hf', 'time')
    assert.equal(time.verdict, 'unchanged')
    assert.equal(
      time.notes.at(-1),
      diverge('1.00 base, 3.00 head', 'user + system ±0.00%: unchanged', 'regression'),
    )
  })

  test('the rule starts at a quarter more wall time than CPU time: at 1.25 CPU time decides, at 1.2 wall time keeps its verdict', () => {
    const c = across(
      [proc('at', { wall: 37.5e6, cpu: 30e6 }), proc('below', { wall: 36e6, cpu: 30e6 })],
      [proc('at', { wall: 30e6, cpu: 30e6 }), proc('below', { wall: 30e6, cpu: 30e6 })],
    )
    const at = wallOf(c, 'at')
    assert.equal(at.verdict, 'unchanged')
    assert.match(
      at.notes.at(-1)!,
      /^wall and CPU time diverge \(wall\/CPU 1\.00 base, 1\.25 head\).*\(cpu ±0\.00%: unchanged\)/,
    )
    // +20% of wall time with CPU time unchanged: its interval, within [35.64 / 30.3, 36.36 / 29.7], is
    // below the gross bound, so wall time's own verdict is unclear.
    const below = wallOf(c, 'below')
    assert.equal(below.verdict, 'unclear')
    assert.doesNotMatch(below.notes.join('\n'), /diverge/)
  })

  test('a side whose CPU time is 0 (a program that sleeps) gives no wall/CPU share: wall time keeps its verdict', () => {
    const c = across(
      [
        proc('starts', { wall: 30e6, user: 30e6, sys: zeros }),
        proc('stops', { wall: 30e6, user: zeros, sys: zeros }),
      ],
      [
        proc('starts', { wall: 30e6, user: zeros, sys: zeros }),
        proc('stops', { wall: 30e6, user: 30e6, sys: zeros }),
      ],
    )
    for (const id of ['starts', 'stops']) {
      const wall = wallOf(c, id)
      assert.equal(wall.verdict, 'unchanged', id)
      assert.doesNotMatch(wall.notes.join('\n'), /diverge|CPU time/, id)
    }
  })

  test('more voluntary switches on the side that waited more: the program itself waits, judged on wall time', () => {
    const c = across(
      [
        proc('baseWaitedQuietly', { wall: 30e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(40) }),
        proc('baseWaitedAndSwitched', { wall: 30e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(1) }),
        proc('bothWaited', { wall: 180e6, cpu: 60e6, 'voluntary-cs': Array(21).fill(40) }),
        proc('baseWaitedSameSwitches', { wall: 30e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(5) }),
      ],
      [
        proc('baseWaitedQuietly', { wall: 90e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(1) }),
        proc('baseWaitedAndSwitched', { wall: 90e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(40) }),
        proc('bothWaited', { wall: 90e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(1) }),
        proc('baseWaitedSameSwitches', { wall: 90e6, cpu: 30e6, 'voluntary-cs': Array(21).fill(5) }),
      ],
    )
    // Base waited (wall/CPU 3) without switching more, or as often: CPU time, unchanged, decides.
    for (const id of ['baseWaitedQuietly', 'baseWaitedSameSwitches']) {
      const quietly = wallOf(c, id)
      assert.equal(quietly.verdict, 'unchanged', id)
      assert.equal(
        quietly.notes.at(-1),
        diverge('3.00 base, 1.00 head', 'cpu ±0.00%: unchanged', 'improvement'),
      )
    }
    // Base waited and switched 40 times a run against 1: wall time's own verdict, a third of the time.
    const switched = wallOf(c, 'baseWaitedAndSwitched')
    assert.equal(switched.verdict, 'improvement')
    assert.doesNotMatch(switched.notes.join('\n'), /diverge/)
    // Both waited alike (3.00), head switched more: wall time's own verdict (twice the time), no divergence said.
    const both = wallOf(c, 'bothWaited')
    assert.equal(both.verdict, 'regression')
    assert.doesNotMatch(both.notes.join('\n'), /diverge/)
  })

  test('CPU time from different sources on the two sides, or on one side only, is not compared: wall time keeps its verdict', () => {
    const c = across(
      [
        proc('differentSources', { wall: 90e6, user: 20e6, sys: 10e6 }),
        proc('oneSideOnly', { wall: 90e6, cpu: 30e6 }),
      ],
      [proc('differentSources', { wall: 30e6, cpu: 30e6 }), proc('oneSideOnly', { wall: 30e6 })],
    )
    for (const id of ['differentSources', 'oneSideOnly']) {
      const wall = wallOf(c, id)
      assert.equal(wall.verdict, 'regression', `${id}: three times the wall time`)
      assert.doesNotMatch(wall.notes.join('\n'), /diverge/, id)
    }
  })

  test('rows compared by difference are not used: a cpu row with a 0 leaves wall time its verdict, a wall row with a 0 is not judged on CPU time', () => {
    const c = across(
      [
        proc('cpuHasZero', { wall: 90e6, cpu: [0, ...spread(30e6)] }),
        proc('wallHasZero', { wall: [0, ...spread(90e6)], cpu: 30e6 }),
      ],
      [
        proc('cpuHasZero', { wall: 30e6, cpu: [0, ...spread(30e6)] }),
        proc('wallHasZero', { wall: [0, ...spread(30e6)], cpu: 30e6 }),
      ],
    )
    const cpuHasZero = wallOf(c, 'cpuHasZero')
    assert.equal(rowOf(benchmarkOf(c, 'cpuHasZero'), 'cpu').basis, 'difference')
    assert.equal(cpuHasZero.verdict, 'regression')
    assert.doesNotMatch(cpuHasZero.notes.join('\n'), /diverge/)
    const wallHasZero = wallOf(c, 'wallHasZero')
    assert.deepEqual([wallHasZero.basis, wallHasZero.verdict], ['difference', 'unclear'])
    assert.doesNotMatch(wallHasZero.notes.join('\n'), /diverge|CPU time/)
  })

  test('only a gated wall or time in ns is judged on CPU time', () => {
    const c = across(
      [
        proc('wallNotGated', { wall: 90e6, cpu: 30e6 }, { gate: ['cpu'] }),
        bench(
          'timeInCycles',
          { time: { ...sampled(spread(90e6), 'other'), label: 'cycles' }, cpu: sampled(spread(30e6)) },
          { gate: ['time'] },
        ),
      ],
      [
        proc('wallNotGated', { wall: 30e6, cpu: 30e6 }, { gate: ['cpu'] }),
        bench(
          'timeInCycles',
          { time: { ...sampled(spread(30e6), 'other'), label: 'cycles' }, cpu: sampled(spread(30e6)) },
          { gate: ['time'] },
        ),
      ],
    )
    const wall = wallOf(c, 'wallNotGated')
    assert.deepEqual([wall.gated, wall.verdict], [false, 'regression'])
    assert.doesNotMatch(wall.notes.join('\n'), /diverge/)
    assert.equal(benchmarkOf(c, 'wallNotGated').verdict, 'unchanged', 'cpu gates, and it did not change')
    const time = wallOf(c, 'timeInCycles', 'time')
    assert.equal(time.verdict, 'regression')
    assert.doesNotMatch(time.notes.join('\n'), /diverge/)
  })

  test('wall time within the drift of like runs: CPU time decides only beyond that drift too', () => {
    // Four stored runs of one commit, quiet like both sides: wall at 100, 104, 96 and 102 ms, CPU time
    // at 100, 100.5, 99.5 and 100.2 ms. Wall: deviations from the median 101 of ln(100/101),
    // ln(104/101), ln(96/101), ln(102/101) give σ = .034788 on 3 degrees of freedom, and
    // exp(5.840909 · √2 · σ) = 1.3329, capped at ±25%. CPU time's own runs differ by less than 1%.
    const stored = (wall: number, cpu: number) =>
      results([
        proc('cpuWithinWallDrift', { wall: wall * 1e6, cpu: cpu * 1e6 }),
        proc('cpuBeyondWallDrift', { wall: wall * 1e6, cpu: cpu * 1e6 }),
      ])
    const history = [stored(100, 100), stored(104, 100.5), stored(96, 99.5), stored(102, 100.2)]
    const c = compareResults(
      results([
        proc('cpuWithinWallDrift', { wall: 120e6, cpu: 110e6 }),
        proc('cpuBeyondWallDrift', { wall: 120e6, cpu: 130e6 }),
      ]),
      {
        baseline: baselineOf(history[0]!),
        history: { branch: 'main', results: history },
        acrossMoments: true,
      },
    )
    // Wall +20% (its interval +17.6% … +22.4%, beyond the 5% threshold) lies within ±25%: unclear.
    // CPU +10% is beyond CPU time's own drift (a regression of its row) but not beyond wall time's
    // ±25%: what moved the wall time between these moments can have moved the CPU time too.
    const within = wallOf(c, 'cpuWithinWallDrift')
    assert.equal(rowOf(benchmarkOf(c, 'cpuWithinWallDrift'), 'cpu').verdict, 'regression')
    assert.equal(within.verdict, 'unclear')
    assert.match(
      within.why ?? '',
      /^within the drift of the same code over the last 4 runs: ±33\.3%, capped at ±25\.0%$/,
    )
    // CPU +30%, its interval (+27.4% … +32.6%) beyond ±25%: the program's own change.
    const beyond = wallOf(c, 'cpuBeyondWallDrift')
    assert.equal(beyond.verdict, 'regression')
    assert.match(
      beyond.notes.at(-1) ?? '',
      /^CPU time changed beyond what a change of the machine .*cpu \+30\.0%: regression/,
    )
  })

  test('while a busy moment leaves wall time unclear, CPU time beyond the bound decides, either way, when both moved the same way', () => {
    const c = across(
      [
        proc('cpuImproved', { wall: busy(30e6), cpu: 30e6 }),
        proc('cpuUnchanged', { wall: busy(32e6), cpu: 30.3e6 }),
        proc('oppositeWays', { wall: busy(37e6), cpu: 60e6 }),
        proc('wallUnchangedCpuDoubled', { wall: 30.3e6, cpu: 60e6 }),
      ],
      [
        proc('cpuImproved', { wall: busy(45e6), cpu: 45e6 }),
        proc('cpuUnchanged', { wall: busy(30e6), cpu: 30e6 }),
        proc('oppositeWays', { wall: busy(40e6), cpu: 40e6 }),
        proc('wallUnchangedCpuDoubled', { wall: 30e6, cpu: 30e6 }),
      ],
    )
    // Every wall/CPU share here is below 1.25 (1.15 × level over level at most, or less).
    // CPU time −33.3%, its interval wholly below −20%: the program does less work.
    const improved = wallOf(c, 'cpuImproved')
    assert.equal(improved.verdict, 'improvement')
    assert.equal(
      improved.notes.at(-1),
      'CPU time changed beyond what a change of the machine between the runs explains (cpu -33.3%: improvement): the program itself does more or less work, so wall time takes CPU time’s verdict',
    )
    // CPU time +1%: nothing shows the program changed.
    assert.equal(wallOf(c, 'cpuUnchanged').verdict, 'unclear')
    // CPU time +50% while wall time fell 7.5%: not the same change, wall time stays unclear.
    assert.equal(rowOf(benchmarkOf(c, 'oppositeWays'), 'cpu').verdict, 'regression')
    assert.equal(wallOf(c, 'oppositeWays').verdict, 'unclear')
    // Twice the CPU time in the same wall time (more threads): wall time did not change, and says so.
    assert.equal(rowOf(benchmarkOf(c, 'wallUnchangedCpuDoubled'), 'cpu').verdict, 'regression')
    assert.equal(wallOf(c, 'wallUnchangedCpuDoubled').verdict, 'unchanged')
  })

  test('with a quiet history, CPU time’s own row decides, with the noise the stored runs show', () => {
    // Five stored runs within 0.7% of each other: CPU time +15% is beyond their noise, though within
    // the gross bound of 1.25 that a comparison of CPU time alone, without that history, would apply.
    const history = [1, 1.004, 0.997, 1.002, 0.999].map((f) =>
      results([proc('quiet', { wall: 30e6 * f, cpu: 30e6 * f })]),
    )
    const c = compareResults(results([proc('quiet', { wall: 90e6, cpu: 34.5e6 })]), {
      baseline: baselineOf(history[0]!),
      history: { branch: 'main', results: history },
      acrossMoments: true,
    })
    const wall = wallOf(c, 'quiet')
    assert.equal(wall.verdict, 'regression')
    assert.equal(wall.notes.at(-1), diverge('1.00 base, 2.61 head', 'cpu +15.0%: regression', 'regression'))
  })
})

// ---- Sides without values ----

describe('a side without values', () => {
  const values = (center: number) => sampled(spread(center))
  const empty = sampled([])

  test('no values in this run for the gated metric: missing, naming it, with nothing shown on its own', () => {
    const c = compare(
      [bench('b', { t: empty, u: values(100) }, { gate: ['t'] })],
      [bench('b', { t: values(100), u: values(100) }, { gate: ['t'] })],
    )
    const b = benchmarkOf(c, 'b')
    assert.equal(b.verdict, 'missing')
    assert.deepEqual(b.notes, ['not compared: this run has no values for t'])
    assert.deepEqual(b.headOnly, [])
    assert.deepEqual(
      b.metrics.map((m) => [m.metric, m.gated]),
      [['u', false]],
    )
    assert.deepEqual(c.counts, counts({ missing: 1 }))
  })

  test('when nothing gates, every metric of this run is judged: missing names each without values, or says there is none', () => {
    const c = compare(
      [bench('none', { t: empty, u: empty }, { gate: [] }), bench('noMetrics', {}, { gate: [] })],
      [
        bench('none', { t: values(100), u: values(100) }, { gate: [] }),
        bench('noMetrics', { t: values(100) }, { gate: [] }),
      ],
    )
    assert.equal(benchmarkOf(c, 'none').verdict, 'missing')
    assert.deepEqual(benchmarkOf(c, 'none').notes, ['not compared: this run has no values for t, u'])
    assert.equal(benchmarkOf(c, 'noMetrics').verdict, 'missing')
    assert.deepEqual(benchmarkOf(c, 'noMetrics').notes, [
      'not compared: this run has no values for any metric',
    ])
  })

  test('the baseline without values: new, naming the metrics that have values here and none there; this run is shown on its own', () => {
    const c = compare(
      [
        bench(
          'b',
          { t: empty, u: { ...values(100), unit: 'other', label: 'points' }, v: values(100), w: values(100) },
          { gate: [] },
        ),
        bench('gatedAbsent', { t: values(100), u: values(100) }, { gate: ['t'] }),
        bench('fresh', { time: summary({ center: 5 }) }),
      ],
      [
        bench('b', { t: values(100), u: empty, v: empty, w: values(100) }, { gate: [] }),
        bench('gatedAbsent', { u: values(100) }, { gate: ['t'] }),
      ],
    )
    const b = benchmarkOf(c, 'b')
    assert.equal(b.verdict, 'new')
    assert.deepEqual(b.notes, ['not compared: the baseline has no values for u, v'])
    assert.deepEqual(
      b.headOnly.map((m) => [
        m.metric,
        m.unit,
        m.label,
        Object.hasOwn(m, 'label'),
        m.gated,
        m.exact,
        m.summary.n,
      ]),
      [
        ['u', 'other', 'points', true, false, false, 21],
        ['v', 'ns', undefined, false, false, false, 21],
        ['w', 'ns', undefined, false, false, false, 21],
      ],
      't has no values in this run: not shown',
    )
    assert.equal(b.headOnly[0]!.summary.median, 100)
    assert.equal(Object.hasOwn(b.headOnly[0]!, 'summaryOnly'), false)
    // A benchmark with no baseline is shown on its own; a summary says it is one.
    const fresh = benchmarkOf(c, 'fresh')
    assert.equal(fresh.verdict, 'new')
    assert.deepEqual(
      fresh.headOnly.map((m) => [m.metric, m.summaryOnly, m.gated, m.exact, m.summary.median]),
      [['time', true, true, false, 5]],
    )
    // The gated metric is not in the baseline at all.
    const absent = benchmarkOf(c, 'gatedAbsent')
    assert.equal(absent.verdict, 'new')
    assert.deepEqual(absent.notes, ['not compared: the baseline has no values for t'])
  })

  test('gated metrics with no baseline values are named while another gated metric decides', () => {
    const c = compare(
      [bench('b', { t: values(100), u: values(100) }, { gate: ['t', 'u', 'x'] })],
      [bench('b', { t: values(100) }, { gate: ['t', 'u', 'x'] })],
    )
    const b = benchmarkOf(c, 'b')
    assert.equal(b.verdict, 'unchanged')
    assert.deepEqual(b.notes, ['no baseline values for gated metric u, x'])
  })

  test('a benchmark whose baseline run failed is new, and says why', () => {
    const t = values(100)
    const c = compare(
      [{ ...bench('loud', { t }), notes: ['warmed up twice'] }, bench('silent', { t })],
      [
        { ...bench('loud', {}, { status: 'failed' }), error: { message: 'exit status 2' } },
        bench('silent', {}, { status: 'failed' }),
      ],
    )
    assert.deepEqual(
      [benchmarkOf(c, 'loud').verdict, benchmarkOf(c, 'loud').notes],
      ['new', ['warmed up twice', 'the baseline run of this benchmark failed (exit status 2)']],
    )
    assert.deepEqual(
      [benchmarkOf(c, 'silent').verdict, benchmarkOf(c, 'silent').notes],
      ['new', ['the baseline run of this benchmark failed (no error recorded)']],
    )
    assert.deepEqual(
      benchmarkOf(c, 'loud').headOnly.map((m) => m.metric),
      ['t'],
    )
  })

  test('a benchmark that gates nothing, with values on both sides, is compared and unchanged', () => {
    const c = compare(
      [bench('b', { t: values(100) }, { gate: [] })],
      [bench('b', { t: values(100) }, { gate: [] })],
    )
    const b = benchmarkOf(c, 'b')
    assert.equal(b.verdict, 'unchanged')
    assert.deepEqual(
      b.metrics.map((m) => [m.metric, m.gated]),
      [['t', false]],
    )
    assert.deepEqual(b.notes, [])
  })
})

// ---- Contention ----

describe('contention', () => {
  const busyAt = (load: number): Contention => ({
    cpus: 2,
    loadAverage: { start: load, end: load },
    windowMs: 1000,
    stealPercent: 0,
    busyPercent: 60,
    otherBusyPercent: 20,
  })

  test('how busy the machine was is carried from each side that recorded it', () => {
    const t = sampled(spread(100))
    const c = compare(
      [
        bench('both', { t }, { contention: busyAt(1) }),
        bench('headOnly', { t }, { contention: busyAt(2) }),
        bench('baseOnly', { t }),
        bench('none', { t }),
        bench('fresh', { t }, { contention: busyAt(3) }),
      ],
      [
        bench('both', { t }, { contention: busyAt(4) }),
        bench('headOnly', { t }),
        bench('baseOnly', { t }, { contention: busyAt(5) }),
        bench('none', { t }),
      ],
    )
    assert.deepEqual(benchmarkOf(c, 'both').contention, { base: busyAt(4), head: busyAt(1) })
    assert.deepEqual(benchmarkOf(c, 'headOnly').contention, { head: busyAt(2) })
    assert.deepEqual(benchmarkOf(c, 'baseOnly').contention, { base: busyAt(5) })
    assert.equal(Object.hasOwn(benchmarkOf(c, 'none'), 'contention'), false)
    assert.deepEqual(benchmarkOf(c, 'fresh').contention, { head: busyAt(3) }, 'a benchmark with no baseline')
  })
})

// ---- Rankings ----

describe('rankings', () => {
  const wall = (samples: number[]): Metric => sampled(samples)

  const grouped = (id: string, samples: number[], group: string[], o: BenchOptions = {}) => ({
    ...bench(id, { wall: wall(samples) }, { kind: 'process', ...o }),
    rankingGroup: group,
  })

  test('process benchmarks of a compare-with group that ran with wall times above 0 are ranked by median against the fastest', () => {
    const group = ['slow', 'broken', 'empty', 'zero', 'inProcess', 'fast']
    const c = compareResults(
      results([
        grouped('slow', [25e6, 25e6, 25e6], group),
        grouped('broken', [1e6, 1e6, 1e6], group, { status: 'failed' }),
        grouped('empty', [], group),
        grouped('zero', [0, 5e6, 5e6], group),
        grouped('inProcess', [2e6, 2e6, 2e6], group, { kind: 'wall-clock' }),
        grouped('fast', [9e6, 10e6, 11e6], group),
        // Faster than all of them, in no group: ranked with none.
        bench('alone', { wall: wall([1e6, 1e6, 1e6]) }, { kind: 'process' }),
      ]),
    )
    assert.equal(c.ranking.length, 1)
    const [ranking] = c.ranking
    assert.deepEqual(ranking!.basis, { group: ['slow', 'fast'] })
    assert.deepEqual(
      ranking!.entries.map((r) => [r.id, r.name, r.median, r.ratio]),
      [
        ['fast', 'fast', 10e6, 1],
        ['slow', 'slow', 25e6, 2.5],
      ],
    )
    // The fastest is the reference: exactly 1. The other's interval: its median over a resampled median
    // of the fastest's, which is 9, 10 or 11 ms.
    assert.deepEqual(ranking!.entries[0]!.ci, [1, 1])
    const [low, high] = ranking!.entries[1]!.ci
    assert.ok(low >= 25 / 11 && low <= 2.5 && high >= 2.5 && high <= 25 / 9, `interval ${low}, ${high}`)
  })

  test('a ranking needs two benchmarks of a group, and is for a handful: one, or more than 50, is not ranked', () => {
    const one = compareResults(results([grouped('only', [1, 1, 1], ['only', 'gone'])]))
    assert.deepEqual(one.ranking, [])
    const ranked = (n: number) => {
      const ids = Array.from({ length: n }, (_, i) => `p${i}`)
      return compareResults(results(ids.map((id, i) => grouped(id, [i + 1], ids)))).ranking
    }
    const [fifty] = ranked(50)
    assert.equal(fifty!.entries.length, 50)
    assert.deepEqual(
      [fifty!.entries[0]!.id, fifty!.entries[0]!.ratio, fifty!.entries[49]!.id, fifty!.entries[49]!.ratio],
      ['p0', 1, 'p49', 50],
      'one value each: p49 takes 50 times as long as p0',
    )
    assert.deepEqual(ranked(51), [])
  })

  test('the engines of a benchmark (NAME/ENGINE) are ranked against the fastest; failed ones are named unranked', () => {
    const engine = (
      name: string,
      engine: string | number,
      metrics: Record<string, Metric>,
      o: BenchOptions = {},
    ) => bench(name, metrics, { kind: 'wall-clock', parameters: { engine }, gate: ['time'], ...o })
    const time = (ns: number) => sampled([ns, ns, ns])
    const c = compareResults(
      results([
        engine('regex/rust', 'rust', {
          time: time(100),
          throughput: sampled([1e9, 1e9, 1e9], 'bytes/s', 'higher'),
        }),
        engine('regex/go', 'go', { time: time(150) }),
        // Cannot be ranked: failed (its samples notwithstanding), no samples, a time of 0, no time at all,
        // one exact value.
        engine('regex/pcre', 'pcre', { time: time(50) }, { status: 'failed' }),
        engine('regex/onig', 'onig', { time: sampled([]) }),
        engine('regex/re2', 're2', { time: sampled([0, 80, 80]) }),
        engine('regex/hs', 'hs', {}),
        engine('regex/once', 'once', { time: exact(90, 'ns') }),
        // An engine of the same benchmark whatever its kind: one read from a file (a rebar CSV) too.
        engine('regex/c', 'c', { time: time(50) }, { kind: 'import' }),
        // Not engines: a name that is not NAME/ENGINE, an engine that is a number.
        engine('solo', 'rust', {}),
        engine('regex/3', 3, {}),
        // One engine alone is no comparison; one beside an engine that failed is listed.
        engine('lonely/rust', 'rust', { time: time(10) }),
        engine('broken/a', 'a', {}, { status: 'failed' }),
        engine('broken/b', 'b', { time: time(70) }),
        engine('sort/quick', 'quick', { time: time(30) }),
        engine('sort/merge', 'merge', { time: time(20) }),
      ]),
    )
    assert.deepEqual(c.engineRankings, [
      {
        benchmark: 'regex',
        engines: [
          { engine: 'c', id: 'regex/c', median: 50, ratio: 1, ci: [1, 1] },
          { engine: 'rust', id: 'regex/rust', median: 100, throughput: 1e9, ratio: 2, ci: [2, 2] },
          { engine: 'go', id: 'regex/go', median: 150, ratio: 3, ci: [3, 3] },
        ],
        unranked: ['pcre', 'onig', 're2', 'hs', 'once'],
      },
      {
        benchmark: 'broken',
        engines: [{ engine: 'b', id: 'broken/b', median: 70, ratio: 1, ci: [1, 1] }],
        unranked: ['a'],
      },
      {
        benchmark: 'sort',
        engines: [
          { engine: 'merge', id: 'sort/merge', median: 20, ratio: 1, ci: [1, 1] },
          { engine: 'quick', id: 'sort/quick', median: 30, ratio: 1.5, ci: [1.5, 1.5] },
        ],
        unranked: [],
      },
    ])
  })
})

// ---- Scaling ----

describe('scaling sweeps', () => {
  test('each series and dimension against its own smallest count: speedup = throughput ÷ its throughput, efficiency = speedup ÷ (count ÷ smallest count)', () => {
    const point = (
      name: string,
      parameters: BenchmarkResult['parameters'],
      throughput?: number,
      o: BenchOptions = {},
    ) =>
      bench(
        name,
        throughput === undefined
          ? {}
          : { throughput: sampled([throughput, throughput, throughput], 'ops/s', 'higher') },
        { kind: 'scaling', parameters, gate: ['throughput'], ...o },
      )
    // No baseline: each point is new, and has only a head side.
    const c = compareResults(
      results([
        point('sweep/threads:2', { threads: 2 }, 100),
        point('sweep/threads:8', { threads: 8 }, 280),
        point('sweep/threads:4', { threads: 4 }, 180),
        point('sweep/threads:16', { threads: 16 }, 500, { status: 'failed' }),
        point('sweep/threads:32', { threads: 32 }),
        point('sweep/processes:3', { processes: 3 }, 60),
        point('sweep/processes:6', { processes: 6 }, 90),
        point('mixed/processes:4', { threads: 2, processes: 4 }, 40),
        point('text/threads:2', { threads: '2' }, 10),
        point('zero/threads:1', { threads: 1 }, 0),
        point('zero/threads:2', { threads: 2 }, 50),
      ]),
    )
    const side = (throughput: number, smallest: number, count: number, smallestCount: number) => {
      const speedup = throughput / smallest
      return { throughput, speedup, efficiency: speedup / (count / smallestCount) }
    }
    assert.deepEqual(c.scaling, [
      {
        benchmark: 'sweep',
        dimension: 'threads',
        cores: 2,
        points: [
          { count: 2, id: 'sweep/threads:2', verdict: 'new', head: side(100, 100, 2, 2) },
          { count: 4, id: 'sweep/threads:4', verdict: 'new', head: side(180, 100, 4, 2) },
          { count: 8, id: 'sweep/threads:8', verdict: 'new', head: side(280, 100, 8, 2) },
          { count: 16, id: 'sweep/threads:16', verdict: 'failed' },
          { count: 32, id: 'sweep/threads:32', verdict: 'new' },
        ],
      },
      {
        benchmark: 'sweep',
        dimension: 'processes',
        cores: 2,
        points: [
          { count: 3, id: 'sweep/processes:3', verdict: 'new', head: side(60, 60, 3, 3) },
          { count: 6, id: 'sweep/processes:6', verdict: 'new', head: side(90, 60, 6, 3) },
        ],
      },
      {
        benchmark: 'mixed',
        dimension: 'processes',
        cores: 2,
        points: [{ count: 4, id: 'mixed/processes:4', verdict: 'new', head: side(40, 40, 4, 4) }],
      },
      {
        benchmark: 'zero',
        dimension: 'threads',
        cores: 2,
        points: [
          {
            count: 1,
            id: 'zero/threads:1',
            verdict: 'new',
            head: { throughput: 0, speedup: Number.NaN, efficiency: Number.NaN },
          },
          {
            count: 2,
            id: 'zero/threads:2',
            verdict: 'new',
            head: { throughput: 50, speedup: Number.NaN, efficiency: Number.NaN },
          },
        ],
      },
    ])
    // By hand: 180 / 100 = 1.8 and 1.8 / (4 / 2) = 0.9; 280 / 100 = 2.8 and 2.8 / 4 = 0.7; 90 / 60 = 1.5, 0.75.
    const threads = c.scaling[0]!.points
    close(threads[1]!.head!.efficiency, 0.9, 'efficiency at 4 threads')
    close(threads[2]!.head!.efficiency, 0.7, 'efficiency at 8 threads')
    close(c.scaling[1]!.points[1]!.head!.efficiency, 0.75, 'efficiency at 6 processes')
  })

  test('a point the baseline has and a filtered run did not measure: missing, with its base side only', () => {
    const point = (threads: number, throughput: number) =>
      bench(
        `sweep/threads:${threads}`,
        { throughput: sampled([throughput], 'ops/s', 'higher') },
        {
          kind: 'scaling',
          parameters: { threads },
        },
      )
    const c = compare([point(1, 10), point(2, 18)], [point(1, 10), point(2, 19), point(4, 20)], {
      filtered: true,
    })
    assert.deepEqual(
      c.benchmarks.map((b) => b.id),
      ['sweep/threads:1', 'sweep/threads:2'],
      'a filtered run does not report the rest as missing',
    )
    const [, two, four] = c.scaling[0]!.points
    assert.deepEqual(two, {
      count: 2,
      id: 'sweep/threads:2',
      verdict: 'unclear',
      base: { throughput: 19, speedup: 1.9, efficiency: 1.9 / 2 },
      head: { throughput: 18, speedup: 1.8, efficiency: 1.8 / 2 },
    })
    // Base: 20 / 10 = 2 at 4 threads, efficiency 2 / 4.
    assert.deepEqual(four, {
      count: 4,
      id: 'sweep/threads:4',
      verdict: 'missing',
      base: { throughput: 20, speedup: 2, efficiency: 0.5 },
    })
  })
})

// ---- Verdicts and exit codes ----

describe('verdicts and exit codes', () => {
  test('the worst gated verdict decides a benchmark: regression, unclear, warning, improvement, then unchanged; ungated metrics do not count', () => {
    // Exact values: 100 → 200 a regression, −1 → 5 unclear, 100 → 50 an improvement, 100 → 100 unchanged.
    const side = (values: Record<string, number>) =>
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, exact(v)]))
    const pair = (
      id: string,
      head: Record<string, number>,
      base: Record<string, number>,
      gate = Object.keys(head),
    ) => ({
      head: bench(id, side(head), { gate }),
      base: bench(id, side(base), { gate }),
    })
    const cases = [
      pair('regressionOverUnclear', { reg: 200, unc: 5 }, { reg: 100, unc: -1 }),
      pair('unclearOverImprovement', { unc: 5, imp: 50 }, { unc: -1, imp: 100 }),
      pair('improvementOverUnchanged', { imp: 50, same: 100 }, { imp: 100, same: 100 }),
      pair('ungatedRegression', { same: 100, reg: 200 }, { same: 100, reg: 100 }, ['same']),
    ]
    const c = compare(
      cases.map((x) => x.head),
      cases.map((x) => x.base),
    )
    assert.deepEqual(
      c.benchmarks.map((b) => [b.id, b.verdict]),
      [
        ['regressionOverUnclear', 'regression'],
        ['unclearOverImprovement', 'unclear'],
        ['improvementOverUnchanged', 'improvement'],
        ['ungatedRegression', 'unchanged'],
      ],
    )
    // A warning (an exact change under another toolchain) outranks an improvement, not an unclear change.
    const other: Environment = { ...ENV, kernel: '6.8' }
    const sampledSide = (level: number, count: number) =>
      bench('b', { t: sampled(spread(level)), count: exact(count) }, { gate: ['t', 'count'] })
    const warned = compare([sampledSide(80, 200)], [sampledSide(100, 100)], {}, { head: other })
    assert.deepEqual(
      [rowOf(benchmarkOf(warned, 'b'), 't').verdict, rowOf(benchmarkOf(warned, 'b'), 'count').verdict],
      ['improvement', 'warning'],
    )
    assert.equal(benchmarkOf(warned, 'b').verdict, 'warning')
    const unclear = compare(
      [sampledSide(80, 200)],
      [sampledSide(100, 100)],
      { acrossMoments: true },
      { head: other },
    )
    assert.equal(rowOf(benchmarkOf(unclear, 'b'), 't').verdict, 'unclear', '−20% is within the gross bound')
    assert.equal(benchmarkOf(unclear, 'b').verdict, 'unclear')
  })

  test('every verdict is counted; a failed benchmark fails the run (exit 3), else a regression (exit 1), else it passes (exit 0)', () => {
    const at = (id: string, value: number) => bench(id, { v: exact(value) })
    const base = [at('reg', 100), at('unc', -1), at('imp', 100), at('same', 100), at('gone', 100)]
    const head = [at('reg', 200), at('unc', 5), at('imp', 50), at('same', 100), at('fresh', 100)]
    const regressed = compare(head, base)
    assert.deepEqual(
      regressed.counts,
      counts({ regression: 1, unclear: 1, improvement: 1, unchanged: 1, new: 1, missing: 1 }),
    )
    assert.deepEqual([regressed.verdict, exitCodeFor(regressed)], ['regression', 1])

    const passed = compare(
      head.filter((b) => b.id !== 'reg'),
      base.filter((b) => b.id !== 'reg'),
    )
    assert.deepEqual(passed.counts, counts({ unclear: 1, improvement: 1, unchanged: 1, new: 1, missing: 1 }))
    assert.deepEqual([passed.verdict, exitCodeFor(passed)], ['pass', 0])

    const gone = benchmarkOf(regressed, 'gone')
    assert.deepEqual(
      [gone.verdict, gone.metrics, gone.headOnly, gone.notes],
      ['missing', [], [], ['in the baseline but not measured in this run']],
    )

    const crash = {
      ...bench('crash', {}, { status: 'failed' }),
      error: { message: 'killed by SIGSEGV' },
      notes: ['ran 3 times'],
    }
    const failed = compare([...head, crash], base)
    assert.deepEqual(
      [
        benchmarkOf(failed, 'crash').verdict,
        benchmarkOf(failed, 'crash').metrics,
        benchmarkOf(failed, 'crash').headOnly,
        benchmarkOf(failed, 'crash').error,
        benchmarkOf(failed, 'crash').notes,
      ],
      ['failed', [], [], { message: 'killed by SIGSEGV' }, ['ran 3 times']],
    )
    assert.deepEqual(
      failed.counts,
      counts({ regression: 1, failed: 1, unclear: 1, improvement: 1, unchanged: 1, new: 1, missing: 1 }),
    )
    assert.deepEqual([failed.verdict, exitCodeFor(failed)], ['failed', 3])
  })

  test('instruction counts are compared with a baseline of their own, timed benchmarks with the one given', () => {
    const side = (ir: number) => [
      bench('ir', { ir: exact(ir, 'instructions') }, { kind: 'instructions' }),
      bench('wall', { wall: sampled(spread(100)) }, { kind: 'process' }),
    ]
    const c = compareResults(results(side(1100)), {
      baseline: baselineOf(results(side(1000))),
      baselineWarnings: ['timed: one'],
      history: { branch: 'main', results: [results(side(1000))] },
      exact: {
        baseline: { results: results(side(1100)), source: 'store', reason: 'newest on main' },
        baselineWarnings: ['exact: two'],
      },
    })
    assert.deepEqual(
      c.benchmarks.map((b) => [b.id, b.verdict]),
      [
        ['wall', 'unchanged'],
        ['ir', 'unchanged'],
      ],
      'ir against its own baseline, 1100 → 1100',
    )
    assert.equal(c.exactBaseline?.benchmarks, 1)
    assert.equal(c.exactBaseline?.baseline?.source, 'store')
    assert.deepEqual(c.baselineWarnings, ['timed: one', 'exact: two'])
    assert.deepEqual([c.history?.runs, c.history?.branch, c.history?.drift?.unknown], [1, 'main', 1])
    assert.equal(c.verdict, 'pass')
    // No stored counts: the instruction benchmark is new, and the comparison says why.
    const none = compareResults(results(side(1100)), {
      baseline: baselineOf(results(side(1000))),
      exact: { noBaselineReason: 'no results stored for main' },
    })
    assert.equal(benchmarkOf(none, 'ir').verdict, 'new')
    assert.deepEqual(none.exactBaseline, {
      noBaselineReason: 'no results stored for main',
      environmentDifferences: [],
      benchmarks: 1,
    })
  })

  test('without a baseline, the comparison says why', () => {
    const head = results([bench('b', { t: exact(1) })])
    assert.equal(compareResults(head).noBaselineReason, 'no baseline was given')
    assert.equal(compareResults(head, { noBaselineReason: 'first run' }).noBaselineReason, 'first run')
    assert.equal(compareResults(head, { baseline: baselineOf(head) }).noBaselineReason, undefined)
  })
})
