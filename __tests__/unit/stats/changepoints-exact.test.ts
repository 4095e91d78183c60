// Change points of an exact metric (instruction counts): hand-written histories, every change point
// worked out by hand.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { exactChangePoints } from '../../../src/stats/changepoints.ts'

describe('change points of an exact metric', () => {
  it('pinpoints the commit where the count moved beyond the threshold', () => {
    const counts = [1000, 1000, 1000, 1030, 1030, 1030]
    assert.deepEqual(exactChangePoints(counts, 0.01), [
      { index: 3, from: 3, to: 3, before: 1000, after: 1030, change: 0.030000000000000027, pValue: 0 },
    ])
  })

  it('ignores jitter below the threshold that does not add up', () => {
    const counts = [1000, 1004, 998, 1003, 999, 1005, 1000, 996, 1002]
    assert.deepEqual(exactChangePoints(counts, 0.01), [])
  })

  it('reports small steps that add up past the threshold as one change spanning them', () => {
    // Commits 3..6 each add 0.3%; the fourth takes the drift past 1% since commit 2.
    const counts = [1000, 1000, 1000, 1003, 1006, 1009, 1012, 1012, 1012]
    const points = exactChangePoints(counts, 0.01)
    assert.equal(points.length, 1)
    assert.deepEqual(
      { ...points[0]!, change: Math.round(points[0]!.change * 1e6) / 1e6 },
      {
        index: 6,
        from: 3,
        to: 6,
        before: 1000,
        after: 1012,
        change: 0.012,
        pValue: 0,
      },
    )
  })

  it('starts a drift after the count last stood at its level', () => {
    // The jitter at commits 1..3 returns to the level; the drift starts at commit 5.
    const counts = [1000, 1003, 1000, 999, 1000, 1005, 1009, 1012]
    const [point] = exactChangePoints(counts, 0.01)
    assert.deepEqual([point!.from, point!.to], [5, 7])
  })

  it('reports A → B → A as two changes', () => {
    const points = exactChangePoints([500, 500, 520, 520, 520, 500, 500], 0.01)
    assert.deepEqual(
      points.map((p) => [p.index, p.from, p.to, p.before, p.after]),
      [
        [2, 2, 2, 500, 520],
        [5, 5, 5, 520, 500],
      ],
    )
    assert.ok(points[0]!.change > 0 && points[1]!.change < 0)
  })

  it('counts a drift from the level the last change left', () => {
    const points = exactChangePoints([100, 120, 120.5, 121, 121.5, 122], 0.01)
    assert.deepEqual(
      points.map((p) => [p.index, p.from, p.to]),
      [
        [1, 1, 1],
        [4, 2, 4],
      ],
    )
    assert.equal(points[1]!.before, 120)
  })

  it('throws on NaN and on a threshold that is not a number', () => {
    assert.throws(() => exactChangePoints([1, Number.NaN, 1], 0.01), /values\[1\] is NaN/)
    assert.throws(() => exactChangePoints([1, 2], Number.NaN), RangeError)
    assert.deepEqual(exactChangePoints([], 0.01), [])
  })

  it('refuses a threshold below 0 or infinite, and a count that is not finite and positive', () => {
    for (const threshold of [-0.01, Number.POSITIVE_INFINITY]) {
      assert.throws(
        () => exactChangePoints([1, 2], threshold),
        (error: Error) =>
          error instanceof RangeError &&
          error.message === `threshold must be a finite number of at least 0, got ${threshold}`,
      )
    }
    for (const [bad, shown] of [
      [0, '0'],
      [-1, '-1'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
    ] as const) {
      assert.throws(
        () => exactChangePoints([5, bad, 5], 0.01),
        (error: Error) =>
          error.message === `values[1] is ${shown}: a metric's history holds finite positive numbers`,
      )
    }
    // A threshold of 0: every move is a change.
    assert.deepEqual(
      exactChangePoints([7, 7, 8], 0).map((p) => [p.index, p.from, p.to]),
      [[2, 2, 2]],
    )
  })

  it('takes a move of exactly the threshold as no change, by step or by drift', () => {
    // 1000 → 1250 is +25% exactly (both are exact in binary, as is their ratio).
    assert.deepEqual(exactChangePoints([1000, 1250], 0.25), [])
    // +20%, then +4.2% more: the drift from 1000 is +25% exactly.
    assert.deepEqual(exactChangePoints([1000, 1200, 1250], 0.25), [])
    assert.equal(exactChangePoints([1000, 1200, 1251], 0.25).length, 1)
  })

  it('measures a step from the commit before, not from the level a drift left', () => {
    // +0.8% a commit (below 5%), then +8.3% from 1016: a step at 3 from 1016, although the drift
    // from 1000 (+10%) is past the threshold too.
    assert.deepEqual(exactChangePoints([1000, 1008, 1016, 1100], 0.05), [
      { index: 3, from: 3, to: 3, before: 1016, after: 1100, change: 1100 / 1016 - 1, pValue: 0 },
    ])
  })

  it('starts a downward drift after the count last stood at or above its level', () => {
    // Level 1000. 1002 (above), 1000 (at: the last commit not below it is 2), 990, then 945: −4.5%
    // from 990, within 5%, but −5.5% from 1000. The drift starts at commit 3.
    assert.deepEqual(exactChangePoints([1000, 1002, 1000, 990, 945], 0.05), [
      { index: 4, from: 3, to: 4, before: 1000, after: 945, change: 945 / 1000 - 1, pValue: 0 },
    ])
    // Upward alike: the last commit not above the level is 2.
    assert.deepEqual(
      exactChangePoints([1000, 998, 1000, 1010, 1055], 0.05).map((p) => [p.index, p.from, p.to]),
      [[4, 3, 4]],
    )
  })
})
