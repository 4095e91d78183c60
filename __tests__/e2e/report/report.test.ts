// Reports rendered from real captured results (fixtures/results, see capture.sh) are committed in
// __outputs__/ so a reviewer sees exactly what users see; npm run update-outputs rewrites them, after
// the invariants beside each have held.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { markdownCode } from '../../../src/report/escape.ts'
import { COMMENT_LIMIT, renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import { parseResultSetText, type ResultSet } from '../../../src/results.ts'
import { assertSafeReport, renderGfm, tokenizeHtml } from '../../support/gfm.ts'
import { golden, markdownReportInvariants } from '../../support/golden.ts'
import { needs } from '../../support/needs.ts'

const here = path.join(import.meta.dirname, '..', '..')
const gfm = await needs('cmark-gfm')

async function fixture(name: string): Promise<ResultSet> {
  const file = path.join(here, 'fixtures/results', name)
  return parseResultSetText(await readFile(file, 'utf8'), name)
}

const output = (name: string) => path.join(here, '__outputs__', name)

/** A fixed "now" a minute after the head was measured, so the baseline's age is stable. */
let now = new Date(0)

async function comparison() {
  const base = await fixture('base.json')
  const head = await fixture('head.json')
  now = new Date(Date.parse(head.createdAt) + 60_000)
  return compareResults(head, {
    baseline: { results: base, source: 'base.json', reason: 'the captured base fixture' },
  })
}

test('a 30% slower head: regressions first, the failure with its stderr, names escaped', async () => {
  const c = await comparison()
  const md = renderMarkdown(c, { now, version: '0.0.0-test' })
  await golden(output('report.md'), md, markdownReportInvariants(c))
  assert.ok(
    md.startsWith('<!-- bench-action:fixture -->\n'),
    "md.startsWith('<!-- bench-action:fixture -->\\n')",
  )
  const regressions = md.indexOf('#### Regressions')
  const unchanged = md.indexOf('unchanged</summary>')
  assert.ok(regressions > 0, 'regressions are listed')
  // Two benchmarks of the fixture are unchanged; their rows come after the regressions.
  assert.match(md, /<summary>2 unchanged<\/summary>/)
  assert.ok(regressions < unchanged, 'regressions come before unchanged rows')
  assert.match(md, /#### Failed/)
  assert.match(md, /exited with code 2/)
  assert.match(md, /needs a count/, 'the stderr tail is shown')
  assert.match(md, /\| `wrong count` \| the runner reported count \d+ on sample 1, expected 91 /)
  // rebar cmp's view of the engines: the fastest first, the other with its ratio and interval.
  assert.match(
    md,
    /<summary>Engines of <code>memmem<\/code>: <code>(rust|libc)\/memmem<\/code> is fastest<\/summary>\n\n\| engine \| time per call \| throughput \| vs fastest \|\n\|---\|---\|---\|---\|\n\| `\1\/memmem` \| [\d.]+ µs \| [\d.]+ GiB\/s \| \*\*fastest\*\* \|\n\| `(rust|libc)\/memmem` \| [\d.]+ µs \| [\d.]+ GiB\/s \| [\d.]+× \([\d.]+–[\d.]+\) \|/,
  )
  assert.equal((md.match(/<!--/g) ?? []).length, 1, 'user text cannot open another comment')
  // The hostile name may appear only inside code spans, where nothing renders and nobody is pinged.
  const hostile = c.benchmarks.find((b) => b.name.includes('<b>'))!.name
  assert.equal(hostile, 'pipe|name `tick` <b>bold</b> @octo-org/team')
  // In a code span: fenced by two backticks (the name holds a run of one), the pipe escaped for the
  // table, the rest as written.
  const inCode = '``pipe\\|name `tick` <b>bold</b> @octo-org/team``'
  assert.equal(markdownCode(hostile), inCode)
  assert.ok(md.includes(`| ${inCode} | wall (median) |`), 'the name is a code span in its rows')
  const outsideCode = md.split(inCode).join('')
  assert.doesNotMatch(outsideCode, /<b>bold/)
  assert.doesNotMatch(outsideCode, /@octo-org/)
  for (const line of md.split('\n').filter((l) => l.startsWith('| '))) {
    const cells = line.replace(/\\\|/g, '').split('|').length
    const header = md.split('\n').find((l) => l.startsWith('| ') && l.split('|').length === cells)
    assert.ok(header, `a row with a broken column count: ${line}`)
  }
})

gfm.test(
  'a 30% slower head as GitHub renders it: no element, link, mention or comment the report did not write',
  async () => {
    await assertSafeReport(renderMarkdown(await comparison(), { now, version: '0.0.0-test' }))
  },
)

test('the terminal report has the same verdicts, without colour when asked', async () => {
  const c = await comparison()
  const text = renderTerminal(c, { color: false, now })
  await golden(output('report.txt'), text, (t) => {
    assert.doesNotMatch(t, /∞/, 'no infinite change or interval')
    for (const b of c.benchmarks) assert.ok(t.includes(b.name.slice(0, 6)), `${b.name} is listed`)
  })
  assert.ok(!text.includes('\u001b['), 'no escape codes without colour')
  assert.ok(renderTerminal(c, { color: true, now }).includes('\u001b[31m'), 'red regressions with colour')
  const byName = new Map(c.benchmarks.map((b) => [b.name, b.verdict]))
  assert.equal(byName.get('hash 4M'), 'regression')
  assert.equal(byName.get('needs input'), 'failed')
})

/** The shortened comments of the test below, for the check of them as GitHub renders them. */
let shortened: { md: string; tight: string } | undefined

test('a comment never exceeds GitHub’s limit: details, unchanged rows, then improvements give way first', async () => {
  const base = await fixture('base.json')
  const template = base.benchmarks.find((b) => b.name === 'hash 4M')!
  // 3000 copies of a captured benchmark; in head, 400 are 30% slower, 400 faster, the rest the same.
  const copies = (scale: (i: number) => number) =>
    Array.from({ length: 3000 }, (_, i) => ({
      ...template,
      id: `bench-${i}`,
      name: `bench-${i}`,
      metrics: {
        wall: {
          ...template.metrics.wall!,
          samples: template.metrics.wall!.samples!.map((s) => s * scale(i)),
        },
      },
    }))
  const big = compareResults(
    { ...base, benchmarks: copies((i) => (i < 400 ? 1.3 : i < 800 ? 0.7 : 1)) },
    { baseline: { results: { ...base, benchmarks: copies(() => 1) }, source: 'base', reason: 'test' } },
  )
  assert.equal(big.counts.regression, 400)
  const full = renderMarkdown(big, { now, version: '0.0.0-test' })
  assert.ok(full.length > COMMENT_LIMIT, `the full report is ${full.length} characters`)
  const md = renderMarkdown(big, {
    now,
    maxLength: COMMENT_LIMIT,
    fullReportUrl: 'https://github.com/o/r/actions/runs/1',
  })
  assert.ok(md.length <= COMMENT_LIMIT, `${md.length} characters`)
  assert.ok(md.startsWith('<!-- bench-action:fixture -->\n'), 'the marker survives')
  assert.match(
    md,
    /> \[!NOTE\]\n> Shortened to fit GitHub's size limit; left out: .*2200 unchanged rows; 400 improved/,
  )
  // The one link the report makes, kept as written: in an autolink nothing is escaped.
  assert.match(md, /The full report: <https:\/\/github\.com\/o\/r\/actions\/runs\/1>/)
  assert.match(md, /\| `bench-0` \| wall \(median\)/, 'regressions are kept')
  assert.doesNotMatch(md, /\| `bench-799` \|/, 'improvements gave way')
  // A tighter limit keeps only as many regressions as fit, and says how many were left out.
  const tight = renderMarkdown(big, { now, maxLength: 20_000 })
  assert.ok(tight.length <= 20_000, `${tight.length} characters`)
  assert.match(tight, /\d+ of the regressions and failures/)
  shortened = { md, tight }
})

gfm.test(
  'shortened comments are safe markdown as GitHub renders them, the full report’s link the only link',
  async () => {
    assert.ok(shortened, 'the test above ran to its end')
    await assertSafeReport(shortened.md, {
      allowedLinks: [/^https:\/\/github\.com\/o\/r\/actions\/runs\/1$/],
    })
    await assertSafeReport(shortened.tight)
  },
)

gfm.test('a repository whose name has an underscore: the full report’s link leads there', async () => {
  const c = await comparison()
  const url = 'https://github.com/my_org/my_repo/actions/runs/7'
  const md = renderMarkdown(c, { now, maxLength: 10_000, fullReportUrl: url })
  assert.match(md, /Shortened to fit/)
  const links = tokenizeHtml(await renderGfm(md)).filter((t) => t.type === 'start' && t.name === 'a')
  assert.deepEqual(
    links.map((t) => (t.type === 'start' ? t.attributes : [])),
    [[['href', url]]],
  )
})
