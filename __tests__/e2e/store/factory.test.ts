// One store factory for the CLI and the action (docs/ARCHITECTURE.md#stores), the action's choice of store and of when
// to save, the CLI's store flags, and what the git store says when git refuses.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { promisify } from 'node:util'
import { baselineStore } from '../../../src/action/main.ts'
import type { GitHubContext } from '../../../src/github/context.ts'
import { CacheStore } from '../../../src/store/cache.ts'
import { DirStore } from '../../../src/store/dir.ts'
import { GitStore, gitFailureHint, gitVersionNumber, redactCredentials } from '../../../src/store/git.ts'
import { createStore, readingFrom } from '../../../src/store/index.ts'
import { cli, removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

test('createStore makes each kind; the dir store resolves against cwd', () => {
  const dir = createStore('dir', { cwd: '/work/x', storeDir: 'results' })
  assert.ok(dir instanceof DirStore)
  assert.equal(dir.root, path.join('/work/x', 'results'))
  assert.equal(createStore('dir', { cwd: '/work/x' }).root, path.join('/work/x', '.bench'))
  const git = createStore('git', { cwd: '/work/x', branch: 'perf-data' })
  assert.ok(git instanceof GitStore)
  assert.equal(git.root, 'the perf-data branch of origin')
  assert.equal(createStore('git', { cwd: '/work/x' }).root, 'the bench-data branch of origin')
  assert.ok(createStore('cache', { cwd: '/work/x', runId: '7' }) instanceof CacheStore)
  assert.throws(() => createStore('cache', { cwd: '/work/x' }), /run id/)
})

test('readingFrom lists and loads from one store and saves to another', async () => {
  const a = await tempDir('factory-a')
  const b = await tempDir('factory-b')
  dirs.push(a, b)
  const source = new DirStore(a)
  const local = new DirStore(b)
  const run = resultSetOf('s', { sha: 'a'.repeat(40), branch: 'main' }, '2026-01-01T00:00:00.000Z')
  await source.save(run)
  const both = readingFrom(source, local)
  assert.equal(both.root, a)
  const [entry] = await both.list('s', 'main')
  assert.deepEqual(await both.load(entry!), run)
  const saved = await both.save({ ...run, createdAt: '2026-01-02T00:00:00.000Z' })
  assert.ok(saved.startsWith(b), saved)
  assert.equal((await source.list('s', 'main')).length, 1, 'nothing saved where it reads from')
  assert.equal((await local.list('s', 'main')).length, 1)
})

const context: GitHubContext = {
  eventName: 'push',
  event: { repository: { default_branch: 'main' } },
  owner: 'o',
  repo: 'r',
  serverUrl: 'https://github.com',
}
const inputs = {
  baselineStore: 'git' as const,
  baselineBranch: 'bench-data',
  save: true,
  workingDirectory: '/work/ws',
}

test('the action: the git store is the workspace’s origin; only pushes to save-on branches save', () => {
  const push = baselineStore(inputs, { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'main' }, context)
  assert.ok(push.store instanceof GitStore)
  assert.equal(push.store.root, 'the bench-data branch of origin')
  assert.equal(push.save, true)
  const other = baselineStore(inputs, { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'dev' }, context)
  assert.equal(other.save, false, 'dev is not the default branch')
  const listed = baselineStore(
    { ...inputs, saveOn: ['dev'] },
    { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'dev' },
    context,
  )
  assert.equal(listed.save, true)
  const pr = baselineStore(inputs, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REF_NAME: '1/merge' }, context)
  assert.equal(pr.save, false, 'a pull request never saves')
  assert.equal(
    baselineStore({ ...inputs, save: false }, { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'main' }, context)
      .save,
    false,
  )
  const dir = baselineStore({ ...inputs, baselineStore: 'dir' }, {}, context)
  assert.deepEqual(dir, { save: true })
  const warnings: string[] = []
  const cache = baselineStore({ ...inputs, baselineStore: 'cache' }, {}, context, (w) => warnings.push(w))
  assert.deepEqual(cache, { save: true })
  assert.match(warnings.join(), /using store-dir/)
})

test('the CLI refuses store flags that contradict each other, before measuring anything', async () => {
  const dir = await tempDir('factory-cli')
  dirs.push(dir)
  const cases: Array<[string[], RegExp]> = [
    [['--baseline-store', 'cache'], /--baseline-store must be dir or git/],
    [
      ['--baseline-branch', 'perf'],
      /--baseline-branch names the git store's data branch: add --baseline-store git/,
    ],
    [['--baseline', 'git:', '--baseline-store', 'dir'], /reads the git store: drop --baseline-store dir/],
    [['--baseline', 'git:a', '--baseline-branch', 'b'], /name different data branches/],
    [['--baseline', 'old.json', '--baseline-store', 'git'], /give one of them/],
    [['--baseline', 'git:', '--dry-run', '--save'], /--dry-run never pushes/],
    [['--save', '--no-save'], /contradict/],
  ]
  for (const [args, message] of cases) {
    const r = await cli(['run', ...args], dir)
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.match(r.stderr, message, args.join(' '))
  }
  const merge = await cli(['merge', 'x.json', '--baseline-branch', 'perf'], dir)
  assert.equal(merge.code, 2)
  assert.match(merge.stderr, /add --baseline-store git/)
  const help = await cli(['--help'], dir)
  for (const flag of ['--baseline-store dir|git', '--baseline-branch NAME', 'git:[BRANCH]', '--save'])
    assert.ok(help.stdout.includes(flag), flag)
})

test('what git said is told with the fix, and without credentials', () => {
  assert.match(
    gitFailureHint(
      'push',
      "fatal: unable to access 'https://github.com/o/r/': The requested URL returned error: 403",
    ),
    /permissions: contents: write/,
  )
  assert.match(
    gitFailureHint('push', 'remote: Permission to o/r.git denied to github-actions[bot].'),
    /contents: write.*fork/,
  )
  assert.match(
    gitFailureHint(
      'fetch',
      "fatal: could not read Username for 'https://github.com': terminal prompts disabled",
    ),
    /persist-credentials/,
  )
  assert.match(
    gitFailureHint('push', 'fatal: Authentication failed for https://github.com/o/r/'),
    /persist-credentials/,
  )
  assert.match(
    gitFailureHint(
      'push',
      ' ! [remote rejected] x -> bench-data (protected branch hook declined)\nremote: error: GH006',
    ),
    /protected/,
  )
  assert.match(
    gitFailureHint('fetch', "fatal: 'origin' does not appear to be a git repository"),
    /actions\/checkout/,
  )
  assert.equal(
    redactCredentials("unable to access 'https://x-access-token:ghs_abc@github.com/o/r/'"),
    "unable to access 'https://***@github.com/o/r/'",
  )
  assert.equal(redactCredentials('AUTHORIZATION: basic eC1hY2Nlc3M='), 'AUTHORIZATION: basic ***')
})

test('with a git older than 2.29 (Ubuntu 20.04 has 2.25) the git store still saves and reads', async () => {
  assert.equal(gitVersionNumber('git version 2.39.5'), 2039)
  assert.equal(gitVersionNumber('git version 2.30.2.windows.1'), 2030)
  assert.equal(gitVersionNumber(''), 0)
  const run = promisify(execFile)
  const dir = await tempDir('factory-oldgit')
  dirs.push(dir)
  const bin = path.join(dir, 'bin')
  await mkdir(bin)
  const realGit = (await run('sh', ['-c', 'command -v git'])).stdout.trim()
  // A git that says it is 2.25: the store must not use options that version lacks.
  await writeFile(
    path.join(bin, 'git'),
    `#!/bin/sh\nif [ "$1" = version ]; then echo 'git version 2.25.1'; exit 0; fi\n` +
      `for a in "$@"; do case "$a" in --no-write-fetch-head) echo "unknown option $a" >&2; exit 129;; esac; done\n` +
      `[ -n "$GIT_CONFIG_COUNT" ] && { echo 'GIT_CONFIG_COUNT is 2.31' >&2; exit 128; }\n` +
      `exec '${realGit}' "$@"\n`,
    { mode: 0o755 },
  )
  const remote = path.join(dir, 'remote.git')
  const work = path.join(dir, 'work')
  await run('git', ['init', '--quiet', '--bare', remote])
  await run('git', ['init', '--quiet', work])
  await run('git', ['remote', 'add', 'origin', remote], { cwd: work })
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` }
  delete env.GIT_CONFIG_COUNT
  const store = createStore('git', { cwd: work, env })
  const results = resultSetOf('old', { sha: 'b'.repeat(40), branch: 'main' }, '2026-01-01T00:00:00.000Z')
  assert.match(await store.save(results), /^bench-data:old\/main\//)
  const fresh = createStore('git', { cwd: work, env })
  const [entry] = await fresh.list('old', 'main')
  assert.deepEqual(await fresh.load(entry!), results)
})
