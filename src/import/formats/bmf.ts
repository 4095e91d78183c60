// Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format/): a JSON object of
// benchmarks, each an object of measures by slug, each a metric
//
//   { "sum/iter/64": { "latency": { "value": 88.0, "lower_value": 87.42, "upper_value": 88.88 } } }
//
// with `value` required and the bounds optional. Only these values are kept, so every metric is a
// summary: center = value, interval = [lower_value, upper_value] when both are given. Bencher's
// built-in measures have fixed units: latency in ns, throughput in operations per second, file-size in
// bytes, build-time in seconds. Any other measure is the user's own: its unit is unknown, so it keeps
// its slug as label and lower is better is assumed. Measures may be given by name too ("File Size"):
// metric names are the slugs in kebab-case, except latency, which is our `time`.

import type { Direction, Unit } from '../../results.ts'
import { describeJson, isObject, jsonReader, parseJsonSource } from '../json.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../types.ts'

interface Measure {
  name: string
  unit: Unit
  direction: Direction
  /** Multiply Bencher's value by this to get ours. */
  factor: number
}

const BUILT_IN: Record<string, Measure> = {
  latency: { name: 'time', unit: 'ns', direction: 'lower', factor: 1 },
  throughput: { name: 'throughput', unit: 'ops/s', direction: 'higher', factor: 1 },
  'file-size': { name: 'file-size', unit: 'bytes', direction: 'lower', factor: 1 },
  'build-time': { name: 'build-time', unit: 'ns', direction: 'lower', factor: 1e9 },
}

export const bmfFormat: ImportFormat = {
  name: 'bmf',
  detect(source) {
    if (!/^\s*\{/.test(source.text)) return false
    let root: unknown
    try {
      root = JSON.parse(source.text)
    } catch {
      return false
    }
    // Every benchmark an object of measures, every measure an object with a numeric value.
    if (!isObject(root)) return false
    const benchmarks = Object.values(root)
    return (
      benchmarks.length > 0 &&
      benchmarks.every((b) => {
        if (!isObject(b)) return false
        const measures = Object.values(b)
        return measures.length > 0 && measures.every((m) => isObject(m) && typeof m.value === 'number')
      })
    )
  },
  parse(source) {
    const root = parseJsonSource(source)
    if (!isObject(root))
      throw new ImportFormatError(
        source.path,
        '$',
        `expected an object of benchmarks by name, got ${describeJson(root)}`,
      )
    const entries = Object.entries(root)
    if (entries.length === 0)
      throw new ImportFormatError(source.path, '$', 'expected at least one benchmark, got none')
    return entries.map(([name, measures]) => readBenchmark(source, name, measures, `$${key(name)}`))
  },
}

function readBenchmark(
  source: ImportSource,
  name: string,
  measures: unknown,
  where: string,
): ImportedBenchmark {
  if (name === '')
    throw new ImportFormatError(source.path, where, 'expected a benchmark name, got an empty key')
  if (!isObject(measures))
    throw new ImportFormatError(
      source.path,
      where,
      `expected an object of measures by slug, got ${describeJson(measures)}`,
    )
  const entries = Object.entries(measures)
  if (entries.length === 0)
    throw new ImportFormatError(source.path, where, 'expected at least one measure, got none')
  const metrics: Record<string, ImportedMetric> = {}
  const notes: string[] = []
  for (const [slug, metric] of entries) {
    const at = `${where}${key(slug)}`
    // Bencher takes a measure's name as well as its slug ("Latency", "File Size").
    const slugged = slug
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
    const measure = BUILT_IN[slugged] ?? {
      name: slugged || 'measure',
      unit: 'other',
      direction: 'lower',
      factor: 1,
    }
    if (metrics[measure.name])
      throw new ImportFormatError(
        source.path,
        at,
        `two measures of ${JSON.stringify(name)} make the metric ${measure.name}`,
      )
    if (!isObject(metric))
      throw new ImportFormatError(
        source.path,
        at,
        `expected { "value": number, "lower_value"?: number, "upper_value"?: number }, got ${describeJson(metric)}`,
      )
    const value = bound(source, metric, 'value', at, true)!
    const lower = bound(source, metric, 'lower_value', at, false)
    const upper = bound(source, metric, 'upper_value', at, false)
    const summary: ImportedMetric['summary'] = { center: value * measure.factor }
    if (lower !== undefined && upper !== undefined)
      summary.interval = [lower * measure.factor, upper * measure.factor]
    else if (lower !== undefined || upper !== undefined)
      notes.push(`${measure.name}: only one of lower_value and upper_value is given, so no interval is kept`)
    const imported: ImportedMetric = { unit: measure.unit, direction: measure.direction, summary }
    if (measure.unit === 'other') {
      imported.label = slug
      imported.directionAssumed = true
      notes.push(
        `${slug}: not one of Bencher's built-in measures, so its unit is unknown and lower is better is assumed`,
      )
    }
    if (measure.name === 'build-time') notes.push('build-time: seconds converted to ns')
    metrics[measure.name] = imported
  }
  return notes.length > 0 ? { name, metrics, notes } : { name, metrics }
}

function bound(
  source: ImportSource,
  metric: Record<string, unknown>,
  field: string,
  where: string,
  required: boolean,
): number | undefined {
  const value = metric[field]
  if (value === undefined && !required) return undefined
  return jsonReader(source.path).number(value, `${where}.${field}`)
}

/** A key as a JSON path step: `.latency`, or `["sum/iter/64"]` where it is not an identifier. */
function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`
}
