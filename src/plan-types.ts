// A Case is one benchmark at one parameter point, fully resolved: what measuring it needs and nothing
// more. This is what every case has; each kind's case (src/kinds/*/plan.ts) adds its own settings.
import type { Gate, Kind, TimedChangeRule } from './results.ts'

export interface CaseBase {
  /** Unique within the suite. */
  id: string
  name: string
  kind: Kind
  parameters: Record<string, string | number>
  /** argv; when the config says `shell: true`, argv is [shell, '-c', script]. */
  command: string[]
  cwd: string
  gate: Gate
  /** The config entries declared comparable with this case's (`compare-with:`), its own among them, in the file's order. */
  rankingGroup?: string[]
}

/** What a timed benchmark's resolved settings say of its gate. */
export interface TimedGateSettings {
  gate: string[]
  threshold: number
  alpha: number
  timedChange: TimedChangeRule
}

/**
 * The gate of a timed kind's case (process, wall-clock): `timedChange` is written only where it is not
 * the default, so results files of every other benchmark stay as they were.
 */
export function timedGate(b: TimedGateSettings): Gate {
  return {
    metrics: b.gate,
    threshold: b.threshold,
    alpha: b.alpha,
    ...(b.timedChange === 'explained-only' ? { timedChange: b.timedChange } : {}),
  }
}
