// The CLI's report on a terminal, rendered from comparisons built by hand: the verdict line and counts,
// what was compared with what, warnings, a busy machine, one aligned table sorted worst first (each
// row coloured by its verdict on a terminal, plain otherwise), why unclear changes are unclear, who
// accepted a regression, shell corrections, functions that changed, failures told once with their
// output, the ranking, scaling curves, parameter scans and engines. User text cannot move the cursor.
// Every expected text is written out in full.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { renderTerminal } from '../../../src/report/terminal.ts'
import { bench, comparison, metric } from '../../support/comparisons.ts'

const NOW = new Date('2026-03-01T12:00:00Z')

const regressed = (more: Record<string, unknown> = {}) =>
  metric({
    verdict: 'regression',
    head: { median: 1_800_000 },
    change: 0.2,
    ci: [1.15, 1.25],
    pValue: 0.001,
    ...more,
  })

const lines = (...text: string[]) => `${text.join('\n')}\n`
/** The text from the first `marker` on; the marker must be there. */
const from = (text: string, marker: string) => {
  const at = text.indexOf(marker)
  assert.ok(at >= 0, `no ${JSON.stringify(marker)} in:\n${text}`)
  return text.slice(at)
}

const HEAD = 'head:     bbbbbbb on feature'
const BASELINE = 'baseline: aaaaaaa on main, measured 3 minutes ago: merge base with main'
const DRIFT =
  'drift:    unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run'
const LOAD =
  'load 4.2 on 2 CPUs, 12% of CPU time stolen by the hypervisor, other programs used 45% of the CPUs'

const busy = (more: Record<string, unknown> = {}) => ({
  cpus: 2,
  loadAverage: { start: 1.04, end: 4.21 },
  windowMs: 5000,
  stealPercent: 12,
  busyPercent: 90,
  otherBusyPercent: 45.4,
  ...more,
})

/** Unchanged benchmarks of these names, each measured on a busy machine. */
const busyBenchmarks = (names: string[]) =>
  names.map((n) => bench(n, 'unchanged', { metrics: [metric()], contention: { head: busy() } }))

/** One benchmark of every verdict, in an order the table does not keep. */
const everyVerdict = comparison([
  bench('idle', 'unchanged', { metrics: [metric()] }),
  bench('parse', 'regression', {
    metrics: [regressed()],
    functionChanges: [
      { name: 'parse_expr', base: 1000, head: 1500, delta: 500, deltaPercent: 50 },
      { name: 'new_fn', base: 0, head: 20, delta: 20, deltaPercent: null },
      { name: 'gone', base: 30, head: 0, delta: -30, deltaPercent: -100 },
    ],
  }),
  bench('hash', 'improvement', {
    metrics: [
      metric({
        verdict: 'improvement',
        head: { median: 1_200_000 },
        change: -0.2,
        ci: [0.75, 0.85],
        pValue: 0.00001,
      }),
    ],
  }),
  bench('sort', 'unclear', {
    metrics: [
      metric({
        verdict: 'unclear',
        head: { median: 1_650_000 },
        change: 0.1,
        ci: [0.95, 1.3],
        pValue: 0.2,
        why: 'p = 0.2 is not below α = 0.01',
      }),
    ],
  }),
  bench('ir', 'warning', {
    metrics: [
      metric({
        metric: 'instructions',
        unit: 'count',
        exact: true,
        verdict: 'warning',
        base: { median: 1000 },
        head: { median: 1100 },
        change: 0.1,
        ci: undefined,
        pValue: undefined,
      }),
    ],
  }),
  bench('fresh', 'new', {
    headOnly: [
      {
        metric: 'wall',
        unit: 'ns',
        gated: true,
        exact: false,
        summary: { median: 19_100_000, mad: 578_000, n: 15 },
      },
    ],
  }),
  bench('gone', 'missing'),
  bench('lex', 'failed', {
    error: { message: 'exited with code 2', stderrTail: 'boom\n\u001b[2Jbad\tinput\n\n' },
  }),
  bench('alloc', 'accepted', {
    metrics: [
      regressed({
        verdict: 'accepted',
        accepted: { source: 'label', by: 'octocat', reason: 'bigger buffers' },
      }),
    ],
  }),
])

const TABLE = [
  'benchmark  metric            base              head  change  interval               p  verdict',
  '─────────  ─────────────  ───────  ────────────────  ──────  ───────────────  ───────  ───────────',
  'parse      wall (median)  1.50 ms           1.80 ms  +20.0%  +15.0% … +25.0%   0.0010  regression',
  'lex                                                                                    failed',
  'alloc      wall (median)  1.50 ms           1.80 ms  +20.0%  +15.0% … +25.0%   0.0010  accepted',
  'sort       wall (median)  1.50 ms           1.65 ms  +10.0%  -5.00% … +30.0%   0.2000  unclear',
  'ir         instructions     1,000             1,100  +10.0%  exact                     warning',
  'hash       wall (median)  1.50 ms           1.20 ms  -20.0%  -25.0% … -15.0%  <0.0001  improvement',
  'fresh      wall (median)           19.1 ms ± 578 µs                                    no baseline',
  'gone                                                                                   not run',
  'idle       wall (median)  1.50 ms           1.51 ms  +1.00%  -1.00% … +3.00%   0.5000  unchanged',
]

describe('every kind of verdict', () => {
  test('plain: worst first, why the unclear change is unclear, who accepted, functions, the failure’s output', () => {
    assert.equal(
      renderTerminal(everyVerdict, { color: false, now: NOW }),
      lines(
        'bench-action · core: 1 regression and 1 failed benchmark (1 regression accepted)',
        '1 regression · 1 failed · 1 accepted · 1 unclear · 1 warning · 1 improvement · 1 no baseline · 1 not run · 1 unchanged',
        HEAD,
        BASELINE,
        DRIFT,
        '',
        ...TABLE,
        '',
        'Unclear',
        '  sort wall (median) +10.0%: p = 0.2 is not below α = 0.01',
        '',
        'Accepted regressions',
        '  alloc wall (median) +20.0% (+15.0% … +25.0%): bigger buffers — @octocat, with the label',
        '',
        'parse: functions whose instructions changed most',
        '  +500 Ir (+50.0%)  parse_expr',
        '  +20 Ir (new)  new_fn',
        '  -30 Ir (-100.0%)  gone',
        '',
        'lex: exited with code 2',
        '  │ boom',
        '  │ ?[2Jbad\tinput',
      ),
    )
  })

  test('coloured: the verdict line bold then red, each row in its verdict’s colour, sections bold', () => {
    const red = (t: string) => `\u001b[31m${t}\u001b[0m`
    const bold = (t: string) => `\u001b[1m${t}\u001b[0m`
    const dim = (t: string) => `\u001b[2m${t}\u001b[0m`
    const yellow = (t: string) => `\u001b[33m${t}\u001b[0m`
    const green = (t: string) => `\u001b[32m${t}\u001b[0m`
    const magenta = (t: string) => `\u001b[35m${t}\u001b[0m`
    assert.equal(
      renderTerminal(everyVerdict, { color: true, now: NOW }),
      lines(
        bold('bench-action · core: ') + red('1 regression and 1 failed benchmark (1 regression accepted)'),
        '1 regression · 1 failed · 1 accepted · 1 unclear · 1 warning · 1 improvement · 1 no baseline · 1 not run · 1 unchanged',
        HEAD,
        BASELINE,
        DRIFT,
        '',
        bold(TABLE[0]!),
        dim(TABLE[1]!),
        red(TABLE[2]!),
        red(TABLE[3]!),
        magenta(TABLE[4]!),
        yellow(TABLE[5]!),
        yellow(TABLE[6]!),
        green(TABLE[7]!),
        TABLE[8]!,
        dim(TABLE[9]!),
        dim(TABLE[10]!),
        '',
        bold('Unclear'),
        yellow('  sort wall (median) +10.0%: p = 0.2 is not below α = 0.01'),
        '',
        bold('Accepted regressions'),
        magenta('  alloc wall (median) +20.0% (+15.0% … +25.0%): bigger buffers — @octocat, with the label'),
        '',
        bold('parse: functions whose instructions changed most'),
        '  +500 Ir (+50.0%)  parse_expr',
        '  +20 Ir (new)  new_fn',
        '  -30 Ir (-100.0%)  gone',
        '',
        red('lex: exited with code 2'),
        '  │ boom',
        '  │ ?[2Jbad\tinput',
      ),
    )
  })

  test('a pass is green; verbose shows every metric and every value without a baseline', () => {
    const c = comparison([
      bench('parse', 'unchanged', {
        metrics: [metric(), metric({ metric: 'cpu', gated: false, verdict: 'improvement' })],
      }),
      bench('fresh', 'new', {
        headOnly: [
          {
            metric: 'wall',
            unit: 'ns',
            gated: true,
            exact: false,
            summary: { median: 19_100_000, mad: 578_000, n: 15 },
          },
          {
            metric: 'rss',
            unit: 'bytes',
            gated: false,
            exact: false,
            summary: { median: 2048, mad: 0, n: 3 },
          },
        ],
      }),
    ])
    const verbose = renderTerminal(c, { color: false, now: NOW, verbose: true })
    assert.equal(
      verbose,
      lines(
        'bench-action · core: no regressions in 2 benchmarks',
        '0 regressions · 1 no baseline · 1 unchanged',
        HEAD,
        BASELINE,
        DRIFT,
        '',
        'benchmark  metric            base              head  change  interval              p  verdict',
        '─────────  ─────────────  ───────  ────────────────  ──────  ───────────────  ──────  ───────────────────────',
        'fresh      wall (median)           19.1 ms ± 578 µs                                   no baseline',
        'fresh      rss (median)              2.00 KiB ± 0 B                                   no baseline',
        'parse      wall (median)  1.50 ms           1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  unchanged',
        'parse      cpu (median)   1.50 ms           1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  improvement (not gated)',
      ),
    )
    const short = renderTerminal(c, { color: true, now: NOW })
    assert.equal(
      short.split('\n')[0],
      '\u001b[1mbench-action · core: \u001b[0m\u001b[32mno regressions in 2 benchmarks\u001b[0m',
    )
    // Without --verbose: the gated rows, and a dim line counting the two left out (cpu, and fresh's
    // rss without a baseline); none of them unchanged at its resolution, and no flag to name.
    assert.deepEqual(short.split('\n').slice(8), [
      'fresh      wall (median)           19.1 ms ± 578 µs                                   no baseline',
      '\u001b[2mparse      wall (median)  1.50 ms           1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  unchanged\u001b[0m',
      '\u001b[2m2 more metrics not shown\u001b[0m',
      '',
    ])
  })
})

describe('what surrounds the table', () => {
  const functions = Array.from({ length: 6 }, (_, i) => ({
    name: `f${i}`,
    base: 100,
    head: 100 + i * 10,
    delta: i * 10,
    deltaPercent: i * 10,
  }))
  const c = comparison(
    [
      bench('parse', 'regression', {
        metrics: [regressed()],
        functionChanges: functions,
        contention: { head: busy() },
      }),
      bench('quick', 'regression', { metrics: [metric({ verdict: 'regression' })], functionChanges: [] }),
      bench('idle', 'unchanged', {
        metrics: [metric()],
        shellCorrection: { head: { ns: 1_500_000, runs: 10 } },
      }),
    ],
    {
      suite: 'core\u001b[2J',
      baselineWarnings: ['bad\rfile'],
      environmentDifferences: [{ key: 'kernel', base: '6.1', head: '6.5' }],
      acceptance: { notes: ['accept "old" has expired'], added: [{ benchmark: 'parse', reason: 'why' }] },
      exactBaseline: { benchmarks: 1, environmentDifferences: [] },
      ranking: [
        {
          basis: { group: ['fast', 'slow\u001b[2J'] },
          at: {},
          metric: 'wall',
          unit: 'ns',
          entries: [
            { id: 'a', name: 'fast', median: 1000, ratio: 1, ci: [1, 1] },
            { id: 'b', name: 'slow\u001b[2J', median: 2500, ratio: 2.5, ci: [2.41, 2.6] },
          ],
        },
        {
          basis: { scan: 'sort', over: ['algorithm'] },
          at: { n: 100 },
          metric: 'wall',
          unit: 'ns',
          entries: [
            { id: 'q', name: 'sort/algorithm:quick/n:100', median: 2000, ratio: 1, ci: [1, 1] },
            { id: 'm', name: 'sort/algorithm:merge/n:100', median: 3000, ratio: 1.5, ci: [1.4, 1.6] },
          ],
        },
      ],
      scaling: [
        {
          benchmark: 'pool',
          dimension: 'threads',
          cores: 2,
          points: [
            {
              count: 1,
              id: 'p1',
              base: { throughput: 1_000_000, speedup: 1, efficiency: 1 },
              head: { throughput: 1_100_000, speedup: 1, efficiency: 1 },
              verdict: 'improvement',
            },
            {
              count: 2,
              id: 'p2',
              base: { throughput: 1_900_000, speedup: 1.9, efficiency: 0.95 },
              verdict: 'missing',
            },
            {
              count: 4,
              id: 'p4',
              head: { throughput: 2_100_000, speedup: 1.909, efficiency: 0.477 },
              verdict: 'new',
            },
          ],
        },
      ],
      scans: [
        {
          benchmark: 'sort',
          parameter: 'n',
          points: [
            { value: 10, id: 's', base: 1500, head: 1400, verdict: 'unchanged' },
            { value: 1000, id: 't', head: 30_000, verdict: 'new' },
          ],
        },
      ],
      engineRankings: [
        {
          benchmark: 'regex',
          engines: [
            { engine: 'rust/regex', id: 'x', median: 1500, throughput: 2 * 1024 ** 3, ratio: 1, ci: [1, 1] },
            { engine: 'pcre2', id: 'y', median: 3000, ratio: 2, ci: [1.9, 2.1] },
            { engine: 'hyperscan', id: 'z', median: 1600, ratio: 1, ci: [0.98, 1.1] },
          ],
          unranked: ['re2'],
        },
      ],
    },
  )

  test('warnings, counts’ own baseline, a busy machine, notes, corrections, the five functions, rankings of a group and of a scan, scaling, scans, engines', () => {
    assert.equal(
      renderTerminal(c, { color: false, now: NOW }),
      lines(
        'bench-action · core?[2J: 2 regressions in 3 benchmarks',
        '2 regressions · 1 unchanged',
        'warning: Added by this pull request: an accept: entry of bench.yml that its base does not have. It accepts regressions because this pull request says so; review it with the code.',
        'warning: accept "parse": "why"',
        HEAD,
        BASELINE,
        'counts:   none (1 benchmark): no stored run',
        DRIFT,
        'warning: bad?file',
        'warning: environment differs from the baseline (kernel: 6.1 → 6.5)',
        'busy:     the machine was busy while measuring; wall-clock comparisons across moments are unreliable: a slowdown may be the load, not the change',
        `  parse (head): ${LOAD}`,
        '',
        'benchmark  metric            base     head  change  interval              p  verdict',
        '─────────  ─────────────  ───────  ───────  ──────  ───────────────  ──────  ──────────',
        'parse      wall (median)  1.50 ms  1.80 ms  +20.0%  +15.0% … +25.0%  0.0010  regression',
        'quick      wall (median)  1.50 ms  1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  regression',
        'idle       wall (median)  1.50 ms  1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  unchanged',
        '',
        'note: accept "old" has expired',
        '',
        'idle: wall corrected for shell start-up: −1.50 ms, measured over 10 runs',
        '',
        'parse: functions whose instructions changed most',
        '  0 Ir (±0.00%)  f0',
        '  +10 Ir (+10.0%)  f1',
        '  +20 Ir (+20.0%)  f2',
        '  +30 Ir (+30.0%)  f3',
        '  +40 Ir (+40.0%)  f4',
        '',
        'Ranking of fast and slow?[2J by median wall time',
        '  fast (1.00 µs)',
        '    ran 2.50× faster than slow?[2J (95% interval 2.41–2.60)',
        '',
        'Ranking of sort across algorithm at n=100 by median wall time',
        '  sort/algorithm:quick/n:100 (2.00 µs)',
        '    ran 1.50× faster than sort/algorithm:merge/n:100 (95% interval 1.40–1.60)',
        '',
        'Scaling of pool by threads (2 logical CPUs)',
        '    1  base 1,000,000 ops/s (1.00×, 100%)  head 1,100,000 ops/s (1.00×, 100%)  improvement',
        '    2  base 1,900,000 ops/s (1.90×, 95%)  not run',
        '    4  head 2,100,000 ops/s (1.91×, 48%)  no baseline oversubscribed',
        '',
        'Scan of sort by n (median wall time)',
        '    10  base 1.50 µs  head 1.40 µs  unchanged',
        '  1000  head 30.0 µs  no baseline',
        '',
        'Engines of regex',
        '  rust/regex  1.50 µs  2.00 GiB/s  fastest',
        '  pcre2  3.00 µs  2.00× (95% interval 1.90–2.10)',
        '  hyperscan  1.60 µs  1.00× (95% interval 0.980–1.10)',
        '  re2  failed',
      ),
    )
  })

  test('coloured: warnings and the busy machine yellow, corrections dim, headings and ratios bold', () => {
    const text = renderTerminal(c, { color: true, now: NOW }).split('\n')
    const y = (t: string) => `\u001b[33m${t}\u001b[0m`
    const b = (t: string) => `\u001b[1m${t}\u001b[0m`
    assert.deepEqual(text.slice(8, 12), [
      y('warning: bad?file'),
      y('warning: environment differs from the baseline (kernel: 6.1 → 6.5)'),
      y(
        'busy:     the machine was busy while measuring; wall-clock comparisons across moments are unreliable: a slowdown may be the load, not the change',
      ),
      y(`  parse (head): ${LOAD}`),
    ])
    assert.deepEqual(text.slice(19, 24), [
      y('note: accept "old" has expired'),
      '',
      '\u001b[2midle: wall corrected for shell start-up: −1.50 ms, measured over 10 runs\u001b[0m',
      '',
      b('parse: functions whose instructions changed most'),
    ])
    assert.deepEqual(text.slice(30, 34), [
      b('Ranking of fast and slow?[2J by median wall time'),
      '  fast (1.00 µs)',
      `    ran ${b('2.50×')} faster than slow?[2J (95% interval 2.41–2.60)`,
      '',
    ])
    assert.deepEqual(text.slice(34, 37), [
      b('Ranking of sort across algorithm at n=100 by median wall time'),
      '  sort/algorithm:quick/n:100 (2.00 µs)',
      `    ran ${b('1.50×')} faster than sort/algorithm:merge/n:100 (95% interval 1.40–1.60)`,
    ])
    assert.equal(text[38], b('Scaling of pool by threads (2 logical CPUs)'))
    assert.equal(text[43], b('Scan of sort by n (median wall time)'))
    assert.deepEqual(text.slice(47, 52), [
      b('Engines of regex'),
      `  rust/regex  1.50 µs  2.00 GiB/s  ${b('fastest')}`,
      `  pcre2  3.00 µs  ${b('2.00×')} (95% interval 1.90–2.10)`,
      `  hyperscan  1.60 µs  ${b('1.00×')} (95% interval 0.980–1.10)`,
      '  re2  failed',
    ])
  })

  test('more than five busy measurements: five named and the rest counted; without a baseline, no side', () => {
    const many = comparison(busyBenchmarks(['b0', 'b1', 'b2', 'b3', 'b4', 'b5']), {
      baseline: undefined,
      noBaselineReason: 'none stored',
    })
    assert.deepEqual(renderTerminal(many, { color: false, now: NOW }).split('\n').slice(0, 12), [
      'bench-action · core: 6 benchmarks measured, no baseline to compare with',
      '0 regressions · 6 unchanged',
      HEAD,
      'baseline: no baseline: none stored',
      'busy:     the machine was busy while measuring; its timings may be slower than the code is',
      `  b0: ${LOAD}`,
      `  b1: ${LOAD}`,
      `  b2: ${LOAD}`,
      `  b3: ${LOAD}`,
      `  b4: ${LOAD}`,
      '  and 1 more',
      '',
    ])
    const coloured = renderTerminal(many, { color: true, now: NOW }).split('\n')
    assert.equal(coloured[10], '\u001b[33m  and 1 more\u001b[0m')
  })

  test('several benchmarks’ engines: one table of benchmarks by engines, each cell the time and ratio', () => {
    const fastest = (engine: string, median: number) => ({ engine, id: engine, median, ratio: 1, ci: [1, 1] })
    const engines = comparison([], {
      engineRankings: [
        {
          benchmark: 'regex',
          engines: [
            fastest('rust/regex', 1500),
            { engine: 'pcre2', id: 'y', median: 3000, ratio: 2, ci: [1.9, 2.1] },
          ],
          unranked: ['re2'],
        },
        { benchmark: 'dates', engines: [fastest('pcre2', 800)], unranked: [] },
      ],
    })
    const text = renderTerminal(engines, { color: false, now: NOW })
    assert.equal(
      from(text, 'engines of'),
      lines(
        'engines of         rust/regex             pcre2     re2',
        '──────────  ─────────────────  ────────────────  ──────',
        'regex       1.50 µs (fastest)   3.00 µs (2.00×)  failed',
        'dates                          800 ns (fastest)',
      ),
    )
    const coloured = renderTerminal(engines, { color: true, now: NOW }).split('\n')
    const at = coloured.findIndex((l) => l.includes('engines of'))
    assert.deepEqual(coloured.slice(at - 1, at + 2), [
      '',
      '\u001b[1mengines of         rust/regex             pcre2     re2\u001b[0m',
      '──────────  ─────────────────  ────────────────  ──────',
    ])
  })

  test('exactly five busy measurements: all five named, nothing left to count', () => {
    const five = comparison(busyBenchmarks(['b0', 'b1', 'b2', 'b3', 'b4']))
    const text = renderTerminal(five, { color: false, now: NOW }).split('\n')
    const at = text.indexOf(`  b4 (head): ${LOAD}`)
    assert.ok(at > 0, text.join('\n'))
    assert.equal(text[at + 1], '')
    assert.ok(!text.some((l) => l.startsWith('  and ')), text.join('\n'))
  })

  test('an engine is the fastest only at a ratio of exactly 1 with an interval from 1: a tie within the noise or an interval touching 1 is a ratio', () => {
    const fastest = { engine: 'rust/regex', id: 'a', median: 1500, ratio: 1, ci: [1, 1] }
    const tie = { engine: 'pcre2', id: 'b', median: 1500, ratio: 1, ci: [0.95, 1.05] }
    const touching = { engine: 're2', id: 'c', median: 1800, ratio: 1.2, ci: [1, 1.4] }
    const ranking = { benchmark: 'regex', engines: [fastest, tie, touching], unranked: [] }
    const one = renderTerminal(comparison([], { engineRankings: [ranking] }), { color: false, now: NOW })
    assert.equal(
      from(one, 'Engines of'),
      lines(
        'Engines of regex',
        '  rust/regex  1.50 µs  fastest',
        '  pcre2  1.50 µs  1.00× (95% interval 0.950–1.05)',
        '  re2  1.80 µs  1.20× (95% interval 1.00–1.40)',
      ),
    )
    const other = { benchmark: 'dates', engines: [{ ...fastest, median: 800 }], unranked: [] }
    const table = renderTerminal(comparison([], { engineRankings: [ranking, other] }), {
      color: false,
      now: NOW,
    })
    const rows = from(table, 'engines of').split('\n')
    assert.match(rows[2]!, /^regex +1\.50 µs \(fastest\) +1\.50 µs \(1\.00×\) +1\.80 µs \(1\.20×\)$/)
  })

  test('C1 control characters are replaced too, and a no-break space is text', () => {
    const c2 = comparison([], { suite: 'core\u009b2J\u009f\u00a0x' })
    const first = renderTerminal(c2, { color: false, now: NOW }).split('\n')[0]!
    assert.ok(first.startsWith('bench-action · core?2J?\u00a0x: '), first)
  })

  test('one ranked benchmark is not a ranking; failures alike are told once, without output when there is none', () => {
    const c2 = comparison(
      [
        bench('a', 'failed', { error: { message: 'setup failed', stderrTail: 'make: error\n' } }),
        bench('b', 'failed', { error: { message: 'setup failed', stderrTail: 'make: error' } }),
        bench('c', 'failed', {}),
        bench('d', 'failed', { error: { message: 'killed', stderrTail: '  \n' } }),
      ],
      {
        ranking: [
          {
            basis: { group: ['fast', 'gone'] },
            at: {},
            metric: 'wall',
            unit: 'ns',
            entries: [{ id: 'a', name: 'fast', median: 1000, ratio: 1, ci: [1, 1] }],
          },
        ],
      },
    )
    const text = renderTerminal(c2, { color: false, now: NOW })
    assert.equal(
      from(text, '\n\na, b'),
      lines('', '', 'a, b: setup failed', '  │ make: error', '', 'c: failed', '', 'd: killed'),
    )
  })
})

describe('smaller cases', () => {
  test('an unclear change without a reason gets no Unclear section; an accepted one without interval, no parentheses', () => {
    const c = comparison(
      [
        bench('sort', 'unclear', { metrics: [metric({ verdict: 'unclear' })] }),
        bench('alloc', 'accepted', {
          metrics: [
            metric({
              metric: 'instructions',
              unit: 'count',
              exact: false,
              verdict: 'accepted',
              base: { median: 1000 },
              head: { median: 1200 },
              change: 0.2,
              ci: undefined,
              pValue: undefined,
              accepted: { source: 'config', until: '2026-04-01', reason: 'new feature' },
            }),
          ],
        }),
        bench('hash', 'improvement', {
          metrics: [metric({ verdict: 'improvement' })],
          functionChanges: [{ name: 'f', base: 10, head: 8, delta: -2, deltaPercent: -20 }],
        }),
      ],
      { acceptance: { notes: [] } },
    )
    assert.deepEqual(renderTerminal(c, { color: false, now: NOW }).split('\n').slice(5), [
      '',
      'benchmark  metric                    base     head  change  interval              p  verdict',
      '─────────  ─────────────────────  ───────  ───────  ──────  ───────────────  ──────  ───────────',
      'alloc      instructions (median)    1,000    1,200  +20.0%  —                        accepted',
      'sort       wall (median)          1.50 ms  1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  unclear',
      'hash       wall (median)          1.50 ms  1.51 ms  +1.00%  -1.00% … +3.00%  0.5000  improvement',
      '',
      'Accepted regressions',
      '  alloc instructions (median) +20.0%: new feature — bench.yml, until 2026-04-01',
      '',
    ])
  })
})

describe('drift and failures, continued', () => {
  test('five runs left out of the drift are all named, with nothing more to count', () => {
    const leftOut = ['1', '2', '3', '4', '5'].map((d) => ({
      sha: d.repeat(40),
      createdAt: '2026-02-01T00:00:00Z',
      reason: 'wild',
      benchmarks: 1,
    }))
    const c = comparison([bench('a', 'unchanged', { metrics: [metric()] })], {
      history: {
        runs: 9,
        branch: 'main',
        drift: { known: 1, unknown: 0, states: [2, 2], bounds: [1.02, 1.02], leftOut },
      },
    })
    assert.equal(
      renderTerminal(c, { color: false, now: NOW }).split('\n')[4],
      'drift:    the drift between runs of the same code, from the last 9 stored runs on main (2 states of the code): ±2.0%; a change no larger than it is unclear, not a regression; left out: 1111111 (wild), 2222222 (wild), 3333333 (wild), 4444444 (wild), 5555555 (wild)',
    )
  })

  test('blank output is no output, and an empty message no message: such failures are told together', () => {
    const c = comparison([
      bench('c', 'failed', { error: { message: 'exited with code 1' } }),
      bench('d', 'failed', { error: { message: 'exited with code 1', stderrTail: ' \n ' } }),
      bench('e', 'failed'),
      bench('g', 'failed', { error: { message: '' } }),
    ])
    const text = renderTerminal(c, { color: false, now: NOW })
    assert.equal(from(text, '\n\nc'), lines('', '', 'c, d: exited with code 1', '', 'e, g: failed'))
  })
})
