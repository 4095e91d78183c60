// The bundled action (node dist/index.js) run as the runner runs it, with a benchmark that does what a
// pull request's benchmark can: read the start-up environment of every process above it, through
// /proc/<pid>/environ, which a process cannot change by deleting variables. None of the action's
// tokens may be there while benchmarks run, and they must still reach the code that needs them: the
// cache store and the artifact upload (ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL) and the comment
// (the github-token input).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { runActionOn } from '../../support/action-run.ts'
import * as events from '../../support/events.ts'
import { type GitHubServer, startGitHubServer } from '../../support/github-server.ts'
import { gitRepo, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { node24Missing } from '../../support/tools.ts'

// process.execve, which the action starts itself again with, is in the Node action.yml declares.
const skip = process.platform !== 'linux' ? 'reads /proc' : node24Missing()

const secret = (what: string) => `${what}-${randomBytes(12).toString('hex')}`
const TOKEN = secret('ghs')
const ID_TOKEN = secret('id-token')
const ID_TOKEN_URL = `https://id-token.example/${secret('request')}`
const CACHE_URL = `https://cache.example/${secret('cache')}/`
/** The header of the runtime token the local GitHub hands out (a JWT): its value in any environment. */
const RUNTIME_TOKEN_HEADER = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'none' })).toString('base64url')
const PR = 12
const HEAD_SHA = 'e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0'

/** Names that are the action's alone: none may be in the action's start-up environment. */
const ACTION_ONLY =
  /^(INPUT_[^=]*|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL|ACTIONS_RESULTS_URL|ACTIONS_CACHE_URL)=/

const dirs: string[] = []
let server: GitHubServer
let workspace: string
let found: string
before(async () => {
  if (skip) return
  server = await startGitHubServer({ token: TOKEN, viewer: null })
  found = await tempDir('environs')
  // Every process up the tree: its command line, then its start-up environment, one variable a line.
  const walk = `out=${found}/environs.txt
pid=$PPID
: > "$out.part"
while [ "$pid" -gt 1 ] && [ -r "/proc/$pid/environ" ]; do
  { printf '== %s: ' "$pid"; tr '\\0' ' ' < "/proc/$pid/cmdline"; echo; tr '\\0' '\\n' < "/proc/$pid/environ"; echo; } >> "$out.part"
  pid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status")
done
mv "$out.part" "$out"
`
  workspace = await gitRepo({
    'bench.yml': `suite: environ
benchmarks:
  - name: ancestors
    kind: process
    shell: true
    command: |
${walk
  .split('\n')
  .map((line) => `      ${line}`)
  .join('\n')}
    runs: 2
    warmup: 0
    threshold: 1000%
`,
  })
  dirs.push(workspace, found)
})
after(async () => {
  await server?.close()
  for (const d of dirs) await removeDir(d)
})

interface Ancestor {
  pid: string
  command: string
  environ: string[]
}

async function ancestors(): Promise<Ancestor[]> {
  const text = await readFile(path.join(found, 'environs.txt'), 'utf8')
  return text
    .split(/^== /m)
    .filter((block) => block !== '')
    .map((block) => {
      const [head, ...environ] = block.split('\n')
      const [pid, command] = head!.split(/: (.*)/s) as [string, string]
      return { pid, command, environ: environ.filter((line) => line !== '') }
    })
}

async function run(runId: number, eventName: string, event: object, headBranch: string) {
  const before = dirs.length
  const r = await runActionOn({
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
      baseline: 'store',
      'baseline-store': 'cache',
    },
    extraEnv: {
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: ID_TOKEN,
      ACTIONS_ID_TOKEN_REQUEST_URL: ID_TOKEN_URL,
      ACTIONS_CACHE_URL: CACHE_URL,
    },
    dirs,
  })
  assert.equal(r.code, 0, r.stdout)
  const tree = await ancestors()
  const action = tree.find((a) => a.command.includes('dist/index.js'))
  assert.ok(action, `the benchmark reached the action's process:\n${tree.map((a) => a.command).join('\n')}`)
  assert.deepEqual(
    action.environ.filter((line) => ACTION_ONLY.test(line)),
    [],
    "the action's start-up environment holds none of its variables",
  )
  for (const a of tree) {
    for (const value of [TOKEN, ID_TOKEN, ID_TOKEN_URL, CACHE_URL, RUNTIME_TOKEN_HEADER])
      assert.ok(!a.environ.some((line) => line.includes(value)), `${a.command} (pid ${a.pid}) shows ${value}`)
  }
  // What the action handed itself over in is gone from the runner's temporary directory.
  const runnerTemp = dirs.slice(before).find((d) => path.basename(d).includes('runner-temp'))!
  assert.deepEqual(
    (await readdir(runnerTemp)).filter((name) => name.startsWith('bench-action-env-')),
    [],
  )
  return r
}

test("a benchmark finds none of the action's tokens in the environment of any process above it, and the action still uses them", {
  skip,
}, async () => {
  const push = {
    ref: 'refs/heads/main',
    after: HEAD_SHA,
    repository: { full_name: `${server.owner}/${server.repo}`, default_branch: 'main' },
  }
  const saved = await run(501, 'push', push, 'main')
  // ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL reached the cache store and the artifact upload.
  assert.equal(server.cacheEntries().length, 1, 'the push saved its results in the Actions cache')
  assert.equal(saved.outputs['report-artifact'], 'bench-action-report-environ')
  assert.deepEqual(
    server.artifacts(501).map((a) => a.name),
    ['bench-action-report-environ'],
  )

  const base = events.pullRequestEvent(server, {
    number: PR,
    headSha: HEAD_SHA,
    baseSha: '1'.repeat(40),
    fork: false,
  })
  const pr = await run(
    502,
    'pull_request',
    { ...base, repository: { ...base.repository, default_branch: 'main' } },
    'feature',
  )
  // The github-token input reached the client that posts the comment; the cache gave the baseline.
  assert.equal(server.comments(PR).length, 1, pr.stdout)
  assert.match(pr.summary, /\*\*Baseline:\*\* .*on main/)
  assert.deepEqual(server.violations, [])
})

test('where Node has no process.execve, the step warns that a benchmark can read its tokens, and runs as before', {
  skip:
    typeof (process as { execve?: unknown }).execve === 'function' ? 'this Node has process.execve' : false,
}, async () => {
  const dir = await gitRepo({
    'bench.yml': 'suite: old-node\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 2 }\n',
  })
  const runnerTemp = await tempDir('runner-temp')
  dirs.push(dir, runnerTemp)
  const output = path.join(runnerTemp, 'output')
  await writeFile(output, '')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: dir,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: runnerTemp,
    'INPUT_GITHUB-TOKEN': TOKEN,
    INPUT_SAVE: 'false',
  }
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [path.join(repoRoot, 'dist/index.js')], { cwd: dir, env }, (err, out) =>
      err ? reject(new Error(`${err.message}\n${out}`)) : resolve(out),
    ),
  )
  assert.ok(
    stdout.includes(
      `::warning::bench-action could not start again without its tokens in its environment (this Node, ${process.version} on ${process.platform}, has no process.execve), so a benchmark can read them there`,
    ),
    stdout,
  )
  assert.match(await readFile(output, 'utf8'), /^verdict<<.*\npass\n/m)
})
