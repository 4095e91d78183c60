// Metron's result table (Zig; src/formats/metron.ts reads its rows):
//
//   -------------------------------------------------------
//   Benchmark                           Time     Iterations
//   -------------------------------------------------------
//   threads/fetchAdd/threads:2       12.3 ns      110394314 rate=81.158Madd/s
//
// A row is one measurement: the total time over the iterations, printed per iteration. The table
// keeps no samples and no spread, so each metric is a summary of one value; the iterations are not
// independent samples and are only noted.
import { MetronFormatError, metronThroughput, parseMetronTable, parseRate } from '../../formats/metron.ts'
import type { ImportedBenchmark, ImportedMetric, ImportFormat } from '../types.ts'
import { ImportFormatError } from '../types.ts'

const HEADER = /^Benchmark\s+Time\s+Iterations\s*$/
const RULE = /^-{3,}$/

export const metronFormat: ImportFormat = {
  name: 'metron',
  detect(source) {
    // Google Benchmark's console table also starts "Benchmark  Time", but has a CPU column.
    return source.text.split('\n', 200).some((l) => HEADER.test(l.trim()))
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

function readRow(
  path: string,
  line: number,
  row: ReturnType<typeof parseMetronTable>[number],
): ImportedBenchmark {
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
