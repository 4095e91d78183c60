// Families of metrics, one function at a time: which metric another is computed from (through a chain,
// and where a loop ends it), which names of a gate gate, which are absent or displaced by an earlier
// name of the same family, whose verdict a metric shows, and which names of a list repeat a family.
// Every expectation is worked out by hand from the catalogue below.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type DerivedMetrics,
  type FamilyMember,
  familyOf,
  followedMetrics,
  resolveGate,
  sameFamilyNames,
} from '../../src/metric-families.ts'

// A scaling point's catalogue: throughput from the time, speedup from the throughput, efficiency from
// the speedup. `cpu` is computed from nothing.
const DERIVED: DerivedMetrics = { throughput: 'time', speedup: 'throughput', efficiency: 'speedup' }

const has = (...names: string[]): Record<string, FamilyMember> =>
  Object.fromEntries(names.map((n) => [n, {}]))

describe('familyOf', () => {
  test('a metric computed from nothing is its own family', () => {
    assert.equal(familyOf(DERIVED, 'time'), 'time')
    assert.equal(familyOf(DERIVED, 'cpu'), 'cpu')
  })

  test('a chain is followed to its end: efficiency → speedup → throughput → time', () => {
    assert.equal(familyOf(DERIVED, 'throughput'), 'time')
    assert.equal(familyOf(DERIVED, 'efficiency'), 'time')
  })

  test('what an imported metric says it was computed from comes before the catalogue', () => {
    const metrics = { rate: { derivedFrom: 'mean' }, mean: {}, throughput: { derivedFrom: 'cpu' } }
    assert.equal(familyOf(DERIVED, 'rate', metrics), 'mean')
    // The catalogue says time; the metric itself says cpu.
    assert.equal(familyOf(DERIVED, 'throughput', metrics), 'cpu')
    // speedup → throughput (catalogue), whose own source is cpu.
    assert.equal(familyOf(DERIVED, 'speedup', metrics), 'cpu')
  })

  test('a loop ends at the last metric before it closes', () => {
    const loop: DerivedMetrics = { a: 'b', b: 'c', c: 'a' }
    assert.equal(familyOf(loop, 'a'), 'c')
    assert.equal(familyOf(loop, 'b'), 'a')
    // A metric computed from itself.
    assert.equal(familyOf({ x: 'x' }, 'x'), 'x')
  })
})

describe('resolveGate', () => {
  test('one metric per family gates: the first named; the later ones are displaced by it', () => {
    const r = resolveGate(DERIVED, has('time', 'throughput', 'speedup', 'cpu'), [
      'speedup',
      'cpu',
      'time',
      'throughput',
    ])
    assert.deepEqual(r.gated, ['speedup', 'cpu'])
    assert.deepEqual(r.absent, [])
    assert.deepEqual(r.displaced, [
      ['time', 'speedup'],
      ['throughput', 'speedup'],
    ])
  })

  test('a name the benchmark lacks is absent once, however often the gate lists it, and gates nothing', () => {
    const r = resolveGate(DERIVED, has('time', 'cpu'), ['speedup', 'time', 'speedup', 'rss', 'cpu'])
    assert.deepEqual(r.gated, ['time', 'cpu'])
    assert.deepEqual(r.absent, ['speedup', 'rss'])
    assert.deepEqual(r.displaced, [])
  })

  test('an absent name does not take its family: the family goes to the next name it has', () => {
    // efficiency is absent; throughput, of the same family, is the first one present.
    const r = resolveGate(DERIVED, has('time', 'throughput'), ['efficiency', 'throughput', 'time'])
    assert.deepEqual(r.gated, ['throughput'])
    assert.deepEqual(r.absent, ['efficiency'])
    assert.deepEqual(r.displaced, [['time', 'throughput']])
  })

  test('a name listed twice gates once and is not displaced by itself', () => {
    const r = resolveGate(DERIVED, has('time', 'cpu'), ['time', 'cpu', 'time'])
    assert.deepEqual(r.gated, ['time', 'cpu'])
    assert.deepEqual(r.absent, [])
    assert.deepEqual(r.displaced, [])
  })

  test('an empty gate gates nothing', () => {
    assert.deepEqual(resolveGate(DERIVED, has('time'), []), { gated: [], absent: [], displaced: [] })
  })
})

describe('followedMetrics', () => {
  test('the members of a family show the gated one; a metric alone in its family is not in the map', () => {
    const follows = followedMetrics(DERIVED, has('time', 'throughput', 'speedup', 'cpu'), ['speedup'])
    assert.deepEqual(
      [...follows].sort(),
      [
        ['throughput', 'speedup'],
        ['time', 'speedup'],
      ].sort(),
    )
    assert.equal(follows.has('cpu'), false)
    assert.equal(follows.has('speedup'), false)
  })

  test('with none of the family gated, the members show the metric the family is computed from', () => {
    const follows = followedMetrics(DERIVED, has('speedup', 'time', 'throughput'), [])
    assert.deepEqual(
      [...follows].sort(),
      [
        ['speedup', 'time'],
        ['throughput', 'time'],
      ].sort(),
    )
  })

  test('with neither gated nor source present, the members show the first of them', () => {
    const follows = followedMetrics(DERIVED, has('efficiency', 'speedup', 'throughput'), [])
    assert.deepEqual(
      [...follows].sort(),
      [
        ['speedup', 'efficiency'],
        ['throughput', 'efficiency'],
      ].sort(),
    )
  })

  test('among limits the members counted: a family of one there is not in the map', () => {
    const metrics = has('time', 'throughput', 'cpu')
    assert.deepEqual([...followedMetrics(DERIVED, metrics, [], ['throughput', 'cpu'])], [])
    assert.deepEqual(
      [...followedMetrics(DERIVED, metrics, [], ['throughput', 'time'])],
      [['throughput', 'time']],
    )
  })

  test('a gated metric of another family does not lead this one', () => {
    const follows = followedMetrics(DERIVED, has('time', 'throughput', 'cpu'), ['cpu'])
    assert.deepEqual([...follows], [['throughput', 'time']])
  })
})

describe('sameFamilyNames', () => {
  test('each name of an earlier name’s family is listed with its index and that earlier name', () => {
    assert.deepEqual(sameFamilyNames(DERIVED, ['time', 'cpu', 'speedup', 'efficiency', 'rss']), [
      [2, 'speedup', 'time'],
      [3, 'efficiency', 'time'],
    ])
  })

  test('a name repeated is not its own family’s repetition', () => {
    assert.deepEqual(sameFamilyNames(DERIVED, ['time', 'time', 'cpu']), [])
  })

  test('no names, nothing listed', () => {
    assert.deepEqual(sameFamilyNames(DERIVED, []), [])
  })
})
