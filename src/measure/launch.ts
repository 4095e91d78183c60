// Starts every process bench-action measures: a process benchmark's runs from Node (without the exec
// helper), a command under valgrind, a rebar-protocol runner, and the exec helper, which launches the
// runs it measures itself. Commands that are not measured (tools, setup steps, git) start through
// src/system/command.ts; nothing else in src/ starts a process.
//
// A measured process is argv run without a shell, in the environment childEnv makes of the inherited
// one and the case's variables, with the stdio its kind asks for. By default it leads a process group
// of its own (it is spawned `detached`), so a timeout kills everything it started; an interrupted run
// stops it too (process-group.ts).
import { spawn } from 'node:child_process'
import type { Readable } from 'node:stream'
import { childEnv } from '../system/child-env.ts'
import { killProcessGroup, trackChild } from '../system/process-group.ts'

export interface LaunchOptions {
  /** argv: the program and its arguments, run without a shell. */
  argv: readonly string[]
  cwd: string
  /** The environment the process inherits, less the action's own variables (childEnv); process.env by default. */
  inherit?: NodeJS.ProcessEnv
  /** Added to the inherited environment. */
  env?: Readonly<Record<string, string>>
  /**
   * Written to the process's stdin, which is then closed; or an open file descriptor it reads; without
   * it stdin is /dev/null.
   */
  stdin?: Buffer | number
  /** `ignore` (/dev/null, the default), `pipe` (read from `stdout` of the launched process) or an open file descriptor. */
  stdout?: 'ignore' | 'pipe' | number
  /** As stdout. */
  stderr?: 'ignore' | 'pipe' | number
  /** Kill the process group after this long; no limit when absent or 0. */
  timeoutMs?: number
  /**
   * How the process is stopped: `kill-group` (the default) makes it lead a process group of its own,
   * killed whole on a timeout or an interrupt; `terminate` leaves it in bench-action's group and sends
   * it SIGTERM on an interrupt, for a process that stops what it started itself (the exec helper).
   */
  stop?: 'kill-group' | 'terminate'
  /**
   * How long the output pipes may stay open once the process has exited (something it started may
   * hold them); they are then closed and the process counts as ended. Without it, it ends when they close.
   */
  pipeGraceMs?: number
}

/** How a launched process ended. */
export type LaunchEnd =
  | {
      /** null when a signal ended it. */
      exitCode: number | null
      signal: NodeJS.Signals | null
      /** The timeout ran out and the process group was killed. */
      timedOut: boolean
      /** From right before the process was started to its exit, as Node saw them. */
      wallNs: number
    }
  /** It could not be started (the program is not there, not executable, …), or Node lost it. */
  | { error: NodeJS.ErrnoException }

export interface LaunchedProcess {
  /** Its standard output, with `stdout: 'pipe'`. */
  readonly stdout: Readable | null
  /** Its standard error, with `stderr: 'pipe'`. */
  readonly stderr: Readable | null
  /** Sends the process (not its group) a signal. */
  kill(signal: NodeJS.Signals): void
  /** Resolves once it has exited and its output pipes have closed (see pipeGraceMs); never rejects. */
  readonly ended: Promise<LaunchEnd>
}

/**
 * Starts a measured process. Throws, as spawn does, when Node refuses the arguments outright; a
 * program that cannot be started is `ended` with an error.
 */
export function launch(options: LaunchOptions): LaunchedProcess {
  const [program, ...args] = options.argv
  if (program === undefined) throw new TypeError('launch: empty argv')
  const stop = options.stop ?? 'kill-group'
  // Taken before the environment is built and the process started: wallNs counts from here.
  const start = process.hrtime.bigint()
  const child = trackChild(
    spawn(program, args, {
      cwd: options.cwd,
      env: childEnv(options.inherit ?? process.env, options.env),
      stdio: [
        options.stdin === undefined ? 'ignore' : typeof options.stdin === 'number' ? options.stdin : 'pipe',
        options.stdout ?? 'ignore',
        options.stderr ?? 'ignore',
      ],
      detached: stop === 'kill-group',
    }),
    stop,
  )
  if (Buffer.isBuffer(options.stdin)) {
    // A process may exit without reading all of its input; its exit status says how it went.
    child.stdin?.on('error', () => {})
    child.stdin?.end(options.stdin)
  }
  let timedOut = false
  let timer: NodeJS.Timeout | undefined
  let grace: NodeJS.Timeout | undefined
  if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
    timer = setTimeout(() => {
      timedOut = true
      killProcessGroup(child)
    }, options.timeoutMs)
  }
  const ended = new Promise<LaunchEnd>((resolve) => {
    let settled = false
    const settle = (end: LaunchEnd) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(grace)
      resolve(end)
    }
    let exit: Extract<LaunchEnd, { wallNs: number }> | undefined
    child.on('error', (error: NodeJS.ErrnoException) => settle({ error }))
    child.on('exit', (exitCode, signal) => {
      const wallNs = Number(process.hrtime.bigint() - start)
      clearTimeout(timer)
      exit = { exitCode, signal, timedOut, wallNs }
      if (options.pipeGraceMs === undefined) return
      const ending = exit
      grace = setTimeout(() => {
        child.stdout?.destroy()
        child.stderr?.destroy()
        settle(ending)
      }, options.pipeGraceMs)
    })
    // A process that was started exits before its pipes close; 'close' without 'exit' is Node's own
    // bookkeeping of one that never ran, already settled by 'error'.
    child.on('close', (exitCode, signal) => {
      settle(exit ?? { exitCode, signal, timedOut, wallNs: Number(process.hrtime.bigint() - start) })
    })
  })
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    kill: (signal) => {
      child.kill(signal)
    },
    ended,
  }
}
