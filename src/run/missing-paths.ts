// What a same-job checkout lacks that the working tree has. Both sides are built and measured in
// checkouts (`git worktree`): the base's holds what its commit tracks, the head's that and the working
// tree's untracked files, and neither holds what git ignores (a build directory, a local `.env`). When a
// side's setup step or benchmark fails, the paths it names and printed are looked up: one that the
// working tree has and the checkout lacks is named, with how to give the checkout what it needs.
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { isIgnored } from '../system/git.ts'

export interface MissingPath {
  /** Relative to the repository's top, `/`-separated: the first part of a named path the checkout lacks. */
  path: string
  directory: boolean
  /** git ignores it; else it is untracked (or, for the base, only in later commits). */
  ignored: boolean
}

/** Words looked at, at most: a failure's command and the end of its output are short. */
const MAX_WORDS = 400
/** Paths named, at most. */
const MAX_MISSING = 3

/** The words of a command and of what it printed that may be paths: `build/work` of `-o build/work`. */
export function pathWords(texts: readonly string[]): string[] {
  const words = new Set<string>()
  for (const text of texts)
    for (const word of text.split(/[\s'"`=,;:()<>[\]{}]+/)) {
      const trimmed = word.replace(/[./]+$/, '')
      if (trimmed === '' || trimmed.startsWith('-')) continue
      words.add(trimmed)
      if (words.size >= MAX_WORDS) return [...words]
    }
  return [...words]
}

/** The first part of the path that the working tree `top` has and the checkout `tree` lacks, if any. */
function firstMissing(relative: string, top: string, tree: string): string | undefined {
  const parts = relative.split(path.sep)
  for (let k = 1; k <= parts.length; k++) {
    const part = parts.slice(0, k).join('/')
    if (existsSync(path.join(tree, part))) continue
    return existsSync(path.join(top, part)) ? part : undefined
  }
  return undefined
}

/**
 * The paths among `words` (read from `cwd`, a directory of the checkout `tree`) that the working tree
 * `top` has and the checkout lacks, each named by its first missing part.
 */
export async function missingPaths(
  words: readonly string[],
  cwd: string,
  top: string,
  tree: string,
): Promise<MissingPath[]> {
  const parts = new Set<string>()
  for (const word of words) {
    const relative = path.relative(tree, path.resolve(cwd, word))
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) continue
    const part = firstMissing(relative, top, tree)
    if (part !== undefined && part !== '.git') parts.add(part)
    if (parts.size >= MAX_MISSING) break
  }
  const missing: MissingPath[] = []
  for (const part of parts) {
    const directory = statSync(path.join(top, part), { throwIfNoEntry: false })?.isDirectory() ?? false
    missing.push({ path: part, directory, ignored: (await isIgnored(top, part)) === true })
  }
  return missing
}

/** Where the path was named: a setup step, or a benchmark's command and output. */
export type FailedPart = 'setup' | 'benchmark'

/**
 * What to tell the user of a path a side's checkout lacks: `build/ exists in your working tree but is
 * not in abc1234 (ignored): the base's checkout does not have it; create it in setup (e.g. [mkdir, -p,
 * build])`. `base` is the base's short sha; absent for the head.
 */
export function missingPathHint(missing: MissingPath, part: FailedPart, base?: string): string {
  const shown = missing.directory ? `${missing.path}/` : missing.path
  const state = missing.ignored ? 'ignored' : 'untracked'
  const where = base !== undefined ? `is not in ${base} (${state})` : `is ${state}`
  const checkout =
    base !== undefined
      ? "the base's checkout does not have it"
      : "the head's checkout (what git tracks, with the untracked files) does not have it"
  return `${shown} exists in your working tree but ${where}: ${checkout}; ${fixFor(missing, part)}`
}

function fixFor(missing: MissingPath, part: FailedPart): string {
  if (missing.ignored)
    return missing.directory ? `create it in setup (e.g. [mkdir, -p, ${missing.path}])` : 'make it in setup'
  // The base runs the head's benchmarks: only its build can differ (base-setup).
  return part === 'setup'
    ? 'commit it, or build the base without it (base-setup:)'
    : "commit it: the base runs the head's benchmarks in its own checkout"
}
