// Every hostile text in fixtures/hostile/names.txt (one a line; `\n`, `\r`, `\t`, `\\` and `\u{…}`
// are escapes) put in every place a report shows user text at once: benchmark, metric, function and
// engine names, the unit label of an imported metric, commands, notes, error messages, the failing
// benchmark's stderr (fixtures/hostile/stderr.txt), why a timed change's instructions were not
// counted, suite and branch names, the environment (CPU model, tool names and versions), the
// baseline's reason and warnings. Each report is rendered by GitHub's
// own renderer (cmark-gfm) and must be safe to post (gfm.ts), with exactly the elements a harmless
// name gives; the HTML report must have no element or attribute the name brought; the terminal report
// no line or control character the name brought, and no workflow command the runner would obey once
// printed (runner-commands.ts).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { before, describe, test } from 'node:test'
import { type CompareOptions, type Comparison, compareResults } from '../../../src/compare/index.ts'
import { logText, withoutWorkflowCommands } from '../../../src/github/log.ts'
import { renderHtml } from '../../../src/report/html.ts'
import { COMMENT_LIMIT, renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import type { BenchmarkResult, Environment, ResultSet } from '../../../src/results.ts'
import { assertSafeReport, elementOutline, renderGfm, tokenizeHtml, visibleText } from '../../support/gfm.ts'
import { needs } from '../../support/needs.ts'
import { commandsBesideStops, obeyedCommands } from '../../support/runner-commands.ts'

const dir = path.join(import.meta.dirname, '..', '..', 'fixtures', 'hostile')

/** The fixture files' escapes: `\n`, `\r`, `\t`, `\\` and `\u{hex}`. */
function decodeEscapes(line: string): string {
  return line.replace(/\\(u\{([0-9a-fA-F]+)\}|[nrt\\])/g, (_, what: string, hex?: string) => {
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16))
    return what === 'n' ? '\n' : what === 'r' ? '\r' : what === 't' ? '\t' : '\\'
  })
}

/** A name as a JSON string with every character outside printable ASCII escaped: test titles are
 * read back from TAP output, where some readers end a line at U+2028 or U+0085. */
function quoted(name: string): string {
  return JSON.stringify(name).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

const NAMES = readFileSync(path.join(dir, 'names.txt'), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map(decodeEscapes)
const STDERR = decodeEscapes(readFileSync(path.join(dir, 'stderr.txt'), 'utf8'))

const NOW = new Date('2026-01-02T03:04:05Z')
const FULL_REPORT = 'https://github.com/octo-org/octo-repo/actions/runs/42'
const ALLOWED_LINKS = [/^https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/42$/]

/** Ten samples around `median`, the same every time. */
function samples(median: number): number[] {
  return Array.from({ length: 10 }, (_, i) => median * (1 + 0.01 * Math.sin(i + 1)))
}

function benchmark(
  id: string,
  name: string,
  fields: Partial<BenchmarkResult> & Pick<BenchmarkResult, 'kind' | 'metrics'>,
): BenchmarkResult {
  const gated = Object.keys(fields.metrics)
  return {
    id,
    name,
    parameters: {},
    status: 'ok',
    gate: { metrics: gated.length > 0 ? gated : ['wall'], threshold: 0.05, alpha: 0.05 },
    notes: [],
    ...fields,
  }
}

/**
 * A pair of result sets with `text` everywhere a user's text goes; head is twice as slow. With
 * `otherMachine` the base ran elsewhere (its CPU model differs), so the verdicts are warnings and the
 * report lists the differences.
 */
function resultSets(text: string, otherMachine: boolean): { head: ResultSet; base: ResultSet } {
  const environment = (side: 'base' | 'head'): Environment => ({
    os: text,
    arch: 'x64',
    cpuModel: side === 'base' && otherMachine ? `${text} (base)` : text,
    cpuCount: 2,
    kernel: text,
    glibc: text,
    node: text,
    runnerImage: text,
    tools: { [text]: text, cc: side === 'base' && otherMachine ? `${text} 1` : text },
  })
  const side = (s: 'base' | 'head'): BenchmarkResult[] => {
    const factor = s === 'head' ? 2 : 1
    const wall = (median: number) => ({
      wall: { unit: 'ns' as const, direction: 'lower' as const, samples: samples(median) },
    })
    const list: BenchmarkResult[] = [
      benchmark('slow', text, {
        kind: 'process',
        command: [text, '--flag', text],
        metrics: wall(1e6 * factor),
        notes: [text],
        rankingGroup: [text, `${text} 2`],
        // Its timed regression, with why its instructions were not counted: text from a results file.
        ...(s === 'head' ? { explanation: { status: 'skipped' as const, reason: text } } : {}),
      }),
      benchmark('same', `${text} 2`, {
        kind: 'process',
        command: [text],
        metrics: wall(3e6),
        rankingGroup: [text, `${text} 2`],
      }),
      // A scan over text values: its alternatives are ranked, its parameter and values in the title.
      ...[1, 2].map((i) =>
        benchmark(`scan-${i}`, `${text}/${text}:${text}${i}`, {
          kind: 'process',
          series: text,
          parameters: { [text]: `${text}${i}`, n: 100 },
          metrics: wall(i * 1e6),
        }),
      ),
      benchmark('ir', text, {
        kind: 'instructions',
        metrics: {
          ir: { unit: 'instructions', direction: 'lower', value: 1000 * factor },
          'heap-bytes': { unit: 'bytes', direction: 'lower', value: 640 * factor },
        },
        functions: [
          { name: text, object: text, self: 500 * factor, inclusive: 900 * factor },
          { name: `${text} 2`, object: text, self: 100, inclusive: 100 },
        ],
        // Allocation sites whose functions and source lines are the text: in head, one allocates twice
        // as much, one is new and one is gone.
        heapSites: [
          { frames: [`malloc (in ${text})`, `${text} (${text}:1)`], bytes: 320 * factor, blocks: 5 * factor },
          s === 'head'
            ? { frames: [text, `${text} 2 (${text}:2)`], bytes: 320, blocks: 5 }
            : { frames: [text], bytes: 320, blocks: 5 },
        ],
      }),
      benchmark('imported', text, {
        kind: 'import',
        metrics: { [text]: { unit: 'other', label: text, direction: 'lower', value: 10 * factor } },
      }),
      benchmark('engine-a', `${text}/${text}`, {
        kind: 'wall-clock',
        parameters: { engine: text },
        metrics: { time: { unit: 'ns', direction: 'lower', samples: samples(100 * factor) } },
      }),
      benchmark('engine-b', `${text}/${text}2`, {
        kind: 'wall-clock',
        parameters: { engine: `${text}2` },
        metrics: { time: { unit: 'ns', direction: 'lower', samples: samples(150) } },
      }),
      ...[1, 2].map((threads) =>
        benchmark(`scaling-${threads}`, `${text}/threads:${threads}`, {
          kind: 'scaling',
          parameters: { threads },
          metrics: {
            throughput: { unit: 'ops/s', direction: 'higher', samples: samples((threads * 1e6) / factor) },
          },
        }),
      ),
      benchmark('broken', text, {
        kind: 'process',
        command: [text],
        status: s === 'head' ? 'failed' : 'ok',
        metrics: s === 'head' ? {} : wall(1e6),
        ...(s === 'head' ? { error: { message: text, exitCode: 3, stderrTail: STDERR } } : {}),
      }),
    ]
    if (s === 'base') list.push(benchmark('gone', text, { kind: 'process', metrics: wall(1e6) }))
    else list.push(benchmark('new', text, { kind: 'process', metrics: wall(2e6) }))
    return list
  }
  const set = (s: 'base' | 'head'): ResultSet => ({
    schema: 'bench-action/results',
    version: 1,
    suite: text,
    commit: { sha: `${text}0123456789`, branch: text, dirty: true },
    createdAt: '2026-01-02T03:00:00Z',
    environment: environment(s),
    benchmarks: side(s),
  })
  return { head: set('head'), base: set('base') }
}

type Variant = 'baseline' | 'other machine' | 'no baseline'
const VARIANTS: Variant[] = ['baseline', 'other machine', 'no baseline']

function comparison(text: string, variant: Variant): Comparison {
  const { head, base } = resultSets(text, variant === 'other machine')
  const options: CompareOptions =
    variant === 'no baseline'
      ? { noBaselineReason: text, baselineWarnings: [text, text] }
      : {
          baseline: { results: base, source: text, reason: text },
          baselineWarnings: [text, text],
          history: { branch: text, results: [] },
        }
  return compareResults(head, options)
}

function markdown(text: string, variant: Variant): string {
  return renderMarkdown(comparison(text, variant), {
    now: NOW,
    version: '0.0.0-test',
    fullReportUrl: FULL_REPORT,
  })
}

const HARMLESS = 'harmless name'
const gfm = await needs('cmark-gfm')

/** Text as a reader sees it: bidi controls shown as U+FFFD, our zero-width spaces aside. */
function shown(text: string): string {
  return text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd').replace(/\u200b/g, '')
}

gfm.describe('a hostile name in every place of the markdown report', () => {
  const outlines = new Map<Variant, string[]>()
  before(async () => {
    for (const v of VARIANTS) outlines.set(v, elementOutline(await renderGfm(markdown(HARMLESS, v))))
  })

  test('the harmless name itself gives a safe report with every section', async () => {
    const md = markdown(HARMLESS, 'baseline')
    await assertSafeReport(md, { allowedLinks: ALLOWED_LINKS })
    for (const section of [
      '#### Regressions',
      '#### Failed',
      '#### What the instructions explain',
      '#### Scaling',
      '#### Without a baseline',
    ])
      assert.ok(md.includes(section), section)
    for (const block of [
      'functions whose instructions changed most',
      'allocation sites whose heap use changed most',
      'Engines of',
      'Notes (',
      'Ranking of',
    ])
      assert.ok(md.includes(block), block)
    // The name is the group's title and the scan's, its parameter and values too.
    for (const title of [
      'Ranking of <code>harmless name</code> and <code>harmless name 2</code> by median wall time',
      'Ranking of <code>harmless name</code> across <code>harmless name</code> at <code>n=100</code> by median wall time',
    ])
      assert.ok(md.includes(`<summary>${title}</summary>`), title)
    assert.match(md, /#### In the baseline, not run now/)
  })

  for (const name of NAMES) {
    test(quoted(name), async () => {
      for (const variant of VARIANTS) {
        const md = markdown(name, variant)
        await assertSafeReport(md, { allowedLinks: ALLOWED_LINKS })
        const html = await renderGfm(md)
        assert.deepEqual(
          elementOutline(html),
          outlines.get(variant),
          `${variant}: the name changed the report's elements`,
        )
        // And it is shown, as written, wherever it is a code span (table cells among them).
        // cmark-gfm shows NUL as U+FFFD too; a code span shows a newline as ⏎.
        const expected = shown(name.replace(/\r\n|\r|\n/g, '⏎').replaceAll('\u0000', '\ufffd'))
        assert.ok(
          visibleText(html).includes(expected),
          `${variant}: the name is shown: ${JSON.stringify(expected)}`,
        )
      }
    })
  }

  test('a name too long for a comment: the shortened report is safe too', async () => {
    for (const name of ['x'.repeat(70_000), `${'<img src=x> @octocat '.repeat(4000)}`]) {
      const md = renderMarkdown(comparison(name, 'baseline'), {
        now: NOW,
        maxLength: COMMENT_LIMIT,
        fullReportUrl: FULL_REPORT,
      })
      assert.ok(md.length <= COMMENT_LIMIT, `${md.length} characters`)
      await assertSafeReport(md, { allowedLinks: ALLOWED_LINKS })
    }
  })
})

/** Every element of our HTML report, its SVG charts' included, with the attributes it may carry. */
const HTML_REPORT_ELEMENTS = new Set([
  ...['html', 'head', 'meta', 'title', 'style', 'body', 'header', 'footer', 'section', 'h1', 'h2', 'h3'],
  ...['p', 'span', 'dl', 'dt', 'dd', 'ul', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code'],
  ...['pre', 'strong', 'div', 'figure', 'figcaption'],
  ...['svg', 'g', 'path', 'rect', 'text', 'line', 'defs', 'clippath', 'title', 'desc', 'circle'],
])

function htmlProblems(html: string): string[] {
  const problems: string[] = []
  for (const t of tokenizeHtml(html)) {
    if (t.type === 'comment') problems.push(`a comment: ${t.raw.slice(0, 80)}`)
    if (t.type !== 'start') continue
    if (!HTML_REPORT_ELEMENTS.has(t.name)) problems.push(`an element: ${t.raw.slice(0, 120)}`)
    for (const [k, v] of t.attributes) {
      if (k.startsWith('on')) problems.push(`an event handler: ${t.raw.slice(0, 120)}`)
      if ((k === 'href' || k === 'src' || k === 'xlink:href') && !v.startsWith('#'))
        problems.push(`a link: ${t.raw.slice(0, 120)}`)
      if (k === 'style' && t.name !== 'rect' && t.name !== 'path' && t.name !== 'text' && t.name !== 'svg')
        problems.push(`a style attribute: ${t.raw.slice(0, 120)}`)
    }
  }
  return problems
}

describe('a hostile name in the HTML report', () => {
  // The charts of a scaling benchmark take vega a while; the hostile names cannot reach them (they
  // show counts and numbers), so one harmless and one hostile report keep them and the rest do not.
  const withoutCharts = (c: Comparison): Comparison => ({ ...c, scaling: [] })
  let outline: string[] = []
  before(async () => {
    outline = elementOutline(await renderHtml(withoutCharts(comparison(HARMLESS, 'baseline')), { now: NOW }))
  })

  test('with the charts', async () => {
    const name = NAMES[0]!
    const html = await renderHtml(comparison(name, 'baseline'), { now: NOW })
    assert.deepEqual(htmlProblems(html), [])
    assert.deepEqual(
      elementOutline(html),
      elementOutline(await renderHtml(comparison(HARMLESS, 'baseline'), { now: NOW })),
    )
  })

  test('every name adds no element, attribute or comment, and is shown', async () => {
    for (const name of NAMES) {
      for (const variant of VARIANTS) {
        const html = await renderHtml(withoutCharts(comparison(name, variant)), { now: NOW })
        assert.deepEqual(htmlProblems(html), [], `${quoted(name)}, ${variant}`)
        if (variant === 'baseline') {
          assert.deepEqual(elementOutline(html), outline, `${quoted(name)}: the elements differ`)
          assert.ok(visibleText(html).includes(shown(name)), `${quoted(name)} is shown`)
        }
      }
    }
  })
})

test('a hostile name in the terminal report: as many lines as a harmless one, no control character, no workflow command as printed', () => {
  // The report itself may hold a workflow command (`::error::` starting a row); what prints it does
  // not let the runner obey it: the CLI escapes it, the action prints it inside stop-commands.
  const lines = new Map(
    VARIANTS.map((v) => [
      v,
      renderTerminal(comparison(HARMLESS, v), { color: false, now: NOW }).split('\n').length,
    ]),
  )
  for (const name of NAMES) {
    for (const variant of VARIANTS) {
      const text = renderTerminal(comparison(name, variant), { color: false, now: NOW })
      // The stderr tail keeps its lines, each behind a gutter; everything else is one line per row.
      assert.equal(text.split('\n').length, lines.get(variant), `${quoted(name)}, ${variant}: lines`)
      assert.doesNotMatch(
        text,
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
        /[\u0000-\u0008\u000b-\u001f\u007f]/,
        `${quoted(name)}: a control character`,
      )
      assert.deepEqual(obeyedCommands(withoutWorkflowCommands(text)), [], `${quoted(name)}: the CLI`)
      const logged: string[] = []
      logText(text, (line) => logged.push(line))
      assert.deepEqual(commandsBesideStops(`${logged.join('\n')}\n`), [], `${quoted(name)}: the action`)
    }
  }
})
