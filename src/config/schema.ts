// The shape of bench.yml. One zod schema validates the file and generates the JSON Schema editors use, so
// the two never disagree. Every leaf carries an `expected …` message that completes the sentence
// "benchmarks[2].timeout: expected …, got …"; the loader adds the location and what was found.
//
// The schema accepts what users write and converts units (durations to ms, percentages to fractions,
// argv items to strings); defaults, inheritance from `defaults:` and paths are applied afterwards by the
// loader, which knows where the file is. Kinds of benchmark form a discriminated union on `kind`, so a
// new kind is one more member of `benchmarkSchema`.
import * as z from 'zod'
import { sameFamilyNames } from '../metric-families.ts'
import type { Kind } from '../results.ts'
import {
  DURATION_PATTERN,
  EXPECTED_DURATION,
  EXPECTED_PERCENT,
  PERCENT_PATTERN,
  parseDurationMs,
  parsePercent,
  splitCommand,
  ValueError,
} from './values.ts'

// ---------------------------------------------------------------------------------------------------
// The normalised config: what the rest of the pipeline receives.

export interface Config {
  /** Absolute path of the config file. */
  file: string
  /** Its directory: relative `cwd` values and the default cwd resolve against it. */
  dir: string
  /** Names the PR comment and the baselines; safe to use in file names and markers. */
  suite: string
  defaults: ConfigDefaults
  setup: SetupStep[]
  /** Setup steps for the base tree of a same-job comparison, when they differ from `setup`. */
  baseSetup?: SetupStep[]
  benchmarks: BenchmarkConfig[]
}

export interface ConfigDefaults {
  /** Relative change that counts as a regression, as a fraction (0.05 = 5%). */
  threshold: number
  runs: number
  warmup: number
  timeoutMs: number
  alpha: number
  /**
   * Same-job pairs are sampled sequentially: stopped at half their runs when clearly unchanged, extended
   * to twice their runs when undecided (src/stats/sequential.ts).
   */
  sequential: boolean
}

export interface SetupStep {
  /** argv; with `shell` it is ['/bin/sh', '-c', script]. */
  command: string[]
  shell: boolean
  /** Absolute. */
  cwd: string
  /** Added to the inherited environment; `defaults.env` merged under the step's own. */
  env: Record<string, string>
  timeoutMs: number
}

export interface ProcessBenchmarkConfig {
  name: string
  kind: 'process'
  /** argv; with `shell` it is ['/bin/sh', '-c', script]. */
  command: string[]
  shell: boolean
  /** Absolute. */
  cwd: string
  /** Added to the inherited environment; `defaults.env` merged under the benchmark's own. */
  env: Record<string, string>
  threshold: number
  alpha: number
  runs: number
  warmup: number
  /** Per run: a run past it is killed and the benchmark fails. */
  timeoutMs: number
  /** Metrics whose verdicts decide pass or fail; the others are reported only. */
  gate: string[]
}

export interface InstructionsBenchmarkConfig {
  name: string
  kind: 'instructions'
  /** argv of the program run under valgrind; with `shell` it is ['/bin/sh', '-c', script]. */
  command: string[]
  shell: boolean
  /** Absolute. */
  cwd: string
  /**
   * The program's whole environment: counts depend on it, so nothing else is inherited
   * (`defaults.env` merged under the benchmark's own).
   */
  env: Record<string, string>
  threshold: number
  timeoutMs: number
  /** Count only inside functions matching this glob (valgrind --toggle-collect). */
  entryPoint?: string
  /** The command is a bench-action harness: one case per benchmark it lists. */
  harness: boolean
  /** Read counts another tool measured (iai-callgrind summaries) instead of running the command. */
  import?: { format: 'iai-callgrind'; path: string }
  cacheSim: boolean
  branchSim: boolean
  gate: string[]
}

/** A value of a wall-clock benchmark's `input`: text, or the contents of a file read when measuring. */
export type InputValue = { text: string } | { path: string }

export interface WallClockBenchmarkConfig {
  name: string
  kind: 'wall-clock'
  /**
   * The runners, one per engine (rebar's word): argv of a program that reads the KLV configuration on
   * stdin and prints samples. A single `runner:` is one engine named ''.
   */
  engines: Array<{ name: string; command: string[] }>
  shell: boolean
  /** Absolute. */
  cwd: string
  /** Added to the inherited environment; `defaults.env` merged under the benchmark's own. */
  env: Record<string, string>
  /** The runner is a bench-action harness: one benchmark per name it lists, sampled with `--samples NAME`. */
  harness: boolean
  model: string
  /** KLV items after the fixed ones, in the order written; `path` values are absolute. */
  input: Array<{ key: string; value: InputValue }>
  /** `param.NAME` items. */
  params: Array<{ key: string; value: string }>
  threads?: number
  /** Every sample must report this count. */
  count?: number
  /** The input item whose size in bytes is the work of one call, for throughput. */
  throughputInput?: string
  threshold: number
  alpha: number
  /** Samples: KLV max-iters. */
  runs: number
  /**
   * The most warm-up calls of each runner process (KLV max-warmup-iters): the count the config wrote,
   * else DEFAULT_RUNNER_WARMUP_ITERS, so that the warm-up time decides.
   */
  warmup: number
  maxTimeMs: number
  /** How long each runner process warms up before its samples count (KLV max-warmup-time). */
  maxWarmupTimeMs: number
  /** Target length of one sample for harnesses that batch calls (KLV sample-time). */
  sampleTimeMs?: number
  /** The whole runner invocation; past it the runner is killed and the benchmark fails. */
  timeoutMs: number
  gate: string[]
}

/** Where a scaling benchmark's throughput comes from. */
export type ScalingFormat = 'csb' | 'runner' | 'metron'

export interface ScalingBenchmarkConfig {
  name: string
  kind: 'scaling'
  /** argv; `{threads}` in any argument is replaced by the thread count. With format runner, the runner. */
  command: string[]
  shell: boolean
  /** Absolute. */
  cwd: string
  /** Added to the inherited environment; `defaults.env` merged under the benchmark's own. */
  env: Record<string, string>
  format: ScalingFormat
  /** Thread counts to sweep, increasing; empty when only processes are swept. */
  threads: number[]
  /** Process counts to sweep (copies started together), increasing; empty when only threads are swept. */
  processes: number[]
  /** An environment variable that also carries the thread count (OMP_NUM_THREADS, RAYON_NUM_THREADS). */
  threadsEnv?: string
  /** format metron: the benchmark line to read, `{threads}` replaced by the count. */
  metronLine?: string
  /** Repetitions per point. */
  runs: number
  /**
   * Runs of each point discarded first. With format runner, the most warm-up calls of each runner
   * process (KLV max-warmup-iters), DEFAULT_RUNNER_WARMUP_ITERS unless the config writes a count.
   */
  warmup: number
  threshold: number
  alpha: number
  /**
   * Percentage points of efficiency at the largest count whose loss is a regression. Efficiency then
   * gates that count instead of the metric `gate` names (one measurement, one verdict).
   */
  efficiencyDrop?: number
  timeoutMs: number
  gate: string[]
}

/** The result formats the import kind reads (src/import/formats/). */
export const IMPORT_FORMATS = [
  'hyperfine',
  'criterion',
  'libtest',
  'go',
  'google-benchmark',
  'pytest-benchmark',
  'catch2',
  'benchmarkdotnet',
  'jmh',
  'benchmark-js',
  'julia',
  'rebar',
  'metron',
  'csb',
  'bmf',
  'custom-smaller-is-better',
  'custom-bigger-is-better',
] as const
export type ImportFormatName = (typeof IMPORT_FORMATS)[number]

export interface ImportBenchmarkConfig {
  name: string
  kind: 'import'
  /** Told, or detected from the content when absent. */
  format?: ImportFormatName
  /** Read this file (a directory for criterion); absolute. */
  file?: string
  /** Or run this and parse its standard output; with `shell` it is ['/bin/sh', '-c', script]. */
  command: string[]
  shell: boolean
  /** Absolute. */
  cwd: string
  env: Record<string, string>
  threshold: number
  alpha: number
  timeoutMs: number
  /**
   * Metrics that gate. When not given: every imported metric that can carry evidence (samples, an
   * exact count, or a summary with a spread) and whose direction is known, except those computed
   * from another (a rate from the times), which are shown with its verdict.
   */
  gate?: string[]
}

export type BenchmarkConfig =
  | ProcessBenchmarkConfig
  | InstructionsBenchmarkConfig
  | WallClockBenchmarkConfig
  | ScalingBenchmarkConfig
  | ImportBenchmarkConfig

// ---------------------------------------------------------------------------------------------------
// Values that apply when the file says nothing.

export const DEFAULT_SUITE = 'default'
export const DEFAULTS: ConfigDefaults = {
  threshold: 0.05,
  runs: 20,
  warmup: 2,
  timeoutMs: 60_000,
  alpha: 0.01,
  sequential: true,
}
export const DEFAULT_SETUP_TIMEOUT_MS = 600_000
export const SHELL = '/bin/sh'

/** Metrics the process kind measures (DESIGN §2); any of them can gate. */
export const PROCESS_METRICS = [
  'wall',
  'user',
  'sys',
  'cpu',
  'max-rss',
  'minor-faults',
  'major-faults',
  'voluntary-cs',
  'involuntary-cs',
] as const
export const DEFAULT_PROCESS_GATE: readonly string[] = ['wall']

/** Metrics the instructions kind reports (callgrind events and iai-callgrind's derived ones). */
export const INSTRUCTION_METRICS = [
  'ir',
  'dr',
  'dw',
  'i1mr',
  'd1mr',
  'd1mw',
  'ilmr',
  'dlmr',
  'dlmw',
  'l1-hits',
  'll-hits',
  'ram-hits',
  'total-rw',
  'estimated-cycles',
  'bc',
  'bcm',
  'bi',
  'bim',
] as const
export const DEFAULT_INSTRUCTIONS_GATE: readonly string[] = ['ir']

/** Metrics the wall-clock kind reports: time per call, and bytes per second when a call's work has a size. */
export const WALL_CLOCK_METRICS = ['time', 'throughput'] as const
export const DEFAULT_WALL_CLOCK_GATE: readonly string[] = ['time']
/** Metrics of each point of a scaling benchmark. */
export const SCALING_METRICS = ['throughput', 'speedup', 'efficiency'] as const
export const DEFAULT_SCALING_GATE: readonly string[] = ['throughput']
/** Each point of a sweep is repeated this often unless the config says otherwise. */
export const DEFAULT_SCALING_RUNS = 5

/** rebar's default for the time a runner may spend sampling. */
export const DEFAULT_MAX_TIME_MS = 3000
/**
 * How long every runner process warms up (KLV max-warmup-time) before its samples count: a JIT, a
 * cold cache or a lazily built table (a regex engine's lazy DFA) is warm by then. rebar warms its one
 * process for 1.5 s; bench-action spreads a benchmark's samples over up to 10 processes at the
 * default 20 runs (two samples each, src/measure/rounds.ts), each warming up, so the warm-up is what one process
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
/** The input rebar measures throughput over, tried when none is named. */
export const THROUGHPUT_INPUT_DEFAULT = 'haystack'
/** The model written when the config names none; rebar runners choose their work by model. */
export const DEFAULT_MODEL = 'default'
/** Counts are exact, so a much smaller change is a regression than for sampled metrics. */
export const DEFAULT_INSTRUCTIONS_THRESHOLD = 0.01

// ---------------------------------------------------------------------------------------------------
// Building blocks.

/** A zod error option whose message is the "expected …" half of the sentence. */
function expecting(what: string): { error: string } {
  return { error: `expected ${what}` }
}

/** Runs a value parser inside zod, turning its ValueError into an issue at the same place. */
function parsedWith<T>(parse: (text: string) => T) {
  return (text: string, ctx: z.RefinementCtx): T => {
    try {
      return parse(text)
    } catch (error) {
      if (!(error instanceof ValueError)) throw error
      ctx.addIssue({ code: 'custom', message: error.message, params: { hint: error.hint } })
      return z.NEVER
    }
  }
}

/** JSON Schema `default` only where the value is fixed; benchmark fields inherit from `defaults:` instead. */
function withDefault(defaultValue: string | number | undefined): { default?: string | number } {
  return defaultValue === undefined ? {} : { default: defaultValue }
}

const durationSchema = (description: string, defaultValue?: string) =>
  z
    .string(expecting(EXPECTED_DURATION))
    // Metadata sits before the transform: JSON Schema describes what users write, not the milliseconds.
    .meta({
      description,
      pattern: DURATION_PATTERN,
      ...withDefault(defaultValue),
      examples: ['60s', '500ms', '2m', '1m30s'],
    })
    .transform(parsedWith(parseDurationMs))

const percentSchema = (description: string, defaultValue?: string) =>
  z
    .string(expecting(EXPECTED_PERCENT))
    .meta({ description, pattern: PERCENT_PATTERN, ...withDefault(defaultValue), examples: ['5%', '0.5%'] })
    .transform(parsedWith(parsePercent))

/** A whole number of at least `min`, with the JSON Schema default where the value is fixed. */
const wholeNumberSchema = (min: number, description: string, defaultValue?: number) => {
  const error = expecting(`a whole number of at least ${min}`)
  return z
    .number(error)
    .int(error)
    .min(min, error)
    .meta({ description, ...withDefault(defaultValue) })
}

const runsSchema = (description: string, defaultValue?: number) =>
  wholeNumberSchema(2, description, defaultValue)

const warmupSchema = (description: string, defaultValue?: number) =>
  wholeNumberSchema(0, description, defaultValue)

const alphaSchema = (description: string, defaultValue?: number) => {
  const error = expecting('a significance level above 0 and below 0.5, like 0.01')
  return z
    .number(error)
    .gt(0, error)
    .lt(0.5, error)
    .meta({ description, ...withDefault(defaultValue) })
}

const shellSchema = z
  .boolean(expecting('true or false'))
  .meta({ description: `Run the command as a script with ${SHELL} -c; the command must then be one string.` })

const cwdSchema = z
  .string(expecting('a directory path'))
  .min(1, expecting('a directory path'))
  .meta({ description: 'Working directory; a relative path is resolved against the directory of bench.yml.' })

const envValueSchema = z
  .union([z.string(), z.number(), z.boolean()], expecting('a string (numbers and booleans are converted)'))
  .transform(String)

const envSchema = (description: string) =>
  z
    .record(
      z.string().regex(/^[^=\0]+$/, expecting('a non-empty variable name without "="')),
      envValueSchema,
      expecting('a mapping of environment variable names to values'),
    )
    .meta({ description })

/** One argument: YAML turns `[sleep, 1]` into a number, which a command line means as text. */
const argumentSchema = z.union([z.string(), z.number(), z.boolean()], expecting('a string')).transform(String)

const argvSchema = z
  .array(argumentSchema, expecting('a list of strings'))
  .min(1, expecting('a non-empty list of arguments'))

const commandStringSchema = z.string(expecting('a command')).min(1, expecting('a non-empty command'))

const EXPECTED_COMMAND = 'a command: a list of strings like [app, --version] or one string'

const commandSchema = z.union([commandStringSchema, argvSchema], expecting(EXPECTED_COMMAND)).meta({
  description:
    'The command: an argv list, or a string split into words like a shell would but run without one ' +
    '(unless shell: true).',
  examples: [['./target/release/app', '--version'], './target/release/app --version'],
})

/**
 * The checks that need the command and `shell` together: a shell script is one string, and a string run
 * without a shell must split cleanly into words.
 */
function checkCommandForm(
  command: string | string[],
  shell: boolean | undefined,
  ctx: z.RefinementCtx,
  key: string | string[],
) {
  const path = Array.isArray(key) ? key : key === '' ? [] : [key]
  if (shell === true) {
    if (Array.isArray(command)) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `expected one string (a script for ${SHELL} -c)`,
        params: {
          hint: 'with shell: true the command is a shell script; write it as one string, or drop shell: true to keep the argv list',
        },
      })
    }
    return
  }
  if (Array.isArray(command)) {
    if (command[0] === '') {
      ctx.addIssue({ code: 'custom', path: [...path, 0], message: 'expected the program to run' })
    }
    return
  }
  try {
    if (splitCommand(command).length === 0) {
      ctx.addIssue({ code: 'custom', path, message: 'expected a non-empty command' })
    }
  } catch (error) {
    if (!(error instanceof ValueError)) throw error
    ctx.addIssue({ code: 'custom', path, message: error.message, params: { hint: error.hint } })
  }
}

/** Exactly one of two keys: the second is reported when both are given, the first when neither is. */
function requireOneOf(
  entry: Record<string, unknown>,
  [first, second]: [string, string],
  ctx: z.RefinementCtx,
  hintWhenBoth: string,
) {
  if (entry[first] !== undefined && entry[second] !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [second],
      message: `expected either ${first} or ${second}, not both`,
      params: { hint: hintWhenBoth },
    })
  } else if (entry[first] === undefined && entry[second] === undefined) {
    ctx.addIssue({ code: 'custom', path: [], message: `missing required key "${first}" (or ${second})` })
  }
}

const nameSchema = z
  .string(expecting('a non-empty name'))
  .min(1, expecting('a non-empty name'))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  .regex(/^[^\x00-\x1f\x7f]*$/, expecting('a name on one line, without control characters'))
  .meta({ description: 'Unique in the file; names the benchmark in reports and baselines.' })

const SUITE_EXPECTED = 'a suite name made of letters, digits, ".", "_" and "-" (it is used in file names)'

const suiteSchema = z
  .string(expecting(SUITE_EXPECTED))
  .regex(/^[A-Za-z0-9._-]+$/, expecting(SUITE_EXPECTED))
  .refine((suite) => !/^\.+$/.test(suite), expecting(SUITE_EXPECTED))
  .meta({
    description: 'Names the PR comment and the baselines.',
    default: DEFAULT_SUITE,
    examples: ['example'],
  })

function gateSchemaFor(kind: Kind, metrics: readonly [string, ...string[]], defaultMetric: string) {
  const metricSchema = z.enum(metrics, expecting(`one of: ${metrics.join(', ')}`))
  return z
    .union(
      [
        metricSchema,
        z
          .array(metricSchema, expecting('a list of metric names'))
          .min(1, expecting('a non-empty list of metric names')),
      ],
      expecting(`a metric name or a list of them (one of: ${metrics.join(', ')})`),
    )
    .meta({
      description:
        'Metrics whose verdicts decide pass or fail; the others are reported only. One metric per measurement: metrics computed from the same samples (throughput from time; speedup and efficiency from throughput) cannot both gate.',
      default: defaultMetric,
    })
    .superRefine((gate, ctx) => {
      if (!Array.isArray(gate)) return
      // One measurement, one verdict: two views of the same samples could only disagree.
      for (const [i, name, earlier] of sameFamilyNames(kind, gate))
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `expected one metric per measurement: ${name} and ${earlier} are the same samples seen two ways, and ${earlier} already gates`,
          params: { hint: `keep one of them; the other is shown with its verdict` },
        })
    })
    .transform((gate) => [...new Set(Array.isArray(gate) ? gate : [gate])])
}

const gateSchema = gateSchemaFor('process', PROCESS_METRICS, 'wall')

// ---------------------------------------------------------------------------------------------------
// The file.

const timeoutDescription = 'Per run; a run past it is killed and the benchmark fails.'

/** The keys every timed kind shares: where and how its command runs. */
const timedBenchmarkKeys = {
  shell: shellSchema.optional(),
  cwd: cwdSchema.optional(),
  env: envSchema('Environment variables added for this benchmark, over defaults.env.').optional(),
}

export const processBenchmarkSchema = z
  .strictObject(
    {
      name: nameSchema,
      kind: z
        .literal('process')
        .meta({ description: 'Whole-process runs: wall, user and sys time, max RSS, faults.' }),
      command: commandSchema,
      ...timedBenchmarkKeys,
      threshold: percentSchema(
        'Worse than this and significant is a regression. Inherits defaults.threshold (5%).',
      ).optional(),
      alpha: alphaSchema(
        'Significance level of the regression test. Inherits defaults.alpha (0.01).',
      ).optional(),
      runs: runsSchema('Measured runs. Inherits defaults.runs (20).').optional(),
      warmup: warmupSchema('Runs before measuring, discarded. Inherits defaults.warmup (2).').optional(),
      timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
      gate: gateSchema.optional(),
    },
    expecting('a benchmark: a mapping with name, kind and command'),
  )
  .superRefine((benchmark, ctx) => checkCommandForm(benchmark.command, benchmark.shell, ctx, 'command'))

const flagSchema = (description: string) => z.boolean(expecting('true or false')).meta({ description })

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
            format: z.literal('iai-callgrind', expecting('"iai-callgrind"')).meta({
              description: 'iai-callgrind (Gungraun) JSON summaries, as `cargo bench` writes them.',
            }),
            path: z
              .string(expecting('a file or directory path'))
              .min(1, expecting('a file or directory path'))
              .meta({
                description:
                  'A summary.json, or a directory searched for them (e.g. target/iai); relative to bench.yml.',
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
      gate: gateSchemaFor('instructions', INSTRUCTION_METRICS, 'ir').optional(),
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
  })

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

const inputValueSchema = z
  .union(
    [
      z.string(),
      z.number(),
      z.boolean(),
      z.strictObject(
        {
          path: z
            .string(expecting('a file path'))
            .min(1, expecting('a file path'))
            .meta({ description: 'A file whose bytes are the value; relative to bench.yml.' }),
        },
        expecting('a mapping with path'),
      ),
    ],
    expecting('a string, a number, true/false or { path: FILE }'),
  )
  .meta({ description: 'A value written as is, or { path: FILE } for the contents of a file.' })

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
      threshold: percentSchema(
        'Worse than this and significant is a regression. Inherits defaults.threshold (5%).',
      ).optional(),
      alpha: alphaSchema(
        'Significance level of the regression test. Inherits defaults.alpha (0.01).',
      ).optional(),
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
      gate: gateSchemaFor('wall-clock', WALL_CLOCK_METRICS, 'time').optional(),
    },
    expecting('a benchmark: a mapping with name, kind and runner'),
  )
  .superRefine((benchmark, ctx) => {
    requireOneOf(
      benchmark,
      ['runner', 'engines'],
      ctx,
      'one runner is one engine; list it under engines with the others',
    )
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
      format: z.enum(['csb', 'runner', 'metron'], expecting('one of: csb, runner, metron')).meta({
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
      gate: gateSchemaFor('scaling', SCALING_METRICS, 'throughput').optional(),
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
            'The results file (target/criterion for criterion), relative to bench.yml; written by a setup step or an earlier workflow step.',
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

export const benchmarkSchema = z.discriminatedUnion(
  'kind',
  [
    processBenchmarkSchema,
    instructionsBenchmarkSchema,
    wallClockBenchmarkSchema,
    scalingBenchmarkSchema,
    importBenchmarkSchema,
  ],
  expecting('a benchmark: a mapping with name, kind and command'),
)

const setupStepObjectSchema = z
  .strictObject(
    {
      run: commandSchema,
      shell: shellSchema.optional(),
      cwd: cwdSchema.optional(),
      env: envSchema('Environment variables added for this step, over defaults.env.').optional(),
      timeout: durationSchema(
        'The whole step; past it the step is killed and the run fails.',
        '10m',
      ).optional(),
    },
    expecting('a setup step'),
  )
  .superRefine((step, ctx) => checkCommandForm(step.run, step.shell, ctx, 'run'))

const setupStepSchema = z
  .union(
    [
      commandStringSchema.superRefine((command, ctx) => checkCommandForm(command, false, ctx, '')),
      argvSchema.superRefine((command, ctx) => checkCommandForm(command, false, ctx, '')),
      setupStepObjectSchema,
    ],
    expecting('a setup step: a command (a list of strings or one string) or a mapping with run:'),
  )
  .meta({ description: 'Run once, in order, before measuring: build steps.' })

const defaultsSchema = z
  .strictObject(
    {
      threshold: percentSchema('Worse than this and significant is a regression.', '5%').optional(),
      runs: runsSchema('Measured runs per benchmark.', DEFAULTS.runs).optional(),
      warmup: warmupSchema(
        'Runs before measuring, discarded. For runner programs (wall-clock, scaling with format runner) the most warm-up calls of each process; without it they warm up by time (max-warmup-time).',
        DEFAULTS.warmup,
      ).optional(),
      timeout: durationSchema(timeoutDescription, '60s').optional(),
      alpha: alphaSchema('Significance level of the regression test.', DEFAULTS.alpha).optional(),
      sequential: flagSchema(
        'Same-job pairs (base and head measured interleaved in one job) are sampled sequentially: a benchmark clearly unchanged at half its runs stops there, one still undecided at its runs is extended to twice as many and judged at half the significance level, so both looks together keep alpha. false: every benchmark takes its runs. Default true.',
      ).optional(),
      env: envSchema('Environment variables for every setup step and benchmark.').optional(),
    },
    expecting('a mapping of default values'),
  )
  .meta({ description: 'Values every benchmark inherits unless it sets its own.' })

export const configSchema = z
  .strictObject(
    {
      suite: suiteSchema.optional(),
      defaults: defaultsSchema.optional(),
      setup: z.array(setupStepSchema, expecting('a list of setup steps')).optional(),
      'base-setup': z.array(setupStepSchema, expecting('a list of setup steps')).optional().meta({
        description:
          'Setup steps for the base of a same-job comparison (--against, baseline: same-job), run in its checkout instead of setup: when the way to build changed (a new build flag).',
      }),
      benchmarks: z
        .array(benchmarkSchema, expecting('a non-empty list of benchmarks'))
        .min(1, expecting('a non-empty list of benchmarks'))
        .superRefine((benchmarks, ctx) => {
          const firstIndex = new Map<string, number>()
          benchmarks.forEach((benchmark, index) => {
            const earlier = firstIndex.get(benchmark.name)
            if (earlier === undefined) {
              firstIndex.set(benchmark.name, index)
              return
            }
            ctx.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `duplicate name "${benchmark.name}": benchmarks[${earlier}] and benchmarks[${index}] both use it`,
            })
          })
        })
        .meta({ description: 'What to measure; each benchmark has a unique name and a kind.' }),
    },
    expecting('a mapping with suite, defaults, setup and benchmarks'),
  )
  .meta({
    title: 'bench-action config',
    description: 'bench.yml: what bench-action measures and how it decides.',
  })

/** bench.yml as validated, before defaults and paths are applied. */
export type ConfigFile = z.output<typeof configSchema>
export type BenchmarkEntry = z.output<typeof benchmarkSchema>
export type SetupStepEntry = z.output<typeof setupStepSchema>
