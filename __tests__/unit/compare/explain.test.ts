// A timed change held against the instruction counts a same-job run recorded: the counts of both sides
// are carried into the comparison, and under timed-change: explained-only a change whose instructions
// stayed within the threshold is unclear. Every time below is a list of numbers worked out by hand, and
// every count a round number, so each verdict follows from the rules alone.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { compareResults, exitCodeFor, timedChangeIds } from '../../../src/compare/index.ts'
import {
  type BenchmarkResult,
  type Explanation,
  parseResultSet,
  type ResultSet,
  type TimedChangeRule,
} from '../../../src/results.ts'
import { mergeShards, parseShardOutput, SHARD_SCHEMA, SHARD_VERSION } from '../../../src/run/shard.ts'
import { resultSetOf } from '../../support/helpers.ts'

const BASE_SHA = 'abcdef0123456789abcdef0123456789abcdef01'

/** 100, 101, … 119 ns: median 109.5. */
const BASE_WALL = Array.from({ length: 20 }, (_, i) => 100 + i)
/**
 * Each base time × 1.27: median 139.065, so the change is +27.0%. Every head time (≥ 127) is above every
 * base time (≤ 119): Mann–Whitney's p is far below 0.01, and every resampled ratio of medians is at
 * least 127 / 119 = 1.067, beyond the 5% threshold: a regression.
 */
const SLOWER_WALL = BASE_WALL.map((x) => x * 1.27)

function wallResult(samples: number[], rule?: TimedChangeRule, explanation?: Explanation): BenchmarkResult {
  return {
    id: 'sort',
    name: 'sort',
    kind: 'process',
    parameters: {},
    status: 'ok',
    metrics: {
      wall: { unit: 'ns', direction: 'lower', samples },
      'max-rss': { unit: 'bytes', direction: 'lower', samples: samples.map(() => 4096) },
    },
    gate: {
      metrics: ['wall'],
      threshold: 0.05,
      alpha: 0.01,
      ...(rule === 'explained-only' ? { timedChange: rule } : {}),
    },
    notes: [],
    ...(explanation ? { explanation } : {}),
  }
}

const counted = (base: number, head: number, against: string = BASE_SHA): Explanation => ({
  status: 'counted',
  against,
  instructions: { base, head },
})

function compare(
  head: { samples: number[]; rule?: TimedChangeRule; explanation?: Explanation },
  base: { samples: number[]; sha?: string } = { samples: BASE_WALL },
) {
  const baseSet = resultSetOf('s', { sha: base.sha ?? BASE_SHA }, '2026-01-01T00:00:00.000Z', [
    wallResult(base.samples),
  ])
  const headSet = resultSetOf('s', { sha: '1'.repeat(40) }, '2026-01-01T00:01:00.000Z', [
    wallResult(head.samples, head.rule, head.explanation),
  ])
  const c = compareResults(headSet, { baseline: { results: baseSet, source: 'base', reason: 'test' } })
  const b = c.benchmarks[0]!
  return { c, b, wall: b.metrics.find((m) => m.metric === 'wall')! }
}

describe('the timed changes a same-job run counts', () => {
  test('a benchmark whose gated time regressed or improved; not one that did not change', () => {
    const slower = compare({ samples: SLOWER_WALL })
    assert.equal(slower.b.verdict, 'regression')
    assert.deepEqual(timedChangeIds(slower.c), ['sort'])
    const faster = compare({ samples: BASE_WALL }, { samples: SLOWER_WALL })
    assert.equal(faster.b.verdict, 'improvement')
    assert.deepEqual(timedChangeIds(faster.c), ['sort'])
    assert.deepEqual(timedChangeIds(compare({ samples: BASE_WALL }).c), [])
  })

  test('a memory regression alone is no timed change: instructions do not count memory', () => {
    const base = resultSetOf('s', { sha: BASE_SHA }, '2026-01-01T00:00:00.000Z', [
      { ...wallResult(BASE_WALL), gate: { metrics: ['wall', 'max-rss'], threshold: 0.05, alpha: 0.01 } },
    ])
    const grown = wallResult(BASE_WALL)
    // 4096 → 8192 bytes on every run: +100%, a regression of max-rss; wall did not move.
    grown.metrics['max-rss'] = { unit: 'bytes', direction: 'lower', samples: BASE_WALL.map(() => 8192) }
    grown.gate = { metrics: ['wall', 'max-rss'], threshold: 0.05, alpha: 0.01 }
    const head = resultSetOf('s', { sha: '1'.repeat(40) }, '2026-01-01T00:01:00.000Z', [grown])
    const c = compareResults(head, { baseline: { results: base, source: 'base', reason: 'test' } })
    assert.equal(c.benchmarks[0]!.verdict, 'regression')
    assert.deepEqual(timedChangeIds(c), [])
  })
})

describe('what the instruction counts say', () => {
  test('instructions +10.0% beyond the 5% threshold, the way the time went: the work explains it', () => {
    const { b, wall } = compare({ samples: SLOWER_WALL, explanation: counted(1_000_000, 1_100_000) })
    assert.equal(b.verdict, 'regression')
    assert.equal(wall.verdict, 'regression')
    assert.equal(b.explanation?.rule, 'any')
    assert.equal(b.explanation?.changes.length, 1)
    assert.equal(b.explanation!.changes[0]!.metric, 'wall')
    assert.ok(Math.abs(b.explanation!.changes[0]!.change - 0.27) < 1e-9, 'wall +27%')
    const { change, ...counts } = b.explanation!.instructions!
    assert.deepEqual(counts, { base: 1_000_000, head: 1_100_000, reading: 'explains' })
    assert.ok(Math.abs(change - 0.1) < 1e-12, 'instructions +10%')
    assert.equal(b.explanation?.unclear, undefined)
  })

  test('instructions +1.00% within the threshold: barely, and under any the regression stands', () => {
    const { c, b } = compare({ samples: SLOWER_WALL, explanation: counted(1_000_000, 1_010_000) })
    assert.equal(b.verdict, 'regression')
    assert.equal(b.explanation?.instructions?.reading, 'barely')
    assert.equal(b.explanation?.unclear, undefined)
    assert.equal(exitCodeFor(c), 1)
  })

  test('explained-only: the same regression is unclear, says why, and fails nothing', () => {
    const { c, b, wall } = compare({
      samples: SLOWER_WALL,
      rule: 'explained-only',
      explanation: counted(1_000_000, 1_010_000),
    })
    assert.equal(wall.verdict, 'unclear')
    assert.equal(b.verdict, 'unclear')
    assert.equal(
      wall.why,
      'the instructions barely changed (+1.00%, within the 5.00% threshold): code placement or memory is the likely cause (timed-change: explained-only)',
    )
    assert.equal(b.explanation?.unclear, true)
    assert.equal(b.explanation?.rule, 'explained-only')
    assert.equal(c.counts.regression, 0)
    assert.equal(c.counts.unclear, 1)
    assert.equal(exitCodeFor(c), 0)
  })

  test('explained-only at the edge: +5.00% is within a 5% threshold, +5.10% beyond it', () => {
    const at = compare({
      samples: SLOWER_WALL,
      rule: 'explained-only',
      explanation: counted(1_000_000, 1_050_000),
    })
    assert.equal(at.b.verdict, 'unclear')
    const beyond = compare({
      samples: SLOWER_WALL,
      rule: 'explained-only',
      explanation: counted(1_000_000, 1_051_000),
    })
    assert.equal(beyond.b.verdict, 'regression')
    assert.equal(beyond.b.explanation?.instructions?.reading, 'explains')
  })

  test('explained-only: an improvement whose instructions barely changed is unclear too', () => {
    // Head is the base's times, base the slower ones: wall 139.065 → 109.5 ns, -21.3%.
    const { b } = compare(
      { samples: BASE_WALL, rule: 'explained-only', explanation: counted(2_000_000, 1_990_000) },
      { samples: SLOWER_WALL },
    )
    assert.equal(b.verdict, 'unclear')
    assert.equal(b.explanation?.instructions?.reading, 'barely')
    assert.ok(Math.abs(b.explanation!.instructions!.change + 0.005) < 1e-12, 'instructions -0.5%')
  })

  test('instructions -10.0% while the time rose: the other way, and the regression stands', () => {
    const { b } = compare({
      samples: SLOWER_WALL,
      rule: 'explained-only',
      explanation: counted(1_000_000, 900_000),
    })
    assert.equal(b.verdict, 'regression')
    assert.equal(b.explanation?.instructions?.reading, 'opposite')
  })

  test('not counted, skipped or failed: the verdict stays as measured, with the reason', () => {
    for (const status of ['skipped', 'failed'] as const) {
      const reason =
        status === 'skipped' ? 'it has a prepare command' : 'base: exited with code 1 under valgrind'
      const { b } = compare({
        samples: SLOWER_WALL,
        rule: 'explained-only',
        explanation: { status, against: BASE_SHA, reason },
      })
      assert.equal(b.verdict, 'regression', status)
      assert.deepEqual(b.explanation, {
        changes: b.explanation!.changes,
        rule: 'explained-only',
        notCounted: { status, reason },
      })
    }
  })

  test('counts made against another base are not used; an abbreviated baseline commit is the same one', () => {
    const other = compare(
      { samples: SLOWER_WALL, rule: 'explained-only', explanation: counted(1_000_000, 1_010_000) },
      { samples: BASE_WALL, sha: '9'.repeat(40) },
    )
    assert.equal(other.b.verdict, 'regression')
    assert.deepEqual(other.b.explanation?.notCounted, {
      status: 'elsewhere',
      reason: "they were counted against abcdef0, not against this baseline's 9999999",
    })
    const same = compare(
      { samples: SLOWER_WALL, rule: 'explained-only', explanation: counted(1_000_000, 1_010_000) },
      { samples: BASE_WALL, sha: 'ABCDEF0' },
    )
    assert.equal(same.b.verdict, 'unclear')
  })

  test('no timed change, or no counts recorded: nothing to explain', () => {
    const unchanged = compare({ samples: BASE_WALL, explanation: counted(1_000_000, 1_300_000) })
    assert.equal(unchanged.b.verdict, 'unchanged')
    assert.equal(unchanged.b.explanation, undefined)
    const older = compare({ samples: SLOWER_WALL, rule: 'explained-only' })
    assert.equal(older.b.verdict, 'regression')
    assert.equal(older.b.explanation, undefined)
  })
})

describe('the counts read back: two saved files, a merged run', () => {
  /** Twice each base time: every resampled ratio at least 200 / 119 = 1.68, beyond the ±25% bound. */
  const TWICE = BASE_WALL.map((x) => x * 2)
  const sides = (explanation: Explanation) => ({
    base: resultSetOf('s', { sha: BASE_SHA }, '2026-01-01T00:00:00.000Z', [wallResult(BASE_WALL)]),
    head: resultSetOf('s', { sha: '1'.repeat(40) }, '2026-01-01T00:01:00.000Z', [
      wallResult(TWICE, 'explained-only', explanation),
    ]),
  })

  test('bench-action compare of two files: across moments, the recorded counts are read the same way', () => {
    // Written and read back as the files are; compared as the compare command compares them.
    const { base, head } = sides(counted(1_000_000, 1_001_000))
    const read = (set: ResultSet) => parseResultSet(JSON.parse(JSON.stringify(set)), 'file.json')
    const c = compareResults(read(head), {
      baseline: { results: read(base), source: 'base.json', reason: 'the file base.json' },
      acrossMoments: true,
    })
    // Without stored runs the drift bound is ±25%: +100% lies beyond it, a regression as measured,
    // and its instructions (+0.10%) barely changed: unclear under explained-only.
    assert.equal(c.acrossMoments, true)
    assert.equal(c.benchmarks[0]!.verdict, 'unclear')
    assert.equal(c.benchmarks[0]!.explanation?.instructions?.reading, 'barely')
  })

  test('a merged run: the shards’ files keep the counts, and the merged comparison reads them', () => {
    const { base, head } = sides(counted(1_000_000, 1_300_000))
    const output = (set: ResultSet) =>
      parseShardOutput(
        JSON.stringify({
          schema: SHARD_SCHEMA,
          version: SHARD_VERSION,
          shard: { index: 1, count: 1 },
          cases: ['sort'],
          head: set,
          base: { results: base, source: 'a worktree', reason: 'merge base', pairs: {} },
        }),
        'shard-1-of-1.json',
      )
    const merged = mergeShards([{ output: output(head), source: 'shard-1-of-1.json' }], ['sort'])
    const c = compareResults(merged.head, { baseline: merged.base, pairs: merged.pairs })
    assert.equal(c.benchmarks[0]!.verdict, 'regression')
    assert.deepEqual(c.benchmarks[0]!.explanation?.instructions, {
      base: 1_000_000,
      head: 1_300_000,
      change: c.benchmarks[0]!.explanation!.instructions!.change,
      reading: 'explains',
    })
    assert.ok(Math.abs(c.benchmarks[0]!.explanation!.instructions!.change - 0.3) < 1e-12, '+30%')
  })
})

describe('the results file', () => {
  const file = (explanation?: unknown): unknown => {
    const set: ResultSet = resultSetOf('s', { sha: BASE_SHA }, '2026-01-01T00:00:00.000Z', [
      wallResult(SLOWER_WALL),
    ])
    const [b] = set.benchmarks
    return { ...set, benchmarks: [{ ...b, ...(explanation === undefined ? {} : { explanation }) }] }
  }

  test('a file written before explanations loads as it was; one with each kind of explanation loads too', () => {
    assert.equal(parseResultSet(file(), 'old.json').benchmarks[0]!.explanation, undefined)
    for (const explanation of [
      counted(1_000_000, 1_100_000),
      { status: 'skipped', reason: 'a scaling benchmark' },
      { status: 'failed', against: 'abcdef0', reason: 'timed out' },
    ])
      assert.deepEqual(parseResultSet(file(explanation), 'new.json').benchmarks[0]!.explanation, explanation)
  })

  test('an explanation that is not one is refused, naming where', () => {
    for (const [explanation, where] of [
      [{ status: 'counted' }, 'benchmarks.0.explanation.instructions'],
      [
        { status: 'counted', instructions: { base: 0, head: 5 } },
        'benchmarks.0.explanation.instructions.base',
      ],
      [{ status: 'skipped', reason: '' }, 'benchmarks.0.explanation.reason'],
      [{ status: 'skipped', against: '../../etc', reason: 'x' }, 'benchmarks.0.explanation.against'],
      [{ status: 'guessed', reason: 'x' }, 'benchmarks.0.explanation.status'],
    ] as const)
      assert.throws(
        () => parseResultSet(file(explanation), 'bad.json'),
        (error: Error) => error.message.startsWith(`bad.json: invalid results at ${where}: `),
        JSON.stringify(explanation),
      )
  })
})
