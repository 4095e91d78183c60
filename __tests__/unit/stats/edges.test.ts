// The edges of the statistics behind a verdict: the order-statistic interval of a history's median,
// the looks of sequential sampling, Student's t for few runs, and the boundaries of the rules that turn
// samples into a verdict (a change exactly at a threshold, an interval touching 1, too few samples).
// Expected values are worked by hand where the arithmetic is short, and otherwise taken from scipy by
// the reference script beside this file, __tests__/unit/stats/edges.reference.py (python3 it to see
// every number used here).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  decideDifference,
  decideExact,
  decideFewSamples,
  decidePaired,
  decideSampled,
  decideSummary,
  mannWhitneyU,
  summaryInterval,
} from '../../../src/stats/index.ts'
import { medianIntervalSorted } from '../../../src/stats/median-interval.ts'
import { extendedAlpha, lookAtPairs, lookPlan } from '../../../src/stats/sequential.ts'
import { logGamma, regularizedBeta, studentTCdf, studentTQuantile } from '../../../src/stats/student-t.ts'

const close = (actual: number, expected: number, tolerance = 1e-9, what = '') =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what} ${actual}, expected ${expected}`)

/** 0, 1, …, n − 1: an interval over it names the order statistics it was read at. */
const ranks = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('the interval of a median from its order statistics', () => {
  test('no values, or too few for any pair to reach the level, give no interval', () => {
    assert.equal(medianIntervalSorted([]), undefined)
    assert.equal(medianIntervalSorted([7]), undefined)
    // 5 values: the widest pair [x1, x5] covers with 1 − 2/32 = 93.75% < 95%.
    assert.equal(medianIntervalSorted(ranks(5)), undefined)
    // 7 values at 99%: 1 − 2/128 = 98.4% < 99%.
    assert.equal(medianIntervalSorted(ranks(7), 0.99), undefined)
  })

  test('6 values reach 95% only with the outermost pair; 8 values reach 99% only so', () => {
    // 1 − 2/64 = 96.9% ≥ 95%; the next pair in covers 1 − 2·7/64 = 78%.
    assert.deepEqual(medianIntervalSorted([10, 11, 12, 13, 14, 15]), { low: 10, high: 15 })
    // 1 − 2/256 = 99.2% ≥ 99%; the next pair in covers 1 − 2·9/256 = 93%.
    assert.deepEqual(medianIntervalSorted(ranks(8), 0.99), { low: 0, high: 7 })
  })

  test('a pair whose coverage equals the level exactly reaches it', () => {
    // 2 values at 50%: [x1, x2] covers 1 − 2·P(X ≤ 0) = 1 − 2/4 = ½.
    assert.deepEqual(medianIntervalSorted([1, 2], 0.5), { low: 1, high: 2 })
    // 4 values at 37.5%: [x2, x3] covers 1 − 2·P(X ≤ 1) = 1 − 2·5/16 = 3/8.
    assert.deepEqual(medianIntervalSorted([1, 2, 3, 4], 0.375), { low: 2, high: 3 })
  })

  test('20 values at 95%: the 6th smallest to the 6th largest (P(X ≤ 5) = 0.0207, P(X ≤ 6) = 0.0577)', () => {
    assert.deepEqual(medianIntervalSorted(ranks(20)), { low: 5, high: 14 })
  })

  test('up to 1000 values the binomial is summed exactly; beyond, the normal approximation', () => {
    // Exactly: at 90%, l = 474 for 1000 values; the normal approximation would give
    // ⌊500 − 1.6449·√1000/2⌋ = 473.
    assert.deepEqual(medianIntervalSorted(ranks(1000), 0.9), { low: 473, high: 526 })
    // 1001 values at 95%: ⌊500.5 − 1.96·√1001/2⌋ = 469 (the exact sum would give 470).
    assert.deepEqual(medianIntervalSorted(ranks(1001)), { low: 468, high: 532 })
    // 10 000 values at 95%: ⌊5000 − 1.96·100/2⌋ = 4902.
    assert.deepEqual(medianIntervalSorted(ranks(10000)), { low: 4901, high: 5098 })
    // 1001 values at 99%: ⌊500.5 − 2.5758·√1001/2⌋ = 459.
    assert.deepEqual(medianIntervalSorted(ranks(1001), 0.99), { low: 458, high: 542 })
  })
})

describe('sequential looks at paired runs', () => {
  test('the early look comes at half the planned pairs, only when that is 9 pairs or more', () => {
    assert.deepEqual(lookPlan(18), { early: 9, planned: 18, max: 36 })
    assert.deepEqual(lookPlan(17), { early: 9, planned: 17, max: 34 })
    assert.deepEqual(lookPlan(16), { planned: 16, max: 32 })
    assert.deepEqual(lookPlan(1), { planned: 1, max: 2 })
  })

  test('extended pairs are judged at half the significance level', () => {
    assert.equal(extendedAlpha(0.01), 0.005)
    assert.equal(extendedAlpha(0.05), 0.025)
  })

  const gate = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }
  /** n pairs whose every ratio is exactly num / den. */
  const pairs = (n: number, num: number, den: number) => ({
    base: Array.from({ length: n }, (_, i) => den * (i + 1)),
    head: Array.from({ length: n }, (_, i) => num * (i + 1)),
  })

  test('nothing to look at: no pairs, unequal counts, or a value not above 0', () => {
    assert.equal(lookAtPairs([], [], gate, false), undefined)
    assert.equal(lookAtPairs([1, 2], [1], gate, false), undefined)
    const { base, head } = pairs(9, 13, 10)
    assert.equal(lookAtPairs([0, ...base.slice(1)], head, gate, false), undefined)
    assert.equal(lookAtPairs(base, [...head.slice(1), 0], gate, false), undefined)
    assert.equal(lookAtPairs([-1, ...base.slice(1)], head, gate, false), undefined)
  })

  test('9 pairs all 30% slower: a regression at the planned look (p = 2/2⁹ = 0.0039 < 0.005)', () => {
    const { base, head } = pairs(9, 13, 10)
    assert.equal(lookAtPairs(base, head, gate, false), 'regression')
    assert.equal(lookAtPairs(base, head, { ...gate, direction: 'higher' }, false), 'improvement')
    assert.equal(lookAtPairs(head, base, gate, false), 'improvement')
  })

  test('the early look decides nothing but a clearly unchanged benchmark', () => {
    const { base, head } = pairs(9, 13, 10)
    assert.equal(lookAtPairs(base, head, gate, true), 'undecided')
  })

  test('8 pairs all 30% slower are undecided at the planned look: p = 2/2⁸ = 0.0078 is not below 0.005', () => {
    const { base, head } = pairs(8, 13, 10)
    assert.equal(lookAtPairs(base, head, gate, false), 'undecided')
  })

  test('an interval of the ratio within ±threshold, ends included, stops the benchmark as unchanged', () => {
    const same = pairs(9, 10, 10)
    assert.equal(lookAtPairs(same.base, same.head, gate, true), 'unchanged')
    assert.equal(lookAtPairs(same.base, same.head, gate, false), 'unchanged')
    // Every ratio 5/4 = 1.25 exactly, at a 25% threshold: the interval [1.25, 1.25] touches the edge.
    const atEdge = { ...gate, threshold: 0.25 }
    const up = pairs(9, 5, 4)
    assert.equal(lookAtPairs(up.base, up.head, atEdge, true), 'unchanged')
    assert.equal(lookAtPairs(up.base, up.head, atEdge, false), 'unchanged')
    // Every ratio 3/4 = 0.75 exactly: the lower edge.
    const down = pairs(9, 3, 4)
    assert.equal(lookAtPairs(down.base, down.head, atEdge, true), 'unchanged')
    // Just past the edge (ratio 1.26) the benchmark is not stopped early.
    const past = pairs(9, 126, 100)
    assert.equal(lookAtPairs(past.base, past.head, atEdge, true), 'undecided')
    // Every ratio 0.7: the interval lies below the lower edge, so nothing is stopped early.
    const faster = pairs(9, 7, 10)
    assert.equal(lookAtPairs(faster.base, faster.head, gate, true), 'undecided')
  })

  test('the seed given decides the bootstrap: the same pairs stop early under one seed, not another', () => {
    // 12 pairs at ratio 1 and 3 at 1.1: whether the upper end of the 99% interval of the median ratio
    // stays within 1.05 depends on the resamples drawn.
    const ratios = [...Array(12).fill(1), ...Array(3).fill(1.1)]
    const base = ratios.map((_, i) => 100 * (i + 1))
    const head = ratios.map((q, i) => Math.round(100 * (i + 1) * q))
    assert.equal(lookAtPairs(base, head, gate, true), 'undecided')
    assert.equal(lookAtPairs(base, head, { ...gate, seed: 'a' }, true), 'unchanged')
    assert.equal(lookAtPairs(base, head, { ...gate, seed: 'f' }, true), 'undecided')
  })
})

describe("Student's t at its edges", () => {
  test('ln Γ at hand-known points, below ½ by the reflection formula', () => {
    close(logGamma(1), 0, 1e-14)
    close(logGamma(0.5), 0.5723649429247001, 1e-13, 'ln √π')
    close(logGamma(10), 12.801827480081469, 1e-12, 'ln 9!')
    close(logGamma(0.25), 1.2880225246980774, 1e-12, 'ln Γ(¼)')
  })

  test('the regularized incomplete beta: its ends and both sides of the continued fraction', () => {
    assert.equal(regularizedBeta(0, 2, 3), 0)
    assert.equal(regularizedBeta(-0.5, 2, 3), 0)
    assert.equal(regularizedBeta(1, 2, 3), 1)
    assert.equal(regularizedBeta(1.5, 2, 3), 1)
    // I_x(2, 3) = Σ_{j=2..4} C(4, j) x^j (1 − x)^(4 − j): 11/16 at ½, 0.1808 at 0.2.
    close(regularizedBeta(0.5, 2, 3), 0.6875, 1e-13)
    close(regularizedBeta(0.2, 2, 3), 0.1808, 1e-13)
    close(regularizedBeta(0.3, 0.5, 0.5), 0.36901011956554536, 1e-12, 'arcsine law')
    // Far out on each side, where the continued fraction of the other side does not converge:
    // I_x(½, ½) = (2/π)·asin(√x) and I_x(1, b) = 1 − (1 − x)^b.
    close(regularizedBeta(1e-6, 0.5, 0.5), (2 / Math.PI) * Math.asin(1e-3), 1e-15, 'arcsine law near 0')
    close(regularizedBeta(0.99, 1, 10), 1 - 0.01 ** 10, 1e-12, 'I_0.99(1, 10)')
    close(regularizedBeta(0.1, 1, 3), 1 - 0.9 ** 3, 1e-13, 'I_0.1(1, 3)')
    // For a whole b, I_x(a, b) = x^a · Σ_{k<b} Γ(a + k)/(Γ(a)·k!) · (1 − x)^k: at a = ½, b = 3,
    // √x · (1 + (1 − x)/2 + 3(1 − x)²/8).
    const y = 1 - 1e-6
    close(regularizedBeta(1e-6, 0.5, 3), 1e-3 * (1 + y / 2 + (3 * y * y) / 8), 1e-15, 'I_1e-6(½, 3)')
  })

  test('the distribution function on both sides of 0, and for under one degree of freedom', () => {
    close(studentTCdf(2, 3), 0.9303370157205785, 1e-12)
    close(studentTCdf(-2, 3), 0.06966298427942152, 1e-12)
    close(studentTCdf(1.5, 0.5), 0.7460491046759459, 1e-10)
    assert.ok(Number.isNaN(studentTCdf(Number.NaN, 3)))
    assert.throws(() => studentTCdf(1, 0), /degrees of freedom must be positive, got 0/)
    assert.throws(() => studentTCdf(1, Number.NaN), /degrees of freedom must be positive/)
  })

  test('quantiles: the median is 0, a wide tail is found by doubling, bad arguments are refused', () => {
    assert.equal(studentTQuantile(0.5, 3), 0)
    close(studentTQuantile(0.975, 1), 12.706204736174694, 1e-9)
    close(studentTQuantile(0.9, 0.5), 10.27032441023451, 1e-8)
    close(studentTQuantile(0.1, 0.5), -10.27032441023451, 1e-8)
    assert.throws(() => studentTQuantile(0, 3), /a quantile needs 0 < p < 1, got 0/)
    assert.throws(() => studentTQuantile(1, 3), /a quantile needs 0 < p < 1, got 1/)
    assert.throws(() => studentTQuantile(0.9, -1), /degrees of freedom must be positive, got -1/)
  })
})

describe('the rank test refuses what it cannot rank', () => {
  test('a value that is not a finite number is named by its sample and index', () => {
    assert.throws(() => mannWhitneyU([1, Number.NaN], [2]), {
      message: 'a[1] is NaN: samples must be finite numbers',
    })
    assert.throws(() => mannWhitneyU([1], [2, 3, Number.POSITIVE_INFINITY]), {
      message: 'b[2] is Infinity: samples must be finite numbers',
    })
    assert.throws(() => mannWhitneyU([], [2]), { message: /^a: no samples/ })
  })
})

describe('a result kept only as a summary', () => {
  const gate = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }
  const near = (actual: [number, number] | undefined, expected: [number, number], what = '') => {
    assert.ok(actual, `${what}: an interval`)
    close(actual[0], expected[0], 1e-9, `${what} low`)
    close(actual[1], expected[1], 1e-9, `${what} high`)
  }

  test("a median's interval comes from its interquartile range before its standard deviation", () => {
    // σ = IQR / 1.349 = 2; half-width z(0.975) · √(π/2) · σ / √n = 1.96 · 1.2533 · 2 / 4 = 1.2282.
    const median = { center: 100, statistic: 'median' as const, n: 16 }
    near(
      summaryInterval({ ...median, iqr: 2.698, stddev: 50 }, 0.05),
      [98.77177471477337, 101.22822528522663],
    )
    near(summaryInterval({ ...median, stddev: 2 }, 0.05), [98.77177471477337, 101.22822528522663], 'σ given')
    // No spread of its own: the tool's interval, else none.
    assert.deepEqual(summaryInterval({ ...median, interval: [99, 102] }, 0.05), [99, 102])
    assert.equal(summaryInterval(median, 0.05), undefined)
    // Without a count, a median is taken as center ± stddev, like a mean.
    assert.deepEqual(summaryInterval({ center: 100, statistic: 'median', stddev: 3 }, 0.05), [97, 103])
  })

  test("the tool's interval at another level is rebuilt from the stddev, or rescaled by the ratio of the z's", () => {
    // At its own level (or none said) it is taken as it is.
    assert.deepEqual(summaryInterval({ center: 100, interval: [90, 110], level: 0.99 }, 0.01), [90, 110])
    // A 95% interval judged at 99%, with stddev 10 of 25 values: 100 ± 2.5758 · 10 / 5.
    near(
      summaryInterval({ center: 100, interval: [90, 110], level: 0.95, stddev: 10, n: 25 }, 0.01),
      [94.8483413929022, 105.1516586070978],
    )
    // Without them, each end moves away from the center by z(0.995) / z(0.975) = 1.3142.
    near(
      summaryInterval({ center: 100, interval: [95, 110], level: 0.95 }, 0.01),
      [93.42888613294245, 113.14222773411508],
    )
  })

  test('a mean whose standard deviation exceeds it is not taken as evidence, on either side', () => {
    const head = { center: 110, interval: [109, 111] as [number, number] }
    const wild = decideSummary({ center: 100, stddev: 150, interval: [99, 101] }, head, gate)
    assert.equal(wild.verdict, 'unclear')
    assert.equal(
      wild.notes[1],
      "unreliable: the base's standard deviation (150) exceeds its mean (100), so outliers carry it; not taken as evidence",
    )
    const wildHead = decideSummary({ center: 100, interval: [99, 101] }, { ...head, stddev: 110.5 }, gate)
    assert.equal(wildHead.verdict, 'unclear')
    assert.match(wildHead.notes[1]!, /the head's standard deviation \(110\.5\) exceeds its mean \(110\)/)
    // A standard deviation equal to the mean, a median, or a mean at or below 0 is not flagged.
    for (const base of [
      { center: 100, stddev: 100, interval: [99, 101] as [number, number] },
      { center: 100, statistic: 'median' as const, stddev: 150, interval: [99, 101] as [number, number] },
    ]) {
      const d = decideSummary(base, head, gate)
      assert.equal(d.verdict, 'regression')
      assert.equal(d.notes.length, 1)
    }
    const negative = decideSummary(
      { center: -100, stddev: 150, interval: [-101, -99] },
      { center: -120, interval: [-121, -119] },
      gate,
    )
    assert.equal(negative.verdict, 'regression')
    assert.equal(negative.notes.length, 1)
    // Within the threshold nothing is judged, so nothing is flagged.
    const within = decideSummary(
      { center: 100, stddev: 150, interval: [99, 101] },
      { center: 102, interval: [101.5, 102.5] },
      gate,
    )
    assert.equal(within.verdict, 'unchanged')
    assert.equal(within.notes.length, 1)
  })

  test('the note names what the centers are and the intervals compared, to four digits', () => {
    const note = (b: object, h: object) =>
      decideSummary(
        { center: 100, interval: [99, 101], ...b },
        { center: 110, interval: [109, 111], ...h },
        gate,
      ).notes[0]
    assert.equal(
      note({}, {}),
      'summary only (the tool kept no samples): a change beyond the threshold counts when the 99% intervals of the means do not overlap (base 99–101, head 109–111)',
    )
    assert.match(note({ statistic: 'median' }, { statistic: 'median' })!, /intervals of the medians do not/)
    assert.match(note({ statistic: 'min' }, { statistic: 'min' })!, /intervals of the minima do not/)
    assert.match(
      note({ statistic: 'mean' }, { statistic: 'median' })!,
      /intervals of the mean and median do not/,
    )
    assert.match(
      note({ interval: [99.123456, 101] }, { interval: [109, 111.98765] })!,
      /\(base 99\.12–101, head 109–112\)/,
    )
  })
})

describe('the verdict rules at their edges', () => {
  const o = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }
  const base = Array.from({ length: 12 }, (_, i) => 100 + i)

  test('without a change beyond the threshold, a large suite may skip the interval; beyond it, never', () => {
    const lazy = { ...o, intervalOnlyWhenDeciding: true }
    const within = decideSampled(
      base,
      base.map((v) => v * 1.01),
      lazy,
    )
    assert.equal(within.verdict, 'unchanged')
    assert.equal(within.ci, undefined)
    assert.notEqual(
      decideSampled(
        base,
        base.map((v) => v * 1.01),
        o,
      ).ci,
      undefined,
    )
    const beyond = decideSampled(
      base,
      base.map((v) => v * 2),
      lazy,
    )
    assert.equal(beyond.verdict, 'regression')
    assert.ok(beyond.ci && beyond.ci[0] > 1, `an interval above 1: ${beyond.ci}`)
  })

  test('a difference at a large absolute threshold passes, though rounding puts it a hair beyond', () => {
    // 1000000.3 − 0.1 is 1000000.2000000001 in floating point: 1.2e-10 over a threshold of 1000000.2.
    const d = decideDifference([0.1, 0.1, 0.1], [1000000.3, 1000000.3, 1000000.3], {
      ...o,
      absoluteThreshold: 1000000.2,
    })
    assert.equal(d.difference, 1000000.2000000001)
    assert.equal(d.verdict, 'unchanged')
    assert.equal(
      decideDifference([0.1, 0.1, 0.1], [1000000.3, 1000000.3, 1000000.3], {
        ...o,
        absoluteThreshold: 1000000,
      }).notes.length,
      2,
      'beyond it: judged, and unclear with 3 samples a side',
    )
  })

  test('one side of two samples and the other of one: still too few for an interval or a test', () => {
    for (const [b, h] of [
      [[-1, -2], [5]],
      [[-1], [5, 6]],
    ] as const) {
      const d = decideDifference(b, h, { ...o, absoluteThreshold: 1 })
      assert.equal(d.ci, undefined)
      assert.equal(d.pValue, undefined)
      assert.equal(d.verdict, 'unclear')
    }
  })

  test('bad options are refused with the reason, by every rule', () => {
    const opts = (extra: object) => ({ ...o, ...extra }) as typeof o
    assert.throws(() => decideSampled([1], [1], opts({ alpha: 1 })), /alpha must be in \(0, 1\), got 1/)
    assert.throws(
      () => decideSampled([1], [1], opts({ alpha: Number.NaN })),
      /alpha must be in \(0, 1\), got NaN/,
    )
    assert.throws(
      () => decideSampled([1], [1], opts({ threshold: Number.POSITIVE_INFINITY })),
      /threshold must be a non-negative fraction \(0\.05 = 5%\), got Infinity/,
    )
    assert.throws(
      () => decideSampled([1], [1], opts({ direction: 'sideways' })),
      /direction must be 'lower' or 'higher', got sideways/,
    )
    assert.throws(() => decidePaired([1], [1], opts({ alpha: 0 })), /alpha must be in \(0, 1\)/)
    assert.throws(() => decidePaired([], [], o), /cannot pair 0 base with 0 head samples/)
    assert.throws(
      () => decideFewSamples([1], [1], { threshold: -1, direction: 'lower' }),
      /threshold must be a non-negative fraction/,
    )
    assert.throws(
      () => decideFewSamples([1], [1], opts({ direction: 'up' })),
      /direction must be 'lower' or 'higher', got up/,
    )
    assert.throws(() => decideExact(1, 2, opts({ direction: 'up' })), /direction must be 'lower' or 'higher'/)
    assert.throws(() => decideExact(1, 2, opts({ threshold: Number.NaN })), /threshold must be/)
    assert.throws(() => decideDifference([], [1], o), /cannot compare: 0 base and 1 head samples/)
  })
})
