// How many commits each change point's range holds. A point is a measured commit, not every commit:
// a shift between two points lies somewhere in the commits after the earlier one up to and including
// the later one, which git counts (previousSha..toSha). Asked once per distinct range, a few at a time,
// before anything is rendered; the renderers read the count from the change.
import type { SuiteHistory, TrendChange } from './series.ts'

/** Commits after `previous` up to and including `to`; undefined when they cannot be counted here. */
export type CountCommits = (previous: string, to: string) => Promise<number | undefined>

/** Ranges counted at once: each is a git process. */
const PARALLEL_COUNTS = 4

function rangeKey(change: TrendChange): string | undefined {
  return change.previousSha !== undefined && change.toSha !== undefined
    ? `${change.previousSha}..${change.toSha}`
    : undefined
}

/** The histories with each change's `commits` set where the range could be counted. */
export async function withCommitCounts(
  histories: readonly SuiteHistory[],
  count: CountCommits,
): Promise<SuiteHistory[]> {
  const ranges = new Map<string, [string, string]>()
  for (const history of histories)
    for (const series of history.series)
      for (const change of series.changes) {
        const key = rangeKey(change)
        if (key !== undefined) ranges.set(key, [change.previousSha!, change.toSha!])
      }
  const counts = new Map<string, number>()
  const pending = [...ranges]
  for (let start = 0; start < pending.length; start += PARALLEL_COUNTS) {
    const chunk = pending.slice(start, start + PARALLEL_COUNTS)
    const counted = await Promise.all(chunk.map(([, [previous, to]]) => count(previous, to)))
    counted.forEach((n, i) => {
      if (n !== undefined) counts.set(chunk[i]![0], n)
    })
  }
  return histories.map((history) => ({
    ...history,
    series: history.series.map((series) => ({
      ...series,
      changes: series.changes.map((change) => {
        const n = counts.get(rangeKey(change) ?? '')
        return n !== undefined ? { ...change, commits: n } : change
      }),
    })),
  }))
}
