// DHAT's JSON output read into heap counts, checked on a file captured from a program whose allocations
// are counted by hand in its source (fixtures/dhat/src/heap.c, captured by fixtures/dhat/capture.sh).
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import {
  DhatFormatError,
  heapResultMetrics,
  mergeDhatProfiles,
  parseDhatFile,
  parseDhatOut,
} from '../../../../src/kinds/instructions/dhat.ts'
import { repoRoot } from '../../../support/helpers.ts'

const FIXTURE = path.join(repoRoot, '__tests__', 'fixtures', 'dhat', 'heap.json')

test('the captured profile gives the totals worked out by hand from heap.c', async () => {
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
  assert.deepEqual(
    merged.sites.map((s) => [s.frames, s.bytes]),
    [
      [['f'], 10],
      [['g'], 7],
      [['g'], 3],
    ],
  )
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
