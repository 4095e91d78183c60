// One metric of a benchmark, head against base: exact values by decideExact's rule, tools' summaries by
// the stricter rule of summary-only.ts, samples by a test and an interval, held against the drift.

import { formatChange } from '../display.ts'
import type { BenchmarkResult, Direction, Metric } from '../results.ts'
import {
  allPositive,
  type DriftEstimate,
  decideAcrossMoments,
  decideDifference,
  decideExact,
  decideFewSamples,
  decidePaired,
  decideSampled,
  decideSummary,
  describeDrift,
  formatSignificant,
  MIN_SAMPLES_FOR_STATISTICS,
  type PairedDecision,
  type SampledDecision,
  type SampledDecisionOptions,
  summarize,
  withinDrift,
} from '../stats/index.ts'
import { byDifference, exactDifferenceVerdict, NOT_BY_RATIO } from './difference.ts'
import { nestingOf, placementNote } from './placement.ts'
import type { MetricComparison, MetricVerdict } from './types.ts'
import { isExact, summaryOf, valuesOf } from './values.ts'

/**
 * Beyond this many sampled metrics in a suite, intervals are computed only where they decide a
 * verdict: bootstrapping every metric of thousands of benchmarks would take longer than measuring.
 */
export const LARGE_SUITE_METRICS = 500
/** Resamples per interval in a large suite: 10 resampled ratios beyond each end of a 99% interval. */
const LARGE_SUITE_RESAMPLES = 2000

/** A comparison across moments: how many stored runs of the baseline's branch had this metric. */
interface AcrossMoments {
  storedRuns: number
}

/** What one metric of a benchmark is compared under, besides its two sides. */
export interface MetricContext {
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

/** The fields every comparison of a metric opens with. */
type MetricCommon = Pick<MetricComparison, 'metric' | 'unit' | 'label' | 'direction' | 'gated'>

/** What compareMetric settles before it chooses a rule: each side's values and the row's first fields. */
interface Sides {
  baseValues: number[]
  headValues: number[]
  common: MetricCommon
  /** Percentage points: the one threshold in the metric's own unit, for comparing by difference. */
  absoluteThreshold: number | undefined
}

/**
 * Compares one metric of a benchmark, by the first rule that fits: exact values on both sides, a
 * tool's summary on either, else samples. Undefined when a side has no values.
 */
export function compareMetric(
  base: Metric,
  head: Metric,
  context: MetricContext,
): MetricComparison | undefined {
  const { name, gate } = context
  const baseValues = valuesOf(base)
  const headValues = valuesOf(head)
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
  const sides = { baseValues, headValues, common, absoluteThreshold }
  if (isExact(base) && isExact(head)) return compareExact(base, head, context, sides)
  if (base.summary || head.summary) return compareSummary(base, head, context, common)
  return compareSampled(base, head, context, sides)
}

/** Both sides an exact value: decideExact's rule, or the difference where a value is not above 0. */
function compareExact(base: Metric, head: Metric, context: MetricContext, sides: Sides): MetricComparison {
  const { gate, environmentDiffers } = context
  const { baseValues, headValues, common, absoluteThreshold } = sides
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

/** A side kept only as the tool's summary: the summaries compared, across moments against the drift. */
function compareSummary(
  base: Metric,
  head: Metric,
  context: MetricContext,
  common: MetricCommon,
): MetricComparison {
  const { gate, drift, across } = context
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

/**
 * Samples on both sides: on pairs of runs measured next to each other where there are any, by the
 * difference where values can be ≤ 0, without a test below MIN_SAMPLES_FOR_STATISTICS a side. Samples
 * nested in runner processes are resampled by process, and the notes say when most of the spread lies
 * between processes (placement.ts).
 */
function compareSampled(base: Metric, head: Metric, context: MetricContext, sides: Sides): MetricComparison {
  const { gate, pairs } = context
  const { common, absoluteThreshold } = sides
  let { baseValues, headValues } = sides
  // Runs measured next to each other share the machine's moment: their ratios cancel its drift.
  const paired = pairs?.filter(([b, h]) => b < baseValues.length && h < headValues.length) ?? []
  const processes = nestingOf(base, head, paired.length > 0 ? paired : undefined)
  const decision = { ...sampledOptions(baseValues, head, context), processes }
  // The note names what the interval resampled: pairs of processes where it was of the pairs.
  const withPlacement = (notes: string[], pairedInterval: boolean) => {
    const placement = placementNote(base, head, pairedInterval)
    return placement ? [...notes, placement] : notes
  }
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
      // A time at its clock's floor that did not change: what the clock can tell, not "unclear".
      ...(d.verdict === 'unchanged' && d.floor && head.unit === 'ns' ? { atClockResolution: true } : {}),
      ...whyOf(
        d.verdict,
        d.pValue !== undefined && d.pValue >= gate.alpha
          ? sampledWhy(d, gate.alpha)
          : d.notes[d.notes.length - 1],
      ),
      notes: withPlacement(d.notes, false),
    }
  }
  if (baseValues.length < MIN_SAMPLES_FOR_STATISTICS || headValues.length < MIN_SAMPLES_FOR_STATISTICS) {
    // One value on a side: no interval and no p-value, so nothing can be significant.
    const d = decideFewSamples(baseValues, headValues, decision)
    return {
      ...common,
      exact: false,
      ...byRatio(d),
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
  const { verdict, notes, why, estimate } = againstDrift(d, context, paired.length, head.direction)
  return {
    ...common,
    exact: false,
    // decideSampled has summarised both sides already.
    ...byRatio(d),
    ci: d.ci,
    pValue: d.pValue,
    test: d.test,
    ...(paired.length > 0 ? { pairs: paired.length } : {}),
    ...(estimate ? { drift: estimate } : {}),
    verdict,
    ...whyOf(verdict, why),
    notes: withPlacement(notes, paired.length > 0),
  }
}

/** A row's two sides and the ratio between them, as a decision on samples gives them. */
function byRatio(d: Pick<SampledDecision, 'baseSummary' | 'headSummary' | 'ratio' | 'change'>) {
  return { base: d.baseSummary, head: d.headSummary, ratio: d.ratio, change: d.change }
}

/** How samples are decided: the threshold, the bootstrap's seed, and in a large suite fewer resamples. */
function sampledOptions(baseValues: number[], head: Metric, context: MetricContext): SampledDecisionOptions {
  const { name, benchmarkId, gate, large = false } = context
  // A metric in percent (efficiency) may be gated on percentage points: the threshold is then that
  // many points of the base's median.
  const baseMedian = summarize(baseValues).median
  const threshold =
    gate.points !== undefined && head.unit === 'percent' && baseMedian > 0
      ? gate.points / baseMedian
      : gate.threshold
  return {
    intervalOnlyWhenDeciding: large,
    ...(large ? { resamples: LARGE_SUITE_RESAMPLES } : {}),
    threshold,
    alpha: gate.alpha,
    direction: head.direction,
    seed: `${benchmarkId}\u0000${name}`,
  }
}

/**
 * A sampled verdict held against the machine's drift: across moments (unpaired), the interval must lie
 * beyond what a change of the machine explains; within one moment, a change no larger than the drift
 * between stored runs is unclear.
 */
function againstDrift(
  d: SampledDecision | PairedDecision,
  context: MetricContext,
  pairs: number,
  direction: Direction,
): { verdict: MetricVerdict; notes: string[]; why: string | undefined; estimate: DriftEstimate | undefined } {
  const { gate, drift, across } = context
  let verdict: MetricVerdict = d.verdict
  const notes = [...d.notes]
  let why = sampledWhy(d, gate.alpha)
  let estimate: DriftEstimate | undefined
  if (across && pairs === 0) {
    // Across moments: the samples' own interval must lie beyond what a change of the machine explains.
    if (d.verdict === 'regression' || d.verdict === 'improvement') {
      estimate = drift?.()
      const m = decideAcrossMoments(
        d.verdict,
        d.ci ?? [d.ratio, d.ratio],
        direction,
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
  return { verdict, notes, why, estimate }
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

/** The interval of head / base from two summaries' intervals, else the ratio itself. */
function summaryRatioInterval(
  intervals: { base?: [number, number]; head?: [number, number] },
  ratio: number,
): [number, number] {
  const { base, head } = intervals
  if (base && head && base[0] > 0 && head[0] > 0) return [head[0] / base[1], head[1] / base[0]]
  return [ratio, ratio]
}
