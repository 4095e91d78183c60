// The merge base from GitHub's compare endpoint when the checkout cannot give it: a pull request into
// a base branch the shallow checkout never fetched still finds the baseline of its merge base.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, test } from 'node:test'
import { createGitHubClient } from '../src/github/client.ts'
import { mergeBaseFromApi } from '../src/github/merge-base.ts'
import { runPipeline } from '../src/pipeline.ts'
import type { ResultSet } from '../src/results.ts'
import { DirStore } from '../src/store/dir.ts'
import { type GitHubServer, startGitHubServer } from './github-server.ts'
import { gitRepo, removeDir } from './helpers.ts'

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
  const stored = (sha: string, minute: number): ResultSet => ({
    schema: 'bench-action/results',
    version: 1,
    suite: 'mb',
    commit: { branch: 'trunk', sha },
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString(),
    environment: {
      os: 'linux',
      arch: 'x64',
      cpuModel: 'cpu',
      cpuCount: 2,
      kernel: '6',
      node: 'v20',
      tools: {},
    },
    benchmarks: [],
  })
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
