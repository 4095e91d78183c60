// Importers of native harness outputs: hyperfine, Google Benchmark, Catch2, rebar, Metron and CSB.
// Fixtures are the tools' real outputs captured on this machine (each folder's capture.sh), except
// rebar's, written to the documented schema (see its README.md and the rebar section below), and
// Metron's, tables copied from Metron's guided tour. Expected values are read from the fixtures by
// the tests' own small readers and arithmetic, plus a few values checked by hand.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { catch2Format } from '../../../src/import/formats/catch2.ts'
import { csbFormat } from '../../../src/import/formats/csb.ts'
import { googleBenchmarkFormat } from '../../../src/import/formats/google-benchmark.ts'
import { hyperfineFormat } from '../../../src/import/formats/hyperfine.ts'
import { metronFormat } from '../../../src/import/formats/metron.ts'
import { rebarFormat } from '../../../src/import/formats/rebar.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../../../src/import/types.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'import')

async function fixture(format: string, file: string): Promise<ImportSource> {
  const p = path.join(FIXTURES, format, file)
  return { path: p, text: await readFile(p, 'utf8') }
}

/** The fixture files of a format: its outputs, not the script and sources that produce them. */
function metricsOf(benchmarks: ImportedBenchmark[]): Record<string, Record<string, ImportedMetric>> {
  return Object.fromEntries(benchmarks.map((b) => [b.name, b.metrics]))
}

function close(actual: number | undefined, expected: number, what: string, relative = 1e-12): void {
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) <= Math.abs(expected) * relative,
    `${what}: ${actual} ≠ ${expected}`,
  )
}

/** A parse that must fail with an ImportFormatError whose message matches. */
function rejects(format: ImportFormat, source: ImportSource, message: RegExp): void {
  assert.throws(
    () => format.parse(source),
    (error: unknown) => {
      assert.ok(error instanceof ImportFormatError, `an ImportFormatError, got ${String(error)}`)
      assert.match(error.message, message)
      return true
    },
  )
}

/** A time: in ns, lower is better. */
const NS = { unit: 'ns', direction: 'lower' } as const

// hyperfine 1.15 (Debian), 1.20 and 2.0 (cargo install): see fixtures/import/hyperfine/capture.sh.
describe('hyperfine', () => {
  interface V1Result {
    command: string
    times: number[]
    user: number
    system: number
    memory_usage_byte?: number[]
    parameters?: Record<string, string>
  }

  async function v1(file: string): Promise<{ source: ImportSource; results: V1Result[] }> {
    const source = await fixture('hyperfine', file)
    return { source, results: JSON.parse(source.text).results }
  }

  /** What hyperfine 1 keeps: every run's time, in seconds; the mean user and system time. */
  function expectedV1(results: V1Result[]): Record<string, Record<string, ImportedMetric>> {
    return Object.fromEntries(
      results.map((r) => {
        const metrics: Record<string, ImportedMetric> = {
          time: { ...NS, samples: r.times.map((s) => s * 1e9) },
          user: { ...NS, summary: { center: r.user * 1e9, statistic: 'mean', n: r.times.length } },
          system: { ...NS, summary: { center: r.system * 1e9, statistic: 'mean', n: r.times.length } },
        }
        if (r.memory_usage_byte)
          metrics.memory = { unit: 'bytes', direction: 'lower', samples: r.memory_usage_byte }
        return [r.command, metrics]
      }),
    )
  }

  test('1.15, two commands: every run of each, seconds → ns; user and system as means', async () => {
    const { source, results } = await v1('sleep.json')
    const benchmarks = hyperfineFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['sleep 0.01', 'sleep 0.02'],
    )
    assert.deepEqual(metricsOf(benchmarks), expectedV1(results))
    assert.equal(benchmarks[0]!.metrics.time!.samples!.length, 5)
    close(benchmarks[0]!.metrics.time!.samples![0], results[0]!.times[0]! * 1e9, 'first run')
    // sleep 0.02 takes at least 20 ms a run.
    assert.ok(
      benchmarks[1]!.metrics.time!.samples!.every((t) => t >= 20e6),
      `${benchmarks[1]!.metrics.time!.samples}`,
    )
    assert.match(benchmarks[0]!.notes!.join('\n'), /user and system: the mean of the runs only/)
  })

  test('1.15 with -L n 1,2: the command as hyperfine shows it, the parameter substituted', async () => {
    const { source, results } = await v1('scan.json')
    assert.deepEqual(
      results.map((r) => r.parameters),
      [{ n: '1' }, { n: '2' }],
    )
    const benchmarks = hyperfineFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['sleep 0.01', 'sleep 0.02'],
    )
    assert.deepEqual(metricsOf(benchmarks), expectedV1(results))
  })

  test('1.15 with --command-name: the given names', async () => {
    const { source, results } = await v1('named.json')
    const benchmarks = hyperfineFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['short', 'longer <nap>'],
    )
    assert.deepEqual(metricsOf(benchmarks), expectedV1(results))
  })

  test("1.20: memory_usage_byte, every run's peak memory in bytes", async () => {
    const { source, results } = await v1('memory.json')
    const benchmarks = hyperfineFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['sleep 0.01'],
    )
    assert.deepEqual(metricsOf(benchmarks), expectedV1(results))
    assert.equal(benchmarks[0]!.metrics.memory!.samples!.length, 3)
    assert.ok(
      benchmarks[0]!.metrics.memory!.samples!.every((b) => b > 1e6 && b < 1e8),
      'a sleep takes megabytes',
    )
  })

  test('2.0 (schema_version 2): every metric of every run; clashing names take their parameters', async () => {
    const source = await fixture('hyperfine', 'v2.json')
    const raw = JSON.parse(source.text) as {
      results: { command: string; measurements: Record<string, { value: number; unit: string }>[] }[]
    }
    const benchmarks = hyperfineFormat.parse(source)
    // `false` ignores {n}: hyperfine names both results "false".
    assert.deepEqual(
      raw.results.map((r) => r.command),
      ['sleep 0.01', 'false', 'sleep 0.02', 'false'],
    )
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['sleep 0.01', 'false/n=1', 'sleep 0.02', 'false/n=2'],
    )
    const runs = (i: number, key: string, factor: number) =>
      raw.results[i]!.measurements.map((m) => {
        assert.equal(m[key]!.unit, factor === 1 ? 'byte' : 'second', key)
        return m[key]!.value * factor
      })
    assert.deepEqual(
      metricsOf(benchmarks),
      Object.fromEntries(
        benchmarks.map((b, i) => [
          b.name,
          {
            time: { ...NS, samples: runs(i, 'time_wall_clock', 1e9) },
            cpu: { ...NS, samples: runs(i, 'time_cpu', 1e9) },
            user: { ...NS, samples: runs(i, 'time_user', 1e9) },
            system: { ...NS, samples: runs(i, 'time_system', 1e9) },
            memory: { unit: 'bytes', direction: 'lower', samples: runs(i, 'memory_peak_resident', 1) },
          },
        ]),
      ),
    )
    assert.equal(benchmarks[0]!.metrics.time!.samples!.length, 3)
    assert.deepEqual(benchmarks[1]!.notes, [
      '3 of 3 runs exited with a non-zero code',
      'renamed from "false": several results have that command',
    ])
    assert.equal(benchmarks[0]!.notes, undefined)
  })

  test('a wrong structure is a clear error', async () => {
    const source = await fixture('hyperfine', 'sleep.json')
    const raw = JSON.parse(source.text)
    raw.results[1].times = 'fast'
    rejects(
      hyperfineFormat,
      { ...source, text: JSON.stringify(raw) },
      /sleep\.json: \$\.results\[1\]\.times: expected an array of numbers, got a string \("fast"\)/,
    )
    raw.results[1].times = [0.1, 0.2, 0.3, null]
    rejects(
      hyperfineFormat,
      { ...source, text: JSON.stringify(raw) },
      /sleep\.json: \$\.results\[1\]\.times\[3\]: expected a number, got null/,
    )
    rejects(
      hyperfineFormat,
      { ...source, text: '{"results": 3}' },
      /sleep\.json: \$\.results: expected an array of results, got the number 3/,
    )
    const v2 = await fixture('hyperfine', 'v2.json')
    const rawV2 = JSON.parse(v2.text)
    rawV2.results[2].measurements[1].time_cpu = 0.5
    rejects(
      hyperfineFormat,
      { ...v2, text: JSON.stringify(rawV2) },
      /v2\.json: \$\.results\[2\]\.measurements\[1\]\.time_cpu: expected \{ "value": number, "unit": string \}, got the number 0\.5/,
    )
  })
})

// libbenchmark-dev 1.7.1 (Debian) and bench.cc: see fixtures/import/google-benchmark/capture.sh.
describe('google-benchmark', () => {
  interface Run {
    name: string
    run_name: string
    run_type: string
    aggregate_name?: string
    repetitions: number
    real_time: number
    cpu_time: number
    time_unit: string
    bytes_per_second?: number
    items_per_second?: number
    elements?: number
    rate?: number
    error_occurred?: boolean
  }
  const PER_UNIT: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }
  const NAMES = ['BM_sum', 'BM_memcpy/8', 'BM_memcpy/4096', 'BM_fill', 'BM_unavailable']

  /** The metrics of one run, in our units, each as a one-element list to gather. */
  function values(run: Run): Record<string, { metric: ImportedMetric; value: number }> {
    const out: Record<string, { metric: ImportedMetric; value: number }> = {
      time: { metric: NS, value: run.real_time * PER_UNIT[run.time_unit]! },
      cpu: { metric: NS, value: run.cpu_time * PER_UNIT[run.time_unit]! },
    }
    // The library's rates are over CPU time: none of these benchmarks says UseRealTime.
    if (run.bytes_per_second !== undefined)
      out.throughput = {
        metric: { unit: 'bytes/s', direction: 'higher', derivedFrom: 'cpu' },
        value: run.bytes_per_second,
      }
    if (run.items_per_second !== undefined)
      out['items-per-second'] = {
        metric: { unit: 'ops/s', direction: 'higher', derivedFrom: 'cpu' },
        value: run.items_per_second,
      }
    for (const counter of ['elements', 'rate'] as const)
      if (run[counter] !== undefined)
        out[counter] = {
          metric: { unit: 'other', direction: 'higher', label: counter, directionAssumed: true },
          value: run[counter],
        }
    return out
  }

  test('repetitions: every iteration run a sample, time_unit respected, aggregates skipped', async () => {
    const source = await fixture('google-benchmark', 'repetitions.json')
    const runs = JSON.parse(source.text).benchmarks as Run[]
    const benchmarks = googleBenchmarkFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      NAMES,
    )
    const expected: Record<string, Record<string, ImportedMetric>> = Object.fromEntries(
      NAMES.map((n) => [n, {}]),
    )
    for (const run of runs) {
      if (run.run_type !== 'iteration' || run.error_occurred) continue
      const metrics = expected[run.run_name]!
      for (const [name, { metric, value }] of Object.entries(values(run))) {
        metrics[name] ??= { ...metric, samples: [] }
        metrics[name].samples!.push(value)
      }
    }
    assert.deepEqual(metricsOf(benchmarks), expected)
    const byName = metricsOf(benchmarks)
    for (const name of NAMES.slice(0, 4)) assert.equal(byName[name]!.time!.samples!.length, 5, name)
    assert.deepEqual(Object.keys(byName['BM_memcpy/8']!), ['time', 'cpu', 'throughput', 'items-per-second'])
    assert.deepEqual(Object.keys(byName.BM_fill!), ['time', 'cpu', 'elements', 'rate'])
    // BM_fill runs in microseconds: 0.91876725218135846 us is 918.77 ns.
    const fill = runs.find((r) => r.run_name === 'BM_fill')!
    assert.equal(fill.time_unit, 'us')
    close(byName.BM_fill!.time!.samples![0], fill.real_time * 1000, 'BM_fill in ns')
    assert.ok(byName.BM_fill!.time!.samples![0]! > 100, 'microseconds became nanoseconds')
    assert.deepEqual(byName.BM_fill!.elements!.samples, [256, 256, 256, 256, 256])
    const notes = benchmarks[0]!.notes!.join('\n')
    assert.match(notes, /aggregates mean, median, stddev, cv skipped: every repetition is kept/)
    assert.deepEqual(benchmarks[4]!.metrics, {})
    assert.match(benchmarks[4]!.error ?? '', /^no device/)
    assert.match(
      benchmarks[3]!.notes!.join('\n'),
      /user counters elements, rate: the JSON gives no unit or direction/,
    )
  })

  test('aggregates only: a summary of the median, the stddev and the repetitions', async () => {
    const source = await fixture('google-benchmark', 'aggregates-only.json')
    const runs = JSON.parse(source.text).benchmarks as Run[]
    assert.ok(
      !runs.some((r) => r.run_type === 'iteration' && !r.error_occurred),
      'no repetitions in the file',
    )
    const benchmarks = googleBenchmarkFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      NAMES,
    )
    const expected: Record<string, Record<string, ImportedMetric>> = { BM_unavailable: {} }
    for (const name of NAMES.slice(0, 4)) {
      // The median aggregate is the center (one slow repetition moves the mean, not the median).
      const median = values(runs.find((r) => r.run_name === name && r.aggregate_name === 'median')!)
      const stddev = values(runs.find((r) => r.run_name === name && r.aggregate_name === 'stddev')!)
      expected[name] = Object.fromEntries(
        Object.entries(median).map(([metric, { metric: m, value }]) => [
          metric,
          { ...m, summary: { center: value, statistic: 'median', stddev: stddev[metric]!.value, n: 3 } },
        ]),
      )
    }
    assert.deepEqual(metricsOf(benchmarks), expected)
    assert.match(benchmarks[0]!.notes!.join('\n'), /aggregates only: the median and stddev of 3 repetitions/)
  })

  test('rates are over CPU time, or over real time when the benchmark says UseRealTime', async () => {
    const source = await fixture('google-benchmark', 'repetitions.json')
    const raw = JSON.parse(source.text) as { benchmarks: Run[] }
    // UseRealTime (UseManualTime) makes the library divide by real time and name the run after it.
    for (const run of raw.benchmarks)
      if (run.run_name === 'BM_memcpy/8') run.run_name = 'BM_memcpy/8/real_time'
    for (const run of raw.benchmarks)
      if (run.run_name === 'BM_memcpy/4096') run.run_name = 'BM_memcpy/4096/manual_time'
    const byName = metricsOf(googleBenchmarkFormat.parse({ ...source, text: JSON.stringify(raw) }))
    assert.equal(byName['BM_memcpy/8/real_time']!.throughput!.derivedFrom, 'time')
    assert.equal(byName['BM_memcpy/4096/manual_time']!['items-per-second']!.derivedFrom, 'time')
  })

  test('a wrong structure is a clear error', async () => {
    const source = await fixture('google-benchmark', 'repetitions.json')
    const raw = JSON.parse(source.text)
    raw.benchmarks[2].real_time = 'fast'
    rejects(
      googleBenchmarkFormat,
      { ...source, text: JSON.stringify(raw) },
      /repetitions\.json: \$\.benchmarks\[2\]\.real_time: expected a number, got a string \("fast"\)/,
    )
    raw.benchmarks[2].real_time = 1
    raw.benchmarks[2].time_unit = 'fortnights'
    rejects(
      googleBenchmarkFormat,
      { ...source, text: JSON.stringify(raw) },
      /repetitions\.json: \$\.benchmarks\[2\]\.time_unit: expected ns, us, ms or s, got a string \("fortnights"\)/,
    )
    rejects(
      googleBenchmarkFormat,
      { ...source, text: JSON.stringify({ context: {}, benchmarks: {} }) },
      /repetitions\.json: \$\.benchmarks: expected an array of runs, got an object/,
    )
  })
})

// Catch2 2.13.10 (Debian) and bench.cpp: see fixtures/import/catch2/capture.sh.
describe('catch2', () => {
  /** The numbers of the file's BenchmarkResults, in order, read by attribute position. */
  function results(text: string) {
    const blocks = [
      ...text.matchAll(/<BenchmarkResults name="[^"]*" samples="(\d+)"[\s\S]*?<\/BenchmarkResults>/g),
    ]
    return blocks.map((b) => {
      const attribute = (element: string, name: string) =>
        Number(new RegExp(`<${element} [^>]*\\b${name}="([^"]+)"`).exec(b[0])![1])
      return {
        samples: Number(b[1]),
        mean: attribute('mean', 'value'),
        low: attribute('mean', 'lowerBound'),
        high: attribute('mean', 'upperBound'),
        stddev: attribute('standardDeviation', 'value'),
      }
    })
  }

  test('the summary of each benchmark, named test case/section/benchmark, names entity-decoded', async () => {
    const source = await fixture('catch2', 'results.xml')
    const benchmarks = catch2Format.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      [
        'vector/sum',
        'vector/fill <256> & "iota"',
        'array/sum',
        'array/reversed/sum',
        'passes/top',
        'passes/a/in a',
        'passes/b/in b',
        'broken/throws',
      ],
    )
    // In file order: …, passes/top, passes/a/in a, passes/top again (the pass for section b), passes/b/in b.
    const numbers = results(source.text)
    assert.equal(numbers.length, 8)
    const measured = [0, 1, 2, 3, 4, 5, 7].map((i) => numbers[i]!)
    assert.deepEqual(
      metricsOf(benchmarks.slice(0, 7)),
      Object.fromEntries(
        benchmarks.slice(0, 7).map((b, i) => {
          const r = measured[i]!
          assert.equal(r.samples, 10, b.name)
          // The mean, and its bootstrap interval at the level Catch2 states (ci="0.95").
          const summary = {
            center: r.mean,
            statistic: 'mean',
            stddev: r.stddev,
            n: 10,
            interval: [r.low, r.high],
            level: 0.95,
          }
          return [b.name, { time: { ...NS, summary } }]
        }),
      ),
    )
    assert.deepEqual(benchmarks[4]!.notes, [
      `measured again in a later pass of its test case (mean ${numbers[6]!.mean} ns): not imported`,
    ])
    assert.equal(benchmarks[0]!.notes, undefined)
    assert.deepEqual(benchmarks[7]!.metrics, {})
    assert.equal(benchmarks[7]!.error, 'no data (the benchmark threw; nothing measured)')
  })

  test('--benchmark-no-analysis: the mean alone, no zero deviation or empty interval', async () => {
    const source = await fixture('catch2', 'no-analysis.xml')
    const benchmarks = catch2Format.parse(source)
    const numbers = results(source.text)
    assert.deepEqual(
      benchmarks.map((b) => [b.name, b.metrics]),
      [
        ['array/sum', { time: { ...NS, summary: { center: numbers[0]!.mean, statistic: 'mean', n: 5 } } }],
        [
          'array/reversed/sum',
          { time: { ...NS, summary: { center: numbers[1]!.mean, statistic: 'mean', n: 5 } } },
        ],
      ],
    )
    assert.equal(numbers[0]!.stddev, 0, 'Catch2 writes a deviation of 0 without analysis')
  })

  test('a truncated file and a wrong structure are clear errors', async () => {
    const source = await fixture('catch2', 'results.xml')
    const mean = source.text.indexOf('<mean ')
    const meanLine = source.text.slice(0, mean).split('\n').length
    rejects(
      catch2Format,
      { ...source, text: source.text.slice(0, mean + 20) },
      new RegExp(`results\\.xml: line ${meanLine}: expected an XML tag, got "<mean value=`),
    )
    const afterFirst = source.text.indexOf('</BenchmarkResults>') + '</BenchmarkResults>'.length
    rejects(
      catch2Format,
      { ...source, text: source.text.slice(0, afterFirst) },
      /results\.xml: end of file: expected <\/Catch> \(inside vector\): the file is cut short/,
    )
    const wrong = source.text.replace(/<mean value="[^"]*"/, '<mean value="fast"')
    rejects(
      catch2Format,
      { ...source, text: wrong },
      new RegExp(`results\\.xml: line ${meanLine}: expected a number in value of <mean>, got "fast"`),
    )
    rejects(
      catch2Format,
      { ...source, text: source.text.replace('<mean ', '<average ') },
      /results\.xml: line 5: expected a <mean> in the results of vector\/sum, found none/,
    )
    rejects(
      catch2Format,
      { ...source, text: source.text.slice(0, source.text.indexOf('<standardDeviation')) },
      /results\.xml: line 5: the results of sum end without <\/BenchmarkResults>: the file is cut short/,
    )
    // Without the first </BenchmarkResults>, the </TestCase> of vector closes the wrong element.
    const unclosed = source.text.replace('</BenchmarkResults>', '')
    const testCaseEnd = unclosed.slice(0, unclosed.indexOf('</TestCase>')).split('\n').length
    rejects(
      catch2Format,
      { ...source, text: unclosed },
      new RegExp(
        `results\\.xml: line ${testCaseEnd}: expected closing tag 'BenchmarkResults' \\(opened in line 5, col 7\\) instead of closing tag 'TestCase'`,
      ),
    )
    rejects(
      catch2Format,
      { ...source, text: source.text.replace('samples="10"', 'samples="10" samples="11"') },
      /results\.xml: line 5: expected an XML tag, got "<BenchmarkResults name=\\"sum\\" samples/,
    )
  })

  test('the file is untrusted: no DOCTYPE is read, only XML entities decode, nesting is bounded', async () => {
    const source = await fixture('catch2', 'results.xml')
    // Billion laughs: each entity ten of the one before. Refused before any of it is read.
    const entities = ['<!ENTITY e0 "lol">']
    for (let i = 1; i < 10; i++) entities.push(`<!ENTITY e${i} "${`&e${i - 1};`.repeat(10)}">`)
    const bomb = source.text
      .replace('<Catch ', `<!DOCTYPE Catch [\n${entities.join('\n')}\n]>\n<Catch `)
      .replace('name="vector"', 'name="&e9;"')
    rejects(
      catch2Format,
      { ...source, text: bomb },
      /results\.xml: line 2: expected no <!DOCTYPE>: Catch2 writes none/,
    )
    // XML's own entities and character references decode; any other name stays as written.
    const named = source.text.replace('name="vector"', 'name="&#x76;ec&#116;or &amp; &e9; &lt;&gt;"')
    assert.equal(catch2Format.parse({ ...source, text: named })[0]!.name, 'vector & &e9; <>/sum')
    const deep = `<Catch>${'<Section name="s">'.repeat(10_000)}${'</Section>'.repeat(10_000)}</Catch>`
    rejects(
      catch2Format,
      { path: 'deep.xml', text: deep },
      /deep\.xml: cannot read the XML: maximum nested tags/,
    )
  })
})

// rebar is not on crates.io (the crate `rebar` there is an unrelated terminal library), so its
// fixture follows the documented schema: the header and the durations of `rebar measure` as printed
// in rebar's BYOB.md tutorial ("bring your own benchmarks", `rebar measure | tee results.csv`), the
// wire record WireMeasurement in rebar's src/format/measurement.rs, ShortHumanDuration's
// `<decimal>(s|ms|us|ns)` in src/util.rs, and error records from measurement_error in
// src/cmd/measure.rs (BurntSushi/rebar).
describe('rebar', () => {
  const PER_UNIT: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }
  const duration = (text: string) => {
    const [, value, unit] = /^([\d.]+)(\w+)$/.exec(text)!
    return Number(value) * PER_UNIT[unit!]!
  }

  test('each benchmark and engine: the median time, and the throughput where a haystack has a length', async () => {
    const source = await fixture('rebar', 'results-documented-schema.csv')
    const benchmarks = rebarFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      [
        'memmem/sherlock-holmes/libc/memmem',
        'memmem/sherlock-holmes/musl/memmem',
        'memmem/sherlock-holmes/rust/memmem',
        'memmem/very-common/libc/memmem',
        'memmem/very-common/rust/memmem',
        'memmem/compile-needle/rust/memmem',
        'memmem/very-common/musl/memmem',
      ],
    )
    // The records without an error hold no quoted field: a plain split reads them.
    const rows = source.text
      .trim()
      .split('\n')
      .slice(1, 7)
      .map((l) => l.split(','))
    const expected = Object.fromEntries(
      rows.map((f) => {
        const [name, , , engine, , , length, iters, , median, , , stddev] = f
        const time = {
          ...NS,
          summary: {
            center: duration(median!),
            statistic: 'median',
            stddev: duration(stddev!),
            n: Number(iters),
          },
        }
        return [`${name}/${engine}`, { time, length: Number(length) }]
      }),
    )
    for (const b of benchmarks.slice(0, 6)) {
      const e = expected[b.name]!
      assert.deepEqual(Object.keys(b.metrics), e.length > 0 ? ['time', 'throughput'] : ['time'], b.name)
      assert.deepEqual(b.metrics.time, e.time, b.name)
      if (e.length > 0) {
        const t = b.metrics.throughput!
        assert.deepEqual([t.unit, t.direction, t.summary!.n], ['bytes/s', 'higher', e.time.summary.n], b.name)
        close(t.summary!.center, e.length / (e.time.summary.center / 1e9), `${b.name} throughput`)
      }
    }
    // By hand: libc/memmem on sherlock-holmes, median 58.94us of 51058 samples, stddev 3.48us;
    // 607430 bytes in 58.94 µs is 10.306 GB/s (`rebar cmp` prints it as 9.6 GB/s, in GiB).
    const libc = benchmarks[0]!.metrics
    close(libc.time!.summary!.center, 58940, 'median')
    close(libc.time!.summary!.stddev, 3480, 'stddev')
    assert.equal(libc.time!.summary!.n, 51058)
    close(libc.throughput!.summary!.center / 1024 ** 3, 9.598, 'GiB/s as rebar cmp prints', 1e-3)
    // 357.00ns stays in ns; a compile benchmark has no haystack, so no throughput.
    close(benchmarks[2]!.metrics.time!.summary!.stddev, 357, 'stddev in ns')
    assert.equal(benchmarks[5]!.metrics.throughput, undefined)
    assert.deepEqual(benchmarks[6]!.metrics, {})
    assert.equal(
      benchmarks[6]!.error,
      `failed to run command for 'musl/memmem', last line of stderr is: error: "memmem" not found (rebar recorded an error; nothing measured)`,
    )
    assert.match(benchmarks[0]!.notes!.join('\n'), /rebar keeps aggregates only: the median of 51058 samples/)
  })

  test('a truncated file and a wrong structure are clear errors', async () => {
    const source = await fixture('rebar', 'results-documented-schema.csv')
    const third = source.text.split('\n').slice(0, 3).join('\n')
    rejects(
      rebarFormat,
      { ...source, text: third.slice(0, third.lastIndexOf(',4.51s')) },
      /results-documented-schema\.csv: line 3: expected 15 fields as in the header, got 8/,
    )
    rejects(
      rebarFormat,
      { ...source, text: source.text.slice(0, source.text.lastIndexOf('""memmem""')) },
      /results-documented-schema\.csv: line 8: expected a closing quote, reached the end of the file/,
    )
    rejects(
      rebarFormat,
      { ...source, text: source.text.replace('58.94us', '58.94 microseconds') },
      /results-documented-schema\.csv: line 2: expected a duration like 59\.28us \(a decimal and s, ms, us or ns\) in median, got "58\.94 microseconds"/,
    )
    rejects(
      rebarFormat,
      { ...source, text: source.text.replace(',median,', ',p50,') },
      /results-documented-schema\.csv: line 1: expected the columns of `rebar measure` .*; missing median/,
    )
  })
})

// Tables of Metron's guided tour: see fixtures/import/metron/README.md.
describe('metron', () => {
  const PER_UNIT: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }
  const PREFIX: Record<string, number> = { '': 1, M: 1e6, G: 1e9, Gi: 1024 ** 3 }

  async function expectedOf(file: string) {
    const source = await fixture('metron', file)
    const rows = source.text
      .split('\n')
      .map((l) => /^(\S+)\s+([\d.]+) (ns)\s+(\d+)(?: rate=([\d.]+)(Gi|G|M)?(B|add)\/s)?$/.exec(l))
      .filter((m) => m !== null)
    return {
      source,
      rows: rows.map(([, name, time, unit, , rate, prefix, what]) => {
        const timeNs = Number(time) * PER_UNIT[unit!]!
        return {
          name: name!,
          time: timeNs,
          throughput: rate ? Number(rate) * PREFIX[prefix ?? '']! : 1e9 / timeNs,
          unit: what === 'B' ? 'bytes/s' : 'ops/s',
        }
      }),
    }
  }

  for (const [file, count] of [
    ['guided-tour-fib.txt', 10],
    ['guided-tour-memcpy.txt', 9],
    ['guided-tour-threads.txt', 12],
  ] as const) {
    test(`${file}: one benchmark per row, time and throughput summaries`, async () => {
      const { source, rows } = await expectedOf(file)
      assert.equal(rows.length, count)
      const benchmarks = metronFormat.parse(source)
      assert.deepEqual(
        benchmarks.map((b) => b.name),
        rows.map((r) => r.name),
      )
      benchmarks.forEach((b, i) => {
        const r = rows[i]!
        assert.deepEqual(Object.keys(b.metrics), ['time', 'throughput'], b.name)
        assert.deepEqual(b.metrics.time, { ...NS, summary: { center: r.time } }, b.name)
        const t = b.metrics.throughput!
        assert.deepEqual([t.unit, t.direction, t.samples], [r.unit, 'higher', undefined], b.name)
        close(t.summary!.center, r.throughput, `${b.name} throughput`)
      })
    })
  }

  test('hand-checked rows', async () => {
    const byName = (benchmarks: ImportedBenchmark[]) => metricsOf(benchmarks)
    const fib = byName(metronFormat.parse((await expectedOf('guided-tour-fib.txt')).source))
    assert.equal(fib['fib/recurse/20']!.time!.summary!.center, 20284)
    close(fib['fib/recurse/20']!.throughput!.summary!.center, 49299.941, 'one call per 20284 ns', 1e-8)
    const memcpy = byName(metronFormat.parse((await expectedOf('guided-tour-memcpy.txt')).source))
    assert.equal(memcpy['memcpy/1k']!.throughput!.unit, 'bytes/s')
    close(memcpy['memcpy/1k']!.throughput!.summary!.center, 70.397 * 1073741824, '70.397GiB/s')
    const threads = metronFormat.parse((await expectedOf('guided-tour-threads.txt')).source)
    const fetchAdd = byName(threads)['threads/fetchAdd/threads:2']!
    close(fetchAdd.throughput!.summary!.center, 81.158e6, '81.158Madd/s')
    close(fetchAdd.time!.summary!.center, 12.3, '12.3 ns')
    assert.deepEqual(threads[5]!.notes, [
      'one measurement over 110394314 iterations (Metron prints no samples or spread)',
    ])
  })

  test('a truncated table and a wrong row are clear errors', async () => {
    const source = await fixture('metron', 'guided-tour-fib.txt')
    rejects(
      metronFormat,
      { ...source, text: source.text.slice(0, source.text.indexOf('20284') + 5) },
      /guided-tour-fib\.txt: line 8: expected a Metron row \(name, time with its unit, iterations, name=value counters\), got "fib\/recurse\/20\s+20284"/,
    )
    rejects(
      metronFormat,
      { ...source, text: source.text.replace('156 ns', 'slow ns') },
      /guided-tour-fib\.txt: line 7: expected a Metron row .*, got "fib\/recurse\/10\s+slow ns\s+8955079"/,
    )
    rejects(
      metronFormat,
      { ...source, text: source.text.replace(/Iterations/, 'Count') },
      /guided-tour-fib\.txt: expected a Metron table: a "Benchmark {2}Time {2}Iterations" header, found none/,
    )
  })
})

// examples/c-scaling/counters.c on runners/c/csb_harness.h, and CSB's own sample line: see
// fixtures/import/csb/capture.sh.
describe('csb', () => {
  function fieldsOf(line: string): Map<string, string> {
    return new Map(
      line
        .split(';')
        .filter((item) => item !== '')
        .map((item) => item.split('=') as [string, string]),
    )
  }

  test('one sample per line: throughput (ops/s) and peak memory, grouped by algo_name and threads', async () => {
    const source = await fixture('csb', 'runs.txt')
    const lines = source.text.trim().split('\n').map(fieldsOf)
    assert.equal(lines.length, 7)
    const benchmarks = csbFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['atomic/threads:2', 'local/threads:2', 'atomic/threads:1'],
    )
    const group = (from: number, to: number): Record<string, ImportedMetric> => ({
      // Every thread's operations over the slowest thread's duration, which CSB prints in µs.
      throughput: {
        unit: 'ops/s',
        direction: 'higher',
        samples: lines
          .slice(from, to)
          .map((f) => Number(f.get('univ_count')) / (Number(f.get('duration_max_ms')) / 1e6)),
      },
      memory: {
        unit: 'bytes',
        direction: 'lower',
        samples: lines.slice(from, to).map((f) => Number(f.get('max_rss_kb')) * 1024),
      },
    })
    assert.deepEqual(metricsOf(benchmarks), {
      'atomic/threads:2': group(0, 3),
      'local/threads:2': group(3, 6),
      'atomic/threads:1': group(6, 7),
    })
    // Each agrees with CSB's own throughput_min, in operations per millisecond.
    // (to within its rounding of the durations).
    for (const [i, t] of benchmarks[0]!.metrics.throughput!.samples!.entries())
      close(t, Number(lines[i]!.get('throughput_min')) * 1000, `run ${i + 1}`, 1e-4)
    assert.deepEqual(benchmarks[0]!.notes, ['3 runs (lines 1, 2, 3)'])
  })

  test("CSB's own sample line: bm_empty at 12 threads", async () => {
    const benchmarks = csbFormat.parse(await fixture('csb', 'bm_empty.txt'))
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['bm_empty/threads:12'],
    )
    // 301 374 035 operations in 1 014 483 µs; 2508 KiB of peak memory.
    assert.equal(benchmarks[0]!.metrics.throughput!.samples!.length, 1)
    close(benchmarks[0]!.metrics.throughput!.samples![0], 301374035 / 1.014483, 'ops/s')
    assert.deepEqual(benchmarks[0]!.metrics.memory, {
      unit: 'bytes',
      direction: 'lower',
      samples: [2508 * 1024],
    })
  })

  test('a truncated line and a wrong item are clear errors', async () => {
    const source = await fixture('csb', 'runs.txt')
    const cut = source.text.slice(0, source.text.lastIndexOf('duration_max_ms=') + 19)
    rejects(
      csbFormat,
      { ...source, text: cut },
      /runs\.txt: line 7: expected the line to end with ; \(every CSB item does\), got ".*duration_max_ms=\d{3}"/,
    )
    const lines = source.text.split('\n')
    lines[1] = lines[1]!.replace(/univ_count=\d+/, 'univ_count=many')
    rejects(
      csbFormat,
      { ...source, text: lines.join('\n') },
      /runs\.txt: line 2: the CSB item univ_count=many is not a number/,
    )
    rejects(
      csbFormat,
      { ...source, text: 'threads=2; oops;x=1;\n' },
      /runs\.txt: line 1: the CSB item " oops" is not key=value/,
    )
  })
})
