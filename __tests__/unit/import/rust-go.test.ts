// The criterion, libtest, go and bmf importers, against output the real tools wrote on this machine
// (criterion 0.8.2, libtest of Rust 1.99.1, go1.26.8; see each fixture folder's capture.sh). Bencher's
// CLI is on no package registry, so the BMF fixture follows the documented schema:
// https://bencher.dev/docs/reference/bencher-metric-format/ (JSON schema https://bencher.dev/bmf.json;
// built-in measures latency in ns and throughput in ops/s per
// https://bencher.dev/docs/how-to/track-custom-benchmarks/, file-size in bytes per
// https://bencher.dev/docs/how-to/track-file-size/, build-time in seconds).
import assert from 'node:assert/strict'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { bmfFormat } from '../../../src/import/formats/bmf.ts'
import { criterionFormat, readCriterionDirectory } from '../../../src/import/formats/criterion.ts'
import { goFormat } from '../../../src/import/formats/go.ts'
import { libtestFormat } from '../../../src/import/formats/libtest.ts'
import type { ImportedBenchmark, ImportSource } from '../../../src/import/types.ts'
import { ImportFormatError } from '../../../src/import/types.ts'
import { formatError } from '../../support/helpers.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'import')
const CRITERION_DIR = path.join(FIXTURES, 'criterion', 'target-criterion')

async function fixture(...parts: string[]): Promise<ImportSource> {
  const file = path.join(FIXTURES, ...parts)
  return { path: file, text: await readFile(file, 'utf8') }
}

function byName(benchmarks: ImportedBenchmark[], name: string): ImportedBenchmark {
  const found = benchmarks.find((b) => b.name === name)
  assert.notEqual(found, undefined, `no benchmark named ${name}`)
  return found!
}

function close(actual: number, expected: number, what: string, relative = 1e-12): void {
  assert.ok(
    Math.abs(actual - expected) <= Math.abs(expected) * relative,
    `${what}: ${actual} is not ${expected}`,
  )
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length
}

async function formatErrorAsync(run: () => Promise<unknown>): Promise<ImportFormatError> {
  try {
    await run()
  } catch (error) {
    assert.ok(error instanceof ImportFormatError, `expected an ImportFormatError, got ${String(error)}`)
    return error
  }
  assert.fail('expected an ImportFormatError, nothing was thrown')
}

async function tempCopy(): Promise<string> {
  const dir = path.join(os.tmpdir(), `bench-criterion-${process.pid}-${Math.random().toString(36).slice(2)}`)
  await cp(CRITERION_DIR, dir, { recursive: true })
  return dir
}

describe('criterion', () => {
  const FOLDERS = ['fib 15', 'sum/iter/1024', 'sum/iter/64']
  const BYTES: Record<string, number | undefined> = {
    'fib 15': undefined,
    'sum/iter/1024': 8192,
    'sum/iter/64': 512,
  }

  test('reads every new/ folder of target/criterion: per-iteration times and byte throughput', async () => {
    const benchmarks = await readCriterionDirectory(CRITERION_DIR)
    // In path order; names are benchmark.json's full_id.
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      FOLDERS,
    )
    for (const folder of FOLDERS) {
      const b = byName(benchmarks, folder)
      const sample = JSON.parse(
        await readFile(path.join(CRITERION_DIR, folder, 'new', 'sample.json'), 'utf8'),
      )
      const estimates = JSON.parse(
        await readFile(path.join(CRITERION_DIR, folder, 'new', 'estimates.json'), 'utf8'),
      )
      const bytes = BYTES[folder]
      assert.deepEqual(
        Object.keys(b.metrics),
        bytes === undefined ? ['time'] : ['time', 'throughput'],
        folder,
      )
      const time = b.metrics.time!
      assert.equal(time.unit, 'ns', folder)
      assert.equal(time.direction, 'lower', folder)
      assert.equal(time.summary, undefined, `${folder}: raw samples, no summary`)
      assert.equal(time.samples!.length, 10, `${folder}: --sample-size 10`)
      const expected = (sample.times as number[]).map((t, i) => t / sample.iters[i])
      assert.deepEqual(time.samples, expected, folder)
      // criterion's own mean estimate is the mean of the same per-iteration times.
      close(mean(time.samples!), estimates.mean.point_estimate, `${folder} mean`, 1e-9)
      if (bytes !== undefined) {
        const throughput = b.metrics.throughput!
        assert.equal(throughput.unit, 'bytes/s', folder)
        assert.equal(throughput.direction, 'higher', folder)
        assert.equal(throughput.samples!.length, 10, folder)
        for (const [i, rate] of throughput.samples!.entries())
          close(rate, (bytes * sample.iters[i] * 1e9) / sample.times[i], `${folder} throughput[${i}]`)
      }
    }
    // Hand-checked against the fixture: 5499523 ns for 278778 iterations; 512 bytes in that time.
    const sum64 = byName(benchmarks, 'sum/iter/64')
    close(sum64.metrics.time!.samples![0]!, 19.72724892208137, 'sum/iter/64 time[0]')
    close(sum64.metrics.throughput!.samples![0]!, 25953948369.704063, 'sum/iter/64 throughput[0]')
    close(
      byName(benchmarks, 'sum/iter/1024').metrics.time!.samples![9]!,
      52050828 / 233950,
      'sum/iter/1024 time[9]',
    )
    close(byName(benchmarks, 'fib 15').metrics.time!.samples![0]!, 3237.379104477612, 'fib 15 time[0]')
  })

  test('ignores base/, change/, report/ and saved baselines', async () => {
    const dir = await tempCopy()
    try {
      const other = JSON.stringify({ sampling_mode: 'Flat', iters: [1, 1], times: [5, 6] })
      for (const baseline of ['base', 'main-branch']) {
        await mkdir(path.join(dir, 'sum/iter/64', baseline), { recursive: true })
        await writeFile(path.join(dir, 'sum/iter/64', baseline, 'sample.json'), other)
      }
      await mkdir(path.join(dir, 'sum/iter/64/change'), { recursive: true })
      await writeFile(path.join(dir, 'sum/iter/64/change/estimates.json'), '{}')
      await mkdir(path.join(dir, 'report'), { recursive: true })
      await writeFile(path.join(dir, 'report/index.html'), '<html></html>')
      assert.deepEqual(await readCriterionDirectory(dir), await readCriterionDirectory(CRITERION_DIR))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('elements and decimal-byte throughputs', async () => {
    const dir = await tempCopy()
    try {
      const info = path.join(dir, 'sum/iter/64/new/benchmark.json')
      const original = JSON.parse(await readFile(info, 'utf8'))
      const time = (await readCriterionDirectory(dir))[2]!.metrics.time!.samples!
      const cases: [unknown, Record<string, [string, number]>][] = [
        [{ Elements: 64 }, { throughput: ['ops/s', 64] }],
        [{ BytesDecimal: 512 }, { throughput: ['bytes/s', 512] }],
        [
          { ElementsAndBytes: { elements: 64, bytes: 512 } },
          { throughput: ['ops/s', 64], 'byte-throughput': ['bytes/s', 512] },
        ],
      ]
      for (const [throughput, expected] of cases) {
        await writeFile(info, JSON.stringify({ ...original, throughput }))
        const b = (await readCriterionDirectory(dir))[2]!
        assert.deepEqual(
          Object.keys(b.metrics),
          ['time', ...Object.keys(expected)],
          JSON.stringify(throughput),
        )
        for (const [name, [unit, amount]] of Object.entries(expected)) {
          assert.equal(b.metrics[name]!.unit, unit, name)
          assert.equal(b.metrics[name]!.direction, 'higher', name)
          for (const [i, rate] of b.metrics[name]!.samples!.entries())
            close(rate, (amount / time[i]!) * 1e9, `${name}[${i}]`)
        }
      }
      await writeFile(info, JSON.stringify({ ...original, throughput: { Bits: 8 } }))
      const error = await formatErrorAsync(() => readCriterionDirectory(dir))
      assert.match(
        error.message,
        /sum\/iter\/64\/new\/benchmark\.json: \$\.throughput\.Bits: expected \{ "Bytes"/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('one sample.json alone is named from its folders', async () => {
    const text = await readFile(path.join(CRITERION_DIR, 'sum/iter/64/new/sample.json'), 'utf8')
    const [b, ...rest] = criterionFormat.parse({ path: 'target/criterion/sum/iter/64/new/sample.json', text })
    assert.equal(rest.length, 0, 'one benchmark')
    assert.equal(b!.name, 'sum/iter/64')
    assert.deepEqual(Object.keys(b!.metrics), ['time'], 'no benchmark.json, so no throughput')
    assert.equal(b!.metrics.time!.samples!.length, 10)
    assert.match(b!.notes!.join('\n'), /named from the folders of its sample\.json/)
  })

  test('a malformed sample.json, a missing benchmark.json, an empty directory', async () => {
    const file = 'target/criterion/sum/iter/64/new/sample.json'
    const text = await readFile(path.join(CRITERION_DIR, 'sum/iter/64/new/sample.json'), 'utf8')
    const sample = JSON.parse(text)
    sample.times[3] = '21357540'
    const wrong = formatError(() => criterionFormat.parse({ path: file, text: JSON.stringify(sample) }))
    assert.equal(wrong.message, `${file}: $.times[3]: expected a number, got a string ("21357540")`)

    const short = formatError(() =>
      criterionFormat.parse({
        path: file,
        text: JSON.stringify({ sampling_mode: 'Linear', iters: [1, 2], times: [3] }),
      }),
    )
    assert.match(short.message, /sample\.json: \$\.times: expected as many times as iters \(2\), got 1$/)

    const dir = await tempCopy()
    try {
      await rm(path.join(dir, 'fib 15/new/benchmark.json'))
      const missing = await formatErrorAsync(() => readCriterionDirectory(dir))
      assert.match(
        missing.message,
        /fib 15\/new\/benchmark\.json: expected the benchmark\.json criterion writes/,
      )
      await rm(dir, { recursive: true, force: true })
      await mkdir(path.join(dir, 'report'), { recursive: true })
      const empty = await formatErrorAsync(() => readCriterionDirectory(dir))
      assert.match(
        empty.message,
        /: expected criterion results \(<group>\/<function>\/<value>\/new\/sample\.json/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('libtest', () => {
  test('every #[bench] line: median and spread as a summary, MB/s as bytes/s', async () => {
    const benchmarks = libtestFormat.parse(await fixture('libtest', 'cargo-bench.txt'))
    // Hand-copied from cargo-bench.txt; the ignored bench and the ignored #[test] are not benchmarks.
    const expected: [string, number, number, number?][] = [
      ['sum_100k', 20911.76, 6813.05],
      ['sum_4096_bytes', 1182.19, 713.72, 27722],
      ['sum_64', 22.73, 18.96],
      ['vec_alloc', 180.11, 140.19],
    ]
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      expected.map(([name]) => name),
    )
    for (const [name, median, spread, mbPerSecond] of expected) {
      const b = byName(benchmarks, name)
      assert.deepEqual(b.metrics.time, {
        unit: 'ns',
        direction: 'lower',
        // The spread is max − min of 50 winsorised samples: 3.29 σ.
        summary: { center: median, statistic: 'median', stddev: spread / 3.29, n: 50 },
      })
      if (mbPerSecond === undefined) assert.deepEqual(Object.keys(b.metrics), ['time'], name)
      else {
        assert.deepEqual(Object.keys(b.metrics), ['time', 'throughput'], name)
        // The bench's bytes over its median time: time seen another way.
        assert.deepEqual(b.metrics.throughput, {
          unit: 'bytes/s',
          direction: 'higher',
          summary: { center: mbPerSecond * 1e6 },
          derivedFrom: 'time',
        })
      }
      assert.equal(b.metrics.time!.samples, undefined, `${name}: libtest prints no samples`)
    }
  })

  test('older whole-nanosecond lines, --quiet progress marks, repeated names', () => {
    const text = [
      'running 3 tests',
      'iitest bench_a ... bench:       1,234 ns/iter (+/- 56) = 100 MB/s',
      'test bench_b ... bench:          12 ns/iter (+/- 1)',
      'test bench_a ... bench:       1,300 ns/iter (+/- 40)',
      '',
      'test result: ok. 0 passed; 0 failed; 0 ignored; 3 measured; 0 filtered out',
    ].join('\n')
    const benchmarks = libtestFormat.parse({ path: 'old.txt', text })
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['bench_a', 'bench_b', 'bench_a#2'],
    )
    assert.deepEqual(benchmarks[0]!.metrics.time!.summary, {
      center: 1234,
      statistic: 'median',
      stddev: 56 / 3.29,
      n: 50,
    })
    assert.equal(benchmarks[0]!.metrics.throughput!.summary!.center, 100e6)
    assert.match(benchmarks[2]!.notes!.join('\n'), /renamed from "bench_a"/)
  })

  test('a truncated line, a malformed line and a failed bench are errors naming the line', async () => {
    const source = await fixture('libtest', 'cargo-bench.txt')
    const cut = source.text.indexOf('ns/iter (+/- 713.72)') + 4
    const truncated = formatError(() =>
      libtestFormat.parse({ path: source.path, text: source.text.slice(0, cut) }),
    )
    assert.match(
      truncated.message,
      /cargo-bench\.txt: line 11: expected "test NAME \.\.\. bench: N ns\/iter \(\+\/- N\)", optionally followed by "= N MB\/s", got "test sum_4096_bytes/,
    )
    const wrong = formatError(() =>
      libtestFormat.parse({
        path: 'out.txt',
        text: 'running 1 test\ntest fast ... bench:      12 µs/iter (+/- 1)\n',
      }),
    )
    assert.match(wrong.message, /^out\.txt: line 2: expected "test NAME \.\.\. bench: N ns\/iter/)
    // A failed bench is failed alone (libtest-fail below); output that stops after it is still cut short.
    const failed = formatError(() =>
      libtestFormat.parse({ path: 'out.txt', text: 'running 1 test\ntest slow ... FAILED\n' }),
    )
    assert.match(
      failed.message,
      /^out\.txt: line 2: the output ends here without libtest's closing "test result:" line/,
    )
  })
})

describe('go', () => {
  /** Go's units → our metric name, unit, direction and factor, as the format documents them. */
  const UNITS: Record<string, [string, string, string, number, string?]> = {
    'ns/op': ['time', 'ns', 'lower', 1],
    'MB/s': ['throughput', 'bytes/s', 'higher', 1e6],
    'B/op': ['memory', 'bytes', 'lower', 1],
    'allocs/op': ['allocations', 'count', 'lower', 1],
    'probes/op': ['probes-per-op', 'count', 'lower', 1],
    'lookups/s': ['lookups-per-s', 'ops/s', 'higher', 1],
    keys: ['keys', 'other', 'lower', 1, 'keys'],
  }

  /** The fixture's result lines read by splitting on tabs: name, iterations, then "value unit" columns. */
  function columns(text: string): Map<string, Record<string, number[]>> {
    const runs = new Map<string, Record<string, number[]>>()
    for (const line of text.split('\n')) {
      if (!line.startsWith('Benchmark')) continue
      const [name, , ...cells] = line.split('\t').map((c) => c.trim())
      const metrics = runs.get(name!) ?? {}
      for (const cell of cells) {
        const [value, unit] = cell.split(' ')
        metrics[unit!] = [...(metrics[unit!] ?? []), Number(value)]
      }
      runs.set(name!, metrics)
    }
    return runs
  }

  for (const file of ['base.txt', 'head.txt']) {
    test(`every benchmark, run and metric of ${file}`, async () => {
      const source = await fixture('go', file)
      const benchmarks = goFormat.parse(source)
      assert.deepEqual(
        benchmarks.map((b) => b.name),
        [
          'BenchmarkChecksum-2',
          'BenchmarkJoin-2',
          'BenchmarkChecksumSize/size=64-2',
          'BenchmarkChecksumSize/size=1024-2',
          'BenchmarkLookup-2',
        ],
      )
      const expected = columns(source.text)
      for (const b of benchmarks) {
        const units = expected.get(b.name)!
        assert.deepEqual(
          Object.keys(b.metrics).sort(),
          Object.keys(units)
            .map((u) => UNITS[u]![0])
            .sort(),
          b.name,
        )
        for (const [printed, values] of Object.entries(units)) {
          const [name, unit, direction, factor, label] = UNITS[printed]!
          const metric = b.metrics[name]!
          assert.equal(metric.unit, unit, `${b.name} ${name}`)
          assert.equal(metric.direction, direction, `${b.name} ${name}`)
          assert.equal(metric.label, label, `${b.name} ${name}`)
          // A unit neither per operation nor per second: its direction is a guess, said so.
          assert.equal(metric.directionAssumed, unit === 'other' ? true : undefined, `${b.name} ${name}`)
          assert.equal(values.length, 5, `${b.name}: -count 5`)
          assert.deepEqual(
            metric.samples,
            values.map((v) => v * factor),
            `${b.name} ${name}`,
          )
        }
      }
      const lookup = byName(benchmarks, 'BenchmarkLookup-2')
      assert.deepEqual(lookup.notes, [
        'keys: lower is better is assumed (the unit keys is neither per operation nor per second)',
      ])
      // Deterministic in the benchmark code: 34 probes over the 8 keys, 8 keys, one 24-byte allocation.
      assert.deepEqual(lookup.metrics['probes-per-op']!.samples, [4.25, 4.25, 4.25, 4.25, 4.25])
      assert.deepEqual(lookup.metrics.keys!.samples, [8, 8, 8, 8, 8])
      const join = byName(benchmarks, 'BenchmarkJoin-2')
      assert.deepEqual(join.metrics.memory!.samples, [24, 24, 24, 24, 24])
      assert.deepEqual(join.metrics.allocations!.samples, [1, 1, 1, 1, 1])
    })
  }

  test('hand-checked values of base.txt, and head.txt is faster with a higher throughput', async () => {
    const base = goFormat.parse(await fixture('go', 'base.txt'))
    const head = goFormat.parse(await fixture('go', 'head.txt'))
    const checksum = byName(base, 'BenchmarkChecksum-2')
    assert.deepEqual(checksum.metrics.time!.samples, [6552, 6208, 6194, 6789, 6145])
    assert.deepEqual(checksum.metrics.throughput!.samples, [625.19e6, 659.74e6, 661.27e6, 603.33e6, 666.53e6])
    assert.deepEqual(
      byName(base, 'BenchmarkChecksumSize/size=64-2').metrics.time!.samples,
      [97.91, 119.9, 121.8, 94.56, 94.82],
    )
    const faster = byName(head, 'BenchmarkChecksum-2')
    assert.ok(
      Math.max(...faster.metrics.time!.samples!) < Math.min(...checksum.metrics.time!.samples!),
      'every head run of BenchmarkChecksum is faster than every base run',
    )
    assert.ok(
      Math.min(...faster.metrics.throughput!.samples!) > Math.max(...checksum.metrics.throughput!.samples!),
      'every head run of BenchmarkChecksum has a higher throughput than every base run',
    )
  })

  test('the same benchmark in two packages is qualified; a name alone and --- SKIP are not results', () => {
    const text = [
      'pkg: example.com/a',
      'BenchmarkX-8   \t 100\t  10 ns/op',
      'BenchmarkQuiet',
      '--- SKIP: BenchmarkSkipped',
      'PASS',
      'ok  \texample.com/a\t0.1s',
      'pkg: example.com/b',
      'BenchmarkX-8   \t 100\t  20 ns/op',
      'BenchmarkY-8   \t 100\t  30 ns/op\t 2.5 ms/op',
      'PASS',
      'ok  \texample.com/b\t0.1s',
    ].join('\n')
    const benchmarks = goFormat.parse({ path: 'out.txt', text })
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      ['example.com/a.BenchmarkX-8', 'example.com/b.BenchmarkX-8', 'BenchmarkY-8'],
    )
    assert.deepEqual(benchmarks[0]!.metrics.time!.samples, [10])
    // A custom unit units.ts knows is converted: ms per operation is a time in ns.
    assert.deepEqual(benchmarks[2]!.metrics['ms-per-op'], {
      unit: 'ns',
      direction: 'lower',
      samples: [2.5e6],
    })
  })

  test('a truncated line, a malformed line, changed units and a failed benchmark name the line', async () => {
    const source = await fixture('go', 'base.txt')
    const cut = source.text.indexOf(' ns/op', source.text.indexOf('BenchmarkJoin-2'))
    const truncated = formatError(() =>
      goFormat.parse({ path: source.path, text: source.text.slice(0, cut) }),
    )
    assert.match(
      truncated.message,
      /base\.txt: line 10: expected pairs of a value and its unit after the iteration count \(1052 ns\/op\), got "151\.2"$/,
    )
    const wrong = formatError(() =>
      goFormat.parse({ path: 'out.txt', text: 'BenchmarkX-8  fast  12 ns/op\n' }),
    )
    assert.equal(
      wrong.message,
      'out.txt: line 1: expected the iteration count after BenchmarkX-8, got "fast"',
    )
    const notNumber = formatError(() =>
      goFormat.parse({ path: 'out.txt', text: 'BenchmarkX-8  10  twelve ns/op\n' }),
    )
    assert.equal(notNumber.message, 'out.txt: line 1: expected a number before ns/op, got "twelve"')
    const changed = formatError(() =>
      goFormat.parse({
        path: 'out.txt',
        text: 'BenchmarkX-8  10  12 ns/op\nBenchmarkX-8  10  12 ns/op  3 B/op\n',
      }),
    )
    assert.equal(
      changed.message,
      "out.txt: line 2: expected the units of BenchmarkX-8's first line (ns/op), got ns/op, B/op",
    )
    // Cut after a whole result line: go's configuration is there, its closing line is not.
    const lineCut = source.text.indexOf('\n', source.text.indexOf('BenchmarkJoin-2')) + 1
    assert.equal(
      formatError(() => goFormat.parse({ path: 'out.txt', text: source.text.slice(0, lineCut) })).message,
      `out.txt: line 10: the output ends here without go test's closing "ok" or "FAIL" line for the package whose configuration begins at line 1 (example.com/importfixture), so it was cut short`,
    )
    // Two packages, the first without its closing line.
    assert.equal(
      formatError(() =>
        goFormat.parse({
          path: 'out.txt',
          text: 'pkg: example.com/a\nBenchmarkX-8 \t 100\t 10 ns/op\npkg: example.com/b\nBenchmarkX-8 \t 100\t 20 ns/op\nPASS\nok  \texample.com/b\t0.1s\n',
        }),
      ).message,
      `out.txt: line 3: the configuration of example.com/b before go test's closing "ok" or "FAIL" line for example.com/a (its configuration begins at line 1): that package's output was cut short`,
    )
    // Result lines alone, without go's configuration (filtered out of a log), are read as they are.
    assert.equal(
      goFormat.parse({ path: 'out.txt', text: 'BenchmarkX-8 \t 100\t 10 ns/op\n' })[0]!.metrics.time!
        .samples![0],
      10,
    )
    // A failed benchmark is one failed benchmark, not an error of the file (see import-go-libtest.test.ts).
    const failed = goFormat.parse({
      path: 'out.txt',
      text: 'goos: linux\n--- FAIL: BenchmarkX-8\n    x_test.go:9: boom\nFAIL\nexit status 1\nFAIL\texample.com/x\t0.1s\n',
    })
    assert.deepEqual(failed, [
      { name: 'BenchmarkX-8', metrics: {}, error: 'x_test.go:9: boom (--- FAIL at line 2)' },
    ])
  })
})

describe('bmf', () => {
  test('every benchmark and measure of the documented-schema fixture', async () => {
    const benchmarks = bmfFormat.parse(await fixture('bmf', 'results.documented-schema.json'))
    assert.deepEqual(benchmarks, [
      {
        name: 'sum/iter/64',
        metrics: {
          time: { unit: 'ns', direction: 'lower', summary: { center: 18.983, interval: [18.811, 19.171] } },
          throughput: {
            unit: 'ops/s',
            direction: 'higher',
            summary: { center: 52678712.5, interval: [52161754.1, 53160704.2] },
          },
        },
      },
      {
        name: '/bin/sh -c ./build.sh',
        metrics: { 'build-time': { unit: 'ns', direction: 'lower', summary: { center: 87.5e9 } } },
        notes: ['build-time: seconds converted to ns'],
      },
      {
        name: 'my_binary',
        metrics: { 'file-size': { unit: 'bytes', direction: 'lower', summary: { center: 42 } } },
      },
      {
        name: 'cache warm',
        metrics: {
          time: { unit: 'ns', direction: 'lower', summary: { center: 1250 } },
          'hit-rate': {
            unit: 'other',
            direction: 'lower',
            label: 'hit-rate',
            directionAssumed: true,
            summary: { center: 0.93, interval: [0.91, 0.95] },
          },
        },
        notes: [
          'time: only one of lower_value and upper_value is given, so no interval is kept',
          "hit-rate: not one of Bencher's built-in measures, so its unit is unknown and lower is better is assumed",
        ],
      },
    ])
  })

  test('measures given by name rather than slug', () => {
    const text = JSON.stringify({ b: { Latency: { value: 5 }, 'File Size': { value: 7 } } })
    const [b] = bmfFormat.parse({ path: 'bmf.json', text })
    assert.deepEqual(b!.metrics, {
      time: { unit: 'ns', direction: 'lower', summary: { center: 5 } },
      'file-size': { unit: 'bytes', direction: 'lower', summary: { center: 7 } },
    })
  })

  test('a wrongly shaped file names the place', async () => {
    const source = await fixture('bmf', 'results.documented-schema.json')
    const parsed = JSON.parse(source.text)
    parsed['sum/iter/64'].latency.value = 'fast'
    const wrong = formatError(() => bmfFormat.parse({ path: 'bmf.json', text: JSON.stringify(parsed) }))
    assert.equal(
      wrong.message,
      'bmf.json: $["sum/iter/64"].latency.value: expected a number, got a string ("fast")',
    )
    const array = formatError(() =>
      bmfFormat.parse({ path: 'bmf.json', text: '[{"latency": {"value": 1}}]' }),
    )
    assert.equal(array.message, 'bmf.json: $: expected an object of benchmarks by name, got an array')
    const flat = formatError(() =>
      bmfFormat.parse({ path: 'bmf.json', text: '{"my_bench": {"latency": 12}}' }),
    )
    assert.match(
      flat.message,
      /^bmf\.json: \$\.my_bench\.latency: expected \{ "value": number, "lower_value"\?/,
    )
  })
})
