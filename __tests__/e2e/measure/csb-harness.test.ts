// The CSB-style harness (runners/c/csb_harness.h) with the counters of examples/c-scaling, built with the
// real C compiler: CSB's `key=val;` line, wall-clock samples over rebar's runner protocol, the command
// line's errors, and the threads: T of them at once, and no increment lost under contention.
//
// No assertion depends on how fast this machine is: the suite must pass with a CPU hog beside it. Times
// are checked as facts: a thread's duration lies within the process's lifetime as the test saw it, and
// operations that sleep or burn a known time give exact lower bounds that pin the units. How well the
// counters scale is printed (t.diagnostic) and measured by `npm run bench` (bench/verdicts.ts).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import {
  harnessKlv,
  parseHarnessSamples,
  removeDir,
  repoRoot,
  runWithInput,
  tempDir,
} from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const [cc, valgrind] = await Promise.all([needs('cc'), needs('valgrind')])
const fixtures = path.join(repoRoot, '__tests__', 'fixtures', 'csb')
const COUNTERS = ['uncoordinated', 'atomic', 'local'] as const

/** A CSB line as key → value, in the order printed; every item must be `key=value;`. */
function parseCsbLine(text: string): Map<string, string> {
  assert.ok(text.endsWith(';\n'), `a CSB line ends with ";\\n": ${JSON.stringify(text.slice(-40))}`)
  assert.equal(text.indexOf('\n'), text.length - 1, 'one line')
  const fields = new Map<string, string>()
  for (const item of text.slice(0, -2).split(';')) {
    const match = /^([A-Za-z0-9_]+)=(.*)$/.exec(item)
    assert.ok(match, `CSB item ${JSON.stringify(item)} is key=value`)
    assert.equal(fields.has(match[1]!), false, `key ${match[1]} appears once`)
    fields.set(match[1]!, match[2]!)
  }
  return fields
}

function num(fields: Map<string, string>, key: string): number {
  const value = fields.get(key)
  assert.ok(value !== undefined, `the line has ${key}`)
  assert.match(value, /^\d+(\.\d+)?$/, `${key}=${value} is a non-negative number`)
  return Number(value)
}

/** Operations per second over the longest thread's duration, which CSB prints in microseconds. */
function opsPerSecond(fields: Map<string, string>): number {
  return num(fields, 'univ_count') / (num(fields, 'duration_max_ms') / 1e6)
}

/** Runs a binary to completion, whatever its exit status. */
async function exit(binary: string, args: string[], input?: Buffer) {
  return runWithInput(binary, args, input)
}

/** Runs a binary to completion and how long the test saw it live, in ns (CLOCK_MONOTONIC, as the harness). */
async function timed(binary: string, args: string[], input?: Buffer) {
  const started = process.hrtime.bigint()
  const result = await runWithInput(binary, args, input)
  return { ...result, lifetimeNs: Number(process.hrtime.bigint() - started) }
}

/**
 * A harness of three benchmarks for what cannot be seen in the counters' numbers:
 *   together  every thread, in thread_init (before the start barrier), waits until all T have arrived;
 *             the count is how many met, which is T only if T threads were alive at once
 *   sleep     each operation sleeps 20 ms: a thread's duration is at least 20 ms per operation it ran
 *   burn      each operation spins until its thread has used 20 ms of CPU, mostly in user space: the
 *             process's CPU time is at least 20 ms per operation
 */
const PROBE = `#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "csb_harness.h"
#define OP_NS 20000000L
typedef struct { atomic_uint arrived, met; unsigned threads; } meeting;
static void *gather(uint64_t size, unsigned threads) {
  meeting *m = calloc(1, sizeof *m);
  (void)size;
  if (m == NULL) abort();
  m->threads = threads;
  return m;
}
static void arrive(void *state, unsigned thread) {
  meeting *m = state;
  struct timespec pause = {0, 1000000};
  (void)thread;
  atomic_fetch_add(&m->arrived, 1);
  /* Gives up after about 10 s: threads started one after the other never meet. */
  for (int i = 0; i < 10000 && atomic_load(&m->arrived) < m->threads; i++) nanosleep(&pause, NULL);
  if (atomic_load(&m->arrived) == m->threads) atomic_fetch_add(&m->met, 1);
}
static uint64_t met(void *state) { return atomic_load(&((meeting *)state)->met); }
static int nothing(void *state, unsigned thread, unsigned op) { (void)state; (void)thread; (void)op; return 1; }
static int sleep_op(void *state, unsigned thread, unsigned op) {
  struct timespec t = {0, OP_NS};
  (void)state; (void)thread; (void)op;
  while (nanosleep(&t, &t) != 0) {}
  return 1;
}
/* Spins in user space, reading its thread's CPU clock (a system call) only every 65536 turns. */
static int burn_op(void *state, unsigned thread, unsigned op) {
  struct timespec a, b;
  volatile unsigned spin;
  (void)state; (void)thread; (void)op;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
  do {
    for (spin = 0; spin < 65536; spin++) {}
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
  } while ((b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec) < OP_NS);
  return 1;
}
CSB_MAIN(
  CSB_BENCHMARK("together", .init = gather, .thread_init = arrive, .dispatch = nothing, .result = met, .destroy = free),
  CSB_BENCHMARK("sleep", .dispatch = sleep_op),
  CSB_BENCHMARK("burn", .dispatch = burn_op)
)
`
const OP_US = 20_000

cc.describe('CSB harness (runners/c/csb_harness.h)', () => {
  let temp = ''
  let counters = ''
  let serialised = ''
  let threeOps = ''
  let probe = ''

  before(async () => {
    temp = await tempDir('csb-harness')
    const cwd = path.join(repoRoot, 'examples')
    const flags = ['-O2', '-pthread', '-Wall', '-Wextra', '-Werror']
    counters = path.join(temp, 'counters')
    serialised = path.join(temp, 'counters-serialised')
    await run('cc', [...flags, '-o', counters, 'c-scaling/counters.c', '-I../runners/c'], { cwd })
    await run(
      'cc',
      [...flags, '-DCOUNTERS_SERIALISE', '-o', serialised, 'c-scaling/counters.c', '-I../runners/c'],
      {
        cwd,
      },
    )
    // Three operations, of which only op 0 succeeds; the header in strict C99.
    const source = path.join(temp, 'three.c')
    await writeFile(
      source,
      `#include <stdint.h>
#include <stdlib.h>
#include "csb_harness.h"
static void *make(uint64_t size, unsigned threads) { (void)threads; uint64_t *s = calloc(3 + threads * 16, 8); s[0] = size; return s; }
static int op(void *state, unsigned thread, unsigned o) { ((uint64_t *)state)[3 + thread * 16 + o]++; return o == 0; }
static uint64_t initial(void *state) { return ((uint64_t *)state)[0]; }
static const char *const names[] = {"get", "put", "del"};
CSB_MAIN(CSB_BENCHMARK("three", .ops = 3, .op_names = names, .init = make, .dispatch = op, .result = initial, .destroy = free))
`,
    )
    threeOps = path.join(temp, 'three')
    await run('cc', [
      '-std=c99',
      '-D_POSIX_C_SOURCE=200809L',
      '-pedantic',
      ...flags,
      '-o',
      threeOps,
      source,
      `-I${path.join(repoRoot, 'runners', 'c')}`,
    ])
    await writeFile(path.join(temp, 'probe.c'), PROBE)
    probe = path.join(temp, 'probe')
    await run('cc', [
      '-std=c11',
      '-D_POSIX_C_SOURCE=200809L',
      ...flags,
      '-o',
      probe,
      path.join(temp, 'probe.c'),
      `-I${path.join(repoRoot, 'runners', 'c')}`,
    ])
  })

  after(async () => {
    if (temp) await removeDir(temp)
  })

  test('--list, --version, and a name needed only when there are several benchmarks', async () => {
    assert.deepEqual(await exit(counters, ['--list']), {
      code: 0,
      stdout: 'uncoordinated\natomic\nlocal\n',
      stderr: '',
    })
    assert.match((await exit(counters, ['--version'])).stdout, /^bench-action-csb-harness-c \d+\.\d+\.\d+\n$/)
    const unnamed = await exit(counters, ['-d=0.05'])
    assert.equal(unnamed.code, 2)
    assert.match(unnamed.stderr, /choose one with --bench NAME: uncoordinated atomic local/)
    // The only benchmark of a binary needs no name.
    const only = parseCsbLine((await exit(threeOps, ['-d=0.05'])).stdout)
    assert.equal(only.get('algo_name'), 'three')
  })

  for (const bench of COUNTERS) {
    for (const threads of [1, 2]) {
      test(`${bench}, ${threads} thread(s): CSB's keys and units, and a count equal to univ_count`, async () => {
        const result = await timed(counters, ['--bench', bench, `-t=${threads}`, '-d=0.2'])
        assert.equal(result.code, 0, result.stderr)
        assert.equal(result.stderr, '')
        const fields = parseCsbLine(result.stdout)
        assert.deepEqual(
          [...fields.keys()],
          [
            'num_threads',
            'init_sz',
            'max_noise',
            'duration',
            'op0_dist',
            'algo_name',
            'op0_inc_count',
            'op0_inc_succ_count',
            'op0_inc_skipped_count',
            'op0_inc_succ_percent',
            'univ_count',
            'univ_succ_count',
            'univ_skipped_count',
            'univ_succ_percent',
            'throughput_max',
            'throughput_min',
            'duration_max_ms',
            'duration_min_ms',
            'sys_time',
            'usr_time',
            'max_rss_kb',
            'count',
          ],
        )
        assert.equal(num(fields, 'num_threads'), threads)
        assert.equal(fields.get('duration'), '0.2')
        assert.equal(fields.get('op0_dist'), '1024')
        assert.equal(fields.get('algo_name'), bench)
        const count = num(fields, 'univ_count')
        assert.ok(count > 0, `univ_count ${count} > 0`)
        assert.equal(num(fields, 'count'), count, 'the counter total is the number of operations')
        assert.equal(num(fields, 'op0_inc_count'), count)
        assert.equal(num(fields, 'univ_succ_count'), count)
        assert.equal(fields.get('univ_succ_percent'), '100.00')
        // The durations (µs, see 'units' below) of threads that ran within the process's lifetime.
        const longest = num(fields, 'duration_max_ms')
        const shortest = num(fields, 'duration_min_ms')
        const lifetimeUs = result.lifetimeNs / 1000
        assert.ok(shortest <= longest, `duration_min_ms ${shortest} ≤ duration_max_ms ${longest}`)
        assert.ok(longest > 0 && longest <= lifetimeUs, `duration_max_ms ${longest} within ${lifetimeUs} µs`)
        // Throughput in operations per millisecond, over the longest and the shortest duration.
        const perSecond = count / (longest / 1e6)
        const throughputMin = num(fields, 'throughput_min')
        assert.ok(
          Math.abs(throughputMin * 1000 - perSecond) / perSecond < 0.01,
          `throughput_min ${throughputMin} × 1000 ≈ univ_count / duration_max = ${perSecond}`,
        )
        assert.ok(num(fields, 'throughput_max') >= throughputMin, 'throughput_max ≥ throughput_min')
        // CPU time of the threads and the main thread, which cannot exceed their lifetime.
        const cpu = num(fields, 'usr_time') + num(fields, 'sys_time')
        assert.ok(
          cpu <= lifetimeUs * (threads + 1),
          `usr_time + sys_time ${cpu} µs ≤ ${threads + 1} × ${lifetimeUs}`,
        )
        assert.ok(num(fields, 'max_rss_kb') > 0, 'max_rss_kb > 0')
      })
    }
  }

  test('-n and -s are printed as max_noise and init_sz', async () => {
    const plain = parseCsbLine((await exit(counters, ['local', '-d=0.05'])).stdout)
    assert.deepEqual([plain.get('max_noise'), plain.get('init_sz')], ['0', '0'])
    const noisy = parseCsbLine((await exit(counters, ['local', '-d=0.05', '-n=500', '-s=7'])).stdout)
    assert.deepEqual([noisy.get('max_noise'), noisy.get('init_sz')], ['500', '7'])
  })

  valgrind.test(
    '-n=N runs N nops after each operation: callgrind counts at least N instructions per operation',
    async () => {
      // Instructions, not time: the count does not depend on how busy the machine is.
      const NOPS = 1000
      const out = path.join(temp, 'callgrind.out')
      const result = await exit('valgrind', [
        '--tool=callgrind',
        `--callgrind-out-file=${out}`,
        counters,
        'local',
        '-d=0.1',
        `-n=${NOPS}`,
      ])
      assert.equal(result.code, 0, result.stderr)
      const fields = parseCsbLine(result.stdout)
      assert.equal(fields.get('max_noise'), String(NOPS))
      const operations = num(fields, 'univ_count')
      assert.ok(operations > 0, 'operations ran')
      const totals = /^(?:summary|totals): (\d+)/m.exec(await readFile(out, 'utf8'))
      assert.ok(totals, 'callgrind wrote its total')
      const instructions = Number(totals[1])
      assert.ok(
        instructions >= operations * NOPS,
        `${instructions} instructions for ${operations} operations: ${instructions / operations} each, not ≥ ${NOPS}`,
      )
    },
  )

  test('operations are drawn according to -opK out of 1024, each with its name and successes', async () => {
    const result = await exit(threeOps, ['-t=2', '-d=0.1', '-s=42', '-op0=512', '-op1=256', '-op2=256'])
    assert.equal(result.code, 0, result.stderr)
    const fields = parseCsbLine(result.stdout)
    assert.deepEqual(
      [fields.get('op0_dist'), fields.get('op1_dist'), fields.get('op2_dist')],
      ['512', '256', '256'],
    )
    const [get, put, del] = ['op0_get_count', 'op1_put_count', 'op2_del_count'].map((k) => num(fields, k))
    const total = num(fields, 'univ_count')
    assert.equal(get! + put! + del!, total)
    assert.ok(Math.abs(get! / total - 0.5) < 0.02, `op0 is half of the operations: ${get} of ${total}`)
    assert.ok(Math.abs(put! / total - 0.25) < 0.02, `op1 is a quarter: ${put} of ${total}`)
    assert.equal(num(fields, 'op0_get_succ_count'), get)
    assert.equal(fields.get('op0_get_succ_percent'), '100.00')
    assert.equal(num(fields, 'op1_put_succ_count'), 0)
    assert.equal(fields.get('op1_put_succ_percent'), '0.00')
    assert.equal(num(fields, 'univ_succ_count'), get)
    assert.equal(fields.get('count'), '42', 'result() sees the state init built from -s')
    // Without -opK, 1024 is split evenly: 342 + 341 + 341.
    const even = parseCsbLine((await exit(threeOps, ['-d=0.05'])).stdout)
    assert.deepEqual(
      [even.get('op0_dist'), even.get('op1_dist'), even.get('op2_dist')],
      ['342', '341', '341'],
    )
  })

  test('a bad command line exits 2 with a message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--bench', 'nope'], /unknown benchmark "nope"/],
      [['nope'], /unknown benchmark "nope"/],
      [['atomic', '-op0=1000'], /sum to 1000; they must sum to 1024/],
      [['atomic', '-op0=512', '-op1=512'], /-op1: "atomic" has 1 operation/],
      [['atomic', '-op0=2000'], /-op0= needs a decimal integer from 0 to 1024/],
      [['atomic', '-t=0'], /-t needs at least 1 thread/],
      [['atomic', '-d=0'], /-d needs a duration in seconds above 0/],
      [['atomic', '-d=x'], /-d needs a duration/],
      [['atomic', '--frobnicate'], /unknown option --frobnicate/],
      [['atomic', 'local'], /two benchmark names given/],
      [['--samples', 'atomic', '-t=2'], /takes its parameters from the configuration/],
      [['--bench'], /--bench needs a benchmark name/],
    ]
    for (const [args, message] of cases) {
      const result = await exit(counters, args)
      assert.equal(result.code, 2, `${args.join(' ')} exits 2: ${result.stderr}`)
      assert.equal(result.stdout, '', `${args.join(' ')} prints nothing on stdout`)
      assert.match(result.stderr, message, args.join(' '))
    }
    const three = await exit(threeOps, ['-op0=1024', '-op2=1'])
    assert.equal(three.code, 2)
    assert.match(three.stderr, /sum to 1025/)
  })

  for (const threads of [1, 2]) {
    test(`--samples, ${threads} thread(s): max-iters samples of sample-time, count = operations`, async () => {
      for (const bench of COUNTERS) {
        const klv = harnessKlv(`c-scaling/${bench}`, [
          ['max-iters', '3'],
          ['max-warmup-iters', '1'],
          ['sample-time', '50000000'],
          ['threads', String(threads)],
        ])
        const result = await timed(counters, ['--samples', bench], klv)
        const samples = parseHarnessSamples(result)
        assert.equal(samples.length, 3, `${bench}: max-iters samples`)
        for (const s of samples) {
          assert.ok(s.iterations > 0, `${bench}: iterations ${s.iterations} > 0`)
          assert.equal(s.count, s.iterations, `${bench}: the counter total is the operations of the sample`)
          assert.ok(s.durationNs > 0, `${bench}: a sample has a duration`)
        }
        // One run after another, each a part of the process's life (the units: see 'units' below).
        const sampled = samples.reduce((sum, s) => sum + s.durationNs, 0)
        assert.ok(
          sampled <= result.lifetimeNs,
          `${bench}: ${sampled} ns sampled within ${result.lifetimeNs} ns`,
        )
      }
    })
  }

  test('--samples: threads change the CSB threads, the parameters come as param.NAME', async () => {
    // With --samples NAME and with the only benchmark of a binary, no name.
    const klv = harnessKlv('three', [
      ['max-iters', '2'],
      ['max-warmup-iters', '0'],
      ['sample-time', '20000000'],
      ['param.size', '9'],
      ['param.op1', '1024'],
      ['param.op0', '0'],
    ])
    for (const args of [['--samples'], ['--samples', 'three'], ['--bench', 'three', '--samples']]) {
      const samples = parseHarnessSamples(await exit(threeOps, args, klv))
      assert.equal(samples.length, 2, args.join(' '))
      assert.ok(
        samples.every((s) => s.count === 9 && s.iterations > 0),
        `param.size reached init: ${JSON.stringify(samples)}`,
      )
    }
  })

  test('--samples: malformed or invalid KLV exits 1, an unknown name 2', async () => {
    const bad: Array<[Buffer, RegExp]> = [
      [Buffer.from('max-iters:2:3\n'), /not followed by a newline/],
      [Buffer.from('max-iters'), /no ':' after the key/],
      [Buffer.from('threads:1:0\n'), /'threads' is "0", expected a decimal integer from 1 to 4096/],
      [Buffer.from('param.nops:2:-1\n'), /'param.nops' is "-1"/],
      [Buffer.from('param.op0:3:100\n'), /sum to 100; they must sum to 1024/],
      [Buffer.from('param.op1:4:1024\n'), /'param.op1': "atomic" has 1 operation/],
    ]
    for (const [input, message] of bad) {
      const result = await exit(counters, ['--samples', 'atomic'], input)
      assert.equal(result.code, 1, `${JSON.stringify(input.toString())} exits 1`)
      assert.equal(result.stdout, '')
      assert.match(result.stderr, message)
    }
    const unknown = await exit(counters, ['--samples', 'nope'], harnessKlv('nope'))
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /unknown benchmark "nope"/)
    const none = await exit(counters, ['--samples'], harnessKlv('x'))
    assert.equal(none.code, 2, 'several benchmarks and no name')
    // No max-iters: no samples, nothing run.
    assert.deepEqual(parseHarnessSamples(await exit(counters, ['--samples', 'atomic'], Buffer.alloc(0))), [])
  })

  test("the fixtures are this harness's lines, whose keys CSB's own line has too", async () => {
    const csb = parseCsbLine(await readFile(path.join(fixtures, 'bm_empty.txt'), 'utf8'))
    const files = (await readdir(fixtures)).filter((f) => /^[a-z]+-t\d\.txt$/.test(f)).sort()
    assert.deepEqual(
      files,
      COUNTERS.flatMap((b) => [`${b}-t1.txt`, `${b}-t2.txt`]).sort(),
      'capture.sh writes each benchmark at 1 and 2 threads',
    )
    const fresh = parseCsbLine((await exit(counters, ['atomic', '-d=0.05'])).stdout)
    for (const file of files) {
      const fields = parseCsbLine(await readFile(path.join(fixtures, file), 'utf8'))
      assert.deepEqual([...fields.keys()], [...fresh.keys()], `${file} has the keys the harness prints now`)
      assert.equal(fields.get('count'), fields.get('univ_count'), file)
      assert.equal(fields.get('num_threads'), /t2/.test(file) ? '2' : '1', file)
      // Every key but count is CSB's, in CSB's order (its operation is named nop, ours inc).
      const ours = [...fields.keys()].filter((k) => k !== 'count').map((k) => k.replace('_inc_', '_nop_'))
      const theirs = [...csb.keys()].filter((k) => ours.includes(k))
      assert.deepEqual(theirs, ours, `${file}: CSB's keys, in CSB's order`)
    }
  })

  test('units: durations in µs on the CSB line and in ns in samples, CPU times in µs', async () => {
    // Each operation of `sleep` lasts at least 20 ms, so a thread that ran k of them ran at least
    // k × 20 ms, and the longest thread at least univ_count / T of them. `burn` uses at least 20 ms of
    // CPU per operation. Both also lie within the process's lifetime: a wrong unit breaks one bound.
    for (const threads of [1, 2]) {
      const slept = await timed(probe, ['sleep', `-t=${threads}`, '-d=0.1'])
      assert.equal(slept.code, 0, slept.stderr)
      const s = parseCsbLine(slept.stdout)
      const ops = num(s, 'univ_count')
      assert.ok(ops >= 1, `sleep, ${threads} thread(s): an operation ran`)
      const longest = num(s, 'duration_max_ms')
      assert.ok(
        longest * threads >= ops * OP_US,
        `duration_max_ms ${longest} × ${threads} ≥ ${ops} operations × ${OP_US} µs: microseconds`,
      )
      assert.ok(longest <= slept.lifetimeNs / 1000, `duration_max_ms ${longest} within the process's life`)

      const burnt = await timed(probe, ['burn', `-t=${threads}`, '-d=0.1'])
      assert.equal(burnt.code, 0, burnt.stderr)
      const b = parseCsbLine(burnt.stdout)
      const cpu = num(b, 'usr_time') + num(b, 'sys_time')
      const burns = num(b, 'univ_count')
      assert.ok(burns >= 1, `burn, ${threads} thread(s): an operation ran`)
      assert.ok(cpu >= burns * OP_US, `usr_time + sys_time ${cpu} ≥ ${burns} operations × ${OP_US} µs of CPU`)
      assert.ok(
        cpu <= (burnt.lifetimeNs / 1000) * (threads + 1),
        `CPU time ${cpu} µs within the process's life`,
      )

      const klv = harnessKlv('sleep', [
        ['max-iters', '2'],
        ['max-warmup-iters', '0'],
        ['sample-time', '60000000'],
        ['threads', String(threads)],
      ])
      const sampled = await timed(probe, ['--samples', 'sleep'], klv)
      const samples = parseHarnessSamples(sampled)
      assert.equal(samples.length, 2)
      for (const sample of samples) {
        assert.ok(sample.iterations >= 1, 'an operation ran in each sample')
        assert.ok(
          sample.durationNs * threads >= sample.iterations * OP_US * 1000,
          `a sample of ${sample.iterations} operations lasted ${sample.durationNs} ns × ${threads}: nanoseconds`,
        )
      }
      const total = samples.reduce((sum, x) => sum + x.durationNs, 0)
      assert.ok(total <= sampled.lifetimeNs, `${total} ns sampled within ${sampled.lifetimeNs} ns`)
    }
  })

  test('threads: -t=T and the threads item start T threads, alive at once', async () => {
    for (const threads of [1, 2, 4]) {
      const result = await exit(probe, ['together', `-t=${threads}`, '-d=0.05'])
      assert.equal(result.code, 0, result.stderr)
      const fields = parseCsbLine(result.stdout)
      assert.equal(fields.get('num_threads'), String(threads))
      assert.equal(fields.get('count'), String(threads), `${threads} threads met before the start`)
    }
    const klv = harnessKlv('together', [
      ['max-iters', '3'],
      ['max-warmup-iters', '1'],
      ['sample-time', '20000000'],
      ['threads', '3'],
    ])
    const samples = parseHarnessSamples(await exit(probe, ['--samples', 'together'], klv))
    assert.deepEqual(
      samples.map((s) => s.count),
      [3, 3, 3],
      'each sample is a fresh run of 3 threads that met',
    )
  })

  test('contention: the atomic and the mutex-serialised counters lose no increment at 2 and 4 threads', async (t) => {
    const cases = [
      { label: 'uncoordinated', binary: counters, bench: 'uncoordinated' },
      { label: 'atomic', binary: counters, bench: 'atomic' },
      { label: 'serialised', binary: serialised, bench: 'uncoordinated' },
    ]
    const rates = new Map<string, number>()
    for (const c of cases) {
      for (const threads of [1, 2, 4]) {
        const result = await exit(c.binary, ['--bench', c.bench, `-t=${threads}`, '-d=0.1'])
        assert.equal(result.code, 0, result.stderr)
        const fields = parseCsbLine(result.stdout)
        assert.equal(fields.get('num_threads'), String(threads))
        const count = num(fields, 'univ_count')
        assert.ok(count > 0, `${c.label}, ${threads} threads: operations ran`)
        assert.equal(num(fields, 'count'), count, `${c.label}, ${threads} threads: every increment counted`)
        rates.set(`${c.label}/${threads}`, opsPerSecond(fields))
      }
    }
    // How they scale on this machine is shown, not asserted: npm run bench measures it.
    for (const c of cases) {
      const [one, two] = [1, 2].map((n) => rates.get(`${c.label}/${n}`)!)
      t.diagnostic(
        `${c.label}: ${(one! / 1e6).toFixed(1)} M ops/s at 1 thread, ${(two! / 1e6).toFixed(1)} at 2 ` +
          `(speedup ${(two! / one!).toFixed(2)}, one run each, not asserted)`,
      )
    }
  })
})
