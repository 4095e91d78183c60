// A scaling benchmark's throughput curve as a mermaid xychart, for markdown reports: GitHub renders
// ```mermaid blocks in comments and job summaries, so the curve needs no image hosting.
import type { ScalingSeries, ScalingSide, ScanSeries } from '../compare/types.ts'
import { withoutBidiControls } from './escape.ts'

/** The unit a set of throughputs reads best in: "M ops/s" for millions. */
export interface ThroughputScale {
  /** Divide ops/s by this to get the unit. */
  factor: number
  unit: string
}

const THROUGHPUT_UNITS: Array<[number, string]> = [
  [1e9, 'G ops/s'],
  [1e6, 'M ops/s'],
  [1e3, 'k ops/s'],
]

/** The unit for the largest of the values, so the axis reads 1.5 to 950 rather than 1500000. */
export function throughputScale(opsPerSecond: number[]): ThroughputScale {
  const largest = Math.max(0, ...opsPerSecond.filter(Number.isFinite).map(Math.abs))
  for (const [factor, unit] of THROUGHPUT_UNITS) {
    if (largest >= factor) return { factor, unit }
  }
  return { factor: 1, unit: 'ops/s' }
}

/**
 * A number as mermaid's grammar reads it (digits, an optional point and fraction, never an exponent),
 * with as many decimals as values up to `largest` need for three significant digits.
 */
export function plainNumber(value: number, largest: number): string {
  if (!Number.isFinite(value)) return '0'
  // toFixed switches to an exponent from 1e21 on; integers that large have no fraction to keep.
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString()
  const magnitude = largest > 0 ? Math.floor(Math.log10(largest)) : 0
  const decimals = Math.min(20, Math.max(0, 2 - magnitude))
  const fixed = value.toFixed(decimals)
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
  return trimmed === '-0' ? '0' : trimmed
}

/** The top of the y-axis: the largest value rounded up to a half step of its magnitude (3.2 → 3.5). */
function niceCeiling(largest: number): number {
  if (!(largest > 0) || !Number.isFinite(largest)) return 1
  const step = 10 ** Math.floor(Math.log10(largest)) / 2
  return Math.ceil(largest / step - 1e-9) * step
}

/**
 * Text for a mermaid quoted string. The grammar ends a string at `"` and starts markdown text at a
 * backtick, newlines end the statement, `%%{…}%%` anywhere is a directive that reconfigures the
 * diagram and `#name;` is decoded as an entity. Those characters are replaced by look-alikes, so a
 * benchmark name can neither break the chart nor add statements or settings to it.
 */
export function mermaidText(text: string): string {
  // Bidirectional controls could make the title read backwards.
  return (
    withoutBidiControls(text)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/"/g, '”')
      .replace(/`/g, '′')
      .replace(/\[/g, '(')
      .replace(/\]/g, ')')
      .replace(/[{}]/g, (c) => (c === '{' ? '(' : ')'))
      .replace(/</g, '‹')
      .replace(/>/g, '›')
      .replace(/%{2,}/g, '%')
      .replace(/#(?=\w+;)/g, '＃')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

/** What a line chart shows: categories along x, and one line per side with a value at each. */
export interface LineChart {
  title: string
  xLabel: string
  /** The x-axis categories, in order. */
  categories: number[]
  yLabel: string
  /** Each side's values, in the unit of the axis, one per category. */
  lines: Array<[string, number[]]>
}

/** A ```mermaid xychart-beta block of a line chart, its y-axis from 0 to a round number above the largest value. */
export function lineChartMermaid(chart: LineChart): string {
  const largest = Math.max(0, ...chart.lines.flatMap(([, values]) => values.filter(Number.isFinite)))
  const top = niceCeiling(largest)
  const categories = chart.categories.map((n) => `"${plainNumber(n, n)}"`).join(', ')
  const lines = [
    '```mermaid',
    'xychart-beta',
    `  title "${mermaidText(chart.title)}"`,
    `  x-axis "${mermaidText(chart.xLabel)}" [${categories}]`,
    `  y-axis "${mermaidText(chart.yLabel)}" 0 --> ${plainNumber(top, top)}`,
  ]
  for (const [side, values] of chart.lines) {
    lines.push(`  line "${mermaidText(side)}" [${values.map((v) => plainNumber(v, largest)).join(', ')}]`)
  }
  lines.push('```')
  return `${lines.join('\n')}\n`
}

/**
 * The sides of a series to draw over the points head measured (or, without head, those the baseline
 * measured): a side's line is drawn only when it has a value at every one of them, since an xychart line
 * cannot skip a category.
 */
function drawnSides<P extends { base?: V; head?: V }, V>(
  all: P[],
): { points: P[]; sides: Array<['base' | 'head', V[]]> } {
  const withHead = all.filter((p) => p.head !== undefined)
  const points = withHead.length > 0 ? withHead : all.filter((p) => p.base !== undefined)
  const sides: Array<['base' | 'head', V[]]> = []
  for (const side of ['base', 'head'] as const) {
    const values = points.map((p) => p[side])
    if (points.length > 0 && values.every((v) => v !== undefined)) sides.push([side, values as V[]])
  }
  return { points, sides }
}

/**
 * A ```mermaid block charting a scaling benchmark's median throughput against its thread or process
 * count, one line for the baseline and one for head (see drawnSides). Empty when neither side measured
 * anything.
 */
export function scalingMermaid(series: ScalingSeries): string {
  const { points, sides } = drawnSides<ScalingSeries['points'][number], ScalingSide>(series.points)
  if (points.length === 0) return ''
  const scale = throughputScale(sides.flatMap(([, values]) => values.map((s) => s.throughput)))
  return lineChartMermaid({
    title: `${series.benchmark}: throughput by ${series.dimension}`,
    xLabel: series.dimension,
    categories: points.map((p) => p.count),
    yLabel: `throughput (${scale.unit})`,
    lines: sides.map(([side, values]) => [side, values.map((s) => s.throughput / scale.factor)]),
  })
}

const TIME_UNITS: Array<[number, string]> = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, 'µs'],
]

/** The unit a set of times in ns reads best in. */
export function timeScale(ns: number[]): { factor: number; unit: string } {
  const largest = Math.max(0, ...ns.filter(Number.isFinite))
  for (const [factor, unit] of TIME_UNITS) if (largest >= factor) return { factor, unit }
  return { factor: 1, unit: 'ns' }
}

/** A ```mermaid block charting a parameter scan's median wall time against the parameter, base and head. */
export function scanMermaid(series: ScanSeries): string {
  const { points, sides } = drawnSides<ScanSeries['points'][number], number>(series.points)
  if (points.length === 0) return ''
  const scale = timeScale(sides.flatMap(([, values]) => values))
  return lineChartMermaid({
    title: `${series.benchmark}: wall time by ${series.parameter}`,
    xLabel: series.parameter,
    categories: points.map((p) => p.value),
    yLabel: `wall time, median (${scale.unit})`,
    lines: sides.map(([side, values]) => [side, values.map((v) => v / scale.factor)]),
  })
}
