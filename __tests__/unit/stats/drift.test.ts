// The machine's drift between stored runs (src/stats/drift.ts) and what the stored runs record of the
// code (src/compare/drift-history.ts): states of the code cut where something says it changed, a robust
// spread of the runs within them, Student's t for how few they are, and the rule across moments.
// Expected values are worked by hand (a calculator and a printed t table), shown beside each.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type HistoryRuns, historyRuns } from '../../../src/compare/drift-history.ts'
import type { BenchmarkResult, Metric, ResultSet } from '../../../src/results.ts'
import {
  CLIP,
  type DriftRun,
  decideAcrossMoments,
  describeDrift,
  driftBound,
  estimateDrift,
  REJECT,
  SeededRandom,
  studentTCdf,
  studentTQuantile,
  UNKNOWN_NOISE_BOUND,
  withinDrift,
} from '../../../src/stats/index.ts'
import { resultSetOf } from '../../support/helpers.ts'

const close = (actual: number, expected: number, tolerance = 1e-9, what = '') =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what} ${actual}, expected ${expected}`)

/** The time of the i-th run of a history: a minute apart. */
const minute = (i: number) => new Date(Date.UTC(2026, 10, 27, 10, i)).toISOString()

/** Runs at these centers, a minute apart, with these commits (one letter each). */
function runs(centers: number[], shas: string, extra: Partial<DriftRun>[] = []): DriftRun[] {
  return centers.map((center, i) => ({ center, sha: shas[i]!.repeat(8), createdAt: minute(i), ...extra[i] }))
}

/** Runs of one commit (a clean tree) at these offsets from 100 on the log scale. */
const oneCommit = (ys: number[]) =>
  estimateDrift(
    runs(
      ys.map((y) => 100 * Math.exp(y)),
      'a'.repeat(ys.length),
    ),
    { alpha: 0.01 },
  )
/** The reason a run is left out for lying beyond REJECT times the others' spread. */
const beyond = (change: string) =>
  `${change} from the median of its state of the code, beyond 8 times the runs’ usual spread`

describe("Student's t", () => {
  test('quantiles match the printed table (t 0.995 and 0.975, 1 to 30 degrees of freedom, and ∞)', () => {
    const table: Array<[number, number, number]> = [
      [1, 63.657, 12.706],
      [2, 9.925, 4.303],
      [3, 5.841, 3.182],
      [4, 4.604, 2.776],
      [5, 4.032, 2.571],
      [9, 3.25, 2.262],
      [10, 3.169, 2.228],
      [29, 2.756, 2.045],
      [30, 2.75, 2.042],
    ]
    for (const [df, q995, q975] of table) {
      close(studentTQuantile(0.995, df), q995, 5e-4, `t(0.995, ${df})`)
      close(studentTQuantile(0.975, df), q975, 5e-4, `t(0.975, ${df})`)
    }
    close(studentTQuantile(0.995, 1e7), 2.5758, 1e-4, 'the normal limit')
    close(studentTQuantile(0.005, 4), -4.604, 5e-4, 'the lower tail')
    // With one degree of freedom t is Cauchy: P(T ≤ 1) = 3/4 exactly.
    close(studentTCdf(1, 1), 0.75, 1e-12)
    close(studentTCdf(0, 7), 0.5, 1e-15)
  })
})

describe('estimateDrift', () => {
  test('one state of five commits: the spread of their logs around the median, widened by t(0.995, 4)', () => {
    // ln 100, 102, 99, 101, 98 less ln 100 (the median): 0, .019803, −.010050, .009950, −.020203;
    // squares summed .00100032, over 4 degrees of freedom: σ = .0158139. Allowance
    // exp(4.604095 · √2 · .0158139) = 1.108455.
    const e = estimateDrift(runs([100, 102, 99, 101, 98], 'abcde'), { alpha: 0.01 })
    assert.deepEqual([e.runs, e.used, e.states, e.df, e.largest], [5, 5, 1, 4, 5])
    close(e.sigma, 0.0158138528, 1e-9, 'σ')
    close(e.allowance!, 1.1084545, 1e-6, 'allowance')
    // Neighbours differ by .019803, .029853, .020001, .030154: their median .024927 × 1.4826/√2.
    close(e.scale, 0.0261321888, 1e-9, 'σ₀')
    assert.deepEqual([e.splits, e.leftOut, e.clipped], [[], [], []])
    close(driftBound(e), 1.1084545, 1e-6)
  })

  test('a stored 2× run between clean and fixed runs is a state of its own, and widens nothing', () => {
    // The history of the report: 3M ×3 (one commit), 6M ×1, 3M ×2 (the fix). The steps between the
    // commits' medians, 10 → 20 → 10.025, are beyond 4 σ₀ (σ₀ = .026028 from the pairs of runs of one commit and neighbouring
    // runs); the 6M run is alone. Within the states: 0, .0198026, −.0100503 and ±.0074813: squares
    // .00060509 over 3 degrees of freedom, σ = .0142021; exp(5.840909 · √2 · .0142021) = 1.124472.
    const e = estimateDrift(runs([10, 10.2, 9.9, 20, 10.1, 9.95], 'aaabcc'), { alpha: 0.01 })
    assert.deepEqual([e.states, e.df, e.used], [3, 3, 5])
    close(e.sigma, 0.0142020782, 1e-8, 'σ')
    close(e.allowance!, 1.1244717, 1e-6, 'allowance')
    assert.deepEqual(
      e.splits.map((s) => [s.sha, s.reason]),
      [
        ['bbbbbbbb', 'a step of +100.0% from the commit before'],
        ['cccccccc', 'a step of −49.9% from the commit before'],
      ],
    )
    assert.deepEqual(e.leftOut, [
      {
        sha: 'bbbbbbbb',
        createdAt: '2026-11-27T10:03:00.000Z',
        reason: 'alone in its state of the code: a step of +100.0% from the commit before',
      },
    ])
    // The widest pairwise ratio this replaces was 20 / 9.9 = 2.02: every change up to 2× was "drift".
    assert.ok(driftBound(e) < 1.13)
  })

  test('a change of the code the runs record is not drift: the same spread at any size of step', () => {
    // 100, 101, 99 | 106, 107, 105 with the second state begun by an accepted regression: within the
    // states .0100503 and −.0100503 around each median, twice; σ = √(4 · .0001010 / 4) = .0100503… as
    // computed: .0097215 (the medians are 100 and 106, so the deviations are ln(101/100), ln(99/100),
    // ln(107/106), ln(105/106)).
    const accepted = { startsState: 'it accepted a regression of wall' }
    const step = (factor: number) =>
      estimateDrift(
        runs([100, 101, 99, 106 * factor, 107 * factor, 105 * factor], 'abcdef', [{}, {}, {}, accepted]),
        { alpha: 0.01 },
      )
    const e = step(1)
    assert.deepEqual([e.states, e.df], [2, 4])
    close(e.sigma, 0.0097215244, 1e-9, 'σ')
    close(e.allowance!, 1.0653448, 1e-6, 'allowance')
    assert.deepEqual(e.splits, [
      { sha: 'dddddddd', createdAt: '2026-11-27T10:03:00.000Z', reason: 'it accepted a regression of wall' },
    ])
    for (const factor of [0.5, 1.9, 10])
      close(step(factor).sigma, e.sigma, 1e-12, `a step of ×${factor * 1.06}`)
    // Unrecorded, the +6% step is below 4 σ₀ (.0683 < .1119) and stays in one state: the deviations
    // around the median of six, clipped at 3 σ₀ (none is), give σ = .0330817 and ±20.8%.
    const unrecorded = estimateDrift(runs([100, 101, 99, 106, 107, 105], 'abcdef'), { alpha: 0.01 })
    assert.equal(unrecorded.states, 1)
    close(unrecorded.sigma, 0.0330817, 1e-6, 'σ without the record')
    close(unrecorded.allowance!, 1.2076087, 1e-6)
  })

  test('a change point the history’s detector finds cuts the state, where no single step is large enough to', () => {
    // 24 commits, one run each: twelve around 100, then the same twelve deviations around 104. The
    // +4% step is below 4 σ₀ √2 = .0593 (σ₀ = .0104836 from neighbouring differences), but the
    // detector (PELT, confirmed by a permutation test) finds it. Within each half, the deviations
    // from the median (.0005) sum in squares to .000379; twice that over 22 degrees of freedom:
    // σ = .0058698.
    const noise = [0.004, -0.006, 0.009, -0.002, 0.0, 0.007, -0.009, 0.003, -0.004, 0.006, -0.007, 0.001]
    const centers = [...noise.map((n) => 100 * Math.exp(n)), ...noise.map((n) => 104 * Math.exp(n))]
    const shas = 'abcdefghijklmnopqrstuvwx'
    const e = estimateDrift(runs(centers, shas), { alpha: 0.01 })
    assert.deepEqual(
      e.splits.map((s) => [s.sha, s.reason]),
      [['mmmmmmmm', 'a change point in the history (+4.0%)']],
    )
    assert.deepEqual([e.states, e.df], [2, 22])
    close(e.scale, 0.0104835651, 1e-9, 'σ₀')
    close(e.sigma, 0.0058697994, 1e-9, 'σ')
  })

  test('one wild run: a little wild counts as CLIP σ₀, far wild is left out; how wild makes no difference', () => {
    // Six runs of one commit, the last slow. σ₀ = 1.4826/√2 × the median of the 15 pairwise
    // differences = .0156864. At 106 its deviation from the median of the six, .0557751, counts as
    // 3 σ₀ = .0470593: squares .00249631 over 5, σ = .0223442, exp(4.032143 · √2 · .0223442) = 1.135887.
    const wild = (slow: number) =>
      estimateDrift(runs([100, 101, 99, 100.5, 99.5, slow], 'aaaaaa'), { alpha: 0.01 })
    const e = wild(106)
    assert.deepEqual([CLIP, REJECT], [3, 8])
    close(e.scale, 0.015686425, 1e-9, 'σ₀')
    close(e.sigma, 0.022344184, 1e-9, 'σ')
    close(e.allowance!, 1.1358866, 1e-6)
    assert.deepEqual(
      e.clipped.map((c) => [c.sha, c.deviation.toFixed(4)]),
      [['aaaaaaaa', '1.0574']],
    )
    for (const slow of [106.5, 107, 108]) close(wild(slow).sigma, e.sigma, 1e-12, `a run at ${slow}`)
    // At 110 it lies beyond 8 times the spread of the others (their pairwise differences' scale,
    // .0104576; 110 is +10.0%, ln 1.1 = .0953, from their median 100): left out, named, and the others' own spread
    // holds: 0, .0099503, −.0100503, .0049875, −.0050125 over 4, σ = .0079060, ±5.28%.
    const far = wild(110)
    assert.deepEqual([far.used, far.df, far.clipped], [5, 4, []])
    assert.deepEqual(
      far.leftOut.map((r) => r.reason),
      [beyond('+10.0%')],
    )
    close(far.sigma, 0.0079060022, 1e-9, 'σ without it')
    close(far.allowance!, 1.0528253, 1e-6)
    for (const slow of [140, 400, 1e6]) close(wild(slow).sigma, far.sigma, 1e-12, `a run at ${slow}`)
    const clean = estimateDrift(runs([100, 101, 99, 100.5, 99.5], 'aaaaa'), { alpha: 0.01 })
    close(clean.allowance!, far.allowance!, 1e-12, 'as if it had never run')
  })

  test('runs measured on a busy machine: left out when neither side was, counted when either was', () => {
    const busy = { busy: 'measured while other programs used 51% of the CPUs' }
    const history = runs([100, 101, 160, 158, 99, 100.5], 'abcdef', [{}, {}, busy, busy])
    const quiet = estimateDrift(history, { alpha: 0.01, sides: 'quiet' })
    assert.equal(quiet.used, 4)
    assert.deepEqual(
      quiet.leftOut.map((r) => r.reason),
      Array(2).fill('measured while other programs used 51% of the CPUs, and neither side compared was'),
    )
    // Both busy: every run, and the steps between quiet and busy runs are the load's, not cuts.
    const both = estimateDrift(history, { alpha: 0.01, sides: 'busy' })
    assert.deepEqual([both.used, both.states, both.splits], [6, 1, []])
    assert.ok(driftBound(both) > 1.5, 'the busy runs show how far the load moves a run')
    assert.equal(both.busyUnknown, undefined)
    // One side busy, and fewer than 3 stored busy runs to show what the load does: no bound holds.
    const none = estimateDrift(runs([100, 101, 99, 100.5], 'abcd'), { alpha: 0.01, sides: 'mixed' })
    assert.equal(none.busyUnknown, true)
    assert.equal(driftBound(none), Number.POSITIVE_INFINITY)
    assert.equal(estimateDrift(history, { alpha: 0.01, sides: 'mixed' }).busyUnknown, true, 'two busy runs')
    // Three: the quiet runs' drift (100, 101, 99, 100.5 around their median 100.25: σ = .0086678 on 3)
    // and the busy runs' distance from that median (ln 160/100.25, 158/100.25, 162/100.25: root mean
    // square .46757), exp(t(0.995, 3) · √(σ² + .46757²)) = exp(5.8409 · .46765) = 15.356. Not capped.
    const three = runs([100, 101, 160, 158, 162, 99, 100.5], 'abcdefg', [{}, {}, busy, busy, busy])
    const mixed = estimateDrift(three, { alpha: 0.01, sides: 'mixed' })
    assert.equal(mixed.mixed?.busyRuns, 3)
    close(mixed.sigma, 0.008667808, 1e-9, 'the quiet runs’ σ')
    close(mixed.mixed!.busySigma, 0.4675691891, 1e-9, 'the busy runs’')
    close(driftBound(mixed), 15.35588, 1e-4)
    assert.deepEqual(mixed.leftOut, [], 'no busy run is left out for being busy')
  })

  test('too few runs of one state: no allowance, and the bound is ±25% or what such runs showed', () => {
    const one = estimateDrift(runs([100], 'a'), { alpha: 0.01 })
    assert.deepEqual([one.allowance, one.df, one.largest, one.leftOut.length], [undefined, 0, 1, 0])
    assert.equal(driftBound(one), UNKNOWN_NOISE_BOUND)
    assert.equal(driftBound(undefined), 1.25)
    // Two runs of one commit 40% apart: df 1, no allowance; the bound is their own spread.
    const two = estimateDrift(runs([100, 140], 'aa'), { alpha: 0.01 })
    assert.equal(two.allowance, undefined)
    close(driftBound(two), 1.4, 1e-12)
    // An allowance wider than ±25% is capped there unless runs of one state differed by more.
    const three = estimateDrift(runs([100, 110, 95], 'aaa'), { alpha: 0.01 })
    assert.ok(three.allowance! > 1.25)
    assert.equal(driftBound(three), 1.25)
  })

  test('identical medians (a clock’s resolution) give a zero spread, not a division by zero', () => {
    const e = estimateDrift(runs([1000, 1000, 1000, 1000], 'abcd'), { alpha: 0.01 })
    assert.deepEqual([e.sigma, e.scale, e.allowance, e.states, e.clipped], [0, 0, 1, 1, []])
  })

  test('an unchanged head lies beyond the allowance in about α of comparisons, not more', () => {
    // 4,000 simulated histories of n runs of one state with normal drift (σ 2%); the newest stored run
    // is the baseline, the head one more draw of the state, judged against the state's median.
    const random = new SeededRandom('drift-guarantee')
    const normal = () => {
      const u = 1 - random.nextFloat()
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextFloat())
    }
    for (const n of [3, 5, 10, 30]) {
      let beyond = 0
      const trials = 4000
      for (let t = 0; t < trials; t++) {
        const centers = Array.from({ length: n }, () => Math.exp(0.02 * normal()))
        const newest: Partial<DriftRun>[] = Array.from({ length: n }, (_, i) =>
          i === n - 1 ? { baseline: true } : {},
        )
        const e = estimateDrift(runs(centers, 'a'.repeat(n), newest), { alpha: 0.01 })
        const ratio = Math.exp(0.02 * normal()) / centers[n - 1]!
        if (!withinDrift(ratio, e)) beyond++
      }
      assert.ok(beyond / trials <= 0.015, `${n} runs: ${beyond} of ${trials} beyond`)
    }
  })
})

/** Runs as `runs` gives them, without a commit: a history of runs of a dirty tree or an import. */
const unnamed = (centers: number[], extra: Partial<DriftRun>[] = []): DriftRun[] =>
  runs(centers, 'x'.repeat(centers.length), extra).map(({ sha: _, ...r }) => r)
describe('estimateDrift: each step, on a history built to reach it', () => {
  test('alpha outside (0, 1) is refused, whichever sides were busy', () => {
    for (const alpha of [0, 1, -0.1, 1.5, Number.NaN])
      for (const sides of ['quiet', 'busy', 'mixed'] as const)
        assert.throws(() => estimateDrift(runs([100, 101, 102], 'abc'), { alpha, sides }), {
          name: 'RangeError',
          message: `alpha must be in (0, 1), got ${alpha}`,
        })
  })

  test('one run: nothing to estimate, and nothing claimed', () => {
    assert.deepEqual(estimateDrift(runs([100], 'a'), { alpha: 0.01 }), {
      runs: 1,
      used: 0,
      states: 1,
      df: 0,
      sigma: 0,
      scale: 0,
      widest: 1,
      largest: 1,
      splits: [],
      leftOut: [],
      clipped: [],
    })
  })

  test('runs stored out of time order are read in time order', () => {
    const inOrder = runs([10, 10.2, 9.9, 20, 10.1, 9.95], 'aaabcc')
    const shuffled = [3, 0, 5, 1, 4, 2].map((i) => inOrder[i]!)
    assert.deepEqual(estimateDrift(shuffled, { alpha: 0.01 }), estimateDrift(inOrder, { alpha: 0.01 }))
    assert.equal(estimateDrift(shuffled, { alpha: 0.01 }).states, 3)
  })

  test('a run whose value is 0 or not a number says nothing of the drift', () => {
    const all = runs([100, 0, 102, Number.NaN, 99, -3, 101], 'abcdefg')
    const kept = [all[0]!, all[2]!, all[4]!, all[6]!]
    const e = estimateDrift(all, { alpha: 0.01 })
    assert.equal(e.runs, 4)
    assert.deepEqual(e, estimateDrift(kept, { alpha: 0.01 }))
  })

  test('runs without a commit: named by their time alone, and alone at either end of the history', () => {
    // Each run its own group. Neighbours differ by ln 2, .004988, .007491, .005000, .007528 and
    // ln(400/199) = .698; their median .007510 × 1.4826/√2 = .007873 gives steps a limit of
    // 4 × .007873 × √2 = .0445: the doubling and the last step cut, the rest do not.
    const e = estimateDrift(unnamed([100, 200, 201, 199.5, 200.5, 199, 400]), { alpha: 0.01 })
    assert.equal(e.states, 3)
    assert.deepEqual(e.splits, [
      { createdAt: minute(1), reason: 'a step of +100.0% from the commit before' },
      { createdAt: minute(6), reason: 'a step of +101.0% from the commit before' },
    ])
    assert.deepEqual(e.leftOut, [
      {
        createdAt: minute(0),
        reason:
          'alone in its state of the code: the code changed again at the next run (a step of +100.0% from the commit before)',
      },
      {
        createdAt: minute(6),
        reason: 'alone in its state of the code: a step of +101.0% from the commit before',
      },
    ])
  })

  test('runs of one commit are one group, each neighbouring group one difference, a dirty run its own', () => {
    // a a b b at 100, 101, 101.5, 103: the pairs within a and within b, and a's last run against b's
    // first: ln(101/100) = .0099503, ln(103/101.5) = .0146702, ln(101.5/101) = .0049383; median .0099503,
    // × 1.4826/√2 = .0104315.
    close(estimateDrift(runs([100, 101, 101.5, 103], 'aabb'), { alpha: 0.01 }).scale, 0.010431494, 1e-9)
    // The first run of a dirty tree, then two clean runs of its commit: the dirty run against the
    // first clean one (.0099503) and the clean pair (ln(103/101) = .0196085); median .0147794 → .0154941.
    const dirty = runs([100, 101, 103], 'aaa', [{ dirty: true }])
    close(estimateDrift(dirty, { alpha: 0.01 }).scale, 0.015494081, 1e-9)
  })

  test('a step between commits of two runs each is judged by the noise of two medians of two', () => {
    // a a b b at 100, 101, 106, 107: σ₀ = 1.4826/√2 × median(.0099503, ln(106/101) = .0483177,
    // .0093897) = .0104315. The medians' step, ½ ln(106 · 107 / (100 · 101)) = .0579886, is beyond
    // 4 σ₀ √(1/2 + 1/2) = .0417260 (but would not be beyond 4 σ₀ √(2 + 2) or √(1/2 + 2)).
    const e = estimateDrift(runs([100, 101, 106, 107], 'aabb'), { alpha: 0.01 })
    assert.deepEqual(
      e.splits.map((s) => [s.sha, s.reason]),
      [['bbbbbbbb', 'a step of +6.0% from the commit before']],
    )
    assert.equal(e.states, 2)
  })

  test('a busy run left out still says the code changed: the next run kept starts the state', () => {
    const busy = { busy: 'measured while other programs used 51% of the CPUs' }
    const accepted = { ...busy, startsState: 'it accepted a regression of wall' }
    const centers = [100, 101, 150, 100.5, 99.5, 100.2]
    const e = estimateDrift(runs(centers, 'abcdef', [{}, {}, accepted]), { alpha: 0.01 })
    assert.deepEqual(e.splits, [
      { sha: 'dddddddd', createdAt: minute(3), reason: 'it accepted a regression of wall' },
    ])
    assert.equal(e.states, 2)
    // The next run's own record of a change is the one named.
    const own = { startsState: 'it accepted a regression of cpu' }
    const both = estimateDrift(runs(centers, 'abcdef', [{}, {}, accepted, own]), { alpha: 0.01 })
    assert.deepEqual(
      both.splits.map((s) => s.reason),
      ['it accepted a regression of cpu'],
    )
    // A busy run that records no change starts nothing.
    const plain = estimateDrift(runs(centers, 'abcdef', [{}, {}, busy]), { alpha: 0.01 })
    assert.deepEqual([plain.states, plain.splits], [1, []])
  })

  test('a wild run is judged by the spread of the differences it takes no part in: the exact median of them', () => {
    // Six runs of one commit at ln-offsets 0, .01, .03, .07, .15 and w. Without w the ten pairwise
    // differences are .01 .02 .03 .04 .06 .07 .08 .12 .14 .15: median .065, × 1.4826/√2 = .0681432;
    // 8 times that is .545145. The others' median is .03, so w = .58 (.55 away) is left out and
    // w = .57 (.54 away) is only clipped.
    const even = (w: number) => oneCommit([0, 0.01, 0.03, 0.07, 0.15, w])
    assert.deepEqual(
      even(0.58).leftOut.map((r) => r.reason),
      [beyond('+73.3%')],
    )
    assert.deepEqual([even(0.57).leftOut, even(0.57).used], [[], 6])
    // Seven runs, w the first: without it .31 joins and the fifteen differences (.01 … .31) have the
    // median .12: × 1.4826/√2 × 8 = 1.006422. The others' median is .05: w = 1.06 is left out, 1.05 kept.
    const odd = (w: number) => oneCommit([w, 0, 0.01, 0.03, 0.07, 0.15, 0.31])
    assert.deepEqual(
      odd(1.06).leftOut.map((r) => r.reason),
      [beyond('+174.6%')],
    )
    assert.deepEqual([odd(1.05).leftOut, odd(1.05).used], [[], 7])
    // A clock's resolution: the others at 0, 0, 0, 0 and one tick (.01): six differences of 0 and four
    // of .01, median 0, so their mean .004 × √π/2 = .0035449; 8 times that is .0283593. A run .03 away
    // is left out, one .028 away kept.
    const ticks = (w: number) => oneCommit([0, 0, 0, 0, 0.01, w])
    assert.deepEqual(
      ticks(0.03).leftOut.map((r) => r.reason),
      [beyond('+3.0%')],
    )
    assert.deepEqual(ticks(0.028).leftOut, [])
  })

  test('two runs stored at the same instant are told apart by their commit', () => {
    // a alone (the code doubled at the next run, b, stored the same millisecond), then b c d.
    const at = minute(0)
    const e = estimateDrift(
      runs([100, 200, 201, 199], 'abcd').map((r, i) => (i < 2 ? { ...r, createdAt: at } : r)),
      { alpha: 0.01 },
    )
    assert.deepEqual(e.leftOut, [
      {
        sha: 'aaaaaaaa',
        createdAt: at,
        reason:
          'alone in its state of the code: the code changed again at the next run (a step of +100.0% from the commit before)',
      },
    ])
  })

  test('six identical runs: none is wild, however small the spread of the others (0)', () => {
    const e = estimateDrift(runs([1000, 1000, 1000, 1000, 1000, 1000], 'aaaaaa'), { alpha: 0.01 })
    assert.deepEqual([e.used, e.leftOut, e.clipped, e.sigma], [6, [], [], 0])
  })

  test('where more than half the differences are 0, the scale is their mean × √π/2', () => {
    // 1000, 1000, 1000, 1001: differences 0, 0, ln 1.001 = .0009995; mean .00033317 × √π/2 = .00029526.
    const e = estimateDrift(runs([1000, 1000, 1000, 1001], 'abcd'), { alpha: 0.01 })
    close(e.scale, 0.000295261369, 1e-12, 'σ₀')
  })

  test('with both sides busy every run counts, however wild', () => {
    const e = estimateDrift(runs([100, 101, 99, 100.5, 99.5, 110], 'aaaaaa'), { alpha: 0.01, sides: 'busy' })
    assert.deepEqual([e.used, e.leftOut, e.clipped], [6, [], []])
  })
})

describe('estimateDrift with one side busy', () => {
  const busy = { busy: 'measured while other programs used 51% of the CPUs' }
  // Without commits: 80 alone (the code changed at the next run), 100 101 99, then a regression
  // accepted at 120: 120 121 119 quiet and 150 152 148 busy.
  const history = unnamed(
    [80, 100, 101, 99, 120, 121, 119, 150, 152, 148],
    [
      {},
      { startsState: 'it accepted an improvement of wall' },
      {},
      {},
      { startsState: 'it accepted a regression of wall' },
      {},
      {},
      busy,
      busy,
      busy,
    ],
  )

  test('the quiet drift and how far the busy runs lie from the quiet median of their own state', () => {
    // Quiet: ln(101/100), ln(99/100), ln(121/120), ln(119/120) on 4 df: σ = .0092048. Busy: ln(150/120),
    // ln(152/120), ln(148/120), root mean square .2233498. t(0.995, min(4, 3)) = 5.840909:
    // exp(5.840909 · √(σ² + .2233498²)) = 3.690173.
    const e = estimateDrift(history, { alpha: 0.01, sides: 'mixed' })
    close(e.sigma, 0.0092048366, 1e-9, 'σ')
    close(e.mixed!.busySigma, 0.2233498004, 1e-9, 'busy')
    assert.equal(e.mixed!.busyRuns, 3)
    close(e.allowance!, 3.690173, 1e-5, 'allowance')
    // The run alone stays left out and named; the busy runs are not left out for being busy.
    assert.deepEqual(e.leftOut, [
      {
        createdAt: minute(0),
        reason:
          'alone in its state of the code: the code changed again at the next run (it accepted an improvement of wall)',
      },
    ])
    assert.equal(
      describeDrift(e, 10),
      'the drift of the same code over the last 6 quiet runs, and what a busy moment did to 3 others: ±269.0%',
    )
    assert.deepEqual(
      estimateDrift([...history].reverse(), { alpha: 0.01, sides: 'mixed' }),
      e,
      'in any order',
    )
  })

  test('runs of value 0, quiet or busy, move nothing', () => {
    const zeros = [
      ...history,
      { center: 0, createdAt: minute(10) },
      { center: 0, createdAt: minute(11), ...busy },
    ]
    assert.deepEqual(
      estimateDrift(zeros, { alpha: 0.01, sides: 'mixed' }),
      estimateDrift(history, { alpha: 0.01, sides: 'mixed' }),
    )
  })

  test('busy runs with no quiet run of their state, or quiet runs too few for a drift: no bound', () => {
    const accepted = { ...busy, startsState: 'it accepted a regression of wall' }
    const apart = runs([100, 101, 99, 100.5, 150, 152, 148], 'abcdeee', [
      {},
      {},
      {},
      {},
      accepted,
      busy,
      busy,
    ])
    assert.equal(estimateDrift(apart, { alpha: 0.01, sides: 'mixed' }).busyUnknown, true)
    const fewQuiet = runs([100, 101, 150, 152, 148], 'aaaaa', [{}, {}, busy, busy, busy])
    const e = estimateDrift(fewQuiet, { alpha: 0.01, sides: 'mixed' })
    assert.deepEqual([e.busyUnknown, e.mixed], [true, undefined])
  })
})

describe('withinDrift and the notes', () => {
  test('a ratio that is not a positive number is never within the drift, not even an unbounded one', () => {
    const unbounded = estimateDrift(runs([100, 101, 99], 'abc'), { alpha: 0.01, sides: 'mixed' })
    assert.equal(driftBound(unbounded), Number.POSITIVE_INFINITY)
    for (const ratio of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.equal(withinDrift(ratio, unbounded), false, `${ratio}, unbounded`)
      assert.equal(withinDrift(ratio, undefined), false, `${ratio}`)
    }
    assert.equal(withinDrift(3, unbounded), true)
  })

  test('within the bound on both sides, the bound itself included', () => {
    assert.equal(withinDrift(1.25, undefined), true)
    assert.equal(withinDrift(1.26, undefined), false)
    assert.equal(withinDrift(0.81, undefined), true)
    assert.equal(withinDrift(0.5, undefined), false)
  })

  test('the words for each bound: differed runs, a single change, an improvement, an unbounded drift', () => {
    // Two runs of one commit 40% apart: the bound is how far they differed.
    const two = estimateDrift(runs([100, 140], 'aa'), { alpha: 0.01 })
    assert.equal(describeDrift(two, 2), '±40.0%, how far 2 stored runs of the same code differed')
    assert.deepEqual(decideAcrossMoments('regression', [1.3, 1.3], 'lower', undefined, 1), {
      verdict: 'regression',
      note: 'across moments, a regression needs the whole interval beyond +25.0% (±25.0%, assumed: only 1 stored run of the same code, too few to know its drift); the change is +30.0%',
    })
    assert.deepEqual(decideAcrossMoments('regression', [1, 1], 'lower', undefined, 1), {
      verdict: 'unclear',
      note: 'across moments, a regression needs the whole interval beyond +25.0% (±25.0%, assumed: only 1 stored run of the same code, too few to know its drift); the change is ±0.0%, which a change of the machine between the runs could explain',
      why: 'within ±25.0%, assumed: only 1 stored run of the same code, too few to know its drift',
    })
    assert.equal(
      decideAcrossMoments('improvement', [0.7, 0.75], 'lower', undefined, 0).note,
      'across moments, an improvement needs the whole interval beyond −20.0% (±25.0%, assumed: no stored runs to know the drift from); the interval is −30.0% to −25.0%',
    )
    const unbounded = estimateDrift(runs([100, 101, 99], 'abc'), { alpha: 0.01, sides: 'mixed' })
    assert.equal(
      decideAcrossMoments('regression', [3, 3.2], 'lower', unbounded, 3).note,
      'across moments, a regression cannot be told from what a busy moment does to a run: one side was measured on a busy machine and the other not, and fewer than 3 stored runs of the same code show how far that moves a run; the interval is +200.0% to +220.0%, which a change of the machine between the runs could explain',
    )
  })
})

describe('historyRuns: what stored runs record of the code', () => {
  const metric = (values: number[]): Metric => ({ unit: 'ns', direction: 'lower', samples: values })
  const bench = (id: string, command: string[], metrics: Record<string, Metric>, parameters = {}) =>
    ({
      id,
      name: id,
      kind: 'process',
      parameters,
      command,
      status: 'ok',
      metrics,
      gate: { metrics: Object.keys(metrics).slice(0, 1), threshold: 0.05, alpha: 0.01 },
      notes: [],
    }) as BenchmarkResult
  const count = (value: number): Metric => ({ unit: 'instructions', direction: 'lower', value })
  /** What each stored run of one benchmark's metric says started its state of the code, oldest first. */
  const startsOf = (history: HistoryRuns, id: string, name: string) =>
    history
      .get(id)!
      .get(name)!
      .map((r) => r.startsState)
  const run = (minute: number, sha: string, ir: number, harnessIr: number) =>
    resultSetOf('s', { sha: sha.repeat(40), branch: 'main' }, `2026-11-27T10:0${minute}:00.000Z`, [
      bench('spin', ['./spin', '9'], { wall: metric([10, 11, 12]) }),
      { ...bench('spin ir', ['./spin', '9'], { ir: count(ir) }), kind: 'instructions' },
      bench('h-time/fib', ['./h', '--samples', 'fib'], { time: metric([5, 5, 6]) }, { benchmark: 'fib' }),
      {
        ...bench('h/fib', ['./h', '--run', 'fib'], { ir: count(harnessIr) }, { benchmark: 'fib' }),
        kind: 'instructions',
      },
      bench('other', ['./other'], { wall: metric([1, 2, 3]) }),
    ])

  test('the counts of the program a timed benchmark runs: a move beyond 0.01% starts a state', () => {
    const history = historyRuns([
      run(3, 'c', 1_030_000, 500_000),
      run(1, 'a', 1_000_000, 500_000),
      run(2, 'b', 1_000_050, 500_000), // +0.005%: the environment's size, not the code
      run(4, 'd', 1_030_000, 520_000),
    ])
    const spin = history.get('spin')!.get('wall')!
    assert.deepEqual(
      spin.map((r) => [r.sha?.[0], r.center, r.startsState]),
      [
        ['a', 11, undefined],
        ['b', 11, undefined],
        ['c', 11, 'its exact counts moved (ir of spin ir +2.99%)'],
        ['d', 11, undefined],
      ],
    )
    // The harness's timed benchmark and its instruction count: one program (./h, fib).
    assert.deepEqual(startsOf(history, 'h-time/fib', 'time'), [
      undefined,
      undefined,
      undefined,
      'its exact counts moved (ir of h/fib +4.00%)',
    ])
    assert.ok(
      history
        .get('other')!
        .get('wall')!
        .every((r) => r.startsState === undefined),
    )
  })

  test('a run that accepted a regression of a metric starts a state for that metric only', () => {
    const accepting = {
      ...run(2, 'b', 1_000_000, 500_000),
      accepted: [{ benchmark: 'spin', metric: 'wall', reason: 'on purpose', source: 'label' as const }],
    }
    const history = historyRuns([run(1, 'a', 1_000_000, 500_000), accepting])
    assert.deepEqual(startsOf(history, 'spin', 'wall'), [undefined, 'it accepted a regression of wall'])
    assert.equal(history.get('other')!.get('wall')![1]!.startsState, undefined)
  })

  test('each run in full: the commit lower-cased, a dirty tree, a busy machine, the baseline by time and commit', () => {
    const busy = {
      cpus: 2,
      loadAverage: { start: 0, end: 0 },
      windowMs: 1000,
      stealPercent: 0,
      busyPercent: 50,
      otherBusyPercent: 40,
    }
    const at = (minute: number) => `2026-11-27T10:0${minute}:00.000Z`
    const one = (
      minute: number,
      sha: string | undefined,
      extra: Partial<BenchmarkResult> = {},
      dirty = false,
    ) =>
      resultSetOf('s', { ...(sha ? { sha } : {}), branch: 'main', ...(dirty ? { dirty } : {}) }, at(minute), [
        { ...bench('x', ['./x'], { wall: metric([3, 1, 2]) }), ...extra },
      ])
    const history = historyRuns(
      [
        one(2, 'B'.repeat(40), { contention: busy }),
        one(1, 'A'.repeat(40)),
        one(3, 'B'.repeat(40), {}, true),
        one(4, undefined),
        // The baseline's time with another commit, and its commit at another time: neither is it.
        one(5, 'C'.repeat(40)),
        one(6, 'D'.repeat(40)),
        one(7, 'C'.repeat(40)),
      ],
      { createdAt: at(6), commit: { sha: 'D'.repeat(40), branch: 'main' } },
    )
    assert.deepEqual(history.get('x')!.get('wall'), [
      { center: 2, sha: 'a'.repeat(40), createdAt: at(1) },
      {
        center: 2,
        sha: 'b'.repeat(40),
        createdAt: at(2),
        busy: 'measured while other programs used 40% of the CPUs',
      },
      { center: 2, sha: 'b'.repeat(40), dirty: true, createdAt: at(3) },
      { center: 2, createdAt: at(4) },
      { center: 2, sha: 'c'.repeat(40), createdAt: at(5) },
      { center: 2, sha: 'd'.repeat(40), createdAt: at(6), baseline: true },
      { center: 2, sha: 'c'.repeat(40), createdAt: at(7) },
    ])
    const sameTimeOtherCommit = historyRuns([one(6, 'E'.repeat(40))], {
      createdAt: at(6),
      commit: { sha: 'D'.repeat(40), branch: 'main' },
    })
    assert.equal(sameTimeOtherCommit.get('x')!.get('wall')![0]!.baseline, undefined)
    // Without a baseline asked for, no run is one.
    assert.ok(
      history.size === 1 &&
        historyRuns([one(6, 'D'.repeat(40))])
          .get('x')!
          .get('wall')![0]!.baseline === undefined,
    )
  })

  test('a run’s center: the median of its samples, else the summary a tool kept, else the exact value; none, no run', () => {
    const m = (metric: Partial<Metric>): Metric => ({ unit: 'ns', direction: 'lower', ...metric })
    const history = historyRuns([
      resultSetOf('s', { sha: 'a'.repeat(40), branch: 'main' }, '2026-11-27T10:00:00.000Z', [
        bench('x', ['./x'], {
          samples: m({ samples: [9, 1, 5, 7], summary: { center: 100 } }),
          summary: m({ samples: [], summary: { center: 40 }, value: 7 }),
          value: m({ value: 12 }),
          nothing: m({ samples: [] }),
        }),
        { ...bench('failed', ['./f'], { wall: metric([1]) }), status: 'failed' },
      ]),
    ])
    const x = history.get('x')!
    assert.deepEqual(
      [...x.entries()].map(([name, list]) => [name, list.map((r) => r.center)]),
      [
        ['samples', [6]],
        ['summary', [40]],
        ['value', [12]],
      ],
    )
    assert.equal(history.has('failed'), false)
  })

  test('exact counts: a run without them keeps the last ones, a move of exactly 0.01% is not one, a fall is signed', () => {
    const counted = (minute: number, ir: number | undefined, extra: Record<string, Metric> = {}) =>
      resultSetOf(
        's',
        { sha: String(minute).repeat(40), branch: 'main' },
        `2026-11-27T10:0${minute}:00.000Z`,
        [
          bench('p', ['./p'], {
            wall: metric([5]),
            ...(ir !== undefined ? { ir: count(ir) } : {}),
            ...extra,
          }),
        ],
      )
    const starts = (...sets: ResultSet[]) => startsOf(historyRuns(sets), 'p', 'wall')
    // 1,000,000 then none then 1,100,000: measured against the last run that had counts, +10.00%.
    assert.deepEqual(starts(counted(1, 1_000_000), counted(2, undefined), counted(3, 1_100_000)), [
      undefined,
      undefined,
      'its exact counts moved (ir +10.00%)',
    ])
    // 10,000 → 10,001 is +0.01% exactly: within the tolerance. 10,000 → 9,998 is −0.02%: beyond it.
    assert.deepEqual(starts(counted(1, 10_000), counted(2, 10_001)), [undefined, undefined])
    assert.deepEqual(starts(counted(1, 10_000), counted(2, 9_998)), [
      undefined,
      'its exact counts moved (ir −0.02%)',
    ])
    // A count only the later run has is no move; a count of 0 is no count; the first that moved is named.
    assert.deepEqual(starts(counted(1, 100), counted(2, 100, { allocs: count(5) })), [undefined, undefined])
    assert.deepEqual(starts(counted(1, 0), counted(2, 50)), [undefined, undefined])
    assert.deepEqual(starts(counted(1, 100, { allocs: count(10) }), counted(2, 100, { allocs: count(20) })), [
      undefined,
      'its exact counts moved (allocs +100.00%)',
    ])
    // A metric with a value and samples is timed, not a count.
    const timedValue = (minute: number, v: number) =>
      counted(minute, undefined, { t: { unit: 'ns', direction: 'lower', value: v, samples: [v] } })
    assert.deepEqual(starts(timedValue(1, 100), timedValue(2, 200)), [undefined, undefined])
  })

  test("one program: only the harness flags --run and --samples followed by the benchmark's own name", () => {
    const pair = (
      timed: string[],
      counted: string[],
      parameters: Record<string, string> = { benchmark: 'fib' },
    ) => {
      const at = (minute: number, ir: number) =>
        resultSetOf(
          's',
          { sha: String(minute).repeat(40), branch: 'main' },
          `2026-11-27T10:0${minute}:00.000Z`,
          [
            bench('t', timed, { time: metric([5]) }, parameters),
            { ...bench('c', counted, { ir: count(ir) }, parameters), kind: 'instructions' },
          ],
        )
      return startsOf(historyRuns([at(1, 1000), at(2, 2000)]), 't', 'time')
    }
    const moved = [undefined, 'its exact counts moved (ir of c +100.00%)']
    assert.deepEqual(pair(['./h', '--samples', 'fib'], ['./h', '--run', 'fib']), moved)
    assert.deepEqual(pair(['./h', '--run', 'fib'], ['./h', '--samples', 'fib']), moved)
    assert.deepEqual(pair(['./h', 'fib'], ['./h', 'fib']), moved)
    // Another flag, another name, no benchmark parameter, or the flag alone: different programs.
    assert.deepEqual(pair(['./h', '--samples', 'fib'], ['./h', '--bench', 'fib']), [undefined, undefined])
    assert.deepEqual(pair(['./h', '--samples', 'fib'], ['./h', '--run', 'fib2']), [undefined, undefined])
    assert.deepEqual(pair(['./h', '--samples', 'fib'], ['./h', '--run', 'fib'], {}), [undefined, undefined])
    // The shortest commands the rule reads: the flag and the name, which reduce to the name alone.
    assert.deepEqual(pair(['--samples', 'fib'], ['--run', 'fib']), moved)
    assert.deepEqual(pair(['fib'], ['--run', 'fib']), moved)
    assert.deepEqual(pair(['fib'], ['--run']), [undefined, undefined])
    // A failed counting benchmark, or one without a command, gives the timed one nothing.
    const failedCount = historyRuns(
      [1, 2].map((minute) =>
        resultSetOf(
          's',
          { sha: String(minute).repeat(40), branch: 'main' },
          `2026-11-27T10:0${minute}:00.000Z`,
          [
            bench('t', ['./h'], { time: metric([5]) }),
            { ...bench('c', ['./h'], { ir: count(minute * 1000) }), status: 'failed' as const },
            { ...bench('n', [], { ir: count(minute * 1000) }), command: undefined },
          ],
        ),
      ),
    )
    assert.deepEqual(startsOf(failedCount, 't', 'time'), [undefined, undefined])
    assert.deepEqual(startsOf(failedCount, 'n', 'ir'), [undefined, 'its exact counts moved (ir +100.00%)'])
  })
})

describe('decideAcrossMoments', () => {
  test('unknown drift: a regression beyond +25%, an improvement beyond −20%, whole intervals', () => {
    assert.deepEqual(decideAcrossMoments('regression', [1.3, 1.4], 'lower', undefined, 1), {
      verdict: 'regression',
      note: 'across moments, a regression needs the whole interval beyond +25.0% (±25.0%, assumed: only 1 stored run of the same code, too few to know its drift); the interval is +30.0% to +40.0%',
    })
    const reaching = decideAcrossMoments('regression', [1.2, 1.4], 'lower', undefined, 2)
    assert.equal(reaching.verdict, 'unclear')
    assert.equal(
      reaching.why,
      'within ±25.0%, assumed: only 2 stored runs of the same code, too few to know its drift',
    )
    assert.equal(decideAcrossMoments('regression', [1.25, 1.5], 'lower', undefined, 2).verdict, 'unclear')
    assert.match(
      decideAcrossMoments('improvement', [0.7, 0.75], 'lower', undefined, 0).note,
      /beyond −20\.0% \(±25\.0%, assumed: no stored runs to know the drift from\); the interval is −30\.0% to −25\.0%$/,
    )
    assert.equal(decideAcrossMoments('improvement', [0.7, 0.8], 'lower', undefined, 2).verdict, 'unclear')
    // Higher is better: a regression is a fall below −20%.
    assert.equal(decideAcrossMoments('regression', [0.6, 0.7], 'higher', undefined, 1).verdict, 'regression')
    assert.equal(decideAcrossMoments('regression', [0.7, 0.85], 'higher', undefined, 1).verdict, 'unclear')
  })

  test('known drift: beyond the allowance on its side, and the row says whose drift it was within', () => {
    const e = estimateDrift(runs([100, 102, 99, 101, 98], 'abcde'), { alpha: 0.01 })
    const d = decideAcrossMoments('regression', [1.12, 1.2], 'lower', e, 5)
    assert.equal(d.verdict, 'regression')
    assert.equal(
      d.note,
      'across moments, a regression needs the whole interval beyond +10.8% (the drift of the same code over the last 5 runs: ±10.8%); the interval is +12.0% to +20.0%',
    )
    const within = decideAcrossMoments('regression', [1.08, 1.2], 'lower', e, 5)
    assert.equal(within.why, 'within the drift of the same code over the last 5 runs: ±10.8%')
    // The other side: 1 / 1.108455 = 0.902157, −9.8%.
    assert.equal(decideAcrossMoments('improvement', [0.85, 0.9], 'lower', e, 5).verdict, 'improvement')
    assert.equal(decideAcrossMoments('improvement', [0.85, 0.91], 'lower', e, 5).verdict, 'unclear')
  })

  test('the baseline among runs of its state: a change is measured from their median, with less drift', () => {
    // The five runs of the first test, the newest (98) the baseline. Their median is 100, so the
    // baseline lies ln(98/100) = −.020203 from it; a new run of the state stays within
    // exp(4.604095 · .0158139 · √(1 + (π/2)/5)) = 1.087047 of that median (against another single
    // run: 1.108455).
    const e = estimateDrift(runs([100, 102, 99, 101, 98], 'abcde', [{}, {}, {}, {}, { baseline: true }]), {
      alpha: 0.01,
    })
    close(e.reference!.offset, Math.log(0.98), 1e-12, 'offset')
    assert.equal(e.reference!.runs, 5)
    close(e.reference!.allowance, 1.0870475, 1e-6, 'allowance from the median')
    // Head / baseline +10% … +14%: head / median +7.8% … +11.7%, wholly beyond +8.7%? No: 7.8 < 8.7.
    const within = decideAcrossMoments('regression', [1.1, 1.14], 'lower', e, 5)
    assert.equal(within.verdict, 'unclear')
    assert.equal(
      within.why,
      "within the drift of the same code over the last 5 runs: ±8.7%, from the median of the baseline's 5 runs",
    )
    assert.match(within.note, /; the interval against that median is \+7\.8% to \+11\.7%, which/)
    // +11.5% … +14% against the baseline: +9.3% … +11.7% against the median, beyond.
    assert.equal(decideAcrossMoments('regression', [1.115, 1.14], 'lower', e, 5).verdict, 'regression')
    // The baseline at 102, 2% above the median: +7% … +10% against it is +9.1% … +12.2% against the
    // median, beyond ±8.7%; against the baseline alone it would have been within ±10.8%.
    const high = estimateDrift(runs([100, 102, 99, 101, 98], 'abcde', [{}, { baseline: true }]), {
      alpha: 0.01,
    })
    assert.equal(decideAcrossMoments('regression', [1.07, 1.1], 'lower', high, 5).verdict, 'regression')
    assert.equal(
      decideAcrossMoments('regression', [1.07, 1.1], 'lower', { ...high, reference: undefined }, 5).verdict,
      'unclear',
    )
  })

  test('a state of four runs is too small for a median: the head is judged against the baseline alone', () => {
    // The first four of those runs, the newest (101) the baseline: no reference, and the allowance is
    // the pairwise one. Their median is 100.5; squares of ln(100/100.5), ln(102/100.5), ln(99/100.5),
    // ln(101/100.5) = .0000249 + .0002195 + .0002261 + .0000246 = .0004951 on 3 df: σ = .0128468;
    // exp(5.840909 · √2 · σ) = 1.111954.
    const e = estimateDrift(runs([100, 102, 99, 101], 'abcd', [{}, {}, {}, { baseline: true }]), {
      alpha: 0.01,
    })
    assert.equal(e.reference, undefined)
    close(e.allowance!, 1.111954, 1e-6, 'pairwise allowance')
    // With a fifth run of the state the same baseline is measured from the median.
    const five = estimateDrift(runs([100, 102, 99, 98, 101], 'abcde', [{}, {}, {}, {}, { baseline: true }]), {
      alpha: 0.01,
    })
    assert.equal(five.reference!.runs, 5)
    close(five.reference!.offset, Math.log(101 / 100), 1e-12, 'offset from the median of five')
  })

  test('one side busy and nothing stored to show what the load does: never a verdict', () => {
    const e = estimateDrift(runs([100, 101, 99], 'abc'), { alpha: 0.01, sides: 'mixed' })
    const d = decideAcrossMoments('regression', [3, 3.2], 'lower', e, 3)
    assert.equal(d.verdict, 'unclear')
    assert.match(d.why!, /^within what a busy moment does to a run: one side was measured on a busy machine/)
  })
})
