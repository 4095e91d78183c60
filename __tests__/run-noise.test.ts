// Run-to-run noise from stored runs, and how it tempers verdicts of sampled metrics.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { compareResults } from '../src/compare.ts'
import type { BenchmarkResult, ResultSet } from '../src/results.ts'
import {
  decideAcrossMoments,
  noiseBound,
  runToRunNoise,
  SeededRandom,
  UNKNOWN_NOISE_BOUND,
  withinRunNoise,
} from '../src/stats/index.ts'

test('the noise is the widest ratio between stored medians, once there are three', () => {
  assert.equal(runToRunNoise([10, 11]), undefined)
  const noise = runToRunNoise([10, 12, 11])!
  assert.equal(noise.runs, 3)
  assert.equal(noise.maxRatio, 1.2)
  assert.equal(withinRunNoise(1.15, noise), true)
  assert.equal(withinRunNoise(1 / 1.15, noise), true, 'an improvement is measured the same way')
  assert.equal(withinRunNoise(1.25, noise), false)
  assert.equal(runToRunNoise([0, 0, 1]), undefined, 'zero medians say nothing about relative noise')
})

/** A run of one benchmark whose wall samples sit around `level` with 1% jitter. */
function run(level: number, seed: string, branch = 'main'): ResultSet {
  const random = new SeededRandom(seed)
  const samples = Array.from({ length: 20 }, () => level * (1 + 0.01 * (random.nextFloat() - 0.5)))
  const benchmark: BenchmarkResult = {
    id: 'b',
    name: 'b',
    kind: 'process',
    parameters: {},
    status: 'ok',
    metrics: { wall: { unit: 'ns', direction: 'lower', samples } },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
  }
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 's',
    commit: { branch },
    createdAt: '2026-11-21T00:00:00.000Z',
    environment: { os: 'l', arch: 'x', cpuModel: 'c', cpuCount: 2, kernel: 'k', node: 'v', tools: {} },
    benchmarks: [benchmark],
  }
}

test('a significant change no larger than earlier runs differed is unclear, not a regression', () => {
  const base = run(100, 'base')
  const head = run(110, 'head')
  const withoutHistory = compareResults(head, { baseline: { results: base, source: 'x', reason: 'r' } })
  assert.equal(
    withoutHistory.benchmarks[0]!.verdict,
    'regression',
    'a 10% shift with 1% jitter is significant',
  )

  // Earlier runs of the same code swung by 15%: a 10% change is within that.
  const history = [base, run(115, 'h1'), run(104, 'h2')]
  const tempered = compareResults(head, {
    baseline: { results: base, source: 'x', reason: 'r' },
    history: { branch: 'main', results: history },
  })
  const m = tempered.benchmarks[0]!.metrics.find((x) => x.metric === 'wall')!
  assert.equal(m.verdict, 'unclear')
  assert.match(
    m.notes.join('\n'),
    /within run-to-run noise: medians of the last 3 stored runs differ by up to \+1[45]\.\d%/,
  )
  assert.equal(tempered.verdict, 'pass')
  assert.equal(tempered.history?.runs, 3)

  // A 40% change stands out from the same history.
  const slow = compareResults(run(140, 'slow'), {
    baseline: { results: base, source: 'x', reason: 'r' },
    history: { branch: 'main', results: history },
  })
  assert.equal(slow.benchmarks[0]!.verdict, 'regression')
  assert.match(slow.benchmarks[0]!.metrics[0]!.notes.join('\n'), /beyond run-to-run noise/)
})

test('a change is within the noise up to and including the widest stored ratio, on either side', () => {
  const noise = runToRunNoise([10, 12, 11])!
  assert.equal(withinRunNoise(1.2, noise), true, 'a change exactly as wide as the stored runs differed')
  assert.equal(withinRunNoise(1.2000001, noise), false)
  assert.equal(withinRunNoise(1, noise), true)
  assert.equal(withinRunNoise(1 / 1.2, noise), true, 'an improvement as wide as the stored runs differed')
  assert.equal(withinRunNoise(0.8, noise), false, 'a 20% drop is a ratio of 1.25 the other way')
})

test('a ratio that is not a positive finite number is never within the noise, however wide the noise', () => {
  const noise = runToRunNoise([10, 12, 11])!
  const unbounded = { runs: 3, maxRatio: Number.POSITIVE_INFINITY }
  for (const ratio of [0, -0.9, -1.1, -5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
    assert.equal(withinRunNoise(ratio, noise), false, `ratio ${ratio}`)
    assert.equal(withinRunNoise(ratio, unbounded), false, `ratio ${ratio} against unbounded noise`)
  }
})

describe('noiseBound', () => {
  const close = (actual: number, expected: number) =>
    assert.ok(Math.abs(actual - expected) < 1e-12, `${actual}, expected ${expected}`)

  test('fewer than 3 runs know no noise: the gross +25% bound, or their own swing when wider', () => {
    assert.equal(noiseBound({ runs: 2, maxRatio: 1.1 }), UNKNOWN_NOISE_BOUND)
    assert.equal(noiseBound({ runs: 0, maxRatio: 1 }), UNKNOWN_NOISE_BOUND)
    assert.equal(noiseBound({ runs: 1, maxRatio: 1.6 }), 1.6)
  })

  test('widens the widest stored ratio r to r^k, k shrinking from 4.2 at 3 runs to 1.15 beyond 10', () => {
    const factors: [number, number][] = [
      [3, 4.2],
      [4, 2.4],
      [5, 1.8],
      [6, 1.55],
      [7, 1.4],
      [8, 1.3],
      [9, 1.2],
      [10, 1.17],
      [11, 1.15],
      [50, 1.15],
    ]
    for (const [runs, k] of factors) close(noiseBound({ runs, maxRatio: 1.02 }), 1.02 ** k)
    // 1.02^4.2 by hand: e^(4.2 · 0.0198026) = e^0.0831711 = 1.086728.
    assert.equal(noiseBound({ runs: 3, maxRatio: 1.02 }).toFixed(6), '1.086728')
  })

  test('is capped at UNKNOWN_NOISE_BOUND, so history only sharpens the bound of no history', () => {
    // 1.1^4.2 = 1.49, wider than the bound without history.
    assert.equal(noiseBound({ runs: 3, maxRatio: 1.1 }), UNKNOWN_NOISE_BOUND)
    assert.equal(UNKNOWN_NOISE_BOUND, 1.25)
    close(noiseBound({ runs: 20, maxRatio: 1.2 }), 1.2 ** 1.15)
    assert.ok(noiseBound({ runs: 20, maxRatio: 1.2 }) < 1.25)
  })

  test('is the stored runs’ own ratio when they swung further than the cap', () => {
    assert.equal(noiseBound({ runs: 3, maxRatio: 1.4 }), 1.4)
    assert.equal(noiseBound({ runs: 30, maxRatio: 1.25 }), 1.25)
    assert.equal(noiseBound({ runs: 30, maxRatio: 2 }), 2)
  })

  test('is 1 for stored runs whose medians were identical', () => {
    assert.equal(noiseBound({ runs: 5, maxRatio: 1 }), 1)
  })
})

describe('decideAcrossMoments without known noise', () => {
  test('a slowdown stands as a regression only when the whole interval lies above +25%', () => {
    assert.deepEqual(decideAcrossMoments('regression', [1.3, 1.4], 'lower', undefined, 1), {
      verdict: 'regression',
      note: 'unknown run-to-run noise (1 stored run): a regression needs the whole interval beyond +25.0%; the interval is +30.0% to +40.0%',
    })
    assert.deepEqual(decideAcrossMoments('regression', [1.2, 1.4], 'lower', undefined, 2), {
      verdict: 'unclear',
      note: 'unknown run-to-run noise (2 stored runs): a regression needs the whole interval beyond +25.0%; the interval is +20.0% to +40.0%, which a change of the machine between the runs could explain',
    })
  })

  test('an interval starting exactly at the bound is not beyond it', () => {
    const d = decideAcrossMoments('regression', [1.25, 1.5], 'lower', undefined, 2)
    assert.equal(d.verdict, 'unclear')
    assert.match(d.note, /the interval is \+25\.0% to \+50\.0%, which a change of the machine/)
  })

  test('a speed-up stands as an improvement only when the whole interval lies below 1/1.25, −20%', () => {
    assert.deepEqual(decideAcrossMoments('improvement', [0.7, 0.75], 'lower', undefined, 0), {
      verdict: 'improvement',
      note: 'unknown run-to-run noise (0 stored runs): an improvement needs the whole interval beyond −20.0%; the interval is −30.0% to −25.0%',
    })
    const reaching = decideAcrossMoments('improvement', [0.7, 0.85], 'lower', undefined, 2)
    assert.equal(reaching.verdict, 'unclear')
    assert.equal(
      reaching.note,
      'unknown run-to-run noise (2 stored runs): an improvement needs the whole interval beyond −20.0%; the interval is −30.0% to −15.0%, which a change of the machine between the runs could explain',
    )
    assert.equal(
      decideAcrossMoments('improvement', [0.7, 0.8], 'lower', undefined, 2).verdict,
      'unclear',
      'an interval ending exactly at 1/1.25 is not beyond it',
    )
  })

  test('higher is better: a regression is a fall below −20%, an improvement a rise above +25%', () => {
    assert.deepEqual(decideAcrossMoments('regression', [0.6, 0.7], 'higher', undefined, 1), {
      verdict: 'regression',
      note: 'unknown run-to-run noise (1 stored run): a regression needs the whole interval beyond −20.0%; the interval is −40.0% to −30.0%',
    })
    assert.equal(decideAcrossMoments('regression', [0.7, 0.85], 'higher', undefined, 1).verdict, 'unclear')
    assert.deepEqual(decideAcrossMoments('improvement', [1.3, 1.5], 'higher', undefined, 1), {
      verdict: 'improvement',
      note: 'unknown run-to-run noise (1 stored run): an improvement needs the whole interval beyond +25.0%; the interval is +30.0% to +50.0%',
    })
    assert.equal(decideAcrossMoments('improvement', [1.2, 1.5], 'higher', undefined, 1).verdict, 'unclear')
  })

  test('a zero-width interval is reported as the change itself, with ± for no change', () => {
    assert.deepEqual(decideAcrossMoments('regression', [1.5, 1.5], 'lower', undefined, 2), {
      verdict: 'regression',
      note: 'unknown run-to-run noise (2 stored runs): a regression needs the whole interval beyond +25.0%; the change is +50.0%',
    })
    assert.equal(
      decideAcrossMoments('improvement', [0.9, 0.9], 'lower', undefined, 2).note,
      'unknown run-to-run noise (2 stored runs): an improvement needs the whole interval beyond −20.0%; the change is −10.0%, which a change of the machine between the runs could explain',
    )
    assert.match(
      decideAcrossMoments('regression', [1, 1], 'lower', undefined, 2).note,
      /; the change is ±0\.0%, which/,
    )
  })

  test('percentages are shown with one decimal', () => {
    const d = decideAcrossMoments('regression', [1.123, 1.456], 'lower', undefined, 2)
    assert.match(d.note, /; the interval is \+12\.3% to \+45\.6%, which/)
  })
})

describe('decideAcrossMoments with known noise', () => {
  // 5 stored runs whose medians differ by up to 4%: the bound is 1.04^1.8 = 1.0731 (+7.3%), and on
  // the other side 1/1.0731 = 0.9318 (−6.8%).
  const noise = { runs: 5, maxRatio: 1.04 }

  test('a regression narrower than +25% stands when the interval lies beyond the widened noise', () => {
    assert.deepEqual(decideAcrossMoments('regression', [1.1, 1.2], 'lower', noise, 7), {
      verdict: 'regression',
      note: 'run-to-run noise from 5 stored runs (medians differ by up to +4.0%): a regression needs the whole interval beyond +7.3%; the interval is +10.0% to +20.0%',
    })
    assert.deepEqual(decideAcrossMoments('regression', [1.05, 1.2], 'lower', noise, 7), {
      verdict: 'unclear',
      note: 'run-to-run noise from 5 stored runs (medians differ by up to +4.0%): a regression needs the whole interval beyond +7.3%; the interval is +5.0% to +20.0%, which a change of the machine between the runs could explain',
    })
  })

  test('an improvement stands when the interval lies below the reciprocal of the bound', () => {
    assert.deepEqual(decideAcrossMoments('improvement', [0.85, 0.9], 'lower', noise, 7), {
      verdict: 'improvement',
      note: 'run-to-run noise from 5 stored runs (medians differ by up to +4.0%): an improvement needs the whole interval beyond −6.8%; the interval is −15.0% to −10.0%',
    })
    assert.equal(decideAcrossMoments('improvement', [0.85, 0.95], 'lower', noise, 7).verdict, 'unclear')
  })

  test('stored runs that swung further than +25% raise the bound to their own swing', () => {
    const wild = { runs: 4, maxRatio: 1.4 }
    const d = decideAcrossMoments('regression', [1.3, 1.5], 'lower', wild, 4)
    assert.equal(d.verdict, 'unclear')
    assert.match(
      d.note,
      /medians differ by up to \+40\.0%\): a regression needs the whole interval beyond \+40\.0%/,
    )
    assert.equal(decideAcrossMoments('regression', [1.45, 1.5], 'lower', wild, 4).verdict, 'regression')
  })
})
