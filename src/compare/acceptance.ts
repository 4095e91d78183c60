// Regressions accepted on purpose (bench.yml's `accept:`, a pull request's label): which metrics a rule
// accepts, and what the comparison and the results file say of them.

import { type Acceptance, type AcceptedBy, type AcceptRule, coversBenchmark, staleNotes } from '../accept.ts'
import type { Accepted, ResultSet } from '../results.ts'
import { benchmarkVerdict } from './benchmark.ts'
import type { BenchmarkComparison, Comparison } from './types.ts'

/**
 * Accepts the benchmark's regressions that a rule covers: each gated metric that regressed, and the
 * other views of its measurement, whose verdict is its (one measurement, one verdict). A rule with a
 * metric covers the measurement that metric belongs to. Failed benchmarks, improvements and unclear
 * changes are never touched.
 */
export function acceptRegressions(b: BenchmarkComparison, rules: readonly AcceptRule[]): void {
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
export function acceptanceSummary(
  accept: Acceptance | undefined,
  head: ResultSet,
): Pick<Comparison, 'acceptance'> {
  const added = accept?.added ?? []
  if (!accept || (accept.rules.length === 0 && accept.notes.length === 0 && added.length === 0)) return {}
  return {
    acceptance: {
      notes: [...accept.notes, ...staleNotes(accept.rules, head.benchmarks)],
      ...(added.length > 0 ? { added } : {}),
    },
  }
}
