// The report's model (docs/ARCHITECTURE.md#the-report): a Comparison read once into named sections of
// data. An output — terminal, markdown, HTML — is a layout (an ordered list of section names) and a
// formatter per name; a section with nothing to show is absent and takes no place. The markdown comment
// shortens by dropping sections in the order SHORTENING gives them up, and says what it left out from
// the same table.
import type {
  BenchmarkComparison,
  BenchmarkRanking,
  BenchmarkVerdict,
  Comparison,
  EngineRanking,
  ScalingSeries,
  ScanSeries,
} from '../compare/types.ts'
import { VERDICT_ORDER } from '../compare/types.ts'
import {
  type ContendedMeasurement,
  contendedMeasurements,
  describeAddedAcceptances,
  shellCorrections,
} from './describe.ts'
import { type AcceptedRow, acceptedRows, type LeftOutMetric, leftOutMetrics } from './rows.ts'

/** Every section a report can show, by name, with the data it shows. */
export interface Sections {
  /** The verdict, the counts, what was compared with what: always there. */
  title: Comparison
  counts: Comparison
  /** bench.yml's accept: entries this pull request added, in lines: first thing under the verdict. */
  'added-acceptances': string[]
  /** What a report shortened to fit a limit left out (set by `shortened`). */
  shortened: string[]
  provenance: Comparison
  /** The baseline's warnings and a different environment. */
  warnings: Comparison
  /** The benchmarks measured while the machine was busy. */
  contention: ContendedMeasurement[]
  /** Every benchmark, regressions and failures first (one table of them). */
  benchmarks: BenchmarkComparison[]
  /** The gated metrics' changes at a glance (a chart), regressions first. */
  changes: BenchmarkComparison[]
  /** Base's and head's samples side by side, regressions first. */
  samples: BenchmarkComparison[]
  /** Every benchmark whose functions' instruction counts changed. */
  functions: BenchmarkComparison[]
  /** Instruction benchmarks that regressed or improved, with both sides' call trees. */
  'call-paths': BenchmarkComparison[]
  /** Instruction benchmarks with a call tree whose call paths are not already drawn as changes. */
  'flame-graphs': BenchmarkComparison[]
  /** Every benchmark whose heap counts regressed or improved, with the allocation sites that changed most. */
  'heap-sites': BenchmarkComparison[]
  regressions: BenchmarkComparison[]
  /** The regressions' function tables and allocation sites tables (and so for the other verdicts). */
  'regression-functions': BenchmarkComparison[]
  /** Benchmarks whose verdict is accepted. */
  accepted: BenchmarkComparison[]
  /** Every accepted regression of a gated metric, with who accepted it and why. */
  'accepted-rows': AcceptedRow[]
  'accepted-functions': BenchmarkComparison[]
  /** What was decided about the acceptances (an entry past its date, one that matches nothing). */
  'acceptance-notes': string[]
  failed: BenchmarkComparison[]
  unclear: BenchmarkComparison[]
  warned: BenchmarkComparison[]
  improvements: BenchmarkComparison[]
  'improvement-functions': BenchmarkComparison[]
  /** The function tables of unclear and warned benchmarks. */
  'other-functions': BenchmarkComparison[]
  /** Timed changes of a same-job run with what the instruction counts of both sides say (or why none). */
  explanations: BenchmarkComparison[]
  scaling: ScalingSeries[]
  scans: ScanSeries[]
  new: BenchmarkComparison[]
  missing: BenchmarkComparison[]
  unchanged: BenchmarkComparison[]
  /**
   * Every benchmark with metrics, for the table of each one's metrics, gated first; those left out of
   * the tables (leftOutOfTables) are not in it.
   */
  'all-metrics': BenchmarkComparison[]
  /** Metrics that do not gate and did not change beyond their resolution: left out of the tables. */
  'left-out-metrics': LeftOutMetric[]
  /** The benchmarks' notes and their gated metrics'. */
  notes: BenchmarkComparison[]
  /** One ranking per set of benchmarks bench.yml declared comparable (a compare-with group, a scan over text values). */
  ranking: BenchmarkRanking[]
  engines: EngineRanking[]
  'shell-corrections': Array<{ name: string; detail: string }>
  environment: Comparison
  footer: Comparison
}

export type SectionName = keyof Sections

/** The sections a comparison has: those with nothing to show are absent. */
export type ReportModel = { readonly [K in SectionName]?: Sections[K] }

/** An output's layout: its sections in the order it shows them. */
export type Layout = readonly SectionName[]

/** How an output writes each section of its layout, given the whole model for context. */
export type Formatters<Out, Context> = {
  readonly [K in SectionName]?: (data: Sections[K], context: Context) => Out
}

const present = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined)

/** The comparison, read once into its sections. */
export function reportModel(c: Comparison): ReportModel {
  const by = (v: BenchmarkVerdict) => c.benchmarks.filter((b) => b.verdict === v)
  const hasFunctions = (b: BenchmarkComparison) => (b.functionChanges?.length ?? 0) > 0
  const hasHeapSites = (b: BenchmarkComparison) => (b.heapSiteChanges?.length ?? 0) > 0
  const withFunctions = (list: BenchmarkComparison[]) =>
    present(list.filter((b) => hasFunctions(b) || (b.callPaths?.changes.length ?? 0) > 0 || hasHeapSites(b)))
  const regressions = by('regression')
  const accepted = by('accepted')
  const sorted = [...c.benchmarks].sort(
    (a, b) => VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict),
  )
  return {
    title: c,
    counts: c,
    'added-acceptances': present(describeAddedAcceptances(c)),
    shortened: undefined,
    provenance: c,
    warnings: c,
    contention: present(contendedMeasurements(c)),
    benchmarks: sorted,
    changes: present(sorted),
    samples: present(sorted),
    functions: present(c.benchmarks.filter(hasFunctions)),
    'call-paths': present(sorted.filter((b) => b.callPaths !== undefined)),
    'flame-graphs': present(sorted.filter((b) => b.callTree !== undefined && b.callPaths === undefined)),
    'heap-sites': present(sorted.filter(hasHeapSites)),
    regressions: present(regressions),
    'regression-functions': withFunctions(regressions),
    accepted: present(accepted),
    'accepted-rows': present(acceptedRows(c.benchmarks)),
    'accepted-functions': withFunctions(accepted),
    'acceptance-notes': present(c.acceptance?.notes ?? []),
    failed: present(by('failed')),
    unclear: present(by('unclear')),
    warned: present(by('warning')),
    improvements: present(by('improvement')),
    'improvement-functions': withFunctions(by('improvement')),
    'other-functions': withFunctions([...by('unclear'), ...by('warning')]),
    explanations: present(sorted.filter((b) => b.explanation !== undefined)),
    scaling: present(c.scaling),
    scans: present(c.scans ?? []),
    new: present(by('new')),
    missing: present(by('missing')),
    unchanged: present(by('unchanged')),
    'all-metrics': present(c.benchmarks.filter((b) => b.metrics.length > 0 || b.headOnly.length > 0)),
    'left-out-metrics': present(leftOutMetrics(c.benchmarks)),
    notes: present(c.benchmarks),
    ranking: present(c.ranking.filter((r) => r.entries.length >= 2)),
    engines: present(c.engineRankings),
    'shell-corrections': present(shellCorrections(c)),
    environment: c,
    footer: c,
  }
}

/**
 * Writes a layout: each present section through its formatter, in the layout's order, one at a time as
 * they are asked for (an output that awaits each renders its charts one after another).
 */
export function* formatLayout<Out, Context>(
  model: ReportModel,
  layout: Layout,
  formatters: Formatters<Out, Context>,
  context: Context,
): Generator<Out> {
  for (const name of layout) {
    const data = model[name]
    const format = formatters[name] as ((d: typeof data, x: Context) => Out) | undefined
    if (data !== undefined && format !== undefined) yield format(data, context)
  }
}

/**
 * What a report too long for its limit gives up, step by step: the detail blocks first, then the
 * unchanged and not-run rows, then the reassuring sections and the charts. The regressions, failures
 * and accepted regressions are never dropped whole (only cut from the end of their lists, by the
 * renderer). Each step says, in the note at the top, what it left out.
 */
export const SHORTENING: ReadonlyArray<{
  drops: readonly SectionName[]
  says: (model: ReportModel) => string[]
}> = [
  {
    drops: [
      'regression-functions',
      'accepted-functions',
      'improvement-functions',
      'other-functions',
      'all-metrics',
      'left-out-metrics',
      'notes',
      'ranking',
      'engines',
    ],
    says: () => ['the detail blocks (all metrics, notes, functions, allocation sites)'],
  },
  {
    drops: ['missing', 'unchanged'],
    says: (m) => (m.unchanged ? [`${m.unchanged.length} unchanged rows`] : []),
  },
  {
    drops: ['unclear', 'warned', 'improvements', 'explanations', 'scaling', 'scans', 'new'],
    says: (m) => {
      const reassuring =
        (m.improvements?.length ?? 0) +
        (m.unclear?.length ?? 0) +
        (m.warned?.length ?? 0) +
        (m.new?.length ?? 0)
      const explained = m.explanations?.length ?? 0
      return [
        ...(reassuring > 0 ? [`${reassuring} improved, unclear, warned or new rows`] : []),
        ...(explained > 0
          ? [`the instruction counts of ${explained} timed ${explained === 1 ? 'change' : 'changes'}`]
          : []),
        ...(m.scaling ? ['the scaling charts'] : []),
        ...(m.scans ? ['the parameter scan charts'] : []),
      ]
    },
  },
]

/** The model after the first `steps` steps of SHORTENING, what they left out in its `shortened` section. */
export function shortened(model: ReportModel, steps: number): ReportModel {
  const kept: { -readonly [K in SectionName]?: Sections[K] } = { ...model }
  const left: string[] = []
  for (const step of SHORTENING.slice(0, steps)) {
    left.push(...step.says(model))
    for (const name of step.drops) delete kept[name]
  }
  kept.shortened = left.length > 0 ? left : undefined
  return kept
}
