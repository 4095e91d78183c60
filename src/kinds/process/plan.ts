// A process benchmark is one case: its command, run `runs` times after `warmup` runs.
import type { CaseBase } from '../../plan-types.ts'
import type { ProcessBenchmarkConfig } from './schema.ts'

export interface ProcessCase extends CaseBase {
  kind: 'process'
  /** Added to the inherited environment. */
  env: Record<string, string>
  runs: number
  warmup: number
  timeoutMs: number
}

export function planProcess(b: ProcessBenchmarkConfig): ProcessCase[] {
  return [
    {
      id: b.name,
      name: b.name,
      parameters: {},
      cwd: b.cwd,
      env: b.env,
      kind: 'process',
      command: b.command,
      runs: b.runs,
      warmup: b.warmup,
      timeoutMs: b.timeoutMs,
      gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha },
    },
  ]
}
