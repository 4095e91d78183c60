// The pipeline (docs/ARCHITECTURE.md#the-pipeline), wired once for both the CLI and the action:
// config → plan → setup → measure → ResultSet → baseline → compare → report → store.
// Its I/O comes in through the options, so both entry points stay thin.
import { mkdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  type Acceptance,
  type AcceptEntry,
  addedEntries,
  type LabelDecision,
  resolveAcceptance,
  withLabel,
} from '../accept.ts'
import {
  acceptedRegressions,
  type BaselineInfo,
  type CompareOptions,
  type Comparison,
  compareResults,
  exitCodeFor,
} from '../compare/index.ts'
import { type Config, findConfigFile, loadConfig } from '../config/index.ts'
import { UsageError } from '../errors.ts'
import { type Case, isExactKind, kindOf, toolVersions } from '../kinds/index.ts'
import { failedResult } from '../measure/result.ts'
import { renderHtml } from '../report/html.ts'
import { renderMarkdown } from '../report/markdown.ts'
import {
  type BenchmarkResult,
  RESULTS_SCHEMA,
  RESULTS_VERSION,
  type ResultSet,
  type SamplePairs,
} from '../results.ts'
import { type MeasureOptions, measureSuite, type SameJobOrder } from '../schedule/index.ts'
import { describeStatus, runSetup, toolsNeeded } from '../setup/index.ts'
import { DirStore } from '../store/dir.ts'
import type { ResultStore } from '../store/types.ts'
import { collectEnvironment, toolVersion } from '../system/environment.ts'
import { commitInfo, commitsBetween, defaultBranch, isAncestor, mergeBase } from '../system/git.ts'
import { VERSION } from '../version.ts'
import { type BaselineChoice, BaselineUsageError, chooseBaseline, explicitBaseline } from './baseline.ts'
import { explainTimedChanges } from './explain.ts'
import { planCases } from './plan.ts'
import {
  resolveSameJobBase,
  runSameJob,
  type SameJobBase,
  SameJobError,
  type SameJobOutcome,
  type SameJobTarget,
} from './same-job.ts'
import { runSetupSteps } from './setup-steps.ts'
import {
  caseDurations,
  type MergedShards,
  mergeShards,
  parseShardOutput,
  SHARD_SCHEMA,
  SHARD_VERSION,
  type ShardOutput,
  type ShardSpec,
  shardCases,
} from './shard.ts'

/** When a run's results are saved: always, never, or only from a working tree without uncommitted changes. */
export type SaveRule = boolean | 'clean'

export interface PipelineOptions {
  cwd: string
  /** The config file; found in cwd (then .github/) when absent. */
  configPath?: string
  filter?: string
  /** A results file to compare with, or a directory to use as the store. */
  baseline?: string
  /** The dir store's root, relative to cwd. */
  storeDir: string
  /**
   * Save this run's results in the store (a later run compares with them): always, never, or `'clean'`,
   * only when the working tree has no uncommitted changes (the CLI's default: a run of code that was
   * never committed is not the next baseline unless asked with --save).
   */
  save: SaveRule
  /** Where baselines are kept; the directory store at storeDir when not given. */
  store?: ResultStore
  /**
   * Build and measure the base in this job, interleaved with head (docs/methodology.md#same-job): a ref
   * to compare with, or the merge base with the base branch. The store is not asked for a baseline.
   */
  against?: SameJobTarget
  /** How same-job runs are scheduled (interleaved unless told otherwise). */
  order?: SameJobOrder
  /**
   * `baseline: auto`: on a pull request, the timed benchmarks are measured against the merge base in this
   * job (as `against`), and instruction counts, exact on any machine, are compared with the store. Where
   * the base cannot be checked out or built, and on pushes, everything is compared with the store.
   */
  auto?: boolean
  /**
   * Measure only this shard of the plan, and write what the merge needs to `shardOutputPath` instead of
   * saving a baseline (the merged run saves one).
   */
  shard?: ShardSpec
  shardOutputPath?: string
  /** Asks GitHub for the merge base when the local history cannot give it. */
  mergeBaseFallback?: (baseBranch: string, headSha: string) => Promise<string | undefined>
  jsonPath?: string
  markdownPath?: string
  /** The HTML report, with charts rendered to SVG. */
  htmlPath?: string
  env: NodeJS.ProcessEnv
  /** Detect, and install where missing, the tools the benchmarks need (valgrind, Rust) first. */
  installTools?: boolean
  /** The Zig version to install when the config needs Zig (default: the pinned one). */
  zigVersion?: string
  /** Progress and status lines (stderr for the CLI, the log for the action). */
  log: (line: string) => void
  now?: () => Date
  /**
   * Asked when the run has regressions: what the accepting label decides (a pull request's label, or
   * the label of the pull request a push merged): a rule that accepts every one of them, or why a
   * label that is there does not count.
   */
  acceptLabel?: () => Promise<LabelDecision>
  /**
   * On a pull request: the `accept:` entries of bench.yml on its base, so the report can show those
   * the pull request added or changed. Undefined when the base's bench.yml cannot be read.
   */
  baseAcceptEntries?: () => Promise<AcceptEntry[] | undefined>
  /**
   * Whether `commit` contains `ancestor`, asked where the checkout's git cannot tell (a shallow
   * checkout): GitHub's compare endpoint. Undefined when it cannot tell either.
   */
  containsFallback?: (commit: string, ancestor: string) => Promise<boolean | undefined>
}

export interface PipelineOutcome {
  exitCode: 0 | 1 | 3
  config: Config
  /** A shard's run: what it handed to the merge. */
  shardOutput?: ShardOutput
  shardOutputPath?: string
  results: ResultSet
  /** What `comparison` was made from, with `results`: enough to make it again (a deferred comment). */
  compareOptions: CompareOptions
  comparison: Comparison
  markdown: string
  savedPath?: string
  jsonPath?: string
  markdownPath?: string
  htmlPath?: string
}

export async function resolveConfigPath(cwd: string, configPath?: string): Promise<string> {
  if (configPath) return path.resolve(cwd, configPath)
  const found = findConfigFile(cwd)
  if (!found)
    throw new UsageError(`no bench.yml found in ${cwd} or ${path.join(cwd, '.github')}; pass --config FILE`)
  return found
}

async function findBaseline(
  options: PipelineOptions,
  suite: string,
  head: ResultSet['commit'],
): Promise<BaselineChoice> {
  let storeRoot = path.resolve(options.cwd, options.storeDir)
  if (options.baseline) {
    // --baseline FILE compares with that file; --baseline DIR uses DIR as the store.
    const target = path.resolve(options.cwd, options.baseline)
    const isDir = await stat(target).then(
      (s) => s.isDirectory(),
      () => {
        throw new BaselineUsageError(`baseline ${target} does not exist`)
      },
    )
    if (!isDir) return explicitBaseline(target, new DirStore(storeRoot))
    storeRoot = target
  }
  const branch = await defaultBranch(options.cwd, options.env)
  // A pull request's checkout has no local branch for its base, only the remote one.
  let base =
    branch && head.sha
      ? ((await mergeBase(options.cwd, head.sha, branch)) ??
        (await mergeBase(options.cwd, head.sha, `origin/${branch}`)))
      : undefined
  if (!base && branch && head.sha && options.mergeBaseFallback) {
    try {
      base = await options.mergeBaseFallback(branch, head.sha)
      if (base)
        options.log(`merge base with ${branch} from GitHub (the checkout's history is too short): ${base}`)
    } catch (error) {
      options.log(`could not ask GitHub for the merge base with ${branch}: ${(error as Error).message}`)
    }
  }
  return chooseBaseline({
    store: options.baseline ? new DirStore(storeRoot) : (options.store ?? new DirStore(storeRoot)),
    suite,
    head,
    defaultBranch: branch,
    mergeBase: base,
    pullRequest: (options.env.GITHUB_EVENT_NAME ?? '').startsWith('pull_request'),
    commitsBetween: (from, to) => commitsBetween(options.cwd, from, to),
  })
}

/**
 * One run: load the config and plan its cases, set the tools up, measure (with the base in this job, or
 * the head alone), choose the baseline, then compare, report and save — or, for a shard, hand the
 * results to the merge.
 */
export async function runPipeline(options: PipelineOptions): Promise<PipelineOutcome> {
  const { config, planned } = await loadPlan(options)
  const needed = await setUpTools(options, config)
  const { commit, stamp } = await describeRun(options, config, planned, needed)
  const { cases, storeChoice } = await shardPlan(options, config.suite, planned, commit)
  const progress = progressLog(options, cases)
  const measured = await measure(options, { config, cases, commit, stamp, progress })
  const choice =
    measured.choice ?? (await storeBaseline(options, config.suite, commit, measured, storeChoice))
  const exact = measured.exactFromStore
    ? await exactBaseline(options, config.suite, measured.results, storeChoice)
    : undefined
  const compared = {
    choice,
    pairs: measured.pairs,
    exact,
    part: { filter: options.filter, shard: !!options.shard },
  }
  if (!options.shard) return conclude(options, config, measured.results, compared, options.save)

  const written = await writeShardOutput(options, options.shard, cases, measured, choice)
  // A shard's verdict is the merge's: the label is looked up there, once.
  const { acceptLabel: _, baseAcceptEntries: __, ...shardOptions } = options
  const concluded = await conclude(shardOptions, config, measured.results, compared, false)
  return { ...concluded, ...written }
}

/** The config, and the cases it plans (those the filter matches). */
async function loadPlan(options: PipelineOptions): Promise<{ config: Config; planned: Case[] }> {
  const configPath = await resolveConfigPath(options.cwd, options.configPath)
  const config = await loadConfig(configPath)
  const planned = planCases(config, options.filter)
  if (planned.length === 0) {
    throw new UsageError(`--filter ${JSON.stringify(options.filter)} matches no benchmark in ${configPath}`)
  }
  return { config, planned }
}

/** The tools the benchmarks need, installed first when asked (`installTools`). */
async function setUpTools(options: PipelineOptions, config: Config): Promise<readonly string[]> {
  const needed = toolsNeeded(
    config.benchmarks.map((b) => b.kind),
    config,
  )
  if (options.installTools && needed.length > 0) {
    const setup = { cwd: config.dir, env: options.env, log: options.log, zigVersion: options.zigVersion }
    for (const status of await runSetup(needed, setup)) {
      options.log(`setup: ${describeStatus(status)}`)
      // A tool installed into bench-action's cache must be found by the build steps that follow.
      const dir = path.dirname(status.path)
      const search = (options.env.PATH ?? '').split(path.delimiter)
      if (!search.includes(dir))
        options.env.PATH = [dir, ...search].filter((d) => d !== '').join(path.delimiter)
    }
  }
  return needed
}

/** What every result set of a run carries besides its commit and benchmarks. */
type RunStamp = Pick<ResultSet, 'suite' | 'createdAt' | 'environment'>

/** The head commit, and when and on what the run measures. */
async function describeRun(
  options: PipelineOptions,
  config: Config,
  planned: Case[],
  needed: readonly string[],
): Promise<{ commit: ResultSet['commit']; stamp: RunStamp }> {
  const now = options.now ?? (() => new Date())
  const createdAt = now().toISOString()
  const [commit, environment] = await Promise.all([
    commitInfo(options.cwd, options.env),
    collectEnvironment({
      cc: await toolVersion(options.env.CC || 'cc'),
      // What the kinds' measurements depend on (instruction counts: the valgrind that counted them).
      ...(await toolVersions(planned)),
      rustc: needed.includes('rust') ? await toolVersion('rustc') : undefined,
      zig: needed.includes('zig') ? await toolVersion('zig', ['version']) : undefined,
    }),
  ])
  return { commit, stamp: { suite: config.suite, createdAt, environment } }
}

function resultSet(stamp: RunStamp, commit: ResultSet['commit'], benchmarks: BenchmarkResult[]): ResultSet {
  return {
    schema: RESULTS_SCHEMA,
    version: RESULTS_VERSION,
    suite: stamp.suite,
    commit,
    createdAt: stamp.createdAt,
    environment: stamp.environment,
    benchmarks,
  }
}

/**
 * The cases this run measures: the whole plan, or a shard's part of it. Every shard computes the same
 * split from the same baseline, which is kept (`storeChoice`) for the comparison.
 */
async function shardPlan(
  options: PipelineOptions,
  suite: string,
  planned: Case[],
  commit: ResultSet['commit'],
): Promise<{ cases: Case[]; storeChoice?: BaselineChoice }> {
  if (!options.shard) return { cases: planned }
  const storeChoice = await findBaseline(options, suite, commit)
  const durations = caseDurations(planned, storeChoice.baseline?.results)
  const cases = shardCases(planned, options.shard, durations)
  const { index, count } = options.shard
  options.log(
    `shard ${index}/${count}: ${cases.length} of ${planned.length} cases, ` +
      (durations.size > 0
        ? `balanced by the durations of ${storeChoice.baseline!.source}`
        : 'split by a stable hash of their names (no baseline with durations)'),
  )
  return { cases, storeChoice }
}

type Progress = Required<Pick<MeasureOptions, 'onProgress' | 'onResult'>>

/** Progress and failure lines of the cases, numbered by their place in the run. */
function progressLog(options: PipelineOptions, cases: Case[]): Progress {
  const index = new Map(cases.map((c, i) => [c.id, i]))
  const shown = new Map<string, number>()
  const prefix = (c: Case) => {
    const i = index.get(c.id)
    return i === undefined ? c.name : `[${i + 1}/${cases.length}] ${c.name}`
  }
  return {
    onProgress: (c: Case, done: number, total: number) => {
      // A line per quarter keeps CI logs short; a terminal could redraw, a log cannot.
      const quarter = Math.floor((done / total) * 4)
      if (quarter > (shown.get(c.id) ?? 0)) {
        shown.set(c.id, quarter)
        options.log(`${prefix(c)}: ${done}/${total} ${kindOf(c.kind).timed?.progressUnit ?? 'runs'}`)
      }
    },
    onResult: (c: Case, result: BenchmarkResult) => {
      if (result.status === 'failed')
        options.log(`${prefix(c)}: failed: ${result.error?.message ?? 'unknown error'}`)
    },
  }
}

/** What the measuring steps share. */
interface RunPlan {
  config: Config
  cases: Case[]
  commit: ResultSet['commit']
  stamp: RunStamp
  progress: Progress
}

/** What measuring gave: the head's results and, from a same-job run, the baseline measured with them. */
interface Measured {
  results: ResultSet
  pairs?: SamplePairs
  /** The baseline measured in this job, or why there is none; absent when the store is asked. */
  choice?: BaselineChoice
  /** The same-job run, when the base was checked out. */
  sameJob?: SameJobOutcome
  /** `baseline: auto` measured the base in this job: instruction counts are compared with the store. */
  exactFromStore: boolean
  /** Why `baseline: auto` compares timed benchmarks with the store after all. */
  fallback?: string
}

/** Measures the cases: with the base in this job when there is one to build, else the head alone. */
async function measure(options: PipelineOptions, run: RunPlan): Promise<Measured> {
  const { base, fallback } = await sameJobBase(options, run.cases, run.commit)
  if (base) return measureSameJob(options, run, base)
  const results = resultSet(run.stamp, run.commit, await measureHead(options, run))
  return { results, exactFromStore: false, fallback }
}

/**
 * The base to build and measure in this job (`against`, or `baseline: auto` on a pull request). When
 * `baseline: auto` cannot have it, `fallback` says why and the store is asked instead.
 */
async function sameJobBase(
  options: PipelineOptions,
  cases: Case[],
  head: ResultSet['commit'],
): Promise<{ base?: SameJobBase; fallback?: string }> {
  const target = options.against ?? (autoSameJob(options, cases) ? ({ mergeBase: true } as const) : undefined)
  if (!target) return {}
  try {
    const base = await resolveSameJobBase({
      cwd: options.cwd,
      env: options.env,
      target,
      head,
      defaultBranch: await defaultBranch(options.cwd, options.env),
      mergeBaseFallback: options.mergeBaseFallback,
      log: options.log,
    })
    return { base }
  } catch (error) {
    if (options.against || !(error instanceof SameJobError)) throw error
    return { fallback: error.message }
  }
}

/** Builds and measures base and head in this job; the base's results become the baseline. */
async function measureSameJob(options: PipelineOptions, run: RunPlan, base: SameJobBase): Promise<Measured> {
  const outcome = await runSameJob({
    config: run.config,
    cases: run.cases,
    base,
    filter: options.filter,
    env: options.env,
    log: options.log,
    order: options.order,
    ...(options.against ? {} : { measureBase: (c: Case) => !isExactKind(c.kind) }),
    ...run.progress,
    // Timed changes are counted under callgrind in both checkouts, before they are removed.
    explain: (measured) =>
      explainTimedChanges(measured, {
        baseSha: base.sha,
        env: options.env,
        log: options.log,
        results: (benchmarks) => resultSet(run.stamp, run.commit, benchmarks),
      }),
  })
  const measured: Measured = {
    results: resultSet(run.stamp, run.commit, outcome.head),
    pairs: outcome.pairs,
    sameJob: outcome,
    exactFromStore: false,
  }
  if (outcome.base) {
    const baseline = {
      results: resultSet(run.stamp, { sha: base.sha, branch: base.branch }, outcome.base),
      source: `a worktree of ${base.sha}`,
      // How many pairs each benchmark had is the comparison's to say (the report adds it).
      reason: `${base.description}, built and measured in this job${
        options.order === 'sequential' ? ', one after the other, not paired' : ''
      }`,
    }
    return {
      ...measured,
      exactFromStore: !options.against,
      choice: { baseline, warnings: outcome.baseWarnings ?? [] },
    }
  }
  if (options.against || outcome.noBaseline?.side !== 'base') {
    // Which side failed (the head's setup, the base's, or every benchmark of the base), in runSameJob's words.
    const choice = {
      noBaselineReason: outcome.noBaseline?.reason ?? `the base ${base.sha.slice(0, 7)} was not measured`,
      warnings: outcome.noBaseline?.warnings ?? [],
    }
    return { ...measured, choice }
  }
  return {
    ...measured,
    fallback: outcome.noBaseline?.reason ?? `the base ${base.sha.slice(0, 7)} failed to build`,
  }
}

/** Runs the setup steps, then measures the head; a failed setup fails every case with its message. */
async function measureHead(options: PipelineOptions, run: RunPlan): Promise<BenchmarkResult[]> {
  const setupFailure = await runSetupSteps(run.config.setup, options.env, options.log)
  if (setupFailure) {
    options.log(`${setupFailure.message}; every benchmark is marked failed`)
    return run.cases.map((c) =>
      failedResult(c, { message: setupFailure.message, stderrTail: setupFailure.outputTail }),
    )
  }
  return measureSuite(run.cases, { inherit: options.env, filter: options.filter, ...run.progress })
}

/**
 * The baseline from the store (or a file), for a run that measured no base in this job: the one the
 * shards were split by when there is one. Where `baseline: auto` fell back to it, its warnings say so.
 */
async function storeBaseline(
  options: PipelineOptions,
  suite: string,
  head: ResultSet['commit'],
  measured: Measured,
  found?: BaselineChoice,
): Promise<BaselineChoice> {
  const choice = found ?? (await findBaseline(options, suite, head))
  if (!measured.fallback) return choice
  const line = `baseline: auto could not measure the base in this job (${measured.fallback}): compared with the store instead, across moments`
  options.log(line)
  return {
    ...choice,
    warnings: [line, ...(measured.sameJob?.noBaseline?.warnings ?? []), ...choice.warnings],
  }
}

/** Writes what the merge of the shards needs: this shard's cases, results and base. */
async function writeShardOutput(
  options: PipelineOptions,
  shard: ShardSpec,
  cases: Case[],
  measured: Measured,
  choice: BaselineChoice,
): Promise<{ shardOutput: ShardOutput; shardOutputPath: string }> {
  const shardOutput: ShardOutput = {
    schema: SHARD_SCHEMA,
    version: SHARD_VERSION,
    shard,
    cases: cases.map((c) => c.id),
    head: measured.results,
    ...(measured.sameJob?.base && choice.baseline
      ? { base: { ...choice.baseline, pairs: measured.pairs ?? {} } }
      : options.against && choice.noBaselineReason
        ? { noBaselineReason: choice.noBaselineReason }
        : {}),
  }
  const shardOutputPath = path.resolve(
    options.cwd,
    options.shardOutputPath ?? path.join(options.storeDir, `shard-${shard.index}-of-${shard.count}.json`),
  )
  await writeText(shardOutputPath, `${JSON.stringify(shardOutput)}\n`)
  options.log(`shard ${shard.index}/${shard.count}: results for the merge written to ${shardOutputPath}`)
  return { shardOutput, shardOutputPath }
}

/** `baseline: auto` measures the base in this job: on a pull request with timed benchmarks. */
function autoSameJob(options: PipelineOptions, cases: Case[]): boolean {
  return (
    options.auto === true &&
    options.baseline === undefined &&
    (options.env.GITHUB_EVENT_NAME ?? '').startsWith('pull_request') &&
    cases.some((c) => !isExactKind(c.kind))
  )
}

/**
 * The stored baseline the instruction counts of a same-job run are compared with (`baseline: auto`):
 * exact counts need no moment of their own, and the store saves building the base for them.
 */
async function exactBaseline(
  options: PipelineOptions | MergeOptions,
  suite: string,
  head: ResultSet,
  found?: BaselineChoice,
): Promise<CompareOptions['exact']> {
  if (!head.benchmarks.some((b) => isExactKind(b.kind))) return undefined
  const choice = found ?? (await findBaseline(options, suite, head.commit))
  return {
    baseline: choice.baseline,
    noBaselineReason: choice.noBaselineReason,
    baselineWarnings: choice.warnings,
    history: choice.history,
  }
}

/** Options of a merge: the shard files, and the same outputs and store as a run. */
export interface MergeOptions
  extends Omit<
    PipelineOptions,
    'filter' | 'against' | 'order' | 'shard' | 'shardOutputPath' | 'installTools' | 'zigVersion'
  > {
  shards: Array<{ text: string; source: string }>
}

/**
 * Joins the shards of one run (see mergeShards), then compares, reports and saves once, as a run of
 * the whole suite would. The config, when found, lists the planned cases, so a lost case is named.
 */
export async function runMerge(options: MergeOptions): Promise<PipelineOutcome> {
  const configPath = await resolveConfigPath(options.cwd, options.configPath)
  const config = await loadConfig(configPath)
  const planned = planCases(config).map((c) => c.id)
  const merged: MergedShards = mergeShards(
    options.shards.map(({ text, source }) => ({ output: parseShardOutput(text, source), source })),
    planned,
  )
  if (merged.head.suite !== config.suite)
    throw new UsageError(
      `the shards are of suite ${merged.head.suite}, but ${configPath} is suite ${config.suite}`,
    )
  options.log(`merged ${options.shards.length} shards: ${merged.head.benchmarks.length} benchmarks`)
  let choice: BaselineChoice
  let exact: CompareOptions['exact']
  if (merged.base) {
    choice = { baseline: merged.base, warnings: [...merged.warnings] }
    // The shards measured the base in their jobs for the timed benchmarks only (baseline: auto).
    if (options.auto) exact = await exactBaseline(options, config.suite, merged.head)
  } else if (merged.noBaselineReason)
    choice = { noBaselineReason: merged.noBaselineReason, warnings: [...merged.warnings] }
  else {
    const found = await findBaseline({ ...options, save: options.save }, config.suite, merged.head.commit)
    choice = { ...found, warnings: [...merged.warnings, ...found.warnings] }
  }
  return conclude(options, config, merged.head, { choice, pairs: merged.pairs, exact }, options.save)
}

/** Compare, report, save and write the outputs: the end of every run, sharded or not. */
async function conclude(
  options: Omit<PipelineOptions, 'installTools'> | MergeOptions,
  config: Config,
  results: ResultSet,
  compared: {
    choice: BaselineChoice
    pairs?: SamplePairs
    exact?: CompareOptions['exact']
    /** What part of the suite this run measured on purpose: a filter's benchmarks, or a shard's. */
    part?: { filter?: string; shard: boolean }
  },
  save: SaveRule,
): Promise<PipelineOutcome> {
  const { choice, pairs, exact } = compared
  const now = options.now ?? (() => new Date())
  const filter = compared.part?.filter
  // bench.yml's accepted regressions, each side judged against the baseline it is compared with.
  const base = config.accept && options.baseAcceptEntries ? await options.baseAcceptEntries() : undefined
  const accept = await configAcceptance(options, config, choice.baseline, now(), base)
  const exactAccept = exact ? await configAcceptance(options, config, exact.baseline, now(), base) : undefined
  let compareOptions: CompareOptions = {
    baseline: choice.baseline,
    noBaselineReason: choice.noBaselineReason,
    baselineWarnings: choice.warnings,
    history: choice.history,
    // A filtered run or a shard measures part of the suite on purpose: the rest is not missing.
    filtered: filter !== undefined || compared.part?.shard === true,
    pairs,
    // A baseline from the store or a file was measured at another moment than this run.
    acrossMoments: pairs === undefined,
    ...(accept ? { accept } : {}),
    ...(exact ? { exact: { ...exact, ...(exactAccept ? { accept: exactAccept } : {}) } } : {}),
  }
  const labelled = await compareWithLabel(options, results, compareOptions)
  compareOptions = labelled.compareOptions
  let comparison = labelled.comparison
  if (config.trends !== undefined) comparison = { ...comparison, trends: config.trends }
  // What this run accepted goes with its results: a later run's noise estimate starts after it.
  const accepted = acceptedRegressions(comparison)
  const recorded: ResultSet = accepted.length > 0 ? { ...results, accepted } : results
  const markdown = renderMarkdown(comparison, { now: now(), version: VERSION })

  const savedPath = save ? await saveBaseline(options, recorded, filter, save) : undefined
  const written = await writeOutputs(options, recorded, comparison, markdown, {
    now,
    ...(choice.baseline ? { base: choice.baseline.results } : {}),
    ...(pairs ? { pairs } : {}),
  })
  return {
    exitCode: exitCodeFor(comparison),
    config,
    results: recorded,
    compareOptions,
    comparison,
    markdown,
    savedPath,
    ...written,
  }
}

/**
 * Compares again when a label accepts every regression of the run: with its rule after bench.yml's,
 * or with the note saying why a label that is there does not count.
 */
async function compareWithLabel(
  options: Pick<PipelineOptions, 'acceptLabel'>,
  results: ResultSet,
  compareOptions: CompareOptions,
): Promise<{ compareOptions: CompareOptions; comparison: Comparison }> {
  const comparison = compareResults(results, compareOptions)
  if (comparison.counts.regression === 0 || !options.acceptLabel) return { compareOptions, comparison }
  const decision = await options.acceptLabel()
  if (!decision.rule && decision.refused === undefined) return { compareOptions, comparison }
  const timed = withLabel(compareOptions.accept, decision)
  const exactSide = compareOptions.exact && withLabel(compareOptions.exact.accept, decision)
  const relabelled: CompareOptions = {
    ...compareOptions,
    ...(timed ? { accept: timed } : {}),
    ...(compareOptions.exact
      ? { exact: { ...compareOptions.exact, ...(exactSide ? { accept: exactSide } : {}) } }
      : {}),
  }
  return { compareOptions: relabelled, comparison: compareResults(results, relabelled) }
}

/** Saves the results as a baseline, unless they are a filter's part or nothing succeeded; returns where. */
async function saveBaseline(
  options: Omit<PipelineOptions, 'installTools'> | MergeOptions,
  recorded: ResultSet,
  filter: string | undefined,
  save: SaveRule,
): Promise<string | undefined> {
  if (save === 'clean' && recorded.commit.dirty) {
    // Code that was never committed is no state of the branch a later run should be compared with.
    options.log(
      'the working tree has uncommitted changes: results not saved as a baseline (--save saves them)',
    )
    return undefined
  }
  if (filter !== undefined) {
    // A later full run would find most benchmarks missing from a filtered one.
    options.log('--filter was given: results not saved as a baseline')
    return undefined
  }
  if (recorded.benchmarks.some((b) => b.status === 'ok'))
    return (options.store ?? new DirStore(path.resolve(options.cwd, options.storeDir))).save(recorded)
  options.log('no benchmark succeeded: results not saved as a baseline')
  return undefined
}

/** Writes the JSON, markdown and HTML files asked for; returns their paths. */
async function writeOutputs(
  options: Omit<PipelineOptions, 'installTools'> | MergeOptions,
  recorded: ResultSet,
  comparison: Comparison,
  markdown: string,
  html: { now: () => Date; base?: ResultSet; pairs?: SamplePairs },
): Promise<Pick<PipelineOutcome, 'jsonPath' | 'markdownPath' | 'htmlPath'>> {
  const jsonPath = options.jsonPath ? path.resolve(options.cwd, options.jsonPath) : undefined
  if (jsonPath) await writeText(jsonPath, `${JSON.stringify(recorded, null, 2)}\n`)
  const markdownPath = options.markdownPath ? path.resolve(options.cwd, options.markdownPath) : undefined
  if (markdownPath) await writeText(markdownPath, markdown)
  const htmlPath = options.htmlPath ? path.resolve(options.cwd, options.htmlPath) : undefined
  if (htmlPath) {
    const { now, ...rest } = html
    const samples = { head: recorded, ...rest }
    await writeText(htmlPath, await renderHtml(comparison, { now: now(), version: VERSION, samples }))
  }
  return { jsonPath, markdownPath, htmlPath }
}

/**
 * bench.yml's accepted regressions that hold against a baseline, or undefined when it names none; with
 * the base's entries (a pull request), the entries the pull request added or changed.
 */
async function configAcceptance(
  options: Pick<PipelineOptions, 'cwd' | 'containsFallback'>,
  config: Config,
  baseline: BaselineInfo | undefined,
  now: Date,
  base: AcceptEntry[] | undefined,
): Promise<Acceptance | undefined> {
  if (!config.accept) return undefined
  const resolved = await resolveAcceptance(config.accept, {
    now,
    ...(baseline ? { baseline: { sha: baseline.results.commit.sha } } : {}),
    contains: async (commit, ancestor) =>
      (await isAncestor(options.cwd, ancestor, commit)) ??
      (await options.containsFallback?.(commit, ancestor)),
  })
  const added = base ? addedEntries(config.accept, base) : []
  return added.length > 0 ? { ...resolved, added } : resolved
}

export async function writeText(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, text)
}
