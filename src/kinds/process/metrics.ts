// The process kind's metrics (docs/ARCHITECTURE.md#kinds): what one run of a whole program cost. Any of them can gate.
import type { ResourceMetric } from '../../measure/exec-helper.ts'
import type { MetricCatalogue } from '../types.ts'

// Each is wall, cpu (user + sys) or a metric of the exec helper's resource use (RESOURCE_USE)…
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
] as const satisfies ReadonlyArray<'wall' | 'cpu' | ResourceMetric>

// …and every metric of the exec helper's resource use is listed: a new row of RESOURCE_USE fails to
// compile until it is named above, where its place in reports is chosen.
const everyResourceMetricListed: ResourceMetric extends (typeof PROCESS_METRICS)[number] ? true : never = true
void everyResourceMetricListed

export const catalogue = {
  names: PROCESS_METRICS,
  defaultGate: ['wall'],
  derived: {},
} as const satisfies MetricCatalogue
