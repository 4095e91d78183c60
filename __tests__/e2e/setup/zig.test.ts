// Zig from PyPI, for real: one download of the pinned ziglang wheel into a temporary tool cache, then
// the cached compiler is found again, compiles C with `zig cc`, and bad versions are reported clearly.
// What was downloaded is verified: pip refuses a wheel without a pinned digest, and a cached Zig whose
// files changed is installed again instead of run.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { access, appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { type CommandRunner, defaultRunner, SetupError, type ToolStatus } from '../../../src/setup/system.ts'
import {
  DEFAULT_ZIG_VERSION,
  ensureZig,
  wheelPlatformTags,
  ZIG_MANIFEST,
  zigCacheRoot,
  zigTreeDigest,
  zigVersionOf,
} from '../../../src/setup/zig.ts'
import { ZIG_DIGESTS } from '../../../src/setup/zig-digests.ts'

const exec = promisify(execFile)

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex')

/** The real runner, remembering every command it ran. */
function recording(): { run: CommandRunner; calls: string[][] } {
  const calls: string[][] = []
  return {
    calls,
    run: (argv, opts) => {
      calls.push(argv)
      return defaultRunner(argv, opts)
    },
  }
}

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
      lines.some((l) => /pip download --require-hashes .* -r \S+requirements\.txt$/.test(l)),
      `expected a pip download of pinned hashes in the log:\n${lines.join('\n')}`,
    )
    // What was installed is one of the pinned wheels, recorded beside it.
    const dir = path.dirname(first.path)
    const manifest = JSON.parse(await readFile(path.join(dir, ZIG_MANIFEST), 'utf8'))
    const pin = ZIG_DIGESTS[DEFAULT_ZIG_VERSION]!.find((p) => p.sha256 === manifest.wheelSha256)
    assert.ok(pin, `the manifest names a pinned wheel: ${JSON.stringify(manifest)}`)
    assert.equal(manifest.zigSha256, await sha256(first.path))
    assert.equal(manifest.zigSha256, pin.zig)
    assert.equal(manifest.treeSha256, await zigTreeDigest(dir))
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

  test('a second call uses the cache after checking its digests: not installed, nothing downloaded', async (t) => {
    const start = performance.now()
    const { run, calls } = recording()
    const again = await ensureZig({ version: DEFAULT_ZIG_VERSION, env, run })
    t.diagnostic(`cache hit, digests checked: ${(performance.now() - start).toFixed(0)} ms`)
    assert.equal(again.installed, false)
    assert.equal(again.path, first.path)
    assert.equal(again.version, DEFAULT_ZIG_VERSION)
    assert.deepEqual(
      calls.filter((argv) => argv.includes('pip')),
      [],
    )
  })

  test('a cached zig without a manifest (an older install) is verified by its files and recorded', async () => {
    const manifestPath = path.join(path.dirname(first.path), ZIG_MANIFEST)
    const manifest = await readFile(manifestPath, 'utf8')
    await rm(manifestPath)
    const again = await ensureZig({ version: DEFAULT_ZIG_VERSION, env })
    assert.equal(again.installed, false)
    assert.equal(await readFile(manifestPath, 'utf8'), manifest)
  })

  test('a tampered cached zig is not run: it is installed again', async () => {
    // A setup step or a benchmark can write to the tool cache: it leaves a program that prints the
    // right version.
    const marker = path.join(root, 'tampered-zig-ran')
    await writeFile(first.path, `#!/bin/sh\ntouch ${marker}\necho ${DEFAULT_ZIG_VERSION}\n`)
    const log: string[] = []
    const again = await ensureZig({ version: DEFAULT_ZIG_VERSION, env, log: (line) => log.push(line) })
    await assert.rejects(stat(marker), { code: 'ENOENT' }, 'the tampered zig never ran')
    assert.ok(
      log.some((l) => l.includes(`not running the cached zig at ${first.path}`) && l.includes('sha256')),
      log.join('\n'),
    )
    assert.equal(again.installed, true)
    assert.equal(again.path, first.path)
    const pins = ZIG_DIGESTS[DEFAULT_ZIG_VERSION]!.map((p) => p.zig)
    assert.ok(pins.includes(await sha256(first.path)), 'the genuine zig is back')
  })

  test('a changed file of the cached standard library is noticed too', async () => {
    await appendFile(path.join(path.dirname(first.path), 'lib', 'std', 'std.zig'), '\n// changed\n')
    const log: string[] = []
    const again = await ensureZig({ version: DEFAULT_ZIG_VERSION, env, log: (line) => log.push(line) })
    assert.ok(
      log.some((l) => /not running the cached zig .*: the files in .* are not those of the pinned/.test(l)),
      log.join('\n'),
    )
    assert.equal(again.installed, true)
    const manifest = JSON.parse(await readFile(path.join(path.dirname(first.path), ZIG_MANIFEST), 'utf8'))
    assert.equal(await zigTreeDigest(path.dirname(first.path)), manifest.treeSha256)
  })

  test('a wheel whose sha256 is not the pinned one is refused by pip, and nothing is installed', async () => {
    const cacheDir = path.join(root, 'wrong-hash-cache')
    const wrong = ZIG_DIGESTS[DEFAULT_ZIG_VERSION]!.map((p) => ({
      ...p,
      sha256: createHash('sha256').update(p.sha256).digest('hex'),
    }))
    const err = await setupErrorOf(
      ensureZig({ version: DEFAULT_ZIG_VERSION, env, cacheDir, digests: { [DEFAULT_ZIG_VERSION]: wrong } }),
    )
    assert.match(
      err.message,
      /wheel the package index served has sha256 [0-9a-f]{64}, which does not match the sha256 digests bench-action pins/,
    )
    // pip's own words: it checked the download against the pinned hashes.
    assert.match(err.message, /DO NOT MATCH THE HASHES/)
    assert.deepEqual(await readdir(path.join(cacheDir, 'tools', 'zig')), [])
  })

  test('a zig on PATH is used when no version is pinned', async () => {
    const withZig = { ...env, PATH: `${path.dirname(first.path)}${path.delimiter}${env.PATH}` }
    const found = await ensureZig({ env: withZig })
    assert.deepEqual(found, { tool: 'zig', version: DEFAULT_ZIG_VERSION, path: first.path, installed: false })
  })

  test('a version without pinned digests is refused, naming zig-version and the known versions', async () => {
    const { run, calls } = recording()
    const err = await setupErrorOf(ensureZig({ version: '0.14.0', env, run }))
    assert.match(err.message, /Zig 0\.14\.0 cannot be installed/)
    assert.match(err.message, /none for ziglang 0\.14\.0/)
    assert.match(err.message, /Set zig-version \(--zig-version\)/)
    for (const known of Object.keys(ZIG_DIGESTS)) assert.ok(err.message.includes(known), known)
    assert.deepEqual(
      calls.filter((argv) => argv.includes('pip')),
      [],
      'nothing is downloaded',
    )
  })

  test('a version PyPI does not have: a SetupError naming the version', async () => {
    const pinned = ZIG_DIGESTS[DEFAULT_ZIG_VERSION]!.map((p) => ({ ...p, sha256: '0'.repeat(64) }))
    const err = await setupErrorOf(ensureZig({ version: '0.99.0', env, digests: { '0.99.0': pinned } }))
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
  test('the default version is pinned for every platform with a wheel, Linux x86_64 and aarch64 among them', () => {
    const pins = ZIG_DIGESTS[DEFAULT_ZIG_VERSION]
    assert.ok(pins, `ZIG_DIGESTS has ${DEFAULT_ZIG_VERSION}`)
    for (const arch of ['x64', 'arm64']) {
      const tag = wheelPlatformTags('linux', arch)![0]!
      assert.ok(
        pins.some((p) => p.wheel.split('.').includes(tag)),
        `a pinned wheel for ${tag}`,
      )
    }
    for (const [version, wheels] of Object.entries(ZIG_DIGESTS))
      for (const p of wheels)
        for (const digest of [p.sha256, p.zig, p.tree])
          assert.match(digest, /^[0-9a-f]{64}$/, `${version} ${p.wheel}`)
  })

  test('the README and action.yml name the versions that are pinned', async () => {
    const list = Object.keys(ZIG_DIGESTS)
    const readme = await readFile(path.join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8')
    const action = await readFile(path.join(import.meta.dirname, '..', '..', '..', 'action.yml'), 'utf8')
    assert.ok(readme.includes(`Zig ${list.slice(0, -1).join(', ')} and ${list.at(-1)}`), 'README.md')
    assert.ok(action.includes(`(${list.join(', ')})`), 'action.yml')
  })

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
