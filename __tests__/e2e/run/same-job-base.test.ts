// Which commit a same-job run compares with, found in real git repositories: a ref named with
// --against, the commit before a push (or the parent of a branch's first push), the merge base of a
// pull request with its base branch — from a clone's origin/main, and from GitHub when a shallow
// checkout has too little history, fetched then from origin.
import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { resolveSameJobBase, SameJobError, type SameJobTarget } from '../../../src/run/same-job.ts'
import { gitIn, gitRepo, removeDir, tempDir } from '../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** Commits a change to one file; returns the new commit's sha. */
async function commit(dir: string, text: string): Promise<string> {
  await writeFile(path.join(dir, 'file.txt'), text)
  await gitIn(dir, 'add', 'file.txt')
  await gitIn(dir, 'commit', '--quiet', '-m', text)
  return gitIn(dir, 'rev-parse', 'HEAD')
}

/** A commit on top of HEAD whose sha matches `wanted` (one message after another is tried), made HEAD. */
async function commitWhoseSha(dir: string, wanted: RegExp): Promise<string> {
  const tree = await gitIn(dir, 'rev-parse', 'HEAD^{tree}')
  const parent = await gitIn(dir, 'rev-parse', 'HEAD')
  for (let n = 0; ; n++) {
    const sha = await gitIn(dir, 'commit-tree', tree, '-p', parent, '-m', `attempt ${n}`)
    if (!wanted.test(sha)) continue
    await gitIn(dir, 'reset', '--quiet', '--hard', sha)
    return sha
  }
}

async function repo(): Promise<{ dir: string; first: string }> {
  const dir = await gitRepo({ 'file.txt': 'first' })
  dirs.push(dir)
  return { dir, first: await gitIn(dir, 'rev-parse', 'HEAD') }
}

/** An event file and the environment of a workflow run for it. */
async function eventEnv(name: string, event: object): Promise<NodeJS.ProcessEnv> {
  const dir = await tempDir('event')
  dirs.push(dir)
  const file = path.join(dir, 'event.json')
  await writeFile(file, JSON.stringify(event))
  return { GITHUB_REPOSITORY: 'octo/app', GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: file }
}

function resolve(
  cwd: string,
  target: SameJobTarget,
  env: NodeJS.ProcessEnv = {},
  more: {
    defaultBranch?: string
    fallback?: (branch: string, head: string) => Promise<string | undefined>
  } = {},
) {
  const lines: string[] = []
  const base = resolveSameJobBase({
    cwd,
    env,
    target,
    head: {},
    ...(more.defaultBranch ? { defaultBranch: more.defaultBranch } : {}),
    ...(more.fallback ? { mergeBaseFallback: more.fallback } : {}),
    log: (line) => lines.push(line),
  })
  return { base, lines }
}

describe('--against', () => {
  test('a ref is resolved to its commit and named as given', async () => {
    const { dir, first } = await repo()
    await commit(dir, 'second')
    assert.deepEqual(await resolve(dir, { ref: 'HEAD~1' }).base, {
      sha: first,
      description: '--against HEAD~1',
    })
  })

  test('an unknown ref is the user’s mistake, named with the repository', async () => {
    const { dir } = await repo()
    await assert.rejects(resolve(dir, { ref: 'no-such-ref' }).base, (e: Error) => {
      assert.ok(e instanceof SameJobError)
      assert.equal(e.message, `--against no-such-ref: no such commit in the repository at ${dir}`)
      return true
    })
  })
})

describe('a push', () => {
  test('compared with what the branch pointed at before the push', async () => {
    const { dir, first } = await repo()
    await commit(dir, 'second')
    await commit(dir, 'third')
    const env = await eventEnv('push', { before: first })
    assert.deepEqual(await resolve(dir, { mergeBase: true }, env).base, {
      sha: first,
      description: 'the commit before this push',
    })
  })

  test('a branch’s first push (before is all zeros) is compared with the parent', async () => {
    const { dir } = await repo()
    const second = await commit(dir, 'second')
    await commit(dir, 'third')
    const env = await eventEnv('push', { before: '0'.repeat(40) })
    const { base, lines } = resolve(dir, { mergeBase: true }, env)
    assert.deepEqual(await base, { sha: second, description: 'the parent commit' })
    assert.deepEqual(lines, [], 'no commit of zeros is looked for')
  })

  test('a push is compared with what was before it even where the repository names a base branch', async () => {
    const { dir, first } = await repo()
    await commit(dir, 'second')
    const env = await eventEnv('push', { before: first })
    const { base, lines } = resolve(dir, { mergeBase: true }, env, { defaultBranch: 'main' })
    assert.deepEqual(await base, { sha: first, description: 'the commit before this push' })
    assert.deepEqual(lines, [])
  })

  test('a before that starts or ends with zeros is a commit like any other; only all zeros is a first push', async () => {
    for (const zeros of [/^0/, /0$/]) {
      const { dir } = await repo()
      const before = await commitWhoseSha(dir, zeros)
      await commit(dir, 'pushed')
      const env = await eventEnv('push', { before })
      assert.deepEqual(await resolve(dir, { mergeBase: true }, env).base, {
        sha: before,
        description: 'the commit before this push',
      })
    }
  })

  test('an event file’s before is read for a push only, and only when it is a sha', async () => {
    const { dir, first } = await repo()
    const second = await commit(dir, 'second')
    await commit(dir, 'third')
    const parent = { sha: second, description: 'the parent commit' }
    for (const name of ['workflow_dispatch', 'schedule']) {
      const env = await eventEnv(name, { before: first })
      assert.deepEqual(await resolve(dir, { mergeBase: true }, env).base, parent, name)
    }
    // A malformed event file: a before that is not a string is no commit.
    const { base, lines } = resolve(dir, { mergeBase: true }, await eventEnv('push', { before: 12345 }))
    assert.deepEqual(await base, parent)
    assert.deepEqual(lines, [])
  })

  test('outside a workflow, and on a pull request without a base branch, the parent', async () => {
    const { dir, first } = await repo()
    await commit(dir, 'second')
    const parent = { sha: first, description: 'the parent commit' }
    assert.deepEqual(await resolve(dir, { mergeBase: true }).base, parent)
    const pr = await eventEnv('pull_request', { number: 1 })
    assert.deepEqual(await resolve(dir, { mergeBase: true }, pr).base, parent)
  })

  test('a single commit has nothing to compare with: the error says to fetch more history', async () => {
    const { dir } = await repo()
    await assert.rejects(
      resolve(dir, { mergeBase: true }).base,
      new SameJobError(
        'same-job baseline: no base to compare with (not a pull request, and HEAD has no parent in the checkout; fetch more history with fetch-depth: 2)',
      ),
    )
  })

  test('a repository without commits has nothing to compare', async () => {
    const dir = await tempDir('empty')
    dirs.push(dir)
    await gitIn(dir, 'init', '--quiet')
    await assert.rejects(
      resolve(dir, { mergeBase: true }).base,
      new SameJobError(`same-job baseline: ${dir} has no commit to compare`),
    )
  })
})

describe('a pull request', () => {
  /** origin: main A–B, feature A–C. Returns origin and the three commits. */
  async function forked() {
    const { dir: origin, first: a } = await repo()
    const b = await commit(origin, 'main moved on')
    await gitIn(origin, 'checkout', '--quiet', '-b', 'feature', a)
    const c = await commit(origin, 'the change')
    await gitIn(origin, 'checkout', '--quiet', 'main')
    return { origin, a, b, c }
  }

  test('the merge base with origin/<base branch> in a full clone', async () => {
    const { origin, a } = await forked()
    const clone = await tempDir('clone')
    dirs.push(clone)
    await gitIn(clone, 'clone', '--quiet', '--branch', 'feature', origin, '.')
    const env = await eventEnv('pull_request', { number: 7 })
    // GitHub is asked only when the checkout cannot tell.
    const asked: string[] = []
    const fallback = async (branch: string) => {
      asked.push(branch)
      return 'f'.repeat(40)
    }
    const { base, lines } = resolve(clone, { mergeBase: true }, env, { defaultBranch: 'main', fallback })
    assert.deepEqual(await base, { sha: a, branch: 'main', description: 'merge base with main' })
    assert.deepEqual(lines, [])
    assert.deepEqual(asked, [])
  })

  test('the merge base with a local branch of that name when there is no origin', async () => {
    const { origin, a } = await forked()
    await gitIn(origin, 'checkout', '--quiet', 'feature')
    const env = await eventEnv('pull_request_target', { number: 7 })
    assert.deepEqual(await resolve(origin, { mergeBase: true }, env, { defaultBranch: 'main' }).base, {
      sha: a,
      branch: 'main',
      description: 'merge base with main',
    })
  })

  test('a shallow checkout: the merge base from GitHub, fetched from origin', async () => {
    const { origin, a, c } = await forked()
    const clone = await tempDir('shallow')
    dirs.push(clone)
    await gitIn(clone, 'clone', '--quiet', '--depth=1', '--branch', 'feature', `file://${origin}`, '.')
    await assert.rejects(gitIn(clone, 'cat-file', '-e', `${a}^{commit}`), 'the clone does not have the base')
    const asked: string[][] = []
    const fallback = async (branch: string, head: string) => {
      asked.push([branch, head])
      return a
    }
    const env = await eventEnv('pull_request', { number: 7 })
    const { base, lines } = resolve(clone, { mergeBase: true }, env, { defaultBranch: 'main', fallback })
    assert.deepEqual(await base, { sha: a, branch: 'main', description: 'merge base with main' })
    assert.deepEqual(asked, [['main', c]])
    assert.deepEqual(lines, [
      `merge base with main from GitHub (the checkout's history is too short): ${a}`,
      `fetching ${a.slice(0, 12)} from origin: the checkout does not have it`,
    ])
    await gitIn(clone, 'cat-file', '-e', `${a}^{commit}`)
  })

  test('GitHub unreachable: the error is logged and the run told to fetch more history', async () => {
    const { origin, c } = await forked()
    const clone = await tempDir('shallow')
    dirs.push(clone)
    await gitIn(clone, 'clone', '--quiet', '--depth=1', '--branch', 'feature', `file://${origin}`, '.')
    const env = await eventEnv('pull_request', { number: 7 })
    const fallback = async () => {
      throw new Error('HTTP 503')
    }
    const { base, lines } = resolve(clone, { mergeBase: true }, env, { defaultBranch: 'main', fallback })
    await assert.rejects(
      base,
      new SameJobError(
        `same-job baseline: cannot find the merge base of ${c.slice(0, 7)} with main (fetch more history, e.g. fetch-depth: 0)`,
      ),
    )
    assert.deepEqual(lines, ['could not ask GitHub for the merge base with main: HTTP 503'])
  })

  test('a merge base origin does not have cannot be fetched: said so', async () => {
    const { origin } = await forked()
    const clone = await tempDir('shallow')
    dirs.push(clone)
    await gitIn(clone, 'clone', '--quiet', '--depth=1', '--branch', 'feature', `file://${origin}`, '.')
    const env = await eventEnv('pull_request', { number: 7 })
    const missing = 'f'.repeat(40)
    const { base } = resolve(clone, { mergeBase: true }, env, {
      defaultBranch: 'main',
      fallback: async () => missing,
    })
    await assert.rejects(
      base,
      new SameJobError(
        `same-job baseline: the merge base ${missing.slice(0, 7)} cannot be fetched from origin`,
      ),
    )
  })
})
