// Every history of histories.ts, run through the pipeline as `bench-action merge` runs a measured
// shard: in a real git repository, each state committed (or rerun, force-pushed, checked out
// detached, cloned shallow), the runs kept in the directory store or a git data branch, the baseline
// and the drift chosen by the pipeline, at default settings. The measured results are the model's
// (histories.ts: modelResults), so every verdict is the rules', never the machine's of the moment.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Comparison, MetricComparison } from '../../../src/compare/index.ts'
import { driveModel, type Outcome, SEQUENCES } from '../../support/histories.ts'

function lead(c: Comparison, id: string): { verdict: string; metric?: MetricComparison } {
  const b = c.benchmarks.find((x) => x.id === id)!
  return { verdict: b.verdict, metric: b.metrics.find((m) => m.gated) }
}

/** What each checked step gave, as a line for a failed assertion. */
function describeOutcomes(outcomes: Outcome[]): string {
  return outcomes
    .map(({ step, comparison }, i) => {
      const { verdict, metric } = lead(comparison, 'spin')
      const change = metric ? `${(metric.change * 100).toFixed(1)}%` : ''
      const ci = metric?.ci
        ? ` [${((metric.ci[0] - 1) * 100).toFixed(1)}, ${((metric.ci[1] - 1) * 100).toFixed(1)}]`
        : ''
      const counts = lead(comparison, 'spin counts').verdict
      return `  ${i}: work ${step.work} → ${verdict} ${change}${ci} (counts ${counts})${metric?.why ? `: ${metric.why}` : ''}`
    })
    .join('\n')
}

describe('histories at default settings', () => {
  for (const sequence of SEQUENCES) {
    test(sequence.name, async () => {
      const outcomes = await driveModel(sequence)
      const seen = describeOutcomes(outcomes)
      outcomes.forEach(({ step, comparison, exitCode }, i) => {
        const spin = lead(comparison, 'spin')
        if (step.expect) {
          assert.equal(spin.verdict, step.expect, `step ${i} (work ${step.work}):\n${seen}`)
          // A regression fails the run; anything else passes it (accepted included).
          const counted = lead(comparison, 'spin counts').verdict
          assert.equal(exitCode, step.expect === 'regression' || counted === 'regression' ? 1 : 0)
        }
        if (step.expectCounts)
          assert.equal(
            lead(comparison, 'spin counts').verdict,
            step.expectCounts,
            `step ${i} counts:\n${seen}`,
          )
        if (step.why) assert.match(spin.metric?.why ?? '', step.why, `step ${i} why:\n${seen}`)
        if (spin.verdict === 'unclear') assert.ok(spin.metric?.why, `step ${i}: an unclear row says why`)
      })
    })
  }
})
