// Runs one rebar-protocol runner: the KLV configuration goes in on stdin, `duration,count` samples come
// out on stdout. A rebar runner program works unmodified; keys it does not know (`threads`,
// `param.NAME`) it ignores.
import { spawn } from 'node:child_process'
import { childEnv } from '../system/child-env.ts'
import { OutputTail } from '../system/command.ts'
import { killProcessGroup, trackChild } from '../system/process-group.ts'
import { parseRunnerSamples, RunnerOutputError, type RunnerSample } from './klv.ts'

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

export function runRunner(options: RunRunnerOptions): Promise<RunRunnerResult> {
  const [program, ...args] = options.command
  if (program === undefined) return Promise.resolve({ error: { message: 'the runner command is empty' } })
  const source = options.command.join(' ')
  return new Promise((resolve) => {
    let settled = false
    let timer: NodeJS.Timeout | undefined
    let grace: NodeJS.Timeout | undefined
    const settle = (value: RunRunnerResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(grace)
      resolve(value)
    }

    let child: ReturnType<typeof spawn>
    try {
      // detached: the runner leads a new process group, so a timeout kills everything it started.
      child = trackChild(
        spawn(program, args, {
          cwd: options.cwd,
          env: childEnv(options.inherit ?? process.env, options.env),
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: true,
        }),
      )
    } catch (error) {
      settle({ error: { message: `cannot start the runner ${source}: ${(error as Error).message}` } })
      return
    }

    const stdout: Buffer[] = []
    const stderr = new OutputTail(STDERR_KEEP_BYTES)
    let timedOut = false
    let exitCode: number | null = null
    let signal: NodeJS.Signals | null = null

    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk))
    // A runner may exit without reading all of its input; that is its exit status's business.
    child.stdin?.on('error', () => {})
    child.stdin?.end(options.klv)

    child.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'ENOENT' ? 'no such file' : (error.code ?? error.message)
      settle({ error: { message: `cannot start the runner ${source}: ${reason}` } })
    })
    if (options.timeoutMs > 0) {
      timer = setTimeout(() => {
        timedOut = true
        killProcessGroup(child)
      }, options.timeoutMs)
    }
    child.on('exit', (code, sig) => {
      exitCode = code
      signal = sig
      clearTimeout(timer)
      // Something the runner started may still hold the pipes open; do not wait on it forever.
      grace = setTimeout(() => {
        child.stdout?.destroy()
        child.stderr?.destroy()
        finish()
      }, PIPE_GRACE_MS)
    })
    child.on('close', () => finish())

    const finish = () => {
      if (settled) return
      const stderrText = stderr.text()
      const withTail = (error: RunnerError): RunRunnerResult => {
        if (stderrText !== undefined) error.stderrTail = stderrText
        return { error }
      }
      if (timedOut) {
        settle(
          withTail({
            message: `the runner did not finish within ${options.timeoutMs} ms and was killed`,
            timedOut: true,
            ...(signal ? { signal } : {}),
          }),
        )
        return
      }
      if (signal) {
        settle(withTail({ message: `the runner was killed by signal ${signal}`, signal }))
        return
      }
      if (exitCode !== 0) {
        const error: RunnerError = { message: `the runner exited with code ${exitCode}` }
        if (exitCode !== null) error.exitCode = exitCode
        settle(withTail(error))
        return
      }
      let samples: RunnerSample[]
      try {
        samples = parseRunnerSamples(Buffer.concat(stdout).toString('utf8'), source)
      } catch (error) {
        if (!(error instanceof RunnerOutputError)) throw error
        settle(withTail({ message: error.message }))
        return
      }
      if (samples.length === 0) {
        settle(
          withTail({ message: `the runner ${source} printed no samples (expected "duration,count" lines)` }),
        )
        return
      }
      settle(stderrText !== undefined ? { samples, stderrTail: stderrText } : { samples })
    }
  })
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
