// Metron's result table: a header, a rule, then one line per benchmark,
//
//   threads/fetchAdd/threads:2       12.3 ns      110394314 rate=81.158Madd/s
//
// the name, the time per iteration with its unit, the iterations, and optional `name=value` counters.
// A rate counter's value carries an SI or binary prefix and a unit per second.

export class MetronFormatError extends Error {
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
