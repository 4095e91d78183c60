// The instructions kind's entry in bench.yml, and what it resolves to.
import * as z from 'zod'
import {
  checkCommandForm,
  commandSchema,
  cwdSchema,
  durationSchema,
  envSchema,
  expecting,
  flagSchema,
  gateSchemaFor,
  nameSchema,
  percentSchema,
  quotedChoices,
  type ResolveContext,
  requireOneOf,
  resolveCommon,
  shellSchema,
  timeoutDescription,
  toArgv,
} from '../../fields/index.ts'
import { INSTRUCTION_COUNT_FORMATS } from '../../import/index.ts'
import { HEAP_METRICS } from './dhat.ts'
import { catalogue, INSTRUCTION_METRICS } from './metrics.ts'

/** Counts are exact, so a much smaller change is a regression than for sampled metrics. */
export const DEFAULT_INSTRUCTIONS_THRESHOLD = 0.01

export const instructionsBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z.literal('instructions').meta({
        description: 'Exact instruction and cache counts from one run under valgrind --tool=callgrind.',
      }),
      command: commandSchema.optional(),
      import: z
        .strictObject(
          {
            format: z
              .literal(INSTRUCTION_COUNT_FORMATS, expecting(quotedChoices(INSTRUCTION_COUNT_FORMATS)))
              .meta({
                description: 'iai-callgrind (Gungraun) JSON summaries, as `cargo bench` writes them.',
              }),
            path: z
              .string(expecting('a file or directory path'))
              .min(1, expecting('a file or directory path'))
              .meta({
                description:
                  'A summary.json, or a directory searched for them (e.g. target/iai); relative to bench.yml and inside the repository.',
              }),
          },
          expecting('a mapping with format and path'),
        )
        .meta({ description: 'Read counts measured by another tool instead of running a command.' })
        .optional(),
      shell: shellSchema.optional(),
      cwd: cwdSchema.optional(),
      env: envSchema(
        'The whole environment of the program (counts depend on it): nothing else is passed, not even PATH.',
      ).optional(),
      threshold: percentSchema(
        'A count worse than this is a regression. Default 1% (defaults.threshold is for timed kinds).',
      ).optional(),
      timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
      'entry-point': z
        .string(expecting('a function name or glob'))
        .min(1, expecting('a function name or glob'))
        .meta({
          description:
            'Count only inside functions matching this name or glob (callgrind --toggle-collect), e.g. "app::parse" or "parse*".',
        })
        .optional(),
      harness: flagSchema(
        'The command is a bench-action harness (runners/): one benchmark per name it lists, each counted inside bench_action_measure only.',
      ).optional(),
      'cache-sim': flagSchema(
        'Simulate caches for L1/LL/RAM hits and estimated cycles (default true; slower).',
      ).optional(),
      'branch-sim': flagSchema('Simulate branch prediction: Bc, Bcm, Bi, Bim (default false).').optional(),
      heap: flagSchema(
        'Also run the program once under valgrind --tool=dhat for exact heap counts: heap-bytes, heap-blocks, heap-peak-bytes, heap-peak-blocks, heap-reads, heap-writes (default false; gated beside ir unless gate is given). With entry-point or harness, only the allocations made inside the entry point count.',
      ).optional(),
      gate: gateSchemaFor(INSTRUCTION_METRICS, 'ir', catalogue.derived).optional(),
    },
    expecting('a benchmark: a mapping with name, kind and command'),
  )
  .superRefine((benchmark, ctx) => {
    requireOneOf(
      benchmark,
      ['command', 'import'],
      ctx,
      'run the tool that writes the summaries as a setup step',
    )
    if (benchmark.command !== undefined) checkCommandForm(benchmark.command, benchmark.shell, ctx, 'command')
    refuseHeapWithImport(benchmark, ctx)
    refuseHeapGateWithoutHeap(benchmark, ctx)
  })

/**
 * A heap metric is measured only with `heap: true` (or read from an imported summary that has it); a
 * gate on it without would never be checked.
 */
function refuseHeapGateWithoutHeap(
  benchmark: { heap?: boolean; import?: unknown; gate?: readonly string[] },
  ctx: z.RefinementCtx,
) {
  if (benchmark.heap === true || benchmark.import !== undefined || !Array.isArray(benchmark.gate)) return
  const index = benchmark.gate.findIndex((metric) => (HEAP_METRICS as readonly string[]).includes(metric))
  if (index < 0) return
  ctx.addIssue({
    code: 'custom',
    path: ['gate', index],
    message: `"${benchmark.gate[index]}" is measured only with heap: true; add heap: true or gate on another metric`,
  })
}

/**
 * Imported counts have no program to run under DHAT: a Gungraun summary brings its own heap counts,
 * read when the summary has them.
 */
function refuseHeapWithImport(benchmark: { heap?: boolean; import?: unknown }, ctx: z.RefinementCtx) {
  if (benchmark.heap !== true || benchmark.import === undefined) return
  ctx.addIssue({
    code: 'custom',
    path: ['heap'],
    message:
      'heap runs the command under DHAT and an import runs none; imported Gungraun summaries bring their heap counts when Gungraun ran DHAT (--tools=dhat): remove heap',
  })
}

export type InstructionsEntry = z.output<typeof instructionsBenchmarkSchema>

export function resolveInstructions(entry: InstructionsEntry, context: ResolveContext) {
  const common = resolveCommon(entry, context)
  return {
    ...common,
    kind: 'instructions' as const,
    /** argv of the program run under valgrind; with `shell` it is ['/bin/sh', '-c', script]. */
    command: entry.command === undefined ? [] : toArgv(entry.command, common.shell),
    threshold: entry.threshold ?? DEFAULT_INSTRUCTIONS_THRESHOLD,
    timeoutMs: entry.timeout ?? context.defaults.timeoutMs,
    /** Count only inside functions matching this glob (valgrind --toggle-collect). */
    entryPoint: entry['entry-point'],
    /** The command is a bench-action harness: one case per benchmark it lists. */
    harness: entry.harness ?? false,
    /** Read counts another tool measured (a format of src/import/) instead of running the command. */
    import: entry.import && {
      format: entry.import.format,
      ...context.confine(entry.import.path, ['import', 'path'], 'a file or directory'),
    },
    cacheSim: entry['cache-sim'] ?? true,
    branchSim: entry['branch-sim'] ?? false,
    /** Also run the program under valgrind --tool=dhat for exact heap counts. */
    heap: entry.heap ?? false,
    gate: entry.gate ?? [...catalogue.defaultGate, ...(entry.heap ? HEAP_METRICS : [])],
  }
}

export type InstructionsBenchmarkConfig = ReturnType<typeof resolveInstructions>
