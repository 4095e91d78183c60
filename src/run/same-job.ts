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
import {
  measureSameJob,
  measureSuite,
  type SameJobMeasurement,
  type SameJobOrder,
} from '../schedule/index.ts'
import { git, mergeBase } from '../system/git.ts'
import { type FailedPart, missingPathHint, missingPaths, pathWords } from './missing-paths.ts'
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
  /**
   * Called once both sides are measured, while their checkouts still exist: the head's results, with
   * what it adds to them (the instruction counts behind timed changes, src/run/explain.ts).
   */
  explain?: (measured: SameJobMeasurement) => Promise<BenchmarkResult[]>
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
  /**
   * Set when `base` is absent: why there is no baseline, the side that failed (its setup, or for the
   * base every benchmark), and what to warn about: the end of its output, a path its checkout lacks.
   */
  noBaseline?: { reason: string; side: 'base' | 'head'; warnings: string[] }
  /** With `base`: a path the base's checkout lacks that a benchmark failing there named. */
  baseWarnings?: string[]
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
    return await measureSides(options, {
      top,
      text,
      relative,
      baseTree,
      headTree,
      headName,
      baseName,
      baseSha: base.sha,
    })
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
  baseSha: string
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
    const hints = await checkoutHints(sides, 'head', 'setup', headFailure.cwd, [
      ...headFailure.command,
      headFailure.outputTail,
    ])
    for (const hint of hints) log(`head: ${hint}`)
    return {
      head: cases.map((c) => failedResult(c, error)),
      pairs: {},
      headFailure,
      noBaseline: {
        reason: `${baseName} was not built: the head failed to build`,
        side: 'head',
        warnings: hints,
      },
    }
  }
  const baseSteps = baseConfig.baseSetup ?? baseConfig.setup
  const baseFailure = await runSetupSteps(baseSteps, env, (line) => log(`base: ${line}`))
  if (baseFailure) return measureHeadAlone(options, sides, headCases, baseFailure)
  const measured = await measureSameJob(baseCases, headCases, {
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
  const head = options.explain ? await options.explain(measured) : measured.head
  return explainBaseFailures({ base: measured.base, head, pairs: measured.pairs }, baseCases, sides)
}

/** The base did not build: the head is measured alone, and the report says why, with the step's output. */
async function measureHeadAlone(
  options: SameJobRunOptions,
  sides: Sides,
  headCases: Case[],
  baseFailure: SetupFailure,
): Promise<SameJobOutcome> {
  options.log(`base: ${baseFailure.message}: the head is measured alone, without a verdict`)
  const hints = await checkoutHints(sides, 'base', 'setup', baseFailure.cwd, [
    ...baseFailure.command,
    baseFailure.outputTail,
  ])
  for (const hint of hints) options.log(`base: ${hint}`)
  const head = await measureSuite(headCases, {
    inherit: options.env,
    filter: options.filter,
    onProgress: options.onProgress,
    onResult: options.onResult,
  })
  const tail = outputEnd(baseFailure.outputTail)
  return {
    head,
    pairs: {},
    baseFailure,
    noBaseline: {
      reason: `${sides.baseName} failed to build: ${baseFailure.message}`,
      side: 'base',
      warnings: [...(tail ? [`The base's setup output ended with: ${tail}`] : []), ...hints],
    },
  }
}

/** Failed base benchmarks whose commands and output are looked at for paths the checkout lacks. */
const FAILURES_EXPLAINED = 10

/**
 * Base benchmarks that failed to run: when all did, there is no baseline (nothing was compared), and
 * the report says why with the first one's error and output; either way, a path a failing one named
 * that the base's checkout lacks is named.
 */
async function explainBaseFailures(
  outcome: SameJobOutcome,
  baseCases: Case[],
  sides: Sides,
): Promise<SameJobOutcome> {
  const failed = (outcome.base ?? []).filter((r) => r.status === 'failed')
  const first = failed[0]
  if (!first) return outcome
  const hints: string[] = []
  for (const result of failed.slice(0, FAILURES_EXPLAINED)) {
    const c = baseCases.find((x) => x.id === result.id)
    if (!c) continue
    const texts = [...c.command, result.error?.message ?? '', result.error?.stderrTail ?? '']
    for (const hint of await checkoutHints(sides, 'base', 'benchmark', c.cwd, texts))
      if (!hints.includes(hint)) hints.push(hint)
  }
  if (failed.length < outcome.base!.length)
    return hints.length > 0 ? { ...outcome, baseWarnings: hints } : outcome
  const tail = outputEnd(first.error?.stderrTail ?? '')
  const { base: _, ...rest } = outcome
  return {
    ...rest,
    pairs: {},
    noBaseline: {
      reason: `${sides.baseName} could not run its benchmarks: ${first.name}: ${first.error?.message ?? 'failed'}`,
      side: 'base',
      warnings: [...(tail ? [`The base's output of ${first.name} ended with: ${tail}`] : []), ...hints],
    },
  }
}

/** The last lines of a step's or a benchmark's output, on one line. */
function outputEnd(output: string): string {
  return output.trim().split('\n').slice(-5).join(' ⏎ ')
}

/** Hints for the paths a failure named that the working tree has and the side's checkout lacks. */
async function checkoutHints(
  sides: Sides,
  side: 'base' | 'head',
  part: FailedPart,
  cwd: string,
  texts: readonly string[],
): Promise<string[]> {
  const tree = side === 'base' ? sides.baseTree : sides.headTree
  const missing = await missingPaths(pathWords(texts), cwd, sides.top, tree.dir)
  return missing.map((m) => missingPathHint(m, part, side === 'base' ? shortSha(sides.baseSha) : undefined))
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
