// plan: Config (+ filter) → the cases to measure. Pure.
import type { Config } from '../config/index.ts'
import { globToRegExp, matchesFilter } from '../glob.ts'
import { type BenchmarkConfig, type Case, kindOf, planBenchmark } from '../kinds/index.ts'

/**
 * Cases named `CONFIG-NAME/…` (a harness's benchmarks, a benchmark's engines) are kept when the filter
 * matches their own name or the entry's; a filter such as `rust/fib*` keeps the harness entry `rust` so
 * that its listed benchmarks can be filtered after listing.
 */
function keeps(b: BenchmarkConfig, filter: string | undefined): boolean {
  if (matchesFilter(b.name, filter)) return true
  // Whether the entry expands into cases named `NAME/…`: a harness, engines, a sweep, imported benchmarks.
  if (!kindOf(b.kind).expands(b) || !filter) return false
  if (filter.split(',').some((g) => g.includes('/') && globToRegExp(g.trim().split('/')[0]!).test(b.name)))
    return true
  // Cases named from the entry's name with parameters in it (`sort {n}` → `sort 100`).
  return planBenchmark(b).some((c) => matchesFilter(c.name, filter))
}

export function planCases(config: Config, filter?: string): Case[] {
  const groupOf = new Map((config.rankingGroups ?? []).flatMap((g) => g.map((name) => [name, g] as const)))
  return config.benchmarks
    .filter((b) => keeps(b, filter))
    .flatMap((b) => {
      const group = groupOf.get(b.name)
      const cases = group ? planBenchmark(b).map((c) => ({ ...c, rankingGroup: group })) : planBenchmark(b)
      if (matchesFilter(b.name, filter)) return cases
      // A harness is listed first and filtered afterwards; engines are known now.
      return cases.filter((c) => kindOf(c.kind).listsBenchmarks?.(c) || matchesFilter(c.name, filter))
    })
}
