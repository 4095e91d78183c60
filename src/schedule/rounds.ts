// The schedule of timed runs: rounds in a seeded shuffled order. A unit of the schedule is one case,
// or a base and a head case measured as a pair, whose runs alternate in blocks of randomised order
// (A B, B A, …); the runs of one block form pairs (docs/methodology.md#rounds-and-interleaving).
import { type Case, derivedMetrics, kindOf, type TimedCase } from '../kinds/index.ts'
import type { TimedKind, TimedMeasurement } from '../kinds/types.ts'
import { Placement } from '../measure/placement.ts'
import { resolveGate } from '../metric-families.ts'
import type { BenchmarkResult, SamplePairs } from '../results.ts'
import { formatSignificant, processNesting, SeededRandom } from '../stats/index.ts'
import { extendedAlpha, type LookOutcome, type LookPlan, lookAtPairs, lookPlan } from '../stats/sequential.ts'

export interface RoundsOptions {
  inherit?: NodeJS.ProcessEnv
  onProgress?: (c: Case, done: number, total: number) => void
  /**
   * Pairs are sampled sequentially (the default; stats/sequential.ts): a pair of cases whose verdict is
   * clearly unchanged at half its runs stops there, one still undecided at its runs is extended to
   * twice as many. false: every pair takes its runs, no more, no fewer.
   */
  sequential?: boolean
  /** How a case is measured: its kind's timed part (the registry's, unless a caller models one). */
  timed?: (c: TimedCase) => TimedKind<TimedCase>
  /** Milliseconds from some start, for each result's durationMs: performance.now unless given. */
  clock?: () => number
}

/** How many rounds a suite's timed runs are spread over, at most. */
export const MAX_ROUNDS = 10
/** How a timed case is measured: its kind's part in the schedule. */
export function timedKindOf(c: TimedCase): TimedKind<TimedCase> {
  return kindOf(c.kind).timed as TimedKind<TimedCase>
}

/** Where a pair's sequential sampling stands. */
interface Sequence {
  plan: LookPlan
  /** The looks taken, and what the last one said. */
  early?: LookOutcome
  planned?: LookOutcome
  /** Pairs when it stopped early, or when it was extended. */
  stoppedAt?: number
  extendedAt?: number
}

/** A schedule under way: the units, their measurements, and what is known of them so far. */
interface Schedule {
  units: TimedCase[][]
  measurements: TimedMeasurement[][]
  /** How many rounds each unit takes part in. */
  parts: number[]
  pairs: SamplePairs
  sequences: Map<number, Sequence>
  /** Shuffles in place, in the schedule's seeded order. */
  shuffle: <T>(items: T[]) => T[]
  /** Runs `count` more runs of a measurement (none without one), adding the time they took to its durationMs. */
  runTimed: (m: TimedMeasurement, count: number | undefined) => Promise<void>
  /** Hands a side's result to `finish` once its last run is done (or, with `force`, now), once. */
  report: (unit: number, side: number, force?: boolean) => Promise<void>
}

/**
 * Measures the units (one case, or [base, head]) in rounds: each round runs a share of every
 * unit's counted runs, the units in a freshly shuffled order, a pair's two sides in a random order
 * of their own. `finish` gets each case's result once its last run is done. Returns the pairs of
 * sample indices of each paired unit, keyed by the head (second) case's id.
 */
export async function measureInRounds(
  units: TimedCase[][],
  options: RoundsOptions,
  finish: (c: TimedCase, r: BenchmarkResult) => void,
  seed?: string,
): Promise<SamplePairs> {
  const pairs: SamplePairs = {}
  if (units.length === 0) return pairs
  const kindOfCase = options.timed ?? timedKindOf
  const now = options.clock ?? (() => performance.now())
  const scheduleSeed = seed ?? units.flatMap((u) => u.map((c) => c.id)).join('\u0000')
  const measurements: TimedMeasurement[][] = units.map((unit, u) =>
    unit.map((c, side) => {
      const progress = {
        inherit: options.inherit,
        onProgress: (done: number, total: number) => options.onProgress?.(c, done, total),
        // Each side of each unit draws its own paddings, from the same distribution.
        placement: new Placement(`${scheduleSeed}\u0000${u}\u0000${side}`),
      }
      return kindOfCase(c).measurement(c, progress)
    }),
  )
  const parts = units.map((unit) =>
    Math.max(
      ...unit.map((c) =>
        kindOfCase(c).parts(c, { units: units.length, paired: unit.length > 1, maxRounds: MAX_ROUNDS }),
      ),
    ),
  )
  const random = new SeededRandom(scheduleSeed)
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = random.nextInt(i + 1)
      ;[items[i], items[j]] = [items[j]!, items[i]!]
    }
    return items
  }
  // Pairs are looked at as they are taken (stats/sequential.ts), where their runs allow a look.
  const sequences = new Map<number, Sequence>()
  if (options.sequential !== false)
    units.forEach((unit, u) => {
      if (unit.length === 2) sequences.set(u, { plan: lookPlan(Math.min(unit[0]!.runs, unit[1]!.runs)) })
    })
  const reported = new Set<TimedMeasurement>()
  const elapsed = new Map<TimedMeasurement, number>()
  const schedule: Schedule = {
    units,
    measurements,
    parts,
    pairs,
    sequences,
    shuffle,
    runTimed: async (m, count) => {
      const started = now()
      if (count !== undefined) await m.run(count)
      elapsed.set(m, (elapsed.get(m) ?? 0) + now() - started)
    },
    report: async (unit, side, force = false) => {
      const m = measurements[unit]![side]!
      if (reported.has(m) || (m.remaining > 0 && !force)) return
      reported.add(m)
      const result = { ...(await m.result()), durationMs: Math.round(elapsed.get(m) ?? 0) }
      const sequence = sequences.get(unit)
      finish(units[unit]![side]!, sequence ? sequenced(result, sequence) : result)
    },
  }
  await runRounds(schedule)
  await extendUndecided(schedule)
  for (let u = 0; u < units.length; u++)
    for (let s = 0; s < units[u]!.length; s++) await schedule.report(u, s, true)
  return pairs
}

/** Every round: each unit that takes part runs its share, its pairs recorded and looked at. */
async function runRounds(schedule: Schedule): Promise<void> {
  const { units, measurements, parts, pairs, sequences, shuffle } = schedule
  const rounds = Math.max(...parts)
  // The rounds each unit takes part in, spread evenly over all of them (distinct, increasing: n ≤ rounds).
  const activeRounds = parts.map((n) => Array.from({ length: n }, (_, k) => Math.floor((k * rounds) / n)))
  for (let round = 0; round < rounds; round++) {
    for (const u of shuffle(units.map((_, i) => i))) {
      const active = activeRounds[u]!
      const position = active.indexOf(round)
      if (position === -1) continue
      const roundsLeft = active.length - position
      const sides = measurements[u]!
      const before = sides.map((m) => m.taken)
      for (const s of shuffle(sides.map((_, i) => i))) {
        const m = sides[s]!
        // This round's share: what is left, spread evenly over the rounds that are left.
        const share = Math.ceil(m.remaining / roundsLeft)
        await schedule.runTimed(m, share > 0 ? share : undefined)
      }
      if (sides.length === 2) {
        const id = units[u]![1]!.id
        const list = pairs[id] ?? []
        pairs[id] = list
        recordPairs(list, sides, before)
        const sequence = sequences.get(u)
        if (sequence) await look(sequence, sides, list, units[u]![1]!)
      }
      for (let s = 0; s < sides.length; s++) await schedule.report(u, s)
    }
  }
}

/** Pairs still undecided at their runs take more, a pair per round, in rounds of their own. */
async function extendUndecided(schedule: Schedule): Promise<void> {
  const { units, measurements, parts, pairs, sequences, shuffle } = schedule
  let extended = [...sequences.keys()].filter((u) => measurements[u]!.some((m) => m.remaining > 0))
  while (extended.length > 0) {
    for (const u of shuffle(extended)) {
      const sides = measurements[u]!
      const before = sides.map((m) => m.taken)
      const step = Math.max(1, Math.ceil(units[u]![1]!.runs / parts[u]!))
      for (const s of shuffle(sides.map((_, i) => i))) {
        const m = sides[s]!
        await schedule.runTimed(m, Math.min(step, m.remaining))
      }
      // A side that took nothing more (it failed, or hit max-time) ends the pair's extension.
      if (recordPairs(pairs[units[u]![1]!.id]!, sides, before) === 0)
        for (const m of sides) m.setTarget(m.taken)
      for (let s = 0; s < sides.length; s++) await schedule.report(u, s)
    }
    extended = extended.filter((u) => measurements[u]!.some((m) => m.remaining > 0))
  }
}

/**
 * The runs a pair's two sides took since `before`, paired in order (the k-th new base run with the
 * k-th new head run); returns how many pairs that made.
 */
function recordPairs(list: Array<[number, number]>, sides: TimedMeasurement[], before: number[]): number {
  const count = Math.min(sides[0]!.taken - before[0]!, sides[1]!.taken - before[1]!)
  for (let k = 0; k < count; k++) list.push([before[0]! + k, before[1]! + k])
  return count
}

/**
 * A look at a pair's gated metrics once it has the pairs a look needs: stop both sides when the early
 * look finds it clearly unchanged; extend both when the planned look cannot decide.
 */
async function look(
  sequence: Sequence,
  sides: TimedMeasurement[],
  list: Array<[number, number]>,
  head: TimedCase,
): Promise<void> {
  const n = list.length
  const early = sequence.plan.early !== undefined && sequence.early === undefined && n >= sequence.plan.early
  const planned = !early && sequence.planned === undefined && n >= sequence.plan.planned
  if (!early && !planned) return
  const outcome = lookAtSides(await sides[0]!.result(), await sides[1]!.result(), list, head, early)
  if (outcome === undefined) {
    // Nothing to look at (a gated metric only known once the suite is measured, values ≤ 0): as planned.
    if (early) sequence.early = 'undecided'
    else sequence.planned = 'undecided'
    return
  }
  if (early) {
    sequence.early = outcome
    if (outcome === 'unchanged') {
      sequence.stoppedAt = n
      for (const m of sides) m.setTarget(m.taken)
    }
    return
  }
  sequence.planned = outcome
  if (outcome === 'undecided' && sides.every((m) => m.remaining === 0)) {
    sequence.extendedAt = n
    const extra = sequence.plan.max - n
    for (const m of sides) m.setTarget(m.taken + extra)
  }
}

/**
 * What the pairs say about the gated metrics of a pair of results: a change when any changed,
 * unchanged when all are, undecided when one is; undefined when one cannot be looked at.
 */
function lookAtSides(
  base: BenchmarkResult,
  head: BenchmarkResult,
  list: ReadonlyArray<readonly [number, number]>,
  c: TimedCase,
  early: boolean,
): LookOutcome | undefined {
  if (base.status !== 'ok' || head.status !== 'ok') return undefined
  const { gated } = resolveGate(derivedMetrics(head.kind), head.metrics, [...head.gate.metrics])
  const outcomes: Array<LookOutcome | undefined> = []
  for (const name of head.gate.metrics) {
    if (!gated.includes(name) && name in head.metrics) continue
    const [b, h] = [base.metrics[name]?.samples, head.metrics[name]?.samples]
    if (!b || !h) {
      outcomes.push(undefined)
      continue
    }
    const inRange = list.filter(([i, j]) => i < b.length && j < h.length)
    outcomes.push(
      lookAtPairs(
        inRange.map(([i]) => b[i]!),
        inRange.map(([, j]) => h[j]!),
        {
          threshold: head.gate.threshold,
          alpha: head.gate.alpha,
          direction: head.metrics[name]!.direction,
          seed: `${c.id}\u0000${name}`,
          // Pairs of runner processes, as the comparison will resample them.
          processes: processNesting(
            base.metrics[name]!.processes,
            head.metrics[name]!.processes,
            { base: b.length, head: h.length },
            inRange,
          ),
        },
        early,
      ),
    )
  }
  if (outcomes.length === 0) return undefined
  if (outcomes.includes('regression')) return 'regression'
  if (outcomes.includes('improvement')) return 'improvement'
  if (outcomes.includes('undecided')) return 'undecided'
  return outcomes.every((o) => o === 'unchanged') ? 'unchanged' : undefined
}

/** A paired result with what sequential sampling did to it: where it stopped, and the α it is judged at. */
function sequenced(result: BenchmarkResult, sequence: Sequence): BenchmarkResult {
  const { threshold, alpha } = result.gate
  if (sequence.stoppedAt !== undefined)
    return {
      ...result,
      notes: [
        ...result.notes,
        `sampled sequentially: clearly unchanged after ${sequence.stoppedAt} of ${sequence.plan.planned} pairs ` +
          `(the ${formatSignificant((1 - alpha) * 100)}% interval of the change within ±${formatSignificant(threshold * 100)}%), so stopped there`,
      ],
    }
  if (sequence.extendedAt !== undefined)
    return {
      ...result,
      gate: { ...result.gate, alpha: extendedAlpha(alpha) },
      notes: [
        ...result.notes,
        `sampled sequentially: undecided after ${sequence.extendedAt} pairs, so extended to ${sequence.plan.max}; ` +
          `judged at α = ${formatSignificant(extendedAlpha(alpha))}, so that its two looks together keep α = ${formatSignificant(alpha)}`,
      ],
    }
  return result
}
