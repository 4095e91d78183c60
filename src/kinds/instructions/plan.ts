// An instructions benchmark is one case; a harness's are listed when measured, one case per benchmark.
import type { ConfinedPath } from '../../fields/confine.ts'
import type { CaseBase } from '../../plan-types.ts'
import type { InstructionsBenchmarkConfig } from './schema.ts'

/** The trampoline every bench-action harness calls benchmarks through (runners/README.md). */
export const HARNESS_ENTRY_POINT = 'bench_action_measure'

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
  /** Also run the program under valgrind --tool=dhat for exact heap counts. */
  heap?: boolean
  /** A file on the program's stdin, inside the repository; /dev/null without it (a timed case counted). */
  stdin?: ConfinedPath
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
      heap: b.heap,
      // Counts are exact: alpha plays no part in their verdict.
      gate: { metrics: b.gate, threshold: b.threshold, alpha: 0.01 },
    },
  ]
}

/**
 * How much longer a count may take than a run of the timed benchmark it is of: a margin well above
 * callgrind's own slowdown without cache simulation, so that only a count that hangs is stopped.
 */
export const CALLGRIND_SLOWDOWN = 50
/** The longest a count of a timed benchmark may take: what explaining one change may add to a run. */
export const COUNT_TIMEOUT_MAX_MS = 600_000

/** What a timed case is counted as: its command as measured, in its environment and tree. */
export interface CountedRun {
  command: string[]
  /** The whole environment the case was measured in (the inherited one with its own over it). */
  env: Record<string, string>
  /** The timed case's per-run timeout. */
  timeoutMs: number
  entryPoint?: string
  stdin?: ConfinedPath
}

/**
 * An instructions case made from a timed case, for the count that explains its change (src/run/
 * explain.ts): the same name, cwd and gate threshold, counting instructions only (no cache or branch
 * simulation, which a count of work does not need and which would slow it down).
 */
export function countingCase(c: CaseBase, run: CountedRun): InstructionsCase {
  return {
    id: c.id,
    name: c.name,
    parameters: { ...c.parameters },
    cwd: c.cwd,
    env: run.env,
    kind: 'instructions',
    command: run.command,
    timeoutMs: Math.min(run.timeoutMs * CALLGRIND_SLOWDOWN, COUNT_TIMEOUT_MAX_MS),
    ...(run.entryPoint ? { entryPoint: run.entryPoint } : {}),
    harness: false,
    cacheSim: false,
    branchSim: false,
    ...(run.stdin ? { stdin: run.stdin } : {}),
    gate: { metrics: ['ir'], threshold: c.gate.threshold, alpha: c.gate.alpha },
  }
}
