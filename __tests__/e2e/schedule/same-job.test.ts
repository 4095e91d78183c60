// The same-job schedule with real processes: a benchmark on both sides is measured as pairs, one on
// one side only alone; each side's progress and results go to that side's callbacks; results come
// back in plan order; the environment the caller passes reaches every run; in sequential order
// every base run comes before the first head run and nothing is paired.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parseConfig } from '../../../src/config/index.ts'
import type { Case } from '../../../src/kinds/index.ts'
import { planCases } from '../../../src/run/plan.ts'
import { measureSameJob, type SameJobOptions } from '../../../src/schedule/index.ts'

/** Process benchmarks of these names; each run succeeds only when MARK=yes reaches it. */
function cases(...names: string[]): Case[] {
  const text = `suite: sides
defaults: { runs: 3, warmup: 0, sequential: false }
benchmarks:
${names.map((n) => `  - name: ${n}\n    kind: process\n    command: [sh, -c, 'test "$MARK" = yes']\n`).join('')}`
  return planCases(parseConfig(text, path.join(import.meta.dirname, '..', 'bench.yml')))
}

/** The index of the last item that satisfies `ok`, or -1. */
const lastIndex = (items: string[], ok: (item: string) => boolean) =>
  items.reduce((last, item, i) => (ok(item) ? i : last), -1)

async function measure(base: Case[], head: Case[], more: Partial<SameJobOptions> = {}) {
  const events: string[] = []
  const outcome = await measureSameJob(base, head, {
    inherit: { PATH: process.env.PATH, MARK: 'yes' },
    seed: 'sides',
    // Every pair its 3 runs: a look at real timings could stop or extend them.
    sequential: false,
    onProgress: (c, done, total) => events.push(`head progress ${c.id} ${done}/${total}`),
    onBaseProgress: (c, done, total) => events.push(`base progress ${c.id} ${done}/${total}`),
    onResult: (c, r) => events.push(`head result ${c.id} ${r.status}`),
    onBaseResult: (c, r) => events.push(`base result ${c.id} ${r.status}`),
    ...more,
  })
  return { outcome, events }
}

describe('the same-job schedule, side by side', () => {
  test('a benchmark on both sides is paired; one on one side only is measured alone, on its side', async () => {
    const { outcome, events } = await measure(cases('both', 'old'), cases('new', 'both'))
    assert.deepEqual(
      outcome.head.map((r) => [r.id, r.status, r.metrics.wall?.samples?.length]),
      [
        ['new', 'ok', 3],
        ['both', 'ok', 3],
      ],
      'in the head plan’s order, every run ok: MARK reached them',
    )
    assert.deepEqual(
      outcome.base.map((r) => [r.id, r.status, r.metrics.wall?.samples?.length]),
      [
        ['both', 'ok', 3],
        ['old', 'ok', 3],
      ],
    )
    assert.deepEqual(outcome.pairs, {
      both: [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    })
    // Each side's callbacks hear of that side's cases only, once per result, progress up to 3/3.
    const of = (prefix: string) =>
      events
        .filter((e) => e.startsWith(prefix))
        .map((e) => e.slice(prefix.length))
        .sort()
    assert.deepEqual(of('head result '), ['both ok', 'new ok'])
    assert.deepEqual(of('base result '), ['both ok', 'old ok'])
    for (const [side, ids] of [
      ['head', ['both', 'new']],
      ['base', ['both', 'old']],
    ] as const) {
      const progress = of(`${side} progress `)
      assert.deepEqual([...new Set(progress.map((p) => p.split(' ')[0]))].sort(), [...ids])
      for (const id of ids) assert.ok(progress.includes(`${id} 3/3`), `${side} ${id}: ${progress.join(', ')}`)
    }
  })

  test('the environment the caller passes is what the runs get', async () => {
    const { outcome } = await measure(cases('both'), cases('both'), { inherit: { PATH: process.env.PATH } })
    assert.deepEqual(
      [...outcome.base, ...outcome.head].map((r) => r.status),
      ['failed', 'failed'],
    )
  })

  test('sequential order: every base run before the first head run, nothing paired', async () => {
    const { outcome, events } = await measure(cases('a', 'b'), cases('a', 'b'), { order: 'sequential' })
    assert.deepEqual(outcome.pairs, {})
    const lastBase = lastIndex(events, (e) => e.startsWith('base progress'))
    const firstHead = events.findIndex((e) => e.startsWith('head progress'))
    assert.ok(lastBase < firstHead, events.join('\n'))
    assert.deepEqual(
      outcome.head.map((r) => [r.id, r.metrics.wall?.samples?.length]),
      [
        ['a', 3],
        ['b', 3],
      ],
    )
  })

  test('interleaved order: the sides’ runs alternate', async () => {
    const { events } = await measure(cases('a'), cases('a'))
    const progress = events.filter((e) => e.includes(' progress '))
    const firstHead = progress.findIndex((e) => e.startsWith('head'))
    const lastBase = lastIndex(progress, (e) => e.startsWith('base'))
    assert.ok(firstHead < lastBase, progress.join('\n'))
  })
})
