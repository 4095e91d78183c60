// Commands bench-action runs that are not measurements: git, toolchain installs and version probes,
// building the exec helper, a harness's list of benchmarks, the config's setup steps. Each is an argv
// list run without a shell, with an explicit environment that never holds the action's own variables
// (childEnv), an optional timeout that kills it together with everything it started, and one result.
//
// Built on node:child_process, not @actions/exec: @actions/exec has no timeout and cannot kill a
// command, let alone the processes it started, so a hanging `git fetch` or installer would hang the job.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import { childEnv } from './child-env.ts'
import { notFoundText } from './not-found.ts'
import { killProcessGroup, trackChild } from './process-group.ts'

export interface CommandOptions {
  cwd?: string
  /** The environment the command inherits (process.env by default), less the action's own variables. */
  env?: NodeJS.ProcessEnv
  /** Kill the command and everything it started after this long; no limit when absent or 0. */
  timeoutMs?: number
  /** Written to the command's stdin, which is then closed; without it stdin is empty. */
  input?: string | Buffer
  /**
   * `keep` (the default): stdout and stderr are kept whole, each up to `maxOutputBytes`; a command
   * that prints more is stopped and fails. `tail`: only the end of the output is kept, in bounded
   * memory (a build's log): both streams as they were written, as their readable end (outputTail) in
   * `stderr`; `stdout` is then empty.
   */
  output?: 'keep' | 'tail'
  /** With `keep`: 64 MiB by default. */
  maxOutputBytes?: number
  /** `buffer`: stdout is kept as bytes in `stdoutBytes` (output git counts in bytes); `stdout` is then empty. */
  encoding?: 'utf8' | 'buffer'
}

export interface CommandResult {
  argv: string[]
  /**
   * The exit code as a shell reports it: 0 for success, 127 when the program was not found, 126 when
   * it could not be started, 128 + N when signal N ended it.
   */
  code: number
  /** The signal that ended it (SIGKILL after a timeout), or null. */
  signal: NodeJS.Signals | null
  timedOut: boolean
  stdout: string
  /** stdout as bytes, with `encoding: 'buffer'`. */
  stdoutBytes?: Buffer
  stderr: string
  /**
   * Set when the command could not be started or bench-action stopped it, in words:
   * `could not start "make": not found (not on PATH)`, `timed out after 60s`, `printed more than 64 MiB`.
   */
  error?: string
}

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024
/** What `tail` keeps of the output while the command runs. */
const TAIL_KEEP_BYTES = 4096
/** How long the output pipes may stay open once the command has exited: something it started may hold them. */
const PIPE_GRACE_MS = 1000

function notStarted(
  argv: readonly string[],
  error: NodeJS.ErrnoException,
  options: Pick<CommandOptions, 'cwd' | 'env'>,
): CommandResult {
  const cwd = options.cwd ?? process.cwd()
  // spawn says ENOENT for a missing working directory as for a missing program.
  const why =
    error.code !== 'ENOENT'
      ? error.message
      : existsSync(cwd)
        ? notFoundText(argv[0]!, cwd, options.env ?? process.env)
        : `its working directory ${cwd} does not exist`
  return {
    argv: [...argv],
    code: error.code === 'ENOENT' ? 127 : 126,
    signal: null,
    timedOut: false,
    stdout: '',
    stderr: '',
    error: `could not start "${argv[0]}": ${why}`,
  }
}

function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (signal) return 128 + (os.constants.signals[signal] ?? 0)
  return code ?? 1
}

function mebibytes(bytes: number): string {
  return `${bytes / 1024 / 1024} MiB`
}

/**
 * Runs argv (no shell) in a process group of its own, and resolves with how it ended; it never
 * rejects for the command's sake (a program that is not there is code 127). The program is looked up
 * on the PATH of `options.env`.
 */
export function runCommand(argv: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
  const [program, ...args] = argv
  if (!program) return Promise.reject(new TypeError('runCommand: empty argv'))
  return new Promise((resolve) => {
    let child: ChildProcess
    try {
      child = spawn(program, args, {
        cwd: options.cwd,
        env: childEnv(options.env ?? process.env),
        stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      })
    } catch (error) {
      resolve(notStarted(argv, error as NodeJS.ErrnoException, options))
      return
    }
    trackChild(child)
    watchCommand(child, argv, options, resolve)
  })
}

/** Collects a started command's output, stops it past its timeout or output limit, and resolves how it ended. */
function watchCommand(
  child: ChildProcess,
  argv: readonly string[],
  options: CommandOptions,
  resolve: (result: CommandResult) => void,
): void {
  const timeoutMs = options.timeoutMs ?? 0
  const maxBytes = options.maxOutputBytes ?? MAX_OUTPUT_BYTES
  const tail = options.output === 'tail' ? new OutputTail(TAIL_KEEP_BYTES) : undefined
  const chunks: [Buffer[], Buffer[]] = [[], []]
  const sizes: [number, number] = [0, 0]
  let error: string | undefined
  let timedOut = false
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  let settled = false
  let grace: NodeJS.Timeout | undefined

  const stop = (why: string): boolean => {
    if (error !== undefined) return false
    error = why
    killProcessGroup(child)
    return true
  }
  const collect = (stream: 0 | 1) => (chunk: Buffer) => {
    if (tail) return tail.push(chunk)
    sizes[stream] += chunk.length
    if (sizes[stream] <= maxBytes) chunks[stream].push(chunk)
    else stop(`printed more than ${mebibytes(maxBytes)}`)
  }
  child.stdout!.on('data', collect(0))
  child.stderr!.on('data', collect(1))
  if (options.input !== undefined) {
    // A command may exit without reading all of its input; its exit status says how it went.
    child.stdin!.on('error', () => {})
    child.stdin!.end(options.input)
  }
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = stop(`timed out after ${timeoutMs / 1000}s`)
        }, timeoutMs)
      : undefined

  const finish = (code: number | null, signal: NodeJS.Signals | null) => {
    if (settled) return
    settled = true
    clearTimeout(timer)
    clearTimeout(grace)
    const bytes = options.encoding === 'buffer' && !tail
    resolve({
      argv: [...argv],
      code: exitStatus(code, signal),
      signal,
      timedOut,
      stdout: tail || bytes ? '' : Buffer.concat(chunks[0]).toString('utf8'),
      ...(bytes ? { stdoutBytes: Buffer.concat(chunks[0]) } : {}),
      stderr: tail ? (tail.text() ?? '') : Buffer.concat(chunks[1]).toString('utf8'),
      ...(error !== undefined ? { error } : {}),
    })
  }
  child.on('error', (spawnError) => {
    if (child.pid !== undefined || settled) return
    settled = true
    clearTimeout(timer)
    resolve(notStarted(argv, spawnError, options))
  })
  child.on('exit', (code, signal) => {
    exit = { code, signal }
    clearTimeout(timer)
    grace = setTimeout(() => {
      child.stdout?.destroy()
      child.stderr?.destroy()
      finish(code, signal)
    }, PIPE_GRACE_MS)
  })
  child.on('close', (code, signal) => finish(exit?.code ?? code, exit?.signal ?? signal))
}

/**
 * runCommand for when nothing asynchronous can run any more (the process is exiting): the same
 * environment and result, without output limits or killing what the command started.
 */
export function runCommandSync(
  argv: readonly string[],
  options: Pick<CommandOptions, 'cwd' | 'env' | 'timeoutMs'> = {},
): CommandResult {
  const [program, ...args] = argv
  if (!program) throw new TypeError('runCommandSync: empty argv')
  const ran = spawnSync(program, args, {
    cwd: options.cwd,
    env: childEnv(options.env ?? process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT_BYTES,
    killSignal: 'SIGKILL',
    windowsHide: true,
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  })
  const failure = ran.error as NodeJS.ErrnoException | undefined
  if (failure && !ran.pid) return notStarted(argv, failure, options)
  const timedOut = failure?.code === 'ETIMEDOUT'
  const error = timedOut
    ? `timed out after ${options.timeoutMs! / 1000}s`
    : failure?.code === 'ENOBUFS'
      ? `printed more than ${mebibytes(MAX_OUTPUT_BYTES)}`
      : undefined
  return {
    argv: [...argv],
    code: exitStatus(ran.status, ran.signal),
    signal: ran.signal,
    timedOut,
    stdout: ran.stdout ?? '',
    stderr: ran.stderr ?? '',
    ...(error !== undefined ? { error } : {}),
  }
}

/** Why a command did not succeed, in words ("exited with code 2", "timed out after 60s"); undefined when it did. */
export function commandFailure(result: CommandResult): string | undefined {
  if (result.error !== undefined) return result.error
  if (result.signal) return `was killed by ${result.signal}`
  if (result.code !== 0) return `exited with code ${result.code}`
  return undefined
}

export interface TailOptions {
  /** Lines kept, 20 by default. */
  lines?: number
  /** Characters kept, 2048 by default. */
  chars?: number
  /** The output began mid-stream: its first line is only the end of one, and is dropped. */
  cutAtStart?: boolean
}

/**
 * The readable end of a command's output, for a message: its last 20 non-blank lines and at most
 * 2 KiB (or as asked), an ellipsis marking where it was cut.
 */
export function outputTail(output: string | Buffer, options: TailOptions = {}): string {
  const { lines = 20, chars = 2048, cutAtStart = false } = options
  let kept = (typeof output === 'string' ? output : output.toString('utf8')).split(/\r?\n/)
  let cut = cutAtStart
  if (cutAtStart && kept.length > 1) kept = kept.slice(1)
  kept = kept.map((line) => line.trimEnd()).filter((line) => line.trim() !== '')
  if (kept.length > lines) {
    kept = kept.slice(-lines)
    cut = true
  }
  let text = kept.join('\n')
  if (text.length > chars) {
    text = text.slice(-chars)
    cut = true
  }
  return cut && text !== '' ? `…${text}` : text
}

/** The last `keepBytes` of a stream, collected chunk by chunk in bounded memory. */
export class OutputTail {
  private bytes = Buffer.alloc(0)
  private cut = false

  constructor(private readonly keepBytes = 4096) {}

  push(chunk: Buffer): void {
    this.bytes = Buffer.concat([this.bytes, chunk])
    // Trim only now and then: concatenating a little extra is cheaper than trimming every chunk.
    if (this.bytes.length > 2 * this.keepBytes) {
      this.bytes = this.bytes.subarray(this.bytes.length - this.keepBytes)
      this.cut = true
    }
  }

  /** The readable end (see outputTail); undefined when nothing was written. */
  text(): string | undefined {
    if (this.bytes.length === 0) return undefined
    const text = outputTail(this.bytes.subarray(-this.keepBytes), {
      cutAtStart: this.cut || this.bytes.length > this.keepBytes,
    })
    return text === '' ? undefined : text
  }
}
