// The HTML report's tables and header parts: escaped text, verdict badges, the benchmarks, accepted
// regressions, failures, the environment, and what was compared with what.
import type { AcceptedBy } from '../accept.ts'
import type { BenchmarkComparison, BenchmarkRanking, Comparison } from '../compare/types.ts'
import { formatValue, rankedMetric, sig3 } from '../display.ts'
import {
  CONTENDED_SHOWN,
  contendedLine,
  contendedMeasurements,
  contentionConsequence,
  describeAcceptedBy,
  describeAddedAcceptances,
  describeBaseline,
  describeCommit,
  describeExactBaseline,
  describeExplanation,
  describeRunNoise,
  listNames,
} from './describe.ts'
import { escapeHtml } from './escape.ts'
import { HEAP_SITES_HEADER, heapSiteRow } from './heap-site-rows.ts'
import { rankingTitle } from './ranking.ts'
import {
  type AcceptedRow,
  describeLeftOut,
  environmentRows,
  failureGroups,
  headlineMetrics,
  headOnlyLabel,
  headOnlyValue,
  leftOutMetrics,
  listedMetrics,
  metricLabel,
  metricRow,
  metricVerdictLabel,
  shownHeadOnly,
  VERDICT_LABEL,
} from './rows.ts'
import { trendPageUrl } from './site-paths.ts'

export function e(text: string): string {
  return escapeHtml(text)
}

export function code(text: string): string {
  return `<code>${e(text)}</code>`
}

/** A verdict as a coloured badge: text and CSS only, so it reads the same without an emoji font. */
export function verdictCell(v: BenchmarkComparison['verdict']): string {
  return verdictBadge(v, VERDICT_LABEL[v])
}

export function verdictBadge(v: BenchmarkComparison['verdict'], label: string): string {
  return `<span class="badge badge-${v}">${e(label)}</span>`
}

export function notesCell(notes: string[]): string {
  const unique = [...new Set(notes)]
  if (unique.length === 0) return '<td class="notes"></td>'
  return `<td class="notes"><ul>${unique.map((n) => `<li>${e(n)}</li>`).join('')}</ul></td>`
}

/** A link to a benchmark's page of the trend site: the site's address from the config, the page's path a digest. */
export function trendLink(c: Comparison, b: BenchmarkComparison): string {
  if (c.trends === undefined) return ''
  return ` <a class="trend" href="${e(trendPageUrl(c.trends, c.suite, b.id))}">trend</a>`
}

/** bench.yml's accept: entries the pull request added, first thing under the verdict. */
export function addedAcceptances(c: Comparison): string {
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
  // The gated metrics first, those that decided leading; the others show their change with the
  // verdict they follow or "(not gated)", unless they did not change beyond their resolution.
  if (b.metrics.some((m) => m.gated)) {
    const shown = new Set(headlineMetrics(b))
    return listedMetrics(b).map((m, i) => {
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
          ...(i === 0 && b.explanation ? [describeExplanation(b.explanation)] : []),
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

/**
 * Every benchmark, in the order given (regressions and failures first), and how many metrics the table
 * leaves out, with the rule's name.
 */
export function benchmarksSection(c: Comparison, benchmarks: BenchmarkComparison[]): string {
  const header = ['Benchmark', 'Metric', 'Base', 'Head', 'Change', 'Interval', 'p', 'Verdict', 'Notes']
  const rows = benchmarks.flatMap((b) => benchmarkRows(c, b))
  if (rows.length === 0) rows.push(`<tr><td colspan="${header.length}">No benchmarks ran.</td></tr>`)
  const leftOut = leftOutMetrics(benchmarks.filter((b) => b.metrics.some((m) => m.gated))).length
  return [
    '<section id="benchmarks">',
    '<h2>Benchmarks</h2>',
    '<table>',
    `<thead><tr>${header.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
    ...(leftOut > 0
      ? [
          `<p class="counts" id="left-out">Not listed: ${e(describeLeftOut(leftOut))}. Their medians are equal, or for a count less than 1 apart; the rule is in docs/methodology.md, “Metrics the reports leave out”.</p>`,
        ]
      : []),
    '</section>',
  ].join('\n')
}

/** Regressions accepted on purpose: the change, its interval, who accepted it and why. */
export function acceptedSection(c: Comparison, accepted: AcceptedRow[], notes: string[]): string {
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

export function failuresSection(failed: BenchmarkComparison[]): string {
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

/** Benchmarks whose heap counts changed: the allocation sites that changed most, base and head side by side. */
export function heapSitesSection(changed: BenchmarkComparison[]): string {
  const header = HEAP_SITES_HEADER.map((h) => `<th>${e(h)}</th>`).join('')
  const blocks = changed.map((b) => {
    const rows = b.heapSiteChanges!.map((change) => {
      const r = heapSiteRow(change)
      const counts = [r.baseBytes, r.headBytes, r.deltaBytes, r.baseBlocks, r.headBlocks, r.deltaBlocks]
      return `<tr><td>${code(r.site)}</td><td>${e(r.line)}</td>${counts.map((n) => `<td class="num">${e(n)}</td>`).join('')}</tr>`
    })
    return [
      `<h3>${code(b.name)} ${verdictCell(b.verdict)}</h3>`,
      `<table><thead><tr>${header}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`,
    ].join('\n')
  })
  return [
    '<section id="heap-sites">',
    '<h2>Where heap allocations changed</h2>',
    ...blocks,
    '</section>',
  ].join('\n')
}

export function environmentSection(c: Comparison): string {
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

export function metaSection(c: Comparison, now: Date): string {
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
export function shellCorrectionSection(lines: Array<{ name: string; detail: string }>): string {
  return [
    '<section id="shell-correction">',
    '<h2>Shell start-up</h2>',
    `<ul>${lines.map(({ name, detail }) => `<li>${code(name)}: ${e(detail)}</li>`).join('')}</ul>`,
    '</section>',
  ].join('\n')
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Each ranking of benchmarks declared comparable: a row per benchmark, fastest first, with its ratio to the fastest. */
export function rankingSection(rankings: BenchmarkRanking[]): string {
  const tables = rankings.flatMap((r) => {
    const rows = r.entries.map((x, i) => {
      const versus =
        i === 0 ? 'fastest' : `${sig3(x.ratio)}× (95% interval ${sig3(x.ci[0])}–${sig3(x.ci[1])})`
      return `<tr><td>${code(x.name)}</td><td class="num">${e(formatValue(x.median, r.unit))}</td><td class="num">${e(versus)}</td></tr>`
    })
    return [
      `<h3>${rankingTitle(r, code)}</h3>`,
      '<table>',
      `<thead><tr><th>Benchmark</th><th>${e(capitalised(rankedMetric(r.metric)))}</th><th>vs fastest</th></tr></thead>`,
      `<tbody>\n${rows.join('\n')}\n</tbody>`,
      '</table>',
    ]
  })
  return ['<section id="rankings">', '<h2>Rankings</h2>', ...tables, '</section>'].join('\n')
}
