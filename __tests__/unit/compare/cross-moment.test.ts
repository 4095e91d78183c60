// Comparisons across moments (a stored baseline, two files): a timed change fails only beyond the
// drift the stored runs of the same code show, else beyond the gross bound; where wall time and CPU
// time diverge, CPU time decides. Same-job comparisons and exact counts keep their rules.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type CompareOptions, compareResults, WALL_CPU_DIVERGENCE } from '../../../src/compare/index.ts'
import type { BenchmarkResult, ResultSet } from '../../../src/results.ts'
import { SeededRandom, UNKNOWN_NOISE_BOUND } from '../../../src/stats/index.ts'
import { okBenchmark } from '../../support/helpers.ts'

/** 20 samples within ±0.5% of `level`. */
function around(level: number, seed: string): number[] {
  const random = new SeededRandom(seed)
  return Array.from({ length: 20 }, () => level * (1 + 0.01 * (random.nextFloat() - 0.5)))
}

function results(b: BenchmarkResult): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 's',
    commit: { branch: 'main' },
    createdAt: '2026-11-21T00:00:00.000Z',
    environment: { os: 'l', arch: 'x', cpuModel: 'c', cpuCount: 2, kernel: 'k', node: 'v', tools: {} },
    benchmarks: [b],
  }
}

const wall = (level: number, seed: string): ResultSet =>
  results(
    okBenchmark(
      { wall: { unit: 'ns', direction: 'lower', samples: around(level, seed) } },
      ['wall'],
      'process',
    ),
  )

/** A stored baseline compared as the pipeline does: history is the stored runs, the baseline among them. */
function stored(base: ResultSet, head: ResultSet, extra: Partial<CompareOptions> = {}, history = [base]) {
  return compareResults(head, {
    baseline: { results: base, source: 'store', reason: 'newest results on this branch' },
    history: { branch: 'main', results: history },
    acrossMoments: true,
    ...extra,
  }).benchmarks[0]!
}

describe('unknown drift: the gross bound', () => {
  test('+10% with a tight interval: a regression within one moment, unclear across moments', () => {
    const base = wall(100, 'base')
    const head = wall(110, 'head')
    const within = compareResults(head, { baseline: { results: base, source: 'x', reason: 'r' } })
    assert.equal(within.benchmarks[0]!.verdict, 'regression', 'without the rule: significant and beyond 5%')
    const b = stored(base, head)
    assert.equal(b.verdict, 'unclear')
    assert.match(
      b.metrics[0]!.notes.join('\n'),
      /a regression needs the whole interval beyond \+25\.0% \(±25\.0%, assumed: only 1 stored run of the same code/,
    )
  })

  test('just beyond (+24%) is unclear, well beyond (+40%, 2×) a regression', () => {
    assert.equal(UNKNOWN_NOISE_BOUND, 1.25)
    assert.equal(stored(wall(100, 'base'), wall(124, 'head')).verdict, 'unclear')
    assert.equal(stored(wall(100, 'base'), wall(140, 'head')).verdict, 'regression')
    assert.equal(stored(wall(100, 'base'), wall(200, 'head')).verdict, 'regression')
    assert.equal(stored(wall(100, 'base'), wall(50, 'head')).verdict, 'improvement')
    assert.equal(stored(wall(100, 'base'), wall(85, 'head')).verdict, 'unclear', '−15% is within −20%')
  })

  test('two files compared with acrossMoments and no history: 0 stored runs', () => {
    const c = compareResults(wall(110, 'head'), {
      baseline: { results: wall(100, 'base'), source: 'a.json', reason: 'the file a.json' },
      acrossMoments: true,
    })
    assert.equal(c.verdict, 'pass')
    assert.match(
      c.benchmarks[0]!.metrics[0]!.notes.join('\n'),
      /assumed: no stored runs to know the drift from/,
    )
  })
})

describe('known drift', () => {
  test('quiet history sharpens the bound: +10% beyond five stored runs within 1% is a regression', () => {
    const history = [100, 100.4, 99.7, 100.2, 99.9].map((l, i) => wall(l, `h${i}`))
    const b = stored(history[0]!, wall(110, 'head'), {}, history)
    assert.equal(b.verdict, 'regression')
    assert.match(b.metrics[0]!.notes.join('\n'), /the drift of the same code over the last 5 runs/)
  })
})

describe('summary-only metrics', () => {
  const rebar = (center: number): ResultSet =>
    results(
      okBenchmark(
        { time: { unit: 'ns', direction: 'lower', summary: { center, stddev: center * 0.01, n: 1000 } } },
        ['time'],
        'import',
      ),
    )

  test('the stored runs’ centers give the drift: +10% is a regression beyond a quiet history, unclear without one', () => {
    const history = [100, 100.5, 99.5, 100, 100.2].map(rebar)
    const known = stored(history[0]!, rebar(110), {}, history)
    assert.equal(known.verdict, 'regression')
    assert.equal(known.metrics[0]!.drift?.used, 5)
    const unknown = stored(rebar(100), rebar(110))
    assert.equal(unknown.verdict, 'unclear')
    assert.match(unknown.metrics[0]!.notes.join('\n'), /assumed: only 1 stored run of the same code/)
    assert.equal(stored(rebar(100), rebar(200)).verdict, 'regression')
  })
})

describe('wall and CPU time diverge', () => {
  const proc = (wallNs: number, cpuNs: number, switches: number, seed: string): ResultSet =>
    results(
      okBenchmark(
        {
          wall: { unit: 'ns', direction: 'lower', samples: around(wallNs, `${seed}w`) },
          cpu: { unit: 'ns', direction: 'lower', samples: around(cpuNs, `${seed}c`) },
          'voluntary-cs': { unit: 'count', direction: 'lower', samples: Array(20).fill(switches) },
        },
        ['wall'],
        'process',
      ),
    )

  test('a busy moment triples wall time and leaves CPU time alone: judged on CPU time, unchanged', () => {
    assert.ok(3 > WALL_CPU_DIVERGENCE)
    const b = stored(proc(30e6, 30e6, 1, 'base'), proc(90e6, 30e6, 1, 'head'))
    const m = b.metrics.find((x) => x.metric === 'wall')!
    assert.equal(m.verdict, 'unchanged')
    assert.equal(b.verdict, 'unchanged')
    assert.match(
      m.notes.join('\n'),
      /wall and CPU time diverge \(wall\/CPU 1\.00 base, [23]\.\d\d head\).*CPU time’s \(cpu .*: unchanged\), not wall time’s \(regression\)/,
    )
  })

  /**
   * A process run whose wall and CPU times are each 21 samples from 0.99 × to 1.01 × the level in steps
   * of 0.1%: each median is exactly its level, so wall/CPU is exactly wallNs / cpuNs.
   */
  const steady = (wallNs: number, cpuNs: number): ResultSet => {
    const around = (level: number) => Array.from({ length: 21 }, (_, i) => level * (1 + (i - 10) / 1000))
    return results(
      okBenchmark(
        {
          wall: { unit: 'ns', direction: 'lower', samples: around(wallNs) },
          cpu: { unit: 'ns', direction: 'lower', samples: around(cpuNs) },
          'voluntary-cs': { unit: 'count', direction: 'lower', samples: Array(21).fill(1) },
        },
        ['wall'],
        'process',
      ),
    )
  }
  const wallRow = (base: ResultSet, head: ResultSet) =>
    stored(base, head).metrics.find((x) => x.metric === 'wall')!
  const diverged = (shares: string, wallVerdict: string) =>
    `wall and CPU time diverge (wall/CPU ${shares}): at one moment the program waited for a CPU; across moments the verdict is CPU time’s (cpu ±0.00%: unchanged), not wall time’s (${wallVerdict})`

  test('wall twice CPU time on either side: judged on CPU time, which did not change', () => {
    // Head busy: wall 30 → 60 ms (+100%, beyond the gross bound: a regression on wall time alone).
    const head = wallRow(steady(30e6, 30e6), steady(60e6, 30e6))
    assert.equal(head.verdict, 'unchanged')
    assert.equal(head.notes.at(-1), diverged('1.00 base, 2.00 head', 'regression'))
    // Base busy: wall 60 → 30 ms (−50%, an improvement on wall time alone).
    const base = wallRow(steady(60e6, 30e6), steady(30e6, 30e6))
    assert.equal(base.verdict, 'unchanged')
    assert.equal(base.notes.at(-1), diverged('2.00 base, 1.00 head', 'improvement'))
  })

  test('the bound lies between 1.2 and 1.3 times CPU time: 1.3 is judged on CPU time, 1.2 keeps wall time’s verdict', () => {
    // 39 / 30 = 1.3: wall +30% is beyond the gross bound of +25% (a regression on its own), but wall
    // time diverges from CPU time, whose verdict (unchanged) it takes.
    const above = wallRow(steady(30e6, 30e6), steady(39e6, 30e6))
    assert.equal(above.verdict, 'unchanged')
    assert.equal(above.notes.at(-1), diverged('1.00 base, 1.30 head', 'regression'))
    // The same 1.3 on the base side: wall −23% (39 → 30 ms), beyond the gross bound's −20% (1 / 1.25).
    const aboveBase = wallRow(steady(39e6, 30e6), steady(30e6, 30e6))
    assert.equal(aboveBase.verdict, 'unchanged')
    assert.equal(aboveBase.notes.at(-1), diverged('1.30 base, 1.00 head', 'improvement'))
    // 36 / 30 = 1.2: no divergence; wall +20% lies within the gross bound, so wall time's own verdict
    // is unclear.
    const below = wallRow(steady(30e6, 30e6), steady(36e6, 30e6))
    assert.equal(below.verdict, 'unclear')
    assert.doesNotMatch(below.notes.join('\n'), /diverge/)
    // The same 1.2 on the base side: wall −17% (36 → 30 ms) is within the gross bound's −20%.
    const belowBase = wallRow(steady(36e6, 30e6), steady(30e6, 30e6))
    assert.equal(belowBase.verdict, 'unclear')
    assert.doesNotMatch(belowBase.notes.join('\n'), /diverge/)
  })

  test('twice the CPU time is a regression, however busy the machine', () => {
    assert.equal(stored(proc(30e6, 30e6, 1, 'base'), proc(180e6, 60e6, 1, 'head')).verdict, 'regression')
  })

  test('a busy moment leaves wall time unclear, but CPU time doubled: the program’s own change, a regression', () => {
    // Both sides' wall times spread from 1× to 3× their CPU time (a neighbour came and went): wall
    // time's interval is too wide to call across moments, though its median wall/CPU stays below the
    // divergence rule's.
    const spread = (level: number, seed: string) => {
      const random = new SeededRandom(seed)
      return Array.from({ length: 20 }, (_, i) => level * (i % 2 === 0 ? 1 : 1 + 2 * random.nextFloat()))
    }
    const side = (wallSamples: number[], cpuNs: number, seed: string) =>
      results(
        okBenchmark(
          {
            wall: { unit: 'ns', direction: 'lower', samples: wallSamples },
            cpu: { unit: 'ns', direction: 'lower', samples: around(cpuNs, seed) },
          },
          ['wall'],
          'process',
        ),
      )
    const base = side(spread(30e6, 'bw'), 30e6, 'bc')
    const b = stored(base, side(spread(45e6, 'hw'), 45e6, 'hc'))
    const m = b.metrics.find((x) => x.metric === 'wall')!
    assert.equal(b.verdict, 'regression', m.notes.join('\n'))
    // Wall time alone could not call it.
    assert.match(m.notes.join('\n'), /interval of the change, .* includes no change|could explain/)
    assert.match(
      m.notes.join('\n'),
      /CPU time changed beyond what a change of the machine.*cpu \+(49|50)\.\d+%: regression/,
    )
    // CPU time within the bound leaves wall time unclear: nothing shows the program changed.
    const unclear = stored(base, side(spread(45e6, 'hw'), 33e6, 'hc'))
    assert.equal(unclear.verdict, 'unclear')
  })

  test('more voluntary switches on the side that waited: the program itself waits, judged on wall time', () => {
    const b = stored(proc(30e6, 30e6, 1, 'base'), proc(90e6, 30e6, 40, 'head'))
    assert.equal(b.verdict, 'regression')
    assert.doesNotMatch(b.metrics[0]!.notes.join('\n'), /diverge/)
  })

  test('within one job the divergence rule does not apply', () => {
    const c = compareResults(proc(90e6, 30e6, 1, 'head'), {
      baseline: { results: proc(30e6, 30e6, 1, 'base'), source: 'x', reason: 'r' },
    })
    assert.equal(c.verdict, 'regression')
  })
})

describe('same-job comparisons and exact counts keep their rules', () => {
  test('pairs present: +10% paired is a regression even with acrossMoments set', () => {
    const pairs = { b: Array.from({ length: 20 }, (_, i) => [i, i] as [number, number]) }
    const c = compareResults(wall(110, 'head'), {
      baseline: { results: wall(100, 'base'), source: 'worktree', reason: 'built and measured in this job' },
      pairs,
      acrossMoments: true,
    })
    assert.equal(c.verdict, 'regression')
    assert.doesNotMatch(c.benchmarks[0]!.metrics[0]!.notes.join('\n'), /run-to-run noise/)
  })

  test('an instruction count +10% across moments is still a regression at 5%', () => {
    const count = (value: number) =>
      results(
        okBenchmark({ Ir: { unit: 'instructions', direction: 'lower', value } }, ['Ir'], 'instructions'),
      )
    const b = stored(count(1_000_000), count(1_100_000))
    assert.equal(b.verdict, 'regression')
  })
})
