// The outputs scaling benchmarks read throughput from: CSB's key=val; line (the sample line of CSB's
// documentation, and lines captured from the CSB harness in runners/c) and Metron's table (lines of
// Metron's guided tour).
import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { CsbFormatError, csbThroughput, parseCsbLine } from '../../../../src/import/formats/csb.ts'
import { metronThroughput, parseMetronTable, parseRate } from '../../../../src/import/formats/metron.ts'
import { throughputFromOutput } from '../../../../src/kinds/scaling/measure.ts'

const CSB = path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'csb')

describe('CSB output', () => {
  test("the sample line of CSB's documentation (bm_empty, 12 threads)", async () => {
    const fields = parseCsbLine(await readFile(path.join(CSB, 'bm_empty.txt'), 'utf8'))
    assert.equal(fields.get('num_threads'), '12')
    assert.equal(fields.get('algo_name'), 'bm_empty')
    assert.equal(fields.get('univ_count'), '301374035')
    assert.equal(fields.get('max_rss_kb'), '2508')
    // 301 374 035 operations over the slowest thread's 1 014 483 µs (duration_max_ms is µs):
    // 297.07 M ops/s, which is CSB's throughput_min (ops per ms) × 1000.
    const opsPerSecond = csbThroughput(fields)
    assert.ok(Math.abs(opsPerSecond - 301374035 / 1.014483) < 1, `${opsPerSecond}`)
    assert.ok(
      Math.abs(opsPerSecond - 297071.55882159 * 1000) / opsPerSecond < 1e-6,
      'agrees with throughput_min',
    )
  })

  test('lines captured from the CSB harness give the same throughput both ways', async () => {
    const files = (await readdir(CSB)).filter((f) => f.endsWith('.txt') && f !== 'bm_empty.txt')
    assert.ok(files.length >= 4, `captured harness lines: ${files.join(', ')}`)
    for (const file of files) {
      const fields = parseCsbLine(await readFile(path.join(CSB, file), 'utf8'))
      const opsPerSecond = csbThroughput(fields)
      const fromMin = Number(fields.get('throughput_min')) * 1000
      assert.ok(opsPerSecond > 0, `${file}: ${opsPerSecond}`)
      assert.ok(Math.abs(opsPerSecond - fromMin) / fromMin < 0.01, `${file}: ${opsPerSecond} vs ${fromMin}`)
    }
  })

  test('output that is not a CSB line is a clear error', () => {
    assert.throws(() => parseCsbLine('hello\n'), CsbFormatError)
    assert.throws(() => csbThroughput(parseCsbLine('num_threads=2;algo_name=x;')), /neither univ_count/)
    assert.throws(() => csbThroughput(parseCsbLine('univ_count=abc;duration_max_ms=5;')), /is not a number/)
    // Without counts, throughput_min (ops/ms) still gives ops/s.
    assert.equal(csbThroughput(parseCsbLine('throughput_min=250.5;')), 250500)
  })
})

// Lines of the tables in Metron's guided tour.
const METRON = `-------------------------------------------------------
Benchmark                           Time     Iterations
-------------------------------------------------------
threads/uncoord/threads:1       0.312 ns     4449969229 rate=3.205Gadd/s
threads/uncoord/threads:2       0.160 ns     8076257172 rate=6.245Gadd/s
threads/fetchAdd/threads:2       12.3 ns      110394314 rate=81.158Madd/s
memcpy/1k         13.5 ns     94405142 rate=70.397GiB/s
fib/recurse/20         20284 ns        69097
`

describe("Metron's table", () => {
  test('rows: name, time in ns, iterations and counters', () => {
    const rows = parseMetronTable(METRON)
    assert.deepEqual(
      rows.map((r) => [r.name, r.timeNs, r.iterations, r.counters.rate]),
      [
        ['threads/uncoord/threads:1', 0.312, 4449969229, '3.205Gadd/s'],
        ['threads/uncoord/threads:2', 0.16, 8076257172, '6.245Gadd/s'],
        ['threads/fetchAdd/threads:2', 12.3, 110394314, '81.158Madd/s'],
        ['memcpy/1k', 13.5, 94405142, '70.397GiB/s'],
        ['fib/recurse/20', 20284, 69097, undefined],
      ],
    )
  })

  test('throughput is the rate counter, else one operation per time', () => {
    const rows = parseMetronTable(METRON)
    assert.equal(metronThroughput(rows[1]!), 6.245e9)
    assert.ok(Math.abs(metronThroughput(rows[2]!) - 81.158e6) < 1e-3)
    assert.equal(parseRate('70.397GiB/s'), 70.397 * 1024 ** 3)
    assert.ok(Math.abs(metronThroughput(rows[4]!) - 1e9 / 20284) < 1e-9)
    assert.equal(parseRate('fast'), undefined)
  })

  test('a scaling point reads the row named for its thread count, and says which rows there are', () => {
    const c = { format: 'metron' as const, metronLine: 'threads/fetchAdd/threads:{threads}', threads: 2 }
    assert.ok(Math.abs(throughputFromOutput(c, METRON) - 81.158e6) < 1e-3)
    assert.throws(
      () => throughputFromOutput({ ...c, threads: 8 }, METRON),
      /no Metron row named "threads\/fetchAdd\/threads:8" in the output \(it has threads\/uncoord\/threads:1, /,
    )
  })
})
