// The HTML report's chart of changes, its axis worked out by hand: a symmetric log scale whose constant
// is the smallest threshold, so the threshold band stays wide beside a change many times its size; ends
// a tenth beyond the farthest change, rounded out; ticks at 0, the thresholds, the ends and the 1-2-5
// values between, never closer than a twelfth of the axis. Row labels keep the change, shortening the name.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type ChangeRow,
  changeLabel,
  changesAxis,
  changesChartSpec,
  renderSvg,
} from '../../../src/report/html-charts.ts'

/** A row at a 5% threshold (or `threshold`) whose interval is low … high. */
const row = (change: number, low: number, high: number, threshold = 5): ChangeRow => ({
  label: `x: ${change}`,
  description: `x: ${change}`,
  change,
  low,
  high,
  threshold,
  negative: -threshold,
  verdict: 'unchanged',
})

describe('the axis of changes', () => {
  test('a change of +140% beside ±5%: from −15% to +200%, the band ±5% over a quarter of it', () => {
    // The farthest: −10% (an exact count) and +144% (an interval's end); twice the threshold is 10.
    // A tenth beyond: 11 → 15 and 158.4 → 200. Positions sign(x) · ln(1 + |x| / 5): −15 at −ln 4,
    // +200 at ln 41, the band ±ln 2: 2 ln 2 / (ln 4 + ln 41) = 0.2718 of the axis.
    const axis = changesAxis([row(30, 28, 32), row(140, 136, 144), row(-10, -10, -10), row(0, -1, 1)])
    assert.equal(axis.constant, 5)
    assert.deepEqual(axis.domain, [-15, 200])
    // A twelfth of ln 4 + ln 41 is 0.425: +10% (ln 3) is 0.405 from +5% (ln 2), too close; +20% (ln 5)
    // is 0.916 from it; +50%, +100% are 0.789 and 0.647 further; −10% is 0.405 from −5%.
    assert.deepEqual(axis.ticks, [-15, -5, 0, 5, 20, 50, 100, 200])
  })

  test('small changes: twice the threshold, a tenth beyond, rounded out to ±15%, ticks every step that fits', () => {
    // Positions ln(1 + |x| / 5); a twelfth of 2 ln 4 is 0.231: ±1% (0.182 from 0) is too close, ±2%
    // (0.336) is not, nor ±10% (0.405 from ±5%, 0.288 from ±15%).
    const axis = changesAxis([row(1, -0.5, 2.5), row(-1, -2, 0)])
    assert.deepEqual(axis.domain, [-15, 15])
    assert.deepEqual(axis.ticks, [-15, -10, -5, -2, 0, 2, 5, 10, 15])
  })

  test('two thresholds: the smallest is the scale’s constant, each is a tick', () => {
    // Positions ln(1 + |x|), from −15 (−ln 16) to +50 (30 · 1.1 = 33 → 50, ln 51); a twelfth is 0.559:
    // +2% (ln 3) is 0.405 from +1% (ln 2); +10% is 0.606 from +5%; −10% only 0.375 from −15%.
    const axis = changesAxis([row(30, 25, 30, 1), row(-3, -3, -2, 5)])
    assert.equal(axis.constant, 1)
    assert.deepEqual(axis.domain, [-15, 50])
    assert.deepEqual(axis.ticks, [-15, -5, -1, 0, 1, 5, 10, 20, 50])
  })

  test('a fall to 0 (−100%) ends the axis at −100%, never below', () => {
    assert.equal(changesAxis([row(-100, -100, -100)]).domain[0], -100)
  })

  test('the spec: that scale on every layer, the plot beside 320 pixels of labels, 1136 in all', () => {
    const spec = changesChartSpec([row(140, 136, 144), row(-10, -10, -10)]) as unknown as {
      width: number
      layer: Array<{ encoding: { x: { scale: unknown } } }>
    }
    // The plot's frame strokes half a pixel beyond it either side: 815 + 1 + 320 = 1136.
    assert.equal(spec.width, 815)
    for (const layer of spec.layer)
      assert.deepEqual(layer.encoding.x.scale, {
        type: 'symlog',
        constant: 5,
        domain: [-15, 200],
        nice: false,
        zero: false,
      })
  })
})

describe('the rows’ labels', () => {
  test('two rows whose labels read the same (one name, one metric, one change) stay two rows', async () => {
    const same = { ...row(100, 98, 102), label: 'twin · wall: +100%' }
    const svg = await renderSvg(changesChartSpec([same, same, row(0, -1, 1)]), 'twins')
    assert.equal(svg.match(/>twin · wall: \+100%<\/text>/g)?.length, 2, 'two labels')
    assert.equal(svg.match(/aria-roledescription="point"/g)?.length, 3, 'three points')
  })

  test('the name, then the change; a long name shortened so the change stays', () => {
    assert.equal(changeLabel('hash 4M · wall', '+30.0%'), 'hash 4M · wall: +30.0%')
    // 36 characters in all: 27 of the name, "…", ": " and the change.
    const long = changeLabel(`${'a'.repeat(40)} · wall`, '+30.0%')
    assert.equal(long, `${'a'.repeat(27)}…: +30.0%`)
    assert.equal([...long].length, 36)
    // Characters, not UTF-16 units: an emoji is one.
    assert.equal(changeLabel(`${'😀'.repeat(40)}`, '-1.00%'), `${'😀'.repeat(27)}…: -1.00%`)
  })
})
