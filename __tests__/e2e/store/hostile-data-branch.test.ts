// A data branch written by someone hostile, pushed with plain git plumbing to a real bare origin: an
// index whose entries carry a commit that is a git option, a path that is not a string, one that climbs
// out with "..", an absolute one, one in another branch's or suite's folder, a bad timestamp, and suite
// folders named like an option and like pathspec magic; and a stored run that is not JSON. The store,
// `bench-action history` and `bench-action run` read it: every such entry is skipped and named, nothing
// is written outside the store's temporary directory, and no command ends as an internal error.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { ResultsFormatError } from '../../../src/results.ts'
import { addWorktree, ensureCommit, WorktreeError } from '../../../src/run/worktree.ts'
import { GitStore, GitStoreError } from '../../../src/store/git.ts'
import type { StoredEntry } from '../../../src/store/types.ts'
import { commitsBetween, mergeBase } from '../../../src/system/git.ts'
import { cli, gitRepo, okBenchmark, removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'

const run = promisify(execFile)
const git = async (cwd: string, args: string[], env?: NodeJS.ProcessEnv) =>
  (await run('git', args, { cwd, ...(env ? { env } : {}) })).stdout.trim()

const CONFIG =
  'suite: s\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n'

/** A shell outside GitHub Actions: none of the runner's variables, whatever the test runs in. */
const OUTSIDE_ACTIONS = {
  ACTIONS_RUNTIME_TOKEN: '',
  ACTIONS_RESULTS_URL: '',
  ACTIONS_CACHE_URL: '',
  GITHUB_RUN_ID: '',
}

const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString()
/** Where the git store keeps a run of suite s on main, as it names it. */
const fileOf = (n: number, sha: string) => `s/main/${at(n).replace(/[-:.]/g, '')}-${sha.slice(0, 12)}.json`
const runOf = (n: number, sha: string) =>
  `${JSON.stringify(
    resultSetOf('s', { branch: 'main', sha }, at(n), [
      okBenchmark({ instructions: { unit: 'instructions', direction: 'lower', value: 1000 + n } }),
    ]),
  )}\n`

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c'.repeat(40)
const D = 'd'.repeat(40)

/** Commits `files` as the whole tree of a new commit and force-pushes it to origin's bench-data. */
async function pushDataBranch(origin: string, files: Record<string, string>): Promise<void> {
  const scratch = await tempDir('hostile-push')
  try {
    await git(scratch, ['init', '--quiet', '--bare', scratch])
    const env = { ...process.env, GIT_INDEX_FILE: path.join(scratch, 'plumbing-index') }
    for (const [file, text] of Object.entries(files)) {
      const child = run('git', ['hash-object', '-w', '--stdin'], { cwd: scratch })
      child.child.stdin!.end(text)
      const blob = (await child).stdout.trim()
      await git(scratch, ['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`], env)
    }
    const tree = await git(scratch, ['write-tree'], env)
    const commit = await git(
      scratch,
      ['-c', 'user.name=x', '-c', 'user.email=x@example.com', 'commit-tree', tree, '-m', 'data'],
      env,
    )
    await git(scratch, ['push', '--quiet', '--force', origin, `${commit}:refs/heads/bench-data`])
  } finally {
    await removeDir(scratch)
  }
}

describe('a hostile data branch', () => {
  let dir: string
  let origin: string
  let work: string
  /** A developer's clone without a bench.yml: history reads every suite the data branch holds. */
  let reader: string
  /** Empty, and must stay so: where `--output=` and `--upload-pack=` would write. */
  let trap: string
  let optionSha: string
  const stores: GitStore[] = []
  const open = () => {
    const warnings: string[] = []
    const store = new GitStore({ remote: 'origin', cwd: work, log: (line) => warnings.push(line) })
    stores.push(store)
    return { store, warnings }
  }
  /** What was written into the trap, by the file names a test used (F, G, H), or all of it. */
  const trapped = async (name?: string) =>
    (await readdir(trap)).filter((file) => name === undefined || file.startsWith(name))

  before(async () => {
    dir = await tempDir('hostile-data')
    origin = path.join(dir, 'origin.git')
    trap = path.join(dir, 'trap')
    await mkdir(trap)
    optionSha = `--output=${trap}/F`
    await git(dir, ['init', '--quiet', '--bare', '--initial-branch=main', origin])
    work = await gitRepo({ 'bench.yml': CONFIG })
    await git(work, ['remote', 'add', 'origin', origin])
    await git(work, ['push', '--quiet', 'origin', 'main'])
    // A branch off main: its baseline is main's newest run, described by its distance from the merge base.
    await git(work, ['checkout', '--quiet', '-b', 'feature'])
    await git(work, [
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      'commit',
      '--quiet',
      '--allow-empty',
      '-m',
      'feature',
    ])
    const entries: unknown[] = [
      { branch: 'main', sha: A, createdAt: at(1), path: fileOf(1, A) },
      { branch: 'main', sha: B, createdAt: at(2), path: fileOf(2, B) },
      { branch: 'main', sha: C, createdAt: at(3), path: fileOf(3, C) },
      // 3: the newest run, at a real file, whose commit is an option of git rev-list.
      { branch: 'main', sha: optionSha, createdAt: at(9), path: fileOf(2, B) },
      { branch: 'main', createdAt: at(4), path: 42 },
      { branch: 'main', createdAt: at(5), path: 's/main/../../../escape.json' },
      { branch: 'main', createdAt: at(6), path: '/etc/passwd' },
      { branch: 'main', createdAt: 'yesterday', path: fileOf(1, A) },
      // 8: a feature branch's entry pointing into main's folder; 9: into another suite's.
      { branch: 'feature', createdAt: at(7), path: fileOf(1, A) },
      { branch: 'main', createdAt: at(8), path: 'other/main/20261101T000800000Z-nosha.json' },
      null,
      { branch: 'main', createdAt: at(8), path: `--output=${trap}/P.json` },
    ]
    reader = path.join(dir, 'reader')
    await git(dir, ['clone', '--quiet', origin, reader])
    await rm(path.join(reader, 'bench.yml'))
    await pushDataBranch(origin, {
      [fileOf(1, A)]: runOf(1, A),
      [fileOf(2, B)]: runOf(2, B),
      [fileOf(3, C)]: 'not JSON {',
      's/index.json': `${JSON.stringify({ version: 1, entries })}\n`,
      '-rf/index.json': '{"version":1,"entries":[]}\n',
      ':(exclude)s/index.json': '{"version":1,"entries":[]}\n',
    })
  })
  after(async () => {
    for (const s of stores) await s.close()
    await removeDir(dir)
    await removeDir(work)
  })

  test('list skips every entry unlike what the store writes, naming the file, the entry, the field and what was expected', async () => {
    const { store, warnings } = open()
    const listed = await store.list('s', 'main')
    assert.deepEqual(
      listed.map((e) => [e.sha, e.path]),
      [
        [C, fileOf(3, C)],
        [B, fileOf(2, B)],
        [A, fileOf(1, A)],
      ],
    )
    const where = /^the bench-data branch of origin: s\/index\.json: skipped /
    const expected: Array<[number, RegExp]> = [
      [3, /entries\.3\.sha: expected a commit hash of 4 to 64 hex digits, got "--output=/],
      [4, /entries\.4\.path: expected the path of the run's file, got 42$/],
      [
        5,
        /entries\.5\.path: expected the run's file in .* s\/main\/FILE\.json .*, got "s\/main\/\.\.\/\.\.\/\.\.\/escape\.json"$/,
      ],
      [6, /entries\.6\.path: expected the run's file in .* s\/main\/FILE\.json .*, got "\/etc\/passwd"$/],
      [7, /entries\.7\.createdAt: expected an ISO-8601 timestamp .*, got "yesterday"$/],
      [8, /entries\.8\.path: expected the run's file in .* s\/feature\/FILE\.json .*, got "s\/main\//],
      [9, /entries\.9\.path: expected the run's file in .* s\/main\/FILE\.json .*, got "other\/main\//],
      [10, /entries\.10: expected an entry \{"branch", "sha", "createdAt", "path"\}, got null$/],
      [11, /entries\.11\.path: expected the run's file in .* s\/main\/FILE\.json .*, got "--output=/],
    ]
    assert.equal(warnings.length, expected.length, warnings.join('\n'))
    expected.forEach(([i, pattern], n) => {
      assert.match(warnings[n]!, where, `entry ${i}`)
      assert.match(warnings[n]!, pattern, `entry ${i}`)
    })
    await store.list('s', 'main')
    assert.equal(warnings.length, expected.length, 'each entry is named once')
    assert.deepEqual(await trapped(), [])
  })

  test('load and loadMany read only runs inside their suite and branch; a run that is not JSON is named', async () => {
    const { store } = open()
    const loaded = await store.loadMany(await store.list('s', 'main'))
    assert.ok(loaded[0] instanceof ResultsFormatError)
    assert.match(
      loaded[0].message,
      /^bench-data:s\/main\/20261101T000300000Z-cccccccccccc\.json: not valid JSON/,
    )
    assert.deepEqual(
      loaded.slice(1).map((r) => (r instanceof Error ? r.message : r.commit.sha)),
      [B, A],
    )
    // Entries no listing gives, asked for anyway: each refused on its own, none read, none thrown.
    const entry = (at: unknown): StoredEntry =>
      ({ path: at, suite: 's', branch: 'main', createdAt: at }) as unknown as StoredEntry
    const hostile = [entry(42), entry('s/main/../../escape.json'), entry('/etc/passwd'), entry(optionSha)]
    const refused = await store.loadMany([...hostile, entry(fileOf(1, A))])
    for (const [i, r] of refused.slice(0, 4).entries()) {
      assert.ok(r instanceof GitStoreError, `${i}: ${r instanceof Error ? r.message : 'read'}`)
      assert.match(
        r.message,
        /^cannot read the run at .* from the bench-data branch of origin: expected the run's file in the folder of its suite and branch, s\/main\/FILE\.json/,
      )
    }
    assert.equal((refused[4] as { commit: { sha: string } }).commit.sha, A)
    for (const e of hostile)
      await assert.rejects(store.load(e), (error: Error) => {
        assert.ok(error instanceof GitStoreError, error.message)
        assert.match(error.message, /^cannot read the run at .*: expected the run's file/)
        return true
      })
    assert.deepEqual(await trapped(), [])
  })

  test('suites leaves out folders that cannot be a suite, and names them', async () => {
    const { store, warnings } = open()
    assert.deepEqual(await store.suites(), ['s'])
    assert.deepEqual(warnings.sort(), [
      'the bench-data branch of origin: skipped the folder "-rf": expected a suite name of at most 255 letters, digits, ".", "_" and "-" that does not start with "-" and is not only dots, got "-rf"',
      'the bench-data branch of origin: skipped the folder ":(exclude)s": expected a suite name of at most 255 letters, digits, ".", "_" and "-" that does not start with "-" and is not only dots, got ":(exclude)s"',
    ])
  })

  test('bench-action history reads what it can, names what it skipped, and is never an internal error', async () => {
    for (const args of [[], ['--suite', 's']]) {
      const r = await cli(['history', '--baseline-store', 'git', '--branch', 'main', ...args], reader)
      assert.equal(r.code, 0, r.stderr)
      assert.doesNotMatch(r.stderr, /internal error|bug|\n\s+at /)
      assert.match(r.stdout, /s on main: 2 runs of 2 commits/)
      assert.match(r.stdout, /skipped: s\/main\/20261101T000300000Z-cccccccccccc\.json: .*not valid JSON/)
      assert.match(r.stderr, /s\/index\.json: skipped entries\.3\.sha: expected a commit hash/)
      assert.match(
        r.stderr,
        /s\/index\.json: skipped entries\.4\.path: expected the path of the run's file, got 42/,
      )
      if (args.length === 0)
        assert.match(r.stderr, /skipped the folder ":\(exclude\)s": expected a suite name/)
    }
    assert.deepEqual(await trapped(), [])
  })

  test('a run saved on top of the index is added to it; the entries the store cannot use stay as written', async () => {
    const indexEntries = async () =>
      (JSON.parse(await git(origin, ['show', 'bench-data:s/index.json'])) as { entries: unknown[] }).entries
    const before = await indexEntries()
    const { store } = open()
    await store.save(resultSetOf('s', { branch: 'main', sha: D }, at(20)))
    assert.deepEqual(await indexEntries(), [
      ...before,
      { branch: 'main', sha: D, createdAt: at(20), path: fileOf(20, D) },
    ])
    const { store: fresh } = open()
    assert.deepEqual(
      (await fresh.list('s', 'main')).map((e) => e.sha),
      [D, C, B, A],
    )
  })

  test('a suite that cannot be a folder of the data branch is refused before anything is pushed', async () => {
    const tip = await git(origin, ['rev-parse', 'bench-data'])
    const { store } = open()
    for (const suite of ['-x', '../x', 'x/y', 'a b']) {
      const refused = (error: Error) => {
        assert.ok(error instanceof GitStoreError, error.message)
        assert.match(
          error.message,
          /^the suite cannot name a folder of the bench-data branch of origin: expected a suite name of at most 255 letters, digits, "\.", "_" and "-" that does not start with "-" and is not only dots, got "/,
        )
        return true
      }
      await assert.rejects(store.save(resultSetOf(suite, { branch: 'main', sha: D }, at(21))), refused)
      await assert.rejects(store.list(suite, 'main'), refused)
    }
    assert.equal(await git(origin, ['rev-parse', 'bench-data']), tip, 'nothing was pushed')
  })

  test('bench-action run compares with the newest readable run; the stored commit that is a git option never reaches git', async () => {
    // Only the option among readable runs: the newest run on main, at a real file. The baseline chosen
    // for the feature branch is main's newest run, which the report places relative to the merge base
    // by counting commits with git rev-list.
    await pushDataBranch(origin, {
      [fileOf(1, A)]: runOf(1, A),
      [fileOf(2, B)]: runOf(2, B),
      's/index.json': `${JSON.stringify({
        version: 1,
        entries: [
          { branch: 'main', sha: A, createdAt: at(1), path: fileOf(1, A) },
          { branch: 'main', sha: B, createdAt: at(2), path: fileOf(2, B) },
          { branch: 'main', sha: optionSha, createdAt: at(9), path: fileOf(2, B) },
        ],
      })}\n`,
    })
    const r = await cli(
      ['run', '--baseline-store', 'git', '--no-save', '--no-install'],
      work,
      OUTSIDE_ACTIONS,
    )
    assert.deepEqual(await trapped('F'), [], 'git rev-list was given --output=')
    assert.equal(r.code, 0, r.stdout + r.stderr)
    assert.match(r.stdout, new RegExp(`baseline: ${B.slice(0, 7)}\\S* on main`))
    assert.match(r.stderr, /s\/index\.json: skipped entries\.2\.sha: expected a commit hash/)
  })

  describe('commits from data are never git options', () => {
    test('git rev-list', async () => {
      assert.equal(await commitsBetween(work, `--output=${trap}/G`, 'HEAD'), undefined)
      assert.equal(await commitsBetween(work, 'main', 'HEAD'), 1, 'a range of real commits is still counted')
      assert.deepEqual(await trapped('G'), [])
    })

    test('git merge-base', async () => {
      assert.equal(await mergeBase(work, '--independent', 'HEAD'), undefined)
      assert.equal(await mergeBase(work, 'main', 'HEAD'), await git(work, ['rev-parse', 'main']))
    })

    test('git fetch of a commit the checkout lacks', async () => {
      const lines: string[] = []
      assert.equal(await ensureCommit(work, `--upload-pack=touch ${trap}/H;`, (l) => lines.push(l)), false)
      assert.deepEqual(await trapped('H'), [], 'git fetch ran the --upload-pack program')
    })

    test('git worktree add', async () => {
      const added = await addWorktree(work, '--lock').catch((error: Error) => error)
      if (!(added instanceof Error)) await added.remove()
      assert.ok(added instanceof WorktreeError, 'a worktree was checked out for "--lock"')
      assert.match(added.message, /could not check out --lock into a worktree/)
    })
  })
})
