// Google Benchmark's JSON (`--benchmark_format=json`, or `--benchmark_out=FILE
// --benchmark_out_format=json`): a `context` and a `benchmarks` array of runs. A run is either one
// repetition (`run_type: iteration`: its real and CPU time per iteration in `time_unit`, rates, user
// counters) or an aggregate the library computed over the repetitions (`run_type: aggregate`:
// mean, median, stddev, cv, BigO, RMS or a user statistic). `run_name` ties a run to its benchmark.
import { describeJson, isObject, jsonReader, parseJsonSource } from '../json.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../types.ts'
import { convertUnit } from '../units.ts'

/** The keys of an iteration run or a mean/stddev aggregate that are not user counters. */
const RUN_KEYS = new Set([
  'name',
  'family_index',
  'per_family_instance_index',
  'run_name',
  'run_type',
  'repetitions',
  'repetition_index',
  'threads',
  'iterations',
  'real_time',
  'cpu_time',
  'time_unit',
  'bytes_per_second',
  'items_per_second',
  'label',
  'error_occurred',
  'error_message',
  'skipped',
  'skip_message',
  'aggregate_name',
  'aggregate_unit',
])

/** Our names for the fields every run may have; user counters must not take them. */
const BUILT_IN = new Set(['time', 'cpu', 'throughput', 'items-per-second'])

interface Run {
  at: string
  fields: Record<string, unknown>
}

interface Group {
  name: string
  iterations: Run[]
  aggregates: Run[]
  failure?: string
}

export const googleBenchmarkFormat: ImportFormat = {
  name: 'google-benchmark',
  detect(source) {
    const head = source.text.slice(0, 8192)
    return (
      /^\s*\{/.test(head) &&
      /"benchmarks"\s*:\s*\[/.test(source.text) &&
      /"run_type"\s*:\s*"(iteration|aggregate)"/.test(source.text) &&
      /"time_unit"\s*:/.test(source.text)
    )
  },
  parse(source) {
    const read = jsonReader(source.path)
    const root = read.object(parseJsonSource(source), '$')
    const runs = read.array(root.benchmarks, '$.benchmarks', 'an array of runs')
    const groups = new Map<string, Group>()
    runs.forEach((fields, i) => {
      const at = `$.benchmarks[${i}]`
      if (!isObject(fields))
        throw new ImportFormatError(source.path, at, `expected an object, got ${describeJson(fields)}`)
      const name = fields.run_name ?? fields.name
      if (typeof name !== 'string' || name === '')
        throw new ImportFormatError(
          source.path,
          `${at}.run_name`,
          `expected the benchmark's name, got ${describeJson(name)}`,
        )
      let group = groups.get(name)
      if (!group) {
        group = { name, iterations: [], aggregates: [] }
        groups.set(name, group)
      }
      const failure = failureOf(fields)
      if (failure !== undefined) {
        group.failure = failure
        return
      }
      const type = fields.run_type ?? 'iteration'
      if (type === 'iteration') group.iterations.push({ at, fields })
      else if (type === 'aggregate') group.aggregates.push({ at, fields })
      else
        throw new ImportFormatError(
          source.path,
          `${at}.run_type`,
          `expected "iteration" or "aggregate", got ${describeJson(fields.run_type)}`,
        )
    })
    return [...groups.values()].map((g) => readGroup(source, g))
  },
}

function failureOf(fields: Record<string, unknown>): string | undefined {
  if (fields.error_occurred === true) return String(fields.error_message ?? 'an error')
  // Newer versions mark an error or a SkipWithMessage with `skipped` instead.
  if (fields.skipped !== undefined && fields.skipped !== false && fields.skipped !== 'NotSkipped')
    return String(fields.skip_message ?? fields.error_message ?? fields.skipped)
  return undefined
}

function readGroup(source: ImportSource, group: Group): ImportedBenchmark {
  const { name } = group
  if (group.failure !== undefined)
    return {
      name,
      metrics: {},
      error: `${group.failure} (the benchmark reported an error; nothing measured)`,
    }
  if (group.iterations.length > 0) {
    const metrics: Record<string, ImportedMetric> = {}
    for (const run of group.iterations)
      for (const [metric, value] of runMetrics(source, run)) {
        const m = metrics[metric] ?? { ...value.metric, samples: [] }
        metrics[metric] = m
        m.samples!.push(value.value)
      }
    const notes = [`${group.iterations.length} repetitions`]
    for (const [metric, m] of Object.entries(metrics))
      if (m.samples!.length !== group.iterations.length)
        throw new ImportFormatError(
          source.path,
          group.iterations[0]!.at,
          `the metric ${metric} is in ${m.samples!.length} of the ${group.iterations.length} repetitions of ${name}`,
        )
    if (group.aggregates.length > 0)
      notes.push(`aggregates ${aggregateNames(group)} skipped: every repetition is kept`)
    return { name, metrics, notes: [...notes, ...counterNotes(metrics)] }
  }
  // --benchmark_report_aggregates_only: the library's mean and stddev over the repetitions.
  const mean = group.aggregates.find((r) => r.fields.aggregate_name === 'mean')
  if (!mean)
    throw new ImportFormatError(
      source.path,
      group.aggregates[0]!.at,
      `expected the repetitions of ${name} or its mean aggregate, found only ${aggregateNames(group)}`,
    )
  const stddev = group.aggregates.find((r) => r.fields.aggregate_name === 'stddev')
  const spread = stddev ? new Map(runMetrics(source, stddev).map(([k, v]) => [k, v.value])) : undefined
  const n = typeof mean.fields.repetitions === 'number' ? mean.fields.repetitions : undefined
  const metrics: Record<string, ImportedMetric> = {}
  for (const [metric, value] of runMetrics(source, mean)) {
    const sd = spread?.get(metric)
    metrics[metric] = {
      ...value.metric,
      summary: {
        center: value.value,
        ...(sd !== undefined ? { stddev: sd } : {}),
        ...(n !== undefined ? { n } : {}),
      },
    }
  }
  const notes = [`aggregates only: the mean${stddev ? ' and stddev' : ''} of ${n ?? 'several'} repetitions`]
  return { name, metrics, notes: [...notes, ...counterNotes(metrics)] }
}

function aggregateNames(group: Group): string {
  return group.aggregates.map((r) => String(r.fields.aggregate_name)).join(', ')
}

function counterNotes(metrics: Record<string, ImportedMetric>): string[] {
  const counters = Object.entries(metrics).filter(([, m]) => m.unit === 'other')
  if (counters.length === 0) return []
  return [
    `user counters ${counters.map(([k]) => k).join(', ')}: the JSON gives no unit or direction; imported as is, higher is better`,
  ]
}

type MetricValue = [string, { metric: Omit<ImportedMetric, 'samples' | 'summary'>; value: number }]

/** One run's metrics: real and CPU time in ns, the library's rates, then user counters. */
function runMetrics(source: ImportSource, run: Run): MetricValue[] {
  const { fields, at } = run
  const unitLabel = fields.time_unit ?? 'ns'
  const time = typeof unitLabel === 'string' ? convertUnit(unitLabel) : undefined
  if (time?.unit !== 'ns')
    throw new ImportFormatError(
      source.path,
      `${at}.time_unit`,
      `expected ns, us, ms or s, got ${describeJson(unitLabel)}`,
    )
  const out: MetricValue[] = []
  const number = (key: string, required: boolean): number | undefined =>
    fields[key] === undefined && !required
      ? undefined
      : jsonReader(source.path).number(fields[key], `${at}.${key}`)
  const lowerNs = { unit: 'ns', direction: 'lower' } as const
  out.push(['time', { metric: lowerNs, value: number('real_time', true)! * time.factor }])
  out.push(['cpu', { metric: lowerNs, value: number('cpu_time', true)! * time.factor }])
  // The library's rates are the bytes and items over the run's CPU time, or over its real (or manual)
  // time when the benchmark says UseRealTime (UseManualTime), which its name then ends with: that
  // time seen another way.
  const name = String(fields.run_name ?? fields.name ?? '')
  const derivedFrom = /\/(real|manual)_time(\/|$)/.test(name) ? 'time' : 'cpu'
  const bytes = number('bytes_per_second', false)
  if (bytes !== undefined)
    out.push(['throughput', { metric: { unit: 'bytes/s', direction: 'higher', derivedFrom }, value: bytes }])
  const items = number('items_per_second', false)
  if (items !== undefined)
    out.push([
      'items-per-second',
      { metric: { unit: 'ops/s', direction: 'higher', derivedFrom }, value: items },
    ])
  for (const key of Object.keys(fields)) {
    if (RUN_KEYS.has(key)) continue
    const metric = kebab(key)
    const value = number(key, true)!
    // The JSON keeps a counter's value, not its flags (kIsRate, kInvert…): neither unit nor direction.
    out.push([
      BUILT_IN.has(metric) ? `counter-${metric}` : metric,
      { metric: { unit: 'other', direction: 'higher', label: key, directionAssumed: true }, value },
    ])
  }
  return out
}

function kebab(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}
