// measure: Case → BenchmarkResult, one module per kind. A failing case comes back as a failed result;
// only bugs throw.
import type { Case } from '../plan-types.ts'
import type { BenchmarkResult } from '../results.ts'
import { measureProcess } from './process.ts'

export interface MeasureOptions {
  onProgress?: (done: number, total: number) => void
  /** The environment benchmarks inherit; the case's own env is added to it. */
  inherit?: NodeJS.ProcessEnv
}

export function measureCase(c: Case, options: MeasureOptions = {}): Promise<BenchmarkResult> {
  switch (c.kind) {
    case 'process':
      return measureProcess(c, { onProgress: options.onProgress, inherit: options.inherit })
  }
}
