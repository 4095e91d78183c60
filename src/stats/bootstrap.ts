// Percentile bootstrap of the ratio of medians (criterion's relative change, on the median). It makes no
// assumption about the shape of the distributions, which for benchmark samples are skewed and often
// multi-modal, and it gives the interval in the unit readers think in: "head takes 1.08× as long".
import { type Groups, type Nesting, nests } from './nested.ts'
import { SeededRandom } from './random.ts'
import { assertSample } from './summary.ts'

export interface BootstrapOptions {
  /** Number of resamples; the default 10 000 leaves 50 resampled ratios beyond each end of a 99% interval. */
  resamples?: number
  /** Confidence level of the interval, in (0, 1), e.g. 0.99. */
  confidence: number
  /** The same seed and input always give the same interval. */
  seed?: string | number
  /**
   * The samples by the process that took them (stats/nested.ts): each side's for two independent
   * samples, the pairs' for paired ones. Values nested in more than one process, not each its own,
   * are resampled process by process.
   */
  processes?: Nesting
}

export interface RatioInterval {
  /** median(head) / median(base) on the observed samples. */
  estimate: number
  low: number
  high: number
}

export const DEFAULT_RESAMPLES = 10_000
export const DEFAULT_SEED = 'bench-action'

/**
 * Resamples base and head independently (with replacement, each at its own size), takes
 * median(head*) / median(base*) each time, and returns the (1 − c)/2 and (1 + c)/2 percentiles of
 * those ratios (linear interpolation between order statistics). See `ratioOf` for zero medians.
 */
export function bootstrapRatioOfMedians(
  base: readonly number[],
  head: readonly number[],
  options: BootstrapOptions,
): RatioInterval {
  return bootstrapMedians(base, head, options, ratioOf)
}

/**
 * The same bootstrap of median(head*) − median(base*): for metrics whose values can be 0 or negative,
 * where a ratio is no relative change. Always finite.
 */
export function bootstrapDifferenceOfMedians(
  base: readonly number[],
  head: readonly number[],
  options: BootstrapOptions,
): RatioInterval {
  return bootstrapMedians(base, head, options, (h, b) => h - b)
}

function bootstrapMedians(
  base: readonly number[],
  head: readonly number[],
  options: BootstrapOptions,
  combine: (headMedian: number, baseMedian: number) => number,
): RatioInterval {
  assertSample(base, 'base')
  assertSample(head, 'head')
  const { confidence, resamples, seed } = bootstrapSettings(options)

  const random = new SeededRandom(seed)
  const resampleBase = medianResampler(base, options.processes?.base)
  const resampleHead = medianResampler(head, options.processes?.head)
  const ratios = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    const baseMedian = resampleBase(random)
    const headMedian = resampleHead(random)
    ratios[r] = combine(headMedian, baseMedian)
  }
  const estimate = combine(medianInPlace(Float64Array.from(head)), medianInPlace(Float64Array.from(base)))
  return {
    estimate,
    low: percentileBySelection(ratios, (1 - confidence) / 2),
    high: percentileBySelection(ratios, (1 + confidence) / 2),
  }
}

/**
 * Draws the median of one resample of `values`: process by process where `groups` nest them
 * (nestedMedianResampler), else value by value (resampledMedian).
 */
export function medianResampler(
  values: ArrayLike<number>,
  groups: Groups | undefined,
): (random: SeededRandom) => number {
  if (nests(groups, values.length)) return nestedMedianResampler(values, groups)
  // A resample's median is the value at its median *index* into the sorted sample, so a resample is
  // drawn as indices and its median found by counting them: no values are moved or compared.
  const sorted = Float64Array.from(values).sort()
  const counts = new Uint32Array(sorted.length)
  return (random) => resampledMedian(sorted, counts, random)
}

/** The options with their defaults, checked: a confidence in (0, 1), a whole number of resamples. */
export function bootstrapSettings(
  options: BootstrapOptions,
): Required<Pick<BootstrapOptions, 'confidence' | 'resamples' | 'seed'>> {
  const { confidence, resamples = DEFAULT_RESAMPLES, seed = DEFAULT_SEED } = options
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`)
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`)
  }
  return { confidence, resamples, seed }
}

/**
 * head / base, defined everywhere so no NaN reaches a verdict: 0 / 0 is 1 (both zero: no change) and
 * x / 0 is ±Infinity by the sign of x.
 */
export function ratioOf(head: number, base: number): number {
  if (base === 0) return head === 0 ? 1 : head > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY
  return head / base
}

/** Median of `values`, reordering them; a partial selection, not a sort. */
export function medianInPlace(values: Float64Array): number {
  const n = values.length
  if (n === 0) throw new Error('median of an empty sample')
  const upperIndex = n >> 1
  const upper = selectInPlace(values, upperIndex)
  if (n % 2 === 1) return upper
  // Selection leaves the smaller half before upperIndex; the lower middle value is its largest.
  let lower = values[0]!
  for (let i = 1; i < upperIndex; i++) if (values[i]! > lower) lower = values[i]!
  return lower + (upper - lower) / 2
}

/**
 * Quickselect (Hoare partition, median-of-three pivot): reorders values so that values[k] holds the
 * k-th smallest (0-based), with no larger value before it and no smaller one after; returns it.
 */
export function selectInPlace(values: Float64Array, k: number): number {
  let left = 0
  let right = values.length - 1
  while (right > left) {
    const a = values[left]!
    const b = values[(left + right) >>> 1]!
    const c = values[right]!
    const pivot = medianOfThree(a, b, c)
    let i = left
    let j = right
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const swap = values[i]!
        values[i] = values[j]!
        values[j] = swap
        i++
        j--
      }
    }
    // Now values[left..j] ≤ pivot, values[i..right] ≥ pivot, and anything between equals the pivot.
    if (k <= j) right = j
    else if (k >= i) left = i
    else break
  }
  return values[k]!
}

function medianOfThree(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c))
}

/**
 * The value halfway between two ordered ratios. Ratios can be infinite (a zero base), where the usual
 * lower + (upper − lower) / 2 can give NaN (∞ − ∞): between an infinity and a number the midpoint is
 * the infinity; between −∞ and +∞ (pairs from 0 to below and to above 0) there is no direction, and
 * the midpoint is taken as 1: no change.
 */
export function midpoint(lower: number, upper: number): number {
  if (lower === upper) return lower
  if (Number.isFinite(lower) && Number.isFinite(upper)) return lower + (upper - lower) / 2
  if (Number.isFinite(lower)) return upper
  return Number.isFinite(upper) ? lower : 1
}

/**
 * From this many values up, a resample's median is drawn from the distribution of its order statistics
 * instead of by drawing every index: O(1) per resample instead of O(n), so 100 000 samples a side take
 * milliseconds, not seconds. Below it the counting method keeps the streams (and intervals) as they were.
 */
export const ORDER_STATISTIC_MIN_SAMPLES = 2048

/**
 * The median of one resample (with replacement, the sample's own size) of the sorted values. Small
 * samples: draws n indices, counts them, and walks the counts to the middle one or two — the same as
 * sorting a resample of the values. Large ones (≥ ORDER_STATISTIC_MIN_SAMPLES): the drawn indices are
 * ⌊n·Vᵢ⌋ for n uniforms Vᵢ, and ⌊n·x⌋ is monotone, so the k-th smallest index is ⌊n·V₍ₖ₎⌋ with
 * V₍ₖ₎ ~ Beta(k, n − k + 1); for even n the next order statistic is V₍ₖ₎ + (1 − V₍ₖ₎)·B with
 * B ~ Beta(1, n − k), the smallest of the n − k uniforms above it. Same distribution, O(1) per resample.
 */
export function resampledMedian(sorted: Float64Array, counts: Uint32Array, random: SeededRandom): number {
  const n = sorted.length
  if (n >= ORDER_STATISTIC_MIN_SAMPLES) return resampledMedianByOrderStatistics(sorted, random)
  counts.fill(0)
  for (let i = 0; i < n; i++) counts[random.nextInt(n)]!++
  return medianOfCounts(sorted, counts, n)
}

/**
 * A resampler of the median of nested values, in two stages: each call draws as many processes as
 * there are, with replacement; for each process drawn, as many of its values as it has, with
 * replacement; and returns the median of all the values drawn (their number varies when processes
 * differ in size). A process is drawn and then its values, process by process. Resampling within the
 * processes too counts their noise a second time (it is in the spread of the processes already;
 * Davison & Hinkley 1997, §3.8), so where processes agree the interval comes out somewhat wider than
 * the pooled one, never narrower than the data allow, as resampling processes alone can be with few
 * of them (docs/methodology.md#nested-samples). The values are sorted once and a resample counted by
 * rank, as resampledMedian does, so no values are moved.
 */
export function nestedMedianResampler(
  values: ArrayLike<number>,
  groups: Groups,
): (random: IntSource) => number {
  const order = Array.from(values, (_, i) => i).sort((a, b) => compare(values[a]!, values[b]!))
  const sorted = Float64Array.from(order, (i) => values[i]!)
  const rank = new Uint32Array(values.length)
  order.forEach((i, r) => {
    rank[i] = r
  })
  const ranks = groups.map((g) => Uint32Array.from(g, (i) => rank[i]!))
  const counts = new Uint32Array(values.length)
  return (random) => {
    counts.fill(0)
    let total = 0
    for (let k = 0; k < ranks.length; k++) {
      const group = ranks[random.nextInt(ranks.length)]!
      for (let j = 0; j < group.length; j++) counts[group[random.nextInt(group.length)]!]!++
      total += group.length
    }
    return medianOfCounts(sorted, counts, total)
  }
}

/** Orders numbers, infinities included (a − b is NaN for two equal infinities). */
function compare(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The median of `total` values drawn from `sorted`, `counts[i]` of them equal to sorted[i]: the value
 * holding the middle rank, or for an even total the midpoint of the two middle ones.
 */
export function medianOfCounts(sorted: Float64Array, counts: Uint32Array, total: number): number {
  const upperRank = total >> 1
  let seen = 0
  let index = 0
  // The value holding rank upperRank (0-based), and for an even total the one holding rank upperRank − 1.
  while (seen + counts[index]! <= upperRank) seen += counts[index++]!
  const upper = sorted[index]!
  if (total % 2 === 1) return upper
  let lowerIndex = index
  if (seen === upperRank) {
    lowerIndex = index - 1
    while (counts[lowerIndex] === 0) lowerIndex--
  }
  return midpoint(sorted[lowerIndex]!, upper)
}

/** Draws uniform integers in [0, bound): the seeded generator, or a fixed sequence in a test. */
export interface IntSource {
  nextInt(bound: number): number
}

function resampledMedianByOrderStatistics(sorted: Float64Array, random: SeededRandom): number {
  const n = sorted.length
  const at = (u: number) => sorted[Math.min(n - 1, Math.floor(n * u))]!
  // 1-based rank of the lower middle value (even n) or of the median (odd n).
  const k = n % 2 === 1 ? (n + 1) / 2 : n / 2
  const lower = random.nextBeta(k, n - k + 1)
  if (n % 2 === 1) return at(lower)
  // The smallest of the n − k uniforms above `lower`: Beta(1, m) is 1 − W^(1/m) for W uniform in (0, 1].
  const w = (random.nextUint32() + 1) / 4294967296
  const upper = lower + (1 - lower) * (1 - w ** (1 / (n - k)))
  return midpoint(at(lower), at(upper))
}

/**
 * Linear interpolation between order statistics (R type 7), safe with infinite values; selects the two
 * order statistics instead of sorting, reordering `values`.
 */
export function percentileBySelection(values: Float64Array, p: number): number {
  const index = (values.length - 1) * p
  const lowerIndex = Math.floor(index)
  const lower = selectInPlace(values, lowerIndex)
  // After selection everything past lowerIndex is ≥ lower: the next order statistic is their minimum.
  let upper = lower
  if (lowerIndex + 1 < values.length) {
    upper = values[lowerIndex + 1]!
    for (let i = lowerIndex + 2; i < values.length; i++) if (values[i]! < upper) upper = values[i]!
  }
  // Equal neighbours (including two infinities) need no interpolation, and Infinity − Infinity is NaN.
  if (lower === upper || index === lowerIndex) return lower
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return index - lowerIndex < 0.5 ? lower : upper
  return lower + (index - lowerIndex) * (upper - lower)
}
