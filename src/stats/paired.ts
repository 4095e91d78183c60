// Paired runs: when base and head are measured alternately in the same job, base[i] and head[i] ran
// next to each other in time and share whatever the machine was doing then (thermal state, a noisy
// neighbour, frequency scaling). The ratio within each pair cancels that shared drift, so statistics of
// the paired ratios see a change that drift spread across the whole job would drown in the two-sample
// comparison.
import {
  type BootstrapOptions,
  bootstrapSettings,
  medianResampler,
  midpoint,
  percentileBySelection,
  ratioOf,
} from './bootstrap.ts'
import { SeededRandom } from './random.ts'
import { assertSample } from './summary.ts'

export interface PairedRatioInterval {
  /** The median of the paired ratios head[i] / base[i]. */
  estimate: number
  low: number
  high: number
}

/**
 * The paired ratios head[i] / base[i] (see `ratioOf` for a zero base). Throws unless both sides are
 * non-empty samples of finite numbers of the same length.
 */
export function pairedRatios(base: readonly number[], head: readonly number[]): Float64Array {
  assertPairs(base, head)
  return Float64Array.from(base, (baseValue, i) => ratioOf(head[i]!, baseValue))
}

/** The median of the paired ratios head[i] / base[i]. */
export function medianPairedRatio(base: readonly number[], head: readonly number[]): number {
  return medianOfSorted(pairedRatios(base, head).sort())
}

/**
 * Percentile bootstrap of the median paired ratio: resamples whole pairs (indices with replacement, n
 * of them), takes the median of the resampled ratios each time, and returns the (1 − c)/2 and
 * (1 + c)/2 percentiles of those medians (linear interpolation between order statistics). Resampling
 * pairs rather than each side on its own keeps the drift the two runs of a pair share out of the
 * interval. Pairs nested in pairs of processes (`options.processes.pairs`: the pairs that share a base
 * and a head process) are resampled a pair of processes first, then pairs within it. The same seed
 * and input always give the same interval.
 */
export function bootstrapPairedMedianRatio(
  base: readonly number[],
  head: readonly number[],
  options: BootstrapOptions,
): PairedRatioInterval {
  const ratios = pairedRatios(base, head)
  const { confidence, resamples, seed } = bootstrapSettings(options)

  const random = new SeededRandom(seed)
  // Only the ratios matter once the pairs are formed, so a resample of pairs is a resample of the
  // ratios; pairs of processes (options.processes.pairs) are drawn first where there are several.
  const resample = medianResampler(ratios, options.processes?.pairs)
  const medians = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) medians[r] = resample(random)
  return {
    estimate: medianOfSorted(ratios.sort()),
    low: percentileBySelection(medians, (1 - confidence) / 2),
    high: percentileBySelection(medians, (1 + confidence) / 2),
  }
}

function assertPairs(base: readonly number[], head: readonly number[]): void {
  if (base.length !== head.length || base.length === 0) {
    throw new Error(
      `cannot pair ${base.length} base with ${head.length} head samples: ` +
        'paired runs need the same number on each side, at least one',
    )
  }
  assertSample(base, 'base')
  assertSample(head, 'head')
}

function medianOfSorted(sorted: Float64Array): number {
  const n = sorted.length
  const upper = sorted[n >> 1]!
  return n % 2 === 1 ? upper : midpoint(sorted[(n >> 1) - 1]!, upper)
}
