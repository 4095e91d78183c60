// Which functions' self cost changed most between base and head: the function table of an exact
// benchmark's row.
import type { FunctionCost } from '../results.ts'

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
