// Names, commands and output that try to break the report (fixtures/hostile: bench.yml measured twice
// by the real tool, see capture.sh). The rendered comment is committed beside its input as
// report.md, so a reviewer can read exactly what GitHub would be given; npm run update-outputs rewrites it.
// hostile-report.test.ts puts every name of names.txt in every place of a report.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { parseResultSetText } from '../../../src/results.ts'
import { assertSafeReport } from '../../support/gfm.ts'
import { golden, markdownReportInvariants } from '../../support/golden.ts'
import { needs } from '../../support/needs.ts'

const dir = path.join(import.meta.dirname, '..', '..', 'fixtures', 'hostile')
const gfm = await needs('cmark-gfm')

async function load(name: string) {
  return parseResultSetText(await readFile(path.join(dir, name), 'utf8'), name)
}

/** The comparison of the captured runs and its markdown report. */
async function report() {
  const head = await load('head.json')
  const base = await load('base.json')
  const c = compareResults(head, { baseline: { results: base, source: 'base.json', reason: 'captured' } })
  const md = renderMarkdown(c, { now: new Date(Date.parse(head.createdAt) + 60_000), version: '0.0.0-test' })
  return { head, c, md }
}

/**
 * The text a reader sees rendered: code spans, fenced blocks and the `<code>` elements of raw HTML lines
 * (a `<summary>`, where backticks are plain text) removed, since nothing in them renders.
 */
function outsideCode(markdown: string): string {
  return markdown
    .replace(/<code>[^<]*<\/code>/g, '')
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1\s*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '')
}

test('hostile names, commands and output render as text, in one piece', async () => {
  const { head, c, md } = await report()
  await golden(path.join(dir, 'report.md'), md, markdownReportInvariants(c))

  // Every hostile benchmark is in the report.
  for (const b of head.benchmarks) assert.ok(md.includes(b.name.slice(0, 4)), `${b.name} is shown`)
  const visible = outsideCode(md)
  // The marker is the first line, and nothing else opens or closes an HTML comment (inside a code
  // span, which starts before them, `<!--` and `-->` are plain text).
  assert.ok(md.startsWith('<!-- bench-action:hostile -->\n'), 'the marker comes first')
  assert.equal(visible.split('<!--').length - 1, 1, 'one comment opener')
  assert.equal(visible.split('-->').length - 1, 1, 'one comment closer')
  // Tables keep their columns: every row has as many unescaped pipes as its header.
  let columns = 0
  for (const line of md.split('\n')) {
    if (!line.startsWith('|')) {
      columns = 0
      continue
    }
    const pipes = line.replace(/\\\|/g, '').split('|').length
    if (columns === 0) columns = pipes
    assert.equal(pipes, columns, `a row with a broken column count: ${line}`)
  }
  // No HTML of theirs renders, nobody is mentioned, no link is made.
  for (const tag of ['<img', '<script', '<b>']) assert.ok(!visible.includes(tag), `${tag} outside code`)
  assert.doesNotMatch(visible, /(^|[^\w`])@[A-Za-z]/m, 'no mention outside code')
  assert.doesNotMatch(visible, /\]\(/, 'no link outside code')
  // The failing benchmark's stderr is shown, inside a fence it cannot close.
  assert.match(md, /`{4,}\n(?:.*\n)*?```\nend of fence/)
})

gfm.test(
  'hostile names, commands and output as GitHub renders them: no element, link, mention or comment of theirs',
  async () => {
    await assertSafeReport((await report()).md)
  },
)
