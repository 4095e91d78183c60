// measure: Case → BenchmarkResult, one module per kind. A failing case comes back as a failed result;
// only bugs throw.
import type { Case } from '../plan-types.ts'
import type { BenchmarkResult } from '../results.ts'
import { SeededRandom } from '../stats/index.ts'
import { ProcessMeasurement } from './process.ts'

export interface MeasureOptions {
  /** Progress of one case: runs done (warmups included) out of its total. */
  onProgress?: (c: Case, done: number, total: number) => void
  /** The environment benchmarks inherit; the case's own env is added to it. */
  inherit?: NodeJS.ProcessEnv
  /** Called once per case when its last run is done, in the order cases finish. */
  onResult?: (c: Case, result: BenchmarkResult) => void
}

/** How many rounds a suite's runs are spread over, at most. */
export const MAX_ROUNDS = 10

/**
 * Measures a suite in rounds: each round runs a share of every benchmark's counted runs, the
 * benchmarks in a freshly shuffled (seeded) order. Slow drift of a shared machine — a neighbour's
 * load, frequency changes — then falls on every benchmark alike and shows up in each benchmark's
 * spread, instead of making one benchmark look fast and the next slow (asv's rounds). A suite of one
 * benchmark runs in one go.
 */
export async function measureSuite(cases: Case[], options: MeasureOptions = {}): Promise<BenchmarkResult[]> {
  const measurements = cases.map(
    (c) =>
      new ProcessMeasurement(c, {
        inherit: options.inherit,
        onProgress: (done, total) => options.onProgress?.(c, done, total),
      }),
  )
  const rounds = cases.length > 1 ? Math.min(MAX_ROUNDS, Math.max(...cases.map((c) => c.runs))) : 1
  const random = new SeededRandom(cases.map((c) => c.id).join('\u0000'))
  const reported = new Set<number>()
  const report = (i: number) => {
    if (reported.has(i) || measurements[i]!.remaining > 0) return
    reported.add(i)
    options.onResult?.(cases[i]!, measurements[i]!.result())
  }
  for (let round = 0; round < rounds; round++) {
    const order = cases.map((_, i) => i)
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.nextInt(i + 1)
      ;[order[i], order[j]] = [order[j]!, order[i]!]
    }
    for (const i of order) {
      const m = measurements[i]!
      // This round's share: what is left spread evenly over the rounds that are left.
      const share = Math.ceil(m.remaining / (rounds - round))
      if (share > 0) await m.run(share)
      report(i)
    }
  }
  return measurements.map((m, i) => {
    report(i)
    return m.result()
  })
}
