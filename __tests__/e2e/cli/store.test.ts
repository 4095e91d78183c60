// The CLI's --baseline-store: the local directory by default, the git store's data branch of a real
// origin (a bare repository on disk), and the Actions cache refused, clearly, where there is none.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { CacheStore } from '../../../src/store/cache.ts'
import { GitStore } from '../../../src/store/git.ts'
import { missingFor, openStore, StoreUnavailableError } from '../../../src/store/index.ts'
import { cli, exists, gitRepo, removeDir, tempDir } from '../../support/helpers.ts'

const run = promisify(execFile)
const git = async (cwd: string, ...args: string[]) => (await run('git', args, { cwd })).stdout.trim()

const CONFIG =
  'suite: clistore\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n'

/** A shell outside GitHub Actions: none of the runner's variables, whatever the test runs in. */
const OUTSIDE_ACTIONS = {
  ACTIONS_RUNTIME_TOKEN: '',
  ACTIONS_RESULTS_URL: '',
  ACTIONS_CACHE_URL: '',
  GITHUB_RUN_ID: '',
}

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

test('without --baseline-store the run is saved to the local directory store', async () => {
  const work = await gitRepo({ 'bench.yml': CONFIG })
  dirs.push(work)
  const r = await cli(['run', '--no-install'], work, OUTSIDE_ACTIONS)
  assert.equal(r.code, 0, r.stderr)
  assert.match(r.stderr, /results saved to \.bench\/clistore\/main\/\S+\.json\n/)
  assert.deepEqual(await readdir(path.join(work, '.bench', 'clistore', 'main')).then((f) => f.length), 1)
})

describe('--baseline-store git with a bare repository as origin', () => {
  let origin: string
  let work: string
  let sha: string
  before(async () => {
    const dir = await tempDir('cli-store-origin')
    dirs.push(dir)
    origin = path.join(dir, 'origin.git')
    await run('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin])
    work = await gitRepo({ 'bench.yml': CONFIG })
    dirs.push(work)
    await git(work, 'remote', 'add', 'origin', origin)
    await git(work, 'push', '--quiet', 'origin', 'main')
    sha = await git(work, 'rev-parse', 'HEAD')
  })

  const tip = () => git(origin, 'rev-parse', '--verify', '--quiet', 'refs/heads/bench-data').catch(() => '')
  const indexOf = async () =>
    JSON.parse(await git(origin, 'show', 'bench-data:clistore/index.json')) as {
      entries: Array<{ branch: string; sha?: string; path: string }>
    }

  test('--save pushes the run to the data branch of origin', async () => {
    assert.equal(await tip(), '', 'no data branch yet')
    const r = await cli(['run', '--baseline-store', 'git', '--save', '--no-install'], work, OUTSIDE_ACTIONS)
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /no baseline/i)
    assert.match(r.stderr, /results saved to bench-data:clistore\/main\/\S+\.json \(pushed to origin\)/)
    assert.notEqual(await tip(), '')
    const { entries } = await indexOf()
    assert.equal(entries.length, 1)
    assert.equal(entries[0]!.branch, 'main')
    assert.ok(sha.startsWith(entries[0]!.sha ?? '?'), `${entries[0]!.sha} is ${sha}`)
    assert.equal(await exists(path.join(work, '.bench', 'clistore')), false, 'nothing saved locally')
  })

  test('without --save it compares with what the data branch holds and saves locally only', async () => {
    const before = await tip()
    const r = await cli(['run', '--baseline-store', 'git', '--no-install'], work, OUTSIDE_ACTIONS)
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, new RegExp(`baseline: ${sha.slice(0, 7)}\\S* on main`))
    assert.match(r.stderr, /results saved to \.bench\/clistore\/main\//)
    assert.equal(await tip(), before, 'nothing pushed')
  })

  test('--retain N keeps the newest N runs of the branch in the data branch', async () => {
    const again = await cli(
      ['run', '--baseline-store', 'git', '--save', '--no-install'],
      work,
      OUTSIDE_ACTIONS,
    )
    assert.equal(again.code, 0, again.stderr)
    assert.equal((await indexOf()).entries.length, 2, 'without --retain every run stays')
    const r = await cli(
      ['run', '--baseline-store', 'git', '--save', '--retain', '1', '--no-install'],
      work,
      OUTSIDE_ACTIONS,
    )
    assert.equal(r.code, 0, r.stderr)
    const saved = /results saved to bench-data:(\S+\.json)/.exec(r.stderr)?.[1]
    const { entries } = await indexOf()
    assert.equal(entries.length, 1)
    assert.equal(entries[0]!.path, saved, 'the run just pushed is the one kept')
  })
})

test('--baseline-store cache outside GitHub Actions is refused before anything runs, naming the fix', async () => {
  const work = await gitRepo({ 'bench.yml': CONFIG })
  dirs.push(work)
  for (const args of [
    ['run', '--baseline-store', 'cache', '--no-install'],
    ['merge', 'shard-1-of-2.json', '--baseline-store', 'cache'],
  ]) {
    const r = await cli(args, work, OUTSIDE_ACTIONS)
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.equal(r.stdout, '', 'nothing measured, nothing reported')
    assert.match(r.stderr, /^bench-action: --baseline-store cache: the cache store cannot work here/)
    assert.match(r.stderr, /ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL and GITHUB_RUN_ID are not set/)
    assert.match(r.stderr, /--baseline-store must be dir or git/)
    assert.doesNotMatch(r.stderr, /internal error|bug|\n\s+at /)
  }
  assert.equal(await exists(path.join(work, '.bench')), false, 'nothing saved')
})

test('store flags that make no sense together are refused', async () => {
  const work = await tempDir('cli-store-flags')
  dirs.push(work)
  const cases: Array<[string[], RegExp]> = [
    [['--baseline-store', 'tape'], /--baseline-store must be dir, git or cache, got "tape"/],
    [['--retain', '3'], /--retain prunes the git store's data branch: add --baseline-store git/],
    [['--baseline-store', 'cache', '--retain', '3'], /add --baseline-store git/],
    [
      ['--baseline-store', 'git', '--retain', '3'],
      /--retain prunes the data branch when this run pushes to it: add --save/,
    ],
    [
      ['--baseline-store', 'git', '--save', '--retain', '0'],
      /--retain takes a whole number of at least 1, got "0"/,
    ],
    [['--baseline-store', 'cache', '--baseline-branch', 'perf'], /add --baseline-store git/],
    [['--baseline', 'git:', '--baseline-store', 'cache'], /reads the git store: drop --baseline-store cache/],
    [['--baseline', 'old.json', '--baseline-store', 'cache'], /give one of them/],
    [['--baseline-store', 'cache', '--dry-run', '--save'], /--dry-run never saves to the Actions cache/],
  ]
  for (const [args, message] of cases) {
    const r = await cli(['run', ...args], work, OUTSIDE_ACTIONS)
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.match(r.stderr, message, args.join(' '))
  }
  const help = await cli(['--help'], work)
  for (const flag of ['--baseline-store dir|git|cache', '--retain N'])
    assert.ok(help.stdout.includes(flag), flag)
})

test('openStore: the cache store only where the runner gives its service, its run from the environment', () => {
  const inActions = {
    ACTIONS_RUNTIME_TOKEN: 't',
    ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/',
    GITHUB_RUN_ID: '7',
    GITHUB_RUN_ATTEMPT: '2',
  }
  assert.deepEqual(missingFor('cache', inActions), [])
  assert.deepEqual(missingFor('cache', { GITHUB_RUN_ID: '7' }), [
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RESULTS_URL',
  ])
  assert.deepEqual(missingFor('git', {}), [])
  assert.ok(openStore({ kind: 'cache', cwd: '/w', env: inActions }) instanceof CacheStore)
  assert.throws(
    () => openStore({ kind: 'cache', cwd: '/w', env: { GITHUB_RUN_ID: '7' } }),
    (error: unknown) =>
      error instanceof StoreUnavailableError &&
      error.kind === 'cache' &&
      /ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set/.test(error.message),
  )
  const store = openStore({ kind: 'git', cwd: '/w', branch: 'perf', env: {} })
  assert.ok(store instanceof GitStore)
  assert.equal(store.root, 'the perf branch of origin')
  assert.equal(openStore({ kind: 'dir', cwd: '/w', env: {} }).root, path.join('/w', '.bench'))
})
