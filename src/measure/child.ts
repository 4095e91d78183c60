// What the kinds share about the commands they start that are not measured: the readable end of a
// process's stderr, and a command's outcome in words for setup steps and imported results.
import { type CommandResult, commandFailure, outputTail, runCommand } from '../system/command.ts'

/** The readable end of a process's stderr (see outputTail); `cutAtStart` says the bytes began mid-stream. */
export function stderrTail(bytes: Buffer, cutAtStart = false): string {
  return outputTail(bytes, { cutAtStart })
}

export interface CommandOutcome {
  /** Why it did not succeed, in words ("exited with code 2", "timed out after 60s"); absent on success. */
  failure?: string
  exitCode?: number
  signal?: string
  timedOut?: boolean
  /** Its standard output, when asked to keep it. */
  stdout: string
  /** The end of what it wrote to stderr (and to stdout, when that is not kept). */
  tail?: string
}

function outcomeOf(result: CommandResult, keepsStdout: boolean): CommandOutcome {
  const failure = commandFailure(result)
  // Without stdout kept, `stderr` already holds the readable end of both streams.
  const tail = keepsStdout ? outputTail(result.stderr) : result.stderr
  const outcome: CommandOutcome = { stdout: result.stdout, ...(tail ? { tail } : {}) }
  if (failure === undefined) return outcome
  if (result.timedOut) return { ...outcome, failure, timedOut: true }
  if (result.error !== undefined) return { ...outcome, failure }
  if (result.signal) return { ...outcome, failure, signal: result.signal }
  return { ...outcome, failure, exitCode: result.code }
}

/**
 * Runs a command (argv, no shell) in a process group of its own, so a timeout stops everything it
 * started. `keepStdout` keeps its standard output up to that many bytes (past it the command is
 * stopped and fails); otherwise only the end of its output is kept, in bounded memory.
 */
export async function runStepCommand(
  argv: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; keepStdout?: number },
): Promise<CommandOutcome> {
  const keepsStdout = options.keepStdout !== undefined
  const result = await runCommand(argv, {
    cwd: options.cwd,
    env: options.env,
    timeoutMs: options.timeoutMs,
    ...(keepsStdout ? { maxOutputBytes: options.keepStdout } : { output: 'tail' }),
  })
  return outcomeOf(result, keepsStdout)
}
