// The report's sentences and cells, one function at a time, on comparisons built by hand: counts and
// plurals, the headline, who accepted a regression, entries a pull request added, the gate in words,
// failures that share an error, the environment's rows, a busy machine in numbers, shell corrections,
// colour by the environment, and terminal tables. Every expected text is written out in full.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BenchmarkComparison, Comparison } from '../../../src/compare/index.ts'
import { clean } from '../../../src/report/clean.ts'
import {
  contendedLine,
  contentionConsequence,
  describeAcceptedBy,
  describeAddedAcceptances,
  describeBaseline,
  describeCommit,
  describeContention,
  describeCounts,
  describeExactBaseline,
  describeRunNoise,
  gateDescription,
  headline,
  listNames,
  plural,
  shellCorrections,
} from '../../../src/report/describe.ts'
import {
  acceptedRows,
  environmentRows,
  failureGroups,
  headlineMetrics,
  headOnlyLabel,
  headOnlyRuns,
  headOnlyValue,
  metricRow,
  metricVerdictLabel,
  shownHeadOnly,
} from '../../../src/report/rows.ts'
import { alignTable, shouldUseColor } from '../../../src/report/terminal.ts'
import type { Contention } from '../../../src/results.ts'

const COUNTS = {
  regression: 0,
  failed: 0,
  accepted: 0,
  unclear: 0,
  warning: 0,
  improvement: 0,
  new: 0,
  missing: 0,
  unchanged: 0,
}

/** A comparison with only what a function reads; the rest is left out. */
const comparison = (parts: Record<string, unknown>) => parts as unknown as Comparison
const bench = (parts: Record<string, unknown>) => parts as unknown as BenchmarkComparison

describe('words and lists', () => {
  test('plural: one is singular, zero and two are plural', () => {
    assert.equal(plural(1, 'benchmark'), '1 benchmark')
    assert.equal(plural(0, 'benchmark'), '0 benchmarks')
    assert.equal(plural(2, 'regression'), '2 regressions')
  })

  test('listNames: up to the number shown, all of them; past it, the rest counted', () => {
    assert.equal(listNames([]), '')
    assert.equal(listNames(['a', 'b', 'c'], 3), 'a, b, c')
    assert.equal(listNames(['a', 'b', 'c', 'd'], 3), 'a, b, c and 1 more')
    const twelve = Array.from({ length: 12 }, (_, i) => `n${i}`)
    assert.equal(listNames(twelve), 'n0, n1, n2, n3, n4, n5, n6, n7, n8, n9 and 2 more')
  })

  test('describeCommit: the short sha, the branch and uncommitted changes when there are', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567'
    assert.equal(describeCommit({ sha }), '0123456')
    assert.equal(describeCommit({ sha, branch: 'main' }), '0123456 on main')
    assert.equal(
      describeCommit({ sha, branch: 'main', dirty: true }),
      '0123456 on main with uncommitted changes',
    )
    assert.equal(describeCommit({}), 'no commit (not a git repository, or no commit yet)')
  })
})

describe('the verdict in one line', () => {
  test('describeCounts: regressions always, the rest when there are any, in the verdicts’ order', () => {
    assert.deepEqual(describeCounts(comparison({ counts: { ...COUNTS } })), ['0 regressions'])
    assert.deepEqual(
      describeCounts(comparison({ counts: { ...COUNTS, regression: 1, unchanged: 4, new: 2, failed: 1 } })),
      ['1 regression', '1 failed', '2 no baseline', '4 unchanged'],
    )
    assert.deepEqual(describeCounts(comparison({ counts: { ...COUNTS, regression: 3, missing: 1 } })), [
      '3 regressions',
      '1 not run',
    ])
  })

  const five = Array.from({ length: 5 }, () => bench({}))
  const at = (counts: Partial<typeof COUNTS>, baseline = true) =>
    headline(
      comparison({ counts: { ...COUNTS, ...counts }, benchmarks: five, baseline: baseline ? {} : undefined }),
    )

  test('headline: regressions and failures first, then failures, then no baseline, then a pass', () => {
    assert.deepEqual(at({ regression: 2, failed: 1 }), {
      icon: '🔴',
      text: '2 regressions and 1 failed benchmark',
    })
    assert.deepEqual(at({ regression: 1 }), { icon: '🔴', text: '1 regression in 5 benchmarks' })
    assert.deepEqual(at({ failed: 2 }), { icon: '💥', text: '2 benchmarks failed to run' })
    assert.deepEqual(at({}, false), { icon: 'ℹ️', text: '5 benchmarks measured, no baseline to compare with' })
    assert.deepEqual(at({}), { icon: '✅', text: 'no regressions in 5 benchmarks' })
  })

  test('headline: accepted regressions pass, and are said so in the same breath', () => {
    assert.deepEqual(at({ accepted: 1 }), {
      icon: '✅',
      text: 'no regressions in 5 benchmarks (1 regression accepted)',
    })
    assert.deepEqual(at({ regression: 1, accepted: 2 }), {
      icon: '🔴',
      text: '1 regression in 5 benchmarks (2 regressions accepted)',
    })
    assert.deepEqual(at({ failed: 1, accepted: 1 }), {
      icon: '💥',
      text: '1 benchmark failed to run (1 regression accepted)',
    })
    assert.deepEqual(at({ regression: 1, failed: 1, accepted: 1 }), {
      icon: '🔴',
      text: '1 regression and 1 failed benchmark (1 regression accepted)',
    })
  })
})

describe('acceptances', () => {
  test('describeAcceptedBy: the label and who added it, or bench.yml and until when', () => {
    assert.equal(describeAcceptedBy({ source: 'label', by: 'octocat' } as never), '@octocat, with the label')
    assert.equal(describeAcceptedBy({ source: 'label' } as never), 'the label (by whom is unknown)')
    assert.equal(
      describeAcceptedBy({ source: 'config', until: '2026-03-01' } as never),
      'bench.yml, until 2026-03-01',
    )
    assert.equal(describeAcceptedBy({ source: 'config' } as never), 'bench.yml')
  })

  test('describeAddedAcceptances: one entry and several, each with its until and reason quoted', () => {
    assert.deepEqual(describeAddedAcceptances(comparison({})), [])
    assert.deepEqual(describeAddedAcceptances(comparison({ acceptance: { added: [] } })), [])
    const one = describeAddedAcceptances(
      comparison({ acceptance: { added: [{ benchmark: 'parse', reason: 'a new "fast" path' }] } }),
    )
    assert.deepEqual(one, [
      'Added by this pull request: an accept: entry of bench.yml that its base does not have. It accepts regressions because this pull request says so; review it with the code.',
      'accept "parse": "a new \\"fast\\" path"',
    ])
    const two = describeAddedAcceptances(
      comparison({
        acceptance: {
          added: [
            { benchmark: 'parse', metric: 'cpu', until: '2026-03-01', reason: 'r1' },
            { benchmark: 'lex', reason: 'r2' },
          ],
        },
      }),
    )
    assert.deepEqual(two, [
      'Added by this pull request: 2 accept: entries of bench.yml that its base does not have. They accept regressions because this pull request says so; review them with the code.',
      'accept "parse" (metric cpu), until 2026-03-01: "r1"',
      'accept "lex": "r2"',
    ])
  })

  test('acceptedRows: only accepted benchmarks’ gated, accepted metrics that say who accepted them', () => {
    const accepted = { source: 'config' }
    const metric = (name: string, more: Record<string, unknown>) => ({
      metric: name,
      unit: 'ns',
      gated: true,
      verdict: 'accepted',
      accepted,
      change: 0.2,
      exact: true,
      base: { median: 1000 },
      head: { median: 1200 },
      notes: [],
      ...more,
    })
    const b = bench({
      name: 'parse',
      verdict: 'accepted',
      metrics: [
        metric('wall', {}),
        metric('cpu', { gated: false }),
        metric('rss', { verdict: 'unchanged' }),
        metric('sys', { accepted: undefined }),
      ],
    })
    const other = bench({ name: 'lex', verdict: 'regression', metrics: [metric('wall', {})] })
    const rows = acceptedRows([b, other])
    assert.deepEqual(
      rows.map((r) => [r.benchmark.name, r.row.metric, r.row.verdict, r.row.interval, r.accepted]),
      [['parse', 'wall', 'accepted', 'exact', accepted]],
    )
  })
})

describe('the gate in words', () => {
  const b = (threshold: number, alpha: number) => bench({ threshold, alpha })

  test('unpaired: Mann–Whitney with each threshold and α named once', () => {
    const text = gateDescription(comparison({ benchmarks: [b(0.05, 0.01), b(0.1, 0.01), b(0.05, 0.01)] }))
    assert.equal(
      text,
      'A regression is a gated metric worse than its threshold (5.00%, 10.0%) and significant (Mann–Whitney U p < α = 0.01, with the bootstrap confidence interval of the ratio of medians wholly on the bad side). ' +
        'Beyond the threshold but not significant is unclear: shown, not failing. ' +
        'One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict.',
    )
  })

  test('paired: Wilcoxon on the pairs; with some benchmarks unpaired, both rules', () => {
    const pairing = { minPairs: 15, maxPairs: 15, benchmarks: 2, unpaired: [], exact: [], paired: ['a', 'b'] }
    const paired = gateDescription(comparison({ benchmarks: [b(0.1, 0.05)], pairing }))
    assert.ok(
      paired.startsWith(
        'A regression is a gated metric worse than its threshold (10.0%) and significant (paired: Wilcoxon signed-rank p < α = 0.05 on the log-ratios of 15 pairs of neighbouring base and head runs, with the bootstrap confidence interval of the median paired ratio wholly on the bad side). ',
      ),
      paired,
    )
    const mixed = gateDescription(
      comparison({
        benchmarks: [b(0.1, 0.05)],
        pairing: { ...pairing, minPairs: 10, maxPairs: 30, unpaired: ['c'] },
      }),
    )
    assert.ok(
      mixed.includes(
        '(paired: Wilcoxon signed-rank p < α = 0.05 on the log-ratios of 10–30 pairs of neighbouring base and head runs, with the bootstrap confidence interval of the median paired ratio wholly on the bad side; unpaired, for the 1 benchmark whose runs did not alternate: Mann–Whitney U p < α = 0.05, with the bootstrap confidence interval of the ratio of medians wholly on the bad side)',
      ),
      mixed,
    )
  })
})

describe('failures and the environment', () => {
  test('failureGroups: benchmarks with the same message and output are told once, in the order met', () => {
    const fail = (name: string, message?: string, stderrTail?: string) =>
      bench({ name, ...(message ? { error: { message, ...(stderrTail ? { stderrTail } : {}) } } : {}) })
    const groups = failureGroups([
      fail('a', 'setup step 1 exited with code 2', 'make: error\n'),
      fail('b', 'exited with code 1'),
      fail('c', 'setup step 1 exited with code 2', 'make: error'),
      fail('d'),
      fail('e', 'setup step 1 exited with code 2', 'other'),
    ])
    assert.deepEqual(
      groups.map((g) => [g.benchmarks.map((x) => x.name).join(','), g.error?.message ?? null]),
      [
        ['a,c', 'setup step 1 exited with code 2'],
        ['b', 'exited with code 1'],
        ['d', null],
        ['e', 'setup step 1 exited with code 2'],
      ],
    )
    assert.equal('error' in groups[2]!, false)
  })

  test('environmentRows: each key either side has, tools sorted, blanks where a side lacks one', () => {
    const env = (more: Record<string, unknown>) => ({
      os: 'linux',
      arch: 'x64',
      cpuModel: 'EPYC',
      cpuCount: 2,
      node: 'v20.1.0',
      tools: {},
      ...more,
    })
    const rows = environmentRows(
      comparison({
        head: { environment: env({ kernel: '6.1', tools: { valgrind: '3.19', cargo: '1.80' } }) },
        baseline: { environment: env({ glibc: '2.36', node: 'v20.0.0', tools: { valgrind: '3.18' } }) },
      }),
    )
    assert.deepEqual(rows, [
      ['OS', 'linux x64', 'linux x64'],
      ['kernel', '', '6.1'],
      ['CPU', 'EPYC × 2', 'EPYC × 2'],
      ['glibc', '2.36', ''],
      ['node', 'v20.0.0', 'v20.1.0'],
      ['cargo', '', '1.80'],
      ['valgrind', '3.18', '3.19'],
    ])
    const alone = environmentRows(comparison({ head: { environment: env({}) } }))
    assert.deepEqual(alone, [
      ['OS', '', 'linux x64'],
      ['CPU', '', 'EPYC × 2'],
      ['node', '', 'v20.1.0'],
    ])
  })

  test('describeExactBaseline: none, found, and counted in another environment', () => {
    assert.equal(describeExactBaseline(comparison({}), new Date()), undefined)
    assert.equal(
      describeExactBaseline(
        comparison({ exactBaseline: { benchmarks: 1, environmentDifferences: [] } }),
        new Date(),
      ),
      'none (1 benchmark): no stored run',
    )
    assert.equal(
      describeExactBaseline(
        comparison({
          exactBaseline: {
            benchmarks: 2,
            noBaselineReason: 'the cache is empty',
            environmentDifferences: [],
          },
        }),
        new Date(),
      ),
      'none (2 benchmarks): the cache is empty',
    )
    const baseline = {
      commit: { sha: 'abcdef0123456789abcdef0123456789abcdef01', branch: 'main' },
      createdAt: '2026-03-01T10:00:00Z',
      reason: 'newest results on branch main',
    }
    const now = new Date('2026-03-01T12:00:00Z')
    assert.equal(
      describeExactBaseline(
        comparison({ exactBaseline: { benchmarks: 2, baseline, environmentDifferences: [] } }),
        now,
      ),
      'abcdef0 on main, measured 2 hours ago: newest results on branch main (2 benchmarks)',
    )
    const differences = [
      { key: 'kernel', base: '6.1', head: '6.5' },
      { key: 'cpuCount', base: '2', head: '4' },
    ]
    assert.equal(
      describeExactBaseline(
        comparison({ exactBaseline: { benchmarks: 1, baseline, environmentDifferences: differences } }),
        now,
      ),
      'abcdef0 on main, measured 2 hours ago: newest results on branch main (1 benchmark); counted in another environment (kernel: 6.1 → 6.5; cpuCount: 2 → 4), so a changed count is a warning',
    )
  })
})

describe('a busy machine, in numbers', () => {
  const contention = (more: Partial<Contention>): Contention => ({
    cpus: 2,
    loadAverage: { start: 1.04, end: 4.21 },
    windowMs: 5000,
    stealPercent: 0,
    busyPercent: 90,
    otherBusyPercent: 45.4,
    ...more,
  })

  test('describeContention: the larger load, steal from 1%, pressure in place of others’ share', () => {
    assert.equal(
      describeContention(contention({})),
      'load 4.2 on 2 CPUs, other programs used 45% of the CPUs',
    )
    assert.equal(
      describeContention(
        contention({
          cpus: 1,
          loadAverage: { start: 3.06, end: 0.5 },
          stealPercent: 1,
          cpuPressurePercent: 91.6,
          wallCpuRatio: 2.214,
          involuntaryCsPerRun: 12.34,
        }),
      ),
      'load 3.1 on 1 CPU, 1% of CPU time stolen by the hypervisor, tasks waited for a CPU 92% of the time, wall 2.21× CPU time, 12.3 involuntary context switches per run',
    )
    assert.equal(
      describeContention(contention({ stealPercent: 0.99 })),
      'load 4.2 on 2 CPUs, other programs used 45% of the CPUs',
    )
  })

  test('contendedLine: the side when there is a baseline', () => {
    const m = { benchmark: bench({ name: 'parse' }), contention: contention({}), reasons: [] }
    assert.deepEqual(contendedLine(m), {
      name: 'parse',
      detail: ': load 4.2 on 2 CPUs, other programs used 45% of the CPUs',
    })
    assert.equal(contendedLine({ ...m, side: 'head' }).detail.startsWith(' (head): load'), true)
    assert.equal(contendedLine({ ...m, side: 'base' }).detail.startsWith(' (baseline): load'), true)
  })

  test('contentionConsequence: no baseline, all paired, some across moments', () => {
    const m = (pairs?: unknown) => ({
      benchmark: bench({ pairs }),
      contention: contention({}),
      reasons: [],
    })
    assert.equal(contentionConsequence(comparison({}), [m()]), 'its timings may be slower than the code is')
    assert.equal(
      contentionConsequence(comparison({ baseline: {} }), [m([[0, 0]]), m([])]),
      'base and head ran interleaved and shared the load, so the comparison stays fair but noisier',
    )
    assert.equal(
      contentionConsequence(comparison({ baseline: {} }), [m([[0, 0]]), m()]),
      'wall-clock comparisons across moments are unreliable: a slowdown may be the load, not the change',
    )
  })

  test('shellCorrections: what was subtracted on each side, over how many runs', () => {
    const rows = shellCorrections(
      comparison({
        benchmarks: [
          bench({
            name: 'a',
            shellCorrection: { head: { ns: 1_500_000, runs: 10 }, base: { ns: 1_400_000, runs: 10 } },
          }),
          bench({ name: 'b' }),
          bench({ name: 'c', shellCorrection: { head: { ns: 900, runs: 5 } } }),
        ],
      }),
    )
    assert.deepEqual(rows, [
      {
        name: 'a',
        detail:
          'wall corrected for shell start-up: −1.50 ms, measured over 10 runs; baseline −1.40 ms, measured over 10 runs',
      },
      { name: 'c', detail: 'wall corrected for shell start-up: −900 ns, measured over 5 runs' },
    ])
  })
})

describe('the terminal', () => {
  test('colour: NO_COLOR (not empty) wins, then FORCE_COLOR (empty or not 0), then CI off, then a terminal that is not dumb', () => {
    const tty = { isTTY: true }
    assert.equal(shouldUseColor(tty, {}), true)
    assert.equal(shouldUseColor({ isTTY: false }, {}), false)
    assert.equal(shouldUseColor({}, {}), false)
    assert.equal(shouldUseColor(tty, { TERM: 'dumb' }), false)
    assert.equal(shouldUseColor(tty, { NO_COLOR: '1', FORCE_COLOR: '1' }), false)
    assert.equal(shouldUseColor(tty, { NO_COLOR: '' }), true)
    assert.equal(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '1', CI: 'true' }), true)
    assert.equal(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '' }), true)
    assert.equal(shouldUseColor(tty, { FORCE_COLOR: '0' }), true)
    assert.equal(shouldUseColor(tty, { FORCE_COLOR: '0', CI: 'true' }), false)
    assert.equal(shouldUseColor(tty, { CI: 'true' }), false)
  })

  test('clean: control characters become ?, a newline a space; tabs and text stay', () => {
    assert.equal(clean('a\u001b[2Jb\rc\nd\te\u007ff\u009bg\u00a0h'), 'a?[2Jb?c d\te?f?g\u00a0h')
  })

  test('alignTable: columns as wide as their widest cell (by character), right-aligned where asked', () => {
    const lines = alignTable(
      ['name', 'change'],
      [
        ['parse', '+1.0%'],
        ['µs-bench', '-12.5%'],
      ],
      new Set([1]),
    )
    assert.deepEqual(lines, ['name      change', '────────  ──────', 'parse      +1.0%', 'µs-bench  -12.5%'])
    // A missing cell is empty; trailing spaces are trimmed.
    assert.deepEqual(alignTable(['a', 'b'], [['x']], new Set()), ['a  b', '─  ─', 'x'])
  })
})

describe('what was compared with, and the machine’s drift', () => {
  const sha = '0123456789abcdef0123456789abcdef01234567'
  const baseline = {
    commit: { sha, branch: 'main' },
    createdAt: '2026-03-01T11:57:00Z',
    reason: 'merge base with main',
  }
  const now = new Date('2026-03-01T12:00:00Z')
  const pairing = { benchmarks: 2, minPairs: 15, maxPairs: 15, paired: ['a', 'b'], unpaired: [], exact: [] }
  const ALTERNATING = 'base and head ran on this machine a moment apart, their runs alternating'

  test('describeBaseline: none and why; the commit, its age and reason, and how it was paired', () => {
    assert.equal(
      describeBaseline(comparison({ noBaselineReason: 'nothing stored' }), now),
      'no baseline: nothing stored',
    )
    assert.equal(
      describeBaseline(comparison({ baseline }), now),
      '0123456 on main, measured 3 minutes ago: merge base with main',
    )
    assert.equal(
      describeBaseline(comparison({ baseline, pairing }), now),
      '0123456 on main, measured 3 minutes ago: merge base with main, interleaved, 15 pairs per benchmark',
    )
    const mixed = { ...pairing, minPairs: 10, maxPairs: 12, unpaired: ['imp'], exact: ['ir'] }
    assert.equal(
      describeBaseline(comparison({ baseline, pairing: mixed }), now),
      '0123456 on main, measured 3 minutes ago: merge base with main, interleaved, 10–12 pairs per benchmark for 2 benchmarks (a, b); not interleaved, compared unpaired: 1 benchmark (imp); exact counts, which need no pairing: 1 benchmark (ir)',
    )
    const exactOnly = { ...pairing, benchmarks: 1, paired: ['a'], exact: ['ir', 'heap'] }
    assert.equal(
      describeBaseline(comparison({ baseline, pairing: exactOnly }), now),
      '0123456 on main, measured 3 minutes ago: merge base with main, interleaved, 15 pairs per benchmark for 1 benchmark (a); exact counts, which need no pairing: 2 benchmarks (ir, heap)',
    )
  })

  test('describeRunNoise: nothing without a baseline; cancelled when every benchmark was paired', () => {
    assert.equal(describeRunNoise(comparison({})), undefined)
    assert.equal(
      describeRunNoise(comparison({ baseline, pairing })),
      `cancelled in each pair: ${ALTERNATING}`,
    )
  })

  test('describeRunNoise: unknown drift, the same moment or across moments', () => {
    assert.equal(
      describeRunNoise(comparison({ baseline })),
      'unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run',
    )
    assert.equal(
      describeRunNoise(
        comparison({
          baseline,
          acrossMoments: true,
          history: {
            runs: 3,
            branch: 'main',
            drift: { known: 0, unknown: 2, states: [1, 1], bounds: [1, 1], leftOut: [] },
          },
        }),
      ),
      'unknown (3 stored runs on main: too few of the same code); base and head were measured at different moments, so a timed change counts only when its whole interval lies beyond +25.0%, more than this machine drifts between moments',
    )
    assert.equal(
      describeRunNoise(comparison({ baseline, pairing: { ...pairing, unpaired: ['imp'] } })),
      `cancelled in each pair for the 2 benchmarks compared on pairs: ${ALTERNATING}; for the 1 benchmark compared unpaired, unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run`,
    )
  })

  test('describeRunNoise: a known drift, its range, the states, the benchmarks without it, the runs left out', () => {
    const drift = {
      known: 3,
      unknown: 1,
      states: [2, 2],
      bounds: [1.021, 1.054],
      leftOut: [
        {
          sha: 'abcdef0123456789abcdef0123456789abcdef01',
          createdAt: 'x',
          reason: 'alone in its state',
          benchmarks: 2,
        },
      ],
    }
    assert.equal(
      describeRunNoise(comparison({ baseline, history: { runs: 1, drift } })),
      'the drift between runs of the same code, from the last 1 stored run (2 states of the code): ±2.1% to ±5.4%; a change no larger than it is unclear, not a regression; 1 benchmark with too few runs of one state of the code is judged without it; left out: abcdef0 (alone in its state for 2 of 4 benchmarks)',
    )
    const six = Array.from({ length: 6 }, (_, i) => ({
      ...(i === 0 ? {} : { sha: `${i}`.repeat(40) }),
      createdAt: '2026-02-01T00:00:00Z',
      reason: 'wild',
      benchmarks: 3,
    }))
    assert.equal(
      describeRunNoise(
        comparison({
          baseline,
          acrossMoments: true,
          history: {
            runs: 12,
            branch: 'main',
            drift: { known: 1, unknown: 2, states: [1, 3], bounds: [1.03, 1.03], leftOut: six },
          },
        }),
      ),
      'the drift between runs of the same code, from the last 12 stored runs on main (1–3 states of the code): ±3.0%; a timed change counts only when its whole interval lies beyond it; 2 benchmarks with too few runs of one state of the code need the whole interval beyond +25.0%; left out: the run of 2026-02-01T00:00:00Z (wild), 1111111 (wild), 2222222 (wild), 3333333 (wild), 4444444 (wild) and 1 more',
    )
    assert.equal(
      describeRunNoise(
        comparison({
          baseline,
          history: {
            runs: 5,
            drift: { known: 2, unknown: 0, states: [1, 1], bounds: [1.01, 1.02], leftOut: [] },
          },
        }),
      ),
      'the drift between runs of the same code, from the last 5 stored runs (1 state of the code): ±1.0% to ±2.0%; a change no larger than it is unclear, not a regression',
    )
    const some = (unknown: number, acrossMoments: boolean) =>
      describeRunNoise(
        comparison({
          baseline,
          acrossMoments,
          history: {
            runs: 5,
            drift: { known: 1, unknown, states: [1, 1], bounds: [1.01, 1.01], leftOut: [] },
          },
        }),
      )!.split('; ')[2]
    assert.equal(
      some(1, true),
      '1 benchmark with too few runs of one state of the code needs the whole interval beyond +25.0%',
    )
    assert.equal(
      some(2, false),
      '2 benchmarks with too few runs of one state of the code are judged without it',
    )
  })
})

describe('a metric’s row', () => {
  const b = bench({ name: 'parse', id: 'parse/n=1', metrics: [] })
  const row = (m: Record<string, unknown>, of = b) =>
    metricRow(of, { gated: true, verdict: 'unchanged', notes: [], ...m } as never)

  test('an exact count: every digit, the change in percent, no interval but "exact", no p', () => {
    const r = row({
      metric: 'ir',
      unit: 'count',
      exact: true,
      base: { median: 1_000_000 },
      head: { median: 1_010_000 },
      change: 0.01,
    })
    assert.deepEqual(
      [r.benchmark, r.benchmarkId, r.metric, r.base, r.head, r.change, r.interval, r.p],
      ['parse', 'parse/n=1', 'ir', '1,000,000', '1,010,000', '+1.00%', 'exact', ''],
    )
  })

  test('samples: the median in its unit, the interval of the ratio, the p-value to four places', () => {
    const sampled = {
      metric: 'wall',
      unit: 'ns',
      base: { median: 1_500_000 },
      head: { median: 1_680_000 },
      change: 0.12,
      ci: [0.98, 1.12],
      pValue: 0.01234,
    }
    const r = row(sampled)
    assert.deepEqual(
      [r.metric, r.base, r.head, r.change, r.interval, r.p],
      ['wall (median)', '1.50 ms', '1.68 ms', '+12.0%', '-2.00% … +12.0%', '0.0123'],
    )
    assert.equal(row({ ...sampled, pValue: 0.00001 }).p, '<0.0001')
    assert.equal(row({ ...sampled, ci: [Number.NaN, 1.1] }).interval, '—')
    assert.equal(row({ ...sampled, ci: undefined }).interval, '—')
    assert.equal(row({ ...sampled, change: Number.POSITIVE_INFINITY }).change, 'n/a')
  })

  test('a tool’s summary: its statistic in the label, "summary only" for the interval', () => {
    const summary = {
      metric: 'wall',
      unit: 'ns',
      base: { median: 10 },
      head: { median: 11 },
      change: 0.1,
      test: 'summary',
    }
    assert.deepEqual([row(summary).metric, row(summary).interval], ['wall (summary)', 'summary only'])
    assert.equal(row({ ...summary, test: 'summary-ci', statistic: 'mean' }).metric, 'wall (mean)')
  })

  test('values that can be 0 or below: the difference of medians, and its interval, in the unit', () => {
    const difference = {
      metric: 'items',
      unit: 'other',
      label: 'items',
      basis: 'difference',
      base: { median: 0 },
      head: { median: 2 },
      change: Number.POSITIVE_INFINITY,
      difference: 2,
      differenceCi: [-3, 5],
    }
    const r = row(difference)
    assert.deepEqual([r.change, r.interval], ['+2 items', '-3 items … +5 items'])
    assert.equal(row({ ...difference, differenceCi: undefined }).interval, '—')
    assert.equal(row({ ...difference, difference: 0 }).change, '±0')
    assert.equal(row({ ...difference, difference: undefined }).change, 'n/a')
  })

  test('why an unclear verdict is unclear, only for unclear; whose verdict a view follows', () => {
    const m = {
      metric: 'wall',
      unit: 'ns',
      base: { median: 1 },
      head: { median: 1 },
      change: 0,
      why: 'too few runs',
    }
    assert.equal(row({ ...m, verdict: 'unclear' }).why, 'too few runs')
    assert.equal('why' in row({ ...m, verdict: 'regression' }), false)
    assert.equal(row({ ...m, follows: 'time' }).follows, 'time')
    assert.equal('follows' in row(m), false)
  })

  test('a throughput computed from the gated time is shown beside it, on each side', () => {
    const time = { metric: 'time', unit: 'ns', base: { median: 2000 }, head: { median: 1000 }, change: -0.5 }
    const rate = {
      metric: 'rate',
      unit: 'bytes/s',
      follows: 'time',
      base: { median: 1024 ** 3 },
      head: { median: 2 * 1024 ** 3 },
    }
    const of = bench({ name: 'copy', id: 'copy', metrics: [time, rate] })
    const r = row(time, of)
    assert.deepEqual([r.base, r.head], ['2.00 µs (1.00 GiB/s)', '1.00 µs (2.00 GiB/s)'])
    assert.deepEqual([row({ ...time, gated: false }, of).base], ['2.00 µs'])
  })

  test('metricVerdictLabel: a view says whose verdict it shows; an ungated change says it does not gate', () => {
    assert.equal(
      metricVerdictLabel({ verdict: 'unclear', follows: 'time', gated: false }),
      'unclear (follows time)',
    )
    assert.equal(metricVerdictLabel({ verdict: 'regression', gated: false }), 'regression (not gated)')
    assert.equal(metricVerdictLabel({ verdict: 'unchanged', gated: false }), 'unchanged')
    assert.equal(metricVerdictLabel({ verdict: 'new', gated: true }), 'no baseline')
    assert.equal(metricVerdictLabel({ verdict: 'missing', gated: true }), 'not run')
  })

  test('headlineMetrics: the gated metrics that decided, else the first gated, else the first', () => {
    const m = (metric: string, gated: boolean, verdict: string) => ({ metric, gated, verdict })
    const names = (metrics: unknown[], verdict: string) =>
      headlineMetrics(bench({ verdict, metrics })).map((x) => x.metric)
    const metrics = [
      m('rss', false, 'regression'),
      m('wall', true, 'unchanged'),
      m('cpu', true, 'regression'),
      m('sys', true, 'regression'),
    ]
    assert.deepEqual(names(metrics, 'regression'), ['cpu', 'sys'])
    assert.deepEqual(names(metrics, 'unclear'), ['wall'])
    assert.deepEqual(names([m('rss', false, 'unchanged'), m('sys', false, 'unchanged')], 'unchanged'), [
      'rss',
    ])
    assert.deepEqual(names([], 'unchanged'), [])
  })
})

describe('a value without a baseline', () => {
  const h = (more: Record<string, unknown>) =>
    ({
      metric: 'wall',
      unit: 'ns',
      gated: true,
      exact: false,
      summary: { median: 19_100_000, mad: 578_000, n: 15 },
      ...more,
    }) as never

  test('samples: median ± MAD over n runs; an exact count and a tool’s summary: the value alone', () => {
    assert.equal(headOnlyValue(h({})), '19.1 ms ± 578 µs')
    assert.equal(headOnlyLabel(h({})), 'wall (median ± MAD)')
    assert.equal(headOnlyLabel(h({}), 'median'), 'wall (median)')
    assert.equal(headOnlyRuns(h({})), '15')
    const count = h({
      metric: 'ir',
      unit: 'count',
      exact: true,
      summary: { median: 1_611_515, mad: 0, n: 1 },
    })
    assert.equal(headOnlyValue(count), '1,611,515')
    assert.equal(headOnlyLabel(count), 'ir')
    const summary = h({ summaryOnly: true, statistic: 'min', summaryOf: 100 })
    assert.equal(headOnlyValue(summary), '19.1 ms')
    assert.equal(headOnlyLabel(summary), 'wall (min)')
    assert.equal(headOnlyRuns(summary), '100')
    assert.equal(headOnlyLabel(h({ summaryOnly: true })), 'wall (summary)')
    assert.equal(headOnlyRuns(h({ summaryOnly: true })), '')
  })

  test('exact bytes keep every digit: a heap count of one byte more shows', () => {
    const heap = (median: number) =>
      h({ metric: 'heap-bytes', unit: 'bytes', exact: true, summary: { median, mad: 0, n: 1 } })
    assert.equal(headOnlyValue(heap(1748)), '1,748 B')
    assert.equal(headOnlyValue(heap(1749)), '1,749 B')
    assert.equal(headOnlyValue(heap(0)), '0 B')
    // Sampled bytes (a process's max RSS) are scaled as before.
    assert.equal(
      headOnlyValue(h({ metric: 'max-rss', unit: 'bytes', summary: { median: 2048, mad: 0, n: 5 } })),
      '2.00 KiB ± 0 B',
    )
  })

  test('shownHeadOnly: the gated ones, else the first; every one when verbose', () => {
    const all = [
      h({ metric: 'rss', gated: false }),
      h({ metric: 'wall' }),
      h({ metric: 'cpu', gated: false }),
    ]
    const names = (list: Array<{ metric: string }>) => list.map((x) => x.metric)
    assert.deepEqual(names(shownHeadOnly(bench({ headOnly: all }), false)), ['wall'])
    assert.deepEqual(names(shownHeadOnly(bench({ headOnly: all }), true)), ['rss', 'wall', 'cpu'])
    const none = [h({ metric: 'rss', gated: false }), h({ metric: 'cpu', gated: false })]
    assert.deepEqual(names(shownHeadOnly(bench({ headOnly: none }), false)), ['rss'])
  })
})
