// Samples nested in processes: the two-stage resample worked by hand on a fixed sequence of draws, the
// between-process share worked by hand, and intervals whose width follows where the spread is: wider
// than the pooled one where processes disagree, the same where they cannot be told apart, and exactly
// today's where there is one process or each sample is its own.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  bootstrapRatioOfMedians,
  type IntSource,
  nestedMedianResampler,
} from '../../../src/stats/bootstrap.ts'
import { decidePaired, decideSampled } from '../../../src/stats/decide.ts'
import {
  betweenProcessShare,
  groupsOf,
  nests,
  processLabels,
  processNesting,
} from '../../../src/stats/nested.ts'
import { bootstrapPairedMedianRatio } from '../../../src/stats/paired.ts'

/** A generator that hands out a fixed sequence of integers and keeps the bounds it was asked for. */
class Scripted implements IntSource {
  readonly bounds: number[] = []
  constructor(private readonly draws: number[]) {}
  nextInt(bound: number): number {
    this.bounds.push(bound)
    const next = this.draws.shift()
    assert.ok(next !== undefined && next < bound, `draw ${this.bounds.length}: ${next} below ${bound}`)
    return next
  }
}

const bySizes = (sizes: number[]) =>
  groupsOf(
    processLabels(
      sizes,
      sizes.reduce((a, b) => a + b, 0),
    ),
  )

describe('the two-stage resample of a median', () => {
  // Processes [100, 104], [140, 146], [120].
  const values = [100, 104, 140, 146, 120]
  const groups = bySizes([2, 2, 1])

  test('groups samples by the consecutive counts of their processes', () => {
    assert.deepEqual(groups, [[0, 1], [2, 3], [4]])
  })

  test('draws a process, then that many of its samples, as many times as there are processes', () => {
    const random = new Scripted([2, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 2, 0, 2, 0, 2, 0])
    const resample = nestedMedianResampler(values, groups)
    // Process 2 → 120; process 0 → 104, 104; process 1 → 140, 146. Sorted 104 104 120 140 146: 120.
    assert.equal(resample(random), 120)
    assert.deepEqual(random.bounds, [3, 1, 3, 2, 2, 3, 2, 2])
    // Process 1 → 146, 146; process 1 → 140, 146; process 0 → 100, 100. Sorted 100 100 140 146 146 146:
    // six values, the middle two 140 and 146, so 143.
    assert.equal(resample(random), 143)
    // Process 2 three times: three values, all 120. A resample's size follows the processes drawn.
    assert.equal(resample(random), 120)
    assert.equal(random.bounds.length, 8 + 9 + 6)
  })
})

describe('the share of the spread between processes', () => {
  test('3 processes of 2 samples: between 99, within 2, so 99 / 101', () => {
    // Means 11, 21, 31, grand mean 21: SSB = 2·(100 + 0 + 100) = 400, MSB = 400 / 2 = 200. SSW = 3·(1 + 1)
    // = 6, MSW = 6 / (6 − 3) = 2. n₀ = (6 − 12 / 6) / 2 = 2. σ²_between = (200 − 2) / 2 = 99.
    const share = betweenProcessShare([10, 12, 20, 22, 30, 32], bySizes([2, 2, 2]))
    assert.ok(Math.abs(share! - 99 / 101) < 1e-12, String(share))
  })

  test('processes of unequal size: n₀ weighs them, 318 / 373', () => {
    // [1, 3], [6], [8, 10, 12]: means 2, 6, 10, grand mean 40 / 6. SSB = 232 / 3, MSB = 116 / 3; SSW = 2 + 0 +
    // 8 = 10, MSW = 10 / 3; n₀ = (6 − 14 / 6) / 2 = 11 / 6; σ²_between = (106 / 3) / (11 / 6) = 212 / 11.
    // Share = (212 / 11) / (212 / 11 + 10 / 3) = 636 / 746.
    const share = betweenProcessShare([1, 3, 6, 8, 10, 12], bySizes([2, 1, 3]))
    assert.ok(Math.abs(share! - 318 / 373) < 1e-12, String(share))
  })

  test('processes that agree better than their own noise: the negative estimate is clipped at 0', () => {
    // Means 2, 2, 2: MSB = 0, MSW = 4 / 3, so (MSB − MSW) / n₀ < 0.
    assert.equal(betweenProcessShare([1, 3, 1, 3, 2, 2], bySizes([2, 2, 2])), 0)
  })

  test('no answer from one process, from one sample per process, or from no spread at all', () => {
    assert.equal(betweenProcessShare([1, 2, 3], bySizes([3])), undefined)
    assert.equal(betweenProcessShare([1, 2, 3], bySizes([1, 1, 1])), undefined)
    assert.equal(betweenProcessShare([5, 5, 5, 5], bySizes([2, 2])), undefined)
  })
})

/**
 * Head: 10 processes of 2 samples, 8 at 100 ± 0.1 and 2 at 140 ± 0.1; base: 20 samples of exactly 100,
 * so a resampled ratio is head's resampled median / 100. A median of 20 values reaches the 140s only
 * when at least 10 of them are.
 * - Pooled, each drawn value is high with probability 4/20: P(Binomial(20, 0.2) ≥ 10) = 0.0026, so of
 *   10 000 resamples about 26 (far fewer than the 50 a 99% interval leaves above it) are not below
 *   100.1: the upper end is at most 1.001.
 * - Nested, each drawn process is high with probability 2/10 and brings 2 high values: 10 or more when
 *   5 or more processes are, P(Binomial(10, 0.2) ≥ 5) = 0.033, about 330 resamples, whose median is at
 *   least (100.1 + 139.9) / 2 = 120: the upper end is at least 1.2.
 */
const disagreeing = {
  base: Array.from({ length: 20 }, () => 100),
  head: Array.from({ length: 10 }, (_, p) => (p === 3 || p === 7 ? [139.9, 140.1] : [99.9, 100.1])).flat(),
  sizes: Array.from({ length: 10 }, () => 2),
}

describe('an interval follows where the spread is', () => {
  test('processes that disagree: wider than the pooled interval, reaching 1.1, which the pooled one excludes', () => {
    const { base, head, sizes } = disagreeing
    const options = { confidence: 0.99, seed: 'disagree' }
    const pooled = bootstrapRatioOfMedians(base, head, options)
    const nested = bootstrapRatioOfMedians(base, head, { ...options, processes: { head: bySizes(sizes) } })
    assert.ok(pooled.high <= 1.001, `pooled upper end ${pooled.high}`)
    assert.ok(nested.high >= 1.2 - 1e-9, `nested upper end ${nested.high}`)
    // Both lower ends are in the low cluster: at least 99.9 / 100.
    for (const i of [pooled, nested]) assert.ok(i.low >= 0.999 && i.low <= 1.001, String(i.low))
    assert.ok(nested.low <= 1.1 && 1.1 <= nested.high)
    assert.ok(!(pooled.low <= 1.1 && 1.1 <= pooled.high))
    // The estimate is the observed ratio of medians, whatever is resampled.
    assert.equal(nested.estimate, pooled.estimate)
  })

  test('pairs in pairs of processes: the same, with the pairs of a round drawn together', () => {
    const { base, head, sizes } = disagreeing
    // Round r paired base samples 2r, 2r + 1 with head samples 2r, 2r + 1.
    const pairs = base.map((_, i) => [i, i] as [number, number])
    const nesting = processNesting(sizes, sizes, { base: 20, head: 20 }, pairs)
    assert.deepEqual(
      nesting.pairs,
      sizes.map((_, r) => [2 * r, 2 * r + 1]),
    )
    const options = { confidence: 0.99, seed: 'pairs' }
    const pooled = bootstrapPairedMedianRatio(base, head, options)
    const nested = bootstrapPairedMedianRatio(base, head, { ...options, processes: nesting })
    assert.ok(pooled.high <= 1.001, `pooled upper end ${pooled.high}`)
    assert.ok(nested.high >= 1.2 - 1e-9, `nested upper end ${nested.high}`)
  })

  test('processes that cannot be told apart (each holds 100 and 110): the interval is the pooled one', () => {
    // Drawing any process, then 2 of its values, draws 100 or 110 with probability ½ each, as drawing from
    // the pooled 20 values does: the same distribution. A median of 20 such draws is 100, 105 or 110
    // with probabilities 0.412, 0.176, 0.412, and head's (each process 105 and 115) 105, 110 or 115; the
    // extreme ratios 105 / 110 and 115 / 100 each come up in 0.412² = 17% of resamples, far more than the
    // 0.5% beyond either end: both intervals are exactly [105 / 110, 1.15].
    const sizes = Array.from({ length: 10 }, () => 2)
    const base = sizes.flatMap(() => [100, 110])
    const head = sizes.flatMap(() => [105, 115])
    const options = { confidence: 0.99, seed: 'agree' }
    const processes = { base: bySizes(sizes), head: bySizes(sizes) }
    for (const interval of [
      bootstrapRatioOfMedians(base, head, options),
      bootstrapRatioOfMedians(base, head, { ...options, processes }),
    ]) {
      assert.equal(interval.low, 105 / 110)
      assert.equal(interval.high, 1.15)
    }
  })

  test('one process, or each sample its own: not nested, the interval drawn exactly as before', () => {
    const base = [10, 11, 12, 13, 14, 15]
    const head = [12, 13, 13, 15, 16, 18]
    const options = { confidence: 0.95, seed: 'one' }
    const before = bootstrapRatioOfMedians(base, head, options)
    for (const sizes of [[6], [1, 1, 1, 1, 1, 1]]) {
      const groups = bySizes(sizes)
      assert.equal(nests(groups, 6), false)
      const processes = { base: groups, head: groups }
      assert.deepEqual(bootstrapRatioOfMedians(base, head, { ...options, processes }), before)
      assert.deepEqual(processNesting(sizes, sizes, { base: 6, head: 6 }), {})
    }
  })

  test('decideSampled and decidePaired hand the nesting to the interval, not to the test', () => {
    const { base, head, sizes } = disagreeing
    const options = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const, seed: 'decide' }
    const pooled = decideSampled(base, head, options)
    const nested = decideSampled(base, head, { ...options, processes: { head: bySizes(sizes) } })
    assert.ok(pooled.ci![1] <= 1.001 && nested.ci![1] >= 1.2 - 1e-9)
    assert.equal(nested.pValue, pooled.pValue)
    const pairs = base.map((_, i) => [i, i] as [number, number])
    const processes = processNesting(sizes, sizes, { base: 20, head: 20 }, pairs)
    const paired = decidePaired(base, head, { ...options, processes })
    assert.ok(paired.ci![1] >= 1.2 - 1e-9, String(paired.ci))
  })
})

describe('the nesting of a comparison', () => {
  test('pairs that share a base and a head process form a pair of processes', () => {
    // Round 1: base process 0 took samples 0–2, head process 0 samples 0–1: pairs (0, 0), (1, 1); round 2:
    // base process 1 took sample 3, head process 1 samples 2–3: pair (3, 2).
    const pairs: Array<[number, number]> = [
      [0, 0],
      [1, 1],
      [3, 2],
    ]
    assert.deepEqual(processNesting([3, 1], [2, 2], { base: 4, head: 4 }, pairs), {
      base: [[0, 1], [2]],
      head: [[0, 1], [2]],
      pairs: [[0, 1], [2]],
    })
  })

  test('unpaired, each side by its own processes; a side without them is not nested', () => {
    assert.deepEqual(processNesting(undefined, [2, 2], { base: 3, head: 4 }), {
      head: [
        [0, 1],
        [2, 3],
      ],
    })
    assert.deepEqual(processNesting(undefined, undefined, { base: 3, head: 3 }, [[0, 0]]), {})
  })

  test('processes that do not account for the samples are refused', () => {
    assert.throws(() => processLabels([2, 2], 5), /processes account for 4 samples, but there are 5/)
  })
})
