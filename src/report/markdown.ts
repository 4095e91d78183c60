// The PR comment and job summary body (docs/ARCHITECTURE.md#the-report): verdict first, regressions before improvements,
// unchanged rows collapsed, and what was compared with what stated plainly. The comment is a layout of the
// report model's sections (MARKDOWN_LAYOUT), each written by its block (markdown-blocks.ts).
import type { BenchmarkComparison, Comparison } from '../compare/types.ts'
import { describeCounts, listNames } from './describe.ts'
import { escapeMarkdownInline, escapeMarkdownLine, markdownCode, markerFor } from './escape.ts'
import {
  acceptedSection,
  allMetricsBlock,
  changedInsideBlocks,
  contentionBlock,
  details,
  engineRankingBlocks,
  environmentBlock,
  explanationsSection,
  failedSection,
  footerLine,
  headlineRows,
  leftOutBlock,
  METRIC_HEADER,
  newSection,
  notesBlock,
  provenanceBlock,
  rankingBlocks,
  reportLink,
  scalingBlocks,
  scanBlocks,
  section,
  type TrendLink,
  table,
  titleLine,
  trendLinks,
  unclearSection,
  warningsBlock,
} from './markdown-blocks.ts'
import {
  type Formatters,
  formatLayout,
  type Layout,
  type ReportModel,
  reportModel,
  SHORTENING,
  shortened,
} from './model.ts'
import { changeCell, failureGroups, headlineMetrics } from './rows.ts'

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
  'shortened',
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
  'explanations',
  'other-functions',
  'scaling',
  'scans',
  'new',
  'missing',
  'unchanged',
  'all-metrics',
  'left-out-metrics',
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
  shortened: (left, { options }) => {
    const link = options.fullReportUrl ? ` The full report: ${reportLink(options.fullReportUrl)}` : ''
    return [`> [!NOTE]\n> Shortened to fit GitHub's size limit; left out: ${left.join('; ')}.${link}`]
  },
  provenance: (c, { now }) => [provenanceBlock(c, now)],
  warnings: (c) => warningsBlock(c),
  contention: (contended, { c }) => contentionBlock(c, contended),
  regressions: (list, { trend }) => section('Regressions', list, true, trend),
  'regression-functions': changedInsideBlocks,
  accepted: (list, { trend }) => acceptedSection(list, trend),
  'accepted-functions': changedInsideBlocks,
  'acceptance-notes': (notes) => [
    ['> [!NOTE]', ...notes.map((n) => `> ${escapeMarkdownLine(n)}`)].join('\n>\n'),
  ],
  failed: failedSection,
  unclear: (list, { trend }) => unclearSection(list, trend),
  warned: (list, { trend }) => section('Warnings: changed, but the environment differs', list, false, trend),
  improvements: (list, { trend }) => section('Improvements', list, true, trend),
  'improvement-functions': changedInsideBlocks,
  explanations: explanationsSection,
  'other-functions': changedInsideBlocks,
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
  'left-out-metrics': (list, { trend }) => leftOutBlock(list, trend),
  notes: notesBlock,
  ranking: rankingBlocks,
  engines: engineRankingBlocks,
  'shell-corrections': (corrections) => [
    corrections
      .map(({ name, detail }) => `- ${markdownCode(name)}: ${escapeMarkdownInline(detail)}`)
      .join('\n'),
  ],
  environment: environmentBlock,
  footer: (c, { options }) => [footerLine(c, options.version)],
}

/**
 * The report as markdown. With `maxLength`, it is shortened to fit (`measure` counts characters by
 * default; pass a byte count for the job summary): the steps of SHORTENING drop sections until it fits,
 * then the regressions, failures and accepted regressions are cut from the end of their lists; the top
 * says what was left out and points to the full report.
 */
export function renderMarkdown(c: Comparison, options: MarkdownOptions = {}): string {
  const model = reportModel(c)
  const full = renderModel(c, options, model)
  const limit = options.maxLength
  if (limit === undefined) return full
  const measure = options.measure ?? ((text: string) => text.length)
  if (measure(full) <= limit) return full
  for (let steps = 1; steps <= SHORTENING.length; steps++) {
    const text = renderModel(c, options, shortened(model, steps))
    if (measure(text) <= limit) return text
  }
  // Even the regressions, failures and accepted regressions alone are too long: keep as many rows as fit.
  const kept = shortened(model, SHORTENING.length)
  const serious = [...(kept.regressions ?? []), ...(kept.failed ?? []), ...(kept.accepted ?? [])]
  const render = (rows: number) => renderModel(c, options, keepSerious(kept, rows))
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

/**
 * The model with only the first `rows` regressions, then failures, then accepted regressions, its
 * note saying how many were left out.
 */
function keepSerious(model: ReportModel, rows: number): ReportModel {
  const regressions = model.regressions ?? []
  const failed = model.failed ?? []
  const kept = (list: BenchmarkComparison[], before: number) => {
    const left = list.slice(0, Math.max(0, rows - before))
    return left.length > 0 ? left : undefined
  }
  return {
    ...model,
    shortened: [...(model.shortened ?? []), ...cutRows(model, rows)],
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

function renderModel(c: Comparison, options: MarkdownOptions, model: ReportModel): string {
  const context: Context = { c, options, now: options.now ?? new Date(), trend: trendLinks(c) }
  return `${[...formatLayout(model, MARKDOWN_LAYOUT, MARKDOWN, context)].flat().join('\n\n')}\n`
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
