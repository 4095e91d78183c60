// What a report says in sentences, the same in every output: what was compared with what, the drift
// between runs, the counts and the headline, the acceptances, the rule that gated, a busy machine, what
// the instruction counts say about a timed change.
import { type AcceptedBy, describeEntry } from '../accept.ts'
import {
  type BenchmarkComparison,
  type Comparison,
  type DriftSummary,
  type Pairing,
  type TimedChangeExplanation,
  VERDICT_ORDER,
} from '../compare/types.ts'
import {
  formatAge,
  formatChange,
  formatCount,
  formatPercentSetting,
  formatValue,
  shortSha,
  sig3,
} from '../display.ts'
import { type ContentionReason, contentionReasons } from '../measure/contention.ts'
import type { CommitInfo, Contention } from '../results.ts'
import { UNKNOWN_NOISE_BOUND } from '../stats/index.ts'

import { VERDICT_LABEL } from './rows.ts'

export function describeCommit(commit: CommitInfo): string {
  // No commit at all: measured outside a git repository, or in one without a commit yet.
  if (commit.sha === undefined && commit.branch === undefined)
    return 'no commit (not a git repository, or no commit yet)'
  const parts = [shortSha(commit.sha)]
  if (commit.branch) parts.push(`on ${commit.branch}`)
  if (commit.dirty) parts.push('with uncommitted changes')
  return parts.join(' ')
}

/** "abc1234 on main, measured 3 minutes ago: newest results on branch main". */
export function describeBaseline(c: Comparison, now: Date): string {
  if (!c.baseline) return `no baseline: ${c.noBaselineReason}`
  const when = formatAge(new Date(c.baseline.createdAt), now)
  const paired = c.pairing ? `, ${describePairing(c.pairing)}` : ''
  return `${describeCommit(c.baseline.commit)}, measured ${when}: ${c.baseline.reason}${paired}`
}

/** "1 benchmark", "2 benchmarks". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/**
 * What the instruction counts were compared with when not with the baseline (`baseline: auto` on a pull
 * request): "abc1234 on main, measured 2 hours ago: newest results on branch main (2 benchmarks)".
 */
export function describeExactBaseline(c: Comparison, now: Date): string | undefined {
  const x = c.exactBaseline
  if (!x) return undefined
  const count = plural(x.benchmarks, 'benchmark')
  if (!x.baseline) return `none (${count}): ${x.noBaselineReason ?? 'no stored run'}`
  const when = formatAge(new Date(x.baseline.createdAt), now)
  const diffs = x.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join('; ')
  return `${describeCommit(x.baseline.commit)}, measured ${when}: ${x.baseline.reason} (${count})${
    diffs ? `; counted in another environment (${diffs}), so a changed count is a warning` : ''
  }`
}

/**
 * "interleaved, 15 pairs per benchmark" when every compared benchmark was paired; else which were (and
 * how many pairs), which were compared unpaired and which are exact counts, which need no pairing.
 */
function describePairing(p: Pairing): string {
  const pairs = `interleaved, ${describePairCount(p)} per benchmark`
  if (p.unpaired.length === 0 && p.exact.length === 0) return pairs
  const parts = [`${pairs} for ${benchmarkCount(p.benchmarks)} (${listNames(p.paired)})`]
  if (p.unpaired.length > 0)
    parts.push(
      `not interleaved, compared unpaired: ${benchmarkCount(p.unpaired.length)} (${listNames(p.unpaired)})`,
    )
  if (p.exact.length > 0)
    parts.push(
      `exact counts, which need no pairing: ${benchmarkCount(p.exact.length)} (${listNames(p.exact)})`,
    )
  return parts.join('; ')
}

function benchmarkCount(n: number): string {
  return `${n} benchmark${n === 1 ? '' : 's'}`
}

/** "a, b, c" — or the first `shown` and "and N more". */
export function listNames(names: string[], shown = 10): string {
  if (names.length <= shown) return names.join(', ')
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`
}

/** Whether verdicts could account for the machine's run-to-run swings, in one sentence. */
export function describeRunNoise(c: Comparison): string | undefined {
  if (!c.baseline) return undefined
  const cancelled = 'base and head ran on this machine a moment apart, their runs alternating'
  if (c.pairing && c.pairing.unpaired.length === 0) return `cancelled in each pair: ${cancelled}`
  const unknown = describeUnpairedNoise(c)
  if (!c.pairing) return unknown
  return (
    `cancelled in each pair for the ${benchmarkCount(c.pairing.benchmarks)} compared on pairs: ${cancelled}; ` +
    `for the ${benchmarkCount(c.pairing.unpaired.length)} compared unpaired, ${unknown}`
  )
}

function describeUnpairedNoise(c: Comparison): string {
  const runs = c.history?.runs ?? 0
  const where = c.history?.branch ? ` on ${c.history.branch}` : ''
  const stored = `${runs} stored run${runs === 1 ? '' : 's'}${where}`
  const drift = c.history?.drift
  const gross = formatChange(UNKNOWN_NOISE_BOUND - 1)
  const consequence = c.acrossMoments
    ? 'a timed change counts only when its whole interval lies beyond it'
    : 'a change no larger than it is unclear, not a regression'
  if (!drift || drift.known === 0) {
    const unknown = runs === 0 ? 'unknown (no stored runs)' : `unknown (${stored}: too few of the same code)`
    return c.acrossMoments
      ? `${unknown}; base and head were measured at different moments, so a timed change counts only when its whole interval lies beyond ${gross}, more than this machine drifts between moments${leftOutText(drift)}`
      : `${unknown}; verdicts assume the machine was as fast for the baseline as for this run${leftOutText(drift)}`
  }
  const [low, high] = drift.bounds
  const range = low === high ? `±${percent(low)}` : `±${percent(low)} to ±${percent(high)}`
  const states =
    drift.states[0] === drift.states[1]
      ? `${drift.states[0]} state${drift.states[0] === 1 ? '' : 's'}`
      : `${drift.states[0]}–${drift.states[1]} states`
  const few =
    drift.unknown > 0
      ? `; ${benchmarkCount(drift.unknown)} with too few runs of one state of the code ${
          c.acrossMoments
            ? `${drift.unknown === 1 ? 'needs' : 'need'} the whole interval beyond ${gross}`
            : `${drift.unknown === 1 ? 'is' : 'are'} judged without it`
        }`
      : ''
  return `the drift between runs of the same code, from the last ${stored} (${states} of the code): ${range}; ${consequence}${few}${leftOutText(drift)}`
}

/** "; left out: 1a2b3c4 (alone in its state of the code: a step of +100.0% from the commit before)". */
function leftOutText(drift: DriftSummary | undefined): string {
  if (!drift || drift.leftOut.length === 0) return ''
  const shown = drift.leftOut.slice(0, 5).map((r) => {
    const benchmarks = drift.known + drift.unknown
    const some = r.benchmarks < benchmarks ? ` for ${r.benchmarks} of ${benchmarkCount(benchmarks)}` : ''
    return `${r.sha ? shortSha(r.sha) : `the run of ${r.createdAt}`} (${r.reason}${some})`
  })
  const more = drift.leftOut.length > 5 ? ` and ${drift.leftOut.length - 5} more` : ''
  return `; left out: ${shown.join(', ')}${more}`
}

function percent(bound: number): string {
  return `${((bound - 1) * 100).toFixed(1)}%`
}

export function describeCounts(c: Comparison): string[] {
  const parts: string[] = []
  const order = VERDICT_ORDER
  for (const v of order) {
    const n = c.counts[v]
    if (n > 0 || v === 'regression')
      parts.push(`${n} ${n === 1 || v !== 'regression' ? VERDICT_LABEL[v] : 'regressions'}`)
  }
  return parts
}

export function headline(c: Comparison): { icon: string; text: string } {
  const failed = c.counts.failed
  const regressions = c.counts.regression
  const total = c.benchmarks.length
  // Accepted regressions pass, and are said so in the same breath.
  const accepted = c.counts.accepted > 0 ? ` (${plural(c.counts.accepted, 'regression')} accepted)` : ''
  if (regressions > 0 && failed > 0) {
    return {
      icon: '🔴',
      text: `${plural(regressions, 'regression')} and ${plural(failed, 'failed benchmark')}${accepted}`,
    }
  }
  if (regressions > 0)
    return {
      icon: '🔴',
      text: `${plural(regressions, 'regression')} in ${plural(total, 'benchmark')}${accepted}`,
    }
  if (failed > 0) return { icon: '💥', text: `${plural(failed, 'benchmark')} failed to run${accepted}` }
  if (!c.baseline)
    return { icon: 'ℹ️', text: `${plural(total, 'benchmark')} measured, no baseline to compare with` }
  return { icon: '✅', text: `no regressions in ${plural(total, 'benchmark')}${accepted}` }
}

/**
 * Who accepted a regression, in words: "@octocat, by the label", "the label (who added it is unknown)",
 * "bench.yml", "bench.yml, until 2026-03-01". The login and the dates are user text: escape them.
 */
/**
 * bench.yml's accept: entries added by this pull request (its base has none the same), in lines for
 * the report's first warning: they accept regressions only because the pull request itself says so.
 */
export function describeAddedAcceptances(c: Comparison): string[] {
  const added = c.acceptance?.added ?? []
  if (added.length === 0) return []
  const entries = added.map(
    (e) =>
      `${describeEntry(e)}${e.until !== undefined ? `, until ${e.until}` : ''}: ${JSON.stringify(e.reason)}`,
  )
  return [
    `Added by this pull request: ${added.length === 1 ? 'an accept: entry' : `${added.length} accept: entries`} of bench.yml that its base does not have. ${added.length === 1 ? 'It accepts' : 'They accept'} regressions because this pull request says so; review ${added.length === 1 ? 'it' : 'them'} with the code.`,
    ...entries,
  ]
}

export function describeAcceptedBy(a: AcceptedBy): string {
  if (a.source === 'label')
    return a.by !== undefined ? `@${a.by}, with the label` : 'the label (by whom is unknown)'
  return a.until !== undefined ? `bench.yml, until ${a.until}` : 'bench.yml'
}

export function gateDescription(c: Comparison): string {
  const thresholds = new Set(c.benchmarks.map((b) => formatPercentSetting(b.threshold)))
  const alphas = new Set(c.benchmarks.map((b) => String(b.alpha)))
  const t = [...thresholds].join(', ')
  const a = [...alphas].join(', ')
  const unpaired = `Mann–Whitney U p < α = ${a}, with the bootstrap confidence interval of the ratio of medians wholly on the bad side`
  const paired = c.pairing
    ? `paired: Wilcoxon signed-rank p < α = ${a} on the log-ratios of ${describePairCount(c.pairing)} of neighbouring base and head runs, with the bootstrap confidence interval of the median paired ratio wholly on the bad side`
    : undefined
  const test = !paired
    ? unpaired
    : c.pairing!.unpaired.length === 0
      ? paired
      : `${paired}; unpaired, for the ${benchmarkCount(c.pairing!.unpaired.length)} whose runs did not alternate: ${unpaired}`
  return (
    `A regression is a gated metric worse than its threshold (${t}) and significant (${test}). ` +
    'Beyond the threshold but not significant is unclear: shown, not failing. ' +
    'One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict.'
  )
}

function describePairCount(p: Pairing): string {
  return p.minPairs === p.maxPairs ? `${p.minPairs} pairs` : `${p.minPairs}–${p.maxPairs} pairs`
}

/** One side of a benchmark whose measurement was contended (CONTENTION_RULE). */
export interface ContendedMeasurement {
  benchmark: BenchmarkComparison
  /** Which side, when the comparison has a baseline. */
  side?: 'base' | 'head'
  contention: Contention
  reasons: ContentionReason[]
}

/** How many contended measurements a report names; the rest are counted. */
export const CONTENDED_SHOWN = 5

/** The measurements, head first then the baseline's, that CONTENTION_RULE calls contended. */
export function contendedMeasurements(c: Comparison): ContendedMeasurement[] {
  const out: ContendedMeasurement[] = []
  for (const side of ['head', 'base'] as const) {
    for (const b of c.benchmarks) {
      const contention = b.contention?.[side]
      if (!contention || b.verdict === 'failed') continue
      const reasons = contentionReasons(contention)
      if (reasons.length === 0) continue
      out.push({ benchmark: b, ...(c.baseline ? { side } : {}), contention, reasons })
    }
  }
  return out
}

/**
 * What the machine was doing, in numbers only (a results file supplies them, so nothing else of it
 * is shown): "load 4.2 on 2 CPUs, tasks waited for a CPU 92% of the time, wall 2.21× CPU time".
 */
export function describeContention(x: Contention): string {
  const percent = (p: number) => `${Math.round(p)}%`
  const parts = [
    `load ${Math.max(x.loadAverage.start, x.loadAverage.end).toFixed(1)} on ${x.cpus} CPU${x.cpus === 1 ? '' : 's'}`,
  ]
  if (x.stealPercent >= 1) parts.push(`${percent(x.stealPercent)} of CPU time stolen by the hypervisor`)
  if (x.cpuPressurePercent !== undefined)
    parts.push(`tasks waited for a CPU ${percent(x.cpuPressurePercent)} of the time`)
  else parts.push(`other programs used ${percent(x.otherBusyPercent)} of the CPUs`)
  if (x.wallCpuRatio !== undefined) parts.push(`wall ${sig3(x.wallCpuRatio)}× CPU time`)
  if (x.involuntaryCsPerRun !== undefined)
    parts.push(`${sig3(x.involuntaryCsPerRun)} involuntary context switches per run`)
  return parts.join(', ')
}

/** The benchmark's name, for the report to render, and the rest of its line: " (head): load …". */
export function contendedLine(m: ContendedMeasurement): { name: string; detail: string } {
  const side = m.side ? ` (${m.side === 'head' ? 'head' : 'baseline'})` : ''
  return { name: m.benchmark.name, detail: `${side}: ${describeContention(m.contention)}` }
}

/** What a busy machine does to these verdicts, in one sentence. */
export function contentionConsequence(c: Comparison, contended: ContendedMeasurement[]): string {
  if (!c.baseline) return 'its timings may be slower than the code is'
  if (contended.every((m) => m.benchmark.pairs !== undefined))
    return 'base and head ran interleaved and shared the load, so the comparison stays fair but noisier'
  return 'wall-clock comparisons across moments are unreliable: a slowdown may be the load, not the change'
}

/**
 * One line per benchmark whose wall time was corrected for its shell's start-up (process benchmarks with
 * `shell: true`): the benchmark's name and what was subtracted on each side, and over how many runs.
 */
export function shellCorrections(c: Comparison): Array<{ name: string; detail: string }> {
  const side = (s: { ns: number; runs: number }) =>
    `−${formatValue(s.ns, 'ns')}, measured over ${s.runs} runs`
  return c.benchmarks.flatMap((b) => {
    const { base, head } = b.shellCorrection ?? {}
    if (!base && !head) return []
    const parts = [head && side(head), base && `baseline ${side(base)}`].filter(Boolean)
    return [{ name: b.name, detail: `wall corrected for shell start-up: ${parts.join('; ')}` }]
  })
}

/**
 * What the instruction counts say about a benchmark's timed change, in a sentence: "wall +27.0%,
 * instructions +10.0% (1,000,000 → 1,100,000)", with what it means where the work does not explain it,
 * and what explained-only made of it.
 */
export function describeExplanation(x: TimedChangeExplanation): string {
  const changes = x.changes.map((c) => `${c.metric} ${formatChange(c.change)}`).join(', ')
  if (x.instructions) {
    const { base, head, change, reading } = x.instructions
    const said = `${changes}, instructions ${formatChange(change)} (${formatCount(base)} → ${formatCount(head)})`
    if (reading === 'explains') return said
    if (reading === 'opposite') return `${said}: the instructions went the other way`
    const barely = `${said}: the instructions barely changed: code placement or memory is the likely cause`
    return x.unclear ? `${barely}; gated as unclear (timed-change: explained-only)` : barely
  }
  const { status, reason } = x.notCounted!
  const what = {
    skipped: 'instructions not counted',
    failed: 'counting the instructions failed',
    elsewhere: 'instruction counts not used',
  }[status]
  const kept =
    x.rule === 'explained-only' ? '; the verdict stays as measured (timed-change: explained-only)' : ''
  return `${changes}; ${what}: ${reason}${kept}`
}
