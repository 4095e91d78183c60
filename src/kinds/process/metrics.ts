// The process kind's metrics (docs/ARCHITECTURE.md#kinds): what one run of a whole program cost. Any of them can gate.
import type { MetricCatalogue } from '../types.ts'

export const PROCESS_METRICS = [
  'wall',
  'user',
  'sys',
  'cpu',
  'max-rss',
  'minor-faults',
  'major-faults',
  'voluntary-cs',
  'involuntary-cs',
] as const

export const catalogue = {
  names: PROCESS_METRICS,
  defaultGate: ['wall'],
  derived: {},
} as const satisfies MetricCatalogue
