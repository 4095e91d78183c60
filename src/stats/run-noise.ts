// Run-to-run noise: how far the median of one whole run moves between runs of (nearly) the same code.
// Samples inside one run share that run's moment of the machine, so a test on them alone cannot see
// a machine that is 10% slower this minute than the last. Earlier runs stored for the baseline's
// branch can: their medians spread as wide as the machine's mood swings.

export interface RunNoise {
  /** How many earlier runs the estimate rests on. */
  runs: number
  /**
   * The largest relative change seen between any two of those runs' medians, as a ratio ≥ 1
   * (1.12: one run's median was 12% above another's).
   */
  maxRatio: number
}

/** Fewer runs than this say too little about run-to-run noise to act on. */
export const MIN_RUNS_FOR_NOISE = 3

/**
 * The widest pairwise ratio among the runs' medians; undefined with fewer than MIN_RUNS_FOR_NOISE
 * positive medians. Assumption-free and easy to state: "changes up to ±12% were seen between the
 * last 8 runs". Runs of different commits widen it when the code really changed, which errs on the
 * side of fewer alarms.
 */
export function runToRunNoise(medians: readonly number[]): RunNoise | undefined {
  const positive = medians.filter((m) => Number.isFinite(m) && m > 0)
  if (positive.length < MIN_RUNS_FOR_NOISE) return undefined
  return { runs: positive.length, maxRatio: Math.max(...positive) / Math.min(...positive) }
}

/** True when a change of `ratio` (head/base) is no larger than changes seen between earlier runs. */
export function withinRunNoise(ratio: number, noise: RunNoise): boolean {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return false
  const magnitude = ratio >= 1 ? ratio : 1 / ratio
  return magnitude <= noise.maxRatio
}
