// Allocation sites paired between base and head by the functions of their stacks, and ordered by their
// share of what changed, on site lists written by hand.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { diffHeapSites, heapSiteChangesOf } from '../../../src/compare/heap-sites.ts'
import type { MetricComparison } from '../../../src/compare/types.ts'
import type { BenchmarkResult, HeapSite } from '../../../src/results.ts'

const MALLOC = 'malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)'
/** The same allocator where another distribution installs valgrind. */
const MALLOC_ELSEWHERE = 'malloc (in /usr/lib/x86_64-linux-gnu/valgrind/vgpreload_dhat-amd64-linux.so)'

const site = (frames: string[], bytes: number, blocks: number): HeapSite => ({ frames, bytes, blocks })

test('sites pair by their functions: a moved line, another valgrind path or a clone suffix is the same site', () => {
  const base = [site([MALLOC, 'parse (p.c:10)', 'main (p.c:40)'], 1000, 10)]
  const head = [site([MALLOC_ELSEWHERE, 'parse.constprop.0 (p.c:12)', 'main (p.c:42)'], 1500, 10)]
  assert.deepEqual(diffHeapSites(base, head), [
    {
      stack: ['malloc', 'parse', 'main'],
      lines: ['p.c:12'],
      base: { bytes: 1000, blocks: 10 },
      head: { bytes: 1500, blocks: 10 },
      presence: 'both',
    },
  ])
})

test('a site only head has is new, one only base has is gone, an unchanged one is left out', () => {
  const base = [site([MALLOC, 'old_alloc (a.c:5)'], 300, 3), site([MALLOC, 'same (a.c:9)'], 50, 1)]
  const head = [site([MALLOC, 'extra_alloc (a.c:7)'], 6400, 100), site([MALLOC, 'same (a.c:11)'], 50, 1)]
  assert.deepEqual(diffHeapSites(base, head), [
    {
      stack: ['malloc', 'extra_alloc'],
      lines: ['a.c:7'],
      base: { bytes: 0, blocks: 0 },
      head: { bytes: 6400, blocks: 100 },
      presence: 'new',
    },
    {
      stack: ['malloc', 'old_alloc'],
      lines: ['a.c:5'],
      base: { bytes: 300, blocks: 3 },
      head: { bytes: 0, blocks: 0 },
      presence: 'gone',
    },
  ])
})

test("one side's sites with the same functions are summed into one row, each line named", () => {
  // Two allocations in main (heap.c's lines 16 and 22): 100000 + 60000 bytes in 100 + 1 blocks in base; in
  // head the first allocates 200 blocks, 200000 bytes, and its line moved.
  const base = [
    site([MALLOC, 'main (heap.c:16)'], 100_000, 100),
    site([MALLOC, 'main (heap.c:22)'], 60_000, 1),
  ]
  const head = [
    site([MALLOC, 'main (heap.c:17)'], 200_000, 200),
    site([MALLOC, 'main (heap.c:23)'], 60_000, 1),
  ]
  assert.deepEqual(diffHeapSites(base, head), [
    {
      stack: ['malloc', 'main'],
      lines: ['heap.c:17', 'heap.c:23'],
      base: { bytes: 160_000, blocks: 101 },
      head: { bytes: 260_000, blocks: 201 },
      presence: 'both',
    },
  ])
})

test("a stack that continues another site's is another site: the same allocation reached another way", () => {
  const base = [site([MALLOC, 'f (a.c:1)'], 10, 1)]
  const head = [site([MALLOC, 'f (a.c:1)'], 10, 1), site([MALLOC, 'f (a.c:1)', 'g (a.c:5)'], 30, 3)]
  assert.deepEqual(
    diffHeapSites(base, head).map((c) => [c.stack, c.presence, c.head.bytes]),
    [[['malloc', 'f', 'g'], 'new', 30]],
  )
})

test('the largest share of the bytes changed or of the blocks changed comes first, then more bytes', () => {
  // Changed bytes: a +10000, b +64, c +3000, d -3000: 16064 in all; changed blocks: a +1, b +8, c 0,
  // d 0: 9 in all. Weights: a max(10000/16064, 1/9) = 0.62; b max(64/16064, 8/9) = 0.89; c and d
  // 3000/16064 = 0.19 each, c before d by name (the same bytes and blocks changed).
  const base = [
    site([MALLOC, 'a'], 1000, 1),
    site([MALLOC, 'b'], 64, 8),
    site([MALLOC, 'c'], 100, 1),
    site([MALLOC, 'd'], 5000, 2),
  ]
  const head = [
    site([MALLOC, 'a'], 11_000, 2),
    site([MALLOC, 'b'], 128, 16),
    site([MALLOC, 'c'], 3100, 1),
    site([MALLOC, 'd'], 2000, 2),
  ]
  assert.deepEqual(
    diffHeapSites(base, head).map((c) => c.stack[1]),
    ['b', 'a', 'c', 'd'],
  )
  assert.deepEqual(
    diffHeapSites(base, head, 2).map((c) => c.stack[1]),
    ['b', 'a'],
  )
})

const benchmark = (heapSites: HeapSite[]): BenchmarkResult => ({
  id: 'parse',
  name: 'parse',
  kind: 'instructions',
  parameters: {},
  status: 'ok',
  metrics: {},
  gate: { metrics: ['ir', 'heap-bytes'], threshold: 0.01, alpha: 0.01 },
  notes: [],
  heapSites,
})

const judged = (metric: string, verdict: string) => ({ metric, verdict }) as unknown as MetricComparison

test('the sites table is there when a heap metric regressed, was accepted or improved, and only then', () => {
  const base = benchmark([site([MALLOC, 'f'], 10, 1)])
  const head = benchmark([site([MALLOC, 'f'], 20, 2)])
  const shown = (metrics: MetricComparison[]) => heapSiteChangesOf(base, head, metrics)?.length
  assert.equal(shown([judged('ir', 'unchanged'), judged('heap-bytes', 'regression')]), 1)
  assert.equal(shown([judged('heap-blocks', 'accepted')]), 1)
  assert.equal(shown([judged('heap-peak-bytes', 'improvement')]), 1)
  assert.equal(shown([judged('ir', 'regression'), judged('heap-bytes', 'unchanged')]), undefined)
  assert.equal(shown([judged('heap-writes', 'unclear'), judged('heap-reads', 'warning')]), undefined)
  const older = { ...base, heapSites: undefined }
  assert.equal(heapSiteChangesOf(older, head, [judged('heap-bytes', 'regression')]), undefined)
})
