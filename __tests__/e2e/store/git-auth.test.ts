// The git store against an origin that wants credentials, as github.com does: `git http-backend`
// behind a small HTTP server on 127.0.0.1 that answers 401 (WWW-Authenticate: Basic realm="GitHub")
// unless the request carries `Authorization: Basic base64(x-access-token:TOKEN)`, and 403 to a
// read-only token that tries to push. Workspaces are made the way actions/checkout makes them, with
// its credentials in both of the forms it leaves them: (a) an http.<url>.extraheader in .git/config
// (checkout ≤ v4.3.0), (b) a config file under RUNNER_TEMP included by includeIf.gitdir:<ws>/.git.path
// (checkout v6, v5.0.1, v4.3.1). Nothing here may ever see the token outside the checkout's own config.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { baselineStore } from '../../../src/action/main.ts'
import type { GitHubContext } from '../../../src/github/context.ts'
import type { ResultSet } from '../../../src/results.ts'
import { runPipeline } from '../../../src/run/pipeline.ts'
import { GitStoreError } from '../../../src/store/git.ts'
import type { OpenStore } from '../../../src/store/index.ts'
import { cli, removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const startedAt = Date.now()

const WRITE_TOKEN = 'ghs_WriteTokenOfTheTest0123456789abcdef'
const READ_TOKEN = 'ghs_ReadOnlyTokenOfTheTest9876543210fed'
const basic = (token: string) => Buffer.from(`x-access-token:${token}`).toString('base64')
/** Every way the tokens could show up: as given, and as the header value the checkout writes. */
const SECRETS = [WRITE_TOKEN, READ_TOKEN, basic(WRITE_TOKEN), basic(READ_TOKEN)]

const CONFIG =
  'suite: auth\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n'

const execPath = (await run('git', ['--exec-path'])).stdout.trim()
const httpBackend = path.join(execPath, 'git-http-backend')
const backend = await needs('git-http-backend')

// ---------------------------------------------------------------------------------------------------
// The origin: git http-backend as CGI, behind GitHub's answers to missing and read-only credentials.

interface GitServer {
  url: (repo: string) => string
  base: string
  stats: { unauthorized: number; forbidden: number; receivePacks: number }
  close: () => Promise<void>
}

async function startGitServer(projectRoot: string): Promise<GitServer> {
  const stats = { unauthorized: 0, forbidden: 0, receivePacks: 0 }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const header = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')
      const user = header ? Buffer.from(header[1]!, 'base64').toString() : ''
      const token = user.startsWith('x-access-token:') ? user.slice('x-access-token:'.length) : undefined
      const access = token === WRITE_TOKEN ? 'write' : token === READ_TOKEN ? 'read' : undefined
      if (!access) {
        stats.unauthorized++
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="GitHub"', 'Content-Type': 'text/plain' })
        res.end('Unauthorized\n')
        return
      }
      const receive =
        url.searchParams.get('service') === 'git-receive-pack' || url.pathname.endsWith('/git-receive-pack')
      if (receive && access !== 'write') {
        stats.forbidden++
        res.writeHead(403, { 'Content-Type': 'text/plain' })
        res.end(
          `Permission to owner${url.pathname.replace(/\/(info|git-).*$/, '')} denied to github-actions[bot].\n`,
        )
        return
      }
      if (url.pathname.endsWith('/git-receive-pack')) stats.receivePacks++
      const body = Buffer.concat(chunks)
      const child = spawn(httpBackend, [], {
        env: {
          PATH: process.env.PATH ?? '',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_PROJECT_ROOT: projectRoot,
          GIT_HTTP_EXPORT_ALL: '1',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: url.pathname,
          QUERY_STRING: url.search.replace(/^\?/, ''),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          CONTENT_LENGTH: String(body.length),
          // http-backend inflates a gzip request body itself when told it is one.
          HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
          HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
          REMOTE_USER: 'x-access-token',
          REMOTE_ADDR: '127.0.0.1',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      const out: Buffer[] = []
      child.stdout.on('data', (c: Buffer) => out.push(c))
      child.stderr.on('data', () => {})
      child.stdin.on('error', () => {})
      child.on('close', () => {
        const all = Buffer.concat(out)
        const end = all.indexOf('\r\n\r\n')
        if (end < 0) {
          res.writeHead(500)
          res.end()
          return
        }
        let status = 200
        const headers: Record<string, string> = {}
        for (const line of all.subarray(0, end).toString().split('\r\n')) {
          const colon = line.indexOf(':')
          const name = line.slice(0, colon).trim()
          const value = line.slice(colon + 1).trim()
          if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10)
          else headers[name] = value
        }
        res.writeHead(status, headers)
        res.end(all.subarray(end + 4))
      })
      child.stdin.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}/`
  return {
    base,
    url: (repo) => `${base}${repo}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// ---------------------------------------------------------------------------------------------------
// Plumbing: an isolated git (no global or system config, no helper, no prompt), repositories, checks.

let scratch: string
let emptyConfig: string
/** A `git` first on the PATH of every store and CLI run here, recording its command line before running git. */
let wrapperDir: string
let argvLog: string

/** The environment of every git and store in this file: nothing from this machine's git config. */
function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(GITHUB_|INPUT_|GIT_|ACTIONS_)/.test(k) || ['CI', 'SSH_ASKPASS', 'FORCE_COLOR'].includes(k))
      continue
    env[k] = v
  }
  return {
    ...env,
    GIT_CONFIG_GLOBAL: emptyConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    ...extra,
  }
}

/** The same isolation for the CLI run in-process (its helper supplies the rest of the environment). */
function cliEnv(): Record<string, string> {
  return { GIT_CONFIG_GLOBAL: emptyConfig, GIT_CONFIG_NOSYSTEM: '1', PATH: recordedPath() }
}

function recordedPath(): string {
  return [wrapperDir, process.env.PATH ?? ''].join(path.delimiter)
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  return (
    await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd,
      env: isolatedEnv(),
      timeout: 60_000,
    })
  ).stdout.trim()
}

interface Origin {
  name: string
  bare: string
  url: string
  mainSha: string
  featureSha: string
}

/** A bare repository served over HTTP: main holds bench.yml, feature one commit more. */
async function makeOrigin(server: GitServer, name: string): Promise<Origin> {
  const bare = path.join(scratch, 'srv', `${name}.git`)
  await git(scratch, 'init', '--quiet', '--bare', '--initial-branch=main', bare)
  await git(bare, 'config', 'http.receivepack', 'true')
  const seed = await tempDir('auth-seed')
  await git(seed, 'init', '--quiet', '--initial-branch=main')
  await writeFile(path.join(seed, 'bench.yml'), CONFIG)
  await git(seed, 'add', '-A')
  await git(seed, 'commit', '--quiet', '-m', 'main')
  const mainSha = await git(seed, 'rev-parse', 'HEAD')
  await git(seed, 'checkout', '--quiet', '-b', 'feature')
  await writeFile(path.join(seed, 'feature.txt'), 'x\n')
  await git(seed, 'add', '-A')
  await git(seed, 'commit', '--quiet', '-m', 'feature')
  const featureSha = await git(seed, 'rev-parse', 'HEAD')
  await git(seed, 'push', '--quiet', bare, 'main', 'feature')
  await removeDir(seed)
  return { name, bare, url: server.url(`${name}.git`), mainSha, featureSha }
}

type Form = 'extraheader' | 'includeIf'

interface Workspace {
  dir: string
  runnerTemp: string
}

/**
 * A workspace as actions/checkout leaves it (fetch-depth 1, persist-credentials true): init, origin,
 * the credentials in the given form, a depth-1 fetch of the sha, a forced checkout of the branch.
 */
async function checkout(
  server: GitServer,
  origin: Origin,
  form: Form,
  opts: { sha: string; branch: string; token?: string; persist?: boolean },
): Promise<Workspace> {
  const dir = await tempDir('auth-ws')
  const runnerTemp = await tempDir('auth-runner-temp')
  const header = `AUTHORIZATION: basic ${basic(opts.token ?? WRITE_TOKEN)}`
  await git(dir, 'init', '--quiet')
  await git(dir, 'remote', 'add', 'origin', origin.url)
  if (form === 'extraheader') {
    await git(dir, 'config', '--local', `http.${server.base}.extraheader`, header)
  } else {
    const file = path.join(runnerTemp, `git-credentials-${path.basename(dir)}.config`)
    await writeFile(file, `[http "${server.base}"]\n\textraheader = ${header}\n`)
    await git(dir, 'config', '--local', `includeIf.gitdir:${path.join(dir, '.git')}.path`, file)
  }
  await git(
    dir,
    '-c',
    'protocol.version=2',
    'fetch',
    '--no-tags',
    '--prune',
    '--no-recurse-submodules',
    '--depth=1',
    'origin',
    `+${opts.sha}:refs/remotes/origin/${opts.branch}`,
  )
  await git(dir, 'checkout', '--quiet', '--force', '-B', opts.branch, `refs/remotes/origin/${opts.branch}`)
  if (opts.persist === false) {
    // persist-credentials: false — the header is gone once the checkout's own fetch is done.
    if (form === 'extraheader')
      await git(dir, 'config', '--local', '--unset-all', `http.${server.base}.extraheader`)
    else await git(dir, 'config', '--local', '--remove-section', `includeIf.gitdir:${path.join(dir, '.git')}`)
  }
  return { dir, runnerTemp }
}

/** What a run must never change in the workspace: HEAD, the branches, the index, FETCH_HEAD, the shallow roots. */
async function workspaceState(dir: string): Promise<Record<string, string>> {
  const read = (file: string) => readFile(path.join(dir, '.git', file), 'utf8').catch(() => '(none)')
  return {
    head: await git(dir, 'rev-parse', 'HEAD'),
    symbolic: await git(dir, 'symbolic-ref', '--quiet', 'HEAD').catch(() => '(detached)'),
    refs: await git(dir, 'for-each-ref', '--format=%(refname) %(objectname)'),
    index: await git(dir, 'ls-files', '--stage'),
    status: await git(dir, 'status', '--porcelain', '--untracked-files=all', '--ignored'),
    fetchHead: await read('FETCH_HEAD'),
    shallow: await git(dir, 'rev-parse', '--is-shallow-repository'),
    config: await read('config'),
  }
}

async function tipOf(origin: Origin): Promise<string | undefined> {
  return git(origin.bare, 'rev-parse', '--verify', '--quiet', 'refs/heads/bench-data').catch(() => undefined)
}

async function indexOf(
  origin: Origin,
  suite = 'auth',
): Promise<Array<{ branch: string; sha?: string; path: string }>> {
  const text = await git(origin.bare, 'cat-file', 'blob', `bench-data:${suite}/index.json`)
  return (JSON.parse(text) as { entries: Array<{ branch: string; sha?: string; path: string }> }).entries
}

/** What the action does on GitHub: its store selection, then the pipeline, with the event's variables. */
function githubEnv(
  ws: Workspace,
  event: 'push' | 'pull_request',
  sha: string,
  branch: string,
): NodeJS.ProcessEnv {
  return isolatedEnv({
    PATH: recordedPath(),
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: event,
    GITHUB_SHA: sha,
    GITHUB_REPOSITORY: 'owner/repo',
    RUNNER_TEMP: ws.runnerTemp,
    ...(event === 'push'
      ? { GITHUB_REF: `refs/heads/${branch}`, GITHUB_REF_NAME: branch }
      : {
          GITHUB_REF: 'refs/pull/7/merge',
          GITHUB_REF_NAME: '7/merge',
          GITHUB_HEAD_REF: branch,
          GITHUB_BASE_REF: 'main',
        }),
  })
}

const context = (event: string): GitHubContext => ({
  eventName: event,
  event: { repository: { default_branch: 'main' } },
  owner: 'owner',
  repo: 'repo',
  serverUrl: 'https://github.com',
})

/** Every line any store or pipeline logged, every error message: checked for the tokens at the end. */
const said: string[] = []
const log = (line: string) => {
  said.push(line)
}
const workspaces: Workspace[] = []
const opened: OpenStore[] = []

function actionStore(ws: Workspace, env: NodeJS.ProcessEnv): { store: OpenStore; save: boolean } {
  const chosen = baselineStore(
    { baselineStore: 'git', baselineBranch: 'bench-data', save: true, workingDirectory: ws.dir },
    env,
    context(env.GITHUB_EVENT_NAME!),
    log,
  )
  assert.ok(chosen.store, 'baseline-store: git gives a store')
  opened.push(chosen.store)
  return { store: chosen.store, save: chosen.save }
}

async function actionRun(ws: Workspace, env: NodeJS.ProcessEnv, now?: Date) {
  const { store, save } = actionStore(ws, env)
  try {
    return await runPipeline({
      cwd: ws.dir,
      storeDir: '.bench',
      store,
      save,
      installTools: false,
      env,
      log,
      ...(now ? { now: () => now } : {}),
    })
  } finally {
    await store.close?.()
  }
}

async function rejection(work: Promise<unknown>): Promise<Error> {
  try {
    await work
  } catch (error) {
    said.push((error as Error).message)
    return error as Error
  }
  assert.fail('expected the store to refuse')
}

let server: GitServer

before(async () => {
  scratch = await tempDir('auth-scratch')
  emptyConfig = path.join(scratch, 'empty.gitconfig')
  await writeFile(emptyConfig, '')
  wrapperDir = path.join(scratch, 'bin')
  argvLog = path.join(scratch, 'git-argv.log')
  await mkdir(wrapperDir)
  const realGit = (await run('sh', ['-c', 'command -v git'])).stdout.trim()
  await writeFile(
    path.join(wrapperDir, 'git'),
    `#!/bin/sh\nprintf '%s ' "$@" >> '${argvLog}'\necho >> '${argvLog}'\nexec '${realGit}' "$@"\n`,
    { mode: 0o755 },
  )
  if (backend.verdict.run) server = await startGitServer(path.join(scratch, 'srv'))
})

after(async () => {
  await server?.close()
  for (const s of opened) await s.close?.()
  for (const w of workspaces) {
    await removeDir(w.dir)
    await removeDir(w.runnerTemp)
  }
  await removeDir(scratch)
})

async function newWorkspace(...args: Parameters<typeof checkout>): Promise<Workspace> {
  const ws = await checkout(...args)
  workspaces.push(ws)
  return ws
}

// ---------------------------------------------------------------------------------------------------

for (const form of ['extraheader', 'includeIf'] as const) {
  const label =
    form === 'extraheader'
      ? '(a) http.<url>.extraheader in .git/config (checkout ≤ v4.3.0)'
      : '(b) a credentials file under RUNNER_TEMP, includeIf.gitdir (checkout v6, v5.0.1, v4.3.1)'
  backend.describe(`the git store with checkout's credentials ${label}`, { timeout: 240_000 }, () => {
    let origin: Origin
    before(async () => {
      origin = await makeOrigin(server, `repo-${form}`)
    })

    test('a push to main saves its run in the data branch, and leaves the shallow workspace as it was', async () => {
      const ws = await newWorkspace(server, origin, form, { sha: origin.mainSha, branch: 'main' })
      const state = await workspaceState(ws.dir)
      assert.equal(state.shallow, 'true', 'a checkout with fetch-depth 1 is shallow')
      const outcome = await actionRun(ws, githubEnv(ws, 'push', origin.mainSha, 'main'))
      assert.match(outcome.savedPath ?? '', /^bench-data:auth\/main\/\d{8}T\d{9}Z-[0-9a-f]{12}\.json$/)
      const entries = await indexOf(origin)
      assert.deepEqual(
        entries.map((e) => [e.branch, e.sha]),
        [['main', origin.mainSha]],
      )
      const stored = JSON.parse(
        await git(origin.bare, 'cat-file', 'blob', `bench-data:${entries[0]!.path}`),
      ) as ResultSet
      assert.equal(stored.commit.sha, origin.mainSha)
      assert.deepEqual(
        await workspaceState(ws.dir),
        state,
        'HEAD, refs, index, FETCH_HEAD, shallow, config unchanged',
      )
      assert.ok(server.stats.receivePacks > 0)
    })

    test('a pull request (another checkout, on its branch) finds that run as its baseline and writes nothing', async () => {
      const tip = await tipOf(origin)
      assert.ok(tip, 'the push saved first')
      const ws = await newWorkspace(server, origin, form, { sha: origin.featureSha, branch: 'feature' })
      const state = await workspaceState(ws.dir)
      const env = githubEnv(ws, 'pull_request', origin.featureSha, 'feature')
      assert.equal(actionStore(ws, env).save, false, 'a pull request never saves')
      const outcome = await actionRun(ws, env)
      assert.equal(outcome.comparison.baseline?.commit.sha, origin.mainSha)
      assert.match(outcome.comparison.baseline?.source ?? '', /^auth\/main\//)
      assert.match(outcome.comparison.baseline?.reason ?? '', /main/)
      assert.equal(outcome.savedPath, undefined)
      assert.equal(await tipOf(origin), tip, 'the data branch did not move')
      assert.deepEqual(await workspaceState(ws.dir), state)
    })

    test('two workspaces pushing at once both land', async () => {
      const before = (await indexOf(origin)).length
      const one = await newWorkspace(server, origin, form, { sha: origin.mainSha, branch: 'main' })
      const two = await newWorkspace(server, origin, form, { sha: origin.mainSha, branch: 'main' })
      const t0 = Date.UTC(2030, 0, 1)
      // Two whole runs at once (as two jobs would), and a burst of saves from both to make them collide.
      const [a, b] = await Promise.all([
        actionRun(one, githubEnv(one, 'push', origin.mainSha, 'main'), new Date(t0)),
        actionRun(two, githubEnv(two, 'push', origin.mainSha, 'main'), new Date(t0 + 1000)),
      ])
      assert.ok(a.savedPath && b.savedPath && a.savedPath !== b.savedPath)
      const s1 = actionStore(one, githubEnv(one, 'push', origin.mainSha, 'main')).store
      const s2 = actionStore(two, githubEnv(two, 'push', origin.mainSha, 'main')).store
      const burst: Array<Promise<string>> = []
      for (let i = 0; i < 3; i++) {
        const at = (n: number) => new Date(t0 + 10_000 + n * 1000).toISOString()
        burst.push(s1.save(resultSetOf('auth', { sha: origin.mainSha, branch: 'main' }, at(2 * i))))
        burst.push(s2.save(resultSetOf('auth', { sha: origin.mainSha, branch: 'main' }, at(2 * i + 1))))
      }
      const paths = await Promise.all(burst)
      const entries = await indexOf(origin)
      assert.equal(entries.length, before + 8, entries.map((e) => e.path).join('\n'))
      for (const saved of [a.savedPath!, b.savedPath!, ...paths]) {
        assert.ok(
          entries.some((e) => `bench-data:${e.path}` === saved),
          `${saved} is in the index`,
        )
      }
      const files = (await git(origin.bare, 'ls-tree', '-r', '--name-only', 'bench-data')).split('\n')
      assert.equal(files.filter((f) => f.startsWith('auth/main/')).length, before + 8)
    })

    test('a read-only token (no contents: write) is refused with a message naming the fix', async () => {
      const tip = await tipOf(origin)
      const ws = await newWorkspace(server, origin, form, {
        sha: origin.mainSha,
        branch: 'main',
        token: READ_TOKEN,
      })
      const forbidden = server.stats.forbidden
      const error = await rejection(actionRun(ws, githubEnv(ws, 'push', origin.mainSha, 'main')))
      assert.ok(error instanceof GitStoreError, `${error.name}: ${error.message}`)
      assert.match(error.message, /^cannot push to the bench-data branch of origin: /)
      assert.match(error.message, /403/)
      assert.match(error.message, /permissions: contents: write/)
      assert.match(error.message, /fork/)
      assert.ok(server.stats.forbidden > forbidden, 'the server refused the push')
      assert.equal(await tipOf(origin), tip)
    })
  })
}

backend.test(
  'without credentials (persist-credentials: false) the store fails at once, naming persist-credentials',
  { timeout: 120_000 },
  async () => {
    const origin = await makeOrigin(server, 'repo-nocreds')
    const ws = await newWorkspace(server, origin, 'extraheader', {
      sha: origin.mainSha,
      branch: 'main',
      persist: false,
    })
    const unauthorized = server.stats.unauthorized
    const env = githubEnv(ws, 'push', origin.mainSha, 'main')
    const { store } = actionStore(ws, env)
    // GIT_TERMINAL_PROMPT is not set by the caller: the store itself must never wait for a prompt.
    delete env.GIT_TERMINAL_PROMPT
    const error = await rejection(store.list('auth', 'main'))
    assert.ok(error instanceof GitStoreError, `${error.name}: ${error.message}`)
    assert.match(error.message, /^cannot fetch the bench-data branch of origin: /)
    assert.match(error.message, /could not read Username|terminal prompts disabled/)
    assert.match(error.message, /persist-credentials/)
    assert.ok(server.stats.unauthorized > unauthorized, 'origin asked for credentials')
    const saving = await rejection(actionRun(ws, env))
    assert.ok(saving instanceof GitStoreError)
    assert.match(saving.message, /persist-credentials/)
  },
)

backend.test(
  "a token a user put in origin's URL reaches no command line of the store's and no message",
  { timeout: 120_000 },
  async () => {
    const origin = await makeOrigin(server, 'repo-url-token')
    const ws = await newWorkspace(server, origin, 'extraheader', {
      sha: origin.mainSha,
      branch: 'main',
      persist: false,
    })
    await git(
      ws.dir,
      'remote',
      'set-url',
      'origin',
      origin.url.replace('http://', `http://x-access-token:${WRITE_TOKEN}@`),
    )
    const outcome = await actionRun(ws, githubEnv(ws, 'push', origin.mainSha, 'main'))
    assert.match(outcome.savedPath ?? '', /^bench-data:auth\/main\//)
    assert.equal((await indexOf(origin)).length, 1)
    const refs = await git(ws.dir, 'for-each-ref', '--format=%(refname)')
    assert.doesNotMatch(refs, /bench-data|bench-action/, 'no remote-tracking branch, no private ref left')
    // The read-only token in the URL: refused, and the message shows the URL without it.
    await git(
      ws.dir,
      'remote',
      'set-url',
      'origin',
      origin.url.replace('http://', `http://x-access-token:${READ_TOKEN}@`),
    )
    const error = await rejection(
      actionRun(ws, githubEnv(ws, 'push', origin.mainSha, 'main'), new Date(Date.UTC(2031, 0, 1))),
    )
    assert.match(error.message, /contents: write/)
    // The store's command lines were recorded by the wrapper; the final test checks them.
  },
)

backend.describe(
  'the CLI reads what CI stored, with the developer’s own credentials',
  { timeout: 240_000 },
  () => {
    let origin: Origin
    let dev: string
    let ciRun: string
    before(async () => {
      origin = await makeOrigin(server, 'repo-cli')
      // CI saved a run of main.
      const ci = await newWorkspace(server, origin, 'extraheader', { sha: origin.mainSha, branch: 'main' })
      const outcome = await actionRun(ci, githubEnv(ci, 'push', origin.mainSha, 'main'))
      ciRun = outcome.savedPath!.replace(/^bench-data:/, '')
      // A developer's full clone, their credentials in the repository's config, on the feature branch.
      dev = await tempDir('auth-dev')
      workspaces.push({ dir: dev, runnerTemp: dev })
      await git(dev, 'init', '--quiet', '--initial-branch=main')
      await git(dev, 'remote', 'add', 'origin', origin.url)
      await git(
        dev,
        'config',
        '--local',
        `http.${server.base}.extraheader`,
        `AUTHORIZATION: basic ${basic(WRITE_TOKEN)}`,
      )
      await git(dev, 'fetch', '--quiet', 'origin', 'main', 'feature')
      await git(dev, 'remote', 'set-head', 'origin', 'main')
      await git(dev, 'checkout', '--quiet', '-B', 'main', 'origin/main')
      await git(dev, 'checkout', '--quiet', '-b', 'feature', 'origin/feature')
    })

    test('run --dry-run --baseline git: compares with the run CI saved for main, names it, and pushes nothing', async () => {
      const tip = await tipOf(origin)
      const state = await workspaceState(dev)
      const r = await cli(['run', '--dry-run', '--baseline', 'git:', '--no-install'], dev, cliEnv())
      said.push(r.stdout, r.stderr)
      assert.equal(r.code, 0, r.stderr)
      const short = origin.mainSha.slice(0, 7)
      assert.match(
        r.stdout,
        new RegExp(`baseline: ${short}\\S* on main, measured .*: results of the merge base with main`),
      )
      assert.doesNotMatch(r.stderr, /results saved/, 'a dry run saves nothing')
      assert.equal(await tipOf(origin), tip, 'nothing pushed')
      const after = await workspaceState(dev)
      assert.equal(after.shallow, 'false', 'a full clone is not made shallow')
      assert.deepEqual(
        { ...after, status: '' },
        { ...state, status: '' },
        'HEAD, refs (no origin/bench-data, no private refs), index, FETCH_HEAD, config unchanged',
      )
      assert.ok(ciRun.startsWith('auth/main/'))
    })

    test('--baseline-store git --baseline-branch bench-data reads the same; --save pushes, --dry-run --save is refused', async () => {
      const tip = await tipOf(origin)
      const read = await cli(
        ['run', '--baseline-store', 'git', '--baseline-branch', 'bench-data', '--no-save', '--no-install'],
        dev,
        cliEnv(),
      )
      said.push(read.stdout, read.stderr)
      assert.equal(read.code, 0, read.stderr)
      assert.match(read.stdout, new RegExp(`baseline: ${origin.mainSha.slice(0, 7)}\\S* on main`))
      assert.equal(await tipOf(origin), tip, 'no --save: nothing pushed')

      const refused = await cli(
        ['run', '--dry-run', '--baseline', 'git:', '--save', '--no-install'],
        dev,
        cliEnv(),
      )
      assert.equal(refused.code, 2)
      assert.match(refused.stderr, /--dry-run never pushes/)
      assert.equal(await tipOf(origin), tip)

      const pushed = await cli(['run', '--baseline-store', 'git', '--save', '--no-install'], dev, cliEnv())
      said.push(pushed.stdout, pushed.stderr)
      assert.equal(pushed.code, 0, pushed.stderr)
      assert.match(pushed.stderr, /results saved to bench-data:auth\/feature\/\S+\.json \(pushed to origin\)/)
      assert.notEqual(await tipOf(origin), tip)
      const entries = await indexOf(origin)
      assert.ok(entries.some((e) => e.branch === 'feature' && e.sha === origin.featureSha))
    })

    test('a missing data branch is no baseline, said plainly; a missing origin is a usage error naming it', async () => {
      const none = await cli(
        ['run', '--dry-run', '--baseline', 'git:no-such-branch', '--no-install'],
        dev,
        cliEnv(),
      )
      said.push(none.stdout, none.stderr)
      assert.equal(none.code, 0, none.stderr)
      assert.match(none.stdout, /no baseline/)
      const lonely = await tempDir('auth-lonely')
      workspaces.push({ dir: lonely, runnerTemp: lonely })
      await git(lonely, 'init', '--quiet')
      await writeFile(path.join(lonely, 'bench.yml'), CONFIG)
      const r = await cli(['run', '--dry-run', '--baseline', 'git:', '--no-install'], lonely, cliEnv())
      said.push(r.stdout, r.stderr)
      assert.equal(r.code, 2, r.stderr)
      assert.match(
        r.stderr,
        /cannot fetch the bench-data branch of origin: .*does not appear to be a git repository.*actions\/checkout/,
      )
    })
  },
)

backend.test(
  'the tokens never appear in a file the store wrote, in the data branch, in an error or in a log',
  async () => {
    const leaks: string[] = []
    const check = (where: string, text: string) => {
      for (const secret of SECRETS)
        if (text.includes(secret)) leaks.push(`${where} holds ${secret.slice(0, 8)}…`)
    }
    for (const [i, line] of said.entries()) check(`log line ${i}`, line)
    assert.ok(said.length > 0)
    // Every command line the stores and the CLI ran git with.
    const argv = await readFile(argvLog, 'utf8')
    assert.match(argv, /^push /m, 'the wrapper saw the pushes')
    assert.match(argv, /^fetch /m, 'the wrapper saw the fetches')
    check('a git command line', argv)
    // Every file of every workspace and RUNNER_TEMP but the checkout's own credentials (its .git/config
    // in form (a), its credentials file in form (b)).
    const walk = async (dir: string, skip: (file: string) => boolean): Promise<number> => {
      let count = 0
      for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        if (skip(file)) continue
        count++
        check(file, (await readFile(file)).toString('latin1'))
      }
      return count
    }
    let files = 0
    for (const w of workspaces) {
      files += await walk(w.dir, (f) => f === path.join(w.dir, '.git', 'config'))
      if (w.runnerTemp !== w.dir)
        files += await walk(w.runnerTemp, (f) => /git-credentials-.*\.config$/.test(f))
    }
    assert.ok(files > 0)
    // Whatever the store left in the temporary directory since this file started (it should leave nothing).
    for (const entry of await readdir(os.tmpdir())) {
      if (!entry.startsWith('bench-action-')) continue
      const full = path.join(os.tmpdir(), entry)
      const info = await stat(full).catch(() => undefined)
      if (!info || info.mtimeMs < startedAt) continue
      if (info.isDirectory()) await walk(full, () => false)
      else check(full, (await readFile(full)).toString('latin1'))
    }
    // Every object of every origin: what was pushed.
    for (const repo of await readdir(path.join(scratch, 'srv'))) {
      const objects = await run('git', ['cat-file', '--batch-all-objects', '--batch'], {
        cwd: path.join(scratch, 'srv', repo),
        env: isolatedEnv(),
        maxBuffer: 256 * 1024 * 1024,
      })
      check(`the objects of ${repo}`, objects.stdout)
    }
    assert.deepEqual(leaks, [])
  },
)
