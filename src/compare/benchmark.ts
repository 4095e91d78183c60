// One benchmark, head against base: each metric both sides have compared, the benchmark's verdict from
// its gated metrics, and what is shown for a benchmark with no usable baseline.

import { derivedMetrics, kindOf } from '../kinds/index.ts'
import { followedMetrics, resolveGate } from '../metric-families.ts'
import type { BenchmarkResult, Metric, ResultSet, SamplePairs } from '../results.ts'
import { type DriftEstimate, type DriftRun, driftBound, estimateDrift, summarize } from '../stats/index.ts'
import { diffCallTrees } from './call-paths.ts'
import type { HistoryRuns } from './drift-history.ts'
import { explainTimedChange } from './explain.ts'
import { diffFunctionCosts } from './functions.ts'
import { heapSiteChangesOf } from './heap-sites.ts'
import { compareMetric } from './metric.ts'
import { driftOf, judgeOnCpuWhenWallDiverges, sidesOf } from './moments.ts'
import {
  type BenchmarkComparison,
  type BenchmarkVerdict,
  type DriftSummary,
  FUNCTION_CHANGES_SHOWN,
  type MetricComparison,
  type MetricVerdict,
} from './types.ts'
import { isExact, valuesOf } from './values.ts'

/** How compareBenchmark compares one benchmark, besides its two sides. */
export interface CompareBenchmarkOptions {
  /** The environment fingerprints differ: an exact change is a warning, not a verdict. */
  environmentDiffers?: boolean
  /** Stored runs of this benchmark, by metric: the machine's drift between runs of one state of the code. */
  history?: Map<string, DriftRun[]>
  /** A large suite (more than LARGE_SUITE_METRICS sampled metrics): intervals only where they decide. */
  large?: boolean
  /** Sample indices (base, head) of runs measured next to each other in this job. */
  pairs?: SamplePairs[string]
  /** Base and head were measured at different moments (CompareOptions.acrossMoments). */
  acrossMoments?: boolean
  /** The baseline's commit: instruction counts recorded against another base are not used. */
  baselineCommit?: string
}

export function compareBenchmark(
  base: BenchmarkResult | undefined,
  head: BenchmarkResult,
  options: CompareBenchmarkOptions = {},
): BenchmarkComparison {
  const { history, pairs, acrossMoments = false } = options
  const common = commonOf(base, head)
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
  const metrics = compareMetrics(base, head, gate, options)
  if (acrossMoments && !pairs?.length) judgeOnCpuWhenWallDiverges(base, head, metrics, gate, history)
  // A timed change is held against the instruction counts a same-job run recorded (explained-only).
  const explanation = explainTimedChange(metrics, head.explanation, {
    threshold: head.gate.threshold,
    rule: head.gate.timedChange ?? 'any',
    baselineCommit: options.baselineCommit,
  })
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
  if (!metrics.some((m) => m.gated)) {
    const verdict = notCompared(base, head, resolution.gated, notes)
    if (verdict === 'missing') return { ...common, verdict, metrics, headOnly: [], notes }
    if (verdict === 'new') return { ...common, verdict, metrics, headOnly: headOnly(head), notes }
  }
  if (missingGated.length > 0) notes.push(`no baseline values for gated metric ${missingGated.join(', ')}`)
  const verdict = benchmarkVerdict(metrics)
  const changed = metrics.some((m) => m.gated && m.change !== 0)
  const functionChanges =
    changed && base.functions && head.functions
      ? diffFunctionCosts(base.functions, head.functions, FUNCTION_CHANGES_SHOWN)
      : undefined
  const callPaths =
    changed && (verdict === 'regression' || verdict === 'improvement') && base.callTree && head.callTree
      ? diffCallTrees(base.callTree, head.callTree)
      : undefined
  const heapSiteChanges = heapSiteChangesOf(base, head, metrics)
  return {
    ...common,
    verdict,
    metrics,
    headOnly: [],
    notes,
    functionChanges,
    ...(callPaths ? { callPaths } : {}),
    ...(heapSiteChanges ? { heapSiteChanges } : {}),
    ...(pairCounts.length > 0 ? { pairs: Math.min(...pairCounts) } : {}),
    ...(explanation ? { explanation } : {}),
  }
}

/** The fields of a benchmark's comparison whatever its verdict: its names, its gate, each side's machine. */
function commonOf(base: BenchmarkResult | undefined, head: BenchmarkResult) {
  const contention = {
    ...(base?.contention && { base: base.contention }),
    ...(head.contention && { head: head.contention }),
  }
  return {
    id: head.id,
    name: head.name,
    kind: head.kind,
    command: head.command,
    threshold: head.gate.threshold,
    alpha: head.gate.alpha,
    ...(head.callTree ? { callTree: head.callTree } : {}),
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
}

/** Each metric of head that base also has, compared under the benchmark's gate. */
function compareMetrics(
  base: BenchmarkResult,
  head: BenchmarkResult,
  gate: BenchmarkResult['gate'],
  options: CompareBenchmarkOptions,
): MetricComparison[] {
  const { environmentDiffers = false, history, large = false, pairs, acrossMoments = false } = options
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
  return metrics
}

/**
 * Nothing that gates could be compared (a side with no samples, or without the gated metric): not
 * compared, never "unchanged". No values in this run → missing; values here but none in the baseline →
 * new, with the reason added to notes. Undefined when neither holds.
 */
function notCompared(
  base: BenchmarkResult,
  head: BenchmarkResult,
  gated: string[],
  notes: string[],
): 'missing' | 'new' | undefined {
  const judged = gated.length > 0 ? gated : Object.keys(head.metrics)
  const hasValues = (m: Metric | undefined) => m !== undefined && valuesOf(m).length > 0
  const headEmpty = judged.filter((n) => !hasValues(head.metrics[n]))
  const baseEmpty = judged.filter((n) => hasValues(head.metrics[n]) && !hasValues(base.metrics[n]))
  if (judged.length === 0 || headEmpty.length === judged.length) {
    notes.push(
      `not compared: this run has no values for ${judged.length > 0 ? headEmpty.join(', ') : 'any metric'}`,
    )
    return 'missing'
  }
  if (baseEmpty.length > 0) {
    notes.push(`not compared: the baseline has no values for ${baseEmpty.join(', ')}`)
    return 'new'
  }
  return undefined
}

const METRIC_SEVERITY: MetricVerdict[] = [
  'regression',
  'accepted',
  'unclear',
  'warning',
  'improvement',
  'unchanged',
]

export function benchmarkVerdict(metrics: MetricComparison[]): BenchmarkVerdict {
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
export function driftSummaryOf(
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

/** Why a benchmark of a same-job comparison was compared unpaired, for its notes. */
export function unpairedNote(b: BenchmarkComparison): string {
  const why = kindOf(b.kind).unpairedReason ?? 'its base and head runs did not alternate run by run'
  return `not paired: ${why}; compared unpaired`
}
