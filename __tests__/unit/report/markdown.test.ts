// The pull-request comment, rendered from comparisons built by hand: the verdict first, regressions,
// accepted regressions and failures before the reassuring sections, unchanged rows collapsed, what was
// compared with what, warnings about the environment, acceptances and a busy machine, the detail
// blocks (all metrics, notes, functions, rankings, engines, scaling and scans), the footer that states
// the gate, the shortened comment that still fits GitHub's limit, and the failed step's one-line reason.
// Every expected text is written out in full.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  COMMENT_LIMIT,
  failureMessage,
  renderMarkdown,
  SUMMARY_LIMIT_BYTES,
} from '../../../src/report/markdown.ts'
import { trendPageUrl } from '../../../src/report/site-paths.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import { BASE_SHA, bench, comparison, environment, HEAD_SHA, metric } from '../../support/comparisons.ts'

const ZWSP = '\u200b'
const NOW = new Date('2026-03-01T12:00:00Z')

/** One side of a scaling point: its throughput, speedup and efficiency. */
const scalingSide = (throughput: number, speedup: number, efficiency: number) => ({
  throughput,
  speedup,
  efficiency,
})

/** A suite of one unchanged benchmark, beside whatever section a test is about. */
const oneUnchanged = () => [bench('a', 'unchanged', { metrics: [metric()] })]

const blocks = (markdown: string) => markdown.split('\n\n')
const blockStarting = (markdown: string, start: string) => blocks(markdown).find((b) => b.startsWith(start))
/** A `<details>` block whole, from its summary to its end. */
function detailsBlock(markdown: string, summary: string): string | undefined {
  const open = `<details>\n<summary>${summary}</summary>`
  const at = markdown.indexOf(open)
  if (at < 0) return undefined
  return markdown.slice(at, markdown.indexOf('</details>', at) + '</details>'.length)
}

const PROVENANCE = [
  '**Head:** bbbbbbb on feature  ',
  '**Baseline:** aaaaaaa on main, measured 3 minutes ago: merge base with main  ',
  '**Drift between runs:** unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run',
].join('\n')

const ENVIRONMENT = [
  '<details>',
  '<summary>Environment</summary>',
  '',
  '|  | Base | Head |',
  '|---|---|---|',
  '| OS | linux x64 | linux x64 |',
  '| CPU | EPYC × 2 | EPYC × 2 |',
  '| node | v20.1.0 | v20.1.0 |',
  '',
  '</details>',
].join('\n')

const GATE =
  'A regression is a gated metric worse than its threshold (5.00%) and significant (Mann–Whitney U p &lt; α = 0.01, with the bootstrap confidence interval of the ratio of medians wholly on the bad side). ' +
  'Beyond the threshold but not significant is unclear: shown, not failing. ' +
  'One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict.'

const FOOTER = `<sub>${GATE} Interval: 99.0% interval of the change in the median.</sub>`

const METRIC_HEADER =
  '| Benchmark | Metric | Base | Head | Change | Interval | p | Verdict |\n|---|---|---|---|---|---|---|---|'

describe('a comment with one unchanged benchmark', () => {
  test('the verdict, the counts, what was compared, the unchanged row collapsed, all metrics, environment and gate', () => {
    const c = comparison([bench('parse', 'unchanged', { metrics: [metric()] })])
    const row =
      '| `parse` | wall (median) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged |'
    assert.equal(
      renderMarkdown(c, { now: NOW }),
      [
        '<!-- bench-action:core -->',
        '### ✅ bench-action · core: no regressions in 1 benchmark',
        '0 regressions · 1 unchanged',
        PROVENANCE,
        `<details>\n<summary>1 unchanged</summary>\n\n${METRIC_HEADER}\n${row}\n\n</details>`,
        `<details>\n<summary>All metrics</summary>\n\n${METRIC_HEADER}\n${row.replace('(median)', '(median) (gated)')}\n\n</details>`,
        ENVIRONMENT,
        FOOTER,
      ].join('\n\n') + '\n',
    )
  })

  test('the product version closes the footer when it is given', () => {
    const c = comparison([bench('parse', 'unchanged', { metrics: [metric()] })])
    const markdown = renderMarkdown(c, { now: NOW, version: '1.2.3' })
    assert.ok(
      markdown.endsWith(
        '<sub>' +
          GATE +
          ' Interval: 99.0% interval of the change in the median. · bench-action 1.2.3</sub>\n',
      ),
      markdown,
    )
  })
})

describe('a comment with every kind of verdict', () => {
  const regressed = metric({
    verdict: 'regression',
    head: { median: 1_800_000 },
    ratio: 1.2,
    change: 0.2,
    ci: [1.15, 1.25],
    pValue: 0.001,
  })
  const c = comparison([
    bench('idle', 'unchanged', { metrics: [metric()] }),
    bench('parse', 'regression', {
      metrics: [
        regressed,
        metric({
          metric: 'rss',
          unit: 'bytes',
          gated: false,
          base: { median: 1024 },
          head: { median: 2048 },
          change: 1,
          ci: undefined,
          pValue: undefined,
          verdict: 'regression',
          notes: ['grew'],
        }),
      ],
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
      command: ['./lex', '--fast'],
      error: { message: 'exited with code 2', stderrTail: 'boom\nbad input\n' },
    }),
    bench('alloc', 'accepted', {
      metrics: [
        {
          ...regressed,
          verdict: 'accepted',
          accepted: { source: 'label', by: 'octocat', reason: 'bigger buffers' },
        },
      ],
    }),
  ])

  test('regressions, accepted, failed, unclear, warnings, improvements, new, not run, unchanged, in that order', () => {
    assert.equal(
      renderMarkdown(c, { now: NOW }),
      [
        '<!-- bench-action:core -->',
        '### 🔴 bench-action · core: 1 regression and 1 failed benchmark (1 regression accepted)',
        '1 regression · 1 failed · 1 accepted · 1 unclear · 1 warning · 1 improvement · 1 no baseline · 1 not run · 1 unchanged',
        PROVENANCE,
        '#### Regressions',
        `${METRIC_HEADER}\n| \`parse\` | wall (median) | 1.50 ms | 1.80 ms | **+20.0%** | +15.0% … +25.0% | 0.0010 | 🔴 regression |`,
        '<details>\n<summary><code>parse</code>: functions whose instructions changed most</summary>',
        [
          '| Function | Base Ir | Head Ir | Δ | Δ% |',
          '|---|---|---|---|---|',
          '| `parse_expr` | 1,000 | 1,500 | +500 | +50.0% |',
          '| `new_fn` | 0 | 20 | +20 | new |',
          '| `gone` | 30 | 0 | -30 | -100.0% |',
        ].join('\n'),
        '</details>',
        '#### Accepted regressions',
        [
          '| Benchmark | Metric | Base | Head | Change | Interval | Accepted by | Reason |',
          '|---|---|---|---|---|---|---|---|',
          `| \`alloc\` | wall (median) | 1.50 ms | 1.80 ms | **+20.0%** | +15.0% … +25.0% | @${ZWSP}octocat, with the label | bigger buffers |`,
        ].join('\n'),
        '#### Failed',
        '| Benchmark | Error |\n|---|---|\n| `lex` | exited with code 2 |',
        '<details>\n<summary><code>lex</code>: output</summary>',
        'Command: `./lex --fast`',
        'stderr (last lines):',
        '```text\nboom\nbad input\n```',
        '</details>',
        '#### Unclear: beyond the threshold, without the evidence for a verdict',
        [
          '| Benchmark | Metric | Base | Head | Change | Interval | p | Verdict | Why |',
          '|---|---|---|---|---|---|---|---|---|',
          '| `sort` | wall (median) | 1.50 ms | 1.65 ms | +10.0% | -5.00% … +30.0% | 0.2000 | 🟡 unclear | p = 0.2 is not below α = 0.01 |',
        ].join('\n'),
        '#### Warnings: changed, but the environment differs',
        `${METRIC_HEADER}\n| \`ir\` | instructions | 1,000 | 1,100 | +10.0% | exact |  | ⚠️ warning |`,
        '#### Improvements',
        `${METRIC_HEADER}\n| \`hash\` | wall (median) | 1.50 ms | 1.20 ms | **-20.0%** | -25.0% … -15.0% | <0.0001 | 🟢 improvement |`,
        '#### Without a baseline',
        '| Benchmark | Metric | Value | Runs |\n|---|---|---|---|\n| `fresh` | wall (median ± MAD) | 19.1 ms ± 578 µs | 15 |',
        '#### In the baseline, not run now\n- `gone`',
        '<details>\n<summary>1 unchanged</summary>',
        `${METRIC_HEADER}\n| \`idle\` | wall (median) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged |`,
        '</details>',
        '<details>\n<summary>All metrics</summary>',
        [
          METRIC_HEADER,
          '| `idle` | wall (median) (gated) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged |',
          '| `parse` | wall (median) (gated) | 1.50 ms | 1.80 ms | +20.0% | +15.0% … +25.0% | 0.0010 | 🔴 regression |',
          '| `parse` | rss (median) | 1.00 KiB | 2.00 KiB | +100.0% | — |  | 🔴 regression (not gated) |',
          '| `hash` | wall (median) (gated) | 1.50 ms | 1.20 ms | -20.0% | -25.0% … -15.0% | <0.0001 | 🟢 improvement |',
          '| `sort` | wall (median) (gated) | 1.50 ms | 1.65 ms | +10.0% | -5.00% … +30.0% | 0.2000 | 🟡 unclear |',
          '| `ir` | instructions (gated) | 1,000 | 1,100 | +10.0% | exact |  | ⚠️ warning |',
          '| `fresh` | wall |  | 19.1 ms ± 578 µs |  |  |  | 🆕 no baseline |',
          '| `alloc` | wall (median) (gated) | 1.50 ms | 1.80 ms | +20.0% | +15.0% … +25.0% | 0.0010 | 🟠 accepted |',
        ].join('\n'),
        '</details>',
        ENVIRONMENT,
        FOOTER,
      ].join('\n\n') + '\n',
    )
  })

  test('the failed step names the failures with their errors, then each regression’s headline change', () => {
    assert.equal(
      failureMessage(c),
      '1 benchmark failed: lex (exited with code 2). 1 regression: parse wall +20.0%',
    )
  })
})

describe('what was compared with what', () => {
  test('without a baseline: why, values without a verdict, an environment with one side, no ⚠️', () => {
    const c = comparison(
      [
        bench('fresh', 'new', {
          headOnly: [
            {
              metric: 'ir',
              unit: 'count',
              gated: true,
              exact: true,
              summary: { median: 1_611_515, mad: 0, n: 1 },
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
        bench('tool', 'new', {
          headOnly: [
            {
              metric: 'time',
              unit: 'ns',
              gated: false,
              exact: false,
              summaryOnly: true,
              statistic: 'mean',
              summaryOf: 100,
              summary: { median: 2500, mad: 0, n: 1 },
            },
          ],
        }),
      ],
      { baseline: undefined, noBaselineReason: 'nothing stored for main', suite: 'my *suite*' },
    )
    assert.equal(
      renderMarkdown(c, { now: NOW }),
      [
        '<!-- bench-action:my__suite_ -->',
        '### ℹ️ bench-action · my \\*suite\\*: 2 benchmarks measured, no baseline to compare with',
        '0 regressions · 2 no baseline',
        '**Head:** bbbbbbb on feature  \n**No baseline:** nothing stored for main. Results are shown without a verdict.',
        '#### Without a baseline',
        '| Benchmark | Metric | Value | Runs |\n|---|---|---|---|\n| `fresh` | ir | 1,611,515 | 1 |\n| `tool` | time (mean) | 2.50 µs | 100 |',
        '<details>\n<summary>All metrics</summary>',
        [
          METRIC_HEADER,
          '| `fresh` | ir |  | 1,611,515 |  |  |  | 🆕 no baseline |',
          '| `fresh` | rss |  | 2.00 KiB ± 0 B |  |  |  | 🆕 no baseline |',
          '| `tool` | time |  | 2.50 µs |  |  |  | 🆕 no baseline |',
        ].join('\n'),
        '</details>',
        '<details>\n<summary>Environment</summary>',
        '|  | Base | Head |\n|---|---|---|\n| OS |  | linux x64 |\n| CPU |  | EPYC × 2 |\n| node |  | v20.1.0 |',
        '</details>',
        FOOTER,
      ].join('\n\n') + '\n',
    )
  })

  test('the pull request’s own acceptances first, then warnings about the baseline, then notes on acceptances', () => {
    const c = comparison([bench('parse', 'unchanged', { metrics: [metric()] })], {
      baselineWarnings: ['results/old.json: not valid JSON', '- starts like a list'],
      environmentDifferences: [
        { key: 'kernel', base: '6.1', head: '6.5' },
        { key: 'cpuCount', base: '2', head: '4' },
      ],
      head: {
        commit: { sha: HEAD_SHA, branch: 'feature', dirty: true },
        createdAt: '2026-03-01T12:00:00Z',
        environment: environment({ kernel: '6.5', cpuCount: 4, tools: { valgrind: '3.19', cargo: '1.80' } }),
      },
      baseline: {
        commit: { sha: BASE_SHA, branch: 'main' },
        createdAt: '2026-03-01T11:57:00Z',
        environment: environment({ kernel: '6.1', tools: { valgrind: '3.18' } }),
        source: 'store',
        reason: 'merge base with main',
      },
      acceptance: {
        notes: ['accept "old": its date 2026-01-01 has passed', 'accept "x" matches no benchmark'],
        added: [{ benchmark: 'parse', reason: 'slower on purpose' }],
      },
    })
    const markdown = renderMarkdown(c, { now: NOW })
    assert.deepEqual(blocks(markdown).slice(0, 7), [
      '<!-- bench-action:core -->',
      '### ✅ bench-action · core: no regressions in 1 benchmark',
      '0 regressions · 1 unchanged',
      [
        '> [!WARNING]',
        '>',
        '> Added by this pull request: an accept: entry of bench.yml that its base does not have. It accepts regressions because this pull request says so; review it with the code.',
        '>',
        '> accept "parse": "slower on purpose"',
      ].join('\n'),
      '**Head:** bbbbbbb on feature with uncommitted changes  \n' +
        '**Baseline:** aaaaaaa on main, measured 3 minutes ago: merge base with main  \n' +
        '**Drift between runs:** unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run',
      [
        '> [!WARNING]',
        '> results/old.json: not valid JSON',
        '> \\- starts like a list',
        '> The baseline was measured in a different environment (kernel: 6.1 → 6.5; cpuCount: 2 → 4); timings may not be comparable.',
      ].join('\n'),
      [
        '> [!NOTE]',
        '>',
        '> accept "old": its date 2026-01-01 has passed',
        '>',
        '> accept "x" matches no benchmark',
      ].join('\n'),
    ])
    // A row that differs from the baseline is flagged; one the baseline lacks is not.
    assert.equal(
      detailsBlock(markdown, 'Environment'),
      [
        '<details>',
        '<summary>Environment</summary>',
        '',
        '|  | Base | Head |',
        '|---|---|---|',
        '| OS | linux x64 | linux x64 |',
        '| kernel | 6.1 | 6.5 ⚠️ |',
        '| CPU | EPYC × 2 | EPYC × 4 ⚠️ |',
        '| node | v20.1.0 | v20.1.0 |',
        '| cargo |  | 1.80 |',
        '| valgrind | 3.18 | 3.19 ⚠️ |',
        '',
        '</details>',
      ].join('\n'),
    )
  })

  test('paired runs: the pairs in the baseline line, drift cancelled, the paired test and interval in the footer', () => {
    const c = comparison(oneUnchanged(), {
      pairing: { benchmarks: 1, minPairs: 15, maxPairs: 15, paired: ['a'], unpaired: [], exact: [] },
    })
    const markdown = renderMarkdown(c, { now: NOW })
    assert.equal(
      blockStarting(markdown, '**Head:**'),
      '**Head:** bbbbbbb on feature  \n' +
        '**Baseline:** aaaaaaa on main, measured 3 minutes ago: merge base with main, interleaved, 15 pairs per benchmark  \n' +
        '**Drift between runs:** cancelled in each pair: base and head ran on this machine a moment apart, their runs alternating',
    )
    assert.equal(
      blockStarting(markdown, '<sub>'),
      '<sub>A regression is a gated metric worse than its threshold (5.00%) and significant (paired: Wilcoxon signed-rank p &lt; α = 0.01 on the log-ratios of 15 pairs of neighbouring base and head runs, with the bootstrap confidence interval of the median paired ratio wholly on the bad side). ' +
        'Beyond the threshold but not significant is unclear: shown, not failing. ' +
        'One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict. ' +
        'Interval: 99.0% interval of the change in the median paired ratio.</sub>\n',
    )
  })

  test('some benchmarks unpaired, two α: both tests, both levels, and where the ratio of medians applies', () => {
    const c = comparison(
      [
        bench('a', 'unchanged', { metrics: [metric()], alpha: 0.05 }),
        bench('b', 'unchanged', { metrics: [metric()], alpha: 0.01, threshold: 0.1 }),
      ],
      { pairing: { benchmarks: 1, minPairs: 10, maxPairs: 12, paired: ['a'], unpaired: ['b'], exact: [] } },
    )
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '**Head:**'),
      '**Head:** bbbbbbb on feature  \n' +
        '**Baseline:** aaaaaaa on main, measured 3 minutes ago: merge base with main, interleaved, 10–12 pairs per benchmark for 1 benchmark (a); not interleaved, compared unpaired: 1 benchmark (b)  \n' +
        '**Drift between runs:** cancelled in each pair for the 1 benchmark compared on pairs: base and head ran on this machine a moment apart, their runs alternating; for the 1 benchmark compared unpaired, unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run',
    )
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '<sub>'),
      '<sub>A regression is a gated metric worse than its threshold (5.00%, 10.0%) and significant (paired: Wilcoxon signed-rank p &lt; α = 0.05, 0.01 on the log-ratios of 10–12 pairs of neighbouring base and head runs, with the bootstrap confidence interval of the median paired ratio wholly on the bad side; unpaired, for the 1 benchmark whose runs did not alternate: Mann–Whitney U p &lt; α = 0.05, 0.01, with the bootstrap confidence interval of the ratio of medians wholly on the bad side). ' +
        'Beyond the threshold but not significant is unclear: shown, not failing. ' +
        'One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict. ' +
        'Interval: 95.0%, 99.0% interval of the change in the median paired ratio (the ratio of medians where unpaired).</sub>\n',
    )
  })

  test('no benchmarks at all: the interval is the default 99%', () => {
    const c = comparison([])
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '<sub>'),
      '<sub>A regression is a gated metric worse than its threshold () and significant (Mann–Whitney U p &lt; α = , with the bootstrap confidence interval of the ratio of medians wholly on the bad side). ' +
        'Beyond the threshold but not significant is unclear: shown, not failing. ' +
        'One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict. ' +
        'Interval: 99% interval of the change in the median.</sub>\n',
    )
  })

  test('instruction counts compared with a baseline of their own get a line of their own', () => {
    const c = comparison(oneUnchanged(), {
      exactBaseline: { benchmarks: 2, noBaselineReason: 'the cache is empty', environmentDifferences: [] },
    })
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '**Head:**'),
      '**Head:** bbbbbbb on feature  \n' +
        '**Baseline:** aaaaaaa on main, measured 3 minutes ago: merge base with main  \n' +
        '**Instruction counts compared with:** none (2 benchmarks): the cache is empty  \n' +
        '**Drift between runs:** unknown (no stored runs); verdicts assume the machine was as fast for the baseline as for this run',
    )
  })
})

describe('a busy machine', () => {
  const busy = (more: Record<string, unknown> = {}) => ({
    cpus: 2,
    loadAverage: { start: 1.04, end: 4.21 },
    windowMs: 5000,
    stealPercent: 12,
    busyPercent: 90,
    otherBusyPercent: 45.4,
    ...more,
  })
  const LOAD =
    'load 4.2 on 2 CPUs, 12% of CPU time stolen by the hypervisor, other programs used 45% of the CPUs'

  test('one busy measurement: one sentence naming it and what it means across moments; a quiet one is not named', () => {
    const quiet = busy({ stealPercent: 0, otherBusyPercent: 1 })
    const c = comparison([
      bench('parse', 'unchanged', { metrics: [metric()], contention: { head: busy() } }),
      bench('lex', 'unchanged', { metrics: [metric()], contention: { head: quiet, base: quiet } }),
    ])
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '> [!WARNING]'),
      `> [!WARNING]\n> The machine was busy while measuring \`parse\` (head): ${LOAD}; wall-clock comparisons across moments are unreliable: a slowdown may be the load, not the change.`,
    )
  })

  test('many: counted, the first five named (head first, then the baseline), the rest counted; failed ones left out', () => {
    const c = comparison(
      ['b0', 'b1', 'b2', 'b3', 'b4'].map((name) =>
        bench(name, name === 'b4' ? 'failed' : 'unchanged', {
          metrics: [metric()],
          pairs: 10,
          contention: { head: busy(), base: busy({ cpus: 1 }) },
        }),
      ),
    )
    const one =
      'load 4.2 on 1 CPU, 12% of CPU time stolen by the hypervisor, other programs used 45% of the CPUs'
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '> [!WARNING]'),
      [
        '> [!WARNING]',
        '> The machine was busy during 8 measurements; base and head ran interleaved and shared the load, so the comparison stays fair but noisier.',
        `> - \`b0\` (head): ${LOAD}`,
        `> - \`b1\` (head): ${LOAD}`,
        `> - \`b2\` (head): ${LOAD}`,
        `> - \`b3\` (head): ${LOAD}`,
        `> - \`b0\` (baseline): ${one}`,
        '> - and 3 more',
      ].join('\n'),
    )
  })

  test('exactly five: all named, none counted', () => {
    const c = comparison(
      ['b0', 'b1', 'b2', 'b3', 'b4'].map((name) =>
        bench(name, 'unchanged', { metrics: [metric()], pairs: 10, contention: { head: busy() } }),
      ),
    )
    const block = blockStarting(renderMarkdown(c, { now: NOW }), '> [!WARNING]')!
    assert.equal(block.split('\n').length, 7, block)
    assert.ok(block.endsWith(`> - \`b4\` (head): ${LOAD}`), block)
  })

  test('without a baseline: no side named, and only the timings are in doubt', () => {
    const c = comparison([bench('x', 'new', { contention: { head: busy() } })], {
      baseline: undefined,
      noBaselineReason: 'none stored',
    })
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '> [!WARNING]'),
      `> [!WARNING]\n> The machine was busy while measuring \`x\`: ${LOAD}; its timings may be slower than the code is.`,
    )
  })
})

describe('rankings and engines', () => {
  test('one ranking per group and per scan point: the fastest against each of the others, with the interval; names escaped', () => {
    const c = comparison(oneUnchanged(), {
      ranking: [
        {
          basis: { group: ['fast', 'slow', '<b>slower</b> @octo'] },
          at: {},
          metric: 'wall',
          unit: 'ns',
          entries: [
            { id: 'a', name: 'fast', median: 1000, ratio: 1, ci: [1, 1] },
            { id: 'b', name: 'slow', median: 2500, ratio: 2.5, ci: [2.41, 2.6] },
            { id: 'c', name: '<b>slower</b> @octo', median: 12_000, ratio: 12, ci: [11.5, 12.5] },
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
    })
    const md = renderMarkdown(c, { now: NOW })
    assert.equal(
      detailsBlock(
        md,
        'Ranking of <code>fast</code>, <code>slow</code> and <code>&lt;b&gt;slower&lt;/b&gt; @\u200bocto</code> by median wall time',
      ),
      [
        '<details>',
        '<summary>Ranking of <code>fast</code>, <code>slow</code> and <code>&lt;b&gt;slower&lt;/b&gt; @\u200bocto</code> by median wall time</summary>',
        '',
        '- `fast` ran **2.50×** faster than `slow` (95% interval 2.41–2.60)',
        '- `fast` ran **12.0×** faster than `<b>slower</b> @octo` (95% interval 11.5–12.5)',
        '',
        '</details>',
      ].join('\n'),
    )
    assert.equal(
      detailsBlock(
        md,
        'Ranking of <code>sort</code> across <code>algorithm</code> at <code>n=100</code> by median wall time',
      ),
      [
        '<details>',
        '<summary>Ranking of <code>sort</code> across <code>algorithm</code> at <code>n=100</code> by median wall time</summary>',
        '',
        '- `sort/algorithm:quick/n:100` ran **1.50×** faster than `sort/algorithm:merge/n:100` (95% interval 1.40–1.60)',
        '',
        '</details>',
      ].join('\n'),
    )
    assert.doesNotMatch(md, /Ranking by/, 'no ranking of the whole suite')
    const alone = comparison(oneUnchanged(), {
      ranking: [
        {
          basis: { group: ['fast', 'gone'] },
          at: {},
          metric: 'wall',
          unit: 'ns',
          entries: [{ id: 'a', name: 'fast', median: 1000, ratio: 1, ci: [1, 1] }],
        },
      ],
    })
    assert.doesNotMatch(renderMarkdown(alone, { now: NOW }), /Ranking/)
  })

  test('one benchmark’s engines: time, throughput where known, ratio to the fastest, failed engines last', () => {
    const c = comparison(oneUnchanged(), {
      engineRankings: [
        {
          benchmark: 'regex',
          engines: [
            { engine: 'rust/regex', id: 'x', median: 1500, throughput: 2 * 1024 ** 3, ratio: 1, ci: [1, 1] },
            { engine: 'pcre2', id: 'y', median: 3000, ratio: 2, ci: [1.9, 2.1], fromSummaries: true },
            { engine: 'hyperscan', id: 'z', median: 1600, ratio: 1, ci: [0.98, 1.1] },
          ],
          unranked: ['re2'],
        },
      ],
    })
    assert.equal(
      detailsBlock(
        renderMarkdown(c, { now: NOW }),
        'Engines of <code>regex</code>: <code>rust/regex</code> is fastest',
      ),
      [
        '<details>',
        '<summary>Engines of <code>regex</code>: <code>rust/regex</code> is fastest</summary>',
        '',
        '| engine | time per call | throughput | vs fastest |',
        '|---|---|---|---|',
        '| `rust/regex` | 1.50 µs | 2.00 GiB/s | **fastest** |',
        '| `pcre2` | 3.00 µs |  | 2.00× (1.90–2.10) |',
        '| `hyperscan` | 1.60 µs |  | 1.00× (0.980–1.10) |',
        '| `re2` | failed |  |  |',
        '',
        'Ranked by the medians the tool wrote; each interval is estimated from its standard deviation and sample count (it kept no samples).',
        '',
        '</details>',
      ].join('\n'),
    )
  })

  test('engines without throughput or summaries, and none that ran: no throughput column, no note', () => {
    const c = comparison(oneUnchanged(), {
      engineRankings: [{ benchmark: 'solo', engines: [], unranked: ['re2'] }],
    })
    assert.equal(
      detailsBlock(renderMarkdown(c, { now: NOW }), 'Engines of <code>solo</code>: none ran'),
      [
        '<details>',
        '<summary>Engines of <code>solo</code>: none ran</summary>',
        '',
        '| engine | time per call | vs fastest |',
        '|---|---|---|',
        '| `re2` | failed |  |',
        '',
        '</details>',
      ].join('\n'),
    )
  })

  test('several benchmarks’ engines: one table, the fastest in bold, wins counted most first', () => {
    const fastest = (engine: string, median: number) => ({ engine, id: engine, median, ratio: 1, ci: [1, 1] })
    const c = comparison(oneUnchanged(), {
      engineRankings: [
        {
          benchmark: 'regex',
          engines: [
            fastest('rust/regex', 1500),
            { engine: 'pcre2', id: 'y', median: 3000, ratio: 2, ci: [1.9, 2.1] },
          ],
          unranked: ['re2'],
        },
        {
          benchmark: 'dates',
          engines: [
            fastest('pcre2', 800),
            { engine: 'rust/regex', id: 'y', median: 1200, ratio: 1.5, ci: [1.4, 1.6], fromSummaries: true },
          ],
          unranked: [],
        },
        { benchmark: 'words', engines: [fastest('pcre2', 500)], unranked: [] },
        { benchmark: 'none', engines: [], unranked: ['re2'] },
      ],
    })
    const summary =
      'Engines of 4 benchmarks, ranked like rebar cmp: fastest <code>pcre2</code> in 2, <code>rust/regex</code> in 1'
    assert.equal(
      detailsBlock(renderMarkdown(c, { now: NOW }), summary),
      [
        '<details>',
        `<summary>${summary}</summary>`,
        '',
        '| benchmark | `rust/regex` | `pcre2` | `re2` |',
        '|---|---|---|---|',
        '| `regex` | **1.50 µs** | 3.00 µs (2.00×, 1.90–2.10) | failed |',
        '| `dates` | 1.20 µs (1.50×, 1.40–1.60) | **800 ns** |  |',
        '| `words` |  | **500 ns** |  |',
        '| `none` |  |  | failed |',
        '',
        "Each cell: median time per call, and how many times the benchmark's fastest engine (in bold) it took, with a 95% interval.",
        '',
        "Where a tool's summaries were read, each interval is estimated from its standard deviation and sample count.",
        '',
        '</details>',
      ].join('\n'),
    )
  })

  test('several benchmarks whose engines all failed: no fastest, no note about summaries', () => {
    const c = comparison(oneUnchanged(), {
      engineRankings: [
        { benchmark: 'x', engines: [], unranked: ['re2'] },
        { benchmark: 'y', engines: [], unranked: ['re2'] },
      ],
    })
    const summary = 'Engines of 2 benchmarks, ranked like rebar cmp: fastest none'
    assert.equal(
      detailsBlock(renderMarkdown(c, { now: NOW }), summary),
      [
        '<details>',
        `<summary>${summary}</summary>`,
        '',
        '| benchmark | `re2` |',
        '|---|---|',
        '| `x` | failed |',
        '| `y` | failed |',
        '',
        "Each cell: median time per call, and how many times the benchmark's fastest engine (in bold) it took, with a 95% interval.",
        '',
        '</details>',
      ].join('\n'),
    )
  })
})

describe('failures', () => {
  const c = comparison([
    bench('a', 'failed', {
      command: ['./a'],
      error: { message: 'setup step 1 exited with code 2', stderrTail: 'make: *** [all] Error 2\n' },
    }),
    bench('b', 'failed', {
      command: ['./b'],
      error: { message: 'setup step 1 exited with code 2', stderrTail: 'make: *** [all] Error 2' },
    }),
    bench('c', 'failed', { error: { message: 'killed' } }),
    bench('d', 'failed', {}),
    bench('e', 'failed', {
      command: ['./e', 'x y'],
      error: { message: 'exited with code 1', stderrTail: '   ' },
    }),
  ])

  test('failures alike share a row and an output; a lone one shows its command; no output says so', () => {
    const markdown = renderMarkdown(c, { now: NOW })
    const failed = markdown.slice(
      markdown.indexOf('#### Failed'),
      markdown.indexOf('<details>\n<summary>Environment'),
    )
    assert.equal(
      failed,
      [
        '#### Failed',
        '| Benchmark | Error |\n|---|---|\n| `a`, `b` | setup step 1 exited with code 2 |\n| `c` | killed |\n| `d` | failed |\n| `e` | exited with code 1 |',
        '<details>\n<summary><code>a</code>, <code>b</code>: output</summary>',
        'stderr (last lines):',
        '```text\nmake: *** [all] Error 2\n```',
        '</details>',
        '<details>\n<summary><code>c</code>: output</summary>',
        'No stderr output.',
        '</details>',
        '<details>\n<summary><code>d</code>: output</summary>',
        'No stderr output.',
        '</details>',
        '<details>\n<summary><code>e</code>: output</summary>',
        'Command: `./e x y`',
        'No stderr output.',
        '</details>',
        '',
      ].join('\n\n'),
    )
  })

  test('the failed step: each group of failures once, with its error, or "failed" when none was kept', () => {
    assert.equal(
      failureMessage(c),
      '5 benchmarks failed: a, b (setup step 1 exited with code 2); c (killed); d (failed); e (exited with code 1)',
    )
  })

  test('the failed step: regressions alone, several, one without metrics named by its name', () => {
    const regressed = metric({ verdict: 'regression', change: 0.2, head: { median: 1_800_000 } })
    const c2 = comparison([
      bench('parse', 'regression', { metrics: [regressed] }),
      bench('odd', 'regression'),
      bench('fine', 'unchanged', { metrics: [metric()] }),
    ])
    assert.equal(failureMessage(c2), '2 regressions: parse wall +20.0%; odd')
    assert.equal(failureMessage(comparison([bench('fine', 'unchanged', { metrics: [metric()] })])), undefined)
  })
})

describe('the detail blocks', () => {
  test('notes: the benchmark’s, then its gated metrics’ (named), each once; an ungated metric’s are not shown', () => {
    const c = comparison([
      bench('parse', 'unchanged', {
        notes: ['ran 3 times', 'ran 3 times'],
        metrics: [
          metric({ notes: ['few samples'] }),
          metric({ metric: 'cpu', gated: false, notes: ['hidden'] }),
        ],
      }),
      bench('lex', 'unchanged', { metrics: [metric({ notes: ['a', 'b'] })] }),
    ])
    assert.equal(
      detailsBlock(renderMarkdown(c, { now: NOW }), 'Notes (4)'),
      [
        '<details>',
        '<summary>Notes (4)</summary>',
        '',
        '- `parse`: ran 3 times',
        '- `parse`: wall: few samples',
        '- `lex`: wall: a',
        '- `lex`: wall: b',
        '',
        '</details>',
      ].join('\n'),
    )
  })

  test('functions that changed most: for accepted, improved, unclear and warned benchmarks too; none for unchanged', () => {
    const changes = [{ name: 'f', base: 10, head: 12, delta: 2, deltaPercent: 20 }]
    const c = comparison([
      bench('acc', 'accepted', { functionChanges: changes }),
      bench('imp', 'improvement', { functionChanges: changes }),
      bench('unc', 'unclear', { functionChanges: changes }),
      bench('war', 'warning', { functionChanges: changes }),
      bench('same', 'unchanged', { functionChanges: changes }),
      bench('empty', 'regression', { functionChanges: [] }),
    ])
    const summaries = renderMarkdown(c, { now: NOW })
      .split('\n')
      .filter((l) => l.includes('functions whose instructions changed most'))
    assert.deepEqual(summaries, [
      '<summary><code>acc</code>: functions whose instructions changed most</summary>',
      '<summary><code>imp</code>: functions whose instructions changed most</summary>',
      '<summary><code>unc</code>: functions whose instructions changed most</summary>',
      '<summary><code>war</code>: functions whose instructions changed most</summary>',
    ])
  })

  test("allocation sites: under each benchmark's function table, for improved and accepted benchmarks too; in the terminal after the functions", () => {
    const sites = [
      {
        stack: ['malloc', 'grow'],
        lines: ['buf.c:12'],
        base: { bytes: 4096, blocks: 4 },
        head: { bytes: 1024, blocks: 1 },
        presence: 'both',
      },
    ]
    const changes = [{ name: 'grow', base: 10, head: 8, delta: -2, deltaPercent: -20 }]
    const c = comparison([
      bench('reg', 'regression', { functionChanges: changes, heapSiteChanges: sites }),
      bench('acc', 'accepted', { heapSiteChanges: sites }),
      bench('imp', 'improvement', { heapSiteChanges: sites }),
    ])
    const md = renderMarkdown(c, { now: NOW })
    assert.deepEqual(
      md.split('\n').filter((l) => l.startsWith('<summary><code>')),
      [
        '<summary><code>reg</code>: functions whose instructions changed most</summary>',
        '<summary><code>reg</code>: allocation sites whose heap use changed most</summary>',
        '<summary><code>acc</code>: allocation sites whose heap use changed most</summary>',
        '<summary><code>imp</code>: allocation sites whose heap use changed most</summary>',
      ],
    )
    // 4096 → 1024 bytes is -3,072; 4 → 1 blocks is -3.
    assert.equal(
      md
        .split('\n')
        .filter((l) => l === '| `malloc ← grow` | buf.c:12 | 4,096 | 1,024 | -3,072 | 4 | 1 | -3 |').length,
      3,
    )
    const terminal = renderTerminal(c, { color: false, now: NOW }).split('\n')
    const functions = terminal.indexOf('reg: functions whose instructions changed most')
    const heading = (name: string) =>
      terminal.indexOf(`${name}: allocation sites whose heap use changed most`)
    assert.ok(functions > 0 && functions < heading('reg') && heading('reg') < heading('acc'))
    assert.ok(heading('acc') < heading('imp'))
    assert.equal(terminal[heading('imp') + 1], '  -3,072 bytes, -3 blocks  malloc ← grow  buf.c:12')
    assert.equal(terminal.indexOf('acc: functions whose instructions changed most'), -1)
  })

  test('a function known by its address only is said to have no symbol, with how to name it', () => {
    const hint =
      'A function shown as an address has no symbol in its binary: build it with -g (and do not strip it) to see its name.'
    const c = comparison([
      bench('stripped', 'regression', {
        functionChanges: [
          { name: '0x0000000000401126', base: 10, head: 20, delta: 10, deltaPercent: 100 },
          { name: 'main', base: 5, head: 6, delta: 1, deltaPercent: 20 },
        ],
      }),
      bench('named', 'regression', {
        functionChanges: [{ name: 'parse', base: 10, head: 12, delta: 2, deltaPercent: 20 }],
      }),
    ])
    const markdown = renderMarkdown(c, { now: NOW })
    assert.equal(markdown.split(hint).length - 1, 1, 'once: under the table that has an address')
    assert.ok(
      markdown.indexOf(hint) > markdown.indexOf('`0x0000000000401126`') &&
        markdown.indexOf(hint) < markdown.indexOf('<code>named</code>'),
    )
    const terminal = renderTerminal(c, { color: false, now: NOW }).split('\n')
    const at = terminal.indexOf('stripped: functions whose instructions changed most')
    assert.deepEqual(terminal.slice(at + 1, at + 4), [
      '  +10 Ir (+100.0%)  0x0000000000401126',
      '  +1 Ir (+20.0%)  main',
      `  ${hint}`,
    ])
    assert.equal(terminal.filter((l) => l.includes(hint)).length, 1)
  })

  test('scaling: throughput, speedup and efficiency per count and side, oversubscribed counts flagged', () => {
    const c = comparison(oneUnchanged(), {
      scaling: [
        {
          benchmark: 'pool',
          dimension: 'threads',
          cores: 2,
          points: [
            {
              count: 1,
              id: 'p1',
              base: scalingSide(1_000_000, 1, 1),
              head: scalingSide(1_100_000, 1, 1),
              verdict: 'improvement',
            },
            {
              count: 2,
              id: 'p2',
              base: scalingSide(1_900_000, 1.9, 0.95),
              head: scalingSide(2_000_000, 1.818, 0.909),
              verdict: 'unchanged',
            },
            { count: 4, id: 'p4', head: scalingSide(2_100_000, 1.909, 0.477), verdict: 'new' },
          ],
        },
        {
          benchmark: 'solo',
          dimension: 'processes',
          cores: 8,
          points: [
            { count: 1, id: 's1', head: scalingSide(500, 1, 1), verdict: 'new' },
            {
              count: 2,
              id: 's2',
              head: scalingSide(900, Number.NaN, Number.POSITIVE_INFINITY),
              verdict: 'new',
            },
          ],
        },
      ],
    })
    const markdown = renderMarkdown(c, { now: NOW })
    assert.equal(
      markdown.slice(markdown.indexOf('#### Scaling'), markdown.indexOf('<details>\n<summary>1 unchanged')),
      [
        '#### Scaling',
        '**`pool`** by threads (2 logical CPUs)',
        [
          '```mermaid',
          'xychart-beta',
          '  title "pool: throughput by threads"',
          '  x-axis "threads" ["1", "2", "4"]',
          '  y-axis "throughput (M ops/s)" 0 --> 2.5',
          '  line "head" [1.1, 2, 2.1]',
          '```',
        ].join('\n'),
        [
          '| threads | base throughput | head throughput | base speedup | head speedup | base efficiency | head efficiency | verdict |',
          '|---|---|---|---|---|---|---|---|',
          '| 1 | 1,000,000 ops/s | 1,100,000 ops/s | 1.00× | 1.00× | 100% | 100% | 🟢 improvement |',
          '| 2 | 1,900,000 ops/s | 2,000,000 ops/s | 1.90× | 1.82× | 95% | 91% | unchanged |',
          '| 4 ⚠️ |  | 2,100,000 ops/s |  | 1.91× |  | 48% | new |',
        ].join('\n'),
        '⚠️ Oversubscribed: 4 threads on a machine with 2 logical CPUs; those points measure time-sharing, not parallel speedup.',
        '**`solo`** by processes (8 logical CPUs)',
        [
          '```mermaid',
          'xychart-beta',
          '  title "solo: throughput by processes"',
          '  x-axis "processes" ["1", "2"]',
          '  y-axis "throughput (ops/s)" 0 --> 900',
          '  line "head" [500, 900]',
          '```',
        ].join('\n'),
        [
          '| processes | head throughput | head speedup | head efficiency | verdict |',
          '|---|---|---|---|---|',
          '| 1 | 500 ops/s | 1.00× | 100% | new |',
          '| 2 | 900 ops/s |  |  | new |',
        ].join('\n'),
        '',
      ].join('\n\n'),
    )
  })

  test('parameter scans: median wall time per value and side, and each verdict in words', () => {
    const verdicts = ['accepted', 'unclear', 'warning', 'failed', 'missing', 'improvement']
    const c = comparison(oneUnchanged(), {
      scans: [
        {
          benchmark: 'sort',
          parameter: 'n',
          points: [
            { value: 10, id: 'sort/n:10', base: 1500, head: 1400, verdict: 'unchanged' },
            { value: 100, id: 'sort/n:100', base: 15_000, head: 30_000, verdict: 'regression' },
          ],
        },
        {
          benchmark: 'words',
          parameter: 'k',
          points: verdicts.map((verdict, i) => ({ value: i + 1, id: `w${i}`, head: 1000, verdict })),
        },
      ],
    })
    const markdown = renderMarkdown(c, { now: NOW })
    assert.equal(
      markdown.slice(
        markdown.indexOf('#### Parameter scans'),
        markdown.indexOf('<details>\n<summary>1 unchanged'),
      ),
      [
        '#### Parameter scans',
        '**`sort`** by `n`',
        [
          '```mermaid',
          'xychart-beta',
          '  title "sort: wall time by n"',
          '  x-axis "n" ["10", "100"]',
          '  y-axis "wall time, median (µs)" 0 --> 30',
          '  line "base" [1.5, 15]',
          '  line "head" [1.4, 30]',
          '```',
        ].join('\n'),
        [
          '| n | base wall (median) | head wall (median) | verdict |',
          '|---|---|---|---|',
          '| 10 | 1.50 µs | 1.40 µs | unchanged |',
          '| 100 | 15.0 µs | 30.0 µs | 🔴 regression |',
        ].join('\n'),
        '**`words`** by `k`',
        [
          '```mermaid',
          'xychart-beta',
          '  title "words: wall time by k"',
          '  x-axis "k" ["1", "2", "3", "4", "5", "6"]',
          '  y-axis "wall time, median (µs)" 0 --> 1',
          '  line "head" [1, 1, 1, 1, 1, 1]',
          '```',
        ].join('\n'),
        [
          '| k | head wall (median) | verdict |',
          '|---|---|---|',
          '| 1 | 1.00 µs | 🟠 accepted |',
          '| 2 | 1.00 µs | 🟡 unclear |',
          '| 3 | 1.00 µs | 🟡 warning |',
          '| 4 | 1.00 µs | ❌ failed |',
          '| 5 | 1.00 µs | missing |',
          '| 6 | 1.00 µs | 🟢 improvement |',
        ].join('\n'),
        '',
      ].join('\n\n'),
    )
  })

  test('a trend site: each benchmark links to its page, in every table', () => {
    const site = 'https://example.org/bench/'
    const c = comparison(
      [
        bench('parse', 'regression', {
          metrics: [metric({ verdict: 'regression', change: 0.2, head: { median: 1_800_000 } })],
        }),
        bench('fresh', 'new', {
          headOnly: [
            { metric: 'ir', unit: 'count', gated: true, exact: true, summary: { median: 5, mad: 0, n: 1 } },
          ],
        }),
      ],
      { trends: site },
    )
    const parse = ` [trend](<${trendPageUrl(site, 'core', 'parse')}>)`
    const fresh = ` [trend](<${trendPageUrl(site, 'core', 'fresh')}>)`
    assert.ok(parse.startsWith(' [trend](<https://example.org/bench/'), parse)
    const rows = renderMarkdown(c, { now: NOW })
      .split('\n')
      .filter((l) => l.includes('[trend]'))
    assert.deepEqual(rows, [
      `| \`parse\`${parse} | wall (median) | 1.50 ms | 1.80 ms | **+20.0%** | -1.00% … +3.00% | 0.5000 | 🔴 regression |`,
      `| \`fresh\`${fresh} | ir | 5 | 1 |`,
      `| \`parse\`${parse} | wall (median) (gated) | 1.50 ms | 1.80 ms | +20.0% | -1.00% … +3.00% | 0.5000 | 🔴 regression |`,
      `| \`fresh\`${fresh} | ir |  | 5 |  |  |  | 🆕 no baseline |`,
    ])
  })
})

describe('a comment shortened to fit', () => {
  const regressed = (name: string) =>
    bench(name, 'regression', { metrics: [metric({ verdict: 'regression' })] })
  const changes = [{ name: 'parse_expr', base: 10, head: 12, delta: 2, deltaPercent: 20 }]
  const c = comparison(
    [
      bench('r1', 'regression', { metrics: [metric({ verdict: 'regression' })], functionChanges: changes }),
      regressed('r2'),
      regressed('r3'),
      bench('f1', 'failed', { error: { message: 'x' } }),
      bench('a1', 'accepted', {
        metrics: [metric({ verdict: 'accepted', accepted: { source: 'config', reason: 'ok' } })],
        functionChanges: changes,
      }),
      bench('u1', 'unchanged', { metrics: [metric()] }),
      bench('i1', 'improvement', { metrics: [metric({ verdict: 'improvement' })], functionChanges: changes }),
      bench('m1', 'missing'),
    ],
    {
      scaling: [
        {
          benchmark: 'pool',
          dimension: 'threads',
          cores: 2,
          points: [
            { count: 1, id: 'p1', head: { throughput: 5, speedup: 1, efficiency: 1 }, verdict: 'new' },
          ],
        },
      ],
      scans: [
        { benchmark: 'sort', parameter: 'n', points: [{ value: 1, id: 's', head: 5, verdict: 'new' }] },
      ],
    },
  )
  /** Size counted in table rows that name a benchmark, so each limit below picks one level of shortening. */
  const rows = (text: string) => text.split('\n').filter((l) => /^\| `[rfaui]\d`/.test(l)).length
  const RUN = 'https://github.com/o/r/actions/runs/1'
  /** What is left: the note, section headings, collapsed blocks and the benchmarks’ rows (by name). */
  const outline = (limit: number) =>
    renderMarkdown(c, { now: NOW, maxLength: limit, measure: rows, fullReportUrl: RUN })
      .split('\n')
      .filter((l) => /^(> Shortened|#### |<summary>|\| `[rfaui]\d`)/.test(l))
      .map((l) => (l.startsWith('| `') ? l.slice(0, l.indexOf(' |')) : l))
  const NOTE =
    "> Shortened to fit GitHub's size limit; left out: the detail blocks (all metrics, notes, functions, allocation sites)"
  const SERIOUS = ['#### Regressions', '| `r1`', '| `r2`', '| `r3`', '#### Accepted regressions', '| `a1`']
  const FAILED = ['#### Failed', '| `f1`', '<summary><code>f1</code>: output</summary>']

  test('when it fits, and exactly at the limit, nothing is left out', () => {
    const full = renderMarkdown(c, { now: NOW })
    assert.equal(rows(full), 13)
    assert.deepEqual(
      full.split('\n').filter((l) => l.includes('functions whose instructions changed most')),
      [
        '<summary><code>r1</code>: functions whose instructions changed most</summary>',
        '<summary><code>a1</code>: functions whose instructions changed most</summary>',
        '<summary><code>i1</code>: functions whose instructions changed most</summary>',
      ],
    )
    assert.equal(renderMarkdown(c, { now: NOW, maxLength: 13, measure: rows }), full)
    assert.equal(renderMarkdown(c, { now: NOW, maxLength: full.length }), full)
  })

  test('first the detail blocks go, then the unchanged and not-run rows, then the reassuring sections and charts', () => {
    const tail = ['#### In the baseline, not run now', '<summary>1 unchanged</summary>', '| `u1`']
    const reassuring = ['#### Improvements', '| `i1`', '#### Scaling', '#### Parameter scans']
    assert.deepEqual(outline(12), [
      `${NOTE}. The full report: <${RUN}>`,
      ...SERIOUS,
      ...FAILED,
      ...reassuring,
      ...tail,
      '<summary>Environment</summary>',
    ])
    assert.deepEqual(outline(6), [
      `${NOTE}; 1 unchanged rows. The full report: <${RUN}>`,
      ...SERIOUS,
      ...FAILED,
      ...reassuring,
      '<summary>Environment</summary>',
    ])
    assert.deepEqual(outline(5), [
      `${NOTE}; 1 unchanged rows; 1 improved, unclear, warned or new rows; the scaling charts; the parameter scan charts. The full report: <${RUN}>`,
      ...SERIOUS,
      ...FAILED,
      '<summary>Environment</summary>',
    ])
  })

  test('last, rows of the serious sections from the end: regressions kept first, then failures, then accepted', () => {
    const left = `${NOTE}; 1 unchanged rows; 1 improved, unclear, warned or new rows; the scaling charts; the parameter scan charts`
    assert.deepEqual(outline(4), [
      `${left}; 1 of the regressions, failures and accepted regressions. The full report: <${RUN}>`,
      '#### Regressions',
      '| `r1`',
      '| `r2`',
      '| `r3`',
      ...FAILED,
      '<summary>Environment</summary>',
    ])
    assert.deepEqual(outline(2), [
      `${left}; 3 of the regressions, failures and accepted regressions. The full report: <${RUN}>`,
      '#### Regressions',
      '| `r1`',
      '| `r2`',
      '<summary>Environment</summary>',
    ])
    assert.deepEqual(outline(0), [
      `${left}; 5 of the regressions, failures and accepted regressions. The full report: <${RUN}>`,
      '<summary>Environment</summary>',
    ])
  })

  test('without accepted regressions the note says "regressions and failures"; an address with a space is text', () => {
    const small = comparison([regressed('r1'), regressed('r2'), bench('f1', 'failed', {})])
    const markdown = renderMarkdown(small, {
      now: NOW,
      maxLength: 1,
      measure: rows,
      fullReportUrl: 'https://example.org/a b',
    })
    assert.equal(
      markdown.split('\n').find((l) => l.startsWith('> Shortened')),
      "> Shortened to fit GitHub's size limit; left out: the detail blocks (all metrics, notes, functions, allocation sites); 2 of the regressions and failures. The full report: https&#58;//example.org/a b",
    )
    assert.equal(
      renderMarkdown(small, { now: NOW, maxLength: 1, measure: rows })
        .split('\n')
        .find((l) => l.startsWith('> Shortened')),
      "> Shortened to fit GitHub's size limit; left out: the detail blocks (all metrics, notes, functions, allocation sites); 2 of the regressions and failures.",
    )
  })

  test('when nothing more can be left out, the text is cut at a line and says so', () => {
    assert.equal(
      renderMarkdown(c, { now: NOW, maxLength: 250 }),
      "<!-- bench-action:core -->\n\n\n\n_(cut to fit GitHub's size limit)_\n",
    )
  })

  test('counted in heavier units than characters, the cut is shortened a tenth at a time until it fits', () => {
    // Three units a character (say, bytes of a script of three-byte letters), 400 allowed: the first
    // 200 characters are 600 units, over the 300 that leave room for the closing line; cut to 180,
    // 162, 145, 130, 117, 105 and 94 characters (282 units). The last line break in those 94 is the
    // one after the heading (26 + 2 + 55 + 2 characters).
    const one = comparison([regressed('r1')])
    assert.equal(
      renderMarkdown(one, { now: NOW, maxLength: 400, measure: (text) => 3 * text.length }),
      "<!-- bench-action:core -->\n\n### 🔴 bench-action · core: 1 regression in 1 benchmark\n\n\n\n_(cut to fit GitHub's size limit)_\n",
    )
  })

  test('a cut that reaches exactly the room left for the closing line is kept as it is', () => {
    // Two units a character, 300 allowed: the first 100 characters are 200 units, exactly the 300 − 100
    // left; their last line break is the one after the counts (26 + 2 + 55 + 2 + 12 + 1).
    const one = comparison([regressed('r1')])
    assert.equal(
      renderMarkdown(one, { now: NOW, maxLength: 300, measure: (text) => 2 * text.length }),
      "<!-- bench-action:core -->\n\n### 🔴 bench-action · core: 1 regression in 1 benchmark\n\n1 regression\n\n\n\n_(cut to fit GitHub's size limit)_\n",
    )
  })

  test('with no regression, failure or accepted one, the note counts none of them left out, however short the cut', () => {
    // Every version carries the baseline's warning, so none fits; the cut keeps what comes before it.
    const c = comparison([bench('u1', 'unchanged', { metrics: [metric()] })], {
      baselineWarnings: ['results/old.json: not valid JSON'],
    })
    assert.equal(
      renderMarkdown(c, {
        now: NOW,
        maxLength: 999,
        measure: (text) => (text.includes('not valid JSON') ? 1000 : 0),
      }),
      [
        '<!-- bench-action:core -->',
        '### ✅ bench-action · core: no regressions in 1 benchmark',
        '0 regressions · 1 unchanged',
        "> [!NOTE]\n> Shortened to fit GitHub's size limit; left out: the detail blocks (all metrics, notes, functions, allocation sites); 1 unchanged rows.",
        PROVENANCE,
        '> [!WARNING]\n',
        "_(cut to fit GitHub's size limit)_\n",
      ].join('\n\n'),
    )
  })

  test('the reassuring rows left out are counted over improvements, unclear, warned and new together', () => {
    const many = comparison([
      regressed('r1'),
      bench('i1', 'improvement', { metrics: [metric({ verdict: 'improvement' })] }),
      ...['u1', 'u2'].map((n) => bench(n, 'unclear', { metrics: [metric({ verdict: 'unclear' })] })),
      ...['w1', 'w2', 'w3'].map((n) => bench(n, 'warning', { metrics: [metric({ verdict: 'warning' })] })),
      ...['n1', 'n2', 'n3', 'n4'].map((n) => bench(n, 'new')),
    ])
    // Only without the reassuring sections does it fit.
    const reassuring = (text: string) => (/^#### (Improvements|Unclear|Warnings|Without)/m.test(text) ? 1 : 0)
    assert.equal(
      renderMarkdown(many, { now: NOW, maxLength: 0, measure: reassuring })
        .split('\n')
        .find((l) => l.startsWith('> Shortened')),
      "> Shortened to fit GitHub's size limit; left out: the detail blocks (all metrics, notes, functions, allocation sites); 10 improved, unclear, warned or new rows.",
    )
  })

  test('rows of the serious sections kept: as many as fit, counted over regressions, failures and accepted ones', () => {
    const serious = comparison([
      regressed('r1'),
      regressed('r2'),
      bench('f1', 'failed', { error: { message: 'killed' } }),
      bench('f2', 'failed', { error: { message: 'exited with code 1' } }),
      bench('a1', 'accepted', {
        metrics: [metric({ verdict: 'accepted', accepted: { source: 'config', reason: 'ok' } })],
      }),
      bench('a2', 'accepted', {
        metrics: [metric({ verdict: 'accepted', accepted: { source: 'config', reason: 'ok' } })],
      }),
    ])
    assert.deepEqual(
      renderMarkdown(serious, { now: NOW, maxLength: 5, measure: rows })
        .split('\n')
        .filter((l) => /^(> Shortened|\| `)/.test(l))
        .map((l) => (l.startsWith('| `') ? l.slice(0, l.indexOf(' |')) : l)),
      [
        "> Shortened to fit GitHub's size limit; left out: the detail blocks (all metrics, notes, functions, allocation sites); 1 of the regressions, failures and accepted regressions.",
        '| `r1`',
        '| `r2`',
        '| `a1`',
        '| `f1`',
        '| `f2`',
      ],
    )
  })
})

describe('a metric’s cells', () => {
  test('a rate in operations a second from the gated time is shown beside it; another view of the time is not', () => {
    const c = comparison([
      bench('copy', 'unchanged', {
        metrics: [
          metric({
            metric: 'time',
            base: { median: 2000 },
            head: { median: 1000 },
            change: -0.5,
            ci: [0.45, 0.55],
          }),
          metric({
            metric: 'cpu',
            gated: false,
            follows: 'time',
            base: { median: 1900 },
            head: { median: 950 },
          }),
          metric({
            metric: 'ops',
            unit: 'ops/s',
            gated: false,
            follows: 'time',
            base: { median: 500_000 },
            head: { median: 1_000_000 },
          }),
        ],
      }),
    ])
    const rows = renderMarkdown(c, { now: NOW })
      .split('\n')
      .filter((l) => l.startsWith('| `copy`'))
    assert.deepEqual(rows, [
      '| `copy` | time (median) | 2.00 µs (500,000 ops/s) | 1.00 µs (1,000,000 ops/s) | -50.0% | -55.0% … -45.0% | 0.5000 | ⚪ unchanged |',
      '| `copy` | time (median) (gated) | 2.00 µs (500,000 ops/s) | 1.00 µs (1,000,000 ops/s) | -50.0% | -55.0% … -45.0% | 0.5000 | ⚪ unchanged |',
      '| `copy` | cpu (median) | 1.90 µs | 950 ns | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged (follows time) |',
      '| `copy` | ops (median) | 500,000 ops/s | 1,000,000 ops/s | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged (follows time) |',
    ])
  })
})

describe('smaller cases', () => {
  test('the full report’s address: an autolink when it is a plain http(s) address, else escaped text', () => {
    const c = comparison([bench('r1', 'regression', { metrics: [metric({ verdict: 'regression' })] })])
    // Only with its regression's rows left out does the comment fit.
    const regressionRows = (text: string) => text.split('\n').filter((l) => l.startsWith('| `r1`')).length
    const note = (fullReportUrl: string) =>
      renderMarkdown(c, { now: NOW, maxLength: 0, measure: regressionRows, fullReportUrl })
        .split('\n')
        .find((l) => l.startsWith('> Shortened'))!
        .split('The full report: ')[1]
    assert.equal(note('http://ci.example/run/7'), '<http://ci.example/run/7>')
    assert.equal(note('see https://ci.example/run/7'), 'see https&#58;//ci.example/run/7')
    assert.equal(note('https://ci.example/<run>'), 'https&#58;//ci.example/&lt;run&gt;')
    assert.equal(note('ftp://ci.example/run'), 'ftp&#58;//ci.example/run')
    assert.equal(note('https://'), 'https&#58;//')
  })

  test('an unclear change without a reason leaves the reason empty', () => {
    const c = comparison([bench('sort', 'unclear', { metrics: [metric({ verdict: 'unclear' })] })])
    assert.equal(
      blockStarting(
        renderMarkdown(c, { now: NOW }),
        '| Benchmark | Metric | Base | Head | Change | Interval | p | Verdict | Why |',
      ),
      [
        '| Benchmark | Metric | Base | Head | Change | Interval | p | Verdict | Why |',
        '|---|---|---|---|---|---|---|---|---|',
        '| `sort` | wall (median) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.5000 | 🟡 unclear |  |',
      ].join('\n'),
    )
  })

  test('wall times corrected for a shell’s start-up say what was subtracted, before the environment', () => {
    const c = comparison([
      bench('idle', 'unchanged', {
        metrics: [metric()],
        shellCorrection: { head: { ns: 1_500_000, runs: 10 }, base: { ns: 1_400_000, runs: 8 } },
      }),
      bench('lex', 'unchanged', { metrics: [metric()], shellCorrection: { head: { ns: 900, runs: 5 } } }),
    ])
    const all = blocks(renderMarkdown(c, { now: NOW }))
    const at = all.findIndex((b) => b.startsWith('- `idle`'))
    assert.deepEqual(all.slice(at, at + 2), [
      '- `idle`: wall corrected for shell start-up: −1.50 ms, measured over 10 runs; baseline −1.40 ms, measured over 8 runs\n' +
        '- `lex`: wall corrected for shell start-up: −900 ns, measured over 5 runs',
      '<details>\n<summary>Environment</summary>',
    ])
  })

  test('no baseline and no reason given: the sentence still reads', () => {
    const c = comparison([bench('x', 'new')], { baseline: undefined })
    assert.equal(
      blockStarting(renderMarkdown(c, { now: NOW }), '**Head:**'),
      '**Head:** bbbbbbb on feature  \n**No baseline:** . Results are shown without a verdict.',
    )
  })
})

describe('cells and rows, continued', () => {
  test('a tool’s summary says "summary only" for the interval; a test by samples shows its interval', () => {
    const c = comparison([
      bench('tool', 'unchanged', {
        metrics: [
          metric({ test: 'summary-difference', base: { median: 1000 }, head: { median: 1010 } }),
          metric({ metric: 'cpu', test: 'mann-whitney-u' }),
        ],
      }),
    ])
    const rows = renderMarkdown(c, { now: NOW })
      .split('\n')
      .filter((l) => l.startsWith('| `tool`'))
    assert.deepEqual(rows.slice(0, 2), [
      '| `tool` | wall (summary) | 1.00 µs | 1.01 µs | +1.00% | summary only | 0.5000 | ⚪ unchanged |',
      '| `tool` | cpu (median) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged |',
    ])
  })

  test('a rate is shown beside the time it follows, not beside another gated metric of the benchmark', () => {
    const c = comparison([
      bench('copy', 'unchanged', {
        metrics: [
          metric({ metric: 'user' }),
          metric({ metric: 'time' }),
          metric({
            metric: 'rate',
            unit: 'bytes/s',
            gated: false,
            follows: 'time',
            base: { median: 1024 },
            head: { median: 2048 },
          }),
        ],
      }),
    ])
    const rows = renderMarkdown(c, { now: NOW })
      .split('\n')
      .filter((l) => l.startsWith('| `copy`'))
    assert.deepEqual(rows.slice(0, 2), [
      '| `copy` | user (median) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged |',
      '| `copy` | time (median) | 1.50 ms (1.00 KiB/s) | 1.51 ms (2.00 KiB/s) | +1.00% | -1.00% … +3.00% | 0.5000 | ⚪ unchanged |',
    ])
  })

  test('the environment: the runner image, tools either side has; a tool gone from head is flagged', () => {
    const head = { commit: { sha: HEAD_SHA }, createdAt: '2026-03-01T12:00:00Z' }
    const alone = comparison([bench('a', 'new')], {
      baseline: undefined,
      head: { ...head, environment: environment({ runnerImage: 'ubuntu-24.04', tools: { perf: '6.1' } }) },
    })
    assert.equal(
      detailsBlock(renderMarkdown(alone, { now: NOW }), 'Environment'),
      [
        '<details>',
        '<summary>Environment</summary>',
        '',
        '|  | Base | Head |',
        '|---|---|---|',
        '| OS |  | linux x64 |',
        '| CPU |  | EPYC × 2 |',
        '| runner image |  | ubuntu-24.04 |',
        '| node |  | v20.1.0 |',
        '| perf |  | 6.1 |',
        '',
        '</details>',
      ].join('\n'),
    )
    const both = comparison([bench('a', 'unchanged')], {
      head: { ...head, environment: environment({ runnerImage: 'ubuntu-24.04', tools: { cargo: '1.80' } }) },
      baseline: {
        commit: { sha: BASE_SHA, branch: 'main' },
        createdAt: '2026-03-01T11:57:00Z',
        environment: environment({ runnerImage: 'ubuntu-22.04', tools: { perf: '6.1' } }),
        source: 'store',
        reason: 'merge base with main',
      },
    })
    assert.equal(
      detailsBlock(renderMarkdown(both, { now: NOW }), 'Environment'),
      [
        '<details>',
        '<summary>Environment</summary>',
        '',
        '|  | Base | Head |',
        '|---|---|---|',
        '| OS | linux x64 | linux x64 |',
        '| CPU | EPYC × 2 | EPYC × 2 |',
        '| runner image | ubuntu-22.04 | ubuntu-24.04 ⚠️ |',
        '| node | v20.1.0 | v20.1.0 |',
        '| cargo |  | 1.80 |',
        '| perf | 6.1 |  ⚠️ |',
        '',
        '</details>',
      ].join('\n'),
    )
  })
})

describe('detail blocks, continued', () => {
  test('two benchmarks of a group ranked: the ranking is shown, titled by its members', () => {
    const c = comparison(oneUnchanged(), {
      ranking: [
        {
          basis: { group: ['fast', 'slow'] },
          at: {},
          metric: 'wall',
          unit: 'ns',
          entries: [
            { id: 'a', name: 'fast', median: 1000, ratio: 1, ci: [1, 1] },
            { id: 'b', name: 'slow', median: 2500, ratio: 2.5, ci: [2.41, 2.6] },
          ],
        },
      ],
    })
    const summary = 'Ranking of <code>fast</code> and <code>slow</code> by median wall time'
    assert.equal(
      detailsBlock(renderMarkdown(c, { now: NOW }), summary),
      `<details>\n<summary>${summary}</summary>\n\n- \`fast\` ran **2.50×** faster than \`slow\` (95% interval 2.41–2.60)\n\n</details>`,
    )
  })

  test('engines: only the one at ratio 1 from an interval starting at 1 is the fastest; no throughput, no column', () => {
    const fastest = { engine: 'x', id: 'x', median: 1000, ratio: 1, ci: [1, 1] }
    const notSurelySlower = { engine: 'y', id: 'y', median: 1100, ratio: 1.1, ci: [1, 1.2] }
    const one = comparison(oneUnchanged(), {
      engineRankings: [{ benchmark: 'plain', engines: [fastest, notSurelySlower], unranked: [] }],
    })
    assert.equal(
      detailsBlock(
        renderMarkdown(one, { now: NOW }),
        'Engines of <code>plain</code>: <code>x</code> is fastest',
      ),
      [
        '<details>',
        '<summary>Engines of <code>plain</code>: <code>x</code> is fastest</summary>',
        '',
        '| engine | time per call | vs fastest |',
        '|---|---|---|',
        '| `x` | 1.00 µs | **fastest** |',
        '| `y` | 1.10 µs | 1.10× (1.00–1.20) |',
        '',
        '</details>',
      ].join('\n'),
    )
    const two = comparison(oneUnchanged(), {
      engineRankings: [
        { benchmark: 'p', engines: [fastest, notSurelySlower], unranked: [] },
        {
          benchmark: 'q',
          engines: [
            { ...fastest, engine: 'y' },
            { engine: 'x', id: 'x', median: 1010, ratio: 1, ci: [0.98, 1.05] },
          ],
          unranked: [],
        },
      ],
    })
    const summary =
      'Engines of 2 benchmarks, ranked like rebar cmp: fastest <code>x</code> in 1, <code>y</code> in 1'
    assert.equal(
      detailsBlock(renderMarkdown(two, { now: NOW }), summary),
      [
        '<details>',
        `<summary>${summary}</summary>`,
        '',
        '| benchmark | `x` | `y` |',
        '|---|---|---|',
        '| `p` | **1.00 µs** | 1.10 µs (1.10×, 1.00–1.20) |',
        '| `q` | 1.01 µs (1.00×, 0.980–1.05) | **1.00 µs** |',
        '',
        "Each cell: median time per call, and how many times the benchmark's fastest engine (in bold) it took, with a 95% interval.",
        '',
        '</details>',
      ].join('\n'),
    )
  })

  test('a count only the baseline measured, and several oversubscribed counts; a scan value head alone measured', () => {
    const c = comparison(oneUnchanged(), {
      scaling: [
        {
          benchmark: 'pool',
          dimension: 'threads',
          cores: 2,
          points: [
            {
              count: 1,
              id: 'q1',
              base: scalingSide(1000, 1, 1),
              head: scalingSide(1000, 1, 1),
              verdict: 'unchanged',
            },
            { count: 4, id: 'q4', base: scalingSide(1500, 1.5, 0.375), verdict: 'missing' },
            { count: 8, id: 'q8', head: scalingSide(1600, 1.6, 0.2), verdict: 'new' },
          ],
        },
      ],
      scans: [
        {
          benchmark: 'grow',
          parameter: 'n',
          points: [
            { value: 1, id: 'g1', base: 1000, head: 1100, verdict: 'unchanged' },
            { value: 2, id: 'g2', head: 2000, verdict: 'new' },
          ],
        },
      ],
    })
    const markdown = renderMarkdown(c, { now: NOW })
    assert.equal(
      markdown.slice(markdown.indexOf('#### Scaling'), markdown.indexOf('<details>\n<summary>1 unchanged')),
      [
        '#### Scaling',
        '**`pool`** by threads (2 logical CPUs)',
        [
          '```mermaid',
          'xychart-beta',
          '  title "pool: throughput by threads"',
          '  x-axis "threads" ["1", "8"]',
          '  y-axis "throughput (k ops/s)" 0 --> 2',
          '  line "head" [1, 1.6]',
          '```',
        ].join('\n'),
        [
          '| threads | base throughput | head throughput | base speedup | head speedup | base efficiency | head efficiency | verdict |',
          '|---|---|---|---|---|---|---|---|',
          '| 1 | 1,000 ops/s | 1,000 ops/s | 1.00× | 1.00× | 100% | 100% | unchanged |',
          '| 4 ⚠️ | 1,500 ops/s |  | 1.50× |  | 38% |  | missing |',
          '| 8 ⚠️ |  | 1,600 ops/s |  | 1.60× |  | 20% | new |',
        ].join('\n'),
        '⚠️ Oversubscribed: 4, 8 threads on a machine with 2 logical CPUs; those points measure time-sharing, not parallel speedup.',
        '#### Parameter scans',
        '**`grow`** by `n`',
        [
          '```mermaid',
          'xychart-beta',
          '  title "grow: wall time by n"',
          '  x-axis "n" ["1", "2"]',
          '  y-axis "wall time, median (µs)" 0 --> 2',
          '  line "head" [1.1, 2]',
          '```',
        ].join('\n'),
        [
          '| n | base wall (median) | head wall (median) | verdict |',
          '|---|---|---|---|',
          '| 1 | 1.00 µs | 1.10 µs | unchanged |',
          '| 2 |  | 2.00 µs | new |',
        ].join('\n'),
        '',
      ].join('\n\n'),
    )
  })

  test('several benchmarks not run now are listed one a line; a function whose count did not change has no sign', () => {
    const c = comparison([
      bench('x', 'missing'),
      bench('y', 'missing'),
      bench('r', 'regression', {
        functionChanges: [{ name: 'same', base: 10, head: 10, delta: 0, deltaPercent: 0 }],
      }),
    ])
    const markdown = renderMarkdown(c, { now: NOW })
    assert.equal(
      blockStarting(markdown, '#### In the baseline'),
      '#### In the baseline, not run now\n- `x`\n- `y`',
    )
    assert.ok(markdown.includes('\n| `same` | 10 | 10 | 0 | ±0.00% |\n'), markdown)
  })

  test('the size limits: a comment of 65,536 characters, a job summary of 1 MiB', () => {
    assert.equal(COMMENT_LIMIT, 65_536)
    assert.equal(SUMMARY_LIMIT_BYTES, 1_048_576)
  })
})
