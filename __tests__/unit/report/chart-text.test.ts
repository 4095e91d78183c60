// The charts of the HTML report and of the trend site are drawn as SVG when the page is written, and
// their text is user text: benchmark names, metric names and unit labels. As everywhere else in the
// reports, a bidi control in it (an override, an embedding, an isolate, a mark) is shown as U+FFFD,
// so no chart label reads backwards or reorders the text beside it.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { buildHistory } from '../../../src/history/series.ts'
import { renderSite } from '../../../src/history/site.ts'
import { renderHtml } from '../../../src/report/html.ts'
import { trendPagePath } from '../../../src/report/site-paths.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { tokenizeHtml } from '../../support/gfm.ts'
import { okBenchmark, resultSetOf } from '../../support/helpers.ts'

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
/** Every kind of bidi control, each around text it would reorder. */
const HOSTILE =
  '\u202etxt.exe\u202c \u202bemb\u202c \u202dlro\u202c \u2067iso\u2069 \u2066l\u2069 \u2068f\u2069 \u200frlm\u200e \u061calm'
const SHOWN = HOSTILE.replace(new RegExp(BIDI_CONTROLS.source, 'g'), '\ufffd')

/** The text of every SVG in a page: its text nodes and attribute values (aria labels among them). */
function svgText(html: string): string[] {
  const svgs = html.match(/<svg[\s\S]*?<\/svg>/g) ?? []
  return svgs.map((svg) =>
    tokenizeHtml(svg)
      .map((t) => {
        if (t.type === 'text') return t.text
        if (t.type === 'start') return [...t.attributes].map(([, v]) => v).join(' ')
        return ''
      })
      .join(' '),
  )
}

function assertShown(html: string, where: string): void {
  const charts = svgText(html)
  assert.ok(charts.length > 0, `${where}: a chart is drawn`)
  assert.ok(
    charts.some((text) => text.includes(SHOWN)),
    `${where}: a chart shows the name with U+FFFD for each control`,
  )
  for (const text of charts) assert.doesNotMatch(text, BIDI_CONTROLS, `${where}: a bidi control in a chart`)
  assert.doesNotMatch(html, BIDI_CONTROLS, `${where}: a bidi control in the page`)
}

describe('bidi controls in chart text', () => {
  test('the HTML report: the changes chart labels a benchmark by its name', async () => {
    const benchmark = (median: number): BenchmarkResult => ({
      ...okBenchmark({
        wall: {
          unit: 'ns',
          direction: 'lower',
          samples: Array.from({ length: 10 }, (_, i) => median * (1 + 0.01 * Math.sin(i + 1))),
        },
      }),
      id: HOSTILE,
      name: HOSTILE,
      kind: 'process',
    })
    const at = (createdAt: string, median: number) =>
      resultSetOf('charts', { sha: 'a'.repeat(40), branch: 'main' }, createdAt, [benchmark(median)])
    const base = at('2026-01-01T00:00:00Z', 1e6)
    const head = at('2026-01-01T01:00:00Z', 2e6)
    const comparison = compareResults(head, {
      baseline: { results: base, source: 'base.json', reason: 'a file' },
    })
    const html = await renderHtml(comparison, {
      now: new Date('2026-01-02T00:00:00Z'),
      samples: { head, base },
    })
    assertShown(html, 'the HTML report')
  })

  test("a trend page: the chart's axis is titled by the metric and its unit label", async () => {
    const runs = Array.from({ length: 6 }, (_, i) =>
      resultSetOf(
        'charts',
        { sha: String(i + 1).repeat(40), branch: 'main' },
        `2026-01-0${i + 1}T00:00:00Z`,
        [
          okBenchmark({
            [HOSTILE]: { unit: 'other', label: HOSTILE, direction: 'lower', value: i < 3 ? 100 : 150 },
          }),
        ],
      ),
    )
    const pages = await renderSite([buildHistory('charts', 'main', runs)])
    const page = pages.get(trendPagePath('charts', 'b'))
    assert.ok(page, [...pages.keys()].join(', '))
    assertShown(page, 'the trend page')
  })
})
