// BenchmarkDotNet's JSON exporters (`*-report-full.json`, `*-report-brief.json`, `[JsonExporterAttribute.Full]`):
//
//   { "Title": …, "HostEnvironmentInfo": {…},
//     "Benchmarks": [ { "FullName": "Bench.StringBenchmarks.Concat(N: 10)", "Namespace", "Type", "Method",
//                       "Parameters": "N=10", "Statistics": { "OriginalValues": […], "Mean", "StandardDeviation", "N", … },
//                       "Memory": { "BytesAllocatedPerOperation": 56, … },
//                       "Measurements": [ { "IterationMode": "Workload", "IterationStage": "Result",
//                                           "Operations": 16777216, "Nanoseconds": 395440123.5 }, … ] } ] }
//
// Samples, best first: the full exporter's Workload/Result measurements (the iterations BenchmarkDotNet's
// statistics are computed from: overhead subtracted, outliers removed), each Nanoseconds / Operations;
// else Statistics.OriginalValues (the same numbers, in the brief exporter of 0.13 and later); else,
// from early versions, only Statistics' Mean, StandardDeviation and N as a summary. The memory
// diagnoser's BytesAllocatedPerOperation is `memory`, one number.
//
// Names are FullName, what BenchmarkDotNet itself exports for tools to match results by: namespace,
// type, method and parameters, "Bench.StringBenchmarks.Concat(N: 10)". Files without it (before 0.11)
// get the same shape from Namespace, Type, Method and Parameters. A benchmark run under several jobs
// appears once per job with the same FullName; those get the job from DisplayInfo appended after '/'.

import { jsonPath, jsonReader, parseJsonSource } from '../json.ts'
import type { ImportedBenchmark, ImportedMetric, ImportFormat } from '../types.ts'

type Reader = ReturnType<typeof jsonReader>

/** "A=1&B=x" (Parameters) → "(A: 1, B: x)", the way FullName prints them. */
function printedParameters(parameters: string): string {
  if (parameters === '') return ''
  const items = parameters.split('&').map((item) => {
    const at = item.indexOf('=')
    return at < 0 ? item : `${item.slice(0, at)}: ${item.slice(at + 1)}`
  })
  return `(${items.join(', ')})`
}

function benchmarkName(read: Reader, entry: Record<string, unknown>, at: string): string {
  if (entry.FullName !== undefined) return read.string(entry.FullName, `${at}.FullName`)
  const namespace = entry.Namespace === undefined ? '' : read.string(entry.Namespace, `${at}.Namespace`)
  const type = read.string(entry.Type, `${at}.Type`, 'a string (the benchmark has no FullName)')
  const method = read.string(entry.Method, `${at}.Method`, 'a string (the benchmark has no FullName)')
  const parameters = entry.Parameters === undefined ? '' : read.string(entry.Parameters, `${at}.Parameters`)
  return `${namespace === '' ? '' : `${namespace}.`}${type}.${method}${printedParameters(parameters)}`
}

/** Per-operation times of the Workload/Result measurements; undefined when the file has none. */
function resultMeasurements(read: Reader, entry: Record<string, unknown>, at: string): number[] | undefined {
  if (entry.Measurements === undefined) return undefined
  const samples: number[] = []
  read.array(entry.Measurements, `${at}.Measurements`).forEach((item, i) => {
    const mAt = jsonPath(`${at}.Measurements`, i)
    const m = read.object(item, mAt)
    const mode = read.string(m.IterationMode, `${mAt}.IterationMode`)
    // Before 0.11 the stage was part of the mode ("Result"); since then it is IterationStage.
    const isResult =
      m.IterationStage === undefined
        ? mode === 'Result'
        : mode === 'Workload' && read.string(m.IterationStage, `${mAt}.IterationStage`) === 'Result'
    if (!isResult) return
    const operations = read.number(m.Operations, `${mAt}.Operations`)
    if (operations <= 0) read.fail(`${mAt}.Operations`, 'a number of operations above 0', m.Operations)
    samples.push(read.number(m.Nanoseconds, `${mAt}.Nanoseconds`) / operations)
  })
  return samples.length > 0 ? samples : undefined
}

function timeMetric(read: Reader, entry: Record<string, unknown>, at: string): ImportedMetric {
  const measured = resultMeasurements(read, entry, at)
  if (measured) return { unit: 'ns', direction: 'lower', samples: measured }
  if (entry.Statistics === null || entry.Statistics === undefined)
    read.fail(
      `${at}.Statistics`,
      'statistics or Workload/Result measurements (a benchmark that failed has neither)',
      entry.Statistics,
    )
  const statistics = read.object(entry.Statistics, `${at}.Statistics`)
  if (statistics.OriginalValues !== undefined)
    return {
      unit: 'ns',
      direction: 'lower',
      samples: read.numbers(statistics.OriginalValues, `${at}.Statistics.OriginalValues`),
    }
  const mean = read.number(statistics.Mean, `${at}.Statistics.Mean`)
  // NaN statistics are written as "" (0.11 and later) or a bare NaN (earlier, which is not JSON at all).
  const stddev = typeof statistics.StandardDeviation === 'number' ? statistics.StandardDeviation : undefined
  const n = statistics.N === undefined ? undefined : read.number(statistics.N, `${at}.Statistics.N`)
  return {
    unit: 'ns',
    direction: 'lower',
    summary: {
      center: mean,
      statistic: 'mean',
      ...(stddev !== undefined && { stddev }),
      ...(n !== undefined && { n }),
    },
  }
}

export const benchmarkdotnetFormat: ImportFormat = {
  name: 'benchmarkdotnet',

  detect(source) {
    const text = source.text
    return (
      /"Benchmarks"\s*:/.test(text) && /"Statistics"\s*:/.test(text) && /"HostEnvironmentInfo"\s*:/.test(text)
    )
  },

  parse(source) {
    const read = jsonReader(source.path)
    const root = read.object(parseJsonSource(source), '$', 'an object with "Benchmarks"')
    const list = read.array(root.Benchmarks, '$.Benchmarks', 'an array of benchmarks')
    const entries = list.map((item, i) => {
      const at = jsonPath('$.Benchmarks', i)
      const entry = read.object(item, at)
      return { at, entry, name: benchmarkName(read, entry, at) }
    })
    const counts = new Map<string, number>()
    for (const { name } of entries) counts.set(name, (counts.get(name) ?? 0) + 1)
    const seen = new Set<string>()

    return entries.map(({ at, entry, name: fullName }): ImportedBenchmark => {
      let name = fullName
      if ((counts.get(fullName) ?? 0) > 1) {
        const display = read.string(entry.DisplayInfo, `${at}.DisplayInfo`, 'a string naming the job')
        const job = display.slice(display.indexOf(': ') + 2).replace(/ \[[^\]]*\]$/, '')
        name = `${fullName}/${job}`
      }
      if (seen.has(name)) read.fail(at, 'one result per benchmark, parameters and job', `a second ${name}`)
      seen.add(name)

      const notes: string[] = []
      const metrics: Record<string, ImportedMetric> = { time: timeMetric(read, entry, at) }
      if (metrics.time?.summary)
        notes.push('no measurements or OriginalValues in the file: only the mean, standard deviation and N')
      if (entry.Memory !== undefined && entry.Memory !== null) {
        const memory = read.object(entry.Memory, `${at}.Memory`)
        const bytes = memory.BytesAllocatedPerOperation
        // Null where the runtime could not measure allocations (BenchmarkDotNet prints "?").
        if (bytes === null)
          notes.push('Memory.BytesAllocatedPerOperation is null: allocations were not measured')
        else
          metrics.memory = {
            unit: 'bytes',
            direction: 'lower',
            value: read.number(bytes, `${at}.Memory.BytesAllocatedPerOperation`),
          }
      }
      if (Array.isArray(entry.Metrics) && entry.Metrics.length > 0) {
        const ids = entry.Metrics.map((m) => {
          const descriptor =
            typeof m === 'object' && m !== null
              ? (m as { Descriptor?: { Id?: unknown } }).Descriptor
              : undefined
          return typeof descriptor?.Id === 'string' ? descriptor.Id : '?'
        })
        // "Allocated Memory" is the memory diagnoser's BytesAllocatedPerOperation again, imported above.
        const skipped = ids.filter((id) => !(id === 'Allocated Memory' && metrics.memory))
        if (skipped.length > 0) notes.push(`diagnoser metrics not imported: ${skipped.join(', ')}`)
      }
      return { name, metrics, ...(notes.length > 0 && { notes }) }
    })
  },
}
