// Samples nested in runner processes, as a comparison sees them: the note that says most of a side's
// spread lies between processes (hand-worked shares, the 50% and 3-process bounds), the interval of a
// metric with processes resampled by process, unpaired and paired, and results without processes —
// the committed fixtures among them — compared exactly as before.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { placementNote } from '../../../src/compare/placement.ts'
import { type Metric, parseResultSetText, type ResultSet } from '../../../src/results.ts'
import { bootstrapRatioOfMedians } from '../../../src/stats/index.ts'
import { okBenchmark, repoRoot, resultSetOf } from '../../support/helpers.ts'

const time = (samples: number[], processes?: number[]): Metric => ({
  unit: 'ns',
  direction: 'lower',
  samples,
  ...(processes ? { processes } : {}),
})

const NOTE_END = 'placement-sensitive; the interval resamples processes, then samples within them'
const LINK = '(Nested samples, docs/methodology.md)'

describe('the note on spread between processes', () => {
  // 3 processes of 2: between 99, within 2, a share of 99 / 101 = 98% (stats/nested.test.ts works it).
  const far = time([10, 12, 20, 22, 30, 32], [2, 2, 2])
  // [1, 3], [6], [8, 10, 12]: 318 / 373 = 85%.
  const unequal = time([1, 3, 6, 8, 10, 12], [2, 1, 3])
  // Means 8.5, 8.5, 11.5, 11.5, pairs ±1: MSB = 2·9 / 3 = 6, MSW = 8 / 4 = 2, n₀ = 2, so between
  // (6 − 2) / 2 = 2 and within 2: exactly half, which is not most.
  const half = time([7.5, 9.5, 7.5, 9.5, 10.5, 12.5, 10.5, 12.5], [2, 2, 2, 2])

  test('names the side whose spread is mostly between processes, and how much of it', () => {
    assert.equal(
      placementNote(half, far, false),
      `most of head's spread is between processes (98%): ${NOTE_END} ${LINK}`,
    )
    assert.equal(
      placementNote(far, unequal, false),
      `most of the spread is between processes (base 98%, head 85%): ${NOTE_END} ${LINK}`,
    )
    assert.equal(
      placementNote(far, half, true),
      `most of base's spread is between processes (98%): placement-sensitive; the interval resamples pairs of processes, then pairs within them ${LINK}`,
    )
  })

  test('says nothing at half the spread, with fewer than 3 processes, or without processes', () => {
    assert.equal(placementNote(half, half, false), undefined)
    const two = time([10, 12, 30, 32], [2, 2])
    assert.equal(placementNote(two, two, false), undefined)
    const pooled = time([10, 12, 20, 22, 30, 32])
    assert.equal(placementNote(pooled, pooled, false), undefined)
  })
})

/**
 * Base: 20 samples of exactly 100. Head: 10 processes of 2, 8 at 100 ± 0.1 and 2 at 140 ± 0.1
 * (stats/nested.test.ts works the intervals): pooled, the 99% interval ends at most at 1.001; by
 * process, at least at 1.2.
 */
const sizes = Array.from({ length: 10 }, () => 2)
const base = Array.from({ length: 20 }, () => 100)
const head = sizes.flatMap((_, p) => (p === 3 || p === 7 ? [139.9, 140.1] : [99.9, 100.1]))

function compareWallClock(
  processes: boolean,
  pairs?: Array<[number, number]>,
): ReturnType<typeof compareResults>['benchmarks'][number]['metrics'][number] {
  const side = (samples: number[]) => [
    { ...okBenchmark({ time: time(samples, processes ? sizes : undefined) }), kind: 'wall-clock' as const },
  ]
  const set = (samples: number[]) =>
    resultSetOf('s', { branch: 'main' }, '2026-05-01T00:00:00.000Z', side(samples))
  const comparison = compareResults(set(head), {
    baseline: { results: set(base), source: 'base.json', reason: 'test' },
    ...(pairs ? { pairs: { b: pairs } } : {}),
  })
  return comparison.benchmarks[0]!.metrics[0]!
}

describe('a metric with processes, compared', () => {
  test('unpaired: the interval resamples processes and the notes say why', () => {
    const pooled = compareWallClock(false)
    const nested = compareWallClock(true)
    assert.ok(pooled.ci![1] <= 1.001, String(pooled.ci))
    assert.ok(nested.ci![1] >= 1.2 - 1e-9, String(nested.ci))
    assert.equal(pooled.notes.filter((n) => n.includes('between processes')).length, 0)
    // Between processes: SSB = 2·(8·8² + 2·32²) = 5120 over 9; within 0.2 over 10: 284.43 of 284.45.
    assert.ok(
      nested.notes.includes(`most of head's spread is between processes (100%): ${NOTE_END} ${LINK}`),
      nested.notes.join('\n'),
    )
  })

  test('paired: pairs of processes are resampled, the pairs of a round together', () => {
    const pairs = base.map((_, i) => [i, i] as [number, number])
    const pooled = compareWallClock(false, pairs)
    const nested = compareWallClock(true, pairs)
    assert.equal(nested.pairs, 20)
    assert.ok(pooled.ci![1] <= 1.001, String(pooled.ci))
    assert.ok(nested.ci![1] >= 1.2 - 1e-9, String(nested.ci))
    assert.ok(nested.notes.some((n) => n.includes('the interval resamples pairs of processes')))
  })
})

describe('results without processes', () => {
  const read = (name: string): ResultSet => {
    const file = path.join(repoRoot, '__tests__', 'fixtures', 'results', name)
    return parseResultSetText(readFileSync(file, 'utf8'), file)
  }
  const compareFixtures = (edit: (m: Metric) => Metric = (m) => m) => {
    const withEdit = (r: ResultSet): ResultSet => ({
      ...r,
      benchmarks: r.benchmarks.map((b) => ({
        ...b,
        metrics: Object.fromEntries(Object.entries(b.metrics).map(([k, m]) => [k, edit(m)])),
      })),
    })
    return compareResults(withEdit(read('head.json')), {
      baseline: { results: withEdit(read('base.json')), source: 'base.json', reason: 'test' },
    })
  }

  test('the committed wall-clock benchmark: the interval is the pooled bootstrap of its samples', () => {
    const comparison = compareFixtures()
    const b = comparison.benchmarks.find((x) => x.id === 'memmem/rust/memmem')!
    const row = b.metrics.find((m) => m.metric === 'time')!
    const samples = (r: ResultSet) => r.benchmarks.find((x) => x.id === b.id)!.metrics.time!.samples!
    const pooled = bootstrapRatioOfMedians(samples(read('base.json')), samples(read('head.json')), {
      confidence: 1 - b.alpha,
      seed: `${b.id}\u0000time`,
    })
    assert.deepEqual(row.ci, [pooled.low, pooled.high])
  })

  test('one process, or each sample its own, compares exactly as no processes at all', () => {
    const before = compareFixtures()
    const one = (m: Metric) => (m.samples ? { ...m, processes: [m.samples.length] } : m)
    const own = (m: Metric) => (m.samples ? { ...m, processes: m.samples.map(() => 1) } : m)
    assert.deepEqual(compareFixtures(one), before)
    assert.deepEqual(compareFixtures(own), before)
  })
})
