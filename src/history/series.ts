// A suite's stored runs on one branch, oldest first, as one series per benchmark and gated metric: a
// point per commit (its center and interval, the runs behind it, what changed in the environment) and
// the change points found in it. Pure: the runs come in, the series go out.
import { environmentDifferences } from '../compare/fingerprint.ts'
import type {
  Accepted,
  BenchmarkResult,
  Direction,
  Environment,
  Metric,
  ResultSet,
  Unit,
} from '../results.ts'
import { type ChangePoint, detectChangePoints, exactChangePoints } from '../stats/changepoints.ts'
import { medianIntervalSorted } from '../stats/median-interval.ts'

export interface TrendPoint {
  /** The commit measured; absent for a run that knew none. */
  sha?: string
  /** When the newest run of this commit was measured. */
  createdAt: string
  /** The run's center: the median of its samples, the exact value, or the tool's summary center. */
  center: number
  /** 95% interval of the center, where the run says enough to give one. */
  low?: number
  high?: number
  /** Stored runs of this commit merged into the point. */
  runs: number
  /** What differs from the previous point's environment (the CPU, kernel, compiler, runner image). */
  environment?: string[]
  /** A regression of this metric that a run of this commit accepted on purpose: who and why. */
  accepted?: Accepted
}

export interface TrendChange {
  /** Index of the first point after the shift. */
  index: number
  /** The earliest and latest points where it may have started: one commit when pinpointed. */
  from: number
  to: number
  /**
   * The last measured commit before the range: the shift lies in the commits after it, up to and
   * including toSha (previousSha..toSha), measured or not. Absent for a range that starts at the first
   * stored run, or when that run named no commit.
   */
  previousSha?: string
  fromSha?: string
  toSha?: string
  /** How many commits previousSha..toSha holds, as git counts them (commits.ts); absent when it could not. */
  commits?: number
  fromDate: string
  toDate: string
  before: number
  after: number
  /** after / before − 1. */
  change: number
  /** How likely a split this strong is with no shift; confidence is 1 − pValue. */
  pValue: number
  /** Which way the metric moved, by its direction. */
  verdict: 'regression' | 'improvement'
  /** Found in an exact metric: pinpointed, not estimated. */
  exact: boolean
  /** The environment changed inside the range: the shift may be the machine's, not the code's. */
  environment?: string[]
  /** A regression a run inside the range accepted on purpose: the shift is known, and who accepted it why. */
  accepted?: Accepted
}

export interface TrendSeries {
  benchmark: string
  metric: string
  unit: Unit
  direction: Direction
  label?: string
  /** Every point an exact value (instruction counts). */
  exact: boolean
  /** The gate's threshold in the newest run: the smallest change worth reporting in exact metrics. */
  threshold: number
  points: TrendPoint[]
  changes: TrendChange[]
}

export interface SuiteHistory {
  suite: string
  branch: string
  /** Runs read, and the distinct commits they measured. */
  runs: number
  commits: number
  first?: string
  last?: string
  series: TrendSeries[]
  /** Runs that could not be read, and why. */
  skipped: string[]
}

/** Consecutive runs of one commit become one point. */
interface CommitGroup {
  sha?: string
  createdAt: string
  runs: ResultSet[]
}

function groupByCommit(runs: readonly ResultSet[]): CommitGroup[] {
  const groups: CommitGroup[] = []
  for (const run of runs) {
    const last = groups[groups.length - 1]
    const sha = run.commit.sha?.toLowerCase()
    if (last && sha !== undefined && last.sha === sha) {
      last.runs.push(run)
      last.createdAt = run.createdAt
    } else groups.push({ ...(sha !== undefined ? { sha } : {}), createdAt: run.createdAt, runs: [run] })
  }
  return groups
}

/** One commit's metric, from every run of it that measured the benchmark: a center and an interval. */
function pointOf(metrics: Metric[]): Omit<TrendPoint, 'createdAt' | 'runs'> | undefined {
  const samples = metrics.flatMap((m) => m.samples ?? [])
  if (samples.length > 0) {
    const sorted = Float64Array.from(samples).sort()
    const n = sorted.length
    const center = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2
    const interval = medianIntervalSorted(sorted)
    return { center, ...(interval ? { low: interval.low, high: interval.high } : {}) }
  }
  const values = metrics.flatMap((m) => (m.value !== undefined ? [m.value] : []))
  if (values.length > 0) {
    const sorted = [...values].sort((a, b) => a - b)
    return { center: sorted[Math.floor((sorted.length - 1) / 2)]! }
  }
  const summaries = metrics.flatMap((m) => (m.summary ? [m.summary] : []))
  if (summaries.length === 0) return undefined
  const s = summaries[summaries.length - 1]!
  if (s.interval) return { center: s.center, low: s.interval[0], high: s.interval[1] }
  if (s.stddev !== undefined && s.n !== undefined && s.n > 1) {
    const half = (1.959963984540054 * s.stddev) / Math.sqrt(s.n)
    return { center: s.center, low: s.center - half, high: s.center + half }
  }
  return { center: s.center }
}

function describeDifferences(before: Environment, after: Environment): string[] {
  return environmentDifferences(before, after).map((d) => `${d.key}: ${d.base} → ${d.head}`)
}

interface SeriesDraft {
  benchmark: string
  metric: string
  unit: Unit
  direction: Direction
  label?: string
  threshold: number
  exact: boolean
  points: TrendPoint[]
}

function gatedMetrics(b: BenchmarkResult): string[] {
  return b.gate.metrics.filter((name) => b.metrics[name] !== undefined)
}

/** Every gated metric's series across the runs, oldest first, with the change points in each. */
export function buildHistory(
  suite: string,
  branch: string,
  runs: readonly ResultSet[],
  skipped: string[] = [],
): SuiteHistory {
  const ordered = [...runs].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
  const groups = groupByCommit(ordered)
  const drafts = new Map<string, SeriesDraft>()
  let previousEnvironment: Environment | undefined
  for (const group of groups) {
    const environment = group.runs[group.runs.length - 1]!.environment
    const differences = previousEnvironment ? describeDifferences(previousEnvironment, environment) : []
    previousEnvironment = environment
    const byKey = new Map<string, { benchmark: BenchmarkResult; metrics: Metric[] }>()
    for (const run of group.runs) {
      for (const b of run.benchmarks) {
        if (b.status !== 'ok') continue
        for (const metric of gatedMetrics(b)) {
          const key = `${b.id}\u0000${metric}`
          const entry = byKey.get(key) ?? { benchmark: b, metrics: [] }
          entry.benchmark = b
          entry.metrics.push(b.metrics[metric]!)
          byKey.set(key, entry)
        }
      }
    }
    for (const [key, { benchmark, metrics }] of byKey) {
      const point = pointOf(metrics)
      if (!point || !Number.isFinite(point.center)) continue
      const metricName = key.slice(key.indexOf('\u0000') + 1)
      const newest = metrics[metrics.length - 1]!
      const draft: SeriesDraft = drafts.get(key) ?? {
        benchmark: benchmark.id,
        metric: metricName,
        unit: newest.unit,
        direction: newest.direction,
        threshold: benchmark.gate.threshold,
        exact: true,
        points: [],
      }
      // The newest run says what the metric is now.
      draft.unit = newest.unit
      draft.direction = newest.direction
      draft.threshold = benchmark.gate.threshold
      if (newest.label !== undefined) draft.label = newest.label
      draft.exact &&= metrics.every((m) => m.value !== undefined && !(m.samples && m.samples.length > 0))
      const accepted = group.runs
        .flatMap((r) => r.accepted ?? [])
        .find((a) => a.benchmark === benchmark.id && a.metric === metricName)
      draft.points.push({
        ...(group.sha !== undefined ? { sha: group.sha } : {}),
        createdAt: group.createdAt,
        ...point,
        runs: group.runs.length,
        ...(differences.length > 0 ? { environment: differences } : {}),
        ...(accepted ? { accepted } : {}),
      })
      drafts.set(key, draft)
    }
  }
  const series = [...drafts.values()]
    .map((d) => ({ ...d, changes: changesIn(d) }))
    .sort((a, b) =>
      a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : a.metric < b.metric ? -1 : 1,
    )
  const shas = new Set(groups.map((g, i) => g.sha ?? `#${i}`))
  return {
    suite,
    branch,
    runs: ordered.length,
    commits: shas.size,
    ...(ordered.length > 0
      ? { first: ordered[0]!.createdAt, last: ordered[ordered.length - 1]!.createdAt }
      : {}),
    series,
    skipped,
  }
}

/** The change points of a series: pinpointed in exact metrics, estimated with a range in timed ones. */
function changesIn(series: SeriesDraft): TrendChange[] {
  const values = series.points.map((p) => p.center)
  if (values.length < 2) return []
  const found: ChangePoint[] = series.exact
    ? exactChangePoints(values, series.threshold)
    : detectChangePoints(values)
  return found.map((c) => {
    const points = series.points
    const from = Math.max(0, Math.min(c.from, c.index))
    const to = Math.min(points.length - 1, Math.max(c.to, c.index))
    const environment = points.slice(from, to + 1).flatMap((p) => p.environment ?? [])
    const accepted = worseThan(series.direction, c.change)
      ? points.slice(from, to + 1).find((p) => p.accepted)?.accepted
      : undefined
    const worse = worseThan(series.direction, c.change)
    const previous = from > 0 ? points[from - 1] : undefined
    return {
      index: c.index,
      from,
      to,
      ...(previous?.sha !== undefined ? { previousSha: previous.sha } : {}),
      ...(points[from]!.sha !== undefined ? { fromSha: points[from]!.sha } : {}),
      ...(points[to]!.sha !== undefined ? { toSha: points[to]!.sha } : {}),
      fromDate: points[from]!.createdAt,
      toDate: points[to]!.createdAt,
      before: c.before,
      after: c.after,
      change: c.change,
      pValue: c.pValue,
      verdict: worse ? 'regression' : 'improvement',
      exact: series.exact,
      ...(environment.length > 0 ? { environment: [...new Set(environment)] } : {}),
      ...(accepted ? { accepted } : {}),
    }
  })
}

function worseThan(direction: Direction, change: number): boolean {
  return direction === 'lower' ? change > 0 : change < 0
}

/** Every change point of a history, newest first. */
export function changesNewestFirst(
  history: SuiteHistory,
): Array<{ series: TrendSeries; change: TrendChange }> {
  return history.series
    .flatMap((series) => series.changes.map((change) => ({ series, change })))
    .sort((a, b) => Date.parse(b.change.toDate) - Date.parse(a.change.toDate))
}
