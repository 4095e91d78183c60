import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  decodeKlv,
  encodeKlv,
  KlvFormatError,
  parseRunnerSamples,
  RunnerOutputError,
} from '../../../src/measure/klv.ts'
import { checkCounts, type RunRunnerResult, runRunner } from '../../../src/measure/runner-protocol.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

let temp: string
let runner: string

// The rebar runner is compiled here.
const cc = await needs('cc')

before(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'bench-runner-protocol-'))
  runner = path.join(temp, 'rebar_runner')
  if (cc.verdict.run)
    await run('cc', [
      '-O2',
      '-Wall',
      '-o',
      runner,
      path.join(repo, '__tests__', 'programs', 'rebar_runner.c'),
    ])
})

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

function decodeError(bytes: string | Buffer): KlvFormatError {
  try {
    decodeKlv(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes)
  } catch (error) {
    assert.ok(error instanceof KlvFormatError, `expected a KlvFormatError, got ${String(error)}`)
    return error
  }
  assert.fail(`decoding ${JSON.stringify(String(bytes))} should have failed`)
}

describe('KLV', () => {
  test('the length counts bytes of UTF-8, not characters', () => {
    assert.equal(encodeKlv([['name', 'café']]).toString('utf8'), 'name:5:café\n')
    assert.deepEqual(decodeKlv(Buffer.from('name:5:café\n')), [['name', Buffer.from('café')]])
    const wrong = decodeError('name:4:café\n')
    assert.match(wrong.message, /not followed by a newline/)
    assert.equal(wrong.offset, 11, 'the offset points at the byte where the newline should be')
  })

  test('round-trips colons, newlines, multi-byte characters and empty values byte-exactly', () => {
    const entries: Array<[string, string | Uint8Array]> = [
      ['name', 'a:b:c'],
      ['pattern', 'line one\nline two\n'],
      ['haystack', 'é 中文 🦀 :3:\n'],
      ['empty', ''],
      ['param.size', '1024'],
      ['bytes', new Uint8Array([0, 0xff, 0x0a, 0x3a, 0xc3])],
    ]
    const encoded = encodeKlv(entries)
    assert.equal(
      encoded.subarray(0, 60).toString('utf8').split('\n')[0],
      'name:5:a:b:c',
      'the first item is written as key:length:value',
    )
    assert.ok(
      encoded.includes(Buffer.from('haystack:19:é 中文 🦀 :3:\n\n')),
      'the haystack length is 19 bytes: é 2, 中文 6, 🦀 4, the rest 7',
    )
    assert.ok(encoded.includes(Buffer.from('empty:0:\n')), 'an empty value is written with length 0')
    const decoded = decodeKlv(encoded)
    assert.deepEqual(
      decoded.map(([k]) => k),
      entries.map(([k]) => k),
    )
    for (let i = 0; i < entries.length; i++) {
      const [, value] = entries[i]!
      const expected = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value)
      assert.ok(decoded[i]![1].equals(expected), `value ${i} is the same bytes after a round trip`)
    }
    assert.ok(encodeKlv(decoded).equals(encoded), 're-encoding the decoded items gives the same bytes')
  })

  test('keys with a colon or a newline are refused', () => {
    assert.throws(() => encodeKlv([['a:b', 'x']]), /may not contain ':'/)
    assert.throws(() => encodeKlv([['a\nb', 'x']]), /may not contain ':' or a line break/)
    assert.throws(() => encodeKlv([['', 'x']]), /may not be empty/)
  })

  test('decode errors name what is wrong and the byte offset', () => {
    const first = 'model:5:count\n' // 14 bytes
    let e = decodeError(first + 'name:x:abc\n')
    assert.match(e.message, /length "x", expected a decimal byte count/)
    assert.equal(e.offset, 19)
    e = decodeError(first + 'name:10:abc\n')
    assert.match(e.message, /has length 10 but only 4 bytes follow/)
    assert.equal(e.offset, 22)
    e = decodeError(first + 'name:3:abc')
    assert.match(e.message, /not followed by a newline/)
    assert.equal(e.offset, 24)
    e = decodeError(first + 'garbage')
    assert.match(e.message, /no ":" after the key/)
    assert.equal(e.offset, 14)
    e = decodeError(first + 'bad\nkey:1:x\n')
    assert.match(e.message, /no ":" after the key/)
    assert.equal(e.offset, 14)
    e = decodeError(first + 'name:-1:x\n')
    assert.match(e.message, /expected a decimal byte count/)
    assert.match(e.message, /at byte 19/)
    assert.deepEqual(decodeKlv(new Uint8Array()), [], 'no bytes, no items')
  })
})

describe('runner output', () => {
  test('one duration,count line per sample; blank lines ignored', () => {
    assert.deepEqual(parseRunnerSamples('1500,91\n\n1400,91\r\n', 'r'), [
      { durationNs: 1500, count: 91, iterations: 1 },
      { durationNs: 1400, count: 91, iterations: 1 },
    ])
  })

  test("a harness's extra fields: the calls a sample timed, and the bytes they processed", () => {
    assert.deepEqual(parseRunnerSamples('2000000,7,4096\n2100000,7,4096,65536\n', 'h'), [
      { durationNs: 2000000, count: 7, iterations: 4096 },
      { durationNs: 2100000, count: 7, iterations: 4096, bytes: 65536 },
    ])
    assert.throws(() => parseRunnerSamples('100,7,0\n', 'h'), /a sample of 0 iterations/)
    assert.deepEqual(parseRunnerSamples('100,7,1,2,3\n100,7,1,,3\n', 'h'), [
      { durationNs: 100, count: 7, iterations: 1, bytes: 2, elements: 3 },
      { durationNs: 100, count: 7, iterations: 1, elements: 3 },
    ])
    assert.throws(() => parseRunnerSamples('100,7,1,2,3,4\n', 'h'), /line 1 .*expected "duration,count"/)
  })

  test('anything else names the line and what was expected', () => {
    assert.throws(
      () => parseRunnerSamples('1500,91\n1.5ms,91\n', 'my-runner'),
      (e: unknown) =>
        e instanceof RunnerOutputError &&
        /^my-runner: line 2 of the output is "1\.5ms,91", expected "duration,count"/.test(e.message),
    )
    assert.throws(() => parseRunnerSamples('1500\n', 'r'), /line 1 .*expected "duration,count"/)
    assert.throws(() => parseRunnerSamples('1500,91,x\n', 'r'), /line 1/)
    assert.throws(() => parseRunnerSamples('99999999999999999999,1\n', 'r'), /too large to be exact/)
  })

  test('a count beyond 2^53 (a 64-bit hash) keeps its exact digits for the comparison', () => {
    const samples = parseRunnerSamples('10,18446744073709551615,4\n11,18446744073709551614,4\n', 'h')
    assert.equal(samples[0]!.countText, '18446744073709551615')
    assert.equal(samples[0]!.iterations, 4)
    assert.equal(
      checkCounts(samples, undefined),
      'the runner reported count 18446744073709551614 on sample 2 but 18446744073709551615 on sample 1 (a wrong answer is not a fast answer)',
    )
    assert.equal(checkCounts(samples.slice(0, 1), undefined), undefined)
  })
})

function okSamples(result: RunRunnerResult) {
  assert.ok('samples' in result, `the runner should succeed, got ${JSON.stringify(result)}`)
  return result.samples
}

function runnerError(result: RunRunnerResult) {
  assert.ok('error' in result, `the runner should fail, got ${JSON.stringify(result)}`)
  return result.error
}

function config(haystack: string, pattern: string, extra: Array<[string, string]> = []): Buffer {
  return encodeKlv([
    ['name', 'test/count'],
    ['model', 'count'],
    ['pattern', pattern],
    ['case-insensitive', 'false'],
    ['unicode', 'false'],
    ['haystack', haystack],
    ['max-iters', '5'],
    ['max-warmup-iters', '2'],
    ['max-time', '1000000000'],
    ['max-warmup-time', '1000000000'],
    ['threads', '4'],
    ['param.size', '1024'],
    ...extra,
  ])
}

cc.describe('running a rebar runner', () => {
  // "Sherlock Holmes" 91 times, with near misses and multi-byte text around it.
  const haystack = 'Sherlock Holmés, 中文 — Sherlock Holme '.repeat(50) + 'Sherlock Holmes\n'.repeat(91)

  test('--version is answered', async () => {
    const { stdout } = await run(runner, ['--version'])
    assert.equal(stdout.trim(), '0.1.0')
  })

  test('the real runner counts the true number of occurrences, ignoring keys it does not know', async () => {
    const result = await runRunner({
      command: [runner, 'c/naive'],
      cwd: temp,
      env: {},
      klv: config(haystack, 'Sherlock Holmes'),
      timeoutMs: 10_000,
    })
    const samples = okSamples(result)
    assert.equal(samples.length, 5, 'max-iters is 5')
    assert.deepEqual(
      samples.map((s) => s.count),
      [91, 91, 91, 91, 91],
    )
    assert.ok(
      samples.every((s) => Number.isInteger(s.durationNs) && s.durationNs >= 0),
      'durations are integer nanoseconds',
    )
    assert.ok(
      samples.some((s) => s.durationNs > 0),
      'at least one search took measurable time',
    )
    assert.equal(checkCounts(samples, 91), undefined)
    assert.equal(checkCounts(samples, undefined), undefined)
    // A multi-byte pattern: its length on the wire is in bytes.
    const multi = okSamples(
      await runRunner({
        command: [runner],
        cwd: temp,
        env: {},
        klv: config(haystack, '中文'),
        timeoutMs: 10_000,
      }),
    )
    assert.equal(multi[0]?.count, 50)
  })

  // A runner that ignored max-time would take 10⁹ samples: the watchdog fails it instead of waiting.
  test('max-time stops sampling before max-iters', { timeout: 60_000 }, async () => {
    const big = 'ab'.repeat(500_000) // more than a pipe buffer of input, too
    const samples = okSamples(
      await runRunner({
        command: [runner],
        cwd: temp,
        env: {},
        klv: config(big, 'ab', [
          ['max-iters', '1000000000'],
          ['max-time', '50000000'],
        ]),
        timeoutMs: 10_000,
      }),
    )
    assert.ok(samples.length >= 1 && samples.length < 1_000_000_000, `got ${samples.length} samples`)
    // The runner checks its clock after each sample, and the samples are parts of its sampling time:
    // all but the last ended before max-time.
    const beforeLast = samples.slice(0, -1).reduce((sum, s) => sum + s.durationNs, 0)
    assert.ok(beforeLast < 50_000_000, `${samples.length} samples: ${beforeLast} ns before the last one`)
    assert.equal(checkCounts(samples, 500_000), undefined)
  })

  test('a wrong count is flagged with the expected and the reported count', async () => {
    const samples = okSamples(
      await runRunner({
        command: [runner],
        cwd: temp,
        env: { RUNNER_WRONG_COUNT: '1' },
        klv: config(haystack, 'Sherlock Holmes'),
        timeoutMs: 10_000,
      }),
    )
    assert.equal(samples[0]?.count, 92)
    assert.equal(
      checkCounts(samples, 91),
      'the runner reported count 92 on sample 1, expected 91 (a wrong answer is not a fast answer)',
    )
  })

  test('checkCounts without an expected count flags samples that disagree', () => {
    const samples = [
      { durationNs: 10, count: 91, iterations: 1 },
      { durationNs: 10, count: 91, iterations: 1 },
      { durationNs: 10, count: 90, iterations: 1 },
    ]
    assert.match(checkCounts(samples, undefined) ?? '', /reported count 90 on sample 3 but 91 on sample 1/)
    assert.match(checkCounts(samples, 91) ?? '', /reported count 90 on sample 3, expected 91/)
    assert.equal(checkCounts([], 91), undefined)
  })

  test('a runner that exits non-zero gives its exit code and stderr tail', async () => {
    const error = runnerError(
      await runRunner({
        command: [runner],
        cwd: temp,
        env: {},
        klv: encodeKlv([
          ['model', 'grep'],
          ['haystack', 'x'],
        ]),
        timeoutMs: 10_000,
      }),
    )
    assert.equal(error.exitCode, 2)
    assert.match(error.message, /exited with code 2/)
    assert.match(error.stderrTail ?? '', /unrecognized model 'grep'/)
  })

  test('a runner that exits without reading its input fails cleanly', async () => {
    const error = runnerError(
      await runRunner({
        command: ['sh', '-c', 'echo oops >&2; exit 3'],
        cwd: temp,
        env: {},
        klv: config('x'.repeat(1_000_000), 'x'),
        timeoutMs: 10_000,
      }),
    )
    assert.equal(error.exitCode, 3)
    assert.equal(error.stderrTail, 'oops')
  })

  test('output that is not samples, and no samples at all, are errors', async () => {
    const bad = runnerError(
      await runRunner({
        command: ['sh', '-c', 'echo 12,3; echo done'],
        cwd: temp,
        env: {},
        klv: config('x', 'x'),
        timeoutMs: 10_000,
      }),
    )
    assert.match(bad.message, /line 2 of the output is "done", expected "duration,count"/)
    const none = runnerError(
      await runRunner({ command: ['true'], cwd: temp, env: {}, klv: config('x', 'x'), timeoutMs: 10_000 }),
    )
    assert.match(none.message, /printed no samples/)
    const missing = runnerError(
      await runRunner({
        command: [path.join(temp, 'nope')],
        cwd: temp,
        env: {},
        klv: config('x', 'x'),
        timeoutMs: 10_000,
      }),
    )
    assert.match(missing.message, /cannot start the runner/)
  })

  // The runner never ends by itself: without the kill this test would hang, and the watchdog fails it.
  test('a runner that hangs is killed at the timeout, with what it started', {
    timeout: 60_000,
  }, async () => {
    const pidFile = path.join(temp, 'hang.pid')
    const started = Date.now()
    const error = runnerError(
      await runRunner({
        command: [runner],
        cwd: temp,
        env: { RUNNER_HANG: pidFile },
        klv: config('x', 'x'),
        timeoutMs: 300,
      }),
    )
    const elapsed = Date.now() - started
    assert.equal(error.timedOut, true)
    assert.equal(error.signal, 'SIGKILL')
    assert.match(error.message, /did not finish within 300 ms/)
    // Not before its 300 ms (less Node's coarse timer clock); a busy machine only makes it later.
    assert.ok(elapsed >= 250, `killed after ${elapsed} ms`)
    const pid = Number((await readFile(pidFile, 'utf8')).trim())
    assert.ok(pid > 0, 'the forked child wrote its pid')
    // Patience for the kernel to reap it, not a measurement: done as soon as it is gone.
    let alive = true
    for (const deadline = Date.now() + 20_000; alive && Date.now() < deadline; ) {
      alive = await isRunning(pid)
      if (alive) await new Promise((r) => setTimeout(r, 20))
    }
    assert.equal(alive, false, 'the runner’s child was killed with its process group')
  })
})

/** Running and not a zombie waiting to be reaped. */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    return !/^\d+ \(.*\) Z/.test(stat)
  } catch {
    return false
  }
}
