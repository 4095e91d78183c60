// The trend site: static pages, `index.html` first (the suites), then per suite an index of its
// benchmarks and per benchmark a page with a chart of each gated metric over the commits — the center
// with its interval, the change points and where the environment changed — drawn as SVG when the site is
// written, so it needs no script and loads nothing. Every name comes from stored results: escaped, and
// never part of a path (paths.ts).
import path from 'node:path'
import type { TopLevelSpec } from 'vega-lite'
import { formatChange, formatValue, sig3, unitScale } from '../display.ts'
import { escapeHtml } from '../report/escape.ts'
import { renderSvg } from '../report/html.ts'
import { suiteIndexPath, trendPagePath } from '../report/site-paths.ts'
import { changesNewestFirst, type SuiteHistory, type TrendSeries } from './series.ts'
import { commitCount, commitRange, confidence, sizeOf, verdictText } from './text.ts'

export interface SiteOptions {
  /** Shown in every page's footer. */
  version?: string
  now?: Date
}

/** Commits listed under a chart, newest first; the chart has them all. */
export const COMMITS_LISTED = 100

const COLORS = { regression: '#cf222e', improvement: '#1a7f37', line: '#1f6feb', environment: '#8a8f98' }

const STYLE = `
:root { color-scheme: light; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
nav { margin-bottom: 12px; font-size: 13px; } a { color: #0969da; }
h1 code, h2 code { font-size: 0.9em; }
code { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f3f4f6; padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 8px 0 16px; } th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.regression { color: #cf222e; font-weight: 600; } .accepted { color: #8250df; font-weight: 600; } .improvement { color: #1a7f37; font-weight: 600; }
.muted { color: #59636e; } figure { margin: 8px 0 16px; } footer { margin-top: 32px; color: #59636e; font-size: 12px; }
`

function e(text: string): string {
  return escapeHtml(text)
}

function page(title: string, nav: string, body: string, options: SiteOptions): string {
  const footer = `made by bench-action${options.version ? ` ${e(options.version)}` : ''}${options.now ? ` on ${e(options.now.toISOString())}` : ''}`
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav>${nav}</nav>
${body}
<footer>${footer}</footer>
</body>
</html>
`
}

/** A link from one page of the site to another, both given relative to the site's root. */
function href(from: string, to: string): string {
  return e(path.posix.relative(path.posix.dirname(from), to) || path.posix.basename(to))
}

function seriesTitle(series: TrendSeries): string {
  return `${series.metric}${series.label ? ` (${series.label})` : ''}`
}

/** The chart of one series: center and interval over the commits, change points and environment changes. */
function chartSpec(series: TrendSeries): TopLevelSpec {
  const centers = series.points.map((p) => p.center)
  const typical = centers.slice().sort((a, b) => a - b)[Math.floor(centers.length / 2)] ?? 1
  const { factor, label } = unitScale(typical, series.unit)
  const unitLabel = series.unit === 'other' ? (series.label ?? '') : label
  const values = series.points.map((p) => ({
    date: p.createdAt,
    center: p.center / factor,
    ...(p.low !== undefined && p.high !== undefined ? { low: p.low / factor, high: p.high / factor } : {}),
  }))
  const changes = series.changes.map((c) => ({
    from: c.fromDate,
    to: c.toDate,
    verdict: c.verdict,
    text: formatChange(c.change),
  }))
  const environment = series.points
    .filter((p) => p.environment)
    .map((p) => ({ date: p.createdAt, text: 'environment changed' }))
  const x = { field: 'date', type: 'temporal' as const, title: 'measured' }
  const verdictColor = {
    field: 'verdict',
    type: 'nominal' as const,
    scale: { domain: ['regression', 'improvement'], range: [COLORS.regression, COLORS.improvement] },
    legend: null,
  }
  const layers: unknown[] = []
  if (values.some((v) => 'low' in v))
    layers.push({
      data: { values: values.filter((v) => 'low' in v) },
      mark: { type: 'area', opacity: 0.2, color: COLORS.line },
      encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } },
    })
  layers.push({
    data: { values },
    mark: { type: 'line', color: COLORS.line, strokeWidth: 1.5, point: values.length <= 200 },
    encoding: {
      x,
      y: {
        field: 'center',
        type: 'quantitative',
        scale: { zero: false },
        title: `${seriesTitle(series)}${unitLabel ? `, ${unitLabel}` : ''}`,
      },
    },
  })
  if (changes.length > 0) layers.push(...changeLayers(changes, verdictColor))
  if (environment.length > 0) layers.push(...environmentLayers(environment))
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 860,
    height: 240,
    background: 'white',
    layer: layers,
  } as TopLevelSpec
}

/** The change points: the span each was found in, a rule where it took effect, and its size. */
function changeLayers(
  changes: readonly { from: string; to: string; verdict: string; text: string }[],
  verdictColor: unknown,
): unknown[] {
  return [
    {
      data: { values: changes },
      mark: { type: 'rect', opacity: 0.15 },
      encoding: { x: { field: 'from', type: 'temporal' }, x2: { field: 'to' }, color: verdictColor },
    },
    {
      data: { values: changes },
      mark: { type: 'rule', strokeWidth: 1.5 },
      encoding: { x: { field: 'to', type: 'temporal' }, color: verdictColor },
    },
    {
      data: { values: changes },
      mark: {
        type: 'text',
        align: 'left',
        dx: 4,
        dy: -4,
        fontSize: 11,
        fontWeight: 'bold',
        baseline: 'top',
      },
      encoding: {
        x: { field: 'to', type: 'temporal' },
        y: { value: 0 },
        text: { field: 'text' },
        color: verdictColor,
      },
    },
  ]
}

/** Where the environment changed: a dashed rule and its words. */
function environmentLayers(environment: readonly { date: string; text: string }[]): unknown[] {
  return [
    {
      data: { values: environment },
      mark: { type: 'rule', strokeDash: [4, 3], color: COLORS.environment },
      encoding: { x: { field: 'date', type: 'temporal' } },
    },
    {
      data: { values: environment },
      mark: {
        type: 'text',
        angle: 270,
        align: 'right',
        dx: -4,
        dy: -3,
        fontSize: 10,
        color: COLORS.environment,
      },
      encoding: { x: { field: 'date', type: 'temporal' }, y: { value: 0 }, text: { field: 'text' } },
    },
  ]
}

function changesTable(series: TrendSeries): string {
  if (series.changes.length === 0) return '<p class="muted">No change points in this series.</p>'
  const rows = [...series.changes]
    .reverse()
    .map(
      (c) =>
        `<tr><td><code>${e(commitRange(c))}</code> (${e(commitCount(c))})</td><td>${e(c.fromDate.slice(0, 10))}${c.toDate.slice(0, 10) !== c.fromDate.slice(0, 10) ? ` … ${e(c.toDate.slice(0, 10))}` : ''}</td>` +
        `<td class="num">${e(formatChange(c.change))}</td><td>${e(sizeOf(series, c))}</td><td class="num">${e(confidence(c))}</td>` +
        `<td class="${c.accepted ? 'accepted' : c.verdict}">${e(verdictText(c))}</td></tr>`,
    )
    .join('\n')
  return `<table><thead><tr><th>where it started</th><th>when</th><th>change</th><th>size</th><th>confidence</th><th>verdict</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
}

function commitsTable(series: TrendSeries): string {
  const listed = series.points.slice(-COMMITS_LISTED).reverse()
  const value = (v: number) => e(formatValue(v, series.unit, series.label))
  const rows = listed
    .map(
      (p) =>
        `<tr><td><code>${e(p.sha ? p.sha.slice(0, 7) : '—')}</code></td><td>${e(p.createdAt.replace('T', ' ').slice(0, 16))}</td>` +
        `<td class="num">${value(p.center)}</td><td class="num">${p.low !== undefined && p.high !== undefined ? `${value(p.low)} … ${value(p.high)}` : ''}</td>` +
        `<td class="num">${p.runs}</td><td>${p.environment ? e(p.environment.join('; ')) : ''}</td></tr>`,
    )
    .join('\n')
  const more =
    series.points.length > listed.length
      ? `<p class="muted">The newest ${listed.length} of ${series.points.length} commits; the chart shows them all.</p>`
      : ''
  return `<details><summary>Commits, newest first</summary>${more}
<table><thead><tr><th>commit</th><th>measured (UTC)</th><th>${series.exact ? 'value' : 'center'}</th><th>95% interval</th><th>runs</th><th>environment changed</th></tr></thead>
<tbody>
${rows}
</tbody></table></details>`
}

async function benchmarkPage(
  history: SuiteHistory,
  benchmark: string,
  series: TrendSeries[],
  options: SiteOptions,
): Promise<string> {
  const self = trendPagePath(history.suite, benchmark)
  const nav = `<a href="${href(self, 'index.html')}">all suites</a> › <a href="${href(self, suiteIndexPath(history.suite))}">${e(history.suite)}</a>`
  const sections: string[] = []
  for (const [i, s] of series.entries()) {
    const svg = await renderSvg(chartSpec(s), `trend-${i}`)
    const how = s.exact
      ? `Exact values: a change beyond the gate's ${sig3(s.threshold * 100)}% is placed between the measured commit before it and the one where it shows (one commit when every commit was measured), and a drift of smaller steps that adds up to it is shown as the range of commits it took.`
      : 'Each point is one commit: the median of its runs, shaded with its 95% interval. Change points are estimated from the medians, with the range of commits where the shift may have started.'
    sections.push(
      `<h2><code>${e(seriesTitle(s))}</code> <span class="muted">(${s.direction} is better)</span></h2>
<p class="muted">${e(how)}</p>
<figure>${svg}</figure>
${changesTable(s)}
${commitsTable(s)}`,
    )
  }
  const body = `<h1><code>${e(benchmark)}</code></h1>
<p class="muted">Suite <code>${e(history.suite)}</code> on <code>${e(history.branch)}</code>: ${series[0]!.points.length} commits.</p>
${sections.join('\n')}`
  return page(`${benchmark} · ${history.suite}`, nav, body, options)
}

function suitePage(history: SuiteHistory, options: SiteOptions): string {
  const self = suiteIndexPath(history.suite)
  const nav = `<a href="${href(self, 'index.html')}">all suites</a>`
  const rows = history.series
    .map((s) => {
      const latest = s.points[s.points.length - 1]!
      const newest = s.changes[s.changes.length - 1]
      return (
        `<tr><td><a href="${href(self, trendPagePath(history.suite, s.benchmark))}"><code>${e(s.benchmark)}</code></a></td><td><code>${e(seriesTitle(s))}</code></td>` +
        `<td class="num">${s.points.length}</td><td class="num">${e(formatValue(latest.center, s.unit, s.label))}</td><td class="num">${s.changes.length}</td>` +
        `<td>${newest ? `<span class="${newest.verdict}">${e(formatChange(newest.change))}</span> at <code>${e(commitRange(newest))}</code>` : ''}</td></tr>`
      )
    })
    .join('\n')
  const changes = changesNewestFirst(history)
  const changeRows = changes
    .map(
      ({ series: s, change: c }) =>
        `<tr><td><a href="${href(self, trendPagePath(history.suite, s.benchmark))}"><code>${e(s.benchmark)}</code></a></td><td><code>${e(s.metric)}</code></td>` +
        `<td class="num">${e(formatChange(c.change))}</td><td><code>${e(commitRange(c))}</code> (${e(commitCount(c))})</td><td>${e(c.toDate.slice(0, 10))}</td>` +
        `<td class="num">${e(confidence(c))}</td><td class="${c.accepted ? 'accepted' : c.verdict}">${e(verdictText(c))}</td></tr>`,
    )
    .join('\n')
  const skipped =
    history.skipped.length > 0
      ? `<h2>Runs that could not be read</h2><ul>${history.skipped.map((s) => `<li><code>${e(s)}</code></li>`).join('')}</ul>`
      : ''
  const body = `<h1>Suite <code>${e(history.suite)}</code></h1>
<p class="muted">${history.runs} runs of ${history.commits} commits on <code>${e(history.branch)}</code>${history.first && history.last ? `, ${e(history.first.slice(0, 10))} … ${e(history.last.slice(0, 10))}` : ''}.</p>
<h2>Change points, newest first</h2>
${changes.length === 0 ? '<p class="muted">None.</p>' : `<table><thead><tr><th>benchmark</th><th>metric</th><th>change</th><th>where it started</th><th>when</th><th>confidence</th><th>verdict</th></tr></thead><tbody>\n${changeRows}\n</tbody></table>`}
<h2>Benchmarks</h2>
<table><thead><tr><th>benchmark</th><th>metric</th><th>commits</th><th>latest</th><th>change points</th><th>newest change</th></tr></thead><tbody>
${rows}
</tbody></table>
${skipped}`
  return page(`${history.suite} · bench-action history`, nav, body, options)
}

function rootPage(histories: readonly SuiteHistory[], options: SiteOptions): string {
  const rows = histories
    .map((h) => {
      const changes = changesNewestFirst(h)
      const regressions = changes.filter((c) => c.change.verdict === 'regression').length
      return `<tr><td><a href="${href('index.html', suiteIndexPath(h.suite))}"><code>${e(h.suite)}</code></a></td><td><code>${e(h.branch)}</code></td><td class="num">${h.runs}</td><td class="num">${h.commits}</td><td class="num">${h.series.length}</td><td class="num">${changes.length} (${regressions} regression${regressions === 1 ? '' : 's'})</td><td>${h.last ? e(h.last.slice(0, 10)) : ''}</td></tr>`
    })
    .join('\n')
  const body = `<h1>Benchmark history</h1>
<table><thead><tr><th>suite</th><th>branch</th><th>runs</th><th>commits</th><th>series</th><th>change points</th><th>newest run</th></tr></thead><tbody>
${rows}
</tbody></table>`
  return page('bench-action history', '', body, options)
}

/** Every page of the site, by path relative to its root: `index.html`, the suites' and the benchmarks' pages. */
export async function renderSite(
  histories: readonly SuiteHistory[],
  options: SiteOptions = {},
): Promise<Map<string, string>> {
  const pages = new Map<string, string>()
  pages.set('index.html', rootPage(histories, options))
  for (const history of histories) {
    pages.set(suiteIndexPath(history.suite), suitePage(history, options))
    const byBenchmark = new Map<string, TrendSeries[]>()
    for (const s of history.series) byBenchmark.set(s.benchmark, [...(byBenchmark.get(s.benchmark) ?? []), s])
    for (const [benchmark, series] of byBenchmark)
      pages.set(
        trendPagePath(history.suite, benchmark),
        await benchmarkPage(history, benchmark, series, options),
      )
  }
  return pages
}
