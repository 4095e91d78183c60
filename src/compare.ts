// compare: (base ResultSet, head ResultSet) → Comparison. Pure: no I/O, deterministic for the same
// inputs (the bootstrap is seeded from the benchmark and metric names).

import {
  type Acceptance,
  type AcceptEntry,
  type AcceptedBy,
  type AcceptRule,
  coversBenchmark,
  joinAcceptances,
  staleNotes,
} from './accept.ts'
import { formatChange } from './display.ts'
import { type HistoryRuns, historyRuns } from './drift-history.ts'
import { diffFunctionCosts, type FunctionChange } from './import/callgrind-metrics.ts'
import { derivedMetrics, isExactKind, kindOf } from './kinds/index.ts'
import { busyReason } from './measure/contention.ts'
import { followedMetrics, resolveGate } from './metric-families.ts'
import type {
  Accepted,
  BenchmarkError,
  BenchmarkResult,
  CommitInfo,
  Contention,
  Direction,
  Environment,
  Metric,
  ResultSet,
  SamplePairs,
  SummaryStatistic,
  Unit,
} from './results.ts'
import {
  allPositive,
  bootstrapRatioOfMedians,
  type DriftEstimate,
  type DriftRun,
  type DriftSides,
  decideAcrossMoments,
  decideDifference,
  decideExact,
  decideFewSamples,
  decidePaired,
  decideSampled,
  decideSummary,
  describeDrift,
  driftBound,
  estimateDrift,
  formatSignificant,
  MIN_SAMPLES_FOR_STATISTICS,
  type Summary,
  type SummaryInput,
  summarize,
  withinDrift,
} from './stats/index.ts'

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
  /** Base and head runs interleaved run by run in this job: the pairs its sampled metrics were compared on. */
  pairs?: number
  /** How busy the machine was while each side was measured (Linux), as its results recorded it. */
  contention?: { base?: Contention; head?: Contention }
  /** The shell start-up subtracted from each side's wall samples (process benchmarks run through a shell). */
  shellCorrection?: { base?: ShellCorrection; head?: ShellCorrection }
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
  ranking: RankEntry[]
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

/** Environment keys whose difference makes exact metrics incomparable. */
const FINGERPRINT_KEYS = ['os', 'arch', 'cpuModel', 'kernel', 'glibc', 'runnerImage', 'cpuCount'] as const

export function environmentDifferences(base: Environment, head: Environment): EnvironmentDifference[] {
  const diffs: EnvironmentDifference[] = []
  for (const key of FINGERPRINT_KEYS) {
    const b = base[key]
    const h = head[key]
    if (b !== undefined && h !== undefined && String(b) !== String(h)) {
      diffs.push({ key, base: String(b), head: String(h) })
    }
  }
  const tools = new Set([...Object.keys(base.tools), ...Object.keys(head.tools)])
  for (const tool of [...tools].sort()) {
    const b = base.tools[tool]
    const h = head.tools[tool]
    if (b !== undefined && h !== undefined && b !== h) diffs.push({ key: tool, base: b, head: h })
  }
  return diffs
}

function valuesOf(metric: Metric): number[] {
  if (metric.samples && metric.samples.length > 0) return metric.samples
  if (metric.summary) return [metric.summary.center]
  return metric.value !== undefined ? [metric.value] : []
}

/** A side as a summary: the tool's own, or the median, spread and count of its samples. */
function summaryOf(metric: Metric): SummaryInput {
  if (metric.summary) return metric.summary
  const values = valuesOf(metric)
  const s = summarize(values)
  return values.length > 1
    ? { center: s.median, statistic: 'median', stddev: s.stddev, n: values.length }
    : { center: s.median, statistic: 'median' }
}

function isExact(metric: Metric): boolean {
  return metric.value !== undefined && (metric.samples === undefined || metric.samples.length === 0)
}

/** What one metric of a benchmark is compared under, besides its two sides. */
interface MetricContext {
  /** The metric's name and its benchmark's id: they seed the bootstrap. */
  name: string
  benchmarkId: string
  /** The benchmark's gate, with only the metrics that gate (one per measurement). */
  gate: BenchmarkResult['gate']
  /** The environment fingerprints differ: an exact change is a warning, not a verdict. */
  environmentDiffers: boolean
  /** The drift of the metric between stored runs of one state of the code (estimated when first asked). */
  drift?: () => DriftEstimate | undefined
  /** A large suite: intervals only where they decide a verdict. */
  large?: boolean
  /** Sample indices (base, head) of runs measured next to each other. */
  pairs?: ReadonlyArray<readonly [number, number]>
  /** Base and head were measured at different moments. */
  across?: AcrossMoments
}

function compareMetric(base: Metric, head: Metric, context: MetricContext): MetricComparison | undefined {
  const { name, benchmarkId, gate, environmentDiffers, drift, large = false, pairs, across } = context
  let baseValues = valuesOf(base)
  let headValues = valuesOf(head)
  if (baseValues.length === 0 || headValues.length === 0) return undefined
  const gated = gate.metrics.includes(name)
  const common = {
    metric: name,
    unit: head.unit,
    ...(head.label !== undefined ? { label: head.label } : {}),
    direction: head.direction,
    gated,
  }
  // Percentage points: the one threshold in the metric's own unit, for comparing by difference.
  const absoluteThreshold = gate.points !== undefined && head.unit === 'percent' ? gate.points : undefined
  if (isExact(base) && isExact(head)) {
    if (!(base.value! > 0 && head.value! > 0)) {
      // A count that was or became 0, or a value below 0: shown as the difference, never "+∞" (docs/methodology.md#values-not-all-above-0).
      const v = exactDifferenceVerdict(
        base.value!,
        head.value!,
        gate.threshold,
        head.direction,
        absoluteThreshold,
      )
      const warn = environmentDiffers && v.verdict !== 'unchanged'
      return {
        ...common,
        exact: true,
        base: summarize(baseValues),
        head: summarize(headValues),
        ...byDifference(head.value! - base.value!),
        verdict: warn ? 'warning' : v.verdict,
        ...whyOf(warn ? 'warning' : v.verdict, v.notes[v.notes.length - 1]),
        notes: [
          ...v.notes,
          ...(warn ? ['environment differs from the baseline: shown as a warning, not failing'] : []),
        ],
      }
    }
    const d = decideExact(base.value!, head.value!, { threshold: gate.threshold, direction: head.direction })
    const notes: string[] = []
    let verdict: MetricVerdict = d.verdict
    // An exact count only means something against a baseline from the same toolchain and CPU.
    if (environmentDiffers && verdict !== 'unchanged') {
      notes.push('environment differs from the baseline: shown as a warning, not failing')
      verdict = 'warning'
    }
    return {
      ...common,
      exact: true,
      base: summarize(baseValues),
      head: summarize(headValues),
      ratio: d.ratio,
      change: d.change,
      verdict,
      notes,
    }
  }
  if (base.summary || head.summary) {
    // A tool that kept only a summary gives nothing to test: the stricter rule of summary-only.ts.
    const [baseSide, headSide] = [summaryOf(base), summaryOf(head)]
    if (!(baseSide.center > 0 && headSide.center > 0)) {
      const constant = baseSide.center === headSide.center
      return {
        ...common,
        exact: false,
        base: summarize([baseSide.center]),
        head: summarize([headSide.center]),
        ...byDifference(headSide.center - baseSide.center),
        test: 'summary-difference',
        verdict: constant ? 'unchanged' : 'unclear',
        ...(constant ? {} : { why: 'values can be ≤ 0: the difference is shown, not judged' }),
        notes: constant ? [] : [NOT_BY_RATIO],
      }
    }
    const d = decideSummary(baseSide, headSide, {
      threshold: gate.threshold,
      alpha: gate.alpha,
      direction: head.direction,
    })
    const moments =
      across && (d.verdict === 'regression' || d.verdict === 'improvement')
        ? decideAcrossMoments(
            d.verdict,
            summaryRatioInterval(d.intervals, d.ratio),
            head.direction,
            drift?.(),
            across.storedRuns,
          )
        : undefined
    const estimate = moments ? drift?.() : undefined
    return {
      ...common,
      exact: false,
      base: summarize([baseSide.center]),
      head: summarize([headSide.center]),
      ratio: d.ratio,
      change: d.change,
      test: d.test,
      ...(baseSide.statistic && baseSide.statistic === headSide.statistic
        ? { statistic: baseSide.statistic }
        : {}),
      ...(estimate ? { drift: estimate } : {}),
      verdict: moments?.verdict ?? d.verdict,
      ...whyOf(moments?.verdict ?? d.verdict, moments?.why ?? d.notes[d.notes.length - 1]),
      notes: moments ? [...d.notes, moments.note] : d.notes,
    }
  }
  // A metric in percent (efficiency) may be gated on percentage points: the threshold is then that
  // many points of the base's median.
  const baseMedian = summarize(baseValues).median
  const threshold =
    gate.points !== undefined && head.unit === 'percent' && baseMedian > 0
      ? gate.points / baseMedian
      : gate.threshold
  const decision = {
    intervalOnlyWhenDeciding: large,
    ...(large ? { resamples: LARGE_SUITE_RESAMPLES } : {}),
    threshold,
    alpha: gate.alpha,
    direction: head.direction,
    seed: `${benchmarkId}\u0000${name}`,
  }
  // Runs measured next to each other share the machine's moment: their ratios cancel its drift.
  const paired = pairs?.filter(([b, h]) => b < baseValues.length && h < headValues.length) ?? []
  if (paired.length > 0) {
    baseValues = paired.map(([b]) => baseValues[b]!)
    headValues = paired.map(([, h]) => headValues[h]!)
  }
  if (!allPositive(baseValues) || !allPositive(headValues)) {
    // No ratio of values that can be ≤ 0 (decideDifference): the difference, shown and judged only
    // against percentage points; pairs add nothing to a difference that is not judged, so unpaired.
    const d = decideDifference(baseValues, headValues, { ...decision, absoluteThreshold })
    return {
      ...common,
      exact: false,
      base: d.baseSummary,
      head: d.headSummary,
      ...byDifference(d.difference, d.ci),
      ...(d.pValue !== undefined ? { pValue: d.pValue, test: d.test } : {}),
      verdict: d.verdict,
      ...whyOf(
        d.verdict,
        d.pValue !== undefined && d.pValue >= gate.alpha
          ? sampledWhy(d, gate.alpha)
          : d.notes[d.notes.length - 1],
      ),
      notes: d.notes,
    }
  }
  if (baseValues.length < MIN_SAMPLES_FOR_STATISTICS || headValues.length < MIN_SAMPLES_FOR_STATISTICS) {
    // One value on a side: no interval and no p-value, so nothing can be significant.
    const d = decideFewSamples(baseValues, headValues, decision)
    return {
      ...common,
      exact: false,
      base: d.baseSummary,
      head: d.headSummary,
      ratio: d.ratio,
      change: d.change,
      verdict: d.verdict,
      ...whyOf(
        d.verdict,
        `only ${baseValues.length} base and ${headValues.length} head values: too few for a test`,
      ),
      notes: d.notes,
    }
  }
  const d =
    paired.length > 0
      ? decidePaired(baseValues, headValues, decision)
      : decideSampled(baseValues, headValues, decision)
  let verdict: MetricVerdict = d.verdict
  const notes = [...d.notes]
  let why = sampledWhy(d, gate.alpha)
  let estimate: DriftEstimate | undefined
  if (across && paired.length === 0) {
    // Across moments: the samples' own interval must lie beyond what a change of the machine explains.
    if (d.verdict === 'regression' || d.verdict === 'improvement') {
      estimate = drift?.()
      const m = decideAcrossMoments(
        d.verdict,
        d.ci ?? [d.ratio, d.ratio],
        head.direction,
        estimate,
        across.storedRuns,
      )
      verdict = m.verdict
      why = m.why
      notes.push(m.note)
    }
  } else if (drift && (verdict === 'regression' || verdict === 'improvement')) {
    estimate = drift()
    if (estimate?.allowance !== undefined) {
      const seen = describeDrift(estimate, estimate.runs)
      if (withinDrift(d.ratio, estimate)) {
        // Significant within this run, but no larger than the machine's own drift between runs.
        notes.push(`within ${seen}`)
        why = `within ${seen}`
        verdict = 'unclear'
      } else {
        notes.push(`beyond ${seen}`)
      }
    } else estimate = undefined
  }
  return {
    ...common,
    exact: false,
    // decideSampled has summarised both sides already.
    base: d.baseSummary,
    head: d.headSummary,
    ratio: d.ratio,
    change: d.change,
    ci: d.ci,
    pValue: d.pValue,
    test: d.test,
    ...(paired.length > 0 ? { pairs: paired.length } : {}),
    ...(estimate ? { drift: estimate } : {}),
    verdict,
    ...whyOf(verdict, why),
    notes,
  }
}

/** Why a sampled decision was unclear, in a few words: the test, else the interval, else its last note. */
function sampledWhy(
  d: { pValue?: number; ci?: [number, number]; notes: string[] },
  alpha: number,
): string | undefined {
  if (d.pValue !== undefined && !(d.pValue < alpha))
    return `not significant: p = ${formatSignificant(d.pValue)}, not below α = ${formatSignificant(alpha)}`
  if (d.ci)
    return `the interval ${formatChange(d.ci[0] - 1)} … ${formatChange(d.ci[1] - 1)} includes no change`
  return d.notes[d.notes.length - 1]
}

/** The row's reason for an unclear verdict, when there is one to give. */
function whyOf(verdict: MetricVerdict, why: string | undefined): Pick<MetricComparison, 'why'> {
  return verdict === 'unclear' && why !== undefined ? { why } : {}
}

/** A comparison across moments: how many stored runs of the baseline's branch had this metric. */
interface AcrossMoments {
  storedRuns: number
}

/** The interval of head / base from two summaries' intervals, else the ratio itself. */
function summaryRatioInterval(
  intervals: { base?: [number, number]; head?: [number, number] },
  ratio: number,
): [number, number] {
  const { base, head } = intervals
  if (base && head && base[0] > 0 && head[0] > 0) return [head[0] / base[1], head[1] / base[0]]
  return [ratio, ratio]
}

const NOT_BY_RATIO =
  'not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference is shown but not judged (no absolute threshold)'

/** The fields of a comparison by difference: no ratio (NaN), the difference and its interval. */
function byDifference(
  difference: number,
  ci?: [number, number],
): Pick<MetricComparison, 'basis' | 'difference' | 'differenceCi' | 'ratio' | 'change'> {
  return {
    basis: 'difference',
    difference,
    ...(ci ? { differenceCi: ci } : {}),
    ratio: Number.NaN,
    change: Number.NaN,
  }
}

/**
 * Exact values not both above 0. Counts (both ≥ 0) keep decideExact's rule, exact and noiseless: from 0,
 * any increase is beyond every relative threshold (one allocation more is a regression), and a fall to 0
 * is −100%; only the display is the difference. A value below 0 gives no relative change at all: judged
 * only against an absolute threshold (percentage points), else shown as unclear.
 */
function exactDifferenceVerdict(
  base: number,
  head: number,
  threshold: number,
  direction: Direction,
  absoluteThreshold: number | undefined,
): { verdict: MetricVerdict; notes: string[] } {
  if (base === head) return { verdict: 'unchanged', notes: [] }
  if (base >= 0 && head >= 0) {
    const d = decideExact(base, head, { threshold, direction })
    const why =
      base === 0
        ? 'base is 0: shown as the difference; any change from an exact 0 is beyond the threshold'
        : 'head is 0: shown as the difference (a change of −100%)'
    return { verdict: d.verdict, notes: [why] }
  }
  if (absoluteThreshold === undefined) return { verdict: 'unclear', notes: [NOT_BY_RATIO] }
  const worse = direction === 'lower' ? head - base : base - head
  const notes = ['not compared by ratio: values can be ≤ 0; judged by the difference']
  if (worse > absoluteThreshold) return { verdict: 'regression', notes }
  if (worse < -absoluteThreshold) return { verdict: 'improvement', notes }
  return { verdict: 'unchanged', notes }
}

const METRIC_SEVERITY: MetricVerdict[] = [
  'regression',
  'accepted',
  'unclear',
  'warning',
  'improvement',
  'unchanged',
]

function benchmarkVerdict(metrics: MetricComparison[]): BenchmarkVerdict {
  const gated = metrics.filter((m) => m.gated)
  for (const v of METRIC_SEVERITY) {
    if (gated.some((m) => m.verdict === v)) return v
  }
  return 'unchanged'
}

function headOnly(result: BenchmarkResult): BenchmarkComparison['headOnly'] {
  const { gated } = resolveGate(derivedMetrics(result.kind), result.metrics, result.gate.metrics)
  return Object.entries(result.metrics)
    .filter(([, m]) => valuesOf(m).length > 0)
    .map(([metric, m]) => ({
      metric,
      unit: m.unit,
      ...(m.label !== undefined ? { label: m.label } : {}),
      ...(m.summary
        ? {
            summaryOnly: true,
            ...(m.summary.statistic ? { statistic: m.summary.statistic } : {}),
            ...(m.summary.n !== undefined ? { summaryOf: m.summary.n } : {}),
          }
        : {}),
      gated: gated.includes(metric),
      exact: isExact(m),
      summary: summarize(valuesOf(m)),
    }))
}

/** The noise line's account of the drift estimates: each compared benchmark's first gated timed metric. */
function driftSummaryOf(
  benchmarks: BenchmarkComparison[],
  history: HistoryRuns,
  head: ResultSet,
  baseById: Map<string, BenchmarkResult>,
): { drift?: DriftSummary } {
  const headById = new Map(head.benchmarks.map((b) => [b.id, b]))
  const estimates: DriftEstimate[] = []
  for (const b of benchmarks) {
    const timed = b.metrics.find((m) => m.gated && !m.exact && m.basis !== 'difference')
    const stored = timed ? history.get(b.id)?.get(timed.metric) : undefined
    if (!timed || !stored || stored.length === 0) continue
    const h = headById.get(b.id)
    const sides = sidesOf(baseById.get(b.id), h)
    estimates.push(timed.drift ?? estimateDrift(stored, { alpha: h?.gate.alpha ?? b.alpha, sides }))
  }
  if (estimates.length === 0) return {}
  const known = estimates.filter((e) => e.allowance !== undefined)
  const bounds = known.map((e) => driftBound(e))
  const states = estimates.map((e) => e.states)
  const leftOut = new Map<string, DriftSummary['leftOut'][number]>()
  for (const e of estimates) {
    for (const r of e.leftOut) {
      const key = `${r.sha ?? ''}\u0000${r.createdAt}`
      const seen = leftOut.get(key)
      if (seen) seen.benchmarks++
      else leftOut.set(key, { ...r, benchmarks: 1 })
    }
  }
  return {
    drift: {
      known: known.length,
      unknown: estimates.length - known.length,
      states: [Math.min(...states), Math.max(...states)],
      bounds: bounds.length > 0 ? [Math.min(...bounds), Math.max(...bounds)] : [1, 1],
      leftOut: [...leftOut.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    },
  }
}

/** The drift of one metric among its stored runs, estimated once, when a verdict first asks for it. */
/** How base and head were measured: both on a quiet machine, both on a busy one, or one of each. */
function sidesOf(base: BenchmarkResult | undefined, head: BenchmarkResult | undefined): DriftSides {
  const busy = [base, head].filter((b) => busyReason(b?.contention) !== undefined).length
  return busy === 0 ? 'quiet' : busy === 2 ? 'busy' : 'mixed'
}

function driftOf(stored: DriftRun[], alpha: number, sides: DriftSides): () => DriftEstimate | undefined {
  let estimate: DriftEstimate | undefined
  return () => {
    estimate ??= estimateDrift(stored, { alpha, sides })
    return estimate
  }
}

/**
 * Accepts the benchmark's regressions that a rule covers: each gated metric that regressed, and the
 * other views of its measurement, whose verdict is its (one measurement, one verdict). A rule with a
 * metric covers the measurement that metric belongs to. Failed benchmarks, improvements and unclear
 * changes are never touched.
 */
function acceptRegressions(b: BenchmarkComparison, rules: readonly AcceptRule[]): void {
  if (b.verdict !== 'regression' || !rules.some((r) => coversBenchmark(r, b))) return
  for (const lead of b.metrics) {
    if (!lead.gated || lead.verdict !== 'regression') continue
    const views = b.metrics.filter((m) => m.follows === lead.metric)
    const names = [lead.metric, ...views.map((m) => m.metric)]
    const rule = rules.find(
      (r) => coversBenchmark(r, b) && (r.metric === undefined || names.includes(r.metric)),
    )
    if (!rule) continue
    const by: AcceptedBy = {
      reason: rule.reason,
      ...(rule.by !== undefined ? { by: rule.by } : {}),
      source: rule.source,
      ...(rule.until !== undefined ? { until: rule.until } : {}),
    }
    for (const m of [lead, ...views]) {
      if (m.verdict !== 'regression') continue
      m.verdict = 'accepted'
      m.accepted = by
    }
  }
  b.verdict = benchmarkVerdict(b.metrics)
}

/** What a comparison accepted, as a results file records it: each metric whose regression was accepted. */
export function acceptedRegressions(c: Comparison): Accepted[] {
  return c.benchmarks.flatMap((b) =>
    b.metrics.flatMap((m) =>
      m.verdict === 'accepted' && m.accepted ? [{ benchmark: b.id, metric: m.metric, ...m.accepted }] : [],
    ),
  )
}

/** What the report says of acceptances: the notes decided before comparing, and entries that matched nothing. */
function acceptanceSummary(accept: Acceptance | undefined, head: ResultSet): Pick<Comparison, 'acceptance'> {
  const added = accept?.added ?? []
  if (!accept || (accept.rules.length === 0 && accept.notes.length === 0 && added.length === 0)) return {}
  return {
    acceptance: {
      notes: [...accept.notes, ...staleNotes(accept.rules, head.benchmarks)],
      ...(added.length > 0 ? { added } : {}),
    },
  }
}

export function compareBenchmark(
  base: BenchmarkResult | undefined,
  head: BenchmarkResult,
  environmentDiffers: boolean,
  history?: Map<string, DriftRun[]>,
  large = false,
  pairs?: SamplePairs[string],
  acrossMoments = false,
): BenchmarkComparison {
  const contention = {
    ...(base?.contention && { base: base.contention }),
    ...(head.contention && { head: head.contention }),
  }
  const common = {
    id: head.id,
    name: head.name,
    kind: head.kind,
    command: head.command,
    threshold: head.gate.threshold,
    alpha: head.gate.alpha,
    ...(contention.base || contention.head ? { contention } : {}),
    ...(head.shellCorrection || base?.shellCorrection
      ? {
          shellCorrection: {
            ...(base?.shellCorrection && { base: base.shellCorrection }),
            ...(head.shellCorrection && { head: head.shellCorrection }),
          },
        }
      : {}),
  }
  if (head.status === 'failed') {
    return { ...common, verdict: 'failed', metrics: [], headOnly: [], error: head.error, notes: head.notes }
  }
  if (!base || base.status === 'failed') {
    const notes = [...head.notes]
    if (base)
      notes.push(`the baseline run of this benchmark failed (${base.error?.message ?? 'no error recorded'})`)
    return { ...common, verdict: 'new', metrics: [], headOnly: headOnly(head), notes }
  }
  // One metric per measurement gates (metric-families.ts): a file that names two views of the same
  // samples gates the first named.
  const resolution = resolveGate(derivedMetrics(head.kind), head.metrics, head.gate.metrics)
  const gate = { ...head.gate, metrics: resolution.gated }
  const metrics: MetricComparison[] = []
  // Drift is estimated like for like: from quiet runs when neither side was measured on a busy machine.
  const sides = sidesOf(base, head)
  for (const [name, headMetric] of Object.entries(head.metrics)) {
    const baseMetric = base.metrics[name]
    if (!baseMetric) continue
    const stored = history?.get(name)
    const across = acrossMoments ? { storedRuns: stored?.length ?? 0 } : undefined
    const m = compareMetric(baseMetric, headMetric, {
      name,
      benchmarkId: head.id,
      gate,
      environmentDiffers,
      ...(stored && stored.length > 0 ? { drift: driftOf(stored, gate.alpha, sides) } : {}),
      large,
      pairs,
      across,
    })
    if (m) metrics.push(m)
  }
  if (acrossMoments && !pairs?.length) judgeOnCpuWhenWallDiverges(base, head, metrics, gate, history)
  // The other views of a measurement show its verdict: they can never contradict it.
  const compared = metrics.map((m) => m.metric)
  const follows = followedMetrics(derivedMetrics(head.kind), head.metrics, resolution.gated, compared)
  for (const m of metrics) {
    const lead = metrics.find((x) => x.metric === follows.get(m.metric))
    if (!lead) continue
    m.follows = lead.metric
    m.verdict = lead.verdict
  }
  const pairCounts = metrics.filter((m) => m.pairs !== undefined).map((m) => m.pairs!)
  const notes = [...head.notes]
  for (const [name, holder] of resolution.displaced)
    notes.push(`${name} not gated: the same samples as ${holder}, which the gate names first`)
  const missingGated = head.gate.metrics.filter(
    (g) => (resolution.absent.includes(g) || resolution.gated.includes(g)) && !compared.includes(g),
  )
  // Nothing that gates could be compared (a side with no samples, or without the gated metric): not
  // compared, never "unchanged". No values in this run → missing; values here but none in the baseline → new.
  if (!metrics.some((m) => m.gated)) {
    const judged = resolution.gated.length > 0 ? resolution.gated : Object.keys(head.metrics)
    const hasValues = (m: Metric | undefined) => m !== undefined && valuesOf(m).length > 0
    const headEmpty = judged.filter((n) => !hasValues(head.metrics[n]))
    const baseEmpty = judged.filter((n) => hasValues(head.metrics[n]) && !hasValues(base.metrics[n]))
    if (judged.length === 0 || headEmpty.length === judged.length) {
      notes.push(
        `not compared: this run has no values for ${judged.length > 0 ? headEmpty.join(', ') : 'any metric'}`,
      )
      return { ...common, verdict: 'missing', metrics, headOnly: [], notes }
    }
    if (baseEmpty.length > 0) {
      notes.push(`not compared: the baseline has no values for ${baseEmpty.join(', ')}`)
      return { ...common, verdict: 'new', metrics, headOnly: headOnly(head), notes }
    }
  }
  if (missingGated.length > 0) notes.push(`no baseline values for gated metric ${missingGated.join(', ')}`)
  const verdict = benchmarkVerdict(metrics)
  const changed = metrics.some((m) => m.gated && m.change !== 0)
  const functionChanges =
    changed && base.functions && head.functions
      ? diffFunctionCosts(base.functions, head.functions, FUNCTION_CHANGES_SHOWN)
      : undefined
  return {
    ...common,
    verdict,
    metrics,
    headOnly: [],
    notes,
    functionChanges,
    ...(pairCounts.length > 0 ? { pairs: Math.min(...pairCounts) } : {}),
  }
}

/**
 * Wall time over CPU time at or above this on a side: a CPU-bound program spent a fifth of its run or
 * more waiting for a CPU that other programs held (docs/methodology.md#wall-time-and-cpu-time).
 */
export const WALL_CPU_DIVERGENCE = 1.25

/** A side's center: the median of its samples, the tool's summary, or its exact value. */
function centerOf(metric: Metric | undefined): number | undefined {
  if (!metric || valuesOf(metric).length === 0) return undefined
  return metric.summary ? metric.summary.center : summarize(valuesOf(metric)).median
}

/** A side's CPU time: its `cpu` metric, else user + system (or sys), as far as the tool kept them. */
function cpuTimeOf(metrics: Record<string, Metric>): { center: number; name: string } | undefined {
  const cpu = centerOf(metrics.cpu)
  if (cpu !== undefined) return { center: cpu, name: 'cpu' }
  const systemName = metrics.system ? 'system' : 'sys'
  const user = centerOf(metrics.user)
  const system = centerOf(metrics[systemName])
  if (user === undefined || system === undefined) return undefined
  return { center: user + system, name: `user + ${systemName}` }
}

/**
 * Across moments, a machine busy at one of them stretches wall time and leaves CPU time alone: where a
 * side's wall time is WALL_CPU_DIVERGENCE times its CPU time or more, the gated wall time takes CPU
 * time's verdict (itself judged by the rules across moments). Not when the side that waited more also
 * switched voluntarily more often: a program that started to sleep or wait for I/O changed itself.
 * And where a busy moment left wall time's interval too wide to call (unclear), a change of CPU time
 * beyond what moments explain is the program's own: wall time takes that verdict.
 */
function judgeOnCpuWhenWallDiverges(
  base: BenchmarkResult,
  head: BenchmarkResult,
  metrics: MetricComparison[],
  gate: BenchmarkResult['gate'],
  history: Map<string, DriftRun[]> | undefined,
): void {
  const wall = metrics.find(
    (m) =>
      m.gated &&
      (m.metric === 'wall' || m.metric === 'time') &&
      m.unit === 'ns' &&
      !m.exact &&
      m.basis !== 'difference',
  )
  if (!wall) return
  const cpuRow = metrics.find((m) => m.metric === 'cpu' && m.basis !== 'difference')
  if (
    wall.verdict === 'unclear' &&
    cpuRow &&
    (cpuRow.verdict === 'regression' || cpuRow.verdict === 'improvement') &&
    Math.sign(cpuRow.change) === Math.sign(wall.change) &&
    beyondLikeDrift(cpuRow, wall.drift)
  ) {
    wall.notes.push(
      `CPU time changed beyond what a change of the machine between the runs explains (cpu ${formatChange(cpuRow.change)}: ${cpuRow.verdict}): the program itself does more or less work, so wall time takes CPU time’s verdict`,
    )
    wall.verdict = cpuRow.verdict
    delete wall.why
    return
  }
  const baseCpu = cpuTimeOf(base.metrics)
  const headCpu = cpuTimeOf(head.metrics)
  if (!baseCpu || !headCpu || baseCpu.name !== headCpu.name) return
  if (!(baseCpu.center > 0 && headCpu.center > 0)) return
  const baseShare = centerOf(base.metrics[wall.metric])! / baseCpu.center
  const headShare = centerOf(head.metrics[wall.metric])! / headCpu.center
  if (Math.max(baseShare, headShare) < WALL_CPU_DIVERGENCE) return
  const baseSwitches = centerOf(base.metrics['voluntary-cs'])
  const headSwitches = centerOf(head.metrics['voluntary-cs'])
  if (
    baseSwitches !== undefined &&
    headSwitches !== undefined &&
    (headShare >= baseShare ? headSwitches > baseSwitches : baseSwitches > headSwitches)
  )
    return
  let verdict: MetricVerdict
  let change: number
  let why: string | undefined
  const row = metrics.find((m) => m.metric === 'cpu')
  if (row) {
    if (row.basis === 'difference') return
    verdict = row.verdict
    change = row.change
    why = row.why
  } else {
    // user and system kept as means only (hyperfine 1): their sum compared as a summary without a spread.
    const d = decideSummary(
      { center: baseCpu.center },
      { center: headCpu.center },
      { threshold: gate.threshold, alpha: gate.alpha, direction: 'lower' },
    )
    verdict = d.verdict
    change = d.change
    if (d.verdict === 'regression' || d.verdict === 'improvement') {
      const runs = history?.get('user')?.length ?? 0
      const m = decideAcrossMoments(d.verdict, [d.ratio, d.ratio], 'lower', undefined, runs)
      verdict = m.verdict
      why = m.why
    } else why = d.notes[d.notes.length - 1]
  }
  wall.notes.push(
    `wall and CPU time diverge (wall/CPU ${baseShare.toFixed(2)} base, ${headShare.toFixed(2)} head): at one moment the program waited for a CPU; across moments the verdict is CPU time’s (${baseCpu.name} ${formatChange(change)}: ${verdict}), not wall time’s (${wall.verdict})`,
  )
  wall.verdict = verdict
  delete wall.why
  if (verdict === 'unclear') wall.why = `CPU time’s verdict: ${why ?? 'unclear'}`
}

/**
 * Whether a CPU change may decide for wall time: where wall time's drift is of runs measured like its
 * two sides (both quiet or both busy), only when the CPU interval also lies beyond wall time's bound;
 * otherwise (one side busy and the other not, or no drift known) always
 * (docs/methodology.md#wall-time-and-cpu-time).
 */
function beyondLikeDrift(cpu: MetricComparison, wallDrift: DriftEstimate | undefined): boolean {
  if (!wallDrift || wallDrift.mixed || wallDrift.busyUnknown) return true
  if (cpu.verdict !== 'regression' && cpu.verdict !== 'improvement') return false
  // Wall time's bound between two runs: its reference is wall time's own baseline, not CPU time's.
  const between = { ...wallDrift, reference: undefined }
  const interval = cpu.ci ?? [cpu.ratio, cpu.ratio]
  return decideAcrossMoments(cpu.verdict, interval, 'lower', between, wallDrift.runs).verdict === cpu.verdict
}

/** Why a benchmark of a same-job comparison was compared unpaired, for its notes. */
function unpairedNote(b: BenchmarkComparison): string {
  const why = kindOf(b.kind).unpairedReason ?? 'its base and head runs did not alternate run by run'
  return `not paired: ${why}; compared unpaired`
}

/**
 * Beyond this many sampled metrics in a suite, intervals are computed only where they decide a
 * verdict: bootstrapping every metric of thousands of benchmarks would take longer than measuring.
 */
export const LARGE_SUITE_METRICS = 500
/** Resamples per interval in a large suite: 10 resampled ratios beyond each end of a 99% interval. */
const LARGE_SUITE_RESAMPLES = 2000
/** A ranking is for comparing a handful of alternatives, not a whole large suite. */
const MAX_RANKED = 50

/** hyperfine-style ranking of the suite's process benchmarks by median wall time. */
export function rankProcessBenchmarks(head: ResultSet): RankEntry[] {
  const candidates = head.benchmarks.filter(
    // Only times above 0 give a ratio to the fastest (a 0 would make every other one infinite).
    (b) =>
      b.kind === 'process' &&
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

const SCALING_DIMENSIONS = ['threads', 'processes'] as const

/** The sweep a scaling result belongs to: its config name and dimension, read from its name and parameters. */
function sweepOf(
  b: BenchmarkResult,
): { series: string; dimension: 'threads' | 'processes'; count: number } | undefined {
  if (b.kind !== 'scaling') return undefined
  for (const dimension of SCALING_DIMENSIONS) {
    const count = b.parameters[dimension]
    const suffix = `/${dimension}:${count}`
    if (typeof count === 'number' && b.name.endsWith(suffix)) {
      return { series: b.name.slice(0, -suffix.length), dimension, count }
    }
  }
  return undefined
}

/** Each side's throughput, speedup and efficiency at every count, from the medians of its runs. */
function scalingSides(results: BenchmarkResult[]): Map<string, ScalingSide> {
  const sides = new Map<string, ScalingSide>()
  const sweeps = new Map<string, Array<{ b: BenchmarkResult; count: number; throughput: number }>>()
  for (const b of results) {
    const sweep = sweepOf(b)
    const samples = b.metrics.throughput?.samples
    if (!sweep || b.status !== 'ok' || !samples?.length) continue
    const key = `${sweep.series}\u0000${sweep.dimension}`
    sweeps.set(key, [
      ...(sweeps.get(key) ?? []),
      { b, count: sweep.count, throughput: summarize(samples).median },
    ])
  }
  for (const points of sweeps.values()) {
    const smallest = points.reduce((a, b) => (a.count <= b.count ? a : b))
    for (const p of points) {
      const speedup = smallest.throughput > 0 ? p.throughput / smallest.throughput : Number.NaN
      const efficiency = speedup / (p.count / smallest.count)
      sides.set(p.b.id, { throughput: p.throughput, speedup, efficiency })
    }
  }
  return sides
}

/** The curves of the suite's scaling benchmarks, base and head, with each point's verdict. */
export function scalingSeries(
  head: ResultSet,
  base: ResultSet | undefined,
  comparisons: BenchmarkComparison[],
): ScalingSeries[] {
  const headSides = scalingSides(head.benchmarks)
  const baseSides = scalingSides(base?.benchmarks ?? [])
  const verdicts = new Map(comparisons.map((c) => [c.id, c.verdict]))
  const series = new Map<string, ScalingSeries>()
  for (const b of [...head.benchmarks, ...(base?.benchmarks ?? [])]) {
    const sweep = sweepOf(b)
    if (!sweep) continue
    const key = `${sweep.series}\u0000${sweep.dimension}`
    let s = series.get(key)
    if (!s) {
      s = {
        benchmark: sweep.series,
        dimension: sweep.dimension,
        points: [],
        cores: head.environment.cpuCount,
      }
      series.set(key, s)
    }
    if (s.points.some((p) => p.id === b.id)) continue
    const point: ScalingPoint = { count: sweep.count, id: b.id, verdict: verdicts.get(b.id) ?? 'missing' }
    const baseSide = baseSides.get(b.id)
    const headSide = headSides.get(b.id)
    if (baseSide) point.base = baseSide
    if (headSide) point.head = headSide
    s.points.push(point)
  }
  for (const s of series.values()) s.points.sort((a, b) => a.count - b.count)
  return [...series.values()]
}

/**
 * The curves of the suite's parameter scans (process benchmarks with `parameters:`) that vary one numeric
 * parameter, base and head, with each point's verdict.
 */
export function parameterScans(
  head: ResultSet,
  base: ResultSet | undefined,
  comparisons: BenchmarkComparison[],
): ScanSeries[] {
  const verdicts = new Map(comparisons.map((c) => [c.id, c.verdict]))
  const wall = (b: BenchmarkResult | undefined) => {
    const samples = b?.status === 'ok' ? b.metrics.wall?.samples : undefined
    return samples?.length ? summarize(samples).median : undefined
  }
  const sides = new Map<string, { base?: BenchmarkResult; head?: BenchmarkResult }>()
  for (const [side, results] of [
    ['head', head.benchmarks],
    ['base', base?.benchmarks ?? []],
  ] as const) {
    for (const b of results) {
      if (b.series === undefined) continue
      sides.set(b.id, { ...sides.get(b.id), [side]: b })
    }
  }
  const series = new Map<string, ScanSeries | null>()
  for (const [id, { base: b, head: h }] of sides) {
    const any = (h ?? b)!
    const entries = Object.entries(any.parameters)
    const [parameter, value] = entries[0] ?? []
    const key = any.series!
    // One numeric parameter draws a curve; several (or text values) only the table rows.
    if (entries.length !== 1 || typeof value !== 'number' || series.get(key) === null) {
      series.set(key, null)
      continue
    }
    let s = series.get(key)
    if (!s) {
      s = { benchmark: key, parameter: parameter!, points: [] }
      series.set(key, s)
    }
    if (s.parameter !== parameter) {
      series.set(key, null)
      continue
    }
    const point: ScanPoint = { value, id, verdict: verdicts.get(id) ?? 'missing' }
    const baseWall = wall(b)
    const headWall = wall(h)
    if (baseWall !== undefined) point.base = baseWall
    if (headWall !== undefined) point.head = headWall
    s.points.push(point)
  }
  const drawn = [...series.values()].filter((s): s is ScanSeries => s !== null && s.points.length > 1)
  for (const s of drawn) s.points.sort((a, b) => a.value - b.value)
  return drawn
}

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
    compareBenchmark(
      baseById.get(h.id),
      h,
      environmentDiffs.length > 0,
      medians.get(h.id),
      large,
      options.pairs?.[h.id],
      acrossMoments,
    ),
  )
  const rules = options.accept?.rules ?? []
  if (rules.length > 0) for (const b of benchmarks) acceptRegressions(b, rules)
  const pairCounts = benchmarks.flatMap((b) => (b.pairs !== undefined ? [b.pairs] : []))
  // Only runs that alternated are paired: when some benchmarks were, the others compared with the same
  // baseline are named as unpaired (imported ones), or as exact counts, which need no pairing.
  const unpaired: string[] = []
  const exact: string[] = []
  if (pairCounts.length > 0) {
    for (const b of benchmarks) {
      if (b.pairs !== undefined || b.metrics.length === 0) continue
      if (b.metrics.every((m) => m.exact)) exact.push(b.name)
      else {
        unpaired.push(b.name)
        b.notes.push(unpairedNote(b))
      }
    }
  }
  if (base && !options.filtered) {
    const headIds = new Set(head.benchmarks.map((b) => b.id))
    for (const b of base.benchmarks) {
      if (headIds.has(b.id)) continue
      benchmarks.push({
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
  }
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
    ranking: rankProcessBenchmarks(head),
    engineRankings: rankEngines(head),
    scaling: scalingSeries(head, base, benchmarks),
    scans: parameterScans(head, base, benchmarks),
    ...(acrossMoments && options.baseline ? { acrossMoments } : {}),
    ...acceptanceSummary(options.accept, head),
    ...(pairCounts.length > 0
      ? {
          pairing: {
            benchmarks: pairCounts.length,
            minPairs: Math.min(...pairCounts),
            maxPairs: Math.max(...pairCounts),
            paired: benchmarks.filter((b) => b.pairs !== undefined).map((b) => b.name),
            unpaired,
            exact,
          },
        }
      : {}),
  }
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
