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

// Comparisons across moments (a stored baseline, two files): base and head were measured at different
// moments of the machine, so the test on their samples cannot tell a change of the code from a change
// of the machine. Such a comparison fails only on evidence about moments.

/**
 * While fewer than MIN_RUNS_FOR_NOISE stored runs give the run-to-run noise, a change across moments
 * counts only when its whole interval lies beyond this ratio (+25%, or below 1/1.25 = −20% for the
 * other side). On a 2-vCPU machine the median CPU time of the same 3 ms and 30 ms programs moved by up
 * to 8% between moments (quiet, one CPU hog, four hogs), wall time by 3% between quiet moments; shared
 * runners are reported to drift 10–25%. A 2× slowdown is far beyond it.
 */
export const UNKNOWN_NOISE_BOUND = 1.25

/**
 * How much the widest ratio among N stored medians is widened (on the log scale) before a change is
 * called beyond it: the range of a few medians underestimates the spread. With normal run-to-run noise,
 * an unchanged head lies beyond the widened range of N earlier medians (the baseline among them) in
 * about 1% of comparisons (simulated, 200 000 draws each); beyond the raw range of 3 medians in 14%.
 */
const RANGE_WIDENING: readonly number[] = [
  Number.NaN,
  Number.NaN,
  Number.NaN,
  4.2,
  2.4,
  1.8,
  1.55,
  1.4,
  1.3,
  1.2,
  1.17,
]
const RANGE_WIDENING_MANY = 1.15

/**
 * The ratio a change across moments must lie wholly beyond, from known noise: the widest ratio among
 * the stored medians widened for how few they are, but no wider than UNKNOWN_NOISE_BOUND unless the
 * stored runs themselves swung further (history only sharpens the gross bound, or shows it too narrow).
 */
export function noiseBound(noise: RunNoise): number {
  // Fewer runs say nothing about the noise (runToRunNoise gives none): the gross bound holds.
  if (!(noise.runs >= MIN_RUNS_FOR_NOISE)) return Math.max(noise.maxRatio, UNKNOWN_NOISE_BOUND)
  const k = RANGE_WIDENING[noise.runs] ?? RANGE_WIDENING_MANY
  const widened = Math.exp(k * Math.log(noise.maxRatio))
  return Math.max(noise.maxRatio, Math.min(widened, UNKNOWN_NOISE_BOUND))
}

export interface MomentsDecision {
  verdict: 'regression' | 'improvement' | 'unclear'
  /** What the rule was and how the change stood against it, for the metric's notes. */
  note: string
}

/**
 * The verdict of a regression or improvement found across moments: it stands only when the whole
 * interval of the ratio (head / base) lies beyond the noise bound on its side — the known noise's
 * (noiseBound), else UNKNOWN_NOISE_BOUND — and is unclear otherwise.
 */
export function decideAcrossMoments(
  verdict: 'regression' | 'improvement',
  interval: readonly [number, number],
  direction: 'lower' | 'higher',
  noise: RunNoise | undefined,
  storedRuns: number,
): MomentsDecision {
  const bound = noise ? noiseBound(noise) : UNKNOWN_NOISE_BOUND
  const [low, high] = interval
  // Which way the change goes in ratio terms: up for a slower time or a higher rate.
  const up = (verdict === 'regression') === (direction === 'lower')
  const beyond = up ? low > bound : high < 1 / bound
  const limit = up ? percent(bound - 1) : percent(1 / bound - 1)
  const what = verdict === 'regression' ? 'a regression' : 'an improvement'
  const rule = noise
    ? `run-to-run noise from ${noise.runs} stored runs (medians differ by up to ${percent(noise.maxRatio - 1)}): ${what} needs the whole interval beyond ${limit}`
    : `unknown run-to-run noise (${storedRuns} stored run${storedRuns === 1 ? '' : 's'}): ${what} needs the whole interval beyond ${limit}`
  const seen =
    low === high
      ? `the change is ${percent(low - 1)}`
      : `the interval is ${percent(low - 1)} to ${percent(high - 1)}`
  return beyond
    ? { verdict, note: `${rule}; ${seen}` }
    : {
        verdict: 'unclear',
        note: `${rule}; ${seen}, which a change of the machine between the runs could explain`,
      }
}

function percent(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±'
  return `${sign}${Math.abs(change * 100).toFixed(1)}%`
}
