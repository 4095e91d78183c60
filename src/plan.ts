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
  return {
    kind: 'process',
    id: b.name,
    name: b.name,
    parameters: {},
    command: b.command,
    cwd: b.cwd,
    env: b.env,
    runs: b.runs,
    warmup: b.warmup,
    timeoutMs: b.timeoutMs,
    gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha },
  }
}

export function planCases(config: Config, filter?: string): Case[] {
  return config.benchmarks.filter((b) => matchesFilter(b.name, filter)).map(caseFor)
}
