// Zig from PyPI, for real: one download of the pinned ziglang wheel into a temporary tool cache, then
// the cached compiler is found again, compiles C with `zig cc`, and bad versions are reported clearly.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { access, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { SetupError, type ToolStatus } from '../src/setup/index.ts'
import {
  DEFAULT_ZIG_VERSION,
  ensureZig,
  wheelPlatformTags,
  zigCacheRoot,
  zigVersionOf,
} from '../src/setup/zig.ts'

const exec = promisify(execFile)

/** PATH without any directory that holds a zig, so the compiler must come from the cache or PyPI. */
async function pathWithoutZig(): Promise<string> {
  const dirs: string[] = []
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue
    try {
      await access(path.join(dir, 'zig'))
    } catch {
      dirs.push(dir)
    }
  }
  return dirs.join(path.delimiter)
}

async function setupErrorOf(promise: Promise<unknown>): Promise<SetupError> {
  try {
    await promise
  } catch (err) {
    assert.ok(err instanceof SetupError, `expected a SetupError, got ${String(err)}`)
    return err
  }
  assert.fail('expected a SetupError, but it resolved')
}

describe('ensureZig (downloads the ziglang wheel from PyPI once)', () => {
  let root: string
  let env: NodeJS.ProcessEnv
  let first: ToolStatus
  let firstMs: number
  const lines: string[] = []

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bench-zig-'))
    env = {
      ...process.env,
      PATH: await pathWithoutZig(),
      BENCH_ACTION_CACHE_DIR: path.join(root, 'cache'),
      ZIG_GLOBAL_CACHE_DIR: path.join(root, 'zig-global-cache'),
      ZIG_LOCAL_CACHE_DIR: path.join(root, 'zig-local-cache'),
    }
    const start = performance.now()
    first = await ensureZig({ version: DEFAULT_ZIG_VERSION, env, log: (line) => lines.push(line) })
    firstMs = performance.now() - start
  })

  after(async () => {
    await rm(root, { recursive: true, force: true })
  })

  test('installs the pinned version into the tool cache', async (t) => {
    assert.equal(first.tool, 'zig')
    assert.equal(first.installed, true)
    assert.equal(first.version, DEFAULT_ZIG_VERSION)
    assert.equal(first.path, path.join(root, 'cache', 'tools', 'zig', DEFAULT_ZIG_VERSION, 'zig'))
    assert.equal(first.path, path.join(zigCacheRoot(env), DEFAULT_ZIG_VERSION, 'zig'))
    const { stdout } = await exec(first.path, ['version'], { env })
    assert.equal(stdout.trim(), DEFAULT_ZIG_VERSION)
    assert.ok(
      lines.some((l) => l.includes('pip download ziglang==')),
      `expected a pip download line in the log:\n${lines.join('\n')}`,
    )
    // Nothing but the unpacked compiler is left behind: no wheel, no temporary directories.
    const { stdout: listing } = await exec('ls', ['-A', path.join(root, 'cache', 'tools', 'zig')])
    assert.deepEqual(listing.trim().split('\n'), [DEFAULT_ZIG_VERSION])
    t.diagnostic(`first install: ${(firstMs / 1000).toFixed(1)} s`)
  })

  test('the installed zig compiles and runs C with zig cc', async () => {
    const dir = path.join(root, 'hello')
    await exec('mkdir', ['-p', dir])
    await writeFile(
      path.join(dir, 'hello.c'),
      '#include <stdio.h>\nint main(void) { printf("hello from zig cc %d\\n", 6 * 7); return 0; }\n',
    )
    const exe = path.join(dir, 'hello')
    await exec(first.path, ['cc', '-O2', '-o', exe, path.join(dir, 'hello.c')], { env, cwd: dir })
    assert.ok((await stat(exe)).isFile(), `expected ${exe} to be built`)
    const { stdout } = await exec(exe, [])
    assert.equal(stdout, 'hello from zig cc 42\n')
  })

  test('a second call uses the cache: not installed, the same path, quickly', async (t) => {
    const start = performance.now()
    const again = await ensureZig({ version: DEFAULT_ZIG_VERSION, env })
    const ms = performance.now() - start
    t.diagnostic(`cache hit: ${ms.toFixed(0)} ms`)
    assert.equal(again.installed, false)
    assert.equal(again.path, first.path)
    assert.equal(again.version, DEFAULT_ZIG_VERSION)
    assert.ok(ms < 2000, `a cache hit took ${ms.toFixed(0)} ms, expected well under 2 s`)
  })

  test('a zig on PATH is used when no version is pinned', async () => {
    const withZig = { ...env, PATH: `${path.dirname(first.path)}${path.delimiter}${env.PATH}` }
    const found = await ensureZig({ env: withZig })
    assert.deepEqual(found, { tool: 'zig', version: DEFAULT_ZIG_VERSION, path: first.path, installed: false })
  })

  test('a version PyPI does not have: a SetupError naming the version', async () => {
    const err = await setupErrorOf(ensureZig({ version: '0.99.0', env }))
    assert.match(err.message, /Zig 0\.99\.0 is not available from PyPI/)
    assert.match(err.message, /ziglang==0\.99\.0/)
    assert.match(err.message, new RegExp(DEFAULT_ZIG_VERSION.replaceAll('.', '\\.')))
  })

  test('a malformed version: a SetupError naming it, before anything runs', async () => {
    const calls: string[][] = []
    const err = await setupErrorOf(
      ensureZig({
        version: 'latest; rm -rf /',
        env,
        run: async (argv) => {
          calls.push(argv)
          return { code: 127, stdout: '', stderr: '' }
        },
      }),
    )
    assert.match(err.message, /invalid Zig version "latest; rm -rf \/"/)
    assert.deepEqual(calls, [])
  })
})

describe('zig setup helpers', () => {
  test('zigVersionOf drops the packaging suffix', () => {
    assert.equal(zigVersionOf('0.17.0.post0'), '0.17.0')
    assert.equal(zigVersionOf('0.17.1'), '0.17.1')
  })

  test('wheel platform tags: known platforms have tags, others none', () => {
    assert.deepEqual(wheelPlatformTags('linux', 'x64')?.[0], 'manylinux_2_12_x86_64')
    assert.deepEqual(wheelPlatformTags('win32', 'x64'), ['win_amd64'])
    assert.equal(wheelPlatformTags('aix', 'ppc64'), undefined)
  })

  test('the tool cache: BENCH_ACTION_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache', () => {
    assert.equal(zigCacheRoot({ BENCH_ACTION_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' }), '/c/tools/zig')
    assert.equal(zigCacheRoot({ XDG_CACHE_HOME: '/x', HOME: '/h' }), '/x/bench-action/tools/zig')
    assert.equal(zigCacheRoot({ HOME: '/h' }), '/h/.cache/bench-action/tools/zig')
    assert.equal(zigCacheRoot({ HOME: '/h' }, '/d'), '/d/tools/zig')
  })

  test('no python: a SetupError saying what to install', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'bench-zig-nopy-'))
    try {
      const err = await setupErrorOf(
        ensureZig({
          env: { PATH: '', BENCH_ACTION_CACHE_DIR: root },
          run: async () => ({ code: 127, stdout: '', stderr: '' }),
        }),
      )
      assert.match(err.message, /neither python3 nor python is on PATH/)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
