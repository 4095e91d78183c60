// The wall-clock kind: in-process samples from a runner program (rebar's runner protocol).
import type { KindModule } from '../types.ts'
import { expandRebar, expandWallClockHarness, WallClockMeasurement } from './measure.ts'
import { catalogue } from './metrics.ts'
import { countedAs, planWallClock, type WallClockCase } from './plan.ts'
import {
  resolveWallClock,
  type WallClockBenchmarkConfig,
  type WallClockEntry,
  wallClockBenchmarkSchema,
} from './schema.ts'

/**
 * How many runner processes a wall-clock benchmark's samples are spread over, at most. A shared
 * machine's speed drifts by several percent over tens of milliseconds (measured on a 2-vCPU VM: the
 * median of 20 consecutive 1 ms samples moved between 1.08 and 1.25 ms within one process), so
 * samples taken together share one moment of the machine. Spread over many short invocations,
 * interleaved with the other benchmarks, every benchmark sees the machine's whole range.
 */
export const MAX_WALL_CLOCK_INVOCATIONS = 100
/**
 * A wall-clock benchmark is split only so far that each invocation still takes this many samples.
 * Every invocation warms up anew (max-warmup-time, 100 ms by default): at the default 20 runs, ten
 * invocations spend 1 s warming up (see DEFAULT_MAX_WARMUP_TIME_MS for why that is enough).
 */
const MIN_SAMPLES_PER_INVOCATION = 2

export const wallClockKind = {
  kind: 'wall-clock',
  schema: wallClockBenchmarkSchema,
  metrics: catalogue,
  resolve: resolveWallClock,
  plan: planWallClock,
  expands: (b) => b.harness || b.rebar !== undefined || b.engines.some((e) => e.name !== ''),
  listsBenchmarks: (c) => c.harness || c.rebar !== undefined,
  expand: async (c, inherit) =>
    c.harness
      ? expandWallClockHarness(c, inherit)
      : c.rebar !== undefined
        ? expandRebar(c, inherit)
        : undefined,
  timed: {
    measurement: (c, options) => new WallClockMeasurement(c, options),
    parts: (c) =>
      Math.max(1, Math.min(MAX_WALL_CLOCK_INVOCATIONS, Math.floor(c.runs / MIN_SAMPLES_PER_INVOCATION))),
    progressUnit: 'samples',
    partsTimedBySchedule: true,
    parallelism: (c) => c.threads ?? 1,
    countedAs,
  },
} as const satisfies KindModule<'wall-clock', WallClockEntry, WallClockBenchmarkConfig, WallClockCase>
