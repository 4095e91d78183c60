// What an instructions benchmark reports from a callgrind profile: the collected events, the cache figures
// derived from them the way iai-callgrind (Gungraun) derives them, and which functions changed most.
import type { FunctionCost, Metric, Unit } from '../results.ts'
import { baseName, type CallgrindProfile } from './callgrind.ts'

/** Events reported as metrics when the profile has them, by metric name. */
export const EVENT_METRICS: ReadonlyArray<readonly [event: string, metric: string]> = [
  ['Ir', 'ir'],
  ['Dr', 'dr'],
  ['Dw', 'dw'],
  ['I1mr', 'i1mr'],
  ['D1mr', 'd1mr'],
  ['D1mw', 'd1mw'],
  ['ILmr', 'ilmr'],
  ['DLmr', 'dlmr'],
  ['DLmw', 'dlmw'],
  ['Bc', 'bc'],
  ['Bcm', 'bcm'],
  ['Bi', 'bi'],
  ['Bim', 'bim'],
]

/** The events `--cache-sim=yes` adds; the derived metrics need all of them. */
const CACHE_EVENTS = ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw'] as const

/**
 * Metric values from a profile's totals (event name → count). The events present are reported under
 * lower-case names (`ir`, `dr`, … `bim`). With the cache events (`--cache-sim=yes`) come the derived ones,
 * by iai-callgrind's formulas (Itamar Turner-Trauring's cycle estimate):
 *
 *   ram-hits  = ILmr + DLmr + DLmw            (misses in the last-level cache)
 *   ll-hits   = I1mr + D1mr + D1mw − ram-hits  (L1 misses that the last level served)
 *   total-rw  = Ir + Dr + Dw
 *   l1-hits   = total-rw − ram-hits − ll-hits
 *   estimated-cycles = l1-hits + 5·ll-hits + 35·ram-hits
 *
 * Differences are floored at zero, as iai-callgrind's saturating arithmetic does.
 */
export function instructionMetrics(totals: Record<string, number>): Record<string, number> {
  const metrics: Record<string, number> = {}
  for (const [event, metric] of EVENT_METRICS) {
    const value = totals[event]
    if (value !== undefined) metrics[metric] = value
  }
  if (CACHE_EVENTS.every((event) => totals[event] !== undefined)) {
    const t = (event: (typeof CACHE_EVENTS)[number]) => totals[event]!
    const ramHits = t('ILmr') + t('DLmr') + t('DLmw')
    const l1Misses = t('I1mr') + t('D1mr') + t('D1mw')
    const llHits = Math.max(0, l1Misses - ramHits)
    const totalRw = t('Ir') + t('Dr') + t('Dw')
    const l1Hits = Math.max(0, totalRw - ramHits - llHits)
    metrics['l1-hits'] = l1Hits
    metrics['ll-hits'] = llHits
    metrics['ram-hits'] = ramHits
    metrics['total-rw'] = totalRw
    metrics['estimated-cycles'] = l1Hits + 5 * llHits + 35 * ramHits
  }
  return metrics
}

/** The same values as ResultSet metrics: exact counts where fewer is better. */
export function instructionResultMetrics(totals: Record<string, number>): Record<string, Metric> {
  const out: Record<string, Metric> = {}
  for (const [name, value] of Object.entries(instructionMetrics(totals))) {
    const unit: Unit = name === 'ir' ? 'instructions' : 'count'
    out[name] = { unit, direction: 'lower', value }
  }
  return out
}

export interface FunctionChange {
  /** Display name: the function's name, with `[object]` when several objects define that name. */
  name: string
  base: number
  head: number
  /** head − base. */
  delta: number
  /** delta / base · 100; null for a function that base does not have (or had at zero). */
  deltaPercent: number | null
}

/**
 * Suffixes compilers add to clones and split parts of one source function (gcc's `.constprop.0`, `.isra.0`,
 * `.part.0`, `.cold`; clang's `.llvm.NNN`). They come and go between builds of the same code, so functions
 * are paired without them and a function's clones are counted as the function.
 */
const CLONE_SUFFIXES = /(?:\.(?:constprop|isra|part|cold|lto_priv|localalias|llvm)(?:\.\d+)?)+$/

/**
 * Self and inclusive cost of `event` per function, the unit a stored result keeps and a diff pairs on:
 * the name without clone suffixes and the file name of its object, so the same program built in two
 * directories pairs up and a function's clones count as the function. Largest self cost first.
 */
export function functionCosts(profile: CallgrindProfile, event = 'Ir'): FunctionCost[] {
  const rows = new Map<string, FunctionCost>()
  for (const f of profile.functions.values()) {
    const name = f.name.replace(CLONE_SUFFIXES, '')
    const object = baseName(f.object)
    const key = `${object}\u0000${name}`
    let row = rows.get(key)
    if (row === undefined) {
      row = { name, object, self: 0, inclusive: 0 }
      rows.set(key, row)
    }
    row.self += f.self[event] ?? 0
    row.inclusive += f.inclusive[event] ?? 0
  }
  return [...rows.values()].sort((a, b) => b.self - a.self || a.name.localeCompare(b.name))
}

/**
 * The functions whose self cost changed most between two lists of function costs, largest |delta|
 * first, functions present on one side only included and unchanged ones left out.
 */
export function diffFunctionCosts(
  base: readonly FunctionCost[],
  head: readonly FunctionCost[],
  top = 10,
): FunctionChange[] {
  const rows = new Map<string, { name: string; object: string; base: number; head: number }>()
  const collect = (costs: readonly FunctionCost[], side: 'base' | 'head') => {
    for (const f of costs) {
      const key = `${f.object}\u0000${f.name}`
      let row = rows.get(key)
      if (row === undefined) {
        row = { name: f.name, object: f.object, base: 0, head: 0 }
        rows.set(key, row)
      }
      row[side] += f.self
    }
  }
  collect(base, 'base')
  collect(head, 'head')

  const objectsByName = new Map<string, number>()
  for (const row of rows.values()) objectsByName.set(row.name, (objectsByName.get(row.name) ?? 0) + 1)

  return [...rows.values()]
    .filter((row) => row.head !== row.base)
    .map((row) => {
      const delta = row.head - row.base
      return {
        name: (objectsByName.get(row.name) ?? 0) > 1 ? `${row.name} [${row.object}]` : row.name,
        base: row.base,
        head: row.head,
        delta,
        deltaPercent: row.base === 0 ? null : (delta / row.base) * 100,
      }
    })
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.name.localeCompare(b.name))
    .slice(0, Math.max(0, top))
}

/** `diffFunctionCosts` of two whole profiles, by one event. */
export function functionDiff(
  base: CallgrindProfile,
  head: CallgrindProfile,
  event = 'Ir',
  top = 10,
): FunctionChange[] {
  if (!base.events.includes(event) && !head.events.includes(event)) {
    const known = [...new Set([...base.events, ...head.events])].join(' ')
    throw new Error(`event ${event} is in neither profile (events: ${known})`)
  }
  return diffFunctionCosts(functionCosts(base, event), functionCosts(head, event), top)
}
