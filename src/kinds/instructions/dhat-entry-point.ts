// DHAT has no --toggle-collect: what an entry point selects is read from the stacks instead. A program
// point (one allocation stack) is inside the entry point when a frame of its stack is a function the
// entry point's glob matches, as callgrind matches --toggle-collect; the others (the program's start-up,
// a harness's setup and teardown) are left out of every heap metric.
import { globToRegExp } from '../../glob.ts'

/** `0x109169: main (heap.c:16)`, `0x4883249: (below main) (libc_start_call_main.h:58)`, `0x1: ???`. */
const FRAME = /^0x[0-9A-Fa-f]+: (.*?)(?: \([^()]*\))?$/

/** The function a frame of DHAT's frame table names: without its address and its file or object. */
export function frameFunction(frame: string): string {
  return FRAME.exec(frame)?.[1] ?? frame
}

/**
 * Which frames of `ftbl` are in the entry point (a function name, or a glob with `*` and `?`): a
 * predicate on a program point's `fs`, the indices of its stack's frames.
 */
export function insideEntryPoint(entryPoint: string, ftbl: readonly string[]): (fs: number[]) => boolean {
  const glob = globToRegExp(entryPoint)
  const inside = new Set<number>()
  // ftbl[0] is DHAT's "[root]", never a frame of a stack.
  ftbl.forEach((frame, i) => {
    if (i > 0 && glob.test(frameFunction(frame))) inside.add(i)
  })
  return (fs) => fs.some((i) => inside.has(i))
}
