// The allocation sites table every report shows for a benchmark whose heap counts changed, as plain text
// cells: the markdown, terminal and HTML reports differ only in how they escape and lay them out.
import type { HeapSiteChange } from '../compare/heap-sites.ts'
import { formatCount } from '../display.ts'

export const HEAP_SITES_TITLE = 'allocation sites whose heap use changed most'

export const HEAP_SITES_HEADER = [
  'Allocation site',
  'Line',
  'Base bytes',
  'Head bytes',
  'Δ bytes',
  'Base blocks',
  'Head blocks',
  'Δ blocks',
]

export interface HeapSiteRow {
  /** The stack's functions, the allocator first, each called from the next. */
  site: string
  /** The source lines of the site's allocations. */
  line: string
  baseBytes: string
  headBytes: string
  deltaBytes: string
  baseBlocks: string
  headBlocks: string
  deltaBlocks: string
}

/** A count's change with its sign: "+6,400", "-3", "0". */
export function signedCount(delta: number): string {
  return `${delta > 0 ? '+' : ''}${formatCount(delta)}`
}

/** A site's stack as one line: "malloc ← extra_alloc ← main". */
export function siteStack(change: HeapSiteChange): string {
  return change.stack.join(' ← ')
}

/** A site's cells: a side without the site says `new` (base) or `gone` (head) instead of its counts. */
export function heapSiteRow(change: HeapSiteChange): HeapSiteRow {
  const base = (n: number) => (change.presence === 'new' ? 'new' : formatCount(n))
  const head = (n: number) => (change.presence === 'gone' ? 'gone' : formatCount(n))
  return {
    site: siteStack(change),
    line: change.lines.join(', '),
    baseBytes: base(change.base.bytes),
    headBytes: head(change.head.bytes),
    deltaBytes: signedCount(change.head.bytes - change.base.bytes),
    baseBlocks: base(change.base.blocks),
    headBlocks: head(change.head.blocks),
    deltaBlocks: signedCount(change.head.blocks - change.base.blocks),
  }
}
