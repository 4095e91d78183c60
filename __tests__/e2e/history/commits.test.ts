// A history's points are the commits that were measured, not every commit: a step between two points
// lies in the commits after the earlier one up to the later one, and `bench-action history` names that
// range with git's count of its commits. A repository of seven commits, runs stored for some of them,
// read back in the repository, in shallow clones and outside any repository.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { suiteIndexPath } from '../../../src/report/site-paths.ts'
import type { ResultSet } from '../../../src/results.ts'
import { DirStore } from '../../../src/store/dir.ts'
import { cli, gitIn, okBenchmark, removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'

/** A run of `suite` at `sha` whose instruction count is `ir`; day `day` of January. */
function runAt(suite: string, sha: string, day: number, ir: number): ResultSet {
  return resultSetOf(suite, { branch: 'main', sha }, new Date(Date.UTC(2026, 0, day)).toISOString(), [
    {
      ...okBenchmark({ ir: { unit: 'instructions', direction: 'lower', value: ir } }, ['ir'], 'instructions'),
      id: 'count',
      name: 'count',
    },
  ])
}

const short = (sha: string) => sha.slice(0, 7)

describe('the commits of a change point, counted by git', () => {
  let dir: string
  let repo: string
  let store: string
  /** c[1] … c[7]: the repository's commits, oldest first (c[0] unused). */
  const c: string[] = ['']
  const history = (cwd: string, ...suites: string[]) =>
    cli(['history', '--store', store, '--branch', 'main', ...suites.flatMap((s) => ['--suite', s])], cwd)

  before(async () => {
    dir = await tempDir('history-commits')
    repo = path.join(dir, 'repo')
    store = path.join(dir, 'store')
    await gitIn(dir, 'init', '--quiet', '--initial-branch=main', repo)
    for (let i = 1; i <= 7; i++) {
      await gitIn(repo, 'commit', '--quiet', '--allow-empty', '-m', `commit ${i}`)
      c.push(await gitIn(repo, 'rev-parse', 'HEAD'))
    }
    const runs = new DirStore(store)
    // Measured at commits 1, 4 and 7; the change landed in commit 3, which no run measured.
    await runs.save(runAt('sparse', c[1]!, 1, 1_000_000))
    await runs.save(runAt('sparse', c[4]!, 4, 1_100_000))
    await runs.save(runAt('sparse', c[7]!, 7, 1_100_000))
    // Measured at every commit from 4 on; the change landed in commit 6.
    for (let i = 4; i <= 7; i++) await runs.save(runAt('dense', c[i]!, i, i >= 6 ? 1_100_000 : 1_000_000))
  })
  after(async () => {
    await removeDir(dir)
  })

  test('a step in an unmeasured commit is credited to the range from the measured commit before it', async () => {
    const r = await history(repo, 'sparse')
    assert.equal(r.code, 0, r.stderr)
    // Commits 2, 3 and 4 are after commit 1 and up to commit 4.
    assert.match(
      r.stdout,
      new RegExp(
        `count\\s+ir\\s+\\+10\\.0%\\s+1,000,000 → 1,100,000\\s+${short(c[1]!)}\\.\\.${short(c[4]!)}\\s+3 commits\\s+exact\\s+regression`,
      ),
    )
    assert.doesNotMatch(r.stdout, /1 commit\b/)
  })

  test('a step between two consecutive measured commits is pinpointed to one commit', async () => {
    const r = await history(repo, 'dense')
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, new RegExp(`1,000,000 → 1,100,000\\s+${short(c[6]!)}\\s+1 commit\\s+exact`))
    assert.doesNotMatch(r.stdout, new RegExp(`${short(c[5]!)}\\.\\.`))
  })

  test('the job summary, the JSON and the trend site carry the same count', async () => {
    const r = await cli(
      [
        'history',
        '--store',
        store,
        '--branch',
        'main',
        '--suite',
        'sparse',
        '--markdown',
        'history.md',
        '--json',
        'history.json',
        '--out',
        'site',
      ],
      repo,
    )
    assert.equal(r.code, 0, r.stderr)
    const markdown = await readFile(path.join(repo, 'history.md'), 'utf8')
    assert.ok(markdown.includes(`| ${short(c[1]!)}..${short(c[4]!)} (3 commits) |`), markdown)
    const json = JSON.parse(await readFile(path.join(repo, 'history.json'), 'utf8'))
    const [change] = json.histories[0].series[0].changes
    assert.deepEqual([change.previousSha, change.toSha, change.commits], [c[1], c[4], 3])
    const page = await readFile(path.join(repo, 'site', suiteIndexPath('sparse')), 'utf8')
    assert.ok(page.includes(`<code>${short(c[1]!)}..${short(c[4]!)}</code> (3 commits)`), page)
  })

  test('a shallow clone without the commits says the count is unknown, never one commit', async () => {
    const clone = path.join(dir, 'shallow')
    await gitIn(dir, 'clone', '--quiet', '--depth', '1', `file://${repo}`, clone)
    const r = await history(clone, 'sparse', 'dense')
    assert.equal(r.code, 0, r.stderr)
    assert.match(
      r.stdout,
      new RegExp(`${short(c[1]!)}\\.\\.${short(c[4]!)}\\s+commits unknown \\(not in this clone's history\\)`),
    )
    assert.match(
      r.stdout,
      new RegExp(`${short(c[5]!)}\\.\\.${short(c[6]!)}\\s+commits unknown \\(not in this clone's history\\)`),
    )
    assert.doesNotMatch(r.stdout, /\b1 commit\b/)
  })

  test('a shallow clone that has both commits but not the history between them does not count', async () => {
    // Each commit fetched alone is a root of its own: counting from 4 down to 1 would stop at 4.
    const clone = path.join(dir, 'cut')
    await gitIn(dir, 'clone', '--quiet', '--depth', '1', `file://${repo}`, clone)
    await gitIn(clone, 'fetch', '--quiet', '--depth', '1', 'origin', c[1]!, c[4]!)
    assert.equal(await gitIn(clone, 'cat-file', '-t', c[1]!), 'commit')
    const r = await history(clone, 'sparse')
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /commits unknown \(not in this clone's history\)/)
    assert.doesNotMatch(r.stdout, /\b1 commit\b/)
  })

  test('read outside any repository, the count is unknown', async () => {
    const elsewhere = await tempDir('history-elsewhere')
    try {
      const r = await history(elsewhere, 'sparse', 'dense')
      assert.equal(r.code, 0, r.stderr)
      assert.equal(r.stdout.match(/commits unknown \(not in this clone's history\)/g)?.length, 2, r.stdout)
    } finally {
      await removeDir(elsewhere)
    }
  })

  test('an abbreviated commit in stored data is never handed to git', async () => {
    const abbreviated = path.join(dir, 'abbreviated')
    const runs = new DirStore(abbreviated)
    // git would resolve these in the repository; only full object names are asked about.
    await runs.save(runAt('short', short(c[1]!), 1, 1_000_000))
    await runs.save(runAt('short', short(c[4]!), 4, 1_100_000))
    const r = await cli(['history', '--store', abbreviated, '--branch', 'main', '--suite', 'short'], repo)
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /commits unknown \(not in this clone's history\)/)
  })
})
