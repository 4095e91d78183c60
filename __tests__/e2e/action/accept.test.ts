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
import { parseResultSetText } from '../../../src/results.ts'
import { type ActionRun, runActionOn } from '../../support/action-run.ts'
import * as events from '../../support/events.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { gitRepo, removeDir, resultSetOf } from '../../support/helpers.ts'

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

/** Text as the comment shows it: a mention broken by a zero-width space, an issue reference escaped. */
const asInComment = (text: string) => text.replace(/@/g, '@\u200b').replace(/#(\d)/g, '\\#$1')

describe('the accept-label on a pull request', () => {
  let server: GitHubServer
  let dir: string
  before(async () => {
    dir = await workspace()
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    server.setRole('maintainer', 'write')
    server.setRole('triager', 'triage')
    server.setRole('labeller[bot]', 'read')
    // The head reached the repository (its first workflow run) before any label below was added.
    server.addWorkflowRun(HEAD_SHA)
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

  test('labelled for this head by someone with write permission: accepted, and passes', async () => {
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
    assert.deepEqual(
      server.requests
        .filter((r) => r.operationId === 'repos/get-collaborator-permission-level')
        .map((r) => r.path.split('/').at(-2)),
      ['maintainer'],
    )
    const body = server.comments(PR).at(-1)!.body
    assert.match(body, /### ✅ bench-action · acc: no regressions in 1 benchmark \(1 regression accepted\)/)
    assert.match(
      body,
      /#### Accepted regressions\n\n\| Benchmark \| Metric \| Base \| Head \| Change \| Interval \| Accepted by \| Reason \|\n\|---\|---\|---\|---\|---\|---\|---\|---\|\n\| `t` \| wall \(median\) \| [^|]+ \| [^|]+ \| \*\*\+[\d,.]+%\*\* \| [^|]+ \| @\u200bmaintainer, with the label \| pull request \\#7 has the label "bench-accept", added for 5eed5ee \|/,
    )
    const results = parseResultSetText(await readFile(run.outputs['results-path']!, 'utf8'), 'results.json')
    assert.deepEqual(results.accepted, [
      {
        benchmark: 't',
        metric: 'wall',
        reason: 'pull request #7 has the label "bench-accept", added for 5eed5ee',
        by: 'maintainer',
        source: 'label',
      },
    ])
    assert.deepEqual(server.violations, [])
  })

  test('a push after the label: it accepted the earlier head, and this one’s regressions count', async () => {
    // The author force-pushes a new head after the maintainer labelled the old one.
    const pushed = '6'.repeat(40)
    server.addWorkflowRun(pushed)
    const event = pullRequest(server, [LABEL])
    const synchronize = {
      ...event,
      pull_request: { ...event.pull_request, head: { ...event.pull_request.head, sha: pushed } },
    }
    const run = await runAction(server, dir, 611, 'pull_request', synchronize)
    assert.equal(run.code, 1, run.stdout)
    assert.equal(run.outputs.verdict, 'regression')
    const why =
      /the label "bench-accept" on #7 was added by @maintainer at \S+Z, before 6666666 was pushed \(\S+Z\): it accepted an earlier commit, and counts again only when added again/
    assert.match(run.stdout, new RegExp(`::warning::${why.source}`))
    const body = server.comments(PR).at(-1)!.body
    assert.match(body, /#### Regressions/)
    assert.ok(body.includes(asInComment('the label "bench-accept" on #7 was added by @maintainer at ')), body)
    assert.ok(body.includes('before 6666666 was pushed'), body)
    // Added again, for the new head: accepted.
    server.addLabelEvent(PR, LABEL, 'maintainer')
    const again = await runAction(server, dir, 612, 'pull_request', synchronize)
    assert.equal(again.code, 0, again.stdout)
    assert.match(server.comments(PR).at(-1)!.body, /added for 6666666/)
    assert.deepEqual(server.violations, [])
  })

  test('a label added without write permission does not count, and the report says who and why', async () => {
    server.addLabelEvent(PR, LABEL, 'triager')
    const run = await runAction(server, dir, 621, 'pull_request', pullRequest(server, [LABEL]))
    assert.equal(run.code, 1, run.stdout)
    const why =
      'the label "bench-accept" on #7 was added by @triager, who has triage permission on the repository; accepting needs write or more, or the accept-by input: the regressions count'
    assert.ok(run.stdout.includes(`::warning::${why}`), run.stdout)
    assert.ok(server.comments(PR).at(-1)!.body.includes(asInComment(why)))
    // accept-by names a login whose label counts whatever its permission.
    server.addLabelEvent(PR, LABEL, 'labeller[bot]')
    const named = await runAction(server, dir, 622, 'pull_request', pullRequest(server, [LABEL]), {
      'accept-by': 'someone, @labeller[bot]',
    })
    assert.equal(named.code, 0, named.stdout)
    assert.match(server.comments(PR).at(-1)!.body, /labeller\\\[bot\\\], with the label/)
    assert.deepEqual(server.violations, [])
  })

  test('the label’s own labeled event counts for the head it names, however new that head is', async () => {
    const fresh = '7'.repeat(40)
    server.addLabelEvent(PR, LABEL, 'maintainer')
    // The head's first workflow run is this one, made after the label: only the labeled event says
    // the label was added for it.
    server.addWorkflowRun(fresh)
    const event = pullRequest(server, [LABEL])
    const labeled = {
      ...event,
      action: 'labeled',
      label: { id: 1, name: LABEL, color: 'ededed', default: false, description: null },
      pull_request: { ...event.pull_request, head: { ...event.pull_request.head, sha: fresh } },
    }
    const run = await runAction(server, dir, 631, 'pull_request', labeled)
    assert.equal(run.code, 0, run.stdout)
    const synchronize = { ...labeled, action: 'synchronize' }
    const later = await runAction(server, dir, 632, 'pull_request', synchronize)
    assert.equal(later.code, 1, 'the same head on a later event, the label older than its first run')
    assert.deepEqual(server.violations, [])
  })

  test('when GitHub will not say who added the label, it does not count', async () => {
    server.failNext({ pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/events', status: 403 })
    const run = await runAction(server, dir, 603, 'pull_request', pullRequest(server, [LABEL]))
    assert.equal(run.code, 1, run.stdout)
    assert.equal(run.outputs.verdict, 'regression')
    assert.deepEqual(warnings(run.stdout), [
      '::warning::the label "bench-accept" on #7 does not count: GitHub would not say who added it (403: Resource not accessible by integration - https://docs.github.com/rest)',
    ])
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

  test('an accept-by that is not a list of logins is refused, naming the input', async () => {
    const run = await runAction(server, dir, 605, 'pull_request', pullRequest(server, [LABEL]), {
      'accept-by': 'ok-login, not a login!',
    })
    assert.equal(run.code, 1)
    assert.match(
      run.stdout,
      /::error::bench-action: input "accept-by" must list GitHub logins separated by commas or spaces, got "login!"/,
    )
  })
})

test('the push that merges a labelled pull request accepts for the commit that was merged', async () => {
  const server = await startGitHubServer({ token: TOKEN, viewer: null })
  try {
    const dir = await workspace()
    server.setRole('maintainer', 'write')
    server.addPull(12, 'b'.repeat(40), { labels: [LABEL], merged: { commitSha: HEAD_SHA, base: 'main' } })
    server.addPull(13, 'c'.repeat(40), { labels: [LABEL] })
    server.addWorkflowRun('b'.repeat(40))
    server.addLabelEvent(12, LABEL, 'maintainer')
    const run = await runAction(server, dir, 701, 'push', events.pushEvent(server, HEAD_SHA), {}, 'main')
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.match(run.stdout, /merged pull request #12, which has the label "bench-accept"/)
    assert.deepEqual(
      server.requests.filter((r) => r.path.startsWith('/repos/')).map((r) => `${r.operationId} ${r.status}`),
      [
        'repos/list-pull-requests-associated-with-commit 200',
        'issues/list-events 200',
        'actions/list-workflow-runs-for-repo 200',
        'repos/get-collaborator-permission-level 200',
      ],
    )
    // The new baseline records the accepted step: later runs start a new state of the code there.
    const stored = path.join(dir, '.bench', 'acc', 'main')
    const [file] = await readdir(stored)
    const saved = parseResultSetText(await readFile(path.join(stored, file!), 'utf8'), file!)
    assert.deepEqual(saved.accepted, [
      {
        benchmark: 't',
        metric: 'wall',
        reason: 'merged pull request #12 has the label "bench-accept", added for bbbbbbb',
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
    // Labelled for an earlier head than the one merged: the merge's regressions count.
    server.addPull(14, 'e'.repeat(40), {
      labels: [LABEL],
      merged: { commitSha: 'f'.repeat(40), base: 'main' },
    })
    server.addLabelEvent(14, LABEL, 'maintainer')
    server.addWorkflowRun('e'.repeat(40))
    const stale = await runAction(
      server,
      dir,
      703,
      'push',
      events.pushEvent(server, 'f'.repeat(40)),
      {},
      'main',
    )
    assert.equal(stale.code, 1, stale.stdout)
    assert.match(
      stale.stdout,
      /the label "bench-accept" on #14 was added by @maintainer at \S+, before eeeeeee was pushed/,
    )
    assert.deepEqual(server.violations, [])
  } finally {
    await server.close()
  }
})

describe('a pull request from a fork', () => {
  const REASON = 'the parser checks its input now, see @octocat <b>#12</b>'
  const BASE_SHA = '1'.repeat(40)
  const accepting = `accept:\n  - { benchmark: t, reason: "${REASON}" }\n`
  let server: GitHubServer
  let dir: string
  before(async () => {
    dir = await workspace(accepting)
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    server.setRole('maintainer', 'write')
    server.addWorkflowRun(HEAD_SHA)
    // bench.yml as GitHub has it: the pull request added the accept: entry; its base has none.
    server.setFile(HEAD_SHA, 'bench.yml', (await readFile(path.join(dir, 'bench.yml'), 'utf8')).toString())
    server.setFile(
      BASE_SHA,
      'bench.yml',
      'suite: acc\nbenchmarks:\n  - { name: t, kind: process, command: [true] }\n',
    )
  })
  after(() => server?.close())

  /** The fork's run: the comment is refused (a read-only token), so the comparison's data is kept. */
  async function forkRun(runId: number): Promise<{ data: Record<string, unknown>; run: ActionRun }> {
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
    return { data: JSON.parse(artifact.files['comparison.json']!), run }
  }

  const post = (runId: number, measured: number) =>
    runAction(server, dir, runId, 'workflow_run', events.workflowRunEvent(server, measured, HEAD_SHA), {
      mode: 'post',
    })

  const ADDED =
    /Added by this pull request: an accept: entry of bench\.yml that its base does not have\. It accepts regressions because this pull request says so; review it with the code\./

  test('mode: post reads bench.yml at the measured commit from GitHub; an entry the pull request added comes first', async () => {
    const { run } = await forkRun(801)
    // The run that measured names the added entry too, in its own report.
    assert.match(run.summary, ADDED)
    server.addPull(PR, HEAD_SHA, { labels: [], baseSha: BASE_SHA })
    const posted = await post(802, 801)
    assert.equal(posted.code, 0, posted.stdout)
    const body = server.comments(PR).at(-1)!.body
    assert.match(body, /#### Accepted regressions/)
    assert.match(
      body,
      /\| bench\.yml \| the parser checks its input now, see @\u200boctocat &lt;b&gt;\\#12&lt;\/b&gt; \|/,
    )
    // The warning is the first thing under the verdict.
    const lines = body.split('\n')
    const warning = lines.indexOf('> [!WARNING]')
    assert.ok(warning > 0 && warning < lines.findIndex((l) => l.startsWith('**Head:**')), body)
    assert.match(lines.slice(warning, warning + 4).join('\n'), ADDED)
    assert.ok(
      server.requests.some((r) => r.operationId === 'repos/get-content' && r.query.ref === HEAD_SHA),
      'bench.yml was read at the measured commit',
    )
    assert.deepEqual(server.violations, [])
  })

  test('no acceptance in the artifact counts: not a forged label, not a forged bench.yml entry', async () => {
    const genuine = JSON.parse(
      server.artifacts(801).find((a) => a.name === 'bench-action-comment-acc')!.files['comparison.json']!,
    )
    // bench.yml at the measured commit has no accept: entry; the artifact claims two acceptances.
    server.setFile(
      HEAD_SHA,
      'bench.yml',
      'suite: acc\nbenchmarks:\n  - { name: t, kind: process, command: [true] }\n',
    )
    const forged = {
      ...genuine,
      accept: {
        rules: [
          { benchmark: '*', reason: 'trust me', by: 'ceo', source: 'label' },
          { benchmark: '*', reason: 'bench.yml says so', source: 'config' },
        ],
        notes: [],
      },
    }
    server.addRun(805, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(805, 'bench-action-comment-acc', { 'comparison.json': JSON.stringify(forged) })
    server.addPull(PR, HEAD_SHA, { labels: ['bug'], baseSha: BASE_SHA })
    const refused = await post(806, 805)
    assert.equal(refused.code, 0, refused.stdout)
    let body = server.comments(PR).at(-1)!.body
    assert.match(body, /#### Regressions/)
    assert.doesNotMatch(body, /ceo|trust me|says so|Accepted regressions|regressions? accepted/)

    // Labelled now, for the measured head, by a maintainer: mode: post accepts the regression, by them.
    server.addPull(PR, HEAD_SHA, { labels: [LABEL], baseSha: BASE_SHA })
    server.addLabelEvent(PR, LABEL, 'maintainer')
    const labelled = await post(807, 805)
    assert.equal(labelled.code, 0, labelled.stdout)
    body = server.comments(PR).at(-1)!.body
    assert.match(
      body,
      /\| @\u200bmaintainer, with the label \| pull request \\#7 has the label "bench-accept", added for 5eed5ee \|/,
    )
    assert.doesNotMatch(body, /ceo|trust me|says so/)
    assert.deepEqual(server.violations, [])
  })
})

describe('until a commit that cannot be placed', () => {
  test('a shallow checkout: not accepted, naming fetch-depth: 0; GitHub’s compare decides where asked', async () => {
    const server = await startGitHubServer({ token: TOKEN, viewer: null })
    try {
      // The baseline file's commit (1111111…) is not in this checkout, nor is the `until` commit.
      const until = 'abcdef0123456789abcdef0123456789abcdef01'
      const dir = await workspace(`accept:\n  - { benchmark: t, reason: on purpose, until: "${until}" }\n`)
      const noToken = await runAction(
        server,
        dir,
        901,
        'push',
        events.pushEvent(server, HEAD_SHA),
        {
          'github-token': '',
        },
        'main',
      )
      assert.equal(noToken.code, 1, noToken.stdout)
      assert.match(
        noToken.summary,
        /accept "t" holds until commit abcdef0123456789abcdef0123456789abcdef01, but whether the baseline 111111111111 contains it cannot be told here .*fetch-depth: 0.*: not accepted, its regressions count/,
      )
      // With a token, GitHub's compare endpoint: the baseline does not contain it yet, so it holds.
      server.setComparison(until, '1'.repeat(40), 'behind')
      const asked = await runAction(server, dir, 902, 'push', events.pushEvent(server, HEAD_SHA), {}, 'main')
      assert.equal(asked.code, 0, asked.stdout)
      assert.ok(
        server.requests.some(
          (r) =>
            r.operationId === 'repos/compare-commits-with-basehead' &&
            r.path.endsWith(`${until}...${'1'.repeat(40)}`),
        ),
      )
      // It does contain it: the entry no longer applies.
      server.setComparison(until, '1'.repeat(40), 'ahead')
      const reached = await runAction(
        server,
        dir,
        903,
        'push',
        events.pushEvent(server, HEAD_SHA),
        {},
        'main',
      )
      assert.equal(reached.code, 1, reached.stdout)
      assert.match(
        reached.summary,
        /which the baseline 111111111111 contains: its numbers are the baseline's now/,
      )
      assert.deepEqual(server.violations, [])
    } finally {
      await server.close()
    }
  })
})
