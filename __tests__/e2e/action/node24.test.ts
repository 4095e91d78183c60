// Every mode of the bundled action on the Node action.yml declares (node24), run as the runner runs it,
// with --throw-deprecation: a deprecated API called anywhere on the way (our code or a dependency's)
// throws, so the step fails or, where the step catches it, turns into a warning. Each run below must
// pass with a log that holds only the warnings it expects and nothing on stderr, where Node writes
// its own warnings.
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { type ActionRun, runActionOn } from '../../support/action-run.ts'
import * as events from '../../support/events.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { gitRepo, removeDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'
import { node24 } from '../../support/tools.ts'

const node = await needs('node24')

const TOKEN = 'ghs_node24-test'
const PR = 9
const HEAD_SHA = '24242424242424242424242424242424242424ab'
// Three runs of `true` a side: no Mann–Whitney p-value below α = 0.01, so every run passes.
const CONFIG = 'suite: n24\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3 }\n'
const SHARDED = `suite: n24\nbenchmarks:\n${[0, 1, 2, 3].map((i) => `  - { name: b${i}, kind: process, command: [true], runs: 3 }\n`).join('')}`

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/**
 * The run passed, Node wrote nothing to stderr (no warning of its own, no deprecation thrown), and
 * the only warnings in the log are those expected.
 */
function assertClean(run: ActionRun, expectedWarnings: RegExp[] = []): void {
  const log = `${run.stdout}\n--- stderr ---\n${run.stderr}`
  assert.equal(run.code, 0, log)
  assert.equal(run.stderr, '', log)
  const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning'))
  assert.equal(warnings.length, expectedWarnings.length, log)
  for (const [i, expected] of expectedWarnings.entries()) assert.match(warnings[i]!, expected)
}

node.describe('the action on Node 24 with --throw-deprecation', () => {
  let server: GitHubServer
  let nodeBinary: string
  before(async () => {
    server = await startGitHubServer({ token: TOKEN, viewer: null })
    nodeBinary = await node24()
  })
  after(() => server?.close())

  async function runAction(
    config: string,
    runId: number,
    eventName: string,
    event: object,
    inputs: Record<string, string>,
    headBranch = 'feature',
    jobId?: number,
  ): Promise<ActionRun> {
    const workspace = await gitRepo({ 'bench.yml': config })
    dirs.push(workspace)
    return runActionOn({
      server,
      workspace,
      runId,
      eventName,
      event,
      headSha: HEAD_SHA,
      headBranch,
      ...(jobId ? { jobId } : {}),
      inputs: {
        'store-dir': '.bench',
        save: 'true',
        'install-tools': 'false',
        'working-directory': '.',
        'github-token': TOKEN,
        comment: 'always',
        mode: 'run',
        'baseline-store': 'cache',
        ...inputs,
      },
      dirs,
      node: nodeBinary,
      nodeOptions: ['--throw-deprecation'],
    })
  }

  const push = () => ({
    ...events.pushEvent(server, HEAD_SHA),
    repository: { full_name: `${server.owner}/${server.repo}`, default_branch: 'main' },
  })
  const pullRequest = (fork: boolean, number = PR) =>
    events.pullRequestEvent(server, { number, headSha: HEAD_SHA, baseSha: '1'.repeat(40), fork })

  node.test(
    'mode: run on a push: the results saved in the Actions cache, the HTML report kept as an artifact',
    async () => {
      const run = await runAction(CONFIG, 2401, 'push', push(), {}, 'main')
      assertClean(run)
      assert.equal(server.cacheEntries().length, 1, 'the push saved its results in the Actions cache')
      assert.equal(run.outputs['report-artifact'], 'bench-action-report-n24')
      assert.deepEqual(
        server.artifacts(2401).map((a) => a.name),
        ['bench-action-report-n24'],
      )
    },
  )

  node.test(
    'mode: run on a pull request: the baseline restored from the Actions cache, the comment posted',
    async () => {
      const run = await runAction(CONFIG, 2402, 'pull_request', pullRequest(false), {})
      assertClean(run)
      assert.match(run.summary, /\*\*Baseline:\*\* 2424242 on main/)
      assert.equal(server.comments(PR).length, 1)
    },
  )

  node.test('history: true: the history read back and kept as an artifact', async () => {
    const run = await runAction(
      CONFIG,
      2403,
      'push',
      push(),
      { history: 'true', 'baseline-store': 'dir' },
      'main',
    )
    assertClean(run)
    assert.equal(run.outputs['history-artifact'], 'bench-action-history-n24')
    assert.ok(
      server.artifacts(2403).some((a) => a.name === 'bench-action-history-n24'),
      'the trend site was uploaded',
    )
  })

  node.test(
    "a fork's pull request defers its comment as an artifact; mode: post downloads and posts it",
    async () => {
      server.failNext({
        method: 'POST',
        pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: 'https://docs.github.com/rest',
        },
      })
      // Another pull request, with no comment yet: the 403 answers the comment's creation.
      const measured = await runAction(CONFIG, 2404, 'pull_request', pullRequest(true, PR + 1), {
        'baseline-store': 'dir',
      })
      assertClean(measured, [/cannot comment on pull request #10 .*403/])
      assert.equal(measured.outputs['comment-artifact'], 'bench-action-comment-n24')

      server.addPull(PR + 1, HEAD_SHA)
      const post = await runAction(
        CONFIG,
        2405,
        'workflow_run',
        events.workflowRunEvent(server, 2404, HEAD_SHA),
        {
          mode: 'post',
        },
      )
      assertClean(post)
      assert.equal(server.comments(PR + 1).length, 1)
    },
  )

  node.test(
    'shard: each shard uploads its part; mode: merge downloads them all and posts one comment',
    async () => {
      // Each matrix job, and the merge job after them, is a job of its own in the one run.
      for (const [i, shard] of ['1/2', '2/2'].entries()) {
        const run = await runAction(
          SHARDED,
          2406,
          'pull_request',
          pullRequest(false),
          { shard },
          'feature',
          2 + i,
        )
        assertClean(run)
        assert.equal(run.outputs['shard-artifact'], `bench-action-shard-n24-${shard.replace('/', '-of-')}`)
      }
      const merge = await runAction(
        SHARDED,
        2406,
        'pull_request',
        pullRequest(false),
        { mode: 'merge' },
        'feature',
        4,
      )
      assertClean(merge)
      assert.match(merge.stdout, /merged 2 shards: 4 benchmarks/)
      assert.equal(merge.outputs.verdict, 'pass')
      assert.deepEqual(server.violations, [])
    },
  )
})
