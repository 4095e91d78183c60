// Which call paths' instructions changed most between base and head: the call trees of an instruction
// benchmark paired frame by frame along the same names from the root (docs/methodology.md#call-paths).
import { type CallNode, nestCallTree } from '../kinds/instructions/call-tree.ts'
import type { CallTree } from '../results.ts'

/** A change smaller than this share of the larger total is noise in a call tree: frames are stored to 0.1%. */
export const CALL_PATH_TOLERANCE = 0.001

/** How many changed call paths a report lists per benchmark. */
export const CALL_PATHS_SHOWN = 3

export interface CallPathChange {
  /** Function names from the root to the frame. */
  path: string[]
  /** Inclusive Ir along the path on each side: 0 where that side has no such path. */
  base: number
  head: number
  /** head − base. */
  delta: number
}

/** Both sides' call trees of a benchmark that changed, and the paths that changed most. */
export interface CallPathDiff {
  base: CallTree
  head: CallTree
  changes: CallPathChange[]
}

/** The smallest change of a frame that counts as a change: CALL_PATH_TOLERANCE of the larger total. */
export function callPathTolerance(base: CallTree, head: CallTree): number {
  return CALL_PATH_TOLERANCE * Math.max(base.total, head.total)
}

/** A frame of both trees paired: base's and head's node along one path (either may be absent). */
interface Paired {
  path: string[]
  base?: CallNode
  head?: CallNode
}

/**
 * The paths whose change is their own: the frame changed by more than the tolerance, and at least half
 * of its change is not in any one of its callees (for a new function three frames deep, that function's
 * path, not its callers'). Largest |Δ| first, at most `top`.
 */
export function diffCallTrees(base: CallTree, head: CallTree, top = CALL_PATHS_SHOWN): CallPathDiff {
  const tolerance = callPathTolerance(base, head)
  const changes: CallPathChange[] = []
  const stack: Paired[] = pairChildren([], nestCallTree(base), nestCallTree(head))
  while (stack.length > 0) {
    const frame = stack.pop()!
    const children = pairChildren(frame.path, frame.base?.children ?? [], frame.head?.children ?? [])
    stack.push(...children)
    const delta = (frame.head?.ir ?? 0) - (frame.base?.ir ?? 0)
    if (Math.abs(delta) <= tolerance) continue
    const carried = Math.max(0, ...children.map((c) => Math.sign(delta) * deltaOf(c)))
    if (carried > Math.abs(delta) / 2) continue
    changes.push({ path: frame.path, base: frame.base?.ir ?? 0, head: frame.head?.ir ?? 0, delta })
  }
  changes.sort(
    (a, b) =>
      Math.abs(b.delta) - Math.abs(a.delta) || a.path.join('\u0000').localeCompare(b.path.join('\u0000')),
  )
  return { base, head, changes: changes.slice(0, Math.max(0, top)) }
}

function deltaOf(frame: Paired): number {
  return (frame.head?.ir ?? 0) - (frame.base?.ir ?? 0)
}

/** The children of one frame on both sides, paired by name. */
function pairChildren(path: string[], base: CallNode[], head: CallNode[]): Paired[] {
  const byName = new Map<string, Paired>()
  for (const node of base) byName.set(node.name, { path: [...path, node.name], base: node })
  for (const node of head) {
    const paired = byName.get(node.name)
    if (paired) paired.head = node
    else byName.set(node.name, { path: [...path, node.name], head: node })
  }
  return [...byName.values()]
}

/**
 * A path as people read it: from `main` where the path passes through it (the C runtime's start-up
 * frames above it say nothing about the change), names joined by ›.
 */
export function callPathText(path: readonly string[]): string {
  const main = path.indexOf('main')
  return (main > 0 ? path.slice(main) : path).join(' › ')
}
