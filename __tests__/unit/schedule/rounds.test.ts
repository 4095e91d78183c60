// The schedule of timed runs, driven by a model kind: each case's samples are a fixed list, taking a
// sample advances a model clock by a fixed cost, and every call the schedule makes is logged. What
// is asserted — each round's share, the rounds a unit takes part in, the pairs recorded, where
// sequential sampling stops or extends a pair and what it notes, the time each result took — is
// worked out by hand from the plan (runs, parts) and the samples.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { TimedCase } from '../../../src/kinds/index.ts'
import type { TimedKind, TimedMeasurement } from '../../../src/kinds/types.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { measureInRounds, type RoundsOptions } from '../../../src/schedule/rounds.ts'

interface ModelCase {
  id: string
  runs: number
  /** The parts the model kind splits the case's runs into. */
  parts: number
  /** The k-th sample's value. */
  sample: (k: number) => number
  /** Milliseconds of model time one sample takes. */
  cost?: number
  /** The most samples the case can take (a benchmark that starts failing). */
  cap?: number
  /** The result fails. */
  failed?: boolean
  /** The gate's metrics. */
  gate?: string[]
  /** Samples fewer than the runs taken (runs that gave no value), from the end. */
  short?: number
  /** Metrics measured besides `wall` (whose samples `sample` gives): name → the k-th sample. */
  others?: Record<string, (k: number) => number>
  /** Each run() is a process of its own, which the metrics record (`processes`), as a runner's are. */
  nested?: boolean
}

/** A model kind and its log; `clock` is the model's time, advanced by each sample taken. */
function model(cases: ModelCase[]) {
  const byId = new Map(cases.map((c) => [c.id, c]))
  const log: Array<[id: string, count: number]> = []
  const targets: Array<[id: string, runs: number]> = []
  const progress: Array<[id: string, done: number, total: number]> = []
  const time = { now: 0 }
  const measurement = (tc: TimedCase, options: { onProgress?: (d: number, t: number) => void }) => {
    const c = byId.get(tc.id)!
    let target = c.runs
    let taken = 0
    const processes: number[] = []
    const m: TimedMeasurement = {
      get remaining() {
        return Math.max(0, target - taken)
      },
      get taken() {
        return taken
      },
      async run(count: number) {
        log.push([c.id, count])
        const took = Math.min(count, (c.cap ?? Number.POSITIVE_INFINITY) - taken)
        taken += took
        if (took > 0) processes.push(took)
        time.now += took * (c.cost ?? 1)
        options.onProgress?.(taken, target)
      },
      result(): BenchmarkResult {
        return {
          id: c.id,
          name: c.id,
          kind: 'process',
          parameters: {},
          status: c.failed ? 'failed' : 'ok',
          metrics: Object.fromEntries(
            Object.entries({ wall: c.sample, ...c.others }).map(([name, sample]) => [
              name,
              {
                unit: 'ns',
                direction: 'lower',
                samples: Array.from({ length: Math.max(0, taken - (c.short ?? 0)) }, (_, k) => sample(k)),
                ...(c.nested ? { processes: [...processes] } : {}),
              },
            ]),
          ),
          gate: { metrics: c.gate ?? ['wall'], threshold: 0.05, alpha: 0.01 },
          notes: [],
        }
      },
      setTarget(runs: number) {
        targets.push([c.id, runs])
        target = runs
      },
    }
    return m
  }
  const kind: TimedKind<TimedCase> = {
    measurement,
    parts: (tc) => byId.get(tc.id)!.parts,
    progressUnit: 'runs',
    partsTimedBySchedule: true,
    parallelism: () => 1,
    // The schedule never asks what a case is counted as.
    countedAs: () => ({ skipped: 'a model of a timed kind' }),
  }
  const options: RoundsOptions = {
    timed: () => kind,
    clock: () => time.now,
    onProgress: (c, done, total) => progress.push([c.id, done, total]),
  }
  const asCase = (c: ModelCase) =>
    ({ id: c.id, name: c.id, kind: 'process', runs: c.runs }) as unknown as TimedCase
  return { log, targets, progress, options, asCase }
}

/** Runs a schedule of model units; returns the log, the results in the order they finished, and the pairs. */
async function schedule(units: ModelCase[][], extra: Partial<RoundsOptions> = {}, seed = 'rounds') {
  const m = model(units.flat())
  const finished: BenchmarkResult[] = []
  const pairs = await measureInRounds(
    units.map((u) => u.map(m.asCase)),
    { ...m.options, ...extra },
    (_c, r) => finished.push(r),
    seed,
  )
  const counts = (id: string) => m.log.filter(([who]) => who === id).map(([, n]) => n)
  return { ...m, finished, pairs, counts }
}

const flat = (v: number) => () => v
/** Base 1000 ns each run; head 1000 × a ratio that cycles through `ratios`. */
const scaled = (ratios: number[]) => (k: number) => 1000 * ratios[k % ratios.length]!
const range = (n: number) => Array.from({ length: n }, (_, k) => [k, k] as [number, number])

describe('rounds of single cases', () => {
  test('each round takes what is left over the rounds left: 7 runs in 3 parts are 3, 2, 2', async () => {
    const r = await schedule([[{ id: 'a', runs: 7, parts: 3, sample: flat(1) }]])
    assert.deepEqual(r.counts('a'), [3, 2, 2])
    assert.deepEqual(r.pairs, {})
    assert.equal(r.finished.length, 1)
    assert.equal(r.finished[0]!.metrics.wall!.samples!.length, 7)
  })

  test('a unit of fewer parts takes part in rounds spread over all: 2 parts of 5 rounds are rounds 0 and 2', async () => {
    const r = await schedule([
      [{ id: 'a', runs: 10, parts: 5, sample: flat(1) }],
      [{ id: 'b', runs: 4, parts: 2, sample: flat(1) }],
    ])
    assert.deepEqual(r.counts('a'), [2, 2, 2, 2, 2])
    assert.deepEqual(r.counts('b'), [2, 2])
    // b's runs in round 0 come after 0 or 1 of a's (their order within a round is shuffled), those
    // of round 2 after 2 or 3: a runs once in each round.
    const order = r.log.map(([id]) => id)
    const bAt = order.flatMap((id, i) => (id === 'b' ? [i] : []))
    const aBefore = (i: number) => order.slice(0, i).filter((id) => id === 'a').length
    assert.ok([0, 1].includes(aBefore(bAt[0]!)), order.join(' '))
    assert.ok([2, 3].includes(aBefore(bAt[1]!)), order.join(' '))
  })

  test('each result is passed on once, when its last run is done, with the model time its runs took', async () => {
    const r = await schedule([
      [{ id: 'slow', runs: 6, parts: 3, sample: flat(1), cost: 5 }],
      [{ id: 'quick', runs: 2, parts: 1, sample: flat(1), cost: 2 }],
    ])
    // quick has one part (round 0), slow three: quick is done first.
    assert.deepEqual(
      r.finished.map((f) => [f.id, f.durationMs]),
      [
        ['quick', 4],
        ['slow', 30],
      ],
    )
  })

  test('the progress of each run is passed on with its case', async () => {
    const r = await schedule([[{ id: 'a', runs: 4, parts: 2, sample: flat(1) }]])
    assert.deepEqual(r.progress, [
      ['a', 2, 4],
      ['a', 4, 4],
    ])
  })

  test('the same seed gives the same order; the order is a shuffle of the units each round', async () => {
    const units = ['p', 'q', 'r', 's'].map((id) => [{ id, runs: 5, parts: 5, sample: flat(1) }])
    const one = (await schedule(units, {}, 'seed-1')).log.map(([id]) => id)
    const again = (await schedule(units, {}, 'seed-1')).log.map(([id]) => id)
    assert.deepEqual(one, again)
    for (let round = 0; round < 5; round++)
      assert.deepEqual(one.slice(4 * round, 4 * round + 4).sort(), ['p', 'q', 'r', 's'], `round ${round}`)
    // Twenty rounds of four units in one fixed order would be 1 chance in 24^4 per seed.
    const rounds = Array.from({ length: 5 }, (_, k) => one.slice(4 * k, 4 * k + 4).join(''))
    assert.ok(new Set(rounds).size > 1, `every round in the order ${rounds[0]}`)
  })

  test('an empty schedule measures nothing', async () => {
    const r = await schedule([])
    assert.deepEqual(r.log, [])
    assert.deepEqual(r.pairs, {})
  })
})

describe('a base and a head measured as pairs', () => {
  const pair = (base: Partial<ModelCase>, head: Partial<ModelCase>): ModelCase[] => [
    { id: 'base/x', runs: 20, parts: 4, sample: flat(1000), ...base },
    { id: 'head/x', runs: 20, parts: 4, sample: flat(1000), ...head },
  ]

  test('without sequential sampling, the k-th base run pairs with the k-th head run, every run taken', async () => {
    const r = await schedule([pair({ runs: 6, parts: 3 }, { runs: 6, parts: 3 })], { sequential: false })
    assert.deepEqual(r.counts('base/x'), [2, 2, 2])
    assert.deepEqual(r.counts('head/x'), [2, 2, 2])
    assert.deepEqual(r.pairs, { 'head/x': range(6) })
    assert.deepEqual(r.targets, [])
  })

  test('a side that takes fewer runs than asked pairs only as many as both took', async () => {
    const r = await schedule([pair({ runs: 6, parts: 3 }, { runs: 6, parts: 3, cap: 3 })], {
      sequential: false,
    })
    assert.deepEqual(r.pairs, { 'head/x': range(3) })
  })

  test('clearly unchanged at half the pairs: both sides stop there, and the result says so', async () => {
    // 20 pairs planned: the early look at 10, the planned one at 20, at most 40. Ratios within ±0.2%.
    const r = await schedule([pair({}, { sample: scaled([1.001, 0.999, 1.002, 0.998]) })])
    assert.deepEqual(r.counts('base/x'), [5, 5])
    assert.deepEqual(r.counts('head/x'), [5, 5])
    assert.deepEqual(r.targets.sort(), [
      ['base/x', 10],
      ['head/x', 10],
    ])
    assert.deepEqual(r.pairs, { 'head/x': range(10) })
    for (const f of r.finished) {
      assert.deepEqual(f.notes, [
        'sampled sequentially: clearly unchanged after 10 of 20 pairs (the 99% interval of the change within ±5%), so stopped there',
      ])
      assert.equal(f.gate.alpha, 0.01)
    }
  })

  test('samples nested in processes: the early look resamples pairs of processes, and does not stop a pair whose processes disagree', async () => {
    // 40 pairs planned, 2 a process: the early look at 20 pairs, 10 pairs of processes. Base 100; head's
    // processes 3 and 7 of every 10 at 140 ± 0.1, the others at 100 ± 0.1 (ratios 1.4 and 1.0).
    // Pooled, a resampled median of the 20 ratios reaches 1.2 only with 10 or more of the 4 high ones
    // drawn: P(Binomial(20, 0.2) ≥ 10) = 0.0026, about 26 of 10 000 resamples, fewer than the 50 a 99%
    // interval leaves out: within ±5%, stopped. By pairs of processes, with 5 or more of the 2 high
    // processes drawn: P(Binomial(10, 0.2) ≥ 5) = 0.033, about 330: the interval reaches 1.2, undecided.
    const head = (k: number) => ([3, 7].includes(Math.floor(k / 2) % 10) ? 140 : 100) + (k % 2 ? 0.1 : -0.1)
    const unit = (nested: boolean) =>
      pair({ runs: 40, parts: 20, sample: flat(100), nested }, { runs: 40, parts: 20, sample: head, nested })
    const pooled = await schedule([unit(false)])
    assert.deepEqual(pooled.pairs, { 'head/x': range(20) })
    assert.match(pooled.finished[0]!.notes.join('\n'), /clearly unchanged after 20 of 40 pairs/)
    const nested = await schedule([unit(true)])
    assert.ok(nested.pairs['head/x']!.length >= 40, `${nested.pairs['head/x']!.length} pairs`)
    assert.doesNotMatch(nested.finished[0]!.notes.join('\n'), /clearly unchanged/)
  })

  test('undecided at the planned pairs: extended to twice as many, judged at half the α', async () => {
    // Ratios 0.85 and 1.25 in turn: neither within ±5% nor a significant change at 20 pairs.
    const r = await schedule([pair({}, { sample: scaled([0.85, 1.25]) })])
    // Four rounds of 5, then rounds of their own of 20 / 4 = 5 pairs until 40.
    assert.deepEqual(r.counts('base/x'), [5, 5, 5, 5, 5, 5, 5, 5])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5, 5, 5, 5, 5])
    assert.deepEqual(r.targets.sort(), [
      ['base/x', 40],
      ['head/x', 40],
    ])
    assert.deepEqual(r.pairs, { 'head/x': range(40) })
    for (const f of r.finished) {
      assert.equal(f.gate.alpha, 0.005)
      assert.deepEqual(f.notes, [
        'sampled sequentially: undecided after 20 pairs, so extended to 40; judged at α = 0.005, so that its two looks together keep α = 0.01',
      ])
    }
  })

  test('a clear regression is not stopped early and not extended: it takes its planned pairs', async () => {
    const r = await schedule([pair({}, { sample: scaled([1.3, 1.31, 1.29]) })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
    assert.deepEqual(r.pairs, { 'head/x': range(20) })
    for (const f of r.finished) {
      assert.deepEqual(f.notes, [])
      assert.equal(f.gate.alpha, 0.01)
    }
  })

  test('a clear improvement is not extended either', async () => {
    const r = await schedule([pair({}, { sample: scaled([0.7, 0.71, 0.69]) })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
  })

  test('an extension ends where a side takes nothing more; the pairs are those both took', async () => {
    const r = await schedule([pair({}, { sample: scaled([0.85, 1.25]), cap: 27 })])
    // Extended at 20 to 40; the next round of 5 gives 5 pairs, the one after 2 (the head stops at 27),
    // the next none: both sides end where they are, the base at 35.
    assert.deepEqual(r.pairs, { 'head/x': range(27) })
    assert.deepEqual(r.targets.sort(), [
      ['base/x', 35],
      ['base/x', 40],
      ['head/x', 27],
      ['head/x', 40],
    ])
    assert.deepEqual(r.counts('base/x'), [5, 5, 5, 5, 5, 5, 5])
  })

  test('a change in one gated metric decides though another is undecided: not extended', async () => {
    const gate = ['wall', 'cpu']
    const undecided = scaled([0.85, 1.25])
    const flatBase = { gate, others: { cpu: flat(1000) } }
    for (const change of [scaled([1.3, 1.31, 1.29]), scaled([0.7, 0.71, 0.69])]) {
      const r = await schedule([pair(flatBase, { gate, sample: change, others: { cpu: undecided } })])
      assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
      assert.deepEqual(r.targets, [])
    }
    // Both undecided: extended.
    const r = await schedule([pair(flatBase, { gate, sample: undecided, others: { cpu: undecided } })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5, 5, 5, 5, 5])
  })

  test('clearly unchanged in every gated metric stops early; unchanged in one only does not', async () => {
    const gate = ['wall', 'cpu']
    const same = scaled([1.001, 0.999, 1.002, 0.998])
    const both = await schedule([
      pair({ gate, others: { cpu: flat(1000) } }, { gate, sample: same, others: { cpu: same } }),
    ])
    assert.deepEqual(both.counts('head/x'), [5, 5])
    const one = await schedule([
      pair(
        { gate, others: { cpu: flat(1000) } },
        { gate, sample: same, others: { cpu: scaled([1.3, 1.31]) } },
      ),
    ])
    assert.deepEqual(one.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(one.targets, [])
  })

  test('a gated metric with nothing to look at keeps an unchanged pair as planned, without a note', async () => {
    const gate = ['wall', 'cpu']
    const r = await schedule([pair({ gate }, { gate, sample: scaled([1.001, 0.999]) })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
    for (const f of r.finished) assert.deepEqual(f.notes, [])
  })

  test('a side with fewer samples than runs is looked at on the pairs both have', async () => {
    // At 10 pairs the head has 9 samples: 9 pairs are looked at, clearly unchanged, stopped.
    const r = await schedule([pair({}, { sample: scaled([1.001, 0.999, 1.002, 0.998]), short: 1 })])
    assert.deepEqual(r.counts('head/x'), [5, 5])
  })

  test('a failed side is not looked at: the pair is measured as planned', async () => {
    const r = await schedule([pair({ failed: true }, { sample: scaled([1.001, 0.999]) })])
    assert.deepEqual(r.counts('base/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
    for (const f of r.finished) assert.deepEqual(f.notes, [])
  })

  test('too few pairs for an early look: 16 planned (8 at half, fewer than 9) are looked at once', async () => {
    const r = await schedule([
      pair({ runs: 16, parts: 4 }, { runs: 16, parts: 4, sample: scaled([1.001, 0.999, 1.002, 0.998]) }),
    ])
    assert.deepEqual(r.counts('head/x'), [4, 4, 4, 4])
    assert.deepEqual(r.targets, [])
  })

  test('18 planned: the early look at 9 stops it', async () => {
    const r = await schedule([
      pair({ runs: 18, parts: 2 }, { runs: 18, parts: 2, sample: scaled([1.001, 0.999, 1.002, 0.998]) }),
    ])
    assert.deepEqual(r.counts('head/x'), [9])
    assert.equal(r.finished[0]!.notes[0]?.includes('after 9 of 18 pairs'), true)
  })
})
