// A second checkout of the repository at another commit (`git worktree`), so the base of a
// comparison can be built and measured beside the working tree. It is removed when the run ends,
// also when the run fails or the process is interrupted: a left-behind worktree keeps its branch
// locked and its build output on disk.
import { rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { UserError } from '../errors.ts'
import { runCommandSync } from '../system/command.ts'
import { git, gitOrError } from '../system/git.ts'
import { killTrackedChildren } from '../system/process-group.ts'

export class WorktreeError extends UserError {
  override name = 'WorktreeError'
}

export interface Worktree {
  /** The checkout's directory. */
  dir: string
  /** The full sha checked out. */
  sha: string
  /** Removes the checkout and its registration; safe to call more than once. */
  remove(): Promise<void>
}

/** Worktrees still to remove if the process is interrupted, by directory; `parent` goes with them. */
const open = new Map<string, { repo: string; parent?: string }>()
let handlersInstalled = false

/** Removes a worktree while the process exits, when only synchronous work still runs; best effort. */
function removeSync(repo: string, dir: string, parent?: string): void {
  // When it is not registered (any more), the directory may still be there.
  runCommandSync(['git', 'worktree', 'remove', '--force', '--force', '--end-of-options', dir], { cwd: repo })
  try {
    rmSync(parent ?? dir, { recursive: true, force: true })
  } catch {
    // Best effort while exiting.
  }
  runCommandSync(['git', 'worktree', 'prune'], { cwd: repo })
}

function onSignal(signal: NodeJS.Signals): void {
  // The benchmarks first: they run in the worktrees (and in process groups of their own, which a
  // terminal's Ctrl-C does not reach).
  killTrackedChildren()
  for (const [dir, { repo, parent }] of open) removeSync(repo, dir, parent)
  open.clear()
  uninstallHandlers()
  // Die of the same signal, as the caller expects from an interrupted program.
  process.kill(process.pid, signal)
}

function onExit(): void {
  for (const [dir, { repo, parent }] of open) removeSync(repo, dir, parent)
  open.clear()
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

function installHandlers(): void {
  if (handlersInstalled) return
  handlersInstalled = true
  for (const s of SIGNALS) process.on(s, onSignal)
  process.on('exit', onExit)
}

function uninstallHandlers(): void {
  if (!handlersInstalled) return
  handlersInstalled = false
  for (const s of SIGNALS) process.off(s, onSignal)
  process.off('exit', onExit)
}

/** The full sha of a commit-ish, or undefined when the repository does not have it. */
export async function resolveCommit(repo: string, ref: string): Promise<string | undefined> {
  // `--end-of-options` keeps a ref that starts with a dash from being read as an option.
  return git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])
}

/**
 * Makes sure `sha` is in the local repository, fetching just that commit from origin when a shallow
 * checkout (actions/checkout fetches one commit by default) does not have it.
 */
export async function ensureCommit(repo: string, sha: string, log: (line: string) => void): Promise<boolean> {
  if (await resolveCommit(repo, sha)) return true
  log(`fetching ${sha.slice(0, 12)} from origin: the checkout does not have it`)
  // A name that starts with a dash is a commit here, never an option (--upload-pack runs a program).
  await git(repo, ['fetch', '--no-tags', '--depth=1', '--end-of-options', 'origin', sha])
  return (await resolveCommit(repo, sha)) !== undefined
}

/**
 * Checks `sha` out, detached, into a new temporary directory — or into `dir`, a new directory inside
 * `parent`, which is removed with it (twin checkouts at paths of the same length).
 */
export async function addWorktree(
  repo: string,
  sha: string,
  at?: { parent: string; dir: string },
): Promise<Worktree> {
  const top = await git(repo, ['rev-parse', '--show-toplevel'])
  if (!top) throw new WorktreeError(`${repo} is not inside a git repository`)
  const dir = at?.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-action-base-')))
  installHandlers()
  open.set(dir, { repo: top, ...(at ? { parent: at.parent } : {}) })
  const added = await gitOrError(
    top,
    ['worktree', 'add', '--detach', '--quiet', '--end-of-options', dir, sha],
    120_000,
  )
  if ('error' in added) {
    open.delete(dir)
    await rm(dir, { recursive: true, force: true })
    throw new WorktreeError(`could not check out ${sha} into a worktree: ${added.error}`)
  }
  let removed = false
  return {
    dir,
    sha,
    async remove() {
      if (removed) return
      removed = true
      await git(top, ['worktree', 'remove', '--force', '--force', '--end-of-options', dir])
      await rm(dir, { recursive: true, force: true })
      if (at) await rm(at.parent, { recursive: true, force: true })
      await git(top, ['worktree', 'prune'])
      open.delete(dir)
      if (open.size === 0) uninstallHandlers()
    },
  }
}
