// Every child process bench-action starts leads a process group of its own (it is spawned `detached`),
// so a timeout stops everything it started too: a shell's command, a build's workers, git's ssh. A
// terminal's Ctrl-C reaches only bench-action's own group, so while children run, an interrupt stops
// them first and then ends bench-action with the same signal.

/**
 * What this module needs of a child process (a ChildProcess has it): its pid, a way to signal it, and
 * its end. Only command.ts and measure/launch.ts start processes, and hand them here.
 */
export interface TrackedChild {
  readonly pid?: number | undefined
  kill(signal: NodeJS.Signals): boolean
  once(event: 'exit' | 'close', listener: () => void): unknown
}

/** SIGKILLs the child's whole process group, and the child. */
export function killProcessGroup(child: TrackedChild): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // The group is already gone.
  }
  child.kill('SIGKILL')
}

/** Children still running, and how to stop each, so an interrupted run can stop them before it exits. */
const running = new Map<TrackedChild, 'kill-group' | 'terminate'>()

/**
 * Remembers a child until it exits; returns it. `terminate`: the child stops what it started itself
 * when sent SIGTERM (the exec helper kills its benchmarks' process groups); otherwise its process
 * group is killed.
 */
export function trackChild<C extends TrackedChild>(
  child: C,
  stop: 'kill-group' | 'terminate' = 'kill-group',
): C {
  running.set(child, stop)
  listenForInterrupts()
  const forget = () => {
    running.delete(child)
    if (running.size === 0) stopListening()
  }
  child.once('exit', forget)
  // A child that could not be started never exits: it only closes.
  child.once('close', forget)
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

const INTERRUPTS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
let listening = false

function onInterrupt(signal: NodeJS.Signals): void {
  killTrackedChildren()
  stopListening()
  // Die of the same signal, as the caller expects from an interrupted program, unless something else
  // handles it (the worktrees' cleanup does, and then dies of it itself).
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

function listenForInterrupts(): void {
  if (listening || process.platform === 'win32') return
  listening = true
  for (const signal of INTERRUPTS) process.on(signal, onInterrupt)
}

function stopListening(): void {
  if (!listening) return
  listening = false
  for (const signal of INTERRUPTS) process.off(signal, onInterrupt)
}
