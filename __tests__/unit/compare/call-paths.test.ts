// The call paths whose instructions changed most: base's and head's call trees paired along the same
// names, each change worked out by hand from the frames below.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { callPathText, diffCallTrees } from '../../../src/compare/call-paths.ts'
import type { CallTree } from '../../../src/results.ts'

/** A tree from lines of "depth name ir". */
function tree(total: number, ...lines: string[]): CallTree {
  return {
    total,
    frames: lines.map((line) => {
      const [depth, name, ir] = line.split(' ')
      return { name: name!, ir: Number(ir), depth: Number(depth) }
    }),
  }
}

test('a new call three frames deep is the one path that changed, not its callers', () => {
  const base = tree(1000, '0 main 1000', '1 a 600', '2 b 500', '3 x 100', '1 z 400')
  // new_c adds 1,000 under main › a › b; z moves by 1 Ir, within 0.1% of the total (2 Ir).
  const head = tree(2001, '0 main 2001', '1 a 1600', '2 b 1500', '3 new_c 1000', '3 x 100', '1 z 401')
  assert.deepEqual(diffCallTrees(base, head).changes, [
    { path: ['main', 'a', 'b', 'new_c'], base: 0, head: 1000, delta: 1000 },
  ])
})

test('a path gone from head, and a caller whose own work changed beside its callee', () => {
  // main: 1,000 → 1,000, its own work +200 and p -200: p is listed; main changed by nothing.
  // q: 300 → 450, its own work +150 beside r (100 → 100): q itself is the change.
  const base = tree(1000, '0 main 1000', '1 p 200', '1 q 300', '2 r 100', '1 gone 100')
  const head = tree(1050, '0 main 1050', '1 q 450', '2 r 100', '1 p 100')
  assert.deepEqual(diffCallTrees(base, head).changes, [
    { path: ['main', 'q'], base: 300, head: 450, delta: 150 },
    { path: ['main', 'gone'], base: 100, head: 0, delta: -100 },
    { path: ['main', 'p'], base: 200, head: 100, delta: -100 },
  ])
})

test('the three largest changes either way, largest first', () => {
  const base = tree(10_000, '0 main 10000', '1 a 1000', '1 b 1000', '1 c 1000', '1 d 1000')
  const head = tree(10_000, '0 main 10050', '1 a 1050', '1 b 700', '1 c 1200', '1 d 1100')
  assert.deepEqual(
    diffCallTrees(base, head).changes.map((c) => [c.path.join(' '), c.delta]),
    [
      ['main b', -300],
      ['main c', 200],
      ['main d', 100],
    ],
  )
})

test("a path is read from main: the C runtime's start-up frames above it are left out", () => {
  assert.equal(
    callPathText(['0x000000000001ab70', '(below main)', '__libc_start_main', 'main', 'parse']),
    'main › parse',
  )
  assert.equal(callPathText(['bench_action_measure', 'parse']), 'bench_action_measure › parse')
})
