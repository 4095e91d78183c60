// The comparison's result types, which every report reads, the options it is made with, and the plain
// constants reports need. Types and constants only.

import type { Acceptance, AcceptEntry, AcceptedBy } from '../accept.ts'
import type {
  BenchmarkError,
  BenchmarkResult,
  CallTree,
  CommitInfo,
  Contention,
  Direction,
  Environment,
  ResultSet,
  SamplePairs,
  SummaryStatistic,
  TimedChangeRule,
  Unit,
} from '../results.ts'
import type { DriftEstimate, Summary } from '../stats/index.ts'
import type { CallPathDiff } from './call-paths.ts'
import type { FunctionChange } from './functions.ts'
import type { HeapSiteChange } from './heap-sites.ts'

/** `accepted`: a regression accepted on purpose (bench.yml's `accept:`, a pull request's label); it passes. */
export type MetricVerdict = 'regression' | 'accepted' | 'improvement' | 'unchanged' | 'unclear' | 'warning'
export type BenchmarkVerdict = MetricVerdict | 'new' | 'missing' | 'failed'

export interface MetricComparison {
  metric: string
  unit: Unit
  /** The tool's own unit, for unit `other`. */
  label?: string
  direction: Direction
  /** Gated metrics decide the benchmark's verdict; the others are shown for information. */
  gated: boolean
  /**
   * The metric of the same measurement whose verdict this one shows (throughput follows time: the same
   * samples seen two ways). Its own statistics are shown, never a verdict of its own: one measurement,
   * one verdict.
   */
  follows?: string
  exact: boolean
  base: Summary
  head: Summary
  /**
   * How head was compared with base. 'ratio' (the default, absent): head / base − 1, for values all above
   * 0. 'difference': a side has a value ≤ 0 (an imported metric with negative values, a count or CPU
   * time that is often 0), where a ratio is no relative change (−998 → −1100 is not "+10%", 0 → 1 is not
   * "+∞"): head − base of the medians instead, judged only against an absolute threshold (percentage
   * points), else shown as unclear; ratio and change are then NaN.
   */
  basis?: 'ratio' | 'difference'
  /** median(head) − median(base), in the metric's unit, when compared by difference. */
  difference?: number
  /** Bootstrap interval of the difference of medians at 1 − alpha, when compared by difference. */
  differenceCi?: [number, number]
  ratio: number
  change: number
  /** Confidence interval of the ratio (sampled metrics only), at 1 − alpha. */
  ci?: [number, number]
  pValue?: number
  /** The test behind pValue: mann-whitney-* for independent samples, wilcoxon-* for pairs. */
  /** Compared as the tools' summaries: which statistic both sides are, where they say the same. */
  statistic?: SummaryStatistic
  test?: string
  /** Pairs of neighbouring base and head runs the paired analysis used (same-job comparisons). */
  pairs?: number
  /** The machine's drift between stored runs of one state of the code, where it was asked for. */
  drift?: DriftEstimate
  verdict: MetricVerdict
  /**
   * Unchanged at the clock's resolution: a time most of whose runs on a side measured 0 (too short for
   * the clock to register, atResolutionFloor), with both medians 0. Reports say so instead of a bare
   * "unchanged" (docs/methodology.md#values-not-all-above-0).
   */
  atClockResolution?: true
  /** Why the verdict is unclear, in a few words ("p = 0.21 is not below α = 0.01"); set when unclear. */
  why?: string
  /** What accepted this metric's regression, when its verdict is `accepted`. */
  accepted?: AcceptedBy
  notes: string[]
}

export interface BenchmarkComparison {
  id: string
  name: string
  kind: BenchmarkResult['kind']
  command?: string[]
  verdict: BenchmarkVerdict
  threshold: number
  alpha: number
  metrics: MetricComparison[]
  /** Head-only summaries, for benchmarks with no usable baseline. */
  headOnly: HeadOnlyMetric[]
  error?: BenchmarkError
  notes: string[]
  /** Instruction benchmarks that changed: the functions whose self Ir changed most. */
  functionChanges?: FunctionChange[]
  /**
   * Instruction benchmarks whose verdict is a regression or an improvement, with a call tree on both
   * sides: both trees, for the flame graphs, and the call paths whose instructions changed most.
   */
  callPaths?: CallPathDiff
  /** Head's call tree, where its result has one (instruction benchmarks): where its instructions go. */
  callTree?: CallTree
  /** Instruction benchmarks whose heap counts regressed or improved: the allocation sites that changed most. */
  heapSiteChanges?: HeapSiteChange[]
  /** Base and head runs interleaved run by run in this job: the pairs its sampled metrics were compared on. */
  pairs?: number
  /** How busy the machine was while each side was measured (Linux), as its results recorded it. */
  contention?: { base?: Contention; head?: Contention }
  /** The shell start-up subtracted from each side's wall samples (process benchmarks run through a shell). */
  shellCorrection?: { base?: ShellCorrection; head?: ShellCorrection }
  /** A timed regression or improvement of a same-job run: what the instruction counts of both sides say. */
  explanation?: TimedChangeExplanation
}

/**
 * What instruction counts say about a benchmark's timed change (compare/explain.ts): the counts of one
 * run of each side under callgrind and how they moved, or why there are none.
 */
export interface TimedChangeExplanation {
  /** The gated timed metrics that changed (regression or improvement as measured), with head / base − 1. */
  changes: Array<{ metric: string; change: number }>
  /** bench.yml's timed-change for the benchmark. */
  rule: TimedChangeRule
  instructions?: {
    base: number
    head: number
    /** head / base − 1. */
    change: number
    /**
     * explains: beyond the threshold, the way the time moved (more instructions, slower); barely:
     * within the threshold; opposite: beyond it, the other way.
     */
    reading: 'explains' | 'barely' | 'opposite'
  }
  /**
   * Why there are no counts to read: valgrind could not run it as measured (skipped), counting went
   * wrong (failed), or they were made against another base commit than this baseline's (elsewhere).
   */
  notCounted?: { status: 'skipped' | 'failed' | 'elsewhere'; reason: string }
  /** explained-only made the change unclear: the instructions barely changed. */
  unclear?: true
}

export type ShellCorrection = NonNullable<BenchmarkResult['shellCorrection']>

/**
 * What the drift estimates of the compared benchmarks rested on, for the report's noise line: one
 * estimate per benchmark (its first gated timed metric), summed up.
 */
export interface DriftSummary {
  /** Benchmarks whose drift is known, and those with too few runs of one state of the code. */
  known: number
  unknown: number
  /** The fewest and most states of the code the stored runs fell into, over those benchmarks. */
  states: [number, number]
  /** The widest and narrowest drift bound over those benchmarks (ratios ≥ 1). */
  bounds: [number, number]
  /** Runs left out of some benchmarks' estimates, with the first reason given and how many benchmarks. */
  leftOut: Array<{ sha?: string; createdAt: string; reason: string; benchmarks: number }>
}

/** How many functions a report lists per changed instruction benchmark. */
export const FUNCTION_CHANGES_SHOWN = 10

/** How many allocation sites a report lists per instruction benchmark whose heap counts changed. */
export const HEAP_SITE_CHANGES_SHOWN = 10

export interface HeadOnlyMetric {
  metric: string
  unit: Unit
  label?: string
  /** An imported metric the tool kept only as a summary: its value is the tool's own. */
  summaryOnly?: boolean
  /** Which of the tool's statistics that value is, where it says. */
  statistic?: SummaryStatistic
  /** How many samples the tool's summary is of, where it says. */
  summaryOf?: number
  gated: boolean
  exact: boolean
  summary: Summary
}

export interface BaselineInfo {
  results: ResultSet
  /** Where it was read from (a file path or a store key). */
  source: string
  /** Why this baseline was chosen, in words: "newest results on branch main". */
  reason: string
}

export interface EnvironmentDifference {
  key: string
  base: string
  head: string
}

export interface RankEntry {
  id: string
  name: string
  median: number
  /** How many times slower than the fastest (1 for the fastest), with a 95% interval. */
  ratio: number
  ci: [number, number]
}

/**
 * Why benchmarks are ranked together: bench.yml declared them alternatives. A `compare-with:` group (the
 * config entries of the ranked benchmarks, in the file's order), or a parameter scan whose text
 * parameters name alternatives (the entry, and those parameters).
 */
export type RankingBasis = { group: string[] } | { scan: string; over: string[] }

/** Benchmarks declared comparable, ranked by the median of their kind's metric against the fastest. */
export interface BenchmarkRanking {
  basis: RankingBasis
  /** The parameter values every ranked benchmark shares (a point of scans ranked together); {} when none. */
  at: Record<string, string | number>
  /** The metric whose median ranks them (the kind's `rankedBy`), and its unit. */
  metric: string
  unit: Unit
  /** Fastest first. */
  entries: RankEntry[]
}

/** One engine of a benchmark measured with several, against the fastest (rebar cmp). */
export interface EngineRankEntry {
  engine: string
  id: string
  /** Median time per call, ns. */
  median: number
  /** Median bytes per second, when a call's work has a size. */
  throughput?: number
  /** How many times slower than the fastest engine (1 for it), with a 95% interval. */
  ratio: number
  ci: [number, number]
  /** Ranked by the tools' summaries (an imported `rebar measure` CSV), not by samples. */
  fromSummaries?: true
}

export interface EngineRanking {
  /** The benchmark's name in the config. */
  benchmark: string
  engines: EngineRankEntry[]
  /** Engines that failed, gave no samples or times not above 0, which cannot be ranked. */
  unranked: string[]
}

/** One measured count of a scaling benchmark, on one side. */
export interface ScalingSide {
  /** Median throughput, ops/s. */
  throughput: number
  /** Median throughput over the median at the smallest count. */
  speedup: number
  /** speedup ÷ (count ÷ smallest count): 1 is perfect scaling. */
  efficiency: number
}

export interface ScalingPoint {
  /** Threads or processes. */
  count: number
  /** The benchmark id of this point (`NAME/threads:4`). */
  id: string
  base?: ScalingSide
  head?: ScalingSide
  verdict: BenchmarkVerdict
}

/** A scaling benchmark's curve: throughput, speedup and efficiency against the count, base and head. */
export interface ScalingSeries {
  /** The benchmark's name in the config. */
  benchmark: string
  dimension: 'threads' | 'processes'
  /** In increasing count. */
  points: ScalingPoint[]
  /** Logical CPUs of the machine that measured head; counts above it are oversubscribed. */
  cores: number
}

/** One value of a parameter scan: each side's median wall time there. */
export interface ScanPoint {
  value: number
  /** The benchmark id of this point (`NAME/n:100`). */
  id: string
  /** Median wall time, ns. */
  base?: number
  head?: number
  verdict: BenchmarkVerdict
}

/** A process benchmark's parameter scan with one numeric parameter: median wall time against its value. */
export interface ScanSeries {
  /** The benchmark's name in the config. */
  benchmark: string
  parameter: string
  /** In increasing value. */
  points: ScanPoint[]
}

export interface Comparison {
  suite: string
  head: { commit: CommitInfo; createdAt: string; environment: Environment }
  baseline?: {
    commit: CommitInfo
    createdAt: string
    environment: Environment
    source: string
    reason: string
  }
  /** Why there is no baseline, when there is none. */
  noBaselineReason?: string
  /** Problems met while looking for a baseline (a corrupt file, say); reported, never fatal. */
  baselineWarnings: string[]
  /** Earlier runs the machine's drift was estimated from (docs/methodology.md#across-moments-the-drift-allowance), when any were given. */
  history?: { runs: number; branch?: string; drift?: DriftSummary }
  benchmarks: BenchmarkComparison[]
  counts: Record<BenchmarkVerdict, number>
  /** pass: nothing regressed; regression: a gated metric regressed; failed: a benchmark failed. */
  verdict: 'pass' | 'regression' | 'failed'
  environmentDifferences: EnvironmentDifference[]
  /**
   * The rankings of benchmarks bench.yml declared comparable (docs/methodology.md#rankings): one per
   * compare-with group, and per scan over text values, at each parameter point.
   */
  ranking: BenchmarkRanking[]
  /** Wall-clock benchmarks with several engines, each engine ranked against the fastest. */
  engineRankings: EngineRanking[]
  /** Scaling benchmarks, one curve per benchmark and dimension. */
  scaling: ScalingSeries[]
  /** Parameter scans of process benchmarks: wall time against the parameter. Absent in older comparisons. */
  scans?: ScanSeries[]
  /**
   * Base and head were measured in this job with the runs of some benchmarks paired: how many pairs per
   * benchmark, and which benchmarks were not paired. Only runs that really alternated are paired (docs/methodology.md#same-job).
   */
  pairing?: Pairing
  /**
   * Instruction counts compared with a baseline of their own (`baseline: auto` on a pull request: the
   * timed benchmarks against the base measured in this job, the exact counts against the store).
   */
  exactBaseline?: ExactBaseline
  /**
   * Base and head were measured at different moments (a stored baseline, two files): timed verdicts
   * then need evidence beyond what the machine's drift between moments explains.
   */
  acrossMoments?: boolean
  /**
   * Acceptances this comparison was given (docs/ARCHITECTURE.md#glossary): what was decided about them before comparing
   * (an entry whose date passed) and entries that matched nothing, for the report to show.
   */
  acceptance?: { notes: string[]; added?: AcceptEntry[] }
  /**
   * The published trend site's address (bench.yml `trends:`): each benchmark links to its page there.
   * Set by the run from its own config; never read from a comparison's data.
   */
  trends?: string
}

/** What a pull request's instruction counts were compared with, when not with `baseline`. */
export interface ExactBaseline {
  baseline?: Comparison['baseline']
  noBaselineReason?: string
  /** Toolchain and CPU differences from that baseline: its exact counts are then warnings. */
  environmentDifferences: EnvironmentDifference[]
  /** How many benchmarks were compared with it. */
  benchmarks: number
}

export interface Pairing {
  /** How many benchmarks were compared on pairs, and the fewest and most pairs one had. */
  benchmarks: number
  minPairs: number
  maxPairs: number
  /** Their names. */
  paired: string[]
  /**
   * Benchmarks compared on samples or summaries that did not alternate run by run — an imported
   * benchmark is measured once per side, by the tool that wrote the file — so compared unpaired.
   */
  unpaired: string[]
  /** Benchmarks compared on exact counts only: the same on every run, they need no pairing. */
  exact: string[]
}

/** The order reports list verdicts in: what needs attention first. */
export const VERDICT_ORDER: BenchmarkVerdict[] = [
  'regression',
  'failed',
  'accepted',
  'unclear',
  'warning',
  'improvement',
  'new',
  'missing',
  'unchanged',
]

export interface CompareOptions {
  baseline?: BaselineInfo
  noBaselineReason?: string
  baselineWarnings?: string[]
  /** Only some benchmarks were run on purpose (--filter): the others are not reported missing. */
  filtered?: boolean
  /** Earlier stored runs (the baseline among them) for the run-to-run noise of each metric. */
  history?: { branch?: string; results: ResultSet[] }
  /** Base and head were measured in one job: these runs pair up (see SamplePairs). */
  pairs?: SamplePairs
  /**
   * Base and head were measured at different moments: the baseline came from a store or a file, not
   * measured in this job. A timed change then counts only beyond the run-to-run noise the stored runs
   * show, or, while that is unknown, beyond UNKNOWN_NOISE_BOUND; and where wall time and CPU time
   * diverge, the wall verdict is CPU time's (docs/methodology.md#wall-time-and-cpu-time). Exact counts keep their rule. Never set it for
   * base and head measured in this job.
   */
  acrossMoments?: boolean
  /**
   * Regressions accepted on purpose: the rules that hold against `baseline` (an `until` commit is judged
   * against the baseline compared with), and the notes about those that do not.
   */
  accept?: Acceptance
  /** Instruction benchmarks are compared with this instead of `baseline` (see Comparison.exactBaseline). */
  exact?: Pick<CompareOptions, 'baseline' | 'noBaselineReason' | 'baselineWarnings' | 'history' | 'accept'>
}
