// The bootstrap's building blocks, each against a plain reference: percentiles by selection against a
// sorted copy (R type 7), the median and selection against sorting, the midpoint of infinite ratios,
// the settings' bounds, and the large-sample resampled median against drawing every index.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  bootstrapSettings,
  medianInPlace,
  midpoint,
  ORDER_STATISTIC_MIN_SAMPLES,
  percentileBySelection,
  ratioOf,
  resampledMedian,
  selectInPlace,
} from '../../../src/stats/bootstrap.ts'
import { SeededRandom } from '../../../src/stats/random.ts'

/** R's type 7: h = (n − 1)p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋]) on a sorted copy. */
function type7(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b)
  const h = (s.length - 1) * p
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, s.length - 1)
  return s[lo]! + (h - lo) * (s[hi]! - s[lo]!)
}

function arrays(seed: string, count: number): number[][] {
  const random = new SeededRandom(seed)
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: 1 + (i % 23) }, () => Math.round(random.nextFloat() * 1000) / 10 - 20),
  )
}

describe('percentileBySelection', () => {
  test('is R type 7 on every size from 1 to 23 and at p = 0, 0.025, 0.3, 0.5, 0.975 and 1', () => {
    for (const values of arrays('percentile', 200)) {
      for (const p of [0, 0.025, 0.3, 0.5, 0.975, 1]) {
        const got = percentileBySelection(Float64Array.from(values), p)
        const want = type7(values, p)
        assert.ok(Math.abs(got - want) < 1e-9, `${values.join(',')} at ${p}: ${got}, expected ${want}`)
      }
    }
  })

  test('takes the nearer neighbour when one of them is infinite, and never gives NaN', () => {
    const values = [1, 2, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]
    // h = 3p: at 0.6, h = 1.8 lies between 2 and +∞, nearer +∞; at 0.5, h = 1.5 is not below 0.5 past 2.
    assert.equal(percentileBySelection(Float64Array.from(values), 0.6), Number.POSITIVE_INFINITY)
    assert.equal(percentileBySelection(Float64Array.from(values), 0.4), 2)
    assert.equal(percentileBySelection(Float64Array.from(values), 0.5), Number.POSITIVE_INFINITY)
    assert.equal(percentileBySelection(Float64Array.from(values), 0.9), Number.POSITIVE_INFINITY)
    const low = [Number.NEGATIVE_INFINITY, 1, 3]
    assert.equal(percentileBySelection(Float64Array.from(low), 0.2), Number.NEGATIVE_INFINITY)
    assert.equal(percentileBySelection(Float64Array.from(low), 0.3), 1)
    // Between 1 and 3 it interpolates as usual.
    assert.equal(percentileBySelection(Float64Array.from(low), 0.75), 2)
  })
})

describe('selection and the median', () => {
  test('selectInPlace puts the k-th smallest at k, nothing larger before it and nothing smaller after', () => {
    for (const values of arrays('select', 150)) {
      const sorted = [...values].sort((a, b) => a - b)
      for (let k = 0; k < values.length; k++) {
        const a = Float64Array.from(values)
        assert.equal(selectInPlace(a, k), sorted[k])
        for (let i = 0; i < k; i++) assert.ok(a[i]! <= a[k]!)
        for (let i = k + 1; i < a.length; i++) assert.ok(a[i]! >= a[k]!)
      }
    }
  })

  test('medianInPlace is the middle value, or the two middle ones averaged, and refuses an empty sample', () => {
    for (const values of arrays('median', 150)) {
      const s = [...values].sort((a, b) => a - b)
      const m = s.length >> 1
      const want = s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
      assert.ok(Math.abs(medianInPlace(Float64Array.from(values)) - want) < 1e-9)
    }
    assert.throws(() => medianInPlace(new Float64Array(0)), /median of an empty sample/)
  })
})

describe('ratios and their midpoints', () => {
  test('a zero base gives 1 for a zero head and an infinity of the head’s sign otherwise', () => {
    assert.equal(ratioOf(0, 0), 1)
    assert.equal(ratioOf(5, 0), Number.POSITIVE_INFINITY)
    assert.equal(ratioOf(-5, 0), Number.NEGATIVE_INFINITY)
    assert.equal(ratioOf(-6, 3), -2)
  })

  test('the midpoint of two equal infinities is that infinity, of −∞ and +∞ is 1, of one infinity and a number the infinity, else the average', () => {
    assert.equal(midpoint(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY), Number.POSITIVE_INFINITY)
    assert.equal(midpoint(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY), 1)
    assert.equal(midpoint(2, Number.POSITIVE_INFINITY), Number.POSITIVE_INFINITY)
    // −∞ + (5 − (−∞)) / 2 would be −∞ + ∞, NaN: the infinite end is the midpoint.
    assert.equal(midpoint(Number.NEGATIVE_INFINITY, 5), Number.NEGATIVE_INFINITY)
    assert.equal(midpoint(1, 4), 2.5)
    assert.equal(midpoint(-3, -3), -3)
  })
})

describe('bootstrapSettings', () => {
  test('accepts a confidence strictly between 0 and 1 and at least one resample', () => {
    assert.deepEqual(bootstrapSettings({ confidence: 0.99, resamples: 1, seed: 's' }), {
      confidence: 0.99,
      resamples: 1,
      seed: 's',
    })
    for (const confidence of [0, 1, -0.5, 1.5, Number.NaN])
      assert.throws(() => bootstrapSettings({ confidence }), /confidence must be in \(0, 1\)/)
    for (const resamples of [0, -1, 1.5])
      assert.throws(
        () => bootstrapSettings({ confidence: 0.95, resamples }),
        /resamples must be a positive integer/,
      )
  })
})

describe('the resampled median of a large sample', () => {
  // Drawing every index and taking the median of the drawn values: the definition the shortcut replaces.
  function byCounting(sorted: Float64Array, random: SeededRandom): number {
    const n = sorted.length
    const drawn = Float64Array.from({ length: n }, () => sorted[random.nextInt(n)]!)
    return medianInPlace(drawn)
  }

  for (const n of [ORDER_STATISTIC_MIN_SAMPLES, ORDER_STATISTIC_MIN_SAMPLES + 1]) {
    test(`n = ${n}: the same mean and spread as drawing every index (values 0, 1, …, n − 1)`, () => {
      const sorted = Float64Array.from({ length: n }, (_, i) => i)
      const counts = new Uint32Array(n)
      const draws = 3000
      const fast = new SeededRandom(`fast-${n}`)
      const slow = new SeededRandom(`slow-${n}`)
      const a = Array.from({ length: draws }, () => resampledMedian(sorted, counts, fast))
      const b = Array.from({ length: draws }, () => byCounting(sorted, slow))
      const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length
      const sd = (x: number[]) => Math.sqrt(x.reduce((s, v) => s + (v - mean(x)) ** 2, 0) / (x.length - 1))
      // The resampled median of 0…n−1 centres on (n − 1)/2 with sd ≈ √n / 2 ≈ 22.6.
      const se = sd(b) / Math.sqrt(draws)
      assert.ok(Math.abs(mean(a) - (n - 1) / 2) < 6 * se, `mean ${mean(a)} vs ${(n - 1) / 2} (se ${se})`)
      assert.ok(Math.abs(mean(a) - mean(b)) < 6 * Math.SQRT2 * se, `${mean(a)} vs ${mean(b)}`)
      assert.ok(Math.abs(sd(a) / sd(b) - 1) < 0.12, `sd ${sd(a)} vs ${sd(b)}`)
      // Every draw is a value of the sample (odd n) or the midpoint of two (even n).
      for (const v of a) assert.ok(Number.isInteger(n % 2 === 1 ? v : v * 2) && v >= 0 && v <= n - 1)
      if (n % 2 === 0)
        assert.ok(
          a.some((v) => !Number.isInteger(v)),
          'even n averages two middle values',
        )
    })
  }
})
