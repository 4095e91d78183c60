// JMH's JSON result file (`-rf json -rff out.json`): an array with one entry per benchmark and
// parameter combination,
//
//   [ { "benchmark": "bench.Concat.concat", "mode": "avgt", "params": { "length": "10" },
//       "primaryMetric": { "score": 207.5, "scoreUnit": "ns/op", "rawData": [[413.4, 95.7, 113.5]] },
//       "secondaryMetrics": { "gc.alloc.rate.norm": { "scoreUnit": "B/op", "rawData": [[64.0, …]] } } } ]
//
// `rawData` is forks × measured iterations, one score each; it is flattened, fork by fork, into the
// samples (JMH's score and scoreError are computed from the same numbers, so they are not needed).
// SampleTime mode writes `rawDataHistogram` instead: forks × iterations × [value, count] pairs of the
// individual calls' times. Each iteration becomes one sample, the mean of its calls, as avgt's are:
// the calls of one iteration share its moment of the machine, so they are not independent samples,
// and a long run records millions of them.
//
// The unit decides the metric: thrpt's ops/s, ops/ms… are rates (`throughput`, higher is better);
// avgt, sample and ss's s/op, us/op… are times per call (`time`, lower). Secondary metrics (profilers:
// -prof gc) become metrics of their own where their unit converts, the rest are skipped with a note;
// gc.alloc.rate.norm (bytes allocated per call) is `memory`. SampleTime's percentiles, which JMH also
// writes as secondary metrics, are left out: they summarise the samples already kept.
//
// Names are the fully qualified benchmark method, with each parameter appended as `/name=value` in
// the order JMH wrote them: "bench.Concat.concat/length=10". A benchmark run in several modes gets the
// mode appended the same way, "/mode=avgt", on each of its results.

import { jsonPath, jsonReader, parseJsonSource } from '../json.ts'
import type { ImportedBenchmark, ImportedMetric, ImportFormat } from '../types.ts'
import { convertUnit } from '../units.ts'

type Reader = ReturnType<typeof jsonReader>

/** Older JMH versions prefixed secondary metrics with a middle dot (·gc.alloc.rate); 1.37 does not. */
function secondaryName(key: string): string {
  return key.replace(/^\u00b7/, '')
}

function metricName(jmhName: string): string {
  if (jmhName === 'gc.alloc.rate.norm') return 'memory'
  return jmhName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Every raw value of one metric: rawData flattened, or each iteration's mean from rawDataHistogram. */
function rawSamples(read: Reader, metric: Record<string, unknown>, at: string): number[] | undefined {
  if (metric.rawData !== undefined) {
    const forks = read.array(metric.rawData, `${at}.rawData`, 'an array of forks (arrays of numbers)')
    return forks.flatMap((fork, f) => read.numbers(fork, jsonPath(`${at}.rawData`, f)))
  }
  if (metric.rawDataHistogram !== undefined) {
    const path = `${at}.rawDataHistogram`
    const samples: number[] = []
    read.array(metric.rawDataHistogram, path, 'an array of forks').forEach((fork, f) => {
      const forkAt = jsonPath(path, f)
      read.array(fork, forkAt, 'an array of iterations').forEach((iteration, i) => {
        const iterationAt = jsonPath(forkAt, i)
        let total = 0
        let calls = 0
        read.array(iteration, iterationAt, 'an array of [value, count] pairs').forEach((pair, p) => {
          const pairAt = jsonPath(iterationAt, p)
          const [value, count] = read.array(pair, pairAt, 'a [value, count] pair')
          const v = read.number(value, jsonPath(pairAt, 0))
          const n = read.number(count, jsonPath(pairAt, 1))
          if (!Number.isInteger(n) || n < 0)
            read.fail(jsonPath(pairAt, 1), 'a count (a whole number ≥ 0)', count)
          total += v * n
          calls += n
        })
        if (calls > 0) samples.push(total / calls)
      })
    })
    return samples
  }
  return undefined
}

/** The score with its confidence interval, for a metric that carries no raw data. */
function scoreSummary(read: Reader, metric: Record<string, unknown>, at: string, factor: number) {
  const center = read.number(metric.score, `${at}.score`) * factor
  const confidence = metric.scoreConfidence
  // JMH writes "NaN" (a string) for an error it could not compute, e.g. from a single iteration.
  const interval =
    Array.isArray(confidence) &&
    confidence.length === 2 &&
    confidence.every((c) => typeof c === 'number' && Number.isFinite(c))
      ? ([confidence[0] * factor, confidence[1] * factor] as [number, number])
      : undefined
  // JMH's interval is at 99.9% (its default confidence), around the mean of the iterations.
  return { center, statistic: 'mean' as const, ...(interval && { interval, level: 0.999 }) }
}

/** Where one JMH result's metrics go: its place in the file, its mode, its metrics and notes so far. */
interface Into {
  at: string
  mode: string
  metrics: Record<string, ImportedMetric>
  notes: string[]
}

/** The primary metric, named for its unit (time, throughput or score); returns its raw samples, if any. */
function addPrimary(
  read: Reader,
  entry: Record<string, unknown>,
  { at, mode, metrics, notes }: Into,
): number[] | undefined {
  const primaryAt = `${at}.primaryMetric`
  const primary = read.object(entry.primaryMetric, primaryAt)
  const primaryUnit = read.string(primary.scoreUnit, `${primaryAt}.scoreUnit`)
  const conversion = convertUnit(primaryUnit)
  const primarySamples = rawSamples(read, primary, primaryAt)
  const factor = conversion?.factor ?? 1
  const primaryMetric: ImportedMetric = conversion
    ? { unit: conversion.unit, direction: conversion.direction }
    : // A unit JMH does not write by itself (a custom OutputTimeUnit arrangement): kept as printed,
      // its direction from the mode, since only thrpt measures a rate.
      { unit: 'other', label: primaryUnit, direction: mode === 'thrpt' ? 'higher' : 'lower' }
  if (primarySamples) primaryMetric.samples = primarySamples.map((s) => s * factor)
  else primaryMetric.summary = scoreSummary(read, primary, primaryAt, factor)
  if (mode === 'sample' && primarySamples)
    notes.push(
      `${primarySamples.length} samples: the mean call of each iteration JMH's SampleTime histogram recorded (its percentiles are not imported)`,
    )
  const primaryName =
    primaryMetric.unit === 'ns' ? 'time' : primaryMetric.unit === 'ops/s' ? 'throughput' : 'score'
  metrics[primaryName] = primaryMetric
  return primarySamples
}

/** The secondary metrics (profilers' and user counters) in units we convert; the others are noted. */
function addSecondary(
  read: Reader,
  entry: Record<string, unknown>,
  { at, mode, metrics, notes }: Into,
  primarySamples: number[] | undefined,
): void {
  const secondaryAt = `${at}.secondaryMetrics`
  const secondary =
    entry.secondaryMetrics === undefined ? {} : read.object(entry.secondaryMetrics, secondaryAt)
  for (const [key, value] of Object.entries(secondary)) {
    const metricAt = jsonPath(secondaryAt, key)
    const metric = read.object(value, metricAt)
    const unit = read.string(metric.scoreUnit, `${metricAt}.scoreUnit`)
    const jmhName = secondaryName(key)
    // SampleTime's percentiles (·p0.50, ·p0.99, …) are computed from the samples kept above.
    if (/^p\d+\.\d+$/.test(jmhName)) continue
    const converted = convertUnit(unit)
    if (!converted) {
      notes.push(`${jmhName} skipped: its unit "${unit}" is not one we convert`)
      continue
    }
    const ours = metricName(jmhName)
    if (metrics[ours]) {
      notes.push(`${jmhName} skipped: a metric named ${ours} is already imported`)
      continue
    }
    const samples = rawSamples(read, metric, metricAt)
    metrics[ours] = {
      unit: converted.unit,
      // The GC profiler's numbers are costs: its allocation rate is in MB/sec but allocating faster
      // is no improvement, so it is lower-is-better like the rest of them.
      direction: jmhName.startsWith('gc.') ? 'lower' : converted.direction,
      ...(samples
        ? { samples: samples.map((s) => s * converted.factor) }
        : { summary: scoreSummary(read, metric, metricAt, converted.factor) }),
    }
    if (samples && primarySamples && samples.length !== primarySamples.length && mode !== 'sample')
      notes.push(
        `${jmhName}: ${samples.length} samples for ${primarySamples.length} iterations (JMH records none for an iteration without one)`,
      )
  }
}

export const jmhFormat: ImportFormat = {
  name: 'jmh',

  detect(source) {
    const text = source.text
    return /^\s*\[/.test(text) && /"primaryMetric"\s*:/.test(text) && /"benchmark"\s*:/.test(text)
  },

  parse(source) {
    const read = jsonReader(source.path)
    const list = read.array(parseJsonSource(source), '$', 'an array of JMH results')
    const entries = list.map((item, i) => {
      const at = jsonPath('$', i)
      const entry = read.object(item, at)
      const method = read.string(entry.benchmark, `${at}.benchmark`)
      const mode = read.string(entry.mode, `${at}.mode`)
      const params =
        entry.params === undefined ? {} : read.object(entry.params, `${at}.params`, 'an object of parameters')
      const name =
        method +
        Object.entries(params)
          .map(([key, value]) => `/${key}=${read.string(value, jsonPath(`${at}.params`, key))}`)
          .join('')
      return { at, entry, mode, name }
    })
    const modes = new Map<string, Set<string>>()
    for (const { name, mode } of entries) modes.set(name, (modes.get(name) ?? new Set()).add(mode))
    const seen = new Set<string>()
    return entries.map(({ at, entry, mode, name: baseName }): ImportedBenchmark => {
      // A benchmark measured in several modes (@BenchmarkMode({Throughput, AverageTime}), -bm) has one
      // result per mode: only then is the mode part of the name.
      const name = (modes.get(baseName)?.size ?? 0) > 1 ? `${baseName}/mode=${mode}` : baseName
      if (seen.has(name)) read.fail(at, 'one result per benchmark, parameters and mode', `a second ${name}`)
      seen.add(name)
      const notes: string[] = []
      const metrics: Record<string, ImportedMetric> = {}

      const primarySamples = addPrimary(read, entry, { at, mode, metrics, notes })
      addSecondary(read, entry, { at, mode, metrics, notes }, primarySamples)
      return { name, metrics, ...(notes.length > 0 && { notes }) }
    })
  },
}
