// Gungraun's DHAT figures read from real summaries (fixtures/iai/gungraun-0.20.0-dhat, captured by
// fixtures/iai/capture-gungraun-dhat.sh): Gungraun 0.20.0 run with --tools=dhat beside Callgrind on the
// demo crate, whose bench_squares builds a Vec of 100 u64. The first run grew it push by push
// (lib-dhat-run1.rs.txt), the second allocated it once (lib-dhat-run2.rs.txt); the summaries are the
// second run's.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import {
  findIaiSummaries,
  IaiSummaryFormatError,
  parseIaiSummary,
} from '../../../src/import/formats/iai-callgrind.ts'
import { heapValues, NO_HEAP } from '../../support/heap.ts'
import { repoRoot } from '../../support/helpers.ts'

const IAI = path.join(repoRoot, '__tests__', 'fixtures', 'iai')
const ROOT = path.join(IAI, 'gungraun-0.20.0-dhat')
const MATH = path.join(ROOT, 'gungraun', 'gungraun-demo', 'demo_bench', 'math')

// biome-ignore lint/suspicious/noExplicitAny: tests edit untyped JSON at any depth
type SummaryJson = any

function summary(benchmarkDir: string, root = MATH): { file: string; json: SummaryJson } {
  const file = path.join(root, benchmarkDir, 'summary.json')
  return { file, json: JSON.parse(readFileSync(file, 'utf8')) }
}

describe('Gungraun summaries with a DHAT profile', () => {
  test('bench_squares: one block of 100 u64 (800 bytes), written once, freed after the benchmark', () => {
    const { file, json } = summary('bench_squares.hundred')
    const [b] = parseIaiSummary(json, file)
    // Vec::with_capacity(100) of u64: one malloc(800); 100 writes of 8 bytes; nothing read inside. The
    // Vec is returned, so it is live when the benchmark ends, but the process's heap was largest
    // earlier (Gungraun's own setup), when it was not yet allocated: 0 at t-gmax.
    assert.deepEqual(heapValues(b!.metrics), {
      'heap-bytes': 800,
      'heap-blocks': 1,
      'heap-peak-bytes': 0,
      'heap-peak-blocks': 0,
      'heap-reads': 0,
      'heap-writes': 800,
    })
    assert.deepEqual(b!.metrics['heap-bytes'], { unit: 'bytes', direction: 'lower', value: 800 })
    assert.deepEqual(b!.metrics['heap-blocks'], { unit: 'count', direction: 'lower', value: 1 })
    assert.deepEqual(b!.metrics['heap-peak-blocks'], { unit: 'count', direction: 'lower', value: 0 })
    assert.deepEqual(b!.metrics['heap-reads'], { unit: 'bytes', direction: 'lower', value: 0 })
  })

  test('the values are the current run’s, not the previous run’s growing Vec', () => {
    const { file, json } = summary('bench_squares.hundred')
    const dhat = json.profiles.find((p: { tool: string }) => p.tool === 'DHAT').data.total.metrics
    // The first run grew the Vec through capacities 4, 8, … 128: blocks of 32 + 64 + 128 + 256 + 512 +
    // 1024 = 2016 bytes, 6 blocks; each reallocation copied the 992 bytes of the smaller blocks.
    assert.deepEqual(dhat.TotalBytes.values, { new: 800, old: 2016 })
    assert.deepEqual(dhat.TotalBlocks.values, { new: 1, old: 6 })
    assert.deepEqual(dhat.ReadsBytes.values, { new: 0, old: 992 })
    assert.deepEqual(dhat.WritesBytes.values, { new: 800, old: 800 + 992 })
    const [b] = parseIaiSummary(json, file)
    assert.equal(b!.metrics['heap-bytes']!.value, 800)
    assert.equal(b!.metrics['heap-reads']!.value, 0)
  })

  test('benchmarks that allocate nothing inside have every heap metric, at 0', async () => {
    for (const dir of ['bench_fibonacci.short', 'bench_fibonacci.long', 'bench_sum_of_squares.small']) {
      const { file, json } = summary(dir)
      const [b] = parseIaiSummary(json, file)
      assert.deepEqual(heapValues(b!.metrics), NO_HEAP, dir)
    }
    assert.equal((await findIaiSummaries(ROOT)).length, 4)
  })

  test('the instruction metrics still come from the Callgrind profile', () => {
    const { file, json } = summary('bench_squares.hundred')
    const [b] = parseIaiSummary(json, file)
    // As printed in stdout.txt: "Instructions: 1136|2414".
    assert.equal(b!.metrics.ir!.value, 1136)
    assert.equal(b!.metrics['estimated-cycles']!.value, 2106)
  })

  test('every DHAT figure the runner printed equals the imported value', () => {
    const printed = readFileSync(path.join(ROOT, 'stdout.txt'), 'utf8')
    const section = printed.slice(printed.indexOf('bench_squares hundred'))
    const value = (label: string) => Number(new RegExp(`^\\s+${label}:\\s+(\\d+)\\|`, 'm').exec(section)![1])
    const { file, json } = summary('bench_squares.hundred')
    const [b] = parseIaiSummary(json, file)
    assert.deepEqual(heapValues(b!.metrics), {
      'heap-bytes': value('Total bytes'),
      'heap-blocks': value('Total blocks'),
      'heap-peak-bytes': value('At t-gmax bytes'),
      'heap-peak-blocks': value('At t-gmax blocks'),
      'heap-reads': value('Reads bytes'),
      'heap-writes': value('Writes bytes'),
    })
  })
})

describe('what a summary lacks stays absent', () => {
  test('a summary without a DHAT profile has no heap metric', () => {
    const root = path.join(IAI, 'gungraun-0.20.0', 'gungraun', 'gungraun-demo', 'demo_bench', 'math')
    const { file, json } = summary('bench_fibonacci.short', root)
    const [b] = parseIaiSummary(json, file)
    assert.deepEqual(heapValues(b!.metrics), {})
    assert.ok(b!.metrics.ir)
  })

  test('a DHAT metric missing, or with only the previous run’s value, is not reported', () => {
    const { file, json } = summary('bench_squares.hundred')
    const dhat = json.profiles.find((p: { tool: string }) => p.tool === 'DHAT').data.total.metrics
    delete dhat.AtTGmaxBytes
    dhat.ReadsBytes.values = { old: 992 }
    const [b] = parseIaiSummary(json, file)
    assert.deepEqual(Object.keys(heapValues(b!.metrics)).sort(), [
      'heap-blocks',
      'heap-bytes',
      'heap-peak-blocks',
      'heap-writes',
    ])
  })

  test('DHAT metrics without a bench-action counterpart are not read', () => {
    const { file, json } = summary('bench_squares.hundred')
    const [b] = parseIaiSummary(json, file)
    assert.equal(
      Object.keys(b!.metrics).some((name) => /lifetime|end|maximum/i.test(name)),
      false,
      Object.keys(b!.metrics).join(', '),
    )
  })

  test('a DHAT figure that is not a count is refused, naming the file and the JSON path', () => {
    const { file, json } = summary('bench_squares.hundred')
    const index = json.profiles.findIndex((p: { tool: string }) => p.tool === 'DHAT')
    json.profiles[index].data.total.metrics.TotalBytes.values.new = 'many'
    assert.throws(
      () => parseIaiSummary(json, file),
      (e: unknown) =>
        e instanceof IaiSummaryFormatError &&
        e.message.startsWith(`${file}: `) &&
        e.message.includes(` at profiles[${index}].data.total.metrics.TotalBytes.values.new: `),
    )
  })
})
