// The action as users run it: the example workflows (examples/workflows/*.yml) as steps of a workflow,
// run by a real runner implementation (nektos/act, host mode) with `uses: org/bench-action@v1`
// resolved to this repository's files and JavaScript actions run on Node 24, the line action.yml
// declares. The job's GitHub is the local stand-in (github-server.ts): act's own artifact and cache
// servers do not speak today's protocols (see act.ts), so artifacts and the cache are the stand-in's.
//
// The project is examples/process's program with a small suite; the pull request's head does half
// as much work again, which instruction counts see exactly.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { cp, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { type ActRun, actionCopy, exampleWorkflow, runAct } from '../../support/act.ts'
import * as events from '../../support/events.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'
import { ACT, goTool, node24Dir, node24Missing } from '../../support/tools.ts'

const git = promisify(execFile)
const TOKEN = 'ghs_workflow-test-token'
const PR = 12
/** The fork's pull request: a read-only token, so its comment is posted by bench-comment.yml. */
const FORK_PR = 13
const MARKER = '<!-- bench-action:act -->'

// act is built with go; the suite compiles its program with cc and counts its instructions.
const runner = await needs('go', 'valgrind', 'cc')

const SUITE = `suite: act
setup:
  - [cc, -O2, -g, -o, work, work.c]
benchmarks:
  # The runner's plumbing is under test here, not the machine's noise: wall time is reported, and
  # the verdicts come from instruction counts, which are exact. With 3 runs (6 pairs at most, where
  # sampling extends them) no p-value of wall time can fall below α = 0.01: at best 0.1 unpaired and
  # 2/2^6 = 0.031 paired, so it cannot gate.
  - { name: hash, kind: process, command: ./work hash 200000, runs: 3 }
  - { name: hash-ir, kind: instructions, command: ./work hash 200000 }
  - { name: sort-ir, kind: instructions, command: ./work sort 20000 }
  - { name: start-ir, kind: instructions, command: ./work start }
`

interface Project {
  dir: string
  main: string
  feature: string
}

/** A git repository like a checkout's: main, and a pull request branch whose work is 1.5×. */
async function makeProject(): Promise<Project> {
  const dir = await tempDir('act-project')
  const g = async (...args: string[]) =>
    (
      await git('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir })
    ).stdout.trim()
  await cp(path.join(repoRoot, 'examples/process/work.c'), path.join(dir, 'work.c'))
  await writeFile(path.join(dir, 'bench.yml'), SUITE)
  await writeFile(path.join(dir, '.gitignore'), 'work\n')
  await g('init', '--quiet', '--initial-branch=main')
  await g('add', '-A')
  await g('commit', '--quiet', '-m', 'main')
  const main = await g('rev-parse', 'HEAD')
  await g('checkout', '--quiet', '-b', 'feature')
  const source = await readFile(path.join(dir, 'work.c'), 'utf8')
  const slower = source.replace(
    "if (s == NULL || *s == '\\0') return 1.0;",
    "if (s == NULL || *s == '\\0') return 1.5;",
  )
  assert.notEqual(slower, source, 'the pull request changes the default scale')
  await writeFile(path.join(dir, 'work.c'), slower)
  await g('commit', '--quiet', '-am', 'feature: more work')
  const feature = await g('rev-parse', 'HEAD')
  await g('checkout', '--quiet', 'main')
  return { dir, main, feature }
}

async function checkout(project: Project, ref: string): Promise<void> {
  await git('git', ['checkout', '--quiet', ref], { cwd: project.dir })
}

const pullRequestEvent = (server: GitHubServer, project: Project, fork: boolean) =>
  events.pullRequestEvent(server, {
    number: fork ? FORK_PR : PR,
    headSha: project.feature,
    baseSha: project.main,
    fork,
  })
const workflowRunEvent = (server: GitHubServer, project: Project, runId: number) =>
  events.workflowRunEvent(server, runId, project.feature)
const pushEvent = events.pushEvent

/** A step's outcome with the log attached when it is not the expected one. */
function assertStep(
  run: ActRun,
  job: string,
  expected: 'success' | 'failure',
): ReturnType<ActRun['job']>['steps'][0] {
  const step = run.job(job).steps.find((s) => s.id === 'bench')
  assert.ok(step, `no bench-action step in ${job}\n${run.text}`)
  assert.equal(step.result, expected, `bench-action's step in ${job}\n${run.text}`)
  return step
}

/** What the summary says of the Node that ran the action: its environment table records it. */
function nodeOf(summary: string): string | undefined {
  return /\| node \|[^|]*\| (v[\d.]+) \|/.exec(summary)?.[1]
}

runner.describe('the example workflows, run by a real runner (nektos/act)', { skip: node24Missing() }, () => {
  let act: string
  let nodeDir: string
  let action: string
  let project: Project
  let server: GitHubServer
  const dirs: string[] = []
  let nextRun = 7000

  before(async () => {
    act = await goTool(ACT)
    nodeDir = await node24Dir()
    action = await actionCopy()
    project = await makeProject()
    dirs.push(action, project.dir)
    server = await startGitHubServer({ token: TOKEN, viewer: null })
  })
  after(async () => {
    await server?.close()
    for (const d of dirs) await removeDir(d)
  })

  const actRun = async (
    workflow: string,
    event: 'push' | 'pull_request' | 'workflow_run',
    payload: object,
    head: { sha: string; branch: string },
  ) => {
    const runId = nextRun++
    const result = await runAct({
      act,
      nodeDir,
      action,
      server,
      project: project.dir,
      workflow,
      event,
      payload,
      runId,
      token: TOKEN,
      headSha: head.sha,
      headBranch: head.branch,
    })
    dirs.push(result.dir)
    return { runId, result }
  }

  test('bench.yml on a push to main: the action loads, measures, saves the baseline in the cache', async () => {
    await checkout(project, 'main')
    const { result } = await actRun(
      await exampleWorkflow('bench.yml'),
      'push',
      pushEvent(server, project.main),
      {
        sha: project.main,
        branch: 'main',
      },
    )
    const step = assertStep(result, 'bench', 'success')
    assert.equal(result.job('bench').result, 'success')
    assert.equal(step.outputs.verdict, 'pass')
    assert.equal(step.outputs.regressions, '0')
    assert.match(step.outputs['results-path'] ?? '', /\/results\.json$/)
    assert.match(step.outputs['report-path'] ?? '', /\/report\.md$/)
    assert.match(step.outputs['html-path'] ?? '', /\/report\.html$/)
    const kept = path.join(result.kept, 'bench-0')
    const results = JSON.parse(await readFile(path.join(kept, 'results.json'), 'utf8'))
    assert.equal(results.commit.sha, project.main)
    assert.equal(results.benchmarks.length, 4)
    assert.ok(step.summary.startsWith(`${MARKER}\n`), step.summary)
    assert.equal(await readFile(path.join(kept, 'report.md'), 'utf8'), step.summary)
    assert.match(await readFile(path.join(kept, 'report.html'), 'utf8'), /^<!doctype html>/i)
    assert.match(step.summary, /4 benchmarks measured, no baseline/)
    const { stdout: version } = await promisify(execFile)(path.join(nodeDir, 'node'), ['--version'])
    assert.equal(nodeOf(step.summary), version.trim())
    const saved = server.cacheEntries().filter((e) => e.key.startsWith('bench-action-v1-act-main-'))
    assert.equal(
      saved.length,
      1,
      `cache keys: ${server
        .cacheEntries()
        .map((e) => e.key)
        .join(', ')}`,
    )
    assert.deepEqual(server.violations, [])
  })

  test('bench.yml on a pull request (baseline: auto): timed benchmarks against main measured in this job, instruction counts against main from the cache, the regression fails the step, one comment', async () => {
    await checkout(project, 'feature')
    const cached = server.cacheEntries().length
    const { result } = await actRun(
      await exampleWorkflow('bench.yml'),
      'pull_request',
      pullRequestEvent(server, project, false),
      { sha: project.feature, branch: 'feature' },
    )
    const step = assertStep(result, 'bench', 'failure')
    assert.equal(result.job('bench').result, 'failure')
    assert.equal(step.outputs.verdict, 'regression')
    assert.equal(step.outputs.regressions, '2', step.summary)
    assert.match(step.summary, new RegExp(`\\*\\*Baseline:\\*\\* ${project.main.slice(0, 7)} on main`))
    assert.match(step.summary, /merge base with main, built and measured in this job, interleaved/)
    assert.match(
      step.summary,
      new RegExp(`\\*\\*Instruction counts compared with:\\*\\* ${project.main.slice(0, 7)} on main`),
    )
    assert.match(step.summary, /`hash-ir`.*regression/)
    assert.match(step.summary, /`sort-ir`.*\+/)
    const errors = step.annotations.filter((a) => a.level === 'error')
    assert.equal(errors.length, 1, result.text)
    const comments = server.comments(PR)
    assert.equal(comments.length, 1)
    assert.ok(comments[0]!.body.startsWith(`${MARKER}\n`))
    assert.equal(server.cacheEntries().length, cached, 'a pull request does not save a baseline')
    assert.deepEqual(server.violations, [])
  })

  test('bench.yml with baseline: same-job: the merge base is built beside the head and measured with it', async () => {
    await checkout(project, 'feature')
    const workflow = await exampleWorkflow('bench.yml', (w) => {
      w.baseline = 'same-job'
      w.comment = 'never'
    })
    const { result } = await actRun(workflow, 'pull_request', pullRequestEvent(server, project, false), {
      sha: project.feature,
      branch: 'feature',
    })
    const step = assertStep(result, 'bench', 'failure')
    assert.equal(step.outputs.verdict, 'regression')
    assert.equal(step.outputs.regressions, '2', step.summary)
    assert.match(step.summary, new RegExp(`${project.main.slice(0, 7)}`))
    assert.match(step.summary, /merge base with main, built and measured in this job, interleaved/)
    assert.deepEqual(server.violations, [])
  })

  test('bench-sharded.yml: four matrix jobs each measure a shard, the merge job joins them and decides once', async () => {
    await checkout(project, 'main')
    const { runId, result } = await actRun(
      await exampleWorkflow('bench-sharded.yml'),
      'push',
      pushEvent(server, project.main),
      { sha: project.main, branch: 'main' },
    )
    for (const shard of [1, 2, 3, 4]) {
      const step = assertStep(result, `bench (shard=${shard})`, 'success')
      assert.equal(step.outputs['shard-artifact'], `bench-action-shard-act-${shard}-of-4`)
    }
    const merge = assertStep(result, 'merge', 'success')
    assert.equal(merge.outputs.verdict, 'pass')
    assert.equal(merge.outputs.regressions, '0')
    assert.match(merge.summary, /4 benchmarks/)
    const shards = server
      .artifacts(runId)
      .map((a) => a.name)
      .filter((n) => n.startsWith('bench-action-shard-'))
      .sort()
    assert.deepEqual(
      shards,
      [1, 2, 3, 4].map((i) => `bench-action-shard-act-${i}-of-4`),
    )
    assert.deepEqual(server.violations, [])
  })

  test('a fork pull request: bench.yml saves the comment as an artifact, bench-comment.yml posts it', async () => {
    await checkout(project, 'feature')
    // A fork's token is read-only, whatever the workflow asks for.
    server.failNext({
      method: 'POST',
      pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      status: 403,
    })
    const measured = await actRun(
      await exampleWorkflow('bench.yml'),
      'pull_request',
      pullRequestEvent(server, project, true),
      { sha: project.feature, branch: 'feature' },
    )
    const step = assertStep(measured.result, 'bench', 'failure')
    assert.equal(step.outputs.verdict, 'regression')
    assert.equal(step.outputs['comment-artifact'], 'bench-action-comment-act')
    assert.ok(
      step.annotations.some((a) => a.level === 'warning' && /pull-requests: write/.test(a.message)),
      measured.result.text,
    )
    assert.equal(server.comments(FORK_PR).length, 0)

    server.addPull(FORK_PR, project.feature)
    await checkout(project, 'main')
    const post = await actRun(
      await exampleWorkflow('bench-comment.yml'),
      'workflow_run',
      workflowRunEvent(server, project, measured.runId),
      { sha: project.main, branch: 'main' },
    )
    assertStep(post.result, 'comment', 'success')
    const comments = server.comments(FORK_PR)
    assert.equal(comments.length, 1)
    assert.ok(comments[0]!.body.startsWith(`${MARKER}\n`))
    assert.match(comments[0]!.body, /regression/)
    assert.deepEqual(server.violations, [])
  })

  test('bench-trends.yml on pushes to main: each run pushed to the data branch, the history read back, the site packed for Pages', async () => {
    await checkout(project, 'main')
    const origin = path.join(path.dirname(project.dir), `${path.basename(project.dir)}-origin.git`)
    dirs.push(origin)
    await git('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin])
    await git('git', ['remote', 'add', 'origin', origin], { cwd: project.dir })
    try {
      const workflow = await exampleWorkflow('bench-trends.yml')
      let last: ActRun | undefined
      for (let i = 0; i < 2; i++)
        ({ result: last } = await actRun(workflow, 'push', pushEvent(server, project.main), {
          sha: project.main,
          branch: 'main',
        }))
      const step = assertStep(last!, 'bench', 'success')
      assert.deepEqual(
        last!.jobs.map((j) => j.name),
        ['bench'],
      )
      assert.match(step.summary, /### History of `act` on `main`\n\n2 runs of 1 commit, /)
      assert.match(step.outputs['history-path'] ?? '', /\/bench-action\/history$/)
      // Both runs are in the data branch, as the git store pushed them.
      const index = JSON.parse(
        (await git('git', ['show', 'bench-data:act/index.json'], { cwd: origin })).stdout,
      ) as { entries: Array<{ sha: string; branch: string }> }
      assert.deepEqual(
        index.entries.map((e) => [e.branch, e.sha]),
        [
          ['main', project.main],
          ['main', project.main],
        ],
      )
      // What upload-pages-artifact would publish: the site, index.html at its root.
      const listing = (await git('tar', ['-tf', path.join(last!.kept, 'pages', 'artifact.tar')])).stdout
      assert.match(listing, /^\.\/index\.html$/m)
      assert.match(listing, /^\.\/act-[0-9a-f]{10}\/hash-ir-[0-9a-f]{10}\.html$/m)
      assert.deepEqual(server.violations, [])
    } finally {
      await git('git', ['remote', 'remove', 'origin'], { cwd: project.dir })
    }
  })
})
