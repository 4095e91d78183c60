// What every kind needs from a child process it starts itself: stop everything the child started,
// and keep the end of what it wrote to stderr without holding all of it.
import { type ChildProcess, spawn } from 'node:child_process'
import { childEnv } from '../child-env.ts'

/**
 * SIGKILLs the child's whole process group. Children are started `detached`, so they lead a group of
 * their own and a timeout also stops whatever they started (a shell's command, a build's workers).
 */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // The group is already gone.
  }
  child.kill('SIGKILL')
}

/** Children still running, and how to stop each, so an interrupted run can stop them before it exits. */
const running = new Map<ChildProcess, 'kill-group' | 'terminate'>()

/**
 * Remembers a child until it exits; returns it. `terminate`: the child stops what it started itself
 * when sent SIGTERM (the exec helper kills its benchmarks' process groups); otherwise its process
 * group is killed.
 */
export function trackChild<C extends ChildProcess>(
  child: C,
  stop: 'kill-group' | 'terminate' = 'kill-group',
): C {
  running.set(child, stop)
  child.once('exit', () => running.delete(child))
  return child
}

/** Stops every tracked child and what it started: an interrupted run leaves no benchmark behind. */
export function killTrackedChildren(): void {
  for (const [child, stop] of running) {
    if (stop === 'terminate') child.kill('SIGTERM')
    else killProcessGroup(child)
  }
  running.clear()
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

  /** The readable end (see `stderrTail`); undefined when nothing was written. */
  text(): string | undefined {
    if (this.bytes.length === 0) return undefined
    const text = stderrTail(
      this.bytes.subarray(-this.keepBytes),
      this.cut || this.bytes.length > this.keepBytes,
    )
    return text === '' ? undefined : text
  }
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

/**
 * Runs a command (argv, no shell) in a process group of its own, so a timeout stops everything it
 * started. `keepStdout` keeps its standard output up to that many bytes (past it the command is
 * stopped and fails); otherwise only the end of its output is kept, in bounded memory.
 */
export function runCommand(
  argv: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; keepStdout?: number },
): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const [program, ...args] = argv
    const tail = new OutputTail()
    const chunks: Buffer[] = []
    let size = 0
    let timedOut = false
    let tooLong = false
    const child = trackChild(
      spawn(program!, args, {
        cwd: options.cwd,
        env: childEnv(options.env),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    )
    child.stdout.on('data', (b: Buffer) => {
      if (options.keepStdout === undefined) return tail.push(b)
      size += b.length
      if (size <= options.keepStdout) return chunks.push(b)
      tooLong = true
      killProcessGroup(child)
    })
    child.stderr.on('data', (b: Buffer) => tail.push(b))
    const timer = setTimeout(() => {
      timedOut = true
      killProcessGroup(child)
    }, options.timeoutMs)
    const done = (outcome: Omit<CommandOutcome, 'stdout' | 'tail'>) =>
      resolve({ ...outcome, stdout: Buffer.concat(chunks).toString('utf8'), tail: tail.text() })
    child.on('error', (error) => {
      clearTimeout(timer)
      done({ failure: `could not start "${program}": ${error.message}` })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (timedOut) done({ failure: `timed out after ${options.timeoutMs / 1000}s`, timedOut })
      else if (tooLong) done({ failure: `printed more than ${options.keepStdout! / 1024 / 1024} MiB` })
      else if (signal) done({ failure: `was killed by ${signal}`, signal })
      else if (code !== 0) done({ failure: `exited with code ${code}`, exitCode: code ?? undefined })
      else done({})
    })
  })
}

/** How much of a process's stderr a failure keeps: its last lines, and at most this many characters. */
const TAIL_LINES = 20
const TAIL_CHARS = 2048

/**
 * The readable end of a process's stderr: at most the last 20 lines and 2 KiB, without a line that
 * was cut in half at the start. `cutAtStart` says the bytes began mid-stream.
 */
export function stderrTail(bytes: Buffer, cutAtStart = false): string {
  let lines = bytes.toString('utf8').replace(/\s+$/, '').split(/\r?\n/)
  let cut = cutAtStart
  if (cutAtStart && lines.length > 1) lines = lines.slice(1)
  if (lines.length > TAIL_LINES) {
    lines = lines.slice(-TAIL_LINES)
    cut = true
  }
  let text = lines.join('\n')
  if (text.length > TAIL_CHARS) {
    text = text.slice(-TAIL_CHARS)
    cut = true
  }
  return cut && text !== '' ? `…${text}` : text
}
