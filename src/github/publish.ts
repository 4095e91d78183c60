// Publishing a comparison to a pull request, in one of two modes.
//
// run:  the job that measured posts the sticky comment itself. When its token cannot write — a pull
//       request from a fork gets a read-only token — the comparison's inputs are saved as an artifact
//       instead (deferred.ts), with a warning, and the job still passes on its verdict alone.
// post: a second workflow, triggered by `workflow_run` with a token that can write, downloads that
//       artifact from the run that measured, checks it, compares again and renders the comment itself.
//       It never checks out or runs the pull request's code, and never posts text the artifact
//       supplies; it posts only on the pull request whose head that run measured.
import { type Acceptance, type AcceptEntry, addedEntries, resolveAcceptance, withLabel } from '../accept.ts'
import type { CompareOptions, Comparison } from '../compare/types.ts'
import { markerFor } from '../report/escape.ts'
import { COMMENT_LIMIT, renderMarkdown } from '../report/markdown.ts'
import type { ResultSet } from '../results.ts'
import { labelForHead } from './accept-label.ts'
import { acceptEntriesAt, containsFromApi } from './accept-remote.ts'
import { type GitHub, statusOf } from './client.ts'
import { upsertStickyComment } from './comment.ts'
import { type GitHubContext, pullRequestNumber, runUrl } from './context.ts'
import {
  compareDeferred,
  DEFERRED_FILE,
  DEFERRED_MAX_BYTES,
  DeferredCommentError,
  type DeferredComparison,
  deferredComparison,
  parseDeferredComparison,
  type TrustedAcceptance,
} from './deferred.ts'
import { readZipEntry } from './zip.ts'

export type CommentMode = 'always' | 'on-regression' | 'never'
export const COMMENT_MODES: readonly CommentMode[] = ['always', 'on-regression', 'never']

/** Artifacts holding a comparison to post later are named with this prefix and the suite. */
export const COMMENT_ARTIFACT_PREFIX = 'bench-action-comment-'

export type PublishOutcome =
  | { status: 'created' | 'updated' | 'unchanged'; url: string }
  | { status: 'skipped'; reason: string }
  | { status: 'deferred'; artifact: string; reason: string }
  | { status: 'not-posted'; reason: string }

export interface PublishOptions {
  octokit: GitHub
  context: GitHubContext
  comparison: Comparison
  /** What the comparison was made from: saved, instead of the comment, when it cannot be posted. */
  results: ResultSet
  compareOptions: CompareOptions
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
  const target = { owner: o.context.owner, repo: o.context.repo, issueNumber }
  const { marker, body, updateOnly } = commentFor(o.comparison, o.mode, {
    now: o.now,
    version: o.version,
    fullReportUrl: runUrl(o.context),
  })
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
    const headSha = o.context.event.pull_request?.head?.sha
    if (typeof headSha !== 'string') {
      o.warn('the pull_request event names no head commit: the comparison is not saved for later')
      return { status: 'not-posted', reason: answer }
    }
    const deferred = deferredComparison({
      ...target,
      headSha,
      mode: o.mode,
      head: o.results,
      options: o.compareOptions,
    })
    try {
      await o.uploadArtifact(artifact, { [DEFERRED_FILE]: `${JSON.stringify(deferred)}\n` })
    } catch (uploadError) {
      o.warn(`could not save the comparison as an artifact either: ${firstLine(uploadError)}`)
      return { status: 'not-posted', reason: answer }
    }
    return { status: 'deferred', artifact, reason: answer }
  }
}

/**
 * The acceptances of a deferred comparison, decided here and from GitHub alone: bench.yml's entries
 * at the measured commit (those its base does not have are named as added by the pull request), each
 * side judged against the baseline it is compared with, and the label on the pull request as it is
 * now, for the measured commit, by someone allowed to give it.
 */
async function trustedAcceptance(
  o: PostOptions,
  d: DeferredComparison,
  pull: { labels: ReadonlyArray<{ name?: string }>; base: { sha: string } },
): Promise<TrustedAcceptance> {
  const repo = { owner: o.context.owner, repo: o.context.repo }
  const where = {
    ...(o.workingDirectory !== undefined ? { workingDirectory: o.workingDirectory } : {}),
    ...(o.config !== undefined ? { config: o.config } : {}),
  }
  const head = await acceptEntriesAt(o.octokit, repo, d.headSha, where)
  const notes: string[] = []
  let entries: AcceptEntry[] = []
  if ('error' in head) {
    if (!/^there is no /.test(head.error))
      notes.push(`bench.yml's accept: entries were not read, so none counts: ${head.error}`)
  } else entries = head.entries
  let added: AcceptEntry[] = []
  if (entries.length > 0) {
    const base = await acceptEntriesAt(o.octokit, repo, pull.base.sha, where)
    added = addedEntries(entries, 'error' in base ? [] : base.entries)
  }
  const side = async (baseline: DeferredComparison['baseline']): Promise<Acceptance | undefined> => {
    if (entries.length === 0 && notes.length === 0 && added.length === 0) return undefined
    const resolved = await resolveAcceptance(entries, {
      now: o.now ?? new Date(),
      ...(baseline ? { baseline: { sha: baseline.results.commit.sha } } : {}),
      contains: (commit, ancestor) => containsFromApi(o.octokit, repo, commit, ancestor),
    })
    return { ...resolved, notes: [...notes, ...resolved.notes], ...(added.length > 0 ? { added } : {}) }
  }
  let accept = await side(d.baseline)
  let exact = d.exact ? await side(d.exact.baseline) : undefined
  const label = o.acceptLabel
  if (label !== undefined && pull.labels.some((l) => l.name?.toLowerCase() === label.toLowerCase())) {
    const decision = await labelForHead(
      { octokit: o.octokit, context: o.context, label, acceptBy: o.acceptBy ?? [], log: o.log, warn: o.warn },
      d.issueNumber,
      d.headSha,
    )
    accept = withLabel(accept, decision)
    exact = d.exact ? withLabel(exact, decision) : undefined
  }
  return { ...(accept ? { accept } : {}), ...(exact ? { exact } : {}) }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!
}

/** The comment of a comparison: its marker, its body and whether it may only update an earlier one. */
function commentFor(
  comparison: Comparison,
  mode: 'always' | 'on-regression',
  options: { now?: Date; version?: string; fullReportUrl?: string },
): { marker: string; body: string; updateOnly: boolean } {
  return {
    marker: markerFor(comparison.suite),
    body: renderMarkdown(comparison, { ...options, maxLength: COMMENT_LIMIT }),
    // on-regression: say nothing on a passing run, but never leave an earlier red verdict standing.
    updateOnly: mode === 'on-regression' && comparison.verdict === 'pass',
  }
}

export interface PostOptions {
  octokit: GitHub
  context: GitHubContext
  /**
   * The label that accepts a pull request's regressions, checked on the pull request itself: a rule
   * for it in the artifact counts for nothing.
   */
  acceptLabel?: string
  /** Logins whose label counts whatever their permission (the accept-by input). */
  acceptBy?: readonly string[]
  /** Where bench.yml is in the repository (the config and working-directory inputs). */
  config?: string
  workingDirectory?: string
  now?: Date
  version?: string
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
  })) as Array<{ id: number; name: string; size_in_bytes?: number; expired?: boolean }>
  const ours = artifacts.filter((a) => a.name.startsWith(COMMENT_ARTIFACT_PREFIX) && !a.expired)
  if (ours.length === 0) {
    o.log(`run ${run.id} left no comment to post (it posted itself, or measured no pull request)`)
    return []
  }
  const outcomes: PublishOutcome[] = []
  const suites = new Set<string>()
  // The measured run's page, where its job summary and HTML report are.
  const measuredRun = runUrl({ ...o.context, runId: String(run.id) })
  for (const artifact of ours) {
    const deferred = await readDeferred(o, { id: run.id, head_sha: run.head_sha }, artifact, suites)
    // The pull request must be the one whose head the run measured, so a run cannot comment elsewhere.
    const { data: pull } = await o.octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...repo,
      pull_number: deferred.issueNumber,
    })
    if (pull.head.sha !== run.head_sha) {
      throw new DeferredCommentError(
        `pull request #${deferred.issueNumber} is at ${pull.head.sha.slice(0, 7)}, but run ${run.id} measured ${String(run.head_sha).slice(0, 7)}`,
      )
    }
    const comparison = compareDeferred(deferred, await trustedAcceptance(o, deferred, pull))
    const comment = {
      ...commentFor(comparison, deferred.mode, {
        now: o.now,
        version: o.version,
        fullReportUrl: measuredRun,
      }),
      issueNumber: deferred.issueNumber,
    }
    outcomes.push(await postComment(o, comment))
  }
  return outcomes
}

/**
 * Downloads a comment artifact of the measured run and reads the comparison it defers, checked to be
 * for this repository, the commit the run measured, and the suite its name promises (each once).
 */
async function readDeferred(
  o: PostOptions,
  run: { id: number; head_sha: unknown },
  artifact: { id: number; name: string; size_in_bytes?: number },
  suites: Set<string>,
) {
  const repo = { owner: o.context.owner, repo: o.context.repo }
  const size = Number(artifact.size_in_bytes ?? 0)
  if (size > DEFERRED_MAX_BYTES)
    throw new DeferredCommentError(
      `the artifact ${artifact.name} is ${size} bytes, more than a comparison can be`,
    )
  const { data } = await o.octokit.request(
    'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}',
    {
      ...repo,
      artifact_id: artifact.id,
      archive_format: 'zip',
    },
  )
  const text = readZipEntry(new Uint8Array(data as ArrayBuffer), DEFERRED_FILE, {
    maxBytes: DEFERRED_MAX_BYTES,
    source: `the artifact ${artifact.name}`,
  })
  if (text === undefined)
    throw new DeferredCommentError(`the artifact ${artifact.name} has no ${DEFERRED_FILE}`)
  const deferred = parseDeferredComparison(text.toString('utf8'), `${DEFERRED_FILE} of ${artifact.name}`)
  if (deferred.owner !== repo.owner || deferred.repo !== repo.repo) {
    throw new DeferredCommentError(`the artifact ${artifact.name} is for another repository, not this one`)
  }
  if (deferred.headSha !== run.head_sha) {
    throw new DeferredCommentError(
      `the artifact ${artifact.name} is for commit ${deferred.headSha.slice(0, 7)}, but run ${run.id} measured ${String(run.head_sha).slice(0, 7)}`,
    )
  }
  if (
    `${COMMENT_ARTIFACT_PREFIX}${deferred.head.suite}` !== artifact.name ||
    suites.has(deferred.head.suite)
  ) {
    throw new DeferredCommentError(
      `the artifact ${artifact.name} does not hold the comparison its name promises`,
    )
  }
  suites.add(deferred.head.suite)
  return deferred
}

/** Posts or updates the sticky comment; GitHub refusing it is a warning and a `not-posted` outcome. */
async function postComment(
  o: PostOptions,
  comment: Omit<Parameters<typeof upsertStickyComment>[1], 'owner' | 'repo' | 'log'>,
): Promise<PublishOutcome> {
  const repo = { owner: o.context.owner, repo: o.context.repo }
  try {
    const outcome = await upsertStickyComment(o.octokit, { ...comment, ...repo, log: o.log })
    if (outcome.action === 'skipped') return { status: 'skipped', reason: outcome.reason }
    o.log(`comment ${outcome.action}: ${outcome.url}`)
    return { status: outcome.action, url: outcome.url }
  } catch (error) {
    const answer = `GitHub answered ${statusOf(error) ?? 'with an error'}: ${firstLine(error)}`
    o.warn(`could not post the benchmark comment on #${comment.issueNumber}: ${answer}`)
    return { status: 'not-posted', reason: answer }
  }
}
