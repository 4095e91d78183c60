// The wall-clock kind's metrics: time per call, and a rate when a call's work has a size (bytes per
// second, or elements per second with bytes per second beside it) — computed from the same samples'
// time, so one measurement with one verdict.
import type { MetricCatalogue } from '../types.ts'

export const WALL_CLOCK_METRICS = ['time', 'throughput', 'byte-throughput'] as const

export const catalogue = {
  names: WALL_CLOCK_METRICS,
  defaultGate: ['time'],
  derived: { throughput: 'time', 'byte-throughput': 'time' },
} as const satisfies MetricCatalogue
