// The change points of a history in words: a table for the terminal (`bench-action history`) and
// markdown for the job summary. Names come from stored results: escaped for each medium.
import { formatChange, formatValue, shortSha } from '../display.ts'
import { clean } from '../report/clean.ts'
import { describeAcceptedBy } from '../report/describe.ts'
import { escapeMarkdownInline, markdownCode } from '../report/escape.ts'
import { trendPageUrl } from '../report/site-paths.ts'
import { alignTable } from '../report/terminal.ts'
import { changesNewestFirst, type SuiteHistory, type TrendChange, type TrendSeries } from './series.ts'

/** Change points listed in the job summary, newest first; the trend site has them all. */
export const SUMMARY_CHANGES_SHOWN = 20

/**
 * Where a change started: the commits after the last measured point before it up to and including the
 * measured commit where it shows (`abc1234..def5678`, measured or not); that commit alone when git
 * counts one commit in the range (pinpointed); `up to def5678` when it shows at the first stored run.
 */
export function commitRange(change: TrendChange): string {
  if (change.commits === 1) return shortSha(change.toSha)
  if (change.from === 0) return `up to ${shortSha(change.toSha)}`
  return `${shortSha(change.previousSha)}..${shortSha(change.toSha)}`
}

/** How many commits the range holds, as git counted them (commits.ts), or why that is not known. */
export function commitCount(change: TrendChange): string {
  if (change.from === 0) return 'from the first stored run'
  if (change.previousSha === undefined || change.toSha === undefined)
    return 'commits unknown (a stored run names no commit)'
  if (change.commits === undefined) return "commits unknown (not in this clone's history)"
  return change.commits === 1 ? '1 commit' : `${change.commits} commits`
}

export function confidence(change: TrendChange): string {
  if (change.exact) return 'exact'
  const c = (1 - change.pValue) * 100
  return c >= 99.9 ? '>99.9%' : `${c.toFixed(1)}%`
}

export function sizeOf(series: TrendSeries, change: TrendChange): string {
  return `${formatValue(change.before, series.unit, series.label)} → ${formatValue(change.after, series.unit, series.label)}`
}

/** The change's verdict in words: a regression accepted on purpose says by whom and why; an environment change is named. */
export function verdictText(change: TrendChange): string {
  const verdict = change.accepted
    ? `accepted regression (${describeAcceptedBy(change.accepted)}: ${change.accepted.reason})`
    : change.verdict
  return `${verdict}${change.environment ? ` (environment changed: ${change.environment.join('; ')})` : ''}`
}

function headline(history: SuiteHistory): string {
  const span =
    history.first && history.last ? `, ${history.first.slice(0, 10)} … ${history.last.slice(0, 10)}` : ''
  return `${history.runs} run${history.runs === 1 ? '' : 's'} of ${history.commits} commit${history.commits === 1 ? '' : 's'}${span}`
}

/** `bench-action history`'s report: per suite, what was read and every change point, newest first. */
export function renderHistoryTerminal(histories: readonly SuiteHistory[]): string {
  const lines: string[] = []
  for (const history of histories) {
    const changes = changesNewestFirst(history)
    lines.push(
      `bench-action history · ${clean(history.suite)} on ${clean(history.branch)}: ${headline(history)}`,
      `${history.series.length} series, ${changes.length} change point${changes.length === 1 ? '' : 's'}`,
    )
    for (const skipped of history.skipped) lines.push(`skipped: ${clean(skipped)}`)
    if (changes.length > 0) {
      lines.push('')
      const header = [
        'benchmark',
        'metric',
        'change',
        'size',
        'where it started',
        'commits',
        'confidence',
        'verdict',
      ]
      const rows = changes.map(({ series, change }) => [
        clean(series.benchmark),
        clean(series.metric),
        formatChange(change.change),
        clean(sizeOf(series, change)),
        commitRange(change),
        commitCount(change),
        confidence(change),
        clean(verdictText(change)),
      ])
      lines.push(...alignTable(header, rows, new Set([2])))
    }
    lines.push('')
  }
  return `${lines.join('\n')}\n`
}

export interface HistoryMarkdownOptions {
  /** The published trend site, whose pages the rows link to. */
  siteUrl?: string
  shown?: number
}

/** The change points of each suite as markdown: the job summary of a push to the default branch. */
export function renderHistoryMarkdown(
  histories: readonly SuiteHistory[],
  options: HistoryMarkdownOptions = {},
): string {
  const shown = options.shown ?? SUMMARY_CHANGES_SHOWN
  const out: string[] = []
  for (const history of histories) {
    const changes = changesNewestFirst(history)
    out.push(
      `### History of ${markdownCode(history.suite)} on ${markdownCode(history.branch)}`,
      '',
      `${headline(history)}; ${changes.length === 0 ? 'no change points' : `${changes.length} change point${changes.length === 1 ? '' : 's'}, newest first`}.`,
      '',
    )
    if (history.skipped.length > 0)
      out.push(`${history.skipped.length} stored run(s) could not be read and were skipped.`, '')
    if (changes.length === 0) continue
    out.push(
      '| benchmark | metric | change | size | where it started | confidence | verdict |',
      '|---|---|---:|---|---|---|---|',
    )
    for (const { series, change } of changes.slice(0, shown)) {
      const name = markdownCode(series.benchmark)
      const linked = options.siteUrl
        ? `[${name}](<${trendPageUrl(options.siteUrl, history.suite, series.benchmark)}>)`
        : name
      const mark = change.accepted ? '🟣' : change.verdict === 'regression' ? '🔴' : '🟢'
      const verdict = `${mark} ${escapeMarkdownInline(verdictText(change))}`
      out.push(
        `| ${linked} | ${markdownCode(series.metric)} | ${formatChange(change.change)} | ${escapeMarkdownInline(sizeOf(series, change))} | ${commitRange(change)} (${commitCount(change)}) | ${confidence(change)} | ${verdict} |`,
      )
    }
    if (changes.length > shown)
      out.push('', `${changes.length - shown} older change points are on the trend pages.`)
    out.push('')
  }
  return `${out.join('\n')}\n`
}
