// Publishing, end to end: the bundled action (node dist/index.js) run as the runner runs it — INPUT_*
// variables, GITHUB_EVENT_PATH with a pull_request or workflow_run payload, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files, the Actions runtime variables — against a local GitHub that checks every
// request against GitHub's OpenAPI description.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type ActionRun, runActionOn } from '../../support/action-run.ts'
import * as events from '../../support/events.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { gitRepo, removeDir, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

// Same-job runs build code whose cost per call is a number, with the C compiler.
const cc = await needs('cc')

import { MODEL_SETUP, modelBenchmark, modelFiles, nsHeader } from '../../support/model-code.ts'

const TOKEN = 'ghs_publish-test'
const PR = 7
const HEAD_SHA = '4c0ffee4c0ffee4c0ffee4c0ffee4c0ffee4c0ff'
const MARKER = '<!-- bench-action:pub -->'
/** Artifacts a fork's run could upload (see the README there). */
const HOSTILE = path.join(import.meta.dirname, '..', '..', 'fixtures/hostile/artifacts')

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const pullRequestEvent = (server: GitHubServer, fork: boolean) =>
  events.pullRequestEvent(server, { number: PR, headSha: HEAD_SHA, baseSha: '1'.repeat(40), fork })
const workflowRunEvent = (server: GitHubServer, runId: number) =>
  events.workflowRunEvent(server, runId, HEAD_SHA)

async function runAction(
  server: GitHubServer,
  workspace: string,
  runId: number,
  eventName: string,
  event: object,
  inputs: Record<string, string> = {},
  headBranch = 'feature',
  extraEnv: Record<string, string> = {},
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
      'install-tools': 'true',
      'working-directory': '.',
      'github-token': TOKEN,
      comment: 'always',
      mode: 'run',
      'baseline-store': 'dir',
      ...inputs,
    },
    extraEnv,
    dirs,
  })
}

// Three runs of `true`: the smallest Mann–Whitney p-value of 3 samples against 3 is 2 / C(6, 3) = 0.1,
// never below α = 0.01, so no verdict can be a regression and each run passes however fast `true` ran.
const CONFIG =
  'suite: pub\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n'

/** A report without the words that depend on when it was rendered ("measured 2 seconds ago"). */
const stripAge = (markdown: string) => markdown.replace(/measured [^:]*ago/g, 'measured …')

/** The REST writes (comments); artifact uploads go to the results service and are not counted. */
const writes = (server: GitHubServer) =>
  server.requests
    .filter((r) => (r.method === 'POST' || r.method === 'PATCH') && r.path.startsWith('/repos/'))
    .map((r) => `${r.method} ${r.path}`)

describe('the sticky comment', () => {
  let server: GitHubServer
  let workspace: string
  before(async () => {
    workspace = await gitRepo({ 'bench.yml': CONFIG })
    dirs.push(workspace)
  })
  after(() => server?.close())

  test('first run creates one comment; the second updates the same comment', async () => {
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    const first = await runAction(server, workspace, 101, 'pull_request', pullRequestEvent(server, false))
    assert.equal(first.code, 0, first.stdout)
    const [created] = server.comments(PR)
    assert.equal(server.comments(PR).length, 1)
    assert.ok(created!.body!.startsWith(`${MARKER}\n`), 'the comment carries the marker')
    assert.equal(created!.user?.login, 'github-actions[bot]')

    const second = await runAction(server, workspace, 102, 'pull_request', pullRequestEvent(server, false))
    assert.equal(second.code, 0, second.stdout)
    const comments = server.comments(PR)
    assert.equal(comments.length, 1, 'still one comment')
    assert.equal(comments[0]!.id, created!.id)
    assert.match(comments[0]!.body ?? '', /\*\*Baseline:\*\*/, 'updated with the comparison')
    // The HTML report is kept with the run as an artifact.
    assert.equal(first.outputs['report-artifact'], 'bench-action-report-pub')
    const [report] = server.artifacts(101)
    assert.equal(report?.name, 'bench-action-report-pub')
    assert.match(report!.files['report.html'] ?? '', /^<!DOCTYPE html>/i)
    assert.deepEqual(writes(server), [
      `POST /repos/${server.owner}/${server.repo}/issues/${PR}/comments`,
      `PATCH /repos/${server.owner}/${server.repo}/issues/comments/${created!.id}`,
    ])
    assert.deepEqual(server.violations, [])
  })

  test('found among 150 comments over two pages; another user quoting the marker is ignored', async () => {
    server.close()
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    const impostor = server.addComment(PR, { body: `${MARKER}\nnot ours`, login: 'someone-else' })
    for (let i = 0; i < 140; i++) server.addComment(PR, { body: `comment ${i}`, login: `user-${i % 7}` })
    const ours = server.addComment(PR, { body: `${MARKER}\nold verdict`, login: 'github-actions[bot]' })
    for (let i = 0; i < 9; i++) server.addComment(PR, { body: `later ${i}`, login: 'user-1' })

    const r = await runAction(server, workspace, 103, 'pull_request', pullRequestEvent(server, false))
    assert.equal(r.code, 0, r.stdout)
    const pages = server.requests.filter(
      (q) => q.method === 'GET' && q.path.endsWith(`/issues/${PR}/comments`),
    )
    assert.equal(pages.length, 2, 'both pages were read')
    assert.deepEqual(writes(server), [
      `PATCH /repos/${server.owner}/${server.repo}/issues/comments/${ours.id}`,
    ])
    const after = server.comments(PR)
    assert.equal(after.length, 151)
    assert.equal(after.find((c) => c.id === impostor.id)!.body, `${MARKER}\nnot ours`, 'untouched')
    assert.match(after.find((c) => c.id === ours.id)!.body ?? '', /bench-action · pub/)
    assert.deepEqual(server.violations, [])
  })

  test('a 500 is retried and the comment still posted', async () => {
    server.close()
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    server.failNext({
      method: 'POST',
      pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      status: 500,
    })
    const r = await runAction(server, workspace, 104, 'pull_request', pullRequestEvent(server, false))
    assert.equal(r.code, 0, r.stdout)
    assert.equal(writes(server).length, 2, 'the failed POST and its retry')
    assert.equal(server.comments(PR).length, 1)
    assert.deepEqual(server.violations, [])
  })
})

describe('a pull request from a fork', () => {
  let server: GitHubServer
  let workspace: string
  before(async () => {
    workspace = await gitRepo({ 'bench.yml': CONFIG })
    dirs.push(workspace)
    server = await startGitHubServer({ token: TOKEN, viewer: null })
  })
  after(() => server?.close())

  test('403: the comment is saved as an artifact, a warning names the permission, the job passes; mode: post posts it once', async () => {
    server.failNext({
      method: 'POST',
      pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
      },
    })
    const run = await runAction(server, workspace, 201, 'pull_request', pullRequestEvent(server, true))
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.equal(run.outputs['comment-artifact'], 'bench-action-comment-pub')
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning'))
    assert.equal(warnings.length, 1, run.stdout)
    assert.match(warnings[0]!, /cannot comment on pull request #7 .*403.*pull-requests: write/)
    assert.equal(server.comments(PR).length, 0)
    const artifact = server.artifacts(201).find((a) => a.name === 'bench-action-comment-pub')
    assert.ok(
      artifact,
      `artifacts: ${server
        .artifacts(201)
        .map((a) => a.name)
        .join(', ')}`,
    )
    // Data, never markdown: the inputs of the comparison, for the trusted job to compare and render.
    assert.deepEqual(Object.keys(artifact!.files), ['comparison.json'])
    const deferred = JSON.parse(artifact!.files['comparison.json']!)
    assert.equal(deferred.schema, 'bench-action/deferred-comparison')
    assert.equal(deferred.issueNumber, PR)
    assert.equal(deferred.headSha, HEAD_SHA)
    assert.equal(deferred.head.suite, 'pub')
    assert.equal(deferred.body, undefined)

    // The workflow_run workflow, with a token that can write, posts it on the measured pull request.
    server.addPull(PR, HEAD_SHA)
    const post = await runAction(server, workspace, 202, 'workflow_run', workflowRunEvent(server, 201), {
      mode: 'post',
    })
    assert.equal(post.code, 0, post.stdout)
    assert.equal(server.comments(PR).length, 1)
    // The comment the run would have posted, rendered by the trusted job from the data.
    const posted = server.comments(PR)[0]!.body
    assert.equal(stripAge(posted), stripAge(run.summary))
    const before = writes(server).length

    // The same artifact again: the body is unchanged, so nothing is written.
    const again = await runAction(server, workspace, 203, 'workflow_run', workflowRunEvent(server, 201), {
      mode: 'post',
    })
    assert.equal(again.code, 0, again.stdout)
    assert.equal(writes(server).length, before, 'no update for an unchanged body')
    assert.deepEqual(server.violations, [])
  })

  test('mode: post never posts a body an artifact supplies', async () => {
    const forged = await readFile(path.join(HOSTILE, 'comment-body.json'), 'utf8')
    server.addRun(205, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(205, 'bench-action-comment-pub', { 'comment.json': forged })
    server.addPull(PR, HEAD_SHA)
    const before = server.comments(PR).map((c) => c.body)
    const post = await runAction(server, workspace, 206, 'workflow_run', workflowRunEvent(server, 205), {
      mode: 'post',
    })
    assert.equal(post.code, 1, post.stdout)
    assert.match(
      post.stdout,
      /::error::bench-action: the artifact bench-action-comment-pub has no comparison\.json/,
    )
    assert.deepEqual(
      server.comments(PR).map((c) => c.body),
      before,
    )
    assert.doesNotMatch(JSON.stringify(server.comments(PR)), /security-team/)
    assert.deepEqual(server.violations, [])
  })

  test('mode: post renders the free text of an artifact as escaped text', async () => {
    const genuine = JSON.parse(
      server.artifacts(201).find((a) => a.name === 'bench-action-comment-pub')!.files['comparison.json']!,
    )
    const hostile = JSON.parse(await readFile(path.join(HOSTILE, 'data-overrides.json'), 'utf8'))
    genuine.head.benchmarks[0].name = hostile.benchmarkName
    genuine.baseline = { results: genuine.head, source: hostile.source, reason: hostile.reason }
    genuine.baselineWarnings = [hostile.baselineWarning]
    server.addRun(207, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(207, 'bench-action-comment-pub', { 'comparison.json': JSON.stringify(genuine) })
    server.addPull(PR, HEAD_SHA)
    const post = await runAction(server, workspace, 208, 'workflow_run', workflowRunEvent(server, 207), {
      mode: 'post',
    })
    assert.equal(post.code, 0, post.stdout)
    const body = server.comments(PR)[0]!.body
    assert.ok(body.startsWith(`${MARKER}\n`))
    // The name and the reason are there, as text: mentions broken, brackets and tags escaped.
    assert.match(body, /@\u200borg\/security-team/)
    assert.match(body, /@\u200boctocat/)
    // Outside code spans (where nothing renders), no mention, link, image or tag survives.
    const prose = body.replace(/(`+)[^`]*?\1/g, '')
    assert.doesNotMatch(prose, /@(org|octocat)/)
    assert.doesNotMatch(prose, /(?<!\\)\]\(https:\/\/evil/)
    assert.doesNotMatch(prose, /<img|<!-- bench-action:other|<\/summary><\/details><!--/)
    assert.equal(body.split('<!--').length, 2, 'one HTML comment: the marker')
    assert.deepEqual(server.violations, [])
  })

  test('mode: post refuses an artifact for another commit, or not holding the suite its name says', async () => {
    const genuine = JSON.parse(
      server.artifacts(201).find((a) => a.name === 'bench-action-comment-pub')!.files['comparison.json']!,
    )
    server.addPull(PR, HEAD_SHA)
    server.addRun(209, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(209, 'bench-action-comment-pub', {
      'comparison.json': JSON.stringify({ ...genuine, headSha: 'e'.repeat(40) }),
    })
    const other = await runAction(server, workspace, 210, 'workflow_run', workflowRunEvent(server, 209), {
      mode: 'post',
    })
    assert.equal(other.code, 1)
    assert.match(
      other.stdout,
      /::error::bench-action: the artifact bench-action-comment-pub is for commit eeeeeee, but run 209 measured 4c0ffee/,
    )

    server.addRun(211, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(211, 'bench-action-comment-other', { 'comparison.json': JSON.stringify(genuine) })
    const renamed = await runAction(server, workspace, 212, 'workflow_run', workflowRunEvent(server, 211), {
      mode: 'post',
    })
    assert.equal(renamed.code, 1)
    assert.match(renamed.stdout, /does not hold the comparison its name promises/)

    server.addRun(213, { headSha: HEAD_SHA, headBranch: 'feature' })
    const huge = { ...genuine, baselineWarnings: ['x'.repeat(3000)] }
    server.addArtifact(213, 'bench-action-comment-pub', { 'comparison.json': JSON.stringify(huge) })
    const long = await runAction(server, workspace, 214, 'workflow_run', workflowRunEvent(server, 213), {
      mode: 'post',
    })
    assert.equal(long.code, 1)
    assert.match(long.stdout, /is not a bench-action comparison: baselineWarnings\.0: /)
    assert.deepEqual(server.violations, [])
  })

  test('mode: post refuses a comment for a pull request whose head is not what the run measured', async () => {
    server.addPull(PR, 'f'.repeat(40))
    const post = await runAction(server, workspace, 204, 'workflow_run', workflowRunEvent(server, 201), {
      mode: 'post',
    })
    assert.equal(post.code, 1)
    assert.match(
      post.stdout,
      /::error::bench-action: pull request #7 is at fffffff, but run 201 measured 4c0ffee/,
    )
    assert.deepEqual(server.violations, [])
  })
})

describe('baselines in the Actions cache', () => {
  let server: GitHubServer
  let workspace: string
  before(async () => {
    workspace = await gitRepo({ 'bench.yml': CONFIG })
    dirs.push(workspace)
    server = await startGitHubServer({ token: TOKEN, viewer: null })
  })
  after(() => server?.close())

  test('a push to the default branch saves a baseline; a pull request restores it and does not save', async () => {
    const push = {
      ref: 'refs/heads/main',
      after: HEAD_SHA,
      repository: { full_name: `${server.owner}/${server.repo}`, default_branch: 'main' },
    }
    const inputs = { 'baseline-store': 'cache', comment: 'never' }
    const first = await runAction(server, workspace, 301, 'push', push, inputs, 'main')
    assert.equal(first.code, 0, first.stdout)
    assert.equal(server.cacheEntries().length, 1, 'the push saved its results')
    assert.match(server.cacheEntries()[0]!.key, /^bench-action-v1-pub-main-/)

    const pr = {
      ...pullRequestEvent(server, false),
      repository: { ...pullRequestEvent(server, false).repository, default_branch: 'main' },
    }
    const second = await runAction(server, workspace, 302, 'pull_request', pr, inputs)
    assert.equal(second.code, 0, second.stdout)
    assert.match(second.summary, /\*\*Baseline:\*\* .*on main/)
    assert.equal(server.cacheEntries().length, 1, 'a pull request does not save a baseline')

    // With nothing stored and require-baseline, the step fails and says why.
    const fresh = await startGitHubServer({ token: TOKEN, viewer: null })
    try {
      const none = await runAction(fresh, workspace, 303, 'pull_request', pr, {
        ...inputs,
        'require-baseline': 'true',
      })
      assert.equal(none.code, 1)
      assert.match(none.stdout, /::error::No baseline to compare with \(require-baseline is set\)/)
    } finally {
      await fresh.close()
    }
    assert.deepEqual(server.violations, [])
  })
})

cc.describe('baseline: same-job', () => {
  // The code's cost per call is ns.h's NS (model-code.ts): 20 µs on main. Every sample lies within
  // ±0.1% of its side's cost, so every one of the 15 pair ratios lies within ±0.2% of head / base.
  const config = `suite: ab
defaults: { runs: 15, warmup: 1, threshold: 10% }
setup:
${MODEL_SETUP}benchmarks:
${modelBenchmark('model')}`
  const sh = (cwd: string, script: string) =>
    new Promise<string>((resolve, reject) =>
      execFile('sh', ['-c', script], { cwd }, (err, stdout, stderr) =>
        err ? reject(new Error(`${script}: ${stderr}`)) : resolve(stdout.trim()),
      ),
    )
  const commit = 'git -c user.name=t -c user.email=t@example.com commit --quiet -am'

  /**
   * origin has main (the base) and feature (head, its code costing `headNs`); the workspace is a shallow
   * clone of feature, as actions/checkout leaves it: the merge base is not in it.
   */
  async function shallowPullRequest(headNs: number): Promise<{ workspace: string; mainSha: string }> {
    const source = await gitRepo({ 'bench.yml': config, ...modelFiles(20_000) })
    dirs.push(source)
    const mainSha = await sh(source, 'git rev-parse HEAD')
    await sh(source, `git checkout --quiet -b feature && git commit --quiet --allow-empty -m x`)
    await writeFile(path.join(source, 'ns.h'), nsHeader(headNs))
    await sh(source, `${commit} "ns ${headNs}" --allow-empty`)
    const origin = await tempDir('origin')
    dirs.push(origin)
    await sh(origin, `git clone --quiet --bare "${source}" .`)
    const workspace = await tempDir('shallow')
    dirs.push(workspace)
    await sh(workspace, `git clone --quiet --depth=1 --branch feature "file://${origin}" .`)
    return { workspace, mainSha }
  }

  let server: GitHubServer
  after(() => server?.close())

  // 200 µs against 20 µs: every pair ratio within 10 × [0.999/1.001, 1.001/0.999] ⊂ [9.98, 10.02], all
  // 15 above 1: Wilcoxon's exact p = 2/2^15 = 0.00006, below α/2 = 0.005 at the planned look, the
  // interval within those ratios, the change +900% beyond 10%: a regression at 15 pairs.
  // 20 µs against 20 µs: every ratio within [0.998, 1.002], the change within ±0.2% and the interval
  // within ±10%: unchanged, decided at the planned look. Neither is extended: 15 pairs each.
  for (const [label, headNs, regression] of [
    ['a slower pull request fails the step: base built beside it, measured interleaved', 200_000, true],
    ['an unchanged pull request passes', 20_000, false],
  ] as const) {
    test(label, async () => {
      server?.close()
      server = await startGitHubServer({ token: TOKEN, viewer: null })
      const { workspace, mainSha } = await shallowPullRequest(headNs)
      server.setMergeBase(mainSha)
      const run = await runAction(
        server,
        workspace,
        regression ? 401 : 402,
        'pull_request',
        pullRequestEvent(server, false),
        { baseline: 'same-job', 'install-tools': 'false' },
        'feature',
        { GITHUB_BASE_REF: 'main', GITHUB_HEAD_REF: 'feature' },
      )
      assert.equal(run.code, regression ? 1 : 0, run.stdout)
      assert.equal(run.outputs.verdict, regression ? 'regression' : 'pass', run.stdout)
      if (regression) assert.match(run.stdout, /::error::Performance regression: 1 regression: model/)
      assert.match(run.stdout, new RegExp(`fetching ${mainSha.slice(0, 12)} from origin`))
      const [comment] = server.comments(PR)
      assert.match(
        comment?.body ?? '',
        new RegExp(
          `\\*\\*Baseline:\\*\\* ${mainSha.slice(0, 7)} on main, measured .*: merge base with main, built and measured in this job, interleaved, 15 pairs per benchmark`,
        ),
      )
      assert.match(comment?.body ?? '', /Wilcoxon signed-rank/)
      const worktrees = await sh(workspace, 'git worktree list --porcelain')
      assert.equal(worktrees.split('\n').filter((l) => l.startsWith('worktree ')).length, 1, worktrees)
      assert.deepEqual(server.violations, [])
    })
  }
})

describe('a suite sharded across a matrix', () => {
  const config = `suite: wide\nbenchmarks:\n${Array.from({ length: 6 }, (_, i) => `  - { name: b${i}, kind: process, command: [true], runs: 3, threshold: 1000% }\n`).join('')}`
  let server: GitHubServer
  after(() => server?.close())

  const shardRun = (workspace: string, runId: number, shard: string) =>
    runAction(server, workspace, runId, 'pull_request', pullRequestEvent(server, false), {
      shard,
      'install-tools': 'false',
    })

  test('each shard uploads its part and stays silent; the merge job posts one comment for all of them', async () => {
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    const workspace = await gitRepo({ 'bench.yml': config })
    dirs.push(workspace)
    for (const shard of ['1/3', '2/3', '3/3']) {
      const run = await shardRun(workspace, 501, shard)
      assert.equal(run.code, 0, run.stdout)
      assert.equal(run.outputs['shard-artifact'], `bench-action-shard-wide-${shard.replace('/', '-of-')}`)
      assert.match(run.stdout, new RegExp(`shard ${shard}: \\d of 6 cases, split by a stable hash`))
    }
    assert.equal(server.comments(PR).length, 0, 'shards do not comment')
    assert.deepEqual(
      server
        .artifacts(501)
        .map((a) => a.name)
        .sort(),
      ['bench-action-shard-wide-1-of-3', 'bench-action-shard-wide-2-of-3', 'bench-action-shard-wide-3-of-3'],
    )

    const merge = await runAction(server, workspace, 501, 'pull_request', pullRequestEvent(server, false), {
      mode: 'merge',
    })
    assert.equal(merge.code, 0, merge.stdout)
    assert.equal(merge.outputs.verdict, 'pass')
    assert.match(merge.stdout, /merged 3 shards: 6 benchmarks/)
    const comments = server.comments(PR)
    assert.equal(comments.length, 1, 'one comment for the whole suite')
    for (let i = 0; i < 6; i++) assert.match(comments[0]!.body ?? '', new RegExp(`\`b${i}\``))
    assert.deepEqual(server.violations, [])
  })

  test('a missing shard fails the merge, naming it, and nothing is posted', async () => {
    server.close()
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    const workspace = await gitRepo({ 'bench.yml': config })
    dirs.push(workspace)
    for (const shard of ['1/3', '3/3']) assert.equal((await shardRun(workspace, 502, shard)).code, 0)
    const merge = await runAction(server, workspace, 502, 'pull_request', pullRequestEvent(server, false), {
      mode: 'merge',
    })
    assert.equal(merge.code, 1, merge.stdout)
    assert.match(merge.stdout, /::error::bench-action: the shards do not make one run: shard 2\/3 is missing/)
    assert.equal(merge.outputs.verdict, undefined, 'no verdict claimed')
    assert.equal(server.comments(PR).length, 0)
    assert.deepEqual(server.violations, [])
  })

  test('a shard artifact that is not a zip, or holds no shard.json, fails the merge naming it', async () => {
    const workspace = await gitRepo({ 'bench.yml': config })
    dirs.push(workspace)
    const merge = (runId: number) =>
      runAction(server, workspace, runId, 'pull_request', pullRequestEvent(server, false), { mode: 'merge' })
    server.addRun(503, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(
      503,
      'bench-action-shard-wide-1-of-2',
      Buffer.from('not a zip: a shard forged by the job'),
    )
    const broken = await merge(503)
    assert.equal(broken.code, 1, broken.stdout)
    assert.match(
      broken.stdout,
      /::error::bench-action: the shards could not be read: the artifact bench-action-shard-wide-1-of-2 is not a zip archive we can read: no end of central directory record/,
    )
    server.addRun(504, { headSha: HEAD_SHA, headBranch: 'feature' })
    server.addArtifact(504, 'bench-action-shard-wide-1-of-2', { 'shard.json': '{}' })
    server.addArtifact(504, 'bench-action-shard-wide-2-of-2', { 'results.json': '{}' })
    const empty = await merge(504)
    assert.equal(empty.code, 1, empty.stdout)
    assert.match(
      empty.stdout,
      /::error::bench-action: the artifact bench-action-shard-wide-2-of-2 has no shard\.json/,
    )
    assert.equal(server.comments(PR).length, 0)
  })
})
