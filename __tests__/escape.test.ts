import assert from 'node:assert/strict'
import { test } from 'node:test'
import { escapeMarkdownInline, markdownCode, markdownCodeBlock, markerFor } from '../src/report/escape.ts'

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
