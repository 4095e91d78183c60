// The call paths of a regression or an improvement in each report: a few rows in the comment, a few
// lines in the terminal, flame graphs in the HTML page; a function's name is data and comes out as text.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { diffCallTrees } from '../../../src/compare/call-paths.ts'
import { renderHtml } from '../../../src/report/html.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import type { CallTree } from '../../../src/results.ts'
import { bench, comparison } from '../../support/comparisons.ts'

const NOW = new Date('2026-05-01T12:00:00Z')
const HOSTILE = '<img src=x> @octo-org/team'

const BASE: CallTree = {
  total: 10_000,
  frames: [
    { name: 'main', ir: 10_000, depth: 0 },
    { name: 'parse', ir: 6000, depth: 1 },
    { name: 'emit', ir: 4000, depth: 1 },
  ],
}
// parse calls a new function of 1,200 Ir; emit drops by 500.
const HEAD: CallTree = {
  total: 10_700,
  frames: [
    { name: 'main', ir: 10_700, depth: 0 },
    { name: 'parse', ir: 7200, depth: 1 },
    { name: HOSTILE, ir: 1200, depth: 2 },
    { name: 'emit', ir: 3500, depth: 1 },
  ],
}

const c = comparison([
  bench('slower', 'regression', { kind: 'instructions', callPaths: diffCallTrees(BASE, HEAD) }),
  bench('faster', 'improvement', { kind: 'instructions', callPaths: diffCallTrees(HEAD, BASE) }),
])

test('the comment lists the paths that changed most under each benchmark, names in code spans', () => {
  const md = renderMarkdown(c, { now: NOW })
  const at = md.indexOf('<summary><code>slower</code>: call paths whose instructions changed most</summary>')
  assert.ok(at > 0, 'a block for the regression')
  assert.ok(
    md
      .slice(at)
      .startsWith(
        [
          '<summary><code>slower</code>: call paths whose instructions changed most</summary>',
          '',
          '| Call path | Base Ir | Head Ir | Δ | Δ% |',
          '|---|---|---|---|---|',
          '| `main › parse › <img src=x> @octo-org/team` | 0 | 1,200 | +1,200 | new |',
          '| `main › emit` | 4,000 | 3,500 | -500 | -12.5% |',
          '',
          '</details>',
        ].join('\n'),
      ),
  )
  assert.match(md, /<summary><code>faster<\/code>: call paths whose instructions changed most<\/summary>/)
  assert.match(md, /\| `main › emit` \| 3,500 \| 4,000 \| \+500 \| \+14\.3% \|/)
  assert.doesNotMatch(md.replace(/`[^`\n]*`/g, ''), /<img|@octo-org/, 'the name is only ever inside code')
})

test('the terminal lists them under the benchmark, for a regression and an improvement', () => {
  const lines = renderTerminal(c, { color: false, now: NOW }).split('\n')
  const at = lines.indexOf('slower: call paths whose instructions changed most')
  assert.deepEqual(lines.slice(at, at + 3), [
    'slower: call paths whose instructions changed most',
    '  +1,200 Ir (new)  main › parse › <img src=x> @octo-org/team',
    '  -500 Ir (-12.5%)  main › emit',
  ])
  const improved = lines.indexOf('faster: call paths whose instructions changed most')
  assert.deepEqual(lines.slice(improved + 1, improved + 3), [
    '  -1,200 Ir (-100.0%)  main › parse › <img src=x> @octo-org/team',
    '  +500 Ir (+14.3%)  main › emit',
  ])
})

test('the HTML page draws both flame graphs per benchmark, escaped, with no script', async () => {
  const html = await renderHtml(c, { now: NOW })
  const section = html.slice(
    html.indexOf('<section id="call-paths">'),
    html.indexOf('</section>', html.indexOf('<section id="call-paths">')),
  )
  assert.equal((section.match(/<svg /g) ?? []).length, 4, 'differential and plain, for each benchmark')
  assert.equal((section.match(/<h3>/g) ?? []).length, 2)
  assert.match(section, /&lt;img src=x&gt; @\u200bocto-org\/team/)
  assert.doesNotMatch(html, /<img|<script/)
  assert.match(html, /content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"/)
})

test('every other instruction benchmark with a call tree gets the flame graph of where its instructions go, folded away', async () => {
  const withTree = comparison([
    bench('slower', 'regression', {
      kind: 'instructions',
      callTree: HEAD,
      callPaths: diffCallTrees(BASE, HEAD),
    }),
    bench('same', 'unchanged', { kind: 'instructions', callTree: BASE }),
    bench('first', 'new', { kind: 'instructions', callTree: HEAD }),
    bench('timed', 'unchanged', { kind: 'process' }),
  ])
  const html = await renderHtml(withTree, { now: NOW })
  const start = html.indexOf('<section id="flame-graphs">')
  assert.ok(start > html.indexOf('<section id="call-paths">'), 'after the changes')
  const section = html.slice(start, html.indexOf('</section>', start))
  // In the report's order (a new benchmark before an unchanged one); the regression is drawn among the
  // changes only; the process benchmark has no call tree.
  assert.deepEqual(
    [...section.matchAll(/<summary><code>([^<]*)<\/code> · ([\d,]+) Ir<\/summary>/g)].map((m) => [
      m[1],
      m[2],
    ]),
    [
      ['first', '10,700'],
      ['same', '10,000'],
    ],
  )
  assert.equal((section.match(/<svg /g) ?? []).length, 2)
  assert.equal((section.match(/<details>/g) ?? []).length, 2)
  assert.match(section, /&lt;img src=x&gt; @\u200bocto-org\/team/)
  // Without a call tree anywhere there is no section.
  const none = await renderHtml(comparison([bench('timed', 'unchanged', { kind: 'process' })]), { now: NOW })
  assert.doesNotMatch(none, /id="flame-graphs"/)
})
