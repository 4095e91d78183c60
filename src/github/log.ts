// The job log reads every line that starts with `::` as a workflow command (`::error::`,
// `::add-mask::`, `::stop-commands::`…). Text we print can hold what a pull request controls —
// benchmark names, branch names, a tool's output — so a block holding such a line is printed between
// `::stop-commands::TOKEN` and `::TOKEN::`, with a token nobody can guess: the runner shows those
// lines and obeys none of them.
import { randomBytes } from 'node:crypto'
import * as core from '@actions/core'

/** Whether the runner would read a line of `text` as a command. */
export function holdsWorkflowCommand(text: string): boolean {
  return /^\s*::/m.test(text)
}

/** Prints `text` (any number of lines) to the job log without letting it issue workflow commands. */
export function logText(text: string, write: (line: string) => void = (line) => core.info(line)): void {
  if (!holdsWorkflowCommand(text)) {
    write(text)
    return
  }
  const token = randomBytes(16).toString('hex')
  write(`::stop-commands::${token}`)
  write(text)
  write(`::${token}::`)
}
