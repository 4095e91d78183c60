// The pieces every kind's entry in bench.yml is built from (each kind's schema is in its folder under
// src/kinds/), below both the kinds and the config loader (src/config/), which reads the kinds'
// schemas: durations, percentages, commands and their checks, names, gates, and what an entry's
// defaults are resolved against. Every leaf carries an `expected …` message that completes the sentence
// "benchmarks[2].timeout: expected …, got …"; the loader adds the location and what was found.
import path from 'node:path'
import * as z from 'zod'
import { listed } from '../display.ts'
import { sameFamilyNames } from '../metric-families.ts'
import { TIMED_CHANGE_RULES, type TimedChangeRule } from '../results.ts'
import type { ConfinedPath } from './confine.ts'
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

export const SHELL = '/bin/sh'

/** A step of the way to a value in bench.yml: a key, or an index in a list. */
export type PathSegment = string | number

/** The settings every benchmark inherits unless it sets its own (`defaults:`, resolved by the loader). */
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
  /** bench.yml's top-level `timed-change`: how a timed change the instruction counts do not explain gates. */
  timedChange: TimedChangeRule
}

/** What a benchmark entry's own settings are resolved against. */
export interface ResolveContext {
  /** The config file's directory: relative paths resolve against it. */
  dir: string
  defaults: ConfigDefaults
  /** `defaults.env`, merged under the benchmark's own. */
  env: Env
  /** `defaults.warmup` when the file writes it (its default is for whole-program runs). */
  writtenWarmup?: number
  /**
   * A path the entry gives for bench-action to read (`what`: "a file", "a directory"), resolved against
   * `dir` (or `resolved`, when it is made otherwise) and refused, as a config error at `at` within the
   * entry, when it leads out of the repository (see fields/confine.ts).
   */
  confine(written: string, at: readonly PathSegment[], what: string, resolved?: string): ConfinedPath
}

/** argv of a command as written: a shell script runs as [SHELL, '-c', script]. */
export function toArgv(command: Command, shell: boolean): string[] {
  if (shell) return [SHELL, '-c', command as string]
  // The schema has already checked that a command string splits cleanly.
  return typeof command === 'string' ? splitCommand(command) : command
}

/** What every benchmark entry resolves to in the same way: its name, and where and how its command runs. */
export function resolveCommon(entry: CommonEntry, context: ResolveContext) {
  return {
    name: entry.name,
    /** The command runs as a script with SHELL -c. */
    shell: entry.shell ?? false,
    /** Absolute. */
    cwd: path.resolve(context.dir, entry.cwd ?? '.'),
    /** Added to the inherited environment; `defaults.env` merged under the benchmark's own. */
    env: { ...context.env, ...entry.env },
  }
}

/** A zod error option whose message is the "expected …" half of the sentence. */
export function expecting(what: string): { error: string } {
  return { error: `expected ${what}` }
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`: the values a key accepts, as written in the file. */
export function quotedChoices(values: readonly string[]): string {
  return listed(
    values.map((v) => JSON.stringify(v)),
    'or',
  )
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

export const durationSchema = (description: string, defaultValue?: string) =>
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

export const percentSchema = (description: string, defaultValue?: string) =>
  z
    .string(expecting(EXPECTED_PERCENT))
    .meta({ description, pattern: PERCENT_PATTERN, ...withDefault(defaultValue), examples: ['5%', '0.5%'] })
    .transform(parsedWith(parsePercent))

/** A whole number of at least `min`, with the JSON Schema default where the value is fixed. */
export const wholeNumberSchema = (min: number, description: string, defaultValue?: number) => {
  const error = expecting(`a whole number of at least ${min}`)
  return z
    .number(error)
    .int(error)
    .min(min, error)
    .meta({ description, ...withDefault(defaultValue) })
}

export const runsSchema = (description: string, defaultValue?: number) =>
  wholeNumberSchema(2, description, defaultValue)

export const warmupSchema = (description: string, defaultValue?: number) =>
  wholeNumberSchema(0, description, defaultValue)

export const alphaSchema = (description: string, defaultValue?: number) => {
  const error = expecting('a significance level above 0 and below 0.5, like 0.01')
  return z
    .number(error)
    .gt(0, error)
    .lt(0.5, error)
    .meta({ description, ...withDefault(defaultValue) })
}

export const shellSchema = z
  .boolean(expecting('true or false'))
  .meta({ description: `Run the command as a script with ${SHELL} -c; the command must then be one string.` })

export const cwdSchema = z
  .string(expecting('a directory path'))
  .min(1, expecting('a directory path'))
  .meta({ description: 'Working directory; a relative path is resolved against the directory of bench.yml.' })

export const envValueSchema = z
  .union([z.string(), z.number(), z.boolean()], expecting('a string (numbers and booleans are converted)'))
  .transform(String)

export const envSchema = (description: string) =>
  z
    .record(
      z.string().regex(/^[^=\0]+$/, expecting('a non-empty variable name without "="')),
      envValueSchema,
      expecting('a mapping of environment variable names to values'),
    )
    .meta({ description })

/** Environment variables as validated: each value is text. */
export type Env = z.output<ReturnType<typeof envSchema>>

/** One argument: YAML turns `[sleep, 1]` into a number, which a command line means as text. */
export const argumentSchema = z
  .union([z.string(), z.number(), z.boolean()], expecting('a string'))
  .transform(String)

export const argvSchema = z
  .array(argumentSchema, expecting('a list of strings'))
  .min(1, expecting('a non-empty list of arguments'))

export const commandStringSchema = z.string(expecting('a command')).min(1, expecting('a non-empty command'))

export const EXPECTED_COMMAND = 'a command: a list of strings like [app, --version] or one string'

export const commandSchema = z.union([commandStringSchema, argvSchema], expecting(EXPECTED_COMMAND)).meta({
  description:
    'The command: an argv list, or a string split into words like a shell would but run without one ' +
    '(unless shell: true).',
  examples: [['./target/release/app', '--version'], './target/release/app --version'],
})

/** A command as validated: argv, or one string (split into words, or a script with `shell`). */
export type Command = z.output<typeof commandSchema>

/**
 * The checks that need the command and `shell` together: a shell script is one string, and a string run
 * without a shell must split cleanly into words.
 */
export function checkCommandForm(
  command: Command,
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
export function requireOneOf(
  entry: Record<string, unknown>,
  keys: [string, string, ...string[]],
  ctx: z.RefinementCtx,
  hintWhenBoth: string,
) {
  const given = keys.filter((key) => entry[key] !== undefined)
  if (given.length > 1) {
    ctx.addIssue({
      code: 'custom',
      path: [given[1]!],
      message:
        keys.length === 2
          ? `expected either ${keys[0]} or ${keys[1]}, not both`
          : `expected one of ${listed(keys, 'or')}, not ${listed(given)}`,
      params: { hint: hintWhenBoth },
    })
  } else if (given.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `missing required key "${keys[0]}" (or ${listed(keys.slice(1), 'or')})`,
    })
  }
}

export const nameSchema = z
  .string(expecting('a non-empty name'))
  .min(1, expecting('a non-empty name'))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  .regex(/^[^\x00-\x1f\x7f]*$/, expecting('a name on one line, without control characters'))
  .meta({ description: 'Unique in the file; names the benchmark in reports and baselines.' })

/**
 * `gate:` of a kind whose metrics are known: one of them or a list, one metric per measurement (`derived`
 * is the kind's catalogue of metrics computed from another).
 */
export function gateSchemaFor(
  metrics: readonly [string, ...string[]],
  defaultMetric: string,
  derived: Readonly<Record<string, string>>,
) {
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
      for (const [i, name, earlier] of sameFamilyNames(derived, gate))
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `expected one metric per measurement: ${name} and ${earlier} are the same samples seen two ways, and ${earlier} already gates`,
          params: { hint: `keep one of them; the other is shown with its verdict` },
        })
    })
    .transform((gate) => [...new Set(Array.isArray(gate) ? gate : [gate])])
}

export const timeoutDescription = 'Per run; a run past it is killed and the benchmark fails.'

const COMPARE_WITH_EXPECTED = 'a list of names of other benchmarks in this file'

/**
 * `compare-with:` of a kind whose benchmarks are ranked against each other (its `rankedBy`): the other
 * entries it is an alternative to. The config checks the names (src/config/compare-with.ts).
 */
export const compareWithSchema = z
  .array(
    z.string(expecting('the name of another benchmark in this file')).min(1, expecting('a non-empty name')),
    expecting(COMPARE_WITH_EXPECTED),
  )
  .min(1, expecting(COMPARE_WITH_EXPECTED))
  .meta({
    description:
      'Other benchmarks of this file (by name) this one is an alternative to: the report ranks them against each other, fastest first. Names join groups: a names b and b names c puts a, b and c in one ranking. Only benchmarks ranked by the same metric, and with the same parameters, can be compared.',
    examples: [['sort-quick', 'sort-merge']],
  })

/** The keys every timed kind shares: where and how its command runs. */
export const timedBenchmarkKeys = {
  shell: shellSchema.optional(),
  cwd: cwdSchema.optional(),
  env: envSchema('Environment variables added for this benchmark, over defaults.env.').optional(),
}

/**
 * `timed-change`: whether a timed regression or improvement gates as measured (`any`), or only where
 * the instruction counts of a same-job run explain it (`explained-only`; docs/verdicts.md).
 */
export const timedChangeSchema = (description: string, defaultValue?: TimedChangeRule) =>
  z
    .enum(TIMED_CHANGE_RULES, expecting(quotedChoices(TIMED_CHANGE_RULES)))
    .meta({ description, ...withDefault(defaultValue) })

/** The regression test's keys of the kinds that sample (process, wall-clock), inherited from defaults. */
export const significanceKeys = {
  threshold: percentSchema(
    'Worse than this and significant is a regression. Inherits defaults.threshold (5%).',
  ).optional(),
  alpha: alphaSchema('Significance level of the regression test. Inherits defaults.alpha (0.01).').optional(),
  'timed-change': timedChangeSchema(
    "How this benchmark's timed regression or improvement gates; inherits the file's timed-change (any). explained-only: where the instruction counts of a same-job run barely changed, it is unclear instead.",
  ).optional(),
}

/** The keys of a benchmark entry that every kind resolves in the same way (resolveCommon). */
type CommonEntry = z.output<z.ZodObject<{ name: typeof nameSchema } & typeof timedBenchmarkKeys>>

export const flagSchema = (description: string) => z.boolean(expecting('true or false')).meta({ description })
