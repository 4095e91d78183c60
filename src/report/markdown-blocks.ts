// The blocks of the markdown report, one per section of the model: tables, collapsed details, notes
// and charts, with everything a user controls escaped.
import { callPathText } from '../compare/call-paths.ts'
import { engineTable } from '../compare/rank.ts'
import type {
  BenchmarkComparison,
  BenchmarkRanking,
  Comparison,
  EngineRankEntry,
  EngineRanking,
  ScalingSeries,
  ScanSeries,
} from '../compare/types.ts'
import { formatChange, formatCount, formatValue, sig3 } from '../display.ts'
import {
  CONTENDED_SHOWN,
  type ContendedMeasurement,
  contendedLine,
  contentionConsequence,
  describeAcceptedBy,
  describeBaseline,
  describeCommit,
  describeExactBaseline,
  describeExplanation,
  describeRunNoise,
  gateDescription,
  headline,
  listNames,
} from './describe.ts'
import {
  escapeMarkdownInline,
  escapeMarkdownLine,
  htmlCode,
  markdownCode,
  markdownCodeBlock,
} from './escape.ts'
import { HEAP_SITES_HEADER, HEAP_SITES_TITLE, heapSiteRow } from './heap-site-rows.ts'
import { scalingMermaid, scanMermaid } from './mermaid.ts'
import { rankingTitle } from './ranking.ts'
import {
  acceptedRows,
  describeLeftOut,
  environmentRows,
  failureGroups,
  headlineMetrics,
  headOnlyLabel,
  headOnlyRuns,
  headOnlyValue,
  type LeftOutMetric,
  leftOutMetrics,
  listedMetrics,
  type MetricRow,
  metricRow,
  metricVerdictLabel,
  shownHeadOnly,
  UNNAMED_FUNCTIONS_HINT,
  unnamedFunction,
  VERDICT_ICON,
  VERDICT_LABEL,
} from './rows.ts'
import { trendPageUrl } from './site-paths.ts'

export function table(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`]
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`)
  return lines.join('\n')
}

/**
 * A collapsed block. `summary` is raw HTML (the `<details>` line opens an HTML block, where markdown
 * does not apply): user text in it goes through htmlCode, never markdownCode.
 */
export function details(summary: string, body: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${body}\n\n</details>`
}

export const METRIC_HEADER = ['Benchmark', 'Metric', 'Base', 'Head', 'Change', 'Interval', 'p', 'Verdict']

/** Makes the link to a benchmark's trend page, or nothing when the config names no trend site. */
export type TrendLink = (benchmarkId: string) => string

/**
 * A link to the benchmark's page of the trend site, after its name. The address is ours: the site's
 * from the config (checked to hold nothing that could end the link), the page's path a digest
 * (site-paths.ts), never the benchmark's name.
 */
export function trendLinks(c: Comparison): TrendLink {
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

export function headlineRows(
  benchmarks: BenchmarkComparison[],
  emphasise: boolean,
  trend: TrendLink,
): string[][] {
  const rows: string[][] = []
  for (const b of benchmarks) {
    for (const m of headlineMetrics(b)) rows.push(metricCells(metricRow(b, m), emphasise, trend))
  }
  return rows
}

export function section(
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
export function unclearSection(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
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
export function acceptedSection(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
  const rows = acceptedRows(benchmarks).map(({ row, accepted }) => [
    ...metricCells(row, true, trend).slice(0, 6),
    escapeMarkdownInline(describeAcceptedBy(accepted)),
    escapeMarkdownInline(accepted.reason),
  ])
  if (rows.length === 0) return []
  return ['#### Accepted regressions', table(ACCEPTED_HEADER, rows)]
}

export function functionChangesBlocks(benchmarks: BenchmarkComparison[]): string[] {
  const out: string[] = []
  for (const b of benchmarks) {
    if (b.functionChanges && b.functionChanges.length > 0) {
      const rows = b.functionChanges.map((f) => [
        markdownCode(f.name),
        formatCount(f.base),
        formatCount(f.head),
        `${f.delta > 0 ? '+' : ''}${formatCount(f.delta)}`,
        f.deltaPercent === null ? 'new' : formatChange(f.deltaPercent / 100),
      ])
      const hint = b.functionChanges.some((f) => unnamedFunction(f.name))
        ? `\n\n${UNNAMED_FUNCTIONS_HINT}`
        : ''
      out.push(
        details(
          `${htmlCode(b.name)}: functions whose instructions changed most`,
          `${table(['Function', 'Base Ir', 'Head Ir', 'Δ', 'Δ%'], rows)}${hint}`,
        ),
      )
    }
    const paths = callPathsBlock(b)
    if (paths) out.push(paths)
  }
  return out
}

/** The call paths whose instructions changed most, from the benchmark's call trees: a few rows. */
function callPathsBlock(b: BenchmarkComparison): string | undefined {
  const changes = b.callPaths?.changes ?? []
  if (changes.length === 0) return undefined
  const rows = changes.map((c) => [
    markdownCode(callPathText(c.path)),
    formatCount(c.base),
    formatCount(c.head),
    `${c.delta > 0 ? '+' : ''}${formatCount(c.delta)}`,
    c.base > 0 ? formatChange(c.delta / c.base) : 'new',
  ])
  return details(
    `${htmlCode(b.name)}: call paths whose instructions changed most`,
    table(['Call path', 'Base Ir', 'Head Ir', 'Δ', 'Δ%'], rows),
  )
}

/** Each benchmark whose heap counts changed: its allocation sites that changed most, collapsed. */
export function heapSiteChangesBlocks(benchmarks: BenchmarkComparison[]): string[] {
  return benchmarks
    .filter((b) => b.heapSiteChanges && b.heapSiteChanges.length > 0)
    .map((b) => {
      const rows = b.heapSiteChanges!.map((change) => {
        const r = heapSiteRow(change)
        return [
          markdownCode(r.site),
          escapeMarkdownInline(r.line),
          r.baseBytes,
          r.headBytes,
          r.deltaBytes,
          r.baseBlocks,
          r.headBlocks,
          r.deltaBlocks,
        ]
      })
      return details(`${htmlCode(b.name)}: ${HEAP_SITES_TITLE}`, table(HEAP_SITES_HEADER, rows))
    })
}

/** What changed inside each benchmark: its functions' instructions, then its allocation sites. */
export function changedInsideBlocks(benchmarks: BenchmarkComparison[]): string[] {
  return benchmarks.flatMap((b) => [...functionChangesBlocks([b]), ...heapSiteChangesBlocks([b])])
}

export function failedSection(benchmarks: BenchmarkComparison[]): string[] {
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

export function newSection(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
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

/**
 * Each benchmark's metrics, the gated ones first (those that decided its verdict leading); those that
 * do not gate and did not change beyond their resolution are in a block of their own (leftOutBlock).
 */
export function allMetricsBlock(benchmarks: BenchmarkComparison[], trend: TrendLink): string[] {
  const withMetrics = benchmarks.filter((b) => b.metrics.length > 0 || b.headOnly.length > 0)
  if (withMetrics.length === 0) return []
  const rows: string[][] = []
  for (const b of withMetrics) {
    for (const m of listedMetrics(b)) {
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
  const summary = leftOutMetrics(withMetrics).length > 0 ? 'All metrics that gate or changed' : 'All metrics'
  return [details(summary, table(METRIC_HEADER, rows))]
}

/** The metrics left out of the tables, collapsed under how many there are. */
export function leftOutBlock(leftOut: LeftOutMetric[], trend: TrendLink): string[] {
  const rows = leftOut.map(({ benchmark, metric }) => metricCells(metricRow(benchmark, metric), false, trend))
  const what = describeLeftOut(leftOut.length)
  return [details(`${what[0]!.toUpperCase()}${what.slice(1)}`, table(METRIC_HEADER, rows))]
}

/** What the instruction counts of both sides say about each timed change of a same-job run. */
export function explanationsSection(benchmarks: BenchmarkComparison[]): string[] {
  const lines = benchmarks.map(
    (b) => `- ${markdownCode(b.name)}: ${escapeMarkdownInline(describeExplanation(b.explanation!))}`,
  )
  return [
    '#### What the instructions explain',
    `Base and head of each timed change, counted once under callgrind: instructions count the code's work, not cache misses or where code landed in memory.\n\n${lines.join('\n')}`,
  ]
}

export function notesBlock(benchmarks: BenchmarkComparison[]): string[] {
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

/** Each ranking of benchmarks declared comparable: the fastest against each of the others, with the interval. */
export function rankingBlocks(rankings: BenchmarkRanking[]): string[] {
  return rankings.map((ranking) => {
    const fastest = ranking.entries[0]!
    const lines = ranking.entries.slice(1).map((r) => {
      const interval = `${sig3(r.ci[0])}–${sig3(r.ci[1])}`
      return `- ${markdownCode(fastest.name)} ran **${sig3(r.ratio)}×** faster than ${markdownCode(r.name)} (95% interval ${interval})`
    })
    return details(rankingTitle(ranking, htmlCode), lines.join('\n'))
  })
}

/**
 * rebar cmp's view of benchmarks with several engines: for one, each engine's time, throughput and
 * ratio to the best; for several, one table of benchmarks by engines, each cell an engine's time and
 * its ratio to that benchmark's fastest.
 */
export function engineRankingBlocks(rankings: EngineRanking[]): string[] {
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
export function scanBlocks(scans: ScanSeries[]): string[] {
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
export function scalingBlocks(scaling: ScalingSeries[]): string[] {
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

export function environmentBlock(c: Comparison): string[] {
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

export function titleLine(c: Comparison): string {
  const h = headline(c)
  return `### ${h.icon} bench-action · ${escapeMarkdownInline(c.suite)}: ${h.text}`
}

export function provenanceBlock(c: Comparison, now: Date): string {
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

export function warningsBlock(c: Comparison): string[] {
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

export function footerLine(c: Comparison, productVersion: string | undefined): string {
  const version = productVersion ? ` · bench-action ${escapeMarkdownInline(productVersion)}` : ''
  return `<sub>${escapeMarkdownInline(gateDescription(c))} Interval: ${intervalLevels(c)} interval of the change in the ${intervalOf(c)}.${version}</sub>`
}

/** One short block when the machine was busy while measuring; nothing when all was quiet. */
export function contentionBlock(c: Comparison, contended: ContendedMeasurement[]): string[] {
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
export function reportLink(url: string): string {
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
