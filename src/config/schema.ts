// The shape of bench.yml. One zod schema validates the file and generates the JSON Schema editors use, so
// the two never disagree. Every leaf carries an `expected …` message that completes the sentence
// "benchmarks[2].timeout: expected …, got …"; the loader adds the location and what was found.
//
// The schema accepts what users write and converts units (durations to ms, percentages to fractions,
// argv items to strings); defaults, inheritance from `defaults:` and paths are applied afterwards by the
// loader, which knows where the file is. Each kind's entry is in its folder (src/kinds/); the pieces
// they share are in fields.ts; here are the file's own keys: suite, defaults, setup and benchmarks.
import * as z from 'zod'
import { benchmarkSchema } from '../kinds/index.ts'
import {
  alphaSchema,
  argvSchema,
  checkCommandForm,
  commandSchema,
  commandStringSchema,
  cwdSchema,
  durationSchema,
  envSchema,
  expecting,
  flagSchema,
  percentSchema,
  runsSchema,
  shellSchema,
  timeoutDescription,
  warmupSchema,
} from './fields.ts'

// ---------------------------------------------------------------------------------------------------
// Values that apply when the file says nothing.

export const DEFAULT_SUITE = 'default'
export const DEFAULTS = {
  threshold: 0.05,
  runs: 20,
  warmup: 2,
  timeoutMs: 60_000,
  alpha: 0.01,
  sequential: true,
}
export const DEFAULT_SETUP_TIMEOUT_MS = 600_000

// ---------------------------------------------------------------------------------------------------
// The file.

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
export type SetupStepEntry = z.output<typeof setupStepSchema>
export type DefaultsEntry = z.output<typeof defaultsSchema>
