// A results file may come from a stranger — a shard handed to `merge`, a file given on the command line,
// a stored run — and its timestamp and commit name the files the store writes (docs/ARCHITECTURE.md#the-trust-boundary). Files whose
// createdAt or commit.sha could carry a path are refused with the file and the field named, and nothing
// is written anywhere; the store itself refuses any name that is not one plain name inside its root.
import assert from 'node:assert/strict'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parseResultSetText, ResultsFormatError } from '../../../src/results.ts'
import { DirStore } from '../../../src/store/dir.ts'
import { cli, gitRepo, removeDir, repoRoot, resultSetOf, tempDir } from '../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** Every file and directory under `dir` (but .git), with the size of each file. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const relative = path.relative(dir, full)
    if (relative === '.git' || relative.startsWith(`.git${path.sep}`)) continue
    out.push(entry.isDirectory() ? `${relative}/` : `${relative} ${(await stat(full)).size}`)
  }
  return out.sort()
}

const SHA = 'c138679d4b0dba7aae772bdb98f7505fac4ba2de'

describe('createdAt and commit.sha are checked wherever a results file is read', () => {
  const fixture = path.join(repoRoot, '__tests__', 'fixtures', 'results', 'head.json')
  const withField = async (field: 'createdAt' | 'sha', value: string): Promise<string> => {
    const data = JSON.parse(await readFile(fixture, 'utf8'))
    if (field === 'sha') data.commit.sha = value
    else data.createdAt = value
    return JSON.stringify(data)
  }

  test('ISO-8601 timestamps pass; anything else is refused, naming the file and the field', async () => {
    for (const good of [
      '2024-05-01T12:00:00Z',
      '2024-05-01T12:00:00.123Z',
      '2024-05-01T12:00:00.123456789Z',
      '2024-05-01T14:00:00+02:00',
      '2024-05-01T07:00:00.5-05:00',
    ])
      assert.equal(parseResultSetText(await withField('createdAt', good), 'run.json').createdAt, good)
    for (const bad of [
      '../../../../tmp/x',
      '',
      '2024-05-01',
      '2024-05-01 12:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-05-01T12:00:00+25:00',
      '2024-05-01T12:00:00.000Z/../../x',
      '2024-05-01T12:00:00.000Z\n',
      'x2024-05-01T12:00:00Z',
    ])
      await assert.rejects(
        async () => parseResultSetText(await withField('createdAt', bad), 'run.json'),
        (error: unknown) =>
          error instanceof ResultsFormatError &&
          error.message ===
            `run.json: invalid results at createdAt: expected an ISO-8601 timestamp like 2024-05-01T12:00:00.000Z, got ${JSON.stringify(bad)}`,
        JSON.stringify(bad),
      )
  })

  test('commit hashes of 4 to 64 hex digits pass; anything else is refused', async () => {
    for (const good of ['abcd', SHA, 'a'.repeat(64), 'ABCDEF0123'])
      assert.equal(parseResultSetText(await withField('sha', good), 'run.json').commit.sha, good)
    for (const bad of [
      'abc',
      '../../evil',
      'a'.repeat(65),
      'g'.repeat(40),
      '',
      'abcd/',
      'abcd\n',
      '/../../../..',
    ])
      await assert.rejects(
        async () => parseResultSetText(await withField('sha', bad), 'run.json'),
        (error: unknown) =>
          error instanceof ResultsFormatError &&
          error.message ===
            `run.json: invalid results at commit.sha: expected a commit hash of 4 to 64 hex digits, got ${JSON.stringify(bad)}`,
        JSON.stringify(bad),
      )
  })

  test('bench-action compare refuses a results file with a path for a timestamp', async () => {
    const dir = await tempDir('results-compare')
    dirs.push(dir)
    await writeFile(path.join(dir, 'base.json'), await withField('createdAt', '../../../../tmp/x'))
    await writeFile(path.join(dir, 'head.json'), await readFile(fixture))
    const run = await cli(['compare', 'base.json', 'head.json'], dir)
    assert.equal(run.code, 2, run.stderr)
    assert.match(
      run.stderr,
      /^bench-action: base\.json: invalid results at createdAt: expected an ISO-8601 timestamp like 2024-05-01T12:00:00\.000Z, got "\.\.\/\.\.\/\.\.\/\.\.\/tmp\/x"\n$/,
    )
  })
})

describe('bench-action merge refuses a shard whose results would write outside the store', () => {
  let repo = ''
  let shard: { head: { createdAt: string; commit: { sha: string } } } & Record<string, unknown>
  // The store four directories below the repository: `../../../../tmp/x` from its suite/branch
  // directory is `s1/tmp/x`, which exists, so a store that took the path would write there.
  const store = path.join('s1', 's2', '.bench')

  before(async () => {
    repo = await gitRepo({
      'bench.yml': 'suite: safe\nbenchmarks:\n  - { name: t, kind: process, command: [true] }\n',
      '.gitignore': 's1/\n*.json\n',
    })
    dirs.push(repo)
    const run = await cli(['--no-install', '--shard', '1/1', '--shard-output', 'shard-1.json'], repo)
    assert.equal(run.code, 0, run.stderr)
    shard = JSON.parse(await readFile(path.join(repo, 'shard-1.json'), 'utf8'))
    await mkdir(path.join(repo, 's1', 'tmp'), { recursive: true })
  })

  test('the shard as measured merges and is saved in the store', async () => {
    const merged = await cli(['merge', 'shard-1.json', '--store', store], repo)
    assert.equal(merged.code, 0, merged.stderr)
    assert.deepEqual(await readdir(path.join(repo, store, 'safe', 'main')), [
      `${shard.head.createdAt.replace(/[-:.]/g, '')}-${shard.head.commit.sha.slice(0, 12)}.json`,
    ])
  })

  const hostile: Array<[string, (s: typeof shard) => void, RegExp]> = [
    [
      'createdAt: "../../../../tmp/x"',
      (s) => {
        s.head.createdAt = '../../../../tmp/x'
      },
      /^bench-action: hostile\.json: not a bench-action shard file: head\.createdAt: expected an ISO-8601 timestamp like 2024-05-01T12:00:00\.000Z, got "\.\.\/\.\.\/\.\.\/\.\.\/tmp\/x"\n$/,
    ],
    [
      'a valid timestamp followed by a path',
      (s) => {
        s.head.createdAt = `${s.head.createdAt}/../../../../../tmp/x`
      },
      /^bench-action: hostile\.json: not a bench-action shard file: head\.createdAt: expected an ISO-8601 timestamp/,
    ],
    [
      'sha: "../../evil"',
      (s) => {
        s.head.commit.sha = '../../evil'
      },
      /^bench-action: hostile\.json: not a bench-action shard file: head\.commit\.sha: expected a commit hash of 4 to 64 hex digits, got "\.\.\/\.\.\/evil"\n$/,
    ],
  ]
  for (const [what, alter, message] of hostile) {
    test(what, async () => {
      const data = structuredClone(shard)
      alter(data)
      await writeFile(path.join(repo, 'hostile.json'), JSON.stringify(data))
      const before = await tree(repo)
      const merged = await cli(['merge', 'hostile.json', '--store', store], repo)
      assert.match(merged.stderr, message)
      assert.equal(merged.code, 2, merged.stderr)
      // Nothing written: not in the store, not beside it, not where the path pointed.
      assert.deepEqual(await tree(repo), before)
      assert.deepEqual(await readdir(path.join(repo, 's1', 'tmp')), [])
    })
  }
})

describe('the dir store names files only with plain names inside its root', () => {
  test('a suite, branch, time or commit that is not a plain name is refused before anything is written', async () => {
    const sandbox = await tempDir('dir-store-names')
    dirs.push(sandbox)
    const store = new DirStore(path.join(sandbox, 'a', 'b', 'store'))
    const at = '2024-05-01T12:00:00.000Z'
    // In-memory results, as a caller might build them without the schema.
    const cases: Array<[ReturnType<typeof resultSetOf>, RegExp]> = [
      [
        resultSetOf('../../escaped', { branch: 'main', sha: SHA }, at),
        /^the suite "\.\.\/\.\.\/escaped" cannot name a file in the results store/,
      ],
      [resultSetOf('..', { branch: 'main', sha: SHA }, at), /^the suite "\.\." cannot name a file/],
      [resultSetOf('s/t', { branch: 'main', sha: SHA }, at), /^the suite "s\/t" cannot name a file/],
      [resultSetOf('s', { branch: '', sha: SHA }, at), /^the branch "" cannot name a file/],
      [
        resultSetOf('s', { branch: 'main', sha: '/../../../..' }, at),
        /^the run of "2024-05-01T12:00:00\.000Z" at commit "\/\.\.\/\.\.\/\.\.\/\.\." cannot name a file/,
      ],
      [
        resultSetOf('s', { branch: 'main', sha: SHA }, '../../../../x'),
        /^createdAt "\.\.\/\.\.\/\.\.\/\.\.\/x" is not a timestamp/,
      ],
    ]
    for (const [results, message] of cases)
      await assert.rejects(
        store.save(results),
        (error: unknown) => error instanceof ResultsFormatError && message.test(error.message),
        message.source,
      )
    assert.deepEqual(await tree(sandbox), [], 'nothing written')

    // A branch of dots and slashes is encoded into one name; a time with an offset is stored in UTC,
    // so that it is listed with the others.
    const saved = await store.save(
      resultSetOf('s', { branch: '../../x', sha: SHA }, '2024-05-01T14:00:00.5+02:00'),
    )
    assert.equal(
      path.relative(sandbox, saved),
      path.join(
        'a',
        'b',
        'store',
        's',
        '%2E%2E%2F%2E%2E%2Fx',
        `20240501T120000500Z-${SHA.slice(0, 12)}.json`,
      ),
    )
    const listed = await store.list('s', '../../x')
    assert.deepEqual(
      listed.map((e) => [e.createdAt, e.sha]),
      [['2024-05-01T12:00:00.500Z', SHA.slice(0, 12)]],
    )
  })
})
