// The standalone HTML report, committed as __outputs__/report.html and checked the way a reader sees
// it: opened in headless Chromium, its DOM read back and a screenshot decoded. npm run
// update-outputs rewrites the committed file.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { PNG } from 'pngjs'
import type { TopLevelSpec } from 'vega-lite'
import { type Comparison, compareResults, type ScalingSeries } from '../../../src/compare/index.ts'
import { renderHtml, renderSvg } from '../../../src/report/html.ts'
import {
  type BenchmarkResult,
  type Environment,
  type Metric,
  parseResultSetText,
  type ResultSet,
} from '../../../src/results.ts'
import { headless, pixelsNear, pixelsNotWhite, screenshot } from '../../support/chromium.ts'
import { golden } from '../../support/golden.ts'
import { needs } from '../../support/needs.ts'

const _run = promisify(execFile)
const here = path.join(import.meta.dirname, '..', '..')
const reportFile = path.join(here, '__outputs__', 'report.html')

const HOSTILE = '<script>alert(1)</script> & "quotes" @octo-org'
const STDERR = 'usage: needs a count\n</pre><script>alert(2)</script>\n'

const environment: Environment = {
  os: 'Debian GNU/Linux 12',
  arch: 'x64',
  cpuModel: 'Xeon',
  cpuCount: 2,
  kernel: '6.1',
  glibc: '2.36',
  node: 'v20.20.2',
  tools: { cc: 'gcc 12.2.0' },
}

/** `n` samples around `median`, spread by ±`spread` (a fraction), the same every time. */
function samples(median: number, spread: number, n = 30): number[] {
  return Array.from({ length: n }, (_, i) => median * (1 + spread * Math.sin(i * 2.399)))
}

function timed(name: string, kind: BenchmarkResult['kind'], metric: Metric): BenchmarkResult {
  const key = kind === 'instructions' ? 'ir' : kind === 'wall-clock' ? 'time' : 'wall'
  return {
    id: name,
    name,
    kind,
    parameters: {},
    command: kind === 'process' ? ['./bench', name] : undefined,
    status: 'ok',
    metrics: { [key]: metric },
    gate: { metrics: [key], threshold: 0.05, alpha: 0.01 },
    notes: [],
  }
}

function resultSet(sha: string, createdAt: string, benchmarks: BenchmarkResult[]): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 'html-fixture',
    commit: { sha, branch: 'main' },
    createdAt,
    environment,
    benchmarks,
  }
}

const ns = (median: number): Metric => ({ unit: 'ns', direction: 'lower', samples: samples(median, 0.01) })

/** `n` runs of sys time too short for the clock: 0 ns but for `ticks` of one 4 ms tick. */
const sysTicks = (ticks: number, n = 30): Metric => ({
  unit: 'ns',
  direction: 'lower',
  samples: Array.from({ length: n }, (_, i) => (i < ticks ? 4e6 : 0)),
})
const constant = (value: number, unit: Metric['unit'], n = 30): Metric => ({
  unit,
  direction: 'lower',
  samples: Array(n).fill(value),
})

/**
 * A short program's process metrics, gated on wall and sys: wall 2 ms either side, sys at the clock's
 * floor (3 and 4 of 30 runs one tick), user 1.5 ms → `user`, and memory and page faults the same.
 */
function startUp(user: number, sysTicked: number): BenchmarkResult {
  return {
    ...timed('start-up', 'process', ns(2e6)),
    metrics: {
      wall: ns(2e6),
      user: ns(user),
      sys: sysTicks(sysTicked),
      'max-rss': constant(1_572_864, 'bytes'),
      'minor-faults': constant(52, 'count'),
    },
    gate: { metrics: ['wall', 'sys'], threshold: 0.05, alpha: 0.01 },
  }
}
const ir = (value: number): Metric => ({ unit: 'instructions', direction: 'lower', value })

/** An instruction count with callgrind's functions: self instructions by function, as the profile gives them. */
function counted(name: string, value: number, self: Record<string, number>): BenchmarkResult {
  return {
    ...timed(name, 'instructions', ir(value)),
    functions: Object.entries(self).map(([fn, own]) => ({
      name: fn,
      object: 'bench',
      self: own,
      inclusive: own,
    })),
  }
}

/** The scaling curves the report charts: base and head over 1, 2 and 4 threads on a 2-CPU machine. */
/**
 * The scaling curve captured with the real counters (fixtures/results, see capture.sh: head serialises
 * the counter behind a mutex), under a name that must be escaped.
 */
function scalingFixture(): ScalingSeries[] {
  const read = (name: string) =>
    parseResultSetText(
      readFileSync(path.join(import.meta.dirname, '..', '..', 'fixtures/results', name), 'utf8'),
      name,
    )
  const captured = compareResults(read('head.json'), {
    baseline: { results: read('base.json'), source: 'base.json', reason: 'captured' },
  }).scaling
  return captured.map((series) => ({ ...series, benchmark: 'queue <push> & pop' }))
}

function comparison(): { c: Comparison; now: Date; base: ResultSet; head: ResultSet } {
  const baseAt = '2026-11-20T10:00:00.000Z'
  const headAt = '2026-11-21T10:00:00.000Z'
  const base = resultSet('1111111111111111111111111111111111111111', baseAt, [
    timed('hash 4M', 'process', ns(100e6)),
    timed(HOSTILE, 'wall-clock', ns(2_000)),
    counted('parse', 1_000_000, { parse_line: 600_000, 'read<buffer>': 250_000, memcpy: 150_000 }),
    timed('needs input', 'process', ns(5e6)),
    timed('retired', 'process', ns(1e6)),
    timed('compress', 'process', ns(40e6)),
    startUp(1.5e6, 3),
  ])
  const failed: BenchmarkResult = {
    ...timed('needs input', 'process', ns(5e6)),
    status: 'failed',
    metrics: {},
    error: { message: 'exited with code 2', exitCode: 2, stderrTail: STDERR },
  }
  // hash 4M and fresh are declared alternatives (compare-with): the page ranks them.
  const group = ['hash 4M', 'fresh']
  const head = resultSet('2222222222222222222222222222222222222222', headAt, [
    { ...timed('hash 4M', 'process', ns(130e6)), rankingGroup: group },
    timed(HOSTILE, 'wall-clock', ns(2_000)),
    counted('parse', 900_000, {
      parse_line: 420_000,
      'read<buffer>': 250_000,
      memcpy: 150_000,
      scan_simd: 80_000,
    }),
    failed,
    { ...timed('fresh', 'process', ns(3e6)), rankingGroup: group },
    // 2.4 times as long: a change far beyond the others, which must not squeeze the threshold band.
    timed('compress', 'process', ns(96e6)),
    startUp(1.8e6, 4),
  ])
  const c = compareResults(head, {
    baseline: { results: base, source: 'base.json', reason: 'newest results on branch main' },
  })
  c.scaling = scalingFixture()
  return { c, now: new Date(Date.parse(headAt) + 60_000), base, head }
}

async function render(): Promise<string> {
  const { c, now, base, head } = comparison()
  return renderHtml(c, { now, version: '0.0.0-test', samples: { head, base } })
}

const chromium = await needs('chromium')

test('the HTML report matches the committed output and renders the same bytes twice', async () => {
  const html = await render()
  await golden(reportFile, html, (text) => {
    assert.doesNotMatch(text, /∞/, 'no infinite change or interval')
    assert.doesNotMatch(text, /<script/i, 'no script element')
  })
  assert.equal(await render(), html, 'a second rendering in the same process gives the same bytes')
  // start-up: its gated wall and sys first, sys at the clock's floor said so, then user, which changed;
  // max-rss and minor-faults, the same on both sides and not gated, are counted, not listed.
  const startUpRows = [
    ...html.matchAll(
      /<tr class="v-[a-z]+"><td><code>start-up<\/code><\/td><td>([^<]+)<\/td>[\s\S]*?<span class="badge [^"]+">([^<]+)</g,
    ),
  ].map((m) => `${m[1]}: ${m[2]}`)
  assert.deepEqual(startUpRows, [
    'wall (median): unchanged',
    'sys (median): unchanged (at the clock&#39;s resolution)',
    'user (median): regression (not gated)',
  ])
  assert.match(html, /Not listed: 2 metrics that do not gate and did not change beyond their resolution\./)
  assert.doesNotMatch(html, /<script/i, 'the report has no script element, not even from user text')
  assert.doesNotMatch(html, /(?:src|href)="(?:https?:)?\/\//, 'the report loads nothing from the network')
})

test('the page ranks the benchmarks declared comparable, fastest first, and no others', async () => {
  const html = await render()
  const section = /<section id="rankings">[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
  assert.match(
    section,
    /<h3>Ranking of <code>hash 4M<\/code> and <code>fresh<\/code> by median wall time<\/h3>/,
  )
  // fresh's median is 3 ms, hash 4M's 130 ms: the same spread around each, so 130 / 3 = 43.3 times.
  assert.match(
    section,
    /<tr><td><code>fresh<\/code><\/td><td class="num">3\.\d\d ms<\/td><td class="num">fastest<\/td><\/tr>\n<tr><td><code>hash 4M<\/code><\/td><td class="num">13\d ms<\/td><td class="num">43\.3× \(95% interval [\d.]+–[\d.]+\)<\/td><\/tr>/,
  )
  assert.equal(section.match(/<h3>/g)?.length, 1, 'one ranking: the group')
})

test('chart ids are numbered within each chart, not by what the process rendered before', async () => {
  // Clipping makes vega name a clip path from a counter shared by every view in the process.
  const spec = {
    data: {
      values: [
        { a: 1, b: 2 },
        { a: 2, b: 3 },
      ],
    },
    mark: { type: 'line', clip: true },
    encoding: { x: { field: 'a', type: 'quantitative' }, y: { field: 'b', type: 'quantitative' } },
  } as TopLevelSpec
  const first = await renderSvg(spec, 'chart-a')
  assert.match(first, /\bid="chart-a-1"/, 'the clip path is renamed')
  assert.match(first, /url\(#chart-a-1\)/, 'and so is the reference to it')
  assert.doesNotMatch(first, /clip\d/, 'no id keeps the counter')
  assert.equal(await renderSvg(spec, 'chart-a'), first, 'a second rendering gives the same bytes')
})

/** The markup of each chart figure, by its data-chart name. */
function figures(dom: string): Array<{ kind: string; markup: string }> {
  return Array.from(
    dom.matchAll(/<figure class="chart" data-chart="(\w+)"[^>]*>([\s\S]*?)<\/figure>/g),
    (m) => ({
      kind: m[1]!,
      markup: m[2]!,
    }),
  )
}

chromium.test(
  'in Chromium: three SVG charts with one point per count and side, user text as text',
  async () => {
    const dom = await headless(['--dump-dom', pathToFileURL(reportFile).href])
    assert.match(dom, /<h1>/, `Chromium dumped no report: ${dom.slice(0, 200)}`)
    const charts = figures(dom)
    assert.deepEqual(
      charts.map((f) => f.kind),
      ['throughput', 'speedup', 'efficiency'],
      'one throughput, speedup and efficiency chart for the one series',
    )
    const series = scalingFixture()[0]!
    for (const { kind, markup } of charts) {
      assert.match(
        markup,
        /^\s*<figcaption>[^<]+<\/figcaption>\s*<svg\b/,
        `the ${kind} chart is an inline <svg>`,
      )
      const groups = Array.from(
        markup.matchAll(/<g class="mark-symbol role-mark points_marks"[^>]*>([\s\S]*?)<\/g>/g),
        (m) => m[1]!,
      )
      assert.equal(groups.length, 1, `the ${kind} chart has one group of point marks`)
      const labels = Array.from(groups[0]!.matchAll(/<path\b[^>]*aria-label="([^"]*)"/g), (m) => m[1]!)
      const points = (groups[0]!.match(/<path\b/g) ?? []).length
      assert.equal(points, series.points.length * 2, `the ${kind} chart has a point per count and side`)
      for (const p of series.points) {
        for (const side of ['base', 'head']) {
          const unit = p.count === 1 ? 'thread' : 'threads'
          const matching = labels.filter((l) => l.startsWith(`${side}, ${p.count} ${unit}: `))
          assert.equal(matching.length, 1, `the ${kind} chart has one ${side} point at ${p.count}: ${labels}`)
        }
      }
      assert.match(markup, /class="mark-rect role-mark[^"]*"[^>]*><path\b/, `${kind}: the shaded region`)
      assert.match(markup, /oversubscribed \(&gt; 2 CPUs\)/, `${kind}: the region is labelled`)
      if (kind !== 'throughput') assert.match(markup, /ideal_marks/, `${kind}: the ideal line is drawn`)
    }
    assert.match(dom, /Oversubscribed \(more threads than CPUs, shaded in the charts\): 4\./)
    assert.doesNotMatch(dom, /<script/i, 'no script element reached the DOM')
    assert.match(dom, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; "quotes"/, 'the hostile name is text')
    assert.match(dom, /&lt;\/pre&gt;&lt;script&gt;alert\(2\)&lt;\/script&gt;/, 'stderr is text inside <pre>')
    assert.match(dom, /<code>queue &lt;push&gt; &amp; pop<\/code>/, 'the series name is text')
  },
)

/**
 * The chart of changes spans the page's content, 1200 − 2 × 32 = 1136 pixels from x = 32: 320 for the
 * rows' labels, then the plot, 815 pixels (its frame's stroke takes the last one). Its axis is
 * sign(x) · ln(1 + |x| / 5), 5% the threshold, from −15% (parse's −10% and twice the threshold, a tenth
 * further, rounded out to 15) to +200% (compress's interval ends at most at 96 · 1.01 / (40 · 0.99) − 1 =
 * +144.8%, a tenth further +159.3%, rounded out to 200). So the band ±5% runs from x = 462.8 to 684.3,
 * 221.5 pixels of the plot's 815, down five rows of 18 pixels: about 19,900 pixels, less what is drawn
 * over it (the rule at 0, two intervals around 0 and their points), under 500.
 */
function thresholdBand(png: PNG): void {
  const at = (x: number) => Math.sign(x) * Math.log1p(Math.abs(x) / 5)
  const px = (x: number) => 32 + 320 + ((at(x) - at(-15)) / (at(200) - at(-15))) * 815
  const [left, right] = [px(-5), px(5)]
  assert.ok(Math.abs(left - 462.8) < 0.1 && Math.abs(right - 684.3) < 0.1, `${left} … ${right}`)
  const band = (i: number) =>
    Math.abs(png.data[i]! - 0xdc) <= 6 &&
    Math.abs(png.data[i + 1]! - 0xe3) <= 6 &&
    Math.abs(png.data[i + 2]! - 0xed) <= 6
  // Rows of the screenshot the band crosses: at least 100 of its pixels (the rounded corners of badges
  // and borders shade a stray pixel or two of its colour elsewhere).
  let pixels = 0
  const rows: number[] = []
  for (let y = 0; y < png.height; y++) {
    let inRow = 0
    for (let x = 0; x < png.width; x++) if (band((y * png.width + x) * 4)) inRow++
    if (inRow < 100) continue
    pixels += inRow
    rows.push(y)
  }
  const area = (right - left) * 5 * 18
  assert.ok(
    pixels > area - 500 && pixels < area + 2 * 90,
    `the band covers ${pixels} pixels, ${Math.round(area)} less the marks over it expected`,
  )
  assert.ok(rows.length >= 89 && rows.length <= 91, `the band is five rows of 18 pixels tall: ${rows.length}`)
  assert.equal(rows[rows.length - 1]! - rows[0]!, rows.length - 1, 'in one piece')
  // Across its first row (hash 4M's, nothing drawn over it but the rule at 0) it runs edge to edge.
  const y = rows[0]! + 9
  const xs = Array.from({ length: png.width }, (_, x) => x).filter((x) => band((y * png.width + x) * 4))
  assert.ok(Math.abs(xs[0]! - left) <= 1.5, `the band starts at x = ${xs[0]}, ${left.toFixed(1)} expected`)
  assert.ok(
    Math.abs(xs[xs.length - 1]! - right) <= 1.5,
    `it ends at x = ${xs[xs.length - 1]}, ${right.toFixed(1)} expected`,
  )
  assert.ok(xs.length >= right - left - 3, `${xs.length} of its ${Math.round(right - left)} pixels across`)
}

chromium.test('in Chromium: the screenshot shows the page with its charts', async () => {
  const { bytes, png } = await screenshot(pathToFileURL(reportFile).href, 1200, 3600)
  assert.equal(png.width, 1200, 'the screenshot has the window width')
  const colours = new Set<number>()
  for (let i = 0; i < png.data.length; i += 4)
    colours.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!)
  const pixels = png.width * png.height
  const nonWhite = pixelsNotWhite(png)
  const head = pixelsNear(png, [0x1f, 0x6f, 0xeb])
  const base = pixelsNear(png, [0x8a, 0x8f, 0x98])
  // The oversubscribed fill at 70% opacity over white.
  const shaded = pixelsNear(png, [249, 226, 223])
  assert.ok(colours.size > 200, `the screenshot has many colours (${colours.size})`)
  assert.ok(nonWhite > pixels * 0.02, `the screenshot is not blank (${nonWhite} of ${pixels} not white)`)
  assert.ok(head > 200, `head's blue lines and points are drawn (${head} pixels)`)
  assert.ok(base > 200, `base's grey lines and points are drawn (${base} pixels)`)
  assert.ok(shaded > 5_000, `the oversubscribed region is shaded (${shaded} pixels)`)
  // The chart of changes and the badges: the regression's red (#cf222e) is drawn, and no emoji is
  // needed to draw a verdict.
  const red = pixelsNear(png, [0xcf, 0x22, 0x2e])
  assert.ok(red > 300, `the regression is drawn in red (${red} pixels)`)
  thresholdBand(png)
  assert.doesNotMatch(
    await readFile(reportFile, 'utf8'),
    /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u,
    'no emoji in the page',
  )
  // For a reviewer: the screenshot beside the page, rewritten with the outputs (not compared).
  if (process.env.BENCH_ACTION_WRITE_OUTPUTS === '1')
    await writeFile(path.join(here, '__outputs__', 'report.png'), bytes)
})

test("samples side by side, and a same-job comparison's pairs in the order measured", async () => {
  const { c, now, base, head } = comparison()
  const without = await renderHtml(c, { now })
  assert.doesNotMatch(without, /id="samples"/, 'no samples given, no samples drawn')
  const html = await renderHtml(c, { now, samples: { head, base } })
  const section = /<section id="samples">[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
  // Sampled and in both runs: hash 4M and the wall-clock benchmark; not the instruction count (exact),
  // not the failed or new one.
  assert.match(section, /<code>hash 4M<\/code>/)
  assert.match(
    section,
    /<code>&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; (&quot;|")quotes(&quot;|") @\u200b?octo-org<\/code>/u,
  )
  assert.doesNotMatch(section, /<code>parse<\/code>|<code>fresh<\/code>|<code>needs input<\/code>/)
  assert.match(section, /30 base and 30 head samples/)
  assert.doesNotMatch(section, /pair, in the order measured/)
  // Pairs: one line of head against base per pair, with the axis that says so.
  const pairs = { 'hash 4M': Array.from({ length: 30 }, (_, i) => [i, i] as [number, number]) }
  const paired = await renderHtml(c, { now, samples: { head, base, pairs } })
  assert.match(paired, /each of 30 pairs measured side by side, in order/)
  assert.match(paired, /pair, in the order measured/)
})

test('every metric is in the table: those that do not gate follow the one that does', async () => {
  const wallClock = (median: number, rate: number): BenchmarkResult => ({
    ...timed('scan', 'wall-clock', ns(median)),
    metrics: {
      time: ns(median),
      throughput: { unit: 'bytes/s', direction: 'higher', samples: samples(rate, 0.01) },
    },
  })
  const base = resultSet('1'.repeat(40), '2026-11-20T10:00:00.000Z', [wallClock(1_000, 1e9)])
  const head = resultSet('2'.repeat(40), '2026-11-21T10:00:00.000Z', [wallClock(1_300, 0.77e9)])
  const c = compareResults(head, { baseline: { results: base, source: 'base.json', reason: 'test' } })
  const html = await renderHtml(c, { now: new Date('2026-11-21T11:00:00.000Z') })
  const rows = [
    ...html.matchAll(
      /<tr class="v-[a-z]+"><td><code>scan<\/code><\/td><td>([^<]+)<\/td>[\s\S]*?<span class="badge badge-([a-z]+)">([^<]+)<\/span>/g,
    ),
  ]
  assert.deepEqual(
    rows.map((r) => [r[1], r[2], r[3]]),
    [
      ['time (median)', 'regression', 'regression'],
      ['throughput (median)', 'regression', 'regression (follows time)'],
    ],
  )
})
