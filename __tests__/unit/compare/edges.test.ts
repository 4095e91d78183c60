// What compare cannot judge, it refuses or qualifies: values that can be ≤ 0 are compared by difference,
// never by an infinite or sign-flipped ratio; a side with no values is not compared; one sample gives no
// interval; samples mostly at the clock's resolution floor are shown, not judged; and 100 000 samples a
// side cost a bounded number of random draws, not one per sample per resample.
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { type BenchmarkComparison, type Comparison, compareResults } from '../../../src/compare/index.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import type { BenchmarkResult, Metric } from '../../../src/results.ts'
// A namespace import, so that this file loads (and its tests fail one by one) against code without them.
import * as bootstrap from '../../../src/stats/bootstrap.ts'
import { SeededRandom } from '../../../src/stats/index.ts'
import { cli, okBenchmark, removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'

const commit = { sha: 'a'.repeat(40), branch: 'main' }
const createdAt = '2026-11-21T00:00:00.000Z'

const sampled = (samples: number[], unit: Metric['unit'] = 'ns'): Metric => ({
  unit,
  direction: 'lower',
  samples,
})

/** `n` values around `center`, spread by ±1% (deterministic). */
function around(center: number, n = 15): number[] {
  return Array.from(
    { length: n },
    (_, i) => center + (Math.abs(center) || 1) * 0.01 * (((i * 7) % n) / n - 0.5),
  )
}

function compare(base: BenchmarkResult, head: BenchmarkResult): Comparison {
  return compareResults(resultSetOf('s', commit, createdAt, [head]), {
    baseline: { results: resultSetOf('s', commit, createdAt, [base]), source: 'base.json', reason: 'test' },
  })
}

function only(c: Comparison): BenchmarkComparison {
  assert.equal(c.benchmarks.length, 1)
  return c.benchmarks[0]!
}

const rendered = (c: Comparison) =>
  renderMarkdown(c) + renderTerminal(c, { color: false, verbose: true, now: new Date(createdAt) })

test('negative values, −998 → −1100 ns: compared by difference (−102 ns), not a "+10% regression"', () => {
  const c = compare(okBenchmark({ t: sampled(around(-998)) }), okBenchmark({ t: sampled(around(-1100)) }))
  const m = only(c).metrics[0]!
  assert.equal(m.verdict, 'unclear', 'no absolute threshold: shown, not judged')
  assert.equal(m.basis, 'difference')
  assert.equal(m.change, Number.NaN, 'no relative change')
  assert.equal(m.ratio, Number.NaN)
  // The medians are the 8th of 15 values c + |c| · 0.01 · (k / 15 − 0.5), k = 7: c − |c| / 3000, so
  // −998.33267 and −1100.36667, 102 + (11 − 9.98) / 30 = 102.034 apart.
  assert.ok(Math.abs(m.difference! - -102.034) < 1e-9, `difference ${m.difference}`)
  // Every resampled difference of medians lies between min(head) − max(base) and max(head) − min(base):
  // (−1100 − 5.5) − (−998 + 4.99 · 13 / 15) and (−1100 + 5.5 · 13 / 15) − (−998 − 4.99).
  const [low, high] = m.differenceCi!
  assert.ok(low >= -1105.5 - (-998 + (4.99 * 13) / 15) - 1e-9 && low <= m.difference!, `low ${low}`)
  assert.ok(high <= -1100 + (5.5 * 13) / 15 - (-998 - 4.99) + 1e-9 && high >= m.difference!, `high ${high}`)
  assert.match(m.notes.join('\n'), /not compared by ratio: values can be ≤ 0/)
  assert.equal(c.verdict, 'pass')
  const text = rendered(c)
  assert.match(text, /-102 ns/)
  assert.doesNotMatch(text, /\+10\.\d%/)
})

test('−10 → +10 ns is a difference of +20 ns, not an "improvement"', () => {
  const c = compare(okBenchmark({ t: sampled(around(-10)) }), okBenchmark({ t: sampled(around(10)) }))
  const m = only(c).metrics[0]!
  // No absolute threshold: the difference is shown, not judged, whatever its size.
  assert.equal(m.verdict, 'unclear')
  assert.equal(m.basis, 'difference')
  assert.equal(m.change, Number.NaN, 'no relative change, neither −200% nor an improvement')
  assert.equal(m.ratio, Number.NaN)
  // Medians −10 − 1/300 and 10 − 1/300 (the 8th of 15 values c + 0.1 · (k / 15 − 0.5)): 20 apart.
  assert.ok(Math.abs(m.difference! - 20) < 1e-9, `difference ${m.difference}`)
  // Resampled medians stay within each side's range, 9.95 … 10.0433 and −10.05 … −9.9567: every
  // resampled difference lies in [19.9067, 20.0933].
  const [low, high] = m.differenceCi!
  assert.ok(low >= 9.95 - (-10 + 0.1 * (14 / 15 - 0.5)) - 1e-9 && low <= m.difference!, `low ${low}`)
  assert.ok(high <= 10 + 0.1 * (14 / 15 - 0.5) - -10.05 + 1e-9 && high >= m.difference!, `high ${high}`)
  assert.deepEqual(m.notes, [
    'not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference of medians is shown but not judged (no absolute threshold)',
  ])
  assert.equal(c.verdict, 'pass')
})

test('a base median of 0 gives no infinite change or interval in any report', async () => {
  const base = okBenchmark({ t: sampled(Array(15).fill(0)) })
  const head = okBenchmark({ t: sampled(around(50)) })
  const c = compare(base, head)
  const m = only(c).metrics[0]!
  assert.doesNotMatch(rendered(c), /∞|Infinity/)
  // Compared by difference: no ratio, no change, no interval of one.
  assert.equal(m.basis, 'difference')
  assert.equal(m.change, Number.NaN, 'no infinite change')
  assert.equal(m.ratio, Number.NaN)
  assert.equal(m.ci, undefined, 'no infinite interval')
  // 50 − 1/60 (the 8th of 15 values 50 + 0.5 · (k / 15 − 0.5)) − 0.
  assert.ok(Math.abs(m.difference! - (50 - 1 / 60)) < 1e-9, `difference ${m.difference}`)
  // The base resamples to 0 every time; head's resampled medians lie in 49.75 … 50 + 0.5 · 13 / 30.
  const [low, high] = m.differenceCi!
  assert.ok(low >= 49.75 && low <= m.difference!, `low ${low}`)
  assert.ok(high <= 50 + (0.5 * 13) / 30 + 1e-9 && high >= m.difference!, `high ${high}`)
  // Base all 0: at the resolution floor, shown and not judged.
  assert.equal(m.verdict, 'unclear')
  assert.match(m.notes.join('\n'), /most runs measured 0, too little for the clock or counter to register/)
  // The CLI's three reports: terminal, markdown and HTML.
  const dir = await tempDir('edges')
  after(() => removeDir(dir))
  await writeFile(path.join(dir, 'base.json'), JSON.stringify(resultSetOf('s', commit, createdAt, [base])))
  await writeFile(path.join(dir, 'head.json'), JSON.stringify(resultSetOf('s', commit, createdAt, [head])))
  const r = await cli(
    ['compare', 'base.json', 'head.json', '--markdown', 'r.md', '--html', 'r.html', '--verbose'],
    dir,
  )
  assert.equal(r.code, 0, r.stderr)
  assert.doesNotMatch(r.stdout, /∞|Infinity/)
  assert.doesNotMatch(await readFile(path.join(dir, 'r.md'), 'utf8'), /∞|Infinity/)
  assert.doesNotMatch(await readFile(path.join(dir, 'r.html'), 'utf8'), /∞|Infinity/)
})

test('an exact count 0 → 1 (one allocation more) is "+1", never "+∞", and still a regression', () => {
  const count = (value: number): Metric => ({ unit: 'count', direction: 'lower', value })
  const c = compare(
    okBenchmark({ allocations: count(0), wall: sampled(around(1e6)) }),
    okBenchmark({ allocations: count(1), wall: sampled(around(1e6)) }),
  )
  const m = only(c).metrics.find((x) => x.metric === 'allocations')!
  const text = rendered(c)
  assert.doesNotMatch(text, /∞/)
  assert.match(text, /\+1\b/)
  assert.equal(m.basis, 'difference')
  assert.equal(m.difference, 1)
  // Exact and noiseless: any increase from 0 is beyond the threshold.
  assert.equal(m.verdict, 'regression')
  assert.equal(c.verdict, 'regression')
})

test('a sampled count mostly 0 (involuntary context switches 0 → 1) is a difference, not judged', () => {
  const cs = (ones: number) => [...Array(15 - ones).fill(0), ...Array(ones).fill(1)]
  const c = compare(
    okBenchmark(
      { wall: sampled(around(1e6)), 'involuntary-cs': sampled(cs(5), 'count') },
      ['wall'],
      'process',
    ),
    okBenchmark(
      { wall: sampled(around(1e6)), 'involuntary-cs': sampled(cs(9), 'count') },
      ['wall'],
      'process',
    ),
  )
  const m = only(c).metrics.find((x) => x.metric === 'involuntary-cs')!
  const text = rendered(c)
  assert.doesNotMatch(text, /∞/)
  assert.equal(m.difference, 1)
  assert.equal(m.verdict, 'unclear')
})

test('empty base samples are not compared: no "unchanged", in the API or the CLI', async () => {
  const c = compare(okBenchmark({ t: sampled([]) }), okBenchmark({ t: sampled(around(100)) }))
  const b = only(c)
  assert.equal(b.verdict, 'new')
  assert.equal(c.counts.unchanged, 0)
  assert.match(b.notes.join('\n'), /not compared: the baseline has no values for t/)
  assert.equal(b.headOnly.length, 1, 'head is shown on its own')

  const dir = await tempDir('edges-empty')
  after(() => removeDir(dir))
  const write = (file: string, samples: number[]) =>
    writeFile(
      path.join(dir, file),
      JSON.stringify(resultSetOf('s', commit, createdAt, [okBenchmark({ t: sampled(samples) })])),
    )
  await write('base.json', [])
  await write('head.json', around(100))
  const r = await cli(['compare', 'base.json', 'head.json'], dir)
  assert.doesNotMatch(r.stdout, /1 unchanged/)
  assert.match(r.stdout, /no baseline/)
})

test('empty head samples are not compared: missing, not unchanged', () => {
  const c = compare(okBenchmark({ t: sampled(around(100)) }), okBenchmark({ t: sampled([]) }))
  const b = only(c)
  assert.equal(b.verdict, 'missing')
  assert.equal(c.counts.unchanged, 0)
  assert.match(b.notes.join('\n'), /not compared: this run has no values for t/)
})

test('one sample on a side: no interval and no p-value, and the row says why', () => {
  const c = compare(okBenchmark({ t: sampled([100]) }), okBenchmark({ t: sampled(around(200)) }))
  const m = only(c).metrics[0]!
  assert.equal(m.ci, undefined)
  assert.equal(m.pValue, undefined)
  assert.equal(m.verdict, 'unclear', 'beyond the threshold, but nothing can be significant')
  assert.match(m.notes.join('\n'), /no interval and no p-value from fewer than 2 samples on a side/)
  // Within the threshold: unchanged, still with the note.
  const same = only(compare(okBenchmark({ t: sampled([100]) }), okBenchmark({ t: sampled([101]) })))
    .metrics[0]!
  assert.equal(same.verdict, 'unchanged')
  assert.equal(same.ci, undefined)
})

test('CPU time mostly at the resolution floor (sys of a short program) is shown, not judged', () => {
  const ms = 4_000_000
  // 80 of 100 base samples are 0 ns, 30 of 100 head samples, the rest one 4 ms tick: the medians go
  // 0 → 4 ms, which a ratio calls an infinite, significant regression.
  const sys = (zeros: number) => [...Array(zeros).fill(0), ...Array(100 - zeros).fill(ms)]
  const c = compare(
    okBenchmark({ wall: sampled(around(2e7, 100)), sys: sampled(sys(80)) }, ['wall'], 'process'),
    okBenchmark({ wall: sampled(around(2e7, 100)), sys: sampled(sys(30)) }, ['wall'], 'process'),
  )
  const m = only(c).metrics.find((x) => x.metric === 'sys')!
  assert.notEqual(m.verdict, 'regression')
  assert.equal(m.verdict, 'unclear')
  assert.equal(m.atClockResolution, undefined)
  assert.match(m.notes.join('\n'), /a difference is its resolution, not the code; shown, not judged/)
  assert.doesNotMatch(rendered(c), /∞/)
  // The same sample all 0 on both sides changed nothing, and that is all the clock can tell.
  const zeros = compare(
    okBenchmark({ wall: sampled(around(2e7)), sys: sampled(Array(15).fill(0)) }, ['wall'], 'process'),
    okBenchmark({ wall: sampled(around(2e7)), sys: sampled(Array(15).fill(0)) }, ['wall'], 'process'),
  )
  const zero = only(zeros).metrics.find((x) => x.metric === 'sys')!
  assert.equal(zero.verdict, 'unchanged')
  assert.equal(zero.atClockResolution, true)
})

/** A process benchmark of this name, gated on wall and sys, wall 20 ms either side. */
function gatedOnSys(name: string, sys: number[], cs: number[]): BenchmarkResult {
  return {
    ...okBenchmark(
      { wall: sampled(around(2e7)), sys: sampled(sys), 'involuntary-cs': sampled(cs, 'count') },
      ['wall', 'sys'],
      'process',
    ),
    id: name,
    name,
  }
}

test('a gated sys at the clock’s floor, 0 ns → 0 ns, is unchanged and counted so; one whose median moved stays unclear', () => {
  const ms = 4_000_000
  const ticks = (zeros: number, n: number) => [...Array(zeros).fill(0), ...Array(n - zeros).fill(ms)]
  // Involuntary context switches: 0 in `zeros` of 15 runs, 1 in the others.
  const switches = (zeros: number) => [...Array(zeros).fill(0), ...Array(15 - zeros).fill(1)]
  const base = [
    // 12 of 15 runs 0 ns, then 11 of 15: both sides at the floor, both medians 0.
    gatedOnSys('short', ticks(12, 15), switches(10)),
    // 80 of 100 runs 0 ns, then 30 of 100: the median moves 0 → 4 ms, which the floor does not judge.
    gatedOnSys('moved', ticks(80, 100), switches(10)),
  ]
  const head = [
    gatedOnSys('short', ticks(11, 15), switches(9)),
    gatedOnSys('moved', ticks(30, 100), switches(10)),
  ]
  const c = compareResults(resultSetOf('s', commit, createdAt, head), {
    baseline: { results: resultSetOf('s', commit, createdAt, base), source: 'base.json', reason: 'test' },
  })
  const [short, moved] = c.benchmarks
  const sysOf = (b: BenchmarkComparison | undefined) => b!.metrics.find((m) => m.metric === 'sys')!
  assert.equal(sysOf(short).verdict, 'unchanged')
  assert.equal(sysOf(short).atClockResolution, true)
  assert.equal(sysOf(short).difference, 0)
  assert.equal(short!.verdict, 'unchanged')
  assert.equal(sysOf(moved).verdict, 'unclear')
  assert.equal(sysOf(moved).difference, ms)
  assert.equal(moved!.verdict, 'unclear')
  // The counts: one unchanged, one unclear; nothing fails.
  assert.equal(c.counts.unchanged, 1)
  assert.equal(c.counts.unclear, 1)
  assert.equal(c.verdict, 'pass')
  // A count at its floor (10 and 9 of 15 runs without a switch, medians 0) is unchanged, and no clock's.
  const cs = short!.metrics.find((m) => m.metric === 'involuntary-cs')!
  assert.equal(cs.verdict, 'unchanged')
  assert.equal(cs.atClockResolution, undefined)
})

test('100 000 samples a side: the bootstrap draws per resample, not per sample (bounded draws)', () => {
  const n = 100_000
  const base = Array.from({ length: n }, (_, i) => 1e6 * (1 + (0.1 * ((i * 7919) % n)) / n))
  const head = base.map((x) => x * 1.1)
  const original = SeededRandom.prototype.nextUint32
  let draws = 0
  SeededRandom.prototype.nextUint32 = function (this: SeededRandom) {
    // One draw per sample per resample would be 2 × 10 000 × 100 000.
    if (++draws > 5_000_000) throw new Error(`more than 5 000 000 random draws for one comparison`)
    return original.call(this)
  }
  let c: Comparison
  try {
    c = compare(okBenchmark({ t: sampled(base) }), okBenchmark({ t: sampled(head) }))
  } finally {
    SeededRandom.prototype.nextUint32 = original
  }
  const m = only(c).metrics[0]!
  assert.equal(m.verdict, 'regression')
  assert.ok(m.ci![0] < 1.1 && 1.1 < m.ci![1] && m.ci![1] - m.ci![0] < 0.01, `interval ${m.ci}`)
})

test('a large sample’s resampled median has the distribution of counting every draw', () => {
  // Just below and above the switch to order statistics: the quantiles of 4000 resampled medians of
  // evenly spread values agree.
  const quantiles = (n: number) => {
    const sorted = Float64Array.from({ length: n }, (_, i) => i / n)
    const counts = new Uint32Array(n)
    const random = new SeededRandom(`q${n}`)
    const medians = Array.from({ length: 4000 }, () =>
      bootstrap.resampledMedian(sorted, counts, random),
    ).sort((a, b) => a - b)
    return [0.05, 0.5, 0.95].map((p) => medians[Math.floor(p * (medians.length - 1))]!)
  }
  const switchAt = bootstrap.ORDER_STATISTIC_MIN_SAMPLES
  assert.ok(switchAt > 2, 'large samples switch to order statistics')
  const counted = quantiles(switchAt - 2)
  const drawn = quantiles(switchAt)
  for (let i = 0; i < 3; i++)
    assert.ok(Math.abs(counted[i]! - drawn[i]!) < 0.002, `quantile ${i}: ${counted[i]} vs ${drawn[i]}`)
})
