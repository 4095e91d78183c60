// A Case is one benchmark at one parameter point, fully resolved: what `measure` needs and nothing more.
import type {
  ImportBenchmarkConfig,
  ScalingBenchmarkConfig,
  WallClockBenchmarkConfig,
} from './config/schema.ts'
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

/** A wall-clock benchmark, or one engine of it, with the config's settings as they were resolved. */
export interface WallClockCase
  extends CaseBase,
    Pick<
      WallClockBenchmarkConfig,
      | 'env'
      | 'harness'
      | 'model'
      | 'input'
      | 'params'
      | 'threads'
      | 'count'
      | 'throughputInput'
      | 'runs'
      | 'warmup'
      | 'maxTimeMs'
      | 'maxWarmupTimeMs'
      | 'sampleTimeMs'
      | 'timeoutMs'
    > {
  kind: 'wall-clock'
  /** The engine this case runs, when the benchmark lists several. */
  engine?: string
}

/** One point of a scaling sweep: a thread or process count, repeated `runs` times. */
export interface ScalingCase
  extends CaseBase,
    Pick<
      ScalingBenchmarkConfig,
      'env' | 'format' | 'threadsEnv' | 'metronLine' | 'runs' | 'warmup' | 'timeoutMs'
    > {
  kind: 'scaling'
  /** The config entry's name: every point of a sweep shares it. */
  series: string
  dimension: 'threads' | 'processes'
  /** Threads of each process: the swept count, or 1 on a processes sweep. */
  threads: number
  /** Copies started together: the swept count, or 1 on a threads sweep. */
  copies: number
}

/** Results another harness wrote: one case read (or run) once, one result per benchmark in it. */
export interface ImportCase
  extends CaseBase,
    Pick<ImportBenchmarkConfig, 'format' | 'file' | 'env' | 'timeoutMs'> {
  kind: 'import'
}

export type Case = ProcessCase | InstructionsCase | WallClockCase | ScalingCase | ImportCase
