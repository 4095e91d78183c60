// What instruction counts say about a timed change (docs/verdicts.md#what-the-instructions-explain): a
// same-job run counts base and head of each benchmark with a timed regression or improvement once under
// callgrind (src/run/explain.ts), and the result records them. Here the counts meet the verdicts. Where
// the instructions barely changed, the code's work did not move the time: code placement or memory did,
// and under `timed-change: explained-only` the change is unclear instead.
import { formatChange, formatPercentSetting, shortSha } from '../display.ts'
import type { Explanation, TimedChangeRule, Unit } from '../results.ts'
import { decideExact } from '../stats/index.ts'
import type { Comparison, MetricComparison, TimedChangeExplanation } from './types.ts'

/** Units of the metrics the code's work moves: times, and the rates computed from them. */
const TIMED_UNITS: ReadonlySet<Unit> = new Set(['ns', 'ops/s', 'bytes/s'])

/** Whether a metric is a gated time (or a rate of one) whose verdict says it changed. */
function isTimedChange(m: MetricComparison): boolean {
  return (
    m.gated &&
    !m.exact &&
    TIMED_UNITS.has(m.unit) &&
    (m.verdict === 'regression' || m.verdict === 'improvement')
  )
}

/** The benchmarks of a comparison with a timed regression or improvement: those a same-job run counts. */
export function timedChangeIds(comparison: Pick<Comparison, 'benchmarks'>): string[] {
  return comparison.benchmarks.filter((b) => b.metrics.some(isTimedChange)).map((b) => b.id)
}

/** What a benchmark's timed change is held against. */
export interface ExplainOptions {
  /** The benchmark's threshold: an instruction change within it is no change of the work. */
  threshold: number
  rule: TimedChangeRule
  /** The baseline's commit: counts made against another base commit are not used. */
  baselineCommit?: string
}

/**
 * Reads a benchmark's recorded instruction counts against its timed changes. Under `explained-only`, a
 * change whose instructions stayed within the threshold becomes unclear (its metrics' verdicts and
 * reasons are set here); where there are no counts to read, the verdicts stay as measured. Undefined
 * when nothing timed changed or nothing was recorded.
 */
export function explainTimedChange(
  metrics: MetricComparison[],
  record: Explanation | undefined,
  options: ExplainOptions,
): TimedChangeExplanation | undefined {
  const changed = metrics.filter(isTimedChange)
  if (record === undefined || changed.length === 0) return undefined
  const common = {
    changes: changed.map((m) => ({ metric: m.metric, change: m.change })),
    rule: options.rule,
  }
  const elsewhere = otherBase(record.against, options.baselineCommit)
  if (elsewhere) return { ...common, notCounted: { status: 'elsewhere', reason: elsewhere } }
  if (record.status !== 'counted')
    return { ...common, notCounted: { status: record.status, reason: record.reason } }
  const { base, head } = record.instructions
  const d = decideExact(base, head, { threshold: options.threshold, direction: 'lower' })
  // A time that rose with more instructions (or fell with fewer) is the work's; one whose instructions
  // stayed within the threshold is not; one whose instructions went the other way is not either.
  const reading =
    d.verdict === 'unchanged' ? 'barely' : d.verdict === changed[0]!.verdict ? 'explains' : 'opposite'
  const instructions = { base, head, change: d.change, reading } as const
  if (reading !== 'barely' || options.rule !== 'explained-only') return { ...common, instructions }
  const why = `the instructions barely changed (${formatChange(d.change)}, within the ${formatPercentSetting(options.threshold)} threshold): code placement or memory is the likely cause (timed-change: explained-only)`
  for (const m of changed) {
    m.verdict = 'unclear'
    m.why = why
  }
  return { ...common, instructions, unclear: true }
}

/** Why counts made against `against` do not speak to a comparison with `baseline`, if they do not. */
function otherBase(against: string | undefined, baseline: string | undefined): string | undefined {
  if (against === undefined || baseline === undefined) return undefined
  const [a, b] = [against.toLowerCase(), baseline.toLowerCase()]
  if (a.startsWith(b) || b.startsWith(a)) return undefined
  return `they were counted against ${shortSha(against)}, not against this baseline's ${shortSha(baseline)}`
}
