// Turning whatever went wrong with a config file into one readable line per problem:
// `bench.yml:14:14: benchmarks[2].timeout: expected a duration like "60s", "500ms" or "2m", got "ten"`.
// zod says what failed and where in the data; the YAML document says where that is in the text.
import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type LineCounter,
  type Node,
  type YAMLError,
} from 'yaml'
import * as z from 'zod'
import { UserError } from '../errors.ts'
import type { PathSegment } from '../fields/index.ts'
import {
  EXPECTED_DURATION,
  EXPECTED_PERCENT,
  parseDurationMs,
  parsePercent,
  ValueError,
} from '../fields/values.ts'
import { closestMatch } from '../system/closest.ts'

/** One thing wrong with a config file. */
export interface ConfigProblem {
  /** Where in the file, like `benchmarks[2].timeout`; empty for the file as a whole. */
  path: string
  /** 1-based, when the place exists in the text. */
  line?: number
  column?: number
  /** What would have been accepted, completing "expected …". */
  expected?: string
  /** The problem without its location: `expected a duration like "60s", got "ten"`. */
  detail: string
}

/** A config file that cannot be used. `message` is the first problem on one line, located in the file. */
export class ConfigError extends UserError {
  override name = 'ConfigError'
  /** The file as it was named to the loader. */
  readonly file: string
  readonly path: string
  readonly line: number | undefined
  readonly column: number | undefined
  readonly expected: string | undefined
  /** Every problem found, in file order; the first is the one `message` describes. */
  readonly problems: readonly ConfigProblem[]

  constructor(file: string, problems: ConfigProblem | readonly ConfigProblem[]) {
    const list = Array.isArray(problems)
      ? (problems as readonly ConfigProblem[])
      : [problems as ConfigProblem]
    const first = list[0] ?? { path: '', detail: 'invalid config' }
    super(formatProblem(file, first))
    this.file = file
    this.path = first.path
    this.line = first.line
    this.column = first.column
    this.expected = first.expected
    this.problems = list.length > 0 ? list : [first]
  }

  /** One line per problem, each located like `message`. */
  messages(): string[] {
    return this.problems.map((problem) => formatProblem(this.file, problem))
  }
}

export function formatProblem(file: string, problem: ConfigProblem): string {
  const where = problem.line === undefined ? file : `${file}:${problem.line}:${problem.column ?? 1}`
  return problem.path === '' ? `${where}: ${problem.detail}` : `${where}: ${problem.path}: ${problem.detail}`
}

/** `benchmarks[2].env.PATH`; keys that are not plain words are quoted: `env["A B"]`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let text = ''
  for (const segment of segments) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: JSON.stringify writes an index as its digits, so [2] either way
    if (typeof segment === 'number') text += `[${segment}]`
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) text += text === '' ? segment : `.${segment}`
    else text += `[${JSON.stringify(segment)}]`
  }
  return text
}

/** How a value reads in "got …": strings quoted, other values by their YAML kind. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value'
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  if (typeof value === 'number') return `a number (${value})`
  if (typeof value === 'boolean') return `a boolean (${value})`
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list'
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 'an empty mapping' : 'a mapping'
  return typeof value
}

// ---------------------------------------------------------------------------------------------------
// Places in the text.

/** The parsed YAML document with the line index it was parsed with. */
export interface YamlSource {
  doc: Document
  lineCounter: LineCounter
}

interface Position {
  line: number
  column: number
}

function positionOf(source: YamlSource, offset: number): Position {
  const { line, col } = source.lineCounter.linePos(offset)
  return { line, column: col }
}

/**
 * The position of the value at `segments` (or of its key, for problems with the key itself). A path that
 * leaves the text (a missing key, a value brought in by a merge key) falls back to the nearest ancestor
 * that is there.
 */
export function locate(
  source: YamlSource,
  segments: readonly PathSegment[],
  at: 'value' | 'key',
): Position | undefined {
  let node: unknown = source.doc.contents
  let keyNode: unknown
  let found = node
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(source.doc)
    keyNode = undefined
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment))
      if (pair === undefined) break
      keyNode = pair.key
      // `key:` with nothing after it has an empty value at the end of the line; the key is the place.
      const range = (pair.value as Node | null)?.range
      node = range && range[0] < range[1] ? pair.value : pair.key
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment]
      if (node === undefined) break
    } else {
      break
    }
    found = at === 'key' && keyNode !== undefined ? keyNode : node
  }
  const range = (found as Node | null | undefined)?.range
  return range ? positionOf(source, range[0]) : undefined
}

/** The column (from 1) a key starts at on a line: after its indentation and any `- ` item markers. */
const keyColumnOf = (line: string): number => /^\s*(?:-\s+)*/.exec(line)![0].length + 1
/** The column (from 1) a line's text starts at. */
const indentOf = (line: string): number => /^ */.exec(line)![0].length + 1
/** Whether a line is blank or only a comment. */
const isBlank = (line: string): boolean => line.trim() === '' || line.trim().startsWith('#')
/** The first line at or after index `from` that is neither blank nor only a comment; lines.length when none is. */
const nonBlankFrom = (lines: readonly string[], from: number): number => {
  let i = from
  while (i < lines.length && isBlank(lines[i]!)) i++
  return i
}

/**
 * The line at `culprit` (0-based) starts at another column than the key at `key`: too deep reads as
 * more of that key's value, too shallow as a key of no mapping. The fix is the line's indentation.
 */
function indentationProblem(
  lines: readonly string[],
  key: number,
  culprit: number,
): Omit<ConfigProblem, 'path'> | undefined {
  const keyColumn = keyColumnOf(lines[key]!)
  const column = indentOf(lines[culprit]!)
  if (column === keyColumn) return undefined
  const where = `the key on line ${key + 1} (column ${keyColumn})`
  const reads =
    column > keyColumn
      ? `deeper than ${where}, so it reads as more of that key's value`
      : `shallower than ${where}, so it belongs to no mapping`
  return {
    line: culprit + 1,
    column,
    detail: `invalid YAML: this line starts at column ${column}, ${reads}; start it at column ${keyColumn} to make it a key beside it`,
  }
}

/**
 * The line after `line` that is indented more than the key on `line`, when `key: value` is followed by
 * it: YAML reads it as more of that value, and the parser stops at the key above. The problem is the
 * deeper line.
 */
function overIndented(text: string, line: number): Omit<ConfigProblem, 'path'> | undefined {
  const lines = text.split('\n')
  const above = lines[line - 1]
  if (above === undefined || !/^\s*(?:-\s+)*[^\s#][^:]*:\s+\S/.test(above)) return undefined
  const next = nonBlankFrom(lines, line)
  if (next >= lines.length || indentOf(lines[next]!) <= keyColumnOf(above)) return undefined
  return indentationProblem(lines, line - 1, next)
}

/**
 * A key that starts at another column than the key above it, where YAML stops at `line`: the key's
 * own line (a comment after the key above, or a line too shallow), or a blank or comment line just
 * above it.
 */
function misIndented(text: string, line: number): Omit<ConfigProblem, 'path'> | undefined {
  const lines = text.split('\n')
  const at = nonBlankFrom(lines, line - 1)
  const culprit = lines[at]
  if (culprit === undefined || !/^\s*[^\s#-][^:]*:(\s|$)/.test(culprit)) return undefined
  let above = at - 1
  while (above >= 0 && isBlank(lines[above]!)) above--
  if (above < 0 || !/^\s*(?:-\s+)*[^\s#][^:]*:(\s|$)/.test(lines[above]!)) return undefined
  return indentationProblem(lines, above, at)
}

/** A YAML syntax error as a problem at the place the parser stopped. */
export function yamlProblem(error: YAMLError, text: string, source: YamlSource): ConfigProblem {
  const position = positionOf(source, error.pos[0])
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY') {
    // YAML stops at the key above a line indented too deep: name that line instead.
    const culprit = overIndented(text, position.line)
    if (culprit) return { path: '', ...culprit }
  }
  if (error.code === 'BAD_INDENT' || error.code === 'MISSING_CHAR') {
    // YAML stops at the misplaced line, or at a blank or comment line just above it.
    const culprit = misIndented(text, position.line)
    if (culprit) return { path: '', ...culprit }
  }
  let detail: string
  switch (error.code) {
    case 'TAB_AS_INDENT':
      detail = 'invalid YAML: tabs are not allowed as indentation; indent with spaces'
      break
    case 'DUPLICATE_KEY': {
      const key = /^("[^"\n]*"|'[^'\n]*'|[^\n]*?)\s*:(\s|$)/.exec(text.slice(error.pos[0]))?.[1]
      const name = key?.replace(/^(["'])(.*)\1$/, '$2')
      detail = `duplicate key${name ? ` ${JSON.stringify(name)}` : ''}: a key may appear only once in a mapping`
      break
    }
    case 'MULTIPLE_DOCS':
      detail = 'the file holds more than one YAML document (a second "---"); a config is one document'
      break
    default:
      detail = `invalid YAML: ${error.message.split('\n')[0]}`
  }
  return { path: '', line: position.line, column: position.column, detail }
}

// ---------------------------------------------------------------------------------------------------
// zod issues.

// The config's schema is read through zod's public classes: each kind of schema is recognised with
// `instanceof` and read through its own accessors.

/** The schema a wrapper (optional, default, catch, …) or a pipe's input side stands for; undefined for any other. */
function innerOf(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodNonOptional
  )
    return schema.def.innerType
  if (schema instanceof z.ZodPipe) return schema.in
  return undefined
}

/** The keys of an object schema; none for any other. */
function shapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> {
  return schema instanceof z.ZodObject ? schema.shape : {}
}

/** The values a literal schema accepts; none for any other. */
function literalValues(schema: z.core.$ZodType): unknown[] {
  return schema instanceof z.ZodLiteral ? [...schema.values] : []
}

function valueAt(data: unknown, segments: readonly PathSegment[]): unknown {
  let value = data
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PathSegment, unknown>)[segment]
  }
  return value
}

function kindOfValue(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  return typeof value
}

/** Through wrappers and unions to the schema that applies to `value`. */
function unwrapFor(schema: z.core.$ZodType, value: unknown): z.core.$ZodType {
  let current = schema
  for (;;) {
    const inner = innerOf(current)
    if (inner !== undefined) current = inner
    else if (current instanceof z.ZodUnion) {
      const options = current.options.map((option) => unwrapFor(option, value))
      const discriminator = current instanceof z.ZodDiscriminatedUnion ? current.def.discriminator : undefined
      const chosen =
        discriminator !== undefined && value !== null && typeof value === 'object'
          ? options.find((option) => {
              const field = shapeOf(option)[discriminator]
              return (
                field !== undefined &&
                literalValues(field).includes((value as Record<string, unknown>)[discriminator])
              )
            })
          : options.find((option) => {
              const type = option instanceof z.ZodType ? option.type : undefined
              return type === kindOfValue(value) || (type === 'object' && kindOfValue(value) === 'object')
            })
      if (chosen === undefined) return current
      current = chosen
    } else return current
  }
}

/** The keys the schema allows for the mapping at `segments`, in the order they are declared. */
function allowedKeysAt(schema: z.core.$ZodType, data: unknown, segments: readonly PathSegment[]): string[] {
  let current = unwrapFor(schema, data)
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    let next: z.core.$ZodType | undefined
    if (current instanceof z.ZodObject) next = shapeOf(current)[String(segment)]
    else if (current instanceof z.ZodArray) next = current.element
    else if (current instanceof z.ZodRecord) next = current.valueType
    if (next === undefined) return []
    current = unwrapFor(next, valueAt(data, segments.slice(0, i + 1)))
  }
  return Object.keys(shapeOf(current))
}

/** A hint for a value of the right meaning but the wrong form, e.g. a bare number for a duration. */
function hintFor(expected: string, value: unknown): string | undefined {
  const parse =
    expected === EXPECTED_DURATION ? parseDurationMs : expected === EXPECTED_PERCENT ? parsePercent : null
  if (parse === null || (typeof value !== 'number' && typeof value !== 'string')) return undefined
  try {
    parse(value)
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: only a ValueError carries a hint; any other error gives undefined either way
    if (error instanceof ValueError) return error.hint
  }
  return undefined
}

interface Located {
  segments: PathSegment[]
  at: 'value' | 'key'
  expected?: string
  detail: string
  /** For a missing key: its name (`segments` is then the mapping it is missing from). */
  missingKey?: string
  /** For an unknown key: the allowed key it most likely misspells. */
  meantKey?: string
}

/**
 * What a problem says, given zod's message. Messages of this schema that start with "expected " are
 * completed with what was found (or said to be missing); any other message is already a sentence.
 */
function expectation(message: string, segments: PathSegment[], data: unknown, hint?: string): Located {
  // Stryker disable next-line StringLiteral: locate only tells 'key' apart; any other `at` is the value
  if (!message.startsWith('expected ')) return { segments, at: 'value', detail: message }
  const expected = message.slice('expected '.length)
  const value = valueAt(data, segments)
  const parentSegments = segments.slice(0, -1)
  const parent = valueAt(data, parentSegments)
  const key = segments[segments.length - 1]
  if (
    value === undefined &&
    typeof key === 'string' &&
    parent !== null &&
    typeof parent === 'object' &&
    !Array.isArray(parent) &&
    !(key in parent)
  ) {
    return {
      segments: parentSegments,
      // Stryker disable next-line StringLiteral: locate only tells 'key' apart; any other `at` is the value
      at: 'value',
      expected,
      detail: `missing required key "${key}" (expected ${expected})`,
      missingKey: key,
    }
  }
  const suggestion = hint ?? hintFor(expected, value)
  return {
    segments,
    // Stryker disable next-line StringLiteral: locate only tells 'key' apart; any other `at` is the value
    at: 'value',
    expected,
    detail: `expected ${expected}, got ${describeValue(value)}${suggestion ? `; ${suggestion}` : ''}`,
  }
}

function collect(
  issue: z.core.$ZodIssue,
  prefix: readonly PathSegment[],
  data: unknown,
  schema: z.core.$ZodType,
  out: Located[],
) {
  const segments = [...prefix, ...issue.path.filter((s): s is PathSegment => typeof s !== 'symbol')]
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeysAt(schema, data, segments)
      for (const key of issue.keys) {
        const guess = closestMatch(key, allowed)
        // `threshold:` at the top level is a setting that belongs one level down, under `defaults:`.
        const home = allowed.find((parent) =>
          allowedKeysAt(schema, data, [...segments, parent]).includes(key),
        )
        const hint = guess ? `; did you mean "${guess}"?` : home ? `; it belongs under ${home}:` : ''
        const expected = `one of: ${allowed.join(', ')}`
        out.push({
          segments: [...segments, key],
          at: 'key',
          expected,
          detail: `unknown key "${key}"${hint} (expected ${expected})`,
          ...(guess === undefined ? {} : { meantKey: guess }),
        })
      }
      return
    }
    case 'invalid_key': {
      const key = segments[segments.length - 1]
      const inner = issue.issues[0]
      const message = inner?.message.startsWith('expected ') ? inner.message : 'expected a valid key'
      const expected = message.slice('expected '.length)
      out.push({ segments, at: 'key', expected, detail: `${message}, got ${describeValue(String(key))}` })
      return
    }
    case 'invalid_union': {
      if ('note' in issue && issue.note === 'No matching discriminator') {
        out.push(discriminatorProblem(issue, segments, data))
        return
      }
      // The option of the right shape (a list for a list, a mapping for a mapping) says what is wrong
      // inside it; when no option has the right shape, the union's own message says what would fit.
      const matching = issue.errors.find((errors) => !wrongShape(errors))
      if (matching !== undefined && matching.length > 0) {
        for (const inner of matching) collect(inner, segments, data, schema, out)
        return
      }
      out.push(expectation(issue.message, segments, data))
      return
    }
    case 'custom': {
      const hint = typeof issue.params?.hint === 'string' ? issue.params.hint : undefined
      out.push(expectation(issue.message, segments, data, hint))
      return
    }
    default:
      out.push(expectation(issue.message, segments, data))
  }
}

/**
 * Whether an option's issues say the value has another shape than the option: a type or a literal
 * that does not fit at its root, or a union at its root none of whose options has the shape (a list
 * given where a union of single values or a list of them is asked: the list option has the shape).
 */
function wrongShape(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.some(
    (e) =>
      e.path.length === 0 &&
      (e.code === 'invalid_type' ||
        e.code === 'invalid_value' ||
        (e.code === 'invalid_union' && e.errors.length > 0 && e.errors.every(wrongShape))),
  )
}

function discriminatorProblem(issue: z.core.$ZodIssue, segments: PathSegment[], data: unknown): Located {
  const options = 'options' in issue && Array.isArray(issue.options) ? issue.options.map(String) : []
  const expected = `one of: ${options.join(', ')}`
  const value = valueAt(data, segments)
  const key = String(segments[segments.length - 1])
  if (value === undefined) {
    return {
      segments: segments.slice(0, -1),
      // Stryker disable next-line StringLiteral: locate only tells 'key' apart; any other `at` is the value
      at: 'value',
      expected,
      detail: `missing required key "${key}" (expected ${expected})`,
      missingKey: key,
    }
  }
  let hint = ''
  if (typeof value === 'string') {
    const guess = closestMatch(value, options)
    if (guess !== undefined) hint = `; did you mean "${guess}"?`
  }
  return {
    segments,
    // Stryker disable next-line StringLiteral: locate only tells 'key' apart; any other `at` is the value
    at: 'value',
    expected,
    detail: `expected ${expected}, got ${describeValue(value)}${hint}`,
  }
}

/**
 * Every problem zod found, as located one-line problems in file order. `data` is what was validated;
 * `schema` is consulted for the keys a mapping allows.
 */
export function problemsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  data: unknown,
  schema: z.core.$ZodType,
  source?: YamlSource,
): ConfigProblem[] {
  const located: Located[] = []
  for (const issue of issues) collect(issue, [], data, schema, located)
  // `comand:` is both an unknown key and a missing `command`; the typo is the one worth reading.
  const misspelt = new Set(
    located
      .filter((p) => p.meantKey !== undefined)
      .map((p) => `${formatPath(p.segments.slice(0, -1))}\0${p.meantKey}`),
  )
  const seen = new Set<string>()
  const problems: ConfigProblem[] = []
  for (const { segments, at, expected, detail, missingKey } of located) {
    if (missingKey !== undefined && misspelt.has(`${formatPath(segments)}\0${missingKey}`)) continue
    const path = formatPath(segments)
    if (seen.has(`${path}\0${detail}`)) continue
    seen.add(`${path}\0${detail}`)
    const position = source ? locate(source, segments, at) : undefined
    problems.push({ path, ...position, ...(expected === undefined ? {} : { expected }), detail })
  }
  // Stable: problems without a place keep their order after the located ones.
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort(
      (a, b) =>
        (a.problem.line ?? Number.POSITIVE_INFINITY) - (b.problem.line ?? Number.POSITIVE_INFINITY) ||
        (a.problem.column ?? 0) - (b.problem.column ?? 0) ||
        a.index - b.index,
    )
    .map(({ problem }) => problem)
}
