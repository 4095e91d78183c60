// DHAT's JSON output read into heap counts, checked on a file captured from a program whose allocations
// are counted by hand in its source (fixtures/dhat/src/heap.c, captured by fixtures/dhat/capture.sh).
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import {
  DhatFormatError,
  frameFunction,
  frameLine,
  heapResultMetrics,
  keptSites,
  mergeDhatProfiles,
  parseDhatFile,
  parseDhatOut,
} from '../../../../src/kinds/instructions/dhat.ts'
import { repoRoot } from '../../../support/helpers.ts'

const FIXTURE = path.join(repoRoot, '__tests__', 'fixtures', 'dhat', 'heap.json')

test('the captured profile gives the totals worked out by hand from heap.c', async () => {
  // The same numbers as dh_view.js's root node, which adds each program point's tb, tbk, gb, gbk, rb and wb
  // (valgrind 3.19, dh_view.js PpInfo.addPP), read independently of our parser:
  //   jq -c '[.pps | (map(.tb), map(.tbk), map(.gb), map(.gbk), map(.rb), map(.wb)) | add]' heap.json
  //   → [160000,101,110000,51,100,100000]
  const profile = await parseDhatFile(FIXTURE, 'heap.json')
  assert.deepEqual(profile.totals, {
    'heap-bytes': 160_000,
    'heap-blocks': 101,
    'heap-peak-bytes': 110_000,
    'heap-peak-blocks': 51,
    'heap-reads': 100,
    'heap-writes': 100_000,
  })
})

test('allocation sites are named by their first frames without addresses, most bytes first', async () => {
  const { sites } = await parseDhatFile(FIXTURE, 'heap.json')
  assert.deepEqual(
    sites.map((s) => [s.bytes, s.blocks, s.frames]),
    [
      [100_000, 100, ['malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)', 'main (heap.c:16)']],
      [60_000, 1, ['malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)', 'main (heap.c:22)']],
    ],
  )
})

test('the metrics are exact, in bytes or counts, where fewer is better', () => {
  const metrics = heapResultMetrics({
    'heap-bytes': 5,
    'heap-blocks': 1,
    'heap-peak-bytes': 5,
    'heap-peak-blocks': 1,
    'heap-reads': 0,
    'heap-writes': 2,
  })
  assert.deepEqual(metrics['heap-bytes'], { unit: 'bytes', direction: 'lower', value: 5 })
  assert.deepEqual(metrics['heap-blocks'], { unit: 'count', direction: 'lower', value: 1 })
  assert.deepEqual(metrics['heap-writes'], { unit: 'bytes', direction: 'lower', value: 2 })
})

const header = '"dhatFileVersion":2,"mode":"heap","bklt":true,"bkacc":true'
const pp = (tb: number, fs: number[]) =>
  `{"tb":${tb},"tbk":1,"gb":${tb},"gbk":1,"rb":0,"wb":${tb},"fs":${JSON.stringify(fs)}}`

test('the profiles of several processes add up', () => {
  const one = parseDhatOut(`{${header},"pps":[${pp(10, [1])}],"ftbl":["[root]","f"]}`, 'a')
  const two = parseDhatOut(`{${header},"pps":[${pp(7, [1])},${pp(3, [1])}],"ftbl":["[root]","g"]}`, 'b')
  const merged = mergeDhatProfiles([one, two])
  assert.equal(merged.totals['heap-bytes'], 20)
  assert.equal(merged.totals['heap-blocks'], 3)
  // g's two program points have the same frames: one site of 7 + 3 bytes in 2 blocks, before f's 10 in 1.
  assert.deepEqual(
    merged.sites.map((s) => [s.frames, s.bytes, s.blocks]),
    [
      [['g'], 10, 2],
      [['f'], 10, 1],
    ],
  )
})

test('the sites kept are the 20 with the most bytes and the 20 with the most blocks', () => {
  // big0..big19: 1000..981 bytes in 1 block each; small0..small19: 10 bytes in 100..81 blocks; tiny: 5
  // bytes in 2 blocks, 21st by bytes (below the bigs' 981 and the smalls' 10) and 21st by blocks (below
  // the smalls' 81): the only one left out. By bytes alone every small site would be.
  const big = Array.from({ length: 20 }, (_, i) => ({ frames: [`big${i}`], bytes: 1000 - i, blocks: 1 }))
  const small = Array.from({ length: 20 }, (_, i) => ({ frames: [`small${i}`], bytes: 10, blocks: 100 - i }))
  const tiny = { frames: ['tiny'], bytes: 5, blocks: 2 }
  const kept = keptSites([tiny, ...small, ...big])
  assert.deepEqual(
    kept.map((s) => s.frames[0]),
    [...big.map((s) => s.frames[0]), ...small.map((s) => s.frames[0])],
  )
})

test('program points with the same frames are one site, their bytes and blocks summed', () => {
  const kept = keptSites([
    { frames: ['malloc (in x.so)', 'f (a.c:3)'], bytes: 10, blocks: 1 },
    { frames: ['malloc (in x.so)', 'f (a.c:4)'], bytes: 8, blocks: 1 },
    { frames: ['malloc (in x.so)', 'f (a.c:3)'], bytes: 7, blocks: 2 },
  ])
  assert.deepEqual(kept, [
    { frames: ['malloc (in x.so)', 'f (a.c:3)'], bytes: 17, blocks: 3 },
    { frames: ['malloc (in x.so)', 'f (a.c:4)'], bytes: 8, blocks: 1 },
  ])
})

test("a frame's function: without its line, its object's path or a compiler clone suffix", () => {
  assert.equal(frameFunction('main (heap.c:16)'), 'main')
  assert.equal(frameFunction('malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)'), 'malloc')
  assert.equal(frameFunction('parse.constprop.0 (p.c:10)'), 'parse')
  assert.equal(
    frameFunction('operator new(unsigned long) (in /usr/lib/libstdc++.so.6)'),
    'operator new(unsigned long)',
  )
  assert.equal(
    frameFunction('std::vector<int>::push_back(int const&) (stl_vector.h:1198)'),
    'std::vector<int>::push_back(int const&)',
  )
  // An unnamed frame keeps the file name of its object: unnamed code of two libraries is not one function.
  assert.equal(frameFunction('??? (in /usr/lib/libfoo.so.1)'), '??? (libfoo.so.1)')
  assert.equal(frameFunction('???'), '???')
  assert.equal(frameLine('main (heap.c:16)'), 'heap.c:16')
  assert.equal(frameLine('malloc (in /usr/lib/x.so)'), undefined)
  assert.equal(frameLine('???'), undefined)
})

test('a file that is not a full heap profile is refused, naming the file and the field', () => {
  const refused = (text: string, problem: string) =>
    assert.throws(
      () => parseDhatOut(text, 'dhat.out.1'),
      (e: unknown) => e instanceof DhatFormatError && e.message === `dhat.out.1: ${problem}`,
    )
  refused(
    '{',
    `not JSON: ${(() => {
      try {
        JSON.parse('{')
      } catch (e) {
        return (e as Error).message
      }
    })()}`,
  )
  refused('{"dhatFileVersion":1}', 'dhatFileVersion: expected 2, got 1')
  refused(
    '{"dhatFileVersion":2,"mode":"copy","bklt":false,"bkacc":false}',
    'expected a heap profile with block lifetimes and accesses (mode "heap", bklt and bkacc true)',
  )
  refused(
    `{${header},"pps":[{"tb":-1,"tbk":1,"fs":[]}],"ftbl":["[root]"]}`,
    'pps[0].tb: expected a count (a whole number), got -1',
  )
  refused(
    `{${header},"pps":[${pp(1, [4])}],"ftbl":["[root]"]}`,
    'pps[0].fs: expected a list of indices into ftbl',
  )
})

test('a site keeps 8 frames; program points that differ only deeper are one site', () => {
  // ftbl: [root], then f1..f10; two program points whose stacks are f1..f9 and f1..f8, f10: the same first 8.
  const ftbl = ['[root]', ...Array.from({ length: 10 }, (_, i) => `0x${i + 1}0: f${i + 1} (a.c:${i + 1})`)]
  const first = [1, 2, 3, 4, 5, 6, 7, 8, 9]
  const second = [1, 2, 3, 4, 5, 6, 7, 8, 10]
  const { sites } = parseDhatOut(
    `{${header},"pps":[${pp(10, first)},${pp(5, second)}],"ftbl":${JSON.stringify(ftbl)}}`,
    'dhat.out.1',
  )
  assert.deepEqual(sites, [
    {
      frames: [
        'f1 (a.c:1)',
        'f2 (a.c:2)',
        'f3 (a.c:3)',
        'f4 (a.c:4)',
        'f5 (a.c:5)',
        'f6 (a.c:6)',
        'f7 (a.c:7)',
        'f8 (a.c:8)',
      ],
      bytes: 15,
      blocks: 2,
    },
  ])
})

test("a site names the allocator, the toolchain's function the program called, then the program's own frames", () => {
  const rustc = '/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/alloc/src'
  // Frames as DHAT writes them with --fullpath-after= (a Rust String made by to_string, and a C strdup).
  const ftbl = [
    '[root]',
    '0x4848899: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)',
    `0x10a1f4: UnknownInlinedFun (${rustc}/alloc.rs:95)`,
    `0x10a1f4: with_capacity_in<u8, alloc::alloc::Global> (${rustc}/raw_vec/mod.rs:177)`,
    `0x10a1f4: spec_to_string (${rustc}/string.rs:3045)`,
    '0x10a1f4: rust_instructions::distinct_words (/home/me/app/src/lib.rs:82)',
    `0x10b000: core::ops::function::FnOnce::call_once (/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/function.rs:250)`,
    '0x10b100: bench_action_measure (/home/me/app/runners/rust/src/lib.rs:98)',
    '0x4901234: strdup (in /usr/lib/x86_64-linux-gnu/libc.so.6)',
    '0x109169: copy_name (/tmp/wt-base/names.c:12)',
    '0x109200: main (/tmp/wt-base/names.c:30)',
    '0x4883249: (below main) (in /usr/lib/x86_64-linux-gnu/libc.so.6)',
    '0x4905555: fopen (in /usr/lib/x86_64-linux-gnu/libc.so.6)',
  ]
  const { sites } = parseDhatOut(
    `{${header},"pps":[${pp(30, [1, 2, 3, 4, 5, 6, 7])},${pp(20, [1, 8, 9, 10, 11])},${pp(10, [1, 12, 11])}],"ftbl":${JSON.stringify(ftbl)}}`,
    'dhat.out.1',
  )
  assert.deepEqual(
    sites.map((s) => s.frames),
    [
      // Rust: the standard library's dozen frames are skipped but for spec_to_string, which the code called;
      // call_once between two frames of the program is skipped too. Paths are cut to the file name, and the
      // function called is named alone, so the site's line is the program's.
      [
        'malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)',
        'spec_to_string',
        'rust_instructions::distinct_words (lib.rs:82)',
        'bench_action_measure (lib.rs:98)',
      ],
      // C: libc's strdup is the function called.
      [
        'malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)',
        'strdup',
        'copy_name (names.c:12)',
        'main (names.c:30)',
      ],
      // Only libc's own code and the start-up: kept as it is.
      [
        'malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)',
        'fopen (in /usr/lib/x86_64-linux-gnu/libc.so.6)',
        '(below main) (in /usr/lib/x86_64-linux-gnu/libc.so.6)',
      ],
    ],
  )
})
