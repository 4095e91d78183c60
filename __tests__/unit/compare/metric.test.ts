// What one metric's row says, and what the comparison says around its rows. An unclear row gives its
// reason in a few words: the test that was not significant (a p-value exactly at α is not below it),
// the values too few for a test, the values that cannot be compared by ratio, the summaries' intervals
// that overlap, or the machine's drift that could explain the change; a row with any other verdict
// gives none. Two summaries name the statistic they share, a side with samples compared with a
// summary is their median, the stored runs' drift within one job turns a change no larger than it
// unclear and leaves one beyond it, a large suite resamples each deciding metric fewer times, and the
// comparison carries the baseline search's warnings, the regressions accepted on purpose, and the
// acceptances of both halves of a run whose instruction counts have a baseline of their own.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { AcceptRule } from '../../../src/accept.ts'
import {
  type BenchmarkComparison,
  type CompareOptions,
  type Comparison,
  compareResults,
  exitCodeFor,
  type MetricComparison,
} from '../../../src/compare/index.ts'
import type { BenchmarkResult, Environment, Metric, ResultSet } from '../../../src/results.ts'
import { SeededRandom } from '../../../src/stats/index.ts'
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

function results(
  benchmarks: BenchmarkResult[],
  createdAt = '2026-11-21T00:00:00.000Z',
  environment: Environment = ENV,
): ResultSet {
  return { ...resultSetOf('s', { branch: 'main' }, createdAt, benchmarks), environment }
}

interface BenchOptions {
  kind?: BenchmarkResult['kind']
  /** Gated metrics; by default the first. */
  gate?: string[]
  alpha?: number
  points?: number
  command?: string[]
}

/** A benchmark `id` with these metrics, gated at 5% and α = 0.01 unless told. */
function bench(id: string, metrics: Record<string, Metric>, o: BenchOptions = {}): BenchmarkResult {
  return {
    id,
    name: id,
    kind: o.kind ?? 'import',
    parameters: {},
    status: 'ok',
    metrics,
    gate: {
      metrics: o.gate ?? Object.keys(metrics).slice(0, 1),
      threshold: 0.05,
      alpha: o.alpha ?? 0.01,
      ...(o.points !== undefined ? { points: o.points } : {}),
    },
    notes: [],
    ...(o.command ? { command: o.command } : {}),
  }
}

const exact = (value: number, unit: Metric['unit'] = 'count'): Metric => ({
  unit,
  direction: 'lower',
  value,
})

const sampled = (samples: number[], unit: Metric['unit'] = 'ns'): Metric => ({
  unit,
  direction: 'lower',
  samples,
})

const summary = (s: NonNullable<Metric['summary']>): Metric => ({
  unit: 'ns',
  direction: 'lower',
  summary: s,
})

/**
 * 21 values from 0.99 × center to 1.01 × center in steps of 0.1%: the middle one, and so the median, is
 * exactly `center`.
 */
const spread = (center: number): number[] =>
  Array.from({ length: 21 }, (_, i) => center * (1 + (i - 10) / 1000))

const baselineOf = (base: ResultSet): NonNullable<CompareOptions['baseline']> => ({
  results: base,
  source: 'base.json',
  reason: 'test',
})

function compare(
  head: BenchmarkResult[],
  base: BenchmarkResult[],
  options: Omit<CompareOptions, 'baseline'> = {},
): Comparison {
  return compareResults(results(head), { baseline: baselineOf(results(base)), ...options })
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

/** The one row of benchmark `b`, metric `t`, head against base. */
function row(
  head: Metric,
  base: Metric,
  o: BenchOptions = {},
  options: Omit<CompareOptions, 'baseline'> = {},
) {
  return rowOf(
    benchmarkOf(compare([bench('b', { t: head }, o)], [bench('b', { t: base }, o)], options), 'b'),
    't',
  )
}

const NOT_BY_RATIO =
  'not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference is shown but not judged (no absolute threshold)'
const MEDIANS_NOT_BY_RATIO =
  'not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference of medians is shown but not judged (no absolute threshold)'
const NO_STORED_RUNS = '±25.0%, assumed: no stored runs to know the drift from'

// ---- Why a row is unclear ----

describe('why a row is unclear', () => {
  test('two runs a side, wholly apart by +19.9%: the rank test cannot be significant, and the row gives its p-value', () => {
    // 2 against 2, head above base in every pair: P(U = 0) = 1 / C(4, 2), two-sided 2 / 6.
    const m = row(sampled([120, 121]), sampled([100, 101]))
    assert.equal(m.verdict, 'unclear')
    assert.equal(m.pValue, 1 / 3)
    assert.equal(m.why, 'not significant: p = 0.333, not below α = 0.01')
  })

  test('a p-value exactly at α is not below it: not significant', () => {
    const m = row(sampled([120, 121]), sampled([100, 101]), { alpha: 1 / 3 })
    assert.equal(m.pValue, 1 / 3)
    assert.equal(m.verdict, 'unclear')
    assert.equal(m.why, 'not significant: p = 0.333, not below α = 0.333')
  })

  test('one run on a side: the row says how many values each side had', () => {
    const m = row(sampled([150]), sampled(spread(100)))
    assert.equal(m.verdict, 'unclear', '+50%, but nothing can be significant')
    assert.equal(m.why, 'only 21 base and 1 head values: too few for a test')
    // Within the threshold the row is unchanged, and gives no reason.
    const near = row(sampled([102]), sampled(spread(100)))
    assert.equal(near.verdict, 'unchanged')
    assert.equal(Object.hasOwn(near, 'why'), false)
  })

  test('values around 0, significantly apart, with no threshold in points: the difference is shown, not judged, and the row says so', () => {
    // −2 … 2 against 8 … 12: five against five wholly apart, p = 2 / C(10, 5), below α; still not judged.
    const m = row(sampled([8, 9, 10, 11, 12]), sampled([-2, -1, 0, 1, 2]))
    assert.deepEqual([m.verdict, m.basis, m.difference], ['unclear', 'difference', 10])
    assert.equal(m.pValue, 2 / 252)
    assert.equal(m.why, MEDIANS_NOT_BY_RATIO)
  })

  test('values around 0 that the rank test cannot tell apart: the row gives the p-value, at α or above it', () => {
    // −2, −1 against 1, 2: medians −1.5 and 1.5, 3 apart; p = 2 / 6 as for any two against two apart.
    const m = row(sampled([1, 2]), sampled([-2, -1]))
    assert.deepEqual([m.verdict, m.basis, m.difference], ['unclear', 'difference', 3])
    assert.equal(m.why, 'not significant: p = 0.333, not below α = 0.01')
    const atAlpha = row(sampled([1, 2]), sampled([-2, -1]), { alpha: 1 / 3 })
    assert.equal(atAlpha.why, 'not significant: p = 0.333, not below α = 0.333')
    // One value in base: no test at all, and the reason is that the difference is not judged.
    const one = row(sampled([1, 2]), sampled([-1]))
    assert.deepEqual([one.verdict, one.difference, one.pValue], ['unclear', 2.5, undefined])
    assert.equal(one.why, MEDIANS_NOT_BY_RATIO)
  })

  test('exact values of opposite signs: the difference is shown, not judged, and the row says so', () => {
    const m = row(exact(5), exact(-10))
    assert.deepEqual([m.verdict, m.exact, m.basis, m.difference], ['unclear', true, 'difference', 15])
    assert.equal(m.why, NOT_BY_RATIO)
  })

  test('summaries centered at or below 0: the difference is shown, not judged, and the row says so', () => {
    const m = row(summary({ center: 4, stddev: 1 }), summary({ center: -3, stddev: 1 }))
    assert.deepEqual([m.verdict, m.basis, m.difference], ['unclear', 'difference', 7])
    assert.equal(m.why, 'values can be ≤ 0: the difference is shown, not judged')
    // The same center both sides: unchanged, nothing to explain.
    const same = row(summary({ center: -3, stddev: 1 }), summary({ center: -3, stddev: 1 }))
    assert.equal(same.verdict, 'unchanged')
    assert.equal(Object.hasOwn(same, 'why'), false)
  })

  test('two summaries whose intervals overlap: the row names both intervals', () => {
    // +10%, beyond 5%, but 90–110 and 100–120 overlap. Tools that do not say which statistic: means.
    const m = row(
      summary({ center: 110, interval: [100, 120] }),
      summary({ center: 100, interval: [90, 110] }),
    )
    assert.equal(m.verdict, 'unclear')
    assert.equal(
      m.why,
      'summary only (the tool kept no samples): a change beyond the threshold counts when the 99% intervals of the means do not overlap (base 90–110, head 100–120)',
    )
  })

  test('across moments, two summaries apart by +10%: within what a change of the machine explains, and the row says so', () => {
    // Intervals 99–101 and 109–111, apart: a regression within one job. Across moments the ratio's
    // interval [109 / 101, 111 / 99] = [1.079, 1.121] lies within the assumed ±25%.
    const base = summary({ center: 100, interval: [99, 101] })
    const head = summary({ center: 110, interval: [109, 111] })
    assert.equal(row(head, base).verdict, 'regression')
    const m = row(head, base, {}, { acrossMoments: true })
    assert.equal(m.verdict, 'unclear')
    assert.equal(m.why, `within ${NO_STORED_RUNS}`)
  })

  test('only an unclear row gives a reason: a regression, an improvement, an unchanged row and a warning give none', () => {
    const regression = row(sampled(spread(110)), sampled(spread(100)))
    assert.equal(regression.verdict, 'regression')
    const improvement = row(
      summary({ center: 80, interval: [79, 81] }),
      summary({ center: 100, interval: [99, 101] }),
    )
    assert.equal(improvement.verdict, 'improvement')
    const unchanged = row(sampled(spread(100)), sampled(spread(100)))
    assert.equal(unchanged.verdict, 'unchanged')
    for (const m of [regression, improvement, unchanged])
      assert.equal(Object.hasOwn(m, 'why'), false, m.verdict)
    // −10 → 5 under another kernel: unclear by itself, but an exact change there is a warning.
    const c = compareResults(results([bench('b', { t: exact(5) })]), {
      baseline: baselineOf(results([bench('b', { t: exact(-10) })], undefined, { ...ENV, kernel: '6.8' })),
    })
    const warned = rowOf(benchmarkOf(c, 'b'), 't')
    assert.equal(warned.verdict, 'warning')
    assert.equal(Object.hasOwn(warned, 'why'), false)
  })
})

// ---- Summaries ----

describe('summaries: the statistic both sides are', () => {
  test('samples compared with a tool’s median are their own median, spread and count', () => {
    // Base: the tool's median 100 of 10 runs with σ = 1; head: samples 119, 120, 121 (median 120, σ = 1,
    // n = 3). A median's interval is ± z · √(π/2) · σ / √n, z = 2.5758 at 99%.
    const m = row(sampled([119, 120, 121]), summary({ center: 100, statistic: 'median', stddev: 1, n: 10 }))
    assert.equal(m.verdict, 'regression')
    assert.equal(m.statistic, 'median')
    const half = (n: number) => (2.5758293035489 * Math.sqrt(Math.PI / 2)) / Math.sqrt(n)
    const fmt = (x: number) => String(Number(x.toPrecision(4)))
    assert.equal(
      m.notes.at(-1),
      `summary only (the tool kept no samples): a change beyond the threshold counts when the 99% intervals of the medians do not overlap (base ${fmt(100 - half(10))}–${fmt(100 + half(10))}, head ${fmt(120 - half(3))}–${fmt(120 + half(3))})`,
    )
    assert.equal(fmt(100 - half(10)), '98.98', 'the interval worked out: 2.5758 × 1.2533 / √10 = 1.0209')
  })

  test('one value compared with a tool’s median is a median too, of no known spread', () => {
    const m = row(summary({ center: 120, statistic: 'median' }), exact(100, 'ns'))
    assert.equal(m.statistic, 'median')
    assert.equal(m.test, 'summary-twice-threshold')
    assert.equal(m.verdict, 'regression', '+20% is beyond twice 5%')
  })

  test('the statistic is named only where both sides say the same one', () => {
    const side = (statistic?: 'mean' | 'median' | 'min') =>
      summary({ center: 100, stddev: 1, n: 10, ...(statistic ? { statistic } : {}) })
    assert.equal(row(side('min'), side('min')).statistic, 'min')
    assert.equal(Object.hasOwn(row(side('median'), side('mean')), 'statistic'), false, 'median against mean')
    assert.equal(Object.hasOwn(row(side(), side('mean')), 'statistic'), false, 'unsaid against mean')
    assert.equal(Object.hasOwn(row(side(), side()), 'statistic'), false, 'neither says')
  })
})

// ---- The stored runs' drift, within one job ----

describe('the stored runs’ drift, within one job', () => {
  const run = (level: number, day: number) =>
    results(
      [bench('b', { wall: sampled(spread(level)) }, { kind: 'process' })],
      `2026-11-2${day}T00:00:00.000Z`,
    )

  function wall(head: number, stored: number[]): MetricComparison {
    const history = stored.map((level, i) => run(level, i))
    return rowOf(
      benchmarkOf(
        compareResults(run(head, 9), {
          baseline: baselineOf(history[0]!),
          history: { branch: 'main', results: history },
        }),
        'b',
      ),
      'wall',
    )
  }

  // Stored medians 100, 115 and 104: their spread about their median allows ±191.9% between two runs,
  // capped at ±25%, since no two runs of this code differed by more (115 / 100).
  const SEEN = 'the drift of the same code over the last 3 runs: ±191.9%, capped at ±25.0%'

  test('a change no larger than the drift is unclear, and the row says within what', () => {
    const m = wall(120, [100, 115, 104])
    assert.equal(m.verdict, 'unclear', '+20% is within ±25%')
    assert.equal(m.why, `within ${SEEN}`)
    assert.equal(m.notes.at(-1), `within ${SEEN}`)
    assert.equal(m.drift?.runs, 3)
  })

  test('a change beyond the drift stands, and the row says beyond what', () => {
    const m = wall(130, [100, 115, 104])
    assert.equal(m.verdict, 'regression', '+30% is beyond ±25%')
    assert.equal(m.notes.at(-1), `beyond ${SEEN}`)
    assert.equal(Object.hasOwn(m, 'why'), false)
    assert.equal(m.drift?.runs, 3)
  })

  test('one stored run tells no drift: the change keeps its own verdict, and no drift is shown', () => {
    const m = wall(110, [100])
    assert.equal(m.verdict, 'regression')
    assert.equal(m.drift, undefined)
    assert.doesNotMatch(m.notes.join('\n'), /drift/)
  })
})

// ---- Large suites ----

describe('large suites', () => {
  test('beyond 500 sampled metrics, a metric whose verdict needs an interval resamples 2 000 times, not 10 000', () => {
    // `slow` +20% needs an interval: 2 000 resamples of 21 base and 21 head runs, one random draw per
    // run, 84 000 draws in all. `near` +3% (every head run above every base run, so significant) is
    // within the threshold: no interval, and no reason given. The 499 fillers have one run a side.
    const side = (near: number, slow: number) =>
      bench(
        'b',
        {
          near: sampled(spread(near)),
          slow: sampled(spread(slow)),
          ...Object.fromEntries(Array.from({ length: 499 }, (_, i) => [`f${i}`, sampled([1])])),
        },
        { gate: ['near', 'slow'] },
      )
    const original = SeededRandom.prototype.nextUint32
    let draws = 0
    SeededRandom.prototype.nextUint32 = function (this: SeededRandom) {
      draws++
      return original.call(this)
    }
    let c: Comparison
    try {
      c = compare([side(103, 120)], [side(100, 100)])
    } finally {
      SeededRandom.prototype.nextUint32 = original
    }
    assert.equal(draws, 2000 * (21 + 21))
    const b = benchmarkOf(c, 'b')
    const near = rowOf(b, 'near')
    assert.deepEqual([near.verdict, near.ci, Object.hasOwn(near, 'why')], ['unchanged', undefined, false])
    assert.ok(near.pValue! < 0.01, `p = ${near.pValue}`)
    assert.equal(rowOf(b, 'slow').verdict, 'regression')
  })
})

// ---- Around the rows ----

describe('the comparison around its rows', () => {
  test('with no warnings from the search for a baseline, the comparison has none', () => {
    const head = results([bench('b', { t: exact(1) })])
    assert.deepEqual(compareResults(head).baselineWarnings, [])
    assert.deepEqual(compareResults(head, { baseline: baselineOf(head) }).baselineWarnings, [])
    assert.deepEqual(
      compareResults(head, { baselineWarnings: ['store: one file unreadable'] }).baselineWarnings,
      ['store: one file unreadable'],
    )
  })

  test('a regression accepted on purpose passes the run; without the rule it fails it', () => {
    const rule: AcceptRule = { benchmark: 'b', reason: 'slower on purpose', source: 'config' }
    const head = [bench('b', { t: exact(200) })]
    const base = [bench('b', { t: exact(100) })]
    const accepted = compare(head, base, { accept: { rules: [rule], notes: [] } })
    assert.equal(benchmarkOf(accepted, 'b').verdict, 'accepted')
    assert.deepEqual(rowOf(benchmarkOf(accepted, 'b'), 't').accepted, {
      reason: 'slower on purpose',
      source: 'config',
    })
    assert.deepEqual([accepted.verdict, exitCodeFor(accepted)], ['pass', 0])
    const refused = compare(head, base, { accept: { rules: [], notes: [] } })
    assert.deepEqual([refused.verdict, exitCodeFor(refused)], ['regression', 1])
  })

  test('instruction counts with a baseline of their own: the acceptances of both halves are reported', () => {
    const side = (ir: number, wall: number) => [
      bench('ir', { ir: exact(ir, 'instructions') }, { kind: 'instructions' }),
      bench('wall', { wall: sampled(spread(wall)) }, { kind: 'process' }),
    ]
    const timedRule: AcceptRule = { benchmark: 'wall', reason: 'new feature', source: 'config' }
    const countsRule: AcceptRule = { benchmark: 'ir', reason: 'more checks', source: 'label', by: 'octocat' }
    const c = compareResults(results(side(1100, 110)), {
      baseline: baselineOf(results(side(900, 100))),
      accept: { rules: [timedRule], notes: ['accept "old" expired on 2026-01-01'] },
      exact: {
        baseline: baselineOf(results(side(1000, 50))),
        accept: { rules: [countsRule], notes: ['accept "older" expired on 2025-12-31'] },
      },
    })
    // Each half accepted against its own baseline: wall +10%, ir +10% (against 1000, not 900).
    assert.deepEqual(
      c.benchmarks.map((b) => [b.id, b.verdict]),
      [
        ['wall', 'accepted'],
        ['ir', 'accepted'],
      ],
    )
    assert.deepEqual(c.acceptance, {
      notes: ['accept "old" expired on 2026-01-01', 'accept "older" expired on 2025-12-31'],
    })
    assert.equal(c.verdict, 'pass')
  })
})
