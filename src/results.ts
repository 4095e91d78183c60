// The ResultSet contract (docs/FORMATS.md#1-results-file): what a run measured, written as versioned JSON and validated on
// read, so a file written by one version loads in the next or fails with a clear message.
import * as z from 'zod'
import { UserError } from './errors.ts'

export const RESULTS_SCHEMA = 'bench-action/results'
export const RESULTS_VERSION = 1

/** Units are normalised before they are stored: time in ns, memory in bytes. */
/** `other`: a unit of the user's own (an imported custom metric's "points"), named by the metric's label. */
export const UNITS = [
  'ns',
  'bytes',
  'count',
  'instructions',
  'ops/s',
  'bytes/s',
  'percent',
  'ratio',
  'other',
] as const
export type Unit = (typeof UNITS)[number]

/** What a summary's center is, where the tool says. */
export const SUMMARY_STATISTICS = ['mean', 'median', 'min'] as const
export type SummaryStatistic = (typeof SUMMARY_STATISTICS)[number]

/** Which way is better belongs to each metric, never to a tool or a kind. */
export type Direction = 'lower' | 'higher'

const PROCESS_COUNT = 'expected how many samples a runner process took: a whole number of at least 1'
const processCountSchema = z
  .number({ error: PROCESS_COUNT })
  .int({ error: PROCESS_COUNT })
  .positive({ error: PROCESS_COUNT })

export const metricSchema = z
  .object({
    unit: z.enum(UNITS),
    direction: z.enum(['lower', 'higher']),
    /** Sampled metrics: one value per counted run, in run order. */
    samples: z.array(z.number()).optional(),
    /** Deterministic metrics: the single exact value. */
    value: z.number().optional(),
    /**
     * Imported metrics whose tool kept no samples: its central value (mean or median) and what it
     * said of the spread. Compared by a stricter rule than samples (compare/metric.ts).
     */
    summary: z
      .object({
        center: z.number(),
        /** What the center is: the tool's mean, median or minimum; absent where it does not say. */
        statistic: z.enum(SUMMARY_STATISTICS).optional(),
        stddev: z.number().nonnegative().optional(),
        /** The interquartile range of the samples the summary is of: a spread outliers do not inflate. */
        iqr: z.number().nonnegative().optional(),
        n: z.number().int().positive().optional(),
        interval: z.tuple([z.number(), z.number()]).optional(),
        /** The confidence level of `interval` (0.95 for a 95% interval), where the tool says. */
        level: z.number().positive().lt(1).optional(),
      })
      .optional(),
    /** The unit as the tool printed it, for unit `other`. */
    label: z.string().optional(),
    /**
     * Another metric of the benchmark this one was computed from (an imported rate from the tool's
     * times): one measurement seen two ways, so one verdict (metric-families.ts). Measured kinds' own
     * derived metrics (throughput from time, speedup from throughput) are known by kind instead.
     */
    derivedFrom: z.string().min(1).optional(),
    /**
     * Samples nested in runner processes (wall-clock, a scaling runner): how many consecutive samples
     * each process took, in sample order. Samples of one process share its code and data placement, so
     * the statistics resample processes first (stats/nested.ts). Absent where each sample is its own
     * process, and in files written before it was recorded.
     */
    processes: z.array(processCountSchema).min(1).optional(),
  })
  .refine(
    (m) => m.samples !== undefined || m.value !== undefined || m.summary !== undefined,
    'a metric needs samples, a value or a summary',
  )
  .refine((m) => m.processes === undefined || sum(m.processes) === (m.samples?.length ?? 0), {
    path: ['processes'],
    error: (issue) => {
      const m = issue.input as { processes: number[]; samples?: number[] }
      return (
        `expected counts of samples per runner process that add up to the metric's ${m.samples?.length ?? 0} ` +
        `samples, got ${shown(m.processes)}, which add up to ${sum(m.processes)}`
      )
    },
  })
export type Metric = z.infer<typeof metricSchema>

export const KINDS = ['process', 'instructions', 'wall-clock', 'scaling', 'import'] as const
export type Kind = (typeof KINDS)[number]

/** What bench.yml's `timed-change` may say, the default first. */
export const TIMED_CHANGE_RULES = ['any', 'explained-only'] as const
export type TimedChangeRule = (typeof TIMED_CHANGE_RULES)[number]

export const gateSchema = z.object({
  /** Metrics whose verdicts decide pass or fail; the others are reported only. */
  metrics: z.array(z.string()),
  /** Relative change that counts as a regression, as a fraction (0.05 = 5%). */
  threshold: z.number().nonnegative(),
  /** Significance level for sampled metrics. */
  alpha: z.number().positive().max(1),
  /** Metrics in percent (efficiency): a loss of more than this many percentage points is a regression. */
  points: z.number().nonnegative().optional(),
  /**
   * bench.yml's `timed-change`: `explained-only` gates a timed regression or improvement whose
   * instruction count barely changed as unclear (docs/verdicts.md). Absent: `any`, every timed change
   * gates as measured (and in files written before the setting).
   */
  timedChange: z.enum(TIMED_CHANGE_RULES).optional(),
})
export type Gate = z.infer<typeof gateSchema>

export const benchmarkErrorSchema = z.object({
  message: z.string(),
  exitCode: z.number().int().optional(),
  signal: z.string().optional(),
  timedOut: z.boolean().optional(),
  stderrTail: z.string().optional(),
})
export type BenchmarkError = z.infer<typeof benchmarkErrorSchema>

/** Self cost of one function in an instruction profile: where the instructions went. */
export const functionCostSchema = z.object({
  name: z.string(),
  /** File name of the ELF object defining it. */
  object: z.string(),
  self: z.number(),
  inclusive: z.number(),
})
export type FunctionCost = z.infer<typeof functionCostSchema>

/** The most frames a stored call tree may hold: far more than pruning at 0.1% leaves in practice. */
export const CALL_TREE_FRAMES_MAX = 100_000

const CALL_FRAME_DEPTH = 'expected the depth of the frame: a whole number of at least 0'

/** One frame of a stored call tree: a function reached along one call path, with what ran inside it there. */
export const callFrameSchema = z.object({
  /** The function's name, without compiler clone suffixes. */
  name: z.string(),
  /** Inclusive Ir of the function along this path. */
  ir: z.number().nonnegative(),
  /** 0 for a root; a frame's children follow it one deeper. */
  depth: z
    .number({ error: CALL_FRAME_DEPTH })
    .int({ error: CALL_FRAME_DEPTH })
    .nonnegative({ error: CALL_FRAME_DEPTH }),
})
export type CallFrame = z.infer<typeof callFrameSchema>

/**
 * The call tree of an instruction profile (src/kinds/instructions/call-tree.ts): its frames depth first,
 * each frame followed by its children, so a frame's parent is the nearest frame before it one shallower.
 */
export const callTreeSchema = z
  .object({
    /** The profile's total Ir: what the roots add up to, less what no call path holds. */
    total: z.number().nonnegative(),
    frames: z.array(callFrameSchema).max(CALL_TREE_FRAMES_MAX),
  })
  .superRefine((tree, context) => {
    let previous = -1
    for (const [i, frame] of tree.frames.entries()) {
      if (frame.depth > previous + 1) {
        context.addIssue({
          code: 'custom',
          path: ['frames', i, 'depth'],
          message:
            `expected a depth of at most ${previous + 1} (one deeper than the frame before it; the frames ` +
            `are listed depth first, the roots at depth 0), got ${frame.depth}`,
        })
        return
      }
      previous = frame.depth
    }
  })
export type CallTree = z.infer<typeof callTreeSchema>

/** One heap allocation site of a DHAT profile: the first frames of its stack, with what it allocated. */
export const heapSiteSchema = z.object({
  /** Function names with their source line or object, innermost (the allocator) first. */
  frames: z.array(z.string()),
  bytes: z.number(),
  blocks: z.number(),
})
export type HeapSite = z.infer<typeof heapSiteSchema>

const percentSchema = z.number().min(0).max(100)

/**
 * How busy the machine was while a timed benchmark was measured (Linux only): counters read around
 * each part of its measurement and summed (src/measure/contention.ts). Optional: files written before
 * it was recorded, and runs on other systems, have none.
 */
export const contentionSchema = z
  .object({
    /** Online CPUs (the cpuN lines of /proc/stat). */
    cpus: z.number().int().positive(),
    /** The 1-minute load average when the measurement started and when it ended. */
    loadAverage: z.object({ start: z.number().nonnegative(), end: z.number().nonnegative() }),
    /** Wall time the CPU counters cover: the benchmark's own parts of the measurement, summed. */
    windowMs: z.number().nonnegative(),
    /** Time the hypervisor gave our CPUs to others, in percent of all CPUs' time. */
    stealPercent: percentSchema,
    /** Non-idle time of all CPUs, in percent of all CPUs' time. */
    busyPercent: percentSchema,
    /** busyPercent less what bench-action and the programs it waited for used: other programs' share. */
    otherBusyPercent: percentSchema,
    /**
     * Share of the time some runnable task waited for a CPU (the kernel's pressure stall information,
     * /proc/pressure/cpu `some`), in percent; absent where the kernel does not report it.
     */
    cpuPressurePercent: percentSchema.optional(),
    /**
     * Wall time over the CPU time the benchmark got: for the process kind the median over counted runs
     * of wall ÷ (user + sys); for wall-clock and scaling, the measurement's wall time × the CPUs the
     * benchmark can keep busy ÷ the CPU time of bench-action and the programs it waited for.
     */
    wallCpuRatio: z.number().positive().optional(),
    /** Process kind: the median number of involuntary context switches of a counted run. */
    involuntaryCsPerRun: z.number().nonnegative().optional(),
  })
  .refine((c) => c.otherBusyPercent <= c.busyPercent && c.stealPercent <= c.busyPercent, {
    error: 'otherBusyPercent and stealPercent are parts of busyPercent and cannot exceed it',
  })
export type Contention = z.infer<typeof contentionSchema>

// A results file may come from a stranger (a shard, a fork's artifact, a store on a shared branch), and
// its timestamp and commit name the files a store writes (docs/ARCHITECTURE.md#the-trust-boundary): both are checked to be what they
// say, so that neither can carry a path.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const SHA = /^[0-9a-fA-F]{4,64}$/

/** An ISO-8601 timestamp, `YYYY-MM-DDTHH:MM:SS[.fraction]` then `Z` or an offset: what toISOString writes. */
export const timestampSchema = z
  .string()
  .refine((text) => TIMESTAMP.test(text) && Number.isFinite(Date.parse(text)), {
    error: (issue) =>
      `expected an ISO-8601 timestamp like 2024-05-01T12:00:00.000Z, got ${shown(issue.input)}`,
  })

/** A commit hash, full or abbreviated: 4 to 64 hex digits. */
export const shaSchema = z.string().regex(SHA, {
  error: (issue) => `expected a commit hash of 4 to 64 hex digits, got ${shown(issue.input)}`,
})

/** The longest reason an explanation may give for not counting instructions. */
export const EXPLANATION_REASON_MAX = 1000

const explanationReason = z.string().min(1).max(EXPLANATION_REASON_MAX)

/**
 * What the instruction counts say about a timed regression or improvement of a same-job run: base and
 * head run once more under callgrind, each in its own tree (src/run/explain.ts), or why they were not.
 * `against` is the base commit the count was made with: a comparison with another baseline does not
 * use it.
 */
export const explanationSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('counted'),
    against: shaSchema.optional(),
    /** Instructions (callgrind's Ir) of one run of each side. */
    instructions: z.object({ base: z.number().positive(), head: z.number().positive() }),
  }),
  z.object({
    /** Not counted: valgrind cannot run it as it was measured (a prepare step, a scaling sweep, …). */
    status: z.literal('skipped'),
    against: shaSchema.optional(),
    reason: explanationReason,
  }),
  z.object({
    /** Counting was tried and went wrong (the program failed under valgrind, or timed out). */
    status: z.literal('failed'),
    against: shaSchema.optional(),
    reason: explanationReason,
  }),
])
export type Explanation = z.infer<typeof explanationSchema>

export const benchmarkResultSchema = z.object({
  /** Unique within a suite: the name plus its parameter point. */
  id: z.string().min(1),
  name: z.string().min(1),
  kind: z.enum(KINDS),
  parameters: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  command: z.array(z.string()).optional(),
  status: z.enum(['ok', 'failed']),
  error: benchmarkErrorSchema.optional(),
  metrics: z.record(z.string(), metricSchema),
  gate: gateSchema,
  /** Free-form notes from measurement (outliers, slow first run, missing helper). */
  notes: z.array(z.string()).default([]),
  /** Instruction kinds: the functions with the largest self Ir. */
  functions: z.array(functionCostSchema).optional(),
  /**
   * Instruction kinds: the call tree of the run, frames below 0.1% of the total left out. Absent in files
   * written before it was kept, and for imported profiles.
   */
  callTree: callTreeSchema.optional(),
  /** Instruction kinds with heap: true: the allocation sites with the most bytes allocated. */
  heapSites: z.array(heapSiteSchema).optional(),
  /** How long measuring it took, warmups included: what a sharded run balances its shards by. */
  durationMs: z.number().nonnegative().optional(),
  /** Timed kinds on Linux: how busy the machine was while this benchmark was measured. */
  contention: contentionSchema.optional(),
  /** A point of a parameter scan: the config entry's name, which every point of the scan shares. */
  series: z.string().min(1).optional(),
  /**
   * The benchmarks bench.yml declared comparable with this one (`compare-with:`): the names of the config
   * entries of its group, itself among them, in the file's order. The report ranks a group's benchmarks
   * against each other; absent when the benchmark is in no group (and in files written before groups).
   */
  rankingGroup: z.array(z.string().min(1)).min(2).optional(),
  /**
   * Process benchmarks run through a shell: the shell's start-up time (the median wall time of the same
   * shell running an empty script, over `runs` runs), already subtracted from each wall sample.
   */
  shellCorrection: z.object({ ns: z.number().nonnegative(), runs: z.number().int().positive() }).optional(),
  /**
   * Timed kinds: the bytes of environment padding (src/measure/placement.ts) each counted run started
   * with (process kind, a scaling command), or each runner process that took samples (wall-clock, a
   * scaling runner), in order.
   */
  padding: z.array(z.number().int().nonnegative()).optional(),
  /**
   * Same-job runs: the instruction counts behind a timed regression or improvement, or why there are
   * none. Absent for every other benchmark, and in files written before explanations.
   */
  explanation: explanationSchema.optional(),
})
export type BenchmarkResult = z.infer<typeof benchmarkResultSchema>

export const environmentSchema = z.object({
  os: z.string(),
  arch: z.string(),
  cpuModel: z.string(),
  cpuCount: z.number().int(),
  kernel: z.string(),
  glibc: z.string().optional(),
  node: z.string(),
  /** Versions of the tools the measurements depend on: cc, valgrind, zig, rustc. */
  tools: z.record(z.string(), z.string()).default({}),
  /** GitHub-hosted runner image (ImageOS/ImageVersion) when there is one. */
  runnerImage: z.string().optional(),
})
export type Environment = z.infer<typeof environmentSchema>

function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0)
}

/** A value from a file, quoted and cut short for a message. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

export const commitSchema = z.object({
  sha: shaSchema.optional(),
  ref: z.string().optional(),
  branch: z.string().optional(),
  /** The working tree had uncommitted changes when measured. */
  dirty: z.boolean().optional(),
})
export type CommitInfo = z.infer<typeof commitSchema>

/** Where an acceptance came from: an entry of bench.yml's `accept:`, or the pull request's label. */
export const ACCEPT_SOURCES = ['config', 'label'] as const
export type AcceptSource = (typeof ACCEPT_SOURCES)[number]

/** The longest reason an acceptance may give. */
export const ACCEPT_REASON_MAX = 1000

/**
 * A regression this run accepted on purpose: which benchmark and metric, why, who, and from where. A
 * later comparison leaves the runs before it out of the run-to-run noise, so an accepted step is never
 * taken for the machine's swings.
 */
export const acceptedSchema = z.object({
  /** The benchmark's id. */
  benchmark: z.string().min(1),
  metric: z.string().min(1),
  reason: z.string().max(ACCEPT_REASON_MAX),
  /** The login that added the label, when GitHub said. */
  by: z.string().min(1).max(100).optional(),
  source: z.enum(ACCEPT_SOURCES),
  /** The entry's `until`, as written: a date or a commit. */
  until: z.string().max(64).optional(),
})
export type Accepted = z.infer<typeof acceptedSchema>

export const resultSetSchema = z.object({
  schema: z.literal(RESULTS_SCHEMA),
  version: z.literal(RESULTS_VERSION),
  suite: z.string().min(1),
  commit: commitSchema,
  createdAt: timestampSchema,
  environment: environmentSchema,
  benchmarks: z.array(benchmarkResultSchema),
  /** Regressions accepted on purpose in this run; absent in files written before acceptances, and when none were. */
  accepted: z.array(acceptedSchema).optional(),
})
export type ResultSet = z.infer<typeof resultSetSchema>

/**
 * Sample indices (base, head) of runs measured next to each other in one job, by benchmark id: the
 * pairs of a paired comparison.
 */
export type SamplePairs = Record<string, Array<[base: number, head: number]>>

export class ResultsFormatError extends UserError {
  override name = 'ResultsFormatError'
}

/** Validates parsed JSON as a ResultSet; the error says what file and what is wrong. */
export function parseResultSet(data: unknown, source: string): ResultSet {
  if (typeof data === 'object' && data !== null) {
    const d = data as Record<string, unknown>
    if (d.schema !== RESULTS_SCHEMA) {
      throw new ResultsFormatError(
        `${source}: not a bench-action results file (schema is ${JSON.stringify(d.schema)})`,
      )
    }
    if (typeof d.version === 'number' && d.version > RESULTS_VERSION) {
      throw new ResultsFormatError(
        `${source}: results format version ${d.version} is newer than this bench-action reads (${RESULTS_VERSION}); upgrade bench-action`,
      )
    }
  }
  const parsed = resultSetSchema.safeParse(data)
  if (!parsed.success)
    throw new ResultsFormatError(`${source}: invalid results at ${firstIssue(parsed.error)}`)
  return parsed.data
}

/** Where the first problem a schema found is, and what it is: "benchmarks.0.id: …". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!
  const where = issue.path.length ? issue.path.map(String).join('.') : '(top level)'
  return `${where}: ${issue.message}`
}

export function parseResultSetText(text: string, source: string): ResultSet {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new ResultsFormatError(`${source}: not valid JSON (${(e as Error).message})`)
  }
  return parseResultSet(data, source)
}
