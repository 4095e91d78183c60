// Histories on real processes: every sequence of __tests__/support/histories.ts run through the pipeline as
// `bench-action run` runs it, in a git repository where each step's code is committed and built by
// the suite's setup step (a C loop whose iteration count is the step's work; 6M iterations, ~7.6 ms,
// for the clean code), quiet and with a CPU hog running throughout, BENCH_HISTORY_REPETITIONS times
// each (default 20). It prints, for every step that has an expected verdict, how often each verdict
// came, and the goals: no false alarm where the code did not get slower, the +80% after a fixed 2×
// regression caught every time, and +25% after five clean runs caught at least 19 times in 20. Each
// false alarm is printed with its change, its interval, how busy the machine was on either side and
// the rule's note. BENCH_HISTORY_SEQUENCES=part,part runs only the sequences whose names hold a part.
//
// Where a sequence makes time and exact counts move apart (the model can, a C loop cannot), it runs
// without the instruction benchmark when only time moves, and is left out when the counts move alone.
import { type ChildProcess, spawn } from 'node:child_process'
import {
  configText,
  drive,
  ENV,
  type Measure,
  type Outcome,
  SEQUENCES,
  type Sequence,
  type Step,
} from '../__tests__/support/histories.ts'
import type { Comparison } from '../src/compare/index.ts'
import { runPipeline } from '../src/run/pipeline.ts'
import { driftReference, estimateDrift, SeededRandom, withinDrift } from '../src/stats/index.ts'
import { openStore } from '../src/store/index.ts'

const REPETITIONS = Number(process.env.BENCH_HISTORY_REPETITIONS ?? 20)
const ITERATIONS = 6_000_000

// A loop whose time is its work: the accumulator stays in a register (one kept on the stack through a
// volatile moves by up to 2× with where the stack lands), and its value is the exit status, so it runs.
const SPIN_C = `#include "work.h"
int main(void) {
  unsigned long acc = 0;
  for (long i = 0; i < ITERATIONS; i++) acc = acc * 6364136223846793005UL + (unsigned long)i;
  return acc == 42;
}
`

function hog(): ChildProcess {
  return spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' })
}

/**
 * Whether a sequence is measured with the instruction benchmark (where it expects the counts' verdict
 * and they move with the work, as a loop's do), without it (where only time moves, or the counts do
 * not matter), or left out (the counts move apart from the work, which a loop cannot do).
 */
function countsOf(sequence: Sequence): 'with' | 'without' | 'apart' {
  const explicit = sequence.steps.filter((s) => s.counts !== undefined)
  if (
    explicit.some((s) => s.counts !== 1) ||
    (explicit.length > 0 && explicit.length < sequence.steps.length)
  )
    return 'apart'
  if (explicit.length > 0) return 'without'
  return sequence.steps.some((s) => s.expectCounts !== undefined) ? 'with' : 'without'
}

function real(counts: boolean): Measure {
  return {
    files: (step, _index, accept) => ({
      'spin.c': SPIN_C,
      'work.h': `#define ITERATIONS ${Math.round(ITERATIONS * step.work)}L\n`,
      'bench.yml': configText({
        counts,
        setup: [['cc', '-O2', '-o', 'spin', 'spin.c']],
        ...(accept ? { accept } : {}),
      }),
    }),
    async run(dir, step, _index, kind) {
      const busy = step.busy ? hog() : undefined
      const store = kind === 'git' ? await openStore({ kind: 'git', cwd: dir, env: ENV }) : undefined
      try {
        const outcome = await runPipeline({
          cwd: dir,
          storeDir: '.bench',
          save: step.save !== false,
          ...(store ? { store } : {}),
          env: ENV,
          installTools: false,
          log: () => {},
        })
        return { comparison: outcome.comparison, exitCode: outcome.exitCode }
      } finally {
        busy?.kill('SIGKILL')
        await store?.close?.()
      }
    },
  }
}

/** Verdict counts per checked step: the timed benchmark's, and the counted one's where it is measured. */
type Tally = Map<
  number,
  { timed: Map<string, number>; counts: Map<string, number>; regressions: string[]; misses: string[] }
>

/** A timed regression in a few words: the change, its interval, how busy each side was, the rule's note. */
function regressionDetail(comparison: Comparison): string {
  const b = comparison.benchmarks.find((x) => x.id === 'spin')
  const m = b?.metrics.find((x) => x.metric === 'wall')
  if (!b || !m) return 'no wall row'
  const pct = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)}%`
  const ci = m.ci ? ` [${pct(m.ci[0])}, ${pct(m.ci[1])}]` : ''
  const busy = (c?: { otherBusyPercent?: number }) =>
    c?.otherBusyPercent === undefined ? '?' : `${c.otherBusyPercent.toFixed(0)}%`
  return `${pct(m.ratio)}${ci}, others busy base ${busy(b.contention?.base)} head ${busy(b.contention?.head)}: ${m.why ?? m.notes.at(-1) ?? ''}`
}

function add(tally: Tally, outcomes: Outcome[]): void {
  outcomes.forEach(({ step, comparison }, i) => {
    if (!step.expect && !step.expectCounts) return
    const entry = tally.get(i) ?? {
      timed: new Map(),
      counts: new Map(),
      regressions: [] as string[],
      misses: [] as string[],
    }
    tally.set(i, entry)
    const verdict = (id: string) => comparison.benchmarks.find((b) => b.id === id)?.verdict
    const timed = verdict('spin') ?? 'missing'
    entry.timed.set(timed, (entry.timed.get(timed) ?? 0) + 1)
    if (timed === 'regression') entry.regressions.push(regressionDetail(comparison))
    else if (step.expect === 'regression') entry.misses.push(`${timed}: ${regressionDetail(comparison)}`)
    const counted = verdict('spin counts')
    if (counted) entry.counts.set(counted, (entry.counts.get(counted) ?? 0) + 1)
  })
}

function list(counts: Map<string, number>): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([v, n]) => `${v} ${n}`)
    .join(', ')
}

/** What the machine did to the clean program: its runs' medians, CPU time and contention, quiet and busy. */
interface Machine {
  quiet: Array<{ wall: number; cpu: number; other: number }>
  busy: Array<{ wall: number; cpu: number; other: number }>
  /** The standard deviation of the log wall medians of one sequence's quiet clean runs. */
  spreads: number[]
}

function observe(machine: Machine, outcomes: Outcome[]): void {
  const clean: number[] = []
  for (const { step, comparison } of outcomes) {
    const b = comparison.benchmarks.find((x) => x.id === 'spin')
    const wall =
      b?.metrics.find((m) => m.metric === 'wall')?.head.median ??
      b?.headOnly.find((h) => h.metric === 'wall')?.summary.median
    const cpu =
      b?.metrics.find((m) => m.metric === 'cpu')?.head.median ??
      b?.headOnly.find((h) => h.metric === 'cpu')?.summary.median
    const other = b?.contention?.head?.otherBusyPercent
    if (step.work !== 1 || wall === undefined || cpu === undefined || other === undefined) continue
    ;(step.busy ? machine.busy : machine.quiet).push({ wall, cpu, other })
    if (!step.busy) clean.push(Math.log(wall))
  }
  if (clean.length >= 3) {
    const mean = clean.reduce((a, b) => a + b, 0) / clean.length
    machine.spreads.push(Math.sqrt(clean.reduce((a, b) => a + (b - mean) ** 2, 0) / (clean.length - 1)))
  }
}

function range(values: number[], digits = 1): string {
  if (values.length === 0) return 'none'
  return `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

function describeMachine(mode: string, m: Machine): void {
  const median = (xs: number[]) => quantile(xs, 0.5)
  const quietWall = median(m.quiet.map((x) => x.wall))
  const quietCpu = median(m.quiet.map((x) => x.cpu))
  console.log(`\n  the machine (${mode}), the clean program's runs:`)
  console.log(
    `    quiet: ${m.quiet.length} runs, median wall ${(quietWall / 1e6).toFixed(2)} ms; other programs used ${range(m.quiet.map((x) => x.other))}% of the CPUs`,
  )
  console.log(
    `    drift between quiet runs of one history (σ of log medians): median ${(100 * median(m.spreads)).toFixed(2)}%, 90th percentile ${(100 * quantile(m.spreads, 0.9)).toFixed(2)}% over ${m.spreads.length} histories`,
  )
  if (m.busy.length > 0)
    console.log(
      `    beside one more hog: ${m.busy.length} runs; other programs used ${range(m.busy.map((x) => x.other))}%; wall ${range(
        m.busy.map((x) => x.wall / quietWall),
        2,
      )}× and CPU time ${range(
        m.busy.map((x) => x.cpu / quietCpu),
        2,
      )}× the quiet medians; wall/CPU ${range(
        m.busy.map((x) => x.wall / x.cpu),
        2,
      )}`,
    )
}

/**
 * A step whose code is not slower than its baseline's (the newest step kept before it): a regression
 * there is a false alarm, whatever the machine did.
 */
function notSlower(steps: Step[], i: number): boolean {
  const baseline = steps
    .slice(0, i)
    .filter((s) => s.save !== false)
    .at(-1)
  return baseline !== undefined && steps[i]!.work <= baseline.work
}

/**
 * The allowance's false-alarm rate, simulated: histories of n runs of one state whose log-medians
 * drift normally (σ 2%), the newest of them the baseline; an unchanged head is one more draw. How often
 * does the head lie beyond the allowance (α = 0.01)? Also with one wild run among the stored ones
 * (10 σ slower), and with the drift's tails heavier than normal (Student's t with 3 degrees of freedom).
 */
function simulatedGuarantee(): void {
  const draws = Number(process.env.BENCH_HISTORY_DRAWS ?? 50_000)
  const random = new SeededRandom('drift-guarantee')
  const normal = () => {
    const u = 1 - random.nextFloat()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextFloat())
  }
  // Student's t with 3 degrees of freedom, scaled to unit variance: a normal over √(χ²₃ / 3), / √3.
  const heavy = () => normal() / Math.sqrt((normal() ** 2 + normal() ** 2 + normal() ** 2) / 3) / Math.sqrt(3)
  const shas = 'a'.repeat(64)
  console.log(`\n  the allowance's false-alarm rate (α = 0.01), ${draws} simulated histories per cell`)
  console.log('    runs  normal drift  one wild run (10σ)  heavy tails (t3)  median bound (σ 2%)')
  for (const n of [3, 5, 10, 30]) {
    const rate = (draw: () => number, wild: boolean) => {
      let beyond = 0
      const allowances: number[] = []
      for (let t = 0; t < draws; t++) {
        const centers = Array.from({ length: n }, () => Math.exp(0.02 * draw()))
        if (wild) centers[Math.floor(n / 2)]! *= Math.exp(0.2)
        // The newest run is the baseline: the head is judged against the median of its state from
        // five runs on (REFERENCE_MIN_RUNS), against the baseline alone below that.
        const runs = centers.map((center, i) => ({
          center,
          sha: shas.slice(0, 8),
          createdAt: String(1e12 + i),
          ...(i === n - 1 ? { baseline: true as const } : {}),
        }))
        const e = estimateDrift(runs, { alpha: 0.01 })
        allowances.push(driftReference(e).bound)
        const ratio = Math.exp(0.02 * draw()) / centers[n - 1]!
        if (!withinDrift(ratio, e)) beyond++
      }
      allowances.sort((a, b) => a - b)
      return { rate: `${((100 * beyond) / draws).toFixed(2)}%`, median: allowances[draws >> 1]! }
    }
    const plain = rate(normal, false)
    const wild = rate(normal, true)
    const tails = rate(heavy, false)
    console.log(
      `    ${String(n).padStart(4)}  ${plain.rate.padStart(12)}  ${wild.rate.padStart(18)}  ${tails.rate.padStart(16)}  ±${((plain.median - 1) * 100).toFixed(1)}% (±${((wild.median - 1) * 100).toFixed(1)}% with the wild run)`,
    )
  }
}

/**
 * What the allowance lets through at a given drift: histories of n stored runs of one state whose
 * log-medians drift normally with σ (BENCH_DRIFT_SIGMA, default 1.67%: the median σ between quiet runs
 * in bench/records/histories-quiet-b7efcee.txt), the newest the baseline; a head 10% slower and one 2×
 * slower, each with an interval of ±HALF_WIDTH around its change (a process benchmark of 20 runs). A
 * slowdown is caught when its whole interval lies beyond the bound, as the rule across moments asks.
 */
function simulatedPower(): void {
  const draws = Number(process.env.BENCH_HISTORY_DRAWS ?? 50_000) / 10
  const sigma = Number(process.env.BENCH_DRIFT_SIGMA ?? 0.0167)
  const HALF_WIDTH = 0.01
  const random = new SeededRandom('drift-power')
  const normal = () => {
    const u = 1 - random.nextFloat()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextFloat())
  }
  const shas = 'a'.repeat(64)
  console.log(
    `\n  what the allowance lets through at a drift of σ ${(sigma * 100).toFixed(2)}% (α = 0.01), ${draws} simulated histories per row`,
  )
  console.log('    stored runs  median bound  unchanged beyond  +10% caught  2× caught')
  for (const n of [0, 3, 5, 10, 30]) {
    let unchanged = 0
    let ten = 0
    let double = 0
    const bounds: number[] = []
    for (let t = 0; t < draws; t++) {
      const centers = Array.from({ length: n }, () => Math.exp(sigma * normal()))
      const runs = centers.map((center, i) => ({
        center,
        sha: shas.slice(0, 8),
        createdAt: String(1e12 + i),
        ...(i === n - 1 ? { baseline: true as const } : {}),
      }))
      const e = n > 0 ? estimateDrift(runs, { alpha: 0.01 }) : undefined
      bounds.push(driftReference(e).bound)
      const baseline = n > 0 ? centers[n - 1]! : Math.exp(sigma * normal())
      const head = Math.exp(sigma * normal()) / baseline
      // Caught: the interval's lower end (its upper, for an unchanged head judged both ways) beyond the bound.
      const beyond = (ratio: number) => !withinDrift(ratio * Math.exp(-HALF_WIDTH), e) && ratio > 1
      if (!withinDrift(head * Math.exp(-HALF_WIDTH), e) && !withinDrift(head * Math.exp(HALF_WIDTH), e))
        unchanged++
      if (beyond(head * 1.1)) ten++
      if (beyond(head * 2)) double++
    }
    bounds.sort((a, b) => a - b)
    const pct = (k: number) => `${((100 * k) / draws).toFixed(1)}%`
    console.log(
      `    ${String(n).padStart(11)}  ${`±${((bounds[draws >> 1]! - 1) * 100).toFixed(1)}%`.padStart(12)}  ${pct(unchanged).padStart(16)}  ${pct(ten).padStart(11)}  ${pct(double).padStart(9)}`,
    )
  }
}

export async function benchHistories(): Promise<void> {
  simulatedGuarantee()
  simulatedPower()
  if (process.env.BENCH_HISTORY_REPETITIONS === '0') return
  console.log(
    `\nhistories: ${REPETITIONS} repetitions of each sequence on real processes (a C loop, process kind)`,
  )
  const goals: string[] = []
  const modes = (process.env.BENCH_HISTORY_MODES ?? 'quiet,hog').split(',') as Array<'quiet' | 'hog'>
  for (const mode of modes) {
    console.log(`\n  ${mode === 'quiet' ? 'quiet machine' : 'a CPU hog running throughout'}`)
    let falseAlarms = 0
    let notSlowerSteps = 0
    const machine: Machine = { quiet: [], busy: [], spreads: [] }
    const alarms: string[] = []
    const only = process.env.BENCH_HISTORY_SEQUENCES?.split(',')
    for (const sequence of SEQUENCES) {
      if (only && !only.some((part) => sequence.name.includes(part))) continue
      const counts = countsOf(sequence)
      if (counts === 'apart') {
        console.log(`  ${sequence.name}: left out (its time and counts move apart, which a C loop cannot)`)
        continue
      }
      const measure = real(counts === 'with')
      const tally: Tally = new Map()
      const background = mode === 'hog' ? hog() : undefined
      const started = Date.now()
      try {
        for (let r = 0; r < REPETITIONS; r++) {
          const outcomes = await drive(sequence, measure)
          add(tally, outcomes)
          observe(machine, outcomes)
        }
      } finally {
        background?.kill('SIGKILL')
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      console.log(
        `  ${sequence.name}${counts === 'without' ? ' [no instruction benchmark]' : ''} (${seconds} s)`,
      )
      for (const [i, entry] of [...tally.entries()].sort((a, b) => a[0] - b[0])) {
        const step = sequence.steps[i]!
        const expected = `${step.expect ?? '—'}${step.expectCounts && counts === 'with' ? ` / counts ${step.expectCounts}` : ''}`
        const what = `step ${i} (work ${step.work}${step.busy ? ', busy' : ''}${step.commit ? `, ${step.commit}` : ''})`
        const countsText = entry.counts.size > 0 && step.expectCounts ? `; counts: ${list(entry.counts)}` : ''
        console.log(
          `    ${what.padEnd(32)} expected ${expected.padEnd(24)} got ${list(entry.timed)}${countsText}`,
        )
        for (const detail of entry.misses) console.log(`      missed: ${detail}`)
        if (notSlower(sequence.steps, i)) {
          if (entry.timed.get('regression')) {
            alarms.push(`${sequence.name}: ${what}: ${entry.timed.get('regression')}`)
            for (const detail of entry.regressions) console.log(`      false alarm: ${detail}`)
          }
          notSlowerSteps += REPETITIONS
          falseAlarms += entry.timed.get('regression') ?? 0
        }
        if (sequence.name.startsWith('clean ×3, a 2× regression stored') && step.work === 1.8)
          goals.push(
            `${mode}: ${sequence.name}: +80% caught ${entry.timed.get('regression') ?? 0}/${REPETITIONS} (goal ${REPETITIONS}/${REPETITIONS})`,
          )
        if (sequence.name.startsWith('clean ×5,') && step.work === 1.25)
          goals.push(
            `${mode}: +25% after clean ×5 caught ${entry.timed.get('regression') ?? 0}/${REPETITIONS} (goal ≥ 19/20)`,
          )
      }
    }
    goals.push(
      `${mode}: false alarms where the code did not get slower: ${falseAlarms} in ${notSlowerSteps} (goal 0)${alarms.length > 0 ? `: ${alarms.join('; ')}` : ''}`,
    )
    describeMachine(mode, machine)
  }
  console.log('\n  goals')
  for (const g of goals) console.log(`    ${g}`)
}
