// The small languages inside bench.yml values: durations, percentages and command strings. Each parser
// takes the text a user wrote and either returns the normalised value or throws a ValueError that says
// what was expected, so the config loader can point at the exact place in the file.

/** A value that does not parse; `expected` completes the sentence "expected …". */
export class ValueError extends Error {
  override name = 'ValueError'
  constructor(
    /** What would have been accepted, e.g. `a duration like "60s"`; empty when `message` says it all. */
    readonly expected: string,
    /** A suggestion for the most likely fix, e.g. `write 60s rather than 60`. */
    readonly hint?: string,
    message?: string,
  ) {
    super(message ?? `expected ${expected}`)
  }
}

export const EXPECTED_DURATION = 'a duration like "60s", "500ms" or "2m"'
export const EXPECTED_PERCENT = 'a percentage like "5%" or "0.5%"'

// In nanoseconds, so that every unit is a whole number and `100ns` comes out as exactly 0.0001ms.
const DURATION_UNITS_NS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
}

/** One or more `<number><unit>` parts with nothing between them: `60s`, `1.5s`, `1m30s`. */
const DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/y
/** The same language for editors (JSON Schema `pattern`); zero is rejected by the parser, not here. */
export const DURATION_PATTERN = '^((\\d+(\\.\\d+)?|\\.\\d+)(ns|us|µs|ms|s|m|h))+$'
export const PERCENT_PATTERN = '^(\\d+(\\.\\d+)?|\\.\\d+)%$'

/**
 * Parses a duration into milliseconds (fractional below 1ms). Units: ns, us (or µs), ms, s, m, h; parts
 * may be combined (`1m30s`). A bare number is rejected rather than guessed: `timeout: 60` could mean
 * seconds or milliseconds, and a wrong guess turns a one-minute limit into a 60ms one.
 */
export function parseDurationMs(input: string | number): number {
  if (typeof input === 'number') {
    throw new ValueError(EXPECTED_DURATION, `write ${input}s or ${input}ms rather than ${input}`)
  }
  const text = input.trim()
  if (/^-/.test(text)) throw new ValueError('a duration greater than zero')
  if (/^\d+(\.\d+)?$/.test(text)) {
    throw new ValueError(EXPECTED_DURATION, `add a unit: ${text}s or ${text}ms`)
  }
  if (text.length === 0) throw new ValueError(EXPECTED_DURATION)
  let totalNs = 0
  let at = 0
  while (at < text.length) {
    DURATION_PART.lastIndex = at
    const part = DURATION_PART.exec(text)
    if (part === null) throw new ValueError(EXPECTED_DURATION)
    totalNs += Number(part[1]) * DURATION_UNITS_NS[part[2]!]!
    at = DURATION_PART.lastIndex
  }
  if (!(totalNs > 0)) throw new ValueError('a duration greater than zero')
  return totalNs / 1e6
}

/**
 * Parses a percentage into a fraction (`5%` → 0.05). A bare number is rejected: `threshold: 5` and
 * `threshold: 0.05` are both common intentions, and they differ by a factor of 100.
 */
export function parsePercent(input: string | number): number {
  if (typeof input === 'number') {
    const fraction =
      input > 0 && input < 1 ? ` (or ${formatPercent(input)} if ${input} was meant as a fraction)` : ''
    throw new ValueError(EXPECTED_PERCENT, `write ${input}% rather than ${input}${fraction}`)
  }
  const text = input.trim()
  if (/^-/.test(text)) throw new ValueError('a percentage of at least 0%')
  const match = /^(\d+(?:\.\d+)?|\.\d+)%$/.exec(text)
  if (match === null) {
    if (/^(\d+(\.\d+)?|\.\d+)$/.test(text))
      throw new ValueError(EXPECTED_PERCENT, `write ${text}% rather than ${text}`)
    throw new ValueError(EXPECTED_PERCENT)
  }
  return Number(match[1]) / 100
}

/** A fraction as the shortest percentage that reads back to it: 0.05 → "5%", 0.005 → "0.5%". */
export function formatPercent(fraction: number): string {
  return `${Number((fraction * 100).toPrecision(12))}%`
}

// Characters that a POSIX shell would act on rather than pass along. A command string is split into
// words but never given to a shell, so each of these would silently mean something else than the user
// expects; they are refused with a pointer to quoting or `shell: true` instead.
const SHELL_OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')'])
const SHELL_EXPANSIONS = new Set(['$', '`'])
const SHELL_WILDCARDS = new Set(['*', '?', '['])
const BLANKS = new Set([' ', '\t', '\n', '\r'])

function shellMeaning(char: string, atWordStart: boolean): string | undefined {
  if (SHELL_OPERATORS.has(char)) return 'a shell operator'
  if (SHELL_EXPANSIONS.has(char)) return 'a shell expansion'
  if (SHELL_WILDCARDS.has(char)) return 'a shell wildcard'
  if (atWordStart && char === '#') return 'the start of a shell comment'
  if (atWordStart && char === '~') return 'a shell home-directory expansion'
  return undefined
}

function notAShell(char: string, index: number, meaning: string): ValueError {
  const quoted = char === "'" ? `"'"` : `'${char}'`
  return new ValueError(
    '',
    undefined,
    `"${char}" at character ${index + 1} is ${meaning}, but the command is split into words and run without a shell; quote it (${quoted}) or set shell: true to run it with /bin/sh -c`,
  )
}

/**
 * The text of the double-quoted string starting at `start` (its `"`), with a backslash escaping `"`,
 * `\`, `$`, a backquote and a newline, and where the word goes on after its closing `"`.
 */
function doubleQuoted(text: string, start: number): { text: string; next: number } {
  let word = ''
  let i = start + 1
  for (;;) {
    if (i >= text.length) {
      throw new ValueError('', undefined, `unbalanced quote: the " at character ${start + 1} is never closed`)
    }
    const inner = text[i]!
    if (inner === '"') break
    if (inner === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1]!)) {
      if (text[i + 1] !== '\n') word += text[i + 1]
      i += 2
      continue
    }
    if (inner === '$' || inner === '`')
      throw notAShell(inner, i, 'a shell expansion even inside double quotes')
    word += inner
    i++
  }
  return { text: word, next: i + 1 }
}

/**
 * Splits a command string into argv the way a POSIX shell splits words: blanks separate words; single
 * quotes keep everything literally; double quotes keep everything except that a backslash escapes
 * `"`, `\`, `$`, a backquote and a newline; outside quotes a backslash keeps the next character (and a
 * backslash-newline joins lines). Quote removal happens, `''` is an empty word. Nothing is expanded, and
 * anything a shell would expand or interpret (operators, `$`, wildcards, `~`, `#`, a leading
 * `NAME=value`) is an error rather than passed on literally.
 */
export function splitCommand(text: string): string[] {
  const assignment = /^\s*([A-Za-z_][A-Za-z0-9_]*)=/.exec(text)
  if (assignment !== null) {
    throw new ValueError(
      '',
      undefined,
      `the command starts with the variable assignment "${assignment[1]}=", which only a shell understands; set it under env: instead`,
    )
  }
  const words: string[] = []
  let word = ''
  let inWord = false
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (BLANKS.has(char)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
      i++
      continue
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1)
      if (end === -1) {
        throw new ValueError('', undefined, `unbalanced quote: the ' at character ${i + 1} is never closed`)
      }
      word += text.slice(i + 1, end)
      inWord = true
      i = end + 1
      continue
    }
    if (char === '"') {
      const quoted = doubleQuoted(text, i)
      word += quoted.text
      inWord = true
      i = quoted.next
      continue
    }
    if (char === '\\') {
      if (i + 1 >= text.length) {
        throw new ValueError('', undefined, 'the command ends with a lone backslash, which escapes nothing')
      }
      if (text[i + 1] === '\n') {
        i += 2
        continue
      }
      word += text[i + 1]
      inWord = true
      i += 2
      continue
    }
    const meaning = shellMeaning(char, !inWord)
    if (meaning !== undefined) throw notAShell(char, i, meaning)
    word += char
    inWord = true
    i++
  }
  if (inWord) words.push(word)
  return words
}
