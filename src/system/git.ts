// What commit and branch a run measures. In GitHub Actions the event's variables are the truth (a pull
// request's checkout is a detached merge commit); elsewhere, git.
import type { CommitInfo } from '../results.ts'
import { commandFailure, runCommand } from './command.ts'

/** git's trimmed stdout, or why it failed: the last line of its stderr (or that it timed out). */
export async function gitOrError(
  cwd: string,
  args: string[],
  timeoutMs = 30_000,
): Promise<{ stdout: string } | { error: string }> {
  // git needs none of the action's variables: a fetch uses the credentials in git's config.
  const result = await runCommand(['git', ...args], { cwd, timeoutMs, maxOutputBytes: 16 * 1024 * 1024 })
  const failure = commandFailure(result)
  if (failure === undefined) return { stdout: result.stdout.trim() }
  if (result.timedOut) return { error: failure }
  return { error: result.stderr.trim().split('\n').pop() || failure }
}

/** git's trimmed stdout, or undefined when it failed. */
export async function git(cwd: string, args: string[]): Promise<string | undefined> {
  const result = await gitOrError(cwd, args)
  return 'stdout' in result ? result.stdout : undefined
}

export async function commitInfo(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<CommitInfo> {
  if (env.GITHUB_ACTIONS === 'true' && env.GITHUB_SHA) {
    const branch = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || undefined
    return { sha: env.GITHUB_SHA, ref: env.GITHUB_REF, branch }
  }
  const sha = await git(cwd, ['rev-parse', 'HEAD'])
  if (!sha) return {}
  const branch = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD'])
  const status = await git(cwd, ['status', '--porcelain', '--untracked-files=no'])
  return {
    sha,
    branch: branch || undefined,
    ref: branch ? `refs/heads/${branch}` : undefined,
    dirty: status !== '',
  }
}

/** The branch a feature branch is compared with: origin's HEAD, else main, else master. */
export async function defaultBranch(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  if (env.GITHUB_BASE_REF) return env.GITHUB_BASE_REF
  const remoteHead = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'])
  if (remoteHead) return remoteHead.replace(/^origin\//, '')
  for (const name of ['main', 'master']) {
    if (await git(cwd, ['rev-parse', '--verify', '--quiet', `refs/heads/${name}`])) return name
  }
  return undefined
}

// Commits may come from stored results or an event, so they follow --end-of-options (git 2.24): one that
// starts with a dash is never read as an option. rev-list takes `--` after them: they are never paths.

/** A full object name as git writes it: 40 hex digits (SHA-1) or 64 (SHA-256), never a ref, an option or an abbreviation. */
export const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/

export function isObjectId(text: unknown): text is string {
  return typeof text === 'string' && OBJECT_ID.test(text)
}

/**
 * Commits after `previous` up to and including `to`, both full object names from stored data:
 * undefined when either is not one, or when this clone's history does not lead from one to the other
 * (no repository, a shallow clone that lacks them or is cut between them, a rewritten history).
 */
export async function commitsInRange(cwd: string, previous: string, to: string): Promise<number | undefined> {
  if (!isObjectId(previous) || !isObjectId(to)) return undefined
  // A shallow clone cut between them would count only the commits above the cut.
  if ((await isAncestor(cwd, previous, to)) !== true) return undefined
  return commitsBetween(cwd, previous, to)
}

/** Commits in `to` that are not in `from`, or undefined when either is not in the local history. */
export async function commitsBetween(cwd: string, from: string, to: string): Promise<number | undefined> {
  const count = await git(cwd, ['rev-list', '--count', '--end-of-options', `${from}..${to}`, '--'])
  return count === undefined || !/^\d+$/.test(count) ? undefined : Number(count)
}

export async function mergeBase(cwd: string, a: string, b: string): Promise<string | undefined> {
  return git(cwd, ['merge-base', '--end-of-options', a, b])
}

/**
 * Whether `descendant` is `ancestor` or contains it in its history (git merge-base --is-ancestor);
 * undefined when git cannot tell (a commit missing from a shallow checkout, an unknown name).
 */
export async function isAncestor(
  cwd: string,
  ancestor: string,
  descendant: string,
): Promise<boolean | undefined> {
  const result = await runCommand(
    ['git', 'merge-base', '--is-ancestor', '--end-of-options', ancestor, descendant],
    {
      cwd,
      timeoutMs: 30_000,
    },
  )
  if (result.error !== undefined) return undefined
  if (result.code === 0) return true
  return result.code === 1 ? false : undefined
}

/** Whether git ignores `file` (relative to `cwd`) in the working tree; undefined when it cannot say. */
export async function isIgnored(cwd: string, file: string): Promise<boolean | undefined> {
  const result = await runCommand(['git', 'check-ignore', '--quiet', '--end-of-options', file], {
    cwd,
    timeoutMs: 30_000,
  })
  if (result.error !== undefined) return undefined
  if (result.code === 0) return true
  return result.code === 1 ? false : undefined
}
