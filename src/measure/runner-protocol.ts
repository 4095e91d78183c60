// Runs one rebar-protocol runner: the KLV configuration goes in on stdin, `duration,count` samples come
// out on stdout. A rebar runner program works unmodified; keys it does not know (`threads`,
// `param.NAME`) it ignores.
import { OutputTail } from '../system/command.ts'
import { parseRunnerSamples, RunnerOutputError, type RunnerSample } from './klv.ts'
import { type LaunchedProcess, launch } from './launch.ts'

export interface RunRunnerOptions {
  /** argv: the program and its arguments, run without a shell. */
  command: string[]
  cwd: string
  /** Added to the inherited environment. */
  env: Record<string, string>
  /** The environment the runner inherits; process.env by default. */
  inherit?: NodeJS.ProcessEnv
  /** The configuration, written on the runner's stdin, which is then closed. */
  klv: Buffer
  /** The runner and everything it started are killed after this long; 0 for no limit. */
  timeoutMs: number
}

export interface RunnerError {
  message: string
  exitCode?: number
  signal?: string
  timedOut?: boolean
  stderrTail?: string
}

export type RunRunnerResult = { samples: RunnerSample[]; stderrTail?: string } | { error: RunnerError }

const STDERR_KEEP_BYTES = 4096
/** How long to wait for the output pipes to close once the runner has exited. */
const PIPE_GRACE_MS = 500

export async function runRunner(options: RunRunnerOptions): Promise<RunRunnerResult> {
  if (options.command[0] === undefined) return { error: { message: 'the runner command is empty' } }
  const source = options.command.join(' ')
  let launched: LaunchedProcess
  try {
    // The runner leads a process group of its own, so a timeout kills everything it started.
    launched = launch({
      argv: options.command,
      cwd: options.cwd,
      inherit: options.inherit,
      env: options.env,
      stdin: options.klv,
      stdout: 'pipe',
      stderr: 'pipe',
      timeoutMs: options.timeoutMs,
      pipeGraceMs: PIPE_GRACE_MS,
    })
  } catch (error) {
    return { error: { message: `cannot start the runner ${source}: ${(error as Error).message}` } }
  }
  const stdout: Buffer[] = []
  const stderr = new OutputTail(STDERR_KEEP_BYTES)
  launched.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk))
  launched.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk))
  const end = await launched.ended
  if ('error' in end) {
    const reason = end.error.code === 'ENOENT' ? 'no such file' : (end.error.code ?? end.error.message)
    return { error: { message: `cannot start the runner ${source}: ${reason}` } }
  }
  return runnerOutcome(end, Buffer.concat(stdout).toString('utf8'), stderr.text(), options.timeoutMs, source)
}

/** What a runner that ran said: its samples, or why it failed, with the end of its stderr. */
function runnerOutcome(
  end: { exitCode: number | null; signal: NodeJS.Signals | null; timedOut: boolean },
  stdout: string,
  stderrText: string | undefined,
  timeoutMs: number,
  source: string,
): RunRunnerResult {
  const withTail = (error: RunnerError): RunRunnerResult => {
    if (stderrText !== undefined) error.stderrTail = stderrText
    return { error }
  }
  const { exitCode, signal } = end
  if (end.timedOut) {
    return withTail({
      message: `the runner did not finish within ${timeoutMs} ms and was killed`,
      timedOut: true,
      ...(signal ? { signal } : {}),
    })
  }
  if (signal) return withTail({ message: `the runner was killed by signal ${signal}`, signal })
  if (exitCode !== 0) {
    const error: RunnerError = { message: `the runner exited with code ${exitCode}` }
    if (exitCode !== null) error.exitCode = exitCode
    return withTail(error)
  }
  let samples: RunnerSample[]
  try {
    samples = parseRunnerSamples(stdout, source)
  } catch (error) {
    if (!(error instanceof RunnerOutputError)) throw error
    return withTail({ message: error.message })
  }
  if (samples.length === 0) {
    return withTail({ message: `the runner ${source} printed no samples (expected "duration,count" lines)` })
  }
  return stderrText !== undefined ? { samples, stderrTail: stderrText } : { samples }
}

/**
 * Compares every sample's count with the expected one (or, with none expected, with the first
 * sample's). Returns a message for the first sample that differs, or undefined when all agree.
 * Counts are compared by their digits, so counts beyond 2^53 (hashes) compare exactly.
 */
export function checkCounts(samples: RunnerSample[], expected: number | undefined): string | undefined {
  const digits = (s: RunnerSample) => s.countText ?? String(s.count)
  const want = expected !== undefined ? String(expected) : samples[0] && digits(samples[0])
  if (want === undefined) return undefined
  for (let i = 0; i < samples.length; i++) {
    const got = digits(samples[i]!)
    if (got === want) continue
    return expected !== undefined
      ? `the runner reported count ${got} on sample ${i + 1}, expected ${expected} (a wrong answer is not a fast answer)`
      : `the runner reported count ${got} on sample ${i + 1} but ${want} on sample 1 (a wrong answer is not a fast answer)`
  }
  return undefined
}
