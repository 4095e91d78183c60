// Comparisons built by hand for the report's tests: a metric, a benchmark and a whole comparison with
// only what the reports read, each overridable field by field. Every value is written out, so what a
// report says of them can be worked out by hand.
import type { BenchmarkComparison, Comparison } from '../../src/compare/index.ts'

const VERDICTS = [
  'regression',
  'failed',
  'accepted',
  'unclear',
  'warning',
  'improvement',
  'new',
  'missing',
  'unchanged',
] as const

export const HEAD_SHA = 'b'.repeat(40)
export const BASE_SHA = 'a'.repeat(40)

/** A Linux machine with 2 EPYC CPUs and Node 20.1, unless told otherwise. */
export const environment = (more: Record<string, unknown> = {}) => ({
  os: 'linux',
  arch: 'x64',
  cpuModel: 'EPYC',
  cpuCount: 2,
  node: 'v20.1.0',
  tools: {},
  ...more,
})

/** A timed metric: 1.50 ms → 1.515 ms (+1%), unchanged, gated, unless told otherwise. */
export const metric = (more: Record<string, unknown> = {}) => ({
  metric: 'wall',
  unit: 'ns',
  direction: 'lower',
  gated: true,
  exact: false,
  base: { median: 1_500_000 },
  head: { median: 1_515_000 },
  ratio: 1.01,
  change: 0.01,
  ci: [0.99, 1.03],
  pValue: 0.5,
  verdict: 'unchanged',
  notes: [],
  ...more,
})

/** A process benchmark of this name and verdict at a 5% threshold and α = 0.01, with no metrics unless given. */
export const bench = (name: string, verdict: string, more: Record<string, unknown> = {}) =>
  ({
    id: name,
    name,
    kind: 'process',
    verdict,
    threshold: 0.05,
    alpha: 0.01,
    headOnly: [],
    notes: [],
    metrics: [],
    ...more,
  }) as unknown as BenchmarkComparison

/**
 * A comparison of head (bbbbbbb on feature, measured 2026-03-01 12:00 UTC) with a baseline (aaaaaaa on
 * main) measured 3 minutes before, its counts and verdict those of the benchmarks given.
 */
export function comparison(
  benchmarks: BenchmarkComparison[],
  more: Record<string, unknown> = {},
): Comparison {
  const counts = Object.fromEntries(
    VERDICTS.map((v) => [v, benchmarks.filter((b) => b.verdict === v).length]),
  )
  return {
    suite: 'core',
    head: {
      commit: { sha: HEAD_SHA, branch: 'feature' },
      createdAt: '2026-03-01T12:00:00Z',
      environment: environment(),
    },
    baseline: {
      commit: { sha: BASE_SHA, branch: 'main' },
      createdAt: '2026-03-01T11:57:00Z',
      environment: environment(),
      source: 'store',
      reason: 'merge base with main',
    },
    baselineWarnings: [],
    benchmarks,
    counts,
    verdict: counts.failed! > 0 ? 'failed' : counts.regression! > 0 ? 'regression' : 'pass',
    environmentDifferences: [],
    ranking: [],
    engineRankings: [],
    scaling: [],
    ...more,
  } as unknown as Comparison
}
