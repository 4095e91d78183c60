// A ranking's title, the same words in every report: what was declared comparable, where, and by what.
import type { BenchmarkRanking } from '../compare/types.ts'
import { listed, rankedMetric } from '../display.ts'

/**
 * "Ranking of `a`, `b` and `c` by median wall time", "Ranking of `sort` across `algorithm` at `n=100` by
 * median wall time": names, parameters and values each written by `code` (they are the pull request's).
 */
export function rankingTitle(r: BenchmarkRanking, code: (text: string) => string): string {
  const what =
    'group' in r.basis
      ? listed(r.basis.group.map(code))
      : `${code(r.basis.scan)} across ${listed(r.basis.over.map(code))}`
  const point = Object.entries(r.at).map(([name, value]) => code(`${name}=${value}`))
  const at = point.length > 0 ? ` at ${listed(point)}` : ''
  return `Ranking of ${what}${at} by ${rankedMetric(r.metric)}`
}
