// The registry of kinds: one line per kind, each a folder beside this file. Config, plan, the schedule,
// compare and the pipeline ask it about a benchmark's kind instead of naming kinds themselves.
import * as z from 'zod'
import type { ResolveContext } from '../fields/index.ts'
import type { DerivedMetrics } from '../metric-families.ts'
import { type BenchmarkResult, KINDS, type Kind } from '../results.ts'
import { importKind } from './import/index.ts'
import { instructionsKind } from './instructions/index.ts'
import { processKind } from './process/index.ts'
import { scalingKind } from './scaling/index.ts'
import type { CurvePoint, KindModule } from './types.ts'
import { wallClockKind } from './wall-clock/index.ts'

const REGISTRY = {
  process: processKind,
  instructions: instructionsKind,
  'wall-clock': wallClockKind,
  scaling: scalingKind,
  import: importKind,
} as const satisfies { [K in Kind]: KindModule<K> }

type Registry = typeof REGISTRY

/** A benchmark's entry in bench.yml as validated, before defaults and paths are applied. */
export type BenchmarkEntry = { [K in Kind]: z.output<Registry[K]['schema']> }[Kind]
/** A benchmark of the normalised config. */
export type BenchmarkConfig = { [K in Kind]: ReturnType<Registry[K]['resolve']> }[Kind]
/** One benchmark at one parameter point, fully resolved: what measuring it needs. */
export type Case = { [K in Kind]: ReturnType<Registry[K]['plan']>[number] }[Kind]
/** The cases of the kinds measured in the suite's rounds. */
export type TimedCase = { [K in Kind]: Registry[K] extends { timed: object } ? CaseOf<K> : never }[Kind]
export type CaseOf<K extends Kind> = ReturnType<Registry[K]['plan']>[number]

/** The module of a kind, for a case, config or result of it. */
export function kindOf<K extends Kind>(
  kind: K,
): KindModule<K, unknown, Extract<BenchmarkConfig, { kind: K }>, CaseOf<K>> {
  return REGISTRY[kind] as unknown as KindModule<K, unknown, Extract<BenchmarkConfig, { kind: K }>, CaseOf<K>>
}

/** Every kind, in the order of KINDS. */
export const KIND_MODULES: readonly KindModule[] = KINDS.map(
  (kind) => REGISTRY[kind] as unknown as KindModule,
)

/** What a kind computes from another metric of the same benchmark (metric-families.ts). */
export function derivedMetrics(kind: Kind): DerivedMetrics {
  return REGISTRY[kind].metrics.derived
}

/** Where a result sits on a curve of its kind, if its kind draws curves. */
export function curvePointOf(b: BenchmarkResult): CurvePoint | undefined {
  return kindOf(b.kind).curvePoint?.(b)
}

/** The metric by which a kind's benchmarks are ranked against each other, if they are. */
export function rankedBy(kind: Kind): string | undefined {
  return kindOf(kind).rankedBy
}

/** Whether a kind's counts are exact: measured once, independent of the machine's load. */
export function isExactKind(kind: Kind): boolean {
  return kindOf(kind).measureExact !== undefined
}

/** A benchmark entry: one member per kind, told apart by `kind`. */
export const benchmarkSchema = z.discriminatedUnion(
  'kind',
  [processKind.schema, instructionsKind.schema, wallClockKind.schema, scalingKind.schema, importKind.schema],
  { error: 'expected a benchmark: a mapping with name, kind and command' },
)

export function resolveBenchmark(entry: BenchmarkEntry, context: ResolveContext): BenchmarkConfig {
  return kindOf(entry.kind).resolve(entry, context) as BenchmarkConfig
}

export function planBenchmark(b: BenchmarkConfig): Case[] {
  return kindOf(b.kind).plan(b as never) as Case[]
}

/** Versions of the tools the measurements of these cases depend on, for the environment fingerprint. */
export async function toolVersions(
  cases: readonly { kind: Kind }[],
): Promise<Record<string, string | undefined>> {
  const versions: Record<string, string | undefined> = {}
  for (const kind of KINDS) {
    if (!cases.some((c) => c.kind === kind)) continue
    for (const [tool, version] of Object.entries(kindOf(kind).tools ?? {})) versions[tool] = await version()
  }
  return versions
}
