// The rows both reports show, as plain text cells. Markdown and terminal rendering differ only in how
// they escape, align and colour these.
import type { AcceptedBy } from '../accept.ts'
import type {
  BenchmarkComparison,
  BenchmarkVerdict,
  Comparison,
  HeadOnlyMetric,
  MetricComparison,
} from '../compare/types.ts'
import {
  formatChange,
  formatDifference,
  formatDifferenceInterval,
  formatExact,
  formatPValue,
  formatRatioInterval,
  formatValue,
} from '../display.ts'
import type { BenchmarkError } from '../results.ts'

export const VERDICT_LABEL: Record<BenchmarkVerdict, string> = {
  regression: 'regression',
  accepted: 'accepted',
  improvement: 'improvement',
  unchanged: 'unchanged',
  unclear: 'unclear',
  warning: 'warning',
  new: 'no baseline',
  missing: 'not run',
  failed: 'failed',
}

export const VERDICT_ICON: Record<BenchmarkVerdict, string> = {
  regression: '🔴',
  accepted: '🟠',
  improvement: '🟢',
  unchanged: '⚪',
  unclear: '🟡',
  warning: '⚠️',
  new: '🆕',
  missing: '➖',
  failed: '💥',
}

export interface MetricRow {
  benchmark: string
  /** The benchmark's id: what names its trend page. */
  benchmarkId: string
  metric: string
  base: string
  head: string
  change: string
  interval: string
  p: string
  verdict: BenchmarkVerdict
  /** The gated metric of the same measurement whose verdict this row shows. */
  follows?: string
  gated: boolean
  /** Why an unclear verdict is unclear, in a few words. */
  why?: string
  /** Unchanged at the clock's resolution (MetricComparison.atClockResolution). */
  atClockResolution?: true
  notes: string[]
}

/**
 * The metric a reader should see first: the gated one that decided, else the first gated, else (nothing
 * gates) the first metric.
 */
export function headlineMetrics(b: BenchmarkComparison): MetricComparison[] {
  const gated = b.metrics.filter((m) => m.gated)
  const deciding = gated.filter((m) => m.verdict === b.verdict)
  if (deciding.length > 0) return deciding
  return gated.length > 0 ? gated.slice(0, 1) : b.metrics.slice(0, 1)
}

/**
 * The order tables list a benchmark's metrics in: the gated ones that decided its verdict, then its
 * other gated ones, then those that do not gate, each group in the comparison's order.
 */
export function orderedMetrics(b: BenchmarkComparison): MetricComparison[] {
  const gated = b.metrics.filter((m) => m.gated)
  const deciding = gated.filter((m) => m.verdict === b.verdict)
  return [...deciding, ...gated.filter((m) => m.verdict !== b.verdict), ...b.metrics.filter((m) => !m.gated)]
}

/** Units whose values are whole counts: their smallest step, their resolution, is 1. */
const COUNT_UNITS: ReadonlySet<MetricComparison['unit']> = new Set(['count', 'instructions'])

/**
 * Whether a metric's medians did not move beyond its resolution (docs/methodology.md#metrics-the-reports-leave-out):
 * they are equal (0 ns → 0 ns at the clock's floor, 52 → 52 page faults), or, for a count, less than 1
 * apart (a median of an even number of runs can fall between two counts).
 */
export function withinResolution(m: MetricComparison): boolean {
  const moved = Math.abs(m.head.median - m.base.median)
  return moved === 0 || (COUNT_UNITS.has(m.unit) && moved < 1)
}

/**
 * A metric the tables leave out: it does not gate, its verdict claims no change (unchanged, or unclear
 * with nothing to be unclear about), and its medians did not move beyond its resolution. A metric whose
 * verdict says it changed (a paired ratio can, with equal medians) is always listed.
 */
export function leftOutOfTables(m: MetricComparison): boolean {
  return !m.gated && (m.verdict === 'unchanged' || m.verdict === 'unclear') && withinResolution(m)
}

/** The metrics a table lists for a benchmark, in orderedMetrics' order: those not left out. */
export function listedMetrics(b: BenchmarkComparison): MetricComparison[] {
  return orderedMetrics(b).filter((m) => !leftOutOfTables(m))
}

/** A metric left out of the tables, with its benchmark. */
export interface LeftOutMetric {
  benchmark: BenchmarkComparison
  metric: MetricComparison
}

/** Every metric the tables leave out, benchmark by benchmark, in the comparison's order. */
export function leftOutMetrics(benchmarks: BenchmarkComparison[]): LeftOutMetric[] {
  return benchmarks.flatMap((b) =>
    orderedMetrics(b)
      .filter(leftOutOfTables)
      .map((metric) => ({ benchmark: b, metric })),
  )
}

/** "12 metrics that do not gate and did not change beyond their resolution", for the notes that count them. */
export function describeLeftOut(n: number): string {
  return `${n} ${n === 1 ? 'metric that does' : 'metrics that do'} not gate and did not change beyond ${n === 1 ? 'its' : 'their'} resolution`
}

/**
 * A metric's verdict in words: a view of a gated measurement says whose verdict it shows ("unclear
 * (follows time)"); a metric that does not gate says so when it changed ("regression (not gated)"); a
 * time unchanged at its clock's floor says so ("unchanged (at the clock's resolution)").
 */
export function metricVerdictLabel(
  r: Pick<MetricRow, 'verdict' | 'follows' | 'gated' | 'atClockResolution'>,
): string {
  const label = VERDICT_LABEL[r.verdict]
  if (r.follows !== undefined) return `${label} (follows ${r.follows})`
  if (r.atClockResolution && r.verdict === 'unchanged') return `${label} (at the clock's resolution)`
  if (!r.gated && r.verdict !== 'unchanged') return `${label} (not gated)`
  return label
}

/** "1,611,515" for an exact count, "19.1 ms ± 578 µs" (median ± MAD) for samples. */
export function headOnlyValue(h: HeadOnlyMetric): string {
  if (h.exact) return formatExact(h.summary.median, h.unit, h.label)
  if (h.summaryOnly) return formatValue(h.summary.median, h.unit, h.label)
  return `${formatValue(h.summary.median, h.unit, h.label)} ± ${formatValue(h.summary.mad, h.unit, h.label)}`
}

/** The metrics to show for a benchmark without a baseline: the gated ones, or all when verbose. */
export function shownHeadOnly(b: BenchmarkComparison, verbose: boolean): HeadOnlyMetric[] {
  if (verbose) return b.headOnly
  const gated = b.headOnly.filter((h) => h.gated)
  return gated.length > 0 ? gated : b.headOnly.slice(0, 1)
}

export function metricLabel(m: MetricComparison): string {
  if (m.exact) return m.metric
  // A tool's own summary: its mean, median or minimum, as the tool says; "summary" where it does not.
  if (m.test?.startsWith('summary')) return `${m.metric} (${m.statistic ?? 'summary'})`
  return `${m.metric} (median)`
}

/**
 * What a value without a baseline is: an exact count, the tool's own mean, median or minimum (or
 * "summary" where it does not say), or the median ± MAD of samples (`samples` names that).
 */
export function headOnlyLabel(h: HeadOnlyMetric, samples = 'median ± MAD'): string {
  if (h.exact) return h.metric
  if (h.summaryOnly) return `${h.metric} (${h.statistic ?? 'summary'})`
  return `${h.metric} (${samples})`
}

/** How many runs or samples a value without a baseline is of: the tool's count for its summary. */
export function headOnlyRuns(h: HeadOnlyMetric): string {
  if (h.summaryOnly) return h.summaryOf === undefined ? '' : String(h.summaryOf)
  return String(h.summary.n)
}

export function metricRow(b: BenchmarkComparison, m: MetricComparison): MetricRow {
  return {
    benchmark: b.name,
    benchmarkId: b.id,
    metric: metricLabel(m),
    base: `${(m.exact ? formatExact : formatValue)(m.base.median, m.unit, m.label)}${rateBeside(b, m, 'base')}`,
    head: `${(m.exact ? formatExact : formatValue)(m.head.median, m.unit, m.label)}${rateBeside(b, m, 'head')}`,
    change: changeCell(m),
    interval: m.exact
      ? 'exact'
      : m.test?.startsWith('summary')
        ? 'summary only'
        : m.basis === 'difference'
          ? m.differenceCi
            ? formatDifferenceInterval(m.differenceCi[0], m.differenceCi[1], m.unit, m.label)
            : '—'
          : m.ci && Number.isFinite(m.ci[0]) && Number.isFinite(m.ci[1])
            ? formatRatioInterval(m.ci[0], m.ci[1])
            : '—',
    p: m.pValue !== undefined ? formatPValue(m.pValue) : '',
    verdict: m.verdict,
    ...(m.follows !== undefined ? { follows: m.follows } : {}),
    gated: m.gated,
    ...(m.verdict === 'unclear' && m.why !== undefined ? { why: m.why } : {}),
    ...(m.atClockResolution ? { atClockResolution: true as const } : {}),
    notes: m.notes,
  }
}

/**
 * A declared throughput (bytes or elements a second) computed from the same samples as the gated time
 * it follows: shown beside that time, as criterion prints it, in the row of the time.
 */
function rateBeside(b: BenchmarkComparison, m: MetricComparison, side: 'base' | 'head'): string {
  if (!m.gated) return ''
  const rate = b.metrics.find((r) => r.follows === m.metric && (r.unit === 'bytes/s' || r.unit === 'ops/s'))
  return rate ? ` (${formatValue(rate[side].median, rate.unit, rate.label)})` : ''
}

/**
 * The change cell: head / base − 1 as a percentage, or for values that can be ≤ 0 the difference of
 * medians in the metric's unit ("+1", "-102 ns"), never "+∞".
 */
export function changeCell(m: MetricComparison): string {
  if (m.basis === 'difference') return formatDifference(m.difference ?? Number.NaN, m.unit, m.label)
  return Number.isFinite(m.change) ? formatChange(m.change) : 'n/a'
}

/** One accepted regression: the benchmark, its metric's row and what accepted it. */
export interface AcceptedRow {
  benchmark: BenchmarkComparison
  row: MetricRow
  accepted: AcceptedBy
}

/** The accepted regressions, one per benchmark and gated metric, in the comparison's order. */
export function acceptedRows(benchmarks: BenchmarkComparison[]): AcceptedRow[] {
  return benchmarks.flatMap((b) =>
    b.verdict !== 'accepted'
      ? []
      : b.metrics
          .filter((m) => m.gated && m.verdict === 'accepted' && m.accepted)
          .map((m) => ({ benchmark: b, row: metricRow(b, m), accepted: m.accepted! })),
  )
}

/** Failed benchmarks that share one error, told once (a setup step that failed before any of them ran). */
export interface FailureGroup {
  benchmarks: BenchmarkComparison[]
  error?: BenchmarkError
}

/** The failed benchmarks grouped by their error's message and output, in the order first met. */
export function failureGroups(failed: BenchmarkComparison[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>()
  for (const b of failed) {
    const key = JSON.stringify([b.error?.message ?? '', b.error?.stderrTail?.trim() ?? ''])
    const group = groups.get(key)
    if (group) group.benchmarks.push(b)
    else groups.set(key, { benchmarks: [b], ...(b.error ? { error: b.error } : {}) })
  }
  return [...groups.values()]
}

export function environmentRows(c: Comparison): Array<[string, string, string]> {
  const head = c.head.environment
  const base = c.baseline?.environment
  const rows: Array<[string, string, string]> = []
  const keys: Array<[string, (e: typeof head) => string | undefined]> = [
    ['OS', (e) => `${e.os} ${e.arch}`],
    ['kernel', (e) => e.kernel],
    ['CPU', (e) => `${e.cpuModel} × ${e.cpuCount}`],
    ['glibc', (e) => e.glibc],
    ['runner image', (e) => e.runnerImage],
    ['node', (e) => e.node],
  ]
  for (const [label, get] of keys) {
    const h = get(head)
    const b = base ? get(base) : undefined
    if (h === undefined && b === undefined) continue
    rows.push([label, b ?? '', h ?? ''])
  }
  const tools = new Set([...Object.keys(head.tools), ...Object.keys(base?.tools ?? {})])
  for (const t of [...tools].sort()) rows.push([t, base?.tools[t] ?? '', head.tools[t] ?? ''])
  return rows
}

/** A function callgrind knows by its address alone: the binary has no symbol for it. */
export function unnamedFunction(name: string): boolean {
  return /^0x[0-9a-f]+$/i.test(name)
}

/** Said under a function table with an address in it. */
export const UNNAMED_FUNCTIONS_HINT =
  'A function shown as an address has no symbol in its binary: build it with -g (and do not strip it) to see its name.'
