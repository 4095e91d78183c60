// measure: Case → BenchmarkResult, one module per kind. A failing case comes back as a failed result;
// only bugs throw.
import os from 'node:os'
import { matchesFilter } from '../plan.ts'
import type { Case, InstructionsCase, ProcessCase, ScalingCase, WallClockCase } from '../plan-types.ts'
import type { BenchmarkResult } from '../results.ts'
import { SeededRandom } from '../stats/index.ts'
import { importInstructions } from './imported.ts'
import { expandHarness, measureInstructions } from './instructions.ts'
import { ProcessMeasurement } from './process.ts'
import { addScalingMetrics, ScalingMeasurement } from './scaling.ts'
import { expandWallClockHarness, WallClockMeasurement } from './wall-clock.ts'

export interface MeasureOptions {
  /** Progress of one case: runs done (warmups included) out of its total. */
  onProgress?: (c: Case, done: number, total: number) => void
  /** The environment process benchmarks inherit; the case's own env is added to it. */
  inherit?: NodeJS.ProcessEnv
  /** Called once per case when its last run is done, in the order cases finish. */
  onResult?: (c: Case, result: BenchmarkResult) => void
  /** Applied again to the benchmarks a harness lists (`rust/fib*`). */
  filter?: string
}

/** How many rounds a suite's timed runs are spread over, at most. */
export const MAX_ROUNDS = 10
/**
 * How many runner processes a wall-clock benchmark's samples are spread over, at most. A shared
 * machine's speed drifts by several percent over tens of milliseconds (measured on a 2-vCPU VM: the
 * median of 20 consecutive 1 ms samples moved between 1.08 and 1.25 ms within one process), so
 * samples taken together share one moment of the machine. Spread over many short invocations,
 * interleaved with the other benchmarks, every benchmark sees the machine's whole range.
 */
export const MAX_WALL_CLOCK_INVOCATIONS = 100
/** A wall-clock benchmark is split only so far that each invocation still takes this many samples. */
const MIN_SAMPLES_PER_INVOCATION = 2

/**
 * Measures a suite. Harnesses are asked for their benchmarks first. Instruction counts do not depend
 * on the machine's load, so those cases run side by side, one per core. Timed cases then run in
 * rounds: each round runs a share of every benchmark's counted runs, the benchmarks in a freshly
 * shuffled (seeded) order, so slow drift of a shared machine — a neighbour's load, frequency
 * changes — falls on every benchmark alike and shows up in each one's spread instead of making one
 * look fast and the next slow (asv's rounds). Results come back in plan order.
 */
export async function measureSuite(cases: Case[], options: MeasureOptions = {}): Promise<BenchmarkResult[]> {
  const planned: Case[] = []
  const results = new Map<string, BenchmarkResult>()
  const finish = (c: Case, r: BenchmarkResult) => {
    results.set(c.id, r)
    options.onResult?.(c, r)
  }
  for (const c of cases) {
    if (c.kind === 'instructions' && c.import) {
      const imported = await importInstructions(c)
      if (!Array.isArray(imported)) {
        planned.push(c)
        finish(c, imported)
        continue
      }
      for (const { c: one, result } of imported) {
        if (!matchesFilter(one.name, options.filter) && !matchesFilter(c.name, options.filter)) continue
        planned.push(one)
        finish(one, result)
      }
      continue
    }
    if (!((c.kind === 'instructions' || c.kind === 'wall-clock') && c.harness)) {
      planned.push(c)
      continue
    }
    const listed: { cases: Case[] } | { failure: BenchmarkResult } =
      c.kind === 'instructions'
        ? await expandHarness(c, options.inherit)
        : await expandWallClockHarness(c, options.inherit)
    if ('failure' in listed) {
      planned.push(c)
      finish(c, listed.failure)
      continue
    }
    const kept = listed.cases.filter(
      (x) => matchesFilter(x.name, options.filter) || matchesFilter(c.name, options.filter),
    )
    planned.push(...kept)
  }

  const instructionCases = planned.filter(
    (c): c is InstructionsCase => c.kind === 'instructions' && !results.has(c.id),
  )
  await measureInstructionCases(instructionCases, options, finish)
  const scaling = planned.filter((c): c is ScalingCase => c.kind === 'scaling')
  // Speedup and efficiency need a sweep's smallest point, so scaling results are reported once
  // every point is measured.
  const scalingResults = new Map<string, BenchmarkResult>()
  await measureInRounds(
    planned.filter(
      (c): c is TimedCase => c.kind === 'process' || c.kind === 'wall-clock' || c.kind === 'scaling',
    ),
    options,
    (c, r) => (c.kind === 'scaling' ? scalingResults.set(c.id, r) : finish(c, r)),
  )
  addScalingMetrics(scaling, scalingResults)
  for (const c of scaling) finish(c, scalingResults.get(c.id)!)
  return planned.map((c) => results.get(c.id)!)
}

async function measureInstructionCases(
  cases: InstructionsCase[],
  options: MeasureOptions,
  finish: (c: Case, r: BenchmarkResult) => void,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!
      options.onProgress?.(c, 0, 1)
      const r = await measureInstructions(c, { inherit: options.inherit })
      options.onProgress?.(c, 1, 1)
      finish(c, r)
    }
  }
  const parallel = Math.max(1, Math.min(os.availableParallelism(), cases.length))
  await Promise.all(Array.from({ length: parallel }, worker))
}

interface TimedMeasurement {
  readonly remaining: number
  run(count: number): Promise<void>
  result(): BenchmarkResult | Promise<BenchmarkResult>
}

type TimedCase = ProcessCase | WallClockCase | ScalingCase

async function measureInRounds(
  cases: TimedCase[],
  options: MeasureOptions,
  finish: (c: Case, r: BenchmarkResult) => void,
): Promise<void> {
  if (cases.length === 0) return
  const measurements: TimedMeasurement[] = cases.map((c) => {
    const progress = {
      inherit: options.inherit,
      onProgress: (done: number, total: number) => options.onProgress?.(c, done, total),
    }
    if (c.kind === 'process') return new ProcessMeasurement(c, progress)
    if (c.kind === 'scaling') return new ScalingMeasurement(c, progress)
    return new WallClockMeasurement(c, progress)
  })
  // How many parts each benchmark's runs are split into: process runs over up to MAX_ROUNDS rounds;
  // wall-clock samples over as many runner invocations as give each a few samples.
  const parts = cases.map((c) => {
    if (c.kind === 'wall-clock')
      return Math.max(
        1,
        Math.min(MAX_WALL_CLOCK_INVOCATIONS, Math.floor(c.runs / MIN_SAMPLES_PER_INVOCATION)),
      )
    // A runner program warms up in each invocation; a scaling runner takes its samples in one.
    if (c.kind === 'scaling' && c.format === 'runner') return 1
    return cases.length > 1 ? Math.min(MAX_ROUNDS, c.runs) : 1
  })
  const rounds = Math.max(...parts)
  // The rounds each benchmark takes part in, spread evenly over all of them.
  const activeRounds = parts.map(
    (n) => new Set(Array.from({ length: n }, (_, k) => Math.floor((k * rounds) / n))),
  )
  const random = new SeededRandom(cases.map((c) => c.id).join('\u0000'))
  const reported = new Set<number>()
  const report = async (i: number, force = false) => {
    if (reported.has(i) || (measurements[i]!.remaining > 0 && !force)) return
    reported.add(i)
    finish(cases[i]!, await measurements[i]!.result())
  }
  for (let round = 0; round < rounds; round++) {
    const order = cases.map((_, i) => i)
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.nextInt(i + 1)
      ;[order[i], order[j]] = [order[j]!, order[i]!]
    }
    for (const i of order) {
      if (!activeRounds[i]!.has(round)) continue
      const m = measurements[i]!
      const roundsLeft = [...activeRounds[i]!].filter((r) => r >= round).length
      // This round's share: what is left, spread evenly over the rounds that are left.
      const share = Math.ceil(m.remaining / roundsLeft)
      if (share > 0) await m.run(share)
      await report(i)
    }
  }
  for (let i = 0; i < cases.length; i++) await report(i, true)
}
