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
// go test prints its configuration (`goos:`, `goarch:`, `pkg:`, `cpu:`) when a package's test binary
// starts and closes each package with an `ok` or `FAIL` line: output that has the configuration and
// ends before that line was cut short, and is an error rather than a shorter list of results. Result
// lines alone (filtered out of a log, without the configuration) are read as they are.
//
// A benchmark that fails is one failed benchmark, with go's words for why, and the others keep their
// results: `--- FAIL: BenchmarkX` followed by its log lines (b.Log, b.Error, b.Fatal; with -v the log
// comes before that line, as the benchmark runs), or `panic: …` while it ran, which ends the test
// binary, so the benchmarks after it are absent. A sub-benchmark that fails marks its parent failed
// too: the sub-benchmark alone is. What leaves no benchmark to fail is an error of the whole file: a
// package that does not build, or that fails with no benchmark saying why (a failed test, after which
// go runs no benchmark).
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
  lineCount,
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
/**
 * What go prints above a benchmark's own output: `--- FAIL:` when it failed, `--- BENCH:` beside its
 * result, `--- SKIP:` when it skipped. A later run of -count prints the name first, on the same line.
 */
const HEADER = /^\s*(?:Benchmark\S*\s+)?--- (FAIL|BENCH|SKIP): (\S+)/
/** The last line of a package: `ok`, `FAIL` or `?`, its import path, then its time or why it failed. */
const OUTCOME = /^(ok|FAIL|\?)\s+(\S+)(?:\s+(.*))?$/
/** A stack frame of a benchmark function, or of a closure in one (a sub-benchmark's body). */
const FRAME = /^(\S+)\.(Benchmark[^.(\s]*)[.(]/
/** What a result line looks like, for messages about a file that has none. */
const EXAMPLE = '"BenchmarkSum-8   1000000   1234 ns/op"'

interface Run {
  name: string
  line: number
  pairs: [unit: string, value: number][]
}

/** A benchmark go reported as failed: `--- FAIL:`, or the benchmark running when the test binary panicked. */
interface Failure {
  name: string
  pkg: string
  line: number
  /** Its log lines (b.Log, b.Error, b.Fatal), in order, or the panic. */
  output: string[]
  panicked?: boolean
}

export const goFormat: ImportFormat = {
  name: 'go',
  detect(source) {
    return (
      /^Benchmark\S*\s+\d+\s+[-+\d.eE]+ [^\s]+/m.test(source.text) ||
      /^--- FAIL: Benchmark/m.test(source.text) ||
      /^FAIL\s+\S+ \[(?:build|setup) failed\]/m.test(source.text)
    )
  },
  parse(source) {
    const read = new Reader(source)
    const lines = source.text.split('\n')
    for (const [i, raw] of lines.entries()) read.line(raw.replace(/\r$/, ''), i + 1)
    read.end()
    if (read.runs.length === 0 && read.failures.length === 0) throw nothingFound(source, lines, read)
    return benchmarks(source, read.runs, read.failures)
  },
}

/** Reads go test's output line by line: results, failures with their output, panics, package outcomes. */
class Reader {
  readonly runs: (Run & { pkg: string })[] = []
  readonly failures: Failure[] = []
  /** Test failures (`--- FAIL: TestX`) of the package being read: go runs no benchmark after one. */
  private testFailures: Failure[] = []
  private pkg = ''
  /** Where indented lines go: the output of the header above them, or nowhere (a passing one's log). */
  private collector: string[] | undefined
  /**
   * Indented lines under no header: with -v, go prints a benchmark's output as it runs, before the
   * `--- FAIL:` line it belongs to.
   */
  private streamed: string[] = []
  /** The benchmark go started and has not finished: its name printed alone, or with no iteration. */
  private running: { name: string; line: number; unfinished?: boolean } | undefined
  private panic: Failure | undefined
  /** Failures and panics read since the last package outcome line. */
  private explained = 0
  /** The compiler's messages, by package (`# example.com/x [example.com/x.test]` then its lines). */
  private compiling: string[] | undefined
  private readonly compilerOutput = new Map<string, string[]>()
  /** The last `ok  example.com/x` line, for a file that has no benchmark. */
  passed: { line: number; text: string } | undefined
  /** A package whose configuration was printed and whose `ok` or `FAIL` line has not come yet. */
  private open: { line: number; pkg: string } | undefined

  constructor(private readonly source: ImportSource) {}

  line(line: string, number: number): void {
    if (this.panic) {
      this.readPanic(line, number)
      return
    }
    const header = HEADER.exec(line)
    if (this.compiling) {
      const other =
        header || line.trim() === '' || /^# |^pkg:/.test(line) || OUTCOME.test(line) || RESULT.test(line)
      if (!other) {
        this.compiling.push(line.trim())
        return
      }
      this.compiling = undefined
    }
    if (/^\s/.test(line) && line.trim() !== '' && !header) {
      ;(this.collector ?? this.streamed).push(line.trim())
      return
    }
    if (header) {
      this.readHeader(header[1]!, header[2]!, number)
      return
    }
    this.collector = undefined
    this.streamed = []
    if (line.trim() === '') return
    const running = this.running
    this.running = undefined
    const panicked = /^(?:(Benchmark\S*)\s+)?(panic: .*)$/.exec(line)
    if (panicked) {
      const name = panicked[1] ?? running?.name ?? ''
      this.panic = { name, pkg: this.pkg, line: number, output: [panicked[2]!], panicked: true }
      return
    }
    if (running?.unfinished) {
      this.failures.push({
        name: running.name,
        pkg: this.pkg,
        line: running.line,
        output: ['no iteration finished (go printed 0 iterations)'],
      })
      this.explained++
    }
    this.readConfiguration(line, number)
    const compiler = /^# (\S+)/.exec(line)
    if (compiler) {
      this.compiling = []
      this.compilerOutput.set(compiler[1]!, this.compiling)
      return
    }
    const outcome = OUTCOME.exec(line)
    if (outcome) {
      this.readOutcome(outcome, line, number)
      return
    }
    if (RESULT.test(line)) this.readResult(line, number)
  }

  /** A line of the configuration go prints before a package's benchmarks (goos, goarch, pkg, cpu). */
  private readConfiguration(line: string, number: number): void {
    const config = /^pkg:\s*(\S+)/.exec(line)
    if (config) this.pkg = config[1]!
    if (/^(?:goos|goarch|pkg|cpu):/.test(line)) {
      this.open ??= { line: number, pkg: '' }
      if (config && this.open.pkg !== '' && this.open.pkg !== config[1])
        throw new ImportFormatError(
          this.source.path,
          `line ${number}`,
          `the configuration of ${config[1]} before go test's closing "ok" or "FAIL" line for ${this.open.pkg} (its configuration begins at line ${this.open.line}): that package's output was cut short`,
        )
      if (config) this.open.pkg = config[1]!
    }
  }

  /** A benchmark's result line, or its name alone while it runs. */
  private readResult(line: string, number: number): void {
    const fields = line.trim().split(/\s+/)
    // A name alone: printed before a benchmark that writes output (or with -v), its result follows later.
    if (fields.length === 1) {
      this.running = { name: fields[0]!, line: number }
      return
    }
    // No iteration finished (`0  NaN ns/op`): what go prints for a benchmark whose body never returned,
    // before the panic that ended it.
    if (fields[1] === '0') {
      this.running = { name: fields[0]!, line: number, unfinished: true }
      return
    }
    const run = readRun(this.source, line, number)
    if (run) this.runs.push({ ...run, pkg: this.pkg })
  }

  private readHeader(kind: string, name: string, number: number): void {
    const streamed = this.streamed
    this.streamed = []
    this.running = undefined
    if (kind !== 'FAIL') {
      // A passing or skipped benchmark's log: not a result, and no failure's.
      this.collector = []
      return
    }
    const failure: Failure = { name, pkg: this.pkg, line: number, output: [...streamed] }
    this.collector = failure.output
    if (name.startsWith('Benchmark')) {
      this.failures.push(failure)
      this.explained++
    } else this.testFailures.push(failure)
  }

  private readPanic(line: string, number: number): void {
    const panic = this.panic!
    const outcome = OUTCOME.exec(line)
    if (outcome || /^exit status \d+$/.test(line)) {
      this.finishPanic()
      if (outcome) this.readOutcome(outcome, line, number)
      return
    }
    // The goroutine's stack names the benchmark function when go had not printed its name yet.
    const frame = panic.name === '' ? FRAME.exec(line) : null
    if (frame && (panic.pkg === '' || frame[1] === panic.pkg)) panic.name = frame[2]!
  }

  private finishPanic(): void {
    const panic = this.panic!
    this.panic = undefined
    const where = `line ${panic.line}`
    if (panic.name === '')
      throw new ImportFormatError(
        this.source.path,
        where,
        `the test binary${panic.pkg ? ` of ${panic.pkg}` : ''} crashed (${panic.output[0]}) outside any benchmark, so its results are incomplete`,
      )
    this.failures.push(panic)
    this.explained++
  }

  private readOutcome(outcome: RegExpExecArray, line: string, number: number): void {
    const [, status, pkg, rest = ''] = outcome
    const where = `line ${number}`
    const explained = this.explained
    const testFailures = this.testFailures
    this.explained = 0
    this.testFailures = []
    this.open = undefined
    if (status === 'ok') this.passed = { line: number, text: line }
    if (status !== 'FAIL') return
    const stage = /\[(build|setup) failed\]/.exec(rest)
    if (stage) {
      const messages = this.compilerOutput.get(pkg!) ?? [...this.compilerOutput.values()][0] ?? []
      const said =
        messages.length > 0
          ? `: ${messages.slice(0, 3).join('; ')}${messages.length > 3 ? '; …' : ''}`
          : ` (go prints the ${stage[1] === 'build' ? "compiler's errors" : 'reason'} on stderr)`
      throw new ImportFormatError(
        this.source.path,
        where,
        `${pkg} failed to ${stage[1] === 'build' ? 'build' : 'set up'}, so none of its benchmarks ran${said}`,
      )
    }
    if (explained > 0) return
    const test = testFailures[0]
    if (test)
      throw new ImportFormatError(
        this.source.path,
        where,
        `${pkg} failed: ${test.name} failed (line ${test.line}${test.output.length > 0 ? `: ${test.output.join('; ')}` : ''}), and go runs no benchmark of a package whose tests fail`,
      )
    throw new ImportFormatError(
      this.source.path,
      where,
      `${pkg} failed, and no benchmark says why (no --- FAIL: Benchmark… line, no panic): its results are incomplete`,
    )
  }

  end(): void {
    if (this.panic) this.finishPanic()
    if (this.open)
      throw new ImportFormatError(
        this.source.path,
        `line ${lineCount(this.source.text)}`,
        `the output ends here without go test's closing "ok" or "FAIL" line for the package whose configuration begins at line ${this.open.line}${this.open.pkg ? ` (${this.open.pkg})` : ''}, so it was cut short`,
      )
  }
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

/** The benchmarks of the runs and failures read, in the order go printed them. */
function benchmarks(
  source: ImportSource,
  runs: (Run & { pkg: string })[],
  failures: Failure[],
): ImportedBenchmark[] {
  const failed = failedBenchmarks(runs, failures)
  // `go test ./...` can print the same benchmark name for two packages: those are qualified as Go
  // qualifies identifiers, `example.com/a.BenchmarkX`.
  const packages = new Map<string, Set<string>>()
  for (const { name, pkg } of [...runs, ...failed])
    packages.set(name, (packages.get(name) ?? new Set()).add(pkg))
  const groups = new Map<string, { runs: Run[]; failure?: Failure; qualified: boolean; line: number }>()
  const groupOf = (name: string, pkg: string, line: number) => {
    const qualified = packages.get(name)!.size > 1
    const key = qualified ? `${pkg}.${name}` : name
    const group = groups.get(key) ?? { runs: [], qualified, line }
    group.line = Math.min(group.line, line)
    groups.set(key, group)
    return group
  }
  for (const run of runs) groupOf(run.name, run.pkg, run.line).runs.push(run)
  for (const failure of failed) groupOf(failure.name, failure.pkg, failure.line).failure = failure
  return [...groups]
    .sort(([, a], [, b]) => a.line - b.line)
    .map(([name, group]) => {
      if (group.failure) return { name, metrics: {}, error: failureMessage(group.failure, group.runs.length) }
      const { metrics, notes } = readMetrics(source, name, group.runs)
      if (group.qualified) notes.push(`qualified with its package: several packages have a ${name}`)
      return notes.length > 0 ? { name, metrics, notes } : { name, metrics }
    })
}

/**
 * The failures as benchmarks, one per benchmark. go names a benchmark that fails in its first run
 * without the -GOMAXPROCS suffix of its results (`--- FAIL: BenchmarkX` for `BenchmarkX-8`): that suffix
 * is added where every result of the file has the same one, so a failed benchmark has its passing name.
 * A parent whose sub-benchmark failed is marked failed too, with no output of its own: only the
 * sub-benchmark is.
 */
function failedBenchmarks(runs: Run[], failures: Failure[]): Failure[] {
  const suffixes = new Set(runs.map((r) => /-\d+$/.exec(r.name)?.[0]))
  const [suffix] = suffixes.size === 1 ? suffixes : [undefined]
  const merged = new Map<string, Failure>()
  for (const failure of failures) {
    const parent = failures.some((f) => f.name.startsWith(`${failure.name}/`))
    if (parent && failure.output.length === 0) continue
    const name = suffix && !failure.name.endsWith(suffix) ? failure.name + suffix : failure.name
    const key = `${failure.pkg} ${name}`
    const known = merged.get(key)
    if (!known) merged.set(key, { ...failure, name, output: [...new Set(failure.output)] })
    else {
      known.output = [...new Set([...known.output, ...failure.output])]
      known.panicked ||= failure.panicked
    }
  }
  return [...merged.values()]
}

/** Why the benchmark failed, in go's words: its log lines, or the panic. */
function failureMessage(failure: Failure, results: number): string {
  const said = failure.output.join('; ') || 'go gave no reason'
  if (failure.panicked)
    return `${said} (line ${failure.line}: the test binary crashed, so the benchmarks after it${failure.pkg ? ` in ${failure.pkg}` : ''} did not run)`
  const dropped = results > 0 ? `; the ${results} results before it failed are not kept` : ''
  return `${said} (--- FAIL at line ${failure.line}${dropped})`
}

/** A benchmark's metrics: each unit of its lines, one sample per line. */
function readMetrics(
  source: ImportSource,
  name: string,
  runs: Run[],
): { metrics: Record<string, ImportedMetric>; notes: string[] } {
  const [first] = runs
  const notes: string[] = []
  const kinds = first!.pairs.map(([unit]) => metricKind(unit))
  const metrics: Record<string, ImportedMetric> = {}
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
  for (const run of runs) {
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
  return { metrics, notes }
}

/** Why a file holds no benchmark: empty, a passing run that ran none, or not go's output at all. */
function nothingFound(source: ImportSource, lines: string[], read: Reader): ImportFormatError {
  const expected = `expected the output of go test -bench, with result lines such as ${EXAMPLE}`
  if (source.text.trim() === '')
    return new ImportFormatError(source.path, '', `${expected}; got an empty file`)
  if (read.passed)
    return new ImportFormatError(
      source.path,
      `line ${read.passed.line}`,
      `go test passed (${JSON.stringify(read.passed.text)}) but printed no benchmark result, such as ${EXAMPLE}: does -bench match any benchmark?`,
    )
  const count = lineCount(source.text)
  const first = lines.find((l) => l.trim() !== '')!.trim()
  return new ImportFormatError(
    source.path,
    '',
    `${expected}; read its ${count} line${count === 1 ? '' : 's'} to the end and found none (the first is ${JSON.stringify(first.length > 60 ? `${first.slice(0, 60)}…` : first)})`,
  )
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
