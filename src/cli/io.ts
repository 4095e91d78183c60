// What a command of the command line reads and writes, passed in so tests can drive it in-process, and
// the stream that keeps workflow commands out of what a `run:` step prints.
import { withoutWorkflowCommands } from '../github/log.ts'

export interface CliIo {
  cwd: string
  env: NodeJS.ProcessEnv
  stdout: { write(text: string | Uint8Array): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown; isTTY?: boolean }
}

/** Progress and messages for people, one line at a time on stderr. */
export function logTo(io: CliIo): (line: string) => void {
  return (line) => io.stderr.write(`${line}\n`)
}

/**
 * A stream of text for people, which a workflow's `run:` step may print to its log: each line goes out
 * whole, with nothing in it the runner would obey as a workflow command (github/log.ts).
 */
export class ShownStream {
  /** The start of a line whose end has not been written yet. */
  private pending = ''

  constructor(private readonly stream: CliIo['stdout']) {}

  get isTTY(): boolean | undefined {
    return this.stream.isTTY
  }

  write(text: string | Uint8Array): void {
    if (typeof text !== 'string') {
      this.flush()
      this.stream.write(text)
      return
    }
    this.pending += text
    const end = Math.max(this.pending.lastIndexOf('\n'), this.pending.lastIndexOf('\r')) + 1
    if (end === 0) return
    this.stream.write(withoutWorkflowCommands(this.pending.slice(0, end)))
    this.pending = this.pending.slice(end)
  }

  flush(): void {
    if (this.pending !== '') this.stream.write(withoutWorkflowCommands(this.pending))
    this.pending = ''
  }
}
