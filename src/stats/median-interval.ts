// A confidence interval of a median from the sample's own order statistics: no distribution assumed,
// nothing resampled, so a history of thousands of runs gets an interval per run at the cost of a sort.
// With X ~ Binomial(n, ½) the number of samples below the true median, [x₍ₗ₎, x₍ₙ₊₁₋ₗ₎] (1-based)
// covers it with probability 1 − 2·P(X ≤ l − 1); l is the largest that keeps that at the level asked.
import { normalSurvival } from './mann-whitney.ts'

/** P(X ≤ k) for X ~ Binomial(n, ½), summed in logs so large n neither overflows nor underflows. */
function binomialHalfCdf(k: number, n: number): number {
  if (k < 0) return 0
  if (k >= n) return 1
  let logTerm = -n * Math.LN2 // log C(n, 0) · ½ⁿ
  let total = Math.exp(logTerm)
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i)
    total += Math.exp(logTerm)
  }
  return Math.min(1, total)
}

/**
 * The interval [low, high] around the median of `sorted` (ascending) at `level`, or undefined when
 * the sample is too small for any pair of order statistics to reach it (fewer than 6 values at 95%).
 */
export function medianIntervalSorted(
  sorted: ArrayLike<number>,
  level = 0.95,
): { low: number; high: number } | undefined {
  const n = sorted.length
  const alpha = 1 - level
  if (n === 0 || 2 * binomialHalfCdf(0, n) > alpha) return undefined
  let l: number
  if (n > 1000) {
    // The normal approximation, as good as exact at this size and without a thousand-term sum.
    const z = normalQuantile(level)
    l = Math.max(1, Math.floor(n / 2 - (z * Math.sqrt(n)) / 2))
  } else {
    l = 1
    while (l + 1 <= Math.floor(n / 2) && 2 * binomialHalfCdf(l, n) <= alpha) l++
  }
  return { low: sorted[l - 1]!, high: sorted[n - l]! }
}

/** The standard normal quantile of (1 + level) / 2, by bisection: precise enough to choose an index. */
function normalQuantile(level: number): number {
  const tail = (1 - level) / 2
  let lo = 0
  let hi = 40
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2
    if (normalSurvival(mid) > tail) lo = mid
    else hi = mid
  }
  return lo
}
