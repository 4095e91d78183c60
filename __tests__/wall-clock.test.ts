import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { runCli } from '../src/cli.ts'
import { compareResults } from '../src/compare.ts'
import { parseConfig } from '../src/config/index.ts'
import type { WallClockBenchmarkConfig } from '../src/config/schema.ts'
import { decodeKlv } from '../src/formats/klv.ts'
import { measureSameJob, measureSuite } from '../src/measure/index.ts'
import { runnerConfiguration, wallClockMetrics } from '../src/measure/wall-clock.ts'
import { planCases } from '../src/plan.ts'
import type { WallClockCase } from '../src/plan-types.ts'
import type { ResultSet } from '../src/results.ts'
import { removeDir, repoRoot, runWithInput, tempDir } from './helpers.ts'

const run = promisify(execFile)

function wallClockConfig(yaml: string, file = '/work/suite/bench.yml'): WallClockBenchmarkConfig[] {
  const config = parseConfig(yaml, file)
  return config.benchmarks.filter((b): b is WallClockBenchmarkConfig => b.kind === 'wall-clock')
}

function wallClockCases(yaml: string, file = '/work/suite/bench.yml'): WallClockCase[] {
  return planCases(parseConfig(yaml, file)).filter((c): c is WallClockCase => c.kind === 'wall-clock')
}

describe('wall-clock config', () => {
  test('engines become cases NAME/ENGINE; inputs, params and limits are normalised', () => {
    const yaml = `
defaults: { runs: 12, warmup: 3 }
benchmarks:
  - name: memmem
    kind: wall-clock
    model: iter
    engines:
      rust/memmem: [./runner, rust/memmem]
      libc/memmem: ./runner libc/memmem
    input: { pattern: "Sherlock Holmes", haystack: { path: data/sherlock.txt }, ratio: 1.10 }
    params: { size: 4096, mode: fast }
    threads: 2
    count: 91
    max-time: 500ms
`
    const [b] = wallClockConfig(yaml)
    assert.deepEqual(b!.engines, [
      { name: 'rust/memmem', command: ['./runner', 'rust/memmem'] },
      { name: 'libc/memmem', command: ['./runner', 'libc/memmem'] },
    ])
    assert.deepEqual(b!.input, [
      { key: 'pattern', value: { text: 'Sherlock Holmes' } },
      { key: 'haystack', value: { path: '/work/suite/data/sherlock.txt' } },
      // YAML reads 1.10 as a number; the runner gets the text that was written.
      { key: 'ratio', value: { text: '1.10' } },
    ])
    assert.deepEqual(b!.params, [
      { key: 'size', value: '4096' },
      { key: 'mode', value: 'fast' },
    ])
    assert.equal(b!.throughputInput, 'haystack', 'rebar measures throughput over the haystack')
    assert.deepEqual([b!.runs, b!.warmup, b!.maxTimeMs, b!.maxWarmupTimeMs], [12, 3, 500, 1000])
    assert.deepEqual(b!.gate, ['time'])
    const cases = wallClockCases(yaml)
    assert.deepEqual(
      cases.map((c) => [c.id, c.engine, c.command, c.parameters]),
      [
        ['memmem/rust/memmem', 'rust/memmem', ['./runner', 'rust/memmem'], { engine: 'rust/memmem' }],
        ['memmem/libc/memmem', 'libc/memmem', ['./runner', 'libc/memmem'], { engine: 'libc/memmem' }],
      ],
    )
  })

  test('one runner is one case under the benchmark name; throughput falls back to the only file input', () => {
    const [c] = wallClockCases(`
benchmarks:
  - name: parse
    kind: wall-clock
    runner: [./bench, parse]
    input: { doc: { path: doc.json }, mode: strict }
`)
    assert.equal(c!.id, 'parse')
    assert.equal(c!.engine, undefined)
    assert.equal(c!.model, 'default')
    assert.equal(c!.throughputInput, 'doc')
  })

  test('a filter keeps one engine of a benchmark', () => {
    const config = parseConfig(
      `
benchmarks:
  - name: memmem
    kind: wall-clock
    engines: { rust: [./r, rust], libc: [./r, libc] }
  - name: other
    kind: process
    command: [true]
`,
      '/x/bench.yml',
    )
    assert.deepEqual(
      planCases(config, 'memmem/li*').map((c) => c.id),
      ['memmem/libc'],
    )
    assert.deepEqual(
      planCases(config, 'memmem').map((c) => c.id),
      ['memmem/rust', 'memmem/libc'],
    )
  })
})

describe('the KLV a runner reads', () => {
  let dir: string
  before(async () => {
    dir = await tempDir('klv')
  })
  after(() => removeDir(dir))

  test('fixed items first, then ours, then the inputs; lengths in bytes, values exact', async () => {
    // Not valid UTF-8, a newline and colons: a file input is passed through as bytes.
    const fileBytes = Buffer.from([0x68, 0x69, 0x3a, 0x0a, 0xff, 0xfe, 0x00, 0xc3, 0xa9])
    await writeFile(path.join(dir, 'bytes.bin'), fileBytes)
    const tricky = 'a:b\nc:12:d\n→ é 𝄞'
    const [c] = wallClockCases(
      `
benchmarks:
  - name: "naïve: search"
    kind: wall-clock
    runner: [./runner]
    model: iter
    runs: 7
    warmup: 0
    max-time: 1500ms
    sample-time: 2ms
    threads: 4
    params: { passes: 3 }
    input:
      note: ${JSON.stringify(tricky)}
      haystack: { path: bytes.bin }
`,
      path.join(dir, 'bench.yml'),
    )
    const configuration = await runnerConfiguration(c!)
    assert.ok(!('error' in configuration), `expected a configuration, got ${JSON.stringify(configuration)}`)
    const items = decodeKlv(configuration.klv)
    assert.deepEqual(
      items.map(([k, v]) => [k, k === 'haystack' ? v.toString('hex') : v.toString('utf8')]),
      [
        ['name', 'naïve: search'],
        ['model', 'iter'],
        ['max-iters', '7'],
        ['max-warmup-iters', '0'],
        ['max-time', '1500000000'],
        ['max-warmup-time', '1000000000'],
        ['sample-time', '2000000'],
        ['threads', '4'],
        ['param.passes', '3'],
        ['note', tricky],
        ['haystack', fileBytes.toString('hex')],
      ],
    )
    const text = configuration.klv.toString('latin1')
    // 'naïve: search' is 13 characters and 14 bytes; the note's length counts its 4-byte clef as 4.
    assert.ok(text.startsWith('name:14:'), `the name's length is in bytes: ${text.slice(0, 20)}`)
    assert.ok(
      text.includes(`note:${Buffer.byteLength(tricky)}:`),
      `note length ${Buffer.byteLength(tricky)} (not ${tricky.length})`,
    )
    assert.equal(configuration.inputBytes.get('haystack'), fileBytes.length)
  })

  test('an input file that cannot be read is named in the error', async () => {
    const [c] = wallClockCases(
      `
benchmarks:
  - name: x
    kind: wall-clock
    runner: [./runner]
    input: { haystack: { path: missing.txt } }
`,
      path.join(dir, 'bench.yml'),
    )
    const configuration = await runnerConfiguration(c!)
    assert.ok('error' in configuration, 'a missing file is an error')
    assert.match(configuration.error, /cannot read input "haystack" from .*missing\.txt: ENOENT/)
  })
})

describe('samples to metrics', () => {
  test('time is per call; throughput comes from the bytes a sample reports or the input size', () => {
    const batched = wallClockMetrics([
      { durationNs: 2_000_000, count: 1, iterations: 4000 },
      { durationNs: 3_000_000, count: 1, iterations: 4000 },
    ])
    assert.deepEqual(batched.time?.samples, [500, 750])
    assert.equal(batched.throughput, undefined, 'no size, no throughput')

    const sized = wallClockMetrics(
      [
        { durationNs: 1000, count: 91, iterations: 1 },
        { durationNs: 2000, count: 91, iterations: 1 },
      ],
      500,
    )
    assert.deepEqual(sized.throughput, { unit: 'bytes/s', direction: 'higher', samples: [5e8, 2.5e8] })

    const reported = wallClockMetrics([{ durationNs: 1_000_000, count: 0, iterations: 10, bytes: 4096 }], 1)
    assert.deepEqual(
      reported.throughput?.samples,
      [4096e3],
      'bytes the harness reports win over the input size',
    )
  })
})

/** rebar's "bring your own benchmarks" runner, built as the guide builds it (examples/rebar-memmem). */
describe("rebar's documented runner, unmodified", () => {
  let dir: string
  let runner: string
  const haystack = path.join(repoRoot, 'examples', 'rebar-memmem', 'haystacks', 'detective.txt')
  before(async () => {
    dir = await tempDir('byob')
    const manifest = path.join(repoRoot, 'examples', 'rebar-memmem', 'Cargo.toml')
    await run('cargo', ['build', '--release', '--locked', '--quiet', '--manifest-path', manifest], {
      env: { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'target') },
    })
    runner = path.join(dir, 'target', 'release', 'runner')
  })
  after(() => removeDir(dir))

  const config = (count: number) => `
suite: byob
defaults: { runs: 10, warmup: 2 }
benchmarks:
  - name: memmem
    kind: wall-clock
    model: iter
    engines:
      rust/memmem: [${JSON.stringify(runner)}, rust/memmem]
      libc/memmem: [${JSON.stringify(runner)}, libc/memmem]
    input: { pattern: "Sherlock Holmes", haystack: { path: ${JSON.stringify(haystack)} } }
    count: ${count}
`

  test('measures both engines, checks the count, reports throughput and ranks the engines', async () => {
    await writeFile(path.join(dir, 'bench.yml'), config(91))
    const results = await measureSuite(planCases(parseConfig(config(91), path.join(dir, 'bench.yml'))))
    assert.deepEqual(
      results.map((r) => [r.id, r.status, r.error?.message]),
      [
        ['memmem/rust/memmem', 'ok', undefined],
        ['memmem/libc/memmem', 'ok', undefined],
      ],
    )
    const size = (await readFile(haystack)).length
    for (const r of results) {
      const time = r.metrics.time?.samples ?? []
      const rate = r.metrics.throughput?.samples ?? []
      assert.equal(time.length, 10, `${r.id}: 10 samples, split over runner processes`)
      assert.match(r.notes.join('\n'), /samples taken in 5 runner processes/)
      assert.equal(rate.length, 10)
      // throughput = haystack bytes / time per call
      assert.ok(Math.abs(rate[0]! - (size / time[0]!) * 1e9) < 1e-6 * rate[0]!, 'throughput is size/time')
    }
    const comparison = compareResults(resultSet(results))
    assert.equal(comparison.engineRankings.length, 1)
    const ranking = comparison.engineRankings[0]!
    assert.equal(ranking.benchmark, 'memmem')
    assert.deepEqual(ranking.engines.map((e) => e.engine).sort(), ['libc/memmem', 'rust/memmem'])
    assert.equal(ranking.engines[0]!.ratio, 1)
    assert.ok(ranking.engines[1]!.ratio >= 1, 'the second engine is no faster than the fastest')
    assert.ok(
      ranking.engines.every((e) => e.throughput! > 0),
      'each engine has a throughput',
    )
  })

  test('a count other than the one the config expects fails the benchmark, naming both counts', async () => {
    const results = await measureSuite(planCases(parseConfig(config(90), path.join(dir, 'bench.yml'))))
    for (const r of results) {
      assert.equal(r.status, 'failed')
      assert.equal(
        r.error?.message,
        'the runner reported count 91 on sample 1, expected 90 (a wrong answer is not a fast answer)',
      )
      assert.deepEqual(r.metrics, {})
    }
  })

  test('`bench-action klv NAME` prints what the runner reads; piped into it, it gives samples', async () => {
    await writeFile(path.join(dir, 'bench.yml'), config(91))
    const chunks: Buffer[] = []
    let stderr = ''
    const code = await runCli(['klv', 'memmem/rust/memmem', '--max-iters', '4', '--max-time', '10s'], {
      cwd: dir,
      env: process.env,
      stdout: { write: (t: string | Uint8Array) => chunks.push(Buffer.from(t)) },
      stderr: { write: (t: string | Uint8Array) => (stderr += String(t)) },
    })
    assert.equal(code, 0, stderr)
    const klv = Buffer.concat(chunks)
    const items = new Map(decodeKlv(klv).map(([k, v]) => [k, v]))
    assert.equal(items.get('name')?.toString(), 'memmem/rust/memmem')
    assert.equal(items.get('max-iters')?.toString(), '4')
    assert.deepEqual(items.get('haystack'), await readFile(haystack))
    const piped = await runWithInput(runner, ['rust/memmem'], klv)
    assert.equal(piped.code, 0, piped.stderr)
    const lines = piped.stdout.trim().split('\n')
    assert.equal(lines.length, 4, piped.stdout)
    for (const line of lines) assert.match(line, /^\d+,91$/)

    const unknown = await runCli(['klv', 'memmem/nope'], {
      cwd: dir,
      env: process.env,
      stdout: { write: () => true },
      stderr: { write: (t: string | Uint8Array) => (stderr = String(t)) },
    })
    assert.equal(unknown, 2)
    assert.match(
      stderr,
      /no wall-clock benchmark "memmem\/nope" .*there are: memmem\/rust\/memmem, memmem\/libc\/memmem/,
    )
  })
})

function resultSet(benchmarks: ResultSet['benchmarks']): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 'test',
    createdAt: new Date(0).toISOString(),
    commit: { sha: 'head', ref: 'main', dirty: false },
    environment: {
      os: 'linux',
      arch: 'x64',
      cpuModel: 'cpu',
      cpuCount: 2,
      kernel: 'k',
      tools: {},
    },
    benchmarks,
  } as unknown as ResultSet
}

/**
 * A 10% slowdown in one benchmark, on this machine: base and head are measured in one job (as
 * `--against` does), each benchmark's base and head runner processes alternating, so the machine's
 * drift (10–25% between runs seconds apart on a shared VM) falls on both alike, and decided on the
 * paired samples. The slowed one is a regression, the others are not.
 */
describe('a 10% slowdown is found', () => {
  let dir: string
  let runner: string
  before(async () => {
    dir = await tempDir('slowdown')
    runner = path.join(dir, 'rebar_runner')
    await run('cc', ['-O2', '-o', runner, path.join(repoRoot, '__tests__', 'programs', 'rebar_runner.c')])
    // 64 KiB with 64 matches; each pass searches all of it.
    const text = Array.from({ length: 4096 }, (_, i) =>
      i % 64 === 0 ? 'needle found ' : 'hay in stack ',
    ).join('')
    await writeFile(path.join(dir, 'haystack.txt'), text.slice(0, 65536))
  })
  after(() => removeDir(dir))

  const NAMES = ['steady-a', 'steady-b', 'slowed']
  const entry = (name: string, passes: number) => `  - name: ${name}
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: needle, haystack: { path: haystack.txt } }
    params: { passes: ${passes} }
    count: 64
`
  /** One side's config: the same benchmarks, the slowed one doing 10% more passes on head. */
  const config = (side: 'base' | 'head') => `
suite: slowdown
defaults: { runs: 300, warmup: 3, threshold: 5% }
benchmarks:
${NAMES.map((name) => entry(name, side === 'head' && name === 'slowed' ? 22 : 20)).join('')}`

  test('max-time bounds the sampling over all runner processes, not each one', async () => {
    const [slow] = planCases(
      parseConfig(
        `
benchmarks:
  - name: slow
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: needle, haystack: { path: haystack.txt } }
    params: { passes: 100 }
    runs: 40
    warmup: 0
    max-time: 60ms
`,
        path.join(dir, 'bench.yml'),
      ),
    )
    const [result] = await measureSuite([slow!])
    const samples = result!.metrics.time?.samples ?? []
    const sampled = samples.reduce((a, b) => a + b, 0) / 1e6
    // Each call takes a few milliseconds: far fewer than 40 fit in 60 ms, but more than the first
    // process's share, and the time in samples stays near the budget (the last sample may overrun it).
    assert.ok(samples.length >= 3 && samples.length < 40, `${samples.length} samples`)
    assert.ok(sampled < 60 + (3 * Math.max(...samples)) / 1e6, `${sampled.toFixed(1)} ms sampled`)
    assert.match(
      result!.notes.join('\n'),
      new RegExp(`took ${samples.length} of 40 samples: the runner stopped at max-time`),
    )
  })

  test('the benchmark doing 10% more work regresses; the unchanged ones do not', async (t) => {
    const cases = (side: 'base' | 'head') => planCases(parseConfig(config(side), path.join(dir, 'bench.yml')))
    const measured = await measureSameJob(cases('base'), cases('head'))
    for (const r of [...measured.base, ...measured.head])
      assert.equal(r.status, 'ok', `${r.id}: ${r.error?.message}`)
    const comparison = compareResults(resultSet(measured.head), {
      baseline: { results: resultSet(measured.base), source: 'test', reason: 'measured in the same job' },
      pairs: measured.pairs,
    })
    // Samples pair with their neighbours from the other side: 300 per benchmark, a few fewer when
    // max-time stops an invocation of one side early (its extra samples then have no partner).
    const pairing = comparison.pairing
    assert.equal(pairing?.benchmarks, 3)
    assert.ok(pairing.minPairs >= 280 && pairing.maxPairs <= 300, JSON.stringify(pairing))
    assert.equal(comparison.benchmarks[0]?.metrics[0]?.test, 'wilcoxon-normal')
    const verdicts = Object.fromEntries(comparison.benchmarks.map((b) => [b.id, b.verdict]))
    const changes = comparison.benchmarks
      .map((b) => `${b.id} ${((b.metrics[0]?.change ?? 0) * 100).toFixed(1)}% ${b.verdict}`)
      .join(', ')
    t.diagnostic(changes)
    assert.equal(verdicts.slowed, 'regression', changes)
    assert.notEqual(verdicts['steady-a'], 'regression', changes)
    assert.notEqual(verdicts['steady-b'], 'regression', changes)
    assert.notEqual(verdicts['steady-a'], 'improvement', changes)
    assert.notEqual(verdicts['steady-b'], 'improvement', changes)
  })
})
