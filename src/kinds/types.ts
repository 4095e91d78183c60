// What a kind of benchmark is to the rest of the pipeline: its entry in bench.yml, how that entry becomes
// cases, how a case is measured, and its metric catalogue. Each kind is one folder beside this file; the
// registry (index.ts) lists them, and config, plan, the schedule, compare and the reports ask it instead
// of naming kinds.
import type * as z from 'zod'
import type { ResolveContext } from '../fields/index.ts'
import type { Placement } from '../measure/placement.ts'
import type { DerivedMetrics } from '../metric-families.ts'
import type { CaseBase } from '../plan-types.ts'
import type { BenchmarkResult, Kind } from '../results.ts'
import type { InstructionsCase } from './instructions/plan.ts'

/** What a kind reports, and which of its metrics are one measurement seen two ways. */
export interface MetricCatalogue {
  /** The metrics `gate:` may name; absent when they are whatever the results read hold. */
  readonly names?: readonly [string, ...string[]]
  /** What gates when `gate:` is not written. */
  readonly defaultGate?: readonly string[]
  /** Metrics computed from another metric of the same benchmark (see metric-families.ts). */
  readonly derived: DerivedMetrics
}

/** What asking a case for its benchmarks gave. */
export type Expansion<C> =
  /**
   * Cases to measure: the benchmarks a harness listed or a rebar directory defines (filtered
   * afterwards by name), and those of them already failed.
   */
  | { cases: C[]; read?: Array<{ c: C; result: BenchmarkResult }> }
  /** Benchmarks read, not measured: each with its case and result. */
  | { read: Array<{ c: C; result: BenchmarkResult }> }
  /** Nothing to measure: why, as the case's result. */
  | { failure: BenchmarkResult }

export interface ProgressOptions {
  /** The environment the benchmark inherits (its own env is added to it). */
  inherit?: NodeJS.ProcessEnv
  /** Called as its runs or samples are taken. */
  onProgress?: (done: number, total: number) => void
  /** Where each timed process's environment padding comes from (measure/placement.ts). */
  placement?: Placement
}

/** One benchmark's timed measurement, taken in parts so a schedule can interleave it with others. */
export interface TimedMeasurement {
  readonly remaining: number
  /** Counted samples taken so far. */
  readonly taken: number
  run(count: number): Promise<void>
  result(): BenchmarkResult | Promise<BenchmarkResult>
  /** Takes this many samples in all (a scheduler stopping early, or extending). */
  setTarget(runs: number): void
}

/** How a timed kind takes part in the suite's rounds (src/schedule/rounds.ts). */
export interface TimedKind<C> {
  measurement(c: C, options: ProgressOptions): TimedMeasurement
  /** How many parts the case's runs are split into, in a schedule of `units` units, alone or paired. */
  parts(c: C, schedule: { units: number; paired: boolean; maxRounds: number }): number
  /** What progress counts: 'samples' or 'runs'. */
  readonly progressUnit: string
  /**
   * The schedule times its parts for the machine's contention, by its progress; false when the
   * measurement times its own.
   */
  readonly partsTimedBySchedule: boolean
  /** CPUs a case keeps busy at once. */
  parallelism(c: C): number
  /** Adds to each result what needs the whole suite measured first (a sweep's speedup). */
  complete?(cases: C[], results: Map<string, BenchmarkResult>): void
  /**
   * The case counted under callgrind to explain a timed change (src/run/explain.ts): the command as it
   * was measured, in the environment it inherited (`inherit`, its own env over it) and its tree; or, in
   * plain words, why valgrind cannot count it as it was measured.
   */
  countedAs(c: C, inherit: NodeJS.ProcessEnv): InstructionsCase | { skipped: string }
}

/** A benchmark's place on a curve of its kind (a scaling sweep): the curve, its axis and the point. */
export interface CurvePoint {
  series: string
  dimension: 'threads' | 'processes'
  count: number
}

/** One kind of benchmark. */
export interface KindModule<
  K extends Kind = Kind,
  Entry = unknown,
  Config extends { name: string; kind: Kind } = { name: string; kind: K },
  C extends CaseBase = CaseBase & { kind: K },
> {
  readonly kind: K
  /** Its entry in bench.yml: a member of the config's union on `kind`. */
  readonly schema: z.ZodType<Entry> & z.core.$ZodTypeDiscriminable
  readonly metrics: MetricCatalogue
  /** The entry with defaults, inheritance and paths applied. */
  resolve(entry: Entry, context: ResolveContext): Config
  /** Its cases: one per parameter point. */
  plan(config: Config): C[]
  /** Whether its cases are named `NAME/…` (a harness, engines, a sweep, benchmarks read from a file). */
  expands(config: Config): boolean
  /** Kept through a filter its name does not match: its benchmarks are listed first and filtered then. */
  listsBenchmarks?(c: C): boolean
  /** Asks the case for its benchmarks before anything is measured; undefined: measure it as it is. */
  expand?(c: C, inherit: NodeJS.ProcessEnv | undefined): Promise<Expansion<C> | undefined>
  /**
   * Exact kinds: counted once, independent of the machine's load, so cases run side by side and a
   * same-job comparison (`baseline: auto`) compares them with the store instead of measuring the base.
   */
  measureExact?(c: C, inherit: NodeJS.ProcessEnv | undefined): Promise<BenchmarkResult>
  /** Timed kinds: measured in the suite's rounds. */
  readonly timed?: TimedKind<C>
  /** Versions of the tools its measurements depend on, for the environment fingerprint. */
  readonly tools?: Readonly<Record<string, () => Promise<string | undefined>>>
  /** Why a benchmark of a same-job comparison was compared unpaired, when it is so by its kind. */
  readonly unpairedReason?: string
  /** Its results are points of curves the report draws (throughput against a count). */
  curvePoint?(b: BenchmarkResult): CurvePoint | undefined
  /** Its benchmarks are alternatives ranked against each other by this metric's median (hyperfine's ranking). */
  readonly rankedBy?: string
}
