// Sequential sampling of paired runs: look at the pairs while they are taken, stop a benchmark early
// where its verdict is clear and spend more pairs where it is not. An early look at half the planned
// pairs stops a clearly unchanged benchmark; the planned look decides at α/2 or extends the pairs up to
// twice the planned number, judged at α/2 (docs/methodology.md#sequential-sampling-of-a-pair).
import type { Direction } from '../results.ts'
import { decidePaired, MIN_RELIABLE_SAMPLES } from './decide.ts'
import type { Nesting } from './nested.ts'

/** How far a benchmark's pairs may be extended, as a multiple of the planned number. */
export const SEQUENTIAL_MAX_FACTOR = 2

export type LookOutcome = 'regression' | 'improvement' | 'unchanged' | 'undecided'

export interface LookOptions {
  threshold: number
  /** The benchmark's significance level; each look that can call a change spends half of it. */
  alpha: number
  direction: Direction
  seed?: string
  /** The pairs by pair of processes, where the samples are nested in processes (stats/nested.ts). */
  processes?: Nesting
}

/** The pair counts at which a benchmark of `planned` pairs is looked at. */
export interface LookPlan {
  /** Half the planned pairs, when that is still enough for a verdict; else none. */
  early?: number
  planned: number
  /** The most pairs an undecided benchmark is extended to. */
  max: number
}

export function lookPlan(planned: number): LookPlan {
  const early = Math.ceil(planned / 2)
  return {
    ...(early >= MIN_RELIABLE_SAMPLES && early < planned ? { early } : {}),
    planned,
    max: planned * SEQUENTIAL_MAX_FACTOR,
  }
}

/** The significance level a benchmark's pairs are judged at once they were extended past a look. */
export function extendedAlpha(alpha: number): number {
  return alpha / 2
}

/**
 * What the pairs so far say. `early`: only a clearly unchanged benchmark is decided. Undefined when
 * there is nothing to look at — no pairs, or values not all above 0, which give no ratio: such a
 * benchmark is measured as planned.
 */
export function lookAtPairs(
  base: readonly number[],
  head: readonly number[],
  options: LookOptions,
  early: boolean,
): LookOutcome | undefined {
  if (base.length === 0 || base.length !== head.length) return undefined
  if (!base.every((v) => v > 0) || !head.every((v) => v > 0)) return undefined
  const alpha = early ? options.alpha : extendedAlpha(options.alpha)
  const d = decidePaired(base, head, {
    threshold: options.threshold,
    alpha,
    direction: options.direction,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.processes !== undefined ? { processes: options.processes } : {}),
  })
  if (!early && (d.verdict === 'regression' || d.verdict === 'improvement')) return d.verdict
  // The interval of the ratio at 1 − α lies within ±threshold: no change of that size is plausible.
  const [low, high] = d.ci ?? [Number.NaN, Number.NaN]
  if (low >= 1 - options.threshold && high <= 1 + options.threshold) return 'unchanged'
  return 'undecided'
}
