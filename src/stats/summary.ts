// Robust summaries of sampled metrics. Benchmark samples are skewed with a long right tail (interrupts,
// migrations, page cache misses), so the median, MAD and half-sample mode describe them better than
// the mean and standard deviation, which are kept for readers used to them.
import {
  maxSorted,
  mean,
  medianAbsoluteDeviation,
  medianSorted,
  minSorted,
  quantileSorted,
  sampleStandardDeviation,
} from 'simple-statistics'

export interface Summary {
  n: number
  min: number
  max: number
  mean: number
  /** Sample standard deviation (divides by n − 1); 0 for a single sample. */
  stddev: number
  median: number
  /** Raw median absolute deviation from the median, not scaled by 1.4826. */
  mad: number
  /** 95th percentile; present only when n ≥ 20, below which it is just the maximum in disguise. */
  p95?: number
  /** 99th percentile; present only when n ≥ 100. */
  p99?: number
  /** Half-sample mode: the most typical value, unmoved by a tail of slow runs. */
  mode: number
}

/**
 * Summarises a sample. Percentiles use linear interpolation between order statistics (R type 7,
 * numpy's default `linear`): with the values sorted as x[0..n−1], the p-quantile is read at index
 * (n − 1)·p. Throws on an empty sample or a value that is not a finite number.
 */
export function summarize(samples: readonly number[]): Summary {
  assertSample(samples, 'samples')
  const sorted = sortedCopy(samples)
  const n = sorted.length
  const summary: Summary = {
    n,
    min: minSorted(sorted),
    max: maxSorted(sorted),
    mean: mean(sorted),
    stddev: n < 2 ? 0 : sampleStandardDeviation(sorted),
    median: medianSorted(sorted),
    mad: medianAbsoluteDeviation(sorted),
    mode: halfSampleModeSorted(sorted),
  }
  if (n >= 20) summary.p95 = quantileSorted(sorted, 0.95)
  if (n >= 100) summary.p99 = quantileSorted(sorted, 0.99)
  return summary
}

/** Half-sample mode of an unsorted sample; see `halfSampleModeSorted`. */
export function halfSampleMode(samples: readonly number[]): number {
  assertSample(samples, 'samples')
  return halfSampleModeSorted(sortedCopy(samples))
}

/**
 * Half-sample mode (Bickel & Frühwirth 2006, as BestGuess computes it) of ascending values:
 * n = 1 → x0; n = 2 → their mean; n = 3 → the mean of the closer pair (a tie takes the lower pair);
 * otherwise, with h = ⌊n/2⌋, take the window x[i..i+h] of least width x[i+h] − x[i] (a tie takes the
 * lowest i) and repeat on those h + 1 values.
 */
export function halfSampleModeSorted(sorted: readonly number[]): number {
  if (sorted.length === 0) throw new Error('half-sample mode of an empty sample')
  let lo = 0
  let n = sorted.length
  while (n > 3) {
    const h = Math.floor(n / 2)
    let best = lo
    let bestWidth = sorted[lo + h]! - sorted[lo]!
    for (let i = lo + 1; i + h < lo + n; i++) {
      const width = sorted[i + h]! - sorted[i]!
      if (width < bestWidth) {
        bestWidth = width
        best = i
      }
    }
    lo = best
    n = h + 1
  }
  const x0 = sorted[lo]!
  if (n === 1) return x0
  const x1 = sorted[lo + 1]!
  if (n === 2) return (x0 + x1) / 2
  const x2 = sorted[lo + 2]!
  return x1 - x0 <= x2 - x1 ? (x0 + x1) / 2 : (x1 + x2) / 2
}

/** Throws a clear error unless `samples` is a non-empty array of finite numbers. */
export function assertSample(samples: readonly number[], name: string): void {
  if (samples.length === 0)
    throw new Error(`${name}: no samples (an empty sample cannot be summarised or compared)`)
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i]
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new Error(`${name}[${i}] is ${String(value)}: samples must be finite numbers`)
    }
  }
}

function sortedCopy(samples: readonly number[]): number[] {
  return [...samples].sort((a, b) => a - b)
}
