// The call tree an instructions benchmark keeps with its result, built from the calls callgrind recorded
// (docs/methodology.md#call-paths). Callgrind records, per caller and callee, the inclusive cost of the
// calls between them, not whole stacks: a function called from several places has one list of callees,
// so what it spent in them is split among its call paths in proportion to what each path spent in it.
// That is exact where every function has one caller. A function already on the path (recursion through
// several functions) is not entered again: its cost stays on the frame that called it.
import type { CallFrame, CallTree } from '../../results.ts'
import type { CallgrindFunction, CallgrindProfile } from './callgrind-profile.ts'
import { foldCloneName } from './function-costs.ts'

/** Frames below this share of the total are left out of a stored tree; their cost stays in their parent. */
export const STORED_SHARE = 0.001

/** A frame of a call tree in memory: a function along one call path, its inclusive Ir there, its callees. */
export interface CallNode {
  name: string
  ir: number
  children: CallNode[]
}

interface Building {
  name: string
  ir: number
  children: Map<string, Building>
}

/** A function entered at a frame, with the part of its inclusive cost that this path holds. */
interface Member {
  f: CallgrindFunction
  cost: number
}

/** A frame waiting to have its children found, and the functions the path holds once it is entered. */
type Task = { node: Building; members: Member[]; enter: string[] } | { leave: string[] }

/**
 * The call tree of a profile for `event`: its roots (functions entered without a recorded caller: the
 * program's entry, a thread's start, the entry point of --toggle-collect), every frame's callees with
 * their share of its cost, frames below `share` of the total left out. Names without clone suffixes;
 * callees of one frame that fold to one name are one frame.
 */
export function buildCallTree(profile: CallgrindProfile, event = 'Ir', share = STORED_SHARE): CallTree {
  const total = profile.totals[event] ?? 0
  const minimum = Math.max(total * share, Number.MIN_VALUE)
  const top: Building = { name: '', ir: 0, children: new Map() }
  const path = new Set<string>()
  const stack: Task[] = [{ node: top, members: rootsOf(profile, event), enter: [] }]
  while (stack.length > 0) {
    const task = stack.pop()!
    if ('leave' in task) {
      for (const key of task.leave) path.delete(key)
      continue
    }
    const enter = task.enter.filter((key) => !path.has(key))
    for (const key of enter) path.add(key)
    stack.push({ leave: enter })
    const groups = task.node === top ? byName(task.members) : calleeGroups(profile, task.members, path, event)
    for (const [name, group] of groups) {
      const cost = group.reduce((sum, m) => sum + m.cost, 0)
      if (cost < minimum) continue
      let child = task.node.children.get(name)
      if (child === undefined) {
        child = { name, ir: 0, children: new Map() }
        task.node.children.set(name, child)
      }
      child.ir += cost
      stack.push({ node: child, members: group, enter: group.map((m) => m.f.key) })
    }
  }
  const roots = [...top.children.values()].map(settle).map(withoutOuterFrames)
  return { total, frames: flatten(roots) }
}

/**
 * The functions entered without a recorded caller, each with the part of its inclusive cost that no
 * call into it holds: all of it for the program's entry, which nothing calls.
 */
function rootsOf(profile: CallgrindProfile, event: string): Member[] {
  const incoming = new Map<string, number>()
  for (const f of profile.functions.values()) {
    for (const call of f.callees) {
      if (call.callee === f.key) continue
      incoming.set(call.callee, (incoming.get(call.callee) ?? 0) + (call.inclusive[event] ?? 0))
    }
  }
  const roots: Member[] = []
  for (const f of profile.functions.values()) {
    const cost = (f.inclusive[event] ?? 0) - (incoming.get(f.key) ?? 0)
    if (cost > 0) roots.push({ f, cost })
  }
  return roots
}

function byName(members: Member[]): Map<string, Member[]> {
  const groups = new Map<string, Member[]>()
  for (const m of members) {
    const name = foldCloneName(m.f.name)
    const group = groups.get(name)
    if (group) group.push(m)
    else groups.set(name, [m])
  }
  return groups
}

/** The callees of a frame's functions with their share of the frame's cost, by name; the path's own left out. */
function calleeGroups(
  profile: CallgrindProfile,
  members: Member[],
  path: ReadonlySet<string>,
  event: string,
): Map<string, Member[]> {
  const callees: Member[] = []
  for (const m of members) {
    const inclusive = m.f.inclusive[event] ?? 0
    if (inclusive <= 0) continue
    const scale = m.cost / inclusive
    for (const call of m.f.callees) {
      // Recursion: the cost of a call back into the path stays on this frame.
      if (path.has(call.callee)) continue
      const f = profile.functions.get(call.callee)
      const cost = (call.inclusive[event] ?? 0) * scale
      if (f !== undefined && cost > 0) callees.push({ f, cost })
    }
  }
  return byName(callees)
}

function settle(node: Building): CallNode {
  return { name: node.name, ir: node.ir, children: [...node.children.values()].map(settle) }
}

/**
 * A root that ran nothing itself and called one function with all its cost is that function: with
 * --toggle-collect, the frames outside collection (main, the C runtime's start) hold nothing of their own.
 */
function withoutOuterFrames(root: CallNode): CallNode {
  let node = root
  while (node.children.length === 1 && node.children[0]!.ir >= node.ir * (1 - 1e-12)) node = node.children[0]!
  return node
}

/** Frames depth first, largest child first, Ir rounded to whole instructions. */
function flatten(roots: CallNode[]): CallFrame[] {
  const frames: CallFrame[] = []
  const stack: Array<{ node: CallNode; depth: number }> = sortedForStack(roots).map((node) => ({
    node,
    depth: 0,
  }))
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!
    frames.push({ name: node.name, ir: Math.round(node.ir), depth })
    for (const child of sortedForStack(node.children)) stack.push({ node: child, depth: depth + 1 })
  }
  return frames
}

/** Largest first once popped: smallest pushed first. */
function sortedForStack(nodes: CallNode[]): CallNode[] {
  return [...nodes].sort((a, b) => a.ir - b.ir || b.name.localeCompare(a.name))
}

/** A stored tree's frames as nodes: its roots, each with its children. */
export function nestCallTree(tree: CallTree): CallNode[] {
  const roots: CallNode[] = []
  const open: CallNode[] = []
  for (const frame of tree.frames) {
    const node: CallNode = { name: frame.name, ir: frame.ir, children: [] }
    open.length = Math.min(open.length, frame.depth)
    const parent = open[open.length - 1]
    if (parent) parent.children.push(node)
    else roots.push(node)
    open.push(node)
  }
  return roots
}
