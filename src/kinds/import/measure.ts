// The import kind: results another harness wrote — a file, a criterion directory, or what a command
// prints — read with the format's parser (told or detected) and turned into one result per
// benchmark, compared and gated like measured ones.
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { checkConfined, OutsidePathError, readConfined } from '../../fields/confine.ts'
import {
  detectFormats,
  directoryFormat,
  IMPORT_FORMATS,
  type ImportedBenchmark,
  ImportFormatError,
  type ImportSource,
  importFormat,
} from '../../import/index.ts'
import { runStepCommand } from '../../measure/child.ts'
import { failedResult, resultFor } from '../../measure/result.ts'
import { familyOf, resolveGate } from '../../metric-families.ts'
import type { BenchmarkResult, Metric } from '../../results.ts'
import { summaryHasSpread } from '../../stats/index.ts'
import { catalogue } from './metrics.ts'
import type { ImportCase } from './plan.ts'
import { ALL_METRICS } from './plan.ts'

/** What a command may print before it is cut off: results files are small, runaway output is not. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024

export interface ImportedResult {
  c: ImportCase
  result: BenchmarkResult
}

/** One case and result per benchmark the source holds; a failed result when it cannot be read. */
export async function readImports(
  c: ImportCase,
  inherit: NodeJS.ProcessEnv = process.env,
): Promise<ImportedResult[] | BenchmarkResult> {
  let benchmarks: ImportedBenchmark[]
  let origin: string
  try {
    const read = await readSource(c, inherit)
    if ('failure' in read) return read.failure
    origin = read.origin
    benchmarks = read.benchmarks
  } catch (error) {
    if (error instanceof ImportFormatError) return failedResult(c, { message: error.message })
    throw error
  }
  if (benchmarks.length === 0) return failedResult(c, { message: `no benchmarks found in ${origin}` })
  return benchmarks.map((b) => {
    const id = `${c.name}/${b.name}`
    const imported: ImportCase = { ...c, id, name: id, parameters: { benchmark: b.name, ...b.parameters } }
    if (b.error !== undefined)
      return {
        c: imported,
        result: failedResult(imported, { message: b.error }, [importedFrom(origin, b)]),
      }
    const metrics: Record<string, Metric> = {}
    for (const [name, m] of Object.entries(b.metrics)) {
      const shared = {
        unit: m.unit,
        direction: m.direction,
        ...(m.label !== undefined ? { label: m.label } : {}),
        ...(m.derivedFrom !== undefined && m.derivedFrom !== name ? { derivedFrom: m.derivedFrom } : {}),
      }
      // One sample can be neither tested nor bootstrapped: it is a summary of one run.
      if (m.value !== undefined) metrics[name] = { ...shared, value: m.value }
      else if (m.samples && m.samples.length > 1) metrics[name] = { ...shared, samples: m.samples }
      else if (m.summary) metrics[name] = { ...shared, summary: m.summary }
      else if (m.samples?.length === 1)
        metrics[name] = { ...shared, summary: { center: m.samples[0]!, n: 1 } }
    }
    const notes = [importedFrom(origin, b), ...(b.notes ?? [])]
    const { gated, notes: gateNotes } = importGate(c, b, metrics)
    return {
      c: imported,
      result: {
        ...resultFor(imported, { metrics, notes: [...notes, ...gateNotes] }),
        gate: { ...c.gate, metrics: gated },
      },
    }
  })
}

/**
 * The metrics of an imported benchmark that gate. `gate:` names them, one per measurement (of metrics
 * computed from the same samples, the first named). By default, each metric that can carry evidence —
 * samples, an exact count, a summary with a spread — whose better direction the format says, and that
 * is not computed from another metric the benchmark has (a rate from its times, shown with their verdict).
 */
function importGate(
  c: ImportCase,
  b: ImportedBenchmark,
  metrics: Record<string, Metric>,
): { gated: string[]; notes: string[] } {
  const notes: string[] = []
  const names = Object.keys(metrics)
  const byDefault = c.gate.metrics.includes(ALL_METRICS)
  let wanted = c.gate.metrics
  if (byDefault) {
    const guessed = names.filter((name) => b.metrics[name]?.directionAssumed)
    const spreadless = names.filter((name) => !guessed.includes(name) && !carriesEvidence(metrics[name]!))
    const derived = names.filter(
      (name) =>
        !guessed.includes(name) &&
        !spreadless.includes(name) &&
        familyOf(catalogue.derived, name, metrics) !== name &&
        familyOf(catalogue.derived, name, metrics) in metrics,
    )
    wanted = names.filter((name) => ![...guessed, ...spreadless, ...derived].includes(name))
    if (guessed.length > 0)
      notes.push(
        `not gated, its better direction being a guess: ${guessed.join(', ')} (name it in gate: to gate it)`,
      )
    if (spreadless.length > 0)
      notes.push(
        `not gated, a summary without a spread, which cannot tell a change from noise: ${spreadless.join(', ')} (name it in gate: to gate it)`,
      )
    for (const name of derived)
      notes.push(
        `${name} not gated: computed from ${familyOf(catalogue.derived, name, metrics)}, one measurement, so shown with its verdict (name ${name} in gate: to gate it instead)`,
      )
  }
  const { gated, absent, displaced } = resolveGate(catalogue.derived, metrics, wanted)
  if (absent.length > 0)
    notes.push(`gated metric ${absent.join(', ')} not in the imported results (it has ${names.join(', ')})`)
  for (const [name, holder] of displaced)
    notes.push(
      `${name} not gated: the same samples as ${holder}, which gate: names first; shown with its verdict`,
    )
  return { gated, notes }
}

/** Whether a metric can tell a change from noise: samples, an exact count, or a summary with a spread. */
function carriesEvidence(m: Metric): boolean {
  if (m.value !== undefined || (m.samples?.length ?? 0) > 1) return true
  return m.summary !== undefined && summaryHasSpread(m.summary)
}

type Read = { origin: string; benchmarks: ImportedBenchmark[] } | { failure: BenchmarkResult }

async function readSource(c: ImportCase, inherit: NodeJS.ProcessEnv): Promise<Read> {
  let source: ImportSource
  let origin: string
  if (c.file !== undefined) {
    const file = c.file.path
    origin = path.relative(c.cwd, file) || file
    try {
      checkConfined(c.file)
    } catch (error) {
      if (error instanceof OutsidePathError) return { failure: failedResult(c, { message: error.message }) }
      throw error
    }
    const info = await stat(file).catch(() => undefined)
    if (!info)
      return {
        failure: failedResult(c, {
          message: `nothing to import: ${file} does not exist (write it in a setup step, or give a command)`,
        }),
      }
    if (info.isDirectory()) {
      const format = c.format !== undefined ? importFormat(c.format) : directoryFormat()
      if (!format.readDirectory)
        return {
          failure: failedResult(c, { message: `${file} is a directory; format ${c.format} reads a file` }),
        }
      return { origin, benchmarks: await format.readDirectory(file) }
    }
    let text: string
    try {
      text = (await readConfined(c.file)).toString('utf8')
    } catch (error) {
      if (error instanceof OutsidePathError) return { failure: failedResult(c, { message: error.message }) }
      throw error
    }
    source = { path: file, text }
  } else {
    origin = `the output of ${c.command.join(' ')}`
    const run = await runImportCommand(c, inherit)
    if ('failure' in run) return failedBenchmarksOf(c, origin, run) ?? { failure: run.failure }
    source = { path: origin, text: run.stdout }
  }
  const format = c.format !== undefined ? importFormat(c.format) : detectFormats(source)[0]
  if (!format) {
    return {
      failure: failedResult(c, {
        message: `cannot tell the format of ${origin}: name it with format: (one of ${IMPORT_FORMATS.join(', ')})`,
      }),
    }
  }
  return { origin: `${origin} (${format.name})`, benchmarks: format.parse(source) }
}

/**
 * A harness exits non-zero when one of its benchmarks fails (`go test -bench` exits 1): when its output
 * still reads as its format and names the benchmarks that failed, those are failed and the others kept.
 * An exit its output does not explain (a build failure, a crash before any result) fails the import.
 */
function failedBenchmarksOf(
  c: ImportCase,
  origin: string,
  run: { failure: BenchmarkResult; stdout?: string },
): Read | undefined {
  const exitCode = run.failure.error?.exitCode
  if (exitCode === undefined || !run.stdout) return undefined
  const source = { path: origin, text: run.stdout }
  const format = c.format !== undefined ? importFormat(c.format) : detectFormats(source)[0]
  if (!format) return undefined
  let benchmarks: ImportedBenchmark[]
  try {
    benchmarks = format.parse(source)
  } catch (error) {
    if (error instanceof ImportFormatError) return undefined
    throw error
  }
  if (!benchmarks.some((b) => b.error !== undefined)) return undefined
  return {
    origin: `${origin} (${format.name}; it exited with code ${exitCode}, as its failed benchmarks explain)`,
    benchmarks,
  }
}

async function runImportCommand(
  c: ImportCase,
  inherit: NodeJS.ProcessEnv,
): Promise<{ stdout: string } | { failure: BenchmarkResult; stdout: string }> {
  const outcome = await runStepCommand(c.command, {
    cwd: c.cwd,
    env: { ...inherit, ...c.env },
    timeoutMs: c.timeoutMs,
    keepStdout: MAX_OUTPUT_BYTES,
  })
  if (outcome.failure === undefined) return { stdout: outcome.stdout }
  const { failure, exitCode, signal, timedOut, tail } = outcome
  return {
    failure: failedResult(c, { message: failure, exitCode, signal, timedOut, stderrTail: tail }),
    stdout: outcome.stdout,
  }
}

/** Where a benchmark was read from, with what the tool printed beside its name (a full command line). */
function importedFrom(origin: string, b: ImportedBenchmark): string {
  return `imported from ${origin}${b.details ? ` (${b.details})` : ''}`
}
