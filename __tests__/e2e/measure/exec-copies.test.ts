// The exec helper's copies (runners/exec/exec.c --copies, --output-dir): every run starts several copies
// of the command at once, as will-it-scale's process mode does, and reports each copy on its own line.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { ensureExecHelper, type ProcessRun, runExecHelper } from '../../../src/measure/exec-helper.ts'
import { removeDir, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const cc = await needs('cc')

/*
 * copy sleep MS    prints "PID START_NS", sleeps MS ms, prints "END_NS" (monotonic clock)
 * copy race PATH   creates PATH; the copy that finds it already there fails with a message, exit 3
 * copy hang        prints "PID START_NS" and sleeps for a minute
 */
const PROGRAM = `#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void sleep_ms(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&t, &t) != 0 && errno == EINTR) {
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "sleep") == 0 && argc > 2) {
    printf("%ld %lld\\n", (long)getpid(), now_ns());
    fflush(stdout);
    sleep_ms(atol(argv[2]));
    printf("%lld\\n", now_ns());
    return 0;
  }
  if (strcmp(mode, "race") == 0 && argc > 2) {
    int fd = open(argv[2], O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
      fprintf(stderr, "copy %ld lost the race for %s\\n", (long)getpid(), argv[2]);
      return 3;
    }
    close(fd);
    sleep_ms(20);
    return 0;
  }
  if (strcmp(mode, "hang") == 0) {
    printf("%ld %lld\\n", (long)getpid(), now_ns());
    fflush(stdout);
    sleep_ms(60000);
    return 0;
  }
  fprintf(stderr, "usage: copy sleep MS | race PATH | hang\\n");
  return 2;
}
`

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

cc.describe('exec helper: copies of a command at once', () => {
  let temp = ''
  let helper = ''
  let program = ''

  before(async () => {
    temp = await tempDir('exec-copies')
    await writeFile(path.join(temp, 'copy.c'), PROGRAM)
    program = path.join(temp, 'copy')
    await run('cc', ['-O2', '-o', program, path.join(temp, 'copy.c')])
    const built = await ensureExecHelper({ cacheDir: path.join(temp, 'cache') })
    assert.ok('path' in built, 'a C compiler builds the exec helper')
    helper = built.path
  })

  after(async () => {
    if (temp) await removeDir(temp)
  })

  test('two copies per run, each with its own line and stdout file, running at the same time', async () => {
    const outputDir = path.join(temp, 'out')
    const seen: ProcessRun[] = []
    const started = process.hrtime.bigint()
    const outcome = await runExecHelper(helper, {
      command: [program, 'sleep', '100'],
      cwd: temp,
      env: {},
      runs: 2,
      warmup: 1,
      timeoutMs: 10_000,
      copies: 2,
      outputDir: 'out',
      onRun: (r) => seen.push(r),
    })
    const lifetimeNs = Number(process.hrtime.bigint() - started)
    assert.equal(outcome.failure, undefined)
    assert.deepEqual(seen, outcome.runs)
    assert.deepEqual(
      outcome.runs.map((r) => [r.phase, r.index, r.copy]),
      [
        ['warmup', 0, 0],
        ['warmup', 0, 1],
        ['run', 0, 0],
        ['run', 0, 1],
        ['run', 1, 0],
        ['run', 1, 1],
      ],
    )
    for (let k = 0; k < outcome.runs.length; k += 2) {
      const copies = outcome.runs.slice(k, k + 2)
      const outputs = await Promise.all(
        copies.map(async (r) => {
          assert.equal(r.exitCode, 0)
          assert.equal(r.timedOut, false)
          assert.ok(r.wallNs >= 100e6, `copy ${r.copy} ran its 100 ms: ${r.wallNs} ns`)
          assert.ok(
            r.wallNs <= lifetimeNs,
            `copy ${r.copy}: ${r.wallNs} ns within the helper's ${lifetimeNs} ns`,
          )
          assert.ok(r.usage['max-rss'] > 0, 'each copy has its own rusage')
          const expected = path.join(outputDir, `run-${r.phase}-${r.index}-copy-${r.copy}.out`)
          assert.equal(r.stdoutPath, expected)
          const [first, second] = (await readFile(expected, 'utf8')).trim().split('\n')
          const [pid, start] = first!.split(' ').map(Number)
          return { pid: pid!, start: start!, end: Number(second) }
        }),
      )
      const [a, b] = outputs as [(typeof outputs)[0], (typeof outputs)[0]]
      assert.notEqual(a.pid, b.pid, 'two processes')
      // Each copy stamped its start before its sleep and its end after it: both alive at once.
      assert.ok(Math.max(a.start, b.start) < Math.min(a.end, b.end), 'the copies overlapped in time')
    }
  })

  test('a failing copy fails the run, with its own stderr, after the lines of every copy', async () => {
    const outcome = await runExecHelper(helper, {
      command: [program, 'race', path.join(temp, 'race-marker')],
      cwd: temp,
      env: {},
      runs: 3,
      warmup: 0,
      timeoutMs: 10_000,
      copies: 2,
    })
    assert.equal(outcome.runs.length, 2, 'the failed run ends the series: its two copies only')
    const failed = outcome.runs.filter((r) => r.exitCode !== 0)
    assert.equal(failed.length, 1, 'exactly one copy loses the race')
    const loser = failed[0]!
    const winner = outcome.runs.find((r) => r !== loser)!
    assert.equal(loser.exitCode, 3)
    assert.match(loser.stderrTail ?? '', /^copy \d+ lost the race for .*race-marker$/)
    assert.equal(winner.exitCode, 0)
    assert.equal(winner.stderrTail, undefined, "the winner's stderr is its own, and empty")
    assert.equal(outcome.failure?.kind, 'run')
    assert.equal(outcome.failure?.kind === 'run' && outcome.failure.run, loser)
    assert.equal(loser.stdoutPath, undefined, 'no output directory, no stdout file')
  })

  // The copies never end by themselves: without the kill this test would hang, and the watchdog fails it.
  test('the timeout kills every copy and the processes are gone', { timeout: 60_000 }, async () => {
    const started = process.hrtime.bigint()
    const outcome = await runExecHelper(helper, {
      command: [program, 'hang'],
      cwd: temp,
      env: {},
      runs: 2,
      warmup: 0,
      timeoutMs: 300,
      copies: 2,
      outputDir: path.join(temp, 'hang-out'),
    })
    const elapsedNs = Number(process.hrtime.bigint() - started)
    assert.ok(elapsedNs >= 300e6, `the run lasted its 300 ms timeout: ${elapsedNs / 1e6} ms`)
    assert.equal(outcome.runs.length, 2)
    assert.equal(outcome.failure?.kind, 'run')
    for (const r of outcome.runs) {
      assert.equal(r.timedOut, true, `copy ${r.copy} timed out`)
      assert.equal(r.signal, 'SIGKILL')
      const [pid, copyStart] = (await readFile(r.stdoutPath!, 'utf8')).trim().split(' ').map(Number)
      assert.ok(pid! > 0, `copy ${r.copy} printed its pid`)
      // The timeout counts from the start of the run, which is after `started`: the copy was killed no
      // earlier than started + 300 ms, and its wall time runs from before its own start stamp to after
      // the kill (both clocks are CLOCK_MONOTONIC).
      const killedNoEarlierThan = Number(started) + 300e6 - copyStart!
      assert.ok(
        r.wallNs >= killedNoEarlierThan,
        `copy ${r.copy} ran until the timeout: ${r.wallNs} ns ≥ ${killedNoEarlierThan} ns`,
      )
      assert.ok(r.wallNs <= elapsedNs, `copy ${r.copy}: ${r.wallNs} ns within the helper's ${elapsedNs} ns`)
      assert.equal(alive(pid!), false, `copy ${r.copy} (pid ${pid}) was killed`)
    }
  })

  test('the command line: --copies bounds, and plain lines without copies or an output directory', async () => {
    for (const args of [
      ['--copies', '0', '--', program, 'sleep', '1'],
      ['--copies', 'x', '--', program, 'sleep', '1'],
      ['--copies', '1025', '--', program, 'sleep', '1'],
      ['--output-dir', '', '--', program, 'sleep', '1'],
      ['--output-dir', path.join(temp, 'copy.c'), '--', program, 'sleep', '1'],
    ]) {
      await assert.rejects(run(helper, args), (e: Error & { code?: number; stderr?: string }) => {
        assert.equal(e.code, 2, args.join(' '))
        assert.match(e.stderr ?? '', /^exec: /)
        return true
      })
    }
    const plain = JSON.parse(
      (await run(helper, ['--runs', '1', '--copies', '1', '--', program, 'sleep', '1'])).stdout,
    )
    assert.deepEqual(
      Object.keys(plain),
      [
        'phase',
        'i',
        'wall_ns',
        'user_us',
        'sys_us',
        'maxrss_kb',
        'minflt',
        'majflt',
        'nvcsw',
        'nivcsw',
        'exit',
        'signal',
        'timed_out',
      ],
      'one copy and no output directory: the fields of a plain run',
    )
    const dir = path.join(temp, 'created', 'here')
    await mkdir(path.dirname(dir), { recursive: true })
    const one = JSON.parse(
      (await run(helper, ['--runs', '1', '--output-dir', dir, '--', program, 'sleep', '1'])).stdout,
    )
    assert.equal(one.copy, 0)
    assert.equal(one.copies, 1)
    assert.equal(one.stdout, path.join(dir, 'run-run-0-copy-0.out'))
    assert.ok((await stat(one.stdout)).size > 0, 'the output directory was created and holds the stdout file')
  })

  test('a program that cannot be started names the copy', async () => {
    const outcome = await runExecHelper(helper, {
      command: ['./no-such-program'],
      cwd: temp,
      env: {},
      runs: 1,
      warmup: 0,
      timeoutMs: 0,
      copies: 2,
    })
    assert.deepEqual(outcome, {
      runs: [],
      failure: {
        kind: 'spawn',
        phase: 'run',
        index: 0,
        program: './no-such-program',
        reason: 'No such file or directory',
        // errno 2 (ENOENT): the report says where it was looked for.
        notFound: true,
      },
    })
    await assert.rejects(
      run(helper, ['--copies', '2', '--', './no-such-program']),
      (e: Error & { stdout?: string }) => {
        assert.deepEqual(JSON.parse(e.stdout ?? ''), {
          phase: 'run',
          i: 0,
          copy: 0,
          copies: 2,
          spawn_error: 'No such file or directory',
          errno: 2,
          program: './no-such-program',
        })
        return true
      },
    )
  })
})
