// The GitHub stand-in driven by the real clients: Octokit with its pagination, retry and throttling
// plugins, and @actions/artifact uploading and downloading through the results service.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { promisify } from 'node:util'
import { DefaultArtifactClient } from '@actions/artifact'
import { Octokit } from '@octokit/core'
import { paginateRest } from '@octokit/plugin-paginate-rest'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import {
  type GitHubServer,
  runtimeEnv,
  startGitHubServer,
  unzipText,
  withProcessEnv,
} from '../../support/github-server.ts'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const GitHub = Octokit.plugin(paginateRest, retry, throttling)
const gfm = await needs('cmark-gfm')
const run = promisify(execFile)

const servers: GitHubServer[] = []
const dirs: string[] = []
after(async () => {
  for (const s of servers) await s.close()
  for (const d of dirs) await removeDir(d)
})

async function server(options: Parameters<typeof startGitHubServer>[0] = {}): Promise<GitHubServer> {
  const s = await startGitHubServer(options)
  servers.push(s)
  return s
}

/** Octokit as the action builds it; throttling (which spaces writes a second apart) only when asked. */
function client(s: GitHubServer, token = 'test-token', throttle = false) {
  return new GitHub({
    auth: token,
    baseUrl: s.url,
    retry: { retryAfterBaseValue: 1 },
    throttle: {
      enabled: throttle,
      // Waits are counted in hundredths of the seconds GitHub asks for.
      retryAfterBaseValue: 10,
      onRateLimit: (_after, _options, _octokit, retryCount) => retryCount < 1,
      onSecondaryRateLimit: (_after, _options, _octokit, retryCount) => retryCount < 1,
    },
  })
}

/** Comment bodies are checked as reports (gfm.ts): each starts with a suite's marker. */
const MARKER = '<!-- bench-action:server-test -->'

function noViolations(s: GitHubServer): void {
  assert.deepEqual(
    s.violations,
    [],
    'every request fits the OpenAPI description and the server answers in kind',
  )
}

/** Runs `fn` with @actions/core's log lines (strings on stdout) dropped; the test runner's own output passes. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const write = process.stdout.write
  process.stdout.write = ((chunk: unknown, ...rest: never[]) =>
    typeof chunk === 'string'
      ? true
      : write.call(process.stdout, chunk as Uint8Array, ...rest)) as typeof write
  try {
    return await fn()
  } finally {
    process.stdout.write = write
  }
}

test('starts on a local port and answers a request the description has, in kind', async () => {
  const s = await server({ token: 'test-token' })
  assert.match(s.url, /^http:\/\/127\.0\.0\.1:\d+$/)
  const answer = await client(s).request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: s.owner,
    repo: s.repo,
    issue_number: 7,
  })
  assert.equal(answer.status, 200)
  assert.deepEqual(answer.data, [])
  noViolations(s)
})

test('paginates 150 comments at 100 a page with a Link header', async () => {
  const s = await server({ token: 'test-token' })
  for (let i = 0; i < 150; i++)
    s.addComment(7, { body: `comment ${i}`, login: i % 2 ? 'octocat' : 'github-actions[bot]' })
  const octokit = client(s)
  const first = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: s.owner,
    repo: s.repo,
    issue_number: 7,
    per_page: 100,
  })
  assert.equal(first.data.length, 100)
  assert.match(String(first.headers.link), /[?&]page=2>; rel="next"/)
  assert.match(String(first.headers.link), /[?&]page=2>; rel="last"/)
  const all = await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: s.owner,
    repo: s.repo,
    issue_number: 7,
    per_page: 100,
  })
  assert.deepEqual(
    all.map((c) => c.body),
    Array.from({ length: 150 }, (_, i) => `comment ${i}`),
  )
  assert.equal(all[0]?.user?.type, 'Bot')
  assert.equal(all[1]?.user?.login, 'octocat')
  const pages = s.requests.filter((r) => r.operationId === 'issues/list-comments').map((r) => r.query.page)
  assert.deepEqual(pages, [undefined, undefined, '2'])
  noViolations(s)
})

test('creates, reads and updates a comment', async () => {
  const s = await server()
  const octokit = client(s)
  const params = { owner: s.owner, repo: s.repo }
  const created = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...params,
    issue_number: 3,
    body: `${MARKER}\nfirst`,
  })
  assert.equal(created.status, 201)
  assert.equal(created.data.user?.login, 'github-actions[bot]')
  assert.match(created.data.html_url, /\/issues\/3#issuecomment-\d+$/)
  const updated = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    ...params,
    comment_id: created.data.id,
    body: `${MARKER}\nsecond`,
  })
  assert.equal(updated.data.body, `${MARKER}\nsecond`)
  assert.ok(updated.data.updated_at > created.data.updated_at, 'an update moves updated_at on')
  const read = await octokit.request('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    ...params,
    comment_id: created.data.id,
  })
  assert.equal(read.data.body, `${MARKER}\nsecond`)
  assert.deepEqual(
    s.comments(3).map((c) => c.body),
    [`${MARKER}\nsecond`],
  )
  assert.deepEqual(
    s.requests.map((r) => `${r.method} ${r.operationId} ${r.status}`),
    ['POST issues/create-comment 201', 'PATCH issues/update-comment 200', 'GET issues/get-comment 200'],
  )
  noViolations(s)
})

test('who labelled a pull request, over pages of its events; the pull requests a commit merged', async () => {
  const s = await server({ token: 'test-token' })
  const octokit = client(s)
  const repo = { owner: s.owner, repo: s.repo }
  for (let i = 0; i < 120; i++) s.addLabelEvent(12, `label-${i}`, `user-${i % 3}`)
  s.addLabelEvent(12, 'bench-accept', 'maintainer')
  const events = await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/events', {
    ...repo,
    issue_number: 12,
    per_page: 100,
  })
  assert.equal(events.length, 121)
  const last = events.at(-1) as { event: string; label?: { name: string }; actor?: { login: string } }
  assert.deepEqual(
    [last.event, last.label?.name, last.actor?.login],
    ['labeled', 'bench-accept', 'maintainer'],
  )
  assert.deepEqual(
    s.requests.filter((r) => r.operationId === 'issues/list-events').map((r) => r.query.page),
    [undefined, '2'],
  )

  const merge = 'c'.repeat(40)
  s.addPull(12, 'a'.repeat(40), { labels: ['bench-accept'], merged: { commitSha: merge, base: 'main' } })
  s.addPull(13, 'b'.repeat(40))
  const pulls = await octokit.paginate('GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls', {
    ...repo,
    commit_sha: merge,
    per_page: 100,
  })
  assert.deepEqual(
    pulls.map((p) => [
      p.number,
      p.merge_commit_sha,
      p.base.ref,
      p.labels.map((l) => l.name),
      p.merged_at !== null,
    ]),
    [[12, merge, 'main', ['bench-accept'], true]],
  )
  const none = await octokit.request('GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls', {
    ...repo,
    commit_sha: 'd'.repeat(40),
  })
  assert.deepEqual(none.data, [])
  const { data: pull } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    ...repo,
    pull_number: 12,
  })
  assert.deepEqual(
    pull.labels.map((l) => l.name),
    ['bench-accept'],
  )
  noViolations(s)
})

test('a body the description rejects is a violation and a 422', async () => {
  const s = await server()
  const octokit = client(s)
  await assert.rejects(
    octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: s.owner,
      repo: s.repo,
      issue_number: 3,
      body: 5 as unknown as string,
    }),
    (error: { status?: number }) => error.status === 422,
  )
  assert.equal(s.violations.length, 1, s.violations.join('\n'))
  assert.match(s.violations[0]!, /issues\/create-comment.*request body: body\/body must be string/)
  assert.deepEqual(s.comments(3), [])
})

gfm.test('a comment body GitHub would render unsafely is a violation, created or updated', async () => {
  const s = await server()
  const octokit = client(s)
  const params = { owner: s.owner, repo: s.repo }
  const created = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...params,
    issue_number: 4,
    body: `${MARKER}\n<summary>\`<img src=x onerror=alert(1)>\` @octocat</summary>`,
  })
  assert.equal(created.status, 201, 'GitHub takes it; the test server reports it')
  await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    ...params,
    comment_id: created.data.id,
    body: `no marker first\n\n${MARKER}\n\n[click](https://evil.example) <!-- more -->`,
  })
  await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    ...params,
    comment_id: created.data.id,
    body: `${MARKER}\n\nThe full report: <https://github.com/${s.owner}/${s.repo}/actions/runs/12>`,
  })
  const problems = s.violations.map((v) => v.replace(/^\S+ \S+ \((\S+)\): the comment body: /, '$1: '))
  assert.deepEqual(problems, [
    'issues/create-comment: an element the report does not write: <img src=x onerror=alert(1)>',
    'issues/create-comment: a mention outside code: "` @octocat"',
    'issues/update-comment: the first line is not the marker: "no marker first"',
    'issues/update-comment: exactly one HTML comment, the marker, first; found 2: "<!-- bench-action:server-test -->", "<!-- more -->"',
    'issues/update-comment: a link the report did not write: <a href="https://evil.example">',
  ])
})

test('an unknown path, a wrong method, a bad query and another repository are violations', async () => {
  const s = await server()
  const octokit = client(s)
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 0,
      (e: { status?: number }) => e.status ?? -1,
    )
  assert.equal(
    await status(
      octokit.request('GET /repos/{owner}/{repo}/no-such-thing', { owner: s.owner, repo: s.repo }),
    ),
    404,
  )
  assert.equal(await status(octokit.request('PUT /user')), 404)
  assert.equal(
    await status(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: s.owner,
        repo: s.repo,
        issue_number: 1,
        perPage: 10,
      }),
    ),
    422,
  )
  assert.equal(
    await status(
      octokit.request('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: 'x',
        repo: 'y',
        comment_id: 1,
      }),
    ),
    404,
  )
  assert.equal(
    await status(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: s.owner,
        repo: s.repo,
        issue_number: 1,
        body: 'text',
        per_page: 10,
      }),
    ),
    422,
  )
  assert.equal(s.violations.length, 5, s.violations.join('\n'))
  assert.match(s.violations[0]!, /no operation of the GitHub REST API has this path/)
  assert.match(s.violations[1]!, /no PUT operation at this path \(there is GET \/user, PATCH \/user\)/)
  assert.match(s.violations[2]!, /unknown query parameter perPage/)
  assert.match(s.violations[3]!, /repository x\/y is not octo-org\/octo-repo/)
  assert.match(s.violations[4]!, /request body: unknown field per_page/)
})

test('injected failures: a 500 is retried, rate limits are waited out, a 403 is final', async () => {
  const s = await server({ viewer: 'octocat' })
  const octokit = client(s, 'test-token', true)
  s.failNext({
    method: 'POST',
    pathPattern: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    status: 500,
  })
  const created = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: s.owner,
    repo: s.repo,
    issue_number: 9,
    body: `${MARKER}\nafter a retry`,
  })
  assert.equal(created.status, 201)
  assert.deepEqual(
    s.requests.map((r) => r.status),
    [500, 201],
  )
  assert.equal(created.data.user?.login, 'octocat', 'comments are the viewer’s when there is one')

  s.failNext({
    pathPattern: /^\/user$/,
    status: 403,
    body: {
      message: 'API rate limit exceeded for installation ID 1.',
      documentation_url: 'https://docs.github.com/rest',
    },
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1) },
  })
  s.failNext({
    pathPattern: '/user',
    status: 429,
    body: {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
    },
    headers: { 'retry-after': '1' },
  })
  s.failNext({ pathPattern: '/user', status: 502 })
  const user = await octokit.request('GET /user')
  assert.equal(user.data.login, 'octocat')
  assert.deepEqual(
    s.requests.slice(2).map((r) => r.status),
    [403, 429, 502, 200],
  )

  s.failNext({ pathPattern: '/user', status: 403 })
  await assert.rejects(octokit.request('GET /user'), (e: { status?: number; message?: string }) => {
    return e.status === 403 && /Resource not accessible by integration/.test(String(e.message))
  })
  noViolations(s)
})

test('GET /user: 403 for an installation token, 401 for a wrong token', async () => {
  const s = await server({ token: 'right' })
  await assert.rejects(
    client(s, 'right').request('GET /user'),
    (e: { status?: number; message?: string }) => {
      return e.status === 403 && /Resource not accessible by integration/.test(String(e.message))
    },
  )
  noViolations(s)
  await assert.rejects(client(s, 'wrong').request('GET /user'), (e: { status?: number }) => e.status === 401)
  assert.deepEqual(s.violations, ['GET /user: wrong token'])
})

test('@actions/artifact uploads through the results service; REST lists and downloads the same zip', async () => {
  const s = await server()
  const workspace = await tempDir('artifact')
  dirs.push(workspace)
  const files: Record<string, string> = {
    'results.json': '{"benchmarks":[{"name":"parse","ns":1234}]}\n',
    'charts/parse.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(workspace, name)), { recursive: true })
    await writeFile(path.join(workspace, name), text)
  }
  s.addArtifact(41, 'baseline', { 'results.json': '{}' })
  const env = runtimeEnv(s, { runId: 42, workspace, headBranch: 'feature' })

  const uploaded = await withProcessEnv(env, () =>
    quietly(() =>
      new DefaultArtifactClient().uploadArtifact(
        'bench-results',
        Object.keys(files).map((f) => path.join(workspace, f)),
        workspace,
      ),
    ),
  )
  const stored = s.artifacts(42)
  assert.deepEqual(
    stored.map((a) => [a.id, a.name]),
    [[uploaded.id, 'bench-results']],
  )
  assert.deepEqual(stored[0]!.files, files)
  assert.equal(uploaded.size, stored[0]!.size)
  assert.equal(`sha256:${uploaded.digest}`, stored[0]!.digest)
  assert.deepEqual(
    s.requests.map((r) => r.operationId),
    [
      'ArtifactService/CreateArtifact',
      'blob/put-block',
      'blob/put-block-list',
      'ArtifactService/FinalizeArtifact',
    ],
  )

  // The library's own listing and download, through ListArtifacts and GetSignedArtifactURL.
  const downloadDir = path.join(workspace, 'download')
  const listed = await withProcessEnv(env, () =>
    quietly(async () => {
      const artifacts = new DefaultArtifactClient()
      const { artifacts: list } = await artifacts.listArtifacts()
      await artifacts.downloadArtifact(uploaded.id!, { path: downloadDir })
      return list
    }),
  )
  assert.deepEqual(
    listed.map((a) => [a.id, a.name, a.size]),
    [[uploaded.id, 'bench-results', uploaded.size]],
  )
  assert.equal(await readFile(path.join(downloadDir, 'charts/parse.svg'), 'utf8'), files['charts/parse.svg'])

  // The REST API sees the same store.
  const octokit = client(s)
  const runArtifacts = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', {
    owner: s.owner,
    repo: s.repo,
    run_id: 42,
    name: 'bench-results',
  })
  assert.equal(runArtifacts.data.total_count, 1)
  const artifact = runArtifacts.data.artifacts[0]!
  assert.equal(artifact.id, uploaded.id)
  assert.equal(artifact.workflow_run?.head_branch, 'feature')
  const all = await octokit.request('GET /repos/{owner}/{repo}/actions/artifacts', {
    owner: s.owner,
    repo: s.repo,
  })
  assert.deepEqual(
    all.data.artifacts.map((a) => a.name),
    ['bench-results', 'baseline'],
  )
  const redirect = await octokit.request(
    'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}',
    {
      owner: s.owner,
      repo: s.repo,
      artifact_id: artifact.id,
      archive_format: 'zip',
      request: { redirect: 'manual' },
    },
  )
  assert.equal(redirect.status, 302)
  const location = String(redirect.headers.location)
  assert.ok(location.startsWith(`${s.url}/`), `the download redirects to the server: ${location}`)
  const zip = await fetch(location)
  assert.equal(zip.status, 200)
  assert.deepEqual(unzipText(new Uint8Array(await zip.arrayBuffer())), files)
  noViolations(s)
})

test('@actions/artifact finds and downloads another run’s artifact through the REST API', async () => {
  // @actions/github reads GITHUB_API_URL when it is first imported, so this runs in a process of its own.
  const s = await server({ token: 'test-token' })
  const baseline = s.addArtifact(41, 'baseline', { 'results.json': '{"ns":1}\n', 'nested/a.txt': 'a\n' })
  const workspace = await tempDir('artifact-find')
  dirs.push(workspace)
  const script = `
    import { DefaultArtifactClient } from '@actions/artifact'
    const client = new DefaultArtifactClient()
    const findBy = { token: 'test-token', workflowRunId: 41, repositoryOwner: '${s.owner}', repositoryName: '${s.repo}' }
    const { artifact } = await client.getArtifact('baseline', { findBy })
    const { downloadPath } = await client.downloadArtifact(artifact.id, { path: process.env.GITHUB_WORKSPACE + '/out', findBy })
    console.error(JSON.stringify({ id: artifact.id, downloadPath }))
  `
  const { stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_TEST_CONTEXT: undefined, ...runtimeEnv(s, { runId: 43, workspace }) },
  })
  const result = JSON.parse(stderr.trim().split('\n').at(-1)!) as { id: number; downloadPath: string }
  assert.equal(result.id, baseline.id)
  assert.equal(await readFile(path.join(workspace, 'out/nested/a.txt'), 'utf8'), 'a\n')
  assert.deepEqual(
    s.requests.map((r) => `${r.operationId} ${r.status}`),
    ['actions/list-workflow-run-artifacts 200', 'actions/download-artifact 302', 'blob/get 200'],
  )
  noViolations(s)
})
