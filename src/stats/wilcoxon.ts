// Wilcoxon signed-rank test: are paired differences symmetric about 0? When base and head run
// alternately in one job, each pair shares whatever the machine was doing at that moment, so testing
// the differences within pairs removes that drift, which the two-sample Mann–Whitney test counts as
// noise. Like Mann–Whitney it is rank-based, so a few wild pairs cannot fake or hide a shift. Results
// match scipy.stats.wilcoxon(d) with its defaults (zero_method='wilcox', correction=False).
import { normalSurvival } from './mann-whitney.ts'

export interface WilcoxonResult {
  /**
   * min(R+, R−): the smaller of the rank sums of |d| over the positive and over the negative
   * differences (scipy's two-sided statistic).
   */
  statistic: number
  /** Two-sided p-value. */
  pValue: number
  method: 'exact' | 'normal'
  /** Differences left in the test: the non-zero ones. */
  n: number
  /** Differences that were exactly 0 and were left out (Wilcoxon's own treatment of zeros). */
  zeros: number
}

export interface WilcoxonOptions {
  /**
   * 'auto' (default) chooses as scipy 1.17 does, so p-values can be checked against it: with more than
   * `WILCOXON_EXACT_MAX_DIFFERENCES` differences (zeros included) normal; otherwise exact when no two
   * |d| are tied and no difference is 0; otherwise exact when there are at most
   * `WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS` differences (scipy runs a permutation test over all 2^n sign
   * flips there, which is this exact distribution); otherwise normal.
   * 'exact' always counts the exact distribution; its cost grows as n³, so keep it to a few hundred.
   */
  method?: 'auto' | 'exact' | 'normal'
}

/** Largest number of differences, zeros included, for which 'auto' may count the exact distribution. */
export const WILCOXON_EXACT_MAX_DIFFERENCES = 50

/** Largest number of differences, zeros included, for which 'auto' stays exact with ties or zeros. */
export const WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS = 13

/**
 * Two-sided Wilcoxon signed-rank test of "the differences are symmetric about 0". Zeros are dropped
 * (they carry no sign), the non-zero |d| are ranked with average ranks for ties, and R+ is the sum of
 * the ranks of the positive differences.
 *
 * Exact: under the null hypothesis every pattern of signs over the ranks is equally likely, and the
 * p-value is 2 · P(R+ ≤ min(R+, R−)), capped at 1. With tied |d| this is the distribution conditional
 * on the observed average ranks (what scipy's permutation test enumerates), not the untied one.
 * Normal: z = (R+ − n(n + 1)/4) / σ with σ² = (n(n + 1)(2n + 1) − Σ(t³ − t)/2) / 24 over groups of t
 * tied |d|, no continuity correction, p = 2 · (1 − Φ(|z|)).
 *
 * With no non-zero difference there is nothing to test: p is 1 (where scipy's normal method gives
 * NaN), and the method is the one 'auto' would pick for that many zeros.
 */
export function wilcoxonSignedRank(
  differences: readonly number[],
  options: WilcoxonOptions = {},
): WilcoxonResult {
  for (let i = 0; i < differences.length; i++) {
    const value = differences[i]
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new Error(`differences[${i}] is ${String(value)}: differences must be finite numbers`)
    }
  }
  const requested = options.method ?? 'auto'
  if (requested !== 'auto' && requested !== 'exact' && requested !== 'normal') {
    throw new RangeError(`method must be 'auto', 'exact' or 'normal', got ${String(requested)}`)
  }

  const nonZero = differences.filter((value) => value !== 0)
  const n = nonZero.length
  const zeros = differences.length - n
  const { doubledRanks, doubledRankSumPlus, tieTerm } = signedRanks(nonZero)
  // Ranks are whole or half numbers, so these sums are exact in doubles.
  const rankSumPlus = doubledRankSumPlus / 2
  const rankSumMinus = (n * (n + 1)) / 2 - rankSumPlus
  const statistic = Math.min(rankSumPlus, rankSumMinus)
  const hasTies = tieTerm > 0

  const exact =
    requested === 'exact' ||
    (requested === 'auto' &&
      differences.length <= WILCOXON_EXACT_MAX_DIFFERENCES &&
      ((!hasTies && zeros === 0) || differences.length <= WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS))

  if (exact) {
    const pValue = Math.min(1, 2 * exactLowerTail(doubledRanks, hasTies, 2 * statistic))
    return { statistic, pValue, method: 'exact', n, zeros }
  }
  return { statistic, pValue: normalPValue(rankSumPlus, n, tieTerm), method: 'normal', n, zeros }
}

/**
 * The smallest two-sided p-value the exact test can give with n non-zero differences (all of one
 * sign): 2 / 2^n, capped at 1. When it is not below α, no difference can be significant.
 */
export function smallestWilcoxonPValue(n: number): number {
  return Math.min(1, 2 / 2 ** n)
}

/**
 * Twice the average ranks of |d| (whole numbers, so sums stay exact and index tables), in ascending
 * order; twice R+; and the tie term Σ(t³ − t) over groups of tied |d|.
 */
function signedRanks(nonZero: readonly number[]): {
  doubledRanks: Uint32Array
  doubledRankSumPlus: number
  tieTerm: number
} {
  const n = nonZero.length
  const magnitudes = Float64Array.from(nonZero, Math.abs)
  const order = Array.from(magnitudes.keys()).sort((i, j) => magnitudes[i]! - magnitudes[j]!)
  const doubledRanks = new Uint32Array(n)
  let doubledRankSumPlus = 0
  let tieTerm = 0
  for (let start = 0; start < n; ) {
    let end = start + 1
    while (end < n && magnitudes[order[end]!] === magnitudes[order[start]!]) end++
    // Ranks are 1-based: positions start..end−1 share the rank (start + 1 + end) / 2.
    const doubledRank = start + 1 + end
    for (let k = start; k < end; k++) {
      doubledRanks[k] = doubledRank
      if (nonZero[order[k]!]! > 0) doubledRankSumPlus += doubledRank
    }
    const groupSize = end - start
    if (groupSize > 1) tieTerm += groupSize ** 3 - groupSize
    start = end
  }
  return { doubledRanks, doubledRankSumPlus, tieTerm }
}

/**
 * P(2R+ ≤ doubledStatistic) under the null hypothesis. Without ties the ranks are 1..n whatever the
 * data, so the table depends only on n and is kept; with ties it depends on the tie pattern.
 */
function exactLowerTail(doubledRanks: Uint32Array, hasTies: boolean, doubledStatistic: number): number {
  const n = doubledRanks.length
  if (!hasTies) {
    // Undoubled ranks 1..n halve the table.
    let cumulative = untiedTables.get(n)
    if (!cumulative) {
      cumulative = lowerTailTable(Uint32Array.from({ length: n }, (_, i) => i + 1))
      if (untiedTables.size > 64) untiedTables.clear()
      untiedTables.set(n, cumulative)
    }
    return cumulative[Math.min(Math.floor(doubledStatistic / 2), cumulative.length - 1)]!
  }
  const cumulative = lowerTailTable(doubledRanks)
  return cumulative[Math.min(Math.floor(doubledStatistic), cumulative.length - 1)]!
}

/** Lower-tail tables of untied ranks by n: every comparison of a suite has the same number of pairs. */
const untiedTables = new Map<number, Float64Array>()

/**
 * cumulative[s] = P(Σ of the ranks carrying a + sign ≤ s) when each sign is + or − with probability ½,
 * for s up to half the total (the lower tail is all a two-sided p-value needs: R+ and R− have the same
 * distribution). Adds one rank at a time, p_k(s) = ½ p_{k−1}(s) + ½ p_{k−1}(s − r_k): probabilities
 * rather than counts, so nothing overflows past 2^1024, and every step adds non-negative numbers, so
 * the far tail keeps full relative precision until it underflows below 1e-308.
 */
function lowerTailTable(ranks: Uint32Array): Float64Array {
  let total = 0
  for (const rank of ranks) total += rank
  const limit = Math.floor(total / 2)
  const probabilities = new Float64Array(limit + 1)
  probabilities[0] = 1
  for (const rank of ranks) {
    // Descending s: probabilities[s − rank] still holds p_{k−1}(s − rank) when it is read.
    for (let s = limit; s >= rank; s--)
      probabilities[s] = 0.5 * (probabilities[s]! + probabilities[s - rank]!)
    for (let s = Math.min(rank - 1, limit); s >= 0; s--) probabilities[s] = 0.5 * probabilities[s]!
  }
  let sum = 0
  for (let s = 0; s <= limit; s++) {
    sum += probabilities[s]!
    probabilities[s] = sum
  }
  return probabilities
}

/** Normal approximation, tie correction of the variance, no continuity correction (scipy's default). */
function normalPValue(rankSumPlus: number, n: number, tieTerm: number): number {
  const variance = (n * (n + 1) * (2 * n + 1) - tieTerm / 2) / 24
  // No non-zero difference: R+ = 0 is all there is.
  if (!(variance > 0)) return 1
  const z = Math.abs(rankSumPlus - (n * (n + 1)) / 4) / Math.sqrt(variance)
  return Math.min(1, 2 * normalSurvival(z))
}
