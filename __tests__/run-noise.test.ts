// Run-to-run noise from stored runs, and how it tempers verdicts of sampled metrics.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { compareResults } from '../src/compare.ts'
import type { BenchmarkResult, ResultSet } from '../src/results.ts'
import { runToRunNoise, SeededRandom, withinRunNoise } from '../src/stats/index.ts'

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
