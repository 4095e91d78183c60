// Heap counts inside an entry point, read from the stacks of DHAT's program points: checked on a file
// captured from a C harness whose allocations inside and outside the benchmark are counted by hand in
// its source (fixtures/dhat/src/harness.c, captured by fixtures/dhat/capture.sh).
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { dhatArguments, parseDhatFile } from '../../../../src/kinds/instructions/dhat.ts'
import { frameFunction, insideEntryPoint } from '../../../../src/kinds/instructions/dhat-entry-point.ts'
import { repoRoot } from '../../../support/helpers.ts'

const FIXTURE = path.join(repoRoot, '__tests__', 'fixtures', 'dhat', 'harness.json')

test('inside bench_action_measure only the benchmark’s 10 blocks of 100 bytes count', async () => {
  const profile = await parseDhatFile(FIXTURE, 'harness.json', 'bench_action_measure')
  assert.deepEqual(profile.totals, {
    'heap-bytes': 1000,
    'heap-blocks': 10,
    'heap-peak-bytes': 1000,
    'heap-peak-blocks': 10,
    'heap-reads': 10,
    'heap-writes': 1000,
  })
  assert.deepEqual(
    profile.sites.map((s) => [s.bytes, s.blocks, s.frames.slice(1, 3)]),
    [[1000, 10, ['bench_ten_blocks (harness.c:44)', 'bench_action_measure (bench_action.h:237)']]],
  )
})

test('without an entry point the harness’s tables, the setup’s input and its one read count too', async () => {
  const profile = await parseDhatFile(FIXTURE, 'harness.json')
  // calloc 144 (1 block) and 3 names of 33 bytes for the harness, the 1000000-byte input, the 10 blocks.
  assert.deepEqual(profile.totals, {
    'heap-bytes': 144 + 33 + 1_000_000 + 1000,
    'heap-blocks': 1 + 3 + 1 + 10,
    'heap-peak-bytes': 144 + 33 + 1_000_000 + 1000,
    'heap-peak-blocks': 1 + 3 + 1 + 10,
    'heap-reads': 80 + 17 + 1 + 10,
    'heap-writes': 132 + 36 + 1 + 1000,
  })
})

test('an entry point is a glob, matched against the whole function name as callgrind matches it', async () => {
  const bytes = async (entryPoint: string) =>
    (await parseDhatFile(FIXTURE, 'harness.json', entryPoint)).totals['heap-bytes']
  assert.equal(await bytes('bench_action_meas*'), 1000)
  assert.equal(await bytes('setup_?nput'), 1_000_000)
  assert.equal(await bytes('bench_action_*'), 144 + 33 + 1_000_000 + 1000)
  assert.equal(await bytes('bench_action'), 0, 'a prefix is not a match')
  assert.equal(await bytes('harness.c'), 0, 'the file is not part of the name')
})

test('a frame’s function is its name without the address and the file or object', () => {
  assert.equal(frameFunction('0x109169: main (heap.c:16)'), 'main')
  assert.equal(frameFunction('0x4883249: (below main) (libc_start_call_main.h:58)'), '(below main)')
  assert.equal(
    frameFunction('0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)'),
    'malloc',
  )
  assert.equal(frameFunction('0x10A2F0: bench_action_measure'), 'bench_action_measure')
  assert.equal(frameFunction('0x1: ???'), '???')
  assert.equal(frameFunction('0x40: parse(char const*) (p.cc:3)'), 'parse(char const*)')
  assert.equal(frameFunction('[root]'), '[root]')
})

test('DHAT’s root is never a frame inside an entry point, even one that matches everything', () => {
  const inside = insideEntryPoint('*', ['[root]', '0x1: f (f.c:1)'])
  assert.equal(inside([0]), false)
  assert.equal(inside([1]), true)
  assert.equal(inside([]), false)
})

test('DHAT records stacks deep enough to reach an entry point, with whole source paths', () => {
  assert.deepEqual(dhatArguments('/out'), [
    '--tool=dhat',
    '--dhat-out-file=/out/dhat.out.%p',
    '--log-file=/out/valgrind.log.%p',
    '--trace-children=yes',
    '--num-callers=500',
    '--fullpath-after=',
  ])
})
