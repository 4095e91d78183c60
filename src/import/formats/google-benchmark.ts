// Google Benchmark's JSON (`--benchmark_format=json`, or `--benchmark_out=FILE
// --benchmark_out_format=json`): a `context` and a `benchmarks` array of runs. A run is either one
// repetition (`run_type: iteration`: its real and CPU time per iteration in `time_unit`, rates, user
// counters) or an aggregate the library computed (`run_type: aggregate`): over one benchmark's
// repetitions (mean, median, stddev, cv or a user statistic, its `run_name` the benchmark's), or over
// the sizes of a family that says `Complexity` (BigO: the fitted curve and its coefficients; RMS: how
// well it fits), named after the family without its arguments. `run_name` ties a run to its benchmark.
import { formatValue } from '../../display.ts'
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
  /** The library's index of the benchmark's family, where the JSON has it. */
  familyIndex?: number
  iterations: Run[]
  aggregates: Run[]
  failure?: string
}

/** The statistics the library computes over each benchmark's repetitions. */
const REPETITION_STATISTICS = new Set(['mean', 'median', 'stddev', 'cv'])

/** The runs of a family an aggregate speaks of: its name without arguments, and its index. */
interface Family {
  name: string
  index?: number
}

/** A family's complexity as the library fitted it over its sizes: reported, never a metric. */
interface Fit {
  family: Family
  bigO?: { notation: string; realNs: number; cpuNs: number }
  /** The fit's root mean square error, relative (0.02 is 2%). */
  rms?: number
}

/** What an aggregate over a family says, for that family's benchmarks. */
interface FamilyNote {
  family: Family
  text: string
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
    const fits = new Map<string, Fit>()
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
      const complexity = complexityEntry(fields)
      if (complexity !== undefined) {
        readFit(source, { at, fields }, complexity, fits)
        return
      }
      let group = groups.get(name)
      if (!group) {
        group = { name, iterations: [], aggregates: [] }
        groups.set(name, group)
      }
      if (group.familyIndex === undefined && typeof fields.family_index === 'number')
        group.familyIndex = fields.family_index
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
    const familyNotes = [...fits.values()].map(fitNote)
    const benchmarks: Array<{ group: Group; benchmark: ImportedBenchmark }> = []
    for (const group of groups.values()) {
      const unread = unreadAggregates(group)
      if (unread) familyNotes.push(unread)
      else benchmarks.push({ group, benchmark: readGroup(source, group) })
    }
    // Each note goes to the benchmarks of its family; one whose family the file lacks, to the first.
    for (const note of familyNotes) {
      const members = benchmarks.filter(({ group }) => inFamily(note.family, group))
      const to = members.length > 0 ? members : benchmarks.slice(0, 1)
      for (const { benchmark } of to) benchmark.notes = [...(benchmark.notes ?? []), note.text]
    }
    return benchmarks.map(({ benchmark }) => benchmark)
  },
}

/**
 * Whether a run is one of a family's complexity entries: by its aggregate name, or, from versions that
 * wrote no run type, by the fields only they have (and no time, which a repetition with a user counter
 * of that name would have).
 */
function complexityEntry(fields: Record<string, unknown>): 'BigO' | 'RMS' | undefined {
  const aggregate = fields.aggregate_name
  if (aggregate === 'BigO') return 'BigO'
  if (aggregate === 'RMS') return 'RMS'
  const untyped = aggregate === undefined && fields.run_type === undefined && !('real_time' in fields)
  if (untyped && 'big_o' in fields) return 'BigO'
  if (untyped && 'rms' in fields) return 'RMS'
  return undefined
}

/** A BigO or RMS entry, kept with the other of its family (the library writes them one after the other). */
function readFit(source: ImportSource, run: Run, kind: 'BigO' | 'RMS', fits: Map<string, Fit>): void {
  const { at, fields } = run
  const read = jsonReader(source.path)
  // Versions without run_name name it after the family: BM_foo_BigO, BM_foo_RMS.
  const name =
    typeof fields.run_name === 'string' && fields.run_name !== ''
      ? fields.run_name
      : String(fields.name).replace(/_(BigO|RMS)$/, '')
  const index = typeof fields.family_index === 'number' ? fields.family_index : undefined
  const key = `${index ?? ''}\u0000${name}`
  const fit = fits.get(key) ?? { family: { name, ...(index !== undefined ? { index } : {}) } }
  fits.set(key, fit)
  if (kind === 'RMS') {
    fit.rms = read.number(fields.rms, `${at}.rms`, "the fit's relative RMS error, a number")
    return
  }
  const time = timeUnit(source, run)
  fit.bigO = {
    notation: read.string(fields.big_o, `${at}.big_o`, 'the fitted complexity, a string such as "N"'),
    realNs:
      read.number(fields.real_coefficient, `${at}.real_coefficient`, 'the real-time coefficient, a number') *
      time.factor,
    cpuNs:
      read.number(fields.cpu_coefficient, `${at}.cpu_coefficient`, 'the CPU-time coefficient, a number') *
      time.factor,
  }
}

/** "fitted complexity of BM_foo: O(N), 2.31 ns × N real time, 2.30 ns × N CPU time, RMS 4%; …". */
function fitNote(fit: Fit): FamilyNote {
  const parts: string[] = []
  if (fit.bigO) {
    const { notation, realNs, cpuNs } = fit.bigO
    // The library writes O(1) as "(1)", and the others bare: "N", "NlgN", "N^2", "f(N)".
    const constant = notation === '(1)' || notation === '1'
    const term = constant ? '' : ` × ${notation}`
    parts.push(
      `O${notation.startsWith('(') ? notation : `(${notation})`}`,
      `${formatValue(realNs, 'ns')}${term} real time`,
      `${formatValue(cpuNs, 'ns')}${term} CPU time`,
    )
  }
  if (fit.rms !== undefined) parts.push(`RMS ${formatValue(fit.rms * 100, 'percent')}`)
  return {
    family: fit.family,
    text: `fitted complexity of ${fit.family.name}: ${parts.join(', ')} (the library's fit over the sizes: reported, not gated)`,
  }
}

/**
 * A group of aggregates only, none a statistic over repetitions: one the library (or a newer version)
 * computed over a family that this reader does not know. Nothing to measure; said on the family.
 */
function unreadAggregates(group: Group): FamilyNote | undefined {
  if (group.failure !== undefined || group.iterations.length > 0 || group.aggregates.length === 0)
    return undefined
  if (group.aggregates.some((r) => REPETITION_STATISTICS.has(String(r.fields.aggregate_name))))
    return undefined
  const first = group.aggregates[0]!.fields
  const index = typeof first.family_index === 'number' ? first.family_index : undefined
  return {
    family: { name: group.name, ...(index !== undefined ? { index } : {}) },
    text: `aggregate ${aggregateNames(group)} of ${group.name} not read: not a statistic over repetitions (${[...REPETITION_STATISTICS].join(', ')}) nor a complexity fit`,
  }
}

/**
 * Whether a benchmark is of the family an aggregate names: the same family index where both have one,
 * the same function, and every other part of the aggregate's name (threads:2, real_time) in its own.
 */
function inFamily(family: Family, group: Group): boolean {
  if (family.index !== undefined && group.familyIndex !== undefined && family.index !== group.familyIndex)
    return false
  const parts = group.name.split('/')
  const [fn, ...rest] = family.name.split('/')
  return parts[0] === fn && rest.every((part) => parts.includes(part))
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
  // The median where the library wrote it: one slow repetition moves the mean, not the median.
  const median = group.aggregates.find((r) => r.fields.aggregate_name === 'median')
  const centers = new Map(runMetrics(source, median ?? mean).map(([k, v]) => [k, v.value]))
  const metrics: Record<string, ImportedMetric> = {}
  for (const [metric, value] of runMetrics(source, mean)) {
    const sd = spread?.get(metric)
    const center = centers.get(metric)
    metrics[metric] = {
      ...value.metric,
      summary: {
        center: center ?? value.value,
        statistic: median && center !== undefined ? 'median' : 'mean',
        ...(sd !== undefined ? { stddev: sd } : {}),
        ...(n !== undefined ? { n } : {}),
      },
    }
  }
  const notes = [
    `aggregates only: the ${median ? 'median' : 'mean'}${stddev ? ' and stddev' : ''} of ${n ?? 'several'} repetitions`,
  ]
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

/** A run's time unit, as a factor to ns. */
function timeUnit(source: ImportSource, { fields, at }: Run): { unit: 'ns'; factor: number } {
  const unitLabel = fields.time_unit ?? 'ns'
  const time = typeof unitLabel === 'string' ? convertUnit(unitLabel) : undefined
  if (time?.unit !== 'ns')
    throw new ImportFormatError(
      source.path,
      `${at}.time_unit`,
      `expected ns, us, ms or s, got ${describeJson(unitLabel)}`,
    )
  return { unit: 'ns', factor: time.factor }
}

type MetricValue = [string, { metric: Omit<ImportedMetric, 'samples' | 'summary'>; value: number }]

/** One run's metrics: real and CPU time in ns, the library's rates, then user counters. */
function runMetrics(source: ImportSource, run: Run): MetricValue[] {
  const { fields, at } = run
  const time = timeUnit(source, run)
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
