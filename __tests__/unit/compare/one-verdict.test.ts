// One measurement, one verdict (docs/methodology.md#metric-families): metrics that are the same samples seen two ways cannot
// disagree, only gated metrics decide a benchmark, and a summary without a spread gates only when named.
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { type BenchmarkComparison, compareResults, exitCodeFor } from '../../../src/compare/index.ts'
import { ConfigError, parseConfig } from '../../../src/config/index.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import type { BenchmarkResult, ResultSet } from '../../../src/results.ts'
import { planCases } from '../../../src/run/plan.ts'
import { measureSuite } from '../../../src/schedule/index.ts'
import { removeDir, repoRoot, resultSetOf, tempDir } from '../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const compare = (head: BenchmarkResult[], base: BenchmarkResult[]) =>
  compareResults(resultSetOf('s', {}, '2026-11-22T00:00:00Z', head), {
    baseline: { results: resultSetOf('s', {}, '2026-11-22T00:00:00Z', base), source: 'base', reason: 'test' },
  })

const metric = (b: BenchmarkComparison, name: string) => {
  const m = b.metrics.find((x) => x.metric === name)
  assert.ok(m, `${b.id} has ${name}: ${b.metrics.map((x) => x.metric).join(', ')}`)
  return m
}

/** Bytes each call processes: throughput is these over each sample's time. */
const BYTES = 4096

// Twelve per-call times a side (ns). Head is 8% slower by the medians, significant by the rank test
// (p = 0.0023), but the 99% bootstrap interval of time's ratio reaches below 1 (0.998 … 1.148): time
// is unclear. The throughput computed from the very same samples, its interval drawn from other
// resamples, ends just below 1 (0.870 … 0.9994): on its own it would be a regression.
const BASE_NS = [1132, 1030, 1032, 1017, 1089, 1068, 1129, 1020, 1153, 1040, 1038, 1098]
const HEAD_NS = [1149, 1143, 1120, 1144, 1133, 1100, 1080, 1102, 1249, 1194, 1114, 1235]

/** A wall-clock benchmark as measure writes it: per-call times, and bytes per second from each. */
function wallClock(ns: number[], gate: string[]): BenchmarkResult {
  return {
    id: 'parse',
    name: 'parse',
    kind: 'wall-clock',
    parameters: {},
    status: 'ok',
    metrics: {
      time: { unit: 'ns', direction: 'lower', samples: ns },
      throughput: { unit: 'bytes/s', direction: 'higher', samples: ns.map((t) => (BYTES / t) * 1e9) },
    },
    gate: { metrics: gate, threshold: 0.05, alpha: 0.01 },
    notes: [],
  }
}

describe('time and the throughput of the same samples', () => {
  test('time unclear, throughput of its samples a regression if gated alone: the benchmark is unclear, and throughput shows that verdict', () => {
    // A results file whose gate names both (what `gate: [time, throughput]` wrote, which the config
    // now refuses): time, named first, gates; throughput shows time's verdict.
    const c = compare(
      [wallClock(HEAD_NS, ['time', 'throughput'])],
      [wallClock(BASE_NS, ['time', 'throughput'])],
    )
    const b = c.benchmarks[0]!
    const time = metric(b, 'time')
    const throughput = metric(b, 'throughput')
    assert.deepEqual([time.gated, time.verdict], [true, 'unclear'])
    assert.equal(b.verdict, 'unclear', 'not a regression')
    assert.equal(c.verdict, 'pass')
    assert.equal(exitCodeFor(c), 0)
    assert.deepEqual(
      [throughput.gated, throughput.follows, throughput.verdict],
      [false, 'time', 'unclear'],
      'throughput is shown with time’s verdict, never its own',
    )
    // Its own statistics are still shown: the change is throughput's, about −7.4%.
    assert.ok(throughput.change < -0.07 && throughput.change > -0.08, String(throughput.change))
    assert.match(b.notes.join('\n'), /throughput not gated: the same samples as time/)
    // Every report says so, and no row of this benchmark says regression.
    const markdown = renderMarkdown(c, { now: new Date('2026-11-22T00:00:00Z') })
    const throughputRow = markdown.split('\n').find((l) => l.startsWith('| `parse` | throughput'))
    assert.ok(throughputRow, markdown)
    assert.match(throughputRow, /🟡 unclear \(follows time\) \|$/)
    assert.doesNotMatch(markdown, /regression \(|🔴/)
    const terminal = renderTerminal(c, { color: false, verbose: true })
    assert.match(terminal, /throughput \(median\).*unclear \(follows time\)/)
    assert.doesNotMatch(terminal, /^parse .*regression/m)
  })

  test('the same samples with throughput gated instead: the regression it finds is the benchmark’s, and time shows it', () => {
    const c = compare([wallClock(HEAD_NS, ['throughput'])], [wallClock(BASE_NS, ['throughput'])])
    const b = c.benchmarks[0]!
    assert.equal(b.verdict, 'regression', 'the samples are borderline: throughput alone is a regression')
    assert.deepEqual(
      [metric(b, 'time').gated, metric(b, 'time').follows, metric(b, 'time').verdict],
      [false, 'throughput', 'regression'],
    )
  })

  test('the config gates one metric per measurement: time and throughput are not both accepted', () => {
    const yaml = `benchmarks:
  - name: parse
    kind: wall-clock
    runner: [./runner]
    gate: [time, throughput]
`
    assert.throws(
      () => parseConfig(yaml, '/project/bench.yml'),
      (error: unknown) =>
        error instanceof ConfigError &&
        /benchmarks\[0\]\.gate\[1\]: expected one metric per measurement: throughput and time are the same samples seen two ways, and time already gates, got "throughput"; keep one of them/.test(
          error.message,
        ),
    )
    // Naming throughput alone gates it instead of time.
    const [c] = planCases(
      parseConfig(yaml.replace('[time, throughput]', '[throughput]'), '/project/bench.yml'),
    )
    assert.deepEqual(c!.gate.metrics, ['throughput'])
  })
})

/** `go test -bench` output: one line per run, ns/op and the MB/s go computes from it (SetBytes(4096)). */
function goOutput(ns: number[]): string {
  const lines = ns.map(
    (t) => `BenchmarkParse-8   \t    1000\t      ${t} ns/op\t${((BYTES / t) * 1e3).toFixed(2)} MB/s`,
  )
  return [
    'goos: linux',
    'goarch: amd64',
    'pkg: example.com/parse',
    ...lines,
    'PASS',
    'ok  \texample.com/parse\t1.2s',
    '',
  ].join('\n')
}

describe('an imported rate and the times it was computed from', () => {
  test('go: ns/op unclear, MB/s of the same runs a regression if gated: by default one verdict, time’s', async () => {
    // Ten runs a side (-count 10): with this benchmark's name, time's interval touches 1 (unclear)
    // while MB/s's stays below it.
    const baseNs = [1074, 1019, 1082, 1042, 1016, 1018, 1037, 1027, 1094, 1086]
    const headNs = [1066, 1136, 1101, 1111, 1153, 1076, 1144, 1122, 1080, 1085]
    const dir = await tempDir('one-verdict-go')
    dirs.push(dir)
    await writeFile(path.join(dir, 'base.txt'), goOutput(baseNs))
    await writeFile(path.join(dir, 'head.txt'), goOutput(headNs))
    const side = async (file: string, gate = '') =>
      measureSuite(
        planCases(
          parseConfig(
            `benchmarks:\n  - { name: go, kind: import, file: ${file}${gate} }\n`,
            path.join(dir, 'bench.yml'),
          ),
        ),
      )
    const [base] = await side('base.txt')
    const [head] = await side('head.txt')
    assert.equal(head?.status, 'ok', head?.error?.message)
    assert.deepEqual(head!.gate.metrics, ['time'], 'MB/s is time seen another way: not gated by default')
    assert.equal(head!.metrics.throughput?.derivedFrom, 'time')
    assert.match(head!.notes.join('\n'), /throughput not gated: computed from time/)
    const c = compare([head!], [base!])
    const b = c.benchmarks[0]!
    assert.equal(metric(b, 'time').verdict, 'unclear')
    assert.deepEqual([metric(b, 'throughput').follows, metric(b, 'throughput').verdict], ['time', 'unclear'])
    assert.equal(b.verdict, 'unclear')
    assert.equal(exitCodeFor(c), 0)

    // Naming MB/s gates it instead of time: now its regression is the benchmark's, and time follows it.
    const [namedBase] = await side('base.txt', ', gate: throughput')
    const [namedHead] = await side('head.txt', ', gate: throughput')
    const named = compare([namedHead!], [namedBase!]).benchmarks[0]!
    assert.equal(named.verdict, 'regression')
    assert.deepEqual(
      [metric(named, 'time').follows, metric(named, 'time').verdict],
      ['throughput', 'regression'],
    )

    // Naming both gates the first named; the other is said to be the same samples.
    const [bothHead] = await side('head.txt', ', gate: [time, throughput]')
    assert.deepEqual(bothHead!.gate.metrics, ['time'])
    assert.match(
      bothHead!.notes.join('\n'),
      /throughput not gated: the same samples as time, which gate: names first/,
    )
  })
})

/** One point of a thread sweep as measure writes it: speedup and efficiency over its side's 1-thread median. */
function point(
  threads: number,
  throughput: number[],
  oneThreadMedian: number,
  gate: string[],
): BenchmarkResult {
  const speedup = throughput.map((t) => t / oneThreadMedian)
  return {
    id: `counter/threads:${threads}`,
    name: `counter/threads:${threads}`,
    kind: 'scaling',
    parameters: { threads },
    status: 'ok',
    metrics: {
      throughput: { unit: 'ops/s', direction: 'higher', samples: throughput },
      speedup: { unit: 'ratio', direction: 'higher', samples: speedup },
      efficiency: { unit: 'percent', direction: 'higher', samples: speedup.map((s) => (s / threads) * 100) },
    },
    gate: { metrics: gate, threshold: 0.05, alpha: 0.01 },
    notes: [],
  }
}

const around = (center: number) => [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((d) => center * (1 + d / 1000))

describe('a scaling point: throughput, speedup and efficiency are one measurement', () => {
  // Head is 20% faster on one thread and as fast as base on two: at 2 threads throughput is unchanged
  // while speedup (over the faster 1-thread median) falls 17%.
  const sweep = (oneThread: number, twoThreads: number, gate: string[]) => [
    point(1, around(oneThread), oneThread, gate),
    point(2, around(twoThreads), oneThread, gate),
  ]
  const at2 = (c: ReturnType<typeof compare>) => c.benchmarks.find((b) => b.id === 'counter/threads:2')!

  test('speedup falling while throughput holds: one verdict at the point, throughput’s, which speedup shows', () => {
    const gate = ['throughput', 'speedup']
    const c = compare(sweep(120e6, 190e6, gate), sweep(100e6, 190e6, gate))
    const b = at2(c)
    assert.ok(metric(b, 'speedup').change < -0.15, 'speedup alone would be a regression')
    assert.deepEqual(
      b.metrics.map((m) => [m.metric, m.gated, m.follows, m.verdict]),
      [
        ['throughput', true, undefined, 'unchanged'],
        ['speedup', false, 'throughput', 'unchanged'],
        ['efficiency', false, 'throughput', 'unchanged'],
      ],
    )
    assert.equal(b.verdict, 'unchanged')
    assert.equal(c.scaling[0]!.points.find((p) => p.count === 2)!.verdict, 'unchanged')
    assert.notEqual(c.verdict, 'regression')
  })

  test('gate: [speedup] gates speedup instead, and throughput shows its verdict', () => {
    const c = compare(sweep(120e6, 190e6, ['speedup']), sweep(100e6, 190e6, ['speedup']))
    const b = at2(c)
    assert.equal(b.verdict, 'regression')
    assert.deepEqual(
      [metric(b, 'throughput').gated, metric(b, 'throughput').follows, metric(b, 'throughput').verdict],
      [false, 'speedup', 'regression'],
    )
  })

  test('the config refuses two views of a point; efficiency-drop makes efficiency the one gated at the largest count', () => {
    const yaml = (extra: string) => `benchmarks:
  - name: counter
    kind: scaling
    command: [./counter, "-t={threads}"]
    format: csb
    threads: [1, 2, 4]
${extra}`
    assert.throws(
      () => parseConfig(yaml('    gate: [throughput, speedup]\n'), '/project/bench.yml'),
      /benchmarks\[0\]\.gate\[1\]: expected one metric per measurement: speedup and throughput are the same samples seen two ways/,
    )
    const cases = planCases(parseConfig(yaml('    efficiency-drop: 10%\n'), '/project/bench.yml'))
    assert.deepEqual(
      cases.map((c) => [c.id, c.gate.metrics, c.gate.points]),
      [
        ['counter/threads:1', ['throughput'], undefined],
        ['counter/threads:2', ['throughput'], undefined],
        ['counter/threads:4', ['efficiency'], 10],
      ],
    )
  })
})

describe('hyperfine 1: user and system are means without a spread', () => {
  test('shown, not gated by default: three times the user time leaves the verdict to wall time; gate: [user] gates it', async () => {
    const dir = await tempDir('one-verdict-hyperfine')
    dirs.push(dir)
    // The captured fixture as base; head the same runs with three times the user time of each command.
    const fixture = await readFile(
      path.join(repoRoot, '__tests__/fixtures/import/hyperfine/sleep.json'),
      'utf8',
    )
    const json = JSON.parse(fixture) as { results: Array<{ command: string; user: number }> }
    await writeFile(path.join(dir, 'base.json'), fixture)
    for (const r of json.results) r.user *= 3
    await writeFile(path.join(dir, 'head.json'), JSON.stringify(json, null, 2))
    const run = async (file: string, gate = '') =>
      measureSuite(
        planCases(
          parseConfig(
            `benchmarks:\n  - { name: hf, kind: import, file: ${file}${gate} }\n`,
            path.join(dir, 'bench.yml'),
          ),
        ),
      )
    const compareRuns = async (gate = ''): Promise<ResultSet[]> => [
      resultSetOf('hf', {}, '2026-11-22T00:00:00Z', await run('head.json', gate)),
      resultSetOf('hf', {}, '2026-11-22T00:00:00Z', await run('base.json', gate)),
    ]

    const [head, base] = await compareRuns()
    for (const r of head!.benchmarks) {
      assert.equal(r.status, 'ok', r.error?.message)
      assert.deepEqual(r.gate.metrics, ['time'], `${r.id}: only time, which has every run, gates`)
      assert.match(r.notes.join('\n'), /not gated, a summary without a spread, .*: user, system/)
    }
    const c = compareResults(head!, { baseline: { results: base!, source: 'base.json', reason: 'test' } })
    assert.equal(c.benchmarks.length, 2)
    for (const b of c.benchmarks) {
      const user = metric(b, 'user')
      // Shown, with what changed: +200%, beyond twice the threshold, but not gated.
      assert.ok(Math.abs(user.change - 2) < 1e-9, String(user.change))
      assert.equal(user.gated, false)
      assert.equal(b.verdict, 'unchanged', `${b.id}: wall time is the same runs`)
    }
    assert.equal(exitCodeFor(c), 0)
    // hyperfine 1 says its user time is a mean.
    assert.match(renderMarkdown(c), /\| user \(mean\) \|.*\| 🔴 regression \(not gated\) \|/)

    const [namedHead, namedBase] = await compareRuns(', gate: [user]')
    assert.deepEqual(
      namedHead!.benchmarks.map((r) => r.gate.metrics),
      [['user'], ['user']],
    )
    const named = compareResults(namedHead!, {
      baseline: { results: namedBase!, source: 'base.json', reason: 'test' },
    })
    assert.deepEqual(
      named.benchmarks.map((b) => b.verdict),
      ['regression', 'regression'],
    )
    assert.equal(exitCodeFor(named), 1)
  })
})
