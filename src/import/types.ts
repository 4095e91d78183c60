// What other tools wrote — the results of benchmark harnesses people already run (hyperfine, criterion,
// go test -bench, iai-callgrind, …), or a program's own output a scaling benchmark reads throughput from —
// read into one shape: one module per format behind the same small interface, so every imported
// benchmark goes through the statistics, gate and report of a measured one.
import type { Direction, SummaryStatistic, Unit } from '../results.ts'

/** One file to read: where it came from (named in every error) and its text. */
export interface ImportSource {
  /** A file path, or a description such as "output of `go test -bench .`". */
  path: string
  text: string
}

export interface ImportedMetric {
  /** Normalised: time in ns, sizes in bytes, rates in ops/s or bytes/s (see units.ts). */
  unit: Unit
  direction: Direction
  /** Every raw sample the format keeps (hyperfine times, criterion samples, repetitions), in order. */
  samples?: number[]
  /** Only a summary, where the format keeps no samples. */
  summary?: ImportedSummary
  /**
   * An exact value the tool counted rather than timed (bytes or allocations per call): compared
   * exactly, as instruction counts are.
   */
  value?: number
  /** The unit as the tool printed it, when it is none of ours (a custom metric's "points"). */
  label?: string
  /**
   * The format does not say which way is better (a Google Benchmark user counter, a custom Bencher
   * measure): the direction is a guess, so the metric is reported but gates only when named in `gate`.
   */
  directionAssumed?: boolean
  /**
   * The metric of the same benchmark this one was computed from (a rate from the times: criterion's
   * throughput, go's MB/s): one measurement seen two ways, so it is shown with that metric's verdict
   * and gates only when named in `gate`, instead of that metric.
   */
  derivedFrom?: string
}

export interface ImportedSummary {
  /** The central value the tool reports: its mean, median or minimum (`statistic` says which). */
  center: number
  /** What `center` is. A tool that reports a median is judged by it before its mean (outliers move a mean). */
  statistic?: SummaryStatistic
  /** Standard deviation of the tool's samples, where reported. */
  stddev?: number
  /** Interquartile range of the tool's samples, where reported. */
  iqr?: number
  /** How many samples the summary is of, where reported. */
  n?: number
  /** An interval the tool computed around the center (a JMH score error, a BMF lower/upper value). */
  interval?: [low: number, high: number]
  /** The interval's confidence level (Catch2's 0.95), where the tool says. */
  level?: number
}

export interface ImportedBenchmark {
  /** The tool's name for it, group and parameters included ("fib/20", "BenchmarkSum-8"). */
  name: string
  /** By metric name: `time`, `throughput`, `memory`, `allocations`, or the format's own. */
  metrics: Record<string, ImportedMetric>
  /** What the reader should know: aggregates skipped, a unit converted, a sample count. */
  notes?: string[]
  /** The tool recorded this benchmark as failed (an error, an exception): why, in its words. */
  error?: string
  /** What the tool prints beside the name: the arguments or command line it ran with. */
  details?: string
  /** The file it was read from, when a directory holds one file per benchmark. */
  file?: string
  /**
   * What the tool says the benchmark is made of, beyond its name: rebar's definition and engine, so
   * the engines of one definition are ranked together.
   */
  parameters?: Record<string, string>
}

/** Which result a scaling point reads from one run's output. */
export interface ThroughputPoint {
  /** Threads of each process at this point. */
  threads: number
  /** The benchmark line to read, for formats that print several (`{threads}` replaced by the count). */
  line?: string
}

/**
 * One format of the registry (index.ts). Every format yields benchmarks (`parse`), which the import kind
 * reads; what else it yields says which other kinds can read it.
 */
export interface ImportFormat {
  /** The config's `format:` value. */
  readonly name: string
  /** Whether the text is plausibly this format: cheap, and never throws. Used when `format` is omitted. */
  detect(source: ImportSource): boolean
  /** Every benchmark in the text; throws ImportFormatError naming where and what was expected. */
  parse(source: ImportSource): ImportedBenchmark[]
  /**
   * The benchmarks of a directory the tool writes its results into (criterion's target/criterion), in
   * path order.
   */
  readDirectory?(dir: string): Promise<ImportedBenchmark[]>
  /**
   * Operations per second in the output of one run of a program printing this format: what a scaling
   * benchmark naming the format reads. Throws ThroughputError saying what is missing.
   */
  throughput?(output: string, point: ThroughputPoint): number
  /** Its benchmarks are exact instruction counts, which the instructions kind reads (`import:`). */
  readonly instructionCounts?: boolean
}

/** A run's output that holds no throughput its format can read; the message says what is missing. */
export class ThroughputError extends Error {
  override name = 'ThroughputError'
}

/**
 * A file that is not what its format says: names the file, the place in it (a line, a JSON path) and
 * what was expected there.
 */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
  constructor(
    readonly source: string,
    readonly where: string,
    readonly detail: string,
  ) {
    super(where ? `${source}: ${where}: ${detail}` : `${source}: ${detail}`)
  }
}

/** How many lines a text has, a last line without its newline counted, a final newline not. */
export function lineCount(text: string): number {
  const lines = text.split('\n').length
  return text.endsWith('\n') ? lines - 1 : lines
}
