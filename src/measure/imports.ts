// The import kind: results another harness wrote — a file, a criterion directory, or what a command
// prints — read with the format's parser (told or detected) and turned into one result per
// benchmark, compared and gated like measured ones.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { IMPORT_FORMATS } from '../config/schema.ts'
import {
  detectFormats,
  type ImportedBenchmark,
  ImportFormatError,
  type ImportSource,
  importFormat,
  readCriterionDirectory,
} from '../import/index.ts'
import { ALL_METRICS } from '../plan.ts'
import type { ImportCase } from '../plan-types.ts'
import type { BenchmarkResult, Metric } from '../results.ts'
import { runCommand } from './child.ts'
import { failedResult, resultFor } from './result.ts'

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
    const imported: ImportCase = { ...c, id, name: id, parameters: { benchmark: b.name } }
    if (b.error !== undefined)
      return {
        c: imported,
        result: failedResult(imported, { message: b.error }, [`imported from ${origin}`]),
      }
    const metrics: Record<string, Metric> = {}
    for (const [name, m] of Object.entries(b.metrics)) {
      const label = m.label !== undefined ? { label: m.label } : {}
      // One sample can be neither tested nor bootstrapped: it is a summary of one run.
      if (m.value !== undefined)
        metrics[name] = { unit: m.unit, direction: m.direction, value: m.value, ...label }
      else if (m.samples && m.samples.length > 1)
        metrics[name] = { unit: m.unit, direction: m.direction, samples: m.samples, ...label }
      else if (m.summary)
        metrics[name] = { unit: m.unit, direction: m.direction, summary: m.summary, ...label }
      else if (m.samples?.length === 1)
        metrics[name] = {
          unit: m.unit,
          direction: m.direction,
          summary: { center: m.samples[0]!, n: 1 },
          ...label,
        }
    }
    const notes = [`imported from ${origin}`, ...(b.notes ?? [])]
    // By default every metric gates, except those whose better direction the format does not say.
    const guessed = Object.keys(metrics).filter((name) => b.metrics[name]?.directionAssumed)
    const wanted = c.gate.metrics.includes(ALL_METRICS)
      ? Object.keys(metrics).filter((name) => !guessed.includes(name))
      : c.gate.metrics
    if (guessed.length > 0 && c.gate.metrics.includes(ALL_METRICS))
      notes.push(
        `not gated, its better direction being a guess: ${guessed.join(', ')} (name it in gate: to gate it)`,
      )
    const missing = wanted.filter((g) => !(g in metrics))
    if (missing.length > 0)
      notes.push(
        `gated metric ${missing.join(', ')} not in the imported results (it has ${Object.keys(metrics).join(', ')})`,
      )
    return {
      c: imported,
      result: {
        ...resultFor(imported, { metrics, notes }),
        gate: { ...c.gate, metrics: wanted.filter((g) => g in metrics) },
      },
    }
  })
}

type Read = { origin: string; benchmarks: ImportedBenchmark[] } | { failure: BenchmarkResult }

async function readSource(c: ImportCase, inherit: NodeJS.ProcessEnv): Promise<Read> {
  let source: ImportSource
  let origin: string
  if (c.file !== undefined) {
    origin = path.relative(c.cwd, c.file) || c.file
    const info = await stat(c.file).catch(() => undefined)
    if (!info)
      return {
        failure: failedResult(c, {
          message: `nothing to import: ${c.file} does not exist (write it in a setup step, or give a command)`,
        }),
      }
    if (info.isDirectory()) {
      if (c.format !== undefined && c.format !== 'criterion')
        return {
          failure: failedResult(c, { message: `${c.file} is a directory; format ${c.format} reads a file` }),
        }
      return { origin, benchmarks: await readCriterionDirectory(c.file) }
    }
    source = { path: c.file, text: await readFile(c.file, 'utf8') }
  } else {
    origin = `the output of ${c.command.join(' ')}`
    const run = await runImportCommand(c, inherit)
    if ('failure' in run) return run
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

async function runImportCommand(
  c: ImportCase,
  inherit: NodeJS.ProcessEnv,
): Promise<{ stdout: string } | { failure: BenchmarkResult }> {
  const outcome = await runCommand(c.command, {
    cwd: c.cwd,
    env: { ...inherit, ...c.env },
    timeoutMs: c.timeoutMs,
    keepStdout: MAX_OUTPUT_BYTES,
  })
  if (outcome.failure === undefined) return { stdout: outcome.stdout }
  const { failure, exitCode, signal, timedOut, tail } = outcome
  return { failure: failedResult(c, { message: failure, exitCode, signal, timedOut, stderrTail: tail }) }
}
