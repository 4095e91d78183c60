// Same-job A/B: the base commit is checked out beside the working tree, built with the config's
// setup, and every benchmark is measured from both trees in one schedule, base and head runs
// alternating (docs/methodology.md#same-job).
import { readFileSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Config } from '../config/index.ts'
import { parseConfig } from '../config/index.ts'
import { shortSha } from '../display.ts'
import { UserError } from '../errors.ts'
import { readGitHubContext } from '../github/context.ts'
import type { Case } from '../kinds/index.ts'
import { failedResult } from '../measure/result.ts'
import type { BenchmarkResult, CommitInfo, SamplePairs } from '../results.ts'
import { measureSameJob, measureSuite, type SameJobOrder } from '../schedule/index.ts'
import { git, mergeBase } from '../system/git.ts'
import { planCases } from './plan.ts'
import { runSetupSteps, type SetupFailure } from './setup-steps.ts'
import { addWorktree, ensureCommit, resolveCommit, type Worktree } from './worktree.ts'

export class SameJobError extends UserError {
  override name = 'SameJobError'
}

/** What to compare with: a ref the user named, or the merge base with the base branch. */
export type SameJobTarget = { ref: string } | { mergeBase: true }

export interface SameJobBase {
  sha: string
  /** The branch the base belongs to, when known. */
  branch?: string
  /** How the base was found, for the report: "merge base with main", "--against v1.2". */
  description: string
}

export interface ResolveBaseOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  target: SameJobTarget
  head: CommitInfo
  defaultBranch?: string
  /** Asks GitHub for the merge base when the local history cannot give it. */
  mergeBaseFallback?: (baseBranch: string, headSha: string) => Promise<string | undefined>
  log: (line: string) => void
}

/** Finds the base commit and makes sure the repository has it (a shallow checkout may not). */
export async function resolveSameJobBase(options: ResolveBaseOptions): Promise<SameJobBase> {
  const { cwd, target, log } = options
  if ('ref' in target) {
    const sha = await resolveCommit(cwd, target.ref)
    if (!sha) throw new SameJobError(`--against ${target.ref}: no such commit in the repository at ${cwd}`)
    return { sha, description: `--against ${target.ref}` }
  }
  const headSha = options.head.sha ?? (await resolveCommit(cwd, 'HEAD'))
  if (!headSha) throw new SameJobError(`same-job baseline: ${cwd} has no commit to compare`)
  const branch = options.defaultBranch
  const pullRequest = (options.env.GITHUB_EVENT_NAME ?? '').startsWith('pull_request')
  if (!pullRequest || !branch) {
    // A push is compared with what the branch pointed at before it, else with its parent.
    const before = pushedBefore(options.env)
    const parent =
      before && (await ensureCommit(cwd, before, log)) ? before : await resolveCommit(cwd, 'HEAD~1')
    if (!parent)
      throw new SameJobError(
        'same-job baseline: no base to compare with (not a pull request, and HEAD has no parent in the checkout; fetch more history with fetch-depth: 2)',
      )
    return {
      sha: parent,
      description: before === parent ? 'the commit before this push' : 'the parent commit',
    }
  }
  let base =
    (await mergeBase(cwd, headSha, `origin/${branch}`)) ??
    (await mergeBase(cwd, headSha, branch)) ??
    undefined
  if (!base && options.mergeBaseFallback) {
    base = await options.mergeBaseFallback(branch, headSha).catch((error: Error) => {
      log(`could not ask GitHub for the merge base with ${branch}: ${error.message}`)
      return undefined
    })
    if (base) log(`merge base with ${branch} from GitHub (the checkout's history is too short): ${base}`)
  }
  if (!base)
    throw new SameJobError(
      `same-job baseline: cannot find the merge base of ${shortSha(headSha)} with ${branch} (fetch more history, e.g. fetch-depth: 0)`,
    )
  if (!(await ensureCommit(cwd, base, log)))
    throw new SameJobError(
      `same-job baseline: the merge base ${shortSha(base)} cannot be fetched from origin`,
    )
  return { sha: base, branch, description: `merge base with ${branch}` }
}

/** What the branch pointed at before the push this run is for (a new branch's first push has none). */
function pushedBefore(env: NodeJS.ProcessEnv): string | undefined {
  const context =
    env.GITHUB_EVENT_NAME === 'push'
      ? readGitHubContext(env, (file) => readFileSync(file, 'utf8'))
      : undefined
  const before = context?.event.before
  return typeof before === 'string' && !/^0+$/.test(before) ? before : undefined
}

export interface SameJobRunOptions {
  config: Config
  cases: Case[]
  base: SameJobBase
  filter?: string
  env: NodeJS.ProcessEnv
  log: (line: string) => void
  order?: SameJobOrder
  /**
   * Which of the cases the base is measured for (default all). The others are measured in the head's
   * tree alone, for a comparison with another baseline (instruction counts with the store).
   */
  measureBase?: (c: Case) => boolean
  /** Progress lines and failures of head cases, as the pipeline logs them. */
  onProgress?: (c: Case, done: number, total: number) => void
  onResult?: (c: Case, result: BenchmarkResult) => void
}

export interface SameJobOutcome {
  head: BenchmarkResult[]
  /** The base's results; absent when the base did not build, or was not built because the head did not. */
  base?: BenchmarkResult[]
  pairs: SamplePairs
  /** Why there are no base results: its setup failed. */
  baseFailure?: SetupFailure
  /** The head's setup failed: every head result is failed with it (as in a plain run), the base is not built. */
  headFailure?: SetupFailure
  /** Set when `base` is absent: why there is no baseline, naming the side that failed, and what to warn about. */
  noBaseline?: { reason: string; warnings: string[] }
}

/**
 * Checks base and head out side by side, runs setup in both trees and measures both. The worktrees
 * are removed before this returns or throws (and on SIGINT/SIGTERM, see worktree.ts).
 */
export async function runSameJob(options: SameJobRunOptions): Promise<SameJobOutcome> {
  const { config, base } = options
  const top = await git(config.dir, ['rev-parse', '--show-toplevel'])
  if (!top) throw new SameJobError(`same-job baseline: ${config.dir} is not inside a git repository`)
  const relative = path.relative(top, config.file)
  if (relative.startsWith('..') || path.isAbsolute(relative))
    throw new SameJobError(`same-job baseline: the config ${config.file} is outside the repository ${top}`)
  // The benchmarks are the head's: the base tree is measured as the head's config describes it.
  const text = await readFile(config.file, 'utf8')
  // Both sides are built in checkouts of their own, at paths of the same length: builds embed their
  // source paths, and strings of another length move code (docs/methodology.md#same-job).
  const headSha = await workingTreeCommit(top)
  // Each side is named in the report by the commit it was built from.
  const headCommit = (await resolveCommit(top, 'HEAD')) ?? headSha
  const headName = `the head ${shortSha(headCommit)}${headSha !== headCommit ? ' with uncommitted changes' : ''}`
  const baseName = `the base ${shortSha(base.sha)} (${base.description})`
  const parent = await mkdtemp(path.join(os.tmpdir(), 'bench-action-ab-'))
  const baseTree = await addWorktree(top, base.sha, { parent, dir: path.join(parent, 'base') })
  let headTree: Worktree
  try {
    headTree = await addWorktree(top, headSha, { parent, dir: path.join(parent, 'head') })
  } catch (error) {
    await baseTree.remove()
    throw error
  }
  try {
    return await measureSides(options, { top, text, relative, baseTree, headTree, headName, baseName })
  } finally {
    await headTree.remove()
    await baseTree.remove()
  }
}

/** The two checkouts of a same-job run, and how the report names each side. */
interface Sides {
  top: string
  /** bench.yml's text, and where it is in the repository. */
  text: string
  relative: string
  baseTree: Worktree
  headTree: Worktree
  headName: string
  baseName: string
}

/**
 * Runs setup in both checkouts and measures both; a head that fails to build fails every benchmark, a
 * base that fails to build leaves the head measured alone.
 */
async function measureSides(options: SameJobRunOptions, sides: Sides): Promise<SameJobOutcome> {
  const { cases, base, env, log } = options
  const { top, text, relative, baseTree, headTree, headName, baseName } = sides
  log(`base: ${shortSha(base.sha)} (${base.description}) checked out in ${baseTree.dir}`)
  await copyUntracked(top, headTree.dir)
  log(`head: the working tree checked out in ${headTree.dir}`)
  const baseConfig = parseConfig(text, path.join(baseTree.dir, relative))
  const headConfig = parseConfig(text, path.join(headTree.dir, relative))
  // The cases the caller planned (a shard's, say), in each side's checkout.
  const wanted = new Set(cases.map((c) => c.id))
  const headCases = planCases(headConfig, options.filter).filter((c) => wanted.has(c.id))
  const baseCases = planCases(baseConfig, options.filter).filter(
    (c) => wanted.has(c.id) && (options.measureBase?.(c) ?? true),
  )
  const headFailure = await runSetupSteps(headConfig.setup, env, (line) => log(`head: ${line}`))
  if (headFailure) {
    // A failed run, as when a plain run's setup fails (exit 3): every benchmark failed with the step
    // and its output. There is nothing to compare the base with, so it is not built.
    log(`head: ${headFailure.message}; every benchmark is marked failed and the base is not built`)
    const error = {
      message: `${headName} failed to build: ${headFailure.message}`,
      stderrTail: headFailure.outputTail,
    }
    return {
      head: cases.map((c) => failedResult(c, error)),
      pairs: {},
      headFailure,
      noBaseline: { reason: `${baseName} was not built: the head failed to build`, warnings: [] },
    }
  }
  const baseSteps = baseConfig.baseSetup ?? baseConfig.setup
  const baseFailure = await runSetupSteps(baseSteps, env, (line) => log(`base: ${line}`))
  if (baseFailure) {
    log(`base: ${baseFailure.message}: the head is measured alone, without a verdict`)
    const head = await measureSuite(headCases, {
      inherit: env,
      filter: options.filter,
      onProgress: options.onProgress,
      onResult: options.onResult,
    })
    const tail = baseFailure.outputTail.trim().split('\n').slice(-5).join(' ⏎ ')
    return {
      head,
      pairs: {},
      baseFailure,
      noBaseline: {
        reason: `${baseName} failed to build: ${baseFailure.message}`,
        warnings: tail ? [`The base's setup output ended with: ${tail}`] : [],
      },
    }
  }
  return await measureSameJob(baseCases, headCases, {
    inherit: env,
    sequential: headConfig.defaults.sequential,
    filter: options.filter,
    order: options.order,
    onProgress: options.onProgress,
    onResult: options.onResult,
    onBaseResult: (c, r) => {
      if (r.status === 'failed') log(`base: ${c.name}: failed: ${r.error?.message ?? 'unknown error'}`)
    },
  })
}

/** The working tree as a commit: HEAD with the uncommitted changes to tracked files, when there are any. */
async function workingTreeCommit(top: string): Promise<string> {
  const head = await resolveCommit(top, 'HEAD')
  if (!head) throw new SameJobError(`same-job baseline: ${top} has no commit to compare`)
  const changes = await git(top, ['status', '--porcelain', '--untracked-files=no'])
  if (!changes) return head
  // A commit object only, nothing else changes: no stash entry, no branch. It needs an identity,
  // which a CI checkout may not have.
  const stash = await git(top, [
    '-c',
    'user.name=bench-action',
    '-c',
    'user.email=bench-action@localhost',
    'stash',
    'create',
  ])
  if (!stash)
    throw new SameJobError(
      `same-job baseline: could not record the uncommitted changes in ${top} (git stash create failed)`,
    )
  return stash
}

/** Files of the working tree git neither tracks nor ignores (a new source file not yet added). */
async function copyUntracked(top: string, into: string): Promise<void> {
  const listed = await git(top, ['ls-files', '--others', '--exclude-standard', '-z'])
  for (const file of (listed ?? '').split('\0').filter((f) => f !== '')) {
    await mkdir(path.dirname(path.join(into, file)), { recursive: true })
    await copyFile(path.join(top, file), path.join(into, file))
  }
}
