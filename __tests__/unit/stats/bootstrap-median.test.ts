// A resample's median in the bootstrap is the median of the values drawn: for an even number of values
// the two middle ones averaged, not the upper (or lower) one alone.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  bootstrapDifferenceOfMedians,
  bootstrapRatioOfMedians,
  medianInPlace,
  ORDER_STATISTIC_MIN_SAMPLES,
  resampledMedian,
} from '../../../src/stats/bootstrap.ts'
import { SeededRandom } from '../../../src/stats/random.ts'

/** The median of a sorted copy: the middle value, or the two middle ones averaged. */
function sortedMedian(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/**
 * Each resampled median against the median of the very values it drew: a second generator with the
 * same seed draws the same n indices, which are then sorted the plain way.
 */
function checkAgainstDrawnValues(values: number[], seed: string, resamples = 300) {
  const sorted = Float64Array.from(values).sort()
  const counts = new Uint32Array(sorted.length)
  const random = new SeededRandom(seed)
  const replay = new SeededRandom(seed)
  for (let r = 0; r < resamples; r++) {
    const got = resampledMedian(sorted, counts, random)
    const drawn = Array.from(sorted, () => sorted[replay.nextInt(sorted.length)]!)
    assert.equal(got, sortedMedian(drawn), `resample ${r} of ${values.length} values`)
  }
}

test('for an even number of values, a resample’s median averages its two middle values', () => {
  for (const n of [2, 4, 6, 10, 16])
    checkAgainstDrawnValues(
      Array.from({ length: n }, (_, i) => (i + 1) * 10),
      `even${n}`,
    )
})

test('for an odd number of values, a resample’s median is its middle value', () => {
  for (const n of [1, 3, 5, 11])
    checkAgainstDrawnValues(
      Array.from({ length: n }, (_, i) => (i + 1) * 10),
      `odd${n}`,
    )
})

test('repeated values: the middle two of a resample may be copies of one value or two values', () => {
  checkAgainstDrawnValues([1, 1, 2, 2, 2, 3, 5, 8], 'ties')
  checkAgainstDrawnValues([7, 7, 7, 7], 'all-equal', 20)
})

test('for an even number of values, the median of the observed sample averages its middle two', () => {
  assert.equal(medianInPlace(Float64Array.from([4, 1, 3, 2])), 2.5)
  assert.equal(medianInPlace(Float64Array.from([10, 30])), 20)
  const interval = bootstrapRatioOfMedians([10, 30], [20, 40], { confidence: 0.9, resamples: 50 })
  assert.equal(interval.estimate, 30 / 20)
  const difference = bootstrapDifferenceOfMedians([10, 30], [20, 40], { confidence: 0.9, resamples: 50 })
  assert.equal(difference.estimate, 10)
})

test('a large even sample’s resampled medians fall halfway between two values, as counting would give', () => {
  // From ORDER_STATISTIC_MIN_SAMPLES up the median is drawn from order statistics; with distinct whole
  // values, a median that averages two different middle values is a half.
  const n = ORDER_STATISTIC_MIN_SAMPLES
  assert.equal(n % 2, 0)
  const sorted = Float64Array.from({ length: n }, (_, i) => i)
  const random = new SeededRandom('large-even')
  const medians = Array.from({ length: 400 }, () => resampledMedian(sorted, new Uint32Array(n), random))
  const halves = medians.filter((m) => m % 1 === 0.5).length
  assert.ok(halves > 100, `${halves} of 400 medians lie between two values`)
  assert.ok(
    medians.every((m) => m % 0.5 === 0 && m > n / 2 - 200 && m < n / 2 + 200),
    'each is a value or the midpoint of two, near the middle',
  )
})

test('a large odd sample’s resampled medians are always one of its values', () => {
  const n = ORDER_STATISTIC_MIN_SAMPLES + 1
  const sorted = Float64Array.from({ length: n }, (_, i) => i)
  const random = new SeededRandom('large-odd')
  const medians = Array.from({ length: 400 }, () => resampledMedian(sorted, new Uint32Array(n), random))
  assert.ok(
    medians.every((m) => Number.isInteger(m)),
    'no median is a midpoint',
  )
})

test('a large sample’s resampled medians center on its median, as counting them would', () => {
  // Values 0 … n − 1: resampling is symmetric about the middle, so the resampled medians average
  // (n − 1) / 2. 400 000 of them have a standard error of about 0.036 (the median's spread is about
  // √(n/4) ≈ 22.6 indices); a rank off by a half, a Beta's parameter off by one, or the upper middle
  // value drawn a third too close or a half too far moves the average by 0.25 or more.
  for (const n of [ORDER_STATISTIC_MIN_SAMPLES, ORDER_STATISTIC_MIN_SAMPLES + 1]) {
    const sorted = Float64Array.from({ length: n }, (_, i) => i)
    const counts = new Uint32Array(n)
    const random = new SeededRandom(`center${n}`)
    let sum = 0
    const resamples = 400_000
    for (let r = 0; r < resamples; r++) sum += resampledMedian(sorted, counts, random)
    const mean = sum / resamples
    assert.ok(Math.abs(mean - (n - 1) / 2) < 0.15, `n = ${n}: mean ${mean}, expected ${(n - 1) / 2}`)
  }
})

test('from ORDER_STATISTIC_MIN_SAMPLES values up no index is drawn one by one', () => {
  const random = new SeededRandom('boundary')
  const below = ORDER_STATISTIC_MIN_SAMPLES - 1
  const counts = new Uint32Array(below)
  resampledMedian(new Float64Array(below), counts, random)
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    below,
    'below it each of the n draws is counted',
  )
  const at = new Uint32Array(ORDER_STATISTIC_MIN_SAMPLES)
  resampledMedian(new Float64Array(ORDER_STATISTIC_MIN_SAMPLES), at, random)
  assert.ok(
    at.every((c) => c === 0),
    'at it the median is drawn from its order statistics',
  )
})
