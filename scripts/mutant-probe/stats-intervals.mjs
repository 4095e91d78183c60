// The battery of the stats-intervals group for scripts/mutant-probe.mjs: the seeded generator, the bootstraps,
// the paired ratios and the median interval on fixed inputs, every result printed one per line.
import { recorder, sequence } from './battery.mjs'

const dir = process.argv[2]
const bs = await import(`${dir}/stats/bootstrap.ts`)
const mi = await import(`${dir}/stats/median-interval.ts`)
const pr = await import(`${dir}/stats/paired.ts`)
const { SeededRandom } = await import(`${dir}/stats/random.ts`)
const rnd = sequence(777)
const { record: p, print } = recorder()
for (const s of ['bench-action', 0, 1, 42, '42', 'x', '', 'ünï', -1, 2 ** 40]) {
  const r = new SeededRandom(s)
  p(`rand ${s}`, () => {
    const v = []
    for (let i = 0; i < 6; i++) v.push(r.nextUint32())
    for (let i = 0; i < 4; i++) v.push(r.nextFloat())
    for (const b of [1, 2, 3, 7, 1000, 2 ** 31, 2 ** 32 - 1]) v.push(r.nextInt(b))
    for (let i = 0; i < 4; i++) v.push(r.nextGaussian())
    for (const sh of [1, 1.2, 2.5, 9]) v.push(r.nextGamma(sh))
    for (const [a, b] of [
      [1, 1],
      [2, 3],
      [10, 1.5],
    ])
      v.push(r.nextBeta(a, b))
    return v
  })
}
p('fromState', () => {
  const r = SeededRandom.fromState([1, 2, 3, 4])
  return [r.nextUint32(), r.nextUint32(), r.nextUint32()]
})
p('fromState0', () => {
  const r = SeededRandom.fromState([0, 0, 0, 1])
  return [r.nextUint32(), r.nextUint32()]
})
p('nextInt 0', () => new SeededRandom(1).nextInt(0))
p('nextInt -1', () => new SeededRandom(1).nextInt(-1))
p('nextInt 1.5', () => new SeededRandom(1).nextInt(1.5))
p('nextInt big', () => new SeededRandom(1).nextInt(2 ** 33))
p('gamma 0', () => new SeededRandom(1).nextGamma(0))
p('gamma -1', () => new SeededRandom(1).nextGamma(-1))
p('beta 0', () => new SeededRandom(1).nextBeta(0, 1))
for (let t = 0; t < 40; t++) {
  const n1 = 1 + Math.floor(rnd() * 30),
    n2 = 1 + Math.floor(rnd() * 30)
  const ties = t % 3 === 0
  const g = () => (ties ? Math.floor(rnd() * 5) : 10 + rnd() * 5)
  const a = Array.from({ length: n1 }, g),
    b = Array.from({ length: n2 }, () => g() * (1 + rnd() * 0.2))
  const conf = [0.9, 0.95, 0.99][t % 3]
  p(`ratio ${t}`, () => bs.bootstrapRatioOfMedians(a, b, { confidence: conf, resamples: 400, seed: t }))
  p(`diff ${t}`, () =>
    bs.bootstrapDifferenceOfMedians(a, b, { confidence: conf, resamples: 300, seed: `s${t}` }),
  )
  const m = Math.min(n1, n2)
  p(`paired ${t}`, () =>
    pr.bootstrapPairedMedianRatio(a.slice(0, m), b.slice(0, m), {
      confidence: conf,
      resamples: 300,
      seed: t,
    }),
  )
  p(`pmed ${t}`, () => pr.medianPairedRatio(a.slice(0, m), b.slice(0, m)))
  p(`pratios ${t}`, () => Array.from(pr.pairedRatios(a.slice(0, m), b.slice(0, m))))
}
p('ratio default', () => bs.bootstrapRatioOfMedians([1, 2, 3, 4, 5], [2, 3, 4, 5, 6.5], { confidence: 0.95 }))
p('paired default', () =>
  pr.bootstrapPairedMedianRatio([1, 2, 3, 4, 5], [2, 3, 4, 5, 6.5], { confidence: 0.95 }),
)
p('big', () =>
  bs.bootstrapRatioOfMedians(
    Array.from({ length: 3000 }, () => rnd()),
    Array.from({ length: 2500 }, () => rnd() * 1.1),
    { confidence: 0.99, resamples: 50, seed: 3 },
  ),
)
p('pbig', () =>
  pr.bootstrapPairedMedianRatio(
    Array.from({ length: 2100 }, () => 1 + rnd()),
    Array.from({ length: 2100 }, () => 1 + rnd()),
    { confidence: 0.99, resamples: 40, seed: 3 },
  ),
)
for (const bad of [
  { confidence: 0 },
  { confidence: 1 },
  { confidence: NaN },
  { confidence: 0.9, resamples: 0 },
  { confidence: 0.9, resamples: 1.5 },
  { confidence: 0.9, resamples: -3 },
  { confidence: 0.9, resamples: 1 },
])
  p(`bad ${JSON.stringify(bad)}`, () => bs.bootstrapRatioOfMedians([1, 2], [3, 4], bad))
p('empty base', () => bs.bootstrapRatioOfMedians([], [1], { confidence: 0.9 }))
p('empty head', () => bs.bootstrapRatioOfMedians([1], [], { confidence: 0.9 }))
p('nan head', () => bs.bootstrapRatioOfMedians([1], [NaN], { confidence: 0.9 }))
p('paired unequal', () => pr.pairedRatios([1, 2], [1]))
p('paired empty', () => pr.pairedRatios([], []))
p('paired nan', () => pr.pairedRatios([1, NaN], [1, 2]))
p('paired nanh', () => pr.pairedRatios([1, 2], [1, NaN]))
p('pmed unequal', () => pr.medianPairedRatio([1, 2], [1]))
for (const [h, b] of [
  [0, 0],
  [1, 0],
  [-1, 0],
  [3, 2],
  [-2, 4],
  [0, 5],
])
  p(`ratioOf ${h} ${b}`, () => bs.ratioOf(h, b))
for (let t = 0; t < 30; t++) {
  const n = 1 + Math.floor(rnd() * 40)
  const v = Float64Array.from({ length: n }, () => Math.floor(rnd() * 20))
  p(`median ${t}`, () => bs.medianInPlace(Float64Array.from(v)))
  for (const k of [0, n >> 1, n - 1]) p(`select ${t} ${k}`, () => bs.selectInPlace(Float64Array.from(v), k))
  for (const q of [0, 0.005, 0.025, 0.3, 0.5, 0.975, 0.995, 1])
    p(`pct ${t} ${q}`, () => bs.percentileBySelection(Float64Array.from(v), q))
}
p('median empty', () => bs.medianInPlace(new Float64Array(0)))
for (const [l, u] of [
  [1, 3],
  [-1e308, 1e308],
  [2, 2],
  [1e308, 1.5e308],
  [-3, -1],
  [0, 5e-324],
])
  p(`midpoint ${l} ${u}`, () => bs.midpoint(l, u))
for (let t = 0; t < 10; t++) {
  const n = 1 + Math.floor(rnd() * 25)
  const sorted = Float64Array.from({ length: n }, () => rnd()).sort()
  const counts = new Uint32Array(n)
  const r = new SeededRandom(t)
  p(`resampled ${t}`, () => [
    bs.resampledMedian(sorted, counts, r),
    bs.resampledMedian(sorted, counts, r),
    Array.from(counts),
  ])
}
for (const n of [0, 1, 2, 5, 6, 7, 8, 9, 10, 20, 21, 50, 999, 1000, 1001, 1002, 5000])
  for (const level of [0.8, 0.9, 0.95, 0.99, 0.999])
    p(`mi ${n} ${level}`, () =>
      mi.medianIntervalSorted(
        Array.from({ length: n }, (_, i) => i),
        level,
      ),
    )
p('mi bad', () => mi.medianIntervalSorted([1, 2, 3], 1.5))
p('mi bad0', () => mi.medianIntervalSorted([1, 2, 3], 0))
p('mi default', () => mi.medianIntervalSorted([1, 2, 3, 4, 5, 6, 7, 8, 9]))
print()
