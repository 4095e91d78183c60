// The scaling kind: throughput at each thread or process count, with speedup and efficiency.
import type { KindModule } from '../types.ts'
import { addScalingMetrics, ScalingMeasurement } from './measure.ts'
import { catalogue } from './metrics.ts'
import { planScaling, type ScalingCase } from './plan.ts'
import {
  resolveScaling,
  type ScalingBenchmarkConfig,
  type ScalingEntry,
  scalingBenchmarkSchema,
} from './schema.ts'
import { sweepPointOf } from './sweep.ts'

export const scalingKind = {
  kind: 'scaling',
  schema: scalingBenchmarkSchema,
  metrics: catalogue,
  resolve: resolveScaling,
  plan: planScaling,
  expands: () => true,
  curvePoint: sweepPointOf,
  timed: {
    measurement: (c, options) => new ScalingMeasurement(c, options),
    parts: (c, { units, paired, maxRounds }) => {
      // A runner program warms up in each invocation, so a scaling runner takes its samples in one,
      // unless it is paired with the other side: then in a few, to alternate with it.
      if (c.format === 'runner') return paired ? Math.min(maxRounds, c.runs) : 1
      // A pair alternates run by run: neighbouring runs see the same moment of the machine.
      if (paired) return c.runs
      return units > 1 ? Math.min(maxRounds, c.runs) : 1
    },
    progressUnit: 'runs',
    partsTimedBySchedule: true,
    parallelism: (c) => c.threads * c.copies,
    // Speedup and efficiency need a sweep's smallest point, so they are added once every point is measured.
    complete: addScalingMetrics,
    countedAs: () => ({
      skipped:
        'valgrind runs threads one at a time, so it cannot count a run of several threads or processes at once as it was measured',
    }),
  },
} as const satisfies KindModule<'scaling', ScalingEntry, ScalingBenchmarkConfig, ScalingCase>
