// What every JSON format needs: JSON.parse's failure turned into a line and column, and field readers
// whose errors name the JSON path and what was found there.
import { ImportFormatError, type ImportSource } from './types.ts'

/** Parses the source's JSON; invalid JSON throws with the line and column JSON.parse stopped at. */
export function parseJsonSource(source: ImportSource): unknown {
  const text = source.text.replace(/^\uFEFF/, '')
  try {
    return JSON.parse(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new ImportFormatError(source.path, jsonErrorPlace(text, message), `not valid JSON (${message})`)
  }
}

/** Where JSON.parse stopped reading `text`, as "line L, column C", from its message or by reading again. */
export function jsonErrorPlace(text: string, message: string): string {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message)
  if (lineColumn) return `line ${lineColumn[1]}, column ${lineColumn[2]}`
  const position = /at position (\d+)/.exec(message)
  // Node 20 names no position for some errors ("Unexpected token 'x', "…" is not valid JSON"): the
  // place is found by reading the text as JSON up to where it stops being JSON.
  const offset = position ? Number(position[1]) : firstJsonError(text)
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return `line ${line}, column ${column}`
}

/** The offset of the first character that cannot continue JSON text (the end, if it ends too soon). */
export function firstJsonError(text: string): number {
  const scan = new JsonScan(text)
  try {
    scan.value()
    scan.space()
    if (scan.at < text.length) scan.fail()
  } catch (stopped) {
    if (typeof stopped === 'number') return Math.min(stopped, text.length)
    throw stopped
  }
  return text.length
}

/** Reads JSON text from `at` on; `fail` throws the offset where it stops being JSON. */
class JsonScan {
  at = 0

  constructor(private readonly text: string) {}

  fail(offset = this.at): never {
    throw offset
  }

  space(): void {
    const text = this.text
    while (this.at < text.length && ' \t\n\r'.includes(text[this.at]!)) this.at++
  }

  literal(word: string): void {
    for (const c of word) {
      if (this.text[this.at] !== c) this.fail()
      this.at++
    }
  }

  string(): void {
    const text = this.text
    this.at++
    for (;;) {
      if (this.at >= text.length) this.fail()
      const c = text[this.at]!
      if (c === '"') return void this.at++
      if (c < ' ') this.fail()
      if (c === '\\') {
        this.at++
        const e = text[this.at]
        if (e === 'u') {
          for (let i = 1; i <= 4; i++)
            if (!/[0-9a-fA-F]/.test(text[this.at + i] ?? '')) this.fail(this.at + i)
          this.at += 5
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.at++
        else this.fail()
      } else this.at++
    }
  }

  number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 400))
    if (!match || match[0] === '-') this.fail()
    this.at += match![0].length
  }

  value(): void {
    this.space()
    const c = this.text[this.at]
    if (c === '{') this.object()
    else if (c === '[') this.array()
    else if (c === '"') this.string()
    else if (c === 't') this.literal('true')
    else if (c === 'f') this.literal('false')
    else if (c === 'n') this.literal('null')
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number()
    else this.fail()
  }

  object(): void {
    const text = this.text
    this.at++
    this.space()
    if (text[this.at] === '}') return void this.at++
    for (;;) {
      this.space()
      if (text[this.at] !== '"') this.fail()
      this.string()
      this.space()
      if (text[this.at] !== ':') this.fail()
      this.at++
      this.value()
      this.space()
      if (text[this.at] === ',') this.at++
      else if (text[this.at] === '}') return void this.at++
      else this.fail()
    }
  }

  array(): void {
    const text = this.text
    this.at++
    this.space()
    if (text[this.at] === ']') return void this.at++
    for (;;) {
      this.value()
      this.space()
      if (text[this.at] === ',') this.at++
      else if (text[this.at] === ']') return void this.at++
      else this.fail()
    }
  }
}

/** `$.a.b`, `$.a[3]`, `$.a["odd key"]`. */
export function jsonPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

/** What a JSON value is, for "expected …, got …". */
export function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array'
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`
  if (typeof value === 'number') return `the number ${value}`
  if (typeof value === 'boolean') return `${value}`
  if (typeof value === 'object') return 'an object'
  return typeof value
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Field readers for one file: each checks a value's type and throws naming its JSON path. */
export function jsonReader(source: string) {
  const fail = (path: string, expected: string, value: unknown): never => {
    throw new ImportFormatError(source, path, `expected ${expected}, got ${describeJson(value)}`)
  }
  const object = (value: unknown, path: string, expected = 'an object'): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : fail(path, expected, value)
  const array = (value: unknown, path: string, expected = 'an array'): unknown[] =>
    Array.isArray(value) ? value : fail(path, expected, value)
  const number = (value: unknown, path: string, expected = 'a number'): number =>
    typeof value === 'number' && Number.isFinite(value) ? value : fail(path, expected, value)
  const string = (value: unknown, path: string, expected = 'a string'): string =>
    typeof value === 'string' ? value : fail(path, expected, value)
  const numbers = (value: unknown, path: string): number[] =>
    array(value, path, 'an array of numbers').map((item, i) => number(item, jsonPath(path, i), 'a number'))
  return { fail, object, array, number, string, numbers }
}
