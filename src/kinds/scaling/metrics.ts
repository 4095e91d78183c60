// The scaling kind's metrics, at each point of a sweep: throughput, and speedup and efficiency computed
// from it against the sweep's smallest count — one measurement, one verdict.
import type { MetricCatalogue } from '../types.ts'

export const SCALING_METRICS = ['throughput', 'speedup', 'efficiency'] as const

export const catalogue = {
  names: SCALING_METRICS,
  defaultGate: ['throughput'],
  derived: { speedup: 'throughput', efficiency: 'throughput' },
} as const satisfies MetricCatalogue
