// The Zig harness's wall-clock side (runners/zig): examples/zig-wall-clock built with the real compiler,
// the way runners/zig/README.md says, into a temporary directory, then run the way bench-action runs
// it: `--list`, and `--samples NAME` with rebar's KLV configuration on stdin. Its instruction counts
// (`--run NAME`) are checked by harness-zig-counts.test.ts.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import type { KlvEntry } from '../../../src/measure/klv.ts'
import { ensureZig } from '../../../src/setup/zig.ts'
import {
  harnessKlv,
  parseHarnessSamples as parseSamples,
  runWithInput,
  type HarnessSample as Sample,
} from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const repo = path.resolve(import.meta.dirname, '..', '..', '..')
const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-harness-zig-'))

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

// The Zig bench-action uses: on PATH, in the tool cache, or downloaded from PyPI into the cache.
const zigGate = await needs('zig')
const zig = zigGate.verdict.run ? (await ensureZig()).path : ''

/** The configuration bench-action sends, with enough time for every sample unless `overrides` say otherwise. */
const config = (overrides: KlvEntry[] = []) => harnessKlv('zig/test', overrides)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Every sample has the same count and the same iterations; returns them. */
function constant(samples: Sample[]): { count: number; iterations: number } {
  assert.ok(samples.length > 0, 'at least one sample')
  const { count, iterations } = samples[0]!
  for (const [i, sample] of samples.entries()) {
    assert.deepEqual(
      [sample.count, sample.iterations],
      [count, iterations],
      `sample ${i + 1} has the count and iterations of the first`,
    )
    assert.ok(sample.durationNs > 0, `sample ${i + 1} took ${sample.durationNs} ns`)
  }
  return { count, iterations }
}

/**
 * The build command of runners/zig/README.md, run from examples/ as documented, with its two outputs
 * (the program and Zig's per-project cache) moved into the temporary directory.
 */
async function buildExample(zig: string): Promise<string> {
  const readme = await readFile(path.join(repo, 'runners', 'zig', 'README.md'), 'utf8')
  const line = /^zig build-exe .*$/m.exec(readme)
  assert.ok(line, 'runners/zig/README.md shows the build command')
  const args = line[0].split(' ').slice(1)
  const binary = path.join(temp, 'bench')
  const cacheAt = args.indexOf('--cache-dir')
  const emitAt = args.findIndex((arg) => arg.startsWith('-femit-bin='))
  assert.ok(cacheAt >= 0 && emitAt >= 0, `the build command sets --cache-dir and -femit-bin: ${line[0]}`)
  assert.equal(
    args[emitAt],
    '-femit-bin=zig-wall-clock/build/bench',
    'the program goes to the example build/',
  )
  args[cacheAt + 1] = path.join(temp, 'zig-cache')
  args[emitAt] = `-femit-bin=${binary}`
  await run(zig, args, { cwd: path.join(repo, 'examples') })
  return binary
}

const NAMES = [
  'empty/simple',
  'empty/fixture',
  ...['recurse', 'sequential'].flatMap((f) => [1, 2, 5, 10, 20].map((n) => `fib/${f}/${n}`)),
  ...['1k', '4k', '16k', '64k', '256k', '1M'].map((size) => `memcpy/${size}`),
  ...[1, 2, 5, 8].flatMap((n) => [`roots/n:${n}/a:1.1`, `roots/n:${n}/a:11`]),
  ...['uncoord', 'fetchAdd', 'localAdd'].flatMap((f) => [1, 2].map((t) => `threads/${f}/threads:${t}`)),
]

const FIB_20 = 6765

/** memcpy.zig fills its source with (i·31 + 7) mod 256 and counts the sum of the copied bytes. */
function copiedChecksum(size: number): number {
  let sum = 0
  for (let i = 0; i < size; i++) sum += (i * 31 + 7) % 256
  return sum
}

zigGate.describe('Zig harness', () => {
  let binary = ''

  before(async () => {
    binary = await buildExample(zig)
  })

  const samples = async (name: string, klv: Buffer) =>
    parseSamples(await runWithInput(binary, ['--samples', name], klv))

  test('--version names the harness and its version', async () => {
    assert.deepEqual(await runWithInput(binary, ['--version']), {
      code: 0,
      stdout: 'bench-action-harness-zig 0.1.0\n',
      stderr: '',
    })
  })

  test('--list prints every benchmark: FILE/FUNCTION/ARG/threads:N', async () => {
    const { code, stdout, stderr } = await runWithInput(binary, ['--list'])
    assert.equal(code, 0, stderr)
    assert.deepEqual(stdout.split('\n'), [...NAMES, ''])
  })

  test('with no argument every benchmark runs briefly and is ok', async () => {
    const { code, stdout, stderr } = await runWithInput(binary, [])
    assert.equal(code, 0, stderr)
    assert.deepEqual(stdout.split('\n'), [...NAMES.map((name) => `${name} ... ok`), ''])
  })

  test('a bad command line prints the usage and exits 2', async () => {
    for (const args of [
      ['--samples'],
      ['--list', 'extra'],
      ['--bogus'],
      ['--samples', 'empty/simple', 'x'],
    ]) {
      const result = await runWithInput(binary, args, config())
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`)
      assert.match(result.stderr, /^usage: /, `${args.join(' ')} prints the usage`)
      assert.equal(result.stdout, '', `${args.join(' ')} prints nothing on stdout`)
    }
  })

  test('max-iters samples of duration,count,iterations with the answer as the count', async () => {
    const taken = await samples('fib/recurse/20', config())
    assert.equal(taken.length, 20, 'one line per sample, max-iters of them')
    assert.ok(
      taken.every((sample) => sample.bytes === undefined),
      'no bytes column',
    )
    const { count } = constant(taken)
    assert.equal(count, FIB_20, 'the count is fib(20)')
    const sequential = constant(await samples('fib/sequential/20', config([['max-iters', '5']])))
    assert.equal(sequential.count, FIB_20, 'the other implementation gives the same answer')
  })

  test('the empty loop is timed in batches of many iterations', async (t) => {
    const taken = await samples('empty/simple', config())
    assert.equal(taken.length, 20, 'max-iters samples')
    const { count, iterations } = constant(taken)
    assert.equal(count, 0, 'a void benchmark counts 0')
    assert.ok(iterations > 1, `a 200 µs sample of the empty loop times ${iterations} iterations`)
    // What an iteration costs is measured by `npm run bench` (bench/wall-clock.ts).
    const perIteration = median(taken.map((sample) => sample.durationNs / sample.iterations))
    t.diagnostic(`the empty loop: ${perIteration.toFixed(2)} ns per iteration (not asserted)`)
  })

  test('byte counters: the fourth column is bytes per iteration times iterations', async () => {
    for (const [name, size] of [
      ['memcpy/4k', 4096],
      ['memcpy/1M', 1 << 20],
    ] as const) {
      const taken = await samples(name, config([['max-iters', '5']]))
      assert.equal(taken.length, 5, `${name}: max-iters samples`)
      const { count, iterations } = constant(taken)
      assert.equal(count, copiedChecksum(size), `${name}: the count is the checksum of the copy`)
      for (const sample of taken) {
        assert.equal(sample.bytes, size * iterations, `${name}: bytes = ${size} × ${iterations} iterations`)
      }
    }
  })

  test('element counters: the fifth column is the elements of the sample, after an empty bytes column', async () => {
    for (const name of ['threads/fetchAdd/threads:1', 'threads/fetchAdd/threads:2']) {
      const taken = await samples(name, config([['max-iters', '3']]))
      assert.equal(taken.length, 3, `${name}: max-iters samples`)
      for (const sample of taken) {
        assert.equal(sample.bytes, undefined, `${name}: no bytes`)
        assert.equal(
          sample.elements,
          sample.iterations,
          `${name}: one add per iteration, summed over threads`,
        )
      }
    }
  })

  test('asked for parameters, --list gives each argument as input and a definition of several functions as group', async () => {
    const { stdout } = await run(binary, ['--list'], {
      env: { ...process.env, BENCH_ACTION_LIST: 'parameters' },
    })
    const lines = stdout.split('\n')
    assert.equal(lines.length, NAMES.length + 1)
    assert.deepEqual(
      lines.slice(0, -1).map((line) => line.split('\t')[0]),
      NAMES,
    )
    for (const line of [
      'empty/simple\tgroup=empty',
      'fib/recurse/20\tinput=20\tgroup=fib',
      'memcpy/1M\tinput=1M',
      'roots/n:8/a:11\tinput=n:8/a:11',
      'threads/fetchAdd/threads:2\tgroup=threads',
    ])
      assert.ok(lines.includes(line), `${JSON.stringify(line)} in ${stdout}`)
  })

  test('threads: every thread runs the iterations, and they are summed', async () => {
    // fetchAdd counts the shared counter's adds per iteration of one thread: the number of threads.
    for (const [name, overrides, threads] of [
      ['threads/fetchAdd/threads:1', [], 1],
      ['threads/fetchAdd/threads:2', [], 2],
      ['threads/localAdd/threads:2', [], 2],
      ['threads/fetchAdd/threads:2', [['threads', '3']], 3],
      ['threads/localAdd/threads:1', [['threads', '2']], 2],
      ['threads/fetchAdd/threads:2', [['threads', '0']], 2],
    ] as Array<[string, KlvEntry[], number]>) {
      const taken = await samples(name, config([['max-iters', '5'], ...overrides]))
      assert.equal(taken.length, 5, `${name}: max-iters samples`)
      const { count, iterations } = constant(taken)
      const shown = `${name} ${JSON.stringify(overrides)}`
      assert.equal(
        count,
        threads,
        `${shown}: the shared counter got ${threads} × the iterations of one thread`,
      )
      assert.equal(
        iterations % threads,
        0,
        `${shown}: ${iterations} iterations are ${threads} threads' worth`,
      )
    }
    const notThreaded = constant(
      await samples(
        'fib/recurse/10',
        config([
          ['max-iters', '3'],
          ['threads', '4'],
        ]),
      ),
    )
    assert.equal(notThreaded.count, 55, 'threads does not apply to a benchmark that declares none')
  })

  // A harness that ignored max-time would take 10⁹ samples: the watchdog fails it instead of waiting.
  test('max-time stops sampling early, after at least one sample', { timeout: 60_000 }, async () => {
    const oneNs = await samples(
      'empty/simple',
      config([
        ['max-iters', '1000000000'],
        ['max-time', '1'],
      ]),
    )
    assert.equal(oneNs.length, 1, 'max-time is checked after each sample')
    const twoMs = await samples(
      'fib/recurse/10',
      config([
        ['max-iters', '1000000000'],
        ['max-time', '2000000'],
        ['sample-time', '100000'],
      ]),
    )
    // Time is checked after each sample, and the samples are parts of the time spent sampling: all but
    // the last ended before max-time.
    const beforeLast = twoMs.slice(0, -1).reduce((sum, sample) => sum + sample.durationNs, 0)
    assert.ok(twoMs.length >= 1, 'at least one sample')
    assert.ok(beforeLast < 2_000_000, `${twoMs.length} samples: ${beforeLast} ns before the last one`)
    assert.deepEqual(
      await runWithInput(binary, ['--samples', 'fib/recurse/20'], config([['max-iters', '0']])),
      {
        code: 0,
        stdout: '',
        stderr: '',
      },
    )
  })

  test('values are skipped by their byte length, whatever bytes they hold', async () => {
    // A reader counting characters, or stopping at ':' or '\n', would misread these and the items after.
    const klv = config([
      ['note', 'a:b\nc→é'],
      ['param.tricky', 'é:\nmax-iters:1:7\n→ π≈3.14 🦀'],
      ['haystack', new Uint8Array([0xff, 0x3a, 0x0a, 0x00])],
      ['max-iters', '3'],
    ])
    const taken = await samples('fib/recurse/20', klv)
    assert.equal(taken.length, 3, 'max-iters is 3, not the 7 inside a value')
    assert.equal(constant(taken).count, FIB_20, 'every sample counts fib(20)')
  })

  test('malformed KLV exits 1 with a message naming the item', async () => {
    const cases: Array<[Buffer, RegExp]> = [
      [
        Buffer.from('max-iters:50:20\n'),
        /the KLV item 'max-iters' has length 50 but only 3 bytes follow \(at byte 13\)/,
      ],
      [Buffer.from('max-iters:1:20\n'), /the KLV item 'max-iters' of length 1 is not followed by a newline/],
      // "a:b\nc→é" is 10 bytes; a length of 9 counts characters.
      [
        Buffer.from('note:9:a:b\nc→é\nmax-iters:1:3\n'),
        /the KLV item 'note' of length 9 is not followed by a newline/,
      ],
      [Buffer.from('max-iters\n'), /found no ':' after the key \(at byte 0\)/],
      [config([['max-time', '1e9']]), /the value of 'max-time' is "1e9", expected a decimal integer/],
    ]
    for (const [input, message] of cases) {
      const result = await runWithInput(binary, ['--samples', 'empty/simple'], input)
      assert.equal(result.code, 1, `${JSON.stringify(input.toString())}: ${result.stderr}`)
      assert.match(result.stderr, /^invalid configuration on stdin: /)
      assert.match(result.stderr, message)
      assert.equal(result.stdout, '', 'no samples')
    }
  })

  test('an unknown name exits 2 with a message', async () => {
    const unknown = await runWithInput(binary, ['--samples', 'no/such/benchmark'], config())
    assert.equal(unknown.code, 2, unknown.stderr)
    assert.match(unknown.stderr, /unknown benchmark "no\/such\/benchmark"/)
    assert.equal(unknown.stdout, '')
  })

  test("the harness's own tests pass (zig test): every test block runs, and each is OK", async () => {
    const source = path.join(repo, 'runners', 'zig', 'bench_action.zig')
    const names = Array.from((await readFile(source, 'utf8')).matchAll(/^test "(.+)" \{$/gm), (m) => m[1]!)
    assert.equal(names.length, 10, `the test blocks of bench_action.zig: ${names.join('; ')}`)
    const { stderr } = await run(zig, ['test', source, '--cache-dir', path.join(temp, 'zig-cache')])
    // Zig's test runner, its stderr not a terminal, writes "i/N NAME...OK" for each test, then a total.
    const lines = stderr.trimEnd().split('\n')
    assert.equal(lines.at(-1), `All ${names.length} tests passed.`, stderr)
    for (const [i, name] of names.entries()) {
      const line = lines.find((l) => l.startsWith(`${i + 1}/${names.length} `))
      assert.ok(line?.endsWith(`test.${name}...OK`), `test ${i + 1}, "${name}": ${line}`)
    }
  })
})
