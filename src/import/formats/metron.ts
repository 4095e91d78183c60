// Metron's result table (Zig):
//
//   -------------------------------------------------------
//   Benchmark                           Time     Iterations
//   -------------------------------------------------------
//   threads/fetchAdd/threads:2       12.3 ns      110394314 rate=81.158Madd/s
//
// A row is one measurement: the name, the total time over the iterations printed per iteration with its
// unit, the iterations, and optional `name=value` counters. A rate counter's value carries an SI or
// binary prefix and a unit per second. The table keeps no samples and no spread, so each metric is a
// summary of one value; the iterations are not independent samples and are only noted. A scaling
// benchmark reads one row's throughput from each copy's output.
import type { ImportedBenchmark, ImportedMetric, ImportFormat, ThroughputPoint } from '../types.ts'
import { ImportFormatError, ThroughputError } from '../types.ts'

export class MetronFormatError extends ThroughputError {
  override name = 'MetronFormatError'
}

export interface MetronRow {
  name: string
  timeNs: number
  iterations: number
  /** Counters as written, e.g. { rate: '81.158Madd/s' }. */
  counters: Record<string, string>
}

const TIME_UNITS: Record<string, number> = { ps: 1e-3, ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9 }
const ROW = /^(\S+)\s+([0-9.]+(?:e[+-]?\d+)?)\s*(ps|ns|us|µs|ms|s)\s+(\d+)((?:\s+\S+=\S+)*)\s*$/

export function parseMetronTable(text: string): MetronRow[] {
  const rows: MetronRow[] = []
  for (const line of text.split('\n')) {
    const match = ROW.exec(line.trim())
    if (!match) continue
    const counters: Record<string, string> = {}
    for (const item of match[5]!.trim().split(/\s+/)) {
      if (item === '') continue
      const at = item.indexOf('=')
      counters[item.slice(0, at)] = item.slice(at + 1)
    }
    rows.push({
      name: match[1]!,
      timeNs: Number(match[2]) * TIME_UNITS[match[3]!]!,
      iterations: Number(match[4]),
      counters,
    })
  }
  return rows
}

const PREFIXES: Record<string, number> = {
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
}

/** `81.158Madd/s` → 81 158 000 per second; undefined when the text is not a rate. */
export function parseRate(text: string): number | undefined {
  const match = /^([0-9.]+(?:e[+-]?\d+)?)(Ki|Mi|Gi|Ti|k|K|M|G|T)?[A-Za-z]*\/s$/.exec(text)
  if (!match) return undefined
  return Number(match[1]) * PREFIXES[match[2] ?? '']!
}

/** Operations per second of one row: its `rate=` counter, else one operation per iteration time. */
export function metronThroughput(row: MetronRow): number {
  const rate = row.counters.rate === undefined ? undefined : parseRate(row.counters.rate)
  if (rate !== undefined) return rate
  if (row.timeNs > 0) return 1e9 / row.timeNs
  throw new MetronFormatError(`the Metron row ${row.name} has no rate and a zero time`)
}

/** The row a scaling point reads: the one named by `metron-line`, `{threads}` replaced by its count. */
function metronRow(output: string, point: ThroughputPoint): MetronRow {
  const wanted = (point.line ?? '').replaceAll('{threads}', String(point.threads))
  const rows = parseMetronTable(output)
  const row = rows.find((r) => r.name === wanted)
  if (!row) {
    const names = rows.map((r) => r.name).slice(0, 8)
    throw new MetronFormatError(
      `no Metron row named ${JSON.stringify(wanted)} in the output` +
        (names.length > 0
          ? ` (it has ${names.join(', ')}${rows.length > 8 ? ', …' : ''})`
          : ' (it has no table rows)'),
    )
  }
  return row
}

const HEADER = /^Benchmark\s+Time\s+Iterations\s*$/
const RULE = /^-{3,}$/

export const metronFormat: ImportFormat = {
  name: 'metron',
  detect(source) {
    // Google Benchmark's console table also starts "Benchmark  Time", but has a CPU column.
    return source.text.split('\n', 200).some((l) => HEADER.test(l.trim()))
  },
  throughput(output, point) {
    return metronThroughput(metronRow(output, point))
  },
  parse(source) {
    const lines = source.text.split('\n')
    const benchmarks: ImportedBenchmark[] = []
    let inTable = false
    lines.forEach((raw, index) => {
      const line = raw.trim()
      if (HEADER.test(line)) {
        inTable = true
        return
      }
      if (!inTable || line === '' || RULE.test(line)) return
      const [row, ...extra] = parseMetronTable(line)
      if (!row || extra.length > 0)
        throw new ImportFormatError(
          source.path,
          `line ${index + 1}`,
          `expected a Metron row (name, time with its unit, iterations, name=value counters), got ${JSON.stringify(line.slice(0, 80))}`,
        )
      benchmarks.push(readRow(source.path, index + 1, row))
    })
    if (!inTable)
      throw new ImportFormatError(
        source.path,
        '',
        'expected a Metron table: a "Benchmark  Time  Iterations" header, found none',
      )
    return benchmarks
  },
}

function readRow(path: string, line: number, row: MetronRow): ImportedBenchmark {
  const notes = [`one measurement over ${row.iterations} iterations (Metron prints no samples or spread)`]
  const metrics: Record<string, ImportedMetric> = {
    time: { unit: 'ns', direction: 'lower', summary: { center: row.timeNs } },
  }
  let throughput: number
  try {
    throughput = metronThroughput(row)
  } catch (error) {
    if (error instanceof MetronFormatError) throw new ImportFormatError(path, `line ${line}`, error.message)
    throw error
  }
  // Rates are counts over the row's own time: time seen another way.
  metrics.throughput = {
    unit: rateUnit(row.counters.rate),
    direction: 'higher',
    summary: { center: throughput },
    derivedFrom: 'time',
  }
  if (row.counters.rate === undefined)
    notes.push('throughput: one operation per iteration (the row has no rate= counter)')
  else if (parseRate(row.counters.rate) === undefined)
    notes.push(`throughput: one operation per iteration (rate=${row.counters.rate} is not a rate per second)`)
  const skipped: string[] = []
  for (const [key, text] of Object.entries(row.counters)) {
    if (key === 'rate') continue
    const value = parseRate(text)
    const name = key.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()
    if (value === undefined || name in metrics) skipped.push(`${key}=${text}`)
    else
      metrics[name] = {
        unit: rateUnit(text),
        direction: 'higher',
        summary: { center: value },
        derivedFrom: 'time',
      }
  }
  if (skipped.length > 0) notes.push(`counters ${skipped.join(', ')} not imported: not a rate per second`)
  return { name: row.name, metrics, notes }
}

/** A ByteCounter's rate ends in B/s (70.397GiB/s): bytes per second; any other rate counts operations. */
function rateUnit(text: string | undefined): 'bytes/s' | 'ops/s' {
  return text !== undefined && parseRate(text) !== undefined && /B\/s$/.test(text) ? 'bytes/s' : 'ops/s'
}
