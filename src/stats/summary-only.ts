// Results a tool kept only as a summary (a mean or a median, with what it said of the spread, no
// samples): a change beyond the threshold is a regression only when the two sides' intervals do not
// overlap, or, where a side reports no spread, when it is beyond twice the threshold; anything else
// beyond the threshold is unclear (docs/methodology.md#summaries-without-samples).

import type { Direction, SummaryStatistic } from '../results.ts'
import { ratioOf } from './bootstrap.ts'
import { sideOf } from './decide.ts'
import { normalSurvival } from './mann-whitney.ts'

export interface SummaryInput {
  center: number
  /** What the center is; absent where the tool does not say (treated as a mean). */
  statistic?: SummaryStatistic
  stddev?: number
  iqr?: number
  n?: number
  /** An interval the tool computed itself. */
  interval?: [number, number]
  /** Its confidence level, where the tool says. */
  level?: number
}

/**
 * A mean whose standard deviation is larger than itself: a few outliers far out (a preempted run, a
 * page fault storm) carry it, and its interval says more about them than about the code.
 */
export const UNRELIABLE_CV = 1

/** The standard error of a median, for roughly normal data: 1.2533 σ/√n (√(π/2)). */
const MEDIAN_SE_FACTOR = Math.sqrt(Math.PI / 2)
/** σ of normal data from its interquartile range. */
const IQR_PER_SIGMA = 1.349
export interface SummaryDecision {
  ratio: number
  change: number
  verdict: 'regression' | 'improvement' | 'unchanged' | 'unclear'
  test: 'summary-intervals' | 'summary-twice-threshold'
  /** Each side's interval, where one could be formed. */
  intervals: { base?: [number, number]; head?: [number, number] }
  notes: string[]
}

/** The z with P(|Z| > z) = alpha, by bisection on the normal tail. */
export function twoSidedZ(alpha: number): number {
  let low = 0
  let high = 40
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2
    if (2 * normalSurvival(mid) > alpha) low = mid
    else high = mid
  }
  return (low + high) / 2
}

/**
 * Whether a summary says how much its values spread (a stddev, or an interval the tool computed): only
 * then can the two sides' intervals be compared. Without a spread a change is only a difference of two
 * numbers, which noise alone makes: such a metric gates only when the config names it.
 */
export function summaryHasSpread(s: SummaryInput): boolean {
  return summaryInterval(s, 0.01) !== undefined
}

/**
 * The interval a side is judged by, at 1 − alpha: a median's from its spread and count (σ from the
 * interquartile range where the tool gives one); the tool's own interval when it is at that level or
 * says no level; a mean's rebuilt from its standard deviation and count when the tool's is at another
 * level (Catch2's 95%), else the tool's widened or narrowed to it; center ± z·stddev/√n; center ±
 * stddev when the tool gives no sample count.
 */
export function summaryInterval(s: SummaryInput, alpha: number): [number, number] | undefined {
  const z = twoSidedZ(alpha)
  if (s.statistic === 'median' && s.n !== undefined) {
    const sigma = s.iqr !== undefined ? s.iqr / IQR_PER_SIGMA : s.stddev
    if (sigma !== undefined) {
      const half = (z * MEDIAN_SE_FACTOR * sigma) / Math.sqrt(s.n)
      return [s.center - half, s.center + half]
    }
  }
  if (s.interval) {
    const [low, high] = [Math.min(...s.interval), Math.max(...s.interval)]
    if (s.level === undefined || Math.abs(s.level - (1 - alpha)) < 1e-9) return [low, high]
    if (s.stddev !== undefined && s.n !== undefined) {
      const half = (z * s.stddev) / Math.sqrt(s.n)
      return [s.center - half, s.center + half]
    }
    const scale = z / twoSidedZ(1 - s.level)
    return [s.center - (s.center - low) * scale, s.center + (high - s.center) * scale]
  }
  if (s.stddev === undefined) return undefined
  const half = s.n !== undefined ? (z * s.stddev) / Math.sqrt(s.n) : s.stddev
  return [s.center - half, s.center + half]
}

/** The side whose mean its standard deviation exceeds, if any. */
function unreliableSide(
  base: SummaryInput,
  head: SummaryInput,
): { side: string; s: SummaryInput } | undefined {
  for (const [side, s] of [
    ['base', base],
    ['head', head],
  ] as const) {
    if (
      s.statistic !== 'median' &&
      s.stddev !== undefined &&
      s.center > 0 &&
      s.stddev > UNRELIABLE_CV * s.center
    )
      return { side, s }
  }
  return undefined
}

export function decideSummary(
  base: SummaryInput,
  head: SummaryInput,
  options: { threshold: number; alpha: number; direction: Direction },
): SummaryDecision {
  const { threshold, alpha, direction } = options
  const ratio = ratioOf(head.center, base.center)
  const change = ratio - 1
  const side = sideOf(change, threshold, direction)
  const intervals = { base: summaryInterval(base, alpha), head: summaryInterval(head, alpha) }
  if (intervals.base && intervals.head) {
    const [bLow, bHigh] = intervals.base
    const [hLow, hHigh] = intervals.head
    const apart = hLow > bHigh || hHigh < bLow
    const level = `${fmt((1 - alpha) * 100)}%`
    const notes = [
      `summary only (the tool kept no samples): a change beyond the threshold counts when the ${level} intervals of the ${centerWord(base, head)} do not overlap (base ${fmt(bLow)}–${fmt(bHigh)}, head ${fmt(hLow)}–${fmt(hHigh)})`,
    ]
    const unreliable = side === 'within' ? undefined : unreliableSide(base, head)
    if (unreliable)
      notes.push(
        `unreliable: the ${unreliable.side}'s standard deviation (${fmt(unreliable.s.stddev!)}) exceeds its mean (${fmt(unreliable.s.center)}), so outliers carry it; not taken as evidence`,
      )
    const verdict = side === 'within' ? 'unchanged' : apart && !unreliable ? side : 'unclear'
    return { ratio, change, verdict, test: 'summary-intervals', intervals, notes }
  }
  const notes = [
    `summary only, without a spread: a change counts only beyond twice the threshold (${fmt(2 * threshold * 100)}%)`,
  ]
  const twice = sideOf(change, 2 * threshold, direction)
  const verdict = side === 'within' ? 'unchanged' : twice === side ? side : 'unclear'
  return { ratio, change, verdict, test: 'summary-twice-threshold', intervals, notes }
}

function centerWord(base: SummaryInput, head: SummaryInput): string {
  const plural = { mean: 'means', median: 'medians', min: 'minima' } as const
  const [b, h] = [base.statistic ?? 'mean', head.statistic ?? 'mean']
  return b === h ? plural[b] : `${b} and ${h}`
}

function fmt(x: number): string {
  return String(Number(x.toPrecision(4)))
}
