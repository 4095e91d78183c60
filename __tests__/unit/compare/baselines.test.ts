// What a comparison says of each benchmark beside its verdict: a benchmark with no usable baseline is
// new and shows this run's values alone; a failed side says so; the noise line sums up the drift the
// stored runs of each benchmark show (how many known, their states, their bounds, the runs left out);
// and regressions accepted on purpose (bench.yml's `accept:`, a pull request's label) pass, with who
// and why, while everything else keeps its verdict.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Acceptance, AcceptRule } from '../../../src/accept.ts'
import {
  acceptedRegressions,
  type BenchmarkComparison,
  type CompareOptions,
  type Comparison,
  compareBenchmark,
  compareResults,
} from '../../../src/compare/index.ts'
import type { BenchmarkResult, Contention, Metric, ResultSet } from '../../../src/results.ts'
import type { DriftRun } from '../../../src/stats/index.ts'
import { resultSetOf } from '../../support/helpers.ts'

const createdAt = '2026-11-27T12:00:00.000Z'

/** `n` samples around `center`, spread by ±0.5% (deterministic). */
const around = (center: number, n = 15): number[] =>
  Array.from({ length: n }, (_, i) => center * (1 + 0.01 * (((i * 7) % n) / n - 0.5)))

const sampled = (samples: number[], extra: Partial<Metric> = {}): Metric => ({
  unit: 'ns',
  direction: 'lower',
  samples,
  ...extra,
})

function bench(
  id: string,
  metrics: Record<string, Metric>,
  options: Partial<Omit<BenchmarkResult, 'id' | 'metrics' | 'gate'>> & {
    gate?: string[]
    alpha?: number
  } = {},
): BenchmarkResult {
  const { gate = Object.keys(metrics).slice(0, 1), alpha = 0.01, ...rest } = options
  return {
    id,
    name: id,
    kind: 'import',
    parameters: {},
    status: 'ok',
    metrics,
    gate: { metrics: gate, threshold: 0.05, alpha },
    notes: [],
    ...rest,
  }
}

const results = (benchmarks: BenchmarkResult[], sha = 'f'.repeat(40), at = createdAt): ResultSet =>
  resultSetOf('s', { sha, branch: 'main' }, at, benchmarks)

function compare(head: BenchmarkResult[], base: BenchmarkResult[], options: CompareOptions = {}): Comparison {
  return compareResults(results(head), {
    baseline: { results: results(base, 'e'.repeat(40)), source: 'base.json', reason: 'test' },
    ...options,
  })
}

function benchmarkOf(c: Comparison, id: string): BenchmarkComparison {
  const b = c.benchmarks.find((x) => x.id === id)
  assert.ok(b, `no benchmark ${id}`)
  return b
}

const close = (actual: number, expected: number, what: string, tolerance = 1e-6) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected}`)

/** A machine where the hypervisor took 10% of the CPUs: a busy one. */
const BUSY: Contention = {
  cpus: 2,
  loadAverage: { start: 0, end: 0 },
  windowMs: 1000,
  stealPercent: 10,
  busyPercent: 50,
  otherBusyPercent: 5,
}
/** A quiet machine. */
const QUIET: Contention = { ...BUSY, stealPercent: 0, busyPercent: 3, otherBusyPercent: 1 }

describe('a benchmark without a usable baseline', () => {
  const head = bench(
    'parse',
    {
      wall: sampled([10, 10, 10]),
      score: {
        unit: 'other',
        label: 'points',
        direction: 'higher',
        summary: { center: 7, statistic: 'mean', n: 12 },
      },
      peak: { unit: 'bytes', direction: 'lower', summary: { center: 4 } },
      size: { unit: 'bytes', direction: 'lower', value: 100 },
      none: sampled([]),
    },
    { gate: ['wall', 'size'], notes: ['slow first run'], command: ['./parse'] },
  )
  const one = (v: number) => ({ n: 1, min: v, max: v, mean: v, stddev: 0, median: v, mad: 0, mode: v })

  test('no baseline: new, with every metric that has values shown as this run measured it', () => {
    const b = compareBenchmark(undefined, head)
    assert.equal(b.verdict, 'new')
    assert.deepEqual(b.metrics, [])
    assert.deepEqual(b.notes, ['slow first run'])
    assert.deepEqual(b.headOnly, [
      {
        metric: 'wall',
        unit: 'ns',
        gated: true,
        exact: false,
        summary: { n: 3, min: 10, max: 10, mean: 10, stddev: 0, median: 10, mad: 0, mode: 10 },
      },
      // A tool's own summary: its statistic and how many samples it is of, where the tool says.
      {
        metric: 'score',
        unit: 'other',
        label: 'points',
        summaryOnly: true,
        statistic: 'mean',
        summaryOf: 12,
        gated: false,
        exact: false,
        summary: one(7),
      },
      { metric: 'peak', unit: 'bytes', summaryOnly: true, gated: false, exact: false, summary: one(4) },
      { metric: 'size', unit: 'bytes', gated: true, exact: true, summary: one(100) },
    ])
    // What identifies the benchmark and its gate is kept.
    assert.deepEqual(
      [b.id, b.name, b.kind, b.command, b.threshold, b.alpha],
      ['parse', 'parse', 'import', ['./parse'], 0.05, 0.01],
    )
    assert.equal(Object.hasOwn(b, 'contention'), false)
    assert.equal(Object.hasOwn(b, 'shellCorrection'), false)
  })

  test('a baseline whose run of it failed: new, and the notes say why the baseline is no use', () => {
    const failed = { ...head, status: 'failed' as const, metrics: {}, error: { message: 'exit status 2' } }
    const b = compareBenchmark(failed, head)
    assert.equal(b.verdict, 'new')
    assert.deepEqual(b.notes, ['slow first run', 'the baseline run of this benchmark failed (exit status 2)'])
    assert.deepEqual(
      b.headOnly.map((m) => m.metric),
      ['wall', 'score', 'peak', 'size'],
    )
    // The head's own notes are not written to.
    assert.deepEqual(head.notes, ['slow first run'])
    const silent = compareBenchmark({ ...failed, error: undefined }, head)
    assert.deepEqual(silent.notes, [
      'slow first run',
      'the baseline run of this benchmark failed (no error recorded)',
    ])
  })

  test('this run failed: failed, with its error and notes, and nothing else shown', () => {
    const error = { message: 'exit status 1', exitCode: 1 }
    const failed = { ...head, status: 'failed' as const, error }
    const b = compareBenchmark(head, failed)
    assert.deepEqual(
      [b.verdict, b.metrics, b.headOnly, b.error, b.notes],
      ['failed', [], [], error, ['slow first run']],
    )
  })

  test('how busy each side was and the shell start-up subtracted are kept, for the side that has them', () => {
    const b = compareBenchmark(
      { ...head, contention: BUSY },
      { ...head, shellCorrection: { ns: 900, runs: 20 } },
    )
    assert.deepEqual(b.contention, { base: BUSY })
    assert.deepEqual(b.shellCorrection, { head: { ns: 900, runs: 20 } })
    const other = compareBenchmark(
      { ...head, shellCorrection: { ns: 800, runs: 10 } },
      { ...head, contention: QUIET },
    )
    assert.deepEqual(other.contention, { head: QUIET })
    assert.deepEqual(other.shellCorrection, { base: { ns: 800, runs: 10 } })
    const both = compareBenchmark(undefined, { ...head, contention: QUIET })
    assert.deepEqual(both.contention, { head: QUIET })
    assert.equal(Object.hasOwn(both, 'shellCorrection'), false)
  })
})

describe('regressions accepted on purpose', () => {
  /** time 100 → 120 ns (+20%), its rate the same samples seen as calls per second, memory 1000 → 1500 bytes. */
  const parse = (time: number, memory: number) =>
    bench(
      'parse',
      {
        time: sampled(around(time)),
        rate: sampled(
          around(time).map((t) => 1e9 / t),
          { unit: 'ops/s', direction: 'higher', derivedFrom: 'time' },
        ),
        memory: sampled(around(memory), { unit: 'bytes' }),
      },
      { gate: ['time'] },
    )
  /** Two measurements that both gate, both 20% slower in head. */
  const startup = (level: number) =>
    bench(
      'startup',
      { load: sampled(around(level)), link: sampled(around(2 * level)) },
      { gate: ['load', 'link'] },
    )
  const faster = (level: number) => bench('render', { time: sampled(around(level)) })
  const broken = (): BenchmarkResult => ({
    ...bench('crash', { time: sampled(around(100)) }),
    status: 'failed',
    error: { message: 'exit status 1' },
  })
  const HEAD = [
    parse(120, 1500),
    startup(120),
    faster(80),
    broken(),
    bench('fresh', { time: sampled(around(5)) }),
  ]
  const BASE = [parse(100, 1000), startup(100), faster(100), bench('crash', { time: sampled(around(100)) })]
  const run = (rules: AcceptRule[], rest: Partial<Acceptance> = {}) =>
    compare(HEAD, BASE, { accept: { rules, notes: [], ...rest } })
  const rule = (benchmark: string, extra: Partial<AcceptRule> = {}): AcceptRule => ({
    benchmark,
    reason: 'validates its input now',
    source: 'config',
    ...extra,
  })
  const verdicts = (c: Comparison) =>
    Object.fromEntries(
      c.benchmarks.map((b) => [b.id, [b.verdict, ...b.metrics.map((m) => `${m.metric}:${m.verdict}`)]]),
    )

  test('without acceptances: the slower benchmarks regress, and the run with them', () => {
    const c = compare(HEAD, BASE)
    assert.deepEqual(verdicts(c), {
      parse: ['regression', 'time:regression', 'rate:regression', 'memory:regression'],
      startup: ['regression', 'load:regression', 'link:regression'],
      render: ['improvement', 'time:improvement'],
      crash: ['failed'],
      fresh: ['new'],
    })
    assert.equal(c.verdict, 'failed')
    assert.deepEqual(acceptedRegressions(c), [])
    assert.equal(Object.hasOwn(c, 'acceptance'), false)
  })

  test('a label naming a view of the measurement accepts its gated metric and every view of it, by whom and why', () => {
    const c = run([rule('parse', { metric: 'rate', source: 'label', by: 'octocat' })])
    const by = { reason: 'validates its input now', by: 'octocat', source: 'label' }
    const b = benchmarkOf(c, 'parse')
    assert.deepEqual(verdicts(c).parse, ['accepted', 'time:accepted', 'rate:accepted', 'memory:regression'])
    assert.deepEqual(b.metrics[0]!.accepted, by)
    assert.deepEqual(b.metrics[1]!.accepted, by)
    // Memory is shown for information only: its regression is not the gate's, so nothing accepts it.
    assert.equal(b.metrics[2]!.accepted, undefined)
    assert.deepEqual(acceptedRegressions(c), [
      { benchmark: 'parse', metric: 'time', ...by },
      { benchmark: 'parse', metric: 'rate', ...by },
    ])
    assert.equal(c.counts.accepted, 1)
    assert.equal(c.counts.regression, 1, 'startup still regresses')
  })

  test('an entry without a metric accepts every gated regression of the benchmarks its glob covers, until when it says', () => {
    const c = run([rule('st*', { until: '2026-12-31' })])
    assert.deepEqual(verdicts(c).startup, ['accepted', 'load:accepted', 'link:accepted'])
    const by = { reason: 'validates its input now', source: 'config', until: '2026-12-31' }
    assert.deepEqual(acceptedRegressions(c), [
      { benchmark: 'startup', metric: 'load', ...by },
      { benchmark: 'startup', metric: 'link', ...by },
    ])
    assert.deepEqual(verdicts(c).parse, [
      'regression',
      'time:regression',
      'rate:regression',
      'memory:regression',
    ])
  })

  test('an entry naming one of two gated measurements accepts that one: the other still regresses the benchmark', () => {
    const c = run([rule('startup', { metric: 'link' })])
    assert.deepEqual(verdicts(c).startup, ['regression', 'load:regression', 'link:accepted'])
    assert.deepEqual(
      acceptedRegressions(c).map((a) => a.metric),
      ['link'],
    )
    assert.equal(c.verdict, 'failed')
  })

  test('an entry naming a metric shown only for information accepts nothing', () => {
    const c = run([rule('parse', { metric: 'memory' })])
    assert.deepEqual(verdicts(c).parse, [
      'regression',
      'time:regression',
      'rate:regression',
      'memory:regression',
    ])
    assert.deepEqual(acceptedRegressions(c), [])
  })

  test('the first entry that covers a measurement is the one recorded', () => {
    const c = run([
      rule('nothing*', { reason: 'covers nothing' }),
      rule('parse', { metric: 'memory', reason: 'not the gate' }),
      rule('parse', { reason: 'first' }),
      rule('p*', { reason: 'second' }),
    ])
    assert.deepEqual(
      acceptedRegressions(c).map((a) => [a.metric, a.reason]),
      [
        ['time', 'first'],
        ['rate', 'first'],
      ],
    )
  })

  test('failed, new and improved benchmarks keep their verdicts whatever an entry covers', () => {
    const c = run([rule('*')])
    assert.deepEqual(verdicts(c), {
      parse: ['accepted', 'time:accepted', 'rate:accepted', 'memory:regression'],
      startup: ['accepted', 'load:accepted', 'link:accepted'],
      render: ['improvement', 'time:improvement'],
      crash: ['failed'],
      fresh: ['new'],
    })
    assert.equal(c.verdict, 'failed')
    const passing = compare(
      HEAD.filter((b) => b.id !== 'crash'),
      BASE,
      { accept: { rules: [rule('*')], notes: [] }, filtered: true },
    )
    assert.equal(passing.verdict, 'pass', 'an accepted regression is none')
  })
})

describe('what the report is told of acceptances', () => {
  const HEAD = [bench('parse', { time: sampled(around(100)) })]
  const acceptance = (accept: Acceptance | undefined) =>
    compare(HEAD, HEAD, accept ? { accept } : {}).acceptance

  test('none given, or nothing in them: nothing to say', () => {
    assert.equal(acceptance(undefined), undefined)
    assert.equal(acceptance({ rules: [], notes: [] }), undefined)
    assert.equal(acceptance({ rules: [], notes: [], added: [] }), undefined)
  })

  test('the notes decided before comparing, then the entries that cover nothing in this run', () => {
    const entry = { benchmark: 'gone', reason: 'renamed', source: 'config' as const }
    assert.deepEqual(
      acceptance({
        rules: [entry, { ...entry, benchmark: 'parse', metric: 'ir' }, { ...entry, benchmark: 'parse' }],
        notes: ['accept "old" held until 2026-01-01 and no longer applies: its regressions count again'],
      }),
      {
        notes: [
          'accept "old" held until 2026-01-01 and no longer applies: its regressions count again',
          'accept "gone" matches no benchmark of this run: a stale acceptance?',
          'accept "parse" (metric ir) matches benchmarks of this run, none of which has the metric ir: a stale acceptance?',
        ],
      },
    )
  })

  test('a rule that covers something, alone: an empty list of notes, so the report knows acceptances were given', () => {
    assert.deepEqual(
      acceptance({ rules: [{ benchmark: 'parse', reason: 'r', source: 'config' }], notes: [] }),
      {
        notes: [],
      },
    )
    // A label's rule is not a bench.yml entry: it is never called stale.
    assert.deepEqual(
      acceptance({ rules: [{ benchmark: 'gone', reason: 'r', source: 'label' }], notes: [] }),
      {
        notes: [],
      },
    )
  })

  test('entries the pull request added are passed on for the report to show first', () => {
    const added = [{ benchmark: 'parse', reason: 'new parser' }]
    assert.deepEqual(acceptance({ rules: [], notes: [], added }), { notes: [], added })
  })
})

describe('the noise line: the drift the stored runs show, summed over the benchmarks', () => {
  const at = (i: number) => `2026-11-20T10:0${i}:00.000Z`
  /** Stored runs of one branch: run i at minute i, of commit shas[i], each benchmark at its own center there. */
  function history(
    shas: string,
    centers: Record<string, Array<number | undefined>>,
    extra: (i: number) => Partial<ResultSet> = () => ({}),
    busyAt: number[] = [],
  ): ResultSet[] {
    return [...shas].map((sha, i) => ({
      ...results(
        Object.entries(centers).flatMap(([id, values]) =>
          values[i] === undefined
            ? []
            : [
                {
                  ...bench(id, { time: sampled([values[i]!]) }),
                  ...(busyAt.includes(i) ? { contention: BUSY } : {}),
                },
              ],
        ),
        sha.repeat(40),
        at(i),
      ),
      ...extra(i),
    }))
  }
  const unchanged = (ids: string[], extra: Partial<BenchmarkResult> = {}) =>
    ids.map((id) => ({ ...bench(id, { time: sampled(around(10)) }), ...extra }))

  test('each benchmark’s states of the code, its bound, and the runs left out, named once with how many benchmarks', () => {
    // a: 10, 10.2, 9.9 of commit a, 20 of commit b, 10.1, 9.95 of commit c. The steps to and from the
    // 20 cut three states; the 20 is alone. Within the others, the deviations from each state's median
    // 0, ln 1.02, ln .99 and ±½ ln(10.1 / 9.95) pool to σ = .0142021 over 3 degrees of freedom:
    // exp(t(.995, 3) · √2 · σ) = exp(5.840909 · 1.414214 · .0142021) = 1.124472. b: the same times 3.
    // c: run 1 accepted a regression of time, so run 0 is alone before it; runs 1–5 at 100, 102, 99,
    // 101, 98 are one state (no step between their commits beyond 4 noise scales): deviations from ln 100
    // give σ = .0158139 over 4 degrees of freedom, exp(4.604095 · 1.414214 · .0158139) = 1.108455.
    // d: two runs of one commit, 1 degree of freedom: too few to know.
    const stored = history(
      'aaabcc',
      {
        a: [10, 10.2, 9.9, 20, 10.1, 9.95],
        b: [30, 30.6, 29.7, 60, 30.3, 29.85],
        c: [50, 100, 102, 99, 101, 98],
        d: [undefined, undefined, undefined, undefined, 100, 101],
      },
      (i) =>
        i === 1
          ? { accepted: [{ benchmark: 'c', metric: 'time', reason: 'slower on purpose', source: 'config' }] }
          : {},
    )
    const ids = ['a', 'b', 'c', 'd']
    const c = compare(unchanged(ids), unchanged(ids), { history: { branch: 'main', results: stored } })
    assert.equal(c.history?.runs, 6)
    assert.equal(c.history?.branch, 'main')
    const drift = c.history?.drift
    assert.ok(drift)
    assert.deepEqual([drift.known, drift.unknown, drift.states], [3, 1, [1, 3]])
    close(drift.bounds[0], 1.1084545, 'the narrowest bound')
    close(drift.bounds[1], 1.1244717, 'the widest bound')
    // Oldest first, whichever benchmark named them first.
    assert.deepEqual(drift.leftOut, [
      {
        sha: 'a'.repeat(40),
        createdAt: at(0),
        reason:
          'alone in its state of the code: the code changed again at the next run (it accepted a regression of time)',
        benchmarks: 1,
      },
      {
        sha: 'b'.repeat(40),
        createdAt: at(3),
        reason: 'alone in its state of the code: a step of +100.0% from the commit before',
        benchmarks: 2,
      },
    ])
  })

  test('the bound rests on the gate’s own significance level', () => {
    // 100, 102, 99, 101, 98: σ = .0158139 over 4 degrees of freedom; at α = 0.05 the allowance is
    // exp(t(.975, 4) · √2 · σ) = exp(2.776445 · 1.414214 · .0158139) = 1.064061.
    const stored = history('abcde', { a: [100, 102, 99, 101, 98] })
    const c = compare(
      unchanged(['a'], { gate: { metrics: ['time'], threshold: 0.05, alpha: 0.05 } }),
      unchanged(['a']),
      {
        history: { results: stored },
      },
    )
    const drift = c.history?.drift
    assert.ok(drift)
    assert.deepEqual([drift.known, drift.unknown, drift.states, drift.leftOut], [1, 0, [1, 1], []])
    close(drift.bounds[0], 1.0640612, 'bound')
    close(drift.bounds[1], 1.0640612, 'bound')
  })

  test('no benchmark with a known drift: the bounds say no more than 1', () => {
    const stored = history('ab', { a: [100, 101] })
    const c = compare(unchanged(['a']), unchanged(['a']), { history: { results: stored } })
    assert.deepEqual(c.history?.drift, { known: 0, unknown: 1, states: [1, 1], bounds: [1, 1], leftOut: [] })
  })

  test('no stored run of a compared benchmark’s gated time: no account of drift at all', () => {
    const stored = history('ab', { other: [100, 101] })
    const c = compare(unchanged(['a']), unchanged(['a']), { history: { branch: 'main', results: stored } })
    assert.deepEqual(c.history, { runs: 2, branch: 'main' })
    assert.equal(compare(unchanged(['a']), unchanged(['a'])).history, undefined, 'no history given')
  })

  describe('runs measured on a busy machine', () => {
    // Five quiet runs at 100, 102, 99, 101, 98, the sixth busy at 130, each of its own commit.
    const stored = history('abcdef', { a: [100, 102, 99, 101, 98, 130] }, () => ({}), [5])
    const drift = (base: Contention | undefined, head: Contention | undefined) =>
      compare(
        unchanged(['a'], head ? { contention: head } : {}),
        unchanged(['a'], base ? { contention: base } : {}),
        { history: { results: stored } },
      ).history?.drift

    test('neither side busy: the busy run is left out, and the quiet ones give the bound', () => {
      for (const [base, head] of [
        [undefined, undefined],
        [QUIET, QUIET],
      ] as const) {
        const d = drift(base, head)
        assert.ok(d)
        assert.deepEqual(d.leftOut, [
          {
            sha: 'f'.repeat(40),
            createdAt: at(5),
            reason: 'measured on a busy machine (steal), and neither side compared was',
            benchmarks: 1,
          },
        ])
        close(d.bounds[0], 1.1084545, 'bound')
      }
    })

    test('both sides busy: every run counts, and the spread of the six is capped by the widest pair, 130 / 98', () => {
      const d = drift(BUSY, BUSY)
      assert.ok(d)
      assert.deepEqual([d.known, d.states, d.leftOut], [1, [1, 1], []])
      close(d.bounds[0], 130 / 98, 'bound')
      close(d.bounds[1], 130 / 98, 'bound')
    })

    test('one side busy and the other not: one busy run says nothing of how far the load moves a run, so no change is beyond it', () => {
      for (const [base, head] of [
        [BUSY, QUIET],
        [undefined, BUSY],
      ] as const) {
        const d = drift(base, head)
        assert.ok(d)
        assert.deepEqual(d.leftOut, [], 'no run is left out for being busy')
        assert.deepEqual(d.bounds, [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY])
      }
    })
  })
})

describe('a timed change beside the drift of its stored runs', () => {
  // Five quiet runs of the same code within ±0.5% of each other, then two on a busy machine, 10% and
  // 8% slower. Head is 8% slower than base, significantly so.
  const quietRuns = [100, 100.5, 99.5, 100.2, 99.8]
  const stored: DriftRun[] = [...quietRuns, 110, 108].map((center, i) => ({
    center,
    sha: `${i}`.repeat(40),
    createdAt: `2026-11-20T10:0${i}:00.000Z`,
    ...(i >= 5 ? { busy: 'measured on a busy machine (steal)' } : {}),
  }))
  const side = (level: number, contention?: Contention) => ({
    ...bench('parse', { time: sampled(around(level)) }),
    ...(contention ? { contention } : {}),
  })
  const row = (base: BenchmarkResult, head: BenchmarkResult, runs: DriftRun[] = stored) =>
    compareBenchmark(base, head, { history: new Map([['time', runs]]) }).metrics[0]!

  test('neither side busy: the quiet runs alone give the drift, ±2.5%, and 8% slower is beyond it', () => {
    // ln 100.5, 99.5, 100.2, 99.8 less ln 100: squares 5.80e−5 over 4 degrees of freedom, σ = .003808;
    // exp(4.604095 · √2 · .003808) = 1.0251.
    const m = row(side(100), side(108))
    assert.equal(m.verdict, 'regression')
    assert.ok(m.drift)
    close(m.drift.allowance!, 1.0251, 'allowance', 1e-4)
    assert.deepEqual(
      m.drift.leftOut.map((r) => r.reason),
      [
        'measured on a busy machine (steal), and neither side compared was',
        'measured on a busy machine (steal), and neither side compared was',
      ],
    )
    assert.match(m.notes.join('\n'), /^beyond the drift of the same code over the last 5 runs: ±2\.5%$/m)
  })

  test('both sides busy: the busy runs count too, and 8% slower is within what the machine does', () => {
    const m = row(side(100, BUSY), side(108, BUSY))
    assert.equal(m.verdict, 'unclear')
    assert.deepEqual([m.drift?.used, m.drift?.leftOut, m.drift?.busyUnknown], [7, [], undefined])
    assert.match(m.why!, /^within the drift of the same code over the last 7 runs/)
  })

  test('one side busy and the other not: two busy runs cannot say how far the load moves a run, so unclear', () => {
    for (const [base, head] of [
      [side(100, BUSY), side(108)],
      [side(100), side(108, BUSY)],
    ]) {
      const m = row(base!, head!)
      assert.equal(m.verdict, 'unclear')
      assert.equal(m.drift?.busyUnknown, true)
    }
  })

  test('no stored run of the metric: the change stands on this run’s samples alone', () => {
    const m = row(side(100), side(108), [])
    assert.equal(m.verdict, 'regression')
    assert.equal(Object.hasOwn(m, 'drift'), false)
  })
})

describe('which metric speaks for a benchmark’s drift', () => {
  test('its first gated timed metric: not one shown only for information, not an exact count, not one compared by difference', () => {
    // In the head's order: wall is not gated, delta can be ≤ 0 (compared by difference), ir is an exact
    // count; time is the first gated timed metric. Its runs, 100, 102, 99, 101, 98, give 1.108455 (as
    // above); wall's would give the 1.25 cap, ir's (the same count every run) 1, delta's nothing.
    const metrics = (wall: number, delta: number, ir: number, time: number): Record<string, Metric> => ({
      wall: sampled(around(wall)),
      delta: sampled(around(delta)),
      ir: { unit: 'instructions', direction: 'lower', value: ir },
      time: sampled(around(time)),
    })
    const side = () => bench('x', metrics(100, -10, 1000, 100), { gate: ['delta', 'ir', 'time'] })
    const stored = [
      [100, -10, 1000, 100],
      [110, -11, 1000, 102],
      [90, -9, 1000, 99],
      [105, -10.5, 1000, 101],
      [95, -9.5, 1000, 98],
    ].map(([w, d, i, t], run) =>
      results(
        [bench('x', metrics(w!, d!, i!, t!))],
        `${run + 1}`.repeat(40),
        `2026-11-20T10:0${run}:00.000Z`,
      ),
    )
    const c = compare([side()], [side()], { history: { results: stored } })
    assert.deepEqual(
      benchmarkOf(c, 'x').metrics.map((m) => [m.metric, m.gated, m.exact, m.basis ?? 'ratio']),
      [
        ['wall', false, false, 'ratio'],
        ['delta', true, false, 'difference'],
        ['ir', true, true, 'ratio'],
        ['time', true, false, 'ratio'],
      ],
    )
    const drift = c.history?.drift
    assert.ok(drift)
    assert.deepEqual([drift.known, drift.unknown, drift.states], [1, 0, [1, 1]])
    close(drift.bounds[0], 1.1084545, 'bound')
  })

  test('two stored runs of different commits at the same moment are two runs, each left out on its own', () => {
    // Five quiet runs; then two stored at one instant, of commits e and f: benchmark p was measured
    // on a busy machine in the first, q in the second.
    const level = [100, 102, 99, 101, 98]
    const quiet = level.map((l, i) =>
      results(
        [bench('p', { time: sampled([l]) }), bench('q', { time: sampled([l]) })],
        'abcde'[i]!.repeat(40),
        `2026-11-20T10:0${i}:00.000Z`,
      ),
    )
    const busyRun = (sha: string, busy: string) =>
      results(
        ['p', 'q'].map((id) => ({
          ...bench(id, { time: sampled([100]) }),
          ...(id === busy ? { contention: BUSY } : {}),
        })),
        sha.repeat(40),
        '2026-11-20T10:05:00.000Z',
      )
    const ids = ['p', 'q']
    const side = () => ids.map((id) => bench(id, { time: sampled(around(10)) }))
    const c = compare(side(), side(), {
      history: { results: [...quiet, busyRun('e', 'p'), busyRun('f', 'q')] },
    })
    const reason = 'measured on a busy machine (steal), and neither side compared was'
    assert.deepEqual(c.history?.drift?.leftOut, [
      { sha: 'e'.repeat(40), createdAt: '2026-11-20T10:05:00.000Z', reason, benchmarks: 1 },
      { sha: 'f'.repeat(40), createdAt: '2026-11-20T10:05:00.000Z', reason, benchmarks: 1 },
    ])
  })
})

describe('a benchmark compared with its baseline', () => {
  test('its notes are kept, and a view the gate names after its measurement is named as not gating', () => {
    const side = (level: number, withRate = true) =>
      bench(
        'parse',
        {
          time: sampled(around(level)),
          ...(withRate
            ? {
                rate: sampled(around(1e9 / level), {
                  unit: 'ops/s',
                  direction: 'higher',
                  derivedFrom: 'time',
                }),
              }
            : {}),
        },
        { gate: ['time', 'rate'], notes: ['2 outliers removed'] },
      )
    const b = compareBenchmark(side(100, false), side(100))
    assert.equal(b.verdict, 'unchanged')
    // rate is not compared (the baseline has none), but it does not gate, so nothing gated is missing.
    assert.deepEqual(
      b.metrics.map((m) => m.metric),
      ['time'],
    )
    assert.deepEqual(b.notes, [
      '2 outliers removed',
      'rate not gated: the same samples as time, which the gate names first',
    ])
    const both = compareBenchmark(side(100), side(100))
    assert.deepEqual(
      both.metrics.map((m) => [m.metric, m.gated, m.follows]),
      [
        ['time', true, undefined],
        ['rate', false, 'time'],
      ],
    )
  })

  test('a gated metric the baseline lacks is named; a gated metric both sides have is not', () => {
    const head = bench(
      'parse',
      { time: sampled(around(100)), memory: sampled(around(50)) },
      { gate: ['time', 'memory'] },
    )
    const base = bench('parse', { time: sampled(around(100)) })
    assert.deepEqual(compareBenchmark(base, head).notes, ['no baseline values for gated metric memory'])
    assert.deepEqual(compareBenchmark(head, head).notes, [])
    // A gate naming a metric neither side has.
    const named = { ...head, gate: { ...head.gate, metrics: ['time', 'peak'] } }
    assert.deepEqual(compareBenchmark(head, named).notes, ['no baseline values for gated metric peak'])
  })

  test('this run has no values for what gates: missing, not unchanged', () => {
    const base = bench('parse', { time: sampled(around(100)) })
    const b = compareBenchmark(base, bench('parse', { time: sampled([]) }))
    assert.deepEqual([b.verdict, b.metrics, b.headOnly], ['missing', [], []])
    assert.deepEqual(b.notes, ['not compared: this run has no values for time'])
    const nothing = compareBenchmark(base, bench('parse', {}, { gate: [] }))
    assert.equal(nothing.verdict, 'missing')
    assert.deepEqual(nothing.notes, ['not compared: this run has no values for any metric'])
  })

  test('the baseline has no values for what gates: new, with this run’s values', () => {
    const head = bench('parse', { time: sampled([10, 10, 10]) })
    const b = compareBenchmark(bench('parse', { time: sampled([]) }), head)
    assert.equal(b.verdict, 'new')
    assert.deepEqual(b.notes, ['not compared: the baseline has no values for time'])
    assert.deepEqual(
      b.headOnly.map((m) => [m.metric, m.summary.median]),
      [['time', 10]],
    )
  })

  test('a benchmark compared on its own gets the interval of its change, even an unchanged one', () => {
    // Both sides the same fifteen samples, 99.5 to 100.47: every resampled ratio of medians lies
    // between 99.5 / 100.47 and 100.47 / 99.5.
    const side = bench('parse', { time: sampled(around(100)) })
    const m = compareBenchmark(side, side).metrics[0]!
    assert.equal(m.verdict, 'unchanged')
    assert.ok(m.ci, 'an interval')
    assert.ok(m.ci[0] >= 99.5 / 100.47 && m.ci[0] <= 1 && m.ci[1] >= 1 && m.ci[1] <= 100.47 / 99.5, `${m.ci}`)
  })

  test('compared at different moments with an empty list of stored runs: the bound is assumed, and no drift is shown', () => {
    const m = compareBenchmark(
      bench('parse', { time: sampled(around(100)) }),
      bench('parse', { time: sampled(around(200)) }),
      { history: new Map([['time', []]]), acrossMoments: true },
    ).metrics[0]!
    assert.equal(m.verdict, 'regression')
    assert.equal(Object.hasOwn(m, 'drift'), false)
    assert.match(m.notes.join('\n'), /assumed: no stored runs to know the drift from/)
  })

  describe('the functions whose instructions changed', () => {
    const cost = (name: string, self: number) => ({ name, object: 'parse', self, inclusive: self })
    const side = (ir: number, dr: number, parse: number, gate = ['ir']): BenchmarkResult => ({
      ...bench(
        'parse',
        {
          ir: { unit: 'instructions', direction: 'lower', value: ir },
          dr: { unit: 'instructions', direction: 'lower', value: dr },
        },
        { gate },
      ),
      kind: 'instructions',
      functions: [cost('main', 400), cost('parse', parse)],
    })

    test('listed when a gated count changed: parse 600 → 700 instructions, +16.7%', () => {
      const b = compareBenchmark(side(1000, 500, 600), side(1100, 500, 700))
      assert.equal(b.verdict, 'regression')
      assert.deepEqual(b.functionChanges, [
        { name: 'parse', base: 600, head: 700, delta: 100, deltaPercent: (100 / 600) * 100 },
      ])
      // One of two gated counts changed is enough.
      const one = compareBenchmark(side(1000, 500, 600, ['ir', 'dr']), side(1100, 500, 700, ['ir', 'dr']))
      assert.equal(one.functionChanges?.length, 1)
    })

    test('not listed when no gated count changed, even if an ungated one did', () => {
      assert.equal(compareBenchmark(side(1000, 500, 600), side(1000, 500, 700)).functionChanges, undefined)
      assert.equal(compareBenchmark(side(1000, 500, 600), side(1000, 900, 700)).functionChanges, undefined)
    })

    test('call paths: for a regression or an improvement with a call tree on both sides, and for no other', () => {
      const tree = (parse: number) => ({
        total: 400 + parse,
        frames: [
          { name: 'main', ir: 400 + parse, depth: 0 },
          { name: 'parse', ir: parse, depth: 1 },
        ],
      })
      const withTree = (ir: number, parse: number) => ({ ...side(ir, 500, parse), callTree: tree(parse) })
      // main 1,000 → 1,100 is parse's 600 → 700: parse is the path that changed.
      const regression = compareBenchmark(withTree(1000, 600), withTree(1100, 700))
      assert.equal(regression.verdict, 'regression')
      assert.deepEqual(regression.callPaths?.changes, [
        { path: ['main', 'parse'], base: 600, head: 700, delta: 100 },
      ])
      assert.deepEqual(regression.callPaths?.head, tree(700), "head's tree, for the flame graph")
      const improvement = compareBenchmark(withTree(1100, 700), withTree(1000, 600))
      assert.equal(improvement.verdict, 'improvement')
      assert.equal(improvement.callPaths?.changes[0]?.delta, -100)
      // Within the threshold: unchanged, no call paths.
      assert.equal(compareBenchmark(withTree(100_000, 600), withTree(100_001, 601)).callPaths, undefined)
      // A baseline written before call trees were kept.
      assert.equal(compareBenchmark(side(1000, 500, 600), withTree(1100, 700)).callPaths, undefined)
    })
  })
})
