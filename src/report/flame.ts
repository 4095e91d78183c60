// Flame graphs of an instruction benchmark's call tree, written as plain SVG by this code: one rectangle
// per frame, its width the frame's inclusive instructions in head, the root at the bottom and callees
// above their caller. The differential one colours each frame by how its instructions changed from base
// along the same path. No script: a frame's <title> says its numbers. Names are data from the pull
// request and pass through escapeHtml; a name too long for its frame is cut to fit.
import { callPathTolerance } from '../compare/call-paths.ts'
import { formatChange, formatCount } from '../display.ts'
import { type CallNode, nestCallTree } from '../kinds/instructions/call-tree.ts'
import type { CallTree } from '../results.ts'
import { escapeHtml } from './escape.ts'

/** Callees below this share of the total are drawn as one "other" frame per caller. */
export const FLAME_SHARE = 0.005

const WIDTH = 960
const ROW = 17
const FONT = 11
/** The advance of one character of an 11 px monospace font. */
const CHAR = 6.7
const TEXT_PAD = 3
const LEGEND = 44

const NEUTRAL: Rgb = [221, 217, 208]
const MORE: Rgb = [207, 34, 46]
const LESS: Rgb = [9, 105, 218]
type Rgb = [number, number, number]

/** A frame as drawn: head's inclusive Ir, base's along the same path when there is a base. */
export interface FlameFrame {
  name: string
  ir: number
  base?: number
  /** The callees below FLAME_SHARE of the total, merged. */
  other?: true
  children: FlameFrame[]
}

/**
 * The frames to draw: an `all` frame holding the roots, every frame's callees below `share` of head's
 * total merged into one "other" frame; callees by name, "other" last. With `base`, each frame carries
 * base's Ir along the same path (0 for a path new in head); "other" carries what base spent in callees
 * of that caller that head draws no frame for.
 */
export function flameFrames(head: CallTree, base?: CallTree, share = FLAME_SHARE): FlameFrame {
  const minimum = head.total * share
  const frame = (name: string, ir: number, children: CallNode[], baseChildren?: CallNode[]): FlameFrame => {
    const baseByName = new Map((baseChildren ?? []).map((n) => [n.name, n]))
    const big = children.filter((c) => c.ir >= minimum).sort((a, b) => compareNames(a.name, b.name))
    const small = children.filter((c) => c.ir < minimum)
    const drawn = big.map((c): FlameFrame => {
      const matched = baseByName.get(c.name)
      const d = frame(c.name, c.ir, c.children, baseChildren ? (matched?.children ?? []) : undefined)
      return baseChildren ? { ...d, base: matched?.ir ?? 0 } : d
    })
    if (small.length > 0) {
      const other: FlameFrame = { name: 'other', ir: sum(small), other: true, children: [] }
      const drawnNames = new Set(big.map((c) => c.name))
      if (baseChildren) other.base = sum(baseChildren.filter((n) => !drawnNames.has(n.name)))
      drawn.push(other)
    }
    return { name, ir, children: drawn }
  }
  if (!base) return frame('all', head.total, nestCallTree(head))
  return { ...frame('all', head.total, nestCallTree(head), nestCallTree(base)), base: base.total }
}

function sum(nodes: CallNode[]): number {
  return nodes.reduce((total, n) => total + n.ir, 0)
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** A frame placed: its left edge and width in px, its row (0 at the bottom). */
interface Placed {
  frame: FlameFrame
  x: number
  width: number
  depth: number
}

function place(all: FlameFrame): { placed: Placed[]; depth: number } {
  const scale = all.ir > 0 ? WIDTH / all.ir : 0
  const placed: Placed[] = []
  let deepest = 0
  const stack: Placed[] = [{ frame: all, x: 0, width: all.ir * scale, depth: 0 }]
  while (stack.length > 0) {
    const p = stack.pop()!
    placed.push(p)
    deepest = Math.max(deepest, p.depth)
    let x = p.x
    for (const child of p.frame.children) {
      // Rounded Ir can add up to a hair more than the caller: never past its right edge.
      const width = Math.min(child.ir * scale, p.x + p.width - x)
      if (width > 0) stack.push({ frame: child, x, width, depth: p.depth + 1 })
      x += width
    }
  }
  return { placed, depth: deepest }
}

/** `name` cut to what fits in `width` px, with … where it was cut; empty when not even two characters fit. */
export function fitText(name: string, width: number): string {
  const fits = Math.floor((width - 2 * TEXT_PAD) / CHAR)
  const chars = Array.from(name)
  if (chars.length <= fits) return name
  if (fits < 2) return ''
  return `${chars.slice(0, fits - 1).join('')}…`
}

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return from.map((v, i) => Math.round(v + (to[i]! - v) * t)) as Rgb
}

function hex(rgb: Rgb): string {
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

/**
 * A differential frame's colour: neutral within the tolerance; otherwise redder for more, bluer for
 * fewer instructions, from a quarter of the way at a hair beyond the tolerance to full at twice (or half)
 * base's count; full red for a path base does not have.
 */
export function changeColour(base: number, head: number, tolerance: number): string {
  const delta = head - base
  if (Math.abs(delta) <= tolerance) return hex(NEUTRAL)
  if (base <= 0) return hex(MORE)
  const strength = head <= 0 ? 1 : Math.min(1, Math.abs(Math.log2(head / base)))
  return hex(mix(NEUTRAL, delta > 0 ? MORE : LESS, 0.25 + 0.75 * strength))
}

/** A plain frame's colour: a warm hue chosen by its name, so a function has one colour everywhere. */
function nameColour(name: string): string {
  let hash = 2166136261
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619) >>> 0
  return hex(mix([232, 120, 40], [240, 200, 70], (hash % 1000) / 999))
}

function frameTitle(frame: FlameFrame, total: number): string {
  const share = total > 0 ? ` (${((frame.ir / total) * 100).toFixed(1)}% of head)` : ''
  const lines = [
    frame.other ? 'other: callees below 0.5% of the total' : frame.name,
    `${formatCount(frame.ir)} Ir${share}`,
  ]
  if (frame.base !== undefined) {
    const delta = frame.ir - frame.base
    const change = frame.base > 0 ? `, ${formatChange(delta / frame.base)}` : ', new in head'
    lines.push(`base ${formatCount(frame.base)} Ir: ${delta > 0 ? '+' : ''}${formatCount(delta)}${change}`)
  }
  return lines.join('\n')
}

/** White text on a dark fill, the page's text colour on a light one. */
function textColour(fill: string): string | undefined {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(fill.slice(i, i + 2), 16)) as Rgb
  return 0.299 * r + 0.587 * g + 0.114 * b < 150 ? '#ffffff' : undefined
}

function frameSvg(p: Placed, y: number, fill: string, total: number): string {
  const label = fitText(p.frame.other ? '…' : p.frame.name, p.width)
  const colour = textColour(fill)
  const text =
    label === ''
      ? ''
      : `<text x="${(p.x + TEXT_PAD).toFixed(1)}" y="${(y + ROW - 5).toFixed(1)}"${colour ? ` fill="${colour}"` : ''}>${escapeHtml(label)}</text>`
  return (
    `<g><title>${escapeHtml(frameTitle(p.frame, total))}</title>` +
    `<rect x="${p.x.toFixed(1)}" y="${y}" width="${Math.max(p.width - 0.5, 0.1).toFixed(1)}" height="${ROW - 1}" fill="${fill}"/>${text}</g>`
  )
}

function legendSvg(head: CallTree, base: CallTree | undefined): string {
  const totals = base
    ? `head ${formatCount(head.total)} Ir, base ${formatCount(base.total)} Ir (${base.total > 0 ? formatChange(head.total / base.total - 1) : 'new'})`
    : `${formatCount(head.total)} Ir`
  const line = `Width: head's instructions inside each function along its call path. ${totals}.`
  const out = [`<text x="0" y="13">${escapeHtml(line)}</text>`]
  if (base) {
    const keys: Array<[string, string]> = [
      [hex(MORE), 'more in head (full red: twice base, or new)'],
      [
        hex(NEUTRAL),
        `unchanged (within ${formatCount(Math.round(callPathTolerance(base, head)))} Ir: 0.1% of the total)`,
      ],
      [hex(LESS), 'fewer in head (full blue: half)'],
    ]
    let x = 0
    for (const [fill, label] of keys) {
      out.push(`<rect x="${x}" y="22" width="12" height="12" fill="${fill}"/>`)
      out.push(`<text x="${x + 16}" y="32">${escapeHtml(label)}</text>`)
      x += 16 + label.length * CHAR + 18
    }
  }
  return out.join('')
}

/**
 * A flame graph of head's call tree as an SVG element: plain (colour by name) without `base`,
 * differential with it. `label` names it for screen readers.
 */
export function flameSvg(head: CallTree, base: CallTree | undefined, label: string): string {
  const all = flameFrames(head, base)
  const { placed, depth } = place(all)
  const height = LEGEND + (depth + 1) * ROW
  const tolerance = base ? callPathTolerance(base, head) : 0
  const frames = placed
    .sort((a, b) => a.depth - b.depth || a.x - b.x)
    .map((p) => {
      const y = height - (p.depth + 1) * ROW
      const fill =
        p.frame.base !== undefined
          ? changeColour(p.frame.base, p.frame.ir, tolerance)
          : p.frame.other
            ? hex(NEUTRAL)
            : nameColour(p.frame.name)
      return frameSvg(p, y, fill, head.total)
    })
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="flame" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(label)}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="${FONT}" fill="#1f2328">`,
    legendSvg(head, base),
    ...frames,
    '</svg>',
  ].join('\n')
}
