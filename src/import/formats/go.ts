// `go test -bench . -benchmem` output: configuration lines (`goos: linux`, `pkg: …`), then one line per
// benchmark run,
//
//   BenchmarkChecksum-8   	    2000	      1052 ns/op	 973.41 MB/s	       0 B/op	       0 allocs/op
//
// the name, the iteration count, and value–unit pairs (Go's benchmark format,
// golang.org/design/14313-benchmark-format). With -count N each benchmark has N lines, which become
// N samples of each metric, in order.
//
// Names are kept as go prints them, the `-8` GOMAXPROCS suffix included: it is part of what was run
// (`-cpu 1,4` runs and prints BenchmarkX-1 and BenchmarkX-4 as two benchmarks), and GOMAXPROCS=1
// prints no suffix. A base and a head run on machines with different CPU counts therefore have
// differently named benchmarks. Sub-benchmarks keep their slash: `BenchmarkSize/n=10-8`.
//
// Units: ns/op → time, MB/s → throughput (Go's MB is 10^6 bytes), B/op → memory, allocs/op →
// allocations. A b.ReportMetric unit is named after itself in kebab-case (`probes/op` →
// probes-per-op): a unit units.ts knows is converted; else one per operation (`/op`) is a count,
// lower is better; one per second (`/s`) is a rate, higher is better; any other keeps its label, and
// lower is better is assumed.
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../types.ts'
import { convertUnit } from '../units.ts'

interface MetricKind {
  name: string
  metric: Omit<ImportedMetric, 'samples'>
  factor: number
  note?: string
}

const STANDARD: Record<string, MetricKind> = {
  'ns/op': { name: 'time', metric: { unit: 'ns', direction: 'lower' }, factor: 1 },
  // MB/s is b.SetBytes over the same run's ns/op: time seen another way.
  'MB/s': {
    name: 'throughput',
    metric: { unit: 'bytes/s', direction: 'higher', derivedFrom: 'time' },
    factor: 1e6,
  },
  'B/op': { name: 'memory', metric: { unit: 'bytes', direction: 'lower' }, factor: 1 },
  'allocs/op': { name: 'allocations', metric: { unit: 'count', direction: 'lower' }, factor: 1 },
}
const STANDARD_NAMES = new Set(Object.values(STANDARD).map((k) => k.name))

/** A result line: `Benchmark` then the rest of the name, up to the first space (benchfmt). */
const RESULT = /^Benchmark\S*(?:\s|$)/

interface Run {
  name: string
  line: number
  pairs: [unit: string, value: number][]
}

export const goFormat: ImportFormat = {
  name: 'go',
  detect(source) {
    return /^Benchmark\S*\s+\d+\s+[-+\d.eE]+ [^\s]+/m.test(source.text)
  },
  parse(source) {
    const runs: (Run & { pkg: string })[] = []
    let pkg = ''
    source.text.split('\n').forEach((raw, i) => {
      const line = raw.replace(/\r$/, '')
      const config = /^pkg:\s*(\S+)/.exec(line)
      if (config) pkg = config[1]!
      const failed = /^\s*--- FAIL: (Benchmark\S*)/.exec(line)
      if (failed)
        throw new ImportFormatError(
          source.path,
          `line ${i + 1}`,
          `${failed[1]} failed (--- FAIL), so its results are missing`,
        )
      if (!RESULT.test(line)) return
      const run = readRun(source, line, i + 1)
      if (run) runs.push({ ...run, pkg })
    })
    return benchmarks(source, runs)
  },
}

function readRun(source: ImportSource, line: string, number: number): Run | undefined {
  const fields = line.trim().split(/\s+/)
  const where = `line ${number}`
  // A name alone: printed before a benchmark that writes output (or with -v), its result follows later.
  if (fields.length === 1) return undefined
  const name = fields[0]!
  if (!/^\d+$/.test(fields[1]!))
    throw new ImportFormatError(
      source.path,
      where,
      `expected the iteration count after ${name}, got ${JSON.stringify(fields[1])}`,
    )
  const rest = fields.slice(2)
  if (rest.length === 0 || rest.length % 2 !== 0)
    throw new ImportFormatError(
      source.path,
      where,
      `expected pairs of a value and its unit after the iteration count (1052 ns/op), got ${JSON.stringify(rest.join(' '))}`,
    )
  const pairs: [string, number][] = []
  for (let p = 0; p < rest.length; p += 2) {
    const value = Number(rest[p])
    const unit = rest[p + 1]!
    if (rest[p] === '' || !Number.isFinite(value))
      throw new ImportFormatError(
        source.path,
        where,
        `expected a number before ${unit}, got ${JSON.stringify(rest[p])}`,
      )
    if (pairs.some(([u]) => u === unit))
      throw new ImportFormatError(source.path, where, `the unit ${unit} appears twice in ${name}'s line`)
    pairs.push([unit, value])
  }
  return { name, line: number, pairs }
}

function benchmarks(source: ImportSource, runs: (Run & { pkg: string })[]): ImportedBenchmark[] {
  // `go test ./...` can print the same benchmark name for two packages: those are qualified as Go
  // qualifies identifiers, `example.com/a.BenchmarkX`.
  const packages = new Map<string, Set<string>>()
  for (const run of runs) packages.set(run.name, (packages.get(run.name) ?? new Set()).add(run.pkg))
  const groups = new Map<string, { runs: Run[]; qualified: boolean }>()
  for (const run of runs) {
    const qualified = packages.get(run.name)!.size > 1
    const name = qualified ? `${run.pkg}.${run.name}` : run.name
    const group = groups.get(name) ?? { runs: [], qualified }
    group.runs.push(run)
    groups.set(name, group)
  }
  return [...groups].map(([name, group]) => {
    const [first] = group.runs
    const kinds = first!.pairs.map(([unit]) => metricKind(unit))
    const metrics: Record<string, ImportedMetric> = {}
    const notes: string[] = []
    for (const kind of kinds) {
      if (metrics[kind.name])
        throw new ImportFormatError(
          source.path,
          `line ${first!.line}`,
          `two units of ${name} both make the metric ${kind.name}`,
        )
      metrics[kind.name] = { ...kind.metric, samples: [] }
      if (kind.note) notes.push(kind.note)
    }
    for (const run of group.runs) {
      const units = run.pairs.map(([unit]) => unit)
      const expected = first!.pairs.map(([unit]) => unit)
      if (units.length !== expected.length || units.some((u) => !expected.includes(u)))
        throw new ImportFormatError(
          source.path,
          `line ${run.line}`,
          `expected the units of ${name}'s first line (${expected.join(', ')}), got ${units.join(', ')}`,
        )
      for (const [unit, value] of run.pairs) {
        const kind = kinds[expected.indexOf(unit)]!
        metrics[kind.name]!.samples!.push(value * kind.factor)
      }
    }
    if (group.qualified) notes.push(`qualified with its package: several packages have a ${first!.name}`)
    return notes.length > 0 ? { name, metrics, notes } : { name, metrics }
  })
}

function metricKind(unit: string): MetricKind {
  const standard = STANDARD[unit]
  if (standard) return standard
  let name = unit
    .toLowerCase()
    .replaceAll('%', 'percent')
    .replaceAll('/', '-per-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (name === '' || STANDARD_NAMES.has(name)) name = `custom-${name || 'metric'}`
  const known = convertUnit(unit)
  if (known) return { name, metric: { unit: known.unit, direction: known.direction }, factor: known.factor }
  if (unit.endsWith('/op')) return { name, metric: { unit: 'count', direction: 'lower' }, factor: 1 }
  if (unit.endsWith('/s')) return { name, metric: { unit: 'ops/s', direction: 'higher' }, factor: 1 }
  return {
    name,
    metric: { unit: 'other', direction: 'lower', label: unit, directionAssumed: true },
    factor: 1,
    note: `${name}: lower is better is assumed (the unit ${unit} is neither per operation nor per second)`,
  }
}
