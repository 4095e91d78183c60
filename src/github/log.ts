// The GitHub Actions runner reads a step's output, stdout and stderr alike, a line at a time (a line
// ends at `\n`, `\r` or `\r\n`) and obeys a workflow command in a line in either of two forms:
// - `::name props::data`, where the line starts with `::` once its leading white space is trimmed
//   (.NET's white space, which has U+0085, U+00A0, U+2028 and U+2029 among it);
// - `##[name props]data`, the legacy form, anywhere in the line.
// Names are known whatever their case: `error`, `add-mask`, `stop-commands`… Text we print can hold
// what a pull request controls — benchmark names, branch names, a tool's output — so it never goes out
// as a command:
// - the action prints a block holding such a line between `::stop-commands::TOKEN` and `::TOKEN::`,
//   with a token nobody can guess: the runner shows those lines and obeys none of them;
// - the CLI escapes instead (its stdout and stderr are read apart, so a stop written to one would not
//   reliably hold for the other): a backslash before the `[` of `##[` and before a line's leading `::`,
//   which the runner reads as plain text and a person still reads as written. A visible character, not
//   a zero-width one: the runner looks for `##[` and `::` with culture-sensitive string matching,
//   which skips zero-width characters.
import { randomBytes } from 'node:crypto'
import { EOL } from 'node:os'

/** What .NET's `Char.IsWhiteSpace` holds: the runner trims it from a line's start before looking for `::`. */
const RUNNER_WHITE_SPACE =
  '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]'
/** A line as the runner reads it starting with `::`, its leading white space in the first group. */
const LEADING_COMMAND = new RegExp(`^(${RUNNER_WHITE_SPACE}*)::`)
/** The runner's line breaks. */
const LINE_BREAK = /\r\n|\r|\n/
const LEGACY_PREFIX = '##['

/** Whether the runner could read a command in a line of `text`. */
export function holdsWorkflowCommand(text: string): boolean {
  return text.includes(LEGACY_PREFIX) || text.split(LINE_BREAK).some((line) => LEADING_COMMAND.test(line))
}

/**
 * `text` with no line the runner reads as a command: `##[` becomes `##\[`, and a line's leading `::`
 * becomes `\::`. Everything else, line breaks included, is kept.
 */
export function withoutWorkflowCommands(text: string): string {
  if (!holdsWorkflowCommand(text)) return text
  return text
    .replaceAll(LEGACY_PREFIX, '##\\[')
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(LEADING_COMMAND, '$1\\::')))
    .join('')
}

/** Prints `text` (any number of lines) to the job log without letting it issue workflow commands. */
export function logText(
  text: string,
  // What the job log shows a step print: its stdout, a line at a time (as @actions/core's info writes it).
  write: (line: string) => void = (line) => process.stdout.write(`${line}${EOL}`),
): void {
  if (!holdsWorkflowCommand(text)) {
    write(text)
    return
  }
  const token = randomBytes(16).toString('hex')
  write(`::stop-commands::${token}`)
  write(text)
  write(`::${token}::`)
}
