// A heap regression as each report shows it: the allocation sites that changed most, base and head side
// by side. The results are written by hand (the sites as DHAT's program points give them, addresses
// stripped) so every cell can be worked out; the markdown and terminal reports are committed as
// __outputs__/heap-sites.md and heap-sites.txt (npm run update-outputs rewrites them).
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { renderHtml } from '../../../src/report/html.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import type { BenchmarkResult, HeapSite, Metric, ResultSet } from '../../../src/results.ts'
import { assertSafeReport } from '../../support/gfm.ts'
import { golden, markdownReportInvariants } from '../../support/golden.ts'
import { needs } from '../../support/needs.ts'

const output = (name: string) => path.join(import.meta.dirname, '..', '..', '__outputs__', name)

const PRELOAD = '(in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)'
const site = (frames: string[], bytes: number, blocks: number): HeapSite => ({ frames, bytes, blocks })

// Base: a file buffer, 1000 list nodes of 48 bytes, a buffer grown by realloc 4 times, a symbol table.
const BASE_SITES = [
  site([`malloc ${PRELOAD}`, 'read_file (parse.c:20)', 'main (parse.c:90)'], 65_536, 1),
  site(
    [`malloc ${PRELOAD}`, 'new_node (parse.c:41)', 'parse_list (parse.c:60)', 'main (parse.c:95)'],
    48_000,
    1_000,
  ),
  site([`realloc ${PRELOAD}`, 'grow (buf.c:12)', 'parse_list (parse.c:66)', 'main (parse.c:95)'], 12_288, 4),
  site([`calloc ${PRELOAD}`, 'symbol_table (sym.c:8)', 'main (parse.c:88)'], 4_096, 1),
]
// Head: the same file buffer and symbol table (their lines moved); nodes of 64 bytes; each of the 1000
// tokens copied into a block of 16 bytes; the grown buffer gone.
const HEAD_SITES = [
  site([`malloc ${PRELOAD}`, 'read_file (parse.c:22)', 'main (parse.c:97)'], 65_536, 1),
  site(
    [`malloc ${PRELOAD}`, 'new_node (parse.c:43)', 'parse_list (parse.c:62)', 'main (parse.c:102)'],
    64_000,
    1_000,
  ),
  site(
    [`malloc ${PRELOAD}`, 'copy_token (parse.c:30)', 'parse_list (parse.c:64)', 'main (parse.c:102)'],
    16_000,
    1_000,
  ),
  site([`calloc ${PRELOAD}`, 'symbol_table (sym.c:8)', 'main (parse.c:95)'], 4_096, 1),
]

const count = (value: number, unit: Metric['unit'] = 'count'): Metric => ({ unit, direction: 'lower', value })

function parse(heapSites: HeapSite[], bytes: number, blocks: number): BenchmarkResult {
  return {
    id: 'parse config',
    name: 'parse config',
    kind: 'instructions',
    parameters: {},
    command: ['./parse', 'config.txt'],
    status: 'ok',
    metrics: {
      ir: count(2_000_000, 'instructions'),
      'heap-bytes': count(bytes, 'bytes'),
      'heap-blocks': count(blocks),
      'heap-peak-bytes': count(81_920, 'bytes'),
      'heap-peak-blocks': count(1_002),
    },
    gate: {
      metrics: ['ir', 'heap-bytes', 'heap-blocks', 'heap-peak-bytes', 'heap-peak-blocks'],
      threshold: 0.01,
      alpha: 0.01,
    },
    notes: [],
    heapSites,
  }
}

/** A benchmark without heap counts, the same on both sides. */
const TOKENIZE: BenchmarkResult = {
  id: 'tokenize',
  name: 'tokenize',
  kind: 'instructions',
  parameters: {},
  command: ['./tokenize'],
  status: 'ok',
  metrics: { ir: count(500_000, 'instructions') },
  gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
  notes: [],
}

function resultSet(sha: string, createdAt: string, benchmark: BenchmarkResult): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 'heap-fixture',
    commit: { sha, branch: 'main' },
    createdAt,
    environment: {
      os: 'linux',
      arch: 'x64',
      cpuModel: 'Xeon',
      cpuCount: 2,
      kernel: '6.1',
      node: 'v20.20.2',
      tools: {},
    },
    benchmarks: [benchmark, TOKENIZE],
  }
}

const NOW = new Date('2026-11-21T10:01:00.000Z')

function comparison() {
  // Totals: base 65536 + 48000 + 12288 + 4096 = 129920 bytes in 1 + 1000 + 4 + 1 = 1006 blocks; head
  // 65536 + 64000 + 16000 + 4096 = 149632 bytes in 1 + 1000 + 1000 + 1 = 2002 blocks.
  const base = resultSet('1'.repeat(40), '2026-11-20T10:00:00.000Z', parse(BASE_SITES, 129_920, 1_006))
  const head = resultSet('2'.repeat(40), '2026-11-21T10:00:00.000Z', parse(HEAD_SITES, 149_632, 2_002))
  return compareResults(head, { baseline: { results: base, source: 'base.json', reason: 'main' } })
}

// Changed: copy_token +16000 bytes and +1000 blocks (new), new_node +16000 bytes, grow -12288 bytes and
// -4 blocks (gone): 44288 bytes and 1004 blocks changed in all. Shares: copy_token 1000/1004 of the
// blocks, new_node 16000/44288 = 0.36 of the bytes, grow 12288/44288 = 0.28: in that order. read_file
// and symbol_table are the same on both sides (their lines moved): not listed.
const SITE_ROWS = [
  '| `malloc ← copy_token ← parse_list ← main` | parse.c:30 | new | 16,000 | +16,000 | new | 1,000 | +1,000 |',
  '| `malloc ← new_node ← parse_list ← main` | parse.c:43 | 48,000 | 64,000 | +16,000 | 1,000 | 1,000 | 0 |',
  '| `realloc ← grow ← parse_list ← main` | buf.c:12 | 12,288 | gone | -12,288 | 4 | gone | -4 |',
]

test('a heap regression lists the allocation sites that changed most, base and head side by side', async () => {
  const c = comparison()
  assert.equal(c.benchmarks[0]?.verdict, 'regression')
  const md = renderMarkdown(c, { now: NOW, version: '0.0.0-test' })
  await golden(output('heap-sites.md'), md, markdownReportInvariants(c))
  const table = [
    '<details>',
    '<summary><code>parse config</code>: allocation sites whose heap use changed most</summary>',
    '',
    '| Allocation site | Line | Base bytes | Head bytes | Δ bytes | Base blocks | Head blocks | Δ blocks |',
    '|---|---|---|---|---|---|---|---|',
    ...SITE_ROWS,
    '',
    '</details>',
  ].join('\n')
  assert.ok(md.includes(table), md)
  assert.ok(md.indexOf('#### Regressions') < md.indexOf(table), 'under the regressions')
})

test('the terminal report names the same sites with their changes', async () => {
  const text = renderTerminal(comparison(), { color: false, now: NOW })
  await golden(output('heap-sites.txt'), text, () => {})
  const at = text.indexOf('parse config: allocation sites whose heap use changed most')
  assert.ok(at > 0, text)
  assert.deepEqual(text.slice(at).split('\n').slice(1, 4), [
    '  +16,000 bytes, +1,000 blocks (new)  malloc ← copy_token ← parse_list ← main  parse.c:30',
    '  +16,000 bytes, 0 blocks  malloc ← new_node ← parse_list ← main  parse.c:43',
    '  -12,288 bytes, -4 blocks (gone)  realloc ← grow ← parse_list ← main  buf.c:12',
  ])
})

test('the HTML report has the sites table', async () => {
  const html = await renderHtml(comparison(), { now: NOW, version: '0.0.0-test' })
  const section = html.slice(html.indexOf('<section id="heap-sites">'))
  assert.match(section, /^<section id="heap-sites">\n<h2>Where heap allocations changed<\/h2>/)
  const rows = [...section.matchAll(/<tr><td><code>([^<]+)<\/code><\/td>((?:<td[^>]*>[^<]*<\/td>)+)<\/tr>/g)]
  assert.deepEqual(
    rows.map(([, stack, cells]) => [
      stack,
      ...[...cells!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]),
    ]),
    [
      [
        'malloc ← copy_token ← parse_list ← main',
        'parse.c:30',
        'new',
        '16,000',
        '+16,000',
        'new',
        '1,000',
        '+1,000',
      ],
      [
        'malloc ← new_node ← parse_list ← main',
        'parse.c:43',
        '48,000',
        '64,000',
        '+16,000',
        '1,000',
        '1,000',
        '0',
      ],
      ['realloc ← grow ← parse_list ← main', 'buf.c:12', '12,288', 'gone', '-12,288', '4', 'gone', '-4'],
    ],
  )
})

const gfm = await needs('cmark-gfm')

gfm.test('a site frame with markup, a mention or a pipe renders as text', async () => {
  const hostile = '<img src=x onerror=alert(1)> @octo-org/team | `tick`'
  const file = '<b>@octocat</b>.c'
  const withHostile = (sites: HeapSite[]) =>
    sites.map((s, i) => (i === 2 ? { ...s, frames: [`malloc ${PRELOAD}`, `${hostile} (${file}:30)`] } : s))
  const base = resultSet('1'.repeat(40), '2026-11-20T10:00:00.000Z', parse(BASE_SITES, 129_920, 1_006))
  const head = resultSet(
    '2'.repeat(40),
    '2026-11-21T10:00:00.000Z',
    parse(withHostile(HEAD_SITES), 149_632, 2_002),
  )
  const c = compareResults(head, { baseline: { results: base, source: 'base.json', reason: 'main' } })
  const md = renderMarkdown(c, { now: NOW, version: '0.0.0-test' })
  // The stack is a code span (fenced by two backticks, the pipe escaped); the line is text, its markup
  // escaped and the mention broken by a zero-width space.
  const row = md.split('\n').find((l) => l.includes('<img'))
  assert.equal(
    row,
    // A space inside each fence: the stack ends with a backtick.
    '| `` malloc ← <img src=x onerror=alert(1)> @octo-org/team \\| `tick` `` | &lt;b&gt;@\u200boctocat&lt;/b&gt;.c:30 | new | 16,000 | +16,000 | new | 1,000 | +1,000 |',
  )
  await assertSafeReport(md)
  const html = await renderHtml(c, { now: NOW })
  assert.ok(!html.includes('<img src=x') && !html.includes('<b>@'), 'no element the frame brought')
  // Markup escaped, each mention broken by a zero-width space.
  assert.ok(
    html.includes(
      '<tr><td><code>malloc ← &lt;img src=x onerror=alert(1)&gt; @\u200bocto-org/team | `tick`</code></td><td>&lt;b&gt;@\u200boctocat&lt;/b&gt;.c:30</td>',
    ),
  )
  const text = renderTerminal(c, { color: false, now: NOW })
  assert.ok(text.includes(`(new)  malloc ← ${hostile}  ${file}:30\n`), text)
})
