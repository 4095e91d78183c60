// Rankings of the head run: benchmarks bench.yml declared comparable (a compare-with group, a scan over
// text values) by their kind's metric (hyperfine), and each benchmark's engines against the fastest
// (rebar cmp). Nothing else is ranked: benchmarks that measure unrelated things have no ratio worth
// reading (docs/methodology.md#rankings).

import { rankedBy } from '../kinds/index.ts'
import type { BenchmarkResult, ResultSet } from '../results.ts'
import { allPositive, bootstrapRatioOfMedians, summarize } from '../stats/index.ts'
import { nestingOf } from './placement.ts'
import type { BenchmarkRanking, EngineRankEntry, EngineRanking, RankingBasis } from './types.ts'

/** A ranking is for comparing a handful of alternatives, not a whole large suite. */
const MAX_RANKED = 50

type Point = BenchmarkResult['parameters']

/** A ranking being gathered: why, where, by what, and its benchmarks in the suite's order. */
interface Gathered {
  basis: RankingBasis
  at: Point
  metric: string
  members: BenchmarkResult[]
}

/**
 * The rankings of the benchmarks declared comparable, in the order their first benchmark appears: one per
 * compare-with group (`rankingGroup`) at each parameter point its benchmarks share, and one per scan with
 * text parameters at each value of its numeric ones. A result joins only with a sampled metric its kind
 * ranks by, all above 0 (a 0 would make every other ratio infinite); a ranking needs two of them, and at
 * most MAX_RANKED. A result that declares nothing (one from a file written before groups) ranks nowhere.
 */
export function rankBenchmarks(head: ResultSet): BenchmarkRanking[] {
  const text = textParameters(head.benchmarks)
  const gathered = new Map<string, Gathered>()
  for (const b of head.benchmarks) {
    const metric = rankedBy(b.kind)
    const samples = b.status === 'ok' && metric !== undefined ? b.metrics[metric]?.samples : undefined
    if (metric === undefined || !samples?.length || !allPositive(samples)) continue
    for (const { basis, at } of declaredRankings(b, text)) {
      const key = JSON.stringify([basis, metric, pointKey(at)])
      const ranking = gathered.get(key) ?? { basis, at, metric, members: [] }
      ranking.members.push(b)
      gathered.set(key, ranking)
    }
  }
  return [...gathered.values()]
    .filter((r) => r.members.length >= 2 && r.members.length <= MAX_RANKED)
    .map((r) => ({
      basis: 'group' in r.basis ? { group: groupTitle(r.basis.group, r.members) } : r.basis,
      at: r.at,
      metric: r.metric,
      unit: r.members[0]!.metrics[r.metric]!.unit,
      entries: rankAgainstFastest(r.members, r.metric, 'rank').map(({ b, median, ratio, ci }) => ({
        id: b.id,
        name: b.name,
        median,
        ratio,
        ci,
      })),
    }))
}

/** The rankings a result is declared into: its group's at its parameter point; its scan's at its numeric values. */
function declaredRankings(
  b: BenchmarkResult,
  text: ReadonlyMap<string, ReadonlySet<string>>,
): Array<{ basis: RankingBasis; at: Point }> {
  const declared: Array<{ basis: RankingBasis; at: Point }> = []
  if (b.rankingGroup) declared.push({ basis: { group: b.rankingGroup }, at: b.parameters })
  const alternatives = b.series === undefined ? undefined : text.get(b.series)
  if (b.series !== undefined && alternatives !== undefined && alternatives.size > 0) {
    const entries = Object.entries(b.parameters)
    declared.push({
      basis: { scan: b.series, over: entries.filter(([k]) => alternatives.has(k)).map(([k]) => k) },
      at: Object.fromEntries(entries.filter(([k]) => !alternatives.has(k))),
    })
  }
  return declared
}

/**
 * The parameters of each scan (by its entry's name) that take a text value at some point: their values
 * name alternatives (`algorithm: [quick, merge]`), where numbers are sizes a curve shows.
 */
function textParameters(results: readonly BenchmarkResult[]): Map<string, Set<string>> {
  const text = new Map<string, Set<string>>()
  for (const b of results) {
    if (b.series === undefined) continue
    const names = text.get(b.series) ?? new Set<string>()
    for (const [name, value] of Object.entries(b.parameters)) if (typeof value === 'string') names.add(name)
    text.set(b.series, names)
  }
  return text
}

/** A parameter point as a key, whatever order its parameters were written in. */
function pointKey(point: Point): string {
  return JSON.stringify(Object.entries(point).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** The entries of a group that have a benchmark in its ranking, in the group's order. */
function groupTitle(group: readonly string[], members: readonly BenchmarkResult[]): string[] {
  const entries = [...new Set(members.map((b) => b.series ?? b.name))]
  const place = (name: string) => (group.includes(name) ? group.indexOf(name) : group.length)
  return entries.sort((a, b) => place(a) - place(b))
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
      // Samples nested in runner processes are resampled by process (docs/methodology.md#nested-samples).
      processes: nestingOf(fastest!.b.metrics[metric]!, b.metrics[metric]!),
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
