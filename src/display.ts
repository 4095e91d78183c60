// How values read in reports and messages. Values are stored normalised (ns, bytes); these pick a unit
// per value so a reader never has to count digits, and print changes, ages and commits alike everywhere.
import type { Unit } from './results.ts'

const TIME_UNITS: Array<[number, string]> = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, 'µs'],
  [1, 'ns'],
]
const BYTE_UNITS: Array<[number, string]> = [
  [1024 ** 3, 'GiB'],
  [1024 ** 2, 'MiB'],
  [1024, 'KiB'],
  [1, 'B'],
]

/** Three significant digits, without trailing noise such as "1.00e+3". */
export function sig3(x: number): string {
  if (!Number.isFinite(x)) return String(x)
  const a = Math.abs(x)
  if (a >= 100) return x.toFixed(0)
  if (a >= 10) return x.toFixed(1)
  if (a >= 1) return x.toFixed(2)
  if (a === 0) return '0'
  return x.toPrecision(3)
}

/** The row of a unit table a value reads best in: the largest unit it holds at least one of. */
function pick(value: number, table: Array<[number, string]>): { factor: number; label: string } {
  const a = Math.abs(value)
  const [factor, label] = table.find(([f]) => a >= f) ?? table[table.length - 1]!
  return { factor, label }
}

function scaled(value: number, table: Array<[number, string]>): string {
  const { factor, label } = pick(value, table)
  return `${sig3(value / factor)} ${label}`
}

/**
 * The unit values near `value` read best in, for an axis of many of them: time by s, ms, µs or ns,
 * sizes by GiB … B; other units as they are.
 */
export function unitScale(value: number, unit: Unit): { factor: number; label: string } {
  if (unit === 'ns') return pick(value, TIME_UNITS)
  if (unit === 'bytes') return pick(value, BYTE_UNITS)
  return { factor: 1, label: unit }
}

export function formatValue(value: number, unit: Unit, label?: string): string {
  switch (unit) {
    case 'other':
      return label ? `${formatCount(value)} ${label}` : formatCount(value)
    case 'ns':
      return scaled(value, TIME_UNITS)
    case 'bytes':
      return scaled(value, BYTE_UNITS)
    case 'ops/s':
      return `${formatCount(value)} ops/s`
    case 'bytes/s':
      return `${scaled(value, BYTE_UNITS)}/s`
    case 'percent':
      return `${sig3(value)}%`
    case 'ratio':
      return `${sig3(value)}×`
    default:
      return formatCount(value)
  }
}

/**
 * An exact count keeps every digit in its unit: 1,748 B of heap, not 1.71 KiB, so a change of one
 * byte shows. Other units read as formatValue gives them.
 */
export function formatExact(value: number, unit: Unit, label?: string): string {
  return unit === 'bytes' && Number.isInteger(value)
    ? `${formatCount(value)} B`
    : formatValue(value, unit, label)
}

/** 1234567 → "1,234,567": digits grouped by three (what toLocaleString('en-US') writes, without loading ICU). */
function groupDigits(value: number): string {
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
  return value < 0 ? `-${digits}` : digits
}

/** Exact integers keep every digit (instruction counts are exact); others get an SI suffix. */
export function formatCount(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return groupDigits(value)
  const a = Math.abs(value)
  if (a >= 1e9) return `${sig3(value / 1e9)} G`
  if (a >= 1e6) return `${sig3(value / 1e6)} M`
  if (a >= 1e3) return `${sig3(value / 1e3)} k`
  return sig3(value)
}

/** A signed percentage: +12.3%, -0.41%, ±0.00%. */
export function formatChange(change: number): string {
  if (!Number.isFinite(change)) return change > 0 ? '+∞' : change < 0 ? '-∞' : 'n/a'
  const pct = change * 100
  if (pct === 0) return '±0.00%'
  const digits = Math.abs(pct) >= 10 ? 1 : 2
  return `${pct > 0 ? '+' : ''}${pct.toFixed(digits)}%`
}

/** A signed difference in the metric's unit: "+102 ns", "-3", "±0". Never infinite: values are finite. */
export function formatDifference(difference: number, unit: Unit, label?: string): string {
  if (!Number.isFinite(difference)) return 'n/a'
  if (difference === 0) return '±0'
  return `${difference > 0 ? '+' : '-'}${formatValue(Math.abs(difference), unit, label)}`
}

export function formatDifferenceInterval(low: number, high: number, unit: Unit, label?: string): string {
  return `${formatDifference(low, unit, label)} … ${formatDifference(high, unit, label)}`
}

export function formatRatioInterval(low: number, high: number): string {
  return `${formatChange(low - 1)} … ${formatChange(high - 1)}`
}

export function formatPValue(p: number): string {
  if (!Number.isFinite(p)) return 'n/a'
  if (p < 0.0001) return '<0.0001'
  return p.toFixed(4)
}

export function formatPercentSetting(fraction: number): string {
  return `${sig3(fraction * 100)}%`
}

/** "3 minutes ago", for how old a baseline is. */
export function formatAge(from: Date, to: Date): string {
  const s = Math.round((to.getTime() - from.getTime()) / 1000)
  if (s < 0) return 'in the future (clock skew)'
  if (s < 90) return `${s} second${s === 1 ? '' : 's'} ago`
  const m = Math.round(s / 60)
  if (m < 90) return `${m} minutes ago`
  const h = Math.round(m / 60)
  if (h < 36) return `${h} hours ago`
  return `${Math.round(h / 24)} days ago`
}

export function shortSha(sha: string | undefined): string {
  return sha ? sha.slice(0, 7) : 'unknown commit'
}

/** `a`, `a and b`, `a, b and c` (or with `or`): names in a sentence. */
export function listed(names: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return names.length <= 1
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`
}

/** A ranking's metric in a sentence: "median wall time" (wall is a time; other metrics read by their names). */
export function rankedMetric(metric: string): string {
  return `median ${metric === 'wall' ? 'wall time' : metric}`
}
