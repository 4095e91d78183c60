// Wall-clock samples from the Rust and C harnesses (runners/rust, runners/c): the example binaries, built
// with the real compilers, read rebar's KLV configuration on stdin and print `duration_ns,count,iterations`.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import type { KlvEntry } from '../../../src/measure/klv.ts'
import {
  buildCExample,
  buildRustExample,
  harnessKlv,
  parseHarnessSamples as parseSamples,
  runWithInput,
} from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const repo = path.resolve(import.meta.dirname, '..', '..', '..')
const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-wall-clock-'))

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

const [cargo, cc, cxx] = await Promise.all([needs('cargo'), needs('cc'), needs('c++')])

/** The configuration bench-action sends, with enough time for every sample unless `overrides` say otherwise. */
const config = (overrides: KlvEntry[] = []) => harnessKlv('wall-clock/test', overrides)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const FIBONACCI_20 = 10946
/** sort_10k sorts a permutation of 0..9999 and returns the last element, 2081 before sorting. */
const SORTED_LAST = 9999

const harnesses = [
  {
    language: 'Rust',
    gate: cargo,
    build: () => buildRustExample(temp),
  },
  {
    language: 'C',
    gate: cc,
    build: () => buildCExample(temp, 'bench'),
  },
]

for (const harness of harnesses) {
  harness.gate.describe(`${harness.language} harness, wall-clock samples`, () => {
    let binary = ''

    before(async () => {
      binary = await harness.build()
    })

    const samples = async (name: string, klv: Buffer, extra: string[] = []) =>
      parseSamples(await runWithInput(binary, ['--samples', name, ...extra], klv))

    test('max-iters samples, each with the answer as its count; --bench is ignored', async () => {
      const taken = await samples('fibonacci_20', config(), ['--bench'])
      assert.equal(taken.length, 20, 'one line per sample, max-iters of them')
      const iterations = taken[0]!.iterations
      for (const sample of taken) {
        assert.equal(sample.count, FIBONACCI_20, 'the count is fibonacci(20)')
        assert.equal(sample.iterations, iterations, 'calibration fixes the calls per sample')
        assert.ok(
          sample.durationNs > 0,
          `a sample of ${sample.iterations} calls took ${sample.durationNs} ns`,
        )
      }
    })

    test('an empty benchmark is timed in batches of many calls', async (t) => {
      const taken = await samples('empty', config())
      assert.equal(taken.length, 20, 'max-iters samples')
      const iterations = taken[0]!.iterations
      assert.ok(iterations > 1, `a 200 µs sample of an empty call times ${iterations} calls`)
      for (const sample of taken) {
        assert.deepEqual([sample.count, sample.iterations], [0, iterations], 'count 0, fixed iterations')
      }
      // What the timed loop costs per call is measured by `npm run bench` (bench/wall-clock.ts).
      const perCall = median(taken.map((sample) => sample.durationNs / sample.iterations))
      t.diagnostic(`the timed loop: ${perCall.toFixed(2)} ns per call (not asserted)`)
    })

    test('a benchmark that changes its input is sampled one call at a time, each call sorting', async () => {
      // With a 100 ms sample time, calibration would batch a sort of 10 000 numbers: only a benchmark
      // known to change its input is sampled one call at a time.
      const taken = await samples(
        'sort_10k',
        config([
          ['max-iters', '8'],
          ['sample-time', '100000000'],
        ]),
      )
      assert.equal(taken.length, 8, 'max-iters samples')
      for (const sample of taken) {
        assert.deepEqual([sample.iterations, sample.count], [1, SORTED_LAST], 'one call that sorted')
      }
    })

    // A harness that ignored max-time would take 10⁹ samples: the watchdog fails it instead of waiting.
    test('max-time stops sampling early, after at least one sample', { timeout: 60_000 }, async () => {
      const oneNs = await samples(
        'empty',
        config([
          ['max-iters', '1000000000'],
          ['max-time', '1'],
        ]),
      )
      assert.equal(oneNs.length, 1, 'max-time is checked after each sample')
      const twoMs = await samples(
        'fibonacci_20',
        config([
          ['max-iters', '1000000000'],
          ['max-time', '2000000'],
          ['sample-time', '100000'],
        ]),
      )
      // Time is checked after each sample, and the samples are parts of the time spent sampling: all
      // but the last ended before max-time.
      const beforeLast = twoMs.slice(0, -1).reduce((sum, sample) => sum + sample.durationNs, 0)
      assert.ok(twoMs.length >= 1, 'at least one sample')
      assert.ok(beforeLast < 2_000_000, `${twoMs.length} samples: ${beforeLast} ns before the last one`)
    })

    test('values are skipped by their byte length, whatever bytes they hold', async () => {
      // A reader counting characters, or stopping at ':' or '\n', would misread these and the items after.
      const tricky = 'é:\nmax-iters:1:7\n→ π≈3.14 ünïcödé 🦀'
      const klv = config([
        ['max-iters', '3'],
        ['param.tricky', tricky],
        ['threads', '1'],
        ['haystack', new Uint8Array([0xff, 0x3a, 0x0a, 0x00])],
      ])
      const taken = await samples('fibonacci_20', klv)
      assert.equal(taken.length, 3, 'max-iters is 3, not the 7 inside a value')
      assert.ok(
        taken.every((sample) => sample.count === FIBONACCI_20),
        'every sample counts fibonacci(20)',
      )
    })

    test('malformed KLV exits 1 with a message', async () => {
      const tooLong = await runWithInput(binary, ['--samples', 'empty'], Buffer.from('max-iters:50:20\n'))
      assert.equal(tooLong.code, 1, tooLong.stderr)
      assert.match(tooLong.stderr, /'max-iters' has length 50 but only 3 bytes follow/)
      assert.equal(tooLong.stdout, '')
      const noNewline = await runWithInput(binary, ['--samples', 'empty'], Buffer.from('max-iters:1:20\n'))
      assert.equal(noNewline.code, 1, noNewline.stderr)
      assert.match(noNewline.stderr, /'max-iters' of length 1 is not followed by a newline/)
      assert.equal(noNewline.stdout, '')
      const notANumber = await runWithInput(binary, ['--samples', 'empty'], config([['max-time', '1e9']]))
      assert.equal(notANumber.code, 1, notANumber.stderr)
      assert.match(notANumber.stderr, /the value of 'max-time' is "1e9", expected a decimal integer/)
    })

    test('an unknown name exits 2; max-iters 0 prints nothing', async () => {
      const unknown = await runWithInput(binary, ['--samples', 'no_such_benchmark'], config())
      assert.equal(unknown.code, 2, unknown.stderr)
      assert.match(unknown.stderr, /unknown benchmark "no_such_benchmark"/)
      assert.equal(unknown.stdout, '')
      assert.deepEqual(
        await runWithInput(binary, ['--samples', 'fibonacci_20'], config([['max-iters', '0']])),
        {
          code: 0,
          stdout: '',
          stderr: '',
        },
      )
      assert.equal((await runWithInput(binary, ['--samples'], config())).code, 2, '--samples needs a name')
    })
  })
}

cc.describe('C harness header, compilers and modes', () => {
  const strict = ['-std=c99', '-pedantic', '-Wall', '-Wextra', '-Werror']

  test('strict C99 with a POSIX feature macro: clean, and samples work', async () => {
    const binary = await buildCExample(temp, 'bench-c99-posix', [...strict, '-D_POSIX_C_SOURCE=199309L'])
    const taken = parseSamples(await runWithInput(binary, ['--samples', 'fibonacci_20'], config()))
    assert.equal(taken.length, 20, 'max-iters samples')
  })

  test('strict C99 without one: clean, counts instructions, and --samples says what is missing', async () => {
    const binary = await buildCExample(temp, 'bench-c99', strict)
    assert.equal((await run(binary, ['--run', 'sort_10k'])).stdout, '')
    const result = await runWithInput(binary, ['--samples', 'fibonacci_20'], config())
    assert.equal(result.code, 1, result.stderr)
    assert.match(result.stderr, /_POSIX_C_SOURCE=199309L/)
    assert.equal(result.stdout, '')
  })

  cxx.test('as C++, with both kinds of entry', async () => {
    const source = path.join(temp, 'harness.cpp')
    await writeFile(
      source,
      [
        '#include <algorithm>',
        '#include <vector>',
        '#include "bench_action.h"',
        'static uint64_t empty(void *) { return 0; }',
        'static void *make(void) { return new std::vector<uint64_t>{3, 1, 2}; }',
        '// The first element before sorting, then after: 31 when every call sorts a fresh input.',
        'static uint64_t sort(void *input) {',
        '  std::vector<uint64_t> &v = *static_cast<std::vector<uint64_t> *>(input);',
        '  uint64_t before = v[0];',
        '  std::sort(v.begin(), v.end());',
        '  return before * 10 + v[0];',
        '}',
        'static void destroy(void *input) { delete static_cast<std::vector<uint64_t> *>(input); }',
        'BENCH_ACTION_MAIN(',
        '  BENCH_ACTION("empty", NULL, empty, NULL),',
        '  BENCH_ACTION_MUT("sort", make, sort, destroy)',
        ')',
        '',
      ].join('\n'),
    )
    const binary = path.join(temp, 'harness-cpp')
    await run('c++', [
      '-O2',
      '-Wall',
      '-Wextra',
      '-pedantic',
      '-Werror',
      `-I${path.join(repo, 'runners', 'c')}`,
      '-o',
      binary,
      source,
    ])
    const sorted = parseSamples(
      await runWithInput(binary, ['--samples', 'sort'], config([['max-iters', '5']])),
    )
    assert.deepEqual(
      sorted.map((sample) => [sample.count, sample.iterations]),
      Array(5).fill([31, 1]),
      'five single-call samples, each sorting a fresh [3, 1, 2]',
    )
    const empty = parseSamples(
      await runWithInput(binary, ['--samples', 'empty'], config([['max-iters', '2']])),
    )
    assert.equal(empty.length, 2, 'max-iters samples')
  })
})
