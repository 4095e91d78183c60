// Placement: the size of a change a same-job comparison reports, against the change averaged over
// placements measured one by one (docs/methodology.md#placement). Three programs, base and head built
// once (head does 10% more iterations), each pair of binaries in directories of its own:
//   loop     a process: a loop whose accumulator lives on the stack
//   table    a process: a loop that stores into a static table and keeps its sum on the stack
//   harness  a wall-clock harness benchmark (runners/c): the stack loop, many calls per sample
// For each:
//   1. reference: PLACEMENTS fixed placements (address randomisation off, environment padding of a
//      size spread over a page), at each base and head alternating; the median ratio per placement,
//      and their mean: the change averaged over placements;
//   2. COMPARISONS same-job comparisons of the same two binaries at the defaults, as a pull request is
//      measured (measureSameJob, compareBenchmark): the reported change of each, its spread (max − min)
//      and median, and how far that median lies from the reference; how many called the regression;
//   3. A/A at the defaults (base against a byte-identical copy at another path), quiet and beside one
//      CPU hog: false alarms;
//   4. seconds per comparison, and what counting the instructions behind a timed change adds to a
//      comparison that found one (explainTimedChanges: base and head once each under callgrind).
import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { mean, median } from 'simple-statistics'
import { compareBenchmark } from '../src/compare/index.ts'
import { DEFAULTS, parseConfig } from '../src/config/index.ts'
import type { Case } from '../src/kinds/index.ts'
import type { ProcessCase } from '../src/kinds/process/plan.ts'
import { runnerConfiguration } from '../src/kinds/wall-clock/measure.ts'
import type { WallClockCase } from '../src/kinds/wall-clock/plan.ts'
import { ensureExecHelper, runExecHelper } from '../src/measure/exec-helper.ts'
import { PADDING_SPAN, paddingEnv } from '../src/measure/placement.ts'
import { runRunner } from '../src/measure/runner-protocol.ts'
import { RESULTS_SCHEMA, RESULTS_VERSION, type ResultSet } from '../src/results.ts'
import { explainTimedChanges } from '../src/run/explain.ts'
import { planCases } from '../src/run/plan.ts'
import { measureSameJob } from '../src/schedule/index.ts'
import { Hog } from './hog.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const sources = path.join(import.meta.dirname, 'placement')
const COMPARISONS = Number(process.env.BENCH_COMPARISONS ?? 20)
const PLACEMENTS = Number(process.env.BENCH_PLACEMENTS ?? 20)
/** Processes per side at each reference placement. */
const REFERENCE_RUNS = 10
/** BENCH_PROGRAMS=loop,harness measures only those programs. */
const ONLY = process.env.BENCH_PROGRAMS?.split(',')
const ARCH = os.machine()

interface Program {
  label: string
  /** The cases of one side, for the binary (or harness) at `binary`. */
  cases: (binary: string, dir: string) => Case[]
  /** One timing of the program at a fixed placement, in ns: a process's wall time, or a sample's median. */
  time: (binary: string, padding: number) => Promise<number>
}

function processCase(binary: string, dir: string): ProcessCase {
  return {
    kind: 'process',
    id: 'work',
    name: 'work',
    parameters: {},
    command: [binary],
    cwd: dir,
    env: {},
    runs: DEFAULTS.runs,
    warmup: DEFAULTS.warmup,
    timeoutMs: DEFAULTS.timeoutMs,
    gate: { metrics: ['wall'], threshold: DEFAULTS.threshold, alpha: DEFAULTS.alpha },
  }
}

function harnessCases(binary: string, dir: string): Case[] {
  const yaml = `benchmarks:\n  - name: harness\n    kind: wall-clock\n    runner: [${binary}]\n    harness: true\n`
  return planCases(parseConfig(yaml, path.join(dir, 'bench.yml')))
}

/** A process's wall time at a fixed placement: setarch -R, then the padding; setarch's own exec subtracted. */
async function processTime(
  helper: string,
  binary: string,
  padding: number,
  setarchNs: number,
): Promise<number> {
  const outcome = await runExecHelper(helper, {
    command: ['setarch', ARCH, '-R', binary],
    cwd: path.dirname(binary),
    env: paddingEnv(padding),
    runs: 1,
    warmup: 0,
    timeoutMs: 60_000,
  })
  if (outcome.failure) throw new Error(`${binary} failed at padding ${padding}`)
  return outcome.runs[0]!.wallNs - setarchNs
}

/** The median of one harness process's samples at a fixed placement. */
async function harnessTime(binary: string, padding: number): Promise<number> {
  const [c] = harnessCases(binary, path.dirname(binary)) as WallClockCase[]
  const klv = await runnerConfiguration({ ...c!, command: [binary, '--samples', 'loop'] })
  if ('error' in klv) throw new Error(klv.error)
  const outcome = await runRunner({
    command: ['setarch', ARCH, '-R', binary, '--samples', 'loop'],
    cwd: path.dirname(binary),
    env: paddingEnv(padding),
    klv: klv.klv,
    timeoutMs: 60_000,
  })
  if ('error' in outcome) throw new Error(outcome.error.message)
  return median(outcome.samples.map((s) => s.durationNs / s.iterations))
}

/** The change averaged over fixed placements: per placement the ratio of base's and head's median times. */
async function reference(p: Program, base: string, head: string): Promise<number[]> {
  const changes: number[] = []
  for (let k = 0; k < PLACEMENTS; k++) {
    // Evenly over a page, offset so that no two programs share the same sizes.
    const padding = Math.floor(((k + 0.5) * PADDING_SPAN) / PLACEMENTS)
    const times: [number[], number[]] = [[], []]
    for (let r = 0; r < REFERENCE_RUNS; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0]
      for (const side of order) times[side]!.push(await p.time(side === 0 ? base : head, padding))
    }
    changes.push(median(times[1]) / median(times[0]) - 1)
  }
  return changes
}

interface Comparisons {
  changes: number[]
  verdicts: Record<string, number>
  seconds: number
  /** Seconds spent counting the instructions behind the timed changes found, and how often. */
  explainSeconds: number
  explained: number
  /** The explanation of the last comparison that had one, as the report words it. */
  lastExplanation?: string
}

function results(benchmarks: ResultSet['benchmarks']): ResultSet {
  const environment = { os: 'linux', arch: ARCH, cpuModel: '', cpuCount: 1, kernel: '', node: '', tools: {} }
  return {
    schema: RESULTS_SCHEMA,
    version: RESULTS_VERSION,
    suite: 'placement',
    commit: {},
    createdAt: new Date().toISOString(),
    environment,
    benchmarks,
  }
}

async function compare(
  p: Program,
  base: string,
  head: string,
  hogs: number,
  label: string,
): Promise<Comparisons> {
  const out: Comparisons = { changes: [], verdicts: {}, seconds: 0, explainSeconds: 0, explained: 0 }
  for (let i = 0; i < COMPARISONS; i++) {
    const hog = new Hog(hogs)
    hog.start()
    try {
      const started = performance.now()
      const m = await measureSameJob(p.cases(base, path.dirname(base)), p.cases(head, path.dirname(head)), {
        seed: `${label} ${i}`,
      })
      out.seconds += (performance.now() - started) / 1000
      const explaining = performance.now()
      const [h] = await explainTimedChanges(m, {
        baseSha: '0'.repeat(40),
        env: process.env,
        log: (line) => {
          if (/^instructions: .+: /.test(line)) out.lastExplanation = line
        },
        results,
      })
      if (h!.explanation) {
        out.explainSeconds += (performance.now() - explaining) / 1000
        out.explained++
      }
      const c = compareBenchmark(m.base[0], h!, { pairs: m.pairs[h!.id] })
      const gated = c.metrics.find((metric) => metric.gated)
      out.changes.push(gated?.change ?? Number.NaN)
      out.verdicts[c.verdict] = (out.verdicts[c.verdict] ?? 0) + 1
    } finally {
      hog.stop()
    }
  }
  return out
}

const points = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`
const list = (v: Record<string, number>) =>
  Object.entries(v)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')

async function build(source: string, iterations: number, out: string, flags: string[] = []) {
  await mkdir(path.dirname(out), { recursive: true })
  await run('cc', ['-O2', `-DITER=${iterations}`, '-o', out, path.join(sources, source), ...flags])
}

export async function benchPlacement(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-placement-'))
  try {
    const helper = await ensureExecHelper()
    if (!('path' in helper)) throw new Error(`the exec helper is unavailable: ${helper.unavailable}`)
    const setarch = await runExecHelper(helper.path, {
      command: ['setarch', ARCH, '-R', 'true'],
      cwd: dir,
      env: {},
      runs: 21,
      warmup: 2,
      timeoutMs: 10_000,
    })
    const setarchNs = median(setarch.runs.filter((r) => r.phase === 'run').map((r) => r.wallNs))
    const harnessFlags = [`-I${path.join(root, 'runners', 'c')}`]
    const programs: Array<Program & { source: string; iterations: number; flags?: string[] }> = [
      {
        label: 'loop',
        source: 'loop.c',
        iterations: 30_000_000,
        cases: (binary, d) => [processCase(binary, d)],
        time: (binary, padding) => processTime(helper.path, binary, padding, setarchNs),
      },
      {
        label: 'table',
        source: 'table.c',
        iterations: 20_000_000,
        cases: (binary, d) => [processCase(binary, d)],
        time: (binary, padding) => processTime(helper.path, binary, padding, setarchNs),
      },
      {
        label: 'harness',
        source: 'harness.c',
        iterations: 100_000,
        flags: harnessFlags,
        cases: harnessCases,
        time: harnessTime,
      },
    ]
    console.log(
      `\nplacement: ${COMPARISONS} same-job comparisons at the defaults (runs ${DEFAULTS.runs}, threshold ` +
        `${DEFAULTS.threshold * 100}%, α = ${DEFAULTS.alpha}) against ${PLACEMENTS} fixed placements ` +
        `(setarch -R, environment padding spread over ${PADDING_SPAN} bytes, ${REFERENCE_RUNS} processes a side each); ` +
        'head does 10% more iterations',
    )
    console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}`)
    for (const p of programs.filter((one) => !ONLY || ONLY.includes(one.label))) {
      const at = (side: string) => path.join(dir, p.label, side, p.label)
      await build(p.source, p.iterations, at('base'), p.flags)
      await build(p.source, Math.round(p.iterations * 1.1), at('head'), p.flags)
      await mkdir(path.dirname(at('copy')), { recursive: true })
      await copyFile(at('base'), at('copy'))
      await run('chmod', ['+x', at('copy')])
      const placements = await reference(p, at('base'), at('head'))
      const ab = await compare(p, at('base'), at('head'), 0, `${p.label} A/B`)
      const quiet = await compare(p, at('base'), at('copy'), 0, `${p.label} A/A`)
      const busy = await compare(p, at('base'), at('copy'), 1, `${p.label} A/A hog`)
      const averaged = mean(placements)
      const reported = median(ab.changes)
      console.log(`\n  ${p.label}`)
      console.log(
        `    fixed placements: change ${points(Math.min(...placements))} … ${points(Math.max(...placements))}%, ` +
          `mean ${points(averaged)}% (${placements.map(points).join(' ')})`,
      )
      console.log(`    same-job A/B:     ${ab.changes.map(points).join(' ')} %`)
      console.log(
        `                      spread ${((Math.max(...ab.changes) - Math.min(...ab.changes)) * 100).toFixed(1)} points, ` +
          `median ${points(reported)}%, ${((reported - averaged) * 100).toFixed(1)} points from the placements' mean; ` +
          `verdicts: ${list(ab.verdicts)}`,
      )
      console.log(`    A/A quiet:        ${list(quiet.verdicts)}`)
      console.log(`    A/A one CPU hog:  ${list(busy.verdicts)}`)
      console.log(
        `    seconds per comparison: A/B ${(ab.seconds / COMPARISONS).toFixed(2)}, A/A ${(quiet.seconds / COMPARISONS).toFixed(2)}`,
      )
      const perExplained = ab.explained > 0 ? ab.explainSeconds / ab.explained : 0
      console.log(
        `    instructions counted for ${ab.explained} of ${COMPARISONS} A/B comparisons, ${perExplained.toFixed(2)} s each ` +
          `(+${((perExplained / (ab.seconds / COMPARISONS)) * 100).toFixed(0)}% of such a comparison); ` +
          `A/A: ${quiet.explained + busy.explained} counted`,
      )
      if (ab.lastExplanation) console.log(`    ${ab.lastExplanation}`)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
