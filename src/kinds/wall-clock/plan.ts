// A wall-clock benchmark is one case, or one per engine (`NAME/ENGINE`) when it lists several.
import type { CaseBase } from '../../plan-types.ts'
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
    gate: {
      metrics: b.gate,
      threshold: b.threshold,
      alpha: b.alpha,
      // Written only where it is not the default, so results files stay as they were.
      ...(b.timedChange === 'explained-only' ? { timedChange: b.timedChange } : {}),
    },
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
