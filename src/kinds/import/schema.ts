// The import kind's entry in bench.yml, and what it resolves to.
import * as z from 'zod'
import {
  alphaSchema,
  checkCommandForm,
  commandSchema,
  durationSchema,
  expecting,
  nameSchema,
  percentSchema,
  type ResolveContext,
  requireOneOf,
  resolveCommon,
  timedBenchmarkKeys,
  toArgv,
} from '../../fields/index.ts'
import { IMPORT_FORMATS } from '../../import/index.ts'

export const importBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z.literal('import').meta({
        description:
          'Results another harness wrote (hyperfine, criterion, go test -bench, Google Benchmark, JMH, …), compared and gated like measured ones.',
      }),
      format: z
        .enum(IMPORT_FORMATS, expecting(`one of: ${IMPORT_FORMATS.join(', ')}`))
        .meta({ description: "The file's format; detected from its content when not given." })
        .optional(),
      file: z
        .string(expecting('a file or directory path'))
        .min(1, expecting('a file or directory path'))
        .meta({
          description:
            'The results file (target/criterion for criterion), relative to bench.yml and inside the repository; written by a setup step or an earlier workflow step.',
        })
        .optional(),
      command: commandSchema
        .meta({
          description: 'Or a command whose standard output is the results (go test -bench ., cargo bench).',
        })
        .optional(),
      ...timedBenchmarkKeys,
      threshold: percentSchema(
        'Worse than this (and significant, where the format keeps samples) is a regression. Inherits defaults.threshold (5%).',
      ).optional(),
      alpha: alphaSchema('Significance level. Inherits defaults.alpha (0.01).').optional(),
      timeout: durationSchema(
        `The command, when there is one; past it it is killed. Inherits defaults.timeout (60s).`,
      ).optional(),
      gate: z
        .union(
          [
            z.string(expecting('a metric name')).min(1, expecting('a metric name')),
            z
              .array(
                z.string(expecting('a metric name')).min(1, expecting('a metric name')),
                expecting('a list of metric names'),
              )
              .min(1, expecting('a non-empty list of metric names')),
          ],
          expecting('a metric name or a list of them (time, throughput, memory, allocations, …)'),
        )
        .meta({
          description:
            "Metrics whose verdicts decide pass or fail. When not given: every imported metric with samples, an exact count or a summary with a spread, whose better direction the format says; a rate the tool computed from its times is shown with time's verdict. Naming a metric gates it, even a summary without a spread; of metrics computed from the same samples, the first named gates.",
        })
        .transform((gate) => [...new Set(Array.isArray(gate) ? gate : [gate])])
        .optional(),
    },
    expecting('a benchmark: a mapping with name, kind and file or command'),
  )
  .superRefine((benchmark, ctx) => {
    requireOneOf(benchmark, ['file', 'command'], ctx, 'read a file, or run a command and read what it prints')
    if (benchmark.command !== undefined) checkCommandForm(benchmark.command, benchmark.shell, ctx, 'command')
    if (benchmark.shell && benchmark.command === undefined) {
      ctx.addIssue({ code: 'custom', path: ['shell'], message: 'expected shell only with a command' })
    }
  })

export type ImportEntry = z.output<typeof importBenchmarkSchema>

export function resolveImport(entry: ImportEntry, context: ResolveContext) {
  const { defaults } = context
  const common = resolveCommon(entry, context)
  return {
    ...common,
    kind: 'import' as const,
    /** Told, or detected from the content when absent. */
    format: entry.format,
    /** Read this file (a directory for criterion), inside the repository. */
    ...(entry.file !== undefined
      ? { file: context.confine(entry.file, ['file'], 'a file or directory') }
      : {}),
    /** Or run this and parse its standard output; with `shell` it is ['/bin/sh', '-c', script]. */
    command: entry.command === undefined ? [] : toArgv(entry.command, common.shell),
    threshold: entry.threshold ?? defaults.threshold,
    alpha: entry.alpha ?? defaults.alpha,
    timeoutMs: entry.timeout ?? defaults.timeoutMs,
    /**
     * Metrics that gate. When not given: every imported metric that can carry evidence (samples, an
     * exact count, or a summary with a spread) and whose direction is known, except those computed
     * from another (a rate from the times), which are shown with its verdict.
     */
    ...(entry.gate ? { gate: entry.gate } : {}),
  }
}

export type ImportBenchmarkConfig = ReturnType<typeof resolveImport>
