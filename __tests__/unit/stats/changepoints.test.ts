// Change points of a noisy metric's history: seeded synthetic histories with known shifts, and
// noise-free ones whose answer is worked out by hand (the exact metric's are in changepoints-exact).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  type ChangePoint,
  type ChangePointOptions,
  detectChangePoints,
  eDivisive,
  pelt,
} from '../../../src/stats/changepoints.ts'
import { SeededRandom } from '../../../src/stats/random.ts'

/**
 * One timed metric's per-commit medians: `level(i)` times lognormal noise of CV 3%, and 2% of
 * commits 1.3× slower (a busy runner), as timings on shared CI machines look.
 */
function history(length: number, level: (i: number) => number, seed: string, cv = 0.03): number[] {
  const random = new SeededRandom(seed)
  return Array.from({ length }, (_, i) => {
    const spike = random.nextFloat() < 0.02 ? 1.3 : 1
    return 1000 * level(i) * Math.exp(cv * random.nextGaussian()) * spike
  })
}

const describe1 = (points: readonly ChangePoint[]) =>
  points
    .map((p) => `${p.index} [${p.from}..${p.to}] ${(100 * p.change).toFixed(1)}% p=${p.pValue}`)
    .join('; ')

/** 17 noise-free commits, 9 at 100 and 8 at 110: a step at 9. */
const seventeen = Array.from({ length: 17 }, (_, i) => (i < 9 ? 100 : 110))

describe('change points of a noisy metric', () => {
  const step = history(120, (i) => (i < 60 ? 1 : 1.1), 'step')

  it('finds a +10% step at commit 60 of 120, where it is and as large as it is', () => {
    for (const detect of [detectChangePoints, eDivisive, pelt]) {
      const points = detect(step)
      assert.equal(points.length, 1, `${detect.name}: ${describe1(points)}`)
      const [point] = points as [ChangePoint]
      assert.ok(Math.abs(point.index - 60) <= 2, `${detect.name}: index ${point.index}`)
      assert.ok(point.from <= point.index && point.index <= point.to, describe1(points))
      assert.ok(
        point.from <= 60 && point.to >= 60,
        `${detect.name}: the range holds commit 60: ${describe1(points)}`,
      )
      assert.ok(Math.abs(point.change - 0.1) < 0.03, `${detect.name}: change ${point.change}`)
      assert.ok(Math.abs(point.after / point.before - 1 - point.change) < 1e-12)
      assert.ok(Math.abs(point.before / 1000 - 1) < 0.03, `before ${point.before}`)
      assert.ok(point.pValue <= 0.001, `pValue ${point.pValue}`)
    }
  })

  it('pinpoints a step far above the noise to one commit', () => {
    const points = detectChangePoints(history(120, (i) => (i < 45 ? 1 : 1.25), 'big step'))
    assert.equal(points.length, 1, describe1(points))
    assert.deepEqual([points[0]!.from, points[0]!.index, points[0]!.to], [45, 45, 45])
  })

  it('finds a slowdown and a speedup alike', () => {
    const points = detectChangePoints(history(150, (i) => (i < 90 ? 1 : 0.85), 'speedup'))
    assert.equal(points.length, 1, describe1(points))
    assert.ok(Math.abs(points[0]!.index - 90) <= 2)
    assert.ok(Math.abs(points[0]!.change + 0.15) < 0.03, describe1(points))
  })

  it('reports nothing for a stable history', () => {
    for (const seed of ['stable 1', 'stable 2', 'stable 3']) {
      const values = history(200, () => 1, seed, 0.05)
      for (const detect of [detectChangePoints, eDivisive, pelt]) {
        assert.deepEqual(detect(values), [], `${detect.name} ${seed}: ${describe1(detect(values))}`)
      }
    }
  })

  it('reports nothing for one commit twice as slow', () => {
    const values = history(150, () => 1, 'outlier')
    values[70]! *= 2
    for (const detect of [detectChangePoints, eDivisive, pelt]) {
      assert.deepEqual(detect(values), [], `${detect.name}: ${describe1(detect(values))}`)
    }
  })

  it('reports three slow commits in a row as nothing: a level lasts longer', () => {
    const blip = history(150, (i) => (i >= 70 && i < 73 ? 1.3 : 1), 'blip')
    assert.deepEqual(detectChangePoints(blip), [], describe1(detectChangePoints(blip)))
  })

  it('finds two steps as two, whichever way they go', () => {
    const upDown = detectChangePoints(history(120, (i) => (i < 40 ? 1 : i < 80 ? 1.1 : 1), 'up down'))
    assert.deepEqual(
      upDown.map((p) => [Math.round(p.index / 10) * 10, Math.sign(p.change)]),
      [
        [40, 1],
        [80, -1],
      ],
      describe1(upDown),
    )
    const upUp = detectChangePoints(history(120, (i) => (i < 40 ? 1 : i < 80 ? 1.1 : 1.21), 'up up'))
    assert.equal(upUp.length, 2, `two steps the same way stay two: ${describe1(upUp)}`)
    assert.ok(Math.abs(upUp[0]!.index - 40) <= 2 && Math.abs(upUp[1]!.index - 80) <= 2, describe1(upUp))
  })

  it('reports a +15% drift over 30 commits as one change point whose range spans it', () => {
    // Commits 80..109 each add 0.5%.
    const ramp = history(200, (i) => 1 + 0.15 * Math.min(1, Math.max(0, (i - 79) / 30)), 'ramp')
    for (const detect of [detectChangePoints, eDivisive, pelt]) {
      const points = detect(ramp)
      assert.equal(points.length, 1, `${detect.name}: ${describe1(points)}`)
      const [point] = points as [ChangePoint]
      assert.ok(point.from <= 82 && point.to >= 107, `${detect.name}: ${describe1(points)}`)
      assert.ok(
        point.from >= 70 && point.to <= 120,
        `${detect.name}: no wider than needed: ${describe1(points)}`,
      )
      assert.ok(point.index >= point.from && point.index <= point.to)
      assert.ok(Math.abs(point.change - 0.15) < 0.03, `${detect.name}: change ${point.change}`)
    }
  })

  it('ignores a significant shift below minChange, and reports it when asked', () => {
    const values = history(300, (i) => (i < 150 ? 1 : 1.015), 'small', 0.005)
    assert.deepEqual(detectChangePoints(values), [])
    const points = detectChangePoints(values, { minChange: 0.01 })
    assert.equal(points.length, 1, describe1(points))
    assert.ok(Math.abs(points[0]!.index - 150) <= 2, describe1(points))
  })

  it('gives the same answer every time', () => {
    const values = history(250, (i) => (i < 100 ? 1 : 1.05), 'repeat', 0.04)
    assert.deepEqual(detectChangePoints(values), detectChangePoints(values))
    assert.deepEqual(eDivisive(values), eDivisive(values))
  })

  it('finds every shift of a long history', () => {
    const values = history(3000, (i) => 1 + 0.1 * (Math.floor(i / 500) % 2), 'long')
    for (const detect of [detectChangePoints, eDivisive]) {
      const points = detect(values)
      assert.deepEqual(
        points.map((p) => Math.round(p.index / 100) * 100),
        [500, 1000, 1500, 2000, 2500],
        describe1(points),
      )
    }
  })

  it("splits a history of exactly two shortest levels, with the rank test's p-value", () => {
    // Ten commits, five at 100 and five at 110: the one split there is. Of the C(10, 5) = 252 ways to
    // order ten ranks into two fives, two are as extreme as this one (either way round), so the exact
    // p-value is 2/252 ≈ 0.0079. The test estimates it from 1,999 shuffles, (exceed + 1)/2,000, with
    // exceed ~ Binomial(1999, 2/252): mean 15.9, sd 4.0; 0.002 … 0.016 is that ± 4 sd.
    const values = [100, 100, 100, 100, 100, 110, 110, 110, 110, 110]
    for (const detect of [detectChangePoints, eDivisive, pelt]) {
      const points = detect(values, { alpha: 0.05 })
      assert.equal(points.length, 1, `${detect.name}: ${describe1(points)}`)
      const [point] = points as [ChangePoint]
      assert.deepEqual([point.from, point.index, point.to, point.before, point.after], [5, 5, 5, 100, 110])
      assert.ok(Math.abs(point.change - 0.1) < 1e-12, `change ${point.change}`)
      assert.ok(point.pValue >= 0.002 && point.pValue <= 0.016, `${detect.name}: pValue ${point.pValue}`)
    }
    // At α = 0.5% the same split is not significant.
    assert.deepEqual(detectChangePoints(values, { alpha: 0.005 }), [])
  })

  it('finds a step of a noise-free history of 17 commits where it is', () => {
    for (const detect of [detectChangePoints, eDivisive, pelt]) {
      const points = detect(seventeen)
      assert.equal(points.length, 1, `${detect.name}: ${describe1(points)}`)
      const [point] = points as [ChangePoint]
      assert.deepEqual([point.from, point.index, point.to, point.before, point.after], [9, 9, 9, 100, 110])
    }
    // With few shuffles the p-value is (exceed + 1)/(shuffles + 1), and a shuffle of 17 ranks matches
    // this split's extreme only about twice in C(17, 9) = 24,310 tries: exceed is 0.
    const [one] = detectChangePoints(seventeen, { permutations: 1, alpha: 0.6 })
    assert.equal(one?.pValue, 1 / 2)
    const [three] = detectChangePoints(seventeen, { permutations: 3, alpha: 0.3 })
    assert.equal(three?.pValue, 1 / 4)
  })

  it('reports a change whose p-value is the level exactly, and one of exactly minChange', () => {
    // One shuffle that does not reach this split (as above): p = (0 + 1)/(1 + 1) = 1/2, which is
    // significant at α = 1/2 (the level is reached at p ≤ α).
    const [half, ...none] = detectChangePoints(seventeen, { permutations: 1, alpha: 0.5 })
    assert.deepEqual([half?.index, half?.pValue, none.length], [9, 0.5, 0])
    // 1000 → 1250 is +25% exactly in binary: a change of minChange is reported, one below it not.
    const quarter = Array.from({ length: 17 }, (_, i) => (i < 9 ? 1000 : 1250))
    assert.deepEqual(
      detectChangePoints(quarter, { minChange: 0.25 }).map((p) => [p.index, p.change]),
      [[9, 0.25]],
    )
    assert.deepEqual(detectChangePoints(quarter, { minChange: 0.2500001 }), [])
  })

  it('runs the algorithm asked for: a penalty binds PELT, the default, and not e-divisive', () => {
    // A step of 10% in a noise-free history is worth (9 · 8/17) · ln(1.1)² / σ² ≈ 3.8e8 in PELT's
    // units (σ at its floor, 1e-5): less than a penalty of 1e9 · ln 17 ≈ 2.8e9 per change point.
    const penalty = 1e9
    assert.deepEqual(detectChangePoints(seventeen, { penalty }), [])
    assert.deepEqual(detectChangePoints(seventeen, { penalty, algorithm: 'pelt' }), [])
    const found = detectChangePoints(seventeen, { penalty, algorithm: 'e-divisive' })
    assert.deepEqual(
      found.map((p) => p.index),
      [9],
    )
    assert.deepEqual(found, eDivisive(seventeen, { penalty }))
  })

  it('says nothing about a history too short to split', () => {
    for (const detect of [detectChangePoints, eDivisive, pelt]) {
      assert.deepEqual(detect([]), [], detect.name)
      assert.deepEqual(detect([1, 2, 3, 4, 5, 6, 7, 8, 9]), [], detect.name)
    }
  })

  it('finds a step in a history with no noise at all', () => {
    const values = Array.from({ length: 40 }, (_, i) => (i < 20 ? 100 : 110))
    const points = detectChangePoints(values)
    assert.equal(points.length, 1)
    assert.deepEqual([points[0]!.from, points[0]!.index, points[0]!.to], [20, 20, 20])
    assert.ok(Math.abs(points[0]!.change - 0.1) < 1e-12)
  })

  it('throws on a value that is not a finite positive number', () => {
    const values = history(50, () => 1, 'bad')
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -1]) {
      const broken = values.slice()
      broken[17] = bad
      assert.throws(() => detectChangePoints(broken), /values\[17\]/)
      assert.throws(() => eDivisive(broken), /values\[17\]/)
    }
    assert.throws(() => detectChangePoints(values, { alpha: 0 }), RangeError)
    assert.throws(() => detectChangePoints(values, { window: 4 }), RangeError)
  })

  it('refuses each setting outside its range with what it must be, and takes each at its edge', () => {
    const values = history(40, () => 1, 'settings')
    const refused: Array<[ChangePointOptions, RegExp]> = [
      [{ alpha: 0 }, /^alpha must be in \(0, 1\), got 0$/],
      [{ alpha: -0.5 }, /^alpha must be in \(0, 1\), got -0\.5$/],
      [{ alpha: 1 }, /^alpha must be in \(0, 1\), got 1$/],
      [{ alpha: Number.NaN }, /^alpha must be in \(0, 1\), got NaN$/],
      [{ minChange: -0.01 }, /^minChange must be at least 0, got -0\.01$/],
      [{ minChange: Number.NaN }, /^minChange must be at least 0, got NaN$/],
      [{ minSegment: 1 }, /^minSegment must be an integer of at least 2, got 1$/],
      [{ minSegment: 2.5 }, /^minSegment must be an integer of at least 2, got 2\.5$/],
      [{ window: 9, minSegment: 5 }, /^window must be an integer of at least 2 × minSegment, got 9$/],
      [{ window: 10.5, minSegment: 5 }, /^window must be an integer of at least 2 × minSegment, got 10\.5$/],
      [{ permutations: 0 }, /^permutations must be a positive integer, got 0$/],
      [{ permutations: 1.5 }, /^permutations must be a positive integer, got 1\.5$/],
      [{ penalty: 0 }, /^penalty must be positive, got 0$/],
      [{ penalty: Number.NaN }, /^penalty must be positive, got NaN$/],
    ]
    for (const [options, message] of refused) {
      assert.throws(
        () => detectChangePoints(values, options),
        (error: Error) => error instanceof RangeError && message.test(error.message),
        JSON.stringify(options),
      )
    }
    // The edges are allowed.
    for (const options of [
      { alpha: 0.999 },
      { minChange: 0 },
      { minSegment: 2, window: 4 },
      { window: 10, minSegment: 5 },
      { permutations: 1 },
      { penalty: 1e-9 },
    ]) {
      assert.ok(Array.isArray(detectChangePoints(values, options)), JSON.stringify(options))
    }
  })

  it('takes a setting given as undefined as its default', () => {
    const values = history(120, (i) => (i < 60 ? 1 : 1.1), 'undefined settings')
    const unset = {
      algorithm: undefined,
      alpha: undefined,
      minChange: undefined,
      window: undefined,
      minSegment: undefined,
      permutations: undefined,
      penalty: undefined,
      seed: undefined,
    }
    const points = detectChangePoints(values, unset)
    assert.equal(points.length, 1, describe1(points))
    assert.deepEqual(points, detectChangePoints(values))
  })
})
