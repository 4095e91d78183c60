// The process kind's metrics (docs/ARCHITECTURE.md#kinds): what one run of a whole program cost. Any of them can gate.
import type { ResourceMetric } from '../../measure/exec-helper.ts'
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

// Every metric of the exec helper's resource use is one of the kind's: a new row of RESOURCE_USE fails
// to compile until it is named here too, where its place in reports is chosen.
const everyResourceMetric: readonly (typeof PROCESS_METRICS)[number][] = [] as ResourceMetric[]
void everyResourceMetric

export const catalogue = {
  names: PROCESS_METRICS,
  defaultGate: ['wall'],
  derived: {},
} as const satisfies MetricCatalogue
