// Where in a TOML file a message points, and smol-toml's syntax errors said in terms of the file.
// smol-toml keeps no positions of values, so the lines that messages name come from a scan that tells
// only strings, comments and brackets apart: where each key = value and [table] starts, where the items
// of an array start, and which brackets are open at a point. The scan runs only when a message needs a
// line.
import { parse as parseToml, type TomlError, type TomlValue } from 'smol-toml'
import { SetupError } from './system.ts'

export interface Statement {
  /** The full key path: the table's, then the key's. */
  path: string[]
  line: number
  /** A [table] or [[table]] header rather than key = value. */
  header: boolean
  /** Where the value starts (key = value). */
  value?: number
  /** The line of each item, when the value is an array. */
  items: number[]
}

interface Layout {
  statements: Statement[]
  /** The arrays and inline tables open where the scan stopped, innermost last. */
  open: { bracket: '[' | '{'; line: number }[]
}

/** The index just past the string that starts at `i`; at the end of its line if it does not close. */
function stringEnd(text: string, i: number): number {
  const quote = text[i]!
  const delimiter = quote.repeat(3)
  const multiline = text.startsWith(delimiter, i)
  let k = i + (multiline ? 3 : 1)
  while (k < text.length) {
    const c = text[k]
    if (c === '\\' && quote === '"') k += 2
    else if (c === '\n' && !multiline) return k
    else if (!multiline && c === quote) return k + 1
    else if (multiline && text.startsWith(delimiter, k)) {
      // Up to two quotes right before the closing ones belong to the string.
      let end = k + 3
      while (end < k + 5 && text[end] === quote) end++
      return end
    } else k++
  }
  return k
}

/** Where a key ends: at `stop` ("=" or "]") outside quotes, or at the end of the line. */
function keyEnd(text: string, i: number, stop: string): number {
  while (i < text.length && text[i] !== stop && text[i] !== '\n')
    i = text[i] === '"' || text[i] === "'" ? stringEnd(text, i) : i + 1
  return i
}

/** The parts of a dotted key as written ("a . 'b.c'" → a, b.c), unquoted by smol-toml itself. */
function keyPath(raw: string): string[] {
  const parts: string[] = []
  try {
    let node: TomlValue = parseToml(`${raw.trim()} = 0`)
    while (typeof node === 'object' && !Array.isArray(node) && !(node instanceof Date)) {
      const key: string | undefined = Object.keys(node)[0]
      if (key === undefined) break
      parts.push(key)
      node = node[key]!
    }
  } catch {
    return [raw.trim()]
  }
  return parts
}

export function layout(text: string, end = text.length): Layout {
  const statements: Statement[] = []
  const open: Layout['open'] = []
  let table: string[] = []
  let arrayTables = 0
  let current: Statement | undefined
  let item = false
  let line = 1
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  while (i < end) {
    const c = text[i]!
    if (c === '\n') {
      line++
      i++
      if (open.length === 0) current = undefined
    } else if (c === ' ' || c === '\t' || c === '\r') i++
    else if (c === '#') {
      const newline = text.indexOf('\n', i)
      i = newline < 0 ? text.length : newline
    } else if (!current) {
      const header = c === '['
      const from = header ? i + (text[i + 1] === '[' ? 2 : 1) : i
      const to = keyEnd(text, from, header ? ']' : '=')
      const key = keyPath(text.slice(from, to))
      if (header) table = from === i + 2 ? [...key, `[[${arrayTables++}]]`] : key
      current = { path: header ? key : [...table, ...key], line, header, items: [] }
      statements.push(current)
      i = text[to] === '\n' ? to : to + 1
      if (!header) current.value = i + /^[ \t]*/.exec(text.slice(i, i + 200))![0].length
    } else {
      if (item && c !== ',' && c !== ']') {
        current.items.push(line)
        item = false
      }
      if (c === '"' || c === "'") {
        const after = stringEnd(text, i)
        for (let k = i; k < after; k++) if (text.charCodeAt(k) === 10) line++
        i = after
        continue
      }
      if (c === '[' || c === '{') open.push({ bracket: c, line })
      else if (c === ']' || c === '}') open.pop()
      // A new item of the statement's own array starts after "[" or ",".
      item = (c === '[' || c === ',') && open.length === 1 && open[0]!.bracket === '['
      i++
    }
  }
  return { statements, open }
}

export const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i])
const within = (a: string[], prefix: string[]) => prefix.every((k, i) => a[i] === k)

/**
 * The line where `keyPath` is defined: its own key or [table], else the first key or table inside
 * it (dotted keys, [toolchain.x]), else the key whose inline table holds it.
 */
export function lineOf(statements: Statement[], keyPath: string[]): number | undefined {
  return (
    statements.find((s) => samePath(s.path, keyPath)) ??
    statements.find((s) => within(s.path, keyPath)) ??
    statements.find((s) => !s.header && within(keyPath, s.path))
  )?.line
}

/** The index where a TomlError's line and column point. */
function offsetOf(text: string, line: number, column: number): number {
  let start = 0
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf('\n', start)
    if (newline < 0) return text.length
    start = newline + 1
  }
  return Math.min(start + column - 1, text.length)
}

/** What is at `i`, for messages. */
function describeAt(text: string, i: number): string {
  const c = text[i]
  if (c === undefined) return 'the end of the file'
  if (c === '\n' || c === '\r') return 'the end of the line'
  return JSON.stringify(text.slice(i, i + 12).split(/[\r\n]/)[0])
}

/** What smol-toml's "invalid value" at `at` is: a word that is no TOML value (an unquoted string), or nothing. */
function invalidValue(text: string, at: number, found: string): string {
  const token = /[0-9A-Za-z_+.:-]+/y
  token.lastIndex = at
  const word = token.exec(text)?.[0]
  if (word === undefined) return `expected a value, found ${found}`
  if (/^[A-Za-z_][\w.+-]*$/.test(word))
    return `${word} is not a TOML value: strings are quoted, as in "${word}"`
  return `${word} is not a TOML value`
}

/** What the statement on `line` defines again, and where it was defined first; undefined when that is not found. */
function redefined(text: string, line: number): string | undefined {
  const { statements } = layout(text)
  const index = statements.findIndex((s) => s.line === line)
  const s = statements[index]
  if (!s) return undefined
  const name = s.path.filter((k) => !k.startsWith('[[')).join('.')
  const before = statements.slice(0, index)
  const earlier = before.find((e) => samePath(e.path, s.path))
  if (earlier && earlier.header === s.header)
    return `${s.header ? `[${name}]` : name} is defined twice (first on line ${earlier.line})`
  if (earlier)
    return s.header
      ? `${name} is already a value (line ${earlier.line}), not a table`
      : `${name} is already a table (line ${earlier.line})`
  const value = before.find((e) => !e.header && e.path.length < s.path.length && within(s.path, e.path))
  if (value) return `${value.path.join('.')} is a value (line ${value.line}), not a table`
  return undefined
}

/** A smol-toml syntax error, said in terms of the file: the line, and what was expected there. */
export function tomlFailure(err: TomlError, text: string, file: string): SetupError {
  const reason = err.message.replace(/^Invalid TOML document: /, '').split('\n')[0]!
  const at = offsetOf(text, err.line, err.column)
  const found = describeAt(text, at)
  const fail = (message: string, line = err.line) => located(file, line, message)
  const innermost = layout(text, at).open.at(-1)
  if (innermost && text.slice(at).trim() === '')
    return fail(
      innermost.bracket === '[' ? 'unterminated array: no "]"' : 'unterminated inline table: no "}"',
      innermost.line,
    )
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const onHeader = /^\uFEFF?[ \t]*\[/.test(text.slice(lineStart, at + 1))
  switch (reason) {
    case 'expected comma or end of structure':
      return fail(
        innermost?.bracket === '{'
          ? `expected "," or "}" in the inline table, found ${found}`
          : `expected "," or "]" in the array, found ${found}`,
      )
    case 'invalid value':
      return fail(invalidValue(text, at, found))
    case 'trying to redefine an already defined table or value':
    case 'trying to redefine an already defined value':
      return fail(redefined(text, err.line) ?? `${reason} (at ${found})`)
    case 'each key-value declaration must be followed by an end-of-line':
      return fail(
        onHeader
          ? `unexpected ${found} after the table header`
          : `unexpected ${found} after the value (one key = value per line)`,
      )
    case 'unexpected end of key':
    case 'illegal empty bare key':
      return fail(`expected a key, found ${found}`)
    case 'illegal character in key':
    case 'incomplete key-value: cannot find end of key':
      return fail(
        onHeader
          ? `expected "]" to close the table header, found ${found}`
          : `expected "=" after the key, found ${found}`,
      )
    case 'control characters are not allowed in strings':
      if (found.startsWith('the end')) return fail('unterminated string')
      return fail(
        `control character U+${text.charCodeAt(at).toString(16).padStart(4, '0')} in a string: write it as an escape`,
      )
    case 'unfinished string': {
      const delimiter = ['"""', "'''"].find((d) => text.startsWith(d, at))
      return fail(`unterminated ${delimiter ? `${delimiter} ` : ''}string`)
    }
    case 'unrecognised escape sequence': {
      const c = text[at] === '\\' ? text[at + 1] : text[at]
      return fail(`invalid escape \\${c ?? ''} in a string (use \\\\ for a backslash)`)
    }
    default:
      return fail(`${reason} (at ${found})`)
  }
}

/** A SetupError at a line of the file: "rust-toolchain.toml:3: …". */
export function located(file: string, line: number, message: string): SetupError {
  return new SetupError(`${file}:${line}: ${message}`, { file, line })
}
