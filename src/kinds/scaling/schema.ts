// The scaling kind's entry in bench.yml, and what it resolves to.
import * as z from 'zod'
import {
  alphaSchema,
  checkCommandForm,
  commandSchema,
  durationSchema,
  expecting,
  gateSchemaFor,
  nameSchema,
  percentSchema,
  type ResolveContext,
  resolveCommon,
  runsSchema,
  timedBenchmarkKeys,
  timeoutDescription,
  toArgv,
  warmupSchema,
} from '../../fields/index.ts'
import { THROUGHPUT_FORMATS } from '../../import/index.ts'
import { DEFAULT_RUNNER_WARMUP_ITERS } from '../wall-clock/schema.ts'
import { catalogue, SCALING_METRICS } from './metrics.ts'

/**
 * Where a scaling benchmark's throughput comes from: a runner program (the runner protocol's samples),
 * or a program's output in a format of the registry that yields throughput (src/import/).
 */
export const SCALING_FORMATS = ['runner', ...THROUGHPUT_FORMATS] as [string, ...string[]]

/** Each point of a sweep is repeated this often unless the config says otherwise. */
export const DEFAULT_SCALING_RUNS = 5

const countsSchema = (what: string) => {
  const error = expecting(`a list of ${what} counts, whole numbers of at least 1, like [1, 2, 4]`)
  return z
    .array(z.number(error).int(error).min(1, error), error)
    .min(1, error)
    .refine((counts) => new Set(counts).size === counts.length, {
      error: `expected each ${what} count once`,
    })
    .transform((counts) => [...counts].sort((a, b) => a - b))
}

export const scalingBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z.literal('scaling').meta({
        description:
          'Throughput at each thread and/or process count: speedup and efficiency, base against head.',
      }),
      command: commandSchema.meta({
        description:
          'The program; {threads} in an argument is replaced by the thread count. With format: runner, a runner reading KLV (threads item) on stdin.',
      }),
      format: z.enum(SCALING_FORMATS, expecting(`one of: ${SCALING_FORMATS.join(', ')}`)).meta({
        description:
          "Where throughput comes from: CSB's key=val; line (univ_count over duration_max), the runner protocol (operations over duration), or a Metron table line (rate= or Time).",
      }),
      threads: countsSchema('thread').meta({ description: 'Thread counts to sweep.' }).optional(),
      processes: countsSchema('process')
        .meta({ description: 'Process counts to sweep: that many copies of the command started together.' })
        .optional(),
      'threads-env': z
        .string(expecting('an environment variable name'))
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, expecting('an environment variable name'))
        .meta({
          description: 'Also pass the thread count in this environment variable, e.g. OMP_NUM_THREADS.',
        })
        .optional(),
      'metron-line': z
        .string(expecting('a benchmark name as Metron prints it'))
        .min(1, expecting('a benchmark name as Metron prints it'))
        .meta({ description: 'format metron: the line to read, e.g. "threads/fetchAdd/threads:{threads}".' })
        .optional(),
      ...timedBenchmarkKeys,
      threshold: percentSchema(
        'A throughput loss worse than this and significant, at any count, is a regression. Inherits defaults.threshold (5%).',
      ).optional(),
      alpha: alphaSchema('Significance level. Inherits defaults.alpha (0.01).').optional(),
      runs: runsSchema(`Repetitions of each point (default ${DEFAULT_SCALING_RUNS}).`).optional(),
      warmup: warmupSchema(
        'Runs of each point before measuring, discarded. Inherits defaults.warmup (2). With format runner: the most warm-up calls of each runner process, which warms up for 100ms at most; when neither this nor defaults.warmup is written, time alone decides.',
      ).optional(),
      'efficiency-drop': percentSchema(
        'At the largest count, efficiency gates instead of throughput (or the metric gate names): efficiency falling by more than this many percentage points is a regression (e.g. 10%). One measurement, one verdict: efficiency is the throughput of that count seen another way.',
      ).optional(),
      timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
      gate: gateSchemaFor(SCALING_METRICS, 'throughput', catalogue.derived).optional(),
    },
    expecting('a benchmark: a mapping with name, kind and command'),
  )
  .superRefine((benchmark, ctx) => {
    checkCommandForm(benchmark.command, benchmark.shell, ctx, 'command')
    if (benchmark.threads === undefined && benchmark.processes === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'missing required key "threads" (or processes)' })
    }
    if (benchmark.format === 'runner' && benchmark.processes !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['processes'],
        message:
          'expected no processes with format: runner (a runner is one process; its threads come from the KLV)',
      })
    }
    if (benchmark.format === 'metron' && benchmark['metron-line'] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'missing required key "metron-line" (format: metron reads one line of the table)',
      })
    }
  })

export type ScalingEntry = z.output<typeof scalingBenchmarkSchema>

export function resolveScaling(entry: ScalingEntry, context: ResolveContext) {
  const { defaults } = context
  const common = resolveCommon(entry, context)
  return {
    ...common,
    kind: 'scaling' as const,
    /** argv; `{threads}` in any argument is replaced by the thread count. With format runner, the runner. */
    command: toArgv(entry.command, common.shell),
    format: entry.format,
    /** Thread counts to sweep, increasing; empty when only processes are swept. */
    threads: entry.threads ?? [],
    /** Process counts to sweep (copies started together), increasing; empty when only threads are swept. */
    processes: entry.processes ?? [],
    /** An environment variable that also carries the thread count (OMP_NUM_THREADS, RAYON_NUM_THREADS). */
    threadsEnv: entry['threads-env'],
    /** format metron: the benchmark line to read, `{threads}` replaced by the count. */
    metronLine: entry['metron-line'],
    /** Repetitions per point. */
    runs: entry.runs ?? DEFAULT_SCALING_RUNS,
    /**
     * Runs of each point discarded first. With format runner, the most warm-up calls of each runner
     * process (KLV max-warmup-iters), DEFAULT_RUNNER_WARMUP_ITERS unless the config writes a count.
     */
    warmup:
      entry.format === 'runner'
        ? (entry.warmup ?? context.writtenWarmup ?? DEFAULT_RUNNER_WARMUP_ITERS)
        : (entry.warmup ?? defaults.warmup),
    threshold: entry.threshold ?? defaults.threshold,
    alpha: entry.alpha ?? defaults.alpha,
    /**
     * Percentage points of efficiency at the largest count whose loss is a regression. Efficiency then
     * gates that count instead of the metric `gate` names (one measurement, one verdict).
     */
    efficiencyDrop: entry['efficiency-drop'],
    timeoutMs: entry.timeout ?? defaults.timeoutMs,
    gate: entry.gate ?? [...catalogue.defaultGate],
  }
}

export type ScalingBenchmarkConfig = ReturnType<typeof resolveScaling>
