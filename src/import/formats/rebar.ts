// rebar's `rebar measure` CSV: one record per benchmark and engine,
//
//   name,model,rebar_version,engine,engine_version,err,haystack_len,iters,total,median,mad,mean,stddev,min,max
//   memmem/sherlock-holmes,iter,0.0.1 (rev e5d648ff17),libc/memmem,0.1.0,,607430,50577,4.57s,59.28us,…
//
// rebar throws its samples away and keeps these aggregates of them, durations written as
// `<decimal>(s|ms|us|ns)`; `iters` is how many samples they summarise. A record with `err` set is a
// benchmark that failed, its other fields left at zero. (Older rebar wrote `version` for
// `engine_version` and had no `rebar_version`.)
//
// Each record becomes `name/engine` ("memmem/sherlock-holmes/libc/memmem"): the benchmark is only
// unique with its engine; the definition and engine are kept apart too, so the engines of one
// definition are ranked as `rebar cmp` ranks them. Its time is summarised by the median, the statistic rebar compares; with
// a haystack length, its throughput too: the length over the median time, as `rebar cmp` shows it.
import type { ImportedBenchmark, ImportedMetric, ImportFormat, ImportSource } from '../types.ts'
import { ImportFormatError } from '../types.ts'
import { toOurUnit } from '../units.ts'

const REQUIRED = [
  'name',
  'model',
  'engine',
  'err',
  'iters',
  'median',
  'mad',
  'mean',
  'stddev',
  'min',
  'max',
] as const
const DURATION = /^([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(s|ms|us|ns)$/

export const rebarFormat: ImportFormat = {
  name: 'rebar',
  detect(source) {
    const first = source.text.trimStart().split('\n', 1)[0]!.trim()
    const columns = first.split(',')
    return (
      columns[0] === 'name' &&
      columns[1] === 'model' &&
      ['engine', 'median', 'iters'].every((c) => columns.includes(c))
    )
  },
  parse(source) {
    const records = readCsv(source)
    const header = records.shift()
    if (!header || header.fields.length === 0)
      throw new ImportFormatError(
        source.path,
        'line 1',
        'expected the header of `rebar measure`, found nothing',
      )
    const column = new Map(header.fields.map((f, i) => [f.trim(), i]))
    const missing = REQUIRED.filter((c) => !column.has(c))
    if (missing.length > 0)
      throw new ImportFormatError(
        source.path,
        `line ${header.line}`,
        `expected the columns of \`rebar measure\` (${REQUIRED.join(', ')}); missing ${missing.join(', ')}`,
      )
    const seen = new Map<string, number>()
    const benchmarks: ImportedBenchmark[] = []
    for (const record of records) {
      // Appending a second `rebar measure` to a file repeats its header.
      if (record.fields.join(',') === header.fields.join(',')) continue
      if (record.fields.length !== header.fields.length)
        throw new ImportFormatError(
          source.path,
          `line ${record.line}`,
          `expected ${header.fields.length} fields as in the header, got ${record.fields.length}`,
        )
      const field = (name: string) => record.fields[column.get(name)!]!
      const name = `${field('name')}/${field('engine')}`
      const earlier = seen.get(name)
      if (earlier !== undefined)
        throw new ImportFormatError(
          source.path,
          `line ${record.line}`,
          `${name} was already measured on line ${earlier}`,
        )
      seen.set(name, record.line)
      const read = readRecord(source, record.line, name, field, column.has('haystack_len'))
      benchmarks.push({ ...read, parameters: { definition: field('name'), engine: field('engine') } })
    }
    return benchmarks
  },
}

function readRecord(
  source: ImportSource,
  line: number,
  name: string,
  field: (name: string) => string,
  hasLength: boolean,
): ImportedBenchmark {
  const err = field('err')
  if (err !== '') return { name, metrics: {}, error: `${err} (rebar recorded an error; nothing measured)` }
  const integer = (column: string): number => {
    const text = field(column)
    if (!/^\d+$/.test(text))
      throw new ImportFormatError(
        source.path,
        `line ${line}`,
        `expected a whole number in ${column}, got ${JSON.stringify(text)}`,
      )
    return Number(text)
  }
  const duration = (column: string): number => {
    const text = field(column)
    const match = DURATION.exec(text)
    if (!match)
      throw new ImportFormatError(
        source.path,
        `line ${line}`,
        `expected a duration like 59.28us (a decimal and s, ms, us or ns) in ${column}, got ${JSON.stringify(text)}`,
      )
    return toOurUnit(Number(match[1]), match[2]!).value
  }
  const n = integer('iters')
  const median = duration('median')
  const metrics: Record<string, ImportedMetric> = {
    time: {
      unit: 'ns',
      direction: 'lower',
      summary: { center: median, statistic: 'median', stddev: duration('stddev'), n },
    },
  }
  const notes = [
    `rebar keeps aggregates only: the median of ${n} samples (mean ${duration('mean')} ns, MAD ${duration('mad')} ns, min ${duration('min')} ns, max ${duration('max')} ns)`,
  ]
  const length = hasLength && field('haystack_len') !== '' ? integer('haystack_len') : 0
  if (length > 0 && median > 0)
    metrics.throughput = {
      unit: 'bytes/s',
      direction: 'higher',
      summary: { center: length / (median / 1e9), n },
    }
  return { name, metrics, notes }
}

interface CsvRecord {
  /** The line the record starts on. */
  line: number
  fields: string[]
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function readCsv(source: ImportSource): CsvRecord[] {
  const text = source.text
  const records: CsvRecord[] = []
  let line = 1
  let i = 0
  while (i < text.length) {
    const start = line
    const fields: string[] = []
    let field = ''
    let quoted = false
    for (;;) {
      const c = text[i]
      if (quoted) {
        if (c === undefined)
          throw new ImportFormatError(
            source.path,
            `line ${start}`,
            'expected a closing quote, reached the end of the file',
          )
        if (c === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (c === '"') {
          quoted = false
          i++
        } else {
          if (c === '\n') line++
          field += c
          i++
        }
      } else if (c === '"' && field === '') {
        quoted = true
        i++
      } else if (c === ',') {
        fields.push(field)
        field = ''
        i++
      } else if (c === '\n' || c === undefined) {
        fields.push(field.endsWith('\r') ? field.slice(0, -1) : field)
        if (c === '\n') line++
        i++
        break
      } else {
        field += c
        i++
      }
    }
    if (fields.length > 1 || fields[0] !== '') records.push({ line: start, fields })
  }
  return records
}
