// The process kind's entry in bench.yml, and what it resolves to.

import path from 'node:path'
import * as z from 'zod'
import type { ConfinedPath } from '../../fields/confine.ts'
import {
  type Command,
  checkCommandForm,
  commandSchema,
  compareWithSchema,
  durationSchema,
  expecting,
  flagSchema,
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
} from '../../fields/index.ts'
import { catalogue, PROCESS_METRICS } from './metrics.ts'
import { checkPlaceholders, parameterPoints, parametersSchema, substitute } from './parameters.ts'

const stepCommandSchema = (what: string) =>
  commandSchema.meta({
    description: `A command run ${what} every run, warmups included, untimed (hyperfine's --${what === 'before' ? 'prepare' : 'conclude'}); the same forms as command, run through the shell with shell: true. Its failure fails the benchmark.`,
  })

const outputSchema = z
  .string(expecting('null, pipe or a file path'))
  .min(1, expecting('null, pipe or a file path'))
  .meta({
    description:
      "Where the command's stdout goes (hyperfine's --output): null (/dev/null, the default), pipe (a pipe, read and discarded), or a file path (relative to bench.yml) that every run writes after the previous one.",
  })

export const processBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z
        .literal('process')
        .meta({ description: 'Whole-process runs: wall, user and sys time, max RSS, faults.' }),
      command: commandSchema,
      prepare: stepCommandSchema('before').optional(),
      conclude: stepCommandSchema('after').optional(),
      parameters: parametersSchema.optional(),
      stdin: z
        .string(expecting('a file path'))
        .min(1, expecting('a file path'))
        .meta({
          description:
            "A file every run reads on stdin (hyperfine's --input); relative to bench.yml and inside the repository. /dev/null otherwise.",
        })
        .optional(),
      output: outputSchema.optional(),
      'shell-correction': flagSchema(
        "With shell: true, measure the shell's own start-up (an empty script) and subtract its median from each wall sample. On by default.",
      ).optional(),
      ...timedBenchmarkKeys,
      ...significanceKeys,
      runs: runsSchema('Measured runs. Inherits defaults.runs (20).').optional(),
      warmup: warmupSchema('Runs before measuring, discarded. Inherits defaults.warmup (2).').optional(),
      timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
      gate: gateSchemaFor(PROCESS_METRICS, 'wall', catalogue.derived).optional(),
      'compare-with': compareWithSchema.optional(),
    },
    expecting('a benchmark: a mapping with name, kind and command'),
  )
  .superRefine((benchmark, ctx) => {
    checkCommandForm(benchmark.command, benchmark.shell, ctx, 'command')
    for (const key of ['prepare', 'conclude'] as const) {
      const command = benchmark[key]
      if (command !== undefined) checkCommandForm(command, benchmark.shell, ctx, key)
    }
    const parameters = benchmark.parameters
    const texts: Array<[string | undefined | Command, Array<string | number>]> = [
      [benchmark.name, ['name']],
      [benchmark.command, ['command']],
      [benchmark.prepare, ['prepare']],
      [benchmark.conclude, ['conclude']],
      [benchmark.stdin, ['stdin']],
      [benchmark.output, ['output']],
    ]
    for (const [text, at] of texts) {
      if (text === undefined) continue
      if (!Array.isArray(text)) checkPlaceholders(text, parameters, ctx, at)
      else for (const [i, arg] of text.entries()) checkPlaceholders(arg, parameters, ctx, [...at, i])
    }
  })

export type ProcessEntry = z.output<typeof processBenchmarkSchema>

export function resolveProcess(entry: ProcessEntry, context: ResolveContext) {
  const { defaults } = context
  const common = resolveCommon(entry, context)
  return {
    ...common,
    kind: 'process' as const,
    /** argv; with `shell` it is ['/bin/sh', '-c', script]. */
    command: toArgv(entry.command, common.shell),
    ...resolveAround(entry, context, common.shell),
    threshold: entry.threshold ?? defaults.threshold,
    alpha: entry.alpha ?? defaults.alpha,
    /** How a timed change the instruction counts do not explain gates (docs/verdicts.md). */
    timedChange: entry['timed-change'] ?? defaults.timedChange,
    runs: entry.runs ?? defaults.runs,
    warmup: entry.warmup ?? defaults.warmup,
    /** Per run: a run past it is killed and the benchmark fails. */
    timeoutMs: entry.timeout ?? defaults.timeoutMs,
    /** Metrics whose verdicts decide pass or fail; the others are reported only. */
    gate: entry.gate ?? [...catalogue.defaultGate],
  }
}

export type ProcessBenchmarkConfig = ReturnType<typeof resolveProcess>

/** What a process benchmark runs around and into its command; only what the entry asks for is present. */
interface AroundCommand {
  /** argv run untimed before every run. */
  prepare?: string[]
  /** argv run untimed after every run. */
  conclude?: string[]
  /** The points of a parameter scan, each a benchmark; absent: one benchmark. */
  points?: ReturnType<typeof parameterPoints>
  /** The file every run reads on stdin, inside the repository: one per point of the scan, in its order (one without). */
  stdin?: ConfinedPath[]
  /** Where stdout goes, when not /dev/null: a pipe, or a file (absolute) per point of the scan (one without). */
  output?: 'pipe' | { files: string[] }
  /** The shell's start-up is measured and subtracted from wall time (only with `shell`). */
  shellCorrection?: true
}

function resolveAround(entry: ProcessEntry, context: ResolveContext, shell: boolean): AroundCommand {
  const { dir } = context
  const around: AroundCommand = {}
  if (entry.prepare !== undefined) around.prepare = toArgv(entry.prepare, shell)
  if (entry.conclude !== undefined) around.conclude = toArgv(entry.conclude, shell)
  if (entry.parameters !== undefined) around.points = parameterPoints(entry.parameters)
  // The values go into the paths as written, before they are resolved: never into bench.yml's directory.
  const points = around.points ?? [{}]
  const stdin = entry.stdin
  if (stdin !== undefined)
    around.stdin = points.map((point) => context.confine(substitute(stdin, point), ['stdin'], 'a file'))
  const output = entry.output
  if (output === 'pipe') around.output = 'pipe'
  else if (output !== undefined && output !== 'null')
    around.output = { files: points.map((point) => path.resolve(dir, substitute(output, point))) }
  if (shell && entry['shell-correction'] !== false) around.shellCorrection = true
  return around
}
