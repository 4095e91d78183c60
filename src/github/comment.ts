// The sticky comment: one per suite and pull request. It is found by the hidden marker, the first line
// of its body, among the comments written by our own identity (a comment by anyone else that quotes
// the marker is never touched, and neither is our comment for another suite that quotes it in a
// benchmark's name), on every page; updated in place when the body changed, left alone when it did
// not, created when there is none.
import { type GitHub, statusOf } from './client.ts'

/** The identity GITHUB_TOKEN comments as; `GET /user` is refused to installation tokens. */
export const ACTIONS_BOT = 'github-actions[bot]'

export interface IssueRef {
  owner: string
  repo: string
  issueNumber: number
}

export interface StickyCommentOptions extends IssueRef {
  /** The hidden marker, e.g. `<!-- bench-action:SUITE -->`; the body's first line must be it. */
  marker: string
  body: string
  /** Only update an existing comment, never create one (for `comment: on-regression` on a passing run). */
  updateOnly?: boolean
  log?: (line: string) => void
}

export type StickyCommentOutcome =
  | { action: 'created' | 'updated' | 'unchanged'; id: number; url: string }
  | { action: 'skipped'; reason: string }

interface CommentListItem {
  id: number
  body?: string | null
  html_url: string
  user: { login: string; type?: string } | null
  created_at?: string
}

/** The first line of a comment's body: where the marker is, and the only place it counts. */
function firstLine(body: string | null | undefined): string {
  return (body ?? '').split(/\r?\n/, 1)[0]!.trim()
}

/** Who the token comments as: the user behind a personal token, or the Actions bot. */
export async function commenterLogin(octokit: GitHub): Promise<string> {
  try {
    const { data } = await octokit.request('GET /user')
    return (data as { login: string }).login
  } catch (error) {
    const status = statusOf(error)
    if (status === 403 || status === 401 || status === 404) return ACTIONS_BOT
    throw error
  }
}

/**
 * Our earlier comment on the issue: by our identity, the marker its first line (anywhere else it is
 * text, such as a benchmark named after it); the oldest if several.
 */
export async function findStickyComment(
  octokit: GitHub,
  ref: IssueRef,
  marker: string,
  login: string,
): Promise<CommentListItem | undefined> {
  const comments = (await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: ref.owner,
    repo: ref.repo,
    issue_number: ref.issueNumber,
    per_page: 100,
  })) as CommentListItem[]
  const ours = comments.filter((c) => c.user?.login === login && firstLine(c.body) === marker)
  // Stryker disable next-line StringLiteral: any text that is not a date parses to NaN, as '' does
  const age = (c: CommentListItem) => Date.parse(c.created_at ?? '') || 0
  return ours.reduce<CommentListItem | undefined>(
    (oldest, c) =>
      oldest === undefined || age(c) < age(oldest) || (age(c) === age(oldest) && c.id < oldest.id)
        ? c
        : oldest,
    undefined,
  )
}

export async function upsertStickyComment(
  octokit: GitHub,
  options: StickyCommentOptions,
): Promise<StickyCommentOutcome> {
  if (firstLine(options.body) !== options.marker)
    throw new Error('the comment body does not start with its marker')
  const ref = { owner: options.owner, repo: options.repo }
  const login = await commenterLogin(octokit)
  const existing = await findStickyComment(octokit, options, options.marker, login)
  if (existing) {
    // Stryker disable next-line StringLiteral: a comment found by its marker line always has a body
    if ((existing.body ?? '').trimEnd() === options.body.trimEnd()) {
      return { action: 'unchanged', id: existing.id, url: existing.html_url }
    }
    const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      ...ref,
      comment_id: existing.id,
      body: options.body,
    })
    return { action: 'updated', id: Number(data.id), url: data.html_url }
  }
  if (options.updateOnly)
    return { action: 'skipped', reason: 'no earlier comment to update, and nothing to report' }
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...ref,
    issue_number: options.issueNumber,
    body: options.body,
  })
  return { action: 'created', id: Number(data.id), url: data.html_url }
}
