// Benchmarks over several inputs, benchmark groups and declared throughputs in the harnesses
// (runners/): how bench-action lists them with their parameters, reads the elements column of the
// samples, and turns a declared amount of work into a rate over each sample's own time. The real
// Rust and C examples are built and measured, as instruction counts and as wall-clock samples.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { parseConfig } from '../../../src/config/index.ts'
import { wallClockMetrics } from '../../../src/kinds/wall-clock/measure.ts'
import { listHarnessBenchmarks } from '../../../src/measure/harness.ts'
import { parseRunnerSamples, RunnerOutputError } from '../../../src/measure/klv.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { planCases } from '../../../src/run/plan.ts'
import { measureSuite } from '../../../src/schedule/index.ts'
import { buildCExample, buildRustExample, runWithInput } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const repo = path.resolve(import.meta.dirname, '..', '..', '..')
const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-harness-inputs-'))

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

/** `actual` equals `expected` up to floating-point rounding. */
function close(actual: number, expected: number, message: string): void {
  assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.abs(expected), `${message}: ${actual} ≠ ${expected}`)
}

describe('the samples of a declared throughput', () => {
  test('duration,count,iterations,,elements and duration,count,iterations,bytes,elements are read', () => {
    assert.deepEqual(parseRunnerSamples('100,5,10,,40\n100,5,10,8,40\n100,5,10,8\n', 'h'), [
      { durationNs: 100, count: 5, iterations: 10, elements: 40 },
      { durationNs: 100, count: 5, iterations: 10, bytes: 8, elements: 40 },
      { durationNs: 100, count: 5, iterations: 10, bytes: 8 },
    ])
    for (const line of ['100,5,10,', '100,5,10,,', '100,5,10,,4,', '100,5,,,4'])
      assert.throws(() => parseRunnerSamples(`${line}\n`, 'h'), RunnerOutputError, line)
  })

  test('elements give ops/s and bytes give bytes/s, each the work over the same sample’s time', () => {
    const samples = [
      { durationNs: 2000, count: 1, iterations: 4, elements: 400 },
      { durationNs: 3000, count: 1, iterations: 4, elements: 400 },
    ]
    const elements = wallClockMetrics(samples)
    assert.equal(elements.throughput?.unit, 'ops/s')
    assert.equal(elements.throughput?.direction, 'higher')
    assert.deepEqual(elements.throughput?.samples, [2e8, 400 / 3e-6])
    assert.equal(elements['byte-throughput'], undefined)
    const bytes = wallClockMetrics(samples.map(({ elements: _, ...s }) => ({ ...s, bytes: 800 })))
    assert.equal(bytes.throughput?.unit, 'bytes/s')
    assert.deepEqual(bytes.throughput?.samples, [4e8, 800 / 3e-6])
    const both = wallClockMetrics(samples.map((s) => ({ ...s, bytes: 800 })))
    assert.equal(both.throughput?.unit, 'ops/s')
    assert.equal(both['byte-throughput']?.unit, 'bytes/s')
    assert.deepEqual(Object.keys(wallClockMetrics(samples.map(({ elements: _, ...s }) => s))), ['time'])
  })
})

describe('listing a harness with parameters', () => {
  /** A harness that lists what `lines` say when asked for parameters, and names alone otherwise. */
  async function fakeHarness(name: string, lines: string[]): Promise<string> {
    const file = path.join(temp, name)
    const listed = lines.map((l) => `printf '%s\\n' '${l}'`).join('\n')
    const plain = lines.map((l) => `printf '%s\\n' '${l.split('\t')[0]}'`).join('\n')
    await writeFile(
      file,
      `#!/bin/sh\n[ "$1" = --list ] || exit 2\nif [ "$BENCH_ACTION_LIST" = parameters ]; then\n${listed}\nelse\n${plain}\nfi\n`,
    )
    await chmod(file, 0o755)
    return file
  }
  const options = { cwd: temp, env: process.env, timeoutMs: 10_000 }

  test('a name may be followed by key=value parameters, separated by tabs', async () => {
    const harness = await fakeHarness('params', [
      'plain',
      'sort/100\tinput=100\tgroup=sort',
      'x/y\tbenchmark=z',
    ])
    const listed = await listHarnessBenchmarks([harness], options)
    assert.ok('names' in listed, JSON.stringify(listed))
    assert.deepEqual(listed.names, ['plain', 'sort/100', 'x/y'])
    assert.deepEqual(Object.fromEntries(listed.parameters), {
      'sort/100': { input: '100', group: 'sort' },
      'x/y': {},
    })
  })

  test('a parameter that is not key=value fails the listing with a message', async () => {
    const harness = await fakeHarness('bad', ['sort/100\tinput 100'])
    const listed = await listHarnessBenchmarks([harness], options)
    assert.ok('error' in listed)
    assert.match(listed.error.message, /listed sort\/100 with "input 100", not a parameter key=value/)
  })
})

const [cargo, cc, valgrind] = await Promise.all([needs('cargo'), needs('cc'), needs('valgrind')])

/** The length of the record sum_fields parses, its declared bytes per call. */
const RECORD_BYTES = '2024,11,30,17,42,5,1000,65535,3,14159,2653,58979,323,84626'.length

for (const harness of [
  {
    language: 'Rust',
    gate: cargo,
    build: () => buildRustExample(temp),
  },
  {
    language: 'C',
    gate: cc,
    build: () => buildCExample(temp, 'bench', ['-Wall', '-Wextra', '-Werror']),
  },
]) {
  harness.gate.describe(`${harness.language} harness: inputs, a group and throughputs`, () => {
    let binary = ''
    before(async () => {
      binary = await harness.build()
    })

    const measure = (kind: string, filter: string): Promise<BenchmarkResult[]> => {
      const settings =
        kind === 'instructions'
          ? `command: [${JSON.stringify(binary)}]`
          : `runner: [${JSON.stringify(binary)}]\n    runs: 6\n    max-time: 300ms`
      const yaml = `suite: inputs
benchmarks:
  - name: h
    kind: ${kind}
    harness: true
    ${settings}
`
      return measureSuite(planCases(parseConfig(yaml, path.join(temp, 'bench.yml')), filter), { filter })
    }

    test('--list names each input NAME/INPUT inside its group, GROUP/NAME/INPUT', async () => {
      const { stdout } = await run(binary, ['--list'])
      assert.deepEqual(stdout.split('\n').slice(-4), [
        'sort/scrambled/100',
        'sort/scrambled/1000',
        'word_counts',
        '',
      ])
      const withParameters = await run(binary, ['--list'], {
        env: { ...process.env, BENCH_ACTION_LIST: 'parameters' },
      })
      const lines = withParameters.stdout.split('\n')
      assert.ok(lines.includes('sum_fields'), 'a benchmark without parameters is its name alone')
      assert.deepEqual(lines.slice(-4), [
        'sort/scrambled/100\tinput=100\tgroup=sort',
        'sort/scrambled/1000\tinput=1000\tgroup=sort',
        'word_counts',
        '',
      ])
    })

    test('wall-clock: each input is its own benchmark, with elements per second from each sample', async () => {
      const results = await measure('wall-clock', 'h/sort/*,h/sum_fields')
      assert.deepEqual(
        results.map((r) => [r.id, r.status, r.parameters]),
        [
          ['h/sum_fields', 'ok', { benchmark: 'sum_fields' }],
          ['h/sort/scrambled/100', 'ok', { benchmark: 'sort/scrambled/100', input: '100', group: 'sort' }],
          ['h/sort/scrambled/1000', 'ok', { benchmark: 'sort/scrambled/1000', input: '1000', group: 'sort' }],
        ],
      )
      for (const r of results) {
        const time = r.metrics.time!.samples!
        const throughput = r.metrics.throughput!
        const perCall = r.id === 'h/sum_fields' ? RECORD_BYTES : Number(r.parameters.input)
        assert.equal(throughput.unit, r.id === 'h/sum_fields' ? 'bytes/s' : 'ops/s', r.id)
        assert.equal(throughput.samples!.length, time.length)
        // declared work × iterations ÷ duration = declared work ÷ time per iteration, sample by sample.
        for (const [i, ns] of time.entries())
          close(throughput.samples![i]!, (perCall * 1e9) / ns, `${r.id} sample ${i}`)
      }
    })

    valgrind.test(
      'instructions: each input is counted as its own benchmark, with its parameters',
      async () => {
        const results = await measure('instructions', 'h/sort/*')
        assert.deepEqual(
          results.map((r) => [r.id, r.status, r.parameters.input, r.parameters.group]),
          [
            ['h/sort/scrambled/100', 'ok', '100', 'sort'],
            ['h/sort/scrambled/1000', 'ok', '1000', 'sort'],
          ],
        )
        const [small, large] = results.map((r) => r.metrics.ir!.value!)
        assert.ok(
          small! > 0 && large! > 5 * small!,
          `sorting 1000 numbers counts more than 100: ${small}, ${large}`,
        )
      },
    )
  })
}

cc.describe('C harness: the throughput of inputs and groups', () => {
  const source = (entries: string[]) =>
    [
      '#include "bench_action.h"',
      // Not static: not every program below uses them.
      'const uint64_t sizes[] = {3, 5};',
      'uint64_t value(void *p) { return *(const uint64_t *)p; }',
      'static uint64_t one(void *p) { (void)p; return 1; }',
      'BENCH_ACTION_MAIN(',
      entries.join(',\n'),
      ')',
      '',
    ].join('\n')
  const build = async (name: string, entries: string[]) => {
    const file = path.join(temp, `${name}.c`)
    await writeFile(file, source(entries))
    const binary = path.join(temp, name)
    await run('cc', [
      '-O2',
      '-Wall',
      '-Wextra',
      '-Werror',
      `-I${path.join(repo, 'runners', 'c')}`,
      '-o',
      binary,
      file,
    ])
    return binary
  }
  const klv = 'max-iters:1:2\nmax-time:10:1000000000\nsample-time:4:1000\n'

  test('per input, inherited from the group or the entry’s own; without setup, the input is its value', async () => {
    const binary = await build('throughputs', [
      'BENCH_ACTION_WITH_INPUTS("value", sizes, NULL, value, NULL, BENCH_ACTION_ELEMENTS_PER_INPUT(2))',
      'BENCH_ACTION_GROUP("g", BENCH_ACTION_BYTES(4))',
      'BENCH_ACTION("inherits", NULL, one, NULL)',
      'BENCH_ACTION_WITH_THROUGHPUT("own", NULL, one, NULL, BENCH_ACTION_ELEMENTS(3))',
      'BENCH_ACTION_GROUP_END',
      'BENCH_ACTION("none", NULL, one, NULL)',
    ])
    const { stdout } = await run(binary, ['--list'], {
      env: { ...process.env, BENCH_ACTION_LIST: 'parameters' },
    })
    assert.equal(stdout, 'value/3\tinput=3\nvalue/5\tinput=5\ng/inherits\tgroup=g\ng/own\tgroup=g\nnone\n')
    for (const [name, count, column, perCall] of [
      ['value/5', 5, 4, 10],
      ['g/inherits', 1, 3, 4],
      ['g/own', 1, 4, 3],
    ] as const) {
      const lines = (await runWithInput(path.join(binary), ['--samples', name], Buffer.from(klv))).stdout
      const samples = parseRunnerSamples(lines, name)
      assert.equal(samples.length, 2, lines)
      for (const sample of samples) {
        assert.equal(sample.count, count, lines)
        const work = column === 3 ? sample.bytes : sample.elements
        assert.equal(work, perCall * sample.iterations, `${name}: ${lines}`)
        assert.equal(column === 3 ? sample.elements : sample.bytes, undefined, lines)
      }
    }
    const none = parseRunnerSamples(
      (await runWithInput(binary, ['--samples', 'none'], Buffer.from(klv))).stdout,
      'n',
    )
    assert.deepEqual(
      none.map((s) => [s.bytes, s.elements]),
      [
        [undefined, undefined],
        [undefined, undefined],
      ],
    )
  })

  test('a group inside a group, an end without a group and a name given twice exit 1', async () => {
    for (const [name, entries, message] of [
      [
        'nested',
        [
          'BENCH_ACTION_GROUP("a", BENCH_ACTION_NO_THROUGHPUT)',
          'BENCH_ACTION_GROUP("b", BENCH_ACTION_NO_THROUGHPUT)',
          'BENCH_ACTION("x", NULL, one, NULL)',
        ],
        /starts inside another group/,
      ],
      [
        'unopened',
        ['BENCH_ACTION("x", NULL, one, NULL)', 'BENCH_ACTION_GROUP_END'],
        /BENCH_ACTION_GROUP_END without a group/,
      ],
      [
        'twice',
        [
          'BENCH_ACTION("value/3", NULL, one, NULL)',
          'BENCH_ACTION_WITH_INPUTS("value", sizes, NULL, value, NULL, BENCH_ACTION_NO_THROUGHPUT)',
        ],
        /"value\/3" is registered twice/,
      ],
    ] as const) {
      const result = await runWithInput(await build(name, [...entries]), ['--list'])
      assert.equal(result.code, 1, name)
      assert.match(result.stderr, message)
    }
  })
})
