// The shape of bench.yml. One zod schema validates the file and generates the JSON Schema editors use, so
// the two never disagree. Every leaf carries an `expected …` message that completes the sentence
// "benchmarks[2].timeout: expected …, got …"; the loader adds the location and what was found.
//
// The schema accepts what users write and converts units (durations to ms, percentages to fractions,
// argv items to strings); defaults, inheritance from `defaults:` and paths are applied afterwards by the
// loader, which knows where the file is. Each kind's entry is in its folder (src/kinds/); the pieces
// they share are in fields.ts; here are the file's own keys: suite, defaults, setup and benchmarks.
import * as z from 'zod'
import { isCalendarDate, UNTIL_COMMIT, UNTIL_DATE } from '../accept.ts'
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
  timedChangeSchema,
  timeoutDescription,
  warmupSchema,
} from '../fields/index.ts'
import { benchmarkSchema } from '../kinds/index.ts'
import { ACCEPT_REASON_MAX } from '../results.ts'
import { checkCompareWith } from './compare-with.ts'

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
  timedChange: 'any' as const,
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

const GLOB_EXPECTED = 'a benchmark name or glob, as --filter takes it (* and ?; several separated by commas)'
const REASON_EXPECTED = `a reason on one line, at most ${ACCEPT_REASON_MAX} characters: why the change is accepted`
const UNTIL_EXPECTED =
  'a date like 2026-03-01 (the entry holds through that day) or a commit (7 to 40 hex digits)'
const METRIC_EXPECTED = 'a metric name'

/** Text on one line: no control characters (a newline among them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const ONE_LINE = /^[^\x00-\x1f\x7f]*$/

const acceptEntrySchema = z
  .strictObject(
    {
      benchmark: z
        .string(expecting(GLOB_EXPECTED))
        .regex(/[^\s,]/, expecting(GLOB_EXPECTED))
        .regex(ONE_LINE, expecting(GLOB_EXPECTED))
        .meta({
          description:
            'The benchmarks whose regressions are accepted, by name: a glob as --filter takes it (* and ?; several separated by commas).',
          examples: ['parse', 'parse/*'],
        }),
      metric: z
        .string(expecting(METRIC_EXPECTED))
        .min(1, expecting(METRIC_EXPECTED))
        .regex(ONE_LINE, expecting(METRIC_EXPECTED))
        .meta({
          description:
            'Accept only this metric’s regression (or that of another view of the same measurement); any gated metric when absent.',
          examples: ['ir', 'wall'],
        })
        .optional(),
      reason: z
        .string(expecting(REASON_EXPECTED))
        .regex(/\S/, expecting(REASON_EXPECTED))
        .max(ACCEPT_REASON_MAX, expecting(REASON_EXPECTED))
        .regex(ONE_LINE, expecting(REASON_EXPECTED))
        .meta({
          description: 'Why the change is accepted: shown in the report beside the accepted regression.',
          examples: ['the new parser validates its input (#123)'],
        }),
      until: z
        .string(expecting(UNTIL_EXPECTED))
        .refine(
          (text) =>
            UNTIL_DATE.test(text) ? isCalendarDate(text) : UNTIL_COMMIT.test(text) && text.length <= 40,
          expecting(UNTIL_EXPECTED),
        )
        .meta({
          description:
            'How long the entry holds. A date (YYYY-MM-DD): through that day, UTC. A commit: while the baseline compared with does not contain it; once it does, the accepted numbers are the baseline.',
          examples: ['2026-03-01', '4c0ffee'],
        })
        .optional(),
    },
    expecting('a mapping with benchmark and reason (and optionally metric and until)'),
  )
  .meta({
    description: 'A regression accepted on purpose: reported as accepted, with the reason, and passing.',
  })

const TRENDS_EXPECTED =
  'an https address like https://org.github.io/repo/bench (letters, digits and . _ ~ % + - in its path; no query, fragment or user)'

/** An https address of a published site: nothing in it that could end or bend a link in markdown or HTML. */
const TRENDS_URL =
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:\/[A-Za-z0-9._~%+-]*)*$/

const trendsSchema = z
  .string(expecting(TRENDS_EXPECTED))
  .regex(TRENDS_URL, expecting(TRENDS_EXPECTED))
  .max(500, expecting(TRENDS_EXPECTED))
  .meta({
    description:
      'The address of the published trend site (bench-action history): each benchmark in the PR comment and the HTML report links to its page there.',
    examples: ['https://org.github.io/repo/bench'],
  })

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
          checkCompareWith(benchmarks, ctx)
        })
        .meta({ description: 'What to measure; each benchmark has a unique name and a kind.' }),
      accept: z.array(acceptEntrySchema, expecting('a list of accepted regressions')).optional().meta({
        description:
          'Regressions accepted on purpose: a regression of a benchmark an entry names is shown as accepted, with its reason, and passes. An entry that matches no benchmark of a run is named in the report.',
      }),
      trends: trendsSchema.optional(),
      'timed-change': timedChangeSchema(
        'How a timed regression or improvement (process, wall-clock) gates. any: as measured. explained-only: in a same-job run base and head are also counted under callgrind, and where the instructions barely changed (within the threshold) the change is unclear instead: code placement or memory moved the time, not the work. A benchmark may say otherwise.',
        DEFAULTS.timedChange,
      ).optional(),
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
export type AcceptEntryFile = z.output<typeof acceptEntrySchema>
