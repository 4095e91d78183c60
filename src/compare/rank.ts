// Rankings of the head run: process benchmarks by median wall time (hyperfine), and each benchmark's
// engines against the fastest (rebar cmp).

import { rankedBy } from '../kinds/index.ts'
import type { BenchmarkResult, ResultSet } from '../results.ts'
import { allPositive, bootstrapRatioOfMedians, summarize } from '../stats/index.ts'
import type { EngineRankEntry, EngineRanking, RankEntry } from './types.ts'

/** A ranking is for comparing a handful of alternatives, not a whole large suite. */
const MAX_RANKED = 50

/** hyperfine-style ranking by median wall time of the suite's benchmarks whose kind ranks them by it. */
export function rankBenchmarks(head: ResultSet): RankEntry[] {
  const candidates = head.benchmarks.filter(
    // Only times above 0 give a ratio to the fastest (a 0 would make every other one infinite).
    (b) =>
      rankedBy(b.kind) === 'wall' &&
      b.status === 'ok' &&
      (b.metrics.wall?.samples?.length ?? 0) > 0 &&
      allPositive(b.metrics.wall!.samples!),
  )
  if (candidates.length < 2 || candidates.length > MAX_RANKED) return []
  return rankAgainstFastest(candidates, 'wall', 'rank').map(({ b, median, ratio, ci }) => ({
    id: b.id,
    name: b.name,
    median,
    ratio,
    ci,
  }))
}

/**
 * Benchmarks ordered by the median of one sampled metric, each with the ratio of its median to the
 * fastest's and a 95% bootstrap interval of that ratio (1 and [1, 1] for the fastest).
 */
function rankAgainstFastest(
  benchmarks: BenchmarkResult[],
  metric: string,
  seed: string,
): Array<{ b: BenchmarkResult; median: number; ratio: number; ci: [number, number] }> {
  const ordered = benchmarks
    .map((b) => ({
      b,
      samples: b.metrics[metric]!.samples!,
      median: summarize(b.metrics[metric]!.samples!).median,
    }))
    .sort((x, y) => x.median - y.median)
  const fastest = ordered[0]
  return ordered.map(({ b, samples, median }) => {
    if (b === fastest!.b) return { b, median, ratio: 1, ci: [1, 1] as [number, number] }
    const ci = bootstrapRatioOfMedians(fastest!.samples, samples, {
      resamples: 2000,
      confidence: 0.95,
      seed: `${seed}\u0000${b.id}`,
    })
    return { b, median, ratio: ci.estimate, ci: [ci.low, ci.high] as [number, number] }
  })
}

/**
 * Ranks the engines of each benchmark measured with several (a wall-clock benchmark's engines, a rebar
 * definition's, measured or read from `rebar measure`'s CSV) by median time per call, as a ratio to
 * the fastest with a 95% interval, like `rebar cmp`, in the order the benchmarks appear. A result
 * belongs to a benchmark's engines when its `engine` parameter ends its name (`NAME/ENGINE`).
 */
export function rankEngines(head: ResultSet): EngineRanking[] {
  const groups = new Map<string, BenchmarkResult[]>()
  for (const b of head.benchmarks) {
    const engine = b.parameters.engine
    if (typeof engine !== 'string' || !b.name.endsWith(`/${engine}`)) continue
    const benchmark = b.name.slice(0, -(engine.length + 1))
    groups.set(benchmark, [...(groups.get(benchmark) ?? []), b])
  }
  const rankings: EngineRanking[] = []
  for (const [benchmark, members] of groups) {
    const sampled = members.filter(
      (b) =>
        b.status === 'ok' &&
        (b.metrics.time?.samples?.length ?? 0) > 0 &&
        allPositive(b.metrics.time!.samples!),
    )
    const summarised =
      sampled.length > 0
        ? []
        : members.filter((b) => b.status === 'ok' && (b.metrics.time?.summary?.center ?? 0) > 0)
    const ranked = sampled.length > 0 ? sampled : summarised
    const unranked = members.filter((b) => !ranked.includes(b)).map((b) => String(b.parameters.engine))
    if (ranked.length < 2 && unranked.length === 0) continue
    const entries =
      sampled.length > 0
        ? rankAgainstFastest(sampled, 'time', 'engines')
        : summarised.length > 0
          ? rankSummaries(summarised)
          : []
    const engines = entries.map(({ b, median, ratio, ci }): EngineRankEntry => {
      const throughput = b.metrics.throughput
      const rate = throughput?.samples?.length
        ? summarize(throughput.samples).median
        : throughput?.summary?.center
      return {
        engine: String(b.parameters.engine),
        id: b.id,
        median,
        ...(rate !== undefined ? { throughput: rate } : {}),
        ratio,
        ci,
        ...(sampled.length === 0 ? { fromSummaries: true } : {}),
      }
    })
    rankings.push({ benchmark, engines, unranked })
  }
  return rankings
}

/**
 * rebar cmp's table of several rankings: every engine, in the order they first appear, and for each
 * benchmark its entry per engine ('failed' for an engine that could not be ranked, undefined for one
 * the benchmark does not have).
 */
export function engineTable(rankings: EngineRanking[]): {
  engines: string[]
  rows: Array<{ benchmark: string; cells: Array<EngineRankEntry | 'failed' | undefined> }>
} {
  const engines = [...new Set(rankings.flatMap((r) => [...r.engines.map((e) => e.engine), ...r.unranked]))]
  const rows = rankings.map((ranking) => ({
    benchmark: ranking.benchmark,
    cells: engines.map((engine) =>
      ranking.unranked.includes(engine)
        ? ('failed' as const)
        : ranking.engines.find((e) => e.engine === engine),
    ),
  }))
  return { engines, rows }
}

/**
 * Engines known by their tools' summaries only (`rebar measure` keeps the median, the standard
 * deviation and the count of its samples): the ratio of medians, its 95% interval from the medians'
 * standard errors (1.2533 σ/√n each, combined on the log scale); without a spread, the ratio alone.
 */
function rankSummaries(
  benchmarks: BenchmarkResult[],
): Array<{ b: BenchmarkResult; median: number; ratio: number; ci: [number, number] }> {
  const ordered = benchmarks
    .map((b) => ({ b, summary: b.metrics.time!.summary! }))
    .sort((x, y) => x.summary.center - y.summary.center)
  const relativeError = (s: { center: number; stddev?: number; n?: number }) =>
    s.stddev !== undefined && s.n !== undefined ? (1.2533 * s.stddev) / Math.sqrt(s.n) / s.center : undefined
  const fastest = ordered[0]!
  const fastestError = relativeError(fastest.summary)
  return ordered.map(({ b, summary }) => {
    if (b === fastest.b) return { b, median: summary.center, ratio: 1, ci: [1, 1] as [number, number] }
    const ratio = summary.center / fastest.summary.center
    const error = relativeError(summary)
    if (error === undefined || fastestError === undefined)
      return { b, median: summary.center, ratio, ci: [ratio, ratio] as [number, number] }
    const half = 1.96 * Math.hypot(error, fastestError)
    return {
      b,
      median: summary.center,
      ratio,
      ci: [ratio * Math.exp(-half), ratio * Math.exp(half)] as [number, number],
    }
  })
}
