// Sharding: how even the shards of a 40-case suite of mixed lengths are, split by the durations of an
// earlier run (longest first to the least loaded shard) and, for comparison, by a stable hash of the
// names. Each shard is measured for real, one after the other, and timed; the goal is the slowest
// shard within 1.3× the mean.
import { median } from 'simple-statistics'
import { parseConfig } from '../src/config/index.ts'
import type { ResultSet } from '../src/results.ts'
import { planCases } from '../src/run/plan.ts'
import { caseDurations, shardCases } from '../src/run/shard.ts'
import { measureSuite } from '../src/schedule/index.ts'
import { SeededRandom } from '../src/stats/index.ts'

const SHARDS = 4

export async function benchShard(): Promise<void> {
  const random = new SeededRandom('shard bench')
  // 30 short cases (10–50 ms a run) and 10 long ones (100–300 ms), 5 runs each.
  const seconds = Array.from({ length: 40 }, (_, i) =>
    i % 4 === 0 ? 0.1 + random.nextInt(201) / 1000 : 0.01 + random.nextInt(41) / 1000,
  )
  const yaml = `benchmarks:\n${seconds
    .map(
      (s, i) =>
        `  - { name: case-${String(i).padStart(2, '0')}, kind: process, command: [sleep, "${s.toFixed(3)}"], runs: 5, warmup: 0 }\n`,
    )
    .join('')}`
  const plan = planCases(parseConfig(yaml, 'bench.yml'))

  const started = performance.now()
  const earlier = await measureSuite(plan)
  const wholeMs = performance.now() - started
  const baseline = { benchmarks: earlier } as unknown as ResultSet
  const durations = caseDurations(plan, baseline)

  console.log(
    `\nsharding: 40 process cases of mixed length (30 × 10–50 ms, 10 × 100–300 ms, 5 runs each), ${SHARDS} shards`,
  )
  console.log(`  unsharded: ${(wholeMs / 1000).toFixed(1)} s`)
  for (const [label, known] of [
    ['by durations of the earlier run', durations],
    ['by a stable hash (no durations)', new Map<string, number>()],
  ] as const) {
    const times: number[] = []
    for (let index = 1; index <= SHARDS; index++) {
      const part = shardCases(plan, { index, count: SHARDS }, known)
      const t0 = performance.now()
      await measureSuite(part)
      times.push(performance.now() - t0)
    }
    const mean = times.reduce((a, b) => a + b) / times.length
    console.log(
      `  ${label.padEnd(34)} shards ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}; ` +
        `slowest ÷ mean ${(Math.max(...times) / mean).toFixed(3)} (goal ≤ 1.3); median ${(median(times) / 1000).toFixed(2)} s`,
    )
  }
}
