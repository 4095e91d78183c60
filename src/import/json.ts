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
  let at = 0
  const fail = (offset = at): never => {
    throw offset
  }
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++
  }
  const literal = (word: string) => {
    for (const c of word) {
      if (text[at] !== c) fail()
      at++
    }
  }
  const string = () => {
    at++
    for (;;) {
      if (at >= text.length) fail()
      const c = text[at]!
      if (c === '"') return void at++
      if (c < ' ') fail()
      if (c === '\\') {
        at++
        const e = text[at]
        if (e === 'u') {
          for (let i = 1; i <= 4; i++) if (!/[0-9a-fA-F]/.test(text[at + i] ?? '')) fail(at + i)
          at += 5
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) at++
        else fail()
      } else at++
    }
  }
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400))
    if (!match || match[0] === '-') fail()
    at += match![0].length
  }
  const value = (): void => {
    space()
    const c = text[at]
    if (c === '{') {
      at++
      space()
      if (text[at] === '}') return void at++
      for (;;) {
        space()
        if (text[at] !== '"') fail()
        string()
        space()
        if (text[at] !== ':') fail()
        at++
        value()
        space()
        if (text[at] === ',') at++
        else if (text[at] === '}') return void at++
        else fail()
      }
    }
    if (c === '[') {
      at++
      space()
      if (text[at] === ']') return void at++
      for (;;) {
        value()
        space()
        if (text[at] === ',') at++
        else if (text[at] === ']') return void at++
        else fail()
      }
    }
    if (c === '"') string()
    else if (c === 't') literal('true')
    else if (c === 'f') literal('false')
    else if (c === 'n') literal('null')
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number()
    else fail()
  }
  try {
    value()
    space()
    if (at < text.length) fail()
  } catch (stopped) {
    if (typeof stopped === 'number') return Math.min(stopped, text.length)
    throw stopped
  }
  return text.length
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
