// The import kind's metrics are whatever the file holds (time, throughput, memory, a format's own); an
// imported metric may say what it was computed from (`derivedFrom`), so the kind derives none itself.
import type { MetricCatalogue } from '../types.ts'

export const catalogue = { derived: {} } as const satisfies MetricCatalogue
