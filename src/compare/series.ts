// The curves of a comparison: throughput, speedup and efficiency against the count, for the results their
// kind places on a curve (a scaling sweep),
// and parameter scans' wall time against the parameter, base and head.

import { curvePointOf } from '../kinds/index.ts'
import type { BenchmarkResult, ResultSet } from '../results.ts'
import { summarize } from '../stats/index.ts'
import type {
  BenchmarkComparison,
  ScalingPoint,
  ScalingSeries,
  ScalingSide,
  ScanPoint,
  ScanSeries,
} from './types.ts'

/** Each side's throughput, speedup and efficiency at every count, from the medians of its runs. */
function scalingSides(results: BenchmarkResult[]): Map<string, ScalingSide> {
  const sides = new Map<string, ScalingSide>()
  const sweeps = new Map<string, Array<{ b: BenchmarkResult; count: number; throughput: number }>>()
  for (const b of results) {
    const sweep = curvePointOf(b)
    const samples = b.metrics.throughput?.samples
    if (!sweep || b.status !== 'ok' || !samples?.length) continue
    const key = `${sweep.series}\u0000${sweep.dimension}`
    sweeps.set(key, [
      ...(sweeps.get(key) ?? []),
      { b, count: sweep.count, throughput: summarize(samples).median },
    ])
  }
  for (const points of sweeps.values()) {
    const smallest = points.reduce((a, b) => (a.count <= b.count ? a : b))
    for (const p of points) {
      const speedup = smallest.throughput > 0 ? p.throughput / smallest.throughput : Number.NaN
      const efficiency = speedup / (p.count / smallest.count)
      sides.set(p.b.id, { throughput: p.throughput, speedup, efficiency })
    }
  }
  return sides
}

/** The curves of the suite's scaling benchmarks, base and head, with each point's verdict. */
export function scalingSeries(
  head: ResultSet,
  base: ResultSet | undefined,
  comparisons: BenchmarkComparison[],
): ScalingSeries[] {
  const headSides = scalingSides(head.benchmarks)
  const baseSides = scalingSides(base?.benchmarks ?? [])
  const verdicts = new Map(comparisons.map((c) => [c.id, c.verdict]))
  const series = new Map<string, ScalingSeries>()
  for (const b of [...head.benchmarks, ...(base?.benchmarks ?? [])]) {
    const sweep = curvePointOf(b)
    if (!sweep) continue
    const key = `${sweep.series}\u0000${sweep.dimension}`
    let s = series.get(key)
    if (!s) {
      s = {
        benchmark: sweep.series,
        dimension: sweep.dimension,
        points: [],
        cores: head.environment.cpuCount,
      }
      series.set(key, s)
    }
    if (s.points.some((p) => p.id === b.id)) continue
    const point: ScalingPoint = { count: sweep.count, id: b.id, verdict: verdicts.get(b.id) ?? 'missing' }
    const baseSide = baseSides.get(b.id)
    const headSide = headSides.get(b.id)
    if (baseSide) point.base = baseSide
    if (headSide) point.head = headSide
    s.points.push(point)
  }
  for (const s of series.values()) s.points.sort((a, b) => a.count - b.count)
  return [...series.values()]
}

/**
 * The curves of the suite's parameter scans (process benchmarks with `parameters:`) that vary one numeric
 * parameter, base and head, with each point's verdict.
 */
export function parameterScans(
  head: ResultSet,
  base: ResultSet | undefined,
  comparisons: BenchmarkComparison[],
): ScanSeries[] {
  const verdicts = new Map(comparisons.map((c) => [c.id, c.verdict]))
  const wall = (b: BenchmarkResult | undefined) => {
    const samples = b?.status === 'ok' ? b.metrics.wall?.samples : undefined
    return samples?.length ? summarize(samples).median : undefined
  }
  const sides = new Map<string, { base?: BenchmarkResult; head?: BenchmarkResult }>()
  for (const [side, results] of [
    ['head', head.benchmarks],
    ['base', base?.benchmarks ?? []],
  ] as const) {
    for (const b of results) {
      if (b.series === undefined) continue
      sides.set(b.id, { ...sides.get(b.id), [side]: b })
    }
  }
  const series = new Map<string, ScanSeries | null>()
  for (const [id, { base: b, head: h }] of sides) {
    const any = (h ?? b)!
    const entries = Object.entries(any.parameters)
    const [parameter, value] = entries[0] ?? []
    const key = any.series!
    // One numeric parameter draws a curve; several (or text values) only the table rows.
    if (entries.length !== 1 || typeof value !== 'number' || series.get(key) === null) {
      series.set(key, null)
      continue
    }
    let s = series.get(key)
    if (!s) {
      s = { benchmark: key, parameter: parameter!, points: [] }
      series.set(key, s)
    }
    if (s.parameter !== parameter) {
      series.set(key, null)
      continue
    }
    const point: ScanPoint = { value, id, verdict: verdicts.get(id) ?? 'missing' }
    const baseWall = wall(b)
    const headWall = wall(h)
    if (baseWall !== undefined) point.base = baseWall
    if (headWall !== undefined) point.head = headWall
    s.points.push(point)
  }
  const drawn = [...series.values()].filter((s): s is ScanSeries => s !== null && s.points.length > 1)
  for (const s of drawn) s.points.sort((a, b) => a.value - b.value)
  return drawn
}
