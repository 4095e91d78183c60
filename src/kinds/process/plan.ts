// A process benchmark is one case: its command, run `runs` times after `warmup` runs; with parameters,
// one case per point of the scan (`NAME/n:100`), each with the point's values substituted.
import type { ConfinedPath } from '../../fields/confine.ts'
import { type CaseBase, timedGate } from '../../plan-types.ts'
import { childEnv } from '../../system/child-env.ts'
import { countingCase, type InstructionsCase } from '../instructions/plan.ts'
import { type ParameterPoint, pointName, substitute } from './parameters.ts'
import type { ProcessBenchmarkConfig } from './schema.ts'

export interface ProcessCase extends CaseBase {
  kind: 'process'
  /** Added to the inherited environment. */
  env: Record<string, string>
  runs: number
  warmup: number
  timeoutMs: number
  /** argv run untimed before every run, warmups included. */
  prepare?: string[]
  /** argv run untimed after every run, warmups included. */
  conclude?: string[]
  /** The file every run reads on stdin, inside the repository; /dev/null without it. */
  stdin?: ConfinedPath
  /** Where the command's stdout goes; /dev/null without it. */
  output?: 'null' | 'pipe' | { file: string }
  /** The command runs through a shell whose start-up is measured and subtracted from wall time. */
  shellCorrection?: boolean
  /** A parameter scan's points share the config entry's name as their series. */
  series?: string
}

export function planProcess(b: ProcessBenchmarkConfig): ProcessCase[] {
  const points: Array<ParameterPoint | undefined> = b.points ?? [undefined]
  return points.map((point, i) => {
    // Without a scan too: `{{` and `}}` are one brace.
    const at = (text: string) => substitute(text, point ?? {})
    const name = pointName(b.name, point ?? {})
    const c: ProcessCase = {
      id: name,
      name,
      parameters: { ...point },
      cwd: b.cwd,
      env: b.env,
      kind: 'process',
      command: b.command.map(at),
      runs: b.runs,
      warmup: b.warmup,
      timeoutMs: b.timeoutMs,
      gate: timedGate(b),
    }
    if (b.prepare) c.prepare = b.prepare.map(at)
    if (b.conclude) c.conclude = b.conclude.map(at)
    if (b.stdin) c.stdin = b.stdin[i]!
    if (b.output) c.output = b.output === 'pipe' ? 'pipe' : { file: b.output.files[i]! }
    if (b.shellCorrection) c.shellCorrection = true
    if (point) c.series = b.name
    return c
  })
}

/**
 * What a process benchmark is counted as when its timed change is explained: the same command in the
 * same environment, reading the same stdin. What one run under valgrind cannot repeat as it was
 * measured is skipped, with the reason.
 */
export function countedAs(
  c: ProcessCase,
  inherit: NodeJS.ProcessEnv,
): InstructionsCase | { skipped: string } {
  const around = c.prepare ? 'prepare' : c.conclude ? 'conclude' : undefined
  if (around)
    return { skipped: `it has a ${around} command, which runs around every timed run and not around a count` }
  if (c.output !== undefined)
    return {
      skipped: `its output goes to ${c.output === 'pipe' ? 'a pipe' : 'a file'}, and a count sends it to /dev/null, where a program may do less`,
    }
  if (c.shellCorrection)
    return {
      skipped:
        "its shell's start-up is left out of the wall time (shell-correction) but would be counted; shell-correction: false counts and times it alike",
    }
  return countingCase(c, {
    command: c.command,
    env: childEnv(inherit, c.env),
    timeoutMs: c.timeoutMs,
    ...(c.stdin ? { stdin: c.stdin } : {}),
  })
}
