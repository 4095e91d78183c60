// A Case is one benchmark at one parameter point, fully resolved: what `measure` needs and nothing more.
import type { Gate } from './results.ts'

interface CaseBase {
  /** Unique within the suite. */
  id: string
  name: string
  parameters: Record<string, string | number>
  /** argv; when the config says `shell: true`, argv is [shell, '-c', script]. */
  command: string[]
  cwd: string
  gate: Gate
}

export interface ProcessCase extends CaseBase {
  kind: 'process'
  /** Added to the inherited environment. */
  env: Record<string, string>
  runs: number
  warmup: number
  timeoutMs: number
}

export interface InstructionsCase extends CaseBase {
  kind: 'instructions'
  /** The program's whole environment: nothing is inherited, so counts do not depend on the caller's. */
  env: Record<string, string>
  timeoutMs: number
  /** Count only inside matching functions (callgrind --toggle-collect). */
  entryPoint?: string
  /** The command is a harness still to be asked for its benchmarks (`--list`), one case each. */
  harness: boolean
  /** Counts another tool measured, read instead of running a command (one case per benchmark found). */
  import?: { format: 'iai-callgrind'; path: string }
  cacheSim: boolean
  branchSim: boolean
}

export interface WallClockCase extends CaseBase {
  kind: 'wall-clock'
  /** Added to the inherited environment. */
  env: Record<string, string>
  /** The runner is a harness still to be asked for its benchmarks (`--list`), one case each. */
  harness: boolean
  /** The engine this case runs, when the benchmark lists several. */
  engine?: string
  model: string
  /** KLV items after the fixed ones; `path` values are read when measuring. */
  input: Array<{ key: string; value: { text: string } | { path: string } }>
  params: Array<{ key: string; value: string }>
  threads?: number
  count?: number
  throughputInput?: string
  runs: number
  warmup: number
  maxTimeMs: number
  maxWarmupTimeMs: number
  sampleTimeMs?: number
  timeoutMs: number
}

export type Case = ProcessCase | InstructionsCase | WallClockCase
