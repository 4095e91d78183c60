// Gamma and beta deviates of the seeded generator: the bootstrap draws a large sample's resampled
// median as a Beta order statistic, so these must follow their distributions, not just look random.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { SeededRandom } from '../../../src/stats/random.ts'

/**
 * Draws n values and checks that their mean and variance lie within 6 standard errors of the
 * distribution's. The standard error of the sample variance is σ²·√((κ + 2) / n), κ the excess kurtosis.
 */
function assertMoments(
  draw: () => number,
  n: number,
  expected: { mean: number; variance: number; excessKurtosis: number },
): number[] {
  const values = Array.from({ length: n }, draw)
  const mean = values.reduce((sum, x) => sum + x, 0) / n
  const variance = values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1)
  const meanTolerance = 6 * Math.sqrt(expected.variance / n)
  const varianceTolerance = 6 * expected.variance * Math.sqrt((expected.excessKurtosis + 2) / n)
  assert.ok(
    Math.abs(mean - expected.mean) < meanTolerance,
    `mean ${mean}, expected ${expected.mean} ± ${meanTolerance}`,
  )
  assert.ok(
    Math.abs(variance - expected.variance) < varianceTolerance,
    `variance ${variance}, expected ${expected.variance} ± ${varianceTolerance}`,
  )
  return values
}

/** Gamma(k, 1): mean k, variance k, excess kurtosis 6 / k. */
function gammaMoments(k: number) {
  return { mean: k, variance: k, excessKurtosis: 6 / k }
}

/** Beta(a, b): mean a / (a + b), variance ab / ((a + b)²(a + b + 1)), and its excess kurtosis. */
function betaMoments(a: number, b: number) {
  const s = a + b
  return {
    mean: a / s,
    variance: (a * b) / (s * s * (s + 1)),
    excessKurtosis: (6 * ((a - b) ** 2 * (s + 1) - a * b * (s + 2))) / (a * b * (s + 2) * (s + 3)),
  }
}

describe('SeededRandom gamma and beta deviates', () => {
  test('gamma with shape 1 is the exponential distribution: mean 1, variance 1, tail e^−x', () => {
    const random = new SeededRandom('gamma 1')
    const n = 100_000
    const values = assertMoments(() => random.nextGamma(1), n, gammaMoments(1))
    assert.ok(values.every((x) => x > 0 && Number.isFinite(x)))
    for (const x of [0.5, 1, 3]) {
      const expected = Math.exp(-x)
      const observed = values.filter((v) => v > x).length / n
      const tolerance = 6 * Math.sqrt((expected * (1 - expected)) / n)
      assert.ok(Math.abs(observed - expected) < tolerance, `P(X > ${x}) = ${observed}, expected ${expected}`)
    }
  })

  test('gamma with shape 2 has mean 2, variance 2 and the tail (1 + x)·e^−x', () => {
    const random = new SeededRandom('gamma 2')
    const n = 100_000
    const values = assertMoments(() => random.nextGamma(2), n, gammaMoments(2))
    for (const x of [1, 2, 5]) {
      const expected = (1 + x) * Math.exp(-x)
      const observed = values.filter((v) => v > x).length / n
      const tolerance = 6 * Math.sqrt((expected * (1 - expected)) / n)
      assert.ok(Math.abs(observed - expected) < tolerance, `P(X > ${x}) = ${observed}, expected ${expected}`)
    }
  })

  test('gamma with a fractional and a large shape has mean and variance equal to the shape', () => {
    const random = new SeededRandom('gamma shapes')
    assertMoments(() => random.nextGamma(3.7), 50_000, gammaMoments(3.7))
    assertMoments(() => random.nextGamma(500), 50_000, gammaMoments(500))
  })

  test('gamma refuses a shape below 1 and a shape that is not a number', () => {
    const random = new SeededRandom('gamma refuses')
    assert.throws(() => random.nextGamma(0.5), {
      name: 'RangeError',
      message: 'gamma shape must be at least 1, got 0.5',
    })
    assert.throws(() => random.nextGamma(0), { name: 'RangeError', message: /got 0$/ })
    assert.throws(() => random.nextGamma(Number.NaN), {
      name: 'RangeError',
      message: 'gamma shape must be at least 1, got NaN',
    })
    assert.throws(() => random.nextBeta(2, 0.5), RangeError, 'beta refuses through its gamma draws')
  })

  test('beta(1, 1) is uniform on (0, 1): mean 1/2, variance 1/12', () => {
    const random = new SeededRandom('beta 1 1')
    const values = assertMoments(() => random.nextBeta(1, 1), 100_000, betaMoments(1, 1))
    assert.ok(values.every((x) => x > 0 && x < 1))
    const belowQuarter = values.filter((x) => x < 0.25).length / values.length
    assert.ok(Math.abs(belowQuarter - 0.25) < 6 * Math.sqrt((0.25 * 0.75) / values.length))
  })

  test('beta(2, 5) has mean 2/7 and variance 10/392', () => {
    const random = new SeededRandom('beta 2 5')
    const expected = betaMoments(2, 5)
    assert.equal(expected.mean, 2 / 7)
    assert.equal(expected.variance, 10 / (49 * 8))
    assertMoments(() => random.nextBeta(2, 5), 100_000, expected)
  })

  test('the middle order statistic of 2049 uniforms, Beta(1025, 1025), centres on 1/2 with variance 1/(4·2051)', () => {
    const random = new SeededRandom('beta order statistic')
    const expected = betaMoments(1025, 1025)
    assert.ok(Math.abs(expected.variance - 1 / (4 * 2051)) < 1e-18)
    assertMoments(() => random.nextBeta(1025, 1025), 50_000, expected)
  })

  test('the same seed gives the same gamma and beta deviates', () => {
    const draw = (seed: string) => {
      const random = new SeededRandom(seed)
      return [random.nextGamma(1.5), random.nextGamma(7), random.nextBeta(3, 4)]
    }
    assert.deepEqual(draw('same'), draw('same'))
    assert.notDeepEqual(draw('same'), draw('other'))
  })
})
