// A pull request's label that accepts its regressions (the `accept-label` input, bench-accept by
// default). On a pull request, the label in the event's payload accepts every regression of the run,
// by whoever added it; on a push to a branch, the label of the pull request that push merged does, so
// the run after the merge passes and saves the accepted numbers as the new baseline. Only people with
// triage rights can set labels; who did is asked of the issue's events, and when GitHub will not say (a
// fork's read-only token) the regressions are still accepted, by someone unknown, with a warning.
import type { AcceptRule } from '../accept.ts'
import { type GitHub, statusOf } from './client.ts'
import type { GitHubContext } from './context.ts'

export const DEFAULT_ACCEPT_LABEL = 'bench-accept'

export interface LabelOptions {
  /** The GitHub client; none when the run has no token to ask with. */
  octokit?: GitHub
  context: GitHubContext
  /** The label's name; compared as GitHub compares label names, without regard to case. */
  label: string
  log: (line: string) => void
  warn: (line: string) => void
}

interface LabelLike {
  name?: unknown
}

function hasLabel(labels: unknown, name: string): boolean {
  if (!Array.isArray(labels)) return false
  return labels.some(
    (l: LabelLike) => typeof l?.name === 'string' && l.name.toLowerCase() === name.toLowerCase(),
  )
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!
}

/** A pull request's number, when it is a positive whole number. */
function pullNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/**
 * Who last added the label to an issue or pull request: the newest `labeled` event with its name, over
 * every page of the issue's events. Undefined, with a warning, when GitHub would not say.
 */
export async function labelledBy(
  o: Pick<LabelOptions, 'octokit' | 'context' | 'label' | 'warn'>,
  issueNumber: number,
): Promise<string | undefined> {
  if (!o.octokit) {
    o.warn(
      `the label "${o.label}" accepts the regressions of #${issueNumber}; without a github-token who added it is unknown`,
    )
    return undefined
  }
  try {
    const events = (await o.octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/events', {
      owner: o.context.owner,
      repo: o.context.repo,
      issue_number: issueNumber,
      per_page: 100,
    })) as Array<{
      event?: unknown
      label?: LabelLike
      actor?: { login?: unknown } | null
      created_at?: unknown
    }>
    let newest: { login?: string; at: string } | undefined
    for (const e of events) {
      if (e.event !== 'labeled' || !hasLabel([e.label], o.label)) continue
      const at = typeof e.created_at === 'string' ? e.created_at : ''
      // Oldest first as GitHub lists them; the later of equal times is the later event.
      if (newest === undefined || at >= newest.at) {
        const login = e.actor?.login
        newest = { at, ...(typeof login === 'string' && login !== '' ? { login } : {}) }
      }
    }
    return newest?.login
  } catch (error) {
    const status = statusOf(error)
    o.warn(
      `the label "${o.label}" accepts the regressions of #${issueNumber}, but GitHub would not say who added it (${status ?? 'an error'}: ${firstLine(error)}); accepted, by someone unknown`,
    )
    return undefined
  }
}

/** The rule of a label on a pull request: every regression, for the reason that it carries the label. */
function labelRule(reason: string, by: string | undefined): AcceptRule {
  return { benchmark: '*', reason, ...(by !== undefined ? { by } : {}), source: 'label' }
}

/** The rule of a pull request that carries the label. */
export function pullRequestLabelRule(label: string, number: number, by: string | undefined): AcceptRule {
  return labelRule(`pull request #${number} has the label "${label}"`, by)
}

/**
 * The rule the label gives this run: on a pull request that carries it, and on a push that merged a
 * pull request that carried it; undefined otherwise.
 */
export async function labelAcceptance(o: LabelOptions): Promise<AcceptRule | undefined> {
  const { eventName, event } = o.context
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const number = pullNumber(event.pull_request?.number)
    if (number === undefined || !hasLabel(event.pull_request?.labels, o.label)) return undefined
    const by = await labelledBy(o, number)
    o.log(`pull request #${number} has the label "${o.label}": its regressions are accepted`)
    return pullRequestLabelRule(o.label, number, by)
  }
  if (eventName !== 'push') return undefined
  const ref = typeof event.ref === 'string' ? event.ref : ''
  const sha = typeof event.after === 'string' ? event.after : ''
  if (!ref.startsWith('refs/heads/') || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) return undefined
  if (!o.octokit) {
    o.log(
      `no github-token: the pull request merged by ${sha.slice(0, 7)} is not looked up for the label "${o.label}"`,
    )
    return undefined
  }
  const branch = ref.slice('refs/heads/'.length)
  let pulls: Array<{ number?: unknown; merged_at?: unknown; labels?: unknown; base?: { ref?: unknown } }>
  try {
    pulls = (await o.octokit.paginate('GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls', {
      owner: o.context.owner,
      repo: o.context.repo,
      commit_sha: sha,
      per_page: 100,
    })) as typeof pulls
  } catch (error) {
    o.warn(
      `could not ask GitHub which pull request ${sha.slice(0, 7)} merged (${statusOf(error) ?? 'an error'}: ${firstLine(error)}), so its label "${o.label}" is not known`,
    )
    return undefined
  }
  const merged = pulls.find(
    (p) =>
      pullNumber(p.number) !== undefined &&
      typeof p.merged_at === 'string' &&
      p.base?.ref === branch &&
      hasLabel(p.labels, o.label),
  )
  if (!merged) return undefined
  const number = merged.number as number
  const by = await labelledBy(o, number)
  o.log(
    `${sha.slice(0, 7)} merged pull request #${number}, which has the label "${o.label}": its regressions are accepted`,
  )
  return labelRule(`merged pull request #${number} has the label "${o.label}"`, by)
}
