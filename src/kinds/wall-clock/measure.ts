// The wall-clock kind's measurement: a runner program takes many in-process samples of one benchmark and
// reports them over rebar's runner protocol (src/measure/klv.ts). bench-action writes the configuration,
// runs the runner, checks that every sample counted what it should, and turns samples into metrics: time
// per call, and bytes per second when a call's work has a size.
import { OutsidePathError, readConfined } from '../../fields/confine.ts'
import { listHarnessBenchmarks } from '../../measure/harness.ts'
import { encodeKlv, type KlvEntry, type RunnerSample } from '../../measure/klv.ts'
import { Placement, paddingEnv } from '../../measure/placement.ts'
import { failedResult, resultFor } from '../../measure/result.ts'
import { checkCounts, runRunner } from '../../measure/runner-protocol.ts'
import { SampleTarget } from '../../measure/target.ts'
import type { BenchmarkError, BenchmarkResult, Metric } from '../../results.ts'
import type { Expansion } from '../types.ts'
import type { WallClockCase } from './plan.ts'
import { RebarFormatError } from './rebar.ts'
import { rebarCases } from './rebar-cases.ts'
import type { InputValue } from './schema.ts'

const NS_PER_MS = 1e6

export interface RunnerConfiguration {
  klv: Buffer
  /** Bytes of each input item, for throughput. */
  inputBytes: Map<string, number>
}

/** Part of a benchmark's samples, for a runner invocation that takes only some of them. */
export interface SamplePart {
  runs: number
  maxTimeMs: number
}

/**
 * The KLV a runner reads, in rebar's order: name and model, then the inputs in the order the config
 * lists them (files read as bytes), then the iteration and time limits in nanoseconds, then the inputs
 * sent after them (a rebar definition's case-insensitive and unicode come before the limits, its
 * patterns and haystack after, byte for byte what `rebar klv` prints); last bench-action's own items
 * (sample-time, threads, param.NAME), only when the config sets them, since a rebar runner refuses
 * keys it does not know. A file that cannot be read is an error naming the input; one that leads out of
 * the repository (fields/confine.ts) is refused, naming where the config wrote it.
 *
 * Every invocation carries the whole warm-up, not a share of it: each is a fresh process, cold until
 * it has run for max-warmup-time (or its count limit, rebar's 1,000,000 unless the config writes one).
 */
export async function runnerConfiguration(
  c: WallClockCase,
  part: SamplePart = { runs: c.runs, maxTimeMs: c.maxTimeMs },
): Promise<RunnerConfiguration | { error: string }> {
  const entries: KlvEntry[] = [
    ['name', c.klvName ?? c.name],
    ['model', c.model],
  ]
  const inputBytes = new Map<string, number>()
  const send = async (inputs: WallClockCase['input']): Promise<{ error: string } | undefined> => {
    for (const { key, value } of inputs) {
      const bytes = await inputValue(key, value)
      if ('error' in bytes) return bytes
      inputBytes.set(key, bytes.length)
      entries.push([key, bytes])
    }
    return undefined
  }
  const before = await send(c.input)
  if (before) return before
  entries.push(
    ['max-iters', String(part.runs)],
    ['max-warmup-iters', String(c.warmup)],
    ['max-time', nanoseconds(part.maxTimeMs)],
    ['max-warmup-time', nanoseconds(c.maxWarmupTimeMs)],
  )
  const after = await send(c.inputAfterLimits ?? [])
  if (after) return after
  if (c.sampleTimeMs !== undefined) entries.push(['sample-time', nanoseconds(c.sampleTimeMs)])
  if (c.threads !== undefined) entries.push(['threads', String(c.threads)])
  for (const p of c.params) entries.push([`param.${p.key}`, p.value])
  return { klv: encodeKlv(entries), inputBytes }
}

/** An input's bytes: a file read inside the repository, a rebar haystack loaded once, or the text as written. */
async function inputValue(key: string, value: InputValue): Promise<Buffer | { error: string }> {
  if ('path' in value) {
    try {
      return await readConfined(value)
    } catch (error) {
      if (error instanceof OutsidePathError) return { error: error.message }
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
      return { error: `cannot read input "${key}" from ${value.path}: ${code}` }
    }
  }
  if ('load' in value) {
    try {
      return await value.load()
    } catch (error) {
      if (!(error instanceof RebarFormatError)) throw error
      return { error: error.message }
    }
  }
  return Buffer.from(value.text, 'utf8')
}

function nanoseconds(ms: number): string {
  return String(Math.round(ms * NS_PER_MS))
}

/**
 * Samples → metrics. Time is per call, so samples that batch calls compare with ones that do not.
 * Work declared per sample becomes a rate over the same sample's duration: elements give `throughput`
 * in ops/s (with bytes too, `byte-throughput` in bytes/s), bytes alone give `throughput` in bytes/s.
 * `processes` (how many consecutive samples each runner process took) goes with every metric: they
 * are all the same samples.
 */
export function wallClockMetrics(
  samples: RunnerSample[],
  bytesPerCall?: number,
  processes?: readonly number[],
): Record<string, Metric> {
  const nested = processes ? { processes: [...processes] } : {}
  const metrics: Record<string, Metric> = {
    time: {
      unit: 'ns',
      direction: 'lower',
      samples: samples.map((s) => s.durationNs / s.iterations),
      ...nested,
    },
  }
  /** Per-second rates of the work `amount` gives for each sample, when every sample has one. */
  const rates = (amount: (s: RunnerSample) => number | undefined): number[] | undefined => {
    const values = samples.map((s) => {
      const work = amount(s)
      return work === undefined || s.durationNs === 0 ? undefined : (work / s.durationNs) * 1e9
    })
    return values.length > 0 && values.every((r) => r !== undefined) ? (values as number[]) : undefined
  }
  const bytes = rates(
    (s) => s.bytes ?? (bytesPerCall === undefined ? undefined : bytesPerCall * s.iterations),
  )
  const elements = rates((s) => s.elements)
  if (elements !== undefined) {
    metrics.throughput = { unit: 'ops/s', direction: 'higher', samples: elements, ...nested }
    if (bytes !== undefined)
      metrics['byte-throughput'] = { unit: 'bytes/s', direction: 'higher', samples: bytes, ...nested }
  } else if (bytes !== undefined) {
    metrics.throughput = { unit: 'bytes/s', direction: 'higher', samples: bytes, ...nested }
  }
  return metrics
}

/** A harness entry becomes one case per benchmark it lists, each sampled with `--samples NAME`. */
export async function expandWallClockHarness(
  c: WallClockCase,
  inherit: NodeJS.ProcessEnv = process.env,
): Promise<{ cases: WallClockCase[] } | { failure: BenchmarkResult }> {
  const listed = await listHarnessBenchmarks(c.command, {
    cwd: c.cwd,
    env: { ...inherit, ...c.env },
    timeoutMs: c.timeoutMs,
  })
  if ('error' in listed) return { failure: failedResult(c, listed.error) }
  return {
    cases: listed.names.map((bench) => ({
      ...c,
      id: `${c.name}/${bench}`,
      name: `${c.name}/${bench}`,
      parameters: { ...c.parameters, benchmark: bench, ...listed.parameters.get(bench) },
      command: [...c.command, '--samples', bench],
      harness: false,
      harnessOf: { command: c.command, benchmark: bench },
    })),
  }
}

/** A rebar directory's cases; a directory that cannot be read fails the entry, naming what is wrong. */
export async function expandRebar(
  c: WallClockCase,
  inherit: NodeJS.ProcessEnv = process.env,
): Promise<Expansion<WallClockCase>> {
  try {
    const { cases, failed } = await rebarCases(c, { versions: inherit })
    return {
      cases,
      read: failed.map(({ c: one, error }) => ({
        c: one,
        result: failedResult(one, { message: error }, one.notes),
      })),
    }
  } catch (error) {
    if (!(error instanceof RebarFormatError)) throw error
    return { failure: failedResult(c, { message: error.message }) }
  }
}

export interface WallClockOptions {
  inherit?: NodeJS.ProcessEnv
  onProgress?: (done: number, total: number) => void
  /** Where each runner process's environment padding comes from; seeded by the case's id by default. */
  placement?: Placement
}

/**
 * One benchmark's samples, possibly taken over several runner invocations (`run(share)`): each one is a
 * fresh process, so what differs between processes — code and data placement, a neighbour's load —
 * shows up in the spread instead of being frozen into one invocation's samples. The result says how
 * many samples each process took (`processes`), for the statistics resample processes first.
 */
export class WallClockMeasurement extends SampleTarget {
  private readonly samples: RunnerSample[] = []
  /** How many samples each runner process took, in order. */
  private readonly processes: number[] = []
  private failure?: BenchmarkError
  private bytesPerCall?: number
  private invocations = 0
  /** Time inside the samples taken so far: max-time bounds it over all invocations, as in one. */
  private sampledNs = 0
  private readonly placement: Placement
  /** The environment padding of each runner process that took samples, in order. */
  private readonly padding: number[] = []

  constructor(
    readonly c: WallClockCase,
    private readonly options: WallClockOptions = {},
  ) {
    super(c.runs)
    this.placement = options.placement ?? new Placement(c.id)
  }

  /** Samples taken so far. */
  get taken(): number {
    return this.samples.length
  }

  /** Failed, or max-time is spent. */
  protected get stopped(): boolean {
    return this.failure !== undefined || this.sampledNs >= this.c.maxTimeMs * NS_PER_MS
  }

  /** Takes up to `count` more samples in one runner invocation. */
  async run(count: number): Promise<void> {
    const runs = Math.min(count, this.remaining)
    if (runs <= 0) return
    // This invocation's share of what is left of max-time, in proportion to its share of the samples.
    const budgetMs = this.c.maxTimeMs - this.sampledNs / NS_PER_MS
    const part = { runs, maxTimeMs: (budgetMs * runs) / this.remaining }
    const configuration = await runnerConfiguration(this.c, part)
    if ('error' in configuration) {
      this.failure = { message: configuration.error }
      return
    }
    if (this.c.throughputInput !== undefined)
      this.bytesPerCall = configuration.inputBytes.get(this.c.throughputInput)
    this.invocations++
    const bytes = this.placement.next()
    const outcome = await runRunner({
      command: this.c.command,
      cwd: this.c.cwd,
      env: { ...this.c.env, ...paddingEnv(bytes) },
      inherit: this.options.inherit,
      klv: configuration.klv,
      timeoutMs: this.c.timeoutMs,
    })
    if ('error' in outcome) {
      this.failure = outcome.error
      return
    }
    if (outcome.samples.length > runs) {
      this.failure = {
        message: `the runner printed ${outcome.samples.length} samples, but max-iters was ${runs}`,
      }
      return
    }
    this.samples.push(...outcome.samples)
    if (outcome.samples.length > 0) {
      this.padding.push(bytes)
      this.processes.push(outcome.samples.length)
    }
    for (const s of outcome.samples) this.sampledNs += s.durationNs
    const wrong = checkCounts(this.samples, this.c.count)
    if (wrong) this.failure = { message: wrong }
    this.options.onProgress?.(this.samples.length, this.target)
  }

  result(): BenchmarkResult {
    if (this.failure) return failedResult(this.c, this.failure, [...(this.c.notes ?? [])])
    const notes: string[] = [...(this.c.notes ?? [])]
    if (this.samples.length < this.target) {
      notes.push(
        `took ${this.samples.length} of ${this.target} samples: the runner stopped at max-time ` +
          `(${this.c.maxTimeMs} ms); raise max-time for more`,
      )
    }
    if (this.invocations > 1) notes.push(`samples taken in ${this.invocations} runner processes`)
    const batched = this.samples.length > 0 && this.samples.every((s) => s.iterations > 1)
    if (batched) {
      const calls = this.samples.map((s) => s.iterations)
      const [low, high] = [Math.min(...calls), Math.max(...calls)]
      notes.push(`each sample timed ${low === high ? low : `${low}–${high}`} calls`)
    }
    const metrics = wallClockMetrics(this.samples, this.bytesPerCall, this.processes)
    const result = resultFor(this.c, { metrics, notes })
    return this.padding.length > 0 ? { ...result, padding: [...this.padding] } : result
  }
}

/** Measures a case in one runner invocation. */
export async function measureWallClock(
  c: WallClockCase,
  options: WallClockOptions = {},
): Promise<BenchmarkResult> {
  const m = new WallClockMeasurement(c, options)
  await m.run(c.runs)
  return m.result()
}
