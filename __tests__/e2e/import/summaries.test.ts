// Summaries judged by what they contain. A tool that kept no samples (pytest-benchmark saved without
// --benchmark-save-data, Catch2's XML) gives a center and what it said of the spread: the median and
// its interquartile range where the file has them, before an outlier-driven mean; intervals at the
// configured level, rebuilt where the tool's own is at another; a standard deviation larger than the
// mean is outliers, not evidence. Every value says which statistic it is.
//
// The A/A pairs are separate runs of the real tools (fixtures/import/*/aa/capture.sh), the slowed run
// the same code doing 50% more work per call.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { catch2Format } from '../../../src/import/formats/catch2.ts'
import { pytestBenchmarkFormat } from '../../../src/import/formats/pytest-benchmark.ts'
import { ImportFormatError } from '../../../src/import/types.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import { decideSummary, summaryInterval, twoSidedZ } from '../../../src/stats/summary-only.ts'
import { decodeEntities, renderGfm } from '../../support/gfm.ts'
import { repoRoot } from '../../support/helpers.ts'
import { compareImports, reportImport } from '../../support/import-verdicts.ts'
import { needs } from '../../support/needs.ts'

const FIXTURES = path.join(repoRoot, '__tests__/fixtures/import')
const gfm = await needs('cmark-gfm')

function close(actual: number, expected: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
    `${what}: ${actual} ≠ ${expected}`,
  )
}

describe('summary intervals at the configured level', () => {
  const z99 = twoSidedZ(0.01)

  test("a median's interval comes from its interquartile range and count, not from the tool's mean", () => {
    // σ = IQR / 1.349 = 10; the median's standard error 1.2533 σ / √n = 1.2533.
    const [low, high] = summaryInterval(
      { center: 100, statistic: 'median', iqr: 13.49, stddev: 500, n: 100 },
      0.01,
    )!
    close(high - 100, z99 * Math.sqrt(Math.PI / 2), 'half width')
    close(100 - low, high - 100, 'symmetric')
  })

  test("a mean's interval at another level is rebuilt from its deviation and count (Catch2's 95% at α = 0.01)", () => {
    const catch2 = {
      center: 100,
      statistic: 'mean' as const,
      stddev: 10,
      n: 100,
      interval: [99, 101.5] as [number, number],
      level: 0.95,
    }
    const [low, high] = summaryInterval(catch2, 0.01)!
    close(high - 100, z99, 'z(0.01) · 10 / √100')
    close(100 - low, z99, 'symmetric around the mean')
    // At the tool's own level, the tool's own (asymmetric, bootstrapped) interval.
    assert.deepEqual(summaryInterval(catch2, 0.05), [99, 101.5])
    // Without a deviation, the tool's interval is widened by z(α) / z(tool's level), each side alike.
    const [wLow, wHigh] = summaryInterval({ center: 100, interval: [98, 103], level: 0.95 }, 0.01)!
    const scale = z99 / twoSidedZ(0.05)
    close(100 - wLow, 2 * scale, 'low side')
    close(wHigh - 100, 3 * scale, 'high side')
  })

  test('a mean whose deviation exceeds it is outliers: unclear, not a regression, and the note says why', () => {
    const base = { center: 1000, statistic: 'mean' as const, stddev: 50, n: 100 }
    const blown = { center: 1300, statistic: 'mean' as const, stddev: 2600, n: 100 }
    // Intervals apart: z·2600/10 = 670 around 1300 reaches down to 630 — overlap; use a large n to be apart.
    const apart = { ...blown, n: 100_000 }
    const d = decideSummary(base, apart, { threshold: 0.05, alpha: 0.01, direction: 'lower' })
    assert.equal(d.verdict, 'unclear')
    assert.match(
      d.notes.join('\n'),
      /unreliable: the head's standard deviation \(2600\) exceeds its mean \(1300\)/,
    )
    // The same change with a sane deviation is a regression.
    const sane = decideSummary(
      base,
      { ...apart, stddev: 60 },
      { threshold: 0.05, alpha: 0.01, direction: 'lower' },
    )
    assert.equal(sane.verdict, 'regression')
    // A median is not a mean: its deviation says nothing about it.
    const median = decideSummary(
      { center: 1000, statistic: 'median', iqr: 20, stddev: 5000, n: 1000 },
      { center: 1300, statistic: 'median', iqr: 20, stddev: 5000, n: 1000 },
      { threshold: 0.05, alpha: 0.01, direction: 'lower' },
    )
    assert.equal(median.verdict, 'regression')
  })
})

/** Verdict counts of consecutive A/A pairs and of each run against the slowed one. */
async function aaAndSlowed(format: string, dir: string, ext: string) {
  const read = (name: string) => readFile(path.join(FIXTURES, dir, `${name}.${ext}`), 'utf8')
  const runs = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => read(`run-${i}`)))
  const slowed = await read('slowed')
  const count = (verdicts: string[]) => {
    const counts: Record<string, number> = {}
    for (const v of verdicts) counts[v] = (counts[v] ?? 0) + 1
    return counts
  }
  const aa: string[] = []
  const slow: string[] = []
  const slowNotes: string[] = []
  for (let i = 0; i + 1 < runs.length; i++) {
    const c = await compareImports(format, runs[i]!, runs[i + 1]!)
    aa.push(...c.benchmarks.map((b) => b.verdict))
  }
  for (const run of runs) {
    const c = await compareImports(format, run, slowed)
    slow.push(...c.benchmarks.map((b) => b.verdict))
    slowNotes.push(
      ...c.benchmarks.filter((b) => b.verdict !== 'regression').flatMap((b) => b.metrics[0]!.notes),
    )
  }
  console.log(
    `${format}: A/A ${aa.length} comparisons ${JSON.stringify(count(aa))}; slowed ${slow.length} ${JSON.stringify(count(slow))}`,
  )
  return { aa, slow, slowNotes }
}

describe('pytest-benchmark saved without data: judged by its median', () => {
  test('a file keeps the median and interquartile range; the mean is in a note', async () => {
    const text = await readFile(path.join(FIXTURES, 'pytest-benchmark/aa/run-1.json'), 'utf8')
    const raw = JSON.parse(text) as { benchmarks: Array<{ fullname: string; stats: Record<string, number> }> }
    const parsed = pytestBenchmarkFormat.parse({ path: 'run-1.json', text })
    for (const [i, b] of parsed.entries()) {
      const stats = raw.benchmarks[i]!.stats
      const s = b.metrics.time!.summary!
      assert.equal(s.statistic, 'median')
      close(s.center, stats.median! * 1e9, 'median')
      close(s.iqr!, stats.iqr! * 1e9, 'iqr')
      assert.equal(s.n, stats.rounds)
      // What made the mean useless: a few outliers several hundred microseconds long.
      assert.ok(stats.mean! > stats.median! * 1.2, `${b.name}: mean ${stats.mean} vs median ${stats.median}`)
    }
  })

  test('A/A: no false alarm in 5 pairs of separate runs; 50% more work is a regression against every run', async () => {
    const { aa, slow } = await aaAndSlowed('pytest-benchmark', 'pytest-benchmark/aa', 'json')
    assert.equal(aa.length, 15)
    assert.deepEqual(
      aa.filter((v) => v === 'regression' || v === 'improvement'),
      [],
    )
    assert.equal(slow.length, 18)
    assert.deepEqual(
      slow.filter((v) => v !== 'regression'),
      [],
    )
  })
})

describe('Catch2: intervals at α, a blown-up deviation unreliable', () => {
  test('A/A: no false alarm in 5 pairs of separate runs; the slowed run is a regression or, where a side is unreliable, unclear', async () => {
    const { aa, slow, slowNotes } = await aaAndSlowed('catch2', 'catch2/aa', 'xml')
    assert.equal(aa.length, 15)
    assert.deepEqual(
      aa.filter((v) => v === 'regression' || v === 'improvement'),
      [],
    )
    assert.equal(slow.length, 18)
    assert.ok(slow.filter((v) => v === 'regression').length >= 6, JSON.stringify(slow))
    assert.deepEqual(
      slow.filter((v) => v !== 'regression' && v !== 'unclear'),
      [],
    )
    // What kept the others from a verdict is said: an unreliable side, or an interval the unknown
    // run-to-run noise could explain.
    for (const note of slowNotes.filter((n) => !n.startsWith('summary only')))
      assert.match(
        note,
        /unreliable: the (base|head)'s standard deviation|a change of the machine between the runs could explain/,
      )
  })
})

describe('every value says which statistic it is', () => {
  test('a summary is labelled mean or median in the terminal', async () => {
    const pytest = await readFile(path.join(FIXTURES, 'pytest-benchmark/aa/run-1.json'), 'utf8')
    const catch2 = await readFile(path.join(FIXTURES, 'catch2/aa/run-5.xml'), 'utf8')
    const pytestRun = await compareImports('pytest-benchmark', pytest, pytest)
    const terminal = renderTerminal(pytestRun, { color: false, verbose: true })
    assert.match(terminal, /imported\/test_work\.py::test_join\s+time \(median\)/)
    assert.doesNotMatch(terminal, /\(summary\)/)
    const catch2Run = await compareImports('catch2', catch2, catch2)
    assert.match(
      renderTerminal(catch2Run, { color: false, verbose: true }),
      /imported\/work\/sum\s+time \(mean\)/,
    )
    // Without a baseline: the head-only table (the case that printed a mean as "median").
    const alone = await reportImport('catch2', catch2)
    assert.match(
      renderTerminal(alone, { color: false, verbose: true }),
      /imported\/work\/sum\s+time \(mean\)/,
    )
  })

  gfm.test(
    'a summary is labelled mean or median in the markdown, with its runs column, as GitHub renders it',
    async () => {
      const catch2 = await readFile(path.join(FIXTURES, 'catch2/aa/run-5.xml'), 'utf8')
      const alone = await reportImport('catch2', catch2)
      const html = decodeEntities(await renderGfm(renderMarkdown(alone, { version: 'test' })))
      const rounds = catch2Format.parse({ path: 'run-5.xml', text: catch2 })[0]!.metrics.time!.summary!.n
      assert.match(html, new RegExp(`<td>time \\(mean\\)</td>\\s*<td>[^<]+</td>\\s*<td>${rounds}</td>`))
    },
  )
})

describe('where a JSON file stops being JSON', () => {
  test('the line and column of the first character that cannot continue it, not the end of the file', () => {
    const text =
      '{\n  "benchmarks": [\n    {"name": "a", "stats": {"mean": tru}}\n  ],\n  "version": "5.3.1"\n}\n'
    assert.throws(
      () => pytestBenchmarkFormat.parse({ path: 'bad.json', text }),
      (error: unknown) =>
        error instanceof ImportFormatError &&
        /^bad\.json: line 3, column 40: not valid JSON/.test(error.message),
    )
  })
})
