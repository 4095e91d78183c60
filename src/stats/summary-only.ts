// Results a tool kept only as a summary (a mean and its error, no samples): no test can be run on
// them, so the rule is stricter than for samples. A change beyond the threshold is a regression only
// when the two sides' intervals do not overlap; where a side reports no spread at all, only when the
// change is beyond twice the threshold. Anything else beyond the threshold is unclear.

import type { Direction } from '../results.ts'
import { ratioOf } from './bootstrap.ts'
import { sideOf } from './decide.ts'
import { normalSurvival } from './mann-whitney.ts'

export interface SummaryInput {
  center: number
  stddev?: number
  n?: number
  /** An interval the tool computed itself. */
  interval?: [number, number]
}

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
 * The interval a side is judged by: the tool's own, else center ± z·stddev/√n (the mean's interval at
 * 1 − alpha), else center ± stddev when the tool gives no sample count.
 */
export function summaryInterval(s: SummaryInput, alpha: number): [number, number] | undefined {
  if (s.interval) return [Math.min(...s.interval), Math.max(...s.interval)]
  if (s.stddev === undefined) return undefined
  const half = s.n !== undefined ? (twoSidedZ(alpha) * s.stddev) / Math.sqrt(s.n) : s.stddev
  return [s.center - half, s.center + half]
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
    const notes = [
      `summary only (the tool kept no samples): a change beyond the threshold counts when the intervals do not overlap (base ${fmt(bLow)}–${fmt(bHigh)}, head ${fmt(hLow)}–${fmt(hHigh)})`,
    ]
    const verdict = side === 'within' ? 'unchanged' : apart ? side : 'unclear'
    return { ratio, change, verdict, test: 'summary-intervals', intervals, notes }
  }
  const notes = [
    `summary only, without a spread: a change counts only beyond twice the threshold (${fmt(2 * threshold * 100)}%)`,
  ]
  const twice = sideOf(change, 2 * threshold, direction)
  const verdict = side === 'within' ? 'unchanged' : twice === side ? side : 'unclear'
  return { ratio, change, verdict, test: 'summary-twice-threshold', intervals, notes }
}

function fmt(x: number): string {
  return String(Number(x.toPrecision(4)))
}
