// The battery of the stats-drift group for scripts/mutant-probe.mjs: the drift estimate of stored
// histories (repeated commits, dirty trees, accepted steps, busy runs, wild runs, a baseline's state)
// for every kind of comparison, and the bound, reference, words and verdict drawn from each, on fixed
// pseudo-random inputs, every result printed one per line.
import { recorder, sequence } from './battery.mjs'

const dir = process.argv[2]
const dr = await import(`${dir}/stats/drift.ts`)
const rnd = sequence(4242)
const { record: p, print } = recorder()

const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
const at = (i) => new Date(Date.UTC(2026, 0, 1) + i * 3600_000).toISOString()

/** A stored history of `n` runs drawn from the fixed sequence, with the features a real store has. */
function history(n, o) {
  let sha = 0
  let level = 1
  return Array.from({ length: n }, (_, i) => {
    if (rnd() < o.newCommit) sha++
    const run = { createdAt: at(i), sha: `c${sha}` }
    if (o.noSha && rnd() < 0.3) delete run.sha
    if (rnd() < o.dirty) run.dirty = true
    if (rnd() < o.step) {
      level *= 0.8 + 0.5 * rnd()
      if (rnd() < 0.5) run.startsState = 'it accepted a regression'
    }
    if (rnd() < o.busy) run.busy = 'the machine was busy'
    const spike = rnd() < o.wild ? 1.5 + rnd() : 1
    const load = run.busy ? 1.1 + 0.2 * rnd() : 1
    run.center = 10_000_000 * level * Math.exp(o.cv * gauss()) * spike * load
    if (o.tick) run.center = Math.round(run.center / o.tick) * o.tick
    return run
  })
}

const kinds = [
  { newCommit: 1, dirty: 0, step: 0, busy: 0, wild: 0, cv: 0.02 },
  { newCommit: 0.3, dirty: 0, step: 0, busy: 0, wild: 0, cv: 0.02 },
  { newCommit: 0.5, dirty: 0.2, step: 0.05, busy: 0, wild: 0, cv: 0.03 },
  { newCommit: 0.4, dirty: 0, step: 0.1, busy: 0.2, wild: 0.05, cv: 0.02 },
  { newCommit: 0.2, dirty: 0, step: 0, busy: 0.4, wild: 0.1, cv: 0.01 },
  { newCommit: 0.1, dirty: 0, step: 0, busy: 0, wild: 0.15, cv: 0.01 },
  { newCommit: 0.5, dirty: 0, step: 0, busy: 0, wild: 0, cv: 0, tick: 1 },
  { newCommit: 0.5, dirty: 0, step: 0, busy: 0, wild: 0, cv: 0.0000001, tick: 10_000_000 / 50 },
  { newCommit: 0.5, dirty: 0.1, step: 0.02, busy: 0.1, wild: 0.02, cv: 0.04, noSha: true },
]
const sizes = [0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 15, 24, 31, 45]
const alphas = [0.05, 0.01, 0.2]
let k = 0
for (const o of kinds) {
  for (const n of sizes) {
    const runs = history(n, o)
    if (n > 0 && k % 3 === 0) runs[Math.floor(rnd() * n)].baseline = true
    if (n > 2 && k % 5 === 1) runs.reverse()
    if (n > 3 && k % 7 === 2) runs[1].center = 0
    if (n > 3 && k % 7 === 3) runs[2].center = Number.NaN
    const alpha = alphas[k % 3]
    for (const sides of ['quiet', 'busy', 'mixed', undefined]) {
      const label = `drift ${k} n=${n} ${sides}`
      let estimate
      p(label, () => {
        estimate = dr.estimateDrift(runs, { alpha, ...(sides ? { sides } : {}) })
        return estimate
      })
      p(`${label} bound`, () => dr.driftBound(estimate))
      p(`${label} reference`, () => dr.driftReference(estimate))
      p(`${label} words`, () => dr.describeDrift(estimate, n))
      for (const ratio of [0.7, 0.95, 1, 1.04, 1.12, 1.3, 2, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])
        p(`${label} within ${ratio}`, () => dr.withinDrift(ratio, estimate))
      for (const [verdict, interval, direction] of [
        ['regression', [1.05, 1.15], 'lower'],
        ['regression', [1.3, 1.4], 'lower'],
        ['regression', [1.2, 1.2], 'lower'],
        ['improvement', [0.6, 0.7], 'lower'],
        ['improvement', [0.9, 0.97], 'lower'],
        ['regression', [0.7, 0.8], 'higher'],
        ['improvement', [1.3, 1.5], 'higher'],
        ['improvement', [1.02, 1.05], 'higher'],
      ])
        p(`${label} decide ${verdict} ${interval} ${direction}`, () =>
          dr.decideAcrossMoments(verdict, interval, direction, estimate, n),
        )
    }
    k++
  }
}
for (const [label, estimate] of [
  ['none', undefined],
  ['empty', { runs: 0, used: 0, states: 0, df: 0, sigma: 0, scale: 0, widest: 1, largest: 0 }],
  ['one', { runs: 1, used: 0, states: 1, df: 0, sigma: 0, scale: 0, widest: 1, largest: 1 }],
  ['two', { runs: 2, used: 2, states: 1, df: 1, sigma: 0.1, scale: 0.1, widest: 1.4, largest: 2 }],
]) {
  p(`given ${label} bound`, () => dr.driftBound(estimate))
  for (const stored of [0, 1, 2, 7])
    p(`given ${label} words ${stored}`, () => dr.describeDrift(estimate, stored))
  p(`given ${label} decide`, () => dr.decideAcrossMoments('regression', [1.3, 1.35], 'lower', estimate, 3))
}
for (const alpha of [0, 1, -0.5, Number.NaN, 1.5])
  for (const sides of ['quiet', 'mixed'])
    p(`bad alpha ${alpha} ${sides}`, () => dr.estimateDrift(history(8, kinds[1]), { alpha, sides }))
print()
