// Every kind reports through the same BenchmarkResult; what a case says about itself is copied once here.
import type { CaseBase } from '../plan-types.ts'
import type { BenchmarkError, BenchmarkResult, Metric } from '../results.ts'

export function resultFor(
  c: CaseBase,
  outcome: { metrics: Record<string, Metric>; error?: BenchmarkError; notes?: string[] } & Pick<
    Partial<BenchmarkResult>,
    'functions' | 'callTree' | 'heapSites'
  >,
): BenchmarkResult {
  const { metrics, error, notes = [], functions, callTree, heapSites } = outcome
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    parameters: { ...c.parameters },
    command: [...c.command],
    status: error ? 'failed' : 'ok',
    ...(error ? { error } : {}),
    metrics,
    gate: c.gate,
    notes,
    ...(functions ? { functions } : {}),
    ...(callTree ? { callTree } : {}),
    ...(heapSites ? { heapSites } : {}),
    ...(c.rankingGroup ? { rankingGroup: [...c.rankingGroup] } : {}),
  }
}

/** A case that failed before it produced a single measurement. */
export function failedResult(c: CaseBase, error: BenchmarkError, notes: string[] = []): BenchmarkResult {
  return resultFor(c, { metrics: {}, error, notes })
}
