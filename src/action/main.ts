// The GitHub Action: inputs are read when it runs (never at import), the pipeline runs as in the CLI,
// and the outcome becomes the job summary, the outputs and at most one failed-step message.
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as core from '@actions/core'
import type { AcceptEntry } from '../accept.ts'
import { ConfigError, loadConfig } from '../config/index.ts'
import { isUserError, UsageError } from '../errors.ts'
import { type ExportPaths, writeExports } from '../export/index.ts'
import { DEFAULT_ACCEPT_LABEL, labelAcceptance } from '../github/accept-label.ts'
import { acceptEntriesAt, containsFromApi } from '../github/accept-remote.ts'
import { createGitHubClient } from '../github/client.ts'
import { type GitHubContext, readGitHubContext, runUrl } from '../github/context.ts'
import { logText } from '../github/log.ts'
import { mergeBaseFromApi } from '../github/merge-base.ts'
import { COMMENT_MODES, type CommentMode, postDeferredComments, publishComment } from '../github/publish.ts'
import { readHistories, renderHistoryMarkdown, renderHistoryTerminal, writeSite } from '../history/index.ts'
import { failureMessage, renderMarkdown, SUMMARY_LIMIT_BYTES } from '../report/markdown.ts'
import { renderTerminal } from '../report/terminal.ts'
import { type PipelineOutcome, resolveConfigPath, runMerge, runPipeline } from '../run/pipeline.ts'
import { parseShard, type ShardSpec } from '../run/shard.ts'
import { SetupError } from '../setup/system.ts'
import { DirStore } from '../store/dir.ts'
import {
  type OpenStore,
  openStore,
  STORE_KINDS,
  type StoreKind,
  StoreUnavailableError,
} from '../store/index.ts'
import { DEFAULT_DATA_BRANCH } from '../store/kinds.ts'
import { NO_BRANCH } from '../store/types.ts'
import { commitsInRange, isObjectId } from '../system/git.ts'
import { VERSION } from '../version.ts'
import { leaveStartEnvironment } from './env.ts'
import { INPUT, inputVariable, OUTPUT } from './inputs.ts'
import { downloadShards, SHARD_FILE, shardArtifactName } from './shards.ts'

/** The `baseline` input that builds and measures the base in this job instead of reading a store. */
const SAME_JOB = 'same-job'
/**
 * The default `baseline`: on a pull request, timed benchmarks against the merge base built and measured
 * in this job, instruction counts against the store; on a push, the store.
 */
const AUTO = 'auto'
/** The `baseline` input that compares every benchmark with the store. */
const STORE = 'store'

export interface ActionInputs {
  config?: string
  filter?: string
  baseline?: string
  storeDir: string
  save: boolean
  json?: string
  markdown?: string
  html?: string
  /** The run's results in hyperfine's layouts (export-json, export-markdown, export-csv, export-csv-raw). */
  exports: ExportPaths
  workingDirectory: string
  installTools: boolean
  /** The ziglang version on PyPI to install when Zig is needed and missing. */
  zigVersion?: string
  /**
   * run: measure and publish; post: publish what a workflow_run's triggering run deferred; merge: join
   * the shards this workflow run's matrix measured, and publish once.
   */
  mode: 'run' | 'post' | 'merge'
  /** Measure one shard of the plan (a matrix job): its results go to the merge as an artifact. */
  shard?: ShardSpec
  comment: CommentMode
  githubToken?: string
  /** cache (the Actions cache, where the job has one), git (a data branch) or dir (store-dir). */
  baselineStore: StoreKind
  /** The data branch of the git store. */
  baselineBranch: string
  /** Branches whose pushes save baselines (cache and git stores); default the repository's default branch. */
  saveOn?: string[]
  retain?: number
  requireBaseline: boolean
  /** The pull-request label that accepts a run's regressions; undefined when turned off (an empty input). */
  acceptLabel?: string
  /** Logins whose accepting label counts without write permission on the repository. */
  acceptBy: string[]
  /** On a run that saved its results: read the suite's history, its change points and trend site. */
  history: boolean
}

function optional(name: string): string | undefined {
  const v = core.getInput(name)
  return v === '' ? undefined : v
}

function wholeNumber(name: string): number | undefined {
  const value = optional(name)
  if (value === undefined) return undefined
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError(`input "${name}" must be a whole number, got ${JSON.stringify(value)}`)
  return Number(value)
}

/**
 * A true/false input as YAML 1.2 spells one (true, True, TRUE, false, False, FALSE); `unset` when the
 * input is not given (action.yml's default, for a run that does not pass the defaults).
 */
function booleanInput(name: string, unset: boolean): boolean {
  if (optional(name) === undefined) return unset
  try {
    return core.getBooleanInput(name)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    throw new UsageError(
      `input "${name}" must be true or false (true, True, TRUE, false, False or FALSE), got ${JSON.stringify(optional(name))}`,
    )
  }
}

/**
 * The label that accepts regressions: action.yml's default when the input is not passed at all, none
 * when it is passed empty (the way to turn it off).
 */
function acceptLabelInput(): string | undefined {
  if (process.env[inputVariable(INPUT.acceptLabel)] === undefined) return DEFAULT_ACCEPT_LABEL
  const label = core.getInput(INPUT.acceptLabel)
  if (label === '') return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (label.length > 50 || /[\u0000-\u001f\u007f]/.test(label))
    throw new UsageError(
      `input "${INPUT.acceptLabel}" must be a label name of at most 50 characters on one line, got ${JSON.stringify(label)}`,
    )
  return label
}

/** GitHub logins: letters, digits and single hyphens, at most 39 characters; an app's ends in [bot]. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\[bot\])?$/

/** The logins of the accept-by input, separated by commas or white space. */
function acceptByInput(): string[] {
  const logins = (optional(INPUT.acceptBy) ?? '')
    .split(/[\s,]+/)
    .map((l) => l.replace(/^@/, ''))
    .filter((l) => l !== '')
  const bad = logins.find((l) => !LOGIN.test(l))
  if (bad !== undefined)
    throw new UsageError(
      `input "${INPUT.acceptBy}" must list GitHub logins separated by commas or spaces, got ${JSON.stringify(bad)}`,
    )
  return logins
}

function oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
  const value = optional(name)
  if (value === undefined) return fallback
  if (!(values as readonly string[]).includes(value)) {
    throw new UsageError(`input "${name}" must be one of ${values.join(', ')}, got ${JSON.stringify(value)}`)
  }
  return value as T
}

export function readInputs(env: NodeJS.ProcessEnv = process.env): ActionInputs {
  return {
    config: optional(INPUT.config),
    filter: optional(INPUT.filter),
    baseline: optional(INPUT.baseline),
    storeDir: optional(INPUT.storeDir) ?? '.bench',
    save: booleanInput(INPUT.save, true),
    installTools: booleanInput(INPUT.installTools, true),
    zigVersion: optional(INPUT.zigVersion),
    json: optional(INPUT.json),
    markdown: optional(INPUT.markdown),
    html: optional(INPUT.html),
    exports: {
      json: optional(INPUT.exportJson),
      markdown: optional(INPUT.exportMarkdown),
      csv: optional(INPUT.exportCsv),
      csvRaw: optional(INPUT.exportCsvRaw),
    },
    mode: oneOf(INPUT.mode, ['run', 'post', 'merge'] as const, 'run'),
    shard: optional(INPUT.shard) === undefined ? undefined : parseShard(optional(INPUT.shard)!),
    comment: oneOf(INPUT.comment, COMMENT_MODES, 'always'),
    githubToken: optional(INPUT.githubToken),
    baselineStore: oneOf(INPUT.baselineStore, STORE_KINDS, 'cache'),
    baselineBranch: optional(INPUT.baselineBranch) ?? DEFAULT_DATA_BRANCH,
    saveOn: optional(INPUT.saveOn)
      ?.split(',')
      .map((b) => b.trim())
      .filter((b) => b !== ''),
    retain: wholeNumber(INPUT.retain),
    requireBaseline: booleanInput(INPUT.requireBaseline, false),
    acceptLabel: acceptLabelInput(),
    acceptBy: acceptByInput(),
    history: booleanInput(INPUT.history, false),
    workingDirectory: path.resolve(
      env.GITHUB_WORKSPACE ?? process.cwd(),
      optional(INPUT.workingDirectory) ?? '.',
    ),
  }
}

/**
 * The action as the runner starts it: first out of the environment it was started with, which holds its
 * tokens (env.ts), then runAction.
 */
export async function startAction(): Promise<void> {
  let unprotected: string | undefined
  try {
    unprotected = leaveStartEnvironment()
  } catch (err) {
    core.setFailed(
      `bench-action could not take back its inputs after starting again without them in its environment: ${(err as Error)?.message ?? err}`,
    )
    return
  }
  if (unprotected !== undefined) core.warning(unprotected)
  await runAction()
}

/** The GitHub API client, made when first needed. */
type Client = () => ReturnType<typeof createGitHubClient>

/** What the action does, step by step, with at most one failed-step message for all of them. */
export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let opened: OpenStore | undefined
  try {
    const inputs = readInputs(env)
    const context = readGitHubContext(env, (file) => readFileSync(file, 'utf8'))
    const client = githubClient(inputs, env)
    if (inputs.mode === 'post') return await postDeferred(inputs, context, client, env)
    const chosen = baselineStore(inputs, env, context)
    opened = chosen.store
    const outcome = await measureOrMerge(inputs, env, context, client, chosen)
    await writeExports(outcome.results, inputs.exports, inputs.workingDirectory, (line) => logText(line))
    if (outcome.shardOutput && outcome.shardOutputPath)
      return await handOnShard(outcome, outcome.shardOutput.shard, outcome.shardOutputPath)
    await report(outcome, env)
    if (inputs.history) await keepHistory(inputs, outcome, chosen.store, env)
    await comment(inputs, context, client, outcome)
    failOnVerdict(inputs, outcome)
  } catch (err) {
    failWith(err)
  } finally {
    await opened?.close?.().catch(() => {})
  }
}

function githubClient(inputs: ActionInputs, env: NodeJS.ProcessEnv): Client {
  return () =>
    createGitHubClient({
      token: inputs.githubToken ?? '',
      baseUrl: env.GITHUB_API_URL,
      log: (l) => logText(l),
    })
}

/** mode: post — the comments a fork's run deferred, rendered from their data and posted. */
async function postDeferred(
  inputs: ActionInputs,
  context: GitHubContext | undefined,
  client: Client,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (!context) throw new UsageError('mode: post runs inside GitHub Actions, in a workflow_run workflow')
  if (!inputs.githubToken) throw new UsageError('mode: post needs the github-token input')
  await postDeferredComments({
    octokit: client(),
    context,
    ...(inputs.acceptLabel !== undefined ? { acceptLabel: inputs.acceptLabel } : {}),
    acceptBy: inputs.acceptBy,
    ...(inputs.config !== undefined ? { config: inputs.config } : {}),
    workingDirectory: repositoryPath(inputs.workingDirectory, env),
    version: VERSION,
    log: (l) => logText(l),
    warn: (l) => core.warning(l),
  })
}

/** mode: run measures (the whole plan or one shard of it); mode: merge joins the matrix's shards. */
async function measureOrMerge(
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  context: GitHubContext | undefined,
  client: Client,
  { store, save }: { store?: OpenStore; save: boolean },
): Promise<PipelineOutcome> {
  // The files the report is written to, unless the inputs name them.
  const outDir = path.join(env.RUNNER_TEMP || os.tmpdir(), 'bench-action')
  const common = {
    store,
    ...(context && inputs.githubToken
      ? {
          mergeBaseFallback: (baseBranch: string, headSha: string) =>
            mergeBaseFromApi(client(), { owner: context.owner, repo: context.repo }, baseBranch, headSha),
        }
      : {}),
    cwd: inputs.workingDirectory,
    configPath: inputs.config,
    storeDir: inputs.storeDir,
    save,
    jsonPath: inputs.json ?? path.join(outDir, 'results.json'),
    markdownPath: inputs.markdown ?? path.join(outDir, 'report.md'),
    htmlPath: inputs.html ?? path.join(outDir, 'report.html'),
    env,
    log: (line: string) => logText(line),
    ...(context && inputs.acceptLabel !== undefined
      ? {
          acceptLabel: () =>
            labelAcceptance({
              ...(inputs.githubToken ? { octokit: client() } : {}),
              context,
              label: inputs.acceptLabel!,
              acceptBy: inputs.acceptBy,
              log: (line: string) => logText(line),
              warn: (line: string) => core.warning(line),
            }),
        }
      : {}),
    ...(context && inputs.githubToken
      ? {
          containsFallback: (commit: string, ancestor: string) =>
            containsFromApi(client(), { owner: context.owner, repo: context.repo }, commit, ancestor),
          baseAcceptEntries: () => baseAcceptEntries(inputs, env, context, client),
        }
      : {}),
  }
  if (inputs.shard && inputs.mode === 'merge')
    throw new UsageError(
      'shard and mode: merge go in different jobs: the matrix measures, the merge job joins',
    )
  if (inputs.mode === 'merge')
    return runMerge({
      ...common,
      ...baselineOptions(inputs.baseline, false),
      shards: await downloadShards(
        (await loadConfig(await resolveConfigPath(inputs.workingDirectory, inputs.config))).suite,
        env,
      ),
    })
  return runPipeline({
    ...common,
    filter: inputs.filter,
    ...baselineOptions(inputs.baseline, true),
    ...(inputs.shard ? { shard: inputs.shard, shardOutputPath: path.join(outDir, 'shard.json') } : {}),
    installTools: inputs.installTools,
    zigVersion: inputs.zigVersion,
  })
}

/** A directory of the workspace as a path in the repository ('.' for its root). */
function repositoryPath(dir: string, env: NodeJS.ProcessEnv): string {
  const relative = path.relative(env.GITHUB_WORKSPACE ?? process.cwd(), dir)
  return relative === '' ? '.' : relative.split(path.sep).join('/')
}

/**
 * On a pull request, bench.yml's accept: entries on its base, as GitHub has them: the report names the
 * entries the pull request added or changed. Undefined where they cannot be read, with a line saying so.
 */
async function baseAcceptEntries(
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  context: GitHubContext,
  client: Client,
): Promise<AcceptEntry[] | undefined> {
  const base = context.event.pull_request?.base?.sha
  if (!isObjectId(base)) return undefined
  const found = await acceptEntriesAt(client(), { owner: context.owner, repo: context.repo }, base, {
    workingDirectory: repositoryPath(inputs.workingDirectory, env),
    ...(inputs.config !== undefined ? { config: inputs.config } : {}),
  })
  if ('entries' in found) return found.entries
  if (/^there is no /.test(found.error)) return []
  logText(
    `the base's accept: entries were not read (${found.error}), so none is named as added by this pull request`,
  )
  return undefined
}

/** A shard's verdict is the merge job's: it hands its results on as an artifact and neither comments nor fails. */
async function handOnShard(
  outcome: PipelineOutcome,
  { index, count }: ShardSpec,
  shardFile: string,
): Promise<void> {
  const name = shardArtifactName(outcome.config.suite, index, count)
  await uploadArtifact(name, { [SHARD_FILE]: await readFile(shardFile, 'utf8') })
  core.setOutput(OUTPUT.shardArtifact, name)
  logText(renderTerminal(outcome.comparison, { color: false }))
  logText(`shard ${index}/${count} measured; the verdict is the merge job's (mode: merge)`)
}

/** The report in the log and the job summary, the step's outputs, and the HTML report kept with the run. */
async function report(outcome: PipelineOutcome, env: NodeJS.ProcessEnv): Promise<void> {
  logText(renderTerminal(outcome.comparison, { color: false }))
  if (env.GITHUB_STEP_SUMMARY) await writeSummary(outcome)
  core.setOutput(OUTPUT.verdict, outcome.comparison.verdict)
  core.setOutput(OUTPUT.regressions, String(outcome.comparison.counts.regression))
  core.setOutput(OUTPUT.resultsPath, outcome.jsonPath ?? '')
  core.setOutput(OUTPUT.reportPath, outcome.markdownPath ?? '')
  core.setOutput(OUTPUT.htmlPath, outcome.htmlPath ?? '')
  if (outcome.htmlPath && env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL)
    await keepHtmlReport(outcome.comparison.suite, outcome.htmlPath)
}

/** The report as written to the markdown file, shortened only when a job summary cannot hold it. */
async function writeSummary(outcome: PipelineOutcome): Promise<void> {
  const summary =
    Buffer.byteLength(outcome.markdown) <= SUMMARY_LIMIT_BYTES
      ? outcome.markdown
      : renderMarkdown(outcome.comparison, {
          version: VERSION,
          maxLength: SUMMARY_LIMIT_BYTES,
          measure: (text) => Buffer.byteLength(text),
        })
  await core.summary.addRaw(summary).write()
}

/**
 * The HTML report, charts and all, kept with the run as an artifact, where the comment's link leads.
 * An upload that fails is a warning, never a failed step.
 */
async function keepHtmlReport(suite: string, htmlPath: string): Promise<void> {
  const name = `bench-action-report-${suite}`
  try {
    await uploadArtifact(name, { 'report.html': await readFile(htmlPath, 'utf8') })
    core.setOutput(OUTPUT.reportArtifact, name)
  } catch (error) {
    core.warning(`could not upload the HTML report as an artifact: ${(error as Error)?.message ?? error}`)
  }
}

/**
 * A run that saved its results reads the suite's whole history on its branch back from the store: the
 * change points go to the job summary, the trend site to RUNNER_TEMP (the `history-path` output, for
 * actions/upload-pages-artifact) and to an artifact. Never fails the step: what goes wrong is a warning.
 */
async function keepHistory(
  inputs: ActionInputs,
  outcome: PipelineOutcome,
  store: OpenStore | undefined,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (!outcome.savedPath) {
    logText(
      'history: this run saved no results (runs are saved on pushes to the save-on branches), so the history is not read',
    )
    return
  }
  if (inputs.baselineStore === 'cache' && store) {
    core.warning(
      'history: true reads every stored run, which the Actions cache cannot list: use baseline-store: git (a data branch) for a history',
    )
    return
  }
  const suite = outcome.config.suite
  try {
    const source = store ?? new DirStore(path.resolve(inputs.workingDirectory, inputs.storeDir))
    const histories = await readHistories({
      store: source,
      branch: outcome.results.commit.branch ?? NO_BRANCH,
      suites: [suite],
      countCommits: (previous, to) => commitsInRange(inputs.workingDirectory, previous, to),
      log: (line) => logText(line),
    })
    const siteUrl = outcome.config.trends
    logText(renderHistoryTerminal(histories))
    if (env.GITHUB_STEP_SUMMARY)
      await core.summary.addRaw(renderHistoryMarkdown(histories, siteUrl ? { siteUrl } : {})).write()
    const outDir = path.join(env.RUNNER_TEMP || os.tmpdir(), 'bench-action', 'history')
    await rm(outDir, { recursive: true, force: true })
    const files = await writeSite(outDir, histories, { version: VERSION, now: new Date() })
    core.setOutput(OUTPUT.historyPath, outDir)
    if (env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL) {
      const name = `bench-action-history-${suite}`
      const { DefaultArtifactClient } = await import('@actions/artifact')
      await new DefaultArtifactClient().uploadArtifact(name, files, outDir, { retentionDays: 30 })
      core.setOutput(OUTPUT.historyArtifact, name)
    }
  } catch (error) {
    core.warning(`could not read the history of ${suite}: ${(error as Error)?.message ?? error}`)
  }
}

/** The pull-request comment, unless the inputs turn it off or there is no token to post it with. */
async function comment(
  inputs: ActionInputs,
  context: GitHubContext | undefined,
  client: Client,
  outcome: PipelineOutcome,
): Promise<void> {
  if (!context || inputs.comment === 'never') return
  if (!inputs.githubToken) logText('no github-token: the comment is not posted')
  else await publish(context, client, inputs.comment, outcome)
}

/** The step fails on a regression, on benchmarks that could not be measured, or on a missing baseline it requires. */
function failOnVerdict(inputs: ActionInputs, outcome: PipelineOutcome): void {
  const reason = failureMessage(outcome.comparison)
  if (inputs.requireBaseline && !outcome.comparison.baseline) {
    core.setFailed(
      `No baseline to compare with (require-baseline is set): ${outcome.comparison.noBaselineReason}`,
    )
  } else if (outcome.exitCode === 1) core.setFailed(`Performance regression: ${reason}`)
  else if (outcome.exitCode === 3) core.setFailed(`Benchmarks could not be measured: ${reason}`)
}

/** The one failed-step message: what the user can fix, as it is; anything else as a bug, its stack in the debug log. */
function failWith(err: unknown): void {
  if (err instanceof ConfigError) {
    core.setFailed(`Invalid bench-action configuration: ${err.message}`)
  } else if (err instanceof SetupError) {
    core.setFailed(`bench-action could not set up its tools: ${err.message}`)
  } else if (isUserError(err)) {
    core.setFailed(`bench-action: ${err.message}`)
  } else {
    core.debug((err as Error)?.stack ?? String(err))
    core.setFailed(
      `bench-action failed unexpectedly (this is a bug; please report it): ${(err as Error)?.message ?? err}`,
    )
  }
}

/** Posts the comment; whatever happens, the job's result is still its verdict. */
async function publish(
  context: GitHubContext,
  client: Client,
  mode: CommentMode,
  run: Pick<PipelineOutcome, 'comparison' | 'results' | 'compareOptions'>,
): Promise<void> {
  try {
    const outcome = await publishComment({
      version: VERSION,
      octokit: client(),
      context,
      comparison: run.comparison,
      results: run.results,
      compareOptions: run.compareOptions,
      mode,
      log: (l) => logText(l),
      warn: (l) => core.warning(l),
      uploadArtifact,
    })
    if (outcome.status === 'skipped') logText(`comment not posted: ${outcome.reason}`)
    if (outcome.status === 'unchanged') logText(`comment unchanged: ${outcome.url}`)
    if (outcome.status === 'deferred') core.setOutput(OUTPUT.commentArtifact, outcome.artifact)
  } catch (error) {
    core.warning(
      `could not post the benchmark comment (${runUrl(context) ?? 'this run'}): ${(error as Error)?.message ?? error}`,
    )
  }
}

/** Saves files as an artifact of this workflow run through the Actions results service. */
async function uploadArtifact(name: string, files: Record<string, string>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-artifact-'))
  try {
    const paths: string[] = []
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(dir, file)
      await writeFile(full, text)
      paths.push(full)
    }
    const { DefaultArtifactClient } = await import('@actions/artifact')
    await new DefaultArtifactClient().uploadArtifact(name, paths, dir, { retentionDays: 7 })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** What the `baseline` input asks of a run (or, without the measuring, of a merge). */
function baselineOptions(
  baseline: string | undefined,
  measuring: boolean,
): { auto?: true; against?: { mergeBase: true }; baseline?: string } {
  if (baseline === undefined || baseline === AUTO) return { auto: true }
  if (baseline === STORE) return {}
  if (baseline === SAME_JOB) return measuring ? { against: { mergeBase: true } } : {}
  return { baseline }
}

/**
 * The store the inputs ask for, and whether this run saves to it: the cache and git stores keep the
 * pushes to the branches in save-on (the default branch unless set); pull requests only read them.
 * Without an Actions cache service (a run outside GitHub, or GHES without one) the cache store falls
 * back to store-dir, with a warning. The git store reads and pushes in the workspace's repository, with
 * the credentials actions/checkout left there.
 */
export function baselineStore(
  inputs: Pick<
    ActionInputs,
    'baselineStore' | 'baselineBranch' | 'saveOn' | 'retain' | 'save' | 'workingDirectory'
  >,
  env: NodeJS.ProcessEnv,
  context: GitHubContext | undefined,
  warn: (message: string) => void = (message) => core.warning(message),
): { store?: OpenStore; save: boolean } {
  if (inputs.baselineStore === 'dir') return { save: inputs.save }
  const defaultBranch = context?.event.repository?.default_branch
  const saveOn = inputs.saveOn ?? (typeof defaultBranch === 'string' ? [defaultBranch] : [])
  const pushed = env.GITHUB_EVENT_NAME === 'push' && saveOn.includes(env.GITHUB_REF_NAME ?? '')
  let store: OpenStore
  try {
    store = openStore({
      kind: inputs.baselineStore,
      cwd: inputs.workingDirectory,
      env,
      log: (line: string) => logText(line),
      remote: 'origin',
      branch: inputs.baselineBranch,
      ...(inputs.retain !== undefined ? { retain: inputs.retain } : {}),
    })
  } catch (error) {
    if (!(error instanceof StoreUnavailableError) || error.kind !== 'cache') throw error
    warn(
      'baseline-store: cache needs the Actions cache service, which this job does not have; using store-dir',
    )
    return { save: inputs.save }
  }
  return { store, save: inputs.save && pushed }
}
