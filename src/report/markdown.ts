// The PR comment and job summary body (docs/ARCHITECTURE.md#the-report): verdict first, regressions before improvements,
// unchanged rows collapsed, and what was compared with what stated plainly.
import { engineTable } from '../compare/rank.ts'
import type {
  BenchmarkComparison,
  Comparison,
  EngineRankEntry,
  EngineRanking,
  RankEntry,
  ScalingSeries,
  ScanSeries,
} from '../compare/types.ts'
import { formatChange, formatCount, formatValue, sig3 } from '../display.ts'
import {
  escapeMarkdownInline,
  escapeMarkdownLine,
  htmlCode,
  markdownCode,
  markdownCodeBlock,
  markerFor,
} from './escape.ts'
import { scalingMermaid, scanMermaid } from './mermaid.ts'
import {
  type Formatters,
  formatLayout,
  type Layout,
  type ReportModel,
  reportModel,
  SHORTENING,
  shortened,
} from './model.ts'
import {
  acceptedRows,
  CONTENDED_SHOWN,
  type ContendedMeasurement,
  changeCell,
  contendedLine,
  contentionConsequence,
  describeAcceptedBy,
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
  headOnlyRuns,
  headOnlyValue,
  listNames,
  type MetricRow,
  metricRow,
  metricVerdictLabel,
  shownHeadOnly,
  VERDICT_ICON,
  VERDICT_LABEL,
} from './rows.ts'
import { trendPageUrl } from './site-paths.ts'

export interface MarkdownOptions {
  now?: Date
  /** Product version, shown in the footer. */
  version?: string
  /** Shorten the report to at most this size (COMMENT_LIMIT for a comment). */
  maxLength?: number
  /** How size is counted; characters by default. */
  measure?: (text: string) => number
  /** Where the full report is, named when the report had to be shortened. */
  fullReportUrl?: string
}

function table(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`]
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`)
  return lines.join('\n')
}

/**
 * A collapsed block. `summary` is raw HTML (the `<details>` line opens an HTML block, where markdown
 * does not apply): user text in it goes through htmlCode, never markdownCode.
 */
function details(summary: string, body: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${body}\n\n</details>`
}

const METRIC_HEADER = ['Benchmark', 'Metric', 'Base', 'Head', 'Change', 'Interval', 'p', 'Verdict']

/** Makes the link to a benchmark's trend page, or nothing when the config names no trend site. */
type TrendLink = (benchmarkId: string) => string

/**
 * A link to the benchmark's page of the trend site, after its name. The address is ours: the site's
 * from the config (checked to hold nothing that could end the link), the page's path a digest
 * (site-paths.ts), never the benchmark's name.
 */
function trendLinks(c: Comparison): TrendLink {
  const site = c.trends
  if (site === undefined) return () => ''
  return (benchmarkId) => ` [trend](<${trendPageUrl(site, c.suite, benchmarkId)}>)`
}

function metricCells(r: MetricRow, emphasise: boolean, trend: TrendLink): string[] {
  const change = emphasise ? `**${r.change}**` : r.change
  return [
    `${markdownCode(r.benchmark)}${trend(r.benchmarkId)}`,
    escapeMarkdownInline(r.metric),
    // A custom unit's label is the tool's (or the result file's) text.
    escapeMarkdownInline(r.base),
    escapeMarkdownInline(r.head),
    change,
    r.interval,
    r.p,
    `${VERDICT_ICON[r.verdict]} ${metricVerdictLabel(r)}`,
  ]
}

function headlineRows(benchmarks: BenchmarkComparison[], emphasise: boolean, trend: TrendLink): string[][] {
  const rows: string[][] = []
  for (const b of benchmarks) {
    for (const m of headlineMetrics(b)) rows.push(metricCells(metricRow(b, m), emphasise, trend))
  }
  return rows
}

function section(
  title: string,
  benchmarks: BenchmarkComparison[],
  emphasise: boolean,
  trend: TrendLink,
): string[] {
  if (benchmarks.length === 0) return []
  return [`#### ${title}`, table(METRIC_HEADER, headlineRows(benchmarks, emphasise, trend))]
}

/**
 * Changes beyond the threshold without the evidence for a verdict, each with its reason: not
 * significant, too few runs, or within the machine's drift between runs of the same code.
 */
function unclearSection(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
  if (benchmarks.length === 0) return []
  const rows: string[][] = []
  for (const b of benchmarks) {
    for (const m of headlineMetrics(b)) {
      const r = metricRow(b, m)
      rows.push([...metricCells(r, false, trend), escapeMarkdownInline(r.why ?? '')])
    }
  }
  return [
    '#### Unclear: beyond the threshold, without the evidence for a verdict',
    table([...METRIC_HEADER, 'Why'], rows),
  ]
}

const ACCEPTED_HEADER = ['Benchmark', 'Metric', 'Base', 'Head', 'Change', 'Interval', 'Accepted by', 'Reason']

/** Regressions accepted on purpose: the change and its interval, who accepted it and why. Never collapsed. */
function acceptedSection(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
  const rows = acceptedRows(benchmarks).map(({ row, accepted }) => [
    ...metricCells(row, true, trend).slice(0, 6),
    escapeMarkdownInline(describeAcceptedBy(accepted)),
    escapeMarkdownInline(accepted.reason),
  ])
  if (rows.length === 0) return []
  return ['#### Accepted regressions', table(ACCEPTED_HEADER, rows)]
}

function functionChangesBlocks(benchmarks: BenchmarkComparison[]): string[] {
  const out: string[] = []
  for (const b of benchmarks) {
    if (!b.functionChanges || b.functionChanges.length === 0) continue
    const rows = b.functionChanges.map((f) => [
      markdownCode(f.name),
      formatCount(f.base),
      formatCount(f.head),
      `${f.delta > 0 ? '+' : ''}${formatCount(f.delta)}`,
      f.deltaPercent === null ? 'new' : formatChange(f.deltaPercent / 100),
    ])
    out.push(
      details(
        `${htmlCode(b.name)}: functions whose instructions changed most`,
        table(['Function', 'Base Ir', 'Head Ir', 'Δ', 'Δ%'], rows),
      ),
    )
  }
  return out
}

function failedSection(benchmarks: BenchmarkComparison[]): string[] {
  if (benchmarks.length === 0) return []
  const out = ['#### Failed']
  // Benchmarks that failed alike (a setup step failed before any ran) share one row and one output.
  const groups = failureGroups(benchmarks)
  out.push(
    table(
      ['Benchmark', 'Error'],
      groups.map((g) => [
        listNames(g.benchmarks.map((b) => markdownCode(b.name))),
        escapeMarkdownInline(g.error?.message ?? 'failed'),
      ]),
    ),
  )
  for (const g of groups) {
    const tail = g.error?.stderrTail?.trim()
    const only = g.benchmarks.length === 1 ? g.benchmarks[0] : undefined
    const command = only?.command ? `Command: ${markdownCode(only.command.join(' '))}\n\n` : ''
    const body = tail
      ? `${command}stderr (last lines):\n\n${markdownCodeBlock(tail)}`
      : `${command}No stderr output.`
    out.push(details(`${listNames(g.benchmarks.map((b) => htmlCode(b.name)))}: output`, body))
  }
  return out
}

function newSection(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
  if (benchmarks.length === 0) return []
  const rows = benchmarks.flatMap((b) =>
    shownHeadOnly(b, false).map((h) => [
      `${markdownCode(b.name)}${trend(b.id)}`,
      escapeMarkdownInline(headOnlyLabel(h)),
      escapeMarkdownInline(headOnlyValue(h)),
      headOnlyRuns(h),
    ]),
  )
  return ['#### Without a baseline', table(['Benchmark', 'Metric', 'Value', 'Runs'], rows)]
}

function allMetricsBlock(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
  const withMetrics = benchmarks.filter((b) => b.metrics.length > 0 || b.headOnly.length > 0)
  if (withMetrics.length === 0) return []
  const rows: string[][] = []
  for (const b of withMetrics) {
    for (const m of b.metrics) {
      const r = metricRow(b, m)
      const cells = metricCells(r, false, trend)
      cells[1] = `${escapeMarkdownInline(r.metric)}${m.gated ? ' (gated)' : ''}`
      rows.push(cells)
    }
    for (const h of b.headOnly) {
      rows.push([
        `${markdownCode(b.name)}${trend(b.id)}`,
        escapeMarkdownInline(h.metric),
        '',
        escapeMarkdownInline(headOnlyValue(h)),
        '',
        '',
        '',
        `${VERDICT_ICON.new} ${VERDICT_LABEL.new}`,
      ])
    }
  }
  return [details('All metrics', table(METRIC_HEADER, rows))]
}

function notesBlock(benchmarks: BenchmarkComparison[]): string[] {
  const lines: string[] = []
  for (const b of benchmarks) {
    const notes = [
      ...b.notes,
      ...b.metrics.filter((m) => m.gated).flatMap((m) => m.notes.map((n) => `${m.metric}: ${n}`)),
    ]
    for (const n of new Set(notes)) lines.push(`- ${markdownCode(b.name)}: ${escapeMarkdownInline(n)}`)
  }
  return lines.length > 0 ? [details(`Notes (${lines.length})`, lines.join('\n'))] : []
}

function rankingBlock(ranking: RankEntry[]): string[] {
  const fastest = ranking[0]!
  const lines = ranking.slice(1).map((r) => {
    const interval = `${sig3(r.ci[0])}–${sig3(r.ci[1])}`
    return `- ${markdownCode(fastest.name)} ran **${sig3(r.ratio)}×** faster than ${markdownCode(r.name)} (95% interval ${interval})`
  })
  return [details('Ranking by median wall time', lines.join('\n'))]
}

/**
 * rebar cmp's view of benchmarks with several engines: for one, each engine's time, throughput and
 * ratio to the best; for several, one table of benchmarks by engines, each cell an engine's time and
 * its ratio to that benchmark's fastest.
 */
function engineRankingBlocks(rankings: EngineRanking[]): string[] {
  if (rankings.length > 1) return [engineRankingTable(rankings)]
  return rankings.map((ranking) => {
    const withThroughput = ranking.engines.some((e) => e.throughput !== undefined)
    const header = ['engine', 'time per call', ...(withThroughput ? ['throughput'] : []), 'vs fastest']
    const rows = ranking.engines.map((e) => [
      markdownCode(e.engine),
      formatValue(e.median, 'ns'),
      ...(withThroughput ? [e.throughput === undefined ? '' : formatValue(e.throughput, 'bytes/s')] : []),
      e.ratio === 1 && e.ci[0] === 1
        ? '**fastest**'
        : `${sig3(e.ratio)}× (${sig3(e.ci[0])}–${sig3(e.ci[1])})`,
    ])
    for (const engine of ranking.unranked) {
      rows.push([markdownCode(engine), 'failed', ...(withThroughput ? [''] : []), ''])
    }
    const summary = `Engines of ${htmlCode(ranking.benchmark)}: ${
      ranking.engines[0] ? `${htmlCode(ranking.engines[0].engine)} is fastest` : 'none ran'
    }`
    const basis = ranking.engines.some((e) => e.fromSummaries)
      ? '\n\nRanked by the medians the tool wrote; each interval is estimated from its standard deviation and sample count (it kept no samples).'
      : ''
    return details(summary, `${table(header, rows)}${basis}`)
  })
}

function engineRankingTable(rankings: EngineRanking[]): string {
  const { engines, rows: cells } = engineTable(rankings)
  const rows = cells.map(({ benchmark, cells }) => [
    markdownCode(benchmark),
    ...cells.map((e) => (e === undefined ? '' : e === 'failed' ? 'failed' : rankingCell(e))),
  ])
  const wins = engines
    .map((engine) => [engine, rankings.filter((r) => r.engines[0]?.engine === engine).length] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([engine, n]) => `${htmlCode(engine)} in ${n}`)
    .join(', ')
  const basis = rankings.some((r) => r.engines.some((e) => e.fromSummaries))
    ? "\n\nWhere a tool's summaries were read, each interval is estimated from its standard deviation and sample count."
    : ''
  const summary = `Engines of ${rankings.length} benchmarks, ranked like rebar cmp: fastest ${wins || 'none'}`
  return details(
    summary,
    `${table(['benchmark', ...engines.map(markdownCode)], rows)}\n\nEach cell: median time per call, and how many times the benchmark's fastest engine (in bold) it took, with a 95% interval.${basis}`,
  )
}

function rankingCell(e: EngineRankEntry): string {
  const time = formatValue(e.median, 'ns')
  if (e.ratio === 1 && e.ci[0] === 1) return `**${time}**`
  return `${time} (${sig3(e.ratio)}×, ${sig3(e.ci[0])}–${sig3(e.ci[1])})`
}

const VERDICT_WORD: Record<string, string> = {
  regression: '🔴 regression',
  accepted: '🟠 accepted',
  improvement: '🟢 improvement',
  unclear: '🟡 unclear',
  warning: '🟡 warning',
  failed: '❌ failed',
  unchanged: 'unchanged',
  new: 'new',
  missing: 'missing',
}

/** Each parameter scan's curve: a mermaid chart of median wall time, base and head, and a row per value. */
function scanBlocks(scans: ScanSeries[]): string[] {
  const out = ['#### Parameter scans']
  for (const series of scans) {
    const withBase = series.points.some((p) => p.base !== undefined)
    const time = (x: number | undefined) => (x === undefined ? '' : formatValue(x, 'ns'))
    const rows = series.points.map((p) => [
      String(p.value),
      ...(withBase ? [time(p.base)] : []),
      time(p.head),
      VERDICT_WORD[p.verdict] ?? p.verdict,
    ])
    const header = [
      series.parameter,
      ...(withBase ? ['base wall (median)'] : []),
      'head wall (median)',
      'verdict',
    ]
    out.push(
      `**${markdownCode(series.benchmark)}** by ${markdownCode(series.parameter)}\n\n${scanMermaid(series).trimEnd()}\n\n${table(header, rows)}`,
    )
  }
  return out
}

/** Each scaling benchmark's curve: a mermaid chart of throughput, base and head, and a table per count. */
function scalingBlocks(scaling: ScalingSeries[]): string[] {
  const out = ['#### Scaling']
  for (const series of scaling) {
    const withBase = series.points.some((p) => p.base)
    const percent = (x: number | undefined) =>
      x === undefined || !Number.isFinite(x) ? '' : `${(x * 100).toFixed(0)}%`
    const times = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '' : `${sig3(x)}×`)
    const ops = (x: number | undefined) => (x === undefined ? '' : formatValue(x, 'ops/s'))
    const rows = series.points.map((p) => [
      `${p.count}${p.count > series.cores ? ' ⚠️' : ''}`,
      ...(withBase ? [ops(p.base?.throughput)] : []),
      ops(p.head?.throughput),
      ...(withBase ? [times(p.base?.speedup)] : []),
      times(p.head?.speedup),
      ...(withBase ? [percent(p.base?.efficiency)] : []),
      percent(p.head?.efficiency),
      VERDICT_WORD[p.verdict] ?? p.verdict,
    ])
    const header = [
      series.dimension,
      ...(withBase ? ['base throughput'] : []),
      'head throughput',
      ...(withBase ? ['base speedup'] : []),
      'head speedup',
      ...(withBase ? ['base efficiency'] : []),
      'head efficiency',
      'verdict',
    ]
    const over = series.points.filter((p) => p.count > series.cores).map((p) => p.count)
    const note =
      over.length > 0
        ? `\n\n⚠️ Oversubscribed: ${over.join(', ')} ${series.dimension} on a machine with ${series.cores} logical CPUs; those points measure time-sharing, not parallel speedup.`
        : ''
    out.push(
      `**${markdownCode(series.benchmark)}** by ${series.dimension} (${series.cores} logical CPUs)\n\n${scalingMermaid(series).trimEnd()}\n\n${table(header, rows)}${note}`,
    )
  }
  return out
}

function environmentBlock(c: Comparison): string[] {
  const rows = environmentRows(c).map(([k, b, h]) => {
    const differs = c.baseline !== undefined && b !== '' && b !== h
    return [
      escapeMarkdownInline(k),
      escapeMarkdownInline(b),
      `${escapeMarkdownInline(h)}${differs ? ' ⚠️' : ''}`,
    ]
  })
  return [details('Environment', table(['', 'Base', 'Head'], rows))]
}

/** GitHub refuses a comment body longer than this many characters. */
export const COMMENT_LIMIT = 65_536
/** A job summary may be at most 1 MiB. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024

/**
 * The comment's layout: the verdict and what was compared, then regressions, accepted regressions and
 * failures, then the reassuring sections, the collapsed details, and the footer. Changing the comment's
 * layout is reordering this list.
 */
export const MARKDOWN_LAYOUT: Layout = [
  'title',
  'counts',
  // Acceptances the pull request gave itself come first: a reviewer must see them, whatever else is cut.
  'added-acceptances',
  'provenance',
  'warnings',
  'contention',
  'regressions',
  'regression-functions',
  'accepted',
  'accepted-functions',
  'acceptance-notes',
  'failed',
  'unclear',
  'warned',
  'improvements',
  'improvement-functions',
  'other-functions',
  'scaling',
  'scans',
  'new',
  'missing',
  'unchanged',
  'all-metrics',
  'notes',
  'ranking',
  'engines',
  'shell-corrections',
  'environment',
  'footer',
]

interface Context {
  c: Comparison
  options: MarkdownOptions
  now: Date
  trend: TrendLink
}

const MARKDOWN: Formatters<string[], Context> = {
  title: (c) => [markerFor(c.suite), titleLine(c)],
  counts: (c) => [describeCounts(c).join(' · ')],
  'added-acceptances': (added) => [
    ['> [!WARNING]', ...added.map((line) => `> ${escapeMarkdownLine(line)}`)].join('\n>\n'),
  ],
  provenance: (c, { now }) => [provenanceBlock(c, now)],
  warnings: (c) => warningsBlock(c),
  contention: (contended, { c }) => contentionBlock(c, contended),
  regressions: (list, { trend }) => section('Regressions', list, true, trend),
  'regression-functions': functionChangesBlocks,
  accepted: (list, { trend }) => acceptedSection(list, trend),
  'accepted-functions': functionChangesBlocks,
  'acceptance-notes': (notes) => [
    ['> [!NOTE]', ...notes.map((n) => `> ${escapeMarkdownLine(n)}`)].join('\n>\n'),
  ],
  failed: failedSection,
  unclear: (list, { trend }) => unclearSection(list, trend),
  warned: (list, { trend }) => section('Warnings: changed, but the environment differs', list, false, trend),
  improvements: (list, { trend }) => section('Improvements', list, true, trend),
  'improvement-functions': functionChangesBlocks,
  'other-functions': functionChangesBlocks,
  scaling: scalingBlocks,
  scans: scanBlocks,
  new: (list, { trend }) => newSection(list, trend),
  missing: (list) => [
    `#### In the baseline, not run now\n${list.map((b) => `- ${markdownCode(b.name)}`).join('\n')}`,
  ],
  unchanged: (list, { trend }) => [
    details(`${list.length} unchanged`, table(METRIC_HEADER, headlineRows(list, false, trend))),
  ],
  'all-metrics': (list, { trend }) => allMetricsBlock(list, trend),
  notes: notesBlock,
  ranking: rankingBlock,
  engines: engineRankingBlocks,
  'shell-corrections': (corrections) => [
    corrections
      .map(({ name, detail }) => `- ${markdownCode(name)}: ${escapeMarkdownInline(detail)}`)
      .join('\n'),
  ],
  environment: environmentBlock,
  footer: (c, { options }) => [footerLine(c, options)],
}

/**
 * The report as markdown. With `maxLength`, it is shortened to fit (`measure` counts characters by
 * default; pass a byte count for the job summary): the steps of SHORTENING drop sections until it fits,
 * then the regressions, failures and accepted regressions are cut from the end of their lists; the top
 * says what was left out and points to the full report.
 */
export function renderMarkdown(c: Comparison, options: MarkdownOptions = {}): string {
  const model = reportModel(c)
  const full = renderModel(c, options, model, [])
  const limit = options.maxLength
  if (limit === undefined) return full
  const measure = options.measure ?? ((text: string) => text.length)
  if (measure(full) <= limit) return full
  for (let steps = 1; steps <= SHORTENING.length; steps++) {
    const { model: kept, left } = shortened(model, steps)
    const text = renderModel(c, options, kept, left)
    if (measure(text) <= limit) return text
  }
  // Even the regressions, failures and accepted regressions alone are too long: keep as many rows as fit.
  const { model: kept, left } = shortened(model, SHORTENING.length)
  const serious = [...(kept.regressions ?? []), ...(kept.failed ?? []), ...(kept.accepted ?? [])]
  const render = (rows: number) =>
    renderModel(c, options, keepSerious(kept, rows), [...left, ...cutRows(kept, rows)])
  let low = 0
  let high = serious.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (measure(render(mid)) <= limit) low = mid
    else high = mid - 1
  }
  const text = render(low)
  if (measure(text) <= limit) return text
  // Nothing left to give up (a suite name or a baseline warning of enormous length): cut the text.
  let cut = text.slice(0, Math.max(0, limit - 200))
  while (measure(cut) > limit - 100) cut = cut.slice(0, Math.floor(cut.length * 0.9))
  return `${cut.slice(0, cut.lastIndexOf('\n') + 1)}\n\n_(cut to fit GitHub's size limit)_\n`
}

/** The model with only the first `rows` regressions, then failures, then accepted regressions. */
function keepSerious(model: ReportModel, rows: number): ReportModel {
  const regressions = model.regressions ?? []
  const failed = model.failed ?? []
  const kept = (list: BenchmarkComparison[], before: number) => {
    const left = list.slice(0, Math.max(0, rows - before))
    return left.length > 0 ? left : undefined
  }
  return {
    ...model,
    regressions: kept(regressions, 0),
    failed: kept(failed, regressions.length),
    accepted: kept(model.accepted ?? [], regressions.length + failed.length),
  }
}

/** What keeping only `rows` serious rows leaves out, for the note at the top. */
function cutRows(model: ReportModel, rows: number): string[] {
  const serious =
    (model.regressions?.length ?? 0) + (model.failed?.length ?? 0) + (model.accepted?.length ?? 0)
  if (rows >= serious) return []
  const what = model.accepted ? ', failures and accepted regressions' : ' and failures'
  return [`${serious - rows} of the regressions${what}`]
}

function renderModel(c: Comparison, options: MarkdownOptions, model: ReportModel, left: string[]): string {
  const context: Context = { c, options, now: options.now ?? new Date(), trend: trendLinks(c) }
  const blocks = formatLayout(model, MARKDOWN_LAYOUT, MARKDOWN, context).flat()
  if (left.length > 0) {
    // The note of what was left out goes right after the verdict and the acceptances added.
    const at = model['added-acceptances'] ? 4 : 3
    const link = options.fullReportUrl ? ` The full report: ${reportLink(options.fullReportUrl)}` : ''
    blocks.splice(
      at,
      0,
      `> [!NOTE]\n> Shortened to fit GitHub's size limit; left out: ${left.join('; ')}.${link}`,
    )
  }
  return `${blocks.join('\n\n')}\n`
}

function titleLine(c: Comparison): string {
  const h = headline(c)
  return `### ${h.icon} bench-action · ${escapeMarkdownInline(c.suite)}: ${h.text}`
}

function provenanceBlock(c: Comparison, now: Date): string {
  const provenance = [
    `**Head:** ${escapeMarkdownInline(describeCommit(c.head.commit))}`,
    c.baseline
      ? `**Baseline:** ${escapeMarkdownInline(describeBaseline(c, now))}`
      : `**No baseline:** ${escapeMarkdownInline(c.noBaselineReason ?? '')}. Results are shown without a verdict.`,
  ]
  const exact = describeExactBaseline(c, now)
  if (exact) provenance.push(`**Instruction counts compared with:** ${escapeMarkdownInline(exact)}`)
  const noise = describeRunNoise(c)
  if (noise) provenance.push(`**Drift between runs:** ${escapeMarkdownInline(noise)}`)
  return provenance.join('  \n')
}

function warningsBlock(c: Comparison): string[] {
  const warnings: string[] = [...c.baselineWarnings]
  if (c.environmentDifferences.length > 0) {
    const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join('; ')
    warnings.push(
      `The baseline was measured in a different environment (${diffs}); timings may not be comparable.`,
    )
  }
  if (warnings.length === 0) return []
  return [['> [!WARNING]', ...warnings.map((w) => `> ${escapeMarkdownLine(w)}`)].join('\n')]
}

function footerLine(c: Comparison, options: MarkdownOptions): string {
  const version = options.version ? ` · bench-action ${escapeMarkdownInline(options.version)}` : ''
  return `<sub>${escapeMarkdownInline(gateDescription(c))} Interval: ${intervalLevels(c)} interval of the change in the ${intervalOf(c)}.${version}</sub>`
}

/** One short block when the machine was busy while measuring; nothing when all was quiet. */
function contentionBlock(c: Comparison, contended: ContendedMeasurement[]): string[] {
  const line = (m: ContendedMeasurement) => {
    const { name, detail } = contendedLine(m)
    return `${markdownCode(name)}${escapeMarkdownInline(detail)}`
  }
  const consequence = escapeMarkdownInline(contentionConsequence(c, contended))
  if (contended.length === 1) {
    return [`> [!WARNING]\n> The machine was busy while measuring ${line(contended[0]!)}; ${consequence}.`]
  }
  const shown = contended.slice(0, CONTENDED_SHOWN).map((m) => `> - ${line(m)}`)
  if (contended.length > CONTENDED_SHOWN) shown.push(`> - and ${contended.length - CONTENDED_SHOWN} more`)
  return [
    [
      '> [!WARNING]',
      `> The machine was busy during ${contended.length} measurements; ${consequence}.`,
      ...shown,
    ].join('\n'),
  ]
}

/**
 * The run's URL, the one link a report makes: an autolink, in which nothing is escaped (escaping
 * would change the address), when it has no space or angle bracket to end it early.
 */
function reportLink(url: string): string {
  return /^https?:\/\/[^\s<>]+$/.test(url) ? `<${url}>` : escapeMarkdownInline(url)
}

function intervalOf(c: Comparison): string {
  if (!c.pairing) return 'median'
  return c.pairing.unpaired.length === 0
    ? 'median paired ratio'
    : 'median paired ratio (the ratio of medians where unpaired)'
}

function intervalLevels(c: Comparison): string {
  const levels = new Set(c.benchmarks.map((b) => `${sig3((1 - b.alpha) * 100)}%`))
  return [...levels].join(', ') || '99%'
}

/** A one-line reason for a failed step, naming what regressed or failed. */
export function failureMessage(c: Comparison): string | undefined {
  const regressions = c.benchmarks.filter((b) => b.verdict === 'regression')
  const failed = c.benchmarks.filter((b) => b.verdict === 'failed')
  const parts: string[] = []
  if (failed.length > 0) {
    parts.push(
      `${failed.length} benchmark${failed.length === 1 ? '' : 's'} failed: ${failureGroups(failed)
        .map((g) => `${listNames(g.benchmarks.map((b) => b.name))} (${g.error?.message ?? 'failed'})`)
        .join('; ')}`,
    )
  }
  if (regressions.length > 0) {
    parts.push(
      `${regressions.length} regression${regressions.length === 1 ? '' : 's'}: ${regressions
        .map((b) => {
          const m = headlineMetrics(b)[0]
          return m ? `${b.name} ${m.metric} ${changeCell(m)}` : b.name
        })
        .join('; ')}`,
    )
  }
  return parts.length > 0 ? parts.join('. ') : undefined
}
