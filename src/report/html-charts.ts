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
