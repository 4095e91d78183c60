// The pictures of the README: the committed comment (__outputs__/report.md) as GitHub renders it, and
// the top of the committed HTML report (__outputs__/report.html). Each is checked for what a reader
// must see in it; npm run update-outputs writes them as docs/images/comment.png and report.png,
// which are not compared (a reviewer looks at them).
import assert from 'node:assert/strict'
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import type { PNG } from 'pngjs'
import { pixelsNear, pixelsNotWhite, screenshot } from '../../support/chromium.ts'
import { renderGfm, tokenizeHtml } from '../../support/gfm.ts'
import { removeDir, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const outputs = path.join(import.meta.dirname, '..', '..', '__outputs__')
/** Where the README's pictures are kept: docs/ ships in the package, so the README's links resolve there too. */
const pictures = path.join(import.meta.dirname, '..', '..', '..', 'docs', 'images')
const writeOutputs = process.env.BENCH_ACTION_WRITE_OUTPUTS === '1'

/** A comment as GitHub shows one: its fonts and sizes, table borders and stripes, code backgrounds. */
const COMMENT_STYLE = `
body { margin: 0; padding: 16px; background: #ffffff; }
/* The picture shows the comment's first screen: its foot fades out where the picture cuts it. */
body::after { content: ''; position: fixed; left: 0; right: 0; bottom: 0; height: 56px;
  background: linear-gradient(rgba(255, 255, 255, 0), #ffffff); }
.comment { padding: 16px; border: 1px solid #d1d9e0; border-radius: 6px; color: #1f2328;
  font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif,
    "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji";
  font-size: 14px; line-height: 1.5; word-wrap: break-word; }
.comment > :first-child { margin-top: 0; }
h3, h4 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
h3 { font-size: 1.25em; }
h4 { font-size: 1em; }
p, table, pre, details { margin: 0 0 16px; }
table { display: block; width: max-content; max-width: 100%; overflow: auto; border-spacing: 0;
  border-collapse: collapse; font-variant: tabular-nums; }
th, td { padding: 6px 13px; border: 1px solid #d1d9e0; }
th { font-weight: 600; }
tr { background: #ffffff; border-top: 1px solid #d1d9e0b3; }
tr:nth-child(2n) { background: #f6f8fa; }
code { padding: 0.2em 0.4em; margin: 0; font-size: 85%; white-space: break-spaces; border-radius: 6px;
  background: #818b981f;
  font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; }
pre { padding: 16px; overflow: auto; font-size: 85%; line-height: 1.45; background: #f6f8fa;
  border-radius: 6px; }
pre code { padding: 0; background: transparent; font-size: 100%; }
summary { display: list-item; cursor: pointer; }
`

/** The page that shows HTML rendered from a comment the way GitHub shows the comment. */
function commentPage(body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><title>comment</title>',
    `<style>${COMMENT_STYLE}</style></head>`,
    `<body><div class="comment">${body}</div></body></html>`,
    '',
  ].join('\n')
}

/** The first table of rendered HTML: its rows, each the text of its cells. */
function firstTable(html: string): string[][] {
  const rows: string[][] = []
  let inCell = false
  for (const t of tokenizeHtml(html)) {
    if (t.type === 'end' && t.name === 'table') break
    if (t.type === 'start' && t.name === 'tr') rows.push([])
    else if (t.type === 'start' && (t.name === 'th' || t.name === 'td')) {
      rows.at(-1)?.push('')
      inCell = rows.length > 0
    } else if (t.type === 'end' && (t.name === 'th' || t.name === 'td')) inCell = false
    else if (t.type === 'text' && inCell) {
      const row = rows.at(-1)!
      row[row.length - 1] += t.text
    }
  }
  return rows
}

/** How many rows of pixels hold at least `length` pixels of `colour`: the long horizontal rules. */
function rules(png: PNG, colour: [number, number, number], length: number): number {
  let count = 0
  for (let y = 0; y < png.height; y++) {
    const row = png.data.subarray(y * png.width * 4, (y + 1) * png.width * 4)
    if (pixelsNear({ data: row }, colour, 6) >= length) count++
  }
  return count
}

const comment = await needs('cmark-gfm', 'chromium', 'noto-color-emoji')

comment.test(
  'the comment as GitHub renders it: the verdict, the regressions as a table, details closed',
  async () => {
    const html = await renderGfm(await readFile(path.join(outputs, 'report.md'), 'utf8'))
    assert.match(html, /<h3>🔴 bench-action · fixture: 5 regressions and 2 failed benchmarks<\/h3>/)
    const table = firstTable(html)
    assert.deepEqual(table[0], ['Benchmark', 'Metric', 'Base', 'Head', 'Change', 'Interval', 'p', 'Verdict'])
    assert.deepEqual(table[1], [
      'hash 4M',
      'wall (median)',
      '24.8 ms',
      '30.4 ms',
      '+22.4%',
      '+10.1% … +30.5%',
      '<0.0001',
      '🔴 regression',
    ])
    assert.equal(table.length, 7, 'a header and six regressions')
    const details = tokenizeHtml(html).filter((t) => t.type === 'start' && t.name === 'details')
    assert.ok(
      details.length >= 4,
      `the outputs, the unchanged and all metrics are folded (${details.length})`,
    )
    const open = details.filter((d) => d.type === 'start' && d.attributes.some(([name]) => name === 'open'))
    assert.equal(open.length, 0, 'every fold is closed, as GitHub first shows it')

    const dir = await tempDir('comment-picture')
    try {
      const page = path.join(dir, 'comment.html')
      await writeFile(page, commentPage(html))
      const { bytes, png } = await screenshot(pathToFileURL(page).href, 900, 660)
      assert.deepEqual([png.width, png.height], [900, 660], 'one pixel per CSS pixel')
      const pixels = png.width * png.height
      const drawn = pixelsNotWhite(png)
      assert.ok(drawn > pixels * 0.1, `the picture is not blank (${drawn} of ${pixels} not white)`)
      // Noto's red circle (#f44336): the heading's and the six regressions', about 14 px across each.
      const red = pixelsNear(png, [0xf4, 0x43, 0x36])
      assert.ok(red > 600, `seven red circles are drawn in colour (${red} pixels)`)
      // The comment's top border, then the table's: its top, under the header, between the six rows
      // and its foot, each across the whole width.
      const lines = rules(png, [0xd1, 0xd9, 0xe0], 800)
      assert.ok(lines >= 9, `the regressions are drawn as a table with a rule per row (${lines} rules)`)
      if (writeOutputs) await writeFile(path.join(pictures, 'comment.png'), bytes)
    } finally {
      await removeDir(dir)
    }
  },
)

const chromium = await needs('chromium')

chromium.test('the top of the HTML report: the headline, the verdict and the chart of changes', async () => {
  const { bytes, png } = await screenshot(pathToFileURL(path.join(outputs, 'report.html')).href, 1200, 850)
  assert.deepEqual([png.width, png.height], [1200, 850], 'one pixel per CSS pixel')
  const pixels = png.width * png.height
  const drawn = pixelsNotWhite(png)
  assert.ok(drawn > pixels * 0.05, `the picture is not blank (${drawn} of ${pixels} not white)`)
  // The verdict, a purple badge (#8250df) under the headline, in the first 150 rows.
  const verdict = pixelsNear({ data: png.data.subarray(0, 150 * png.width * 4) }, [0x82, 0x50, 0xdf])
  assert.ok(verdict > 500, `the verdict's badge is under the headline (${verdict} pixels)`)
  // The chart of changes: the threshold's band (#dce3ed, ±5% on the page-wide axis, about 220 pixels
  // wide by five rows of 18) and the regression's point and interval in red (#cf222e).
  const band = pixelsNear(png, [0xdc, 0xe3, 0xed], 2)
  assert.ok(band > 15_000, `the chart's threshold band is in the picture (${band} pixels)`)
  const red = pixelsNear(png, [0xcf, 0x22, 0x2e])
  assert.ok(red > 300, `the regression is drawn in red (${red} pixels)`)
  if (writeOutputs) await writeFile(path.join(pictures, 'report.png'), bytes)
})

test('the pictures are small enough for a README', async () => {
  for (const name of ['comment.png', 'report.png']) {
    const { size } = await stat(path.join(pictures, name))
    assert.ok(size < 200_000, `${name} is ${size} bytes, more than a README picture needs`)
  }
})
