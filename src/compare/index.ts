// compare: (base ResultSet, head ResultSet) → Comparison. Pure: no I/O, deterministic for the same
// inputs (the bootstrap is seeded from the benchmark and metric names).

import { joinAcceptances } from '../accept.ts'
import { isExactKind } from '../kinds/index.ts'
import type { BenchmarkResult, ResultSet } from '../results.ts'
import { acceptanceSummary, acceptRegressions } from './acceptance.ts'
import { compareBenchmark, driftSummaryOf, unpairedNote } from './benchmark.ts'
import { historyRuns } from './drift-history.ts'
import { environmentDifferences } from './fingerprint.ts'
import { LARGE_SUITE_METRICS } from './metric.ts'
import { rankBenchmarks, rankEngines } from './rank.ts'
import { parameterScans, scalingSeries } from './series.ts'
import {
  type BenchmarkComparison,
  type BenchmarkVerdict,
  type CompareOptions,
  type Comparison,
  VERDICT_ORDER,
} from './types.ts'

export { acceptedRegressions } from './acceptance.ts'
export { type CompareBenchmarkOptions, compareBenchmark } from './benchmark.ts'
export { type ExplainOptions, explainTimedChange, timedChangeIds } from './explain.ts'
export { environmentDifferences } from './fingerprint.ts'
export { LARGE_SUITE_METRICS } from './metric.ts'
export { WALL_CPU_DIVERGENCE } from './moments.ts'
export { engineTable, rankBenchmarks, rankEngines } from './rank.ts'
export { parameterScans, scalingSeries } from './series.ts'
export {
  type BaselineInfo,
  type BenchmarkComparison,
  type BenchmarkVerdict,
  type CompareOptions,
  type Comparison,
  type DriftSummary,
  type EngineRankEntry,
  type EngineRanking,
  type EnvironmentDifference,
  type ExactBaseline,
  FUNCTION_CHANGES_SHOWN,
  HEAP_SITE_CHANGES_SHOWN,
  type HeadOnlyMetric,
  type MetricComparison,
  type MetricVerdict,
  type Pairing,
  type RankEntry,
  type ScalingPoint,
  type ScalingSeries,
  type ScalingSide,
  type ScanPoint,
  type ScanSeries,
  type ShellCorrection,
  type TimedChangeExplanation,
  VERDICT_ORDER,
} from './types.ts'

export function compareResults(head: ResultSet, options: CompareOptions = {}): Comparison {
  if (options.exact) return compareSplit(head, options)
  const base = options.baseline?.results
  const environmentDiffs = base ? environmentDifferences(base.environment, head.environment) : []
  const baseById = new Map(base?.benchmarks.map((b) => [b.id, b]) ?? [])
  const medians = historyRuns(options.history?.results ?? [], options.baseline?.results)
  const sampled = head.benchmarks.reduce(
    (n, b) => n + Object.values(b.metrics).filter((m) => m.samples !== undefined).length,
    0,
  )
  const large = sampled > LARGE_SUITE_METRICS
  const acrossMoments = options.acrossMoments === true && options.pairs === undefined
  const benchmarks = head.benchmarks.map((h) =>
    compareBenchmark(baseById.get(h.id), h, {
      environmentDiffers: environmentDiffs.length > 0,
      history: medians.get(h.id),
      large,
      pairs: options.pairs?.[h.id],
      acrossMoments,
      baselineCommit: base?.commit.sha,
    }),
  )
  const rules = options.accept?.rules ?? []
  if (rules.length > 0) for (const b of benchmarks) acceptRegressions(b, rules)
  const pairing = pairingOf(benchmarks)
  if (base && !options.filtered) benchmarks.push(...missingFrom(head, base))
  const { counts, verdict } = tally(benchmarks)
  return {
    suite: head.suite,
    head: { commit: head.commit, createdAt: head.createdAt, environment: head.environment },
    baseline: options.baseline
      ? {
          commit: options.baseline.results.commit,
          createdAt: options.baseline.results.createdAt,
          environment: options.baseline.results.environment,
          source: options.baseline.source,
          reason: options.baseline.reason,
        }
      : undefined,
    noBaselineReason: options.baseline ? undefined : (options.noBaselineReason ?? 'no baseline was given'),
    baselineWarnings: options.baselineWarnings ?? [],
    history: options.history
      ? {
          runs: options.history.results.length,
          branch: options.history.branch,
          ...driftSummaryOf(benchmarks, medians, head, baseById),
        }
      : undefined,
    benchmarks,
    counts,
    verdict,
    environmentDifferences: environmentDiffs,
    ranking: rankBenchmarks(head),
    engineRankings: rankEngines(head),
    scaling: scalingSeries(head, base, benchmarks),
    scans: parameterScans(head, base, benchmarks),
    ...(acrossMoments && options.baseline ? { acrossMoments } : {}),
    ...acceptanceSummary(options.accept, head),
    ...pairing,
  }
}

/**
 * Only runs that alternated are paired: when some benchmarks were, the others compared with the same
 * baseline are named as unpaired (imported ones, with a note saying so), or as exact counts, which
 * need no pairing.
 */
function pairingOf(benchmarks: BenchmarkComparison[]): Pick<Comparison, 'pairing'> {
  const pairCounts = benchmarks.flatMap((b) => (b.pairs !== undefined ? [b.pairs] : []))
  if (pairCounts.length === 0) return {}
  const unpaired: string[] = []
  const exact: string[] = []
  for (const b of benchmarks) {
    if (b.pairs !== undefined || b.metrics.length === 0) continue
    if (b.metrics.every((m) => m.exact)) exact.push(b.name)
    else {
      unpaired.push(b.name)
      b.notes.push(unpairedNote(b))
    }
  }
  return {
    pairing: {
      benchmarks: pairCounts.length,
      minPairs: Math.min(...pairCounts),
      maxPairs: Math.max(...pairCounts),
      paired: benchmarks.filter((b) => b.pairs !== undefined).map((b) => b.name),
      unpaired,
      exact,
    },
  }
}

/** The baseline's benchmarks this run did not measure, each reported missing. */
function missingFrom(head: ResultSet, base: ResultSet): BenchmarkComparison[] {
  const headIds = new Set(head.benchmarks.map((b) => b.id))
  const missing: BenchmarkComparison[] = []
  for (const b of base.benchmarks) {
    if (headIds.has(b.id)) continue
    missing.push({
      id: b.id,
      name: b.name,
      kind: b.kind,
      command: b.command,
      verdict: 'missing',
      threshold: b.gate.threshold,
      alpha: b.gate.alpha,
      metrics: [],
      headOnly: [],
      notes: ['in the baseline but not measured in this run'],
    })
  }
  return missing
}

/**
 * CLI exit codes (docs/ARCHITECTURE.md#exit-codes): 0 no regression (an accepted regression is none), 1 regression, 3 a
 * benchmark failed.
 */
export function exitCodeFor(comparison: Comparison): 0 | 1 | 3 {
  if (comparison.verdict === 'failed') return 3
  if (comparison.verdict === 'regression') return 1
  return 0
}

/** Verdicts counted, and the run's verdict: any failure first, then any regression. */
function tally(benchmarks: BenchmarkComparison[]): Pick<Comparison, 'counts' | 'verdict'> {
  const counts = Object.fromEntries(VERDICT_ORDER.map((v) => [v, 0])) as Record<BenchmarkVerdict, number>
  for (const b of benchmarks) counts[b.verdict]++
  return { counts, verdict: counts.failed > 0 ? 'failed' : counts.regression > 0 ? 'regression' : 'pass' }
}

/** Exact counts (instructions): compared with a baseline of their own under `baseline: auto`. */
const countsInstructions = (b: { kind: BenchmarkResult['kind'] }) => isExactKind(b.kind)

/** The result set with only the benchmarks `keep` accepts. */
function only<T extends ResultSet | undefined>(results: T, keep: (b: BenchmarkResult) => boolean): T {
  return (results && { ...results, benchmarks: results.benchmarks.filter(keep) }) as T
}

/**
 * Timed benchmarks against `baseline` (with its pairs and history), instruction counts against
 * `exact`: two comparisons made as any other and joined into one verdict.
 */
function compareSplit(head: ResultSet, options: CompareOptions): Comparison {
  const { exact, ...rest } = options
  const timedOnly = (b: BenchmarkResult) => !countsInstructions(b)
  const withBaseline = (
    o: Pick<CompareOptions, 'baseline' | 'history'>,
    keep: (b: BenchmarkResult) => boolean,
  ): Pick<CompareOptions, 'baseline' | 'history'> => ({
    ...(o.baseline ? { baseline: { ...o.baseline, results: only(o.baseline.results, keep) } } : {}),
    ...(o.history ? { history: { ...o.history, results: o.history.results.map((r) => only(r, keep)) } } : {}),
  })
  const timed = compareResults(only(head, timedOnly), { ...rest, ...withBaseline(rest, timedOnly) })
  const counts = compareResults(only(head, countsInstructions), {
    ...exact,
    ...withBaseline(exact ?? {}, countsInstructions),
    filtered: rest.filtered,
  })
  const benchmarks = [...timed.benchmarks, ...counts.benchmarks]
  // Each side accepted against its own baseline; what matched nothing is judged on the whole run.
  const { acceptance: _timed, ...timedRest } = timed
  return {
    ...timedRest,
    ...acceptanceSummary(joinAcceptances([rest.accept, exact?.accept]), head),
    baselineWarnings: [...timed.baselineWarnings, ...counts.baselineWarnings],
    benchmarks,
    ...tally(benchmarks),
    exactBaseline: {
      ...(counts.baseline ? { baseline: counts.baseline } : { noBaselineReason: counts.noBaselineReason }),
      environmentDifferences: counts.environmentDifferences,
      benchmarks: counts.benchmarks.length,
    },
  }
}
