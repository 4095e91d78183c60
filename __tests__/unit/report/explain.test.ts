// What the instruction counts say about timed changes, in every report: a section of the comment and
// of the terminal, the benchmark's notes in the HTML page, each sentence written out in full; text a
// results file carries (a reason) is escaped; a comment shortened to fit gives the section up with the
// reassuring ones and says so.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { TimedChangeExplanation } from '../../../src/compare/index.ts'
import { renderHtml } from '../../../src/report/html.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import { bench, comparison, metric } from '../../support/comparisons.ts'

const NOW = new Date('2026-03-01T12:00:00Z')

const explained = (x: Partial<TimedChangeExplanation>): TimedChangeExplanation => ({
  changes: [{ metric: 'wall', change: 0.27 }],
  rule: 'any',
  ...x,
})

const c = comparison([
  bench('sort', 'regression', {
    metrics: [metric({ verdict: 'regression', change: 0.27, ratio: 1.27 })],
    explanation: explained({
      instructions: { base: 1_000_000, head: 1_100_000, change: 0.1, reading: 'explains' },
    }),
  }),
  bench('hash', 'unclear', {
    metrics: [
      metric({
        verdict: 'unclear',
        change: 0.224,
        ratio: 1.224,
        why: 'the instructions barely changed (+0.31%, within the 5.00% threshold): code placement or memory is the likely cause (timed-change: explained-only)',
      }),
    ],
    explanation: explained({
      changes: [{ metric: 'wall', change: 0.224 }],
      rule: 'explained-only',
      instructions: { base: 2_000_000, head: 2_006_200, change: 0.0031, reading: 'barely' },
      unclear: true,
    }),
  }),
  bench('parse', 'regression', {
    metrics: [metric({ verdict: 'regression', change: 0.121, ratio: 1.121 })],
    explanation: explained({
      changes: [{ metric: 'wall', change: 0.121 }],
      instructions: { base: 2_000_000, head: 1_836_000, change: -0.082, reading: 'opposite' },
    }),
  }),
  bench('lex', 'improvement', {
    metrics: [metric({ verdict: 'improvement', change: -0.3, ratio: 0.7 })],
    explanation: explained({
      changes: [{ metric: 'wall', change: -0.3 }],
      rule: 'explained-only',
      notCounted: { status: 'skipped', reason: 'it has a <b>prepare</b> command @team' },
    }),
  }),
  bench('scan', 'regression', {
    metrics: [metric({ verdict: 'regression', change: 0.5, ratio: 1.5 })],
    explanation: explained({
      changes: [{ metric: 'wall', change: 0.5 }],
      notCounted: { status: 'failed', reason: 'the head: exited with code 1 under valgrind' },
    }),
  }),
  bench('old', 'regression', {
    metrics: [metric({ verdict: 'regression', change: 0.5, ratio: 1.5 })],
    explanation: explained({
      changes: [{ metric: 'wall', change: 0.5 }],
      rule: 'explained-only',
      notCounted: {
        status: 'elsewhere',
        reason: "they were counted against abcdef0, not against this baseline's aaaaaaa",
      },
    }),
  }),
  bench('same', 'unchanged', { metrics: [metric()] }),
])

describe('what the instructions explain', () => {
  test('the comment: one line per timed change, the regressions first, after the improvements', () => {
    const md = renderMarkdown(c, { now: NOW })
    const at = md.indexOf('#### What the instructions explain')
    assert.ok(at > md.indexOf('#### Improvements'), 'after the improvements')
    assert.equal(
      md.slice(at, md.indexOf('\n\n<details>', at)),
      [
        '#### What the instructions explain',
        '',
        "Base and head of each timed change, counted once under callgrind: instructions count the code's work, not cache misses or where code landed in memory.",
        '',
        '- `sort`: wall +27.0%, instructions +10.0% (1,000,000 → 1,100,000)',
        '- `parse`: wall +12.1%, instructions -8.20% (2,000,000 → 1,836,000): the instructions went the other way',
        '- `scan`: wall +50.0%; counting the instructions failed: the head: exited with code 1 under valgrind',
        "- `old`: wall +50.0%; instruction counts not used: they were counted against abcdef0, not against this baseline's aaaaaaa; the verdict stays as measured (timed-change: explained-only)",
        '- `hash`: wall +22.4%, instructions +0.31% (2,000,000 → 2,006,200): the instructions barely changed: code placement or memory is the likely cause; gated as unclear (timed-change: explained-only)',
        // A reason from a results file is text: no HTML, no mention.
        '- `lex`: wall -30.0%; instructions not counted: it has a &lt;b&gt;prepare&lt;/b&gt; command @\u200bteam; the verdict stays as measured (timed-change: explained-only)',
      ].join('\n'),
    )
  })

  test('the terminal: a section of its own after the unclear changes', () => {
    const text = renderTerminal(c, { color: false, now: NOW })
    const lines = text.split('\n')
    const at = lines.indexOf('What the instructions explain')
    assert.ok(at > lines.indexOf('Unclear'), 'after the unclear changes')
    assert.deepEqual(lines.slice(at, at + 7), [
      'What the instructions explain',
      '  sort: wall +27.0%, instructions +10.0% (1,000,000 → 1,100,000)',
      '  parse: wall +12.1%, instructions -8.20% (2,000,000 → 1,836,000): the instructions went the other way',
      '  scan: wall +50.0%; counting the instructions failed: the head: exited with code 1 under valgrind',
      "  old: wall +50.0%; instruction counts not used: they were counted against abcdef0, not against this baseline's aaaaaaa; the verdict stays as measured (timed-change: explained-only)",
      '  hash: wall +22.4%, instructions +0.31% (2,000,000 → 2,006,200): the instructions barely changed: code placement or memory is the likely cause; gated as unclear (timed-change: explained-only)',
      '  lex: wall -30.0%; instructions not counted: it has a <b>prepare</b> command @team; the verdict stays as measured (timed-change: explained-only)',
    ])
  })

  test('the HTML page: the benchmark’s notes, escaped', async () => {
    const html = await renderHtml(c, { now: NOW })
    assert.ok(
      html.includes('<li>wall +27.0%, instructions +10.0% (1,000,000 → 1,100,000)</li>'),
      'the counts of sort',
    )
    assert.ok(
      html.includes(
        '<li>wall -30.0%; instructions not counted: it has a &lt;b&gt;prepare&lt;/b&gt; command @\u200bteam; the verdict stays as measured (timed-change: explained-only)</li>',
      ),
      'the reason of lex, escaped',
    )
  })

  test('a comment shortened to fit gives the section up with the reassuring ones, and says so', () => {
    const full = renderMarkdown(c, { now: NOW })
    // Just short of the full text: the detail blocks go first, and the section stays.
    const first = renderMarkdown(c, { now: NOW, maxLength: full.length - 1 })
    assert.match(first, /#### What the instructions explain/)
    // Short of what the first two steps leave: the third step gives it up.
    const second = renderMarkdown(c, { now: NOW, maxLength: first.length - 1 })
    const third = renderMarkdown(c, { now: NOW, maxLength: second.length - 1 })
    assert.doesNotMatch(third, /#### What the instructions explain/)
    assert.match(third, /left out: [^\n]*the instruction counts of 6 timed changes/)
  })
})
