// `compare-with:`: the benchmarks of a file its author declared alternatives to each other, which the
// report ranks against each other (docs/methodology.md#rankings). A name joins two entries; the groups
// are the sets the names connect. A name must be another entry of the file, of a kind ranked by the same
// metric, with the same parameters (a scan's points are ranked point by point).
import type * as z from 'zod'
import { listed, rankedMetric } from '../display.ts'
import { type BenchmarkEntry, KIND_MODULES, rankedBy } from '../kinds/index.ts'
import type { Kind } from '../results.ts'
import { closestMatch } from '../system/closest.ts'

const ANOTHER = 'expected the name of another benchmark in this file'

function compareWithOf(b: BenchmarkEntry): readonly string[] {
  return 'compare-with' in b ? (b['compare-with'] ?? []) : []
}

function parameterNames(b: BenchmarkEntry): string[] {
  return 'parameters' in b && b.parameters ? Object.keys(b.parameters).sort() : []
}

/** What is wrong with `name` in `b`'s compare-with: the message ("expected …") and a hint. */
function problemOf(
  b: BenchmarkEntry,
  name: string,
  byName: ReadonlyMap<string, BenchmarkEntry>,
): { message: string; hint?: string } | undefined {
  if (name === b.name) return { message: ANOTHER, hint: "that is this benchmark's own name" }
  const other = byName.get(name)
  if (other === undefined) {
    const guess = closestMatch(
      name,
      [...byName.keys()].filter((n) => n !== b.name),
    )
    return {
      message: ANOTHER,
      ...(guess !== undefined ? { hint: `did you mean ${JSON.stringify(guess)}?` } : {}),
    }
  }
  const metric = rankedBy(b.kind)
  if (metric === undefined || rankedBy(other.kind) !== metric) {
    const kinds = KIND_MODULES.filter((k) => k.rankedBy === metric).map((k) => k.kind)
    return {
      message: `expected a benchmark ranked like this one (a ${listed(kinds, 'or')} benchmark, by its ${rankedMetric(metric ?? '')})`,
      hint: `${JSON.stringify(name)} is ${kindPhrase(other.kind)}`,
    }
  }
  const mine = parameterNames(b)
  const theirs = parameterNames(other)
  if (mine.join('\u0000') !== theirs.join('\u0000')) {
    return {
      message:
        mine.length > 0
          ? `expected a benchmark with the same parameters as this one (${listed(mine)})`
          : 'expected a benchmark without parameters, like this one',
      hint: `${JSON.stringify(name)} has ${theirs.length > 0 ? `parameters ${listed(theirs)}` : 'none'}; a group's scans are ranked point by point`,
    }
  }
  return undefined
}

/** "a wall-clock benchmark, which is not ranked against others", or the metric it is ranked by. */
function kindPhrase(kind: Kind): string {
  const metric = rankedBy(kind)
  return metric === undefined
    ? `a ${kind} benchmark, which is not ranked against others`
    : `a ${kind} benchmark, ranked by ${rankedMetric(metric)}`
}

/** Adds an issue at `benchmarks[i].compare-with[j]` for each name that cannot join its benchmark's group. */
export function checkCompareWith(benchmarks: readonly BenchmarkEntry[], ctx: z.RefinementCtx): void {
  const byName = new Map(benchmarks.map((b) => [b.name, b]))
  benchmarks.forEach((b, index) => {
    compareWithOf(b).forEach((name, j) => {
      const problem = problemOf(b, name, byName)
      if (problem === undefined) return
      ctx.addIssue({
        code: 'custom',
        path: [index, 'compare-with', j],
        message: problem.message,
        ...(problem.hint !== undefined ? { params: { hint: problem.hint } } : {}),
      })
    })
  })
}

/**
 * The groups the names make: each the entries' names a chain of compare-with joins, in the file's order.
 * Only groups of two or more; the names are those `checkCompareWith` accepted.
 */
export function compareGroups(benchmarks: readonly BenchmarkEntry[]): string[][] {
  const parent = new Map<string, string>()
  const find = (name: string): string => {
    const up = parent.get(name)
    return up === undefined ? name : find(up)
  }
  for (const b of benchmarks)
    for (const other of compareWithOf(b)) {
      const [x, y] = [find(b.name), find(other)]
      if (x !== y) parent.set(x, y)
    }
  const groups = new Map<string, string[]>()
  for (const b of benchmarks) {
    const top = find(b.name)
    groups.set(top, [...(groups.get(top) ?? []), b.name])
  }
  return [...groups.values()].filter((g) => g.length > 1)
}
