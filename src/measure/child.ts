// What every kind needs from a child process it starts itself: stop everything the child started,
// and keep the end of what it wrote to stderr without holding all of it.
import type { ChildProcess } from 'node:child_process'
import { stderrTail } from './exec-helper.ts'

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
