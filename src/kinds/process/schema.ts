// The process kind's entry in bench.yml, and what it resolves to.
import * as z from 'zod'
import {
  checkCommandForm,
  commandSchema,
  durationSchema,
  expecting,
  gateSchemaFor,
  nameSchema,
  type ResolveContext,
  resolveCommon,
  runsSchema,
  significanceKeys,
  timedBenchmarkKeys,
  timeoutDescription,
  toArgv,
  warmupSchema,
} from '../../config/fields.ts'
import { catalogue, PROCESS_METRICS } from './metrics.ts'

export const processBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z
        .literal('process')
        .meta({ description: 'Whole-process runs: wall, user and sys time, max RSS, faults.' }),
      command: commandSchema,
      ...timedBenchmarkKeys,
      ...significanceKeys,
      runs: runsSchema('Measured runs. Inherits defaults.runs (20).').optional(),
      warmup: warmupSchema('Runs before measuring, discarded. Inherits defaults.warmup (2).').optional(),
      timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
      gate: gateSchemaFor(PROCESS_METRICS, 'wall', catalogue.derived).optional(),
    },
    expecting('a benchmark: a mapping with name, kind and command'),
  )
  .superRefine((benchmark, ctx) => checkCommandForm(benchmark.command, benchmark.shell, ctx, 'command'))

export type ProcessEntry = z.output<typeof processBenchmarkSchema>

export function resolveProcess(entry: ProcessEntry, context: ResolveContext) {
  const { defaults } = context
  const common = resolveCommon(entry, context)
  return {
    ...common,
    kind: 'process' as const,
    /** argv; with `shell` it is ['/bin/sh', '-c', script]. */
    command: toArgv(entry.command, common.shell),
    threshold: entry.threshold ?? defaults.threshold,
    alpha: entry.alpha ?? defaults.alpha,
    runs: entry.runs ?? defaults.runs,
    warmup: entry.warmup ?? defaults.warmup,
    /** Per run: a run past it is killed and the benchmark fails. */
    timeoutMs: entry.timeout ?? defaults.timeoutMs,
    /** Metrics whose verdicts decide pass or fail; the others are reported only. */
    gate: entry.gate ?? [...catalogue.defaultGate],
  }
}

export type ProcessBenchmarkConfig = ReturnType<typeof resolveProcess>
