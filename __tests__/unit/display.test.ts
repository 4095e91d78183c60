// Numbers as the reports write them.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatCount, formatExact } from '../../src/display.ts'

test('an exact count keeps every digit, grouped by three', () => {
  assert.equal(formatCount(0), '0')
  assert.equal(formatCount(999), '999')
  assert.equal(formatCount(1000), '1,000')
  assert.equal(formatCount(19_772_366), '19,772,366')
  assert.equal(formatCount(-9_830_410), '-9,830,410')
  assert.equal(formatCount(100_000), '100,000')
  assert.equal(formatCount(999_999_999_999_999), '999,999,999,999,999')
})

test('a count that is not whole gets an SI suffix', () => {
  assert.equal(formatCount(1234.5), '1.23 k')
  assert.equal(formatCount(2_500_000.5), '2.50 M')
})

test('exact bytes are counted to the byte', () => {
  assert.equal(formatExact(1748, 'bytes'), '1,748 B')
  assert.equal(formatExact(0, 'bytes'), '0 B')
  assert.equal(formatExact(12_345, 'count'), '12,345')
})
