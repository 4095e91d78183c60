// The HTML report's charts: vega-lite specs of scaling curves, scans and lines, rendered to SVG when the
// report is written (no script in the page), with ids stable per chart.
import type { TopLevelSpec } from 'vega-lite'
import type { ScalingSeries, ScalingSide, ScanSeries } from '../compare/types.ts'
import { formatValue, sig3 } from '../display.ts'
import { plural } from './describe.ts'
import { withoutBidiControls } from './escape.ts'
import { type ThroughputScale, throughputScale, timeScale } from './mermaid.ts'

export const SIDE_COLOR = { base: '#8a8f98', head: '#1f6feb' } as const
export const SIDE_SHAPE = { base: 'square', head: 'circle' } as const
export const OVERSUBSCRIBED_FILL = '#f6d5d1'

/** Which revision a chart row is of: the baseline's or the one measured now. */
export type Revision = 'base' | 'head'
export type ChartKind = 'throughput' | 'speedup' | 'efficiency'

export interface ChartRow {
  count: number
  side: Revision
  value: number
  label: string
}

/** "thread" or "process", for one of a series' counts. */
function unitOf(series: ScalingSeries, n: number): string {
  const one = series.dimension === 'threads' ? 'thread' : 'process'
  if (n === 1) return one
  return series.dimension
}

function chartRows(series: ScalingSeries, kind: ChartKind, scale: ThroughputScale): ChartRow[] {
  const rows: ChartRow[] = []
  for (const p of series.points) {
    for (const side of ['base', 'head'] as const) {
      const s: ScalingSide | undefined = p[side]
      if (!s || !Number.isFinite(s[kind])) continue
      const value = kind === 'throughput' ? s.throughput / scale.factor : s[kind]
      rows.push({
        count: p.count,
        side,
        value,
        label: `${side}, ${p.count} ${unitOf(series, p.count)}: ${describe(s, kind, scale)}`,
      })
    }
  }
  return rows
}

/** One side's value at one count in words: "3.40 M ops/s", "1.70×", "85.0%". */
export function describe(s: ScalingSide, kind: ChartKind, scale: ThroughputScale): string {
  if (kind === 'throughput') return `${sig3(s.throughput / scale.factor)} ${scale.unit}`
  if (kind === 'speedup') return `${sig3(s.speedup)}×`
  return `${sig3(s.efficiency * 100)}%`
}

export function seriesScale(series: ScalingSeries): ThroughputScale {
  const throughputs = series.points.flatMap((p) => [p.base?.throughput, p.head?.throughput])
  return throughputScale(throughputs.filter((t): t is number => t !== undefined))
}

/** The vega-lite spec of one of a series' three charts. */
export function chartSpec(series: ScalingSeries, kind: ChartKind): TopLevelSpec {
  const scale = seriesScale(series)
  const counts = [...new Set(series.points.map((p) => p.count))].sort((a, b) => a - b)
  const smallest = counts[0] ?? 1
  const yTitle =
    kind === 'throughput'
      ? `throughput (${scale.unit})`
      : kind === 'speedup'
        ? `speedup over ${smallest} ${unitOf(series, smallest)}`
        : 'efficiency'
  return lineChartSpec({
    rows: chartRows(series, kind, scale),
    counts,
    xTitle: series.dimension,
    yTitle,
    ...(kind === 'efficiency' ? { yFormat: '%' } : {}),
    cores: series.cores,
    ...(kind !== 'throughput'
      ? { ideal: counts.map((n) => ({ count: n, value: kind === 'speedup' ? n / smallest : 1 })) }
      : {}),
  })
}

/** The vega-lite spec of a parameter scan's chart: median wall time against the parameter's value. */
export function scanChartSpec(series: ScanSeries): TopLevelSpec {
  const scale = timeScale(series.points.flatMap((p) => [p.base, p.head]).filter((x) => x !== undefined))
  const rows: ChartRow[] = series.points.flatMap((p) =>
    (['base', 'head'] as const).flatMap((side) => {
      const ns = p[side]
      if (ns === undefined) return []
      return [
        {
          count: p.value,
          side,
          value: ns / scale.factor,
          label: `${side}, ${series.parameter} ${p.value}: ${formatValue(ns, 'ns')}`,
        },
      ]
    }),
  )
  return lineChartSpec({
    rows,
    counts: series.points.map((p) => p.value),
    xTitle: series.parameter,
    yTitle: `wall time, median (${scale.unit})`,
  })
}

/** What a line chart of base and head draws: a point per side and x value, joined by lines. */
interface LineChartData {
  rows: ChartRow[]
  /** The x values, increasing. */
  counts: number[]
  xTitle: string
  yTitle: string
  /** A d3 format for the y-axis labels ('%'). */
  yFormat?: string
  /** Logical CPUs: x values above it are shaded as oversubscribed. */
  cores?: number
  /** A dashed reference line (perfect scaling). */
  ideal?: Array<{ count: number; value: number }>
}

/** The shading and label of the counts above the machine's logical CPUs, when the chart reaches them. */
// biome-ignore lint/suspicious/noExplicitAny: vega-lite's layer types are too deep to spell out here
function oversubscribedLayers(cores: number | undefined, smallest: number, largest: number): any[] {
  if (cores === undefined || largest <= cores) return []
  const from = cores >= smallest ? { datum: cores } : { value: 0 }
  return [
    {
      data: { values: [{}] },
      mark: { type: 'rect', color: OVERSUBSCRIBED_FILL, opacity: 0.7 },
      encoding: { x: from, x2: { value: 'width' } },
    },
    {
      data: { values: [{}] },
      mark: {
        type: 'text',
        text: `oversubscribed (> ${plural(cores, 'CPU')})`,
        align: 'right',
        baseline: 'bottom',
        dx: -2,
        dy: -3,
        fontSize: 10,
        color: '#a40e26',
      },
      // Above the plot at its right edge, where no line or axis label can cover it.
      encoding: { x: { value: 'width' }, y: { value: 0 } },
    },
  ]
}

/** The vega-lite spec of a line chart of base and head against a numeric x: a scaling curve, a scan. */
export function lineChartSpec(data: LineChartData): TopLevelSpec {
  const { rows, counts } = data
  const smallest = counts[0] ?? 1
  const largest = counts[counts.length - 1] ?? 1
  const sides = (['base', 'head'] as const).filter((s) => rows.some((r) => r.side === s))
  const integers = counts.every(Number.isInteger)
  const logarithmic = smallest > 0 && largest > smallest
  const x = {
    field: 'count',
    type: 'quantitative' as const,
    title: data.xTitle,
    scale: logarithmic
      ? { type: 'log' as const, base: 2, domain: [smallest, largest], nice: false, padding: 18 }
      : { domain: [Math.min(0, smallest), Math.max(1, largest)], nice: false, padding: 18 },
    axis: { values: counts, format: integers ? 'd' : '~g', grid: false },
  }
  const y = {
    field: 'value',
    type: 'quantitative' as const,
    title: data.yTitle,
    ...(data.yFormat ? { axis: { format: data.yFormat } } : {}),
  }
  const color = {
    field: 'side',
    type: 'nominal' as const,
    title: null,
    scale: { domain: [...sides], range: sides.map((s) => SIDE_COLOR[s]) },
  }
  const shape = {
    field: 'side',
    type: 'nominal' as const,
    title: null,
    scale: { domain: [...sides], range: sides.map((s) => SIDE_SHAPE[s]) },
  }

  // biome-ignore lint/suspicious/noExplicitAny: vega-lite's layer types are too deep to spell out here
  const layers: any[] = oversubscribedLayers(data.cores, smallest, largest)
  if (data.ideal) {
    layers.push({
      name: 'ideal',
      data: { values: data.ideal },
      mark: { type: 'line', color: '#b0b7c0', strokeDash: [4, 3], strokeWidth: 1.5 },
      encoding: { x, y },
    })
  }
  layers.push({
    name: 'lines',
    mark: { type: 'line', strokeWidth: 2 },
    encoding: { x, y, color },
  })
  layers.push({
    name: 'points',
    mark: { type: 'point', filled: true, size: 64, opacity: 1 },
    encoding: { x, y, color, shape, description: { field: 'label', type: 'nominal' } },
  })

  return {
    width: 270,
    height: 190,
    background: 'white',
    padding: 8,
    data: { values: rows },
    layer: layers,
    config: {
      font: 'system-ui, sans-serif',
      view: { stroke: '#d0d7de' },
      axis: { labelFontSize: 11, titleFontSize: 11, titleFontWeight: 'normal', gridColor: '#eaeef2' },
      legend: { orient: 'bottom', direction: 'horizontal', labelFontSize: 11 },
    },
  } as TopLevelSpec
}

/** One gated metric's change in the chart of changes, in percent, with its interval and threshold. */
export interface ChangeRow {
  /** The benchmark and metric, and the change: "hash 4M · wall: +30.0%". */
  label: string
  /** The same, the name never shortened: each point's description (its aria-label). */
  description: string
  change: number
  low: number
  high: number
  /** The threshold's band, −threshold … +threshold. */
  threshold: number
  negative: number
  verdict: string
}

/**
 * The chart of changes is drawn as wide as the page's content in a 1200-pixel window (the body's 32-pixel
 * padding either side); the page scales it to its own width.
 */
export const CHANGES_WIDTH = 1136
/** The room the rows' labels take, left of the plot: the plot is the rest. */
export const CHANGES_LABELS = 320
/** Each row's height. */
export const CHANGES_ROW = 18
/** The threshold band's fill: a colour nothing else on the page has. */
export const THRESHOLD_FILL = '#dce3ed'
/** Row labels longer than this many characters are shortened (vega's estimate fits them in the room). */
const LABEL_CHARACTERS = 36

const VERDICT_COLOR: Record<string, string> = {
  regression: '#cf222e',
  accepted: '#bc4c00',
  improvement: '#1a7f37',
  unclear: '#bf8700',
  warning: '#bf8700',
  unchanged: '#57606a',
}

/** "hash 4M · wall: +30.0%", the name and metric shortened with "…" so the change always shows. */
export function changeLabel(name: string, change: string): string {
  const room = LABEL_CHARACTERS - change.length - 2
  const chars = [...name]
  return `${chars.length > room ? `${chars.slice(0, room - 1).join('')}…` : name}: ${change}`
}

/** The 1-2-5 series of percentages: 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, … */
function oneTwoFive(upTo: number): number[] {
  const out: number[] = []
  for (let decade = 1; decade / 10 <= upTo; decade *= 10) for (const m of [1, 2, 5]) out.push(m * decade)
  return out
}

/**
 * Where the axis ends beyond `value` (≥ 0): a tenth further, so no point sits on the frame, rounded up
 * to 1, 1.5, 2, 3, 5 or 7 times a power of ten (a finer series than the ticks', so little is wasted).
 */
function axisEnd(value: number): number {
  const wanted = value * 1.1
  for (let decade = 1; ; decade *= 10)
    for (const m of [1, 1.5, 2, 3, 5, 7]) if (m * decade >= wanted) return m * decade
}

/**
 * The x-axis of the chart of changes. A linear axis is dominated by its largest change: one +140% next to
 * a ±5% threshold leaves the band a sliver. The axis is a symmetric log scale instead (vega's symlog:
 * sign(x) · ln(1 + |x| / c)), with c the smallest threshold: near 0 it is close to linear, so the band
 * ±threshold takes 2 · ln 2 of it, and beyond the threshold it is logarithmic, so a change ten times the
 * threshold takes only ln 11 ≈ 2.4. The domain reaches twice the largest threshold either side, and every
 * change and interval, and a tenth beyond, each end rounded out (axisEnd: −15%, +200%); the ticks are 0, the
 * thresholds, the ends and the 1-2-5 values between, each kept only when it is at least a twelfth of the
 * axis from those kept before, so labels never crowd. Every label says the true change.
 */
export function changesAxis(rows: ChangeRow[]): {
  constant: number
  domain: [number, number]
  ticks: number[]
} {
  const thresholds = [...new Set(rows.map((r) => r.threshold))].filter((t) => t > 0).sort((a, b) => a - b)
  const constant = thresholds[0] ?? 1
  const widest = thresholds[thresholds.length - 1] ?? 1
  const low = -Math.min(100, axisEnd(Math.max(2 * widest, ...rows.map((r) => -r.low))))
  const high = axisEnd(Math.max(2 * widest, ...rows.map((r) => r.high)))
  const at = (x: number) => Math.sign(x) * Math.log1p(Math.abs(x) / constant)
  const gap = (at(high) - at(low)) / 12
  const candidates = [
    0,
    ...thresholds.flatMap((t) => [t, -t]),
    low,
    high,
    ...oneTwoFive(Math.max(high, -low)).flatMap((v) => [v, -v]),
  ].filter((v) => v >= low && v <= high)
  const ticks: number[] = []
  for (const v of candidates) if (ticks.every((t) => Math.abs(at(t) - at(v)) >= gap - 1e-9)) ticks.push(v)
  return { constant, domain: [low, high], ticks: ticks.sort((a, b) => a - b) }
}

function verdictScale(rows: Array<{ verdict: string }>): { domain: string[]; range: string[] } {
  const domain = [...new Set(rows.map((r) => r.verdict))]
  return { domain, range: domain.map((v) => VERDICT_COLOR[v] ?? '#57606a') }
}

/**
 * The vega-lite spec of the chart of changes: each row's threshold band, 0, the interval and the change,
 * on changesAxis' scale, the plot as wide as CHANGES_WIDTH leaves beside the labels.
 */
export function changesChartSpec(rows: ChangeRow[]): TopLevelSpec {
  const { constant, domain, ticks } = changesAxis(rows)
  const color = {
    field: 'verdict',
    type: 'nominal',
    scale: verdictScale(rows),
    legend: { title: null, orient: 'bottom', direction: 'horizontal', labelFontSize: 11 },
  }
  const scale = { type: 'symlog', constant, domain, nice: false, zero: false }
  const x = (field: string, axis?: object) => ({
    field,
    type: 'quantitative',
    scale,
    ...(axis ? { axis } : {}),
  })
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    // The plot's frame draws its stroke half a pixel outside it: one pixel less keeps the whole chart
    // CHANGES_WIDTH wide.
    width: CHANGES_WIDTH - CHANGES_LABELS - 1,
    height: { step: CHANGES_ROW },
    padding: 0,
    background: 'white',
    // Each row by its place and label ("2:hash 4M · wall: +30.0%"), so rows whose labels read the same
    // (one name, one metric, one change) stay rows of their own; the axis shows the label alone.
    data: { values: rows.map((r, i) => ({ ...r, row: `${i + 1}:${r.label}` })) },
    encoding: {
      y: {
        field: 'row',
        type: 'nominal',
        sort: null,
        title: null,
        axis: {
          labelExpr: "slice(datum.value, indexof(datum.value, ':') + 1)",
          labelLimit: CHANGES_LABELS - 12,
          minExtent: CHANGES_LABELS,
          maxExtent: CHANGES_LABELS,
        },
      },
    },
    layer: [
      {
        mark: { type: 'rect', color: THRESHOLD_FILL },
        encoding: {
          x: x('negative', {
            title: 'change (shaded: within the threshold; the scale widens near 0 and narrows far from it)',
            values: ticks,
            labelExpr: "datum.value === 0 ? '0%' : format(datum.value, '+~g') + '%'",
            labelFlush: true,
            grid: true,
          }),
          x2: { field: 'threshold' },
        },
      },
      { mark: { type: 'rule', color: '#8c959f' }, encoding: { x: { datum: 0, scale } } },
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          x: x('low'),
          x2: { field: 'high' },
          color,
        },
      },
      {
        mark: { type: 'point', filled: true, size: 50, opacity: 1 },
        encoding: { x: x('change'), color, description: { field: 'description', type: 'nominal' } },
      },
    ],
    config: {
      font: 'system-ui, sans-serif',
      view: { stroke: '#d0d7de' },
      axis: { labelFontSize: 10, titleFontSize: 11, titleFontWeight: 'normal', gridColor: '#eaeef2' },
    },
  } as unknown as TopLevelSpec
}

/**
 * Vega names clip paths and gradients from a counter shared by everything it renders in a process,
 * so the same chart can come out with different ids. Renumber them per chart, with a prefix that is
 * unique within the page.
 */
export function stableSvgIds(svg: string, prefix: string): string {
  const ids = [...new Set(Array.from(svg.matchAll(/\bid="([^"]+)"/g), (m) => m[1]!))]
  if (ids.length === 0) return svg
  const renamed = new Map(ids.map((id, i) => [id, `${prefix}-${i + 1}`]))
  const pattern = new RegExp(
    `(\\bid="|url\\(#|href="#)(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[")])`,
    'g',
  )
  return svg.replace(pattern, (_, lead: string, id: string) => `${lead}${renamed.get(id)}`)
}

type Vega = typeof import('vega')
type VegaLite = typeof import('vega-lite')

/** vega and vega-lite are large; they load only when a report has charts. */
let libraries: Promise<{ vega: Vega; vegaLite: VegaLite }> | undefined
function loadLibraries(): Promise<{ vega: Vega; vegaLite: VegaLite }> {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => ({
    vega,
    vegaLite,
  }))
  return libraries
}

/**
 * Every string of a chart's spec (titles, labels, the data's names) with bidi controls shown as U+FFFD,
 * as everywhere else in the reports; keys are the spec's own.
 */
function withoutBidiControlsIn(value: unknown): unknown {
  if (typeof value === 'string') return withoutBidiControls(value)
  if (Array.isArray(value)) return value.map(withoutBidiControlsIn)
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutBidiControlsIn(v)]))
  return value
}

/**
 * A vega-lite spec as an SVG string; warnings are dropped, errors throw. Its text is user text (names,
 * metric and unit labels), drawn without the bidi controls it may hold.
 */
export async function renderSvg(spec: TopLevelSpec, idPrefix: string): Promise<string> {
  const { vega, vegaLite } = await loadLibraries()
  const logger = vega.logger(vega.Error)
  const compiled = vegaLite.compile(withoutBidiControlsIn(spec) as TopLevelSpec, { logger }).spec
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error })
  try {
    const svg = await view.toSVG()
    return stableSvgIds(svg, idPrefix)
  } finally {
    view.finalize()
  }
}
