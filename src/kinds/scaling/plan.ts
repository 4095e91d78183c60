// A scaling benchmark is one case per count of its sweeps: `NAME/threads:N`, `NAME/processes:N`.
import { familyOf } from '../../metric-families.ts'
import type { CaseBase } from '../../plan-types.ts'
import { catalogue } from './metrics.ts'
import type { ScalingBenchmarkConfig } from './schema.ts'

/** One point of a scaling sweep: a thread or process count, repeated `runs` times. */
export interface ScalingCase
  extends CaseBase,
    Pick<
      ScalingBenchmarkConfig,
      'env' | 'format' | 'threadsEnv' | 'metronLine' | 'runs' | 'warmup' | 'timeoutMs'
    > {
  kind: 'scaling'
  /** The config entry's name: every point of a sweep shares it. */
  series: string
  dimension: 'threads' | 'processes'
  /** Threads of each process: the swept count, or 1 on a processes sweep. */
  threads: number
  /** Copies started together: the swept count, or 1 on a threads sweep. */
  copies: number
}

export function planScaling(b: ScalingBenchmarkConfig): ScalingCase[] {
  const sweeps: Array<['threads' | 'processes', number[]]> = [
    ['threads', b.threads],
    ['processes', b.processes],
  ]
  const family = (metric: string) => familyOf(catalogue.derived, metric)
  return sweeps.flatMap(([dimension, counts]) =>
    counts.map((count) => {
      const largest = count === counts[counts.length - 1]
      // The efficiency rule is about the largest count only. Efficiency is that count's throughput
      // seen another way, and one measurement has one verdict: there it gates instead of the
      // metric of its family the gate names.
      const efficiencyRule = b.efficiencyDrop !== undefined && largest
      const gate = efficiencyRule
        ? ['efficiency', ...b.gate.filter((m) => family(m) !== family('efficiency'))]
        : [...b.gate]
      return {
        id: `${b.name}/${dimension}:${count}`,
        name: `${b.name}/${dimension}:${count}`,
        parameters: { [dimension]: count },
        cwd: b.cwd,
        env: b.env,
        kind: 'scaling' as const,
        command: b.command,
        format: b.format,
        threadsEnv: b.threadsEnv,
        metronLine: b.metronLine,
        runs: b.runs,
        warmup: b.warmup,
        timeoutMs: b.timeoutMs,
        series: b.name,
        dimension,
        threads: dimension === 'threads' ? count : 1,
        copies: dimension === 'processes' ? count : 1,
        gate: {
          metrics: gate,
          threshold: b.threshold,
          alpha: b.alpha,
          ...(b.efficiencyDrop !== undefined && largest ? { points: b.efficiencyDrop * 100 } : {}),
        },
      }
    }),
  )
}
