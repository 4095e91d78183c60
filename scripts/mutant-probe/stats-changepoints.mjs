// The battery of the stats-changepoints group for scripts/mutant-probe.mjs: change points of noisy
// histories (steps, drifts, spikes, both algorithms, several settings) and of exact counts, on fixed
// pseudo-random inputs, every result printed one per line.
import { recorder, sequence } from './battery.mjs'

const dir = process.argv[2]
const cp = await import(`${dir}/stats/changepoints.ts`)
const rnd = sequence(2024)
const { record: p, print } = recorder()

/** A standard normal draw from the fixed sequence (Box–Muller). */
const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())

/** A history of `length` medians around `level(i)`, with noise of CV `cv` and a spike now and then. */
function history(length, level, cv = 0.03, spikes = 0.02) {
  return Array.from({ length }, (_, i) => {
    const spike = rnd() < spikes ? 1.3 : 1
    return 1000 * level(i) * Math.exp(cv * gauss()) * spike
  })
}

const shapes = [
  ['flat', () => 1],
  ['step', (i, n) => (i < n / 2 ? 1 : 1.1)],
  ['big step', (i, n) => (i < n / 3 ? 1 : 1.3)],
  ['down', (i, n) => (i < (2 * n) / 3 ? 1 : 0.85)],
  ['two', (i, n) => (i < n / 3 ? 1 : i < (2 * n) / 3 ? 1.15 : 0.95)],
  ['drift', (i, n) => 1 + 0.15 * Math.min(1, Math.max(0, (i - n / 3) / 30))],
  ['A-B-A', (i, n) => (i >= n / 3 && i < n / 3 + 12 ? 1.2 : 1)],
  ['tiny', (i, n) => (i < n / 2 ? 1 : 1.01)],
]
const settings = [
  {},
  { algorithm: 'e-divisive' },
  { permutations: 199, seed: 7 },
  { algorithm: 'e-divisive', permutations: 199, window: 20, minSegment: 4 },
  { minChange: 0, alpha: 0.01, permutations: 299 },
  { penalty: 3, minSegment: 3, window: 12, permutations: 199 },
  { alpha: 0.2, permutations: 99, minChange: 0.05 },
]
for (const [name, level] of shapes) {
  for (const n of [9, 10, 17, 40, 90, 130]) {
    for (const cv of [0, 0.01, 0.04]) {
      const values = history(n, (i) => level(i, n), cv, cv === 0 ? 0 : 0.03)
      settings.forEach((s, k) => {
        if (n > 90 && k > 2) return
        p(`${name} n=${n} cv=${cv} s${k}`, () => cp.detectChangePoints(values, s))
      })
    }
  }
}
p('pelt direct', () => cp.pelt(history(60, (i) => (i < 30 ? 1 : 1.2))))
p('edivisive direct', () => cp.eDivisive(history(60, (i) => (i < 30 ? 1 : 1.2))))
p('pelt short', () => cp.pelt([1, 2, 3], {}))
p('edivisive short', () => cp.eDivisive([1, 2, 3], {}))
p('const', () => cp.detectChangePoints(Array(30).fill(5)))
p('const step', () => cp.detectChangePoints([...Array(20).fill(5), ...Array(20).fill(6)]))
p('const step ed', () =>
  cp.detectChangePoints([...Array(20).fill(5), ...Array(20).fill(6)], { algorithm: 'e-divisive' }),
)
p('one spike', () => cp.detectChangePoints([...Array(20).fill(5), 10, ...Array(20).fill(5)]))
p('three spikes', () => cp.detectChangePoints([...Array(20).fill(5), 10, 10, 10, ...Array(20).fill(5)]))
p('window edge', () =>
  cp.detectChangePoints(
    history(40, (i) => (i < 5 ? 1 : 1.3)),
    { window: 10 },
  ),
)
p('segment edge', () =>
  cp.detectChangePoints(
    history(40, (i) => (i < 35 ? 1 : 1.3)),
    { minSegment: 5 },
  ),
)
for (const bad of [
  { alpha: 0 },
  { alpha: 1 },
  { alpha: NaN },
  { minChange: -0.1 },
  { minChange: NaN },
  { minSegment: 1 },
  { minSegment: 2.5 },
  { window: 9, minSegment: 5 },
  { window: 10.5 },
  { permutations: 0 },
  { permutations: 1.5 },
  { penalty: 0 },
  { penalty: NaN },
  { alpha: undefined, seed: undefined },
])
  p(`bad ${JSON.stringify(bad)}`, () =>
    cp.detectChangePoints(
      history(20, () => 1),
      bad,
    ),
  )
for (const v of [[0], [-1], [NaN], [Infinity], [1, 2, 0], ['3'], [null]])
  p(`bad value ${JSON.stringify(v)}`, () => cp.detectChangePoints([...Array(12).fill(5), ...v]))

// Exact counts.
const exact = [
  [1000, 1000, 1000, 1100, 1100, 1100],
  [1000, 1001, 999, 1000, 1002, 1000],
  [1000, 1004, 1008, 1012, 1016, 1020, 1024],
  [1000, 1100, 1000],
  [1000, 1000, 1200, 1200, 1000, 1000],
  [1000, 1010, 1020, 1030, 1200, 1210],
  [1000, 950, 900, 850, 800],
  [5, 5, 5],
  [5],
  [],
  [1000, 1030, 1000, 1030, 1060, 1090],
  [1000, 1019, 1021, 1040, 1060],
  [0, 0, 10, 10],
  [10, 0, 0, 10],
]
for (const values of exact)
  for (const t of [0, 0.01, 0.02, 0.05, 0.1, 0.25])
    p(`exact ${values.join(',')} t=${t}`, () => cp.exactChangePoints(values, t))
for (let k = 0; k < 30; k++) {
  const n = 3 + Math.floor(rnd() * 30)
  let level = 10000
  const values = Array.from({ length: n }, () => {
    const r = rnd()
    if (r < 0.15) level = Math.round(level * (0.8 + 0.4 * rnd()))
    else if (r < 0.5) level += Math.round((rnd() - 0.5) * 400)
    return level
  })
  for (const t of [0.01, 0.03, 0.1]) p(`exact random ${k} t=${t}`, () => cp.exactChangePoints(values, t))
}
for (const [values, t] of [
  [[1, NaN, 2], 0.01],
  [[1, 2], NaN],
  [[1, 2], -0.1],
  [[1, 2], Infinity],
  [[1, -2], 0.01],
  [[1, Infinity], 0.01],
])
  p(`exact bad ${JSON.stringify(values)} ${t}`, () => cp.exactChangePoints(values, t))
print()
