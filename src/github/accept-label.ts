// A pull request's label that accepts its regressions (the `accept-label` input, bench-accept by
// default). A label is a person's word about one version of the code, so it accepts only:
//   - the head commit that was there when it was last added: a later push needs it added again (the
//     head reached the repository when GitHub first ran a workflow for it; the label must be newer);
//   - when whoever added it may accept: write permission on the repository or more, or a login the
//     `accept-by` input names. Triage rights (enough to set labels) are not enough.
// On a push to a branch, the label of the pull request that push merged counts the same way, for the
// pull request's last head: the run after the merge passes and saves the accepted numbers. Where
// GitHub will not say who added the label, when, or with what permission, the label does not count,
// and the report says why.

import type { LabelDecision } from '../accept.ts'
import { isObjectId } from '../system/git.ts'
import { type GitHub, statusOf } from './client.ts'
import type { GitHubContext } from './context.ts'

export const DEFAULT_ACCEPT_LABEL = 'bench-accept'

export interface LabelOptions {
  /** The GitHub client; none when the run has no token to ask with. */
  octokit?: GitHub
  context: GitHubContext
  /** The label's name; compared as GitHub compares label names, without regard to case. */
  label: string
  /** Logins whose label counts whatever their permission on the repository (the accept-by input). */
  acceptBy?: readonly string[]
  log: (line: string) => void
  warn: (line: string) => void
}

export type { LabelDecision }

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

function failure(error: unknown): string {
  return `${statusOf(error) ?? 'an error'}: ${firstLine(error)}`
}

/** A pull request's number, when it is a positive whole number. */
function pullNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

const short = (sha: string) => sha.slice(0, 7)

/** When and by whom a label was last added. */
export interface LabelGiven {
  login?: string
  /** ISO timestamp of the newest `labeled` event with the label's name. */
  at: string
}

/**
 * Who last added the label to an issue or pull request, and when: the newest `labeled` event with its
 * name, over every page of the issue's events. An Error when GitHub would not say; undefined when no
 * event names it.
 */
export async function labelGiven(
  o: Pick<LabelOptions, 'octokit' | 'context' | 'label'>,
  issueNumber: number,
): Promise<LabelGiven | undefined | Error> {
  if (!o.octokit) return new Error('there is no github-token to ask GitHub with')
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
    let newest: LabelGiven | undefined
    for (const e of events) {
      if (e.event !== 'labeled' || !hasLabel([e.label], o.label)) continue
      const at = typeof e.created_at === 'string' ? e.created_at : ''
      // Oldest first as GitHub lists them; the later of equal times is the later event.
      if (newest === undefined || at >= newest.at) {
        const login = e.actor?.login
        newest = { at, ...(typeof login === 'string' && login !== '' ? { login } : {}) }
      }
    }
    return newest
  } catch (error) {
    return new Error(failure(error))
  }
}

/** Repository roles that may accept a regression: write or more. */
const MAY_ACCEPT = new Set(['admin', 'maintain', 'write'])

/** Why `login` may not accept, or undefined when they may: write permission or more, or accept-by. */
async function refusal(o: LabelOptions, login: string): Promise<string | undefined> {
  if (o.acceptBy?.some((l) => l.toLowerCase() === login.toLowerCase())) return undefined
  if (!o.octokit) return 'cannot be checked without a github-token'
  try {
    const { data } = (await o.octokit.request(
      'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
      {
        owner: o.context.owner,
        repo: o.context.repo,
        username: login,
      },
    )) as { data: { permission?: unknown; role_name?: unknown } }
    const roles = [data.role_name, data.permission].filter((r): r is string => typeof r === 'string')
    if (roles.some((r) => MAY_ACCEPT.has(r))) return undefined
    return `has ${roles[0] ?? 'no'} permission on the repository; accepting needs write or more, or the accept-by input`
  } catch (error) {
    return `has a permission GitHub would not tell (${failure(error)}); accepting needs write or more, or the accept-by input`
  }
}

/** When a commit reached the repository: the earliest workflow run GitHub made for it. */
async function firstRunFor(o: LabelOptions, sha: string): Promise<string | undefined | Error> {
  if (!o.octokit) return new Error('there is no github-token to ask GitHub with')
  try {
    const runs = (await o.octokit.paginate('GET /repos/{owner}/{repo}/actions/runs', {
      owner: o.context.owner,
      repo: o.context.repo,
      head_sha: sha,
      per_page: 100,
    })) as Array<{ created_at?: unknown }>
    const times = runs.map((r) => r.created_at).filter((t): t is string => typeof t === 'string')
    return times.length === 0 ? undefined : times.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a))
  } catch (error) {
    return new Error(failure(error))
  }
}

/**
 * What the label on pull request `number` decides for its head `headSha`. `justAdded`: this run is the
 * label's own `labeled` event, for this head, so it was added while the head was there.
 */
export async function labelForHead(
  o: LabelOptions,
  number: number,
  headSha: string,
  justAdded = false,
): Promise<LabelDecision> {
  const on = `the label "${o.label}" on #${number}`
  const given = await labelGiven(o, number)
  if (given instanceof Error)
    return { refused: `${on} does not count: GitHub would not say who added it (${given.message})` }
  if (given === undefined || given.login === undefined)
    return { refused: `${on} does not count: GitHub names no one who added it` }
  const by = `@${given.login}`
  if (!justAdded) {
    const first = await firstRunFor(o, headSha)
    if (first instanceof Error || first === undefined)
      return {
        refused: `${on} does not count: GitHub would not say when ${short(headSha)} was pushed${first instanceof Error ? ` (${first.message})` : ''}, so whether ${by} added it for this commit is unknown`,
      }
    if (!(Date.parse(given.at) > Date.parse(first)))
      return {
        refused: `${on} was added by ${by} at ${given.at}, before ${short(headSha)} was pushed (${first}): it accepted an earlier commit, and counts again only when added again`,
      }
  }
  const why = await refusal(o, given.login)
  if (why !== undefined) return { refused: `${on} was added by ${by}, who ${why}: the regressions count` }
  return {
    rule: {
      benchmark: '*',
      reason: `pull request #${number} has the label "${o.label}", added for ${short(headSha)}`,
      by: given.login,
      source: 'label',
    },
  }
}

/**
 * What the label decides for this run: on a pull request that carries it, for its head; on a push
 * that merged a pull request that carried it, for that pull request's last head. Nothing when there
 * is no label to decide about.
 */
export async function labelAcceptance(o: LabelOptions): Promise<LabelDecision> {
  const { eventName, event } = o.context
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const number = pullNumber(event.pull_request?.number)
    const head = event.pull_request?.head?.sha
    if (number === undefined || !hasLabel(event.pull_request?.labels, o.label)) return {}
    if (!isObjectId(head))
      return {
        refused: `the label "${o.label}" on #${number} does not count: the event names no head commit`,
      }
    const justAdded = event.action === 'labeled' && hasLabel([event.label], o.label)
    const decision = await labelForHead(o, number, head, justAdded)
    if (decision.rule)
      o.log(`pull request #${number} has the label "${o.label}": its regressions are accepted`)
    else o.warn(decision.refused!)
    return decision
  }
  if (eventName !== 'push') return {}
  const ref = typeof event.ref === 'string' ? event.ref : ''
  const sha = typeof event.after === 'string' ? event.after : ''
  if (!ref.startsWith('refs/heads/') || !isObjectId(sha)) return {}
  if (!o.octokit) {
    o.log(
      `no github-token: the pull request merged by ${short(sha)} is not looked up for the label "${o.label}"`,
    )
    return {}
  }
  const branch = ref.slice('refs/heads/'.length)
  let pulls: Array<{
    number?: unknown
    merged_at?: unknown
    labels?: unknown
    base?: { ref?: unknown }
    head?: { sha?: unknown }
  }>
  try {
    pulls = (await o.octokit.paginate('GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls', {
      owner: o.context.owner,
      repo: o.context.repo,
      commit_sha: sha,
      per_page: 100,
    })) as typeof pulls
  } catch (error) {
    o.warn(
      `could not ask GitHub which pull request ${short(sha)} merged (${failure(error)}), so its label "${o.label}" is not known`,
    )
    return {}
  }
  const merged = pulls.find(
    (p) =>
      pullNumber(p.number) !== undefined &&
      typeof p.merged_at === 'string' &&
      p.base?.ref === branch &&
      hasLabel(p.labels, o.label),
  )
  if (!merged) return {}
  const number = merged.number as number
  const head = isObjectId(merged.head?.sha) ? merged.head.sha : undefined
  if (head === undefined)
    return { refused: `the label "${o.label}" on #${number} does not count: GitHub names no last head of it` }
  const decision = await labelForHead(o, number, head)
  if (decision.rule) {
    o.log(
      `${short(sha)} merged pull request #${number}, which has the label "${o.label}": its regressions are accepted`,
    )
    return {
      rule: {
        ...decision.rule,
        reason: `merged pull request #${number} has the label "${o.label}", added for ${short(head)}`,
      },
    }
  }
  o.warn(decision.refused!)
  return decision
}
