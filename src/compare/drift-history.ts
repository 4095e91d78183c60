// The stored runs of a branch as the drift estimate reads them (stats/drift.ts): for each benchmark and
// metric, every run's center, its commit, and what the run itself records of a change of the code —
// a regression of that metric it accepted, or exact counts of the benchmark that moved since the run
// before. Pure: runs in, series out.
import { busyReason } from '../measure/contention.ts'
import type { BenchmarkResult, Metric, ResultSet } from '../results.ts'
import type { DriftRun } from '../stats/drift.ts'
import { summarize } from '../stats/index.ts'

/** Stored runs of each metric, oldest first: by benchmark id, then metric name. */
export type HistoryRuns = Map<string, Map<string, DriftRun[]>>

/**
 * Exact counts that move by less than this share between runs moved with the environment, not the
 * code; a change of the code that moves them less is not seen as one
 * (docs/methodology.md#what-counts-as-drift).
 */
export const EXACT_COUNT_TOLERANCE = 1e-4

/**
 * The stored runs (any order) as series per benchmark and metric, oldest first; the run that is the
 * comparison's baseline (by its time and commit) marked as such.
 */
export function historyRuns(
  history: readonly ResultSet[],
  baseline?: Pick<ResultSet, 'createdAt' | 'commit'>,
): HistoryRuns {
  const out: HistoryRuns = new Map()
  const runs = [...history].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  // The exact counts each benchmark had in the run before, to see them move.
  const previousCounts = new Map<string, Map<string, number>>()
  for (const results of runs) {
    const accepted = new Set((results.accepted ?? []).map((a) => key(a.benchmark, a.metric)))
    const isBaseline =
      baseline !== undefined &&
      results.createdAt === baseline.createdAt &&
      results.commit.sha === baseline.commit.sha
    const counts = exactCountsByBenchmark(results)
    for (const b of results.benchmarks) {
      if (b.status !== 'ok') continue
      const own = counts.get(b.id) ?? new Map<string, number>()
      const moved = movedCounts(previousCounts.get(b.id), own)
      if (own.size > 0) previousCounts.set(b.id, own)
      const busy = busyReason(b.contention)
      const byMetric = out.get(b.id) ?? new Map<string, DriftRun[]>()
      out.set(b.id, byMetric)
      for (const [name, metric] of Object.entries(b.metrics)) {
        const center = centerOf(metric)
        if (center === undefined) continue
        const reason = accepted.has(key(b.id, name)) ? `it accepted a regression of ${name}` : moved
        const list = byMetric.get(name) ?? []
        list.push({
          center,
          ...(results.commit.sha !== undefined ? { sha: results.commit.sha.toLowerCase() } : {}),
          ...(results.commit.dirty ? { dirty: true } : {}),
          createdAt: results.createdAt,
          ...(reason !== undefined ? { startsState: reason } : {}),
          ...(busy !== undefined ? { busy } : {}),
          ...(isBaseline ? { baseline: true as const } : {}),
        })
        byMetric.set(name, list)
      }
    }
  }
  return out
}

function key(benchmark: string, metric: string): string {
  return `${benchmark}\u0000${metric}`
}

/** A run's center: the median of its samples, the exact value, or the center a tool kept as its summary. */
function centerOf(metric: Metric): number | undefined {
  if (metric.samples && metric.samples.length > 0) return summarize(metric.samples).median
  return metric.summary?.center ?? metric.value
}

function isExact(metric: Metric): boolean {
  return metric.value !== undefined && (metric.samples === undefined || metric.samples.length === 0)
}

/**
 * The program a benchmark runs, whatever measures it: its command, with a harness's mode flag
 * (`--run NAME` for instructions, `--samples NAME` for wall-clock) reduced to the benchmark's name, so
 * a harness function's instruction benchmark and its timed benchmark are one program.
 */
function programOf(b: BenchmarkResult): string | undefined {
  if (!b.command || b.command.length === 0) return undefined
  const bench = b.parameters.benchmark
  const n = b.command.length
  if (
    typeof bench === 'string' &&
    n >= 2 &&
    b.command[n - 1] === bench &&
    (b.command[n - 2] === '--run' || b.command[n - 2] === '--samples')
  )
    return JSON.stringify([...b.command.slice(0, n - 2), bench])
  return JSON.stringify(b.command)
}

/**
 * Each benchmark's exact counts in one run: its own exact metrics, and those of every benchmark that
 * runs the same program (an instruction benchmark of the command a process benchmark times), each named
 * "metric of benchmark".
 */
function exactCountsByBenchmark(results: ResultSet): Map<string, Map<string, number>> {
  const exactOf = (b: BenchmarkResult) =>
    Object.entries(b.metrics).filter(([, m]) => isExact(m) && m.value! > 0) as Array<[string, Metric]>
  const byProgram = new Map<string, BenchmarkResult[]>()
  for (const b of results.benchmarks) {
    if (b.status !== 'ok' || exactOf(b).length === 0) continue
    const program = programOf(b)
    if (program === undefined) continue
    byProgram.set(program, [...(byProgram.get(program) ?? []), b])
  }
  const out = new Map<string, Map<string, number>>()
  for (const b of results.benchmarks) {
    if (b.status !== 'ok') continue
    const counts = new Map<string, number>()
    const program = programOf(b)
    const sources = [b, ...(program !== undefined ? (byProgram.get(program) ?? []) : [])]
    for (const source of new Set(sources))
      for (const [name, m] of exactOf(source))
        counts.set(source === b ? name : `${name} of ${source.name}`, m.value!)
    if (counts.size > 0) out.set(b.id, counts)
  }
  return out
}

/** Why the exact counts say the code changed since the run before, or undefined when they do not. */
function movedCounts(before: Map<string, number> | undefined, now: Map<string, number>): string | undefined {
  if (!before) return undefined
  for (const [name, value] of now) {
    const was = before.get(name)
    if (was === undefined) continue
    const change = value / was - 1
    if (Math.abs(change) > EXACT_COUNT_TOLERANCE)
      return `its exact counts moved (${name} ${change > 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(2)}%)`
  }
  return undefined
}
