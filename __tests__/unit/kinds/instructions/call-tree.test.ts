// The call tree kept with an instructions result, built from callgrind's calls: on small profiles
// written by hand (costs worked out below each) and on the captured fixtures, whose totals valgrind
// printed itself (fixtures/callgrind/*.collected.json).
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { buildCallTree, nestCallTree } from '../../../../src/kinds/instructions/call-tree.ts'
import { parseCallgrindFile, parseCallgrindOut } from '../../../../src/kinds/instructions/callgrind.ts'
import { mergeCallgrindProfiles } from '../../../../src/kinds/instructions/callgrind-profile.ts'
import { repoRoot } from '../../../support/helpers.ts'

const FIXTURES = path.join(repoRoot, '__tests__', 'fixtures', 'callgrind')

/** A profile from its body lines, under an `events: Ir` header. */
const profile = (...body: string[]) =>
  parseCallgrindOut(['version: 1', 'events: Ir', ...body].join('\n'), 'hand.out')

/**
 * main (self 10) calls a (inclusive 100) and b (200); a (self 70) and b (self 110) both call c, a with
 * 30 of c's 120 and b with 90; c (self 80) calls d (40, all d's self). Total 10 + 70 + 110 + 80 + 40 = 310.
 */
const SHARED_CALLEE = profile(
  'fn=main',
  '1 10',
  'cfn=a',
  'calls=1 1',
  '1 100',
  'cfn=b',
  'calls=1 1',
  '1 200',
  'fn=a',
  '1 70',
  'cfn=c',
  'calls=1 1',
  '1 30',
  'fn=b',
  '1 110',
  'cfn=c',
  'calls=3 1',
  '1 90',
  'fn=c',
  '1 80',
  'cfn=d',
  'calls=4 1',
  '1 40',
  'fn=d',
  '1 40',
  'totals: 310',
)

test("a callee's callees are split among its callers in proportion to what each spent in it", () => {
  const tree = buildCallTree(SHARED_CALLEE)
  // c's 40 in d: main › b › c holds 90 of c's 120, so 40 × 90/120 = 30; main › a › c the other 40 × 30/120 = 10.
  assert.deepEqual(tree, {
    total: 310,
    frames: [
      { name: 'main', ir: 310, depth: 0 },
      { name: 'b', ir: 200, depth: 1 },
      { name: 'c', ir: 90, depth: 2 },
      { name: 'd', ir: 30, depth: 3 },
      { name: 'a', ir: 100, depth: 1 },
      { name: 'c', ir: 30, depth: 2 },
      { name: 'd', ir: 10, depth: 3 },
    ],
  })
})

test('recursion through several functions ends: a call back into the path keeps its cost on the caller', () => {
  // main (self 5) → a → b → a → b: a's activations ran 10 and 20 of their own, b's 15 and 20. Callgrind
  // records main→a 65, a→b 55 + 20 = 75 and b→a 40 (the inner a with its b): a's inclusive reads
  // 30 + 75 = 105, more than a ran, so main › a (65 of it) gives b 75 × 65/105 = 46.43, and b's call
  // back into a stays on b.
  const cycle = profile(
    'fn=main',
    '1 5',
    'cfn=a',
    'calls=1 1',
    '1 65',
    'fn=a',
    '1 30',
    'cfn=b',
    'calls=2 1',
    '1 75',
    'fn=b',
    '1 35',
    'cfn=a',
    'calls=1 1',
    '1 40',
    'totals: 70',
  )
  assert.deepEqual(buildCallTree(cycle).frames, [
    { name: 'main', ir: 70, depth: 0 },
    { name: 'a', ir: 65, depth: 1 },
    { name: 'b', ir: 46, depth: 2 },
  ])
})

test("compiler clones are their function's frame, and frames below 0.1% of the total are left out", () => {
  // work.constprop.0 (600) and work (300) under main are one frame of 900; tiny (9) is 9/10,000 of the
  // total, below 0.1%, and stays in main's 10,000. main's own 100 + 900 + 9 + 8,991 in big = 10,000.
  const tree = buildCallTree(
    profile(
      'fn=main',
      '1 100',
      'cfn=work.constprop.0',
      'calls=1 1',
      '1 600',
      'cfn=work',
      'calls=1 1',
      '1 300',
      'cfn=tiny',
      'calls=1 1',
      '1 9',
      'cfn=big',
      'calls=1 1',
      '1 8991',
      'fn=work.constprop.0',
      '1 600',
      'fn=work',
      '1 300',
      'fn=tiny',
      '1 9',
      'fn=big',
      '1 8991',
      'totals: 10000',
    ),
  )
  assert.deepEqual(tree.frames, [
    { name: 'main', ir: 10_000, depth: 0 },
    { name: 'big', ir: 8991, depth: 1 },
    { name: 'work', ir: 900, depth: 1 },
  ])
})

test("the captured profiles' roots add up to the total valgrind printed", async () => {
  const cases: Array<[string, string[]]> = [
    ['fib15', ['fib15.out']],
    ['threads', ['threads.out-01', 'threads.out-02', 'threads.out-03']],
    ['client', ['client.out', 'client.out.1', 'client.out.2']],
  ]
  for (const [name, files] of cases) {
    const collected = JSON.parse(await readFile(path.join(FIXTURES, `${name}.collected.json`), 'utf8'))
    const parsed = await Promise.all(files.map((f) => parseCallgrindFile(path.join(FIXTURES, f), f)))
    const tree = buildCallTree(mergeCallgrindProfiles(parsed))
    const roots = nestCallTree(tree)
    const sum = roots.reduce((total, r) => total + r.ir, 0)
    assert.equal(tree.total, collected.collected[0], `${name}: the tree's total is valgrind's Collected`)
    assert.equal(sum, collected.collected[0], `${name}: its roots add up to it`)
  }
})

test("fib's recursion levels are one frame, and a thread's start is a root of its own", async () => {
  const fib = buildCallTree(await parseCallgrindFile(path.join(FIXTURES, 'fib15.out'), 'fib15.out'))
  const mains = fib.frames.filter((f) => f.name === 'main')
  assert.equal(mains.length, 1)
  const main = fib.frames.indexOf(mains[0]!)
  const below = fib.frames.slice(main + 1).filter((f) => f.depth === mains[0]!.depth + 1)
  assert.ok(
    below.some((f) => f.name === 'fib'),
    'main calls fib',
  )
  assert.equal(fib.frames.filter((f) => f.name === 'fib').length, 1, 'one fib frame for every level')
  const threads = await Promise.all(
    ['threads.out-01', 'threads.out-02', 'threads.out-03'].map((f) =>
      parseCallgrindFile(path.join(FIXTURES, f), f),
    ),
  )
  const roots = nestCallTree(buildCallTree(mergeCallgrindProfiles(threads)))
  assert.equal(roots.length, 2, 'the program entry and the threads started by clone')
})

test('with --toggle-collect the frames outside collection are dropped: the entry point is the root', async () => {
  const tree = buildCallTree(await parseCallgrindFile(path.join(FIXTURES, 'fib15-toggle.out'), 'toggle'))
  // Collected only inside fib*: the loader, (below main) and main ran none of the 19,967 themselves.
  assert.deepEqual(tree, { total: 19_967, frames: [{ name: 'fib', ir: 19_967, depth: 0 }] })
})

test('a stored tree reads back as nodes: each frame under the nearest shallower one before it', () => {
  const roots = nestCallTree({
    total: 10,
    frames: [
      { name: 'r', ir: 10, depth: 0 },
      { name: 'x', ir: 6, depth: 1 },
      { name: 'y', ir: 2, depth: 2 },
      { name: 'z', ir: 3, depth: 1 },
      { name: 's', ir: 0, depth: 0 },
    ],
  })
  assert.deepEqual(roots, [
    {
      name: 'r',
      ir: 10,
      children: [
        { name: 'x', ir: 6, children: [{ name: 'y', ir: 2, children: [] }] },
        { name: 'z', ir: 3, children: [] },
      ],
    },
    { name: 's', ir: 0, children: [] },
  ])
})

test('callees are listed largest first, a tie by name, whatever order callgrind wrote them in', () => {
  // main (self 10) calls small (100) before big (300), then y and x (50 each): 10 + 100 + 300 + 50 + 50 = 510.
  const tree = buildCallTree(
    profile(
      'fn=main',
      '1 10',
      'cfn=small',
      'calls=1 1',
      '1 100',
      'cfn=big',
      'calls=1 1',
      '1 300',
      'cfn=y',
      'calls=1 1',
      '1 50',
      'cfn=x',
      'calls=1 1',
      '1 50',
      'fn=small',
      '1 100',
      'fn=big',
      '1 300',
      'fn=y',
      '1 50',
      'fn=x',
      '1 50',
      'totals: 510',
    ),
  )
  assert.deepEqual(
    tree.frames.map((f) => [f.name, f.ir, f.depth]),
    [
      ['main', 510, 0],
      ['big', 300, 1],
      ['small', 100, 1],
      ['x', 50, 1],
      ['y', 50, 1],
    ],
  )
})
