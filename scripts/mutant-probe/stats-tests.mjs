// The battery of the stats-tests group for scripts/mutant-probe.mjs: Mann–Whitney, Wilcoxon and Student's t on
// fixed pseudo-random inputs (a linear congruential sequence), every result printed one per line.
import { recorder, sequence } from './battery.mjs'

const dir = process.argv[2]
const mw = await import(`${dir}/stats/mann-whitney.ts`)
const wx = await import(`${dir}/stats/wilcoxon.ts`)
const st = await import(`${dir}/stats/student-t.ts`)
const rnd = sequence(12345)
const { record: p, print } = recorder()
// Mann-Whitney
for (let t = 0; t < 150; t++) {
  const n1 = 1 + Math.floor(rnd() * (t < 100 ? 12 : 60)),
    n2 = 1 + Math.floor(rnd() * (t < 100 ? 12 : 60))
  const ties = t % 3 === 0
  const gen = () => (ties ? Math.floor(rnd() * 8) : rnd() * 100)
  const shift = rnd() * 30
  const a = Array.from({ length: n1 }, gen),
    b = Array.from({ length: n2 }, () => gen() + (ties ? 0 : shift))
  for (const method of ['auto', 'normal', ...(ties ? [] : ['exact'])])
    p(`mw ${t} ${method}`, () => mw.mannWhitneyU(a, b, { method }))
}
p('mw sep', () => mw.mannWhitneyU([1, 2, 3], [4, 5, 6, 7]))
p('mw const', () => mw.mannWhitneyU([1, 1, 1], [1, 1]))
p('mw one', () => mw.mannWhitneyU([1], [1]))
p('mw nan a', () => mw.mannWhitneyU([NaN], [1]))
p('mw nan b', () => mw.mannWhitneyU([1], [NaN]))
p('mw empty', () => mw.mannWhitneyU([], [1]))
p('mw tie exact', () => mw.mannWhitneyU([1, 2], [2, 3], { method: 'exact' }))
for (let n1 = 1; n1 <= 8; n1++)
  for (let n2 = 1; n2 <= 8; n2++) p(`smallest ${n1} ${n2}`, () => mw.smallestPValue(n1, n2))
for (const z of [
  -40,
  -5,
  -2.5,
  -2.49,
  -1,
  -0.3,
  0,
  1e-9,
  0.3,
  1,
  2,
  2.4999,
  2.5,
  2.50001,
  3,
  5,
  8,
  10,
  20,
  26.9,
  27,
  27.1,
  30,
  NaN,
  Infinity,
  -Infinity,
]) {
  p(`erfc ${z}`, () => mw.erfc(z))
  p(`surv ${z}`, () => mw.normalSurvival(z))
}
// Wilcoxon
for (let t = 0; t < 150; t++) {
  const n = Math.floor(rnd() * (t < 100 ? 16 : 70))
  const kind = t % 4
  const d = Array.from({ length: n }, () =>
    kind === 0
      ? rnd() * 20 - 7
      : kind === 1
        ? Math.floor(rnd() * 9) - 3
        : kind === 2
          ? rnd() < 0.2
            ? 0
            : rnd() * 10 - 4
          : Math.round(rnd() * 6 - 2) / 2,
  )
  for (const method of ['auto', 'normal', 'exact'])
    p(`wx ${t} ${method}`, () => wx.wilcoxonSignedRank(d, { method }))
}
p('wx zeros', () => wx.wilcoxonSignedRank([0, 0, 0]))
p('wx empty', () => wx.wilcoxonSignedRank([]))
p('wx nan', () => wx.wilcoxonSignedRank([1, NaN]))
p('wx inf', () => wx.wilcoxonSignedRank([1, Infinity]))
p('wx str', () => wx.wilcoxonSignedRank([1, '2']))
p('wx bad method', () => wx.wilcoxonSignedRank([1, 2], { method: 'x' }))
p('wx neg', () => wx.wilcoxonSignedRank([-1, -2, -3, -4, -5, -6]))
p('wx pos', () => wx.wilcoxonSignedRank([1, 2, 3, 4, 5, 6]))
for (let n = 0; n < 12; n++) p(`wsmall ${n}`, () => wx.smallestWilcoxonPValue(n))
// Student t
for (const x of [1e-3, 0.1, 0.4, 0.5, 0.7, 1, 1.5, 2, 3.5, 10, 50, 171.5, -0.5, -1.5, -2.5])
  p(`lg ${x}`, () => st.logGamma(x))
for (const x of [-0.1, 0, 1e-6, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1, 1.1])
  for (const a of [0.5, 1, 2.5, 10, 60])
    for (const b of [0.5, 1, 3, 25]) p(`beta ${x} ${a} ${b}`, () => st.regularizedBeta(x, a, b))
for (const t of [-30, -4, -1, -0.1, 0, 0.1, 1, 2.5, 4, 30, NaN])
  for (const df of [1, 2, 3, 4, 7, 30, 200]) p(`cdf ${t} ${df}`, () => st.studentTCdf(t, df))
for (const q of [0.001, 0.025, 0.4, 0.5, 0.6, 0.9, 0.975, 0.995, 0.9999])
  for (const df of [1, 2, 3, 4, 7, 30, 200]) p(`q ${q} ${df}`, () => st.studentTQuantile(q, df))
p('q 0', () => st.studentTQuantile(0, 3))
p('q 1', () => st.studentTQuantile(1, 3))
p('q df0', () => st.studentTQuantile(0.9, 0))
p('cdf df0', () => st.studentTCdf(1, 0))
p('cdf dfneg', () => st.studentTCdf(1, -1))
print()
