import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  escapeHtml,
  escapeMarkdownInline,
  escapeMarkdownLine,
  htmlCode,
  markdownCode,
  markdownCodeBlock,
  markerFor,
} from '../../../src/report/escape.ts'
import { renderGfm, tokenizeHtml, visibleText } from '../../support/gfm.ts'
import { needs } from '../../support/needs.ts'

const gfm = await needs('cmark-gfm')

/** The elements GitHub's renderer makes of a markdown paragraph, `<p>` aside. */
async function elements(markdown: string): Promise<string[]> {
  return tokenizeHtml(await renderGfm(markdown))
    .filter((t) => t.type === 'start' && t.name !== 'p')
    .map((t) => (t.type === 'start' ? t.raw : ''))
}

const hostile = 'a|b `c` <img src=x onerror=alert(1)> --> @octo-org/team\nnext **bold** [link](http://x)'

test('inline escaping keeps a table row intact and renders nothing', () => {
  const s = escapeMarkdownInline(hostile)
  assert.ok(!s.includes('\n'), 'newline would end a table row')
  assert.ok(!/(^|[^\\])\|/.test(s), 'an unescaped | would split a table cell')
  assert.ok(!s.includes('<'), 'raw < could start HTML')
  assert.ok(!s.includes('-->'), '--> could end an HTML comment')
  assert.ok(!/@[A-Za-z0-9]/.test(s), 'a mention would ping')
  assert.ok(!/(^|[^\\])`/.test(s), 'an unescaped backtick would start code')
  assert.ok(!/(^|[^\\])\[/.test(s), 'an unescaped [ could start a link')
})

test('code spans survive backticks and pipes', () => {
  const s = markdownCode('x `y` ``z`` |w')
  assert.ok(s.startsWith('```') && s.endsWith('```'), s)
  assert.ok(!/(^|[^\\])\|/.test(s), 'an unescaped | would split a table cell')
  assert.equal(markdownCode('plain'), '`plain`')
})

test('code blocks use a fence longer than any backtick run inside', () => {
  const block = markdownCodeBlock('line\n````\nmore')
  assert.ok(block.startsWith('`````text\n'), "block.startsWith('`````text\\n')")
  assert.ok(block.endsWith('\n`````'), "block.endsWith('\\n`````')")
})

test('the marker cannot be closed or spoofed by a suite name', () => {
  assert.equal(markerFor('example'), '<!-- bench-action:example -->')
  const m = markerFor('x --> <b>')
  assert.equal(m.match(/-->/g)?.length, 1)
  assert.ok(!m.includes('<b>'), "!m.includes('<b>')")
})

test('a long suite name is shortened in the marker, still telling suites apart', () => {
  const long = 'x'.repeat(5000)
  const m = markerFor(long)
  assert.ok(m.length < 130, `${m.length} characters`)
  assert.match(m, /^<!-- bench-action:x{80}\.[0-9a-f]{16} -->$/)
  assert.notEqual(markerFor(`${long}y`), m)
  assert.equal(markerFor('x'.repeat(100)), `<!-- bench-action:${'x'.repeat(100)} -->`, 'up to 100 kept')
})

gfm.test('bare URLs, www. and addresses in inline text are no links; they read the same', async () => {
  const text = 'see https://evil.example/a, http://x.y, ftp://f.g, www.evil.example, WWW.E.X and a@b.example'
  const md = escapeMarkdownInline(text)
  assert.deepEqual(await elements(md), [])
  assert.equal(visibleText(await renderGfm(md)), `${text}\n`)
})

const SUMMARY_NAME = 'x </summary></details><!-- <img src=x> @octocat\n\nnext'

test('HTML code: escaped, one line, no mention, for a <summary> line', () => {
  assert.equal(
    htmlCode(SUMMARY_NAME),
    '<code>x &lt;/summary&gt;&lt;/details&gt;&lt;!-- &lt;img src=x&gt; @\u200boctocat⏎⏎next</code>',
  )
})

gfm.test(
  'HTML code in a <summary> line, as GitHub renders it: the code element and nothing else',
  async () => {
    const code = htmlCode(SUMMARY_NAME)
    const html = await renderGfm(`<details>\n<summary>${code}: output</summary>\n\nbody\n\n</details>`)
    assert.deepEqual(
      tokenizeHtml(html)
        .filter((t) => t.type !== 'text')
        .map((t) =>
          t.type === 'start' || t.type === 'end' ? `${t.type === 'end' ? '/' : ''}${t.name}` : t.type,
        ),
      ['details', 'summary', 'code', '/code', '/summary', 'p', '/p', '/details'],
    )
  },
)

gfm.test('a line of a block quote cannot become a list, a heading, a rule or code', async () => {
  for (const text of [
    '- item',
    '+ item',
    '1. one',
    '2) two',
    '---',
    '===',
    '    code',
    '***',
    '# h',
    '> q',
  ]) {
    const md = `> [!WARNING]\n> ${escapeMarkdownLine(text)}`
    assert.deepEqual(await elements(md), ['<blockquote>'], `${JSON.stringify(text)}: ${md}`)
  }
})

test('bidi controls are shown, never applied', () => {
  const name = 'a\u202eb\u2066c\u2069d\u200fe\u200ef\u061cg'
  for (const escaped of [
    escapeMarkdownInline(name),
    markdownCode(name),
    markdownCodeBlock(name),
    escapeHtml(name),
  ])
    assert.doesNotMatch(escaped, /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/, escaped)
})
