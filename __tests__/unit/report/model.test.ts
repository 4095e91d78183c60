// The report's model: which sections a comparison has, the order each output shows them in, and what
// the comment gives up, step by step, to fit a limit. The comparison is built by hand from exact counts,
// so every verdict below is worked out by hand: 1,000 → 1,200 instructions is a regression at a 5%
// threshold, 1,000 → 1,000 unchanged, 1,000 → 800 an improvement.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { HTML_LAYOUT } from '../../../src/report/html.ts'
import { MARKDOWN_LAYOUT, renderMarkdown } from '../../../src/report/markdown.ts'
import { reportModel, type SectionName, SHORTENING, shortened } from '../../../src/report/model.ts'
import { TERMINAL_LAYOUT } from '../../../src/report/terminal.ts'
import type { BenchmarkResult, Metric } from '../../../src/results.ts'
import { resultSetOf } from '../../support/helpers.ts'

const NOW = new Date('2026-11-22T12:00:00.000Z')
const exact = (value: number): Metric => ({ unit: 'count', direction: 'lower', value })
const counted = (name: string, ir: number): BenchmarkResult => ({
  id: name,
  name,
  kind: 'instructions',
  parameters: {},
  status: 'ok',
  metrics: { ir: exact(ir) },
  gate: { metrics: ['ir'], threshold: 0.05, alpha: 0.01 },
  notes: [],
})
const run = (sha: string, benchmarks: BenchmarkResult[]) =>
  resultSetOf('core', { branch: 'main', sha: sha.repeat(40) }, '2026-11-22T11:00:00.000Z', benchmarks)

const base = run('a', [
  counted('parse', 1000),
  counted('lex', 1000),
  counted('hash', 1000),
  counted('gone', 5),
])
const head = run('b', [
  counted('parse', 1200),
  counted('lex', 1000),
  counted('hash', 800),
  counted('fresh', 7),
])
const comparison = compareResults(head, { baseline: { results: base, source: 'test', reason: 'test' } })
const model = reportModel(comparison)
const present = (layout: readonly SectionName[]) => layout.filter((name) => model[name] !== undefined)

test('a comparison has the sections it has something for, and no others', () => {
  assert.deepEqual(
    model.regressions?.map((b) => b.name),
    ['parse'],
  )
  assert.deepEqual(
    model.improvements?.map((b) => b.name),
    ['hash'],
  )
  assert.deepEqual(
    model.unchanged?.map((b) => b.name),
    ['lex'],
  )
  assert.deepEqual(
    model.new?.map((b) => b.name),
    ['fresh'],
  )
  assert.deepEqual(
    model.missing?.map((b) => b.name),
    ['gone'],
  )
  // Nothing failed, was accepted, unclear or warned; no curves, rankings or busy machine.
  for (const name of [
    'failed',
    'accepted',
    'accepted-rows',
    'unclear',
    'warned',
    'scaling',
    'scans',
    'ranking',
    'engines',
    'contention',
    'added-acceptances',
  ] as const)
    assert.equal(model[name], undefined, name)
  // Every benchmark, regressions first, then improvements, new, not run, unchanged.
  assert.deepEqual(
    model.benchmarks?.map((b) => b.name),
    ['parse', 'hash', 'fresh', 'gone', 'lex'],
  )
})

test('each output shows its sections in its own order, only those present', () => {
  assert.deepEqual(present(MARKDOWN_LAYOUT), [
    'title',
    'counts',
    'provenance',
    'warnings',
    'regressions',
    'improvements',
    'new',
    'missing',
    'unchanged',
    'all-metrics',
    'notes',
    'environment',
    'footer',
  ])
  assert.deepEqual(present(TERMINAL_LAYOUT), ['title', 'counts', 'provenance', 'warnings', 'benchmarks'])
  assert.deepEqual(present(HTML_LAYOUT), [
    'title',
    'counts',
    'provenance',
    'changes',
    'benchmarks',
    'samples',
    'environment',
    'footer',
  ])
  // The markdown's level-3 headings come in the layout's order.
  const headings = renderMarkdown(comparison, { now: NOW })
    .split('\n')
    .filter((line) => line.startsWith('#### ') || line.startsWith('<summary>'))
  assert.deepEqual(headings, [
    '#### Regressions',
    '#### Improvements',
    '#### Without a baseline',
    '#### In the baseline, not run now',
    '<summary>1 unchanged</summary>',
    '<summary>All metrics</summary>',
    // gone's note: in the baseline but not measured in this run.
    '<summary>Notes (1)</summary>',
    '<summary>Environment</summary>',
  ])
})

test('shortening drops the detail blocks first, then the unchanged and not-run rows, then the reassuring sections', () => {
  assert.equal(SHORTENING.length, 3)
  const after = (steps: number) => {
    const kept = shortened(model, steps)
    return {
      shown: present(MARKDOWN_LAYOUT).filter((name) => kept[name] !== undefined),
      left: kept.shortened ?? [],
    }
  }
  const always = ['title', 'counts', 'provenance', 'warnings', 'regressions']
  const end = ['environment', 'footer']
  assert.deepEqual(after(1), {
    shown: [...always, 'improvements', 'new', 'missing', 'unchanged', ...end],
    left: ['the detail blocks (all metrics, notes, functions, allocation sites)'],
  })
  assert.deepEqual(after(2), {
    shown: [...always, 'improvements', 'new', ...end],
    left: ['the detail blocks (all metrics, notes, functions, allocation sites)', '1 unchanged rows'],
  })
  // hash (improved) and fresh (new): two reassuring rows.
  assert.deepEqual(after(3), {
    shown: [...always, ...end],
    left: [
      'the detail blocks (all metrics, notes, functions, allocation sites)',
      '1 unchanged rows',
      '2 improved, unclear, warned or new rows',
    ],
  })
  // The model itself is left as it was.
  assert.notEqual(model.unchanged, undefined)
})

test('every section a layout names is one the model knows, and no layout names one twice', () => {
  const known = new Set(Object.keys(model))
  for (const [output, layout] of [
    ['markdown', MARKDOWN_LAYOUT],
    ['terminal', TERMINAL_LAYOUT],
    ['html', HTML_LAYOUT],
  ] as const) {
    assert.equal(new Set(layout).size, layout.length, `${output} names a section twice`)
    for (const name of layout) assert.ok(known.has(name), `${output}: ${name}`)
  }
})

test('a ranking is a section of every output, only for benchmarks declared comparable, and a detail the comment gives up first', () => {
  const timed = (name: string, ms: number, rankingGroup?: string[]): BenchmarkResult => ({
    id: name,
    name,
    kind: 'process',
    parameters: {},
    status: 'ok',
    metrics: { wall: { unit: 'ns', direction: 'lower', samples: [ms * 1e6, ms * 1e6, ms * 1e6] } },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
    ...(rankingGroup ? { rankingGroup } : {}),
  })
  const group = ['quick', 'merge']
  // start-up is the fastest of the run, in no group: it is in no ranking.
  const ranked = reportModel(
    compareResults(run('b', [timed('start-up', 1), timed('quick', 4, group), timed('merge', 6, group)])),
  )
  assert.deepEqual(
    ranked.ranking?.map((r) => [r.basis, r.entries.map((e) => [e.name, e.ratio])]),
    [
      [
        { group },
        [
          ['quick', 1],
          ['merge', 1.5],
        ],
      ],
    ],
  )
  for (const layout of [MARKDOWN_LAYOUT, TERMINAL_LAYOUT, HTML_LAYOUT]) assert.ok(layout.includes('ranking'))
  assert.ok(SHORTENING[0]!.drops.includes('ranking'), 'a detail block')
  const none = reportModel(
    compareResults(run('b', [timed('start-up', 1), timed('quick', 4), timed('merge', 6)])),
  )
  assert.equal(none.ranking, undefined)
})
