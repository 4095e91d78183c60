// The files a config names for bench-action itself to read stay inside what the config belongs to: a
// wall-clock benchmark's inputs, a process benchmark's stdin and the results an import reads inside the
// repository of bench.yml; a rebar directory's engines.toml and definitions inside that directory, the
// haystacks and regexes its definitions name inside its haystacks/ and regexes/. A path is judged by
// where it leads, symlinks followed: `/proc/self/environ` read by bench-action is bench-action's own
// environment, and a wall-clock input is written to the runner's stdin. /proc, /dev, absolute paths
// elsewhere, `../` climbs and symlinks pointing out are refused alike.
//
// The repository is the git work tree holding bench.yml, not bench.yml's directory: a config kept in
// .github/ or in a package of a monorepo names data elsewhere in the same repository (`../testdata`),
// and everything in the work tree is already the pull request's to write. Outside a git work tree it is
// bench.yml's directory (the one above it for .github/bench.yml).
//
// A path is checked when the config is read, with its place in the file, and again when the file is
// read: a setup step may have put a symlink there in between.
import { realpathSync, statSync } from 'node:fs'
import { open, readlink } from 'node:fs/promises'
import path from 'node:path'
import { UserError } from '../errors.ts'

/** A file or directory a config names for bench-action to read, with what it must stay inside. */
export interface ConfinedPath {
  /** Absolute. */
  path: string
  /** As the config wrote it, for messages; `path` when absent. */
  written?: string
  /** The directory it must lead inside. */
  within: string
  /** What was expected, completing "expected …": `a file inside the repository /work/repo`. */
  expected: string
  /** Where the config names it, for messages: `bench.yml:9:20: benchmarks[0].input.haystack.path`. */
  at: string
}

/** A path that leads out of what it must stay inside; the message names where it was written. */
export class OutsidePathError extends UserError {
  override name = 'OutsidePathError'
}

/**
 * The repository of a config in `dir`: the nearest directory up from it holding `.git` (a directory, or
 * the file of a linked worktree or a submodule); without one, `dir`, or the directory above a `.github`.
 */
export function repositoryOf(dir: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (exists(path.join(at, '.git'))) return at
    if (path.dirname(at) === at) break
  }
  return path.basename(dir) === '.github' ? path.dirname(path.resolve(dir)) : path.resolve(dir)
}

function exists(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined
  } catch {
    return false
  }
}

/**
 * Where a path leads, symlinks followed. A path that is not there yet (a file a setup step writes) leads
 * where its nearest existing ancestor does, with the rest of it after that.
 */
export function leadsTo(file: string): string {
  const rest: string[] = []
  for (let at = path.resolve(file); ; ) {
    try {
      return path.join(realpathSync(at), ...rest)
    } catch {
      const parent = path.dirname(at)
      if (parent === at) return path.join(at, ...rest)
      rest.unshift(path.basename(at))
      at = parent
    }
  }
}

/** Whether `file` is `dir` or below it; both absolute and already resolved. */
export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  )
}

/** Where `file` leads when that is outside `within`; undefined when it stays inside. */
export function leadsOut(file: string, within: string): string | undefined {
  const real = leadsTo(file)
  return isInside(real, leadsTo(within)) ? undefined : real
}

/** `got "…", which leads to …`: the path as it was given, and where it leads when that is elsewhere. */
export function gotOutside(given: string, leads: string): string {
  return `got ${JSON.stringify(given)}${leads === given ? '' : `, which leads to ${leads}`}`
}

/** Refuses a confined path that leads out (now, with whatever symlinks are there now). */
export function checkConfined(file: ConfinedPath): void {
  const out = leadsOut(file.path, file.within)
  if (out !== undefined) throw outside(file, out)
}

function outside(file: ConfinedPath, leads: string): OutsidePathError {
  return new OutsidePathError(
    `${file.at}: expected ${file.expected}, ${gotOutside(file.written ?? file.path, leads)}`,
  )
}

/**
 * The bytes of a confined file. The path is checked, the file opened, and on Linux what was opened is
 * checked again through /proc/self/fd, so a symlink swapped in between is refused too. A file that
 * cannot be read throws as readFile does.
 */
export async function readConfined(file: ConfinedPath): Promise<Buffer> {
  checkConfined(file)
  const handle = await open(file.path, 'r')
  try {
    if (process.platform === 'linux') {
      const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined)
      if (opened !== undefined && !isInside(opened, leadsTo(file.within))) throw outside(file, opened)
    }
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
