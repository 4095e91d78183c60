// A wall-clock benchmark is one case, or one per engine (`NAME/ENGINE`) when it lists several.
import { type CaseBase, timedGate } from '../../plan-types.ts'
import { childEnv } from '../../system/child-env.ts'
import { countingCase, HARNESS_ENTRY_POINT, type InstructionsCase } from '../instructions/plan.ts'
import type { WallClockBenchmarkConfig } from './schema.ts'

/** A wall-clock benchmark, or one engine of it, with the config's settings as they were resolved. */
export interface WallClockCase
  extends CaseBase,
    Pick<
      WallClockBenchmarkConfig,
      | 'env'
      | 'harness'
      | 'rebar'
      | 'model'
      | 'input'
      | 'params'
      | 'threads'
      | 'count'
      | 'throughputInput'
      | 'runs'
      | 'warmup'
      | 'maxTimeMs'
      | 'maxWarmupTimeMs'
      | 'sampleTimeMs'
      | 'timeoutMs'
    > {
  kind: 'wall-clock'
  /** The engine this case runs, when the benchmark lists several. */
  engine?: string
  /** A benchmark a harness listed: the harness's command and the name it lists (sampled with --samples NAME). */
  harnessOf?: { command: string[]; benchmark: string }
  /** The KLV `name` item, when it is not the case's name (a rebar definition's GROUP/NAME). */
  klvName?: string
  /** Notes every result of the case carries (the engine's version). */
  notes?: string[]
  /**
   * Inputs sent after the limits, as rebar sends a definition's patterns and haystack ("last because
   * they can be big", shared/klv/lib.rs); the others go before the limits.
   */
  inputAfterLimits?: WallClockBenchmarkConfig['input']
}

export function planWallClock(b: WallClockBenchmarkConfig): WallClockCase[] {
  const shared = {
    id: b.name,
    name: b.name,
    parameters: {},
    cwd: b.cwd,
    env: b.env,
    kind: 'wall-clock' as const,
    harness: b.harness,
    rebar: b.rebar,
    model: b.model,
    input: b.input,
    params: b.params,
    threads: b.threads,
    count: b.count,
    throughputInput: b.throughputInput,
    runs: b.runs,
    warmup: b.warmup,
    maxTimeMs: b.maxTimeMs,
    maxWarmupTimeMs: b.maxWarmupTimeMs,
    sampleTimeMs: b.sampleTimeMs,
    timeoutMs: b.timeoutMs,
    gate: timedGate(b),
  }
  // One runner is the benchmark itself; several are its engines, each a case `NAME/ENGINE`. A rebar
  // directory is one case until it is read.
  if (b.rebar !== undefined) return [{ ...shared, command: [] }]
  if (b.engines.length === 1 && b.engines[0]!.name === '')
    return [{ ...shared, command: b.engines[0]!.command }]
  return b.engines.map((engine) => ({
    ...shared,
    id: `${b.name}/${engine.name}`,
    name: `${b.name}/${engine.name}`,
    parameters: { engine: engine.name },
    engine: engine.name,
    command: engine.command,
  }))
}

/**
 * What a wall-clock benchmark is counted as when its timed change is explained: a harness's benchmark
 * runs once with `--run NAME`, counted inside its trampoline as the instructions kind counts it. Any
 * other runner only takes samples over rebar's protocol: it has no run of one call to count.
 */
export function countedAs(
  c: WallClockCase,
  inherit: NodeJS.ProcessEnv,
): InstructionsCase | { skipped: string } {
  if (!c.harnessOf)
    return {
      skipped:
        "its runner only takes timed samples (rebar's protocol); a harness (harness: true) runs one call with --run NAME to be counted",
    }
  return countingCase(c, {
    command: [...c.harnessOf.command, '--run', c.harnessOf.benchmark],
    env: childEnv(inherit, c.env),
    timeoutMs: c.timeoutMs,
    entryPoint: HARNESS_ENTRY_POINT,
  })
}
