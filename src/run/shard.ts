// Sharding a suite across an Actions matrix: every shard computes the same split of the plan's cases
// (balanced by how long each took in the baseline, else by a stable hash), measures its part, and
// hands it on as a shard file; a merge job checks that the shards fit together — one suite, one
// commit, every shard once, every case once — and concludes the run as one.
import * as z from 'zod'
import { UserError } from '../errors.ts'
import type { Case } from '../kinds/index.ts'
import { type BenchmarkResult, firstIssue, type ResultSet, resultSetSchema } from '../results.ts'

export interface ShardSpec {
  /** 1-based. */
  index: number
  count: number
}

export class ShardError extends UserError {
  override name = 'ShardError'
}

/** "2/4" → { index: 2, count: 4 }. */
export function parseShard(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index < 1 || index > count)
    throw new ShardError(
      `shard must be INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, like 2/4; got ${JSON.stringify(text)}`,
    )
  return { index, count }
}

/**
 * How long each planned case took in earlier results, by case id. A harness or an import entry is
 * planned as one case but reported as many (`NAME/…`): its time is theirs summed.
 */
export function caseDurations(cases: Case[], earlier: ResultSet | undefined): Map<string, number> {
  const durations = new Map<string, number>()
  if (!earlier) return durations
  const byId = new Map(earlier.benchmarks.map((b) => [b.id, b]))
  for (const c of cases) {
    const own = byId.get(c.id)?.durationMs
    if (own !== undefined) {
      durations.set(c.id, own)
      continue
    }
    const parts = earlier.benchmarks.filter((b) => b.id.startsWith(`${c.id}/`) && b.durationMs !== undefined)
    if (parts.length > 0)
      durations.set(
        c.id,
        parts.reduce((sum, b) => sum + b.durationMs!, 0),
      )
  }
  return durations
}

/** FNV-1a of the text: the same on every machine and every run. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * The shard (1-based) of every case, by id. With durations: longest first, each to the least loaded
 * shard (a case without a duration counts as the median of the known ones), which keeps the slowest
 * shard within a few percent of the mean for suites of many cases. Without: the cases in the order of
 * a stable hash of their ids, dealt round-robin. Either way every shard computes the same split from
 * the same plan and durations.
 */
export function assignShards(
  cases: Case[],
  count: number,
  durations = new Map<string, number>(),
): Map<string, number> {
  const ids = [...new Set(cases.map((c) => c.id))]
  const assignment = new Map<string, number>()
  const known = ids.map((id) => durations.get(id)).filter((d): d is number => d !== undefined)
  if (known.length === 0) {
    const ordered = [...ids].sort((a, b) => stableHash(a) - stableHash(b) || (a < b ? -1 : a > b ? 1 : 0))
    ordered.forEach((id, i) => {
      assignment.set(id, (i % count) + 1)
    })
    return assignment
  }
  const sorted = [...known].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  const weight = (id: string) => durations.get(id) ?? median
  const ordered = [...ids].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : a > b ? 1 : 0))
  const load = Array.from({ length: count }, () => 0)
  for (const id of ordered) {
    let lightest = 0
    for (let s = 1; s < count; s++) if (load[s]! < load[lightest]!) lightest = s
    load[lightest]! += weight(id)
    assignment.set(id, lightest + 1)
  }
  return assignment
}

/** The cases of one shard, in plan order. */
export function shardCases(cases: Case[], shard: ShardSpec, durations?: Map<string, number>): Case[] {
  const assignment = assignShards(cases, shard.count, durations)
  return cases.filter((c) => assignment.get(c.id) === shard.index)
}

export const SHARD_SCHEMA = 'bench-action/shard'
export const SHARD_VERSION = 1

/** What a shard hands to the merge: its results, and in a same-job run the base's and the pairs. */
export const shardOutputSchema = z.object({
  schema: z.literal(SHARD_SCHEMA),
  version: z.literal(SHARD_VERSION),
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }),
  /** The planned case ids this shard was given (before harnesses listed their benchmarks). */
  cases: z.array(z.string()),
  head: resultSetSchema,
  /** Same-job runs: the base measured beside head, and which samples pair up. */
  base: z
    .object({
      results: resultSetSchema,
      source: z.string(),
      reason: z.string(),
      pairs: z.record(z.string(), z.array(z.tuple([z.number().int(), z.number().int()]))),
    })
    .optional(),
  /** Why there is no same-job base (it failed to build), when so. */
  noBaselineReason: z.string().optional(),
})
export type ShardOutput = z.infer<typeof shardOutputSchema>

export function parseShardOutput(text: string, source: string): ShardOutput {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ShardError(`${source}: not valid JSON (${(error as Error).message})`)
  }
  const parsed = shardOutputSchema.safeParse(data)
  if (!parsed.success)
    throw new ShardError(`${source}: not a bench-action shard file: ${firstIssue(parsed.error)}`)
  return parsed.data
}

export interface MergedShards {
  head: ResultSet
  base?: { results: ResultSet; source: string; reason: string }
  pairs?: Record<string, Array<[number, number]>>
  noBaselineReason?: string
  /** Said in the report: shards measured on machines that differ. */
  warnings: string[]
}

type Shard = { output: ShardOutput; source: string }

/**
 * Checks that the shards make one run and joins them: one suite, one commit, one shard count, every
 * shard exactly once, every planned case in exactly one shard (`planned`: the unsharded plan's case
 * ids, in order, when the config is at hand). Benchmarks come back in plan order.
 */
export function mergeShards(shards: Shard[], planned?: string[]): MergedShards {
  if (shards.length === 0) throw new ShardError('no shard files to merge')
  const problems = shardProblems(shards, planned)
  if (problems.length > 0) throw new ShardError(`the shards do not make one run: ${problems.join('; ')}`)

  const ordered = [...shards].sort((a, b) => a.output.shard.index - b.output.shard.index)
  const join = joinInPlanOrder(planned)
  const head = join(ordered.map((s) => s.output.head))
  const warnings: string[] = []
  const machines = new Set(
    ordered.map((s) => `${s.output.head.environment.cpuModel} × ${s.output.head.environment.cpuCount}`),
  )
  if (machines.size > 1)
    warnings.push(
      `The shards ran on different machines (${[...machines].join('; ')}): timings of benchmarks in different shards are not comparable with each other.`,
    )
  const withBase = ordered.filter((s) => s.output.base)
  if (withBase.length === ordered.length) {
    const pairs: Record<string, Array<[number, number]>> = {}
    for (const s of withBase) Object.assign(pairs, s.output.base!.pairs)
    const { source, reason } = withBase[0]!.output.base!
    return {
      head,
      base: { results: join(withBase.map((s) => s.output.base!.results)), source, reason },
      pairs,
      warnings,
    }
  }
  const failedBase = ordered.find((s) => s.output.noBaselineReason)
  return { head, ...(failedBase ? { noBaselineReason: failedBase.output.noBaselineReason } : {}), warnings }
}

/** What keeps the shards from making one run, in words; none when they do. */
function shardProblems(shards: Shard[], planned: string[] | undefined): string[] {
  const [first] = shards
  const { count } = first!.output.shard
  const problems: string[] = []
  for (const { output, source } of shards) {
    if (output.head.suite !== first!.output.head.suite)
      problems.push(`${source} is of suite ${output.head.suite}, not ${first!.output.head.suite}`)
    if (output.head.commit.sha !== first!.output.head.commit.sha)
      problems.push(
        `${source} measured commit ${output.head.commit.sha}, not ${first!.output.head.commit.sha}`,
      )
    if (output.shard.count !== count)
      problems.push(
        `${source} is shard ${output.shard.index}/${output.shard.count}, of a split into ${output.shard.count}, not ${count}`,
      )
    if (
      Boolean(output.base) !== Boolean(first!.output.base) &&
      !output.noBaselineReason &&
      !first!.output.noBaselineReason
    )
      problems.push(`${source} and ${first!.source} differ in whether the base was measured in the job`)
  }
  const byIndex = new Map<number, string[]>()
  for (const { output, source } of shards)
    byIndex.set(output.shard.index, [...(byIndex.get(output.shard.index) ?? []), source])
  for (let i = 1; i <= count; i++) {
    const sources = byIndex.get(i) ?? []
    if (sources.length === 0) problems.push(`shard ${i}/${count} is missing`)
    if (sources.length > 1)
      problems.push(`shard ${i}/${count} is there ${sources.length} times (${sources.join(', ')})`)
  }
  const owner = new Map<string, number>()
  for (const { output } of shards) {
    for (const id of output.cases) {
      const other = owner.get(id)
      if (other !== undefined && other !== output.shard.index)
        problems.push(`case ${id} was measured by shards ${other} and ${output.shard.index}`)
      owner.set(id, output.shard.index)
    }
  }
  if (planned) {
    const lost = planned.filter((id) => !owner.has(id))
    if (lost.length > 0) problems.push(`no shard measured ${lost.join(', ')}`)
    const unknown = [...owner.keys()].filter((id) => !planned.includes(id))
    if (unknown.length > 0)
      problems.push(`the shards measured cases the config does not plan: ${unknown.join(', ')}`)
  }
  return problems
}

/** Joins result sets into one: no benchmark twice, benchmarks in plan order, the earliest createdAt. */
function joinInPlanOrder(planned: string[] | undefined): (sets: ResultSet[]) => ResultSet {
  // A benchmark's place in the plan: its own case's, or its harness or import entry's (`ENTRY/…`).
  const planIndex = new Map(planned?.map((id, i) => [id, i]))
  const rank = (id: string) => {
    for (let end = id.length; end > 0; end = id.lastIndexOf('/', end - 1)) {
      const index = planIndex.get(id.slice(0, end))
      if (index !== undefined) return index
    }
    return Number.MAX_SAFE_INTEGER
  }
  return (sets: ResultSet[]): ResultSet => {
    const benchmarks: BenchmarkResult[] = sets.flatMap((s) => s.benchmarks)
    const seen = new Set<string>()
    for (const b of benchmarks) {
      if (seen.has(b.id)) throw new ShardError(`the benchmark ${b.id} is in two shards`)
      seen.add(b.id)
    }
    const sortedBenchmarks = benchmarks
      .map((b, i) => ({ b, i }))
      .sort((x, y) => rank(x.b.id) - rank(y.b.id) || x.i - y.i)
      .map(({ b }) => b)
    const createdAt = sets.map((s) => s.createdAt).sort()[0]!
    return { ...sets[0]!, createdAt, benchmarks: sortedBenchmarks }
  }
}
