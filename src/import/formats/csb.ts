// CSB's output (Container Scalability Benchmarks, and runners/c/csb_harness.h): each run prints
// one line of `key=val;` items (src/formats/csb.ts reads one). Several lines are several runs, each
// a sample: its throughput (operations per second, every thread's operations over the slowest
// thread's duration) and the process's peak resident memory (max_rss_kb, KiB).
//
// CSB names the benchmark `algo_name` and the thread count `num_threads`; runs of one benchmark at
// different thread counts are different benchmarks, `atomic/threads:2`. A line without algo_name
// takes the file's base name.
import path from 'node:path'
import { CsbFormatError, csbThroughput, parseCsbLine } from '../../formats/csb.ts'
import type { ImportedBenchmark, ImportedMetric, ImportFormat, ImportSource } from '../types.ts'
import { ImportFormatError } from '../types.ts'

/** A line of at least three `key=val;` items, the shape every CSB line has. */
const LINE = /^\s*(?:[A-Za-z_][\w.]*=[^;=]*;){3,}\s*$/

export const csbFormat: ImportFormat = {
  name: 'csb',
  detect(source) {
    return source.text
      .split('\n', 1000)
      .some((l) => LINE.test(l) && /(^|;)(num_threads|algo_name|univ_count)=/.test(l.trim()))
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
