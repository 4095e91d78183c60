// Whose comment the sticky comment is, and which one when there are several: the identity comes from
// `GET /user` (a personal token's user; the Actions bot when the token may not ask), the comment is the
// oldest by creation time whatever order the list arrives in, and `updateOnly` never creates one.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { Octokit } from '@octokit/core'
import { paginateRest } from '@octokit/plugin-paginate-rest'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import type { GitHub as Client } from '../../../src/github/client.ts'
import {
  ACTIONS_BOT,
  commenterLogin,
  findStickyComment,
  upsertStickyComment,
} from '../../../src/github/comment.ts'
import { markerFor } from '../../../src/report/escape.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'

const GitHub = Octokit.plugin(paginateRest, retry, throttling)
const PR = 7

const servers: GitHubServer[] = []
after(async () => {
  for (const s of servers) await s.close()
})

async function server(viewer: string | null = null): Promise<GitHubServer> {
  const s = await startGitHubServer({ token: 'test-token', viewer })
  servers.push(s)
  return s
}

/** Octokit as the action builds it, without write spacing and without retrying failed requests. */
function client(s: GitHubServer): Client {
  return new GitHub({
    auth: 'test-token',
    baseUrl: s.url,
    throttle: { enabled: false },
    retry: { enabled: false },
  }) as unknown as Client
}

const whoAsked = (s: GitHubServer) =>
  s.requests.filter((r) => r.operationId === 'users/get-authenticated').length

test('a personal token comments as its own user, named by GET /user', async () => {
  const s = await server('octocat')
  assert.equal(await commenterLogin(client(s)), 'octocat')
  assert.equal(whoAsked(s), 1)
})

test('an installation token, refused GET /user with 403, comments as the Actions bot', async () => {
  const s = await server(null)
  assert.equal(await commenterLogin(client(s)), ACTIONS_BOT)
})

for (const status of [401, 404]) {
  test(`GET /user answered ${status} means the Actions bot, not a failure`, async () => {
    const s = await server('octocat')
    s.failNext({ method: 'GET', pathPattern: '/user', status })
    assert.equal(await commenterLogin(client(s)), ACTIONS_BOT)
  })
}

test('any other failure of GET /user is not taken for the Actions bot: it fails the comment', async () => {
  const s = await server('octocat')
  s.failNext({ method: 'GET', pathPattern: '/user', status: 500 })
  await assert.rejects(commenterLogin(client(s)), (error: unknown) => {
    assert.equal((error as { status?: number }).status, 500)
    return true
  })
})

test('with a personal token, the user’s comment is updated and the bot’s with the same marker is not', async () => {
  const s = await server('octocat')
  const marker = markerFor('identity')
  const bot = s.addComment(PR, { body: `${marker}\nby the bot`, login: ACTIONS_BOT })
  const mine = s.addComment(PR, { body: `${marker}\nby octocat`, login: 'octocat' })
  const outcome = await upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker,
    body: `${marker}\nnew report`,
  })
  assert.deepEqual(outcome, { action: 'updated', id: mine.id, url: mine.html_url })
  const byId = new Map(s.comments(PR).map((c) => [c.id, c.body]))
  assert.equal(byId.get(bot.id), `${marker}\nby the bot`)
  assert.equal(byId.get(mine.id), `${marker}\nnew report`)
  assert.deepEqual(s.violations, [])
})

test('another app’s bot starting a comment with our marker is not us: ours is created beside it, theirs untouched', async () => {
  // The token is an installation token (GET /user refused): we are github-actions[bot]; the other
  // comment is by a different app, also a bot.
  const s = await server(null)
  const marker = markerFor('apps')
  const other = s.addComment(PR, { body: `${marker}\nquoted by another app`, login: 'renovate[bot]' })
  assert.equal(other.user.type, 'Bot')
  const outcome = await upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker,
    body: `${marker}\nour report`,
  })
  assert.equal(outcome.action, 'created')
  const comments = s.comments(PR)
  assert.deepEqual(
    comments.map((c) => [c.user.login, c.body]),
    [
      ['renovate[bot]', `${marker}\nquoted by another app`],
      [ACTIONS_BOT, `${marker}\nour report`],
    ],
  )
  assert.equal(outcome.action === 'created' && outcome.id, comments[1]!.id)
  assert.deepEqual(s.violations, [])
})

test('with updateOnly, another app’s bot comment with our marker is no earlier comment of ours: skipped', async () => {
  const s = await server(null)
  const marker = markerFor('apps-quiet')
  s.addComment(PR, { body: `${marker}\nby dependabot`, login: 'dependabot[bot]' })
  const outcome = await upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker,
    body: `${marker}\nall fine`,
    updateOnly: true,
  })
  assert.deepEqual(outcome, {
    action: 'skipped',
    reason: 'no earlier comment to update, and nothing to report',
  })
  assert.deepEqual(
    s.comments(PR).map((c) => c.body),
    [`${marker}\nby dependabot`],
  )
  assert.equal(s.requests.filter((r) => r.method === 'PATCH' || r.method === 'POST').length, 0)
})

test('with updateOnly and no earlier comment, nothing is created', async () => {
  const s = await server()
  const marker = markerFor('quiet')
  const outcome = await upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker,
    body: `${marker}\nall fine`,
    updateOnly: true,
  })
  assert.deepEqual(outcome, {
    action: 'skipped',
    reason: 'no earlier comment to update, and nothing to report',
  })
  assert.deepEqual(s.comments(PR), [])
  assert.equal(s.requests.filter((r) => r.method === 'POST').length, 0)
})

test('with updateOnly, an earlier comment is still updated', async () => {
  const s = await server()
  const marker = markerFor('quiet')
  const earlier = s.addComment(PR, { body: `${marker}\nregressed`, login: ACTIONS_BOT })
  const outcome = await upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker,
    body: `${marker}\nall fine now`,
    updateOnly: true,
  })
  assert.deepEqual(outcome, { action: 'updated', id: earlier.id, url: earlier.html_url })
  assert.equal(s.comments(PR)[0]!.body, `${marker}\nall fine now`)
})

test('a marker line with trailing spaces is still the marker', async () => {
  const s = await server()
  const marker = markerFor('spaces')
  const earlier = s.addComment(PR, { body: `${marker}   \nold`, login: ACTIONS_BOT })
  const outcome = await upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker,
    body: `${marker}\nnew`,
  })
  assert.equal(outcome.action, 'updated')
  assert.equal(outcome.action === 'updated' && outcome.id, earlier.id)
  assert.equal(s.comments(PR).length, 1)
})

// The choice among several of our comments, given the list as GitHub might page it.

interface Listed {
  id: number
  body: string
  html_url: string
  user: { login: string } | null
  created_at?: string
}

/** A client whose comment list is `comments`, in that order. */
function listing(comments: Listed[]): Client {
  return { paginate: async () => comments } as unknown as Client
}

const MARKER = markerFor('order')
const ref = { owner: 'o', repo: 'r', issueNumber: PR }
const ours = (id: number, createdAt?: string): Listed => ({
  id,
  body: `${MARKER}\n${id}`,
  html_url: `https://github.com/o/r/pull/7#issuecomment-${id}`,
  user: { login: ACTIONS_BOT },
  ...(createdAt === undefined ? {} : { created_at: createdAt }),
})

test('of several of our comments, the earliest created is chosen even when listed last', async () => {
  const found = await findStickyComment(
    listing([
      ours(30, '2026-03-03T00:00:00Z'),
      ours(20, '2026-02-02T00:00:00Z'),
      ours(10, '2026-01-01T00:00:00Z'),
    ]),
    ref,
    MARKER,
    ACTIONS_BOT,
  )
  assert.equal(found?.id, 10)
})

test('creation time, not id, decides which of our comments is the oldest', async () => {
  // Ids need not follow creation order (a comment moved in from another issue keeps its id).
  const found = await findStickyComment(
    listing([
      ours(5, '2026-05-05T00:00:00Z'),
      ours(9, '2026-01-01T00:00:00Z'),
      ours(7, '2026-03-03T00:00:00Z'),
    ]),
    ref,
    MARKER,
    ACTIONS_BOT,
  )
  assert.equal(found?.id, 9)
})

test('comments created in the same second: the lowest id is the oldest', async () => {
  const at = '2026-01-01T00:00:00Z'
  const found = await findStickyComment(
    listing([ours(12, at), ours(11, at), ours(13, at)]),
    ref,
    MARKER,
    ACTIONS_BOT,
  )
  assert.equal(found?.id, 11)
  const first = await findStickyComment(listing([ours(11, at), ours(12, at)]), ref, MARKER, ACTIONS_BOT)
  assert.equal(first?.id, 11)
})

test('a comment whose author was deleted (no user) is nobody’s and is passed over', async () => {
  const ghost: Listed = { ...ours(1, '2025-01-01T00:00:00Z'), user: null }
  const found = await findStickyComment(
    listing([ghost, ours(2, '2026-01-01T00:00:00Z')]),
    ref,
    MARKER,
    ACTIONS_BOT,
  )
  assert.equal(found?.id, 2)
})

test('another app’s bot comment with our marker, older than ours, is passed over: ours is found', async () => {
  // Oldest first would pick it, were every bot's comment taken for ours.
  const theirs: Listed = { ...ours(1, '2025-01-01T00:00:00Z'), user: { login: 'renovate[bot]' } }
  const found = await findStickyComment(
    listing([theirs, ours(2, '2026-01-01T00:00:00Z')]),
    ref,
    MARKER,
    ACTIONS_BOT,
  )
  assert.equal(found?.id, 2)
  // With only theirs, there is none of ours.
  assert.equal(await findStickyComment(listing([theirs]), ref, MARKER, ACTIONS_BOT), undefined)
})
