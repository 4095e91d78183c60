// A Case is one benchmark at one parameter point, fully resolved: what measuring it needs and nothing
// more. This is what every case has; each kind's case (src/kinds/*/plan.ts) adds its own settings.
import type { Gate, Kind } from './results.ts'

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
