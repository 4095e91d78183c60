// A run's results as hyperfine reports them, for the scripts and tools written against hyperfine's
// exports: one result per benchmark with timed runs, in seconds, with the fields of hyperfine 1.x's
// `--export-json` (1.20's layout: 1.15's fields, and `memory_usage_byte` where the peak memory of
// every run is known). The JSON, CSV and markdown exports are each written from these.
//
// What becomes a result:
// - `process`: each counted run's wall time; `user` and `system` are the means of the runs' user and
//   system CPU time, `memory_usage_byte` every run's max RSS (with the exec helper; without it, where
//   only wall time is measured, `user` and `system` are 0 and there is no memory).
// - `wall-clock`: each sample's time per call; `user` and `system` are 0 (a runner's samples are
//   timed inside one process, not as processes of their own).
// - `import`: the imported `time` metric where the tool kept every sample (a summary alone has no
//   runs to list); `user`, `system` and `memory` where the file had them (a hyperfine 1 file's
//   means are kept as they are).
// - Left out, each with the reason: failed benchmarks (hyperfine stops at a failing command; a run
//   keeps going, so the export holds the benchmarks that succeeded), `instructions` (counts, not
//   times) and `scaling` (throughputs at a thread or process count, not times of runs).
//
// `command` is the benchmark's name (with its parameter point, as every report shows it): as hyperfine
// 1.x writes a `--command-name` in place of the command, and a benchmark always has a name, while
// wall-clock and imported benchmarks have no command of their own.
import type { BenchmarkResult, Metric, ResultSet } from '../results.ts'

/** One result of hyperfine 1.x's `--export-json`, in its field order. Times are in seconds. */
export interface HyperfineResult {
  command: string
  mean: number
  /** The sample standard deviation; null with fewer than two runs, as hyperfine writes it. */
  stddev: number | null
  median: number
  /** Mean user CPU time of a run. */
  user: number
  /** Mean system CPU time of a run. */
  system: number
  min: number
  max: number
  times: number[]
  /** Peak resident memory of every run, in bytes, where it was measured (hyperfine 1.20). */
  memory_usage_byte?: number[]
  /** One per run: every exported run exited with 0 (a failing run fails its benchmark). */
  exit_codes: number[]
  /** The parameter point, values as strings and names in order; absent without parameters. */
  parameters?: Record<string, string>
}

/** A benchmark the export does not hold, and why. */
export interface LeftOut {
  id: string
  reason: string
}

export interface HyperfineExport {
  results: HyperfineResult[]
  leftOut: LeftOut[]
}

/** Where each kind keeps what hyperfine reports: wall time, user and system CPU time, peak memory. */
const SOURCES: Partial<
  Record<BenchmarkResult['kind'], { time: string; user?: string; system?: string; memory?: string }>
> = {
  process: { time: 'wall', user: 'user', system: 'sys', memory: 'max-rss' },
  'wall-clock': { time: 'time' },
  import: { time: 'time', user: 'user', system: 'system', memory: 'memory' },
}

const NOT_TIMED: Partial<Record<BenchmarkResult['kind'], string>> = {
  instructions: 'instruction counts, not times',
  scaling: 'throughputs at a thread or process count, not times of runs',
}

const NS_PER_SECOND = 1e9

/** The results of a run as hyperfine would have reported them, and the benchmarks left out. */
export function hyperfineExport(results: ResultSet): HyperfineExport {
  const exported: HyperfineResult[] = []
  const leftOut: LeftOut[] = []
  for (const b of results.benchmarks) {
    const entry = hyperfineResult(b)
    if ('reason' in entry) leftOut.push({ id: b.id, reason: entry.reason })
    else exported.push(entry)
  }
  return { results: exported, leftOut }
}

function hyperfineResult(b: BenchmarkResult): HyperfineResult | { reason: string } {
  // Why it failed is the report's to say.
  if (b.status === 'failed') return { reason: 'failed' }
  const sources = SOURCES[b.kind]
  if (!sources) return { reason: NOT_TIMED[b.kind] ?? `a ${b.kind} benchmark has no times of runs` }
  const time = b.metrics[sources.time]
  if (time?.unit !== 'ns' || !time.samples || time.samples.length === 0)
    return {
      reason: time?.summary ? 'the tool kept a summary of its times, not every run' : 'no times of runs',
    }
  const times = time.samples.map((ns) => ns / NS_PER_SECOND)
  const sorted = [...times].sort((x, y) => x - y)
  const memory = sources.memory ? b.metrics[sources.memory] : undefined
  const result: HyperfineResult = {
    command: b.id,
    mean: mean(times),
    stddev: standardDeviation(times),
    median: median(sorted),
    user: cpuSeconds(sources.user ? b.metrics[sources.user] : undefined),
    system: cpuSeconds(sources.system ? b.metrics[sources.system] : undefined),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    times,
    ...(memory?.unit === 'bytes' && memory.samples?.length === times.length
      ? { memory_usage_byte: memory.samples.map(Math.round) }
      : {}),
    exit_codes: times.map(() => 0),
  }
  const names = Object.keys(b.parameters).sort()
  if (names.length > 0) result.parameters = Object.fromEntries(names.map((n) => [n, String(b.parameters[n])]))
  return result
}

/** Mean CPU time of a run in seconds: of its samples, or the mean a tool reported; 0 where unmeasured. */
function cpuSeconds(metric: Metric | undefined): number {
  if (metric?.unit !== 'ns') return 0
  if (metric.samples && metric.samples.length > 0) return mean(metric.samples) / NS_PER_SECOND
  if (metric.summary?.statistic === 'mean') return metric.summary.center / NS_PER_SECOND
  return 0
}

function mean(values: readonly number[]): number {
  let sum = 0
  for (const v of values) sum += v
  return sum / values.length
}

/** The sample standard deviation (n − 1), as hyperfine computes it; null below two values. */
function standardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null
  const m = mean(values)
  let squares = 0
  for (const v of values) squares += (v - m) ** 2
  return Math.sqrt(squares / (values.length - 1))
}

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** hyperfine's `--export-json`: `{ "results": [...] }`, indented by two spaces. */
export function hyperfineJson(results: readonly HyperfineResult[]): string {
  return `${JSON.stringify({ results }, null, 2)}\n`
}
