// hyperfine 1.x's `--export-csv`: `command,mean,stddev,median,user,system,min,max` in seconds, then a
// `parameter_NAME` column per parameter. Fields are quoted as RFC 4180 says (a field holding a comma,
// a double quote or a line break, its quotes doubled), lines end with `\n`, and numbers are written
// as hyperfine writes them: every digit, never an exponent. A stddev of fewer than two runs is 0, as
// hyperfine 1.x writes it here. hyperfine takes the parameter columns from its first result; a run's
// benchmarks can have different parameters, so here they are every name any result has, in order, and
// empty where a result has no value for one.
import type { HyperfineResult } from './hyperfine.ts'

const COLUMNS = ['command', 'mean', 'stddev', 'median', 'user', 'system', 'min', 'max'] as const

export function hyperfineCsv(results: readonly HyperfineResult[]): string {
  const parameters = [...new Set(results.flatMap((r) => Object.keys(r.parameters ?? {})))].sort()
  const header = [...COLUMNS, ...parameters.map((name) => `parameter_${name}`)]
  const rows = results.map((r) => [
    r.command,
    ...[r.mean, r.stddev ?? 0, r.median, r.user, r.system, r.min, r.max].map(plainNumber),
    ...parameters.map((name) => r.parameters?.[name] ?? ''),
  ])
  return [header, ...rows].map((fields) => `${fields.map(csvField).join(',')}\n`).join('')
}

/** A field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
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
