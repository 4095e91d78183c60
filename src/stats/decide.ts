// The pass/fail rule (docs/methodology.md#one-comparison). A sampled metric regresses only when the change is both large enough
// to matter (beyond the threshold) and real (significant by the Mann–Whitney test, with the bootstrap
// interval of the ratio wholly on the bad side of 1). A deterministic metric regresses when the change
// is beyond the threshold. "Beyond" is strict: a change exactly at the threshold passes.
import { formatChange } from '../display.ts'
import type { Direction } from '../results.ts'
import {
  bootstrapDifferenceOfMedians,
  bootstrapRatioOfMedians,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  ratioOf,
} from './bootstrap.ts'
import { mannWhitneyU, smallestPValue } from './mann-whitney.ts'
import type { Nesting } from './nested.ts'
import { bootstrapPairedMedianRatio, medianPairedRatio } from './paired.ts'
import { type Summary, summarize } from './summary.ts'
import { smallestWilcoxonPValue, wilcoxonSignedRank } from './wilcoxon.ts'

export type SampledVerdict = 'regression' | 'improvement' | 'unchanged' | 'unclear'
export type ExactVerdict = 'regression' | 'improvement' | 'unchanged'

/** Below this many samples on a side, neither the test nor the interval can be trusted much. */
export const MIN_RELIABLE_SAMPLES = 9

/**
 * Slack when comparing a change with the threshold, so that rounding cannot push a change that is
 * exactly at the threshold over it: 101 / 100 − 1 is 0.010000000000000009 in floating point.
 */
const THRESHOLD_TOLERANCE = 1e-12

export interface SampledDecisionOptions {
  /** Relative change that matters, as a fraction: 0.05 = 5%. */
  threshold: number
  /** Significance level of the test; the interval's confidence is 1 − alpha. */
  alpha: number
  direction: Direction
  /** Seed of the bootstrap; the same seed and samples always give the same decision. */
  seed?: string | number
  /** Bootstrap resamples (default 10 000). */
  resamples?: number
  /**
   * Skip the bootstrap when the change is within the threshold, where the interval cannot change
   * the verdict (unchanged either way): for very large suites, where resampling every metric of
   * every benchmark would take longer than measuring them.
   */
  intervalOnlyWhenDeciding?: boolean
  /**
   * The values by the process that took them (stats/nested.ts): each side's samples for decideSampled
   * and decideDifference, the pairs for decidePaired. The interval resamples processes first where they
   * nest; the test and the estimate are unchanged.
   */
  processes?: Nesting
}

export interface SampledDecision {
  baseSummary: Summary
  headSummary: Summary
  /** median(head) / median(base); see `ratioOf` for a zero base median. */
  ratio: number
  /** ratio − 1: +0.08 means head's median is 8% above base's. */
  change: number
  /** Bootstrap interval of the ratio at confidence 1 − alpha; absent when it was not needed. */
  ci?: [low: number, high: number]
  /** Two-sided Mann–Whitney p-value. */
  pValue: number
  test: 'mann-whitney-exact' | 'mann-whitney-normal'
  verdict: SampledVerdict
  /** Why the verdict may deserve less trust, in words for the report. */
  notes: string[]
}

/** decideSampled's decision, from pairs: the ratio is the median of the paired ratios. */
export interface PairedDecision extends Omit<SampledDecision, 'test'> {
  /** Two-sided Wilcoxon signed-rank test of the paired (log-)differences. */
  test: 'wilcoxon-exact' | 'wilcoxon-normal'
  /** Number of pairs, zeros included. */
  pairs: number
}

export interface ExactDecisionOptions {
  threshold: number
  direction: Direction
}

export interface ExactDecision {
  /** head / base; see `ratioOf` for a zero base. */
  ratio: number
  /** ratio − 1 */
  change: number
  verdict: ExactVerdict
  notes: string[]
}

/**
 * Decides a sampled metric. Regression needs all three: the change beyond the threshold on the bad
 * side (lower is better: ratio > 1 + threshold; higher is better: ratio < 1 − threshold), p < alpha,
 * and the whole interval on the bad side of 1. Improvement is the mirror image. A change beyond the
 * threshold either way that fails the other two is 'unclear'; everything else, including a significant
 * change within the threshold, is 'unchanged'. Throws when either side has no samples.
 */
export function decideSampled(
  base: readonly number[],
  head: readonly number[],
  options: SampledDecisionOptions,
): SampledDecision {
  const { threshold, alpha, direction, seed = DEFAULT_SEED, resamples = DEFAULT_RESAMPLES } = options
  assertComparable(base, head, options)

  const baseSummary = summarize(base)
  const headSummary = summarize(head)
  const ratio = ratioOf(headSummary.median, baseSummary.median)
  const change = ratio - 1
  const side = sideOf(change, threshold, direction)
  const interval =
    options.intervalOnlyWhenDeciding && side === 'within'
      ? undefined
      : bootstrapRatioOfMedians(base, head, {
          confidence: 1 - alpha,
          resamples,
          seed,
          processes: options.processes,
        })
  const test = mannWhitneyU(base, head)
  const { verdict, whyUnclear } = sampledVerdict(side, test.pValue, interval, options)

  const notes: string[] = []
  if (base.length < MIN_RELIABLE_SAMPLES || head.length < MIN_RELIABLE_SAMPLES) {
    notes.push(
      `only ${base.length} base and ${head.length} head samples: fewer than ${MIN_RELIABLE_SAMPLES} a side make the verdict unreliable`,
    )
  }
  const floor = smallestPValue(base.length, head.length)
  if (floor >= alpha) {
    notes.push(
      `with ${base.length} base and ${head.length} head samples the smallest possible p-value is ` +
        `${formatSignificant(floor)}, not below α = ${formatSignificant(alpha)}: no change can be significant`,
    )
  }
  if (baseSummary.median === 0) {
    notes.push(
      headSummary.median === 0
        ? 'base and head medians are both 0: the ratio is taken as 1'
        : 'base median is 0: the relative change is infinite',
    )
  }
  if (baseSummary.median < 0 || headSummary.median < 0) {
    notes.push('a median is negative: the ratio of medians does not measure a relative change')
  }
  if (floor < alpha) notes.push(...whyUnclear)

  return {
    baseSummary,
    headSummary,
    ratio,
    change,
    ...(interval ? { ci: [interval.low, interval.high] as [number, number] } : {}),
    pValue: test.pValue,
    test: test.method === 'exact' ? 'mann-whitney-exact' : 'mann-whitney-normal',
    verdict,
    notes,
  }
}

/**
 * Decides a sampled metric whose base and head runs alternated in one job, so that base[i] and head[i]
 * form a pair. The rule is decideSampled's with paired statistics: the change is the median of the
 * paired ratios minus 1, the test is the Wilcoxon signed-rank test of the differences within pairs, and
 * the interval is the bootstrap of the median paired ratio over resampled pairs. When every value is
 * above 0 the test runs on log(head[i] / base[i]), so it tests a relative change, as the ratio and
 * threshold do, and gives the same p whichever side is called base; otherwise on head[i] − base[i].
 * Throws unless both sides have the same number of samples, at least one.
 */
export function decidePaired(
  base: readonly number[],
  head: readonly number[],
  options: SampledDecisionOptions,
): PairedDecision {
  const { threshold, alpha, direction, seed = DEFAULT_SEED, resamples = DEFAULT_RESAMPLES } = options
  assertSampledOptions(options)
  if (base.length !== head.length || base.length === 0) {
    throw new Error(
      `cannot pair ${base.length} base with ${head.length} head samples: ` +
        'paired runs need the same number on each side, at least one',
    )
  }

  const pairs = base.length
  const baseSummary = summarize(base)
  const headSummary = summarize(head)
  const ratio = medianPairedRatio(base, head)
  const change = ratio - 1
  const side = sideOf(change, threshold, direction)
  const interval =
    options.intervalOnlyWhenDeciding && side === 'within'
      ? undefined
      : bootstrapPairedMedianRatio(base, head, {
          confidence: 1 - alpha,
          resamples,
          seed,
          processes: options.processes,
        })
  const allPositive = base.every((value) => value > 0) && head.every((value) => value > 0)
  const test = wilcoxonSignedRank(
    allPositive ? logRatios(base, head) : base.map((value, i) => head[i]! - value),
  )
  const { verdict, whyUnclear } = sampledVerdict(side, test.pValue, interval, options)

  const notes: string[] = []
  if (pairs < MIN_RELIABLE_SAMPLES) {
    notes.push(`only ${pairs} pairs: fewer than ${MIN_RELIABLE_SAMPLES} make the verdict unreliable`)
  }
  const floor = smallestWilcoxonPValue(test.n)
  if (floor >= alpha) {
    const counted = test.zeros > 0 ? `${test.n} pairs that differ` : `${test.n} pairs`
    notes.push(
      `with ${counted} the smallest possible p-value is ${formatSignificant(floor)}, ` +
        `not below α = ${formatSignificant(alpha)}: no change can be significant`,
    )
  }
  if (test.zeros > 0) {
    notes.push(
      test.zeros === 1
        ? '1 pair with no difference was left out of the test'
        : `${test.zeros} pairs with no difference were left out of the test`,
    )
  }
  if (!allPositive) {
    notes.push('not every value is above 0: the test compares head − base, not the ratio head / base')
    if (base.some((value) => value === 0)) {
      notes.push('a base value is 0: the ratio of that pair is infinite, or 1 when head is 0 too')
    }
    if (base.some((value) => value < 0) || head.some((value) => value < 0)) {
      notes.push('a value is negative: the paired ratios do not measure a relative change')
    }
  }
  if (floor < alpha) notes.push(...whyUnclear)

  return {
    baseSummary,
    headSummary,
    ratio,
    change,
    ...(interval ? { ci: [interval.low, interval.high] as [number, number] } : {}),
    pValue: test.pValue,
    test: test.method === 'exact' ? 'wilcoxon-exact' : 'wilcoxon-normal',
    pairs,
    verdict,
    notes,
  }
}

/** Fewer samples than this on a side give neither an interval nor a p-value: a resample of one value is that value. */
export const MIN_SAMPLES_FOR_STATISTICS = 2

/** Whether every value is above 0: only then is head / base a relative change (docs/methodology.md#values-not-all-above-0). */
export function allPositive(values: readonly number[]): boolean {
  for (const value of values) if (!(value > 0)) return false
  return true
}

/**
 * Whether a side sits mostly at the clock's resolution floor: its smallest value is 0 and more than half
 * of its values are that 0 (the `sys` time of a short program). Its changes are resolution noise.
 */
export function atResolutionFloor(values: readonly number[]): boolean {
  if (values.length === 0) return false
  let zeros = 0
  let min = Number.POSITIVE_INFINITY
  for (const value of values) {
    if (value === 0) zeros++
    if (value < min) min = value
  }
  return min === 0 && zeros > values.length / 2
}

/**
 * A sampled metric with fewer than MIN_SAMPLES_FOR_STATISTICS samples on a side (all values above 0):
 * the change of medians is shown, but with no interval and no test nothing can be significant, so a
 * change beyond the threshold is 'unclear', anything else 'unchanged'.
 */
export function decideFewSamples(
  base: readonly number[],
  head: readonly number[],
  options: Pick<SampledDecisionOptions, 'threshold' | 'direction'>,
): Pick<SampledDecision, 'baseSummary' | 'headSummary' | 'ratio' | 'change' | 'verdict' | 'notes'> {
  assertThreshold(options.threshold)
  assertDirection(options.direction)
  const baseSummary = summarize(base)
  const headSummary = summarize(head)
  const ratio = ratioOf(headSummary.median, baseSummary.median)
  const change = ratio - 1
  const side = sideOf(change, options.threshold, options.direction)
  return {
    baseSummary,
    headSummary,
    ratio,
    change,
    verdict: side === 'within' ? 'unchanged' : 'unclear',
    notes: [fewSamplesNote(base.length, head.length)],
  }
}

function fewSamplesNote(base: number, head: number): string {
  return (
    `only ${base} base and ${head} head samples: no interval and no p-value from fewer than ` +
    `${MIN_SAMPLES_FOR_STATISTICS} samples on a side, so no change can be significant`
  )
}

export interface DifferenceDecisionOptions extends SampledDecisionOptions {
  /**
   * A change of the medians that matters, in the metric's own unit (percentage points for a percent
   * metric gated on points). Without one a difference is shown but not judged.
   */
  absoluteThreshold?: number
}

export interface DifferenceDecision {
  baseSummary: Summary
  headSummary: Summary
  /** median(head) − median(base), in the metric's unit. */
  difference: number
  /** Bootstrap interval of the difference of medians at 1 − alpha; absent below 2 samples a side. */
  ci?: [low: number, high: number]
  /** Two-sided Mann–Whitney p-value (a rank test: it needs no ratio); absent below 2 samples a side. */
  pValue?: number
  test?: 'mann-whitney-exact' | 'mann-whitney-normal'
  verdict: SampledVerdict
  /** A side sits at the resolution floor (atResolutionFloor): most of its values are 0. */
  floor: boolean
  notes: string[]
}

/** A side mostly at 0 and medians that differ: what the resolution shows, not the code. */
export const FLOOR_NOTE =
  'most runs measured 0, too little for the clock or counter to register: a difference is its resolution, not the code; shown, not judged'
/** A side mostly at 0 and medians that are equal (both 0): no change the metric can register. */
export const FLOOR_EQUAL_NOTE =
  'most runs measured 0, too little for the clock or counter to register; the medians are equal'
/** Values that can be ≤ 0, no absolute threshold, equal medians: a difference of 0 is within any threshold. */
export const EQUAL_MEDIANS_NOTE =
  'not compared by ratio: values can be ≤ 0; the medians are equal, a difference of 0, within any threshold'

/**
 * Decides a sampled metric whose values are not all above 0, where head / base is no relative change:
 * by head − base of the medians, with a bootstrap interval of that difference and the Mann–Whitney
 * test, judged only against `absoluteThreshold` (without one 'unclear', unless the medians are equal:
 * a difference of 0 is within every threshold). A side mostly at the clock's resolution floor is never
 * judged beyond that: equal medians are unchanged, any other difference is unclear
 * (docs/methodology.md#values-not-all-above-0).
 */
export function decideDifference(
  base: readonly number[],
  head: readonly number[],
  options: DifferenceDecisionOptions,
): DifferenceDecision {
  const { alpha, seed = DEFAULT_SEED, resamples = DEFAULT_RESAMPLES } = options
  assertComparable(base, head, options)
  const baseSummary = summarize(base)
  const headSummary = summarize(head)
  const difference = headSummary.median - baseSummary.median
  const enough = base.length >= MIN_SAMPLES_FOR_STATISTICS && head.length >= MIN_SAMPLES_FOR_STATISTICS
  const interval = enough
    ? bootstrapDifferenceOfMedians(base, head, {
        confidence: 1 - alpha,
        resamples,
        seed,
        processes: options.processes,
      })
    : undefined
  const test = enough ? mannWhitneyU(base, head) : undefined
  const notes: string[] = []
  if (!enough) notes.push(fewSamplesNote(base.length, head.length))
  const constant =
    baseSummary.min === baseSummary.max &&
    headSummary.min === headSummary.max &&
    baseSummary.min === headSummary.min
  const floor = atResolutionFloor(base) || atResolutionFloor(head)
  const verdict = constant
    ? 'unchanged'
    : differenceVerdict(difference, floor, test?.pValue, interval, options, notes)
  return {
    baseSummary,
    headSummary,
    difference,
    ...(interval ? { ci: [interval.low, interval.high] as [number, number] } : {}),
    ...(test
      ? { pValue: test.pValue, test: test.method === 'exact' ? 'mann-whitney-exact' : 'mann-whitney-normal' }
      : {}),
    verdict,
    floor,
    notes,
  }
}

/**
 * decideDifference's rule for sides that are not one and the same value, its reasons added to `notes`:
 * equal medians (where nothing else would judge them) unchanged, a side at the floor not judged, no
 * absolute threshold not judged, else the threshold, the test and the interval.
 */
function differenceVerdict(
  difference: number,
  floor: boolean,
  pValue: number | undefined,
  interval: { low: number; high: number } | undefined,
  { alpha, direction, absoluteThreshold }: DifferenceDecisionOptions,
  notes: string[],
): SampledVerdict {
  if (difference === 0 && (floor || absoluteThreshold === undefined)) {
    // A difference of 0 is within every threshold, so no threshold is needed to call it unchanged.
    notes.push(floor ? FLOOR_EQUAL_NOTE : EQUAL_MEDIANS_NOTE)
    return 'unchanged'
  }
  if (floor) {
    notes.push(FLOOR_NOTE)
    return 'unclear'
  }
  if (absoluteThreshold === undefined) {
    notes.push(
      'not compared by ratio: values can be ≤ 0, so head / base is no relative change; ' +
        'the difference of medians is shown but not judged (no absolute threshold)',
    )
    return 'unclear'
  }
  notes.push('not compared by ratio: values can be ≤ 0; judged by the difference of medians')
  const worse = direction === 'lower' ? difference : -difference
  const slack = THRESHOLD_TOLERANCE * Math.max(1, absoluteThreshold)
  const side: Leaning =
    worse > absoluteThreshold + slack
      ? 'regression'
      : worse < -absoluteThreshold - slack
        ? 'improvement'
        : 'within'
  if (side === 'within') return 'unchanged'
  if (pValue === undefined || !interval) return 'unclear'
  const significant = pValue < alpha
  const bad = direction === 'lower' ? interval.low > 0 : interval.high < 0
  const good = direction === 'lower' ? interval.high < 0 : interval.low > 0
  const intervalSide: Leaning = bad ? 'regression' : good ? 'improvement' : 'within'
  if (significant && intervalSide === side) return side
  if (!significant)
    notes.push(`p = ${formatSignificant(pValue)} is not below α = ${formatSignificant(alpha)}`)
  if (intervalSide !== side) {
    const where = intervalSide === 'within' ? 'includes no change' : 'lies wholly on the other side'
    notes.push(
      `the ${formatSignificant((1 - alpha) * 100)}% interval of the difference, ${signed(interval.low)} … ${signed(interval.high)}, ${where}`,
    )
  }
  return 'unclear'
}

/**
 * log(head[i] / base[i]) for positive values, as sign(head − base) · log(max / min): swapping the sides
 * negates every difference exactly, and pairs with the same ratio either way round get the same |d|,
 * so they tie in the ranking as they should.
 */
function logRatios(base: readonly number[], head: readonly number[]): number[] {
  return base.map((baseValue, i) => {
    const headValue = head[i]!
    if (headValue === baseValue) return 0
    return headValue > baseValue ? Math.log(headValue / baseValue) : -Math.log(baseValue / headValue)
  })
}

/**
 * Decides a deterministic metric (one exact value per side, e.g. an instruction count): change =
 * head / base − 1, regression when it is beyond the threshold on the bad side, improvement when beyond
 * it on the good side. A change exactly at the threshold is 'unchanged'. A base of 0 gives an infinite
 * change when head is not 0 (a regression if lower is better), and no change when head is 0 too.
 */
export function decideExact(base: number, head: number, options: ExactDecisionOptions): ExactDecision {
  const { threshold, direction } = options
  assertThreshold(threshold)
  assertDirection(direction)
  for (const [name, value] of [
    ['base', base],
    ['head', head],
  ] as const) {
    if (!Number.isFinite(value)) throw new Error(`${name} is ${value}: values must be finite numbers`)
  }
  const ratio = ratioOf(head, base)
  const change = ratio - 1
  const side = sideOf(change, threshold, direction)
  const notes: string[] = []
  if (base === 0) {
    notes.push(
      head === 0
        ? 'base and head are both 0: the ratio is taken as 1'
        : 'base is 0: the relative change is infinite',
    )
  }
  return { ratio, change, verdict: side === 'within' ? 'unchanged' : side, notes }
}

/** Which way a change (against the threshold) or an interval of the ratio (against 1) leans. */
export type Leaning = 'regression' | 'improvement' | 'within'

/** Valid options, and at least one sample on each side. */
function assertComparable(
  base: readonly number[],
  head: readonly number[],
  options: SampledDecisionOptions,
): void {
  assertSampledOptions(options)
  if (base.length === 0 || head.length === 0) {
    throw new Error(
      `cannot compare: ${base.length} base and ${head.length} head samples (each side needs at least one)`,
    )
  }
}

function assertSampledOptions({ threshold, alpha, direction }: SampledDecisionOptions): void {
  assertThreshold(threshold)
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`)
  assertDirection(direction)
}

/**
 * The rule shared by the independent and the paired analysis: beyond the threshold, significant and
 * the interval wholly on the same side → that side; beyond the threshold otherwise → unclear, with
 * the reasons in words.
 */
function sampledVerdict(
  side: Leaning,
  pValue: number,
  interval: { low: number; high: number } | undefined,
  { alpha, direction }: SampledDecisionOptions,
): { verdict: SampledVerdict; whyUnclear: string[] } {
  if (side === 'within') return { verdict: 'unchanged', whyUnclear: [] }
  const significant = pValue < alpha
  const intervalSide = interval ? intervalSideOf(interval.low, interval.high, direction) : 'within'
  if (significant && intervalSide === side) return { verdict: side, whyUnclear: [] }
  const whyUnclear: string[] = []
  if (!significant)
    whyUnclear.push(`p = ${formatSignificant(pValue)} is not below α = ${formatSignificant(alpha)}`)
  if (interval && intervalSide !== side) {
    const where = intervalSide === 'within' ? 'includes no change' : 'lies wholly on the other side'
    whyUnclear.push(
      `the ${formatSignificant((1 - alpha) * 100)}% interval of the change, ${formatChange(interval.low - 1)} … ${formatChange(interval.high - 1)}, ${where}`,
    )
  }
  return { verdict: 'unclear', whyUnclear }
}

/** Where a relative change lies against the threshold, read in the metric's direction. */
export function sideOf(change: number, threshold: number, direction: Direction): Leaning {
  const worse = direction === 'lower' ? change : -change
  if (worse > threshold + THRESHOLD_TOLERANCE) return 'regression'
  if (worse < -threshold - THRESHOLD_TOLERANCE) return 'improvement'
  return 'within'
}

/** Which side of 1 the whole interval of the ratio lies on, read in the metric's direction. */
function intervalSideOf(low: number, high: number, direction: Direction): Leaning {
  if (low > 1) return direction === 'lower' ? 'regression' : 'improvement'
  if (high < 1) return direction === 'lower' ? 'improvement' : 'regression'
  return 'within'
}

function assertThreshold(threshold: number): void {
  if (!(Number.isFinite(threshold) && threshold >= 0)) {
    throw new RangeError(`threshold must be a non-negative fraction (0.05 = 5%), got ${threshold}`)
  }
}

function assertDirection(direction: Direction): void {
  if (direction !== 'lower' && direction !== 'higher') {
    throw new RangeError(`direction must be 'lower' or 'higher', got ${String(direction)}`)
  }
}

/** A value with its sign, three significant digits: "-2.25", "+14.5", "0". */
function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatSignificant(value)}`
}

/** Three significant digits, trailing zeros dropped: 0.005, 1, 99.5. */
export function formatSignificant(value: number): string {
  return String(Number(value.toPrecision(3)))
}
