import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import {
  bootstrapRatioOfMedians,
  decideExact,
  decideSampled,
  EXACT_MAX_SAMPLES,
  halfSampleMode,
  halfSampleModeSorted,
  mannWhitneyU,
  medianInPlace,
  normalSurvival,
  SeededRandom,
  selectInPlace,
  smallestPValue,
  summarize,
} from '../../../src/stats/index.ts'

interface MannWhitneyReference {
  name: string
  a: number[]
  b: number[]
  ties: boolean
  u: number
  exact?: number
  asymptotic: number
}

interface SummaryReference {
  name: string
  samples: number[]
  n: number
  min: number
  max: number
  mean: number
  stddev: number
  median: number
  mad: number
  p95?: number
  p99?: number
}

interface Reference {
  versions: { scipy: string; numpy: string }
  normalSurvival: [number, number][]
  mannWhitney: MannWhitneyReference[]
  summaries: SummaryReference[]
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/stats/reference.json', import.meta.url), 'utf8'),
) as Reference

function assertRelativelyClose(actual: number, expected: number, tolerance: number, label: string): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected)
  assert.ok(error <= tolerance, `${label}: ${actual} vs ${expected} (relative error ${error})`)
}

/** Values around `median` with multiplicative log-normal noise of the given spread. */
function noisy(random: SeededRandom, n: number, median: number, spread: number): number[] {
  return Array.from({ length: n }, () => median * Math.exp(spread * random.nextGaussian()))
}

function assertNoNaN(value: unknown, path = 'result'): void {
  if (typeof value === 'number') assert.ok(!Number.isNaN(value), `${path} is NaN`)
  else if (value !== null && typeof value === 'object') {
    // Arrays too: their entries are [index, item].
    for (const [key, item] of Object.entries(value)) assertNoNaN(item, `${path}.${key}`)
  }
}

describe('SeededRandom', () => {
  test('xoshiro128** matches the reference implementation from state {1, 2, 3, 4}', () => {
    const random = SeededRandom.fromState([1, 2, 3, 4])
    const outputs = Array.from({ length: 10 }, () => random.nextUint32())
    assert.deepEqual(
      outputs,
      [11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597, 4258142804],
    )
  })

  test('seeding is stable across versions, so stored verdicts can be reproduced', () => {
    // Computed independently (Python: FNV-1a of the UTF-8 seed, splitmix32 expansion, xoshiro128**).
    const random = new SeededRandom('bench-action')
    assert.deepEqual(
      Array.from({ length: 4 }, () => random.nextUint32()),
      [1519234173, 148939007, 1052442106, 3549356954],
    )
  })

  test('the same seed gives the same stream, other seeds other streams', () => {
    const draw = (seed: string | number) => {
      const random = new SeededRandom(seed)
      return Array.from({ length: 8 }, () => random.nextUint32())
    }
    assert.deepEqual(draw('main'), draw('main'))
    assert.deepEqual(draw(42), draw('42'))
    assert.notDeepEqual(draw('main'), draw('mainx'))
    assert.notDeepEqual(draw(1), draw(2))
  })

  test('integers stay in range and floats and normals have the right moments', () => {
    const random = new SeededRandom('moments')
    const counts = new Array<number>(7).fill(0)
    for (let i = 0; i < 70_000; i++) {
      const k = random.nextInt(7)
      assert.ok(Number.isInteger(k) && k >= 0 && k < 7, `nextInt(7) gave ${k}`)
      counts[k]!++
    }
    for (const count of counts) assert.ok(Math.abs(count - 10_000) < 500, `bucket count ${count}`)
    let sum = 0
    let sumSquares = 0
    const n = 50_000
    for (let i = 0; i < n; i++) {
      const z = random.nextGaussian()
      sum += z
      sumSquares += z * z
    }
    assert.ok(Math.abs(sum / n) < 0.02, `mean ${sum / n}`)
    assert.ok(Math.abs(sumSquares / n - 1) < 0.03, `variance ${sumSquares / n}`)
  })
})

describe('summarize', () => {
  for (const expected of reference.summaries) {
    test(`matches numpy/scipy: ${expected.name}`, () => {
      const summary = summarize(expected.samples)
      assert.equal(summary.n, expected.n)
      assert.equal(summary.min, expected.min)
      assert.equal(summary.max, expected.max)
      for (const key of ['mean', 'stddev', 'median', 'mad'] as const) {
        assertRelativelyClose(summary[key], expected[key], 1e-12, key)
      }
      assert.equal(summary.p95 === undefined, expected.p95 === undefined, 'p95 present only when n >= 20')
      assert.equal(summary.p99 === undefined, expected.p99 === undefined, 'p99 present only when n >= 100')
      if (expected.p95 !== undefined) assertRelativelyClose(summary.p95!, expected.p95, 1e-12, 'p95')
      if (expected.p99 !== undefined) assertRelativelyClose(summary.p99!, expected.p99, 1e-12, 'p99')
    })
  }

  test('percentiles appear at exactly n = 20 and n = 100', () => {
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
    assert.equal(summarize(range(19)).p95, undefined)
    // Index (20 − 1) · 0.95 = 18.05: 19 + 0.05 · (20 − 19).
    assertRelativelyClose(summarize(range(20)).p95!, 19.05, 1e-12, 'p95 of 1..20')
    assert.equal(summarize(range(99)).p99, undefined)
    assertRelativelyClose(summarize(range(100)).p99!, 99.01, 1e-12, 'p99 of 1..100')
  })

  test('MAD is raw, not scaled to the normal standard deviation', () => {
    assert.equal(summarize([1, 1, 2, 2, 4, 6, 9]).mad, 1)
  })

  test('a constant sample has zero spread and no NaN', () => {
    const summary = summarize([5, 5, 5, 5])
    assert.deepEqual(summary, { n: 4, min: 5, max: 5, mean: 5, stddev: 0, median: 5, mad: 0, mode: 5 })
  })

  test('rejects empty samples and values that are not finite', () => {
    assert.throws(() => summarize([]), /no samples/)
    assert.throws(() => summarize([1, Number.NaN]), /samples\[1\] is NaN/)
    assert.throws(() => summarize([1, Number.POSITIVE_INFINITY]), /finite/)
  })
})

describe('half-sample mode', () => {
  test('small samples by the definition', () => {
    assert.equal(halfSampleMode([7]), 7)
    assert.equal(halfSampleMode([1, 3]), 2)
    assert.equal(halfSampleMode([1, 2, 4]), 1.5) // closer pair is the lower one
    assert.equal(halfSampleMode([1, 3, 4]), 3.5) // closer pair is the upper one
    // Worked by hand. 8 values, h = 4: widths 200, 195, 9975, 19900 → x[1..5]; h = 2 within it:
    // widths 90, 175, 105 → x[1..3] = 10, 25, 100 → the closer pair's mean 17.5. (A window that
    // starts before x[1], x[0..2] of width 25, is not in the half.)
    assert.equal(halfSampleMode([0, 10, 25, 100, 200, 205, 10000, 20000]), 17.5)
    // widths 38, 38 (a tie takes the lower), 977, 1967 → x[0..4]; h = 2: 23, 30, 15 → x[2..4] =
    // 23, 33, 38 → 35.5. (x[3..5], of width 8, reaches past the half.)
    assert.equal(halfSampleMode([0, 3, 23, 33, 38, 41, 1000, 2000]), 35.5)
    assert.throws(() => halfSampleMode([]), /^Error: samples: no samples/)
    assert.throws(() => halfSampleModeSorted([]), /half-sample mode of an empty sample/)
    assert.equal(halfSampleMode([1, 2, 3]), 1.5) // equal gaps: the lower pair
    assert.equal(halfSampleMode([3, 1, 2]), 1.5) // input order does not matter
  })

  test('recursion on hand-checkable samples', () => {
    // n = 4, h = 2: widths 2.5 − 1 = 1.5 and 10 − 2 = 8 → [1, 2, 2.5] → closer pair (2, 2.5).
    assert.equal(halfSampleMode([10, 2.5, 1, 2]), 2.25)
    // n = 5, h = 2: widths 2, 2, 97 → the lowest window [1, 2, 3] → equal gaps → (1 + 2) / 2.
    assert.equal(halfSampleMode([1, 2, 3, 4, 100]), 1.5)
    // n = 6, h = 3: widths 11, 8, 29 → [10, 11, 12, 18]; h = 2: widths 2, 7 → [10, 11, 12] → 10.5.
    assert.equal(halfSampleMode([40, 1, 10, 11, 12, 18]), 10.5)
  })

  test('lands in the larger cluster of a bimodal sample', () => {
    const random = new SeededRandom('bimodal')
    const small = noisy(random, 35, 10, 0.02)
    const large = noisy(random, 65, 20, 0.02)
    const samples = [...small, ...large].sort(() => random.nextFloat() - 0.5)
    const mode = halfSampleMode(samples)
    assert.ok(Math.abs(mode - 20) < 0.5, `mode ${mode} should be near 20`)
    assert.equal(summarize(samples).mode, mode)
  })

  test('ignores a tail of slow runs that drags the mean', () => {
    const random = new SeededRandom('tail')
    const samples = [...noisy(random, 40, 100, 0.01), ...noisy(random, 15, 250, 0.2)]
    const summary = summarize(samples)
    assert.ok(Math.abs(summary.mode - 100) < 2, `mode ${summary.mode}`)
    assert.ok(summary.mean > 130, `mean ${summary.mean}`)
  })
})

describe('selection', () => {
  test('quickselect and median agree with sorting, duplicates included', () => {
    const random = new SeededRandom('select')
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + random.nextInt(40)
      const values = Array.from({ length: n }, () => random.nextInt(10))
      const sorted = [...values].sort((a, b) => a - b)
      const k = random.nextInt(n)
      const array = Float64Array.from(values)
      assert.equal(selectInPlace(array, k), sorted[k])
      for (let i = 0; i < n; i++) {
        if (i < k)
          assert.ok(array[i]! <= sorted[k]!, `values[${i}] = ${array[i]} before the selected ${sorted[k]}`)
        if (i > k)
          assert.ok(array[i]! >= sorted[k]!, `values[${i}] = ${array[i]} after the selected ${sorted[k]}`)
      }
      const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2
      assert.equal(medianInPlace(Float64Array.from(values)), median)
    }
  })
})

describe('bootstrapRatioOfMedians', () => {
  const random = new SeededRandom('bootstrap data')
  const base = noisy(random, 30, 100, 0.05)
  const head = noisy(random, 30, 150, 0.05)

  test('the same seed gives the identical interval; another seed a different one', () => {
    const first = bootstrapRatioOfMedians(base, head, { confidence: 0.95, seed: 'one' })
    const again = bootstrapRatioOfMedians(base, head, { confidence: 0.95, seed: 'one' })
    const other = bootstrapRatioOfMedians(base, head, { confidence: 0.95, seed: 'two' })
    assert.deepEqual(again, first)
    assert.equal(other.estimate, first.estimate)
    assert.notDeepEqual([other.low, other.high], [first.low, first.high])
    assert.deepEqual(
      bootstrapRatioOfMedians(base, head, { confidence: 0.95 }),
      bootstrapRatioOfMedians(base, head, { confidence: 0.95 }),
      'without a seed the default seed still makes it deterministic',
    )
  })

  test('a 1.5× shift: the interval excludes 1 and contains about 1.5', () => {
    const interval = bootstrapRatioOfMedians(base, head, { confidence: 0.95, seed: 7 })
    const medianOf = (values: number[]) => summarize(values).median
    assert.equal(interval.estimate, medianOf(head) / medianOf(base))
    assert.ok(interval.low > 1, `low ${interval.low}`)
    assert.ok(interval.low < 1.5 && 1.5 < interval.high, `[${interval.low}, ${interval.high}]`)
    assert.ok(
      interval.low <= interval.estimate && interval.estimate <= interval.high,
      'the estimate lies inside the interval',
    )
    assert.ok(interval.high - interval.low < 0.15, 'narrow for 5% noise and 30 samples')
  })

  test('the interval cuts equal tails: symmetric resampling gives a symmetric interval', () => {
    // base has one value, so every resampled ratio is median(head*) / 1; head is evenly spread, so the
    // distribution of its resampled median is symmetric about 1050.
    const spread = Array.from({ length: 101 }, (_, i) => 1000 + i)
    const interval = bootstrapRatioOfMedians([1], spread, { confidence: 0.8, seed: 'symmetric' })
    assert.equal(interval.estimate, 1050)
    const below = interval.estimate - interval.low
    const above = interval.high - interval.estimate
    assert.ok(below > 0 && above > 0, `[${interval.low}, ${interval.high}] has width on both sides`)
    assert.ok(Math.abs(below - above) < 0.2 * (below + above), `[${interval.low}, ${interval.high}]`)
  })

  test('three values a side: the interval ends are the atoms an exact enumeration puts the quantiles in', () => {
    // A resample of three values v1 < v2 < v3 has median v1 when two or three of its draws are v1:
    // 3 · (1/3)² · (2/3) + (1/3)³ = 7/27; v3 likewise 7/27; v2 13/27. The ratio of the two sides'
    // medians (independent) then takes these values, with CDF (fixtures/stats/
    // bootstrap-median-tails.py, by counting all 27 × 27 resamples and by the binomial law):
    //   135/110 = 1.2273  49/729  0.0672     150/100 = 1.5 (also 135/90, 165/110)  267/729  0.6831
    //   135/100 = 1.35    91/729  0.1920     165/100 = 1.65   91/729  0.8080
    //   150/110 = 1.3636  91/729  0.3169     150/90  = 1.6667 91/729  0.9328
    //                                        165/90  = 1.8333 49/729  1
    // 90%: q = 0.05 lands in 135/110, 0.95 in 165/90; 50%: 0.25 in 150/110, 0.75 in 165/100; 20%: 0.4
    // and 0.6 both in 1.5. Each quantile lies at least 5 standard deviations of 10 000 resamples'
    // count inside its atom, so the seed cannot move an end.
    const b = [90, 100, 110]
    const h = [135, 150, 165]
    for (const seed of ['one', 'two', 7]) {
      assert.deepEqual(bootstrapRatioOfMedians(b, h, { confidence: 0.9, seed }), {
        estimate: 1.5,
        low: 135 / 110,
        high: 165 / 90,
      })
      assert.deepEqual(bootstrapRatioOfMedians(b, h, { confidence: 0.5, seed }), {
        estimate: 1.5,
        low: 150 / 110,
        high: 165 / 100,
      })
      assert.deepEqual(bootstrapRatioOfMedians(b, h, { confidence: 0.2, seed }), {
        estimate: 1.5,
        low: 1.5,
        high: 1.5,
      })
    }
  })

  test('a wider confidence gives a wider interval', () => {
    const narrow = bootstrapRatioOfMedians(base, head, { confidence: 0.8, seed: 3 })
    const wide = bootstrapRatioOfMedians(base, head, { confidence: 0.99, seed: 3 })
    assert.ok(
      wide.low < narrow.low && wide.high > narrow.high,
      `99% [${wide.low}, ${wide.high}] vs 80% [${narrow.low}, ${narrow.high}]`,
    )
  })

  test('covers the true ratio about as often as its confidence says', () => {
    const data = new SeededRandom('coverage')
    const trials = 100
    let covered = 0
    for (let trial = 0; trial < trials; trial++) {
      const b = noisy(data, 20, 100, 0.05)
      const h = noisy(data, 20, 150, 0.05)
      const interval = bootstrapRatioOfMedians(b, h, { confidence: 0.9, resamples: 1000, seed: trial })
      if (interval.low <= 1.5 && 1.5 <= interval.high) covered++
    }
    assert.ok(covered >= 80 && covered <= 98, `90% intervals covered the truth ${covered} times in ${trials}`)
  })

  test('constant and zero samples give finite or infinite bounds, never NaN', () => {
    assert.deepEqual(bootstrapRatioOfMedians([100, 100, 100], [200, 200], { confidence: 0.99 }), {
      estimate: 2,
      low: 2,
      high: 2,
    })
    assert.deepEqual(bootstrapRatioOfMedians([0, 0, 0], [0, 0], { confidence: 0.99 }), {
      estimate: 1,
      low: 1,
      high: 1,
    })
    const fromZero = bootstrapRatioOfMedians([0, 0, 0, 0, 1], [3, 4, 5], { confidence: 0.9, resamples: 500 })
    assert.equal(fromZero.estimate, Number.POSITIVE_INFINITY)
    assertNoNaN(fromZero)
  })

  test('rejects bad input', () => {
    assert.throws(() => bootstrapRatioOfMedians([], [1], { confidence: 0.9 }), /base: no samples/)
    assert.throws(() => bootstrapRatioOfMedians([1], [], { confidence: 0.9 }), /head: no samples/)
    assert.throws(() => bootstrapRatioOfMedians([1], [1], { confidence: 1 }), /confidence/)
    assert.throws(() => bootstrapRatioOfMedians([1], [1], { confidence: 0.9, resamples: 0 }), /resamples/)
  })
})

describe('mannWhitneyU', () => {
  test(`reference values come from scipy ${reference.versions.scipy}`, () => {
    assert.match(reference.versions.scipy, /^\d+\.\d+/)
    assert.ok(
      reference.mannWhitney.some((c) => c.exact !== undefined),
      'the fixture has exact cases',
    )
    assert.ok(
      reference.mannWhitney.some((c) => c.ties),
      'the fixture has cases with ties',
    )
  })

  for (const expected of reference.mannWhitney) {
    test(`matches scipy: ${expected.name} (${expected.a.length} vs ${expected.b.length})`, () => {
      const auto = mannWhitneyU(expected.a, expected.b)
      assert.equal(auto.u, expected.u)
      const exactEligible =
        !expected.ties && expected.a.length <= EXACT_MAX_SAMPLES && expected.b.length <= EXACT_MAX_SAMPLES
      assert.equal(auto.method, exactEligible ? 'exact' : 'normal')

      const normal = mannWhitneyU(expected.a, expected.b, { method: 'normal' })
      assert.equal(normal.method, 'normal')
      assertRelativelyClose(normal.pValue, expected.asymptotic, 1e-6, 'normal p')

      if (expected.exact !== undefined) {
        const exact = mannWhitneyU(expected.a, expected.b, { method: 'exact' })
        assert.equal(exact.method, 'exact')
        assertRelativelyClose(exact.pValue, expected.exact, 1e-9, 'exact p')
      }

      // Swapped samples: U mirrors, the two-sided p and the method stay.
      const swapped = mannWhitneyU(expected.b, expected.a)
      assert.equal(swapped.u, expected.a.length * expected.b.length - expected.u)
      assert.equal(swapped.method, auto.method)
      assertRelativelyClose(swapped.pValue, auto.pValue, 1e-12, 'swapped p')
    })
  }

  test('hand-checkable exact p: complete separation of 3 and 3 is 2 / C(6, 3)', () => {
    assert.deepEqual(mannWhitneyU([1, 2, 3], [4, 5, 6]), { u: 0, pValue: 0.1, method: 'exact' })
    assert.deepEqual(mannWhitneyU([4, 5, 6], [1, 2, 3]), { u: 9, pValue: 0.1, method: 'exact' })
    assert.equal(smallestPValue(3, 3), 0.1)
  })

  test('swapping the samples keeps p and mirrors U', () => {
    const random = new SeededRandom('swap')
    const a = noisy(random, 12, 10, 0.1)
    const b = noisy(random, 9, 11, 0.1)
    const ab = mannWhitneyU(a, b)
    const ba = mannWhitneyU(b, a)
    assert.equal(ab.u + ba.u, a.length * b.length)
    assertRelativelyClose(ba.pValue, ab.pValue, 1e-14, 'p')
  })

  test('all values tied gives p = 1, not NaN', () => {
    assert.deepEqual(mannWhitneyU([3, 3, 3], [3, 3]), { u: 3, pValue: 1, method: 'normal' })
  })

  test('the exact method refuses tied values', () => {
    assert.throws(() => mannWhitneyU([1, 2, 2], [3, 4], { method: 'exact' }), /no tied values/)
  })

  test('the normal tail is accurate far out', () => {
    for (const [z, expected] of reference.normalSurvival) {
      assertRelativelyClose(normalSurvival(z), expected, 1e-12, `sf(${z})`)
    }
  })
})

describe('decideSampled', () => {
  const options = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }

  test('a 2× slowdown is a regression', () => {
    const random = new SeededRandom('2x')
    const base = noisy(random, 20, 1000, 0.03)
    const head = noisy(random, 20, 2000, 0.03)
    const decision = decideSampled(base, head, options)
    assert.equal(decision.verdict, 'regression')
    assert.equal(decision.test, 'mann-whitney-exact')
    assert.ok(decision.pValue < 1e-6, `p ${decision.pValue}`)
    assert.ok(decision.ci![0] > 1.8 && decision.ci![1] < 2.2, `ci ${decision.ci}`)
    assertRelativelyClose(
      decision.ratio,
      decision.headSummary.median / decision.baseSummary.median,
      1e-15,
      'ratio',
    )
    assertRelativelyClose(decision.change, decision.ratio - 1, 1e-15, 'change')
    assert.deepEqual(decision.notes, [])
  })

  test('the interval is at confidence 1 − alpha: exact ends for three values a side', () => {
    // The atoms of the ratio of resampled medians of [90, 100, 110] and [135, 150, 165] (see
    // bootstrapRatioOfMedians above): α = 0.1 cuts 5% from each end, α = 0.5 25%, α = 0.8 40%.
    const b = [90, 100, 110]
    const h = [135, 150, 165]
    const ci = (alpha: number) => decideSampled(b, h, { ...options, alpha }).ci
    assert.deepEqual(ci(0.1), [135 / 110, 165 / 90])
    assert.deepEqual(ci(0.5), [150 / 110, 165 / 100])
    assert.deepEqual(ci(0.8), [1.5, 1.5])
  })

  test('the same samples against themselves are unchanged', () => {
    const random = new SeededRandom('self')
    const samples = noisy(random, 25, 500, 0.1)
    const decision = decideSampled(samples, samples, options)
    assert.equal(decision.verdict, 'unchanged')
    assert.equal(decision.ratio, 1)
    assert.equal(decision.change, 0)
    assert.equal(decision.pValue, 1)
    assert.ok(decision.ci![0] < 1 && decision.ci![1] > 1, `ci ${decision.ci}`)
  })

  test('a 10% shift with a 5% threshold on low-noise data is a regression', () => {
    const random = new SeededRandom('10%')
    const decision = decideSampled(noisy(random, 30, 100, 0.01), noisy(random, 30, 110, 0.01), options)
    assert.equal(decision.verdict, 'regression')
    assert.ok(Math.abs(decision.change - 0.1) < 0.01, `change ${decision.change}`)
  })

  test('a 3% shift with a 5% threshold is unchanged even though it is significant', () => {
    const random = new SeededRandom('3%')
    const decision = decideSampled(noisy(random, 30, 100, 0.005), noisy(random, 30, 103, 0.005), options)
    assert.ok(decision.pValue < options.alpha, `p ${decision.pValue}`)
    assert.ok(decision.ci![0] > 1, 'the interval alone says slower')
    assert.equal(decision.verdict, 'unchanged')
  })

  test('a large shift with 3 samples each is unclear, not a regression, and says why', () => {
    const decision = decideSampled([100, 101, 102], [200, 201, 202], options)
    assert.equal(decision.verdict, 'unclear')
    assert.equal(decision.pValue, 0.1)
    assert.equal(decision.test, 'mann-whitney-exact')
    assert.ok(
      decision.notes.includes(
        'only 3 base and 3 head samples: fewer than 9 a side make the verdict unreliable',
      ),
      `${decision.notes}`,
    )
    assert.ok(
      decision.notes.some((note) => note.includes('smallest possible p-value is 0.1')),
      `${decision.notes}`,
    )
  })

  test('the small-sample note names both sizes', () => {
    const random = new SeededRandom('5 vs 20')
    const decision = decideSampled(noisy(random, 5, 10, 0.01), noisy(random, 20, 10, 0.01), options)
    assert.ok(
      decision.notes.includes(
        'only 5 base and 20 head samples: fewer than 9 a side make the verdict unreliable',
      ),
      `${decision.notes}`,
    )
  })

  test('beyond the threshold but not significant is unclear', () => {
    // Spread of ±20% around a 10% shift: the test cannot tell.
    const base = [80, 90, 100, 110, 120, 85, 95, 105, 115, 125]
    const head = base.map((value, i) => value * 1.1 + (i % 2 === 0 ? 3 : -3))
    const decision = decideSampled(base, head, options)
    assert.ok(decision.change > options.threshold, `change ${decision.change}`)
    assert.ok(decision.pValue >= options.alpha, `p ${decision.pValue}`)
    assert.equal(decision.verdict, 'unclear')
    assert.ok(
      decision.notes.some((note) => note.startsWith('p = ')),
      `${decision.notes}`,
    )
  })

  test('significant but with an interval that reaches 1 is unclear', () => {
    // Two modes (think: a code alignment that lands either way). Head is 1% slower in both, which the
    // rank test sees clearly, but the median sits on the edge between the modes, so resampled medians
    // jump between them and the interval of the ratio spans 1.
    const random = new SeededRandom('two modes')
    const base = [...noisy(random, 100, 100, 0.01), ...noisy(random, 99, 200, 0.01)]
    const head = [...noisy(random, 99, 101, 0.01), ...noisy(random, 100, 202, 0.01)]
    const decision = decideSampled(base, head, options)
    assert.ok(decision.change > 0.5, `change ${decision.change}`)
    assert.ok(decision.pValue < options.alpha, `p ${decision.pValue}`)
    assert.ok(decision.ci![0] < 1 && decision.ci![1] > 1, `ci ${decision.ci}`)
    assert.equal(decision.verdict, 'unclear')
    assert.ok(
      decision.notes.some((note) => note.includes('includes no change')),
      `${decision.notes}`,
    )
  })

  test('a 2× speed-up is an improvement', () => {
    const random = new SeededRandom('speed-up')
    const decision = decideSampled(noisy(random, 20, 1000, 0.03), noisy(random, 20, 500, 0.03), options)
    assert.equal(decision.verdict, 'improvement')
  })

  test('higher-is-better flips the verdicts', () => {
    const random = new SeededRandom('throughput')
    const base = noisy(random, 20, 1000, 0.02)
    const doubled = noisy(random, 20, 2000, 0.02)
    const lower = noisy(random, 20, 900, 0.02)
    const higher = { ...options, direction: 'higher' as const }
    assert.equal(decideSampled(base, doubled, options).verdict, 'regression')
    assert.equal(decideSampled(base, doubled, higher).verdict, 'improvement')
    assert.equal(decideSampled(base, lower, options).verdict, 'improvement')
    assert.equal(decideSampled(base, lower, higher).verdict, 'regression')
    assert.equal(decideSampled([100, 101, 102], [200, 201, 202], higher).verdict, 'unclear')
  })

  test('identical constant samples: MAD 0, unchanged, no NaN', () => {
    const decision = decideSampled(Array(12).fill(7), Array(12).fill(7), options)
    assert.equal(decision.verdict, 'unchanged')
    assert.equal(decision.baseSummary.mad, 0)
    assert.deepEqual(decision.ci, [1, 1])
    assert.equal(decision.pValue, 1)
    assertNoNaN(decision)
  })

  test('two different constants: a regression with a point interval', () => {
    const decision = decideSampled(Array(20).fill(100), Array(20).fill(200), options)
    assert.equal(decision.verdict, 'regression')
    assert.deepEqual(decision.ci, [2, 2])
    assert.equal(decision.test, 'mann-whitney-normal')
  })

  test('zero medians are handled without NaN and noted', () => {
    const bothZero = decideSampled(Array(10).fill(0), Array(10).fill(0), options)
    assert.equal(bothZero.ratio, 1)
    assert.equal(bothZero.verdict, 'unchanged')
    assert.ok(
      bothZero.notes.some((note) => note.includes('both 0')),
      `${bothZero.notes}`,
    )
    assertNoNaN(bothZero)

    const fromZero = decideSampled(Array(20).fill(0), Array(20).fill(3), options)
    assert.equal(fromZero.ratio, Number.POSITIVE_INFINITY)
    assert.equal(fromZero.verdict, 'regression')
    assert.ok(
      fromZero.notes.some((note) => note.startsWith('base median is 0')),
      `${fromZero.notes}`,
    )
    assertNoNaN(fromZero)
  })

  test('is deterministic for a seed', () => {
    const random = new SeededRandom('seeded decision')
    const base = noisy(random, 15, 10, 0.1)
    const head = noisy(random, 15, 11, 0.1)
    assert.deepEqual(
      decideSampled(base, head, { ...options, seed: 'x' }),
      decideSampled(base, head, { ...options, seed: 'x' }),
    )
  })

  test('rejects empty samples and bad options with clear errors', () => {
    assert.throws(() => decideSampled([], [1, 2], options), /0 base and 2 head samples/)
    assert.throws(() => decideSampled([1], [], options), /1 base and 0 head samples/)
    assert.throws(() => decideSampled([1], [1], { ...options, alpha: 0 }), /alpha/)
    assert.throws(() => decideSampled([1], [1], { ...options, threshold: -0.1 }), /threshold/)
  })

  // How long this takes is measured by npm run bench (BENCH_ONLY=report), not here.
  test('200 + 200 samples with 10 000 resamples find a 6% slowdown', () => {
    const random = new SeededRandom('speed')
    const base = noisy(random, 200, 1000, 0.05)
    const head = noisy(random, 200, 1060, 0.05)
    const decision = decideSampled(base, head, { ...options, resamples: 10_000 })
    assert.equal(decision.verdict, 'regression')
  })
})

describe('decideExact', () => {
  const lower = { threshold: 0.01, direction: 'lower' as const }
  const higher = { threshold: 0.01, direction: 'higher' as const }

  test('a change exactly at the threshold does not count', () => {
    assert.equal(decideExact(100, 101, lower).verdict, 'unchanged')
    assert.equal(decideExact(100, 99, lower).verdict, 'unchanged')
    assert.equal(decideExact(1_000_000, 1_010_000, lower).verdict, 'unchanged')
    assert.equal(decideExact(1_000_000, 1_010_001, lower).verdict, 'regression')
    assert.equal(decideExact(1_000_000, 989_999, lower).verdict, 'improvement')
    assert.equal(decideExact(100, 99, higher).verdict, 'unchanged')
    assert.equal(decideExact(100, 98.9, higher).verdict, 'regression')
  })

  test('ratio and change', () => {
    const decision = decideExact(200, 250, lower)
    assert.equal(decision.ratio, 1.25)
    assert.equal(decision.change, 0.25)
    assert.equal(decision.verdict, 'regression')
    assert.equal(decideExact(200, 250, higher).verdict, 'improvement')
    assert.equal(decideExact(200, 150, lower).verdict, 'improvement')
  })

  test('a zero threshold flags any change', () => {
    const strict = { threshold: 0, direction: 'lower' as const }
    assert.equal(decideExact(1000, 1001, strict).verdict, 'regression')
    assert.equal(decideExact(1000, 1000, strict).verdict, 'unchanged')
  })

  test('a zero base', () => {
    assert.deepEqual(decideExact(0, 0, lower), {
      ratio: 1,
      change: 0,
      verdict: 'unchanged',
      notes: ['base and head are both 0: the ratio is taken as 1'],
    })
    const fromZero = decideExact(0, 5, lower)
    assert.equal(fromZero.ratio, Number.POSITIVE_INFINITY)
    assert.equal(fromZero.verdict, 'regression')
    assert.equal(decideExact(0, 5, higher).verdict, 'improvement')
  })

  test('rejects values that are not finite', () => {
    assert.throws(() => decideExact(Number.NaN, 1, lower), /base is NaN/)
    assert.throws(() => decideExact(1, Number.POSITIVE_INFINITY, lower), /head is Infinity/)
  })
})
