// CSB's output (Container Scalability Benchmarks, and runners/c/csb_harness.h): each run prints
// one line of `key=val;` items. `key` names a parameter (num_threads, duration) or a measurement
// (univ_count, throughput_min); its duration fields are microseconds despite the `_ms` in their names,
// and throughput_* are operations per millisecond. Several lines are several runs, each a sample: its
// throughput (operations per second, every thread's operations over the slowest thread's duration) and
// the process's peak resident memory (max_rss_kb, KiB). A scaling benchmark reads one run's throughput
// from each copy's output.
//
// CSB names the benchmark `algo_name` and the thread count `num_threads`; runs of one benchmark at
// different thread counts are different benchmarks, `atomic/threads:2`. A line without algo_name
// takes the file's base name.
import path from 'node:path'
import type { ImportedBenchmark, ImportedMetric, ImportFormat, ImportSource } from '../types.ts'
import { ImportFormatError, ThroughputError } from '../types.ts'

export class CsbFormatError extends ThroughputError {
  override name = 'CsbFormatError'
}

/** The items of the last line that holds any, in order; later duplicates win. */
export function parseCsbLine(text: string): Map<string, string> {
  const lines = text.split('\n').filter((l) => l.includes('=') && l.includes(';'))
  const line = lines[lines.length - 1]
  if (line === undefined) throw new CsbFormatError('no CSB output (a line of key=value; items) was found')
  const fields = new Map<string, string>()
  for (const item of line.trim().split(';')) {
    if (item.trim() === '') continue
    const at = item.indexOf('=')
    if (at <= 0)
      throw new CsbFormatError(`the CSB item ${JSON.stringify(item.slice(0, 60))} is not key=value`)
    fields.set(item.slice(0, at).trim(), item.slice(at + 1).trim())
  }
  return fields
}

function numberField(fields: Map<string, string>, key: string): number | undefined {
  const text = fields.get(key)
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isFinite(value)) throw new CsbFormatError(`the CSB item ${key}=${text} is not a number`)
  return value
}

/**
 * Operations per second over the whole run: every thread's operations (univ_count) over the slowest
 * thread's duration (duration_max_ms, in µs), which is CSB's throughput_min in ops/ms × 1000. Falls
 * back to throughput_min when the counts are missing.
 */
export function csbThroughput(fields: Map<string, string>): number {
  const count = numberField(fields, 'univ_count')
  const durationUs = numberField(fields, 'duration_max_ms')
  if (count !== undefined && durationUs !== undefined && durationUs > 0) return count / (durationUs / 1e6)
  const perMs = numberField(fields, 'throughput_min')
  if (perMs !== undefined) return perMs * 1000
  throw new CsbFormatError('the CSB line has neither univ_count and duration_max_ms nor throughput_min')
}

/** A line of at least three `key=val;` items, the shape every CSB line has. */
const LINE = /^\s*(?:[A-Za-z_][\w.]*=[^;=]*;){3,}\s*$/

export const csbFormat: ImportFormat = {
  name: 'csb',
  detect(source) {
    return source.text
      .split('\n', 1000)
      .some((l) => LINE.test(l) && /(^|;)(num_threads|algo_name|univ_count)=/.test(l.trim()))
  },
  throughput(output) {
    return csbThroughput(parseCsbLine(output))
  },
  parse(source) {
    const groups = new Map<string, { throughput: number[]; memory: number[]; lines: number[] }>()
    source.text.split('\n').forEach((line, index) => {
      // parseCsbLine's own test for a CSB line; anything else the program printed is not one.
      if (!(line.includes('=') && line.includes(';'))) return
      const where = `line ${index + 1}`
      // Every item ends with `;`: a line without one at its end was cut short, and its last item
      // (a duration, say) would read as a smaller number.
      if (!line.trimEnd().endsWith(';'))
        throw new ImportFormatError(
          source.path,
          where,
          `expected the line to end with ; (every CSB item does), got ${JSON.stringify(line.trimEnd().slice(-40))}`,
        )
      let fields: Map<string, string>
      let throughput: number
      try {
        fields = parseCsbLine(line)
        throughput = csbThroughput(fields)
      } catch (error) {
        if (error instanceof CsbFormatError) throw new ImportFormatError(source.path, where, error.message)
        throw error
      }
      const name = benchmarkName(source, fields)
      let group = groups.get(name)
      if (!group) {
        group = { throughput: [], memory: [], lines: [] }
        groups.set(name, group)
      }
      group.throughput.push(throughput)
      group.lines.push(index + 1)
      const rss = fields.get('max_rss_kb')
      if (rss !== undefined) {
        const kib = Number(rss)
        if (rss === '' || !Number.isFinite(kib))
          throw new ImportFormatError(
            source.path,
            where,
            `expected a number of KiB in max_rss_kb, got ${JSON.stringify(rss)}`,
          )
        group.memory.push(kib * 1024)
      }
    })
    if (groups.size === 0)
      throw new ImportFormatError(
        source.path,
        '',
        'expected CSB output (lines of key=value; items), found none',
      )
    return [...groups].map(([name, g]): ImportedBenchmark => {
      const notes = [
        g.lines.length === 1
          ? `1 run (line ${g.lines[0]})`
          : `${g.lines.length} runs (lines ${g.lines.join(', ')})`,
      ]
      const metrics: Record<string, ImportedMetric> = {
        throughput: { unit: 'ops/s', direction: 'higher', samples: g.throughput },
      }
      if (g.memory.length === g.throughput.length)
        metrics.memory = { unit: 'bytes', direction: 'lower', samples: g.memory }
      else if (g.memory.length > 0)
        notes.push(
          `memory not imported: max_rss_kb is in ${g.memory.length} of the ${g.throughput.length} runs`,
        )
      return { name, metrics, notes }
    })
  },
}

function benchmarkName(source: ImportSource, fields: Map<string, string>): string {
  const algo = fields.get('algo_name') || path.basename(source.path).replace(/\.[^.]*$/, '')
  const threads = fields.get('num_threads')
  return threads ? `${algo}/threads:${threads}` : algo
}
