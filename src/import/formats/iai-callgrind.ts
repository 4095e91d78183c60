// Results of iai-callgrind (renamed Gungraun) benchmarks, read from the `summary.json` files its runner
// writes with `--save-summary=json` (env IAI_CALLGRIND_SAVE_SUMMARY / GUNGRAUN_SAVE_SUMMARY), so Rust
// benchmarks written for it report the same instruction metrics as bench-action's own callgrind runs.
//
// Where the files are: `<target>/iai/<package>/<bench file>/<group>/<function>[.<id>]/summary.json`
// (iai-callgrind) and `<target>/gungraun/…/summary.json` (Gungraun); `--separate-targets` adds the target
// triple after `iai` / `gungraun`, and `--home` moves the whole tree.
//
// The summary format is versioned by a `version` string. What changed where the metrics are:
//
//   1, 2   (0.9–0.13)   callgrind_summary.summaries[].events.<Event> = { new, old, diff_pct, factor }
//   3      (0.14)       callgrind_summary.callgrind_run.total.summary.<Event>.metrics = EitherOrBoth<u64>
//   4      (0.15.0–1)   profiles[].summaries.total.summary.Callgrind.<Event>.metrics = EitherOrBoth<u64>
//   5, 6   (0.15.2–16)  the same, = EitherOrBoth<{ Int: u64 } | { Float: f64 }>
//   7      (Gungraun)   profiles[].data.total.metrics.<Event>.values = { new?, old? }
//
// EitherOrBoth is `{ Left: new }`, `{ Right: old }` or `{ Both: [new, old] }`. Only the current run's
// (`new`) values are read; a metric that only the previous run has is not reported. Counts above 2^53
// lose precision in JSON.parse, as in every JavaScript reader.
//
// Gungraun run with DHAT beside Callgrind (`--tools=dhat`) adds a profile with tool "DHAT" and the same
// `data.total.metrics` table: its heap figures become the heap metrics bench-action's own DHAT runs
// give (see GUNGRAUN_HEAP_METRICS). A summary without that profile has no heap metrics.
import type { Dirent } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import * as z from 'zod'
import type { Metric } from '../../results.ts'
import { EVENT_METRICS, instructionMetrics } from '../callgrind-metrics.ts'
import { jsonErrorPlace } from '../json.ts'
import { type ImportedBenchmark, type ImportFormat, ImportFormatError } from '../types.ts'

/** A file that is not the format it should be: names the file, the JSON path and what was expected. */
export class IaiSummaryFormatError extends ImportFormatError {
  override name = 'IaiSummaryFormatError'
  constructor(source: string, detail: string, where = '') {
    super(source, where, detail)
  }
}

/**
 * The summaries as a format of the registry: exact instruction counts, which the instructions kind reads
 * (`import: { format: iai-callgrind }`) as its own, and the import kind as any other results.
 */
export const iaiCallgrindFormat: ImportFormat = {
  name: 'iai-callgrind',
  instructionCounts: true,
  detect(source) {
    const head = source.text.slice(0, 4096)
    return (
      /^\s*[[{]/.test(head) &&
      /"module_path"\s*:/.test(head) &&
      /"(callgrind_summary|profiles)"\s*:/.test(source.text)
    )
  },
  parse(source) {
    return parseIaiSummaryText(source.text, source.path).map(imported)
  },
  /** Every summary.json under the directory (see findIaiSummaries), each benchmark with its file. */
  async readDirectory(dir) {
    const benchmarks: ImportedBenchmark[] = []
    for (const file of await findIaiSummaries(dir)) {
      const text = await readFile(file, 'utf8')
      benchmarks.push(...parseIaiSummaryText(text, file).map((b) => ({ ...imported(b), file })))
    }
    return benchmarks
  },
}

function imported(b: ImportedInstructionBenchmark): ImportedBenchmark {
  return { name: b.id, metrics: b.metrics, ...(b.details !== undefined ? { details: b.details } : {}) }
}

/** One benchmark of an imported summary, with bench-action's instruction metrics. */
export interface ImportedInstructionBenchmark {
  /**
   * `module_path.id`, e.g. `my_bench::my_group::bench_fib.short`; its last segment is the name of the
   * benchmark's output directory. Just `module_path` for a benchmark without id.
   */
  id: string
  /** As iai-callgrind prints it before the details: `my_bench::my_group::bench_fib short`. */
  name: string
  metrics: Record<string, Metric>
  /** The benchmarked function (`bench_fib`). */
  functionName?: string
  /** The arguments or command line the benchmark ran with, as iai-callgrind prints them after `id:`. */
  details?: string
}

/**
 * iai-callgrind's keys, each with the bench-action metric it becomes: callgrind's own event names, and
 * its names for the derived figures.
 */
const IAI_METRICS: ReadonlyArray<readonly [iai: string, metric: string]> = [
  ...EVENT_METRICS,
  ['L1hits', 'l1-hits'],
  ['LLhits', 'll-hits'],
  ['RamHits', 'ram-hits'],
  ['TotalRW', 'total-rw'],
  ['EstimatedCycles', 'estimated-cycles'],
]

/**
 * Gungraun's DHAT metrics, each with the bench-action heap metric it becomes: both sum one field of
 * DHAT's program points (TotalBytes `tb`, TotalBlocks `tbk`, AtTGmaxBytes `gb`, AtTGmaxBlocks `gbk`,
 * ReadsBytes `rb`, WritesBytes `wb`) over those inside the benchmark, as src/kinds/instructions/dhat.ts
 * does. The others (at t-end, lifetimes, maxima) have no counterpart and are not read.
 */
const GUNGRAUN_HEAP_METRICS: ReadonlyArray<
  readonly [gungraun: string, metric: string, unit: Metric['unit']]
> = [
  ['TotalBytes', 'heap-bytes', 'bytes'],
  ['TotalBlocks', 'heap-blocks', 'count'],
  ['AtTGmaxBytes', 'heap-peak-bytes', 'bytes'],
  ['AtTGmaxBlocks', 'heap-peak-blocks', 'count'],
  ['ReadsBytes', 'heap-reads', 'bytes'],
  ['WritesBytes', 'heap-writes', 'bytes'],
]

/** The summary format versions this reads. */
export const IAI_SUMMARY_VERSIONS = ['1', '2', '3', '4', '5', '6', '7'] as const

type JsonPath = ReadonlyArray<PropertyKey>

/** `profiles[0].summaries.total`: keys joined by dots, array indices in brackets. */
function formatPath(parts: JsonPath): string {
  let out = ''
  for (const part of parts) {
    if (typeof part === 'number') out += `[${part}]`
    else out += out === '' ? String(part) : `.${String(part)}`
  }
  return out === '' ? '(top level)' : out
}

function formatError(source: string, at: JsonPath, message: string): IaiSummaryFormatError {
  return new IaiSummaryFormatError(source, `invalid iai-callgrind summary at ${formatPath(at)}: ${message}`)
}

/** Validates `value` (found at `at`) with `schema`; the error names the full JSON path of the first issue. */
function parseAt<T extends z.ZodType>(schema: T, value: unknown, at: JsonPath, source: string): z.output<T> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  throw formatError(source, [...at, ...issue.path], issue.message.replace(/^Invalid input: /, ''))
}

const count = z.number().nonnegative()

/** EitherOrBoth: per convention Left (and the first of Both) is the new value. */
function eitherOrBoth<T extends z.ZodType>(value: T) {
  return z
    .object({ Left: value.optional(), Right: value.optional(), Both: z.tuple([value, value]).optional() })
    .refine(
      (e) => [e.Left, e.Right, e.Both].filter((v) => v !== undefined).length === 1,
      'expected exactly one of Left (new), Right (old) or Both ([new, old])',
    )
    .transform((e) => (e.Both !== undefined ? e.Both[0] : e.Left))
}

/** The metric value of versions 5 and 6: `{ "Int": n }` or `{ "Float": x }`. */
const taggedMetric = z
  .object({ Int: count.optional(), Float: z.number().optional() })
  .refine((m) => (m.Int === undefined) !== (m.Float === undefined), 'expected {"Int": n} or {"Float": x}')
  .transform((m) => (m.Int ?? m.Float)!)

/** Version 7's metric value: a number, or (perf metrics) `{ "value": n, … }`. */
const plainMetric = z.union([count, z.object({ value: count }).transform((m) => m.value)], {
  error: 'expected a number or {"value": n}',
})

/** How one entry of the metrics table is read in each version: its value in the current run, if any. */
const ENTRY_SCHEMAS = {
  legacy: z.object({ new: count.nullish() }).transform((e) => e.new ?? undefined),
  plain: z.object({ metrics: eitherOrBoth(count) }).transform((e) => e.metrics),
  tagged: z.object({ metrics: eitherOrBoth(taggedMetric) }).transform((e) => e.metrics),
  gungraun: z
    .object({ values: z.object({ new: plainMetric.optional(), old: plainMetric.optional() }) })
    .transform((e) => e.values.new),
} satisfies Record<string, z.ZodType<number | undefined>>

type EntryKind = keyof typeof ENTRY_SCHEMAS

/** The metrics table of a summary's whole run (all processes and threads), with where it is. */
interface MetricsTable {
  table: Record<string, unknown>
  at: JsonPath
  entries: EntryKind
}

const metricsRecord = z.record(z.string(), z.unknown())

/** The benchmark fields every version has (`function_name` from 2, `description` replaces `details` in 7). */
const headerSchema = z.object({
  version: z.string(),
  module_path: z.string().min(1),
  id: z.string().nullish(),
  function_name: z.string().nullish(),
  details: z.string().nullish(),
  description: z.string().nullish(),
})

/** Tools whose metrics are instruction counts, in order of preference. */
const INSTRUCTION_TOOLS = ['Callgrind', 'Cachegrind'] as const

/** The tool of each profile, in order. */
function profileTools(data: unknown, source: string): string[] {
  const { profiles } = parseAt(
    z.object({ profiles: z.array(z.object({ tool: z.string() })) }),
    data,
    [],
    source,
  )
  return profiles.map((p) => p.tool)
}

/** Index of the profile of the first instruction tool present, or an error listing the tools there are. */
function instructionProfile(data: unknown, source: string): { index: number; tool: string } {
  const tools = profileTools(data, source)
  for (const tool of INSTRUCTION_TOOLS) {
    const index = tools.indexOf(tool)
    if (index >= 0) return { index, tool }
  }
  throw formatError(
    source,
    ['profiles'],
    `expected a Callgrind or Cachegrind profile (tools: ${tools.join(', ') || 'none'})`,
  )
}

function legacyTable(data: unknown, source: string, entries: EntryKind): MetricsTable | MetricsTable[] {
  const { callgrind_summary } = parseAt(z.object({ callgrind_summary: z.unknown() }), data, [], source)
  if (callgrind_summary === null || callgrind_summary === undefined) {
    throw formatError(source, ['callgrind_summary'], 'expected the summary of a Callgrind run, found none')
  }
  if (entries === 'legacy') {
    const { summaries } = parseAt(
      z.object({ summaries: z.array(z.object({ events: metricsRecord })).min(1) }),
      callgrind_summary,
      ['callgrind_summary'],
      source,
    )
    return summaries.map((s, i) => ({
      table: s.events,
      at: ['callgrind_summary', 'summaries', i, 'events'],
      entries,
    }))
  }
  const run = parseAt(
    z.object({ callgrind_run: z.object({ total: z.object({ summary: metricsRecord }) }) }),
    callgrind_summary,
    ['callgrind_summary'],
    source,
  )
  return {
    table: run.callgrind_run.total.summary,
    at: ['callgrind_summary', 'callgrind_run', 'total', 'summary'],
    entries,
  }
}

function profilesTable(data: unknown, source: string, version: number): MetricsTable {
  const { index, tool } = instructionProfile(data, source)
  const profile = (data as { profiles: unknown[] }).profiles[index]
  const at = ['profiles', index]
  if (version >= 7) {
    const p = parseAt(
      z.object({ data: z.object({ total: z.object({ metrics: metricsRecord }) }) }),
      profile,
      at,
      source,
    )
    return { table: p.data.total.metrics, at: [...at, 'data', 'total', 'metrics'], entries: 'gungraun' }
  }
  const p = parseAt(
    z.object({ summaries: z.object({ total: z.object({ summary: z.object({ [tool]: metricsRecord }) }) }) }),
    profile,
    at,
    source,
  )
  return {
    table: p.summaries.total.summary[tool] as Record<string, unknown>,
    at: [...at, 'summaries', 'total', 'summary', tool],
    entries: version === 4 ? 'plain' : 'tagged',
  }
}

/**
 * The current run's value of each known event in the table(s), by iai-callgrind key; several tables (one
 * per Callgrind run in versions 1–2) add up.
 */
function readEvents(tables: readonly MetricsTable[], source: string): Record<string, number> {
  const events: Record<string, number> = {}
  for (const { table, at, entries } of tables) {
    let hasIr = false
    for (const [key] of IAI_METRICS) {
      if (!Object.hasOwn(table, key)) continue
      const value = parseAt(ENTRY_SCHEMAS[entries], table[key], [...at, key], source)
      if (value === undefined) continue
      events[key] = (events[key] ?? 0) + value
      if (key === 'Ir') hasIr = true
    }
    if (!hasIr) {
      throw formatError(
        source,
        [...at, 'Ir'],
        'expected the Ir event (instructions executed) with a value for the current run',
      )
    }
  }
  return events
}

/**
 * bench-action metrics from iai-callgrind's values. It derives the cache metrics itself; a summary that
 * has the cache events without them gets them by the same formulas.
 */
function toMetrics(events: Record<string, number>): Record<string, Metric> {
  const derived = instructionMetrics(events)
  const metrics: Record<string, Metric> = {}
  for (const [key, metric] of IAI_METRICS) {
    const value = events[key] ?? derived[metric]
    if (value === undefined) continue
    metrics[metric] = { unit: metric === 'ir' ? 'instructions' : 'count', direction: 'lower', value }
  }
  return metrics
}

/** The heap metrics of a Gungraun summary's DHAT profile; none when it has no such profile. */
function heapMetrics(data: unknown, source: string): Record<string, Metric> {
  const index = profileTools(data, source).indexOf('DHAT')
  if (index < 0) return {}
  const profile = parseAt(
    z.object({ data: z.object({ total: z.object({ metrics: metricsRecord }) }) }),
    (data as { profiles: unknown[] }).profiles[index],
    ['profiles', index],
    source,
  )
  const table = profile.data.total.metrics
  const at = ['profiles', index, 'data', 'total', 'metrics']
  const metrics: Record<string, Metric> = {}
  for (const [key, metric, unit] of GUNGRAUN_HEAP_METRICS) {
    if (!Object.hasOwn(table, key)) continue
    const value = parseAt(ENTRY_SCHEMAS.gungraun, table[key], [...at, key], source)
    if (value !== undefined) metrics[metric] = { unit, direction: 'lower', value }
  }
  return metrics
}

function parseOne(data: unknown, source: string, at: JsonPath): ImportedInstructionBenchmark {
  const where = at.length ? `${source} ${formatPath(at)}` : source
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw formatError(where, [], `expected a summary object, found ${describe(data)}`)
  }
  const header = parseAt(headerSchema, data, [], where)
  const version = Number(header.version)
  if (!(IAI_SUMMARY_VERSIONS as readonly string[]).includes(header.version)) {
    throw formatError(
      where,
      ['version'],
      `expected a summary version from ${IAI_SUMMARY_VERSIONS[0]} to ${IAI_SUMMARY_VERSIONS.at(-1)}, found ${JSON.stringify(header.version)}`,
    )
  }
  let tables: MetricsTable | MetricsTable[]
  if (version <= 2) tables = legacyTable(data, where, 'legacy')
  else if (version === 3) tables = legacyTable(data, where, 'plain')
  else tables = profilesTable(data, where, version)
  const metrics = {
    ...toMetrics(readEvents(Array.isArray(tables) ? tables : [tables], where)),
    ...(version >= 7 ? heapMetrics(data, where) : {}),
  }

  const id = header.id ?? undefined
  const details = (version >= 7 ? header.description : header.details) ?? undefined
  const functionName = header.function_name ?? header.module_path.split('::').at(-1)
  const benchmark: ImportedInstructionBenchmark = {
    id: id !== undefined ? `${header.module_path}.${id}` : header.module_path,
    name: id !== undefined ? `${header.module_path} ${id}` : header.module_path,
    metrics,
  }
  if (functionName) benchmark.functionName = functionName
  if (details !== undefined) benchmark.details = details
  return benchmark
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? `a string (${JSON.stringify(value.slice(0, 40))})` : typeof value
}

/**
 * The benchmarks in a parsed iai-callgrind / Gungraun summary: one `summary.json` (one benchmark), or an
 * array of summaries (the `--output-format=json` lines collected with `jq -s`). Throws IaiSummaryFormatError
 * naming `source`, the JSON path and what was expected.
 */
export function parseIaiSummary(json: unknown, source: string): ImportedInstructionBenchmark[] {
  if (Array.isArray(json)) return json.map((item, i) => parseOne(item, source, [i]))
  return [parseOne(json, source, [])]
}

/** As `parseIaiSummary`, from the text of a summary file or of `--output-format=json` output (one per line). */
export function parseIaiSummaryText(text: string, source: string): ImportedInstructionBenchmark[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    const message = (e as Error).message
    const lines = text.split(/\r?\n/)
    // `--output-format=json` prints one summary per line; a summary.json spans lines too, but only its
    // first begins an object.
    const filled = lines.filter((line) => line.trim() !== '')
    if (filled.length < 2 || !filled.every((line) => line.trimStart().startsWith('{')))
      throw new IaiSummaryFormatError(source, `not valid JSON (${message})`, jsonErrorPlace(text, message))
    const parsed = lines.flatMap((line, i) => {
      if (line.trim() === '') return []
      try {
        return [{ line: i + 1, data: JSON.parse(line) as unknown }]
      } catch (lineError) {
        const detail = (lineError as Error).message
        const column = jsonErrorPlace(line, detail).replace(/^line 1, /, '')
        throw new IaiSummaryFormatError(source, `not valid JSON (${detail})`, `line ${i + 1}, ${column}`)
      }
    })
    return parsed.flatMap(({ line, data }) => parseIaiSummary(data, `${source}:${line}`))
  }
  return parseIaiSummary(data, source)
}

/** Output trees of iai-callgrind and Gungraun below a cargo target directory. */
const OUTPUT_TREES = ['iai', 'gungraun']
/** Directories never searched when walking a directory that is not an output tree. */
const SKIPPED = new Set(['.git', 'node_modules'])

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return []
    throw e
  }
}

async function isDirectory(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isDirectory(),
    () => false,
  )
}

/**
 * The `summary.json` files under `dir`, sorted. `dir` may be a project (its `target/iai` and
 * `target/gungraun` are searched), a cargo target directory (its `iai` and `gungraun`), or an output tree
 * itself (`target/iai`, a `--home` directory), which is searched whole. Symbolic links are not followed.
 */
export async function findIaiSummaries(dir: string): Promise<string[]> {
  const roots: string[] = []
  for (const base of [dir, path.join(dir, 'target')]) {
    for (const tree of OUTPUT_TREES) {
      const candidate = path.join(base, tree)
      if (await isDirectory(candidate)) roots.push(candidate)
    }
    if (roots.length > 0) break
  }
  if (roots.length === 0) roots.push(dir)

  const found: string[] = []
  const walk = async (current: string): Promise<void> => {
    for (const entry of await entries(current)) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) await walk(full)
      } else if (entry.isFile() && entry.name === 'summary.json') {
        found.push(full)
      }
    }
  }
  for (const root of roots) await walk(root)
  return found.sort()
}
