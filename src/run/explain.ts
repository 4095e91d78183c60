// The instruction counts behind a same-job run's timed changes (docs/methodology.md#what-instruction-counts-can-tell).
// Once both sides are measured, and while their checkouts still exist, every benchmark with a timed
// regression or improvement runs once more under callgrind in each tree, as its kind says it is counted
// (TimedKind.countedAs: the same command, cwd and environment; a harness's --run NAME), through the
// instructions kind's own measurement. A benchmark that did not change is not run again. Each head
// result then records the counts of both sides, or why there are none (BenchmarkResult.explanation),
// and the comparison reads them (src/compare/explain.ts).
import { compareResults, timedChangeIds } from '../compare/index.ts'
import { formatChange, formatCount } from '../display.ts'
import { type Case, kindOf, type TimedCase } from '../kinds/index.ts'
import { measureInstructions } from '../kinds/instructions/measure.ts'
import type { InstructionsCase } from '../kinds/instructions/plan.ts'
import type { TimedKind } from '../kinds/types.ts'
import type { BenchmarkResult, Explanation, ResultSet } from '../results.ts'
import type { SameJobMeasurement } from '../schedule/index.ts'
import { findExecutable } from '../setup/system.ts'
import { onEveryCore } from '../system/on-every-core.ts'

export interface ExplainOptions {
  /** The base commit the counts are made against, recorded with each. */
  baseSha: string
  /** The environment the benchmarks inherited: the counts inherit it too. */
  env: NodeJS.ProcessEnv
  log: (line: string) => void
  /** A result set of these benchmarks, as the run writes one (for the comparison that finds the changes). */
  results: (benchmarks: BenchmarkResult[]) => ResultSet
  /** Counts one case: the instructions kind's measurement unless a test says otherwise. */
  count?: (c: InstructionsCase, inherit: NodeJS.ProcessEnv) => Promise<BenchmarkResult>
  /** Why valgrind cannot run here at all, if it cannot (undefined: it can): looked up unless a test says. */
  unavailable?: () => Promise<string | undefined>
}

/**
 * The head's results, each benchmark with a timed regression or improvement carrying its explanation:
 * the instruction counts of one run of each side, or why there are none.
 */
export async function explainTimedChanges(
  measured: SameJobMeasurement,
  options: ExplainOptions,
): Promise<BenchmarkResult[]> {
  const ids = changedIds(measured, options.results)
  if (ids.length === 0) return measured.head
  options.log(
    `instructions: counting base and head of ${ids.length} timed ${ids.length === 1 ? 'change' : 'changes'} under callgrind, one run each`,
  )
  const explanations = await countChanges(ids, measured.cases, options)
  return measured.head.map((r) => {
    const explanation = explanations.get(r.id)
    if (!explanation) return r
    options.log(`instructions: ${r.name}: ${describeCount(explanation)}`)
    return { ...r, explanation }
  })
}

/**
 * The benchmarks a comparison of the two sides finds a timed regression or improvement in: their gated
 * metrics compared as the run compares them (the same pairs, the same seeds), the others left out.
 */
function changedIds(measured: SameJobMeasurement, results: ExplainOptions['results']): string[] {
  const gatedOnly = (list: BenchmarkResult[]) =>
    list.map((r) => ({
      ...r,
      metrics: Object.fromEntries(
        Object.entries(r.metrics).filter(([name]) => r.gate.metrics.includes(name)),
      ),
    }))
  const comparison = compareResults(results(gatedOnly(measured.head)), {
    baseline: {
      results: results(gatedOnly(measured.base)),
      source: 'the base',
      reason: 'measured in this job',
    },
    pairs: measured.pairs,
    filtered: true,
  })
  return timedChangeIds(comparison)
}

/** What is counted for one benchmark: both sides' instructions cases, or why it is not counted. */
type Plan = { id: string; base: InstructionsCase; head: InstructionsCase } | { id: string; skipped: string }

/** Each benchmark's explanation: its two sides counted side by side (counts do not depend on load). */
async function countChanges(
  ids: readonly string[],
  cases: SameJobMeasurement['cases'],
  options: ExplainOptions,
): Promise<Map<string, Explanation>> {
  const against = options.baseSha
  const explanations = new Map<string, Explanation>()
  const unavailable = await (options.unavailable ?? (() => valgrindUnavailable(options.env)))()
  const plans = ids.map((id) =>
    unavailable ? { id, skipped: unavailable } : planCount(id, cases, options.env),
  )
  const counted: Array<Extract<Plan, { base: InstructionsCase }>> = []
  for (const plan of plans) {
    if ('skipped' in plan) explanations.set(plan.id, { status: 'skipped', against, reason: plan.skipped })
    else counted.push(plan)
  }
  const jobs = counted.flatMap((plan) => [plan.base, plan.head])
  const results = await countAll(jobs, options)
  counted.forEach((plan, i) => {
    explanations.set(plan.id, { against, ...explanationOf(results[2 * i]!, results[2 * i + 1]!) })
  })
  return explanations
}

/** Both sides of one benchmark as their kind counts them, or the first side's reason it cannot. */
export function planCount(id: string, cases: SameJobMeasurement['cases'], env: NodeJS.ProcessEnv): Plan {
  const sides = [cases.base, cases.head].map((list) => list.find((c) => c.id === id))
  const counted = sides.map((c) => (c ? countedAs(c, env) : { skipped: 'it was not measured on both sides' }))
  const [base, head] = counted as [
    InstructionsCase | { skipped: string },
    InstructionsCase | { skipped: string },
  ]
  if ('skipped' in base) return { id, skipped: base.skipped }
  if ('skipped' in head) return { id, skipped: head.skipped }
  return { id, base, head }
}

/** What a case is counted as: its timed kind says; results read from a file have no run to count. */
function countedAs(c: Case, env: NodeJS.ProcessEnv): InstructionsCase | { skipped: string } {
  const timed = kindOf(c.kind).timed as TimedKind<TimedCase> | undefined
  if (!timed)
    return { skipped: 'its results were read from a file another tool wrote, not run by bench-action' }
  return timed.countedAs(c as TimedCase, env)
}

/** The cases counted side by side, one per core; results in the order of `jobs`. */
async function countAll(jobs: InstructionsCase[], options: ExplainOptions): Promise<BenchmarkResult[]> {
  const count = options.count ?? ((c, inherit) => measureInstructions(c, { inherit }))
  const results: BenchmarkResult[] = new Array(jobs.length)
  await onEveryCore(jobs, async (c, i) => {
    results[i] = await count(c, options.env)
  })
  return results
}

/** Two counts as an explanation: both sides' instructions, or which side failed and how. */
export function explanationOf(base: BenchmarkResult, head: BenchmarkResult): Explanation {
  for (const [side, r] of [
    ['base', base],
    ['head', head],
  ] as const) {
    if (r.status === 'failed')
      return { status: 'failed', reason: `the ${side}: ${r.error?.message ?? 'failed under valgrind'}` }
    const ir = r.metrics.ir?.value
    if (ir === undefined || !(ir > 0))
      return { status: 'failed', reason: `the ${side}: callgrind counted no instructions` }
  }
  return { status: 'counted', instructions: { base: base.metrics.ir!.value!, head: head.metrics.ir!.value! } }
}

/** Why valgrind cannot count anything here: a system it does not run on, or none installed. */
async function valgrindUnavailable(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (process.platform === 'darwin') return 'valgrind does not run on macOS'
  if (process.platform === 'win32') return 'valgrind does not run on Windows'
  if (!(await findExecutable('valgrind', env)))
    return 'valgrind is not installed (bench-action setup valgrind installs it)'
  return undefined
}

/** One benchmark's explanation, for the log. */
function describeCount(e: Explanation): string {
  if (e.status === 'counted') {
    const { base, head } = e.instructions
    return `${formatCount(base)} → ${formatCount(head)} (${formatChange(head / base - 1)})`
  }
  return `${e.status === 'skipped' ? 'not counted' : 'counting failed'}: ${e.reason}`
}
