// hyperfine's `--export-json`: one result per command with the wall-clock time of every run. Two
// shapes exist. In 1.x, `times` holds the runs in seconds, `user` and `system` only their means,
// and (from 1.20) `memory_usage_byte` every run's peak memory. From 2.0 (`schema_version: 2`),
// `measurements` holds every run as `{ metric: { value, unit } }` items and `summary` their
// statistics, which the runs make redundant.

import type { Unit } from '../../results.ts'
import { describeJson, isObject, jsonReader, parseJsonSource } from '../json.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../types.ts'
import { convertUnit } from '../units.ts'

/** hyperfine 2's metric names → ours; any other metric keeps its name in kebab-case. */
const V2_METRICS: Record<string, string> = {
  time_wall_clock: 'time',
  time_cpu: 'cpu',
  time_user: 'user',
  time_system: 'system',
  memory_peak_resident: 'memory',
}

/** hyperfine 2's unit words → units.ts labels. Counters (instructions, cache misses) are counts. */
const V2_UNITS: Record<string, string> = { second: 's', byte: 'b' }

export const hyperfineFormat: ImportFormat = {
  name: 'hyperfine',
  detect(source) {
    const head = source.text.slice(0, 4096)
    return (
      /^\s*\{/.test(head) &&
      /"results"\s*:\s*\[/.test(head) &&
      /"command"\s*:/.test(head) &&
      (/"times"\s*:/.test(source.text) || /"measurements"\s*:/.test(head))
    )
  },
  parse(source) {
    const read = jsonReader(source.path)
    const root = read.object(parseJsonSource(source), '$')
    const results = read.array(root.results, '$.results', 'an array of results')
    const v2 = root.schema_version !== undefined
    if (v2 && root.schema_version !== 2)
      throw new ImportFormatError(
        source.path,
        '$.schema_version',
        `expected 2 (hyperfine 2's JSON) or no schema_version (hyperfine 1), got ${JSON.stringify(root.schema_version)}`,
      )
    const benchmarks = results.map((result, i) =>
      v2 ? readV2Result(source, result, `$.results[${i}]`) : readV1Result(source, result, `$.results[${i}]`),
    )
    return uniqueNames(benchmarks, results)
  },
}

function readV1Result(source: ImportSource, result: unknown, where: string): ImportedBenchmark {
  if (!isObject(result))
    throw new ImportFormatError(source.path, where, `expected an object, got ${describeJson(result)}`)
  const name = commandName(source, result, where)
  const times = jsonReader(source.path).numbers(result.times, `${where}.times`)
  const metrics: Record<string, ImportedMetric> = {
    time: { unit: 'ns', direction: 'lower', samples: times.map((t) => t * 1e9) },
  }
  if (result.memory_usage_byte !== undefined) {
    const memory = jsonReader(source.path).numbers(result.memory_usage_byte, `${where}.memory_usage_byte`)
    metrics.memory = { unit: 'bytes', direction: 'lower', samples: memory }
  }
  // hyperfine 1 keeps only the mean user and system time of the runs, not each run's.
  for (const key of ['user', 'system'] as const) {
    const value = result[key]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new ImportFormatError(
        source.path,
        `${where}.${key}`,
        `expected a number of seconds, got ${describeJson(value)}`,
      )
    metrics[key] = { unit: 'ns', direction: 'lower', summary: { center: value * 1e9, n: times.length } }
  }
  const notes: string[] = []
  if (metrics.user || metrics.system)
    notes.push('user and system: the mean of the runs only (hyperfine 1 keeps no per-run CPU times)')
  if (result.exit_codes !== undefined) {
    const codes = result.exit_codes
    if (!Array.isArray(codes))
      throw new ImportFormatError(
        source.path,
        `${where}.exit_codes`,
        `expected an array, got ${describeJson(codes)}`,
      )
    const failed = codes.filter((c) => c !== 0).length
    if (failed > 0) notes.push(`${failed} of ${codes.length} runs exited with a non-zero code`)
  }
  return notes.length > 0 ? { name, metrics, notes } : { name, metrics }
}

function readV2Result(source: ImportSource, result: unknown, where: string): ImportedBenchmark {
  if (!isObject(result))
    throw new ImportFormatError(source.path, where, `expected an object, got ${describeJson(result)}`)
  const name = commandName(source, result, where)
  const runs = result.measurements
  if (!Array.isArray(runs))
    throw new ImportFormatError(
      source.path,
      `${where}.measurements`,
      `expected an array of runs, got ${describeJson(runs)}`,
    )
  const metrics: Record<string, ImportedMetric> = {}
  let failed = 0
  runs.forEach((run, r) => {
    const at = `${where}.measurements[${r}]`
    if (!isObject(run))
      throw new ImportFormatError(source.path, at, `expected an object, got ${describeJson(run)}`)
    for (const [key, item] of Object.entries(run)) {
      if (key === 'exit_code') {
        if (item !== 0) failed++
        continue
      }
      if (!isObject(item) || typeof item.value !== 'number' || typeof item.unit !== 'string')
        throw new ImportFormatError(
          source.path,
          `${at}.${key}`,
          `expected { "value": number, "unit": string }, got ${describeJson(item)}`,
        )
      const name = V2_METRICS[key] ?? key.replaceAll('_', '-')
      let metric = metrics[name]
      if (metric === undefined) {
        if (r > 0)
          throw new ImportFormatError(
            source.path,
            `${at}.${key}`,
            `the metric ${key} is missing from the earlier runs`,
          )
        metric = v2Metric(key, item.unit)
        metrics[name] = metric
      }
      const factor = v2Factor(item.unit)
      metric.samples!.push(factor === undefined ? item.value : item.value * factor)
    }
  })
  for (const [name, metric] of Object.entries(metrics))
    if (metric.samples!.length !== runs.length)
      throw new ImportFormatError(
        source.path,
        `${where}.measurements`,
        `the metric ${name} is in ${metric.samples!.length} of ${runs.length} runs`,
      )
  const notes = failed > 0 ? [`${failed} of ${runs.length} runs exited with a non-zero code`] : undefined
  return notes ? { name, metrics, notes } : { name, metrics }
}

function v2Metric(key: string, unitWord: string): ImportedMetric {
  if (unitWord === 'count') {
    const unit: Unit = key === 'instructions' ? 'instructions' : 'count'
    return { unit, direction: 'lower', samples: [] }
  }
  const conversion = convertUnit(V2_UNITS[unitWord] ?? unitWord)
  if (conversion) return { unit: conversion.unit, direction: conversion.direction, samples: [] }
  return { unit: 'other', direction: 'lower', label: unitWord, samples: [] }
}

function v2Factor(unitWord: string): number | undefined {
  if (unitWord === 'count') return 1
  return convertUnit(V2_UNITS[unitWord] ?? unitWord)?.factor
}

function commandName(source: ImportSource, result: Record<string, unknown>, where: string): string {
  // `command` is already what hyperfine shows: the --command-name if one was given, else the
  // command with its --parameter-scan / -L values substituted.
  const command = result.command
  if (typeof command !== 'string' || command === '')
    throw new ImportFormatError(
      source.path,
      `${where}.command`,
      `expected the command as a string, got ${describeJson(command)}`,
    )
  return command
}

/**
 * Names that several results share (`-L n 1,2 false`: a command without the parameter) get their
 * parameters appended, then a run number if they still clash, so that every benchmark has its own.
 */
function uniqueNames(benchmarks: ImportedBenchmark[], results: unknown[]): ImportedBenchmark[] {
  const count = (names: string[], name: string) => names.filter((n) => n === name).length
  const first = benchmarks.map((b) => b.name)
  const second = benchmarks.map((b, i) => {
    if (count(first, b.name) === 1) return b.name
    const parameters = (results[i] as Record<string, unknown>).parameters
    if (!isObject(parameters)) return b.name
    const items = Object.entries(parameters).map(
      ([k, v]) => `${k}=${isObject(v) ? String(v.value) : String(v)}`,
    )
    return items.length > 0 ? `${b.name}/${items.join('/')}` : b.name
  })
  return benchmarks.map((b, i) => {
    let name = second[i]!
    if (count(second, name) > 1) name = `${name}#${count(second.slice(0, i + 1), name)}`
    if (name === b.name) return b
    const note = `renamed from ${JSON.stringify(b.name)}: several results have that command`
    return { ...b, name, notes: [...(b.notes ?? []), note] }
  })
}
