// The HTML report's sections with charts: the changes at a glance, samples side by side, functions whose
// instructions changed, parameter scans and scaling curves, each chart beside its table.
import type { TopLevelSpec } from 'vega-lite'
import type {
  BenchmarkComparison,
  ScalingPoint,
  ScalingSeries,
  ScalingSide,
  ScanSeries,
} from '../compare/types.ts'
import { formatChange, formatCount, formatValue, unitScale } from '../display.ts'
import type { ResultSet, SamplePairs } from '../results.ts'
import { plural } from './describe.ts'
import {
  type ChangeRow,
  type ChartKind,
  changeLabel,
  changesChartSpec,
  chartSpec,
  describe,
  renderSvg,
  SIDE_COLOR,
  scanChartSpec,
  seriesScale,
} from './html-charts.ts'
import { code, e, verdictCell } from './html-sections.ts'
import { UNNAMED_FUNCTIONS_HINT, unnamedFunction } from './rows.ts'

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

/**
 * The whole verdict in one chart: each gated metric's change with its interval, against the band of
 * its threshold, regressions first (a forest plot), as wide as the page (changesChartSpec).
 */
export async function changesSection(benchmarks: BenchmarkComparison[]): Promise<string> {
  const rows: ChangeRow[] = benchmarks.flatMap((b) =>
    b.metrics
      .filter((m) => m.gated && m.basis !== 'difference' && Number.isFinite(m.change))
      .map((m) => {
        const interval = m.ci && Number.isFinite(m.ci[0]) && Number.isFinite(m.ci[1]) ? m.ci : undefined
        const change = formatChange(m.change)
        return {
          label: changeLabel(`${b.name} · ${m.metric}`, change),
          description: `${b.name} · ${m.metric}: ${change}`,
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
  const svg = await renderSvg(changesChartSpec(shown), 'changes')
  const more =
    rows.length > shown.length
      ? `<p>The first ${shown.length} of ${rows.length} gated metrics; the table has every one.</p>`
      : ''
  return [
    '<section id="changes">',
    '<h2>Changes</h2>',
    `<figure class="chart changes">${svg}<figcaption>Each gated metric's change and its interval, regressions first; the shaded band is its threshold. The scale is stretched near 0 and compressed far from it, so small and large changes both fit; each row's label gives its change.</figcaption></figure>`,
    more,
    '</section>',
  ]
    .filter((x) => x !== '')
    .join('\n')
}

/** The most benchmarks whose samples are charted, regressions first. */
const SAMPLES_CHARTED = 24

/**
 * Per benchmark, base's and head's samples of its gated metric side by side, so their spread, their
 * outliers and how far apart they are can be seen; for base and head measured in this job, the change
 * of each pair in the order they were measured, so a drift of the machine shows as a trend.
 */
/**
 * The runs compared, for charts of their samples: head's, the baseline's, and the pairs a same-job
 * comparison measured side by side (by benchmark id: base and head sample indices).
 */
export interface ChartedSamples {
  head: ResultSet
  base?: ResultSet
  pairs?: SamplePairs
}

export async function samplesSection(
  benchmarks: BenchmarkComparison[],
  samples: ChartedSamples | undefined,
): Promise<string> {
  if (!samples) return ''
  const byId = (set: ResultSet | undefined) => new Map((set?.benchmarks ?? []).map((b) => [b.id, b]))
  const [heads, bases] = [byId(samples.head), byId(samples.base)]
  const blocks: string[] = []
  for (const b of benchmarks) {
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
export async function functionChangesSection(changed: BenchmarkComparison[]): Promise<string> {
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
        ...(functions.some((f) => unnamedFunction(f.name))
          ? [`<p class="hint">${e(UNNAMED_FUNCTIONS_HINT)}</p>`]
          : []),
      ].join('\n'),
    )
  }
  return ['<section id="functions">', '<h2>Where instructions changed</h2>', ...blocks, '</section>'].join(
    '\n',
  )
}

/** Each parameter scan's chart of median wall time against its parameter, and a row per value. */
export async function scanSection(scans: ScanSeries[]): Promise<string> {
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

export async function scalingSection(scaling: ScalingSeries[]): Promise<string> {
  const blocks: string[] = []
  for (const [i, series] of scaling.entries()) blocks.push(await scalingBlock(series, i))
  return ['<section id="scaling">', '<h2>Scaling</h2>', ...blocks, '</section>'].join('\n')
}
