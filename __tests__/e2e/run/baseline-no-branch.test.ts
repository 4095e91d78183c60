// Runs measured on no branch — outside a git repository, before the first commit, on a detached HEAD
// (every checkout of a tag or a sha, every `git bisect`) — are saved, found again and named.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { promisify } from 'node:util'
import { cli, gitRepo, removeDir, tempDir } from '../../support/helpers.ts'

const git = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const SUITE =
  'suite: nb\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3, threshold: 1000% }\n'

/** The `baseline:` line of the terminal report. */
function baselineLine(stdout: string): string {
  return stdout.split('\n').find((l) => l.startsWith('baseline:')) ?? `(no baseline line)\n${stdout}`
}

async function g(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await git('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: dir,
  })
  return stdout.trim()
}

test('outside a git repository, the second run compares with the first', async () => {
  const dir = await tempDir('no-repo')
  dirs.push(dir)
  await writeFile(path.join(dir, 'bench.yml'), SUITE)
  const first = await cli(['run'], dir, { GIT_CEILING_DIRECTORIES: path.dirname(dir) })
  assert.equal(first.code, 0, first.stderr)
  assert.match(
    baselineLine(first.stdout),
    /no baseline: nothing stored for suite "nb" on no branch \(no commit: not a git repository, or no commit yet\) in /,
  )
  assert.match(first.stdout, /^head: +no commit \(not a git repository, or no commit yet\)$/m)
  const second = await cli(['run'], dir, { GIT_CEILING_DIRECTORIES: path.dirname(dir) })
  assert.equal(second.code, 0, second.stderr)
  assert.match(
    baselineLine(second.stdout),
    /newest stored results \(saved on no branch\); this run is on no branch \(no commit: not a git repository, or no commit yet\)$/,
  )
})

test('before the first commit, the second run compares with the first', async () => {
  const dir = await tempDir('no-commit')
  dirs.push(dir)
  await g(dir, 'init', '--quiet', '--initial-branch=main')
  await writeFile(path.join(dir, 'bench.yml'), SUITE)
  assert.equal((await cli(['run'], dir)).code, 0)
  const second = await cli(['run'], dir)
  assert.equal(second.code, 0, second.stderr)
  assert.match(baselineLine(second.stdout), /newest stored results \(saved on no branch\)/)
})

test('on a detached HEAD: the same commit first, then the merge base, then the newest run, each named', async () => {
  const dir = await gitRepo({ 'bench.yml': SUITE })
  dirs.push(dir)
  const a = await g(dir, 'rev-parse', 'HEAD')
  await g(dir, 'checkout', '--quiet', '--detach', a)
  assert.equal((await cli(['run'], dir)).code, 0)
  const again = await cli(['run'], dir)
  assert.match(
    baselineLine(again.stdout),
    new RegExp(`^baseline: ${a.slice(0, 7)}, measured .*: results of this commit \\(saved on no branch\\)`),
  )

  // A later commit, checked out detached (a bisect step): none stored for it; the newest run is used.
  await g(dir, 'checkout', '--quiet', 'main')
  await writeFile(path.join(dir, 'x.txt'), 'x\n')
  await g(dir, 'add', 'x.txt')
  await g(dir, 'commit', '--quiet', '-m', 'b')
  const b = await g(dir, 'rev-parse', 'HEAD')
  await g(dir, 'checkout', '--quiet', '--detach', b)
  const later = await cli(['run', '--no-save'], dir)
  assert.match(
    baselineLine(later.stdout),
    new RegExp(
      `^baseline: ${a.slice(0, 7)}, measured .*: newest stored results \\(saved on no branch\\); this run is on no branch \\(detached HEAD\\), and none were stored for its commit ${b.slice(0, 7)}$`,
    ),
  )

  // Runs saved on main are found too: main's run of this very commit comes first.
  await g(dir, 'checkout', '--quiet', 'main')
  assert.equal((await cli(['run'], dir)).code, 0)
  await g(dir, 'checkout', '--quiet', '--detach', b)
  const onMain = await cli(['run', '--no-save'], dir)
  assert.match(
    baselineLine(onMain.stdout),
    new RegExp(`^baseline: ${b.slice(0, 7)} on main, measured .*: results of this commit \\(on main\\)`),
  )
})
