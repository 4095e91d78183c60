// How the schedule plans and measures timed runs, driven by a model kind: which parts a unit is asked
// for, how a pair whose sides differ is spread and looked at, when sequential sampling looks (once
// early, once as planned) and what it looks at (only the gated metrics both sides have, on the pairs
// both sides have values for), how long each result says it took, when each result is passed on,
// and how a suite or a same-job comparison (src/schedule/index.ts) hands its cases to the rounds.
// Every expected count, pair and note is worked out by hand from the runs, parts and samples.
import assert from 'node:assert/strict'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parseConfig } from '../../../src/config/index.ts'
import type { Case, TimedCase } from '../../../src/kinds/index.ts'
import type { TimedKind, TimedMeasurement } from '../../../src/kinds/types.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { planCases } from '../../../src/run/plan.ts'
import {
  type MeasureOptions,
  measureSameJob,
  measureSuite,
  type SameJobOptions,
} from '../../../src/schedule/index.ts'
import { measureInRounds, type RoundsOptions } from '../../../src/schedule/rounds.ts'
import { repoRoot } from '../../support/helpers.ts'

interface ModelCase {
  id: string
  runs: number
  /** The parts the model kind splits the case's runs into. */
  parts: number
  /** The k-th sample's value of `wall`. */
  sample: (k: number) => number
  /** Milliseconds of model time one run takes. */
  cost?: number
  /** The most runs the case takes in all: asked for more, it takes none (without saying it stopped). */
  cap?: number
  /** The result fails. */
  failed?: boolean
  /** The gate's metrics. */
  gate?: string[]
  /** Values fewer than the runs taken (runs that gave no value). */
  short?: number
  /** Metrics measured besides `wall`: name → the k-th sample, and what it is computed from. */
  others?: Record<string, { sample: (k: number) => number; derivedFrom?: string }>
  /** A scaling point: its samples are `throughput` (higher is better) instead of `wall`. */
  scaling?: boolean
}

type PartsAsked = { units: number; paired: boolean; maxRounds: number }

/** A model kind and what the schedule asked of it; `time.now` is the model clock, advanced by each run. */
function model(cases: ModelCase[]) {
  const byId = new Map(cases.map((c) => [c.id, c]))
  const log: Array<[id: string, count: number]> = []
  const targets: Array<[id: string, runs: number]> = []
  const partsAsked: Array<[id: string, asked: PartsAsked]> = []
  const time = { now: 0 }
  const measurement = (tc: TimedCase, options: { onProgress?: (d: number, t: number) => void }) => {
    const c = byId.get(tc.id)!
    let target = c.runs
    let taken = 0
    const m: TimedMeasurement = {
      get remaining() {
        return Math.max(0, target - taken)
      },
      get taken() {
        return taken
      },
      async run(count: number) {
        log.push([c.id, count])
        const took = Math.max(0, Math.min(count, (c.cap ?? Number.POSITIVE_INFINITY) - taken))
        taken += took
        time.now += took * (c.cost ?? 1)
        options.onProgress?.(taken, target)
      },
      result(): BenchmarkResult {
        const values = (sample: (k: number) => number) =>
          Array.from({ length: Math.max(0, taken - (c.short ?? 0)) }, (_, k) => sample(k))
        const others = Object.entries(c.others ?? {}).map(([name, o]) => [
          name,
          {
            unit: 'ns',
            direction: 'lower',
            samples: values(o.sample),
            ...(o.derivedFrom ? { derivedFrom: o.derivedFrom } : {}),
          },
        ])
        const main = c.scaling
          ? ['throughput', { unit: 'ops/s', direction: 'higher', samples: values(c.sample) }]
          : ['wall', { unit: 'ns', direction: 'lower', samples: values(c.sample) }]
        return {
          id: c.id,
          name: c.id,
          kind: c.scaling ? 'scaling' : 'process',
          parameters: {},
          status: c.failed ? 'failed' : 'ok',
          metrics: Object.fromEntries([main, ...others]),
          gate: { metrics: c.gate ?? [main[0]], threshold: 0.05, alpha: 0.01 },
          notes: [],
        } as BenchmarkResult
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
    parts: (tc, asked) => {
      partsAsked.push([tc.id, asked])
      return byId.get(tc.id)!.parts
    },
    progressUnit: 'runs',
    partsTimedBySchedule: true,
    parallelism: () => 1,
    // The schedule never asks what a case is counted as.
    countedAs: () => ({ skipped: 'a model of a timed kind' }),
  }
  const options: RoundsOptions = { timed: () => kind, clock: () => time.now }
  const asCase = (c: ModelCase) =>
    ({ id: c.id, name: c.id, kind: 'process', runs: c.runs }) as unknown as TimedCase
  return { log, targets, partsAsked, options, asCase }
}

/** Runs a schedule of model units (seed null: none given); returns the log, the results in the order they were passed on, and the pairs. */
async function schedule(
  units: ModelCase[][],
  extra: Partial<RoundsOptions> = {},
  seed: string | null = 'plan',
) {
  const m = model(units.flat())
  const finished: BenchmarkResult[] = []
  const pairs = await measureInRounds(
    units.map((u) => u.map(m.asCase)),
    { ...m.options, ...extra },
    (_c, r) => finished.push(r),
    seed ?? undefined,
  )
  const counts = (id: string) => m.log.filter(([who]) => who === id).map(([, n]) => n)
  const result = (id: string) => finished.find((r) => r.id === id)!
  return { ...m, finished, pairs, counts, result }
}

const flat = (v: number) => () => v
/** 1000 ns × a ratio that cycles through `ratios`. */
const scaled = (ratios: number[]) => (k: number) => 1000 * ratios[k % ratios.length]!
/** Within ±0.2% of 1000 ns: clearly unchanged against a flat 1000 ns once there are 9 pairs. */
const same = scaled([1.001, 0.999, 1.002, 0.998])
/** 850 and 1250 ns in turn: neither within ±5% of 1000 ns nor a significant change. */
const undecided = scaled([0.85, 1.25])
const range = (n: number) => Array.from({ length: n }, (_, k) => [k, k] as [number, number])

const pair = (base: Partial<ModelCase>, head: Partial<ModelCase>, name = 'x'): ModelCase[] => [
  { id: `base/${name}`, runs: 20, parts: 4, sample: flat(1000), ...base },
  { id: `head/${name}`, runs: 20, parts: 4, sample: flat(1000), ...head },
]

const UNCHANGED_AT_9_OF_18 =
  'sampled sequentially: clearly unchanged after 9 of 18 pairs (the 99% interval of the change within ±5%), so stopped there'
const EXTENDED_20_TO_40 =
  'sampled sequentially: undecided after 20 pairs, so extended to 40; judged at α = 0.005, so that its two looks together keep α = 0.01'

describe('what the schedule asks of each unit', () => {
  test('each kind is told how many units share the schedule, whether its case is paired, and the most rounds', async () => {
    const r = await schedule([
      [{ id: 'a', runs: 3, parts: 1, sample: flat(1) }],
      pair({ runs: 4, parts: 2 }, { runs: 4, parts: 2 }),
      [{ id: 'b', runs: 3, parts: 1, sample: flat(1) }],
    ])
    const alone = { units: 3, paired: false, maxRounds: 10 }
    const paired = { units: 3, paired: true, maxRounds: 10 }
    assert.deepEqual(
      [...r.partsAsked].sort(([x], [y]) => x.localeCompare(y)),
      [
        ['a', alone],
        ['b', alone],
        ['base/x', paired],
        ['head/x', paired],
      ],
    )
  })

  test('a pair is spread over the more parts of its two sides: 8 runs a side in parts of 2 and 4 go 2 a round', async () => {
    const r = await schedule([pair({ runs: 8, parts: 2 }, { runs: 8, parts: 4 })], { sequential: false })
    assert.deepEqual(r.counts('base/x'), [2, 2, 2, 2])
    assert.deepEqual(r.counts('head/x'), [2, 2, 2, 2])
    assert.deepEqual(r.pairs, { 'head/x': range(8) })
  })

  test('a schedule with no progress callback measures and passes on every case', async () => {
    const r = await schedule([[{ id: 'a', runs: 4, parts: 2, sample: flat(1) }]], { onProgress: undefined })
    assert.deepEqual(r.counts('a'), [2, 2])
    assert.deepEqual(
      r.finished.map((f) => f.metrics.wall!.samples!.length),
      [4],
    )
  })

  test('without a seed the order is seeded by the case ids in unit order, so the same cases give the same order', async () => {
    const units = ['p', 'q', 'r', 's'].map((id) => [{ id, runs: 5, parts: 5, sample: flat(1) }])
    const unseeded = (await schedule(units, {}, null)).log.map(([id]) => id)
    const byIds = (await schedule(units, {}, 'p\u0000q\u0000r\u0000s')).log.map(([id]) => id)
    assert.deepEqual(unseeded, byIds)
  })

  test('a pair’s two sides take turns going first: neither side always leads a round', async () => {
    const r = await schedule([pair({ runs: 10, parts: 10 }, { runs: 10, parts: 10 })], { sequential: false })
    // Ten rounds of one base and one head run each: the first of each two runs leads its round.
    const leaders = r.log.filter((_, i) => i % 2 === 0).map(([id]) => id)
    assert.equal(leaders.length, 10)
    assert.deepEqual([...new Set(leaders)].sort(), ['base/x', 'head/x'])
  })
})

describe('what each result says it took, and when it is passed on', () => {
  test('the time of an extended pair counts its extension rounds: 40 runs at 2 and 3 ms are 80 and 120 ms', async () => {
    const r = await schedule([
      pair({ runs: 20, parts: 2, cost: 2 }, { runs: 20, parts: 2, cost: 3, sample: undecided }),
    ])
    assert.equal(r.result('base/x').durationMs, 80)
    assert.equal(r.result('head/x').durationMs, 120)
  })

  test('without a model clock, each result’s time is a whole number of milliseconds from the machine’s clock', async () => {
    const r = await schedule([[{ id: 'a', runs: 2, parts: 1, sample: flat(1) }]], { clock: undefined })
    const ms = r.result('a').durationMs
    assert.ok(ms !== undefined && Number.isInteger(ms) && ms >= 0, String(ms))
  })

  test('a pair whose extension ends first is passed on first, though planned after the other', async () => {
    // a: 20 pairs in 4 parts, extended to 40 in steps of 5 (four more rounds). b: 10 pairs in 2 parts,
    // no early look (5 is too few), extended at 10 to 20 in steps of 5 (two more rounds).
    const r = await schedule([
      pair({}, { sample: undecided }, 'a'),
      pair({ runs: 10, parts: 2 }, { runs: 10, parts: 2, sample: undecided }, 'b'),
    ])
    assert.deepEqual(r.counts('head/a'), [5, 5, 5, 5, 5, 5, 5, 5])
    assert.deepEqual(r.counts('head/b'), [5, 5, 5, 5])
    assert.deepEqual(
      r.finished.map((f) => f.id),
      ['base/b', 'head/b', 'base/a', 'head/a'],
    )
  })

  test('a case that took fewer runs than planned is still passed on at the end, with the runs it took', async () => {
    const r = await schedule([[{ id: 'a', runs: 6, parts: 3, sample: flat(7), cap: 4, cost: 2 }]])
    assert.deepEqual(r.counts('a'), [2, 2, 2])
    assert.equal(r.finished.length, 1)
    assert.deepEqual(r.result('a').metrics.wall!.samples, [7, 7, 7, 7])
    assert.equal(r.result('a').durationMs, 8)
  })

  test('both sides of a pair that fell short are passed on, each with what it took', async () => {
    const r = await schedule([pair({ runs: 6, parts: 3 }, { runs: 6, parts: 3, cap: 3 })], {
      sequential: false,
    })
    assert.deepEqual(
      r.finished.map((f) => [f.id, f.metrics.wall!.samples!.length]),
      [
        ['base/x', 6],
        ['head/x', 3],
      ],
    )
  })

  test('a base that takes fewer runs than asked pairs only as many as both took', async () => {
    // Rounds of 2: the base takes 2, 1 and none (it stops at 3); the head 2, 2, 2.
    const r = await schedule([pair({ runs: 6, parts: 3, cap: 3 }, { runs: 6, parts: 3 })], {
      sequential: false,
    })
    assert.deepEqual(r.pairs, { 'head/x': range(3) })
  })
})

describe('sequential sampling of a pair', () => {
  test('turned off, an undecided pair takes its runs and no more, and a clearly unchanged one all of them', async () => {
    for (const sample of [undecided, same]) {
      const r = await schedule([pair({}, { sample })], { sequential: false })
      assert.deepEqual(r.counts('base/x'), [5, 5, 5, 5])
      assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
      assert.deepEqual(r.targets, [])
      for (const f of r.finished) assert.deepEqual(f.notes, [])
    }
  })

  test('sides of different runs are planned on the fewer: 20 and 18 runs are 18 pairs, looked at early at 9', async () => {
    // One round of 10 base and 9 head runs: 9 pairs, clearly unchanged, so both stop there.
    const r = await schedule([pair({ runs: 20, parts: 2 }, { runs: 18, parts: 2, sample: same })])
    assert.deepEqual(r.counts('base/x'), [10])
    assert.deepEqual(r.counts('head/x'), [9])
    assert.deepEqual(r.targets.sort(), [
      ['base/x', 10],
      ['head/x', 9],
    ])
    assert.deepEqual(r.pairs, { 'head/x': range(9) })
    for (const f of r.finished) assert.deepEqual(f.notes, [UNCHANGED_AT_9_OF_18])
  })

  test('a pair looked at as planned before its larger side is done is not extended, and that side takes all its runs', async () => {
    // Base 20 runs and head 3 over four rounds: base 5 a round, head 1, 1, 1 and none. The third round
    // makes the 3 planned pairs (the k-th new run of each side in a round): undecided, but the base
    // has 5 runs left, so nothing is extended; the last round adds base runs only, and no look.
    const r = await schedule([pair({ runs: 20, parts: 4 }, { runs: 3, parts: 1, sample: undecided })])
    assert.deepEqual(r.counts('base/x'), [5, 5, 5, 5])
    assert.deepEqual(r.counts('head/x'), [1, 1, 1])
    assert.deepEqual(r.targets, [])
    assert.deepEqual(r.pairs, {
      'head/x': [
        [0, 0],
        [5, 1],
        [10, 2],
      ],
    })
    for (const f of r.finished) {
      assert.deepEqual(f.notes, [])
      assert.equal(f.gate.alpha, 0.01)
    }
  })

  test('a pair in two rounds is looked at early after the first, as planned after the second, then extended in steps of half', async () => {
    const r = await schedule([pair({ runs: 20, parts: 2 }, { runs: 20, parts: 2, sample: undecided })])
    assert.deepEqual(r.counts('base/x'), [10, 10, 10, 10])
    assert.deepEqual(r.counts('head/x'), [10, 10, 10, 10])
    assert.deepEqual(r.pairs, { 'head/x': range(40) })
    for (const f of r.finished) assert.deepEqual(f.notes, [EXTENDED_20_TO_40])
  })

  test('the early look is taken once: a pair with no values to look at then is not looked at early again', async () => {
    // 40 pairs in 4 rounds of 10; the head's first 20 runs gave no value. At the early look (20 pairs)
    // there is nothing to look at; a round later there would be 10 clearly unchanged pairs, but the
    // next look is the planned one, at 40 pairs: clearly unchanged, so neither stopped nor extended.
    const r = await schedule([pair({ runs: 40, parts: 4 }, { runs: 40, parts: 4, sample: same, short: 20 })])
    assert.deepEqual(r.counts('base/x'), [10, 10, 10, 10])
    assert.deepEqual(r.counts('head/x'), [10, 10, 10, 10])
    assert.deepEqual(r.targets, [])
    for (const f of r.finished) assert.deepEqual(f.notes, [])
  })
})

describe('what a look at a pair looks at', () => {
  test('a failed head is not looked at: the pair is measured as planned', async () => {
    const r = await schedule([pair({}, { sample: same, failed: true })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
    for (const f of r.finished) assert.deepEqual(f.notes, [])
  })

  test('a metric computed from a gated one is not looked at: unchanged time stops the pair whatever its rate does', async () => {
    const gate = ['wall', 'rate']
    const r = await schedule([
      pair(
        { gate, others: { rate: { sample: flat(1000), derivedFrom: 'wall' } } },
        { gate, sample: same, others: { rate: { sample: undecided, derivedFrom: 'wall' } } },
      ),
    ])
    assert.deepEqual(r.counts('head/x'), [5, 5])
    assert.deepEqual(r.targets.sort(), [
      ['base/x', 10],
      ['head/x', 10],
    ])
  })

  test('a gated metric only the head has is nothing to look at: the pair is measured as planned', async () => {
    const gate = ['wall', 'cpu']
    const r = await schedule([pair({ gate }, { gate, sample: same, others: { cpu: { sample: same } } })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
    for (const f of r.finished) assert.deepEqual(f.notes, [])
  })

  test('a base with fewer values than runs is looked at on the pairs both have', async () => {
    // At 10 pairs the base has 9 values: 9 pairs are looked at, clearly unchanged, stopped.
    const r = await schedule([pair({ short: 1 }, { sample: same })])
    assert.deepEqual(r.counts('base/x'), [5, 5])
    assert.deepEqual(r.counts('head/x'), [5, 5])
  })

  test('a pair whose gate names no metric has nothing to judge it by: measured as planned', async () => {
    const r = await schedule([pair({ gate: [] }, { gate: [], sample: same })])
    assert.deepEqual(r.counts('head/x'), [5, 5, 5, 5])
    assert.deepEqual(r.targets, [])
    for (const f of r.finished) assert.deepEqual(f.notes, [])
  })
})

/** The cases of a bench.yml whose benchmarks list is `entries`, planned in `dir` (which does not exist). */
const plan = (entries: string, dir = '/nonexistent/suite') =>
  planCases(parseConfig(`benchmarks:\n${entries}`, path.join(dir, 'bench.yml')))

/** No program can be found: an instruction count fails at once, saying valgrind is not installed. */
const NO_PATH = { PATH: '/nonexistent/bin' }
const NO_VALGRIND =
  'valgrind is not installed: run "bench-action setup valgrind" or install it with your package manager'

/** What a suite or a same-job comparison passed on, in order: progress and results. */
function events() {
  const log: string[] = []
  const results: BenchmarkResult[] = []
  return {
    log,
    results,
    onProgress: (c: Case, done: number, total: number) => log.push(`progress ${c.id} ${done}/${total}`),
    onResult: (c: Case, r: BenchmarkResult) => {
      log.push(`result ${c.id}`)
      results.push(r)
    },
    onBaseProgress: (c: Case, done: number, total: number) =>
      log.push(`base progress ${c.id} ${done}/${total}`),
    onBaseResult: (c: Case, r: BenchmarkResult) => {
      log.push(`base result ${c.id}`)
      results.push(r)
    },
  }
}

describe('a suite in one schedule', () => {
  // A process benchmark in one part, a sweep of 1 and 2 threads in five, an instruction count and a
  // results file that is not there. The timed cases are measured by the model kind (the suite's
  // options pass on to the rounds).
  const suite = () =>
    plan(`  - { name: a, kind: process, command: [./a], runs: 4 }
  - { name: s, kind: scaling, command: [./s], format: csb, threads: [1, 2] }
  - { name: i, kind: instructions, command: [./i] }
  - { name: gone, kind: import, file: gone.json }
`)
  const timed = () =>
    model([
      { id: 'a', runs: 4, parts: 1, sample: flat(1) },
      { id: 's/threads:1', runs: 5, parts: 5, sample: flat(100), scaling: true },
      { id: 's/threads:2', runs: 5, parts: 5, sample: flat(150), scaling: true },
    ])

  test('results come back in plan order, each passed on once: what failed before measuring first, counts next, timed cases as they end, a sweep once all its points are measured', async () => {
    const m = timed()
    const e = events()
    const options: MeasureOptions & RoundsOptions = { ...m.options, inherit: NO_PATH, ...e }
    const results = await measureSuite(suite(), options)
    assert.deepEqual(
      results.map((r) => [r.id, r.status]),
      [
        ['a', 'ok'],
        ['s/threads:1', 'ok'],
        ['s/threads:2', 'ok'],
        ['i', 'failed'],
        ['gone', 'failed'],
      ],
    )
    assert.equal(results[3]!.error?.message, NO_VALGRIND)
    assert.match(
      results[4]!.error!.message,
      /^nothing to import: \/nonexistent\/suite\/gone\.json does not exist/,
    )
    const passedOn = e.log.filter((l) => l.startsWith('result'))
    assert.deepEqual(passedOn, [
      'result gone',
      'result i',
      'result a',
      'result s/threads:1',
      'result s/threads:2',
    ])
    // The process benchmark ends in the first round, while the sweep still has four to go.
    const lastProgress = e.log.map((l) => l.startsWith('progress s/')).lastIndexOf(true)
    assert.ok(e.log.indexOf('result a') < lastProgress, e.log.join('\n'))
    assert.deepEqual(
      e.results.map((r) => r.id),
      passedOn.map((l) => l.slice('result '.length)),
    )
  })

  test('an instruction count’s durationMs is the time the clock gives around its count', async () => {
    const ticks = [100, 130]
    const results = await measureSuite(plan('  - { name: i, kind: instructions, command: [./i] }\n'), {
      inherit: NO_PATH,
      clock: () => ticks.shift()!,
    })
    assert.deepEqual(
      results.map((r) => [r.id, r.status, r.durationMs]),
      [['i', 'failed', 30]],
    )
    assert.deepEqual(ticks, [])
  })

  test('a sweep’s points get their speedup and efficiency over its smallest point, before they are passed on', async () => {
    const m = timed()
    const e = events()
    const results = await measureSuite(suite(), { ...m.options, inherit: NO_PATH, ...e } as MeasureOptions)
    const two = results.find((r) => r.id === 's/threads:2')!
    // 150 over the 1-thread median of 100: 1.5 times, 75% of the ideal 2.
    assert.deepEqual(two.metrics.speedup?.samples, [1.5, 1.5, 1.5, 1.5, 1.5])
    assert.deepEqual(two.metrics.efficiency?.samples, [75, 75, 75, 75, 75])
    assert.deepEqual(results.find((r) => r.id === 's/threads:1')!.metrics.speedup?.samples, [1, 1, 1, 1, 1])
    assert.deepEqual(
      e.results.find((r) => r.id === 's/threads:2')!.metrics.speedup?.samples,
      [1.5, 1.5, 1.5, 1.5, 1.5],
    )
  })

  test('without callbacks a suite is measured all the same', async () => {
    const m = timed()
    const options: MeasureOptions & RoundsOptions = { ...m.options, inherit: NO_PATH }
    const results = await measureSuite(suite(), options)
    assert.deepEqual(
      results.map((r) => r.id),
      ['a', 's/threads:1', 's/threads:2', 'i', 'gone'],
    )
    assert.deepEqual(results[0]!.metrics.wall?.samples, [1, 1, 1, 1])
  })

  test('the machine’s contention is noted on a sweep’s points, whose parts the schedule times, and not on a process benchmark, which times its own', {
    skip: process.platform !== 'linux' && 'the kernel counters are read on Linux only',
  }, async () => {
    const m = timed()
    const options: MeasureOptions & RoundsOptions = { ...m.options, inherit: NO_PATH }
    const results = await measureSuite(suite(), options)
    assert.equal(results[0]!.contention, undefined)
    assert.notEqual(results[1]!.contention, undefined)
    assert.notEqual(results[2]!.contention, undefined)
  })

  test('instruction counts run side by side, one per core: as many start before the first ends', async () => {
    const e = events()
    const results = await measureSuite(
      plan(`  - { name: i, kind: instructions, command: [./i] }
  - { name: j, kind: instructions, command: [./j] }
  - { name: k, kind: instructions, command: [./k] }
`),
      { inherit: NO_PATH, onProgress: e.onProgress },
    )
    const started = e.log.findIndex((l) => l.endsWith(' 1/1'))
    assert.equal(started, Math.min(os.availableParallelism(), 3), e.log.join('\n'))
    assert.deepEqual(e.log.filter((l) => l.endsWith(' 0/1')).sort(), [
      'progress i 0/1',
      'progress j 0/1',
      'progress k 0/1',
    ])
    assert.deepEqual(e.log.filter((l) => l.endsWith(' 1/1')).sort(), [
      'progress i 1/1',
      'progress j 1/1',
      'progress k 1/1',
    ])
    assert.deepEqual(
      results.map((r) => [r.id, r.error?.message, Number.isInteger(r.durationMs)]),
      [
        ['i', NO_VALGRIND, true],
        ['j', NO_VALGRIND, true],
        ['k', NO_VALGRIND, true],
      ],
    )
  })

  test('an instruction count without a progress callback is measured all the same', async () => {
    const results = await measureSuite(plan('  - { name: i, kind: instructions, command: [./i] }\n'), {
      inherit: NO_PATH,
    })
    assert.deepEqual(
      results.map((r) => [r.id, r.error?.message]),
      [['i', NO_VALGRIND]],
    )
  })

  test('a filter keeps the benchmarks a results file lists whose name, or whose entry’s name, it matches', async () => {
    const cases = plan(
      '  - { name: hf, kind: import, file: __tests__/fixtures/import/hyperfine/sleep.json }\n',
      repoRoot,
    )
    const ids = async (filter: string) => (await measureSuite(cases, { filter })).map((r) => r.id)
    assert.deepEqual(await ids('hf'), ['hf/sleep 0.01', 'hf/sleep 0.02'])
    assert.deepEqual(await ids('hf/*0.02'), ['hf/sleep 0.02'])
    assert.deepEqual(await ids('other'), [])
  })
})

describe('a same-job comparison', () => {
  test('sequential: every base run first, then every head run; nothing paired; each side’s progress and results to its own callbacks', async () => {
    const base = plan('  - { name: a, kind: process, command: [./a], runs: 4 }\n', '/nonexistent/base')
    const head = plan('  - { name: a, kind: process, command: [./a], runs: 4 }\n', '/nonexistent/head')
    const m = model([{ id: 'a', runs: 4, parts: 2, sample: flat(1) }])
    const e = events()
    const options: SameJobOptions & RoundsOptions = { ...m.options, ...e, order: 'sequential' }
    const r = await measureSameJob(base, head, options)
    assert.deepEqual(r.pairs, {})
    assert.deepEqual(e.log, [
      'base progress a 2/4',
      'base progress a 4/4',
      'base result a',
      'progress a 2/4',
      'progress a 4/4',
      'result a',
    ])
    assert.deepEqual(m.log, [
      ['a', 2],
      ['a', 2],
      ['a', 2],
      ['a', 2],
    ])
    assert.deepEqual(
      [r.base.map((x) => x.metrics.wall?.samples), r.head.map((x) => x.metrics.wall?.samples)],
      [[[1, 1, 1, 1]], [[1, 1, 1, 1]]],
    )
  })

  test('interleaved: the two sides of a pair alternate round by round and are paired run by run; each side’s progress and result go to its own callbacks; the rounds get the options given', async () => {
    const base = plan('  - { name: a, kind: process, command: [./a], runs: 4 }\n', '/nonexistent/base')
    const head = plan('  - { name: a, kind: process, command: [./a], runs: 4 }\n', '/nonexistent/head')
    const m = model([{ id: 'a', runs: 4, parts: 2, sample: flat(1), cost: 3 }])
    const e = events()
    const options: SameJobOptions & RoundsOptions = { ...m.options, ...e, sequential: false }
    const r = await measureSameJob(base, head, options)
    assert.deepEqual(r.pairs, {
      a: [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    })
    // Two rounds of two runs a side; which side goes first in a round is shuffled.
    assert.deepEqual(m.log, [
      ['a', 2],
      ['a', 2],
      ['a', 2],
      ['a', 2],
    ])
    assert.deepEqual(e.log.slice(0, 2).sort(), ['base progress a 2/4', 'progress a 2/4'])
    assert.deepEqual(e.log.slice(2, 4).sort(), ['base progress a 4/4', 'progress a 4/4'])
    assert.deepEqual(e.log.slice(4), ['base result a', 'result a'])
    // Measured by the model kind and timed by its clock: 4 runs of 3 ms a side.
    assert.deepEqual(
      [...r.base, ...r.head].map((x) => [x.status, x.metrics.wall?.samples, x.durationMs]),
      [
        ['ok', [1, 1, 1, 1], 12],
        ['ok', [1, 1, 1, 1], 12],
      ],
    )
  })

  // Base and head from two trees, neither of which exists: each process benchmark fails at once,
  // saying which working directory is missing, so the side a result went to shows in its message.
  // b is a process benchmark in head but a wall-clock one in base (its input file is missing).
  const twoTrees = () => ({
    base: plan(
      `  - { name: a, kind: process, command: [./a] }
  - { name: b, kind: wall-clock, runner: [./b], input: { data: { path: missing.txt } } }
  - { name: c, kind: process, command: [./c] }
  - { name: i, kind: instructions, command: [./i] }
`,
      '/nonexistent/base',
    ),
    head: plan(
      `  - { name: a, kind: process, command: [./a] }
  - { name: b, kind: process, command: [./b] }
  - { name: d, kind: process, command: [./d] }
  - { name: i, kind: instructions, command: [./i] }
`,
      '/nonexistent/head',
    ),
  })
  const BASE_DIR = 'working directory "/nonexistent/base" does not exist'
  const HEAD_DIR = 'working directory "/nonexistent/head" does not exist'

  test('interleaved: only a benchmark of the same id and kind on both sides is paired; each side gets its own results, in its plan order', async () => {
    const { base, head } = twoTrees()
    const e = events()
    const r = await measureSameJob(base, head, { ...e, inherit: NO_PATH })
    assert.deepEqual(r.pairs, { a: [] })
    assert.deepEqual(
      r.base.map((x) => [x.id, x.kind, x.error?.message]),
      [
        ['a', 'process', BASE_DIR],
        ['b', 'wall-clock', 'cannot read input "data" from /nonexistent/base/missing.txt: ENOENT'],
        ['c', 'process', BASE_DIR],
        ['i', 'instructions', NO_VALGRIND],
      ],
    )
    assert.deepEqual(
      r.head.map((x) => [x.id, x.kind, x.error?.message]),
      [
        ['a', 'process', HEAD_DIR],
        ['b', 'process', HEAD_DIR],
        ['d', 'process', HEAD_DIR],
        ['i', 'instructions', NO_VALGRIND],
      ],
    )
    // Each result passed on once, to its side's callback.
    assert.deepEqual(e.log.filter((l) => l.startsWith('base result')).sort(), [
      'base result a',
      'base result b',
      'base result c',
      'base result i',
    ])
    assert.deepEqual(e.log.filter((l) => l.startsWith('result')).sort(), [
      'result a',
      'result b',
      'result d',
      'result i',
    ])
  })

  test('each side’s instruction counts report their progress to that side’s callback', async () => {
    const { base, head } = twoTrees()
    const e = events()
    await measureSameJob(base, head, { ...e, inherit: NO_PATH })
    assert.deepEqual(e.log.filter((l) => l.includes('progress')).sort(), [
      'base progress i 0/1',
      'base progress i 1/1',
      'progress i 0/1',
      'progress i 1/1',
    ])
  })

  test('without callbacks both sides are measured all the same', async () => {
    const { base, head } = twoTrees()
    const r = await measureSameJob(base, head, { inherit: NO_PATH })
    assert.deepEqual(
      [r.base.map((x) => x.id), r.head.map((x) => x.id)],
      [
        ['a', 'b', 'c', 'i'],
        ['a', 'b', 'd', 'i'],
      ],
    )
  })
})
