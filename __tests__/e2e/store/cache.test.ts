// The cache store against the test server's Actions cache service, through the real @actions/cache.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import * as cache from '@actions/cache'
import type { ResultSet } from '../../../src/results.ts'
import { CacheStore, cacheKey } from '../../../src/store/cache.ts'
import {
  type GitHubServer,
  runtimeEnv,
  startGitHubServer,
  withProcessEnv,
} from '../../support/github-server.ts'
import { removeDir, resultSetOf, tempDir } from '../../support/helpers.ts'

function results(
  suite: string,
  branch: string,
  sha: string | undefined,
  createdAt: string,
  ns = 1,
): ResultSet {
  const results = resultSetOf(suite, { branch, ...(sha ? { sha } : {}) }, createdAt)
  // A marker that tells which save a restored file came from.
  return { ...results, environment: { ...results.environment, tools: { marker: String(ns) } } }
}

const sha1 = '1'.repeat(40)
const sha2 = '2'.repeat(40)
const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString()

/** @actions/core writes its log lines to stdout, where they would mix with the test report. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const write = process.stdout.write
  process.stdout.write = ((chunk: unknown, ...rest: never[]) =>
    typeof chunk === 'string'
      ? true
      : write.call(process.stdout, chunk as Uint8Array, ...rest)) as typeof write
  try {
    return await fn()
  } finally {
    process.stdout.write = write
  }
}

describe('the cache store', () => {
  let server: GitHubServer
  let work: string
  const logs: string[] = []

  /** A store of run `runId`, called with that run's environment. */
  const inRun = <T>(runId: number, fn: (store: CacheStore) => Promise<T>, attempt = '1'): Promise<T> => {
    const store = new CacheStore({
      runId: String(runId),
      runAttempt: attempt,
      workDir: work,
      log: (m) => logs.push(m),
    })
    const env = runtimeEnv(server, { runId, workspace: work })
    return withProcessEnv({ ...env, GITHUB_RUN_ATTEMPT: attempt }, () => quietly(() => fn(store)))
  }

  before(async () => {
    server = await startGitHubServer()
    work = await tempDir('cache-store-')
  })
  after(async () => {
    await server.close()
    await removeDir(work)
  })

  const runA = results('s', 'main', sha1, at(1), 100)
  const runB = results('s', 'main', sha2, at(2), 200)

  test('saves every run under a key of its own', async () => {
    const keyA = await inRun(101, (s) => s.save(runA))
    assert.deepEqual(
      server.requests.map((r) => `${r.operationId} ${r.status}`),
      ['CacheService/CreateCacheEntry 200', 'blob/put 201', 'CacheService/FinalizeCacheEntryUpload 200'],
    )
    const keyB = await inRun(102, (s) => s.save(runB))
    assert.equal(keyA, `bench-action-v1-s-main-${sha1}-101-1`)
    assert.equal(keyB, `bench-action-v1-s-main-${sha2}-102-1`)
    assert.deepEqual(
      server.cacheEntries().map((e) => [e.key, e.finalized]),
      [
        [keyA, true],
        [keyB, true],
      ],
    )
    // Other suites and branches, including one whose name starts with "main-".
    await inRun(103, (s) => s.save(results('s2', 'main', sha2, at(3), 300)))
    await inRun(104, (s) => s.save(results('s', 'feature/x', sha2, at(4), 400)))
    await inRun(105, (s) => s.save(results('s', 'main-next', sha2, at(5), 500)))
    await inRun(106, (s) => s.save(results('s-main', 'x', sha2, at(6), 600)))
    assert.deepEqual(server.violations, [])
  })

  test('list restores the newest run of the branch', async () => {
    const [entries, loaded] = await inRun(200, async (s) => {
      const entries = await s.list('s', 'main')
      return [entries, entries[0] ? await s.load(entries[0]) : undefined] as const
    })
    assert.deepEqual(entries, [
      {
        path: `bench-action-v1-s-main-${sha2}-102-1`,
        suite: 's',
        branch: 'main',
        sha: sha2,
        createdAt: runB.createdAt,
      },
    ])
    assert.deepEqual(loaded, runB)
    // A fresh store (another job) loads an entry by its key.
    const again = await inRun(201, (s) => s.load(entries[0]!))
    assert.deepEqual(again, runB)
  })

  test('listAt restores the run at the merge base, not the newer commit', async () => {
    const [entries, loaded] = await inRun(300, async (s) => {
      const entries = await s.listAt('s', 'main', sha1)
      return [entries, entries[0] ? await s.load(entries[0]) : undefined] as const
    })
    assert.deepEqual(
      entries.map((e) => [e.path, e.sha]),
      [[`bench-action-v1-s-main-${sha1}-101-1`, sha1]],
    )
    assert.deepEqual(loaded, runA)
    // An abbreviated sha finds the same run; an unknown one finds nothing.
    const short = await inRun(301, (s) => s.listAt('s', 'main', sha1.slice(0, 12)))
    assert.equal(short[0]?.path, entries[0]?.path)
    assert.deepEqual(await inRun(302, (s) => s.listAt('s', 'main', 'f'.repeat(40))), [])
  })

  test('other suites and branches are not mixed in', async () => {
    const found = await inRun(400, async (s) => ({
      s2: await s.list('s2', 'main'),
      feature: await s.list('s', 'feature/x'),
      next: await s.list('s', 'main-next'),
      dashed: await s.list('s-main', 'x'),
      none: await s.list('s', 'nowhere'),
    }))
    assert.deepEqual(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.map((e) => e.path)])), {
      s2: [`bench-action-v1-s2-main-${sha2}-103-1`],
      feature: [`bench-action-v1-s-feature%2Fx-${sha2}-104-1`],
      next: [`bench-action-v1-s-main%2Dnext-${sha2}-105-1`],
      dashed: [`bench-action-v1-s%2Dmain-x-${sha2}-106-1`],
      none: [],
    })
  })

  test('a re-run of the same attempt keeps the saved run', async () => {
    logs.length = 0
    const seen = server.requests.length
    const changed = { ...runB, createdAt: at(9), benchmarks: [] }
    const key = await inRun(102, (s) => s.save(changed))
    assert.equal(key, `bench-action-v1-s-main-${sha2}-102-1`)
    // The service refuses a second entry for the key; the store then finds the first one.
    assert.deepEqual(
      server.requests.slice(seen).map((r) => `${r.operationId} ${r.status}`),
      ['CacheService/CreateCacheEntry 409', 'CacheService/GetCacheEntryDownloadURL 200'],
    )
    assert.ok(
      logs.some((m) => m.includes('already holds') && m.includes(key)),
      `the store says the entry is kept: ${JSON.stringify(logs)}`,
    )
    const loaded = await inRun(500, async (s) => s.load((await s.list('s', 'main'))[0]!))
    assert.deepEqual(loaded, runB)
    assert.equal(server.cacheEntries().filter((e) => e.key === key).length, 1)
    // A second attempt of the run is a run of its own, and now the newest.
    const second = await inRun(102, (s) => s.save(changed), '2')
    assert.equal(second, `bench-action-v1-s-main-${sha2}-102-2`)
    const newest = await inRun(501, (s) => s.list('s', 'main'))
    assert.equal(newest[0]?.path, second)
  })

  test('a corrupt cached file fails to load with a clear error', async () => {
    const key = cacheKey(results('s', 'broken', sha1, at(1)), '600', '1')
    await inRun(600, async (s) => {
      await mkdir(path.dirname(s.file), { recursive: true })
      await writeFile(s.file, '{"schema": "bench-action/results", ')
      const id = await cache.saveCache([s.file], key)
      assert.notEqual(id, -1, 'the library saved the corrupt file')
    })
    const entries = await inRun(601, (s) => s.list('s', 'broken'))
    assert.equal(entries[0]?.path, key)
    await assert.rejects(
      inRun(602, (s) => s.load(entries[0]!)),
      (e: Error) => e.message.includes(key) && /not valid JSON/.test(e.message),
    )
    assert.deepEqual(server.violations, [])
  })

  test('an entry that holds no results file is listed, and fails to load naming the entry', async () => {
    const key = cacheKey(results('s', 'hollow', sha1, at(1)), '610', '1')
    await inRun(610, async (s) => {
      // Same path, so the same cache version, but a directory where the results file should be.
      await mkdir(s.file, { recursive: true })
      await writeFile(path.join(s.file, 'other'), 'x')
      const id = await cache.saveCache([s.file], key)
      assert.notEqual(id, -1, 'the library saved the directory')
      await removeDir(s.file)
    })
    const entries = await inRun(611, (s) => s.list('s', 'hollow'))
    assert.equal(entries[0]?.path, key, 'listing does not fail: the baseline is skipped when loaded')
    await assert.rejects(
      inRun(612, async (s) => {
        const [entry] = await s.list('s', 'hollow')
        return s.load(entry!)
      }),
      (e: Error) => e.message === `the Actions cache entry ${key} holds no results file`,
    )
    assert.deepEqual(server.violations, [])
  })

  test('saves a run without a commit as nosha', async () => {
    const key = await inRun(700, (s) => s.save(results('s', 'detached', undefined, at(1))))
    assert.equal(key, 'bench-action-v1-s-detached-nosha-700-1')
    const entries = await inRun(701, (s) => s.list('s', 'detached'))
    assert.deepEqual(
      entries.map((e) => [e.path, e.sha]),
      [[key, undefined]],
    )
  })

  test('processes on one machine share the fixed file path without mixing up their runs', async () => {
    // Several runners on one host (or a matrix's jobs) save and restore at the same time; the file
    // the cache archives has one path for all of them.
    const tmp = await tempDir('cache-shared-tmp')
    try {
      const workers = [1, 2, 3].map(
        (w) =>
          new Promise<{ code: number | null; stderr: string }>((resolve) => {
            const env = {
              ...process.env,
              ...runtimeEnv(server, { runId: 800 + w, workspace: work }),
              TMPDIR: tmp,
            }
            const child = spawn(
              process.execPath,
              [
                '--import',
                'tsx',
                path.join(import.meta.dirname, '..', '..', 'programs/cache-store-worker.ts'),
                String(w),
                '6',
              ],
              { env, stdio: ['ignore', 'ignore', 'pipe'] },
            )
            let stderr = ''
            child.stderr.on('data', (d) => (stderr += d))
            child.on('close', (code) => resolve({ code, stderr }))
          }),
      )
      const results = await Promise.all(workers)
      for (const r of results) assert.equal(r.code, 0, r.stderr)
      assert.equal(server.cacheEntries().filter((e) => e.key.startsWith('bench-action-v1-lock-')).length, 18)
    } finally {
      await removeDir(tmp)
    }
    assert.deepEqual(server.violations, [])
  })

  test('outside Actions it says the cache is not available', async () => {
    const store = new CacheStore({ runId: '1', runAttempt: '1', workDir: work })
    await withProcessEnv({ ACTIONS_RESULTS_URL: '', ACTIONS_CACHE_URL: '' }, async () => {
      await assert.rejects(store.list('s', 'main'), /Actions cache is not available/)
    })
    assert.deepEqual(server.violations, [])
  })
})
