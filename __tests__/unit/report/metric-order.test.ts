// Which metrics the tables list and in what order, on comparisons built by hand: a benchmark's gated
// metrics first, those that decided its verdict leading; metrics that do not gate and did not change
// beyond their resolution (equal medians, or a count less than 1 apart) left out of the HTML table,
// collapsed in the comment and counted on the terminal; and a time unchanged at its clock's floor said
// to be so, in every output. Every expected text is written out in full.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { MetricComparison } from '../../../src/compare/index.ts'
import { benchmarksSection } from '../../../src/report/html-sections.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { reportModel } from '../../../src/report/model.ts'
import {
  leftOutOfTables,
  metricRow,
  metricVerdictLabel,
  orderedMetrics,
  withinResolution,
} from '../../../src/report/rows.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import { bench, comparison, metric } from '../../support/comparisons.ts'

const NOW = new Date('2026-03-01T12:00:00Z')

/** A metric compared by difference (its values can be 0): no ratio, no interval of one. */
const byDifference = (more: Record<string, unknown>) =>
  metric({ basis: 'difference', ratio: Number.NaN, change: Number.NaN, ci: undefined, ...more })

// A short program's process metrics, in the order the comparison has them: wall gates and is unchanged.
const user = byDifference({
  metric: 'user',
  gated: false,
  verdict: 'unclear',
  base: { median: 695_000 },
  head: { median: 639_000 },
  difference: -56_000,
  differenceCi: [-142_000, 117_000],
  pValue: 0.5896,
  why: 'values can be ≤ 0: the difference is shown, not judged',
})
const wall = metric({
  base: { median: 835_000 },
  head: { median: 832_000 },
  change: -0.0036,
  ci: [0.291, 1.316],
  pValue: 0.8063,
})
// 0 ns → 0 ns: most runs too short for the clock; the medians are equal.
const sys = byDifference({
  metric: 'sys',
  gated: false,
  base: { median: 0 },
  head: { median: 0 },
  difference: 0,
  differenceCi: [0, 3_560_000],
  pValue: 0.5772,
  atClockResolution: true,
})
const minorFaults = metric({
  metric: 'minor-faults',
  unit: 'count',
  gated: false,
  base: { median: 52 },
  head: { median: 52 },
  change: 0,
  ci: [0.96, 1.02],
  pValue: 0.4921,
})
// 1 → 1.5 switches: a median of an even number of runs between two counts, less than 1 apart.
const switches = byDifference({
  metric: 'involuntary-cs',
  unit: 'count',
  gated: false,
  verdict: 'unclear',
  base: { median: 1 },
  head: { median: 1.5 },
  difference: 0.5,
  differenceCi: [-1, 1],
  pValue: 0.2,
})
// 1.42 MiB → 1.51 MiB: moved, within the threshold.
const rss = metric({
  metric: 'max-rss',
  unit: 'bytes',
  gated: false,
  base: { median: 1_488_978 },
  head: { median: 1_583_350 },
  change: 0.0634,
  ci: [0.96, 1.16],
  pValue: 0.0893,
})
// Equal medians, but the paired ratios say +8%: a verdict that says it changed is always listed.
const cpu = metric({
  metric: 'cpu',
  gated: false,
  verdict: 'regression',
  base: { median: 700_000 },
  head: { median: 700_000 },
  change: 0.08,
  ci: [1.05, 1.11],
  pValue: 0.001,
})
const startup = bench('start-up', 'unchanged', {
  metrics: [user, wall, sys, minorFaults, switches, rss, cpu],
})

// A regression of its second gated metric: max-rss decided, wall did not.
const sorter = bench('sort', 'regression', {
  metrics: [
    metric({ pValue: 0.3 }),
    metric({
      metric: 'max-rss',
      unit: 'bytes',
      verdict: 'regression',
      base: { median: 2_956_984 },
      head: { median: 3_324_002 },
      change: 0.125,
      ci: [1.09, 1.15],
      pValue: 0.00001,
    }),
    metric({
      metric: 'user',
      gated: false,
      verdict: 'regression',
      change: 0.3,
      ci: [1.2, 1.4],
      pValue: 0.0001,
    }),
  ],
})

// sys gates here: 0 ns → 0 ns at the clock's floor is this benchmark's verdict too, unchanged.
const gatedSys = bench('tiny', 'unchanged', {
  metrics: [metric({ pValue: 0.7 }), { ...sys, gated: true }],
})

const c = comparison([startup, sorter, gatedSys])
const names = (metrics: MetricComparison[]) => metrics.map((m) => m.metric)

describe('the order and the rule', () => {
  test('orderedMetrics: the gated metrics that decided, the other gated ones, then the rest', () => {
    assert.deepEqual(names(orderedMetrics(sorter)), ['max-rss', 'wall', 'user'])
    assert.deepEqual(names(orderedMetrics(startup)), [
      'wall',
      'user',
      'sys',
      'minor-faults',
      'involuntary-cs',
      'max-rss',
      'cpu',
    ])
  })

  test('withinResolution: equal medians, or a count less than 1 apart; a time or size that moved at all is not', () => {
    const within = (m: unknown) => withinResolution(m as MetricComparison)
    assert.equal(within(sys), true, '0 ns → 0 ns')
    assert.equal(within(minorFaults), true, '52 → 52')
    assert.equal(within(switches), true, '1 → 1.5 switches: less than one count')
    assert.equal(within({ ...switches, head: { median: 2 } }), false, '1 → 2 switches: one count')
    assert.equal(within({ ...sys, head: { median: 0.5 } }), false, '0 → 0.5 ns: a time has no such step')
    assert.equal(within(rss), false)
  })

  test('leftOutOfTables: not gated, a verdict that claims no change, within the resolution', () => {
    const out = (m: unknown) => leftOutOfTables(m as MetricComparison)
    assert.deepEqual(
      startup.metrics.filter((m) => out(m)).map((m) => m.metric),
      ['sys', 'minor-faults', 'involuntary-cs'],
    )
    assert.equal(out({ ...sys, gated: true }), false, 'a gated metric is always listed')
    assert.equal(out(cpu), false, 'equal medians, but a regression (not gated)')
    assert.equal(out({ ...minorFaults, verdict: 'improvement' }), false)
  })

  test('the model: the left-out metrics, benchmark by benchmark in the comparison’s order', () => {
    assert.deepEqual(
      reportModel(c)['left-out-metrics']?.map(
        ({ benchmark, metric }) => `${benchmark.name} ${metric.metric}`,
      ),
      ['start-up sys', 'start-up minor-faults', 'start-up involuntary-cs'],
    )
    assert.equal(reportModel(comparison([sorter, gatedSys]))['left-out-metrics'], undefined)
  })

  test('a time unchanged at its clock’s floor is said to be so, gated or not, and nothing else is', () => {
    assert.equal(
      metricVerdictLabel(metricRow(startup, sys as never)),
      "unchanged (at the clock's resolution)",
    )
    assert.equal(
      metricVerdictLabel({ verdict: 'unchanged', gated: true, atClockResolution: true }),
      "unchanged (at the clock's resolution)",
    )
    assert.equal(metricVerdictLabel(metricRow(startup, minorFaults as never)), 'unchanged')
  })
})

const HEADER =
  '| Benchmark | Metric | Base | Head | Change | Interval | p | Verdict |\n|---|---|---|---|---|---|---|---|'

/** A `<details>` block whole, from its summary to its end; the summary must be there. */
function detailsBlock(markdown: string, summary: string): string {
  const open = `<details>\n<summary>${summary}</summary>`
  const at = markdown.indexOf(open)
  assert.ok(at >= 0, `no block ${JSON.stringify(summary)} in:\n${markdown}`)
  return markdown.slice(at, markdown.indexOf('</details>', at) + '</details>'.length)
}

describe('the comment', () => {
  const md = renderMarkdown(c, { now: NOW })

  test('all metrics: gated first, the deciding one leading; the ones left out collapsed on their own, counted', () => {
    assert.equal(
      detailsBlock(md, 'All metrics that gate or changed'),
      [
        '<details>',
        '<summary>All metrics that gate or changed</summary>',
        '',
        HEADER,
        '| `start-up` | wall (median) (gated) | 835 µs | 832 µs | -0.36% | -70.9% … +31.6% | 0.8063 | ⚪ unchanged |',
        '| `start-up` | user (median) | 695 µs | 639 µs | -56.0 µs | -142 µs … +117 µs | 0.5896 | 🟡 unclear (not gated) |',
        '| `start-up` | max-rss (median) | 1.42 MiB | 1.51 MiB | +6.34% | -4.00% … +16.0% | 0.0893 | ⚪ unchanged |',
        '| `start-up` | cpu (median) | 700 µs | 700 µs | +8.00% | +5.00% … +11.0% | 0.0010 | 🔴 regression (not gated) |',
        '| `sort` | max-rss (median) (gated) | 2.82 MiB | 3.17 MiB | +12.5% | +9.00% … +15.0% | <0.0001 | 🔴 regression |',
        '| `sort` | wall (median) (gated) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.3000 | ⚪ unchanged |',
        '| `sort` | user (median) | 1.50 ms | 1.51 ms | +30.0% | +20.0% … +40.0% | 0.0001 | 🔴 regression (not gated) |',
        '| `tiny` | wall (median) (gated) | 1.50 ms | 1.51 ms | +1.00% | -1.00% … +3.00% | 0.7000 | ⚪ unchanged |',
        "| `tiny` | sys (median) (gated) | 0 ns | 0 ns | ±0 | ±0 … +3.56 ms | 0.5772 | ⚪ unchanged (at the clock's resolution) |",
        '',
        '</details>',
      ].join('\n'),
    )
    assert.equal(
      detailsBlock(md, '3 metrics that do not gate and did not change beyond their resolution'),
      [
        '<details>',
        '<summary>3 metrics that do not gate and did not change beyond their resolution</summary>',
        '',
        HEADER,
        "| `start-up` | sys (median) | 0 ns | 0 ns | ±0 | ±0 … +3.56 ms | 0.5772 | ⚪ unchanged (at the clock's resolution) |",
        '| `start-up` | minor-faults (median) | 52 | 52 | ±0.00% | -4.00% … +2.00% | 0.4921 | ⚪ unchanged |',
        '| `start-up` | involuntary-cs (median) | 1 | 1.50 | +0.500 | -1 … +1 | 0.2000 | 🟡 unclear (not gated) |',
        '',
        '</details>',
      ].join('\n'),
    )
    assert.ok(md.indexOf('All metrics that gate or changed') < md.indexOf('3 metrics that do not gate'))
  })

  test('the unchanged rows: a gated time at its clock’s floor says so', () => {
    const unchanged = detailsBlock(md, '2 unchanged')
    assert.match(
      unchanged,
      /\n\| `tiny` \| sys \(median\) \| 0 ns \| 0 ns \| ±0 \| ±0 … \+3\.56 ms \| 0\.5772 \| ⚪ unchanged \(at the clock's resolution\) \|\n/,
    )
  })

  test('nothing left out: the block is "All metrics", and no other', () => {
    const md = renderMarkdown(comparison([sorter]), { now: NOW })
    assert.match(md, /<summary>All metrics<\/summary>/)
    assert.doesNotMatch(md, /did not change beyond/)
  })
})

describe('the terminal', () => {
  test('without --verbose: the deciding rows, then one line counting what is not shown and naming the flag', () => {
    const text = renderTerminal(c, { color: false, now: NOW, verboseFlag: '--verbose' })
    const table = text.slice(text.indexOf('benchmark  metric'))
    assert.equal(
      table,
      [
        'benchmark  metric                base      head  change  interval               p  verdict',
        '─────────  ────────────────  ────────  ────────  ──────  ───────────────  ───────  ─────────────────────────────────────',
        'sort       max-rss (median)  2.82 MiB  3.17 MiB  +12.5%  +9.00% … +15.0%  <0.0001  regression',
        'start-up   wall (median)       835 µs    832 µs  -0.36%  -70.9% … +31.6%   0.8063  unchanged',
        'tiny       wall (median)      1.50 ms   1.51 ms  +1.00%  -1.00% … +3.00%   0.7000  unchanged',
        "tiny       sys (median)          0 ns      0 ns      ±0  ±0 … +3.56 ms     0.5772  unchanged (at the clock's resolution)",
        // sort: wall and user; start-up: the six that do not gate, three of them within their resolution.
        '8 more metrics not shown, among them 3 metrics that do not gate and did not change beyond their resolution; --verbose lists every metric',
        '',
      ].join('\n'),
    )
    // Where the caller has no such flag (the action's log), the count alone.
    assert.match(
      renderTerminal(c, { color: false, now: NOW }),
      /\n8 more metrics not shown, among them 3 metrics that do not gate and did not change beyond their resolution\n$/,
    )
  })

  test('with --verbose: every metric, gated first, the deciding one leading; nothing counted', () => {
    const text = renderTerminal(comparison([sorter, startup]), { color: false, now: NOW, verbose: true })
    const rows = text
      .slice(text.indexOf('benchmark  metric'))
      .split('\n')
      .slice(2)
      .filter((l) => l !== '')
      .map((l) =>
        l
          .split(/\s{2,}/)
          .slice(0, 2)
          .join(' '),
      )
    assert.deepEqual(rows, [
      'sort max-rss (median)',
      'sort wall (median)',
      'sort user (median)',
      'start-up wall (median)',
      'start-up user (median)',
      'start-up sys (median)',
      'start-up minor-faults (median)',
      'start-up involuntary-cs (median)',
      'start-up max-rss (median)',
      'start-up cpu (median)',
    ])
    assert.doesNotMatch(text, /not shown/)
  })
})

describe('the HTML table', () => {
  const html = benchmarksSection(c, reportModel(c).benchmarks!)
  const rows = [
    ...html.matchAll(
      /<tr class="v-[a-z]+"><td><code>([^<]+)<\/code><\/td><td>([^<]+)<\/td>[\s\S]*?<span class="badge badge-[a-z]+">([^<]+)<\/span>/g,
    ),
  ]

  test('the listed metrics, gated first; those that did not change beyond their resolution are not rows', () => {
    assert.deepEqual(
      rows.map((r) => `${r[1]} ${r[2]}: ${r[3]}`),
      [
        'sort max-rss (median): regression',
        'sort wall (median): unchanged',
        'sort user (median): regression (not gated)',
        'start-up wall (median): unchanged',
        'start-up user (median): unclear (not gated)',
        'start-up max-rss (median): unchanged',
        'start-up cpu (median): regression (not gated)',
        'tiny wall (median): unchanged',
        'tiny sys (median): unchanged (at the clock&#39;s resolution)',
      ],
    )
  })

  test('under the table: how many were left out, what that means, and the rule’s name', () => {
    assert.match(
      html,
      /<\/table>\n<p class="counts" id="left-out">Not listed: 3 metrics that do not gate and did not change beyond their resolution\. Their medians are equal, or for a count less than 1 apart; the rule is in docs\/methodology\.md, “Metrics the reports leave out”\.<\/p>\n<\/section>$/,
    )
    assert.doesNotMatch(benchmarksSection(c, [sorter]), /left-out/)
  })
})
