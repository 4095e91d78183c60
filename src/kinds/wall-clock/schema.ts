// The wall-clock kind's entry in bench.yml, and what it resolves to.
import * as z from 'zod'
import type { ConfinedPath } from '../../fields/confine.ts'
import {
  checkCommandForm,
  commandSchema,
  durationSchema,
  envValueSchema,
  expecting,
  flagSchema,
  gateSchemaFor,
  nameSchema,
  type ResolveContext,
  requireOneOf,
  resolveCommon,
  runsSchema,
  significanceKeys,
  timedBenchmarkKeys,
  toArgv,
  warmupSchema,
  wholeNumberSchema,
} from '../../fields/index.ts'
import { catalogue, WALL_CLOCK_METRICS } from './metrics.ts'
import { type RebarSelection, rustRegex } from './rebar.ts'

/**
 * How long every runner process warms up (KLV max-warmup-time) before its samples count: a JIT, a
 * cold cache or a lazily built table (a regex engine's lazy DFA) is warm by then. rebar warms its one
 * process for 1.5 s; bench-action spreads a benchmark's samples over up to 10 processes at the
 * default 20 runs (two samples each, src/kinds/wall-clock/index.ts), each warming up, so the warm-up is what one process
 * needs, paid ten times. Measured on a 2-vCPU x86-64 VM, time per call against the same process's
 * calls after 1.5 s: the `regex` crate counting `\w+\s+Holmes` in 256 KiB (16 µs a call) is 17×
 * slower on its first call, 10–70% on the next three, 2–4% over the first 0.5 ms and within 1% after
 * 10 ms; a JavaScript runner (V8, 2.3 ms a call) is 10–20% slower for its first 5–20 ms. With 2
 * warm-up calls bench-action's median of the regex runner read 10% above rebar's own measurement
 * (one process, rebar's limits); with any warm-up from 1 ms to 300 ms it reads 1–2% above, the rest
 * being what differs from process to process. 100 ms covers both runners with room, costs 1 s per
 * benchmark at the default 20 runs (less than rebar's 1.5 s + 3 s), and keeps the 10 processes whose
 * spread catches the machine's drift. `BENCH_ONLY=wall-clock npm run bench` measures the agreement.
 */
export const DEFAULT_MAX_WARMUP_TIME_MS = 100
/**
 * The count limit of a runner's warm-up when the config writes none: rebar's max-warmup-iters, high
 * enough that the warm-up time decides (a call of 100 ns warms for the whole 100 ms).
 */
export const DEFAULT_RUNNER_WARMUP_ITERS = 1_000_000

/**
 * A value of a wall-clock benchmark's `input`: text, or the contents of a file read when measuring.
 * Written out because an inferred union would give each member the other's key as optional, and
 * `'path' in value` would no longer tell a file from text.
 */
/** A value given in the config, a file it names, or bytes read when first sent (a rebar haystack). */
export type InputValue = { text: string } | ConfinedPath | { load: () => Promise<Buffer> }

/** rebar's default for the time a runner may spend sampling. */
export const DEFAULT_MAX_TIME_MS = 3000
/** The input rebar measures throughput over, tried when none is named. */
export const THROUGHPUT_INPUT_DEFAULT = 'haystack'
/** The model written when the config names none; rebar runners choose their work by model. */
export const DEFAULT_MODEL = 'default'

/** KLV keys bench-action writes itself; an input or parameter may not reuse them. */
export const RESERVED_KLV_KEYS = [
  'name',
  'model',
  'max-iters',
  'max-warmup-iters',
  'max-time',
  'max-warmup-time',
  'sample-time',
  'threads',
] as const

const KLV_KEY_EXPECTED = 'a key without ":", spaces or line breaks'
const klvKeySchema = z
  .string(expecting(KLV_KEY_EXPECTED))
  .regex(/^[^:\s]+$/, expecting(KLV_KEY_EXPECTED))
  .refine((key) => !(RESERVED_KLV_KEYS as readonly string[]).includes(key), {
    error: `expected a key other than the ones bench-action writes itself (${RESERVED_KLV_KEYS.join(', ')})`,
  })

const oneInputSchema = z.union(
  [
    z.string(),
    z.number(),
    z.boolean(),
    z.strictObject(
      {
        path: z.string(expecting('a file path')).min(1, expecting('a file path')).meta({
          description: 'A file whose bytes are the value; relative to bench.yml and inside the repository.',
        }),
      },
      expecting('a mapping with path'),
    ),
  ],
  expecting('a string, a number, true/false or { path: FILE }'),
)

const inputValueSchema = z
  .union(
    [oneInputSchema, z.array(oneInputSchema, expecting('a list of values'))],
    expecting('a string, a number, true/false, { path: FILE } or a list of them'),
  )
  .meta({
    description:
      'A value written as is, or { path: FILE } for the contents of a file; a list sends one item per value, in order (several pattern items).',
  })

function regexSchema(description: string) {
  return z
    .string(expecting('a regular expression'))
    .refine((text) => {
      try {
        rustRegex(text, '')
        return true
      } catch {
        return false
      }
    }, expecting('a regular expression'))
    .meta({ description })
}

const engineNameSchema = z
  .string(expecting('an engine name'))
  .regex(/^[A-Za-z0-9_.:/+-]+$/, expecting('an engine name made of letters, digits and _ . : / + -'))

export const wallClockBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z.literal('wall-clock').meta({
        description:
          "In-process samples from a runner program speaking rebar's runner protocol (KLV on stdin, duration,count lines out).",
      }),
      runner: commandSchema
        .meta({ description: 'The runner program: it reads the configuration on stdin and prints samples.' })
        .optional(),
      engines: z
        .record(engineNameSchema, commandSchema, expecting('a mapping of engine names to runner commands'))
        .refine((engines) => Object.keys(engines).length > 0, expecting('at least one engine'))
        .meta({
          description:
            'Several runners of the same benchmark (rebar engines), measured alike and ranked against the fastest.',
        })
        .optional(),
      rebar: z
        .strictObject(
          {
            benchmarks: z.string(expecting('a directory')).min(1, expecting('a directory')).meta({
              description:
                'A rebar benchmarks directory (engines.toml, definitions/, haystacks/, regexes/), relative to bench.yml and inside the repository; its definitions read only from its haystacks/ and regexes/.',
            }),
            filter: regexSchema(
              'Only the definitions whose GROUP/NAME this regex matches (rebar measure -f).',
            ).optional(),
            engines: regexSchema(
              'Only the engines whose name this regex matches (rebar measure -e).',
            ).optional(),
            model: regexSchema(
              'Only the definitions whose model this regex matches (rebar measure -m).',
            ).optional(),
            build: flagSchema(
              "Build the chosen engines first, as rebar build does: each engine's dependency checks, then its build commands in its directory; an engine that does not build fails its benchmarks with the end of the output.",
            ).optional(),
          },
          expecting(
            'a mapping with benchmarks (a rebar benchmarks directory), and optionally filter, engines, model and build',
          ),
        )
        .meta({
          description:
            'Every definition of a rebar benchmarks directory × every engine it lists, each run as rebar runs it (engines.toml) and sent what rebar sends.',
        })
        .optional(),
      harness: flagSchema(
        'The runner is a bench-action harness (runners/): one benchmark per name it lists, sampled with --samples NAME.',
      ).optional(),
      model: z
        .string(expecting('a model name'))
        .min(1, expecting('a model name'))
        .meta({ description: 'What the runner should do with the input (rebar model), e.g. "iter".' })
        .optional(),
      input: z
        .record(klvKeySchema, inputValueSchema, expecting('a mapping of input names to values'))
        .meta({ description: 'Written to the runner as KLV items, in this order.' })
        .optional(),
      params: z
        .record(klvKeySchema, envValueSchema, expecting('a mapping of parameter names to values'))
        .meta({ description: 'Written to the runner as param.NAME items.' })
        .optional(),
      threads: wholeNumberSchema(1, 'Written to the runner as the threads item.').optional(),
      count: wholeNumberSchema(
        0,
        'The count every sample must report; a different count fails the benchmark.',
      ).optional(),
      throughput: klvKeySchema
        .meta({
          description:
            'The input whose size in bytes is the work of one call, for a bytes/s metric (default: haystack, or the only { path } input).',
        })
        .optional(),
      ...timedBenchmarkKeys,
      ...significanceKeys,
      runs: runsSchema('Samples to take (KLV max-iters). Inherits defaults.runs (20).').optional(),
      warmup: warmupSchema(
        'The most warm-up calls of each runner process (KLV max-warmup-iters); warming up stops at this count or at max-warmup-time, whichever comes first. Inherits defaults.warmup when the file writes it; otherwise 1000000, as in rebar, so max-warmup-time decides.',
      ).optional(),
      'max-time': durationSchema(
        'Sampling stops after this long even if fewer samples were taken.',
        '3s',
      ).optional(),
      'max-warmup-time': durationSchema(
        'How long each runner process warms up before its samples count (KLV max-warmup-time): a JIT, cold caches or lazily built tables are warm by then. Every process the samples are spread over warms up.',
        '100ms',
      ).optional(),
      'sample-time': durationSchema(
        'For harnesses that time many calls per sample: how long one sample should last (harness default 1ms).',
      ).optional(),
      timeout: durationSchema(
        'The whole runner invocation; past it the runner is killed and the benchmark fails. Inherits defaults.timeout (60s).',
      ).optional(),
      gate: gateSchemaFor(WALL_CLOCK_METRICS, 'time', catalogue.derived).optional(),
    },
    expecting('a benchmark: a mapping with name, kind and runner'),
  )
  .superRefine((benchmark, ctx) => {
    requireOneOf(
      benchmark,
      ['runner', 'engines', 'rebar'],
      ctx,
      'one runner is one engine; list it under engines with the others',
    )
    if (benchmark.rebar !== undefined) {
      // A definition says what the runner reads and counts; engines.toml says how it starts.
      for (const key of ['harness', 'model', 'input', 'count', 'throughput'] as const) {
        if (benchmark[key] === undefined) continue
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `expected no ${key} beside rebar: the rebar definitions give it`,
        })
      }
    }
    if (benchmark.harness === true && Object.keys(benchmark.engines ?? {}).length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['harness'],
        message: 'expected one runner with harness: true (a harness lists its own benchmarks)',
        params: { hint: 'give each harness its own benchmark entry' },
      })
    }
    if (benchmark.runner !== undefined) checkCommandForm(benchmark.runner, benchmark.shell, ctx, 'runner')
    for (const [engine, command] of Object.entries(benchmark.engines ?? {})) {
      checkCommandForm(command, benchmark.shell, ctx, ['engines', engine])
    }
    if (benchmark.throughput !== undefined && !(benchmark.throughput in (benchmark.input ?? {}))) {
      ctx.addIssue({
        code: 'custom',
        path: ['throughput'],
        message: `expected the name of an input, one of: ${Object.keys(benchmark.input ?? {}).join(', ') || '(no input given)'}`,
      })
    }
  })

export type WallClockEntry = z.output<typeof wallClockBenchmarkSchema>

export function resolveWallClock(entry: WallClockEntry, context: ResolveContext) {
  const { defaults } = context
  const common = resolveCommon(entry, context)
  const { shell } = common
  const input = Object.entries(entry.input ?? {}).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((one, i) => ({
      key,
      value: (typeof one === 'object'
        ? context.confine(
            one.path,
            Array.isArray(value) ? ['input', key, i, 'path'] : ['input', key, 'path'],
            'a file',
          )
        : { text: typeof one === 'string' ? one : String(one) }) as InputValue,
    })),
  )
  return {
    ...common,
    kind: 'wall-clock' as const,
    /**
     * The runners, one per engine (rebar's word): argv of a program that reads the KLV configuration on
     * stdin and prints samples. A single `runner:` is one engine named ''.
     */
    engines:
      entry.rebar !== undefined
        ? []
        : entry.runner !== undefined
          ? [{ name: '', command: toArgv(entry.runner, shell) }]
          : Object.entries(entry.engines ?? {}).map(([name, command]) => ({
              name,
              command: toArgv(command, shell),
            })),
    /** The runner is a bench-action harness: one benchmark per name it lists, sampled with `--samples NAME`. */
    harness: entry.harness ?? false,
    /** A rebar benchmarks directory: one case per definition and engine, known once it is read. */
    rebar:
      entry.rebar === undefined
        ? undefined
        : ({
            benchmarks: context.confine(entry.rebar.benchmarks, ['rebar', 'benchmarks'], 'a directory'),
            ...(entry.rebar.filter !== undefined ? { filter: entry.rebar.filter } : {}),
            ...(entry.rebar.engines !== undefined ? { engines: entry.rebar.engines } : {}),
            ...(entry.rebar.model !== undefined ? { model: entry.rebar.model } : {}),
            ...(entry.rebar.build ? { build: true } : {}),
          } satisfies RebarSelection),
    model: entry.model ?? DEFAULT_MODEL,
    /** KLV items after the fixed ones, in the order written; `path` values are absolute and confined. */
    input,
    /** `param.NAME` items. */
    params: Object.entries(entry.params ?? {}).map(([key, value]) => ({ key, value })),
    threads: entry.threads,
    /** Every sample must report this count. */
    count: entry.count,
    /** The input item whose size in bytes is the work of one call, for throughput. */
    throughputInput: entry.throughput ?? defaultThroughputInput(input),
    threshold: entry.threshold ?? defaults.threshold,
    alpha: entry.alpha ?? defaults.alpha,
    /** How a timed change the instruction counts do not explain gates (docs/verdicts.md). */
    timedChange: entry['timed-change'] ?? defaults.timedChange,
    /** Samples: KLV max-iters. */
    runs: entry.runs ?? defaults.runs,
    /**
     * The most warm-up calls of each runner process (KLV max-warmup-iters): the count the config wrote,
     * else DEFAULT_RUNNER_WARMUP_ITERS, so that the warm-up time decides.
     */
    warmup: entry.warmup ?? context.writtenWarmup ?? DEFAULT_RUNNER_WARMUP_ITERS,
    maxTimeMs: entry['max-time'] ?? DEFAULT_MAX_TIME_MS,
    /** How long each runner process warms up before its samples count (KLV max-warmup-time). */
    maxWarmupTimeMs: entry['max-warmup-time'] ?? DEFAULT_MAX_WARMUP_TIME_MS,
    /** Target length of one sample for harnesses that batch calls (KLV sample-time). */
    sampleTimeMs: entry['sample-time'],
    /** The whole runner invocation; past it the runner is killed and the benchmark fails. */
    timeoutMs: entry.timeout ?? defaults.timeoutMs,
    gate: entry.gate ?? [...catalogue.defaultGate],
  }
}

export type WallClockBenchmarkConfig = ReturnType<typeof resolveWallClock>

/** rebar measures throughput over the haystack; without one, over the only input read from a file. */
function defaultThroughputInput(input: Array<{ key: string; value: InputValue }>): string | undefined {
  if (input.some((i) => i.key === THROUGHPUT_INPUT_DEFAULT)) return THROUGHPUT_INPUT_DEFAULT
  const files = input.filter((i) => 'path' in i.value)
  return files.length === 1 ? files[0]!.key : undefined
}
