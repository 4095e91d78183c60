// The verdict rule, paired as unpaired: a change beyond the threshold is a regression (or an
// improvement) only when it is significant AND its whole interval lies on that side of 1; significant
// with an interval that reaches across 1 is unclear, and the note says which condition failed.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sideOf } from '../../../src/stats/decide.ts'
import {
  allPositive,
  atResolutionFloor,
  decideDifference,
  decideExact,
  decideFewSamples,
  decidePaired,
  decideSampled,
  type SampledDecisionOptions,
} from '../../../src/stats/index.ts'

const base = Array.from({ length: 20 }, (_, i) => 100 + i)
/** 13 of 20 pairs `big` apart and 7 a little the other way: significant, with a median ratio of `big`. */
const mostly = (big: number, small: number) => base.map((b, i) => (i < 13 ? b * big : b * small))
const options = (direction: SampledDecisionOptions['direction']): SampledDecisionOptions => ({
  threshold: 0.05,
  alpha: 0.01,
  direction,
})

describe('paired: the interval must lie wholly on the side of the change', () => {
  test('a significant slowdown whose interval reaches below 1 is unclear, not a regression', () => {
    const d = decidePaired(base, mostly(1.2, 0.99), options('lower'))
    assert.ok(d.pValue < 0.01, `significant: p = ${d.pValue}`)
    assert.equal(d.ratio, 1.2)
    assert.ok(d.ci![0] < 1 && d.ci![1] > 1, `interval ${d.ci}`)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, ['the 99% interval of the change, -1.00% … +20.0%, includes no change'])
  })

  test('a significant speed-up whose interval reaches above 1 is unclear, not an improvement', () => {
    const d = decidePaired(base, mostly(1 / 1.2, 1 / 0.99), options('lower'))
    assert.ok(d.pValue < 0.01)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, ['the 99% interval of the change, -16.7% … +1.01%, includes no change'])
  })

  test('higher is better: the same intervals are unclear on the mirrored sides', () => {
    assert.equal(decidePaired(base, mostly(1.2, 0.99), options('higher')).verdict, 'unclear')
    assert.match(
      decidePaired(base, mostly(1.2, 0.99), options('higher')).notes.join('\n'),
      /, includes no change$/,
    )
    assert.equal(decidePaired(base, mostly(1 / 1.2, 1 / 0.99), options('higher')).verdict, 'unclear')
    assert.match(
      decidePaired(base, mostly(1 / 1.2, 1 / 0.99), options('higher')).notes.join('\n'),
      /, includes no change$/,
    )
  })

  test('with every pair on the side of the change the interval clears 1 and the verdict follows', () => {
    const slower = base.map((b) => b * 1.2)
    const faster = base.map((b) => b / 1.2)
    assert.equal(decidePaired(base, slower, options('lower')).verdict, 'regression')
    assert.equal(decidePaired(base, faster, options('lower')).verdict, 'improvement')
    assert.equal(decidePaired(base, slower, options('higher')).verdict, 'improvement')
    assert.equal(decidePaired(base, faster, options('higher')).verdict, 'regression')
    assert.deepEqual(decidePaired(base, slower, options('lower')).notes, [])
  })
})

describe('paired: the interval is at confidence 1 − α', () => {
  // 41 pairs, base 1000, 1100, …, 5000 ns; 13 of them (every third from the second) 1% faster, the
  // other 28 20% slower. Every head value is an exact integer (0.99 × and 1.2 × multiples of 100), so
  // each ratio is exactly the number 0.99 or 1.2 reads as.
  const pairedBase = Array.from({ length: 41 }, (_, i) => 1000 + 100 * i)
  const faster = (i: number) => i % 3 === 1 && i < 39
  const pairedHead = pairedBase.map((b, i) => (faster(i) ? (b / 100) * 99 : (b / 5) * 6))
  // A resample of the 41 ratios has median 0.99 when 21 or more of its 41 draws are of the 13 at
  // 0.99: P(Bin(41, 13/41) ≥ 21) = 0.00730 (fixtures/stats/bootstrap-median-tails.py, exact), between
  // the 0.5% a 99% interval cuts from each end and the 1% a 98% interval cuts; every other resample
  // has median 1.2. Of 10 000 resamples about 73 have median 0.99: the 99% interval's lower end (order
  // statistics 49 and 50) is 0.99, the 98% interval's (99 and 100) is 1.2.

  test('at α = 0.01 the 99% interval reaches down to 0.99: significant and +20%, but unclear', () => {
    assert.equal(pairedHead.filter((h, i) => h / pairedBase[i]! === 0.99).length, 13)
    const d = decidePaired(pairedBase, pairedHead, options('lower'))
    assert.equal(d.ratio, 1.2)
    assert.ok(d.pValue < 0.01, `significant: p = ${d.pValue}`)
    assert.deepEqual(d.ci, [0.99, 1.2])
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, ['the 99% interval of the change, -1.00% … +20.0%, includes no change'])
  })

  test('at α = 0.02 the 98% interval is 1.2 at both ends: the same pairs are a regression', () => {
    const d = decidePaired(pairedBase, pairedHead, { ...options('lower'), alpha: 0.02 })
    assert.deepEqual(d.ci, [1.2, 1.2])
    assert.equal(d.verdict, 'regression')
    assert.deepEqual(d.notes, [])
  })
})

describe('unpaired: the same rule', () => {
  // Two clusters per side: the medians differ by 20%, the resampled medians of head often fall into
  // its lower cluster, level with base.
  const baseSamples = [...Array(12).fill(100), ...Array(8).fill(101)]
  const headSamples = [...Array(9).fill(100.5), ...Array(11).fill(120)]

  test('a significant change of medians whose interval reaches across 1 is unclear', () => {
    const d = decideSampled(baseSamples, headSamples, { ...options('lower'), alpha: 0.05 })
    assert.ok(d.change > 0.05, `change ${d.change}`)
    assert.ok(d.pValue < 0.05, `p = ${d.pValue}`)
    assert.ok(d.ci![0] < 1, `interval ${d.ci}`)
    assert.equal(d.verdict, 'unclear')
    assert.match(d.notes.join('\n'), /interval of the change, .* includes no change/)
    assert.doesNotMatch(d.notes.join('\n'), /is not below α/)
  })
})

describe('by difference: metrics whose values can be 0 or negative', () => {
  const o = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }
  const base = Array.from({ length: 12 }, (_, i) => -100 + i)
  const head = base.map((x) => x + 20)
  const JUDGED = 'not compared by ratio: values can be ≤ 0; judged by the difference of medians'

  test('a clear rise beyond the absolute threshold is a regression when lower is better', () => {
    const d = decideDifference(base, head, { ...o, absoluteThreshold: 5 })
    assert.equal(d.difference, 20)
    assert.deepEqual(d.ci, [14.5, 25.5])
    assert.equal(d.test, 'mann-whitney-exact')
    assert.ok(d.pValue! < 0.01)
    assert.equal(d.verdict, 'regression')
    assert.deepEqual(d.notes, [JUDGED])
  })

  test('the same rise is an improvement when higher is better, and a fall mirrors both', () => {
    assert.equal(
      decideDifference(base, head, { ...o, direction: 'higher', absoluteThreshold: 5 }).verdict,
      'improvement',
    )
    assert.equal(decideDifference(head, base, { ...o, absoluteThreshold: 5 }).verdict, 'improvement')
    assert.equal(
      decideDifference(head, base, { ...o, direction: 'higher', absoluteThreshold: 5 }).verdict,
      'regression',
    )
  })

  test('a difference within the absolute threshold is unchanged; exactly at it too', () => {
    assert.equal(decideDifference(base, head, { ...o, absoluteThreshold: 30 }).verdict, 'unchanged')
    assert.equal(decideDifference(base, head, { ...o, absoluteThreshold: 20 }).verdict, 'unchanged')
    assert.equal(decideDifference(head, base, { ...o, absoluteThreshold: 20 }).verdict, 'unchanged')
  })

  test('without an absolute threshold the difference is shown but not judged', () => {
    const d = decideDifference(base, head, o)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, [
      'not compared by ratio: values can be ≤ 0, so head / base is no relative change; ' +
        'the difference of medians is shown but not judged (no absolute threshold)',
    ])
  })

  test('beyond the threshold but noisy: unclear, saying both what is not significant and where the interval is', () => {
    const noisy = [-10, 10, -5, 5, 0.5, -20, 20, 3, -3, 1, -1, 2]
    const d = decideDifference(
      noisy,
      noisy.map((x) => x + 6),
      { ...o, absoluteThreshold: 5 },
    )
    assert.equal(d.verdict, 'unclear')
    assert.equal(d.test, 'mann-whitney-normal')
    assert.deepEqual(d.notes, [
      JUDGED,
      'p = 0.0831 is not below α = 0.01',
      'the 99% interval of the difference, -2.25 … +14.5, includes no change',
    ])
    const better = decideDifference(
      noisy,
      noisy.map((x) => x - 6),
      { ...o, absoluteThreshold: 5 },
    )
    assert.match(better.notes.join('\n'), /interval of the difference, .* includes no change/)
  })

  test('one and the same value on both sides is unchanged, even at 0 and without a threshold', () => {
    const d = decideDifference([0, 0, 0], [0, 0, 0], o)
    assert.equal(d.verdict, 'unchanged')
    assert.deepEqual(d.notes, [])
    assert.equal(decideDifference([-3, -3], [-3, -3], o).verdict, 'unchanged')
    assert.equal(decideDifference([-3, -3], [-4, -4], { ...o, absoluteThreshold: 0.5 }).verdict, 'unclear')
  })

  test('a side mostly at 0 (the clock’s resolution floor) whose median moved is shown, never judged', () => {
    // Base [0, 0, 0, 1]: three 0s of four, at the floor; its median is 0, head's (0 + 1) / 2 = 0.5.
    const d = decideDifference([0, 0, 0, 1], [0, 0, 1, 2], { ...o, absoluteThreshold: 0.1 })
    assert.equal(d.difference, 0.5)
    assert.equal(d.floor, true)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, [
      'most runs measured 0, too little for the clock or counter to register: a difference is its resolution, not the code; shown, not judged',
    ])
    // Head [0, 0, 0, 9] at the floor: 6.5 → 0, still not judged.
    assert.equal(
      decideDifference([5, 6, 7, 8], [0, 0, 0, 9], { ...o, absoluteThreshold: 0.1 }).verdict,
      'unclear',
    )
  })

  test('at the floor with equal medians (0 → 0, a tick here and there): unchanged, and the note says why', () => {
    // Base four 0s of five, head three: both at the floor, both medians 0; with or without a threshold.
    const base = [0, 0, 0, 0, 4]
    const head = [0, 4, 0, 0, 4]
    for (const d of [
      decideDifference(base, head, o),
      decideDifference(base, head, { ...o, absoluteThreshold: 0.1 }),
    ]) {
      assert.equal(d.difference, 0)
      assert.equal(d.floor, true)
      assert.equal(d.verdict, 'unchanged')
      assert.deepEqual(d.notes, [
        'most runs measured 0, too little for the clock or counter to register; the medians are equal',
      ])
    }
    // Every value 0 on both sides: one and the same value, unchanged with no note, still at the floor.
    const zeros = decideDifference([0, 0, 0], [0, 0, 0], o)
    assert.equal(zeros.floor, true)
    assert.deepEqual(zeros.notes, [])
  })

  test('equal medians without an absolute threshold: a difference of 0 is within any, so unchanged', () => {
    // Medians 1 and 1 (the third of five sorted values), spreads apart; a negative value: no floor.
    const d = decideDifference([-1, 0, 1, 2, 3], [-3, 0, 1, 5, 6], o)
    assert.equal(d.difference, 0)
    assert.equal(d.floor, false)
    assert.equal(d.verdict, 'unchanged')
    assert.deepEqual(d.notes, [
      'not compared by ratio: values can be ≤ 0; the medians are equal, a difference of 0, within any threshold',
    ])
    // With a threshold the rule is the threshold's, as before: within it.
    const judged = decideDifference([-1, 0, 1, 2, 3], [-3, 0, 1, 5, 6], { ...o, absoluteThreshold: 0.5 })
    assert.equal(judged.verdict, 'unchanged')
    assert.deepEqual(judged.notes, [JUDGED])
  })

  test('one sample a side: no interval and no test, so beyond the threshold is unclear', () => {
    const d = decideDifference([-1], [5], { ...o, absoluteThreshold: 1 })
    assert.equal(d.verdict, 'unclear')
    assert.equal(d.ci, undefined)
    assert.equal(d.pValue, undefined)
    assert.equal(d.test, undefined)
    assert.equal(d.difference, 6)
    assert.deepEqual(d.notes, [
      'only 1 base and 1 head samples: no interval and no p-value from fewer than 2 samples on a side, so no change can be significant',
      JUDGED,
    ])
    assert.equal(decideDifference([-1, -2], [5], { ...o, absoluteThreshold: 1 }).ci, undefined)
    assert.notEqual(decideDifference([-1, -2], [5, 6], { ...o, absoluteThreshold: 1 }).ci, undefined)
  })
})

describe('the resolution floor and positivity', () => {
  test('a side is at the floor when its minimum is 0 and more than half its values are 0', () => {
    assert.equal(atResolutionFloor([]), false)
    assert.equal(atResolutionFloor([0, 0, 1]), true)
    assert.equal(atResolutionFloor([0, 0, 1, 1]), false, 'half is not more than half')
    assert.equal(atResolutionFloor([0, 0, 0, -1]), false, 'a negative minimum is no floor')
    assert.equal(atResolutionFloor([3, 0, 0]), true)
    assert.equal(atResolutionFloor([1, 2, 3]), false)
  })

  test('only values all above 0 are positive', () => {
    assert.equal(allPositive([1, 2]), true)
    assert.equal(allPositive([1, 0]), false)
    assert.equal(allPositive([Number.NaN]), false)
    assert.equal(allPositive([]), true)
  })
})

describe('too few samples for statistics', () => {
  const o = { threshold: 0.05, direction: 'lower' as const }
  test('a change beyond the threshold is unclear, within it unchanged, and the note says why', () => {
    const d = decideFewSamples([100], [120], o)
    assert.equal(d.ratio, 1.2)
    assert.ok(Math.abs(d.change - 0.2) < 1e-12)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, [
      'only 1 base and 1 head samples: no interval and no p-value from fewer than 2 samples on a side, so no change can be significant',
    ])
    assert.equal(decideFewSamples([100], [101], o).verdict, 'unchanged')
    assert.equal(decideFewSamples([100], [80], o).verdict, 'unclear')
  })
})

describe('the notes of a decision', () => {
  const o = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }

  test('negative medians are noted: their ratio is no relative change', () => {
    assert.deepEqual(decideSampled([-5, -4, -6], [-5, -4, -6], o).notes, [
      'only 3 base and 3 head samples: fewer than 9 a side make the verdict unreliable',
      'with 3 base and 3 head samples the smallest possible p-value is 0.1, not below α = 0.01: no change can be significant',
      'a median is negative: the ratio of medians does not measure a relative change',
    ])
    assert.match(decideSampled([5, 4, 6], [-5, -4, -6], o).notes.join('\n'), /a median is negative/)
    assert.doesNotMatch(decideSampled([0, 0, 1], [1, 2, 3], o).notes.join('\n'), /a median is negative/)
  })

  test('nine samples a side are enough to be reliable, eight are not, on either side', () => {
    const nine = Array.from({ length: 9 }, (_, i) => 100 + i)
    const eight = nine.slice(1)
    const unreliable = (b: number[], h: number[]) =>
      /verdict unreliable/.test(decideSampled(b, h, o).notes.join('\n'))
    assert.equal(unreliable(nine, nine), false)
    assert.equal(unreliable(eight, nine), true)
    assert.equal(unreliable(nine, eight), true)
    const pairedUnreliable = (n: number[]) =>
      /verdict unreliable/.test(decidePaired(n, n, o).notes.join('\n'))
    assert.equal(pairedUnreliable(nine), false)
    assert.equal(pairedUnreliable(eight), true)
  })

  test('when the smallest possible p equals α nothing can be significant, and the note says so', () => {
    // 3 against 3 samples: the smallest two-sided p is 2 / C(6, 3) = 0.1.
    const d = decideSampled([1, 2, 3], [10, 20, 30], { ...o, alpha: 0.1 })
    assert.match(d.notes.join('\n'), /smallest possible p-value is 0\.1, not below α = 0\.1/)
    assert.equal(d.verdict, 'unclear')
    // 4 pairs all one way: the smallest two-sided Wilcoxon p is 2 / 2⁴ = 0.125.
    const p = decidePaired([1, 2, 3, 4], [10, 20, 30, 40], { ...o, alpha: 0.125 })
    assert.match(
      p.notes.join('\n'),
      /with 4 pairs the smallest possible p-value is 0\.125, not below α = 0\.125/,
    )
    assert.doesNotMatch(p.notes.join('\n'), /is not below α/)
  })

  test('pairs without difference are counted in words, one or several', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1)
    assert.deepEqual(decidePaired(ten, [...ten.slice(0, 9), 11], o).notes, [
      'with 1 pairs that differ the smallest possible p-value is 1, not below α = 0.01: no change can be significant',
      '9 pairs with no difference were left out of the test',
    ])
    const one = decidePaired(
      ten,
      ten.map((x, i) => (i === 0 ? x : x * 2)),
      o,
    )
    assert.match(one.notes.join('\n'), /^1 pair with no difference was left out of the test$/m)
  })

  test('values at or below 0 in pairs: the test is of head − base, and zero and negative values are noted', () => {
    assert.deepEqual(decidePaired([-1, 2, 3, 0, 5], [1, 2, -3, 4, 5], o).notes, [
      'only 5 pairs: fewer than 9 make the verdict unreliable',
      'with 3 pairs that differ the smallest possible p-value is 0.25, not below α = 0.01: no change can be significant',
      '2 pairs with no difference were left out of the test',
      'not every value is above 0: the test compares head − base, not the ratio head / base',
      'a base value is 0: the ratio of that pair is infinite, or 1 when head is 0 too',
      'a value is negative: the paired ratios do not measure a relative change',
    ])
    const headOnlyZero = decidePaired([1, 2, 3], [0, 2, 4], o).notes.join('\n')
    assert.match(headOnlyZero, /not every value is above 0/)
    assert.doesNotMatch(headOnlyZero, /a base value is 0|a value is negative/)
    assert.match(decidePaired([1, 2, 3], [1, -2, 4], o).notes.join('\n'), /a value is negative/)
  })

  test('paired samples of different lengths are refused with the reason', () => {
    assert.throws(
      () => decidePaired([1, 2], [1], o),
      /cannot pair 2 base with 1 head samples: paired runs need the same number on each side, at least one/,
    )
  })

  test('a slowdown and the same speed-up in pairs give the same p: the test is of log ratios', () => {
    const b = Array.from({ length: 12 }, (_, i) => 100 + i * 3)
    const slower = b.map((x, i) => x * (1.1 + (i % 3) * 0.01))
    const up = decidePaired(b, slower, o)
    const down = decidePaired(slower, b, o)
    assert.equal(up.pValue, down.pValue)
    assert.equal(up.verdict, 'regression')
    assert.equal(down.verdict, 'improvement')
  })

  test('a deterministic base of 0 notes an infinite change, or none when head is 0 too', () => {
    const t = { threshold: 0.05, direction: 'lower' as const }
    assert.deepEqual(decideExact(0, 5, t).notes, ['base is 0: the relative change is infinite'])
    assert.deepEqual(decideExact(0, 0, t).notes, ['base and head are both 0: the ratio is taken as 1'])
    assert.deepEqual(decideExact(5, 0, t).notes, [])
  })

  test('an interval whose end lies exactly at 1 is not wholly on either side', () => {
    // Every pair 20% slower except enough at exactly 1 that the lower end of the interval is 1.
    const b = Array.from({ length: 20 }, (_, i) => 100 + i)
    const h = b.map((x, i) => (i < 13 ? x * 1.2 : x))
    const d = decidePaired(b, h, o)
    assert.equal(d.ci![0], 1)
    assert.equal(d.verdict, 'unclear')
    assert.match(d.notes.join('\n'), /interval of the change, ±0\.00% … \+20\.0%, includes no change/)
    const f = decidePaired(h, b, o)
    assert.equal(f.ci![1], 1)
    assert.equal(f.verdict, 'unclear')
    assert.match(f.notes.join('\n'), /interval of the change, -16\.7% … ±0\.00%, includes no change/)
  })
})

describe('edges of the rule, each on data where one reading gives another verdict', () => {
  const o = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }

  test('a change exactly at threshold plus the rounding tolerance is still within it, either way', () => {
    // The same floating-point sum the rule compares with: equal, so not beyond.
    assert.equal(sideOf(0.05 + 1e-12, 0.05, 'lower'), 'within')
    assert.equal(sideOf(-(0.05 + 1e-12), 0.05, 'lower'), 'within')
    assert.equal(sideOf(0.05 + 1e-11, 0.05, 'lower'), 'regression')
    assert.equal(sideOf(-(0.05 + 1e-11), 0.05, 'lower'), 'improvement')
  })

  test('an unchanged decision carries no note', () => {
    const nine = Array.from({ length: 9 }, (_, i) => 100 + i)
    assert.deepEqual(decideSampled(nine, nine, o).notes, [])
  })

  test('only a negative median is noted, on either side; a head median of 0 is not negative', () => {
    const positive = [4, 5, 6]
    const negative = [-4, -5, -6]
    assert.match(decideSampled(negative, positive, o).notes.join('\n'), /a median is negative/)
    assert.doesNotMatch(decideSampled(positive, [0, 0, 1], o).notes.join('\n'), /a median is negative/)
  })

  test('when no change can be significant, the p-value is not given as a reason besides', () => {
    // 3 against 3: the smallest two-sided p is 0.1, equal to α; the change is far beyond the threshold.
    const d = decideSampled([1, 2, 3], [10, 20, 30], { ...o, alpha: 0.1 })
    assert.doesNotMatch(d.notes.join('\n'), /^p = /m)
  })

  test('not significant with the interval wholly on the worse side: only the p-value is the reason', () => {
    const base = [105, 114, 113, 112, 109, 113, 129, 124, 113, 105]
    const head = [141, 127, 94, 135, 122, 133, 114, 143, 119, 120]
    const d = decideSampled(base, head, o)
    assert.ok(d.change > 0.05 && d.pValue >= 0.01, `${d.change} ${d.pValue}`)
    assert.ok(d.ci![0] > 1, `the interval ${d.ci} lies above 1`)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes, ['p = 0.023 is not below α = 0.01'])
  })

  test('paired values below 0 on the base side only are noted as negative', () => {
    assert.match(decidePaired([-1, 2, 3], [1, 2, 4], o).notes.join('\n'), /a value is negative/)
  })

  test('paired values not all above 0 are tested by head − base, not head + base', () => {
    // head − base is 1 … 10, all above 0: the exact two-sided p is 2 / 2¹⁰. (head + base would be
    // −5 … 4, of both signs.)
    const base = Array.from({ length: 10 }, () => -3)
    const head = base.map((b, i) => b + i + 1)
    assert.equal(decidePaired(base, head, o).pValue, 2 / 2 ** 10)
  })

  test('pairs with the same ratio either way round tie, whatever rounding does to their logarithms', () => {
    // log(100 / 110) is not −log(110 / 100) in floating point; log(3 / 7) is −log(7 / 3). Six pairs
    // up and four down by one ratio are all tied either way, so both give one p.
    const updown = (low: number, high: number) => ({
      base: [...Array(6).fill(low), ...Array(4).fill(high)],
      head: [...Array(6).fill(high), ...Array(4).fill(low)],
    })
    assert.notEqual(Math.log(100 / 110), -Math.log(110 / 100))
    assert.equal(Math.log(3 / 7), -Math.log(7 / 3))
    const rounded = updown(100, 110)
    const exact = updown(3, 7)
    assert.equal(
      decidePaired(rounded.base, rounded.head, o).pValue,
      decidePaired(exact.base, exact.head, o).pValue,
    )
  })
})

describe('by difference: the edges', () => {
  const o = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const }

  test('one side constant at the other’s minimum is not "one and the same value"', () => {
    assert.equal(decideDifference([-3, 0, 3], [-3, -3, -3], o).verdict, 'unclear')
    assert.equal(decideDifference([-3, -3, -3], [-3, 0, 3], o).verdict, 'unclear')
  })

  test('a difference exactly at the threshold plus its rounding tolerance is unchanged, either way', () => {
    // 1e-12 − (−1) is the same floating-point sum as 1 + 1e-12 · max(1, 1).
    assert.equal(
      decideDifference([-1, -1, -1], [1e-12, 1e-12, 1e-12], { ...o, absoluteThreshold: 1 }).verdict,
      'unchanged',
    )
    assert.equal(
      decideDifference([1e-12, 1e-12, 1e-12], [-1, -1, -1], { ...o, absoluteThreshold: 1 }).verdict,
      'unchanged',
    )
  })

  test('a p-value exactly at α is not significant', () => {
    // 3 against 3, every head above every base: the exact two-sided p is 2 / C(6, 3) = 0.1.
    const d = decideDifference([-3, -2, -1], [7, 8, 9], { ...o, alpha: 0.1, absoluteThreshold: 1 })
    assert.equal(d.pValue, 0.1)
    assert.equal(d.verdict, 'unclear')
    assert.deepEqual(d.notes.slice(1), ['p = 0.1 is not below α = 0.1'])
  })

  test('significant, but the interval of the difference reaches across 0: unclear, the interval the only reason', () => {
    const base = [-10, -9, -8, -7, -6, -5, -4, -3, 20, 21, 22, 23]
    const head = base.map((x) => x + 6)
    for (const direction of ['lower', 'higher'] as const) {
      const d = decideDifference(base, head, { ...o, alpha: 0.05, direction, absoluteThreshold: 1 })
      assert.ok(d.pValue! < 0.05 && d.ci![0] < 0 && d.ci![1] > 0, `${d.pValue} ${d.ci}`)
      assert.equal(d.verdict, 'unclear')
      assert.equal(d.notes.length, 2)
      assert.match(d.notes[1]!, /^the 95% interval of the difference, \S+ … \S+, includes no change$/)
    }
  })

  test('an interval of the difference that ends exactly at 0 is not wholly on either side', () => {
    const base = [-1, -1, -1, 0.5, 1, 2, 2, 2, 3, 3, 5, 4]
    const head = [3, 0, 0, 4.5, 2, 3, 6, 3, 4, 7, 6, 5]
    const gate = { ...o, alpha: 0.05, absoluteThreshold: 0.5 }
    const risen = (direction: 'lower' | 'higher') => decideDifference(base, head, { ...gate, direction })
    const fallen = (direction: 'lower' | 'higher') =>
      decideDifference(
        base.map((x) => -x),
        head.map((x) => -x),
        { ...gate, direction },
      )
    for (const d of [risen('lower'), risen('higher')]) {
      assert.ok(d.pValue! < 0.05, `${d.pValue}`)
      assert.equal(d.ci![0], 0)
      assert.equal(d.verdict, 'unclear')
    }
    for (const d of [fallen('lower'), fallen('higher')]) {
      assert.ok(d.pValue! < 0.05, `${d.pValue}`)
      assert.equal(d.ci![1], 0)
      assert.equal(d.verdict, 'unclear')
    }
  })
})
