// How busy the machine was while each timed benchmark was measured: recorded on Linux from the
// kernel's counters around the benchmark's own measurement, stored as an optional part of its result,
// validated on read, and reported only when CONTENTION_RULE calls it contended. Real runs are checked
// for fields that exist and agree with each other, never for how busy this machine was.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { compareResults } from '../../../src/compare/index.ts'
import { parseConfig } from '../../../src/config/index.ts'
import { measureProcess } from '../../../src/kinds/process/measure.ts'
import type { ProcessCase } from '../../../src/kinds/process/plan.ts'
import {
  CONTENTION_RULE,
  ContentionRecorder,
  type ContentionSnapshot,
  contentionReasons,
  parseChildTicks,
  parseProcStat,
  readCpuPressure,
} from '../../../src/measure/contention.ts'
import { renderHtml } from '../../../src/report/html.ts'
import { renderMarkdown } from '../../../src/report/markdown.ts'
import { renderTerminal } from '../../../src/report/terminal.ts'
import {
  type BenchmarkResult,
  type Contention,
  contentionSchema,
  parseResultSetText,
  type ResultSet,
  ResultsFormatError,
} from '../../../src/results.ts'
import { planCases } from '../../../src/run/plan.ts'
import { measureSameJob, measureSuite } from '../../../src/schedule/index.ts'
import { assertSafeReport, renderGfm, tokenizeHtml, visibleText } from '../../support/gfm.ts'
import { removeDir, repoRoot, resultSetOf, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const linuxOnly = process.platform === 'linux' ? false : 'the contention record is Linux only'
const gfm = await needs('cmark-gfm')

/** Every field in range and the parts no larger than the whole. */
function assertConsistent(c: Contention | undefined, label: string): asserts c is Contention {
  assert.ok(c, `${label} has a contention record`)
  assert.equal(contentionSchema.safeParse(c).success, true, `${label}: the record passes its own schema`)
  assert.ok(Number.isInteger(c.cpus) && c.cpus >= 1, `${label}: cpus ${c.cpus}`)
  assert.ok(
    c.loadAverage.start >= 0 && c.loadAverage.end >= 0,
    `${label}: load ${JSON.stringify(c.loadAverage)}`,
  )
  assert.ok(c.windowMs > 0, `${label}: window ${c.windowMs} ms`)
  assert.ok(c.busyPercent >= 0 && c.busyPercent <= 100, `${label}: busy ${c.busyPercent}`)
  assert.ok(c.stealPercent >= 0 && c.stealPercent <= c.busyPercent, `${label}: steal ${c.stealPercent}`)
  assert.ok(
    c.otherBusyPercent >= 0 && c.otherBusyPercent <= c.busyPercent,
    `${label}: others ${c.otherBusyPercent} of busy ${c.busyPercent}`,
  )
  if (c.cpuPressurePercent !== undefined)
    assert.ok(
      c.cpuPressurePercent >= 0 && c.cpuPressurePercent <= 100,
      `${label}: pressure ${c.cpuPressurePercent}`,
    )
  if (c.wallCpuRatio !== undefined) assert.ok(c.wallCpuRatio > 0, `${label}: wall/CPU ${c.wallCpuRatio}`)
}

describe('recorded while measuring', { skip: linuxOnly }, () => {
  let dir: string
  let probe: string
  let model: string
  before(async () => {
    dir = await tempDir('contention')
    process.env.BENCH_ACTION_CACHE_DIR = path.join(dir, 'cache')
    probe = path.join(dir, 'probe')
    model = path.join(dir, 'model_runner')
    await run('cc', ['-O2', '-o', probe, path.join(repoRoot, '__tests__', 'programs', 'probe.c')])
    await run('cc', ['-O2', '-o', model, path.join(repoRoot, '__tests__', 'programs', 'model_runner.c')])
  })
  after(() => removeDir(dir))

  const processCase = (name: string, command: string[], runs = 5): ProcessCase => ({
    kind: 'process',
    id: name,
    name,
    parameters: {},
    command,
    cwd: dir,
    env: {},
    runs,
    warmup: 1,
    timeoutMs: 30_000,
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
  })

  test('a process benchmark records the machine around its runs and what its own runs show', async () => {
    const r = await measureProcess(processCase('burn', [probe, 'burn', '20']))
    assert.equal(r.status, 'ok', r.error?.message)
    const c = r.contention
    assertConsistent(c, 'burn')
    // The window holds every counted run (and the warmup), so it is no shorter than their wall times.
    const walls = r.metrics.wall!.samples!
    assert.ok(
      c.windowMs * 1e6 >= walls.reduce((a, b) => a + b, 0),
      `window ${c.windowMs} ms holds the runs' ${walls.join(', ')} ns`,
    )
    // A program that spins on the CPU has CPU time, so its wall/CPU ratio exists; the switches are counts.
    assert.ok(c.wallCpuRatio !== undefined, 'wall/CPU ratio from the runs')
    assert.ok(c.involuntaryCsPerRun !== undefined && c.involuntaryCsPerRun >= 0)
    const involuntary = r.metrics['involuntary-cs']!.samples!
    assert.ok(
      c.involuntaryCsPerRun >= Math.min(...involuntary) && c.involuntaryCsPerRun <= Math.max(...involuntary),
      'the median of the runs’ own involuntary switches',
    )
  })

  test('a benchmark that fails before its first run records nothing', async () => {
    const r = await measureProcess(processCase('nope', [path.join(dir, 'does-not-exist')]))
    assert.equal(r.status, 'failed')
    // The exec helper ran (and reported the failure), so a window exists; it holds no counted run.
    if (r.contention) assert.equal(r.contention.involuntaryCsPerRun, undefined)
  })

  test('wall-clock and scaling benchmarks record the parts their schedule ran, beside a process one', async () => {
    const yaml = `
benchmarks:
  - name: spin
    kind: process
    command: [${JSON.stringify(probe)}, burn, "5"]
    runs: 6
    warmup: 1
  - name: model
    kind: wall-clock
    runner: [${JSON.stringify(model)}, --ns=1000, --ops=1, --count=1, --samples]
    runs: 20
    warmup: 1
  - name: sweep
    kind: scaling
    command: [${JSON.stringify(model)}, --hold-ms=5, "-t={threads}"]
    format: csb
    threads: [1, 2]
    runs: 3
    warmup: 0
`
    const results = await measureSuite(planCases(parseConfig(yaml, path.join(dir, 'bench.yml'))))
    assert.deepEqual(
      results.map((r) => [r.id, r.status]),
      [
        ['spin', 'ok'],
        ['model', 'ok'],
        ['sweep/threads:1', 'ok'],
        ['sweep/threads:2', 'ok'],
      ],
    )
    for (const r of results) assertConsistent(r.contention, r.id)
    const byId = new Map(results.map((r) => [r.id, r.contention!]))
    // Only process runs report their own context switches; the others measure wall/CPU over their parts.
    assert.ok(byId.get('spin')!.involuntaryCsPerRun !== undefined)
    for (const id of ['model', 'sweep/threads:1', 'sweep/threads:2'])
      assert.equal(byId.get(id)!.involuntaryCsPerRun, undefined, `${id} has no per-run switches`)
    // The record is part of the result: a results file carries it and reads it back unchanged.
    const text = JSON.stringify(resultSetOf('s', { sha: 'abcdef1' }, '2024-05-01T12:00:00.000Z', results))
    const read = parseResultSetText(text, 'results.json')
    assert.deepEqual(
      read.benchmarks.map((b) => b.contention),
      results.map((r) => r.contention),
    )
  })

  test('in one job, each side of a benchmark records its own', async () => {
    const cases = () => [processCase('burn', [probe, 'burn', '2'], 4)]
    const m = await measureSameJob(cases(), cases(), { seed: 'contention' })
    assertConsistent(m.base[0]!.contention, 'base')
    assertConsistent(m.head[0]!.contention, 'head')
    assert.notStrictEqual(m.base[0]!.contention, m.head[0]!.contention)
  })
})

describe('reading the kernel counters', () => {
  test('/proc/stat: every state summed, idle and iowait are not busy, steal is busy', () => {
    const text = [
      'cpu  100 5 50 800 20 3 2 10 7 0',
      'cpu0 50 2 25 400 10 1 1 5 3 0',
      'cpu1 50 3 25 400 10 2 1 5 4 0',
      'intr 1234',
      'ctxt 99',
      'procs_running 2',
    ].join('\n')
    // guest (7) is already part of user: the first eight fields are the whole.
    assert.deepEqual(parseProcStat(text), { cpus: 2, totalTicks: 990, busyTicks: 170, stealTicks: 10 })
    assert.throws(() => parseProcStat('intr 1\n'), /no cpu line/)
  })

  test('/proc/self/stat: children’s CPU time, whatever the command name holds', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3))
    fields[13] = '40'
    fields[14] = '2'
    const text = `1234 (node (a) b) ${fields.join(' ')}`
    assert.equal(parseChildTicks(text), 42)
  })

  test('/proc/pressure/cpu: the `some` total, or nothing without the file', () => {
    const psi =
      'some avg10=1.00 avg60=2.00 avg300=3.00 total=123456\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n'
    assert.equal(
      readCpuPressure(() => psi),
      123456,
    )
    assert.equal(
      readCpuPressure(() => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
      }),
      undefined,
    )
  })

  test('parts are summed: shares of their ticks, pressure over their wall time, ratio of their times', () => {
    const snap = (atMs: number, s: Partial<ContentionSnapshot>): ContentionSnapshot => ({
      atNs: BigInt(atMs) * 1_000_000n,
      load1: 0,
      cpus: 2,
      totalTicks: 0,
      busyTicks: 0,
      stealTicks: 0,
      ownUs: 0,
      ...s,
    })
    const r = new ContentionRecorder()
    assert.equal(r.summary(), undefined, 'nothing recorded, nothing to say')
    // Two parts of 1 s each on 2 CPUs: 200 ticks apiece. Between them, time that is not this benchmark's.
    r.add(
      snap(0, { load1: 1.5, totalTicks: 1000, busyTicks: 300, stealTicks: 10, ownUs: 0, pressureUs: 0 }),
      snap(1000, {
        load1: 1.7,
        totalTicks: 1200,
        busyTicks: 450,
        stealTicks: 14,
        ownUs: 1e6,
        pressureUs: 100_000,
      }),
    )
    r.add(
      snap(5000, {
        load1: 2.0,
        totalTicks: 2000,
        busyTicks: 900,
        stealTicks: 20,
        ownUs: 2e6,
        pressureUs: 900_000,
      }),
      snap(6000, {
        load1: 2.5,
        totalTicks: 2200,
        busyTicks: 1100,
        stealTicks: 26,
        ownUs: 3e6,
        pressureUs: 1_200_000,
      }),
    )
    assert.deepEqual(r.summary(), {
      cpus: 2,
      loadAverage: { start: 1.5, end: 2.5 },
      windowMs: 2000,
      stealPercent: 2.5,
      // (150 + 200) of 400 ticks busy; bench-action used 2 s = 200 of them.
      busyPercent: 87.5,
      otherBusyPercent: 37.5,
      cpuPressurePercent: 20,
      wallCpuRatio: 1,
    })
    // Runs that report their own times decide the ratio and the switches: medians of the runs.
    const withRuns = r.summary({
      runs: [
        { wallNs: 30, cpuNs: 10, involuntaryCs: 4 },
        { wallNs: 12, cpuNs: 10, involuntaryCs: 0 },
        { wallNs: 20, cpuNs: 10, involuntaryCs: 2 },
      ],
    })
    assert.equal(withRuns?.wallCpuRatio, 2)
    assert.equal(withRuns?.involuntaryCsPerRun, 2)
    // A benchmark that keeps two CPUs busy is expected to use twice its wall time.
    assert.equal(r.summary({ parallelism: 2 })?.wallCpuRatio, 2)
  })
})

/** A record in range with nothing to say, changed by `overrides`. */
function record(overrides: Partial<Contention> = {}): Contention {
  return {
    cpus: 2,
    loadAverage: { start: 0.4, end: 0.6 },
    windowMs: 4000,
    stealPercent: 0,
    busyPercent: 52,
    otherBusyPercent: 3,
    cpuPressurePercent: 2,
    wallCpuRatio: 1.01,
    involuntaryCsPerRun: 0,
    ...overrides,
  }
}

describe('the rule', () => {
  test('quiet: nothing fires, however high the load average or the busy share alone', () => {
    assert.deepEqual(contentionReasons(record()), [])
    // A trailing load average and a busy machine whose tasks never waited do not decide alone.
    assert.deepEqual(
      contentionReasons(record({ loadAverage: { start: 4, end: 4 }, otherBusyPercent: 45 })),
      [],
    )
    // A program that sleeps has wall far above CPU time, but nothing waited for a CPU.
    assert.deepEqual(contentionReasons(record({ wallCpuRatio: 30 })), [])
  })

  test('steal beyond its threshold, over a window long enough to count ticks', () => {
    const steal = CONTENTION_RULE.stealPercent
    assert.deepEqual(contentionReasons(record({ stealPercent: steal, busyPercent: 60 })), ['steal'])
    assert.deepEqual(
      contentionReasons(
        record({ stealPercent: steal, busyPercent: 60, windowMs: CONTENTION_RULE.minWindowMs - 1 }),
      ),
      [],
    )
  })

  test('preempted: wall ahead of CPU time while tasks waited for a CPU', () => {
    const waited = CONTENTION_RULE.cpuPressurePercent
    assert.deepEqual(contentionReasons(record({ wallCpuRatio: 2.1, cpuPressurePercent: waited })), [
      'preempted',
    ])
    assert.deepEqual(contentionReasons(record({ wallCpuRatio: 1.1, cpuPressurePercent: waited })), [])
    // Without pressure information, other programs' share of the CPUs stands in for it.
    const { cpuPressurePercent: _, ...noPressure } = record({ wallCpuRatio: 2.1 })
    assert.deepEqual(contentionReasons({ ...noPressure, otherBusyPercent: 60 }), [])
    assert.deepEqual(contentionReasons({ ...noPressure, busyPercent: 99, otherBusyPercent: 80 }), [
      'preempted',
    ])
  })

  test('saturated: tasks waited most of the time, whatever the benchmark’s own ratio', () => {
    const p = CONTENTION_RULE.saturatedPressurePercent
    assert.deepEqual(contentionReasons(record({ cpuPressurePercent: p, wallCpuRatio: 0.5 })), ['saturated'])
    assert.deepEqual(contentionReasons(record({ cpuPressurePercent: p - 1, wallCpuRatio: 0.5 })), [])
  })
})

describe('results files', () => {
  const fixture = path.join(repoRoot, '__tests__', 'fixtures', 'results', 'head.json')

  test('a file without a contention record loads, and its benchmarks have none', async () => {
    const text = await readFile(fixture, 'utf8')
    assert.ok(!text.includes('"contention"'), 'the fixture predates the record')
    const results = parseResultSetText(text, 'head.json')
    assert.ok(results.benchmarks.length > 0)
    for (const b of results.benchmarks) assert.equal(b.contention, undefined)
  })

  const withContention = async (contention: unknown): Promise<string> => {
    const data = JSON.parse(await readFile(fixture, 'utf8'))
    data.benchmarks[0].contention = contention
    return JSON.stringify(data)
  }

  test('a file with one loads it as written', async () => {
    const results = parseResultSetText(await withContention(record()), 'head.json')
    assert.deepEqual(results.benchmarks[0]!.contention, record())
  })

  test('a malformed record is refused, naming the file, the field and what is wrong', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        record({ stealPercent: 150, busyPercent: 100 }),
        /head\.json: invalid results at benchmarks\.0\.contention\.stealPercent: .*100/,
      ],
      [{ ...record(), loadAverage: { start: 1 } }, /benchmarks\.0\.contention\.loadAverage\.end/],
      [{ ...record(), cpus: '2' }, /benchmarks\.0\.contention\.cpus/],
      [record({ wallCpuRatio: -1 }), /benchmarks\.0\.contention\.wallCpuRatio/],
      [
        record({ busyPercent: 10, otherBusyPercent: 40 }),
        /benchmarks\.0\.contention: otherBusyPercent and stealPercent are parts of busyPercent/,
      ],
      ['busy', /benchmarks\.0\.contention: /],
    ]
    for (const [contention, message] of cases) {
      const text = await withContention(contention)
      assert.throws(
        () => parseResultSetText(text, 'head.json'),
        (e: unknown) => e instanceof ResultsFormatError && message.test(e.message),
        `${JSON.stringify(contention)} is refused with ${message}`,
      )
    }
  })
})

describe('reports', () => {
  const result = (name: string, samples: number[], contention?: Contention): BenchmarkResult => ({
    id: name,
    name,
    kind: 'process',
    parameters: {},
    command: ['./app', name],
    status: 'ok',
    metrics: { wall: { unit: 'ns', direction: 'lower', samples } },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
    ...(contention ? { contention } : {}),
  })
  const samples = (center: number) => Array.from({ length: 12 }, (_, i) => center + (i % 4) * 1000)
  const busy = record({
    loadAverage: { start: 3.9, end: 4.2 },
    busyPercent: 100,
    otherBusyPercent: 80,
    cpuPressurePercent: 92,
    wallCpuRatio: 2.13,
    involuntaryCsPerRun: 27.5,
  })
  const sets = (headContention: Array<Contention | undefined>, names = ['parse', 'startup']) => {
    const base = resultSetOf(
      's',
      { sha: 'aaaaaaa', branch: 'main' },
      '2024-05-01T12:00:00.000Z',
      names.map((n) => result(n, samples(1_000_000))),
    )
    const head = resultSetOf(
      's',
      { sha: 'bbbbbbb' },
      '2024-05-01T13:00:00.000Z',
      names.map((n, i) => result(n, samples(1_000_000), headContention[i])),
    )
    return { base, head }
  }
  const compare = ({ base, head }: { base: ResultSet; head: ResultSet }) =>
    compareResults(head, { baseline: { results: base, source: 'base.json', reason: 'newest on main' } })
  const now = new Date('2024-05-01T14:00:00.000Z')

  const expected =
    '(head): load 4.2 on 2 CPUs, tasks waited for a CPU 92% of the time, wall 2.13× CPU time, 27.5 involuntary context switches per run'

  test('a contended measurement is named with its numbers in markdown, terminal and HTML', async () => {
    const c = compare(sets([busy, record()]))
    assert.deepEqual(c.benchmarks.find((b) => b.name === 'parse')?.contention, { head: busy })
    const terminal = renderTerminal(c, { color: false, now })
    assert.ok(terminal.includes(`  parse ${expected}`), terminal)
    assert.match(terminal, /^busy: {5}the machine was busy while measuring; wall-clock comparisons/m)
    const html = await renderHtml(c, { now })
    const htmlText = visibleText(html)
    assert.ok(htmlText.includes(`parse ${expected}`), 'the HTML names it too')
  })

  gfm.test(
    'a contended measurement in markdown as GitHub renders it: named with its numbers, safe',
    async () => {
      const md = renderMarkdown(compare(sets([busy, record()])), { now })
      await assertSafeReport(md)
      const text = visibleText(await renderGfm(md))
      assert.match(text, /The machine was busy while measuring parse \(head\): load 4\.2 on 2 CPUs/)
      assert.ok(text.includes(`parse ${expected}`), text)
      assert.match(text, /wall-clock comparisons across moments are unreliable/)
      assert.ok(!/startup \(head\)/.test(text), 'the quiet benchmark is not named')
    },
  )

  test('quiet measurements, or none recorded, add nothing to any report', async () => {
    const quiet = compare(sets([record(), record({ loadAverage: { start: 4, end: 4 } })]))
    const none = compare(sets([undefined, undefined]))
    assert.equal(renderMarkdown(quiet, { now }), renderMarkdown(none, { now }))
    assert.equal(renderTerminal(quiet, { color: false, now }), renderTerminal(none, { color: false, now }))
    assert.equal(await renderHtml(quiet, { now }), await renderHtml(none, { now }))
    assert.doesNotMatch(renderMarkdown(quiet, { now }), /busy while measuring/)
  })

  /** Seven benchmarks measured while the machine was busy. */
  const sevenBusy = () => {
    const c = compare(
      sets(
        [busy, busy],
        Array.from({ length: 7 }, (_, i) => `b${i}`),
      ),
    )
    for (const b of c.benchmarks.slice(2)) b.contention = { head: busy }
    return c
  }

  test('several are listed, at most five by name; interleaved sides are told they shared the load', () => {
    const c = sevenBusy()
    const md = renderMarkdown(c, { now })
    assert.match(md, /The machine was busy during 7 measurements; wall-clock comparisons/)
    assert.equal(md.match(/^> - `b\d`/gm)?.length, 5)
    assert.match(md, /^> - and 2 more$/m)
    for (const b of c.benchmarks) b.pairs = 12
    assert.match(renderMarkdown(c, { now }), /shared the load, so the comparison stays fair but noisier/)
  })

  gfm.test('several listed: the markdown is safe as GitHub renders it', () =>
    assertSafeReport(renderMarkdown(sevenBusy(), { now })),
  )

  const hostileName = '<img src=x onerror=alert(1)> @octocat [x](https://evil.example) `tick`'

  test('a hostile benchmark name stays text; only numbers come from the record', async () => {
    const c = compare(sets([busy], [hostileName]))
    const html = await renderHtml(c, { now })
    const elements = tokenizeHtml(html).filter(
      (t) => t.type === 'start' && (t.name === 'img' || t.name === 'a'),
    )
    assert.deepEqual(elements, [], 'no element from the name')
    const terminal = renderTerminal(compare(sets([busy], ['a\x1b[2Jb'])), { color: false, now })
    assert.ok(!terminal.includes('\x1b'), 'no escape sequence reaches the terminal')
  })

  gfm.test(
    'a hostile benchmark name in markdown as GitHub renders it: safe, and it reads as written',
    async () => {
      const md = renderMarkdown(compare(sets([busy], [hostileName])), { now })
      await assertSafeReport(md)
      assert.ok(visibleText(await renderGfm(md)).includes(hostileName), 'the name reads as written')
    },
  )
})
