// The git store against real repositories: a bare remote, and work repositories whose `origin` it is.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import type { ResultSet } from '../../../src/results.ts'
import { GitStore, splitBatch } from '../../../src/store/git.ts'
import { removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'

const run = promisify(execFile)

function results(suite: string, branch: string, sha: string, createdAt: string): ResultSet {
  return resultSetOf(suite, { branch, sha }, createdAt)
}

const sha = (n: number) => n.toString(16).padStart(40, 'a')
const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString()

describe('the git store', () => {
  let remote: string
  let work: string
  const stores: GitStore[] = []
  const store = (retain?: number) => {
    const s = new GitStore({ remote: 'origin', cwd: work, ...(retain ? { retain } : {}) })
    stores.push(s)
    return s
  }
  before(async () => {
    remote = await tempDir('data-remote')
    work = await tempDir('data-work')
    await run('git', ['init', '--quiet', '--bare', remote])
    await run('git', ['init', '--quiet', work])
    await run('git', ['remote', 'add', 'origin', remote], { cwd: work })
  })
  after(async () => {
    for (const s of stores) await s.close()
    await removeDir(remote)
    await removeDir(work)
  })

  const files = async () =>
    (await run('git', ['ls-tree', '-r', '--name-only', 'bench-data'], { cwd: remote })).stdout
      .trim()
      .split('\n')

  test('saves one small file per run and an index; lists newest first and loads exactly what was saved', async () => {
    const s = store()
    await s.save(results('s', 'main', sha(1), at(1)))
    await s.save(results('s', 'main', sha(2), at(2)))
    await s.save(results('s', 'feature/x', sha(3), at(3)))
    await s.save(results('other', 'main', sha(4), at(4)))
    const fresh = store()
    const main = await fresh.list('s', 'main')
    assert.deepEqual(
      main.map((e) => e.sha),
      [sha(2), sha(1)],
    )
    assert.deepEqual(await fresh.load(main[0]!), results('s', 'main', sha(2), at(2)))
    assert.deepEqual(
      (await fresh.list('s', 'feature/x')).map((e) => e.sha),
      [sha(3)],
    )
    const tree = await files()
    assert.ok(tree.includes('s/index.json') && tree.includes('other/index.json'), tree.join(', '))
    assert.ok(
      tree.some((f) => f.startsWith('s/feature%2Fx/')),
      'a branch with a slash is one directory',
    )
    assert.equal(tree.filter((f) => f.startsWith('s/') && f.endsWith('.json')).length, 4)
  })

  test('two writers pushing at once both land; nothing is lost', async () => {
    const a = store()
    const b = store()
    const saves: Array<Promise<string>> = []
    for (let i = 0; i < 4; i++) {
      saves.push(a.save(results('race', 'main', sha(100 + i), at(100 + i))))
      saves.push(b.save(results('race', 'main', sha(200 + i), at(200 + i))))
    }
    await Promise.all(saves)
    const listed = await store().list('race', 'main')
    assert.equal(listed.length, 8, listed.map((e) => e.sha).join(', '))
    assert.equal((await files()).filter((f) => f.startsWith('race/main/')).length, 8)
  })

  test('retain keeps the newest runs of a branch and removes the rest from the data branch', async () => {
    const s = store(3)
    for (let i = 0; i < 5; i++) await s.save(results('kept', 'main', sha(300 + i), at(300 + i)))
    await s.save(results('kept', 'dev', sha(400), at(400)))
    const listed = await store().list('kept', 'main')
    assert.deepEqual(
      listed.map((e) => e.sha),
      [sha(304), sha(303), sha(302)],
    )
    assert.equal((await files()).filter((f) => f.startsWith('kept/main/')).length, 3)
    assert.equal((await store().list('kept', 'dev')).length, 1, 'another branch is counted on its own')
  })

  test('a corrupt file is a clear error for the caller to report, not a crash', async () => {
    const s = store()
    await s.save(results('bad', 'main', sha(500), at(500)))
    // Overwrite the stored file with a truncated one, as a broken writer might have left it.
    const [entry] = await s.list('bad', 'main')
    const clone = await tempDir('data-clone')
    await run('git', ['clone', '--quiet', '--branch', 'bench-data', remote, clone])
    await run('sh', ['-c', `printf '{"schema": "bench-action/res' > '${entry!.path}'`], { cwd: clone })
    await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-am', 'truncate'], {
      cwd: clone,
    })
    await run('git', ['push', '--quiet', 'origin', 'bench-data'], { cwd: clone })
    await removeDir(clone)
    const fresh = store()
    const [again] = await fresh.list('bad', 'main')
    await assert.rejects(fresh.load(again!), /bench-data:bad\/main\/.*json/)
  })
})

test('a batch of blobs from git cat-file is split by byte counts: multi-byte text, empty, missing and non-blob names', async () => {
  const dir = await tempDir('cat-file')
  try {
    await run('git', ['init', '--quiet', dir])
    const blob = async (text: string) => {
      const child = run('git', ['hash-object', '-w', '--stdin'], { cwd: dir })
      child.child.stdin!.end(text)
      return (await child).stdout.trim()
    }
    const accented = await blob('{"name":"café ☕ \\n"}\nsecond line\n')
    const empty = await blob('')
    // The empty tree, which every repository knows.
    const tree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
    const names = [accented, '0'.repeat(40), empty, tree, accented]
    const output = await new Promise<Buffer>((resolve, reject) => {
      const child = execFile(
        'git',
        ['cat-file', '--batch'],
        { cwd: dir, encoding: 'buffer' },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      )
      child.stdin!.end(`${names.join('\n')}\n`)
    })
    const blobs = splitBatch(output, names.length)
    assert.deepEqual(
      blobs.map((b) => b?.toString('utf8')),
      [
        '{"name":"café ☕ \\n"}\nsecond line\n',
        undefined,
        '',
        undefined,
        '{"name":"café ☕ \\n"}\nsecond line\n',
      ],
    )
    // Asked for more than git answered: the rest are missing, never a slice of something else.
    assert.deepEqual(splitBatch(output, names.length + 2).slice(-2), [undefined, undefined])
  } finally {
    await removeDir(dir)
  }
})
