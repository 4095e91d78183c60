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

function jsonErrorPlace(text: string, message: string): string {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message)
  if (lineColumn) return `line ${lineColumn[1]}, column ${lineColumn[2]}`
  const position = /at position (\d+)/.exec(message)
  // "Unexpected end of JSON input" names no position: the input ended, so the place is its end.
  const offset = position ? Number(position[1]) : text.length
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return `line ${line}, column ${column}`
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
