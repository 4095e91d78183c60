// The wall-clock kind's metrics: time per call, and bytes per second when a call's work has a size —
// computed from the same samples' time, so one measurement with one verdict.
import type { MetricCatalogue } from '../types.ts'

export const WALL_CLOCK_METRICS = ['time', 'throughput'] as const

export const catalogue = {
  names: WALL_CLOCK_METRICS,
  defaultGate: ['time'],
  derived: { throughput: 'time' },
} as const satisfies MetricCatalogue
