// The cost per function an instructions benchmark keeps with its result: from a callgrind profile, by
// function and object, with compiler clones counted as their function.
import type { FunctionCost } from '../../results.ts'
import { baseName, type CallgrindProfile } from './callgrind-profile.ts'

/**
 * Suffixes compilers add to clones and split parts of one source function (gcc's `.constprop.0`, `.isra.0`,
 * `.part.0`, `.cold`; clang's `.llvm.NNN`). They come and go between builds of the same code, so functions
 * are paired without them and a function's clones are counted as the function.
 */
const CLONE_SUFFIXES = /(?:\.(?:constprop|isra|part|cold|lto_priv|localalias|llvm)(?:\.\d+)?)+$/

/** A function's name without the suffixes of compiler clones: how base and head name the same function. */
export function foldCloneName(name: string): string {
  return name.replace(CLONE_SUFFIXES, '')
}

/**
 * Self and inclusive cost of `event` per function, the unit a stored result keeps and a diff pairs on:
 * the name without clone suffixes and the file name of its object, so the same program built in two
 * directories pairs up and a function's clones count as the function. Largest self cost first.
 */
export function functionCosts(profile: CallgrindProfile, event = 'Ir'): FunctionCost[] {
  const rows = new Map<string, FunctionCost>()
  for (const f of profile.functions.values()) {
    const name = foldCloneName(f.name)
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
