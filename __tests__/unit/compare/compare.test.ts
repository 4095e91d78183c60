// compare for exact counts: a threshold, no statistics, and no red check across different toolchains.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { compareResults, exitCodeFor } from '../../../src/compare/index.ts'
import type { Environment, ResultSet } from '../../../src/results.ts'

const environment: Environment = {
  os: 'Debian GNU/Linux 12',
  arch: 'x64',
  cpuModel: 'Xeon',
  cpuCount: 2,
  kernel: '6.1',
  glibc: '2.36',
  node: 'v20.20.2',
  tools: { valgrind: 'valgrind-3.19.0' },
}

function counted(ir: number, env: Environment = environment): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 's',
    commit: { branch: 'main' },
    createdAt: '2026-11-21T00:00:00.000Z',
    environment: env,
    benchmarks: [
      {
        id: 'parse',
        name: 'parse',
        kind: 'instructions',
        parameters: {},
        status: 'ok',
        metrics: { ir: { unit: 'instructions', direction: 'lower', value: ir } },
        gate: { metrics: ['ir'], threshold: 0.005, alpha: 0.01 },
        notes: [],
        functions: [
          { name: 'parse', object: 'app', self: ir - 1000, inclusive: ir },
          { name: 'main', object: 'app', self: 1000, inclusive: ir },
        ],
      },
    ],
  }
}

const baseline = (results: ResultSet) => ({ baseline: { results, source: 'base.json', reason: 'test' } })

test('exact counts: 1% more is a regression at 0.5%, 0.4% is not, and the changed function comes first', () => {
  const regressed = compareResults(counted(1_010_000), baseline(counted(1_000_000)))
  const b = regressed.benchmarks[0]!
  assert.equal(b.verdict, 'regression')
  assert.equal(b.metrics[0]!.exact, true)
  assert.ok(Math.abs(b.metrics[0]!.change - 0.01) < 1e-12, 'change is head/base − 1')
  assert.equal(exitCodeFor(regressed), 1)
  assert.deepEqual(b.functionChanges?.[0], {
    name: 'parse',
    base: 999_000,
    head: 1_009_000,
    delta: 10_000,
    deltaPercent: (10_000 / 999_000) * 100,
  })
  assert.equal(
    compareResults(counted(1_004_000), baseline(counted(1_000_000))).benchmarks[0]!.verdict,
    'unchanged',
  )
})

test('a changed count measured with another valgrind is a warning, not a failure', () => {
  const other = { ...environment, tools: { valgrind: 'valgrind-3.22.0' } }
  const c = compareResults(counted(1_200_000, other), baseline(counted(1_000_000)))
  assert.equal(c.benchmarks[0]!.verdict, 'warning')
  assert.match(c.benchmarks[0]!.metrics[0]!.notes.join('\n'), /environment differs/)
  assert.deepEqual(c.environmentDifferences, [
    { key: 'valgrind', base: 'valgrind-3.19.0', head: 'valgrind-3.22.0' },
  ])
  assert.equal(exitCodeFor(c), 0)
})

/** A scaling point whose efficiency runs are given, gated on efficiency in percentage points. */
function efficiencyAt(samples: number[], points?: number): ResultSet {
  const set = counted(1)
  set.benchmarks = [
    {
      id: 'counter/threads:2',
      name: 'counter/threads:2',
      kind: 'scaling',
      parameters: { threads: 2 },
      status: 'ok',
      metrics: {
        throughput: { unit: 'ops/s', direction: 'higher', samples: samples.map((s) => s * 1e6) },
        efficiency: { unit: 'percent', direction: 'higher', samples },
      },
      gate: {
        metrics: ['efficiency'],
        threshold: 0.5,
        alpha: 0.01,
        ...(points === undefined ? {} : { points }),
      },
      notes: [],
    },
  ]
  return set
}

test('efficiency gated on points: 90% → 78% is a 12-point loss, a regression at 10 points, not at 15', () => {
  const base = efficiencyAt([90, 91, 89, 90.5, 89.5, 90.2])
  const head = efficiencyAt([78, 79, 77, 78.5, 77.5, 78.2])
  const at = (points: number | undefined) =>
    compareResults(
      {
        ...head,
        benchmarks: efficiencyAt(head.benchmarks[0]!.metrics.efficiency!.samples!, points).benchmarks,
      },
      baseline(base),
    ).benchmarks[0]!
  assert.equal(at(10).verdict, 'regression', 'beyond 10 points')
  assert.equal(at(15).verdict, 'unchanged', 'within 15 points')
  // Without points the relative threshold (50% here) applies: a 13% relative loss is within it.
  assert.equal(at(undefined).verdict, 'unchanged')
})

test('scaling curves: each side’s speedup and efficiency against its own smallest count', () => {
  const point = (threads: number, throughput: number[]) => ({
    id: `counter/threads:${threads}`,
    name: `counter/threads:${threads}`,
    kind: 'scaling' as const,
    parameters: { threads },
    status: 'ok' as const,
    metrics: { throughput: { unit: 'ops/s' as const, direction: 'higher' as const, samples: throughput } },
    gate: { metrics: ['throughput'], threshold: 0.05, alpha: 0.01 },
    notes: [],
  })
  const base = {
    ...counted(1),
    benchmarks: [point(1, [10, 10, 10]), point(2, [19, 19, 19]), point(4, [20, 20, 20])],
  }
  const head = {
    ...counted(1),
    benchmarks: [point(4, [12, 12, 12]), point(1, [10, 10, 10]), point(2, [11, 11, 11])],
  }
  const c = compareResults(head, baseline(base))
  assert.equal(c.scaling.length, 1)
  const [series] = c.scaling
  assert.deepEqual([series!.benchmark, series!.dimension, series!.cores], ['counter', 'threads', 2])
  assert.deepEqual(
    series!.points.map((p) => [p.count, p.base?.speedup, p.head?.speedup, p.head?.efficiency]),
    [
      [1, 1, 1, 1],
      [2, 1.9, 1.1, 0.55],
      [4, 2, 1.2, 0.3],
    ],
  )
})
