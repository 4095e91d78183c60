// Mann–Whitney U test (Wilcoxon rank-sum): does one sample tend to take larger values than the other?
// It is rank-based, so a few very slow runs cannot fake or hide a shift, and it needs no assumption
// about the shape of the distributions. Results match scipy.stats.mannwhitneyu(x, y,
// alternative='two-sided') with method='exact' or method='asymptotic' (use_continuity=True).
import { assertSample } from './summary.ts'

export interface MannWhitneyResult {
  /** U of the first sample: pairs (a_i, b_j) with a_i > b_j, plus half the tied pairs (scipy's statistic). */
  u: number
  /** Two-sided p-value. */
  pValue: number
  method: 'exact' | 'normal'
}

export interface MannWhitneyOptions {
  /**
   * 'auto' (default): exact when there are no ties and both samples have at most
   * `EXACT_MAX_SAMPLES` values, normal otherwise. 'exact' with tied values throws, because the
   * exact distribution assumes distinct values.
   */
  method?: 'auto' | 'exact' | 'normal'
}

/**
 * Largest sample size on both sides for which 'auto' computes the exact distribution, whose cost grows
 * as n1·n2·min(U, n1·n2 − U); above it the normal approximation (docs/methodology.md#tests-and-intervals).
 */
export const EXACT_MAX_SAMPLES = 50

export function mannWhitneyU(
  a: readonly number[],
  b: readonly number[],
  options: MannWhitneyOptions = {},
): MannWhitneyResult {
  assertSample(a, 'a')
  assertSample(b, 'b')
  const n1 = a.length
  const n2 = b.length
  const { rankSumA, tieTerm } = rankSum(a, b)
  const u1 = rankSumA - (n1 * (n1 + 1)) / 2
  const u2 = n1 * n2 - u1
  const hasTies = tieTerm > 0

  const requested = options.method ?? 'auto'
  if (requested === 'exact' && hasTies) {
    throw new RangeError('the exact Mann–Whitney distribution assumes no tied values; use the normal method')
  }
  const exact =
    requested === 'exact' ||
    (requested === 'auto' && !hasTies && n1 <= EXACT_MAX_SAMPLES && n2 <= EXACT_MAX_SAMPLES)

  if (exact) {
    // Two-sided: twice the lower tail at the smaller U (the distribution is symmetric).
    const pValue = Math.min(1, 2 * exactLowerTail(Math.min(u1, u2), n1, n2))
    return { u: u1, pValue, method: 'exact' }
  }
  return { u: u1, pValue: normalPValue(Math.max(u1, u2), n1, n2, tieTerm), method: 'normal' }
}

/**
 * The smallest two-sided p-value any data of these sizes can give (all of one sample above all of
 * the other, no ties): 2 / C(n1 + n2, n1). When it is not below α, no difference can be significant.
 */
export function smallestPValue(n1: number, n2: number): number {
  return Math.min(1, 2 / binomial(n1 + n2, n1))
}

/** Sum of the mid-ranks of `a` in the combined sample, and the tie term Σ(t³ − t) over tie groups. */
function rankSum(a: readonly number[], b: readonly number[]): { rankSumA: number; tieTerm: number } {
  const n1 = a.length
  const values = Float64Array.from([...a, ...b])
  const order = Array.from(values.keys()).sort((i, j) => values[i]! - values[j]!)
  let rankSumA = 0
  let tieTerm = 0
  for (let start = 0; start < order.length; ) {
    let end = start + 1
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++
    const groupSize = end - start
    // Ranks are 1-based: positions start..end−1 share the rank (start + 1 + end) / 2.
    const midRank = (start + 1 + end) / 2
    for (let k = start; k < end; k++) if (order[k]! < n1) rankSumA += midRank
    if (groupSize > 1) tieTerm += groupSize ** 3 - groupSize
    start = end
  }
  return { rankSumA, tieTerm }
}

/**
 * P(U ≤ u) under the null hypothesis for samples of sizes n1 and n2 with distinct values. Counts the
 * arrangements by the recursion on the largest value, f(i, j, u) = f(i, j − 1, u) + f(i − 1, j, u − j),
 * keeping only u' ≤ u. Every step adds non-negative numbers, so the far tail keeps full relative
 * precision (generating-function forms subtract and lose it).
 */
function exactLowerTail(u: number, n1: number, n2: number): number {
  const maxU = Math.floor(u)
  if (maxU < 0) return 0
  const cumulative = exactCumulative(Math.min(n1, n2), Math.max(n1, n2))
  return cumulative[Math.min(maxU, cumulative.length - 1)]! / binomial(n1 + n2, Math.min(n1, n2))
}

/** Cumulative counts by sample sizes: every comparison of a suite has the same sizes, so one table serves all. */
const cumulativeTables = new Map<string, Float64Array>()

/**
 * cumulative[v] = the number of arrangements with U ≤ v, for v up to the middle of U's range (the
 * lower tail is all a two-sided p-value needs, by symmetry). The counts f(i, j, v) of arrangements
 * of i + j values with U = v follow f(i, j, v) = f(i − 1, j, v) + f(i, j − 1, v − j).
 */
function exactCumulative(small: number, large: number): Float64Array {
  const key = `${small},${large}`
  const known = cumulativeTables.get(key)
  if (known) return known
  const maxU = Math.floor((small * large) / 2)
  const width = maxU + 1
  // counts[j * width + v] = f(i, j, v) for the current i; f(0, j, ·) = f(i, 0, ·) = [1, 0, 0, …].
  const counts = new Float64Array((small + 1) * width)
  for (let j = 0; j <= small; j++) counts[j * width] = 1
  for (let i = 1; i <= large; i++) {
    for (let j = 1; j <= small; j++) {
      const row = j * width
      const previousRow = row - width
      // Descending v: counts[row + v − j] still holds f(i − 1, j, v − j) when it is read.
      for (let v = maxU; v >= j; v--) counts[row + v] = counts[previousRow + v]! + counts[row + v - j]!
      for (let v = Math.min(j - 1, maxU); v >= 0; v--) counts[row + v] = counts[previousRow + v]!
    }
  }
  const cumulative = new Float64Array(width)
  let sum = 0
  for (let v = 0; v < width; v++) {
    sum += counts[small * width + v]!
    cumulative[v] = sum
  }
  if (cumulativeTables.size > 64) cumulativeTables.clear()
  cumulativeTables.set(key, cumulative)
  return cumulative
}

/**
 * Normal approximation with tie correction and continuity correction, from the larger U:
 * z = (U − n1·n2/2 − ½) / σ with σ² = n1·n2/12 · ((N + 1) − Σ(t³ − t) / (N(N − 1))), p = 2·(1 − Φ(z)).
 */
function normalPValue(uLarger: number, n1: number, n2: number, tieTerm: number): number {
  const n = n1 + n2
  const variance = ((n1 * n2) / 12) * (n + 1 - (n > 1 ? tieTerm / (n * (n - 1)) : 0))
  // Every value tied: U sits at its mean and nothing distinguishes the samples.
  if (!(variance > 0)) return 1
  const z = (uLarger - (n1 * n2) / 2 - 0.5) / Math.sqrt(variance)
  return Math.min(1, 2 * normalSurvival(z))
}

/** 1 − Φ(z) for the standard normal, with full relative precision deep into the upper tail. */
export function normalSurvival(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2)
}

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI)

/**
 * Complementary error function. Below 2.5, 1 − erf(x) from the series
 * erf(x) = 2/√π · e^(−x²) · Σ 2^k x^(2k+1) / (1·3·…·(2k+1)), whose terms are all positive; erfc(2.5) ≈ 4e-4,
 * so the subtraction loses under four digits. From 2.5 up, the continued fraction
 * erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated from a fixed depth backwards.
 * Cheaper approximations (Abramowitz–Stegun, lookup tables) are only accurate to about 1e-7 absolute,
 * which is useless for p-values far below that.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN
  if (x < 0) return 2 - erfc(-x)
  if (x < 2.5) {
    const x2 = x * x
    let term = x
    let sum = x
    for (let k = 1; k < 200 && term > sum * 1e-17; k++) {
      term *= (2 * x2) / (2 * k + 1)
      sum += term
    }
    return 1 - TWO_OVER_SQRT_PI * Math.exp(-x2) * sum
  }
  if (x > 27) return 0 // e^(−729) underflows
  let fraction = x
  for (let k = 120; k >= 1; k--) fraction = x + k / 2 / fraction
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / fraction
}

/** C(n, k) as a double, by the multiplicative formula (relative error about k·1e-16). */
function binomial(n: number, k: number): number {
  const kk = Math.min(k, n - k)
  let result = 1
  for (let i = 1; i <= kk; i++) result = (result * (n - kk + i)) / i
  return result
}
