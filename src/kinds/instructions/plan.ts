// An instructions benchmark is one case; a harness's are listed when measured, one case per benchmark.
import type { ConfinedPath } from '../../fields/confine.ts'
import type { CaseBase } from '../../plan-types.ts'
import type { InstructionsBenchmarkConfig } from './schema.ts'

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
  import?: { format: string } & ConfinedPath
  cacheSim: boolean
  branchSim: boolean
}

export function planInstructions(b: InstructionsBenchmarkConfig): InstructionsCase[] {
  return [
    {
      id: b.name,
      name: b.name,
      parameters: {},
      cwd: b.cwd,
      env: b.env,
      kind: 'instructions',
      command: b.command,
      timeoutMs: b.timeoutMs,
      entryPoint: b.entryPoint,
      harness: b.harness,
      import: b.import,
      cacheSim: b.cacheSim,
      branchSim: b.branchSim,
      // Counts are exact: alpha plays no part in their verdict.
      gate: { metrics: b.gate, threshold: b.threshold, alpha: 0.01 },
    },
  ]
}
