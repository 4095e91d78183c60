// A Case is one benchmark at one parameter point, fully resolved: what `measure` needs and nothing more.
import type { Gate } from './results.ts'

export interface ProcessCase {
  kind: 'process'
  /** Unique within the suite. */
  id: string
  name: string
  parameters: Record<string, string | number>
  /** argv; when `shell` is true, argv is [shell, '-c', script]. */
  command: string[]
  cwd: string
  /** Added to the inherited environment. */
  env: Record<string, string>
  runs: number
  warmup: number
  timeoutMs: number
  gate: Gate
}

export type Case = ProcessCase
