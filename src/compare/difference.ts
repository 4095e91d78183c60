// Values not all above 0, where head / base is no relative change: compared by the difference instead,
// judged only against an absolute threshold (docs/methodology.md#values-not-all-above-0).

import type { Direction } from '../results.ts'
import { decideExact } from '../stats/index.ts'
import type { MetricComparison, MetricVerdict } from './types.ts'

export const NOT_BY_RATIO =
  'not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference is shown but not judged (no absolute threshold)'

/** The fields of a comparison by difference: no ratio (NaN), the difference and its interval. */
export function byDifference(
  difference: number,
  ci?: [number, number],
): Pick<MetricComparison, 'basis' | 'difference' | 'differenceCi' | 'ratio' | 'change'> {
  return {
    basis: 'difference',
    difference,
    ...(ci ? { differenceCi: ci } : {}),
    ratio: Number.NaN,
    change: Number.NaN,
  }
}

/**
 * Exact values not both above 0. Counts (both ≥ 0) keep decideExact's rule, exact and noiseless: from 0,
 * any increase is beyond every relative threshold (one allocation more is a regression), and a fall to 0
 * is −100%; only the display is the difference. A value below 0 gives no relative change at all: judged
 * only against an absolute threshold (percentage points), else shown as unclear.
 */
export function exactDifferenceVerdict(
  base: number,
  head: number,
  threshold: number,
  direction: Direction,
  absoluteThreshold: number | undefined,
): { verdict: MetricVerdict; notes: string[] } {
  if (base === head) return { verdict: 'unchanged', notes: [] }
  if (base >= 0 && head >= 0) {
    const d = decideExact(base, head, { threshold, direction })
    const why =
      base === 0
        ? 'base is 0: shown as the difference; any change from an exact 0 is beyond the threshold'
        : 'head is 0: shown as the difference (a change of −100%)'
    return { verdict: d.verdict, notes: [why] }
  }
  if (absoluteThreshold === undefined) return { verdict: 'unclear', notes: [NOT_BY_RATIO] }
  const worse = direction === 'lower' ? head - base : base - head
  const notes = ['not compared by ratio: values can be ≤ 0; judged by the difference']
  if (worse > absoluteThreshold) return { verdict: 'regression', notes }
  if (worse < -absoluteThreshold) return { verdict: 'improvement', notes }
  return { verdict: 'unchanged', notes }
}
