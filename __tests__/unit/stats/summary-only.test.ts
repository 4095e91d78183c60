// The stricter rule for results a tool kept only as a summary.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { decideSummary, summaryHasSpread, summaryInterval, twoSidedZ } from '../../../src/stats/index.ts'

const gate = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }

describe('decideSummary', () => {
  test('z for a two-sided 99% and 95% interval', () => {
    assert.equal(twoSidedZ(0.01).toFixed(4), '2.5758')
    assert.equal(twoSidedZ(0.05).toFixed(4), '1.9600')
  })

  test('the interval a side is judged by: its own, else the mean ± z·sd/√n, else ± sd', () => {
    assert.deepEqual(summaryInterval({ center: 10, interval: [11, 9] }, 0.01), [9, 11])
    const [low, high] = summaryInterval({ center: 100, stddev: 10, n: 100 }, 0.01)!
    assert.equal(low.toFixed(3), (100 - 2.5758293).toFixed(3))
    assert.equal(high.toFixed(3), (100 + 2.5758293).toFixed(3))
    assert.deepEqual(summaryInterval({ center: 100, stddev: 10 }, 0.01), [90, 110])
    assert.equal(summaryInterval({ center: 100 }, 0.01), undefined)
  })

  test('beyond the threshold with intervals apart: a regression; overlapping: unclear', () => {
    const apart = decideSummary(
      { center: 100, interval: [99, 101] },
      { center: 110, interval: [109, 111] },
      gate,
    )
    assert.equal(apart.verdict, 'regression')
    assert.equal(apart.test, 'summary-intervals')
    assert.equal(apart.change.toFixed(2), '0.10')
    assert.match(apart.notes[0]!, /summary only .*\(base 99–101, head 109–111\)/)
    const overlapping = decideSummary(
      { center: 100, interval: [95, 105] },
      { center: 110, interval: [104, 116] },
      gate,
    )
    assert.equal(overlapping.verdict, 'unclear')
    const within = decideSummary(
      { center: 100, interval: [99, 101] },
      { center: 103, interval: [102, 104] },
      gate,
    )
    assert.equal(within.verdict, 'unchanged', 'apart, but within the threshold')
  })

  test('without a spread a change must be beyond twice the threshold', () => {
    assert.equal(decideSummary({ center: 100 }, { center: 108 }, gate).verdict, 'unclear')
    const big = decideSummary({ center: 100 }, { center: 111 }, gate)
    assert.equal(big.verdict, 'regression')
    assert.equal(big.test, 'summary-twice-threshold')
    assert.match(big.notes[0]!, /twice the threshold \(10%\)/)
    assert.equal(decideSummary({ center: 100 }, { center: 88 }, gate).verdict, 'improvement')
  })

  test('higher is better: a falling rate regresses, a rising one improves', () => {
    const higher = { ...gate, direction: 'higher' as const }
    assert.equal(
      decideSummary({ center: 1000, stddev: 1, n: 50 }, { center: 800, stddev: 1, n: 50 }, higher).verdict,
      'regression',
    )
    assert.equal(
      decideSummary({ center: 1000, stddev: 1, n: 50 }, { center: 1200, stddev: 1, n: 50 }, higher).verdict,
      'improvement',
    )
  })

  test('a summary has a spread when it gives a stddev or an interval of its own, not with a center alone', () => {
    assert.equal(summaryHasSpread({ center: 100, stddev: 3 }), true)
    assert.equal(summaryHasSpread({ center: 100, stddev: 3, n: 20 }), true)
    assert.equal(summaryHasSpread({ center: 100, interval: [98, 102] }), true)
    assert.equal(summaryHasSpread({ center: 100 }), false)
    assert.equal(
      summaryHasSpread({ center: 100, n: 20 }),
      false,
      'a sample count alone says nothing of the spread',
    )
  })

  test('intervals that touch at one end overlap: a change beyond the threshold is unclear', () => {
    const slower = decideSummary(
      { center: 100, interval: [90, 110] },
      { center: 115, interval: [110, 120] },
      gate,
    )
    assert.equal(slower.test, 'summary-intervals')
    assert.equal(slower.verdict, 'unclear')
    const faster = decideSummary(
      { center: 100, interval: [90, 110] },
      { center: 85, interval: [80, 90] },
      gate,
    )
    assert.equal(faster.verdict, 'unclear')
    const justApart = decideSummary(
      { center: 100, interval: [90, 110] },
      { center: 85, interval: [80, 89.99] },
      gate,
    )
    assert.equal(justApart.verdict, 'improvement')
  })

  test('when only one side reports a spread, the twice-threshold rule decides', () => {
    const base = { center: 100, stddev: 1, n: 30 }
    const unclear = decideSummary(base, { center: 108 }, gate)
    assert.equal(unclear.test, 'summary-twice-threshold')
    assert.equal(unclear.verdict, 'unclear', 'beyond 5% but not beyond 10%')
    assert.equal(unclear.intervals.head, undefined)
    assert.ok(unclear.intervals.base, 'the side with a spread still shows its interval')
    assert.deepEqual(unclear.notes, [
      'summary only, without a spread: a change counts only beyond twice the threshold (10%)',
    ])
    assert.equal(decideSummary({ center: 100 }, { center: 111, stddev: 1 }, gate).verdict, 'regression')
  })

  test('without a spread a change within the threshold is unchanged', () => {
    const small = decideSummary({ center: 100 }, { center: 103 }, gate)
    assert.equal(small.verdict, 'unchanged')
    assert.equal(small.test, 'summary-twice-threshold')
    assert.equal(decideSummary({ center: 100 }, { center: 97 }, gate).verdict, 'unchanged')
  })

  test('a tool interval at another level is scaled unless both a stddev and a count are given', () => {
    // z(0.01) / z(0.05) = 2.5758293 / 1.9599640 = 1.3142228 (Python's statistics.NormalDist); each
    // end moves away from the center by that factor.
    const [low, high] = summaryInterval({ center: 100, interval: [90, 120], level: 0.95, stddev: 10 }, 0.01)!
    assert.ok(Math.abs(low - 86.857772) < 1e-5, `${low}`)
    assert.ok(Math.abs(high - 126.284455) < 1e-5, `${high}`)
    // A count without a stddev is no better: the same scaling.
    const [low2, high2] = summaryInterval({ center: 100, interval: [90, 120], level: 0.95, n: 10 }, 0.01)!
    assert.ok(Math.abs(low2 - 86.857772) < 1e-5 && Math.abs(high2 - 126.284455) < 1e-5, `${low2} ${high2}`)
  })

  test('a mean of 0 is not called unreliable by its spread: the rule is relative to the mean', () => {
    const d = decideSummary({ center: 0, stddev: 1, n: 10 }, { center: 10, stddev: 1, n: 10 }, gate)
    assert.doesNotMatch(d.notes.join('\n'), /unreliable/)
    assert.equal(d.verdict, 'regression')
  })
})
