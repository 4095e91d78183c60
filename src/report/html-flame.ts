// The HTML report's call paths: for each instruction benchmark that regressed or improved, a
// differential flame graph (head's call tree coloured by the change from base), the plain flame graph of
// head, and the call paths whose instructions changed most; for the others, where head's instructions go.
import { callPathText } from '../compare/call-paths.ts'
import type { BenchmarkComparison } from '../compare/types.ts'
import { formatChange, formatCount } from '../display.ts'
import { flameSvg } from './flame.ts'
import { code, e, verdictCell } from './html-sections.ts'

function changesTable(b: BenchmarkComparison): string {
  const changes = b.callPaths!.changes
  if (changes.length === 0) return ''
  const rows = changes.map(
    (c) =>
      `<tr><td>${code(callPathText(c.path))}</td><td class="num">${e(formatCount(c.base))}</td><td class="num">${e(formatCount(c.head))}</td><td class="num">${e(`${c.delta > 0 ? '+' : ''}${formatCount(c.delta)}`)}</td><td class="num">${e(c.base > 0 ? formatChange(c.delta / c.base) : 'new')}</td></tr>`,
  )
  return `<table><thead><tr><th>Call path</th><th>Base Ir</th><th>Head Ir</th><th>Δ</th><th>Δ %</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`
}

/** Instruction benchmarks that regressed or improved: their call trees as flame graphs. */
export function callPathsSection(list: BenchmarkComparison[]): string {
  const blocks = list.map((b) => {
    const { base, head } = b.callPaths!
    return [
      `<h3>${code(b.name)} ${verdictCell(b.verdict)}</h3>`,
      changesTable(b),
      `<figure class="chart flame"><figcaption>Differential flame graph: head's call tree, each frame coloured by how its instructions changed from base along the same path</figcaption>`,
      flameSvg(head, base, `Differential flame graph of ${b.name}`),
      '</figure>',
      `<figure class="chart flame"><figcaption>Flame graph of head</figcaption>`,
      flameSvg(head, undefined, `Flame graph of ${b.name} in head`),
      '</figure>',
    ]
      .filter((s) => s !== '')
      .join('\n')
  })
  return [
    '<section id="call-paths">',
    '<h2>Call paths of the instruction changes</h2>',
    '<p class="counts">Frames: a function along one call path, the root at the bottom, its callees above it; a function called from several places has its callees split among them in proportion. Callees below 0.5% of the total are one “other” frame. Hover a frame for its numbers.</p>',
    ...blocks,
    '</section>',
  ].join('\n')
}

/**
 * Every other instruction benchmark with a call tree (a first run, an unchanged one): the flame graph
 * of where its instructions go, each folded away until opened.
 */
export function flameGraphsSection(list: BenchmarkComparison[]): string {
  const blocks = list.map((b) =>
    [
      `<details><summary>${code(b.name)} · ${e(formatCount(b.callTree!.total))} Ir</summary>`,
      '<figure class="chart flame">',
      flameSvg(b.callTree!, undefined, `Flame graph of ${b.name}`),
      '</figure>',
      '</details>',
    ].join('\n'),
  )
  return [
    '<section id="flame-graphs">',
    '<h2>Where the instructions go</h2>',
    '<p class="counts">The call tree of each instruction benchmark measured: a function along one call path, the root at the bottom, its callees above it, each as wide as its share of the instructions. Callees below 0.5% of the total are one “other” frame. Hover a frame for its numbers.</p>',
    ...blocks,
    '</section>',
  ].join('\n')
}
