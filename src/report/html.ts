// A standalone HTML report: one file with inline styles and inline SVG charts, readable offline and
// without JavaScript (an artifact, a mail attachment, a CI page). Charts are vega-lite specs rendered
// to SVG when the report is written; everything a user controls is escaped.
import type { TopLevelSpec } from 'vega-lite'
import type { AcceptedBy } from '../accept.ts'
import {
  type BenchmarkComparison,
  type Comparison,
  type ScalingPoint,
  type ScalingSeries,
  type ScalingSide,
  type ScanSeries,
  VERDICT_ORDER,
} from '../compare/types.ts'
import { formatCount, formatValue, sig3, unitScale } from '../display.ts'
import type { ResultSet, SamplePairs } from '../results.ts'
import { escapeHtml, withoutBidiControls } from './escape.ts'
import { type ThroughputScale, throughputScale, timeScale } from './mermaid.ts'
import {
  acceptedRows,
  CONTENDED_SHOWN,
  contendedLine,
  contendedMeasurements,
  contentionConsequence,
  describeAcceptedBy,
  describeAddedAcceptances,
  describeBaseline,
  describeCommit,
  describeCounts,
  describeExactBaseline,
  describeRunNoise,
  environmentRows,
  failureGroups,
  gateDescription,
  headline,
  headlineMetrics,
  headOnlyLabel,
  headOnlyValue,
  listNames,
  metricLabel,
  metricRow,
  metricVerdictLabel,
  plural,
  shellCorrections,
  shownHeadOnly,
  VERDICT_LABEL,
} from './rows.ts'
import { trendPageUrl } from './site-paths.ts'

export interface HtmlOptions {
  now?: Date
  /** Product version, shown in the footer. */
  version?: string
  /**
   * The runs compared, for charts of their samples: head's, the baseline's, and the pairs a same-job
   * comparison measured side by side (by benchmark id: base and head sample indices).
   */
  samples?: { head: ResultSet; base?: ResultSet; pairs?: SamplePairs }
}

const SIDE_COLOR = { base: '#8a8f98', head: '#1f6feb' } as const
const SIDE_SHAPE = { base: 'square', head: 'circle' } as const
const OVERSUBSCRIBED_FILL = '#f6d5d1'

/** Which revision a chart row is of: the baseline's or the one measured now. */
type Revision = 'base' | 'head'
type ChartKind = 'throughput' | 'speedup' | 'efficiency'

interface ChartRow {
  count: number
  side: Revision
  value: number
  label: string
}

const STYLE = `
:root { color-scheme: light; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: #f3f4f6; padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.verdict { display: inline-block; font-weight: 600; padding: 2px 10px; border-radius: 999px; color: #fff; }
.verdict-pass { background: #1a7f37; }
.verdict-regression { background: #cf222e; }
.verdict-failed { background: #8250df; }
.counts { color: #57606a; margin: 6px 0 0; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 16px 0 0; }
dl.meta dt { color: #57606a; }
dl.meta dd { margin: 0; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.v-regression td { background: #ffebe9; }
tr.v-accepted td { background: #fff1e5; }
tr.v-failed td { background: #fbefff; }
tr.v-improvement td { background: #dafbe1; }
tr.v-unclear td, tr.v-warning td { background: #fff8c5; }
td.notes { color: #57606a; font-size: 12.5px; max-width: 420px; }
td.notes ul { margin: 0; padding-left: 16px; }
.warnings { color: #9a6700; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure.chart { margin: 0; }
figure.chart figcaption { font-weight: 600; margin-bottom: 4px; }
figure.chart svg { max-width: 100%; height: auto; display: block; }
.badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 12.5px; font-weight: 600; white-space: nowrap; border: 1px solid transparent; }
.badge-regression { background: #cf222e; color: #fff; }
.badge-accepted { background: #fff1e5; color: #953800; border-color: #fb8f44; }
.badge-failed { background: #8250df; color: #fff; }
.badge-improvement { background: #1a7f37; color: #fff; }
.badge-unclear, .badge-warning { background: #fff8c5; color: #7d4e00; border-color: #d4a72c; }
.badge-unchanged { background: #f6f8fa; color: #57606a; border-color: #d0d7de; }
.badge-new, .badge-missing { background: #ddf4ff; color: #0550ae; border-color: #54aeff; }
.mark { font-weight: 700; }
.oversubscribed { background: ${OVERSUBSCRIBED_FILL}; padding: 6px 10px; border-radius: 6px; display: inline-block; }
footer { margin-top: 40px; color: #57606a; font-size: 12.5px; }
`
  .trim()
  .replace(/\n/g, '\n  ')

function e(text: string): string {
  return escapeHtml(text)
}

function code(text: string): string {
  return `<code>${e(text)}</code>`
}

/** A verdict as a coloured badge: text and CSS only, so it reads the same without an emoji font. */
function verdictCell(v: BenchmarkComparison['verdict']): string {
  return verdictBadge(v, VERDICT_LABEL[v])
}

function verdictBadge(v: BenchmarkComparison['verdict'], label: string): string {
  return `<span class="badge badge-${v}">${e(label)}</span>`
}

function notesCell(notes: string[]): string {
  const unique = [...new Set(notes)]
  if (unique.length === 0) return '<td class="notes"></td>'
  return `<td class="notes"><ul>${unique.map((n) => `<li>${e(n)}</li>`).join('')}</ul></td>`
}

/** Benchmarks in the order a reader needs them: regressions and failures first. */
function byVerdict(benchmarks: BenchmarkComparison[]): BenchmarkComparison[] {
  return VERDICT_ORDER.flatMap((v) => benchmarks.filter((b) => b.verdict === v))
}

/** A link to a benchmark's page of the trend site: the site's address from the config, the page's path a digest. */
function trendLink(c: Comparison, b: BenchmarkComparison): string {
  if (c.trends === undefined) return ''
  return ` <a class="trend" href="${e(trendPageUrl(c.trends, c.suite, b.id))}">trend</a>`
}

/** bench.yml's accept: entries the pull request added, first thing under the verdict. */
function addedAcceptances(c: Comparison): string {
  const [first, ...entries] = describeAddedAcceptances(c)
  if (first === undefined) return ''
  return `<div class="warnings" id="added-acceptances"><p><span class="mark">!</span> ${e(first)}</p><ul>${entries.map((x) => `<li>${e(x)}</li>`).join('')}</ul></div>`
}

/** Who accepted a metric's regression and why, for its notes. */
function acceptedNote(m: { accepted?: AcceptedBy }): string[] {
  return m.accepted ? [`accepted by ${describeAcceptedBy(m.accepted)}: ${m.accepted.reason}`] : []
}

function benchmarkRows(c: Comparison, b: BenchmarkComparison): string[] {
  const row = (cells: string[], verdict: BenchmarkComparison['verdict'], notes: string[]) =>
    `<tr class="v-${verdict}">${cells.join('')}${notesCell(notes)}</tr>`
  const name = `<td>${code(b.name)}${trendLink(c, b)}</td>`
  // Every metric, the gated ones first: the others show their change with the verdict they follow
  // or "(not gated)".
  const gated = [...b.metrics.filter((m) => m.gated), ...b.metrics.filter((m) => !m.gated)]
  if (b.metrics.some((m) => m.gated)) {
    const shown = new Set(headlineMetrics(b))
    return gated.map((m, i) => {
      const r = metricRow(b, m)
      const change =
        shown.has(m) &&
        (m.verdict === 'regression' || m.verdict === 'accepted' || m.verdict === 'improvement')
      return row(
        [
          name,
          `<td>${e(r.metric)}</td>`,
          `<td class="num">${e(r.base)}</td>`,
          `<td class="num">${e(r.head)}</td>`,
          `<td class="num">${change ? `<strong>${e(r.change)}</strong>` : e(r.change)}</td>`,
          `<td class="num">${e(r.interval)}</td>`,
          `<td class="num">${e(r.p)}</td>`,
          `<td>${verdictBadge(r.verdict, metricVerdictLabel(r))}</td>`,
        ],
        r.gated ? r.verdict : 'unchanged',
        [
          ...(r.why !== undefined ? [`unclear: ${r.why}`] : []),
          ...(i === 0 ? b.notes : []),
          ...(m.gated ? acceptedNote(m) : []),
          ...r.notes,
        ],
      )
    })
  }
  const headOnly = shownHeadOnly(b, false)
  if (headOnly.length > 0) {
    return headOnly.map((h, i) =>
      row(
        [
          name,
          `<td>${e(headOnlyLabel(h))}</td>`,
          '<td class="num"></td>',
          `<td class="num">${e(headOnlyValue(h))}</td>`,
          '<td class="num"></td><td class="num"></td><td class="num"></td>',
          `<td>${verdictCell(b.verdict)}</td>`,
        ],
        b.verdict,
        i === 0 ? b.notes : [],
      ),
    )
  }
  const notes = b.error ? [b.error.message, ...b.notes] : b.notes
  const metric = b.metrics.length > 0 ? b.metrics.map(metricLabel).join(', ') : ''
  return [
    row(
      [
        name,
        `<td>${e(metric)}</td>`,
        '<td class="num"></td><td class="num"></td><td class="num"></td><td class="num"></td><td class="num"></td>',
        `<td>${verdictCell(b.verdict)}</td>`,
      ],
      b.verdict,
      notes,
    ),
  ]
}

function benchmarksSection(c: Comparison): string {
  const header = ['Benchmark', 'Metric', 'Base', 'Head', 'Change', 'Interval', 'p', 'Verdict', 'Notes']
  const rows = byVerdict(c.benchmarks).flatMap((b) => benchmarkRows(c, b))
  if (rows.length === 0) rows.push(`<tr><td colspan="${header.length}">No benchmarks ran.</td></tr>`)
  return [
    '<section id="benchmarks">',
    '<h2>Benchmarks</h2>',
    '<table>',
    `<thead><tr>${header.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
    '</section>',
  ].join('\n')
}

/** Regressions accepted on purpose: the change, its interval, who accepted it and why. */
function acceptedSection(c: Comparison): string {
  const accepted = acceptedRows(c.benchmarks)
  const notes = c.acceptance?.notes ?? []
  if (accepted.length === 0 && notes.length === 0) return ''
  const header = ['Benchmark', 'Metric', 'Change', 'Interval', 'Verdict', 'Accepted by', 'Reason']
  const rows = accepted.map(
    ({ benchmark, row, accepted: a }) =>
      `<tr class="v-accepted"><td>${code(row.benchmark)}${trendLink(c, benchmark)}</td><td>${e(row.metric)}</td><td class="num"><strong>${e(row.change)}</strong></td><td class="num">${e(row.interval)}</td><td>${verdictCell('accepted')}</td><td>${e(describeAcceptedBy(a))}</td><td>${e(a.reason)}</td></tr>`,
  )
  return [
    '<section id="accepted">',
    '<h2>Accepted regressions</h2>',
    ...(rows.length > 0
      ? [
          '<table>',
          `<thead><tr>${header.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`,
          `<tbody>\n${rows.join('\n')}\n</tbody>`,
          '</table>',
        ]
      : []),
    ...(notes.length > 0
      ? [`<ul class="warnings">${notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>`]
      : []),
    '</section>',
  ].join('\n')
}

function failuresSection(c: Comparison): string {
  const failed = c.benchmarks.filter((b) => b.verdict === 'failed')
  if (failed.length === 0) return ''
  // Benchmarks that failed alike (a setup step failed before any ran) are told once.
  const blocks = failureGroups(failed).map((g) => {
    const names = listNames(g.benchmarks.map((b) => code(b.name)))
    const parts = [`<h3>${names}</h3>`, `<p>${e(g.error?.message ?? 'failed')}</p>`]
    const only = g.benchmarks.length === 1 ? g.benchmarks[0] : undefined
    if (only?.command) parts.push(`<p>Command: ${code(only.command.join(' '))}</p>`)
    const tail = g.error?.stderrTail?.trim()
    parts.push(tail ? `<p>stderr (last lines):</p>\n<pre>${e(tail)}</pre>` : '<p>No stderr output.</p>')
    return parts.join('\n')
  })
  return ['<section id="failures">', '<h2>Failures</h2>', ...blocks, '</section>'].join('\n')
}

function environmentSection(c: Comparison): string {
  const rows = environmentRows(c).map(([k, b, h]) => {
    const differs = c.baseline !== undefined && b !== '' && b !== h
    return `<tr><td>${e(k)}</td><td>${e(b)}</td><td>${e(h)}${differs ? ' ⚠️' : ''}</td></tr>`
  })
  if (rows.length === 0) return ''
  return [
    '<section id="environment">',
    '<h2>Environment</h2>',
    '<table>',
    '<thead><tr><th></th><th>Base</th><th>Head</th></tr></thead>',
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
    '</section>',
  ].join('\n')
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
function describe(s: ScalingSide, kind: ChartKind, scale: ThroughputScale): string {
  if (kind === 'throughput') return `${sig3(s.throughput / scale.factor)} ${scale.unit}`
  if (kind === 'speedup') return `${sig3(s.speedup)}×`
  return `${sig3(s.efficiency * 100)}%`
}

function seriesScale(series: ScalingSeries): ThroughputScale {
  const throughputs = series.points.flatMap((p) => [p.base?.throughput, p.head?.throughput])
  return throughputScale(throughputs.filter((t): t is number => t !== undefined))
}

/** The vega-lite spec of one of a series' three charts. */
function chartSpec(series: ScalingSeries, kind: ChartKind): TopLevelSpec {
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
function scanChartSpec(series: ScanSeries): TopLevelSpec {
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

/** The vega-lite spec of a line chart of base and head against a numeric x: a scaling curve, a scan. */
function lineChartSpec(data: LineChartData): TopLevelSpec {
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
  const layers: any[] = []
  const cores = data.cores
  if (cores !== undefined && largest > cores) {
    const from = cores >= smallest ? { datum: cores } : { value: 0 }
    layers.push({
      data: { values: [{}] },
      mark: { type: 'rect', color: OVERSUBSCRIBED_FILL, opacity: 0.7 },
      encoding: { x: from, x2: { value: 'width' } },
    })
    layers.push({
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
    })
  }
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

function pointsTable(series: ScalingSeries): string {
  const cell = (s: ScalingSide | undefined, f: (s: ScalingSide) => string) =>
    `<td class="num">${s ? e(f(s)) : ''}</td>`
  const scale = seriesScale(series)
  const rows = series.points.map((p: ScalingPoint) => {
    const over = p.count > series.cores ? ' (oversubscribed)' : ''
    return [
      `<tr class="v-${p.verdict}">`,
      `<td class="num">${p.count}${over}</td>`,
      cell(p.base, (s) => describe(s, 'throughput', scale)),
      cell(p.head, (s) => describe(s, 'throughput', scale)),
      cell(p.base, (s) => describe(s, 'speedup', scale)),
      cell(p.head, (s) => describe(s, 'speedup', scale)),
      cell(p.base, (s) => describe(s, 'efficiency', scale)),
      cell(p.head, (s) => describe(s, 'efficiency', scale)),
      `<td>${verdictCell(p.verdict)}</td>`,
      '</tr>',
    ].join('')
  })
  const header = [
    series.dimension,
    'Base throughput',
    'Head throughput',
    'Base speedup',
    'Head speedup',
    'Base efficiency',
    'Head efficiency',
    'Verdict',
  ]
  return [
    '<table class="scaling-points">',
    `<thead><tr>${header.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
  ].join('\n')
}

const CHART_TITLES: Record<ChartKind, string> = {
  throughput: 'Throughput',
  speedup: 'Speedup',
  efficiency: 'Efficiency',
}

async function scalingBlock(series: ScalingSeries, index: number): Promise<string> {
  const figures: string[] = []
  for (const kind of ['throughput', 'speedup', 'efficiency'] as const) {
    const svg = await renderSvg(chartSpec(series, kind), `scaling-${index + 1}-${kind}`)
    figures.push(
      [
        `<figure class="chart" data-chart="${kind}" data-series="${index + 1}">`,
        `<figcaption>${CHART_TITLES[kind]}</figcaption>`,
        svg,
        '</figure>',
      ].join('\n'),
    )
  }
  const over = series.points.filter((p) => p.count > series.cores).map((p) => p.count)
  const cores = `The machine that measured head has ${plural(series.cores, 'logical CPU')}.`
  const note =
    over.length > 0
      ? `<p class="oversubscribed">${cores} Oversubscribed (more ${e(series.dimension)} than CPUs, shaded in the charts): ${over.join(', ')}.</p>`
      : `<p>${cores}</p>`
  return [
    `<section class="scaling" id="scaling-${index + 1}">`,
    `<h3>${code(series.benchmark)} by ${e(series.dimension)}</h3>`,
    note,
    `<div class="charts">\n${figures.join('\n')}\n</div>`,
    pointsTable(series),
    '</section>',
  ].join('\n')
}

/** The most rows the chart of changes draws; the table below it has every benchmark. */
const CHANGES_CHARTED = 60
const VERDICT_COLOR: Record<string, string> = {
  regression: '#cf222e',
  accepted: '#bc4c00',
  improvement: '#1a7f37',
  unclear: '#bf8700',
  warning: '#bf8700',
  unchanged: '#57606a',
}

/**
 * The whole verdict in one chart: each gated metric's change with its interval, against the band of
 * its threshold, regressions first (a forest plot).
 */
async function changesSection(c: Comparison): Promise<string> {
  const rows = byVerdict(c.benchmarks).flatMap((b) =>
    b.metrics
      .filter((m) => m.gated && m.basis !== 'difference' && Number.isFinite(m.change))
      .map((m) => {
        const interval = m.ci && Number.isFinite(m.ci[0]) && Number.isFinite(m.ci[1]) ? m.ci : undefined
        return {
          label: `${b.name} · ${m.metric}`,
          change: m.change * 100,
          low: (interval ? interval[0] - 1 : m.change) * 100,
          high: (interval ? interval[1] - 1 : m.change) * 100,
          threshold: b.threshold * 100,
          negative: -b.threshold * 100,
          verdict: m.verdict,
        }
      }),
  )
  if (rows.length === 0) return ''
  const shown = rows.slice(0, CHANGES_CHARTED)
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 560,
    height: { step: 18 },
    data: { values: shown },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: null, title: null, axis: { labelLimit: 320 } },
    },
    layer: [
      {
        mark: { type: 'rect', color: '#eaeef2' },
        encoding: {
          x: {
            field: 'negative',
            type: 'quantitative',
            title: 'change, % (interval; shaded: within the threshold)',
          },
          x2: { field: 'threshold' },
        },
      },
      { mark: { type: 'rule', color: '#8c959f' }, encoding: { x: { datum: 0 } } },
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          x: { field: 'low', type: 'quantitative' },
          x2: { field: 'high' },
          color: { field: 'verdict', type: 'nominal', scale: verdictScale(shown), legend: null },
        },
      },
      {
        mark: { type: 'point', filled: true, size: 50 },
        encoding: {
          x: { field: 'change', type: 'quantitative' },
          color: {
            field: 'verdict',
            type: 'nominal',
            scale: verdictScale(shown),
            legend: { title: 'verdict', orient: 'bottom' },
          },
        },
      },
    ],
  } as unknown as TopLevelSpec
  const svg = await renderSvg(spec, 'changes')
  const more =
    rows.length > shown.length
      ? `<p>The first ${shown.length} of ${rows.length} gated metrics; the table has every one.</p>`
      : ''
  return [
    '<section id="changes">',
    '<h2>Changes</h2>',
    `<figure class="chart">${svg}<figcaption>Each gated metric's change and its interval, regressions first; the shaded band is its threshold.</figcaption></figure>`,
    more,
    '</section>',
  ]
    .filter((x) => x !== '')
    .join('\n')
}

function verdictScale(rows: Array<{ verdict: string }>): { domain: string[]; range: string[] } {
  const domain = [...new Set(rows.map((r) => r.verdict))]
  return { domain, range: domain.map((v) => VERDICT_COLOR[v] ?? '#57606a') }
}

/** The most benchmarks whose samples are charted, regressions first. */
const SAMPLES_CHARTED = 24

/**
 * Per benchmark, base's and head's samples of its gated metric side by side, so their spread, their
 * outliers and how far apart they are can be seen; for base and head measured in this job, the change
 * of each pair in the order they were measured, so a drift of the machine shows as a trend.
 */
async function samplesSection(c: Comparison, samples: HtmlOptions['samples']): Promise<string> {
  if (!samples) return ''
  const byId = (set: ResultSet | undefined) => new Map((set?.benchmarks ?? []).map((b) => [b.id, b]))
  const [heads, bases] = [byId(samples.head), byId(samples.base)]
  const blocks: string[] = []
  for (const b of byVerdict(c.benchmarks)) {
    if (blocks.length >= SAMPLES_CHARTED) break
    const metric = b.metrics.find((m) => m.gated && !m.exact)
    const head = heads.get(b.id)?.metrics[metric?.metric ?? '']?.samples
    const base = bases.get(b.id)?.metrics[metric?.metric ?? '']?.samples
    if (!metric || !head?.length || !base?.length) continue
    const { factor, label } = unitScale(metric.base.median, metric.unit)
    const values = [
      ...base.map((v) => ({ side: 'base', value: v / factor })),
      ...head.map((v) => ({ side: 'head', value: v / factor })),
    ]
    const strip = {
      width: 360,
      height: { step: 26 },
      data: { values },
      mark: { type: 'tick', thickness: 1.5 },
      encoding: {
        y: { field: 'side', type: 'nominal', title: null, sort: ['base', 'head'] },
        x: {
          field: 'value',
          type: 'quantitative',
          title: `${metric.metric} (${label})`,
          scale: { zero: false },
        },
        color: {
          field: 'side',
          type: 'nominal',
          scale: { domain: ['base', 'head'], range: [SIDE_COLOR.base, SIDE_COLOR.head] },
          legend: null,
        },
      },
    }
    const pairs = (samples.pairs?.[b.id] ?? []).filter(([i, j]) => i < base.length && j < head.length)
    const paired = {
      width: 300,
      height: 80,
      data: { values: pairs.map(([i, j], n) => ({ pair: n + 1, change: (head[j]! / base[i]! - 1) * 100 })) },
      layer: [
        { mark: { type: 'rule', color: '#8c959f' }, encoding: { y: { datum: 0 } } },
        {
          mark: { type: 'line', point: true, color: SIDE_COLOR.head },
          encoding: {
            x: { field: 'pair', type: 'quantitative', title: 'pair, in the order measured' },
            y: { field: 'change', type: 'quantitative', title: 'head vs base, %' },
          },
        },
      ],
    }
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      ...(pairs.length > 1 ? { hconcat: [strip, paired] } : strip),
    } as unknown as TopLevelSpec
    const svg = await renderSvg(spec, `samples-${blocks.length}`)
    const caption =
      pairs.length > 1
        ? `${base.length} base and ${head.length} head samples; each of ${pairs.length} pairs measured side by side, in order`
        : `${base.length} base and ${head.length} head samples`
    blocks.push(
      `<figure class="chart"><figcaption>${code(b.name)} ${verdictCell(b.verdict)}</figcaption>${svg}<p class="counts">${e(caption)}</p></figure>`,
    )
  }
  if (blocks.length === 0) return ''
  return [
    '<section id="samples">',
    '<h2>Samples</h2>',
    `<div class="charts">${blocks.join('\n')}</div>`,
    '</section>',
  ].join('\n')
}

/** Instruction benchmarks that changed: the functions whose own instructions changed most, charted and listed. */
async function functionChangesSection(c: Comparison): Promise<string> {
  const changed = c.benchmarks.filter((b) => b.functionChanges && b.functionChanges.length > 0)
  if (changed.length === 0) return ''
  const blocks: string[] = []
  for (const [i, b] of changed.entries()) {
    const functions = b.functionChanges!
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      width: 420,
      height: { step: 18 },
      data: {
        values: functions.map((f) => ({
          name: f.name,
          delta: f.delta,
          worse: f.delta > 0 ? 'more' : 'fewer',
        })),
      },
      mark: { type: 'bar' },
      encoding: {
        y: { field: 'name', type: 'nominal', sort: null, title: null, axis: { labelLimit: 280 } },
        x: { field: 'delta', type: 'quantitative', title: 'Δ instructions (self), head − base' },
        color: {
          field: 'worse',
          type: 'nominal',
          scale: { domain: ['more', 'fewer'], range: ['#cf222e', '#1a7f37'] },
          legend: null,
        },
      },
    } as unknown as TopLevelSpec
    const svg = await renderSvg(spec, `functions-${i}`)
    const rows = functions
      .map(
        (f) =>
          `<tr><td>${code(f.name)}</td><td class="num">${e(formatCount(f.base))}</td><td class="num">${e(formatCount(f.head))}</td><td class="num">${e(`${f.delta > 0 ? '+' : ''}${formatCount(f.delta)}`)}</td><td class="num">${e(f.deltaPercent === null ? 'new' : `${f.deltaPercent > 0 ? '+' : ''}${f.deltaPercent.toFixed(1)}%`)}</td></tr>`,
      )
      .join('\n')
    blocks.push(
      [
        `<h3>${code(b.name)}</h3>`,
        `<div class="charts"><figure class="chart">${svg}<figcaption>Self instructions, head − base</figcaption></figure>`,
        `<table><thead><tr><th>Function</th><th>Base</th><th>Head</th><th>Δ</th><th>Δ %</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`,
      ].join('\n'),
    )
  }
  return ['<section id="functions">', '<h2>Where instructions changed</h2>', ...blocks, '</section>'].join(
    '\n',
  )
}

/** Each parameter scan's chart of median wall time against its parameter, and a row per value. */
async function scanSection(c: Comparison): Promise<string> {
  const scans = c.scans ?? []
  if (scans.length === 0) return ''
  const blocks: string[] = []
  for (const [i, series] of scans.entries()) {
    const svg = await renderSvg(scanChartSpec(series), `scan-${i + 1}`)
    const cell = (ns: number | undefined) =>
      `<td class="num">${ns === undefined ? '' : e(formatValue(ns, 'ns'))}</td>`
    const rows = series.points.map(
      (p) =>
        `<tr class="v-${p.verdict}"><td class="num">${e(String(p.value))}</td>${cell(p.base)}${cell(p.head)}<td>${verdictCell(p.verdict)}</td></tr>`,
    )
    blocks.push(
      [
        `<section class="scan" id="scan-${i + 1}">`,
        `<h3>${code(series.benchmark)} by ${e(series.parameter)}</h3>`,
        `<div class="charts">\n<figure class="chart" data-chart="wall" data-scan="${i + 1}">\n<figcaption>Wall time</figcaption>\n${svg}\n</figure>\n</div>`,
        '<table class="scan-points">',
        `<thead><tr><th>${e(series.parameter)}</th><th>Base wall (median)</th><th>Head wall (median)</th><th>Verdict</th></tr></thead>`,
        `<tbody>\n${rows.join('\n')}\n</tbody>`,
        '</table>',
        '</section>',
      ].join('\n'),
    )
  }
  return ['<section id="scans">', '<h2>Parameter scans</h2>', ...blocks, '</section>'].join('\n')
}

async function scalingSection(c: Comparison): Promise<string> {
  if (c.scaling.length === 0) return ''
  const blocks: string[] = []
  for (const [i, series] of c.scaling.entries()) blocks.push(await scalingBlock(series, i))
  return ['<section id="scaling">', '<h2>Scaling</h2>', ...blocks, '</section>'].join('\n')
}

function metaSection(c: Comparison, now: Date): string {
  const items: Array<[string, string]> = [
    ['Suite', code(c.suite)],
    ['Head', `${e(describeCommit(c.head.commit))}, measured ${e(c.head.createdAt)}`],
    ['Baseline', e(describeBaseline(c, now))],
  ]
  if (c.baseline) items.push(['Baseline source', code(c.baseline.source)])
  const exact = describeExactBaseline(c, now)
  if (exact) items.push(['Instruction counts compared with', e(exact)])
  if (c.exactBaseline?.baseline) items.push(['Its source', code(c.exactBaseline.baseline.source)])
  const noise = describeRunNoise(c)
  if (noise) items.push(['Drift between runs', e(noise)])
  const out = ['<dl class="meta">', ...items.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`), '</dl>']
  if (c.baselineWarnings.length > 0) {
    out.push(
      `<ul class="warnings">${c.baselineWarnings.map((w) => `<li><span class="mark">!</span> ${e(w)}</li>`).join('')}</ul>`,
    )
  }
  if (c.environmentDifferences.length > 0) {
    const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`)
    out.push(
      `<p class="warnings"><span class="mark">!</span> The environment differs from the baseline's: ${e(diffs.join('; '))}.</p>`,
    )
  }
  const contended = contendedMeasurements(c)
  if (contended.length > 0) {
    const items = contended.slice(0, CONTENDED_SHOWN).map((m) => {
      const { name, detail } = contendedLine(m)
      return `<li>${code(name)}${e(detail)}</li>`
    })
    if (contended.length > CONTENDED_SHOWN)
      items.push(`<li>and ${contended.length - CONTENDED_SHOWN} more</li>`)
    out.push(
      `<div class="warnings" id="contention"><p>⚠️ The machine was busy while measuring; ${e(contentionConsequence(c, contended))}.</p><ul>${items.join('')}</ul></div>`,
    )
  }
  return out.join('\n')
}

/** What was subtracted from wall times for the shells the benchmarks ran through. */
function shellCorrectionSection(c: Comparison): string {
  const lines = shellCorrections(c)
  if (lines.length === 0) return ''
  return [
    '<section id="shell-correction">',
    '<h2>Shell start-up</h2>',
    `<ul>${lines.map(({ name, detail }) => `<li>${code(name)}: ${e(detail)}</li>`).join('')}</ul>`,
    '</section>',
  ].join('\n')
}

/** The whole report as one HTML document with no external resources and no scripts. */
export async function renderHtml(c: Comparison, options: HtmlOptions = {}): Promise<string> {
  const now = options.now ?? new Date()
  const { text } = headline(c)
  const version = options.version ? ` · bench-action ${e(options.version)}` : ''
  const body = [
    '<header>',
    `<h1>${e(text)}</h1>`,
    `<p><span class="verdict verdict-${c.verdict}">${e(c.verdict)}</span></p>`,
    `<p class="counts">${describeCounts(c).map(e).join(' · ')}</p>`,
    addedAcceptances(c),
    metaSection(c, now),
    '</header>',
    await changesSection(c),
    acceptedSection(c),
    benchmarksSection(c),
    await samplesSection(c, options.samples),
    await functionChangesSection(c),
    failuresSection(c),
    await scalingSection(c),
    await scanSection(c),
    shellCorrectionSection(c),
    environmentSection(c),
    `<footer>${e(gateDescription(c))}${version}</footer>`,
  ].filter((s) => s !== '')
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(`${c.suite}: ${text}`)}</title>`,
    `<style>\n  ${STYLE}\n</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
