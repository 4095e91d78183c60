import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { stderrTail } from '../../../src/measure/child.ts'
import {
  ensureExecHelper,
  execHelperCacheDir,
  execHelperManifestPath,
  findExecHelperSource,
  type ProcessRun,
  runExecHelper,
} from '../../../src/measure/exec-helper.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const source = path.join(repo, 'runners', 'exec', 'exec.c')

let temp: string
let probe: string
let helper: string

// The probe program and the helper are compiled here.
const cc = await needs('cc')

before(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'bench-exec-helper-'))
  probe = path.join(temp, 'probe')
  if (!cc.verdict.run) return
  await run('cc', ['-O2', '-o', probe, path.join(repo, '__tests__', 'programs', 'probe.c')])
  const built = await ensureExecHelper({ cacheDir: path.join(temp, 'cache') })
  assert.ok('path' in built, 'a C compiler is needed to run these tests')
  helper = built.path
})

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

cc.describe('finding and building the exec helper', () => {
  test('the C source is found walking up from src/measure/ and from dist/', () => {
    assert.equal(findExecHelperSource(path.join(repo, 'src', 'measure')), source)
    assert.equal(findExecHelperSource(path.join(repo, 'dist')), source)
    assert.throws(() => findExecHelperSource(os.tmpdir()), /cannot find runners\/exec\/exec\.c/)
  })

  test('the cache directory follows BENCH_ACTION_CACHE_DIR, then XDG_CACHE_HOME, then ~/.cache', () => {
    assert.equal(execHelperCacheDir({ BENCH_ACTION_CACHE_DIR: '/x/y', XDG_CACHE_HOME: '/c' }), '/x/y')
    assert.equal(execHelperCacheDir({ XDG_CACHE_HOME: '/c' }), '/c/bench-action')
    assert.equal(execHelperCacheDir({ HOME: '/home/u' }), '/home/u/.cache/bench-action')
  })

  test('builds once, reuses the build, and rebuilds when the source changes', async () => {
    const cacheDir = path.join(temp, 'rebuild-cache')
    const first = await ensureExecHelper({ cacheDir })
    assert.ok('path' in first, "'path' in first")
    assert.equal(first.built, true)
    const builtAt = (await stat(first.path)).mtimeMs

    const second = await ensureExecHelper({ cacheDir })
    assert.deepEqual(second, { path: first.path, built: false })
    assert.equal((await stat(first.path)).mtimeMs, builtAt)

    const changedSource = path.join(temp, 'changed', 'exec.c')
    await mkdir(path.dirname(changedSource), { recursive: true })
    await writeFile(changedSource, `${await readFile(source, 'utf8')}\n/* changed */\n`)
    const third = await ensureExecHelper({ cacheDir, sourcePath: changedSource })
    assert.ok('path' in third, "'path' in third")
    assert.equal(third.built, true)
    assert.notEqual(third.path, first.path)
    // Only the finished builds and their manifests are left: temporary files were renamed into place.
    assert.deepEqual(
      (await readdir(cacheDir)).sort(),
      [first.path, third.path].flatMap((p) => [path.basename(p), `${path.basename(p)}.json`]).sort(),
    )
    const { stdout } = await run(third.path, ['--version'])
    assert.match(stdout, /^bench-action exec \d+/)
  })

  test('concurrent first builds all end with one working helper', async () => {
    const cacheDir = path.join(temp, 'concurrent-cache')
    const builds = await Promise.all([1, 2, 3].map(() => ensureExecHelper({ cacheDir })))
    const paths = new Set(builds.map((b) => ('path' in b ? b.path : b.unavailable)))
    assert.equal(paths.size, 1)
    const helper = path.basename([...paths][0]!)
    assert.deepEqual((await readdir(cacheDir)).sort(), [helper, `${helper}.json`])
  })

  test('a tampered cached helper is rebuilt, never run', async () => {
    const cacheDir = path.join(temp, 'tamper-cache')
    const built = await ensureExecHelper({ cacheDir })
    assert.ok('path' in built, "'path' in built")
    const genuine = await readFile(built.path)
    // A setup step or a benchmark can write to the cache: it leaves a program that answers like the
    // helper and would run instead of it.
    const marker = path.join(temp, 'tampered-helper-ran')
    await writeFile(built.path, `#!/bin/sh\ntouch ${marker}\necho 'bench-action exec 1'\n`)
    const again = await ensureExecHelper({ cacheDir })
    assert.deepEqual(again, { path: built.path, built: true }, 'the helper is built again')
    assert.deepEqual(await readFile(built.path), genuine, 'the genuine build is back in place')
    const outcome = await runExecHelper(built.path, {
      command: [probe, 'sleep', '0'],
      cwd: temp,
      env: {},
      runs: 1,
      warmup: 0,
      timeoutMs: 0,
    })
    assert.equal(outcome.runs[0]?.exitCode, 0)
    await assert.rejects(stat(marker), { code: 'ENOENT' }, 'the tampered helper never ran')
    assert.deepEqual(await ensureExecHelper({ cacheDir }), { path: built.path, built: false })
  })

  test('a cached helper whose manifest is missing or names another source is rebuilt', async () => {
    const cacheDir = path.join(temp, 'manifest-cache')
    const built = await ensureExecHelper({ cacheDir })
    assert.ok('path' in built, "'path' in built")
    const manifestPath = execHelperManifestPath(built.path)
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'))
    assert.equal(
      manifest.source,
      createHash('sha256')
        .update(await readFile(source))
        .digest('hex'),
    )
    assert.equal(
      manifest.sha256,
      createHash('sha256')
        .update(await readFile(built.path))
        .digest('hex'),
    )

    // Built by a version that kept no manifest.
    await rm(manifestPath)
    assert.deepEqual(await ensureExecHelper({ cacheDir }), { path: built.path, built: true })
    // Recorded as built from a source other than the shipped one.
    await writeFile(manifestPath, JSON.stringify({ ...manifest, source: '0'.repeat(64) }))
    assert.deepEqual(await ensureExecHelper({ cacheDir }), { path: built.path, built: true })
    assert.deepEqual(JSON.parse(await readFile(manifestPath, 'utf8')), manifest)
    assert.deepEqual(await ensureExecHelper({ cacheDir }), { path: built.path, built: false })
  })

  test('a source the compiler rejects is a clear error carrying the compiler output', async () => {
    const broken = path.join(temp, 'broken', 'exec.c')
    await mkdir(path.dirname(broken), { recursive: true })
    await writeFile(broken, 'int main(void) { return missing_symbol; }\n')
    await assert.rejects(
      ensureExecHelper({ cacheDir: path.join(temp, 'broken-cache'), sourcePath: broken }),
      (e: Error) => {
        assert.match(e.message, /building the exec helper .*broken\/exec\.c with cc failed/)
        assert.match(e.message, /missing_symbol/)
        return true
      },
    )
  })

  test('without any C compiler the helper is unavailable and says what was tried', async () => {
    const emptyBin = path.join(temp, 'empty-bin')
    await mkdir(emptyBin, { recursive: true })
    const result = await ensureExecHelper({
      cacheDir: path.join(temp, 'no-cc-cache'),
      env: { PATH: emptyBin, CC: 'no-such-compiler' },
    })
    assert.deepEqual(result, { unavailable: 'tried $CC (no-such-compiler), cc, gcc, clang, zig cc' })
  })

  test('$CC is preferred and may carry arguments', async () => {
    const cacheDir = path.join(temp, 'cc-args-cache')
    const result = await ensureExecHelper({ cacheDir, env: { ...process.env, CC: 'cc -std=gnu11' } })
    assert.ok('path' in result, "'path' in result")
    const plain = await ensureExecHelper({ cacheDir })
    assert.ok('path' in plain, "'path' in plain")
    assert.notEqual(result.path, plain.path, 'the compiler command is part of the cache key')
  })
})

cc.describe('the exec helper command line', () => {
  test('bad usage exits 2 with a message on stderr', async () => {
    for (const args of [
      ['--runs', '0', '--', 'true'],
      ['--bogus'],
      ['--runs', '3'],
      ['--timeout-ms', 'x', '--', 'true'],
    ]) {
      await assert.rejects(run(helper, args), (e: Error & { code?: number; stderr?: string }) => {
        assert.equal(e.code, 2, args.join(' '))
        assert.match(e.stderr ?? '', /^exec: /)
        return true
      })
    }
  })

  test('prints one flushed JSON line per run, warmups first', async () => {
    const { stdout } = await run(helper, ['--runs', '3', '--warmup', '2', '--', probe, 'sleep', '1'])
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    assert.deepEqual(
      lines.map((l) => [l.phase, l.i]),
      [
        ['warmup', 0],
        ['warmup', 1],
        ['run', 0],
        ['run', 1],
        ['run', 2],
      ],
    )
    for (const l of lines) {
      assert.equal(l.exit, 0)
      assert.equal(l.signal, null)
      assert.equal(l.timed_out, false)
      assert.equal(l.stderr_hex, undefined)
      assert.ok(l.wall_ns >= 1e6, 'l.wall_ns >= 1e6')
    }
  })

  test('a program that cannot be executed is reported by name with the reason, exit 1', async () => {
    await assert.rejects(
      run(helper, ['--', './no-such-program']),
      (e: Error & { code?: number; stdout?: string }) => {
        assert.equal(e.code, 1)
        assert.deepEqual(JSON.parse(e.stdout ?? ''), {
          phase: 'run',
          i: 0,
          spawn_error: 'No such file or directory',
          errno: 2,
          program: './no-such-program',
        })
        return true
      },
    )
    await assert.rejects(run(helper, ['--warmup', '1', '--', temp]), (e: Error & { stdout?: string }) => {
      const line = JSON.parse(e.stdout ?? '')
      assert.equal(line.phase, 'warmup')
      assert.equal(line.spawn_error, 'Permission denied')
      return true
    })
  })
})

cc.describe('runExecHelper', () => {
  test('parses the runs into ProcessRun values and reports each as it arrives', async () => {
    const seen: ProcessRun[] = []
    const started = process.hrtime.bigint()
    const outcome = await runExecHelper(helper, {
      command: [probe, 'sleep', '2'],
      cwd: temp,
      env: {},
      runs: 4,
      warmup: 1,
      timeoutMs: 10_000,
      onRun: (r) => seen.push(r),
    })
    const lifetimeNs = Number(process.hrtime.bigint() - started)
    assert.equal(outcome.failure, undefined)
    assert.equal(outcome.runs.length, 5)
    assert.deepEqual(seen, outcome.runs)
    const r = outcome.runs[1]!
    assert.equal(r.phase, 'run')
    assert.equal(r.index, 0)
    // Nanoseconds: at least the 2 ms sleep, and all five runs within the helper's lifetime.
    assert.ok(r.wallNs >= 2e6, `wall ${r.wallNs} ns covers the 2 ms sleep`)
    const total = outcome.runs.reduce((sum, x) => sum + x.wallNs, 0)
    assert.ok(total <= lifetimeNs, `${total} ns of runs within ${lifetimeNs} ns`)
    assert.ok(
      r.usage['max-rss'] > 0 && r.usage['max-rss'] % 1024 === 0,
      `max-rss ${r.usage['max-rss']} bytes: whole KiB, above 0`,
    )
    assert.ok(r.usage['minor-faults'] > 0, `minor faults ${r.usage['minor-faults']}`)
    assert.equal(r.exitCode, 0)
    assert.equal(r.signal, null)
    assert.equal(r.timedOut, false)
    assert.equal(r.stderrTail, undefined)
  })

  test('a failed run ends the series and carries the end of its stderr', async () => {
    const outcome = await runExecHelper(helper, {
      command: [probe, 'exit', '7', '500', 'fatal: the input is bad'],
      cwd: temp,
      env: {},
      runs: 5,
      warmup: 0,
      timeoutMs: 0,
    })
    assert.equal(outcome.runs.length, 1)
    assert.equal(outcome.failure?.kind, 'run')
    const failed = outcome.runs[0]!
    assert.equal(failed.exitCode, 7)
    const tail = failed.stderrTail ?? ''
    const lines = tail.split('\n')
    assert.equal(lines.length, 20)
    assert.equal(lines.at(-1), 'fatal: the input is bad')
    assert.equal(lines.at(-2), 'progress line 499')
    assert.ok(tail.startsWith('…progress line 481'), tail.slice(0, 40))
  })

  test('a spawn failure names the program', async () => {
    const outcome = await runExecHelper(helper, {
      command: ['no-such-program-anywhere'],
      cwd: temp,
      env: {},
      runs: 3,
      warmup: 0,
      timeoutMs: 0,
    })
    assert.deepEqual(outcome, {
      runs: [],
      failure: {
        kind: 'spawn',
        phase: 'run',
        index: 0,
        program: 'no-such-program-anywhere',
        reason: 'No such file or directory',
        // errno 2 (ENOENT): the report says where it was looked for.
        notFound: true,
      },
    })
  })

  test('PATH lookup uses the environment given to the command', async () => {
    const bin = path.join(temp, 'path-bin')
    await mkdir(bin, { recursive: true })
    await copyFile(probe, path.join(bin, 'probe-on-path'))
    const outcome = await runExecHelper(helper, {
      command: ['probe-on-path', 'sleep', '0'],
      cwd: temp,
      env: { PATH: `${bin}:${process.env.PATH}` },
      runs: 1,
      warmup: 0,
      timeoutMs: 0,
    })
    assert.equal(outcome.failure, undefined)
    assert.equal(outcome.runs[0]?.exitCode, 0)
  })
})

describe('stderrTail', () => {
  test('keeps the last 20 lines and at most 2 KiB, marking a cut with an ellipsis', () => {
    assert.equal(stderrTail(Buffer.from('one\ntwo\n\n')), 'one\ntwo')
    assert.equal(stderrTail(Buffer.from('')), '')
    const many = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n')
    assert.equal(
      stderrTail(Buffer.from(many)),
      `…${Array.from({ length: 20 }, (_, i) => `l${i + 10}`).join('\n')}`,
    )
    const long = stderrTail(Buffer.from('x'.repeat(5000)))
    assert.equal(long.length, 2049)
    assert.ok(long.startsWith('…x'), "long.startsWith('…x')")
  })

  test('drops the half line at the start of a cut buffer and survives invalid UTF-8', () => {
    assert.equal(stderrTail(Buffer.from('tial line\nwhole line\n'), true), '…whole line')
    assert.equal(stderrTail(Buffer.from([0x66, 0xff, 0x6f])), 'f\ufffdo')
  })
})
