// Where a scaling result sits on its sweep: the config's name and the dimension it counts, read from the
// result's name (`NAME/threads:4`) and parameters, so stored results are placed as fresh ones are.
import type { BenchmarkResult } from '../../results.ts'
import type { CurvePoint } from '../types.ts'

const SCALING_DIMENSIONS = ['threads', 'processes'] as const

export function sweepPointOf(b: BenchmarkResult): CurvePoint | undefined {
  for (const dimension of SCALING_DIMENSIONS) {
    const count = b.parameters[dimension]
    const suffix = `/${dimension}:${count}`
    if (typeof count === 'number' && b.name.endsWith(suffix)) {
      return { series: b.name.slice(0, -suffix.length), dimension, count }
    }
  }
  return undefined
}
