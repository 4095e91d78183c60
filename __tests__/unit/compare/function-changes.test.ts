// The function table of an exact benchmark's row (src/compare/functions.ts): which functions' self cost
// moved most between base and head. Values worked by hand in the comments.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { diffFunctionCosts } from '../../../src/compare/functions.ts'
import type { FunctionCost } from '../../../src/results.ts'

const fn = (name: string, object: string, self: number): FunctionCost => ({
  name,
  object,
  self,
  inclusive: self,
})

test('moved functions, largest move first whichever its sign, ties by name; a name two objects define says which', () => {
  const base = [
    fn('parse', 'app', 100),
    fn('parse', 'app', 5), // the same function listed twice: 105 in all
    fn('alloc', 'libc.so', 50),
    fn('alloc', 'app', 10),
    fn('same', 'app', 7),
    fn('gone', 'app', 20),
    fn('drop', 'app', 40),
  ]
  const head = [
    fn('parse', 'app', 90),
    fn('alloc', 'libc.so', 80),
    fn('alloc', 'app', 10),
    fn('same', 'app', 7),
    fn('new', 'app', 30),
    fn('beta', 'app', 30),
  ]
  const rows = diffFunctionCosts(base, head)
  // |−40| first; then three of 30, by name (alloc [libc.so] < beta < new, though new came before beta);
  // then −20 and −15. alloc in app and same did not move: left out.
  assert.deepEqual(
    rows.map((r) => [
      r.name,
      r.base,
      r.head,
      r.delta,
      r.deltaPercent === null ? null : r.deltaPercent.toFixed(6),
    ]),
    [
      ['drop', 40, 0, -40, '-100.000000'],
      ['alloc [libc.so]', 50, 80, 30, '60.000000'],
      ['beta', 0, 30, 30, null],
      ['new', 0, 30, 30, null],
      ['gone', 20, 0, -20, '-100.000000'],
      // −15 / 105 = −0.142857142857…
      ['parse', 105, 90, -15, '-14.285714'],
    ],
  )
  assert.deepEqual(
    diffFunctionCosts(base, head, 2).map((r) => r.name),
    ['drop', 'alloc [libc.so]'],
  )
  assert.deepEqual(diffFunctionCosts(base, head, 0), [])
  assert.deepEqual(diffFunctionCosts(base, head, -3), [])
})

test('ten rows unless told otherwise; nothing moved, nothing listed', () => {
  // Twelve functions, function i moving by i + 1: the ten largest moves are 12 down to 3.
  const base = Array.from({ length: 12 }, (_, i) => fn(`f${i}`, 'app', 100))
  const head = Array.from({ length: 12 }, (_, i) => fn(`f${i}`, 'app', 101 + i))
  assert.deepEqual(
    diffFunctionCosts(base, head).map((r) => r.delta),
    [12, 11, 10, 9, 8, 7, 6, 5, 4, 3],
  )
  assert.deepEqual(diffFunctionCosts(base, base), [])
  assert.deepEqual(diffFunctionCosts([], []), [])
})

test("a name two objects define is named with its object even when each side has one of them; one object's name is bare", () => {
  // alloc in libc.so (base only) and in app (head only): two functions of one name, both named with their object.
  const rows = diffFunctionCosts([fn('alloc', 'libc.so', 10)], [fn('alloc', 'app', 25)])
  assert.deepEqual(
    rows.map((r) => [r.name, r.delta]),
    [
      ['alloc [app]', 25],
      ['alloc [libc.so]', -10],
    ],
  )
  assert.deepEqual(
    diffFunctionCosts([fn('solo', 'app', 10)], [fn('solo', 'app', 12)]).map((r) => r.name),
    ['solo'],
  )
})
