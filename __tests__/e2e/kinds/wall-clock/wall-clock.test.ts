import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { runCli } from '../../../../src/cli/index.ts'
import { compareResults } from '../../../../src/compare/index.ts'
import { parseConfig } from '../../../../src/config/index.ts'
import { runnerConfiguration, wallClockMetrics } from '../../../../src/kinds/wall-clock/measure.ts'
import type { WallClockCase } from '../../../../src/kinds/wall-clock/plan.ts'
import type { WallClockBenchmarkConfig } from '../../../../src/kinds/wall-clock/schema.ts'
import { decodeKlv } from '../../../../src/measure/klv.ts'
import type { ResultSet } from '../../../../src/results.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { measureSameJob, measureSuite } from '../../../../src/schedule/index.ts'
import { removeDir, repoRoot, runWithInput, tempDir } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

const [cc, cargo] = await Promise.all([needs('cc'), needs('cargo')])

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
      {
        key: 'haystack',
        value: {
          path: '/work/suite/data/sherlock.txt',
          written: 'data/sherlock.txt',
          within: '/work/suite',
          expected: 'a file inside the repository /work/suite',
          at: '/work/suite/bench.yml:10:60: benchmarks[0].input.haystack.path',
        },
      },
      // YAML reads 1.10 as a number; the runner gets the text that was written.
      { key: 'ratio', value: { text: '1.10' } },
    ])
    assert.deepEqual(b!.params, [
      { key: 'size', value: '4096' },
      { key: 'mode', value: 'fast' },
    ])
    assert.equal(b!.throughputInput, 'haystack', 'rebar measures throughput over the haystack')
    assert.deepEqual([b!.runs, b!.warmup, b!.maxTimeMs, b!.maxWarmupTimeMs], [12, 3, 500, 100])
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

  test("rebar's order: name, model, the inputs, the limits; ours last; lengths in bytes, values exact", async () => {
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
        ['note', tricky],
        ['haystack', fileBytes.toString('hex')],
        ['max-iters', '7'],
        ['max-warmup-iters', '0'],
        ['max-time', '1500000000'],
        ['max-warmup-time', '100000000'],
        ['sample-time', '2000000'],
        ['threads', '4'],
        ['param.passes', '3'],
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

  test('a list sends an item per value, in order; without sample-time, threads or params none of ours is sent', async () => {
    const [c] = wallClockCases(
      `
benchmarks:
  - name: dict
    kind: wall-clock
    runner: [./runner]
    model: count
    input:
      pattern: [Holmes, Watson, 221B]
      case-insensitive: false
      haystack: Holmes and Watson
`,
      path.join(dir, 'bench.yml'),
    )
    const configuration = await runnerConfiguration(c!)
    assert.ok(!('error' in configuration))
    assert.deepEqual(
      decodeKlv(configuration.klv).map(([k, v]) => [k, v.toString('utf8')]),
      [
        ['name', 'dict'],
        ['model', 'count'],
        ['pattern', 'Holmes'],
        ['pattern', 'Watson'],
        ['pattern', '221B'],
        ['case-insensitive', 'false'],
        ['haystack', 'Holmes and Watson'],
        ['max-iters', '20'],
        ['max-warmup-iters', '1000000'],
        ['max-time', '3000000000'],
        ['max-warmup-time', '100000000'],
      ],
    )
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

describe('warming up by time in every runner process', () => {
  const entry = (settings: string) => `
benchmarks:
  - name: x
    kind: wall-clock
    runner: [./runner]
${settings}`
  const warmupItems = async (yaml: string) => {
    const [c] = wallClockCases(yaml)
    const configuration = await runnerConfiguration(c!, { runs: 2, maxTimeMs: 300 })
    assert.ok(!('error' in configuration), JSON.stringify(configuration))
    const items = new Map(decodeKlv(configuration.klv).map(([k, v]) => [k, v.toString('utf8')]))
    return [items.get('max-warmup-iters'), items.get('max-warmup-time')]
  }

  test("by default the KLV carries 100 ms of warm-up and a count limit as high as rebar's", async () => {
    assert.deepEqual(await warmupItems(entry('')), ['1000000', '100000000'])
    // defaults.warmup is 2 for whole-program runs; a runner is not capped by a count nobody wrote.
    assert.deepEqual(await warmupItems(`defaults: { runs: 6 }\n${entry('')}`), ['1000000', '100000000'])
  })

  test('a written count caps the warm-up calls; max-warmup-time sets the time', async () => {
    assert.deepEqual(await warmupItems(entry('    warmup: 5\n')), ['5', '100000000'])
    assert.deepEqual(await warmupItems(`defaults: { warmup: 3 }\n${entry('')}`), ['3', '100000000'])
    assert.deepEqual(await warmupItems(`defaults: { warmup: 3 }\n${entry('    warmup: 0\n')}`), [
      '0',
      '100000000',
    ])
    assert.deepEqual(await warmupItems(entry('    max-warmup-time: 1500ms\n')), ['1000000', '1500000000'])
  })

  test('a bad max-warmup-time or warmup names the file, the place and what was expected', () => {
    assert.throws(() => parseConfig(entry('    max-warmup-time: 100'), '/work/suite/bench.yml'), {
      message:
        '/work/suite/bench.yml:6:22: benchmarks[0].max-warmup-time: expected a duration like "60s", "500ms" or "2m", got a number (100); write 100s or 100ms rather than 100',
    })
    assert.throws(() => parseConfig(entry('    warmup: 1.5'), '/work/suite/bench.yml'), {
      message:
        '/work/suite/bench.yml:6:13: benchmarks[0].warmup: expected a whole number of at least 0, got a number (1.5)',
    })
  })

  /**
   * cold_runner is slow for its first 50 ms of calls and counts the samples it took while cold; it
   * runs rebar's loop and accepts only rebar's keys. What is asserted is what it reports, never a
   * time measured here: its warm-up and its coldness are timed from the same instant, so a warm-up of
   * 100 ms leaves no cold sample however loaded the machine is.
   */
  cc.describe('a runner that starts cold', () => {
    let dir: string
    let runner: string
    before(async () => {
      dir = await tempDir('cold')
      runner = path.join(dir, 'cold_runner')
      await run('cc', ['-O2', '-o', runner, path.join(repoRoot, '__tests__', 'programs', 'cold_runner.c')])
    })
    after(() => removeDir(dir))

    const measure = async (label: string, settings: string) => {
      const log = path.join(dir, `${label}.log`)
      const yaml = `
benchmarks:
  - name: cold
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    env: { RUNNER_LOG: ${JSON.stringify(log)}, COLD_MS: 50 }
${settings}`
      const [result] = await measureSuite(planCases(parseConfig(yaml, path.join(dir, 'bench.yml'))))
      assert.equal(result!.status, 'ok', result!.error?.message)
      const lines = (await readFile(log, 'utf8')).trim().split('\n')
      const invocations = lines.map((line) =>
        Object.fromEntries(line.split(' ').map((kv) => kv.split('=') as [string, string])),
      )
      return { result: result!, invocations }
    }

    test('at the defaults, every one of its processes warms up past the cold start: no cold sample', async () => {
      const { result, invocations } = await measure('default', '')
      assert.equal(result.metrics.time?.samples?.length, 20)
      assert.equal(invocations.length, 10, 'the 20 samples are spread over 10 processes')
      // The result says so: one entry per process, adding up to the samples, each its share of 2.
      const processes = result.metrics.time?.processes ?? []
      assert.equal(processes.length, 10, 'one entry per runner process')
      assert.equal(
        processes.reduce((a, b) => a + b, 0),
        20,
        'the processes account for every sample',
      )
      assert.deepEqual(processes, Array(10).fill(2))
      for (const inv of invocations) {
        assert.equal(inv.max_warmup_iters, '1000000')
        assert.equal(inv.max_warmup_time, '100000000')
        assert.equal(inv.cold_samples, '0', `every sample after the warm-up: ${JSON.stringify(inv)}`)
        // Each cold call takes at least 1 ms, so 50 ms of coldness is at most 50 calls.
        assert.ok(Number(inv.warmup_calls) > 2, `warmed up by time, not by 2 calls: ${inv.warmup_calls}`)
      }
    })

    test('a count of 2 warm-up calls, as before, leaves cold samples', async () => {
      const { invocations } = await measure('two-calls', '    warmup: 2\n')
      assert.deepEqual(new Set(invocations.map((inv) => inv.warmup_calls)), new Set(['2']))
      const cold = invocations.reduce((sum, inv) => sum + Number(inv.cold_samples), 0)
      assert.ok(cold > 0, 'two calls of a cold runner end inside its cold start')
    })
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
cargo.describe("rebar's documented runner, unmodified", () => {
  let dir: string
  let runner: string
  let haystack: string
  before(async () => {
    dir = await tempDir('byob')
    // The haystack is read from inside the directory of the bench.yml that names it.
    haystack = path.join(dir, 'detective.txt')
    await copyFile(path.join(repoRoot, 'examples', 'rebar-memmem', 'haystacks', 'detective.txt'), haystack)
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
      assert.deepEqual(r.metrics.time?.processes, [2, 2, 2, 2, 2], `${r.id}: 2 samples in each of 5`)
      assert.equal(rate.length, 10)
      assert.deepEqual(r.metrics.throughput?.processes, [2, 2, 2, 2, 2], 'throughput: the same samples')
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

/** What model_runner appended to its log: `LABEL KIND key=value…` per line. */
async function readModelLog(file: string) {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => {
      const [label, kind, ...words] = line.split(' ')
      return { label: label!, kind: kind!, f: Object.fromEntries(words.map((w) => w.split('='))) }
    })
}

/**
 * A 10% slowdown in one benchmark, decided on numbers known in advance: __tests__/programs/model_runner.c
 * speaks rebar's runner protocol with sample durations computed from --ns (±1% jitter) instead of
 * measured, so the same-job schedule (base and head runner processes alternating, samples paired), the
 * paired test and the verdicts are checked end to end whatever the machine's load. Whether a real 10%
 * slowdown is found on this machine's drifting timings is measured by `npm run bench` (bench/verdicts.ts).
 */
cc.describe('a 10% slowdown is found', () => {
  let dir: string
  let model: string
  before(async () => {
    dir = await tempDir('slowdown')
    model = path.join(dir, 'model_runner')
    await run('cc', ['-O2', '-o', model, path.join(repoRoot, '__tests__', 'programs', 'model_runner.c')])
  })
  after(() => removeDir(dir))

  const NAMES = ['steady-a', 'steady-b', 'slowed']
  /** 20 µs per call; the slowed one's head does 10% more work: 22 µs. */
  const entry = (name: string, ns: number) => `  - name: ${name}
    kind: wall-clock
    runner: [${JSON.stringify(model)}, --ns=${ns}, --ops=1, --count=64, --samples]
    count: 64
`
  const config = (side: 'base' | 'head') => `
suite: slowdown
defaults: { runs: 300, warmup: 3, threshold: 5% }
benchmarks:
${NAMES.map((name) => entry(name, side === 'head' && name === 'slowed' ? 22_000 : 20_000)).join('')}`

  test('max-time bounds the sampling over all runner processes, not each one', async () => {
    const log = path.join(dir, 'max-time.log')
    const [slow] = planCases(
      parseConfig(
        `
benchmarks:
  - name: slow
    kind: wall-clock
    runner: [${JSON.stringify(model)}, --ns=5000000, --ops=1, --count=1, ${JSON.stringify(`--log=${log}`)}, --samples]
    runs: 40
    warmup: 0
    max-time: 60ms
`,
        path.join(dir, 'bench.yml'),
      ),
    )
    const [result] = await measureSuite([slow!])
    assert.equal(result!.status, 'ok', result!.error?.message)
    const samples = result!.metrics.time?.samples ?? []
    // Each call is 5 ms (±1%) in the model's time, which is also the time it keeps max-time in.
    const logged = await readModelLog(log)
    const reported = logged.filter((l) => l.kind === 'sample').map((l) => Number(l.f.duration_ns))
    assert.deepEqual(samples, reported, 'the time samples are the durations the runner reported')
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
    assert.ok(samples.length < 40, `${samples.length} samples: stopped before max-iters`)
    assert.ok(sum(samples) >= 60e6, `stopped once the samples took max-time: ${sum(samples) / 1e6} ms`)
    assert.ok(sum(samples.slice(0, -1)) < 60e6, 'only the last sample may go beyond max-time')
    // Every invocation got what was left of the 60 ms, not 60 ms each.
    const invocations = logged.filter((l) => l.kind === 'invocation')
    assert.ok(invocations.length > 1, `${invocations.length} runner processes`)
    let spent = 0
    for (const inv of invocations) {
      assert.ok(
        Number(inv.f.max_time) <= 60e6 - spent,
        `max-time ${inv.f.max_time} ≤ 60 ms − ${spent} ns spent`,
      )
      spent += sum(
        logged
          .filter((l) => l.kind === 'sample' && l.f.pid === inv.f.pid)
          .map((l) => Number(l.f.duration_ns)),
      )
    }
    assert.match(
      result!.notes.join('\n'),
      new RegExp(`took ${samples.length} of 40 samples: the runner stopped at max-time`),
    )
    assert.match(
      result!.notes.join('\n'),
      new RegExp(`samples taken in ${invocations.length} runner processes`),
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
    // Every sample pairs with its neighbour from the other side: max-time is far away. The unchanged
    // ones agree within ±1% and stop at half their runs (sampled sequentially); the slowed one is
    // decided at its runs.
    assert.deepEqual(
      comparison.pairing && [
        comparison.pairing.benchmarks,
        comparison.pairing.minPairs,
        comparison.pairing.maxPairs,
      ],
      [3, 150, 300],
    )
    assert.equal(comparison.benchmarks[0]?.metrics[0]?.test, 'wilcoxon-normal')
    const verdicts = Object.fromEntries(comparison.benchmarks.map((b) => [b.id, b.verdict]))
    const changes = comparison.benchmarks
      .map((b) => `${b.id} ${((b.metrics[0]?.change ?? 0) * 100).toFixed(1)}% ${b.verdict}`)
      .join(', ')
    t.diagnostic(changes)
    assert.deepEqual(
      verdicts,
      { 'steady-a': 'unchanged', 'steady-b': 'unchanged', slowed: 'regression' },
      changes,
    )
    const slowed = comparison.benchmarks.find((b) => b.id === 'slowed')!.metrics[0]!
    assert.ok(Math.abs(slowed.change - 0.1) < 0.01, `the slowed one is 10% slower: ${changes}`)
  })
})
