// Flame graphs of a call tree as SVG: the committed drawings of a fixed pair of trees
// (__outputs__/flame-diff.svg, __outputs__/flame.svg), frames under 0.5% merged, names that are
// markup drawn as text, and the colours of a change worked out by hand.
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { changeColour, fitText, flameFrames, flameSvg } from '../../../src/report/flame.ts'
import type { CallTree } from '../../../src/results.ts'
import { golden } from '../../support/golden.ts'
import { repoRoot } from '../../support/helpers.ts'

const output = (name: string) => path.join(repoRoot, '__tests__', '__outputs__', name)

/** A tree from lines of "depth name ir"; names may hold spaces after the second field. */
function tree(total: number, ...lines: string[]): CallTree {
  return {
    total,
    frames: lines.map((line) => {
      const [depth, ir, ...name] = line.split(' ')
      return { name: name.join(' '), ir: Number(ir), depth: Number(depth) }
    }),
  }
}

// 0.5% of head's 200,000 is 1,000: tiny_a (300) and tiny_b (500) under parse are one "other" frame of 800.
const BASE = tree(
  100_000,
  '0 100000 main',
  '1 70000 parse',
  '2 20000 lex',
  '2 40000 <script>alert(1)</script>',
  '1 20000 emit',
  '2 15000 write &amp; flush',
  '1 10000 setup',
)
const HEAD = tree(
  200_000,
  '0 200000 main',
  '1 170000 parse',
  '2 20000 lex',
  '2 40000 <script>alert(1)</script>',
  '2 100000 alloc_node',
  '3 100000 new_c',
  '2 300 tiny_a',
  '2 500 tiny_b',
  '1 20000 emit',
  '2 15000 write &amp; flush',
  '1 5000 setup',
)

/** What every drawing must be: balanced groups, no markup from a name, no script at all. */
function wellFormed(svg: string): void {
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), 'an SVG element')
  assert.ok(svg.endsWith('</svg>'))
  assert.equal((svg.match(/<g>/g) ?? []).length, (svg.match(/<\/g>/g) ?? []).length, 'groups close')
  assert.doesNotMatch(svg, /<script|on[a-z]+=|href=/i, 'no script, handler or link')
}

test('the differential flame graph of a fixed pair of trees is the committed drawing', async () => {
  await golden(
    output('flame-diff.svg'),
    flameSvg(HEAD, BASE, 'Differential flame graph of parse'),
    wellFormed,
  )
})

test('the flame graph of head alone is the committed drawing', async () => {
  await golden(output('flame.svg'), flameSvg(HEAD, undefined, 'Flame graph of parse'), wellFormed)
})

test("callees below 0.5% of the total are one 'other' frame per caller, holding their sum", () => {
  const all = flameFrames(HEAD, BASE)
  const parse = all.children[0]!.children.find((f) => f.name === 'parse')!
  assert.deepEqual(
    parse.children.map((f) => [f.name, f.ir, f.base, f.other ?? false]),
    [
      ['<script>alert(1)</script>', 40_000, 40_000, false],
      ['alloc_node', 100_000, 0, false],
      ['lex', 20_000, 20_000, false],
      ['other', 800, 0, true],
    ],
  )
  const svg = flameSvg(HEAD, BASE, 'x')
  assert.doesNotMatch(svg, /tiny_a|tiny_b/, 'the merged callees are not drawn one by one')
  assert.match(svg, /<title>other: callees below 0\.5% of the total\n800 Ir \(0\.4% of head\)/)
})

test('names that are markup come out as text, in the frame and in its title', () => {
  const svg = flameSvg(HEAD, BASE, 'a <b>label</b>')
  assert.match(svg, /<title>&lt;script&gt;alert\(1\)&lt;\/script&gt;\n/)
  assert.match(svg, />&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/text>/)
  assert.match(svg, /<title>write &amp;amp; flush\n/)
  assert.match(svg, /aria-label="a &lt;b&gt;label&lt;\/b&gt;"/)
  assert.doesNotMatch(svg, /<script|<b>/)
})

test('a change is neutral within the tolerance, red for more, blue for fewer, full at twice or half', () => {
  const neutral = '#ddd9d0'
  assert.equal(changeColour(100, 100, 1), neutral)
  assert.equal(changeColour(100, 101, 1), neutral, 'within the tolerance')
  assert.equal(changeColour(0, 50, 1), '#cf222e', 'a path new in head is fully red')
  assert.equal(changeColour(100, 200, 1), '#cf222e', 'twice base')
  assert.equal(changeColour(100, 50, 1), '#0969da', 'half of base')
  assert.equal(changeColour(100, 0, 1), '#0969da', 'gone from head')
  // √2 times base: log2 = 0.5, so 0.25 + 0.75 · 0.5 = 0.625 of the way from (221,217,208) to (207,34,46):
  // 221 − 14·0.625 = 212.25, 217 − 183·0.625 = 102.625, 208 − 162·0.625 = 106.75 → (212, 103, 107).
  assert.equal(changeColour(100, 100 * Math.SQRT2, 1), '#d4676b')
})

test('a name is cut to the width of its frame', () => {
  // (40 − 2·3) / 6.7 = 5.07: five characters, the last one the ellipsis.
  assert.equal(fitText('abcdefghij', 40), 'abcd…')
  assert.equal(fitText('abcdefghij', 200), 'abcdefghij')
  assert.equal(fitText('abcdefghij', 10), '')
})
