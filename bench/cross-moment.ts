// Comparisons across moments: how often a stored baseline, a two-file compare and imported results
// (hyperfine JSON, rebar CSV) call unchanged code a regression at default settings, and whether a 2×
// slowdown with no run-to-run history is still caught.
//
//   (a) stored baseline: a process benchmark measured twice, back to back and with a CPU hog started
//       between base and head, compared as the pipeline compares with a stored run (no noise history);
//   (b) the same pairs through `bench-action compare BASE.json HEAD.json`;
//   (c) hyperfine -N --export-json of the same command, consecutive exports imported and compared;
//   (d) rebar CSVs: rebar itself is not installed here, so __tests__/programs/rebar_runner.c (a rebar
//       runner program) is measured through the wall-clock kind and each benchmark's samples are written
//       as `rebar measure` writes them (its columns, its aggregates, its duration format);
//   (e) a 2× slowdown (WORK_SCALE=2) with no history, back to back and with a hog between;
//   (f) stored histories: 30 runs of a ~10 ms process stored (a CPU hog beside every third), then an
//       unchanged head, one 10% slower and one 2× slower, each judged against the newest 1, 3, 5, 10
//       and 30 of them, the newest the baseline.
// Every count is shown with the rule across moments (acrossMoments) and without it.
// BENCH_CROSS_MOMENT_PARTS=a,c,d,f runs some parts only ((b) and (e) come with (a)).
// BENCH_CROSS_MOMENT_SAVE=DIR keeps part (f)'s measured runs in DIR; BENCH_CROSS_MOMENT_FROM=DIR judges
// those runs again instead of measuring, so two versions of the rules are compared on the same runs.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { runCli } from '../src/cli/index.ts'
import { historyRuns } from '../src/compare/drift-history.ts'
import { compareResults } from '../src/compare/index.ts'
import { parseConfig } from '../src/config/index.ts'
import type { BenchmarkResult, ResultSet } from '../src/results.ts'
import { planCases } from '../src/run/plan.ts'
import { measureSuite } from '../src/schedule/index.ts'
import { type DriftEstimate, driftReference, estimateDrift, summarize } from '../src/stats/index.ts'
import { benchResultSet } from './result-set.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const COMPARISONS = Number(process.env.BENCH_COMPARISONS ?? 20)

const resultSet = (benchmarks: BenchmarkResult[]): ResultSet =>
  benchResultSet('cross-moment', 'main', benchmarks)

async function measure(yaml: string, dir: string): Promise<ResultSet> {
  const results = await measureSuite(planCases(parseConfig(yaml, path.join(dir, 'bench.yml'))))
  const failed = results.find((r) => r.status !== 'ok')
  if (failed) throw new Error(`${failed.id}: ${failed.error?.message}`)
  return resultSet(results)
}

function hog(): ChildProcess {
  return spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Measures base, then head; with `between`, a CPU hog runs from between them to the end of head. */
async function pair(measureOne: (side: 'base' | 'head') => Promise<ResultSet>, between: boolean) {
  const base = await measureOne('base')
  const h = between ? hog() : undefined
  if (h) await sleep(200)
  try {
    return { base, head: await measureOne('head') }
  } finally {
    h?.kill('SIGKILL')
  }
}

interface Row {
  label: string
  comparisons: number
  /** Comparisons with a regression (any benchmark), with the rule across moments and without it. */
  now: number
  before: number
  goal: string
}

function verdictOf(base: ResultSet, head: ResultSet, across: boolean) {
  return compareResults(head, {
    baseline: { results: base, source: 'bench', reason: 'newest results on this branch' },
    history: { branch: 'main', results: [base] },
    ...(across ? { acrossMoments: true } : {}),
  })
}

const rows: Row[] = []
/** Lines printed after the table: what the counts were judged against. */
const notes: string[] = []
function tally(label: string, pairs: Array<{ base: ResultSet; head: ResultSet }>, goal: string): void {
  const count = (across: boolean) =>
    pairs.filter((p) => verdictOf(p.base, p.head, across).verdict === 'regression').length
  rows.push({ label, comparisons: pairs.length, now: count(true), before: count(false), goal })
}

const processYaml = (work: string, n: string, scale: string) => `
suite: cross-moment
benchmarks:
  - name: work
    kind: process
    command: [${JSON.stringify(work)}, hash, "${n}"]
    env: { WORK_SCALE: "${scale}" }
`

async function storedAndFiles(dir: string, work: string): Promise<void> {
  for (const [label, n] of [
    ['~3 ms', '1000000'],
    ['~30 ms', '10000000'],
  ] as const) {
    const measureOne = () => measure(processYaml(work, n, '1'), dir)
    const pairs = []
    for (let i = 0; i < COMPARISONS; i++) pairs.push(await pair(measureOne, i % 2 === 1))
    tally(`(a) stored baseline, process ${label}, A/A (half with a hog between)`, pairs, '0')
    // (b) the same measurements as two files through the CLI.
    let alarms = 0
    for (const [i, p] of pairs.entries()) {
      const a = path.join(dir, `a-${i}.json`)
      const b = path.join(dir, `b-${i}.json`)
      await writeFile(a, JSON.stringify(p.base))
      await writeFile(b, JSON.stringify(p.head))
      const sink = { write: () => true }
      const code = await runCli(['compare', a, b], { cwd: dir, env: {}, stdout: sink, stderr: sink })
      if (code === 1) alarms++
    }
    rows.push({
      label: `(b) compare A.json B.json, process ${label}, A/A`,
      comparisons: pairs.length,
      now: alarms,
      before: pairs.filter((p) => verdictOf(p.base, p.head, false).verdict === 'regression').length,
      goal: '0',
    })
    const slow = []
    for (let i = 0; i < COMPARISONS; i++)
      slow.push(
        await pair((side) => measure(processYaml(work, n, side === 'head' ? '2' : '1'), dir), i % 2 === 1),
      )
    tally(`(e) 2× slowdown, no history, process ${label} (half with a hog between)`, slow, `${COMPARISONS}`)
  }
}

async function hyperfineImports(dir: string, work: string): Promise<void> {
  const exportOne = async (i: number): Promise<ResultSet> => {
    const file = path.join(dir, `hyperfine-${i}.json`)
    await run('hyperfine', ['-N', '--style', 'none', '--export-json', file, `${work} hash 10000000`])
    return measure(
      `
suite: cross-moment
benchmarks:
  - name: hyperfine
    kind: import
    format: hyperfine
    file: ${JSON.stringify(file)}
`,
      dir,
    )
  }
  const pairs = []
  let i = 0
  for (let c = 0; c < COMPARISONS; c++) pairs.push(await pair(() => exportOne(i++), c % 2 === 1))
  tally('(c) hyperfine -N import, ~30 ms, A/A (half with a hog between)', pairs, '0')
}

/** A duration as rebar writes it: a decimal and s, ms, us or ns. */
function rebarDuration(ns: number): string {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)}s`
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)}ms`
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)}us`
  return `${ns.toFixed(2)}ns`
}

async function rebarImports(dir: string): Promise<void> {
  const runner = path.join(dir, 'rebar_runner')
  await run('cc', ['-O2', '-o', runner, path.join(root, '__tests__', 'programs', 'rebar_runner.c')])
  const haystack = path.join(dir, 'haystack.txt')
  const text = Array.from({ length: 4096 }, (_, i) => (i % 64 === 0 ? 'needle found ' : 'hay in stack '))
  await writeFile(haystack, text.join('').slice(0, 65536))
  const passes = [1, 2, 4, 8]
  const yaml = `
suite: cross-moment
benchmarks:
${passes
  .map(
    (p) => `  - name: count/passes-${p}
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: needle, haystack: { path: ${JSON.stringify(haystack)} } }
    params: { passes: ${p} }
    count: 64
`,
  )
  .join('')}`
  const csvOne = async (i: number): Promise<ResultSet> => {
    const measured = await measure(yaml, dir)
    const lines = [
      'name,model,rebar_version,engine,engine_version,err,haystack_len,iters,total,median,mad,mean,stddev,min,max',
    ]
    for (const b of measured.benchmarks) {
      const samples = b.metrics.time!.samples!
      const s = summarize(samples)
      const total = samples.reduce((x, y) => x + y, 0)
      const mean = total / samples.length
      const mad = summarize(samples.map((x) => Math.abs(x - s.median))).median
      lines.push(
        [
          b.name,
          'count',
          '0.0.1 (rev e5d648ff17)',
          'c/count',
          '1.0.0',
          '',
          '65536',
          String(samples.length),
          rebarDuration(total),
          rebarDuration(s.median),
          rebarDuration(mad),
          rebarDuration(mean),
          rebarDuration(s.stddev),
          rebarDuration(s.min),
          rebarDuration(s.max),
        ].join(','),
      )
    }
    const file = path.join(dir, `rebar-${i}.csv`)
    await writeFile(file, `${lines.join('\n')}\n`)
    return measure(
      `
suite: cross-moment
benchmarks:
  - name: rebar
    kind: import
    format: rebar
    file: ${JSON.stringify(file)}
`,
      dir,
    )
  }
  const pairs = []
  let i = 0
  for (let c = 0; c < COMPARISONS; c++) pairs.push(await pair(() => csvOne(i++), c % 2 === 1))
  tally(
    `(d) rebar CSV import, ${passes.length} benchmarks per file, A/A (half with a hog between)`,
    pairs,
    '0',
  )
}

/** The commits of the stored runs and of the head: one state of the code stored, the head a new commit. */
const STORED_SHA = 'a'.repeat(40)
const HEAD_SHA = 'b'.repeat(40)
const STORED_COUNTS = [1, 3, 5, 10, 30] as const

/** A ~10 ms run of examples/process's program: its hash size, from a probe of 9 runs. */
async function tenMilliseconds(dir: string, work: string): Promise<string> {
  const probe = await measure(processYaml(work, '1000000', '1'), dir)
  const perMillion = summarize(probe.benchmarks[0]!.metrics.wall!.samples!).median
  return String(Math.max(1, Math.round((10e6 / perMillion) * 1e6)))
}

/** One comparison of part (f): the stored runs (oldest first) and each head, as measured. */
interface StoredComparison {
  stored: ResultSet[]
  heads: Record<string, ResultSet>
}

/**
 * The stored histories of part (f): measured, or with BENCH_CROSS_MOMENT_FROM=DIR read from the files a
 * run with BENCH_CROSS_MOMENT_SAVE=DIR wrote, so a change of the rules is judged on the same runs.
 */
async function storedComparisons(
  dir: string,
  work: string,
  heads: ReadonlyArray<readonly [string, string, string]>,
): Promise<StoredComparison[]> {
  const from = process.env.BENCH_CROSS_MOMENT_FROM
  if (from) {
    const names = (await readdir(from)).filter((f) => /^comparison-\d+\.json$/.test(f))
    names.sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]))
    return Promise.all(
      names.map(async (f) => JSON.parse(await readFile(path.join(from, f), 'utf8')) as StoredComparison),
    )
  }
  const save = process.env.BENCH_CROSS_MOMENT_SAVE
  if (save) await mkdir(save, { recursive: true })
  const n = await tenMilliseconds(dir, work)
  const out: StoredComparison[] = []
  for (let c = 0; c < COMPARISONS; c++) {
    const stored: ResultSet[] = []
    for (let i = 0; i < STORED_COUNTS.at(-1)!; i++) {
      // Beside a hog: every third run, never the newest (the baseline is measured quietly, as the head is).
      const h = i % 3 === 1 ? hog() : undefined
      if (h) await sleep(200)
      try {
        stored.push({
          ...(await measure(processYaml(work, n, '1'), dir)),
          commit: { branch: 'main', sha: STORED_SHA },
        })
      } finally {
        h?.kill('SIGKILL')
      }
    }
    const measured: Record<string, ResultSet> = {}
    for (const [label, scale] of heads)
      measured[label] = {
        ...(await measure(processYaml(work, n, scale), dir)),
        commit: { branch: 'pr', sha: HEAD_SHA },
      }
    const comparison = { stored, heads: measured }
    if (save) await writeFile(path.join(save, `comparison-${c}.json`), JSON.stringify(comparison))
    out.push(comparison)
  }
  return out
}

/**
 * Whether `head`'s wall time is a regression against `base` by two rules the verdicts do not use,
 * to show what they would change: the change itself (not its whole interval) beyond the drift bound,
 * and the bound one-sided: t(1 − α, df) in place of t(1 − α/2, df), which is the estimate's own bound
 * at 2α (`oneSided`).
 */
function otherRules(head: ResultSet, base: ResultSet, drift: DriftEstimate, oneSided: DriftEstimate) {
  const plain = compareResults(head, {
    baseline: { results: base, source: 'bench', reason: 'newest results on this branch' },
  })
  const wall = plain.benchmarks[0]?.metrics.find((m) => m.metric === 'wall')
  if (!wall?.ci || wall.verdict !== 'regression') return { point: false, oneSided: false, both: false }
  const { bound, shift } = driftReference(drift)
  const oneSidedBound = driftReference(oneSided).bound
  return {
    point: wall.ratio * shift > bound,
    oneSided: wall.ci[0] * shift > oneSidedBound,
    both: wall.ratio * shift > oneSidedBound,
  }
}

async function storedHistories(dir: string, work: string): Promise<void> {
  const heads = [
    ['A/A', '1', '0'],
    ['10% slowdown', '1.1', `≥ 15/20 at 5, ≥ 19/20 at 10`],
    ['2× slowdown', '2', `${COMPARISONS}/${COMPARISONS}`],
  ] as const
  const comparisons = await storedComparisons(dir, work, heads)
  const caught = new Map<string, { now: number; before: number }>()
  // The bound each comparison was judged against (it does not depend on the head), and the drift σ and
  // the runs it rests on, by stored runs.
  const bounds = new Map<number, Array<{ bound: number; sigma: number; used: number }>>()
  // The same comparisons judged by two other rules (otherRules), by head and stored runs.
  const otherwise = new Map<string, { point: number; oneSided: number; both: number }>()
  for (const { stored, heads: measured } of comparisons) {
    for (const k of STORED_COUNTS) {
      const history = stored.slice(-k)
      const baseline = history.at(-1)!
      const b = baseline.benchmarks[0]!
      const runs = historyRuns(history, baseline).get(b.id)?.get('wall') ?? []
      const drift = estimateDrift(runs, { alpha: b.gate.alpha })
      const oneSided = estimateDrift(runs, { alpha: 2 * b.gate.alpha })
      bounds.set(k, [
        ...(bounds.get(k) ?? []),
        { bound: driftReference(drift).bound, sigma: drift.sigma, used: drift.used },
      ])
      for (const [label] of heads) {
        const head = measured[label]!
        const judged = (across: boolean) =>
          compareResults(head, {
            baseline: { results: baseline, source: 'bench', reason: 'newest results on this branch' },
            history: { branch: 'main', results: history },
            ...(across ? { acrossMoments: true } : {}),
          }).verdict === 'regression'
        const key = `${label}\u0000${k}`
        const t = caught.get(key) ?? { now: 0, before: 0 }
        if (judged(true)) t.now++
        if (judged(false)) t.before++
        caught.set(key, t)
        const other = otherRules(head, baseline, drift, oneSided)
        const o = otherwise.get(key) ?? { point: 0, oneSided: 0, both: 0 }
        o.point += Number(other.point)
        o.oneSided += Number(other.oneSided)
        o.both += Number(other.both)
        otherwise.set(key, o)
      }
    }
  }
  for (const [label, , goal] of heads)
    for (const k of STORED_COUNTS) {
      const t = caught.get(`${label}\u0000${k}`)!
      rows.push({
        label: `(f) ${label}, ~10 ms process, ${k} stored run${k === 1 ? '' : 's'} (a hog beside every third stored)`,
        comparisons: comparisons.length,
        now: t.now,
        before: t.before,
        goal:
          label === 'A/A'
            ? '0'
            : label === '2× slowdown'
              ? k === 1
                ? goal
                : '—'
              : k === 5 || k === 10
                ? goal
                : '—',
      })
    }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`
  const middle = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)]!
  for (const k of STORED_COUNTS) {
    const seen = bounds.get(k) ?? []
    if (seen.length === 0) continue
    const b = seen.map((x) => x.bound - 1).sort((x, y) => x - y)
    notes.push(
      `(f) ${k} stored: the bound across moments, median ±${pct(middle(b))} (±${pct(b[0]!)} … ±${pct(b.at(-1)!)});` +
        ` quiet runs of the same code it rests on, median ${middle(seen.map((x) => x.used))};` +
        ` their drift σ, median ${pct(middle(seen.map((x) => x.sigma)))}`,
    )
  }
  notes.push(
    '(f) the same runs judged by other rules: the change itself beyond the bound (not the whole interval) |' +
      ' the whole interval beyond a one-sided bound at α | the change itself beyond a one-sided bound',
  )
  for (const [label] of heads)
    for (const k of STORED_COUNTS) {
      const o = otherwise.get(`${label}\u0000${k}`)!
      const n = comparisons.length
      notes.push(`  ${label}, ${k} stored: ${o.point}/${n} | ${o.oneSided}/${n} | ${o.both}/${n}`)
    }
}

export async function benchCrossMoment(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-cross-moment-'))
  try {
    const work = path.join(dir, 'work')
    await run('cc', ['-O2', '-o', work, path.join(root, 'examples/process/work.c')])
    const started = Date.now()
    const parts = (process.env.BENCH_CROSS_MOMENT_PARTS ?? 'a,c,d,f').split(',')
    if (parts.includes('a')) await storedAndFiles(dir, work)
    if (parts.includes('c')) await hyperfineImports(dir, work)
    if (parts.includes('d')) await rebarImports(dir)
    if (parts.includes('f')) await storedHistories(dir, work)
    console.log(
      `\ncomparisons across moments at default settings, ${os.cpus()[0]?.model} × ${os.cpus().length}` +
        ` (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    )
    console.log('comparisons with a regression: with the rule across moments | without it | goal')
    const width = Math.max(...rows.map((r) => r.label.length))
    for (const r of rows)
      console.log(
        `  ${r.label.padEnd(width)}  ${String(r.now).padStart(2)}/${r.comparisons} | ${String(r.before).padStart(2)}/${r.comparisons} | ${r.goal}`,
      )
    for (const line of notes) console.log(line)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
