// Samples nested in runner processes (docs/methodology.md#nested-samples): how a comparison's values are
// grouped by process for its interval, and the note that says when most of a side's spread lies
// between its processes rather than within them: the benchmark is sensitive to code and data placement.

import type { Metric } from '../results.ts'
import {
  betweenProcessShare,
  formatSignificant,
  groupsOf,
  type Nesting,
  processLabels,
  processNesting,
} from '../stats/index.ts'

/** A side whose between-process share is above this, over at least PLACEMENT_MIN_PROCESSES, is noted. */
export const PLACEMENT_SHARE = 0.5
/** Fewer processes say too little about the spread between them to note it. */
export const PLACEMENT_MIN_PROCESSES = 3

/**
 * The nesting of a comparison's values: each side's samples by process, or, given the pairs compared,
 * the selected samples and the pairs by process (stats/nested.ts). Empty for metrics without processes.
 */
export function nestingOf(
  base: Metric,
  head: Metric,
  pairs?: ReadonlyArray<readonly [number, number]>,
): Nesting {
  const counts = { base: base.samples?.length ?? 0, head: head.samples?.length ?? 0 }
  return processNesting(base.processes, head.processes, counts, pairs)
}

/**
 * "most of the spread is between processes (base 64%, head 72%): placement-sensitive; the interval
 * resamples processes …" when a side's between-process share is above PLACEMENT_SHARE; undefined
 * otherwise. `paired`: the interval was of pairs, resampled by pairs of processes.
 */
export function placementNote(base: Metric, head: Metric, paired: boolean): string | undefined {
  const shares = { base: shareOf(base), head: shareOf(head) }
  const above = (['base', 'head'] as const).filter((side) => (shares[side] ?? 0) > PLACEMENT_SHARE)
  if (above.length === 0) return undefined
  const where =
    above.length === 2
      ? `the spread is between processes (base ${percent(shares.base!)}, head ${percent(shares.head!)})`
      : `${above[0]}'s spread is between processes (${percent(shares[above[0]!]!)})`
  const resampled = paired
    ? 'pairs of processes, then pairs within them'
    : 'processes, then samples within them'
  return `most of ${where}: placement-sensitive; the interval resamples ${resampled} (Nested samples, docs/methodology.md)`
}

/** A side's between-process share, over at least PLACEMENT_MIN_PROCESSES processes. */
function shareOf(m: Metric): number | undefined {
  const { processes, samples } = m
  if (!processes || !samples || processes.length < PLACEMENT_MIN_PROCESSES) return undefined
  return betweenProcessShare(samples, groupsOf(processLabels(processes, samples.length)))
}

/** A share above ½ as a percentage: whole, unless rounding would make it 50%. */
function percent(share: number): string {
  const whole = Math.round(share * 100)
  return `${whole > 50 ? whole : formatSignificant(share * 100)}%`
}
