// A pull request's label that accepts its regressions, decided against a stand-in for GitHub's REST
// API that answers only what the decision asks: the issue's events (who added the label, when), the
// workflow runs of a head (when it reached the repository), a login's permission, and the pull
// requests a pushed commit merged. Each answer is fixed here, or a refusal with its HTTP status.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  DEFAULT_ACCEPT_LABEL,
  type LabelOptions,
  labelAcceptance,
  labelForHead,
  labelGiven,
} from '../../src/github/accept-label.ts'
import type { GitHub } from '../../src/github/client.ts'
import type { GitHubContext } from '../../src/github/context.ts'

const PR = 7
const HEAD = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed'
const LABEL = 'bench-accept'
/** The head's first workflow run; labels below are added before or after it. */
const PUSHED = '2026-03-01T10:00:00Z'
const BEFORE = '2026-03-01T09:59:59Z'
const AFTER = '2026-03-01T10:00:01Z'

const EVENTS = 'GET /repos/{owner}/{repo}/issues/{issue_number}/events'
const RUNS = 'GET /repos/{owner}/{repo}/actions/runs'
const PERMISSION = 'GET /repos/{owner}/{repo}/collaborators/{username}/permission'
const PULLS = 'GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls'

/** An error as Octokit throws it: an HTTP status and a message. */
function refusal(status: number, message: string): Error {
  return Object.assign(new Error(message), { status })
}

type Answer = unknown[] | Error | (() => never)

interface Answers {
  /** The events of each issue, by number. */
  events?: Record<number, Answer>
  /** The workflow runs of each head, by sha; none when absent. */
  runs?: Record<string, Answer>
  /** Each login's permission answer; a 404 when absent. */
  permissions?: Record<string, Record<string, unknown> | Error>
  /** The pull requests of each commit, by sha; none when absent. */
  pulls?: Record<string, Answer>
}

interface Call {
  route: string
  params: Record<string, unknown>
}

/** A stand-in GitHub client: the REST calls the label's decision makes, answered as given. */
function gitHub(answers: Answers): { octokit: GitHub; calls: Call[] } {
  const calls: Call[] = []
  const check = (route: string, params: Record<string, unknown>) => {
    calls.push({ route, params })
    if (params.owner !== 'acme' || params.repo !== 'app') throw refusal(404, 'Not Found')
  }
  const answer = (a: Answer | undefined): unknown[] => {
    if (a === undefined) return []
    if (typeof a === 'function') return a()
    if (a instanceof Error) throw a
    return a
  }
  const octokit = {
    paginate: async (route: string, params: Record<string, unknown>) => {
      check(route, params)
      if (route === EVENTS) {
        if (answers.events?.[params.issue_number as number] === undefined) throw refusal(404, 'Not Found')
        return answer(answers.events[params.issue_number as number])
      }
      if (route === RUNS) return answer(answers.runs?.[params.head_sha as string])
      if (route === PULLS) return answer(answers.pulls?.[params.commit_sha as string])
      throw new Error(`no such route: ${route}`)
    },
    request: async (route: string, params: Record<string, unknown>) => {
      check(route, params)
      if (route !== PERMISSION) throw new Error(`no such route: ${route}`)
      const data = answers.permissions?.[params.username as string]
      if (data === undefined) throw refusal(404, 'Not Found')
      if (data instanceof Error) throw data
      return { data }
    },
  }
  return { octokit: octokit as unknown as GitHub, calls }
}

function labeled(name: string, login: string | null | undefined, at: unknown, event = 'labeled') {
  return {
    event,
    label: { name, color: 'ededed' },
    ...(login === undefined ? {} : { actor: login === null ? null : { login } }),
    created_at: at,
  }
}

const context = (eventName: string, event: Record<string, unknown>): GitHubContext => ({
  eventName,
  event,
  owner: 'acme',
  repo: 'app',
  serverUrl: 'https://github.com',
})

const PR_CONTEXT = context('pull_request', {})

interface Logged {
  logs: string[]
  warnings: string[]
}

function options(octokit: GitHub | undefined, extra: Partial<LabelOptions> = {}): LabelOptions & Logged {
  const logs: string[] = []
  const warnings: string[] = []
  return {
    ...(octokit ? { octokit } : {}),
    context: PR_CONTEXT,
    label: LABEL,
    log: (line) => logs.push(line),
    warn: (line) => warnings.push(line),
    logs,
    warnings,
    ...extra,
  }
}

/** GitHub as a pull request labelled for its head by `login` sees it, with these permissions. */
function labelledBy(login: string, permissions: Answers['permissions'], at = AFTER) {
  return gitHub({
    events: { [PR]: [labeled(LABEL, login, at)] },
    runs: { [HEAD]: [{ created_at: PUSHED }] },
    permissions,
  })
}

const RULE = {
  benchmark: '*',
  reason: 'pull request #7 has the label "bench-accept", added for 5eed5ee',
  by: 'maintainer',
  source: 'label',
}

test('the label is bench-accept unless the accept-label input names another', () => {
  assert.equal(DEFAULT_ACCEPT_LABEL, 'bench-accept')
})

describe('who last added the label, and when', () => {
  test('the newest labeled event with its name, without regard to case, asked of the issue’s events', async () => {
    const { octokit, calls } = gitHub({
      events: {
        [PR]: [
          labeled(LABEL, 'first', '2026-03-01T08:00:00Z'),
          labeled('BENCH-ACCEPT', 'second', '2026-03-01T09:00:00Z'),
          labeled('bug', 'third', '2026-03-01T11:00:00Z'),
          labeled(LABEL, 'remover', '2026-03-01T12:00:00Z', 'unlabeled'),
          { event: 'commented', actor: { login: 'talker' }, created_at: '2026-03-01T13:00:00Z' },
        ],
      },
    })
    assert.deepEqual(await labelGiven({ octokit, context: PR_CONTEXT, label: LABEL }, PR), {
      at: '2026-03-01T09:00:00Z',
      login: 'second',
    })
    assert.deepEqual(calls, [
      { route: EVENTS, params: { owner: 'acme', repo: 'app', issue_number: PR, per_page: 100 } },
    ])
  })

  test('newest by time whatever the order of the list; of equal times, the later listed', async () => {
    const { octokit } = gitHub({
      events: {
        [PR]: [
          labeled(LABEL, 'late', '2026-03-01T12:00:00Z'),
          labeled(LABEL, 'early', '2026-03-01T08:00:00Z'),
          labeled(LABEL, 'tied', '2026-03-01T12:00:00Z'),
        ],
        8: [
          labeled(LABEL, 'only', '2026-03-01T08:00:00Z'),
          labeled(LABEL, 'earlier', '2026-02-01T08:00:00Z'),
        ],
      },
    })
    const o = { octokit, context: PR_CONTEXT, label: 'Bench-Accept' }
    assert.deepEqual(await labelGiven(o, PR), { at: '2026-03-01T12:00:00Z', login: 'tied' })
    assert.deepEqual(await labelGiven(o, 8), { at: '2026-03-01T08:00:00Z', login: 'only' })
  })

  test('no event with its name: undefined; an event without a time or an actor: no time, no login', async () => {
    const { octokit } = gitHub({
      events: {
        1: [labeled('bug', 'x', AFTER), { event: 'labeled', actor: { login: 'y' }, created_at: AFTER }],
        2: [labeled(LABEL, null, 7)],
        3: [labeled(LABEL, '', AFTER)],
        4: [labeled(LABEL, undefined, undefined)],
        5: [{ event: 'labeled', label: { name: LABEL }, actor: { login: 42 }, created_at: AFTER }],
        6: [],
      },
    })
    const o = { octokit, context: PR_CONTEXT, label: LABEL }
    assert.equal(await labelGiven(o, 1), undefined)
    assert.deepEqual(await labelGiven(o, 2), { at: '' })
    assert.deepEqual(await labelGiven(o, 3), { at: AFTER })
    assert.deepEqual(await labelGiven(o, 4), { at: '' })
    assert.deepEqual(await labelGiven(o, 5), { at: AFTER })
    assert.equal(await labelGiven(o, 6), undefined)
  })

  test('GitHub refusing, or no client: an Error saying why, with the status and first line', async () => {
    const { octokit } = gitHub({
      events: {
        1: refusal(403, 'Resource not accessible by integration\nhttps://docs.github.com/rest'),
        2: new Error('socket hang up'),
        3: () => {
          throw 'reset by peer'
        },
        4: () => {
          throw undefined
        },
      },
    })
    const message = async (n: number, client: { octokit?: GitHub } = { octokit }) => {
      const given = await labelGiven({ ...client, context: PR_CONTEXT, label: LABEL }, n)
      assert.ok(given instanceof Error)
      return given.message
    }
    assert.equal(await message(1), '403: Resource not accessible by integration')
    assert.equal(await message(2), 'an error: socket hang up')
    assert.equal(await message(3), 'an error: reset by peer')
    assert.equal(await message(4), 'an error: undefined')
    assert.equal(await message(9), '404: Not Found')
    assert.equal(await message(1, {}), 'there is no github-token to ask GitHub with')
  })
})

describe('the label for one head', () => {
  test('added after the head’s first workflow run by someone with write permission: its regressions are accepted', async () => {
    const { octokit, calls } = labelledBy('maintainer', { maintainer: { permission: 'write' } })
    const o = options(octokit)
    assert.deepEqual(await labelForHead(o, PR, HEAD), { rule: RULE })
    assert.deepEqual(calls, [
      { route: EVENTS, params: { owner: 'acme', repo: 'app', issue_number: PR, per_page: 100 } },
      { route: RUNS, params: { owner: 'acme', repo: 'app', head_sha: HEAD, per_page: 100 } },
      { route: PERMISSION, params: { owner: 'acme', repo: 'app', username: 'maintainer' } },
    ])
    assert.deepEqual([o.logs, o.warnings], [[], []])
  })

  test('added before the head was pushed, or at the same moment: it accepted an earlier commit', async () => {
    for (const at of [BEFORE, PUSHED]) {
      const { octokit, calls } = labelledBy('maintainer', { maintainer: { permission: 'write' } }, at)
      assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), {
        refused: `the label "bench-accept" on #7 was added by @maintainer at ${at}, before 5eed5ee was pushed (2026-03-01T10:00:00Z): it accepted an earlier commit, and counts again only when added again`,
      })
      assert.deepEqual(
        calls.map((c) => c.route),
        [EVENTS, RUNS],
        'no permission asked for a label that does not count',
      )
    }
  })

  test('the head’s first run is the earliest GitHub lists, whatever the order', async () => {
    const { octokit } = gitHub({
      events: { [PR]: [labeled(LABEL, 'maintainer', '2026-03-01T10:30:00Z')] },
      runs: {
        [HEAD]: [
          { created_at: '2026-03-01T11:00:00Z' },
          { created_at: null },
          { created_at: '2026-03-01T10:00:00+00:00' },
          { created_at: '2026-03-01T10:00:00Z' },
          { created_at: '2026-03-01T12:00:00Z' },
        ],
      },
      permissions: { maintainer: { permission: 'write' } },
    })
    // The label is newer than the first run, not than the later ones: it counts.
    assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), { rule: RULE })
    const late = gitHub({
      events: { [PR]: [labeled(LABEL, 'maintainer', '2026-03-01T09:00:00Z')] },
      runs: {
        [HEAD]: [
          { created_at: '2026-03-01T11:00:00Z' },
          { created_at: '2026-03-01T10:00:00+00:00' },
          { created_at: '2026-03-01T10:00:00Z' },
        ],
      },
    })
    // Of two runs at the same moment, the first listed is named.
    assert.deepEqual(await labelForHead(options(late.octokit), PR, HEAD), {
      refused:
        'the label "bench-accept" on #7 was added by @maintainer at 2026-03-01T09:00:00Z, before 5eed5ee was pushed (2026-03-01T10:00:00+00:00): it accepted an earlier commit, and counts again only when added again',
    })
  })

  test('the run of its own labeled event: no question when the head was pushed', async () => {
    const { octokit, calls } = gitHub({
      events: { [PR]: [labeled(LABEL, 'maintainer', BEFORE)] },
      runs: { [HEAD]: [{ created_at: PUSHED }] },
      permissions: { maintainer: { permission: 'write' } },
    })
    assert.deepEqual(await labelForHead(options(octokit), PR, HEAD, true), { rule: RULE })
    assert.deepEqual(
      calls.map((c) => c.route),
      [EVENTS, PERMISSION],
    )
  })

  test('GitHub not saying when the head was pushed: the label does not count, with the reason', async () => {
    const cases: Array<[Answer | undefined, string]> = [
      [
        undefined,
        'the label "bench-accept" on #7 does not count: GitHub would not say when 5eed5ee was pushed, so whether @maintainer added it for this commit is unknown',
      ],
      [
        [{ created_at: null }, {}],
        'the label "bench-accept" on #7 does not count: GitHub would not say when 5eed5ee was pushed, so whether @maintainer added it for this commit is unknown',
      ],
      [
        refusal(500, 'Server Error\nretried 3 times'),
        'the label "bench-accept" on #7 does not count: GitHub would not say when 5eed5ee was pushed (500: Server Error), so whether @maintainer added it for this commit is unknown',
      ],
      [
        refusal(403, 'Resource not accessible by integration'),
        'the label "bench-accept" on #7 does not count: GitHub would not say when 5eed5ee was pushed (403: Resource not accessible by integration), so whether @maintainer added it for this commit is unknown',
      ],
    ]
    for (const [runs, refused] of cases) {
      const { octokit } = gitHub({
        events: { [PR]: [labeled(LABEL, 'maintainer', AFTER)] },
        runs: runs === undefined ? {} : { [HEAD]: runs },
        permissions: { maintainer: { permission: 'write' } },
      })
      assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), { refused })
    }
  })

  test('GitHub not saying who added it, or naming no one: the label does not count', async () => {
    const { octokit } = gitHub({
      events: {
        [PR]: refusal(403, 'Resource not accessible by integration\nhttps://docs.github.com/rest'),
        8: [labeled('bug', 'maintainer', AFTER)],
        9: [labeled(LABEL, null, AFTER)],
      },
      runs: { [HEAD]: [{ created_at: PUSHED }] },
    })
    assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), {
      refused:
        'the label "bench-accept" on #7 does not count: GitHub would not say who added it (403: Resource not accessible by integration)',
    })
    assert.deepEqual(await labelForHead(options(octokit), 8, HEAD), {
      refused: 'the label "bench-accept" on #8 does not count: GitHub names no one who added it',
    })
    assert.deepEqual(await labelForHead(options(octokit), 9, HEAD, true), {
      refused: 'the label "bench-accept" on #9 does not count: GitHub names no one who added it',
    })
    assert.deepEqual(await labelForHead(options(undefined), PR, HEAD, true), {
      refused:
        'the label "bench-accept" on #7 does not count: GitHub would not say who added it (there is no github-token to ask GitHub with)',
    })
  })

  test('write, maintain or admin may accept, by the role or the permission GitHub names', async () => {
    const answers: Array<Record<string, unknown>> = [
      { permission: 'write' },
      { permission: 'admin' },
      { role_name: 'write' },
      { role_name: 'maintain' },
      { role_name: 'admin' },
      { role_name: 'maintain', permission: 'write' },
      { role_name: 'release-manager', permission: 'write' },
    ]
    for (const answer of answers) {
      const { octokit } = labelledBy('maintainer', { maintainer: answer })
      assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), { rule: RULE }, JSON.stringify(answer))
    }
  })

  test('triage or read may not: the label does not count, naming who added it and the permission', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ role_name: 'triage', permission: 'read' }, 'triage'],
      [{ permission: 'read' }, 'read'],
      [{ role_name: 7, permission: 'none' }, 'none'],
      [{ role_name: 'Write' }, 'Write'],
      [{}, 'no'],
    ]
    for (const [answer, permission] of cases) {
      const { octokit } = labelledBy('triager', { triager: answer })
      assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), {
        refused: `the label "bench-accept" on #7 was added by @triager, who has ${permission} permission on the repository; accepting needs write or more, or the accept-by input: the regressions count`,
      })
    }
  })

  test('GitHub not saying the permission: the label does not count, with the status', async () => {
    for (const [answer, why] of [
      [
        refusal(403, 'Resource not accessible by integration\nmore'),
        '403: Resource not accessible by integration',
      ],
      [undefined, '404: Not Found'],
      [new Error('socket hang up'), 'an error: socket hang up'],
    ] as const) {
      const { octokit } = labelledBy('someone', answer ? { someone: answer } : {})
      assert.deepEqual(await labelForHead(options(octokit), PR, HEAD), {
        refused: `the label "bench-accept" on #7 was added by @someone, who has a permission GitHub would not tell (${why}); accepting needs write or more, or the accept-by input: the regressions count`,
      })
    }
  })

  test('a login the accept-by input names counts whatever its permission, without regard to case', async () => {
    const { octokit, calls } = labelledBy('Labeller[bot]', { 'Labeller[bot]': { permission: 'read' } })
    const o = options(octokit, { acceptBy: ['someone', 'labeller[BOT]'] })
    assert.deepEqual(await labelForHead(o, PR, HEAD), { rule: { ...RULE, by: 'Labeller[bot]' } })
    assert.deepEqual(
      calls.map((c) => c.route),
      [EVENTS, RUNS],
      'no permission asked',
    )
    // Named or not, the label must be newer than the head.
    const old = labelledBy('labeller[bot]', {}, BEFORE)
    assert.match(
      (await labelForHead(options(old.octokit, { acceptBy: ['labeller[bot]'] }), PR, HEAD)).refused!,
      /^the label "bench-accept" on #7 was added by @labeller\[bot\] at 2026-03-01T09:59:59Z, before 5eed5ee was pushed/,
    )
    // Not named: its permission decides.
    const other = labelledBy('triager', { triager: { permission: 'read' } })
    assert.match(
      (await labelForHead(options(other.octokit, { acceptBy: ['labeller[bot]'] }), PR, HEAD)).refused!,
      /^the label "bench-accept" on #7 was added by @triager, who has read permission/,
    )
    assert.match(
      (await labelForHead(options(other.octokit, { acceptBy: [] }), PR, HEAD)).refused!,
      /who has read permission/,
    )
  })
})

/** A pull_request event of pull request 7, head HEAD, with these labels. */
function pullRequestEvent(
  labels: unknown,
  extra: Record<string, unknown> = {},
  pull: Record<string, unknown> = {},
) {
  return {
    action: 'synchronize',
    number: PR,
    pull_request: { number: PR, head: { sha: HEAD, ref: 'feature' }, labels, ...pull },
    ...extra,
  }
}

describe('the label on a pull request’s event', () => {
  const writer = () => labelledBy('maintainer', { maintainer: { permission: 'write' } })

  test('labelled for its head: accepted, and the log says so', async () => {
    for (const eventName of ['pull_request', 'pull_request_target']) {
      const { octokit } = writer()
      const o = options(octokit, {
        context: context(eventName, pullRequestEvent([{ name: 'bug' }, { name: 'Bench-Accept' }])),
      })
      assert.deepEqual(await labelAcceptance(o), { rule: RULE })
      assert.deepEqual(o.logs, ['pull request #7 has the label "bench-accept": its regressions are accepted'])
      assert.deepEqual(o.warnings, [])
    }
  })

  test('not labelled, or no pull request number: nothing to decide, and GitHub is not asked', async () => {
    const events: Array<Record<string, unknown>> = [
      pullRequestEvent([{ name: 'bug' }]),
      pullRequestEvent([]),
      pullRequestEvent(undefined),
      pullRequestEvent({ name: LABEL }),
      pullRequestEvent([null, { name: 42 }, { name: 'bench-accepted' }]),
      pullRequestEvent([{ name: LABEL }], {}, { number: 0 }),
      pullRequestEvent([{ name: LABEL }], {}, { number: -7 }),
      pullRequestEvent([{ name: LABEL }], {}, { number: 7.5 }),
      pullRequestEvent([{ name: LABEL }], {}, { number: '7' }),
      pullRequestEvent([{ name: LABEL }], {}, { number: 2 ** 53 }),
      {},
    ]
    for (const event of events) {
      const { octokit, calls } = writer()
      const o = options(octokit, { context: context('pull_request', event) })
      assert.deepEqual(await labelAcceptance(o), {}, JSON.stringify(event))
      assert.deepEqual([calls, o.logs, o.warnings], [[], [], []])
    }
  })

  test('labelled among labels GitHub names oddly: still found', async () => {
    const { octokit } = writer()
    const o = options(octokit, {
      context: context('pull_request', pullRequestEvent([null, { name: 42 }, {}, { name: LABEL }])),
    })
    assert.deepEqual(await labelAcceptance(o), { rule: RULE })
  })

  test('an event that names no full head commit: the label does not count', async () => {
    for (const head of [
      undefined,
      { sha: HEAD.slice(0, 39) },
      { sha: `${HEAD}0` },
      { sha: HEAD.toUpperCase() },
      { sha: `x${HEAD.slice(1)}` },
      { sha: `${HEAD.slice(1)}x` },
      // A payload is JSON: a list whose text is a sha is not one.
      { sha: [HEAD] },
    ]) {
      const { octokit, calls } = writer()
      const o = options(octokit, {
        context: context('pull_request', pullRequestEvent([{ name: LABEL }], {}, { head })),
      })
      assert.deepEqual(await labelAcceptance(o), {
        refused: 'the label "bench-accept" on #7 does not count: the event names no head commit',
      })
      assert.deepEqual(calls, [])
    }
  })

  test('a head of 64 digits (a SHA-256 repository) is a full head commit', async () => {
    const head = 'ab'.repeat(32)
    const { octokit } = gitHub({
      events: { [PR]: [labeled(LABEL, 'maintainer', AFTER)] },
      runs: { [head]: [{ created_at: PUSHED }] },
      permissions: { maintainer: { permission: 'write' } },
    })
    const o = options(octokit, {
      context: context('pull_request', pullRequestEvent([{ name: LABEL }], {}, { head: { sha: head } })),
    })
    assert.deepEqual(await labelAcceptance(o), {
      rule: { ...RULE, reason: 'pull request #7 has the label "bench-accept", added for abababa' },
    })
  })

  test('labelled before a later push: warned, and the regressions count', async () => {
    const { octokit } = labelledBy('maintainer', { maintainer: { permission: 'write' } }, BEFORE)
    const o = options(octokit, { context: context('pull_request', pullRequestEvent([{ name: LABEL }])) })
    const refused =
      'the label "bench-accept" on #7 was added by @maintainer at 2026-03-01T09:59:59Z, before 5eed5ee was pushed (2026-03-01T10:00:00Z): it accepted an earlier commit, and counts again only when added again'
    assert.deepEqual(await labelAcceptance(o), { refused })
    assert.deepEqual(o.warnings, [refused])
    assert.deepEqual(o.logs, [])
  })

  test('the label’s own labeled event accepts the head it names, however new that head', async () => {
    const labeledEvent = (name: string) =>
      pullRequestEvent([{ name: LABEL }], { action: 'labeled', label: { name } })
    const { octokit, calls } = labelledBy('maintainer', { maintainer: { permission: 'write' } }, BEFORE)
    const o = options(octokit, { context: context('pull_request', labeledEvent('BENCH-ACCEPT')) })
    assert.deepEqual(await labelAcceptance(o), { rule: RULE })
    assert.ok(!calls.some((c) => c.route === RUNS), 'the head’s runs are not asked')
    // Another label's labeled event, or a later event, says nothing about this label.
    for (const event of [
      labeledEvent('bug'),
      pullRequestEvent([{ name: LABEL }], { label: { name: LABEL } }),
    ]) {
      const later = labelledBy('maintainer', { maintainer: { permission: 'write' } }, BEFORE)
      const refused = await labelAcceptance(
        options(later.octokit, { context: context('pull_request', event) }),
      )
      assert.match(refused.refused!, /before 5eed5ee was pushed/)
    }
  })

  test('labelled without a token: does not count, and the warning says so', async () => {
    const o = options(undefined, { context: context('pull_request', pullRequestEvent([{ name: LABEL }])) })
    const refused =
      'the label "bench-accept" on #7 does not count: GitHub would not say who added it (there is no github-token to ask GitHub with)'
    assert.deepEqual(await labelAcceptance(o), { refused })
    assert.deepEqual(o.warnings, [refused])
  })

  test('events other than a pull request or a push: nothing to decide', async () => {
    for (const eventName of ['workflow_run', 'schedule', 'workflow_dispatch', 'merge_group']) {
      const { octokit, calls } = writer()
      const o = options(octokit, {
        context: context(eventName, {
          ...pullRequestEvent([{ name: LABEL }]),
          ref: 'refs/heads/main',
          after: HEAD,
        }),
      })
      assert.deepEqual(await labelAcceptance(o), {})
      assert.deepEqual([calls, o.logs, o.warnings], [[], [], []])
    }
  })
})

describe('the label on the push that merged a pull request', () => {
  const MERGE = 'f00df00df00df00df00df00df00df00df00df00d'
  const LAST_HEAD = 'b'.repeat(40)
  const merged = (number: unknown, extra: Record<string, unknown> = {}) => ({
    number,
    merged_at: '2026-03-01T12:00:00Z',
    labels: [{ name: 'Bench-Accept' }],
    base: { ref: 'main' },
    head: { sha: LAST_HEAD },
    ...extra,
  })
  const push = (ref = 'refs/heads/main', after: unknown = MERGE) => context('push', { ref, after })
  const MERGED_RULE = {
    benchmark: '*',
    reason: 'merged pull request #12 has the label "bench-accept", added for bbbbbbb',
    by: 'maintainer',
    source: 'label',
  }

  function merging(pulls: Answer, labelAt = AFTER, events: Answers['events'] = {}) {
    return gitHub({
      pulls: { [MERGE]: pulls },
      events: { 12: [labeled(LABEL, 'maintainer', labelAt)], ...events },
      runs: { [LAST_HEAD]: [{ created_at: PUSHED }] },
      permissions: { maintainer: { permission: 'write' } },
    })
  }

  test('labelled for its last head: accepted for that head, and the log names the merge', async () => {
    const { octokit, calls } = merging([merged(12)])
    const o = options(octokit, { context: push() })
    assert.deepEqual(await labelAcceptance(o), { rule: MERGED_RULE })
    assert.deepEqual(o.logs, [
      'f00df00 merged pull request #12, which has the label "bench-accept": its regressions are accepted',
    ])
    assert.deepEqual(o.warnings, [])
    assert.deepEqual(calls, [
      { route: PULLS, params: { owner: 'acme', repo: 'app', commit_sha: MERGE, per_page: 100 } },
      { route: EVENTS, params: { owner: 'acme', repo: 'app', issue_number: 12, per_page: 100 } },
      { route: RUNS, params: { owner: 'acme', repo: 'app', head_sha: LAST_HEAD, per_page: 100 } },
      { route: PERMISSION, params: { owner: 'acme', repo: 'app', username: 'maintainer' } },
    ])
  })

  test('the pull request merged into the pushed branch with the label, passing over the others', async () => {
    const pulls = [
      merged(3, { merged_at: null }),
      merged(4, { base: { ref: 'develop' } }),
      merged(5, { labels: [{ name: 'bug' }] }),
      merged(6, { labels: undefined }),
      merged(0),
      merged('12'),
      merged(7, { base: undefined }),
      merged(12),
      merged(13),
    ]
    const { octokit, calls } = merging(pulls)
    const o = options(octokit, { context: push() })
    assert.deepEqual(await labelAcceptance(o), { rule: MERGED_RULE })
    assert.deepEqual(
      calls.filter((c) => c.route === EVENTS).map((c) => c.params.issue_number),
      [12],
    )
  })

  test('a branch whose name has a slash', async () => {
    const { octokit } = merging([merged(4), merged(12, { base: { ref: 'release/1.x' } })])
    const o = options(octokit, { context: push('refs/heads/release/1.x') })
    assert.deepEqual(await labelAcceptance(o), { rule: MERGED_RULE })
  })

  test('no labelled pull request merged by it: nothing to decide', async () => {
    for (const pulls of [[], [merged(5, { labels: [] })], [merged(3, { merged_at: undefined })]]) {
      const { octokit, calls } = merging(pulls)
      const o = options(octokit, { context: push() })
      assert.deepEqual(await labelAcceptance(o), {})
      assert.deepEqual(
        calls.map((c) => c.route),
        [PULLS],
      )
      assert.deepEqual([o.logs, o.warnings], [[], []])
    }
  })

  test('labelled for an earlier head than the one merged: warned, and the regressions count', async () => {
    const { octokit } = merging([merged(12)], BEFORE)
    const o = options(octokit, { context: push() })
    const refused =
      'the label "bench-accept" on #12 was added by @maintainer at 2026-03-01T09:59:59Z, before bbbbbbb was pushed (2026-03-01T10:00:00Z): it accepted an earlier commit, and counts again only when added again'
    assert.deepEqual(await labelAcceptance(o), { refused })
    assert.deepEqual(o.warnings, [refused])
    assert.deepEqual(o.logs, [])
  })

  test('a merged pull request whose last head GitHub does not name: the label does not count', async () => {
    for (const head of [undefined, {}, { sha: 'bbbbbbb' }, { sha: 42 }]) {
      const { octokit, calls } = merging([merged(12, { head })])
      const o = options(octokit, { context: push() })
      assert.deepEqual(await labelAcceptance(o), {
        refused: 'the label "bench-accept" on #12 does not count: GitHub names no last head of it',
      })
      assert.deepEqual(
        calls.map((c) => c.route),
        [PULLS],
      )
    }
  })

  test('GitHub refusing to say what the push merged: warned, nothing accepted', async () => {
    for (const [error, why] of [
      [
        refusal(403, 'Resource not accessible by integration\nmore'),
        '403: Resource not accessible by integration',
      ],
      [refusal(500, 'Server Error'), '500: Server Error'],
    ] as const) {
      const { octokit } = merging(error)
      const o = options(octokit, { context: push() })
      assert.deepEqual(await labelAcceptance(o), {})
      assert.deepEqual(o.warnings, [
        `could not ask GitHub which pull request f00df00 merged (${why}), so its label "bench-accept" is not known`,
      ])
    }
  })

  test('without a token: the pull request is not looked up, and the log says so', async () => {
    const o = options(undefined, { context: push() })
    assert.deepEqual(await labelAcceptance(o), {})
    assert.deepEqual(o.logs, [
      'no github-token: the pull request merged by f00df00 is not looked up for the label "bench-accept"',
    ])
    assert.deepEqual(o.warnings, [])
  })

  test('a push of a tag, or one that names no full commit: nothing to decide', async () => {
    for (const ctx of [
      push('refs/tags/v1.0'),
      push('main'),
      push('refs/heads/main', MERGE.slice(0, 7)),
      context('push', { ref: 'refs/heads/main' }),
      context('push', { ref: 'refs/heads/main', after: 42 }),
      context('push', { ref: 'refs/heads/main', after: [MERGE] }),
      context('push', { after: MERGE }),
      context('push', { ref: 7, after: MERGE }),
    ]) {
      const { octokit, calls } = merging([merged(12)])
      const o = options(octokit, { context: ctx })
      assert.deepEqual(await labelAcceptance(o), {})
      assert.deepEqual([calls, o.logs, o.warnings], [[], [], []])
    }
  })
})
