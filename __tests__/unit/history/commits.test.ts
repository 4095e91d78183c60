// Where a change point started, in words, from the counts git gave (here given by hand): the range
// after the last measured commit before the change up to the measured commit where it shows, with the
// number of commits in it; one commit when the range holds one; unknown, never one, when not counted.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { withCommitCounts } from '../../../src/history/commits.ts'
import type { SuiteHistory, TrendChange, TrendSeries } from '../../../src/history/series.ts'
import { renderSite } from '../../../src/history/site.ts'
import {
  commitCount,
  commitRange,
  renderHistoryMarkdown,
  renderHistoryTerminal,
} from '../../../src/history/text.ts'
import { suiteIndexPath } from '../../../src/report/site-paths.ts'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c'.repeat(40)

/** A step of +10% first seen at point 2 (sha B), after point 1 (sha A). */
function change(extra: Partial<TrendChange> = {}): TrendChange {
  return {
    index: 2,
    from: 2,
    to: 2,
    previousSha: A,
    fromSha: B,
    toSha: B,
    fromDate: '2026-01-04T00:00:00.000Z',
    toDate: '2026-01-04T00:00:00.000Z',
    before: 1_000_000,
    after: 1_100_000,
    change: 0.1,
    pValue: 0,
    verdict: 'regression',
    exact: true,
    ...extra,
  }
}

function historyOf(changes: TrendChange[]): SuiteHistory {
  const series: TrendSeries = {
    benchmark: 'count',
    metric: 'ir',
    unit: 'instructions',
    direction: 'lower',
    exact: true,
    threshold: 0.05,
    points: [
      { sha: C, createdAt: '2026-01-01T00:00:00.000Z', center: 1_000_000, runs: 1 },
      { sha: A, createdAt: '2026-01-02T00:00:00.000Z', center: 1_000_000, runs: 1 },
      { sha: B, createdAt: '2026-01-04T00:00:00.000Z', center: 1_100_000, runs: 1 },
    ],
    changes,
  }
  return {
    suite: 's',
    branch: 'main',
    runs: 3,
    commits: 3,
    first: '2026-01-01T00:00:00.000Z',
    last: '2026-01-04T00:00:00.000Z',
    series: [series],
    skipped: [],
  }
}

describe('where a change started', () => {
  test('a counted range: the commit before it, the commit where it shows, and how many commits', () => {
    assert.equal(commitRange(change({ commits: 3 })), 'aaaaaaa..bbbbbbb')
    assert.equal(commitCount(change({ commits: 3 })), '3 commits')
  })

  test('a range of one commit is that commit', () => {
    assert.equal(commitRange(change({ commits: 1 })), 'bbbbbbb')
    assert.equal(commitCount(change({ commits: 1 })), '1 commit')
  })

  test('a range git did not count is a range of unknown size, even between neighbouring points', () => {
    assert.equal(commitRange(change()), 'aaaaaaa..bbbbbbb')
    assert.equal(commitCount(change()), "commits unknown (not in this clone's history)")
  })

  test('a change that shows at the first stored run has no commit before it', () => {
    const first = change({ index: 0, from: 0, to: 0 })
    delete first.previousSha
    assert.equal(commitRange(first), 'up to bbbbbbb')
    assert.equal(commitCount(first), 'from the first stored run')
  })

  test('a run before the change that named no commit', () => {
    const unnamed = change()
    delete unnamed.previousSha
    assert.equal(commitRange(unnamed), 'unknown commit..bbbbbbb')
    assert.equal(commitCount(unnamed), 'commits unknown (a stored run names no commit)')
  })

  test('the terminal, the job summary and the trend site show the same range and count', async () => {
    const history = historyOf([change({ commits: 3 })])
    const terminal = renderHistoryTerminal([history]).split('\n')
    assert.deepEqual(terminal.slice(3, 6), [
      'benchmark  metric  change  size                   where it started  commits    confidence  verdict',
      '─────────  ──────  ──────  ─────────────────────  ────────────────  ─────────  ──────────  ──────────',
      'count      ir      +10.0%  1,000,000 → 1,100,000  aaaaaaa..bbbbbbb  3 commits  exact       regression',
    ])
    assert.ok(
      renderHistoryMarkdown([history]).includes(
        '| `count` | `ir` | +10.0% | 1,000,000 → 1,100,000 | aaaaaaa..bbbbbbb (3 commits) | exact | 🔴 regression |',
      ),
    )
    const page = (await renderSite([history])).get(suiteIndexPath('s'))!
    assert.ok(page.includes('<td><code>aaaaaaa..bbbbbbb</code> (3 commits)</td>'), page)
    assert.ok(page.includes('at <code>aaaaaaa..bbbbbbb</code>'))
  })
})

describe('counting the commits of each range', () => {
  test('each distinct range is asked once; an answer is kept on every change of that range', async () => {
    const asked: string[] = []
    const count = async (previous: string, to: string) => {
      asked.push(`${previous[0]}..${to[0]}`)
      return previous === A ? 3 : undefined
    }
    const histories = [historyOf([change(), change({ previousSha: C, toSha: A })]), historyOf([change()])]
    const counted = await withCommitCounts(histories, count)
    assert.deepEqual(asked.sort(), ['a..b', 'c..a'])
    assert.deepEqual(
      counted.map((h) => h.series[0]!.changes.map((c) => c.commits)),
      [[3, undefined], [3]],
    )
    // The histories given are left as they were.
    assert.equal(histories[0]!.series[0]!.changes[0]!.commits, undefined)
  })

  test('a change without both commits is never asked about', async () => {
    const first = change({ from: 0 })
    delete first.previousSha
    const asked: string[] = []
    const counted = await withCommitCounts([historyOf([first])], async (previous, to) => {
      asked.push(`${previous}..${to}`)
      return 1
    })
    assert.deepEqual(asked, [])
    assert.equal(counted[0]!.series[0]!.changes[0]!.commits, undefined)
  })
})
