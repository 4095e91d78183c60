// Samples nested in processes: how often a 90% interval of the ratio of medians covers the true ratio
// (1: base and head are the same program), and how wide it is, when each side's samples come from
// processes whose levels differ. Three ways of resampling: pooled (every sample on its own, as before
// processes were recorded), nested (processes with replacement, then samples within each: what
// bench-action does) and processes alone (processes with replacement, their samples kept as they are).
//
// Each side: P processes of n samples; a process's level is 100 + σ_between·Z, a sample its level +
// σ_within·Z (σ_within = 3), seeded. Coverage near 90% is right; below it the interval is too narrow.
import { bootstrapRatioOfMedians, medianInPlace, percentileBySelection } from '../src/stats/bootstrap.ts'
import { groupsOf, processLabels } from '../src/stats/nested.ts'
import { SeededRandom } from '../src/stats/random.ts'

const TRIALS = Number(process.env.BENCH_TRIALS ?? 300)
const RESAMPLES = 1000
const CONFIDENCE = 0.9
const WITHIN = 3
const LAYOUTS: Array<[processes: number, samples: number]> = [
  [10, 2],
  [5, 2],
  [10, 5],
  [3, 4],
]
const BETWEEN = [0, 1, 3]

type Way = 'pooled' | 'nested' | 'processes alone'
const WAYS: Way[] = ['pooled', 'nested', 'processes alone']

function side(random: SeededRandom, processes: number, samples: number, between: number): number[][] {
  return Array.from({ length: processes }, () => {
    const level = 100 + between * WITHIN * random.nextGaussian()
    return Array.from({ length: samples }, () => level + WITHIN * random.nextGaussian())
  })
}

/** Processes with replacement, each drawn process's samples as they are. */
function processesAlone(base: number[][], head: number[][], seed: string): [number, number] {
  const random = new SeededRandom(seed)
  const median = (groups: number[][]) =>
    medianInPlace(Float64Array.from(groups.flatMap(() => groups[random.nextInt(groups.length)]!)))
  const ratios = new Float64Array(RESAMPLES)
  for (let r = 0; r < RESAMPLES; r++) {
    const b = median(base)
    ratios[r] = median(head) / b
  }
  return [
    percentileBySelection(ratios, (1 - CONFIDENCE) / 2),
    percentileBySelection(ratios, (1 + CONFIDENCE) / 2),
  ]
}

function interval(way: Way, base: number[][], head: number[][], seed: string): [number, number] {
  if (way === 'processes alone') return processesAlone(base, head, seed)
  const groups = (g: number[][]) =>
    groupsOf(
      processLabels(
        g.map((p) => p.length),
        g.flat().length,
      ),
    )
  const options = { confidence: CONFIDENCE, resamples: RESAMPLES, seed }
  const nested = way === 'nested' ? { processes: { base: groups(base), head: groups(head) } } : {}
  const i = bootstrapRatioOfMedians(base.flat(), head.flat(), { ...options, ...nested })
  return [i.low, i.high]
}

export async function benchNested(): Promise<void> {
  console.log(
    `\nnested samples: ${TRIALS} trials a row, ${CONFIDENCE * 100}% intervals of ${RESAMPLES} resamples`,
  )
  console.log('  coverage (width ÷ pooled width), σ_within = 3')
  console.log(
    `  ${'processes × samples'.padEnd(20)}${'σ_between'.padEnd(11)}${WAYS.map((w) => w.padEnd(22)).join('')}`,
  )
  for (const [processes, samples] of LAYOUTS) {
    for (const between of BETWEEN) {
      const random = new SeededRandom(`nested ${processes}×${samples} ${between}`)
      const covered = new Map<Way, number>(WAYS.map((w) => [w, 0]))
      const width = new Map<Way, number>(WAYS.map((w) => [w, 0]))
      for (let t = 0; t < TRIALS; t++) {
        const base = side(random, processes, samples, between)
        const head = side(random, processes, samples, between)
        for (const way of WAYS) {
          const [low, high] = interval(way, base, head, `trial ${t}`)
          if (low <= 1 && 1 <= high) covered.set(way, covered.get(way)! + 1)
          width.set(way, width.get(way)! + high - low)
        }
      }
      const cells = WAYS.map((w) =>
        `${((100 * covered.get(w)!) / TRIALS).toFixed(0)}% (${(width.get(w)! / width.get('pooled')!).toFixed(2)}×)`.padEnd(
          22,
        ),
      )
      console.log(
        `  ${`${processes} × ${samples}`.padEnd(20)}${`${between}·σ_within`.padEnd(11)}${cells.join('')}`,
      )
    }
  }
}
