// The merge base from GitHub's compare endpoint when the checkout cannot give it: a pull request into
// a base branch the shallow checkout never fetched still finds the baseline of its merge base.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { after, test } from 'node:test'
import { promisify } from 'node:util'
import { createGitHubClient } from '../../../src/github/client.ts'
import { mergeBaseFromApi } from '../../../src/github/merge-base.ts'
import type { ResultSet } from '../../../src/results.ts'
import { runPipeline } from '../../../src/run/pipeline.ts'
import { DirStore } from '../../../src/store/dir.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { gitRepo, removeDir, resultSetOf } from '../../support/helpers.ts'

const execFileP = promisify(execFile)
const TOKEN = 'ghs_merge-base'
const MERGE_BASE = 'b'.repeat(40)
let server: GitHubServer | undefined
const dirs: string[] = []
after(async () => {
  await server?.close()
  for (const d of dirs) await removeDir(d)
})

test('a base branch missing from the checkout: the merge base comes from the compare endpoint', async () => {
  server = await startGitHubServer({ token: TOKEN, viewer: null })
  server.setMergeBase(MERGE_BASE)
  const workspace = await gitRepo({
    'bench.yml':
      'suite: mb\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n',
  })
  dirs.push(workspace)
  // Two stored runs on the base branch `trunk`: the merge base's, and a newer one.
  const store = new DirStore(path.join(workspace, '.bench'))
  const stored = (sha: string, minute: number): ResultSet =>
    resultSetOf('mb', { branch: 'trunk', sha }, new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString())
  await store.save(stored(MERGE_BASE, 1))
  await store.save(stored('c'.repeat(40), 2))

  const octokit = createGitHubClient({ token: TOKEN, baseUrl: server.url })
  const repo = { owner: server.owner, repo: server.repo }
  const lines: string[] = []
  const outcome = await runPipeline({
    cwd: workspace,
    storeDir: '.bench',
    save: false,
    env: { ...process.env, GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'trunk' },
    log: (line) => lines.push(line),
    mergeBaseFallback: (base, head) => mergeBaseFromApi(octokit, repo, base, head),
  })
  assert.match(
    outcome.comparison.baseline?.reason ?? '',
    /results of the merge base with trunk/,
    lines.join('\n'),
  )
  assert.equal(outcome.comparison.baseline?.commit.sha, MERGE_BASE)
  assert.ok(
    lines.some((l) => l.includes(`merge base with trunk from GitHub`)),
    lines.join('\n'),
  )
  const compare = server.requests.find((r) => r.operationId === 'repos/compare-commits-with-basehead')
  assert.match(compare?.path ?? '', /\/compare\/trunk\.\.\.[0-9a-f]{40}$/)
  assert.deepEqual(server.violations, [])
})

test('a stand-in baseline says how far it is from the merge base', async () => {
  const workspace = await gitRepo({
    'bench.yml':
      'suite: far\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n',
  })
  dirs.push(workspace)
  const sh = (script: string) => execFileP('sh', ['-c', script], { cwd: workspace })
  const commit = 'git -c user.name=t -c user.email=t@t commit --quiet --allow-empty -m'
  // main: A; trunk: A ← B ← C (results stored only for C); feature: A ← D, checked out.
  await sh(`git branch trunk && git checkout --quiet trunk && ${commit} B && ${commit} C`)
  const c = (await sh('git rev-parse HEAD')).stdout.trim()
  await sh(`git checkout --quiet main && git checkout --quiet -b feature && ${commit} D`)
  const store = new DirStore(path.join(workspace, '.bench'))
  await store.save(
    resultSetOf('far', { branch: 'trunk', sha: c }, new Date(Date.UTC(2026, 10, 1)).toISOString()),
  )
  const outcome = await runPipeline({
    cwd: workspace,
    storeDir: '.bench',
    save: false,
    env: { ...process.env, GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'trunk' },
    log: () => {},
  })
  assert.match(
    outcome.comparison.baseline?.reason ?? '',
    /^newest results on trunk \([0-9a-f]{7}, 2 commits after the merge base\); none stored for the merge base [0-9a-f]{7}$/,
  )
})
