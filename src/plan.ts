// plan: Config (+ filter) → the cases to measure. Pure.
import type { BenchmarkConfig, Config } from './config/index.ts'
import type { Case } from './plan-types.ts'

/** `*` matches any run of characters, `?` one; anything else is literal. Whole-name match. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${body}$`)
}

/** Several globs may be given separated by commas; a case is kept when any matches. */
export function matchesFilter(name: string, filter: string | undefined): boolean {
  if (!filter) return true
  return filter
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '')
    .some((g) => globToRegExp(g).test(name))
}

function caseFor(b: BenchmarkConfig): Case {
  const common = { id: b.name, name: b.name, parameters: {}, command: b.command, cwd: b.cwd, env: b.env }
  if (b.kind === 'instructions') {
    return {
      ...common,
      kind: 'instructions',
      timeoutMs: b.timeoutMs,
      entryPoint: b.entryPoint,
      harness: b.harness,
      import: b.import,
      cacheSim: b.cacheSim,
      branchSim: b.branchSim,
      // Counts are exact: alpha plays no part in their verdict.
      gate: { metrics: b.gate, threshold: b.threshold, alpha: 0.01 },
    }
  }
  return {
    ...common,
    kind: 'process',
    runs: b.runs,
    warmup: b.warmup,
    timeoutMs: b.timeoutMs,
    gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha },
  }
}

/**
 * A harness's benchmarks are named `CONFIG-NAME/BENCHMARK` once listed; a filter such as `rust/fib*`
 * keeps the harness entry `rust` so that its listed benchmarks can be filtered after listing.
 */
function keeps(b: BenchmarkConfig, filter: string | undefined): boolean {
  if (matchesFilter(b.name, filter)) return true
  if (b.kind !== 'instructions' || !b.harness || !filter) return false
  return filter.split(',').some((g) => g.includes('/') && globToRegExp(g.trim().split('/')[0]!).test(b.name))
}

export function planCases(config: Config, filter?: string): Case[] {
  return config.benchmarks.filter((b) => keeps(b, filter)).map(caseFor)
}
