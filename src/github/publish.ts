// Publishing a comparison to a pull request, in one of two modes.
//
// run:  the job that measured posts the sticky comment itself. When its token cannot write — a pull
//       request from a fork gets a read-only token — the comment and the results are saved as an
//       artifact instead, with a warning, and the job still passes on its verdict alone.
// post: a second workflow, triggered by `workflow_run` with a token that can write, downloads that
//       artifact from the run that measured and posts the comment. It never checks out or runs the
//       pull request's code; it only checks that the comment belongs to the pull request whose head
//       was measured.
import type { Comparison } from '../compare.ts'
import { markerFor } from '../report/escape.ts'
import { COMMENT_LIMIT, renderMarkdown } from '../report/markdown.ts'
import type { ResultSet } from '../results.ts'
import { type GitHub, statusOf } from './client.ts'
import { upsertStickyComment } from './comment.ts'
import { readZip } from './zip.ts'

export type CommentMode = 'always' | 'on-regression' | 'never'
export const COMMENT_MODES: readonly CommentMode[] = ['always', 'on-regression', 'never']

/** Artifacts holding a comment to post later are named with this prefix and the suite. */
export const COMMENT_ARTIFACT_PREFIX = 'bench-action-comment-'
const COMMENT_FILE = 'comment.json'
const RESULTS_FILE = 'results.json'

export interface GitHubContext {
  eventName: string
  // biome-ignore lint/suspicious/noExplicitAny: webhook payloads are read field by field, with checks
  event: Record<string, any>
  owner: string
  repo: string
  serverUrl: string
  runId?: string
}

/** What the runner tells a job about itself, or undefined outside GitHub Actions. */
export function readGitHubContext(
  env: NodeJS.ProcessEnv,
  readFile: (file: string) => string,
): GitHubContext | undefined {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  if (!owner || !repo || !env.GITHUB_EVENT_NAME) return undefined
  let event: Record<string, unknown> = {}
  if (env.GITHUB_EVENT_PATH) {
    try {
      event = JSON.parse(readFile(env.GITHUB_EVENT_PATH)) as Record<string, unknown>
    } catch {
      event = {}
    }
  }
  return {
    eventName: env.GITHUB_EVENT_NAME,
    event,
    owner,
    repo,
    serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID,
  }
}

/** The run's page, where the job summary holds the full report. */
export function runUrl(context: GitHubContext): string | undefined {
  return context.runId
    ? `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}`
    : undefined
}

/** The pull request a run measured, when it measured one. */
export function pullRequestNumber(context: GitHubContext): number | undefined {
  const number = context.event.pull_request?.number
  return Number.isSafeInteger(number) && number > 0 ? number : undefined
}

/** The comment saved by a run that could not post it, for `mode: post` to post. */
export interface DeferredComment {
  owner: string
  repo: string
  issueNumber: number
  /** The commit the results are for: the pull request's head when it was measured. */
  headSha?: string
  marker: string
  body: string
  updateOnly: boolean
}

export type PublishOutcome =
  | { status: 'created' | 'updated' | 'unchanged'; url: string }
  | { status: 'skipped'; reason: string }
  | { status: 'deferred'; artifact: string; reason: string }
  | { status: 'not-posted'; reason: string }

export interface PublishOptions {
  octokit: GitHub
  context: GitHubContext
  comparison: Comparison
  results: ResultSet
  mode: CommentMode
  now?: Date
  version?: string
  log: (line: string) => void
  warn: (line: string) => void
  /** Saves files as a workflow artifact of this run. */
  uploadArtifact: (name: string, files: Record<string, string>) => Promise<void>
}

/** Posts, updates or defers the sticky comment; never throws for anything GitHub answers. */
export async function publishComment(o: PublishOptions): Promise<PublishOutcome> {
  if (o.mode === 'never') return { status: 'skipped', reason: 'comment: never' }
  const issueNumber = pullRequestNumber(o.context)
  if (issueNumber === undefined) {
    return { status: 'skipped', reason: `a ${o.context.eventName} event has no pull request to comment on` }
  }
  const marker = markerFor(o.comparison.suite)
  const body = renderMarkdown(o.comparison, {
    now: o.now,
    version: o.version,
    maxLength: COMMENT_LIMIT,
    fullReportUrl: runUrl(o.context),
  })
  // on-regression: say nothing on a passing run, but never leave an earlier red verdict standing.
  const updateOnly = o.mode === 'on-regression' && o.comparison.verdict === 'pass'
  const target = { owner: o.context.owner, repo: o.context.repo, issueNumber }
  try {
    const outcome = await upsertStickyComment(o.octokit, { ...target, marker, body, updateOnly, log: o.log })
    if (outcome.action === 'skipped') return { status: 'skipped', reason: outcome.reason }
    o.log(`comment ${outcome.action}: ${outcome.url}`)
    return { status: outcome.action, url: outcome.url }
  } catch (error) {
    const status = statusOf(error)
    const answer = `GitHub answered ${status ?? 'with an error'}: ${firstLine(error)}`
    if (status !== 403 && status !== 404) {
      o.warn(`could not post the benchmark comment on #${issueNumber}: ${answer}`)
      return { status: 'not-posted', reason: answer }
    }
    const artifact = `${COMMENT_ARTIFACT_PREFIX}${o.comparison.suite}`
    o.warn(
      `cannot comment on pull request #${issueNumber} (${answer}). The token needs "pull-requests: write" ` +
        '(or "issues: write"); a pull request from a fork always gets a read-only token. The comment is ' +
        `saved as the artifact ${artifact}, for a workflow_run workflow with "mode: post" to post ` +
        '(see examples/workflows/ in bench-action).',
    )
    const deferred: DeferredComment = {
      ...target,
      headSha: o.context.event.pull_request?.head?.sha,
      marker,
      body,
      updateOnly,
    }
    try {
      await o.uploadArtifact(artifact, {
        [COMMENT_FILE]: `${JSON.stringify(deferred, null, 2)}\n`,
        [RESULTS_FILE]: `${JSON.stringify(o.results, null, 2)}\n`,
      })
    } catch (uploadError) {
      o.warn(`could not save the comment as an artifact either: ${firstLine(uploadError)}`)
      return { status: 'not-posted', reason: answer }
    }
    return { status: 'deferred', artifact, reason: answer }
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!
}

export class DeferredCommentError extends Error {
  override name = 'DeferredCommentError'
}

/** Checks a deferred comment read from an artifact, which the measured pull request's code wrote. */
export function parseDeferredComment(text: string): DeferredComment {
  let value: Partial<DeferredComment>
  try {
    value = JSON.parse(text) as Partial<DeferredComment>
  } catch {
    throw new DeferredCommentError(`${COMMENT_FILE} is not JSON`)
  }
  const marker = typeof value.marker === 'string' ? value.marker : ''
  if (!/^<!-- bench-action:[A-Za-z0-9._-]+ -->$/.test(marker)) {
    throw new DeferredCommentError(`${COMMENT_FILE} has no valid marker`)
  }
  if (typeof value.body !== 'string' || !value.body.startsWith(`${marker}\n`)) {
    throw new DeferredCommentError(`${COMMENT_FILE}: the body must start with its marker`)
  }
  if (value.body.length > COMMENT_LIMIT)
    throw new DeferredCommentError(`${COMMENT_FILE}: the body is too long`)
  if (!Number.isSafeInteger(value.issueNumber) || (value.issueNumber as number) <= 0) {
    throw new DeferredCommentError(`${COMMENT_FILE} names no pull request`)
  }
  return {
    owner: String(value.owner ?? ''),
    repo: String(value.repo ?? ''),
    issueNumber: value.issueNumber as number,
    headSha: typeof value.headSha === 'string' ? value.headSha : undefined,
    marker,
    body: value.body,
    updateOnly: value.updateOnly === true,
  }
}

export interface PostOptions {
  octokit: GitHub
  context: GitHubContext
  log: (line: string) => void
  warn: (line: string) => void
}

/**
 * `mode: post`: posts every comment the triggering run deferred. A comment is posted only on the pull
 * request whose head commit that run measured, in this repository.
 */
export async function postDeferredComments(o: PostOptions): Promise<PublishOutcome[]> {
  const run = o.context.event.workflow_run
  if (!run || !Number.isSafeInteger(run.id)) {
    throw new DeferredCommentError(
      `mode: post runs in a workflow triggered by workflow_run; this is a ${o.context.eventName} event`,
    )
  }
  const repo = { owner: o.context.owner, repo: o.context.repo }
  const artifacts = (await o.octokit.paginate('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', {
    ...repo,
    run_id: run.id,
    per_page: 100,
  })) as Array<{ id: number; name: string; expired?: boolean }>
  const ours = artifacts.filter((a) => a.name.startsWith(COMMENT_ARTIFACT_PREFIX) && !a.expired)
  if (ours.length === 0) {
    o.log(`run ${run.id} left no comment to post (it posted itself, or measured no pull request)`)
    return []
  }
  const outcomes: PublishOutcome[] = []
  for (const artifact of ours) {
    const { data } = await o.octokit.request(
      'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}',
      {
        ...repo,
        artifact_id: artifact.id,
        archive_format: 'zip',
      },
    )
    const files = readZip(Buffer.from(data as ArrayBuffer))
    const text = files.get(COMMENT_FILE)
    if (text === undefined)
      throw new DeferredCommentError(`the artifact ${artifact.name} has no ${COMMENT_FILE}`)
    const comment = parseDeferredComment(text.toString('utf8'))
    if (comment.owner !== repo.owner || comment.repo !== repo.repo) {
      throw new DeferredCommentError(
        `the artifact ${artifact.name} is for ${comment.owner}/${comment.repo}, not this repository`,
      )
    }
    // The pull request must be the one whose head the run measured, so a run cannot comment elsewhere.
    const { data: pull } = await o.octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...repo,
      pull_number: comment.issueNumber,
    })
    if (pull.head.sha !== run.head_sha) {
      throw new DeferredCommentError(
        `pull request #${comment.issueNumber} is at ${pull.head.sha.slice(0, 7)}, but run ${run.id} measured ${String(run.head_sha).slice(0, 7)}`,
      )
    }
    try {
      const outcome = await upsertStickyComment(o.octokit, { ...comment, ...repo, log: o.log })
      if (outcome.action === 'skipped') outcomes.push({ status: 'skipped', reason: outcome.reason })
      else {
        o.log(`comment ${outcome.action}: ${outcome.url}`)
        outcomes.push({ status: outcome.action, url: outcome.url })
      }
    } catch (error) {
      const answer = `GitHub answered ${statusOf(error) ?? 'with an error'}: ${firstLine(error)}`
      o.warn(`could not post the benchmark comment on #${comment.issueNumber}: ${answer}`)
      outcomes.push({ status: 'not-posted', reason: answer })
    }
  }
  return outcomes
}
