// The process kind: whole-program runs through the exec helper (wall, CPU, memory, faults, switches).
import type { KindModule } from '../types.ts'
import { ProcessMeasurement } from './measure.ts'
import { catalogue } from './metrics.ts'
import { countedAs, type ProcessCase, planProcess } from './plan.ts'
import {
  type ProcessBenchmarkConfig,
  type ProcessEntry,
  processBenchmarkSchema,
  resolveProcess,
} from './schema.ts'

export const processKind = {
  kind: 'process',
  schema: processBenchmarkSchema,
  metrics: catalogue,
  resolve: resolveProcess,
  plan: planProcess,
  expands: (b) => b.points !== undefined,
  // Whole programs are alternatives a reader compares (hyperfine's "ran 1.5× faster than").
  rankedBy: 'wall',
  timed: {
    measurement: (c, options) => new ProcessMeasurement(c, options),
    // A pair alternates run by run: neighbouring runs see the same moment of the machine.
    parts: (c, { units, paired, maxRounds }) =>
      paired ? c.runs : units > 1 ? Math.min(maxRounds, c.runs) : 1,
    progressUnit: 'runs',
    // Its runs report progress while it measures; it times its own parts.
    partsTimedBySchedule: false,
    parallelism: () => 1,
    countedAs,
  },
} as const satisfies KindModule<'process', ProcessEntry, ProcessBenchmarkConfig, ProcessCase>
