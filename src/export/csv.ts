// hyperfine 1.x's `--export-csv`: `command,mean,stddev,median,user,system,min,max` in seconds, then a
// `parameter_NAME` column per parameter. Fields are quoted as RFC 4180 says (a field holding a comma,
// a double quote or a line break, its quotes doubled), lines end with `\n`, and numbers are written
// as hyperfine writes them: every digit, never an exponent. A stddev of fewer than two runs is 0, as
// hyperfine 1.x writes it here. hyperfine takes the parameter columns from its first result; a run's
// benchmarks can have different parameters, so here they are every name any result has, in order, and
// empty where a result has no value for one.
//
// A name or a parameter value is text a pull request controls, and a spreadsheet evaluates a cell that
// starts with `=`, `+`, `-` or `@` as a formula (OWASP's guidance on CSV injection adds a tab and a
// carriage return, OWASP's ASVS a NUL). Such a text cell is written behind a single quote, as that
// guidance says, unless it is a plain number (a parameter of -1), which a spreadsheet reads as that
// number; and a text cell holding `;` or a tab is quoted too, for spreadsheets that split on those.
// `raw` writes every cell exactly as hyperfine does, for tools that need hyperfine's bytes.
import type { HyperfineResult } from './hyperfine.ts'

const COLUMNS = ['command', 'mean', 'stddev', 'median', 'user', 'system', 'min', 'max'] as const

export interface CsvOptions {
  /** Every cell as hyperfine writes it, formulas and all; by default text cells are neutralised. */
  raw?: boolean
}

export function hyperfineCsv(results: readonly HyperfineResult[], options: CsvOptions = {}): string {
  const text = options.raw ? csvField : spreadsheetField
  const parameters = [...new Set(results.flatMap((r) => Object.keys(r.parameters ?? {})))].sort()
  const header = [...COLUMNS, ...parameters.map((name) => `parameter_${name}`)].map(text)
  const rows = results.map((r) => [
    text(r.command),
    ...[r.mean, r.stddev ?? 0, r.median, r.user, r.system, r.min, r.max].map(plainNumber),
    ...parameters.map((name) => text(r.parameters?.[name] ?? '')),
  ])
  return [header, ...rows].map((fields) => `${fields.join(',')}\n`).join('')
}

/** A field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? quoted(text) : text
}

/** What a spreadsheet reads as the start of a formula (OWASP's list, and NUL). */
const FORMULA_START = /^[=+\-@\t\r\0]/
/** A number as a spreadsheet reads one: an optional sign, digits with an optional point, an exponent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * A text cell no spreadsheet evaluates: a single quote before one that would start a formula (a plain
 * number aside), and quoted as RFC 4180 says, or where it holds `;` or a tab.
 */
export function spreadsheetField(text: string): string {
  const cell = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
  return /[",;\t\r\n]/.test(cell) ? quoted(cell) : cell
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

/** A finite number with every digit and no exponent: 1e-7 is 0.0000001, as Rust prints an f64. */
export function plainNumber(value: number): string {
  const text = String(value)
  const scientific = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!scientific) return text
  const [, sign, first, rest = '', power] = scientific
  const exponent = Number(power)
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${first}${rest}`
  return `${sign}${first}${rest}${'0'.repeat(exponent - rest.length)}`
}
