// Which allocation sites' bytes or blocks changed most between base and head: the sites table of an
// instructions benchmark whose heap counts changed.
import { frameFunction, frameLine, HEAP_METRICS } from '../kinds/instructions/dhat.ts'
import type { BenchmarkResult, HeapSite } from '../results.ts'
import { HEAP_SITE_CHANGES_SHOWN, type MetricComparison } from './types.ts'

export interface HeapSiteChange {
  /** The functions of the site's stack, the allocator first: what base and head are paired on. */
  stack: string[]
  /** The source lines of the innermost frame that has one, of each site summed into this row (head's, else base's). */
  lines: string[]
  base: { bytes: number; blocks: number }
  head: { bytes: number; blocks: number }
  /** `new`: no site of base has this stack; `gone`: no site of head has it. */
  presence: 'both' | 'new' | 'gone'
}

interface Row {
  stack: string[]
  lines: { base: string[]; head: string[] }
  base: { bytes: number; blocks: number }
  head: { bytes: number; blocks: number }
  seen: { base: boolean; head: boolean }
}

/** The source line of a site: its innermost frame with one (the allocator's never has). */
function siteLine(site: HeapSite): string | undefined {
  for (const frame of site.frames) {
    const line = frameLine(frame)
    if (line !== undefined) return line
  }
  return undefined
}

/**
 * Pairs the sites of base and head by the functions of their stacks. Sites of one side with the same
 * functions (two allocations in one function) are summed into one row.
 */
function pairSites(base: readonly HeapSite[], head: readonly HeapSite[]): Row[] {
  const rows = new Map<string, Row>()
  const collect = (sites: readonly HeapSite[], side: 'base' | 'head') => {
    for (const site of sites) {
      const stack = site.frames.map(frameFunction)
      const key = stack.join('\u0000')
      let row = rows.get(key)
      if (row === undefined) {
        row = {
          stack,
          lines: { base: [], head: [] },
          base: { bytes: 0, blocks: 0 },
          head: { bytes: 0, blocks: 0 },
          seen: { base: false, head: false },
        }
        rows.set(key, row)
      }
      row[side].bytes += site.bytes
      row[side].blocks += site.blocks
      row.seen[side] = true
      const line = siteLine(site)
      if (line !== undefined && !row.lines[side].includes(line)) row.lines[side].push(line)
    }
  }
  collect(base, 'base')
  collect(head, 'head')
  return [...rows.values()]
}

/**
 * The allocation sites whose bytes or blocks changed most, unchanged ones left out, at most `top`. A row's
 * weight is its share of all the bytes changed or of all the blocks changed (each |head − base| over the
 * sum of them over every row), whichever is larger: a site that alone added blocks of the same total size
 * comes first as surely as one that added bytes. Ties: more bytes changed, more blocks changed, then by stack.
 */
export function diffHeapSites(
  base: readonly HeapSite[],
  head: readonly HeapSite[],
  top = 10,
): HeapSiteChange[] {
  const changed = pairSites(base, head).filter(
    (r) => r.base.bytes !== r.head.bytes || r.base.blocks !== r.head.blocks,
  )
  const moved = (r: Row, field: 'bytes' | 'blocks') => Math.abs(r.head[field] - r.base[field])
  const total = (field: 'bytes' | 'blocks') => changed.reduce((sum, r) => sum + moved(r, field), 0)
  const totals = { bytes: total('bytes'), blocks: total('blocks') }
  const share = (r: Row, field: 'bytes' | 'blocks') =>
    totals[field] === 0 ? 0 : moved(r, field) / totals[field]
  const weight = (r: Row) => Math.max(share(r, 'bytes'), share(r, 'blocks'))
  return changed
    .sort(
      (a, b) =>
        weight(b) - weight(a) ||
        moved(b, 'bytes') - moved(a, 'bytes') ||
        moved(b, 'blocks') - moved(a, 'blocks') ||
        a.stack.join('\n').localeCompare(b.stack.join('\n')),
    )
    .slice(0, Math.max(0, top))
    .map((r) => ({
      stack: r.stack,
      lines: r.seen.head ? r.lines.head : r.lines.base,
      base: r.base,
      head: r.head,
      presence: !r.seen.base ? 'new' : !r.seen.head ? 'gone' : 'both',
    }))
}

const SHOWN_FOR: ReadonlySet<string> = new Set(['regression', 'accepted', 'improvement'])

/**
 * The sites table of a benchmark whose heap counts regressed (accepted or not) or improved: absent when no
 * heap metric did, or when a side's result has no sites (measured without heap: true).
 */
export function heapSiteChangesOf(
  base: BenchmarkResult,
  head: BenchmarkResult,
  metrics: readonly MetricComparison[],
): HeapSiteChange[] | undefined {
  const heap: ReadonlySet<string> = new Set(HEAP_METRICS)
  if (!metrics.some((m) => heap.has(m.metric) && SHOWN_FOR.has(m.verdict))) return undefined
  if (!base.heapSites || !head.heapSites) return undefined
  return diffHeapSites(base.heapSites, head.heapSites, HEAP_SITE_CHANGES_SHOWN)
}
