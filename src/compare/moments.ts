// Base and head measured at different moments: the rules for wall time and CPU time, and the drift
// of a metric between stored runs that verdicts across moments are judged against.

import { formatChange } from '../display.ts'
import { busyReason } from '../measure/contention.ts'
import type { BenchmarkResult, Metric } from '../results.ts'
import {
  type DriftEstimate,
  type DriftRun,
  type DriftSides,
  decideAcrossMoments,
  decideSummary,
  estimateDrift,
  summarize,
} from '../stats/index.ts'
import type { MetricComparison, MetricVerdict } from './types.ts'
import { valuesOf } from './values.ts'

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
export function judgeOnCpuWhenWallDiverges(
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

/** How base and head were measured: both on a quiet machine, both on a busy one, or one of each. */
export function sidesOf(base: BenchmarkResult | undefined, head: BenchmarkResult | undefined): DriftSides {
  const busy = [base, head].filter((b) => busyReason(b?.contention) !== undefined).length
  return busy === 0 ? 'quiet' : busy === 2 ? 'busy' : 'mixed'
}

/** The drift of one metric among its stored runs, estimated once, when a verdict first asks for it. */
export function driftOf(
  stored: DriftRun[],
  alpha: number,
  sides: DriftSides,
): () => DriftEstimate | undefined {
  let estimate: DriftEstimate | undefined
  return () => {
    estimate ??= estimateDrift(stored, { alpha, sides })
    return estimate
  }
}
