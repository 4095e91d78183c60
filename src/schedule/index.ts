// measure: Case → BenchmarkResult, each case by its kind (src/kinds/), the suite in one schedule. A
// failing case comes back as a failed result; only bugs throw.
import { matchesFilter } from '../glob.ts'
import { type Case, isExactKind, kindOf, type TimedCase } from '../kinds/index.ts'
import { ScheduleContention } from '../measure/contention.ts'
import type { BenchmarkResult, SamplePairs } from '../results.ts'
import { onEveryCore } from '../system/on-every-core.ts'
import { measureInRounds, type RoundsOptions, timedKindOf } from './rounds.ts'

export { MAX_WALL_CLOCK_INVOCATIONS } from '../kinds/wall-clock/index.ts'
export { MAX_ROUNDS } from './rounds.ts'

export interface MeasureOptions {
  /** Progress of one case: runs done (warmups included) out of its total. */
  onProgress?: (c: Case, done: number, total: number) => void
  /** The environment process benchmarks inherit; the case's own env is added to it. */
  inherit?: NodeJS.ProcessEnv
  /** Called once per case when its last run is done, in the order cases finish. */
  onResult?: (c: Case, result: BenchmarkResult) => void
  /** Applied again to the benchmarks a harness lists (`rust/fib*`). */
  filter?: string
  /** Milliseconds from some start, for each result's durationMs: performance.now unless given. */
  clock?: () => number
}

/**
 * Measures a suite. Harnesses are asked for their benchmarks first. Instruction counts do not depend
 * on the machine's load, so those cases run side by side, one per core. Timed cases then run in
 * rounds: each round runs a share of every benchmark's counted runs, the benchmarks in a freshly
 * shuffled (seeded) order, so slow drift of a shared machine — a neighbour's load, frequency
 * changes — falls on every benchmark alike and shows up in each one's spread instead of making one
 * look fast and the next slow (asv's rounds). Results come back in plan order.
 */
export async function measureSuite(cases: Case[], options: MeasureOptions = {}): Promise<BenchmarkResult[]> {
  const side = new Side(options)
  await side.expand(cases)
  await measureExactCases(side.pendingExact(), options, side.finish)
  const contention = new ScheduleContention()
  await measureInRounds(
    side.timed().map((c) => [c]),
    watched(options, contention),
    (c, r) => side.finishTimed(c, attach(contention, c, r)),
  )
  return side.results()
}

/** How the two sides of a same-job comparison are scheduled. */
export type SameJobOrder = 'interleaved' | 'sequential'

export interface SameJobOptions extends MeasureOptions {
  /**
   * interleaved (the default): each benchmark's base and head runs alternate in blocks of random
   * order, and neighbouring runs are paired. sequential: every base run first, then every head run,
   * as two separate jobs would measure them; nothing is paired.
   */
  order?: SameJobOrder
  /** Progress and results of the base side (the options' own callbacks get the head side's). */
  onBaseProgress?: MeasureOptions['onProgress']
  onBaseResult?: MeasureOptions['onResult']
  /** Seeds the schedule; the same seed and cases give the same order. */
  seed?: string
  /** Interleaved pairs are sampled sequentially unless false (see RoundsOptions.sequential). */
  sequential?: boolean
}

export interface SameJobMeasurement {
  base: BenchmarkResult[]
  head: BenchmarkResult[]
  /** Sample indices (base, head) measured next to each other, by benchmark id; empty when sequential. */
  pairs: SamplePairs
  /** Each side's cases as measured: a harness's benchmarks each a case of its own, in plan order. */
  cases: { base: Case[]; head: Case[] }
}

/**
 * Measures the same benchmarks in two trees, base and head, in one schedule. Instruction counts are
 * exact and independent of load: each side's are counted once. Timed benchmarks present on both
 * sides are measured as pairs, base and head alternating run by run (see measureInRounds); a
 * benchmark on one side only is measured in the same rounds, alone.
 */
export async function measureSameJob(
  baseCases: Case[],
  headCases: Case[],
  options: SameJobOptions = {},
): Promise<SameJobMeasurement> {
  const head = new Side(options)
  const base = new Side({ ...options, onProgress: options.onBaseProgress, onResult: options.onBaseResult })
  await base.expand(baseCases)
  await head.expand(headCases)
  const baseExact = new Set<Case>(base.pendingExact())
  await measureExactCases(
    [...baseExact, ...head.pendingExact()],
    {
      inherit: options.inherit,
      clock: options.clock,
      onProgress: (c, done, total) =>
        (baseExact.has(c) ? options.onBaseProgress : options.onProgress)?.(c, done, total),
    },
    (c, r) => (baseExact.has(c) ? base : head).finish(c, r),
  )
  const contention = new ScheduleContention()
  const finishOn = (side: Side) => (c: TimedCase, r: BenchmarkResult) =>
    side.finishTimed(c, attach(contention, c, r))
  let pairs: SamplePairs = {}
  if (options.order === 'sequential') {
    await measureInRounds(
      base.timed().map((c) => [c]),
      watched({ ...options, onProgress: options.onBaseProgress }, contention),
      finishOn(base),
      options.seed,
    )
    await measureInRounds(
      head.timed().map((c) => [c]),
      watched(options, contention),
      finishOn(head),
      options.seed,
    )
  } else {
    const baseTimed = new Map(base.timed().map((c) => [c.id, c]))
    const headTimed = head.timed()
    const units: TimedCase[][] = headTimed.map((c) => {
      const other = baseTimed.get(c.id)
      return other && other.kind === c.kind ? [other, c] : [c]
    })
    const paired = new Set(units.filter((u) => u.length === 2).map((u) => u[0]!))
    for (const c of baseTimed.values()) if (!paired.has(c)) units.push([c])
    const baseSide = new Set(baseTimed.values())
    pairs = await measureInRounds(
      units,
      watched(
        {
          ...options,
          onProgress: (c, done, total) =>
            (baseSide.has(c as TimedCase) ? options.onBaseProgress : options.onProgress)?.(c, done, total),
        },
        contention,
      ),
      (c, r) => finishOn(baseSide.has(c) ? base : head)(c, r),
      options.seed,
    )
  }
  return {
    base: base.results(),
    head: head.results(),
    pairs,
    cases: { base: base.cases(), head: head.cases() },
  }
}

/**
 * The schedule's options with each part's end noted for the machine's contention (Linux), before the
 * caller hears of the progress, so what the caller does then falls outside the part.
 */
function watched<O extends RoundsOptions>(options: O, contention: ScheduleContention): O {
  contention.begin()
  return {
    ...options,
    onProgress: (c: Case, done: number, total: number) => {
      if (kindOf(c.kind).timed?.partsTimedBySchedule) contention.progress(c)
      options.onProgress?.(c, done, total)
    },
  }
}

/** The result with the machine's contention while its case was measured, as its kind keeps CPUs busy. */
function attach(contention: ScheduleContention, c: TimedCase, r: BenchmarkResult): BenchmarkResult {
  return contention.attach(c, r, timedKindOf(c).parallelism(c))
}

/** One tree's cases: harnesses expanded, results collected, completed at the end where a kind needs the suite. */
class Side {
  private readonly planned: Case[] = []
  private readonly finished = new Map<string, BenchmarkResult>()
  // Results a kind completes once every case is measured (a sweep's speedup needs its smallest point).
  private readonly held = new Map<string, BenchmarkResult>()

  constructor(private readonly options: MeasureOptions) {}

  readonly finish = (c: Case, r: BenchmarkResult): void => {
    this.finished.set(c.id, r)
    this.options.onResult?.(c, r)
  }

  readonly finishTimed = (c: TimedCase, r: BenchmarkResult): void => {
    if (timedKindOf(c).complete) this.held.set(c.id, r)
    else this.finish(c, r)
  }

  /** Reads results and asks harnesses for their benchmarks, as each case's kind does. */
  async expand(cases: Case[]): Promise<void> {
    const { options, planned } = this
    const kept = (one: Case, c: Case) =>
      matchesFilter(one.name, options.filter) || matchesFilter(c.name, options.filter)
    for (const c of cases) {
      const expansion = await kindOf(c.kind).expand?.(c, options.inherit)
      if (expansion === undefined) {
        planned.push(c)
      } else if ('failure' in expansion) {
        planned.push(c)
        this.finish(c, expansion.failure)
      } else {
        for (const { c: one, result } of expansion.read ?? []) {
          if (!kept(one, c)) continue
          planned.push(one)
          this.finish(one, result)
        }
        if ('cases' in expansion) planned.push(...expansion.cases.filter((one) => kept(one, c)))
      }
    }
  }

  /** Every case of the side, a harness's benchmarks each its own, in plan order. */
  cases(): Case[] {
    return [...this.planned]
  }

  /** Cases of exact kinds still to count. */
  pendingExact(): Case[] {
    return this.planned.filter((c) => isExactKind(c.kind) && !this.finished.has(c.id))
  }

  timed(): TimedCase[] {
    return this.planned.filter(
      (c): c is TimedCase => kindOf(c.kind).timed !== undefined && !this.finished.has(c.id),
    )
  }

  /** Every result in plan order, completed where a kind needs the whole suite. */
  results(): BenchmarkResult[] {
    const held = this.planned.filter((c): c is TimedCase => this.held.has(c.id))
    for (const kind of new Set(held.map((c) => c.kind))) {
      const cases = held.filter((c) => c.kind === kind)
      timedKindOf(cases[0]!).complete?.(cases, this.held)
    }
    for (const c of held) if (!this.finished.has(c.id)) this.finish(c, this.held.get(c.id)!)
    return this.planned.map((c) => this.finished.get(c.id)!)
  }
}

/** Exact counts do not depend on the machine's load: the cases run side by side, one per core. */
async function measureExactCases(
  cases: Case[],
  options: MeasureOptions,
  finish: (c: Case, r: BenchmarkResult) => void,
): Promise<void> {
  const now = options.clock ?? (() => performance.now())
  await onEveryCore(cases, async (c) => {
    options.onProgress?.(c, 0, 1)
    const started = now()
    const r = await kindOf(c.kind).measureExact!(c, options.inherit)
    options.onProgress?.(c, 1, 1)
    finish(c, { ...r, durationMs: Math.round(now() - started) })
  })
}
