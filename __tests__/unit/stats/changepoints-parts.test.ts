// The parts of change-point detection, each against a direct computation of what it computes, written
// here from the definitions in the comments of src/stats/changepoints.ts: the prepared series (logs,
// centre, noise scale, Hampel clipping), the fit of a level and of a transition, the best transition,
// the energy split, PELT's optimal partition, and the rank statistic with its permutation test.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  bestEnergySplit,
  bestTransition,
  confirm,
  DEFAULT_CHANGE_POINT_OPTIONS,
  eDivisiveSplits,
  evaluate,
  largestZ,
  levelCost,
  midRanks,
  pelt,
  peltBlock,
  peltSplits,
  prepare,
  type Series,
  shiftTest,
  transitionCost,
} from '../../../src/stats/changepoints.ts'
import { SeededRandom } from '../../../src/stats/random.ts'

/** A series over the given y, its prefix sums computed here, one value at a time. */
function seriesOf(y: readonly number[], sigma = 1): Series {
  const n = y.length
  const s1 = new Float64Array(n + 1)
  const s2 = new Float64Array(n + 1)
  const si = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) {
    s1[i + 1] = s1[i]! + y[i]!
    s2[i + 1] = s2[i]! + y[i]! ** 2
    si[i + 1] = si[i]! + i * y[i]!
  }
  return { values: y.map(Math.exp), y: Float64Array.from(y), sigma, s1, s2, si }
}

const mean = (y: readonly number[], lo: number, hi: number) => {
  let sum = 0
  for (let i = lo; i < hi; i++) sum += y[i]!
  return sum / (hi - lo)
}

/** Σ (y − mean)² over y[lo..hi), 0 for an empty range. */
function directLevelCost(y: readonly number[], lo: number, hi: number): number {
  if (hi <= lo) return 0
  const mu = mean(y, lo, hi)
  let cost = 0
  for (let i = lo; i < hi; i++) cost += (y[i]! - mu) ** 2
  return cost
}

/** The squared error of: the mean of y[lo..a), a straight line, the mean of y[b..hi). */
function directTransitionCost(y: readonly number[], lo: number, a: number, b: number, hi: number): number {
  const mu1 = mean(y, lo, a)
  const mu2 = mean(y, b, hi)
  let cost = directLevelCost(y, lo, a) + directLevelCost(y, b, hi)
  // On the line from μ1 at a − 1 to μ2 at b, commit i stands at μ1 + (μ2 − μ1)·(i − a + 1)/(b − a + 1).
  for (let i = a; i < b; i++) cost += (y[i]! - (mu1 + ((mu2 - mu1) * (i - a + 1)) / (b - a + 1))) ** 2
  return cost
}

const close = (actual: number, expected: number, what: string, tolerance = 1e-9) =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)),
    `${what}: ${actual}, expected ${expected}`,
  )

const closeAll = (actual: ArrayLike<number>, expected: readonly number[], what: string, tolerance = 1e-9) => {
  assert.equal(actual.length, expected.length, what)
  for (let i = 0; i < expected.length; i++) close(actual[i]!, expected[i]!, `${what}[${i}]`, tolerance)
}

/** n seeded standard normal values plus the given shape. */
function noisy(n: number, seed: string, shape: (i: number) => number = () => 0): number[] {
  const random = new SeededRandom(seed)
  return Array.from({ length: n }, (_, i) => random.nextGaussian() + shape(i))
}

describe('the prepared series', () => {
  it('takes logs, centres them on their median, and clips a lone value to 3 noise scales', () => {
    // Logs 0 0 0 1 0 0 0 0: the median is 0, the neighbours' absolute differences 0 0 1 1 0 0 0 have
    // median 0, so the noise scale is its floor, 1e-5. The 1 stands above the median of the three
    // before it (0) and of the three after it (0) by more than 3e-5: it is clipped to 3e-5.
    const up = prepare([1, 1, 1, Math.E, 1, 1, 1, 1])
    assert.equal(up.sigma, 1e-5)
    const clip = 3 * 1e-5
    assert.deepEqual([...up.y], [0, 0, 0, clip, 0, 0, 0, 0])
    assert.deepEqual([...up.s1], [0, 0, 0, 0, clip, clip, clip, clip, clip])
    closeAll(
      up.si,
      [0, 0, 0, 0, 3, 3, 3, 3, 3].map((k) => k * clip),
      'si',
      1e-15,
    )
    close(up.s2[8]!, clip * clip, 's2', 1e-15)
    assert.equal(up.s2[3], 0)
    // And a lone value below, alike.
    const down = prepare([1, 1, 1, 1 / Math.E, 1, 1, 1, 1])
    assert.deepEqual([...down.y], [0, 0, 0, -clip, 0, 0, 0, 0])
  })

  it('leaves the values at the edge of a step alone: each agrees with one side', () => {
    // Logs 0 0 0 0 1 1 1 1: centred on 0.5; commit 3 has −0.5 before it and 0.5 after, commit 4 the same.
    const step = prepare([1, 1, 1, 1, Math.E, Math.E, Math.E, Math.E])
    assert.equal(step.sigma, 1e-5)
    assert.deepEqual([...step.y], [-0.5, -0.5, -0.5, -0.5, 0.5, 0.5, 0.5, 0.5])
  })

  it("measures the noise from neighbours' differences, scaled to a normal's standard deviation", () => {
    // 10 20 40 80: the logs differ by ln 2 each, so the noise scale is 1.4826 · ln 2 / √2 = 0.72664…;
    // centred on (ln 20 + ln 40)/2, the logs are −1.5, −0.5, 0.5, 1.5 times ln 2, none beyond 3 scales.
    const doubling = prepare([10, 20, 40, 80])
    close(doubling.sigma, (1.4826 * Math.LN2) / Math.SQRT2, 'sigma', 1e-12)
    const expected = [-1.5, -0.5, 0.5, 1.5].map((k) => k * Math.LN2)
    closeAll(doubling.y, expected, 'y', 1e-12)
    assert.deepEqual(doubling.values, [10, 20, 40, 80])
    // Alternating logs 0 and 0.2: differences all 0.2; the median of six logs is 0.1.
    const alternating = prepare([1, Math.exp(0.2), 1, Math.exp(0.2), 1, Math.exp(0.2)])
    close(alternating.sigma, (1.4826 * 0.2) / Math.SQRT2, 'sigma', 1e-12)
    closeAll(alternating.y, [-0.1, 0.1, -0.1, 0.1, -0.1, 0.1], 'y', 1e-12)
    // Logs 0, 0.1, 0.3, 0.6: differences 0.1, 0.2, 0.3, whose median is 0.2.
    const widening = prepare([1, Math.exp(0.1), Math.exp(0.3), Math.exp(0.6)])
    close(widening.sigma, (1.4826 * 0.2) / Math.SQRT2, 'sigma', 1e-12)
    // One value: no difference to measure, the floor.
    assert.equal(prepare([5]).sigma, 1e-5)
  })

  it('judges a value by the three either side of it, and at the ends by the side there is', () => {
    // Logs 0 0 0 1 0 1 1 1, centred on 0.5 (noise floor: the differences' median is 0). Commit 3 is
    // like the median of the three after it (0 1 1 → 1), though not like the one right after it.
    const mixed = prepare([1, 1, 1, Math.E, 1, Math.E, Math.E, Math.E])
    assert.deepEqual([...mixed.y], [-0.5, -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5])
    // Logs 0 0 0 0 0 0 1 1: commit 6 is like the one after it and stays; the last commit has only
    // the three before it (0 0 1 → 0) and is clipped to 3 noise scales above them.
    const end = prepare([1, 1, 1, 1, 1, 1, Math.E, Math.E])
    assert.deepEqual([...end.y], [0, 0, 0, 0, 0, 0, 1, 3 * 1e-5])
  })

  it('keeps a value that lies between the levels before and after it', () => {
    // Logs 0 0 0 0.5 1 1 1 with a noise floor of 1e-5 (differences 0 0 0.5 0.5 0 0): commit 3 lies
    // between the median before it (0) and after it (1), so it is within both limits and stays 0.5.
    const ramp = prepare([1, 1, 1, Math.exp(0.5), Math.E, Math.E, Math.E])
    assert.equal(ramp.sigma, 1e-5)
    // Centred on the median log, 0.5.
    closeAll(ramp.y, [-0.5, -0.5, -0.5, 0, 0.5, 0.5, 0.5], 'y', 1e-12)
  })
})

describe('the fit of a level and of a transition', () => {
  it('costs a level its squared deviations from its mean, and an empty range nothing', () => {
    const s = seriesOf([1, 2, 3, 4, 10])
    // Mean 2.5: 2.25 + 0.25 + 0.25 + 2.25.
    assert.equal(levelCost(s, 0, 4), 5)
    assert.equal(levelCost(s, 4, 5), 0)
    assert.equal(levelCost(s, 2, 2), 0)
    assert.equal(levelCost(s, 3, 1), 0)
    // Mean 4: 9 + 4 + 1 + 0 + 36.
    assert.equal(levelCost(s, 0, 5), 50)
  })

  it('costs a transition by the line from one level to the other', () => {
    // 0 0 | 3 | 6 6: the line from 0 at commit 1 to 6 at commit 3 passes 3 at commit 2: no error.
    close(transitionCost(seriesOf([0, 0, 3, 6, 6]), 0, 2, 3, 5), 0, '0 0 3 6 6', 1e-12)
    // 0 0 | 0 | 6 6: the line passes 3 where the value is 0.
    close(transitionCost(seriesOf([0, 0, 0, 6, 6]), 0, 2, 3, 5), 9, '0 0 0 6 6', 1e-12)
    // A step is a transition of no commits: 0 0 | 0 6 6 has a second level of mean 4.
    assert.equal(transitionCost(seriesOf([0, 0, 0, 6, 6]), 0, 2, 2, 5), 24)
    assert.equal(transitionCost(seriesOf([0, 0, 0, 6, 6]), 0, 3, 3, 5), 0)
    // 0 0 | 1 2 | 9 9: the line from 0 to 9 over three steps stands at 3 and 6.
    close(transitionCost(seriesOf([0, 0, 1, 2, 9, 9]), 0, 2, 4, 6), 4 + 16, '0 0 1 2 9 9', 1e-12)
  })

  it('agrees with the direct computation on noisy stretches, anywhere in the series', () => {
    const y = noisy(30, 'transitions', (i) => (i < 12 ? 0 : i < 18 ? (i - 11) / 2 : 3.5))
    const s = seriesOf(y)
    for (const [lo, a, b, hi] of [
      [0, 12, 18, 30],
      [0, 2, 2, 30],
      [5, 9, 21, 27],
      [10, 12, 13, 16],
      [3, 5, 25, 28],
      [0, 15, 15, 30],
    ] as const) {
      close(transitionCost(s, lo, a, b, hi), directTransitionCost(y, lo, a, b, hi), `${lo} ${a} ${b} ${hi}`)
      close(levelCost(s, lo, hi), directLevelCost(y, lo, hi), `level ${lo} ${hi}`)
    }
  })

  it('finds the best transition by trying every start and end that leaves two commits a side', () => {
    for (const seed of ['best 1', 'best 2', 'best 3']) {
      const y = noisy(16, seed, (i) => (i < 6 ? 0 : i < 10 ? i - 5 : 4))
      const s = seriesOf(y)
      for (const [lo, hi] of [
        [0, 16],
        [3, 14],
        [0, 6],
      ] as const) {
        let expected: { cost: number; a: number; b: number } = {
          cost: Number.POSITIVE_INFINITY,
          a: lo,
          b: lo,
        }
        for (let a = lo + 2; a <= hi - 2; a++) {
          for (let b = a; b <= hi - 2; b++) {
            const cost = directTransitionCost(y, lo, a, b, hi)
            if (cost < expected.cost - 1e-9) expected = { cost, a, b }
          }
        }
        const got = bestTransition(s, lo, hi)
        assert.deepEqual([got.a, got.b], [expected.a, expected.b], `${seed} ${lo} ${hi}`)
        close(got.cost, expected.cost, `${seed} ${lo} ${hi}`)
      }
    }
    // Too short for two commits a side: no transition, at infinite cost.
    assert.deepEqual(bestTransition(seriesOf([1, 2, 3]), 0, 3), {
      cost: Number.POSITIVE_INFINITY,
      a: 0,
      b: 0,
    })
  })
})

/**
 * The energy statistic of v[lo + tau..lo + kappa) after v[lo..lo + tau), from its definition:
 * n1·n2/(n1 + n2)·(2·mean|x − y| − mean|x − x'| − mean|y − y'|), the means over pairs of distinct
 * elements.
 */
function directEnergy(v: readonly number[], lo: number, tau: number, kappa: number): number {
  const x = v.slice(lo, lo + tau)
  const y = v.slice(lo + tau, lo + kappa)
  const meanDistance = (p: number[], q: number[], distinct: boolean) => {
    let sum = 0
    let count = 0
    for (let i = 0; i < p.length; i++) {
      for (let j = 0; j < q.length; j++) {
        if (distinct && i === j) continue
        sum += Math.abs(p[i]! - q[j]!)
        count++
      }
    }
    return sum / count
  }
  const n1 = x.length
  const n2 = y.length
  return (
    ((n1 * n2) / (n1 + n2)) *
    (2 * meanDistance(x, y, false) - meanDistance(x, x, true) - meanDistance(y, y, true))
  )
}

/** The strongest split of v[lo..hi) by directEnergy over every τ and κ leaving m a side, the first on a tie. */
function directBestSplit(
  v: readonly number[],
  lo: number,
  hi: number,
  m: number,
): { index: number; q: number } {
  let best = { index: -1, q: 0 }
  for (let tau = m; tau <= hi - lo - m; tau++) {
    for (let kappa = tau + m; kappa <= hi - lo; kappa++) {
      const q = directEnergy(v, lo, tau, kappa)
      if (q > best.q) best = { index: lo + tau, q }
    }
  }
  return best
}

/** A Fisher–Yates shuffle of values[lo..hi): the last position first, each swapped with one drawn from those up to it. */
function directShuffle(values: number[], lo: number, hi: number, random: SeededRandom): void {
  for (let i = hi - 1; i > lo; i--) {
    const j = lo + random.nextInt(i - lo + 1)
    ;[values[i], values[j]] = [values[j]!, values[i]!]
  }
}

/** Each value's rank, ties given the mean of the ranks they span. */
const directMidRanks = (y: readonly number[]) =>
  y.map((v) => y.filter((w) => w < v).length + (y.filter((w) => w === v).length + 1) / 2)

/** The largest |W − E[W]|/sd(W) of the rank sum W of the first n1 ranks, over m ≤ n1 ≤ n − m. */
function directRankStatistic(ranks: readonly number[], m: number): number {
  const n = ranks.length
  let largest = 0
  for (let n1 = m; n1 <= n - m; n1++) {
    const w = ranks.slice(0, n1).reduce((sum, v) => sum + v, 0)
    largest = Math.max(largest, Math.abs(w - (n1 * (n + 1)) / 2) / Math.sqrt((n1 * (n - n1) * (n + 1)) / 12))
  }
  return largest
}

describe('the energy split', () => {
  it('splits 0 0 1 1 between the levels, with q = 1 · (2 · 1 − 0 − 0)', () => {
    const v = Float64Array.from([0, 0, 1, 1])
    assert.deepEqual(bestEnergySplit(v, 0, 4, 2, new Float64Array(25)), { index: 2, q: 2 })
    // Too short for two parts of three, and nothing to split in a constant stretch.
    assert.deepEqual(bestEnergySplit(v, 0, 4, 3, new Float64Array(25)), { index: -1, q: 0 })
    assert.deepEqual(bestEnergySplit(Float64Array.from([5, 5, 5, 5, 5]), 0, 5, 2, new Float64Array(36)), {
      index: -1,
      q: 0,
    })
  })

  it('takes the strongest split over every split and every end of the second part', () => {
    for (const [seed, n, lo, hi, m] of [
      ['energy 1', 24, 0, 24, 3],
      ['energy 2', 30, 4, 26, 4],
      ['energy 3', 20, 7, 20, 2],
      ['energy 4', 40, 0, 40, 5],
    ] as const) {
      // A step, and a second step later that a part ending early leaves out.
      const v = noisy(n, seed, (i) => (i < lo + 8 ? 0 : i < lo + 15 ? 2 : -1))
      const expected = directBestSplit(v, lo, hi, m)
      const got = bestEnergySplit(Float64Array.from(v), lo, hi, m, new Float64Array((hi - lo + 1) ** 2))
      assert.equal(got.index, expected.index, seed)
      close(got.q, expected.q, seed)
      // The scratch space is reused between calls: what an earlier call left in it changes nothing.
      const dirty = new Float64Array((hi - lo + 1) ** 2).fill(7)
      assert.deepEqual(
        bestEnergySplit(Float64Array.from(v), lo, hi, m, dirty),
        got,
        `${seed}, reused scratch`,
      )
    }
  })
})

describe("PELT's partition", () => {
  /**
   * The partition of y[0..n) into levels of at least m commits that minimises the sum of level costs
   * (in units of σ²) plus beta per change point, by trying every last split of every prefix.
   */
  function optimalSplits(y: readonly number[], sigma: number, beta: number, m: number): number[] {
    const n = y.length
    const best = Array<number>(n + 1).fill(Number.POSITIVE_INFINITY)
    const previous = Array<number>(n + 1).fill(0)
    best[0] = -beta
    for (let t = m; t <= n; t++) {
      for (let c = 0; c <= t - m; c++) {
        if (c > 0 && c < m) continue
        const value = best[c]! + directLevelCost(y, c, t) / sigma ** 2 + beta
        if (value < best[t]! - 1e-9) {
          best[t] = value
          previous[t] = c
        }
      }
    }
    const splits: number[] = []
    for (let t = previous[n]!; t > 0; t = previous[t]!) splits.push(t)
    return splits.reverse()
  }

  it('finds the optimal partition, levels of at least minSegment, at each penalty', () => {
    const cases: Array<[string, (i: number) => number, number, number]> = [
      ['two steps', (i) => (i < 10 ? 0 : i < 25 ? 4 : 1), 3, 2],
      ['small steps', (i) => (i < 8 ? 0 : i < 14 ? 1.5 : i < 30 ? 0 : 2), 2, 1],
      ['short level', (i) => (i >= 12 && i < 15 ? 5 : 0), 2, 3],
      ['ramp', (i) => Math.min(6, Math.max(0, (i - 10) / 3)), 4, 2],
      ['flat', () => 0, 2, 3],
    ]
    for (const [name, shape, m, penalty] of cases) {
      const y = noisy(36, name, shape)
      const s = seriesOf(y, 1)
      const beta = penalty * Math.log(y.length)
      assert.deepEqual(peltBlock(s, 0, y.length, beta, m), optimalSplits(y, 1, beta, m), name)
      // A block further in the series: its splits are positions in the series.
      const inner = optimalSplits(y.slice(6, 30), 1, beta, m).map((t) => t + 6)
      assert.deepEqual(peltBlock(s, 6, 30, beta, m), inner, `${name}, block 6..30`)
    }
  })

  it('keeps the first level at least minSegment long too', () => {
    // Two commits at 5, then 0: a first level of two is shorter than minSegment 3, so the best
    // partition has none there; three commits at 5 are a level of their own.
    const beta = 2 * Math.log(36)
    const two = [5, 5, ...Array<number>(34).fill(0)]
    assert.deepEqual(peltBlock(seriesOf(two, 1), 0, 36, beta, 3), optimalSplits(two, 1, beta, 3))
    assert.ok(!peltBlock(seriesOf(two, 1), 0, 36, beta, 3).includes(2))
    const three = [5, 5, 5, ...Array<number>(33).fill(0)]
    assert.deepEqual(peltBlock(seriesOf(three, 1), 0, 36, beta, 3), [3])
  })

  it('measures the fit in units of the noise variance', () => {
    // 15 commits at 0 and 15 at 1: one level costs 30 · 0.5² = 7.5, two cost 0. In units of σ² that
    // gain is 0.47 at σ = 4 and 120 at σ = 0.25, against a penalty of 3 ln 30 = 10.2.
    const y = Array.from({ length: 30 }, (_, i) => (i < 15 ? 0 : 1))
    const beta = 3 * Math.log(30)
    assert.deepEqual(peltBlock(seriesOf(y, 4), 0, 30, beta, 3), [])
    assert.deepEqual(peltBlock(seriesOf(y, 0.25), 0, 30, beta, 3), [15])
    assert.deepEqual(optimalSplits(y, 4, beta, 3), [])
    assert.deepEqual(optimalSplits(y, 0.25, beta, 3), [15])
  })
})

describe('the rank statistic and its permutation test', () => {
  it('gives tied values the mean of the ranks they span', () => {
    assert.deepEqual([...midRanks(Float64Array.from([3, 1, 3, 2]))], [3.5, 1, 3.5, 2])
    assert.deepEqual([...midRanks(Float64Array.from([5, 5, 5]))], [2, 2, 2])
    assert.deepEqual([...midRanks(Float64Array.from([2, 1]))], [2, 1])
    assert.deepEqual([...midRanks(Float64Array.from([0.5, 0.5, 0.1, 0.9, 0.1]))], [3.5, 3.5, 1.5, 5, 1.5])
    assert.deepEqual([...midRanks(new Float64Array(0))], [])
  })

  it('takes the largest standardised rank sum over the splits that leave m values a side', () => {
    const sdOf = (length: number, m: number) => {
      const sd = new Float64Array(length)
      for (let n1 = m; n1 <= length - m; n1++) sd[n1] = Math.sqrt((n1 * (length - n1) * (length + 1)) / 12)
      return sd
    }
    // Ranks 1 2 3 4, m = 2: the one split has W = 3 against E[W] = 5 and sd √(2·2·5/12): 2/√(5/3).
    close(largestZ(Float64Array.from([1, 2, 3, 4]), sdOf(4, 2), 2), 2 / Math.sqrt(5 / 3), 'm = 2', 1e-15)
    // m = 1 adds the splits after 1 and after 3: |1 − 2.5|/√1.25 = 1.34…, smaller.
    close(largestZ(Float64Array.from([1, 2, 3, 4]), sdOf(4, 1), 1), 2 / Math.sqrt(5 / 3), 'm = 1', 1e-15)
    // Ranks 2 1 4 3 5 6, m = 1: W after 5 = 15 against 17.5, sd √(5·1·7/12) → 1.4639…; after 2,
    // W = 3 against 7, sd √(2·4·7/12) = √(14/3) → 1.8516…, the largest.
    close(largestZ(Float64Array.from([2, 1, 4, 3, 5, 6]), sdOf(6, 1), 1), 4 / Math.sqrt(14 / 3), 'six', 1e-15)
    // The last split a side of m = 3 can see is after 3: W = 7 against 10.5, sd √(3·3·7/12).
    close(
      largestZ(Float64Array.from([2, 1, 4, 3, 5, 6]), sdOf(6, 3), 3),
      3.5 / Math.sqrt(21 / 4),
      'm = 3',
      1e-15,
    )
    // Nothing shifted: every rank sum is what it is expected to be.
    assert.equal(largestZ(Float64Array.from([1, 4, 2, 3]), sdOf(4, 2), 2), 0)
  })

  /** P(largest z ≥ the observed one) over every ordering of the ranks of y, by enumeration. */
  function exactPValue(y: readonly number[], m: number): number {
    const n = y.length
    const ranks = directMidRanks(y)
    const statistic = (r: readonly number[]) => directRankStatistic(r, m)
    const observed = statistic(ranks)
    let count = 0
    let total = 0
    // Every ordering, each once: Heap's algorithm, one swap from the last ordering to the next.
    const order = [...ranks]
    const visit = () => {
      total++
      if (statistic(order) >= observed * (1 - 1e-12)) count++
    }
    const c = Array<number>(n).fill(0)
    visit()
    for (let i = 1; i < n; ) {
      if (c[i]! < i) {
        const j = i % 2 === 0 ? 0 : c[i]!
        ;[order[j], order[i]] = [order[i]!, order[j]!]
        visit()
        c[i]!++
        i = 1
      } else {
        c[i] = 0
        i++
      }
    }
    assert.equal(
      total,
      [...Array(n).keys()].reduce((f, k) => f * (k + 1), 1),
      'n! orderings',
    )
    return count / total
  }

  it("estimates the permutation p-value as (exceed + 1)/(shuffles + 1), within the binomial's spread", () => {
    const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, minSegment: 2, alpha: 0.5, permutations: 1999 }
    for (const y of [
      [1, 2, 3, 4, 5, 6, 7, 8],
      [3, 1, 2, 6, 4, 8, 5, 7],
      [1, 3, 2, 8, 7, 6, 5, 4],
    ]) {
      const exact = exactPValue(y, 2)
      // With α = 0.5 the run stops only once 1,000 shuffles reached the statistic; either way the
      // estimate (exceed + 1)/(shuffles + 1) is within 4 sd of the exact p.
      const p = shiftTest(Float64Array.from(y), 0, 8, settings, new SeededRandom(`shift ${y}`))
      const sd = Math.sqrt((exact * (1 - exact)) / 1999)
      assert.ok(Math.abs(p - exact) <= 4 * sd + 1 / 2000, `${y}: p ${p}, exact ${exact}`)
    }
    assert.ok(exactPValue([1, 2, 3, 4, 5, 6, 7, 8], 2) < 0.05)
  })

  it('draws its shuffles and stops as Besag and Clifford: at the (⌊α·(shuffles + 1) − 1⌋ + 1)-th as strong', () => {
    // The procedure written out: midranks of the stretch, the largest |W − E[W]|/sd over the splits
    // leaving m a side, Fisher–Yates shuffles of the ranks from the seeded generator (the last position
    // first, each swapped with one drawn from those up to it), counting shuffles at least as strong;
    // once more are as strong than α allows, p = (as strong + 1)/(shuffles so far + 1).
    const direct = (y: readonly number[], m: number, alpha: number, permutations: number, seed: string) => {
      const ranks = directMidRanks(y)
      const statistic = (r: readonly number[]) => directRankStatistic(r, m)
      const observed = statistic(ranks)
      if (observed === 0) return 1
      const random = new SeededRandom(seed)
      let exceed = 0
      for (let r = 1; r <= permutations; r++) {
        directShuffle(ranks, 0, ranks.length, random)
        if (statistic(ranks) >= observed * (1 - 1e-12)) {
          exceed++
          if (exceed > alpha * (permutations + 1) - 1) return (exceed + 1) / (r + 1)
        }
      }
      return (exceed + 1) / (permutations + 1)
    }
    const flat = [3, 1, 4, 1.5, 5, 9, 2, 6, 5.5, 3.5, 8, 9.7]
    const shifted = [1, 3, 2, 2, 5, 4, 9, 8, 8, 7, 10, 12]
    for (const y of [flat, shifted]) {
      for (const [m, alpha, permutations] of [
        [2, 0.001, 1999],
        [3, 0.05, 199],
        [2, 0.2, 99],
        [4, 0.5, 9],
      ] as const) {
        const seed = `stop ${y[0]} ${m} ${alpha}`
        const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, minSegment: m, alpha, permutations }
        const got = shiftTest(Float64Array.from(y), 0, y.length, settings, new SeededRandom(seed))
        close(got, direct(y, m, alpha, permutations, seed), `${y} m ${m} α ${alpha}`, 1e-15)
      }
    }
  })

  it('stops shuffling once the level is out of reach, and says p = 1 for too short or unshifted stretches', () => {
    // α = 0.001 of 1,999 shuffles allows one as strong as the real series; a flat stretch gets two
    // within a few shuffles and stops: p = 3/(r + 1) for the r shuffles it took, far above α.
    const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, minSegment: 2 }
    const flat = Float64Array.from([3, 1, 4, 1.5, 5, 9, 2, 6, 5.5, 3.5, 8, 9.7])
    const p = shiftTest(flat, 0, 12, settings, new SeededRandom('flat'))
    assert.ok(p > 0.05, `p ${p}`)
    const shuffles = 3 / p - 1
    assert.ok(Math.abs(shuffles - Math.round(shuffles)) < 1e-9 && shuffles >= 2, `3/p − 1 = ${shuffles}`)
    // Shorter than two sides of minSegment.
    assert.equal(shiftTest(flat, 0, 3, settings, new SeededRandom('short')), 1)
    // Every rank sum as expected (largest z = 0): no shift at all.
    assert.equal(shiftTest(Float64Array.from([1, 4, 2, 3]), 0, 4, settings, new SeededRandom('none')), 1)
    // A stretch inside the series is ranked on its own: 9 9 | 1 2 3 4 | 9 9 has a perfect split of
    // 1 2 | 3 4 only when read from 2 to 6; there 8 of the 24 orders of four ranks are as extreme
    // (1 2 or 3 4 first, either way round): p = 1/3.
    const inner = Float64Array.from([9, 9, 1, 2, 3, 4, 9, 9])
    const whole = shiftTest(
      inner,
      2,
      6,
      { ...settings, alpha: 0.5, permutations: 999 },
      new SeededRandom('in'),
    )
    close(whole, exactPValue([1, 2, 3, 4], 2), 'inner', 0.1)
  })
})

/** The median of values[lo..hi), sorted here. */
function directMedian(values: readonly number[], lo: number, hi: number): number {
  const part = values.slice(lo, hi).sort((a, b) => a - b)
  const k = part.length >> 1
  return part.length % 2 === 1 ? part[k]! : (part[k - 1]! + part[k]!) / 2
}

describe('where a shift is and how large', () => {
  /**
   * From the definition: the best step; the best transition; a step unless the transition fits
   * better by more than the margin 2σ²·ln 20; the range every step (or every transition) within the
   * margin of the best; the medians of the values before the range and from its end on.
   */
  function directEvaluate(y: readonly number[], sigma: number, lo: number, hi: number) {
    const margin = 2 * sigma * sigma * Math.log(20)
    const steps: Array<[number, number]> = []
    const transitions: Array<[number, number, number]> = []
    for (let a = lo + 2; a <= hi - 2; a++) {
      steps.push([a, directTransitionCost(y, lo, a, a, hi)])
      for (let b = a; b <= hi - 2; b++) transitions.push([a, b, directTransitionCost(y, lo, a, b, hi)])
    }
    const [index, stepCost] = steps.reduce((best, step) => (step[1] < best[1] ? step : best))
    const gradual = Math.min(...transitions.map((t) => t[2]))
    const within =
      stepCost - gradual > margin
        ? transitions.filter((t) => t[2] <= gradual + margin).map((t) => [t[0], t[1]])
        : steps.filter((t) => t[1] <= stepCost + margin).map((t) => [t[0], t[0]])
    const from = Math.min(index, ...within.map((t) => t[0]!))
    const to = Math.max(index, ...within.map((t) => t[1]!))
    const values = y.map(Math.exp)
    return { index, from, to, before: directMedian(values, lo, from), after: directMedian(values, to, hi) }
  }

  const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, minSegment: 3, permutations: 99 }
  for (const [name, sigma, shape] of [
    ['a step', 0.3, (i: number) => (i < 14 ? 0 : 1)],
    ['a small step', 0.3, (i: number) => (i < 11 ? 0 : 0.35)],
    ['a ramp', 0.1, (i: number) => Math.min(1, Math.max(0, (i - 8) / 10))],
    ['a step down', 0.5, (i: number) => (i < 17 ? 0 : -0.9)],
  ] as const) {
    it(`locates ${name} within the margin, in the whole series and in a stretch of it`, () => {
      // The shape under normal noise of sd σ, the noise scale the series says it has.
      const y = noisy(28, name).map((v, i) => sigma * v + shape(i))
      const s = seriesOf(y, sigma)
      for (const [lo, hi] of [
        [0, 28],
        [4, 25],
      ] as const) {
        const got = evaluate(s, lo, hi, settings)
        const expected = directEvaluate(y, sigma, lo, hi)
        assert.deepEqual(
          [got.lo, got.hi, got.index, got.from, got.to],
          [lo, hi, expected.index, expected.from, expected.to],
        )
        close(got.before, expected.before, 'before', 1e-12)
        close(got.after, expected.after, 'after', 1e-12)
        close(got.change, expected.after / expected.before - 1, 'change', 1e-12)
        assert.ok(got.pValue > 0 && got.pValue <= 1)
      }
    })
  }
})

/** Values at `levels[k]` from `starts[k]` on, for a history of n commits. */
function levels(n: number, starts: readonly number[], values: readonly number[]): number[] {
  return Array.from({ length: n }, (_, i) => values[starts.filter((s) => s <= i).length - 1]!)
}

describe('proposals confirmed, joined and sized', () => {
  const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, minSegment: 5 }
  const points = (values: number[], splits: number[], options = {}) =>
    confirm(prepare(values), splits, { ...settings, ...options }).map((p) => [
      p.index,
      p.from,
      p.to,
      p.before,
      p.after,
    ])

  it('takes the splits in order, and of two closer than minSegment the first', () => {
    const values = levels(40, [0, 10, 30], [100, 110, 100])
    assert.deepEqual(points(values, [30, 10, 12]), [
      [10, 10, 10, 100, 110],
      [30, 30, 30, 110, 100],
    ])
  })

  it('keeps levels of exactly minSegment commits, at the start, between splits and at the end', () => {
    // 100 for 10 commits, 110 for 5, 121 for 25: the second level is 5 long. The rank test of the
    // first split sees 10 and 5 values, perfectly apart: p ≈ 2/C(15, 5) = 0.0007, within α = 1%.
    assert.deepEqual(points(levels(40, [0, 10, 15], [100, 110, 121]), [10, 15], { alpha: 0.01 }), [
      [10, 10, 10, 100, 110],
      [15, 15, 15, 110, 121],
    ])
    // The last 5 commits may be a level; the last 4 may not.
    assert.deepEqual(points(levels(40, [0, 35], [100, 120]), [35]), [[35, 35, 35, 100, 120]])
    assert.deepEqual(points(levels(40, [0, 36], [100, 120]), [36]), [])
  })

  it('drops a split with no shift, wherever it is, and measures its neighbour anew', () => {
    // Nothing moves at commit 5 (p = 1), even with no smallest change required.
    assert.deepEqual(points(levels(40, [0, 30], [100, 110]), [5, 30], { minChange: 0 }), [
      [30, 30, 30, 100, 110],
    ])
    // Nothing moves at commit 30 either, where it is the last of two.
    assert.deepEqual(points(levels(40, [0, 10], [100, 110]), [10, 30], { minChange: 0 }), [
      [10, 10, 10, 100, 110],
    ])
  })

  it('drops the smallest change below minChange, and measures its neighbour anew', () => {
    // +10% at commit 10 and +1% at 20: the 1% goes, and the first change's level after is then the
    // median of ten 1100s and ten 1111s.
    const values = levels(30, [0, 10, 20], [1000, 1100, 1111])
    const [point, ...rest] = confirm(prepare(values), [10, 20], settings)
    assert.deepEqual(rest, [])
    assert.deepEqual(
      [point!.index, point!.from, point!.to, point!.before, point!.after],
      [10, 10, 10, 1000, 1105.5],
    )
    close(point!.change, 0.1055, 'change', 1e-12)
  })
})

describe('proposals', () => {
  it('e-divisive finds each step once, in order, from the windows that see it', () => {
    // Windows of 20 every 10 commits: [0, 20) and [10, 30) see the step at 15, [30, 50) the one at 40.
    const y = prepare(levels(60, [0, 15, 40], [100, 110, 100])).y
    const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, window: 20, minSegment: 4 }
    assert.deepEqual(eDivisiveSplits(y, settings), [15, 40])
    // Two steps in one window, and one seen by no later window but the last.
    const two = prepare(levels(50, [0, 6, 14, 44], [100, 120, 100, 120])).y
    assert.deepEqual(eDivisiveSplits(two, settings), [6, 14, 44])
  })

  it('e-divisive is the windowed procedure written out: split while the permutation test allows, join repeats', () => {
    // Windows of `window` commits every half window; in each, the strongest energy split of any part
    // found so far, kept while at most 10·α·200 − 1 of 199 shuffles (each part shuffled on its own,
    // a seeded generator per window) are as strong; splits from overlapping windows closer than
    // minSegment are one, the stronger kept.
    const direct = (y: readonly number[], window: number, m: number, alpha: number, seed: string) => {
      const best = (v: readonly number[], lo: number, hi: number) => directBestSplit(v, lo, hi, m)
      const found: Array<{ index: number; q: number }> = []
      for (let start = 0; start + 2 * m <= y.length; start += Math.floor(window / 2)) {
        const end = Math.min(y.length, start + window)
        const random = new SeededRandom(`${seed}:e-divisive:${start}`)
        const v = y.slice(start, end)
        const cuts: Array<{ index: number; q: number }> = []
        for (;;) {
          const bounds = [0, ...cuts.map((c) => c.index).sort((p, q) => p - q), v.length]
          const parts = bounds.slice(1).map((hi, k) => [bounds[k]!, hi] as const)
          const strongest = parts.map(([lo, hi]) => best(v, lo, hi)).reduce((p, q) => (q.q > p.q ? q : p))
          if (strongest.index < 0) break
          const allowed = Math.min(0.5, 10 * alpha) * 200 - 1
          const shuffled = v.slice()
          let exceed = 0
          for (let r = 0; r < 199 && exceed <= allowed; r++) {
            let q = 0
            for (const [lo, hi] of parts) {
              directShuffle(shuffled, lo, hi, random)
              q = Math.max(q, best(shuffled, lo, hi).q)
            }
            if (q >= strongest.q) exceed++
          }
          if (exceed > allowed) break
          cuts.push(strongest)
        }
        found.push(...cuts.map((c) => ({ index: start + c.index, q: c.q })))
        if (end === y.length) break
      }
      const kept: Array<{ index: number; q: number }> = []
      for (const split of found.sort((p, q) => p.index - q.index)) {
        const last = kept[kept.length - 1]
        if (last && split.index - last.index < m) {
          if (split.q > last.q) kept[kept.length - 1] = split
        } else kept.push(split)
      }
      return kept.map((split) => split.index)
    }
    for (const [name, n, window, m, alpha, shape] of [
      ['two steps', 44, 16, 4, 0.01, (i: number) => (i < 13 ? 0 : i < 30 ? 2.5 : 0.5)],
      ['steps close together', 40, 16, 3, 0.02, (i: number) => (i < 9 ? 0 : i < 14 ? 3 : i < 26 ? 0.5 : -2)],
      ['a ramp', 36, 12, 3, 0.005, (i: number) => Math.min(3, Math.max(0, (i - 10) / 4))],
      ['noise', 30, 10, 3, 0.05, () => 0],
    ] as const) {
      const y = noisy(n, name, shape)
      const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, window, minSegment: m, alpha, seed: name }
      assert.deepEqual(
        eDivisiveSplits(Float64Array.from(y), settings),
        direct(y, window, m, alpha, name),
        name,
      )
    }
  })

  it('e-divisive reads the last window of exactly two levels, and keeps steps exactly minSegment apart', () => {
    // Windows of 8 every 4 commits: only the last, [16, 24), sees the step at 20 with 4 commits a side.
    // Its candidate test runs at 10 × α = 10%: of the C(8, 4) = 70 ways to order two groups of four,
    // 2 are as extreme (p = 0.029), so it passes at α = 1% and not at α = 0.1% (10 × α = 1%).
    const last = prepare(levels(24, [0, 20], [100, 110])).y
    const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, window: 8, minSegment: 4 }
    assert.deepEqual(eDivisiveSplits(last, { ...settings, alpha: 0.01 }), [20])
    assert.deepEqual(eDivisiveSplits(last, { ...settings, alpha: 0.001 }), [])
    // A level of exactly 4 commits is a level: its two steps are not one shift found twice.
    const short = prepare(levels(40, [0, 10, 14], [100, 120, 100])).y
    assert.deepEqual(eDivisiveSplits(short, { ...settings, window: 20 }), [10, 14])
  })

  it('PELT on a long history keeps each split from the block that sees it away from its cut ends', () => {
    // Window 5: blocks of 100 commits every 90, [0, 100), [90, 190), [180, 250), keeping splits in
    // [0, 95), [95, 185) and [185, 250). Steps at 4 (the first block's start), 93 and 186 (just
    // either side of where a block's share ends) and 246 (the history's last 4 commits).
    const values = levels(250, [0, 4, 30, 93, 120, 186, 246], [100, 110, 100, 110, 100, 110, 100])
    const settings = { ...DEFAULT_CHANGE_POINT_OPTIONS, window: 5, minSegment: 2 }
    assert.deepEqual(peltSplits(prepare(values), settings), [4, 30, 93, 120, 186, 246])
    // Steps exactly where one block's share ends and the next one's begins (95 and 185), seen by both
    // blocks and kept once.
    const edges = levels(250, [0, 10, 95, 120, 185, 220], [100, 110, 100, 110, 100, 110])
    assert.deepEqual(peltSplits(prepare(edges), settings), [10, 95, 120, 185, 220])
    // Each stretch holds its step between 4 and 5 commits a side; as rank tests of two such groups,
    // p is 2/C(10, 5) = 0.008 or 2/C(9, 4) = 0.016, within α = 5%.
    assert.deepEqual(
      pelt(values, { window: 5, minSegment: 2, alpha: 0.05 }).map((p) => p.index),
      [4, 30, 93, 120, 186, 246],
    )
  })
})
