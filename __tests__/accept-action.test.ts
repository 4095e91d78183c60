// Accepting regressions through the action, end to end: the bundled action (node dist/index.js) run as
// the runner runs it, against the local GitHub (every request checked against GitHub's OpenAPI
// description, every comment rendered by cmark-gfm and checked). A pull request's label accepts its
// regressions, by whoever added it; a fork's token that may not read the events still accepts, by
// someone unknown; the push that merges a labelled pull request passes and saves what it accepted; a
// fork's deferred comparison carries bench.yml's acceptances, and mode: post decides the label itself.
import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parseResultSetText } from '../src/results.ts'
import { type ActionRun, runActionOn } from './action-run.ts'
import * as events from './events.ts'
import { type GitHubServer, startGitHubServer } from './github-server.ts'
import { gitRepo, removeDir, resultSetOf } from './helpers.ts'

const TOKEN = 'ghs_accept-test'
const PR = 7
const HEAD_SHA = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed'
const LABEL = 'bench-accept'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

async function runAction(
  server: GitHubServer,
  workspace: string,
  runId: number,
  eventName: string,
  event: object,
  inputs: Record<string, string> = {},
  headBranch = 'feature',
): Promise<ActionRun> {
  // The runner passes every declared input, defaults included.
  return runActionOn({
    server,
    workspace,
    runId,
    eventName,
    event,
    headSha: HEAD_SHA,
    headBranch,
    inputs: {
      'store-dir': '.bench',
      save: 'true',
      'install-tools': 'false',
      'working-directory': '.',
      'github-token': TOKEN,
      comment: 'always',
      mode: 'run',
      'baseline-store': 'dir',
      baseline: 'base.json',
      'accept-label': LABEL,
      ...inputs,
    },
    dirs,
  })
}

/**
 * A workspace whose one benchmark starts `true`, compared with a results file that says the same
 * benchmark took 1 µs a run: a regression on any machine, and across moments far beyond any drift.
 */
async function workspace(accept = ''): Promise<string> {
  const samples = Array.from({ length: 20 }, (_, i) => 1000 + (i % 5))
  const base = resultSetOf('acc', { sha: '1'.repeat(40), branch: 'main' }, '2026-01-01T00:00:00.000Z', [
    {
      id: 't',
      name: 't',
      kind: 'process',
      parameters: {},
      status: 'ok',
      metrics: { wall: { unit: 'ns', direction: 'lower', samples } },
      gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
      notes: [],
    },
  ])
  const dir = await gitRepo({
    'bench.yml': `suite: acc\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 10, warmup: 1 }\n${accept}`,
    'base.json': JSON.stringify(base),
  })
  dirs.push(dir)
  return dir
}

/** A pull request from branch feature, with these labels. */
function pullRequest(server: GitHubServer, labels: string[], fork = false) {
  const event = events.pullRequestEvent(server, {
    number: PR,
    headSha: HEAD_SHA,
    baseSha: '1'.repeat(40),
    fork,
  })
  const label = (name: string, id: number) => ({
    id,
    name,
    color: 'ededed',
    default: false,
    description: null,
  })
  return { ...event, pull_request: { ...event.pull_request, labels: labels.map(label) } }
}

const warnings = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('::warning'))

describe('the accept-label on a pull request', () => {
  let server: GitHubServer
  let dir: string
  before(async () => {
    dir = await workspace()
    server = await startGitHubServer({ token: TOKEN, viewer: null })
  })
  after(() => server?.close())

  test('unlabelled, the regression fails the step', async () => {
    const run = await runAction(server, dir, 601, 'pull_request', pullRequest(server, ['bug']))
    assert.equal(run.code, 1, run.stdout)
    assert.equal(run.outputs.verdict, 'regression')
    assert.match(run.stdout, /::error::Performance regression: 1 regression: t wall/)
    assert.equal(
      server.requests.filter((r) => r.operationId === 'issues/list-events').length,
      0,
      'no label, no question',
    )
    assert.deepEqual(server.violations, [])
  })

  test('labelled, it is accepted by whoever added the label last, and passes', async () => {
    for (let i = 0; i < 110; i++) server.addLabelEvent(PR, i % 2 ? 'bug' : LABEL, `earlier-${i}`)
    server.addLabelEvent(PR, LABEL, 'maintainer')
    server.addLabelEvent(PR, 'needs-review', 'someone-else')
    const run = await runAction(
      server,
      dir,
      602,
      'pull_request',
      pullRequest(server, ['bug', 'Bench-Accept']),
    )
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.equal(run.outputs.regressions, '0')
    assert.doesNotMatch(run.stdout, /::error::/)
    const pages = server.requests
      .filter((r) => r.operationId === 'issues/list-events')
      .map((r) => r.query.page)
    assert.deepEqual(pages, [undefined, '2'], 'every page of the events')
    const body = server.comments(PR).at(-1)!.body
    assert.match(body, /### ✅ bench-action · acc: no regressions in 1 benchmark \(1 regression accepted\)/)
    assert.match(
      body,
      /#### Accepted regressions\n\n\| Benchmark \| Metric \| Base \| Head \| Change \| Interval \| Accepted by \| Reason \|\n\|---\|---\|---\|---\|---\|---\|---\|---\|\n\| `t` \| wall \(median\) \| [^|]+ \| [^|]+ \| \*\*\+[\d,.]+%\*\* \| [^|]+ \| @\u200bmaintainer, with the label \| pull request \\#7 has the label "bench-accept" \|/,
    )
    const results = parseResultSetText(await readFile(run.outputs['results-path']!, 'utf8'), 'results.json')
    assert.deepEqual(results.accepted, [
      {
        benchmark: 't',
        metric: 'wall',
        reason: 'pull request #7 has the label "bench-accept"',
        by: 'maintainer',
        source: 'label',
      },
    ])
    assert.deepEqual(server.violations, [])
  })

  test('a token that may not read the events still accepts, by someone unknown, with a warning', async () => {
    server.failNext({ pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/events', status: 403 })
    const run = await runAction(server, dir, 603, 'pull_request', pullRequest(server, [LABEL]))
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.deepEqual(warnings(run.stdout), [
      '::warning::the label "bench-accept" accepts the regressions of #7, but GitHub would not say who added it (403: Resource not accessible by integration - https://docs.github.com/rest); accepted, by someone unknown',
    ])
    assert.match(server.comments(PR).at(-1)!.body, /\| the label \(by whom is unknown\) \|/)
    assert.deepEqual(server.violations, [])
  })

  test('accept-label empty turns the label off', async () => {
    const run = await runAction(server, dir, 604, 'pull_request', pullRequest(server, [LABEL]), {
      'accept-label': '',
    })
    assert.equal(run.code, 1, run.stdout)
    assert.equal(run.outputs.verdict, 'regression')
    assert.deepEqual(server.violations, [])
  })
})

test('the push that merges a labelled pull request passes and saves what it accepted', async () => {
  const server = await startGitHubServer({ token: TOKEN, viewer: null })
  try {
    const dir = await workspace()
    server.addPull(12, 'b'.repeat(40), { labels: [LABEL], merged: { commitSha: HEAD_SHA, base: 'main' } })
    server.addPull(13, 'c'.repeat(40), { labels: [LABEL] })
    server.addLabelEvent(12, LABEL, 'maintainer')
    const run = await runAction(server, dir, 701, 'push', events.pushEvent(server, HEAD_SHA), {}, 'main')
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.match(run.stdout, /merged pull request #12, which has the label "bench-accept"/)
    assert.deepEqual(
      server.requests.filter((r) => r.path.startsWith('/repos/')).map((r) => `${r.operationId} ${r.status}`),
      ['repos/list-pull-requests-associated-with-commit 200', 'issues/list-events 200'],
    )
    // The new baseline records the accepted step: later runs leave the runs before it out of the noise.
    const stored = path.join(dir, '.bench', 'acc', 'main')
    const [file] = await readdir(stored)
    const saved = parseResultSetText(await readFile(path.join(stored, file!), 'utf8'), file!)
    assert.deepEqual(saved.accepted, [
      {
        benchmark: 't',
        metric: 'wall',
        reason: 'merged pull request #12 has the label "bench-accept"',
        by: 'maintainer',
        source: 'label',
      },
    ])
    // A push that merged nothing labelled fails as before.
    const other = await runAction(
      server,
      dir,
      702,
      'push',
      events.pushEvent(server, 'd'.repeat(40)),
      {},
      'main',
    )
    assert.equal(other.code, 1, other.stdout)
    assert.deepEqual(server.violations, [])
  } finally {
    await server.close()
  }
})

describe('a pull request from a fork', () => {
  const REASON = 'the parser checks its input now, see @octocat <b>#12</b>'
  let server: GitHubServer
  let dir: string
  before(async () => {
    dir = await workspace(`accept:\n  - { benchmark: t, reason: "${REASON}" }\n`)
    server = await startGitHubServer({ token: TOKEN, viewer: null })
  })
  after(() => server?.close())

  /** The fork's run: the comment is refused (a read-only token), so the comparison's data is kept. */
  async function forkRun(runId: number): Promise<Record<string, unknown>> {
    server.failNext({
      method: 'POST',
      pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      status: 403,
    })
    const run = await runAction(server, dir, runId, 'pull_request', pullRequest(server, [], true))
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.equal(run.outputs['comment-artifact'], 'bench-action-comment-acc')
    const artifact = server.artifacts(runId).find((a) => a.name === 'bench-action-comment-acc')!
    return JSON.parse(artifact.files['comparison.json']!)
  }

  const post = (runId: number, measured: number) =>
    runAction(server, dir, runId, 'workflow_run', events.workflowRunEvent(server, measured, HEAD_SHA), {
      mode: 'post',
    })

  test('the deferred comparison carries bench.yml’s acceptance; mode: post shows it, escaped', async () => {
    const deferred = await forkRun(801)
    assert.deepEqual(deferred.accept, {
      rules: [{ benchmark: 't', reason: REASON, source: 'config' }],
      notes: [],
    })
    server.addPull(PR, HEAD_SHA, { labels: [] })
    const posted = await post(802, 801)
    assert.equal(posted.code, 0, posted.stdout)
    const body = server.comments(PR).at(-1)!.body
    assert.match(body, /#### Accepted regressions/)
    assert.match(
      body,
      /\| bench\.yml \| the parser checks its input now, see @\u200boctocat &lt;b&gt;\\#12&lt;\/b&gt; \|/,
    )
    assert.deepEqual(server.violations, [])
  })

  test('mode: post decides the label itself: an artifact cannot claim it, the pull request can carry it', async () => {
    // The fork's run of the test before: its comment now exists, so it is that run's artifact again.
    const genuine = JSON.parse(
      server.artifacts(801).find((a) => a.name === 'bench-action-comment-acc')!.files['comparison.json']!,
    )
    // A forged acceptance "by" someone, and no acceptance of bench.yml's: the regression stands.
    const forged = {
      ...genuine,
      accept: { rules: [{ benchmark: '*', reason: 'trust me', by: 'ceo', source: 'label' }], notes: [] },
    }
    server.addRun(805, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(805, 'bench-action-comment-acc', { 'comparison.json': JSON.stringify(forged) })
    server.addPull(PR, HEAD_SHA, { labels: ['bug'] })
    const refused = await post(806, 805)
    assert.equal(refused.code, 0, refused.stdout)
    let body = server.comments(PR).at(-1)!.body
    assert.match(body, /#### Regressions/)
    assert.doesNotMatch(body, /ceo|trust me|Accepted regressions/)

    // Labelled now, by a maintainer: mode: post accepts the regression, by them.
    server.addPull(PR, HEAD_SHA, { labels: [LABEL] })
    server.addLabelEvent(PR, LABEL, 'maintainer')
    const labelled = await post(807, 805)
    assert.equal(labelled.code, 0, labelled.stdout)
    body = server.comments(PR).at(-1)!.body
    assert.match(
      body,
      /\| @\u200bmaintainer, with the label \| pull request \\#7 has the label "bench-accept" \|/,
    )
    assert.doesNotMatch(body, /ceo|trust me/)
    assert.deepEqual(server.violations, [])
  })
})
