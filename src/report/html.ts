// A standalone HTML report: one file with inline styles and inline SVG charts, readable offline and
// without JavaScript (an artifact, a mail attachment, a CI page). Charts are vega-lite specs rendered
// to SVG when the report is written; everything a user controls is escaped. The page is a layout of the
// report model's sections (HTML_LAYOUT), each written by its formatter.
import type { Comparison } from '../compare/types.ts'
import { describeCounts, gateDescription, headline } from './describe.ts'
import { OVERSUBSCRIBED_FILL } from './html-charts.ts'
import type { ChartedSamples } from './html-figures.ts'
import {
  changesSection,
  functionChangesSection,
  samplesSection,
  scalingSection,
  scanSection,
} from './html-figures.ts'
import { callPathsSection, flameGraphsSection } from './html-flame.ts'
import {
  acceptedSection,
  addedAcceptances,
  benchmarksSection,
  e,
  environmentSection,
  failuresSection,
  heapSitesSection,
  metaSection,
  rankingSection,
  shellCorrectionSection,
} from './html-sections.ts'
import { type Formatters, formatLayout, type Layout, type ReportModel, reportModel } from './model.ts'

export { renderSvg, stableSvgIds } from './html-charts.ts'

export interface HtmlOptions {
  now?: Date
  /** Product version, shown in the footer. */
  version?: string
  /** The runs compared, for charts of their samples. */
  samples?: ChartedSamples
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
figure.changes, figure.changes svg { width: 100%; }
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

interface Context {
  c: Comparison
  model: ReportModel
  options: HtmlOptions
  now: Date
}

/**
 * The page's layout: a header with the verdict and what was compared, the changes at a glance, then
 * the tables and charts. The header holds the provenance, the warnings and the contention.
 */
export const HTML_LAYOUT: Layout = [
  'title',
  'counts',
  'added-acceptances',
  'provenance',
  'changes',
  'accepted-rows',
  'acceptance-notes',
  'benchmarks',
  'samples',
  'functions',
  'call-paths',
  'flame-graphs',
  'heap-sites',
  'failed',
  'scaling',
  'scans',
  'ranking',
  'shell-corrections',
  'environment',
  'footer',
]

const HTML: Formatters<string | Promise<string>, Context> = {
  title: (c) =>
    [
      '<header>',
      `<h1>${e(headline(c).text)}</h1>`,
      `<p><span class="verdict verdict-${c.verdict}">${e(c.verdict)}</span></p>`,
    ].join('\n'),
  counts: (c) => `<p class="counts">${describeCounts(c).map(e).join(' · ')}</p>`,
  'added-acceptances': (_, { c }) => addedAcceptances(c),
  provenance: (c, { now }) => `${metaSection(c, now)}\n</header>`,
  changes: changesSection,
  // Accepted regressions and the notes about acceptances share a section.
  'accepted-rows': (rows, { c, model }) => acceptedSection(c, rows, model['acceptance-notes'] ?? []),
  'acceptance-notes': (notes, { c, model }) => (model['accepted-rows'] ? '' : acceptedSection(c, [], notes)),
  benchmarks: (benchmarks, { c }) => benchmarksSection(c, benchmarks),
  samples: (benchmarks, { options }) => samplesSection(benchmarks, options.samples),
  functions: functionChangesSection,
  'call-paths': callPathsSection,
  'flame-graphs': flameGraphsSection,
  'heap-sites': heapSitesSection,
  failed: failuresSection,
  scaling: scalingSection,
  scans: scanSection,
  ranking: rankingSection,
  'shell-corrections': shellCorrectionSection,
  environment: (c) => environmentSection(c),
  footer: (c, { options }) => {
    const version = options.version ? ` · bench-action ${e(options.version)}` : ''
    return `<footer>${e(gateDescription(c))}${version}</footer>`
  },
}

/** The whole report as one HTML document with no external resources and no scripts. */
export async function renderHtml(c: Comparison, options: HtmlOptions = {}): Promise<string> {
  const model = reportModel(c)
  const context: Context = { c, model, options, now: options.now ?? new Date() }
  // Charts render one after another, in the page's order.
  const body: string[] = []
  for (const part of formatLayout(model, HTML_LAYOUT, HTML, context)) body.push(await part)
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(`${c.suite}: ${headline(c).text}`)}</title>`,
    `<style>\n  ${STYLE}\n</style>`,
    '</head>',
    '<body>',
    ...body.filter((s) => s !== ''),
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
