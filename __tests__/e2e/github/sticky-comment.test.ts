// Which comment is a suite's sticky comment (docs/ARCHITECTURE.md#the-sticky-comment): ours (the token's identity), with the suite's
// marker as its first line, the oldest when there are several. Driven through the real Octokit against
// the GitHub stand-in, which also checks every body posted as a report GitHub would render safely.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { Octokit } from '@octokit/core'
import { paginateRest } from '@octokit/plugin-paginate-rest'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { compareResults } from '../../../src/compare/index.ts'
import { ACTIONS_BOT, upsertStickyComment } from '../../../src/github/comment.ts'
import { markerFor } from '../../../src/report/escape.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { resultSetOf } from '../../support/helpers.ts'

const GitHub = Octokit.plugin(paginateRest, retry, throttling)
const PR = 12

const servers: GitHubServer[] = []
after(async () => {
  for (const s of servers) await s.close()
})

async function server(viewer: string | null = null): Promise<GitHubServer> {
  const s = await startGitHubServer({ token: 'test-token', viewer })
  servers.push(s)
  return s
}

/** Octokit as the action builds it, without the one-second spacing of writes. */
function client(s: GitHubServer) {
  return new GitHub({ auth: 'test-token', baseUrl: s.url, throttle: { enabled: false } })
}

/** A suite's real report: one benchmark per name, measured once, no baseline. */
function report(suite: string, names: string[]): string {
  const benchmarks: BenchmarkResult[] = names.map((name, i) => ({
    id: `b${i}`,
    name,
    kind: 'process',
    parameters: {},
    status: 'ok',
    metrics: { wall: { unit: 'ns', direction: 'lower', samples: [1000, 1100, 1050] } },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
  }))
  const head = resultSetOf(
    suite,
    { sha: 'a'.repeat(40), branch: 'feature' },
    '2026-01-01T00:00:00Z',
    benchmarks,
  )
  return renderMarkdown(compareResults(head, { noBaselineReason: 'the first run' }), {
    now: new Date('2026-01-01T00:01:00Z'),
  })
}

async function upsert(s: GitHubServer, suite: string, body: string) {
  return upsertStickyComment(client(s), {
    owner: s.owner,
    repo: s.repo,
    issueNumber: PR,
    marker: markerFor(suite),
    body,
  })
}

test('suite A’s comment naming a benchmark after suite B’s marker is not B’s comment', async () => {
  const s = await server()
  const a = report('a', [markerFor('b'), 'plain'])
  assert.ok(a.includes(markerFor('b')), 'A’s report quotes B’s marker')
  const first = await upsert(s, 'a', a)
  assert.equal(first.action, 'created')

  const b = report('b', ['other'])
  const second = await upsert(s, 'b', b)
  assert.equal(second.action, 'created', 'B starts its own comment')
  const comments = s.comments(PR)
  assert.equal(comments.length, 2)
  assert.equal(comments[0]!.body, a, 'A’s comment is untouched')
  assert.equal(comments[1]!.body, b)

  // Each suite then finds its own again.
  assert.equal((await upsert(s, 'b', report('b', ['other', 'more']))).action, 'updated')
  assert.equal((await upsert(s, 'a', a)).action, 'unchanged')
  assert.equal(s.comments(PR)[0]!.body, a)
  assert.deepEqual(s.violations, [])
})

test('a personal access token finds its user’s comment, not the Actions bot’s', async () => {
  const s = await server('someone')
  const marker = markerFor('pat')
  const bot = s.addComment(PR, { body: `${marker}\nthe bot's`, login: ACTIONS_BOT })
  const theirs = s.addComment(PR, { body: `${marker}\nsomeone's`, login: 'someone' })
  const body = report('pat', ['t'])
  const outcome = await upsert(s, 'pat', body)
  assert.equal(outcome.action, 'updated')
  assert.equal(outcome.action === 'updated' && outcome.id, theirs.id)
  const comments = s.comments(PR)
  assert.equal(comments.find((c) => c.id === bot.id)!.body, `${marker}\nthe bot's`, 'the bot’s is untouched')
  assert.equal(comments.find((c) => c.id === theirs.id)!.body, body)
  assert.equal(
    s.requests.filter((r) => r.operationId === 'users/get-authenticated').length,
    1,
    'asked who the token is',
  )
  assert.deepEqual(s.violations, [])
})

test('of two of our comments with the marker, the oldest is updated; line endings do not matter', async () => {
  const s = await server()
  const marker = markerFor('twice')
  // Edited in GitHub's web editor, a body's lines end in CRLF.
  const oldest = s.addComment(PR, { body: `${marker}\r\nfirst`, login: ACTIONS_BOT })
  s.addComment(PR, { body: 'an unrelated comment', login: 'someone' })
  const newer = s.addComment(PR, { body: `${marker}\nsecond`, login: ACTIONS_BOT })
  const body = report('twice', ['t'])
  const outcome = await upsert(s, 'twice', body)
  assert.equal(outcome.action, 'updated')
  assert.equal(outcome.action === 'updated' && outcome.id, oldest.id)
  const comments = s.comments(PR)
  assert.equal(comments.find((c) => c.id === oldest.id)!.body, body)
  assert.equal(comments.find((c) => c.id === newer.id)!.body, `${marker}\nsecond`, 'the newer is untouched')
  assert.deepEqual(s.violations, [])
})

test('our own comment with the marker anywhere but its first line is not the sticky comment', async () => {
  const s = await server()
  const marker = markerFor('later')
  const quoting = s.addComment(PR, { body: `see below\n\n${marker}\n`, login: ACTIONS_BOT })
  const outcome = await upsert(s, 'later', report('later', ['t']))
  assert.equal(outcome.action, 'created')
  assert.equal(s.comments(PR).find((c) => c.id === quoting.id)!.body, `see below\n\n${marker}\n`)
  // And a body whose first line is not its marker is refused before anything is asked.
  const requests = s.requests.length
  await assert.rejects(upsert(s, 'later', `text\n${marker}\n`), /does not start with its marker/)
  assert.equal(s.requests.length, requests)
  assert.deepEqual(s.violations, [])
})

test('another app’s bot comment that starts with our marker is not ours, even when it is the oldest', async () => {
  // We comment as github-actions[bot] (an installation token); codecov[bot] is a bot too, but not us.
  const s = await server()
  const marker = markerFor('bots')
  const theirs = s.addComment(PR, { body: `${marker}\ncopied by another app`, login: 'codecov[bot]' })
  const first = await upsert(s, 'bots', report('bots', ['t']))
  assert.equal(first.action, 'created', 'ours is created beside theirs')
  const second = report('bots', ['t', 'u'])
  const again = await upsert(s, 'bots', second)
  assert.equal(again.action, 'updated')
  const firstId = first.action === 'created' ? first.id : undefined
  assert.equal(again.action === 'updated' && again.id, firstId)
  const comments = s.comments(PR)
  assert.equal(comments.length, 2)
  assert.equal(comments.find((c) => c.id === theirs.id)!.body, `${marker}\ncopied by another app`)
  assert.equal(comments.find((c) => c.id !== theirs.id)!.user.login, ACTIONS_BOT)
  assert.equal(comments.find((c) => c.id !== theirs.id)!.body, second)
  assert.deepEqual(s.violations, [])
})
