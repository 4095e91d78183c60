// heap: true for harness benchmarks, with the real compilers and valgrind: a C, a Rust and a Zig harness
// whose benchmarks allocate a number of blocks counted by hand (fixtures/dhat/src/harness.c, harness.rs
// and harness.zig) while their setup, teardown and the harness itself allocate more outside. Each is listed and counted
// the way bench-action does it (expandHarness, then measureInstructions): only the allocations made
// while bench_action_measure is on the stack count, the same on every run.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import { promisify } from 'node:util'
import { expandHarness, measureInstructions } from '../../../../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../../../../src/kinds/instructions/plan.ts'
import type { BenchmarkResult } from '../../../../src/results.ts'
import { ensureZig } from '../../../../src/setup/zig.ts'
import { heapValues, NO_HEAP } from '../../../support/heap.ts'
import { buildZigHarness, removeDir, repoRoot } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

const run = promisify(execFile)
const [cHarness, rustHarness, zigHarness] = await Promise.all([
  needs('cc', 'valgrind'),
  needs('cargo', 'valgrind'),
  needs('zig', 'valgrind'),
])
const SOURCES = path.join(repoRoot, '__tests__', 'fixtures', 'dhat', 'src')

let dir = ''
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bench-heap-harness-'))
})
after(async () => {
  if (dir) await removeDir(dir)
})

async function buildC(): Promise<string> {
  const binary = path.join(dir, 'c-harness')
  await run('cc', ['-O2', '-g', '-I', path.join(repoRoot, 'runners', 'c'), '-o', binary, 'harness.c'], {
    cwd: SOURCES,
  })
  return binary
}

/** A crate of harness.rs with runners/rust as its one dependency, built offline (it has no others). */
async function buildRust(): Promise<string> {
  const crate = path.join(dir, 'rust-harness')
  await mkdir(path.join(crate, 'src'), { recursive: true })
  await copyFile(path.join(SOURCES, 'harness.rs'), path.join(crate, 'src', 'main.rs'))
  const harness = JSON.stringify(path.join(repoRoot, 'runners', 'rust'))
  await writeFile(
    path.join(crate, 'Cargo.toml'),
    `[package]\nname = "heap-harness"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n` +
      `[dependencies]\nbench-action-harness = { path = ${harness} }\n\n` +
      `[profile.release]\ndebug = "line-tables-only"\n`,
  )
  const env = { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'rust-target') }
  await run('cargo', ['build', '--release', '--offline', '--quiet'], { cwd: crate, env })
  return path.join(dir, 'rust-target', 'release', 'heap-harness')
}

/** The harness as bench.yml's `{ kind: instructions, harness: true, heap: true }` plans it. */
function harnessCase(binary: string): InstructionsCase {
  return {
    kind: 'instructions',
    id: 'heap',
    name: 'heap',
    parameters: {},
    command: [binary],
    cwd: dir,
    env: {},
    timeoutMs: 120_000,
    harness: true,
    cacheSim: false,
    branchSim: false,
    heap: true,
    gate: { metrics: ['ir', 'heap-bytes'], threshold: 0.01, alpha: 0.01 },
  }
}

/** Each listed benchmark's result, by the benchmark's name. */
async function measureAll(binary: string): Promise<Map<string, BenchmarkResult>> {
  const expanded = await expandHarness(harnessCase(binary))
  assert.ok('cases' in expanded, 'the harness lists its benchmarks')
  const results = new Map<string, BenchmarkResult>()
  for (const c of expanded.cases) {
    const r = await measureInstructions(c)
    assert.equal(r.status, 'ok', `${c.name}: ${r.error?.message}`)
    results.set(String(c.parameters.benchmark), r)
  }
  return results
}

/** 10 blocks of 100 bytes, each byte written once and the first of each read once, all live at the peak. */
const TEN_BLOCKS = {
  'heap-bytes': 1000,
  'heap-blocks': 10,
  'heap-peak-bytes': 1000,
  'heap-peak-blocks': 10,
  'heap-reads': 10,
  'heap-writes': 1000,
}
cHarness.test(
  'C harness: only the benchmark’s own allocations count, not the 1 MB input of its setup nor the harness’s tables',
  async () => {
    const binary = await buildC()
    const first = await measureAll(binary)
    assert.deepEqual([...first.keys()], ['ten_blocks', 'peak_in_setup', 'nothing'])
    assert.deepEqual(heapValues(first.get('ten_blocks')?.metrics), TEN_BLOCKS)
    assert.deepEqual(heapValues(first.get('nothing')?.metrics), NO_HEAP)
    // The process's heap was largest in the setup (3 MB, freed), when none of the 10 blocks was live.
    assert.deepEqual(heapValues(first.get('peak_in_setup')?.metrics), {
      ...TEN_BLOCKS,
      'heap-peak-bytes': 0,
      'heap-peak-blocks': 0,
    })
    assert.deepEqual(
      first.get('ten_blocks')?.heapSites?.map((s) => [s.bytes, s.blocks, s.frames.slice(1, 3)]),
      [[1000, 10, ['bench_ten_blocks (harness.c:44)', 'bench_action_measure (bench_action.h:237)']]],
    )
    const second = await measureAll(binary)
    for (const [name, r] of first) assert.deepEqual(second.get(name)?.metrics, r.metrics, name)
  },
)

rustHarness.test(
  'Rust harness: only the benchmark’s own allocations count, not the 1 MB input of its setup nor the harness’s tables',
  async () => {
    const binary = await buildRust()
    const first = await measureAll(binary)
    assert.deepEqual([...first.keys()], ['ten_blocks', 'nothing'])
    assert.deepEqual(heapValues(first.get('ten_blocks')?.metrics), TEN_BLOCKS)
    assert.deepEqual(heapValues(first.get('nothing')?.metrics), NO_HEAP)
    const second = await measureAll(binary)
    for (const [name, r] of first) assert.deepEqual(second.get(name)?.metrics, r.metrics, name)
  },
)

zigHarness.test(
  'Zig harness: the allocations of the benchmark function count, those of std.heap.page_allocator (mmap) do not',
  async () => {
    const binary = await buildZigHarness(
      (await ensureZig()).path,
      path.join(SOURCES, 'harness.zig'),
      dir,
      'zig-harness',
    )
    const first = await measureAll(binary)
    assert.deepEqual([...first.keys()], ['ten_blocks', 'setup_block', 'page_allocator', 'nothing'])
    assert.deepEqual(heapValues(first.get('ten_blocks')?.metrics), TEN_BLOCKS)
    // The setup runs in the benchmark function, under bench_action_measure: its block of 1 000 000 bytes,
    // its first byte written there and read in the loop, counts beside the 10 blocks of the loop.
    assert.deepEqual(heapValues(first.get('setup_block')?.metrics), {
      'heap-bytes': 1_001_000,
      'heap-blocks': 11,
      'heap-peak-bytes': 1_001_000,
      'heap-peak-blocks': 11,
      'heap-reads': 11,
      'heap-writes': 1001,
    })
    assert.deepEqual(heapValues(first.get('page_allocator')?.metrics), NO_HEAP)
    assert.deepEqual(heapValues(first.get('nothing')?.metrics), NO_HEAP)
    const second = await measureAll(binary)
    for (const [name, r] of first) assert.deepEqual(second.get(name)?.metrics, r.metrics, name)
  },
)
