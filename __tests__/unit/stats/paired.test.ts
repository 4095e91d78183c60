import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import {
  bootstrapPairedMedianRatio,
  bootstrapRatioOfMedians,
  decidePaired,
  decideSampled,
  medianPairedRatio,
  SeededRandom,
  smallestWilcoxonPValue,
  summarize,
  WILCOXON_EXACT_MAX_DIFFERENCES,
  WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS,
  wilcoxonSignedRank,
} from '../../../src/stats/index.ts'

interface WilcoxonReference {
  name: string
  base?: number[]
  head?: number[]
  differences: number[]
  n: number
  zeros: number
  ties: boolean
  statistic: number
  autoMethod: 'exact' | 'permutation' | 'asymptotic'
  auto: number
  exact?: number
  exactByCounting?: number
  normal: number | null
}

interface Reference {
  versions: { scipy: string; numpy: string }
  cases: WilcoxonReference[]
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/stats/wilcoxon.json', import.meta.url), 'utf8'),
) as Reference

function assertRelativelyClose(actual: number, expected: number, tolerance: number, label: string): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected)
  assert.ok(error <= tolerance, `${label}: ${actual} vs ${expected} (relative error ${error})`)
}

function assertNoNaN(value: unknown, path = 'result'): void {
  if (typeof value === 'number') assert.ok(!Number.isNaN(value), `${path} is NaN`)
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) assertNoNaN(item, `${path}.${key}`)
  }
}

/**
 * Alternating runs of a ~20 ms benchmark: each pair shares a drift (the machine is faster or slower
 * for a while, by `drift` in log terms), each run adds its own noise, and head takes `change` times
 * as long as base.
 */
function driftingPairs(
  random: SeededRandom,
  n: number,
  change: number,
  drift: number,
  noise: number,
): { base: number[]; head: number[] } {
  const base: number[] = []
  const head: number[] = []
  for (let i = 0; i < n; i++) {
    const shared = 20e6 * Math.exp(drift * random.nextGaussian())
    base.push(Math.round(shared * Math.exp(noise * random.nextGaussian())))
    head.push(Math.round(shared * change * Math.exp(noise * random.nextGaussian())))
  }
  return { base, head }
}

describe('wilcoxonSignedRank', () => {
  test(`reference values come from scipy ${reference.versions.scipy}`, () => {
    assert.match(reference.versions.scipy, /^\d+\.\d+/)
    for (const method of ['exact', 'permutation', 'asymptotic'] as const) {
      assert.ok(
        reference.cases.some((c) => c.autoMethod === method),
        `the fixture has cases where scipy's auto method is ${method}`,
      )
    }
    assert.ok(
      reference.cases.some((c) => c.ties),
      'the fixture has cases with tied magnitudes',
    )
    assert.ok(
      reference.cases.some((c) => c.zeros > 0),
      'the fixture has cases with zeros',
    )
  })

  for (const expected of reference.cases) {
    test(`matches scipy: ${expected.name}`, () => {
      const tolerance = (method: 'exact' | 'normal') => (method === 'exact' ? 1e-9 : 1e-6)
      const auto = wilcoxonSignedRank(expected.differences)
      assert.equal(auto.statistic, expected.statistic)
      assert.equal(auto.n, expected.n)
      assert.equal(auto.zeros, expected.zeros)
      // scipy's permutation test enumerates every sign flip: the exact distribution given the ranks.
      assert.equal(auto.method, expected.autoMethod === 'asymptotic' ? 'normal' : 'exact')
      assertRelativelyClose(auto.pValue, expected.auto, tolerance(auto.method), 'auto p')

      const normal = wilcoxonSignedRank(expected.differences, { method: 'normal' })
      assert.equal(normal.method, 'normal')
      assert.equal(normal.statistic, expected.statistic)
      // scipy gives NaN when no difference is left; we give 1.
      assertRelativelyClose(normal.pValue, expected.normal ?? 1, 1e-6, 'normal p')

      if (expected.exact !== undefined) {
        const exact = wilcoxonSignedRank(expected.differences, { method: 'exact' })
        assert.equal(exact.method, 'exact')
        assertRelativelyClose(exact.pValue, expected.exactByCounting ?? expected.exact, 1e-9, 'exact p')
      }

      // Mirrored differences: the same statistic, p and method.
      const mirrored = wilcoxonSignedRank(expected.differences.map((d) => -d))
      assert.deepEqual(mirrored, auto)

      if (expected.base && expected.head) {
        const options = { threshold: 0.02, alpha: 0.01, direction: 'lower' as const, resamples: 200 }
        const decision = decidePaired(expected.base, expected.head, options)
        assertRelativelyClose(decision.pValue, expected.auto, tolerance(auto.method), 'decidePaired p')
        const swapped = decidePaired(expected.head, expected.base, options)
        assert.equal(swapped.pValue, decision.pValue, 'the test does not care which side is base')
      }
    })
  }

  test("scipy's exact method loses digits far in the upper tail, where counting does not", () => {
    const far = reference.cases.find((c) => c.exactByCounting !== undefined)
    assert.ok(far, 'the fixture has a case where scipy and the count differ')
    const exact = wilcoxonSignedRank(far.differences, { method: 'exact' })
    assertRelativelyClose(exact.pValue, far.exactByCounting!, 1e-9, 'exact p')
    assertRelativelyClose(exact.pValue, far.exact!, 0.1, 'scipy is still close')
  })

  test('hand-checkable exact p-values', () => {
    // All 6 positive: only 1 of the 2^6 sign patterns is as extreme on each side.
    assert.deepEqual(wilcoxonSignedRank([1, 2, 3, 4, 5, 6]), {
      statistic: 0,
      pValue: 2 / 64,
      method: 'exact',
      n: 6,
      zeros: 0,
    })
    // R− = 1: the patterns with R− ≤ 1 are {} and {1}, 2 of 64 on each side.
    assert.equal(wilcoxonSignedRank([-1, 2, 3, 4, 5, 6]).pValue, 4 / 64)
    // R+ = 10, R− = 11 of 21: P(R+ ≤ 10) is exactly ½ by symmetry.
    assert.equal(wilcoxonSignedRank([1, -2, -3, 4, 5, -6]).pValue, 1)
    assert.equal(smallestWilcoxonPValue(6), 2 / 64)
    assert.equal(smallestWilcoxonPValue(1), 1)
    assert.equal(smallestWilcoxonPValue(0), 1)
  })

  test('tied magnitudes use the exact distribution of the average ranks', () => {
    // |d| = 1, 1, 2: ranks 1.5, 1.5, 3; R+ = 6 is reached only by all signs +, R+ = 0 only by all −.
    const result = wilcoxonSignedRank([1, -1, 2].map(Math.abs))
    assert.deepEqual(result, { statistic: 0, pValue: 2 / 8, method: 'exact', n: 3, zeros: 0 })
    // R+ = 1.5 and R− = 4.5: R+ ≤ 1.5 for the + signs on {}, {1.5} and {1.5′}, 3 of 8 → p = 6/8.
    assert.equal(wilcoxonSignedRank([1, -1, -2]).statistic, 1.5)
    assert.equal(wilcoxonSignedRank([1, -1, -2]).pValue, 0.75)
  })

  test('zeros are left out and counted', () => {
    const withZeros = wilcoxonSignedRank([0, 1, 2, 0, 3, 4, 5, 6])
    assert.deepEqual(withZeros, { statistic: 0, pValue: 2 / 64, method: 'exact', n: 6, zeros: 2 })
    assert.equal(
      wilcoxonSignedRank([0, 1, 2, 0, 3, 4, 5, 6], { method: 'normal' }).pValue,
      wilcoxonSignedRank([1, 2, 3, 4, 5, 6], { method: 'normal' }).pValue,
    )
  })

  test("'auto' follows scipy: zeros and ties count towards the limits", () => {
    const distinct = (n: number) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -(i + 1) : i + 1))
    assert.equal(wilcoxonSignedRank(distinct(WILCOXON_EXACT_MAX_DIFFERENCES)).method, 'exact')
    assert.equal(wilcoxonSignedRank(distinct(WILCOXON_EXACT_MAX_DIFFERENCES + 1)).method, 'normal')
    // 50 non-zero differences and a zero: 51 differences, past the limit.
    assert.equal(wilcoxonSignedRank([...distinct(50), 0]).method, 'normal')
    // A zero or a tie beyond 13 differences: normal, although the exact distribution would be cheap.
    assert.equal(
      wilcoxonSignedRank([...distinct(WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS - 1), 0]).method,
      'exact',
    )
    assert.equal(wilcoxonSignedRank([...distinct(WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS), 0]).method, 'normal')
    assert.equal(wilcoxonSignedRank([...distinct(20), 1]).method, 'normal')
    assert.equal(wilcoxonSignedRank([...distinct(20), 1], { method: 'exact' }).method, 'exact')
  })

  test('nothing left to test gives p = 1, never NaN', () => {
    assert.deepEqual(wilcoxonSignedRank([]), { statistic: 0, pValue: 1, method: 'exact', n: 0, zeros: 0 })
    assert.deepEqual(wilcoxonSignedRank([0, 0, 0]), {
      statistic: 0,
      pValue: 1,
      method: 'exact',
      n: 0,
      zeros: 3,
    })
    assert.deepEqual(wilcoxonSignedRank(Array(20).fill(0)), {
      statistic: 0,
      pValue: 1,
      method: 'normal',
      n: 0,
      zeros: 20,
    })
  })

  test('exact and normal agree roughly where both are reasonable', () => {
    const random = new SeededRandom('agree')
    const differences = Array.from({ length: 40 }, () => 0.2 + random.nextGaussian())
    const exact = wilcoxonSignedRank(differences, { method: 'exact' })
    const normal = wilcoxonSignedRank(differences, { method: 'normal' })
    assertRelativelyClose(normal.pValue, exact.pValue, 0.1, 'normal vs exact')
  })

  test('rejects values that are not finite and unknown methods', () => {
    assert.throws(() => wilcoxonSignedRank([1, Number.NaN]), /differences\[1\] is NaN/)
    assert.throws(
      () => wilcoxonSignedRank([1], { method: 'permutation' as unknown as 'exact' }),
      /method must be/,
    )
  })
})

describe('bootstrapPairedMedianRatio', () => {
  const random = new SeededRandom('paired bootstrap data')
  const { base, head } = driftingPairs(random, 25, 1.05, 0.1, 0.01)

  test('the same seed gives the identical interval; other seeds other resamples', () => {
    const first = bootstrapPairedMedianRatio(base, head, { confidence: 0.95, seed: 'one' })
    assert.deepEqual(bootstrapPairedMedianRatio(base, head, { confidence: 0.95, seed: 'one' }), first)
    // The median of a resample of 25 pairs is one of 25 ratios, and with 10 000 resamples the
    // percentiles settle on the same ones whatever the seed; with 500 the seed shows.
    const bounds = new Set<string>()
    for (const seed of ['two', 'three', 'four', 'five']) {
      const other = bootstrapPairedMedianRatio(base, head, { confidence: 0.95, seed, resamples: 500 })
      assert.equal(other.estimate, first.estimate)
      bounds.add(`${other.low} ${other.high}`)
    }
    assert.ok(bounds.size > 1, `every seed gave ${[...bounds]}`)
  })

  test('the estimate is the median paired ratio and lies inside the interval', () => {
    const interval = bootstrapPairedMedianRatio(base, head, { confidence: 0.99 })
    const ratios = base.map((value, i) => head[i]! / value)
    assert.equal(interval.estimate, summarize(ratios).median)
    assert.equal(medianPairedRatio(base, head), interval.estimate)
    assert.ok(
      interval.low <= interval.estimate && interval.estimate <= interval.high,
      `estimate ${interval.estimate} in [${interval.low}, ${interval.high}]`,
    )
    assert.ok(interval.low > 1.03 && interval.high < 1.07, `[${interval.low}, ${interval.high}]`)
  })

  test('a constant 5% ratio gives a point interval at 1.05', () => {
    // Powers of two keep head / base exactly 1050 / 1000 whatever the pair.
    const constantBase = [1, 2, 4, 8, 16, 32, 64].map((scale) => 1000 * scale)
    const constantHead = [1, 2, 4, 8, 16, 32, 64].map((scale) => 1050 * scale)
    assert.deepEqual(bootstrapPairedMedianRatio(constantBase, constantHead, { confidence: 0.99 }), {
      estimate: 1.05,
      low: 1.05,
      high: 1.05,
    })
  })

  test('pairs matter: drift shared within pairs widens the unpaired interval, not the paired one', () => {
    const data = new SeededRandom('shared drift')
    const drifting = driftingPairs(data, 20, 1.05, 0.1, 0.003)
    const unpaired = bootstrapRatioOfMedians(drifting.base, drifting.head, { confidence: 0.99 })
    const paired = bootstrapPairedMedianRatio(drifting.base, drifting.head, { confidence: 0.99 })
    assert.ok(unpaired.low < 1 && unpaired.high > 1, `unpaired [${unpaired.low}, ${unpaired.high}] spans 1`)
    assert.ok(paired.low > 1.04 && paired.high < 1.06, `paired [${paired.low}, ${paired.high}]`)
    assert.ok(
      paired.high - paired.low < (unpaired.high - unpaired.low) / 5,
      `paired width ${paired.high - paired.low} vs unpaired ${unpaired.high - unpaired.low}`,
    )
  })

  test('zero bases give infinite ratios, never NaN', () => {
    const allInfinite = bootstrapPairedMedianRatio([0, 0, 0, 0], [1, 2, 3, 4], { confidence: 0.9 })
    assert.deepEqual(allInfinite, {
      estimate: Number.POSITIVE_INFINITY,
      low: Number.POSITIVE_INFINITY,
      high: Number.POSITIVE_INFINITY,
    })
    const someInfinite = bootstrapPairedMedianRatio([0, 0, 1, 2, 0, 3], [1, 2, 1, 2, 3, 3], {
      confidence: 0.9,
      resamples: 500,
    })
    assert.equal(someInfinite.estimate, Number.POSITIVE_INFINITY)
    assertNoNaN(someInfinite)
    assert.deepEqual(bootstrapPairedMedianRatio([0, 0], [0, 0], { confidence: 0.9 }), {
      estimate: 1,
      low: 1,
      high: 1,
    })
    // −∞ and +∞ in the middle: no direction, taken as 1.
    assert.equal(bootstrapPairedMedianRatio([0, 0], [-1, 1], { confidence: 0.9 }).estimate, 1)
  })

  test('rejects unpaired or bad input', () => {
    assert.throws(
      () => bootstrapPairedMedianRatio([1, 2, 3], [1, 2], { confidence: 0.9 }),
      /cannot pair 3 base with 2 head samples/,
    )
    assert.throws(() => bootstrapPairedMedianRatio([], [], { confidence: 0.9 }), /cannot pair 0 base/)
    assert.throws(() => bootstrapPairedMedianRatio([1, Number.NaN], [1, 2], { confidence: 0.9 }), /base\[1\]/)
    assert.throws(() => bootstrapPairedMedianRatio([1, 2], [1, Number.NaN], { confidence: 0.9 }), {
      message: 'head[1] is NaN: samples must be finite numbers',
    })
    assert.throws(() => bootstrapPairedMedianRatio([1, 2], [1], { confidence: 0.9 }), {
      message:
        'cannot pair 2 base with 1 head samples: paired runs need the same number on each side, at least one',
    })
    assert.throws(() => bootstrapPairedMedianRatio([1], [1], { confidence: 1 }), /confidence/)
    assert.throws(() => bootstrapPairedMedianRatio([1], [1], { confidence: 0.9, resamples: 0 }), /resamples/)
  })
})

describe('decidePaired', () => {
  const options = { threshold: 0.02, alpha: 0.01, direction: 'lower' as const }

  test('a 5% slowdown under drift shared by each pair is a regression that the unpaired rule misses', () => {
    const random = new SeededRandom('paired slowdown')
    const { base, head } = driftingPairs(random, 20, 1.05, 0.1, 0.003)
    const decision = decidePaired(base, head, options)
    assert.equal(decision.verdict, 'regression')
    assert.equal(decision.test, 'wilcoxon-exact')
    assert.equal(decision.pairs, 20)
    assert.equal(decision.pValue, smallestWilcoxonPValue(20), 'every pair is slower')
    assert.ok(Math.abs(decision.change - 0.05) < 0.005, `change ${decision.change}`)
    assert.deepEqual(decision.notes, [])
    const unpaired = decideSampled(base, head, options)
    assert.ok(
      unpaired.verdict === 'unclear' || unpaired.verdict === 'unchanged',
      `unpaired verdict ${unpaired.verdict} (p ${unpaired.pValue}, ci ${unpaired.ci})`,
    )
  })

  test('ratio, change, summaries and interval', () => {
    const random = new SeededRandom('paired fields')
    const { base, head } = driftingPairs(random, 15, 1.1, 0.05, 0.01)
    const decision = decidePaired(base, head, { ...options, seed: 's' })
    assert.equal(decision.ratio, medianPairedRatio(base, head))
    assert.equal(decision.change, decision.ratio - 1)
    assert.deepEqual(decision.baseSummary, summarize(base))
    assert.deepEqual(decision.headSummary, summarize(head))
    const interval = bootstrapPairedMedianRatio(base, head, { confidence: 1 - options.alpha, seed: 's' })
    assert.deepEqual(decision.ci, [interval.low, interval.high], 'the interval is at confidence 1 − alpha')
    assert.deepEqual(
      decidePaired(base, head, { ...options, seed: 's' }),
      decision,
      'deterministic for a seed',
    )
  })

  test('A/A pairs are unchanged', () => {
    const random = new SeededRandom('paired A/A')
    const { base, head } = driftingPairs(random, 30, 1, 0.1, 0.01)
    const decision = decidePaired(base, head, options)
    assert.equal(decision.verdict, 'unchanged')
    assert.ok(decision.pValue > options.alpha, `p ${decision.pValue}`)
    assert.ok(decision.ci![0] < 1 && decision.ci![1] > 1, `ci ${decision.ci}`)
    assert.ok(Math.abs(decision.change) < 0.01, `change ${decision.change}`)
  })

  test('higher-is-better mirrors the verdicts', () => {
    const random = new SeededRandom('paired throughput')
    const slower = driftingPairs(random, 20, 1.05, 0.1, 0.003)
    const faster = driftingPairs(random, 20, 0.95, 0.1, 0.003)
    const higher = { ...options, direction: 'higher' as const }
    assert.equal(decidePaired(slower.base, slower.head, options).verdict, 'regression')
    assert.equal(decidePaired(slower.base, slower.head, higher).verdict, 'improvement')
    assert.equal(decidePaired(faster.base, faster.head, options).verdict, 'improvement')
    assert.equal(decidePaired(faster.base, faster.head, higher).verdict, 'regression')
  })

  test('6 pairs cannot be significant at α = 0.01, and say so', () => {
    const base = [100, 101, 102, 103, 104, 105]
    const head = base.map((value) => value * 2)
    const decision = decidePaired(base, head, options)
    assert.equal(decision.verdict, 'unclear')
    assert.equal(decision.pValue, 2 / 64)
    assert.deepEqual(decision.notes, [
      'only 6 pairs: fewer than 9 make the verdict unreliable',
      'with 6 pairs the smallest possible p-value is 0.0313, not below α = 0.01: no change can be significant',
    ])
  })

  test('beyond the threshold but not significant is unclear, with the reasons', () => {
    // Pairs spread ±20% around a 10% slowdown, some of them faster: the test cannot tell.
    const base = [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100]
    const head = [130, 80, 125, 85, 120, 90, 110, 112, 95, 140, 75, 115]
    const decision = decidePaired(base, head, options)
    assert.ok(decision.change > options.threshold, `change ${decision.change}`)
    assert.equal(decision.verdict, 'unclear')
    assert.ok(
      decision.notes.some((note) => note.startsWith('p = ') && note.endsWith('is not below α = 0.01')),
      `${decision.notes}`,
    )
    assert.ok(
      decision.notes.some((note) => note.includes('includes no change')),
      `${decision.notes}`,
    )
  })

  test('pairs with no difference are left out of the test and noted', () => {
    const random = new SeededRandom('paired zeros')
    const { base, head } = driftingPairs(random, 16, 1.05, 0.1, 0.003)
    head[3] = base[3]!
    head[7] = base[7]!
    const decision = decidePaired(base, head, options)
    assert.equal(decision.verdict, 'regression')
    assert.equal(decision.pairs, 16)
    assert.deepEqual(decision.notes, ['2 pairs with no difference were left out of the test'])
    // 16 differences with zeros are past scipy's limit for exact: normal, as for 14 all slower.
    const allSlower = Array.from({ length: 14 }, (_, i) => i + 1)
    assert.equal(decision.test, 'wilcoxon-normal')
    assert.equal(decision.pValue, wilcoxonSignedRank(allSlower, { method: 'normal' }).pValue)
  })

  test('values at or below 0 are tested as head − base, and noted', () => {
    const base = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    const head = base.map((value) => value + 1)
    const decision = decidePaired(base, head, options)
    // Ratios ∞, 2, 3/2, …, 10/9: the middle two are 6/5 and 5/4.
    assertRelativelyClose(decision.ratio, 1.225, 1e-15, 'ratio')
    // Every difference is 1: all tied, all positive, and 1 of 2^10 sign patterns on each side.
    assert.equal(decision.pValue, 2 / 1024)
    assert.equal(decision.verdict, 'regression')
    assert.deepEqual(decision.notes, [
      'not every value is above 0: the test compares head − base, not the ratio head / base',
      'a base value is 0: the ratio of that pair is infinite, or 1 when head is 0 too',
    ])
    assertNoNaN(decision)
  })

  test('identical sides are unchanged with p = 1 and a point interval', () => {
    const samples = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    const decision = decidePaired(samples, samples, options)
    assert.equal(decision.verdict, 'unchanged')
    assert.equal(decision.ratio, 1)
    assert.equal(decision.pValue, 1)
    assert.deepEqual(decision.ci, [1, 1])
    assert.ok(
      decision.notes.includes('10 pairs with no difference were left out of the test'),
      `${decision.notes}`,
    )
    assertNoNaN(decision)
  })

  test('intervalOnlyWhenDeciding skips the interval within the threshold', () => {
    const random = new SeededRandom('paired skip')
    const { base, head } = driftingPairs(random, 20, 1.01, 0.05, 0.003)
    const decision = decidePaired(base, head, { ...options, intervalOnlyWhenDeciding: true })
    assert.equal(decision.ci, undefined)
    assert.equal(decision.verdict, 'unchanged')
    const deciding = driftingPairs(random, 20, 1.05, 0.05, 0.003)
    assert.notEqual(
      decidePaired(deciding.base, deciding.head, { ...options, intervalOnlyWhenDeciding: true }).ci,
      undefined,
      'beyond the threshold the interval is computed',
    )
  })

  test('rejects unpaired samples and bad options with clear errors', () => {
    assert.throws(() => decidePaired([1, 2, 3], [1, 2], options), /cannot pair 3 base with 2 head samples/)
    assert.throws(() => decidePaired([], [], options), /cannot pair 0 base with 0 head samples/)
    assert.throws(() => decidePaired([1], [1], { ...options, alpha: 1 }), /alpha/)
    assert.throws(() => decidePaired([1], [1], { ...options, threshold: -1 }), /threshold/)
    assert.throws(() => decidePaired([1], [1], { ...options, direction: 'up' as 'lower' }), /direction/)
  })

  test('200 pairs with 10 000 resamples: a regression by the normal approximation, the same every time', () => {
    // How long this takes is measured by `npm run bench` (BENCH_ONLY=report), not here.
    const random = new SeededRandom('paired speed')
    const { base, head } = driftingPairs(random, 200, 1.03, 0.1, 0.02)
    const decision = decidePaired(base, head, { ...options, resamples: 10_000 })
    assert.equal(decision.verdict, 'regression')
    assert.equal(decision.test, 'wilcoxon-normal')
    assert.equal(decision.pairs, 200)
    const [low, high] = decision.ci!
    assert.ok(
      low > 1 && low <= decision.ratio && decision.ratio <= high,
      `${low} … ${decision.ratio} … ${high}`,
    )
    // The bootstrap is seeded: the same pairs give the same interval.
    assert.deepEqual(decidePaired(base, head, { ...options, resamples: 10_000 }).ci, decision.ci)
  })
})
