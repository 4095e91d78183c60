import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PADDING_SPAN, PLACEMENT_VARIABLE, Placement, paddingEnv } from '../../../src/measure/placement.ts'

test('paddings cover a page evenly: every eighth of 0 … 4095 gets about an eighth of 16,000 draws', () => {
  const sizes = new Placement('spread').take(16_000)
  const buckets = Array.from({ length: 8 }, () => 0)
  for (const bytes of sizes) {
    assert.ok(Number.isInteger(bytes) && bytes >= 0 && bytes < PADDING_SPAN, String(bytes))
    buckets[Math.floor(bytes / 512)]!++
  }
  // 2,000 expected per bucket; its binomial standard deviation is √(16000 · ⅛ · ⅞) ≈ 41.8, so ±250 is six of them.
  for (const count of buckets) assert.ok(count > 1750 && count < 2250, String(buckets))
})

test('a seed gives one sequence; another seed another', () => {
  assert.deepEqual(new Placement('a').take(10), new Placement('a').take(10))
  assert.notDeepEqual(new Placement('a').take(10), new Placement('b').take(10))
})

test('the padding entry is the variable set to that many bytes', () => {
  assert.deepEqual(paddingEnv(3), { [PLACEMENT_VARIABLE]: 'xxx' })
  assert.deepEqual(paddingEnv(0), { BENCH_ACTION_PLACEMENT: '' })
})
