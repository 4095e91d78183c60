import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { benchmarkJsFormat } from '../../../src/import/formats/benchmark-js.ts'
import { benchmarkdotnetFormat } from '../../../src/import/formats/benchmarkdotnet.ts'
import {
  customBiggerIsBetterFormat,
  customSmallerIsBetterFormat,
} from '../../../src/import/formats/github-action-benchmark.ts'
import { jmhFormat } from '../../../src/import/formats/jmh.ts'
import { juliaFormat } from '../../../src/import/formats/julia.ts'
import { pytestBenchmarkFormat } from '../../../src/import/formats/pytest-benchmark.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  ImportFormatError,
  type ImportSource,
} from '../../../src/import/types.ts'

// Fixtures: pytest-benchmark, JMH and benchmark.js output captured on this machine (each folder's
// capture.sh); BenchmarkDotNet, BenchmarkTools.jl and github-action-benchmark's custom JSON written to
// their documented schemas (the files named documented-schema*), since none of those tools runs here.
const fixtureRoot = path.join(import.meta.dirname, '..', '..', 'fixtures', 'import')

function fixture(relative: string): ImportSource {
  const file = path.join(fixtureRoot, relative)
  return { path: file, text: readFileSync(file, 'utf8') }
}

// biome-ignore lint/suspicious/noExplicitAny: raw fixture JSON, read field by field to recompute expectations
function rawJson(relative: string): any {
  return JSON.parse(fixture(relative).text)
}

/** The part of a benchmark every format must get right; notes are checked where they matter. */
function shape(benchmark: ImportedBenchmark): Pick<ImportedBenchmark, 'name' | 'metrics'> {
  return { name: benchmark.name, metrics: benchmark.metrics }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function assertImportError(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ImportFormatError, `expected an ImportFormatError, got ${String(error)}`)
    assert.match(error.message, pattern)
    return true
  })
}

function metric(benchmark: ImportedBenchmark | undefined, name: string): ImportedMetric {
  const found = benchmark?.metrics[name]
  assert.ok(found, `${benchmark?.name} has a ${name} metric`)
  return found
}

describe('pytest-benchmark', () => {
  test('with stats.data: every round is a sample, seconds → ns, named by fullname', () => {
    const parsed = pytestBenchmarkFormat.parse(fixture('pytest-benchmark/with-data.json'))
    assert.deepEqual(
      parsed.map((b) => b.name),
      [
        'test_tiny.py::test_join',
        'test_tiny.py::test_sum_squares[10]',
        'test_tiny.py::test_sum_squares[100]',
      ],
    )
    const raw = rawJson('pytest-benchmark/with-data.json')
    assert.deepEqual(
      parsed.map(shape),
      raw.benchmarks.map((b: { fullname: string; stats: { data: number[] } }) => ({
        name: b.fullname,
        metrics: { time: { unit: 'ns', direction: 'lower', samples: b.stats.data.map((s) => s * 1e9) } },
      })),
    )
    assert.deepEqual(
      parsed.map((b) => metric(b, 'time').samples?.length),
      [20, 8, 8],
    )
    // Read off the file by hand: test_sum_squares[10]'s first round, 2.8996000764891505e-06 s.
    assert.ok(
      Math.abs(metric(parsed[1], 'time').samples![0]! - 2899.6000764891505) < 1e-9,
      'the first round of test_sum_squares[10] is 2899.6 ns',
    )
    assert.deepEqual(parsed[1]!.notes, ['each sample is the mean of 5 iterations'])
  })

  test('without stats.data: a summary of the median with its interquartile range, stddev and rounds', () => {
    const parsed = pytestBenchmarkFormat.parse(fixture('pytest-benchmark/without-data.json'))
    const raw = rawJson('pytest-benchmark/without-data.json')
    assert.deepEqual(
      parsed.map(shape),
      raw.benchmarks.map(
        (b: {
          fullname: string
          stats: { median: number; iqr: number; stddev: number; rounds: number }
        }) => ({
          name: b.fullname,
          metrics: {
            time: {
              unit: 'ns',
              direction: 'lower',
              summary: {
                center: b.stats.median * 1e9,
                statistic: 'median',
                iqr: b.stats.iqr * 1e9,
                stddev: b.stats.stddev * 1e9,
                n: b.stats.rounds,
              },
            },
          },
        }),
      ),
    )
    assert.deepEqual(
      parsed.map((b) => metric(b, 'time').summary?.n),
      [20, 8, 8],
    )
    assert.ok(
      Math.abs(metric(parsed[0], 'time').summary!.center - 11098.498362116516) < 1e-9,
      'test_join median 1.1098498362116516e-05 s is 11098.50 ns (its mean, 12515.35 ns, is in a note)',
    )
    assert.match(
      parsed[0]!.notes!.join('\n'),
      /judged by its median \(mean 12520 ns, stddev 6710 ns, min [\d.]+ ns, 20 rounds\)/,
    )
    assert.equal(metric(parsed[0], 'time').samples, undefined, 'no samples are invented from a summary')
  })

  test('a wrong structure fails naming the place', () => {
    const source = fixture('pytest-benchmark/with-data.json')
    const raw = JSON.parse(source.text)
    raw.benchmarks[1].stats.data[3] = 'fast'
    assertImportError(
      () => pytestBenchmarkFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\.benchmarks\\[1\\]\\.stats\\.data\\[3\\]: expected a number.*got a string \\("fast"\\)`,
      ),
    )
    delete raw.benchmarks
    assertImportError(
      () => pytestBenchmarkFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\.benchmarks: expected an array of benchmarks, got nothing`,
      ),
    )
  })
})

describe('jmh', () => {
  // JMH's secondary metrics from -prof gc, as ours: name, unit, factor.
  const SECONDARY: Record<string, [string, string, number]> = {
    'gc.count': ['gc-count', 'count', 1],
    'gc.alloc.rate': ['gc-alloc-rate', 'bytes/s', 1e6],
    'gc.alloc.rate.norm': ['memory', 'bytes', 1],
    'gc.time': ['gc-time', 'ns', 1e6],
  }

  test('rawData flattened into samples; thrpt is a rate, avgt a time; gc metrics where units convert', () => {
    const parsed = jmhFormat.parse(fixture('jmh/jmh.json'))
    assert.deepEqual(
      parsed.map((b) => b.name),
      ['bench.Hashing.hash', 'bench.Concat.concat/length=10', 'bench.Concat.concat/length=1000'],
    )
    const raw = rawJson('jmh/jmh.json')
    const expected = raw.map(
      (entry: {
        primaryMetric: { rawData: number[][] }
        secondaryMetrics: Record<string, { rawData: number[][] }>
        params?: Record<string, string>
        benchmark: string
        mode: string
      }) => {
        const metrics: Record<string, ImportedMetric> = {}
        const raws = entry.primaryMetric.rawData.flat()
        metrics[entry.mode === 'thrpt' ? 'throughput' : 'time'] =
          entry.mode === 'thrpt'
            ? { unit: 'ops/s', direction: 'higher', samples: raws.map((x) => x * 1000) } // ops/ms
            : { unit: 'ns', direction: 'lower', samples: raws } // ns/op
        for (const [key, value] of Object.entries(entry.secondaryMetrics)) {
          const ours = SECONDARY[key]
          if (!ours) continue
          metrics[ours[0]] = {
            unit: ours[1] as ImportedMetric['unit'],
            direction: 'lower',
            samples: value.rawData.flat().map((x) => x * ours[2]),
          }
        }
        const params = Object.entries(entry.params ?? {}).map(([k, v]) => `/${k}=${v}`)
        return { name: entry.benchmark + params.join(''), metrics }
      },
    )
    assert.deepEqual(parsed.map(shape), expected)
    // By hand: hash's first iteration was 780783.3348842087 ops/ms; concat(10) allocated 64.003 B/op.
    assert.ok(
      Math.abs(metric(parsed[0], 'throughput').samples![0]! - 780783334.8842087) < 1e-3,
      'hash: 780783.33 ops/ms is 780783334.88 ops/s',
    )
    assert.deepEqual(Object.keys(parsed[0]!.metrics), ['throughput', 'gc-alloc-rate', 'memory', 'gc-count'])
    assert.deepEqual(Object.keys(parsed[1]!.metrics), [
      'time',
      'gc-alloc-rate',
      'memory',
      'gc-count',
      'gc-time',
    ])
    assert.equal(metric(parsed[1], 'memory').samples![0], 64.0030637267518)
    assert.deepEqual(metric(parsed[2], 'gc-time').samples, [11e6])
    assert.deepEqual(metric(parsed[0], 'gc-count'), {
      unit: 'count',
      direction: 'lower',
      samples: raw[0].secondaryMetrics['gc.count'].rawData.flat(),
    })
  })

  test('SampleTime: the histogram of each iteration becomes its mean call; two modes get the mode in the name', () => {
    const parsed = jmhFormat.parse(fixture('jmh/jmh-sample-ss.json'))
    assert.deepEqual(
      parsed.map((b) => b.name),
      ['bench.Concat.concat/length=10/mode=sample', 'bench.Concat.concat/length=10/mode=ss'],
    )
    const raw = rawJson('jmh/jmh-sample-ss.json')
    const means: number[] = []
    let calls = 0
    for (const fork of raw[0].primaryMetric.rawDataHistogram as [number, number][][][])
      for (const iteration of fork) {
        const n = iteration.reduce((sum, [, count]) => sum + count, 0)
        calls += n
        means.push(iteration.reduce((sum, [value, count]) => sum + value * count, 0) / n)
      }
    assert.equal(calls, 5789, 'the calls the fixture recorded')
    assert.equal(means.length, 2, 'two measured iterations')
    assert.deepEqual(parsed.map(shape), [
      { name: parsed[0]!.name, metrics: { time: { unit: 'ns', direction: 'lower', samples: means } } },
      {
        name: parsed[1]!.name,
        metrics: { time: { unit: 'ns', direction: 'lower', samples: [10932, 11659] } },
      },
    ])
  })

  test('a wrong structure fails naming the place', () => {
    const source = fixture('jmh/jmh.json')
    const raw = JSON.parse(source.text)
    raw[2].primaryMetric.rawData = [[1.5, '2.5']]
    assertImportError(
      () => jmhFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\[2\\]\\.primaryMetric\\.rawData\\[0\\]\\[1\\]: expected a number`,
      ),
    )
    raw[1].secondaryMetrics['gc.alloc.rate'] = 17
    assertImportError(
      () => jmhFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\[1\\]\\.secondaryMetrics\\["gc\\.alloc\\.rate"\\]: expected an object, got the number 17`,
      ),
    )
  })
})

describe('benchmarkdotnet', () => {
  // Schema: BenchmarkDotNet's JsonExporterBase (src/BenchmarkDotNet/Exporters/Json/JsonExporterBase.cs in
  // dotnet/BenchmarkDotNet): Benchmarks[] with FullName, Statistics, Memory, Measurements
  // ({IterationMode, IterationStage, LaunchIndex, IterationIndex, Operations, Nanoseconds}) and Metrics;
  // its exporter approval file (tests/BenchmarkDotNet.Tests/Exporters/ApprovedFiles/
  // CommonExporterApprovalTests.Exporters.Invariant.approved.txt) for the field order and OriginalValues,
  // and docs/articles/samples/IntroExportJson.md for the early brief layout (no FullName, no OriginalValues).
  const FULL = 'benchmarkdotnet/documented-schema-report-full.json'
  const BRIEF = 'benchmarkdotnet/documented-schema-0.9-report-brief.json'

  test('full exporter: Workload/Result measurements are the samples, BytesAllocatedPerOperation is memory', () => {
    const parsed = benchmarkdotnetFormat.parse(fixture(FULL))
    assert.deepEqual(
      parsed.map((b) => b.name),
      [
        'Bench.StringBenchmarks.Concat(N: 10)',
        'Bench.StringBenchmarks.Concat(N: 1000)',
        'Bench.StringBenchmarks.Length',
      ],
    )
    const raw = rawJson(FULL)
    type Measurement = {
      IterationMode: string
      IterationStage: string
      Operations: number
      Nanoseconds: number
    }
    const expected = raw.Benchmarks.map(
      (b: {
        FullName: string
        Measurements: Measurement[]
        Memory: { BytesAllocatedPerOperation: number }
      }) => ({
        name: b.FullName,
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            samples: b.Measurements.filter(
              (m) => m.IterationMode === 'Workload' && m.IterationStage === 'Result',
            ).map((m) => m.Nanoseconds / m.Operations),
          },
          memory: {
            unit: 'bytes',
            direction: 'lower',
            value: b.Memory.BytesAllocatedPerOperation,
          },
        },
      }),
    )
    assert.deepEqual(parsed.map(shape), expected)
    // The measurements are the numbers BenchmarkDotNet's statistics were computed from.
    parsed.forEach((b, i) => {
      assert.deepEqual(metric(b, 'time').samples, raw.Benchmarks[i].Statistics.OriginalValues)
    })
    assert.deepEqual(
      parsed.map((b) => metric(b, 'memory').value),
      [56, 4024, 0],
    )
    assert.deepEqual(parsed[0]!.notes, ['diagnoser metrics not imported: Gen0Collects'])
  })

  test('without Measurements: Statistics.OriginalValues; without those, a summary of Mean, StandardDeviation and N', () => {
    const source = fixture(FULL)
    const raw = JSON.parse(source.text)
    for (const b of raw.Benchmarks) delete b.Measurements
    const fromStatistics = benchmarkdotnetFormat.parse({ path: source.path, text: JSON.stringify(raw) })
    fromStatistics.forEach((b, i) => {
      assert.deepEqual(metric(b, 'time').samples, raw.Benchmarks[i].Statistics.OriginalValues)
    })

    const parsed = benchmarkdotnetFormat.parse(fixture(BRIEF))
    assert.deepEqual(parsed.map(shape), [
      {
        name: 'Samples.ParsingBenchmarks.ParseInt',
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            summary: { center: 41.87, statistic: 'mean', stddev: 0.93, n: 20 },
          },
        },
      },
      {
        name: 'Samples.ParsingBenchmarks.ParseDouble(Digits: 12)',
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            summary: { center: 187.25, statistic: 'mean', stddev: 4.5, n: 15 },
          },
        },
      },
    ])
  })

  test('one benchmark under two jobs: the job from DisplayInfo tells them apart', () => {
    const source = fixture(FULL)
    const raw = JSON.parse(source.text)
    const second = structuredClone(raw.Benchmarks[0])
    raw.Benchmarks[0].DisplayInfo = 'StringBenchmarks.Concat: .NET 6.0 [N=10]'
    second.DisplayInfo = 'StringBenchmarks.Concat: .NET 8.0 [N=10]'
    raw.Benchmarks.push(second)
    const names = benchmarkdotnetFormat
      .parse({ path: source.path, text: JSON.stringify(raw) })
      .map((b) => b.name)
    assert.deepEqual(names, [
      'Bench.StringBenchmarks.Concat(N: 10)/.NET 6.0',
      'Bench.StringBenchmarks.Concat(N: 1000)',
      'Bench.StringBenchmarks.Length',
      'Bench.StringBenchmarks.Concat(N: 10)/.NET 8.0',
    ])
  })

  test('a wrong structure fails naming the place', () => {
    const source = fixture(FULL)
    const raw = JSON.parse(source.text)
    const result = raw.Benchmarks[1].Measurements.findIndex(
      (m: { IterationStage: string }) => m.IterationStage === 'Result',
    )
    raw.Benchmarks[1].Measurements[result].Nanoseconds = null
    assertImportError(
      () => benchmarkdotnetFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\.Benchmarks\\[1\\]\\.Measurements\\[${result}\\]\\.Nanoseconds: expected a number, got null`,
      ),
    )
    raw.Benchmarks[1].Measurements = []
    raw.Benchmarks[1].Statistics = null
    assertImportError(
      () => benchmarkdotnetFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\.Benchmarks\\[1\\]\\.Statistics: expected statistics or Workload/Result measurements`,
      ),
    )
  })
})

describe('benchmark-js', () => {
  test('each result line is a throughput summary: ops/sec, ± rme at 95%, runs sampled', () => {
    const parsed = benchmarkJsFormat.parse(fixture('benchmark-js/benchmark-js.txt'))
    // As printed in the fixture: name, ops/sec, rme %, runs.
    const lines: [string, number, number, number][] = [
      ['RegExp#test', 12672792, 11.06, 8],
      ['String#indexOf', 267345574, 42.04, 8],
      ['sort 10k numbers', 128, 63.55, 7],
      ['busy wait 12ms', 70.27, 22.36, 8],
    ]
    assert.deepEqual(
      parsed.map(shape),
      lines.map(([name, hz, rme, runs]) => ({
        name,
        metrics: {
          throughput: {
            unit: 'ops/s',
            direction: 'higher',
            summary: {
              center: hz,
              statistic: 'mean',
              interval: [hz * (1 - rme / 100), hz * (1 + rme / 100)],
              level: 0.95,
              n: runs,
            },
          },
        },
      })),
    )
  })

  test('a truncated line and a file without results fail naming the line', () => {
    const source = fixture('benchmark-js/benchmark-js.txt')
    const lines = source.text.split('\n')
    lines[2] = 'sort 10k numbers x 128 ops/sec ±63.5'
    assertImportError(
      () => benchmarkJsFormat.parse({ path: source.path, text: lines.join('\n') }),
      new RegExp(
        `^${escapeRegExp(source.path)}: line 3: expected a benchmark\\.js result .* got "sort 10k numbers x 128 ops/sec ±63\\.5"`,
      ),
    )
    assertImportError(
      () => benchmarkJsFormat.parse({ path: source.path, text: 'Fastest is RegExp#test\n' }),
      new RegExp(`^${escapeRegExp(source.path)}: no benchmark\\.js result line`),
    )
    lines[2] = lines[0]!
    assertImportError(
      () => benchmarkJsFormat.parse({ path: source.path, text: lines.join('\n') }),
      new RegExp(
        `^${escapeRegExp(source.path)}: line 3: expected each benchmark once, got "RegExp#test" again`,
      ),
    )
  })
})

describe('julia', () => {
  // Schema: BenchmarkTools.jl (JuliaCI/BenchmarkTools.jl): src/serialization.jl writes
  // [versions, [values]] with each value lowered to [type name, fields]; src/trials.jl gives Trial's
  // fields (params, times, gctimes, memory, allocs) and src/groups.jl BenchmarkGroup's (tags, data).
  const FILE = 'julia/documented-schema-results.json'

  test('times are the samples; memory and allocs single values; nested groups joined with /', () => {
    const parsed = juliaFormat.parse(fixture(FILE))
    const names = ['trig/sin', 'trig/cos', 'strings/join 100', 'strings/("repeat", 16)', 'sum']
    assert.deepEqual(
      parsed.map((b) => b.name),
      names,
    )
    const top = rawJson(FILE)[1][0][1].data
    const trials = [
      top.trig[1].data.sin[1],
      top.trig[1].data.cos[1],
      top.strings[1].data['join 100'][1],
      top.strings[1].data['("repeat", 16)'][1],
      top.sum[1],
    ]
    assert.deepEqual(
      parsed.map(shape),
      trials.map((trial: { times: number[]; memory: number; allocs: number }, i) => ({
        name: names[i],
        metrics: {
          time: { unit: 'ns', direction: 'lower', samples: trial.times },
          memory: { unit: 'bytes', direction: 'lower', value: trial.memory },
          allocations: { unit: 'count', direction: 'lower', value: trial.allocs },
        },
      })),
    )
    assert.deepEqual(
      parsed.map((b) => metric(b, 'time').samples?.length),
      [6, 5, 7, 4, 5],
    )
    assert.equal(metric(parsed[2], 'memory').value, 2208)
    assert.equal(metric(parsed[2], 'allocations').value, 9)
  })

  test('a Trial saved on its own is named by its place; TrialEstimates are summaries', () => {
    const source = fixture(FILE)
    const trial = JSON.parse(source.text)[1][0][1].data.sum
    const estimate = [
      'BenchmarkTools.TrialEstimate',
      { params: trial[1].params, time: 48.2, gctime: 0, memory: 16, allocs: 1 },
    ]
    const text = JSON.stringify([
      { Julia: '1.10.4', BenchmarkTools: '1.5.0' },
      [trial[1].params, trial, estimate],
    ])
    const parsed = juliaFormat.parse({ path: source.path, text })
    assert.deepEqual(parsed.map(shape), [
      {
        name: '#2',
        metrics: {
          time: { unit: 'ns', direction: 'lower', samples: trial[1].times },
          memory: { unit: 'bytes', direction: 'lower', value: 0 },
          allocations: { unit: 'count', direction: 'lower', value: 0 },
        },
      },
      {
        name: '#3',
        metrics: {
          time: { unit: 'ns', direction: 'lower', summary: { center: 48.2 } },
          memory: { unit: 'bytes', direction: 'lower', value: 16 },
          allocations: { unit: 'count', direction: 'lower', value: 1 },
        },
      },
    ])
  })

  test('a wrong structure fails naming the place', () => {
    const source = fixture(FILE)
    const raw = JSON.parse(source.text)
    raw[1][0][1].data.strings[1].data['join 100'][1].times = { first: 1 }
    assertImportError(
      () => juliaFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\[1\\]\\[0\\]\\[1\\]\\.data\\.strings\\[1\\]\\.data\\["join 100"\\]\\[1\\]\\.times: expected an array of numbers, got an object`,
      ),
    )
    raw[1][0][1].data.trig = ['TrialJudgement', {}]
    assertImportError(
      () => juliaFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\[1\\]\\[0\\]\\[1\\]\\.data\\.trig\\[0\\]: expected BenchmarkGroup, Trial or TrialEstimate`,
      ),
    )
  })
})

describe('github-action-benchmark custom JSON', () => {
  // Schema: README of benchmark-action/github-action-benchmark, "Generic JSON format" /
  // customBiggerIsBetter and customSmallerIsBetter: entries with `name`, `unit` and `value`, optional
  // `range` (results' variance) and `extra`.
  const SMALLER = 'github-action-benchmark/documented-schema-smaller-is-better.json'
  const BIGGER = 'github-action-benchmark/documented-schema-bigger-is-better.json'

  test('smaller is better: one value each, units converted where known, ranges as intervals', () => {
    const parsed = customSmallerIsBetterFormat.parse(fixture(SMALLER))
    assert.deepEqual(parsed.map(shape), [
      {
        name: 'parse/small file',
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            summary: { center: 12.75 * 1e6, interval: [(12.75 - 0.4) * 1e6, (12.75 + 0.4) * 1e6] },
          },
        },
      },
      {
        name: 'parse/large file',
        metrics: {
          time: { unit: 'ns', direction: 'lower', summary: { center: 845210, interval: [842090, 848330] } },
        },
      },
      {
        name: 'peak RSS',
        metrics: {
          memory: {
            unit: 'bytes',
            direction: 'lower',
            summary: { center: 38.5 * 1048576, interval: [36.5 * 1048576, 40.5 * 1048576] },
          },
        },
      },
      {
        name: 'CPU load',
        metrics: { value: { unit: 'percent', direction: 'lower', summary: { center: 50 } } },
      },
      {
        name: 'startup',
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            summary: {
              center: 0.82 * 1e9,
              interval: [(0.82 - (0.82 * 5) / 100) * 1e9, (0.82 + (0.82 * 5) / 100) * 1e9],
            },
          },
        },
      },
    ])
  })

  test('bigger is better: the direction is the format, whatever the unit; unknown units keep their label', () => {
    const parsed = customBiggerIsBetterFormat.parse(fixture(BIGGER))
    assert.deepEqual(parsed.map(shape), [
      {
        name: 'server/requests',
        metrics: {
          value: {
            unit: 'other',
            label: 'req/s',
            direction: 'higher',
            summary: { center: 18250.5, interval: [17840.25, 18660.75] },
          },
        },
      },
      {
        name: 'codec/encode',
        metrics: { throughput: { unit: 'bytes/s', direction: 'higher', summary: { center: 612.4 * 1e6 } } },
      },
      {
        name: 'puts',
        metrics: { throughput: { unit: 'ops/s', direction: 'higher', summary: { center: 17260.166 } } },
      },
      {
        name: 'compression ratio',
        metrics: {
          value: {
            unit: 'other',
            label: 'x',
            direction: 'higher',
            summary: { center: 3.2, interval: [3.2 - 0.05, 3.2 + 0.05] },
          },
        },
      },
    ])
    // The smaller-is-better file read as bigger-is-better: same values, every direction flipped.
    const flipped = customBiggerIsBetterFormat.parse(fixture(SMALLER))
    const straight = customSmallerIsBetterFormat.parse(fixture(SMALLER))
    assert.deepEqual(
      flipped.map((b) => Object.values(b.metrics).map((m) => m.direction)),
      straight.map(() => ['higher']),
    )
    assert.deepEqual(
      flipped.map((b) => Object.values(b.metrics).map((m) => m.summary)),
      straight.map((b) => Object.values(b.metrics).map((m) => m.summary)),
    )
  })

  test('a wrong structure fails naming the place', () => {
    const source = fixture(SMALLER)
    const raw = JSON.parse(source.text)
    delete raw[1].value
    assertImportError(
      () => customSmallerIsBetterFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$\\[1\\]\\.value: expected a number \\(or a string holding one\\), got nothing`,
      ),
    )
    raw[1].value = 3
    raw[0].range = 'between 1 and 2'
    assertImportError(
      () => customSmallerIsBetterFormat.parse({ path: source.path, text: JSON.stringify(raw) }),
      new RegExp(`^${escapeRegExp(source.path)}: \\$\\[0\\]\\.range: expected a range such as "± 3"`),
    )
    assertImportError(
      () => customBiggerIsBetterFormat.parse({ path: source.path, text: JSON.stringify({ benches: raw }) }),
      new RegExp(
        `^${escapeRegExp(source.path)}: \\$: expected an array of \\{"name", "unit", "value"\\} entries, got an object`,
      ),
    )
  })
})
