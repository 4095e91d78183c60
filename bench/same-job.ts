// Same-job A/B at the defaults a user gets (runs, warm-up, threshold and α of bench.yml's defaults),
// for a ~20 ms process on this machine. Each scenario is COMPARISONS comparisons of base against head,
// measured the way the action measures a pull request: interleaved run by run, analysed as pairs.
// Every scenario runs twice: with sequential sampling (the default: stop early where the verdict is
// clear, extend where it is not) and with the fixed number of runs, so the error rates and the seconds
// each verdict cost can be compared in one run.
//
// Scenarios: A/A (the same program on both sides) and a 10% slowdown (WORK_SCALE=1.1 on head), each
// on a quiet machine, with one busy loop spinning beside the whole comparison (one core of two taken),
// and with four (a load of about five on two cores).
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { compareBenchmark } from '../src/compare/index.ts'
import { DEFAULTS } from '../src/config/index.ts'
import { measureProcess } from '../src/kinds/process/measure.ts'
import type { ProcessCase } from '../src/kinds/process/plan.ts'
import { measureSameJob } from '../src/schedule/index.ts'
import { Hog } from './hog.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const COMPARISONS = Number(process.env.BENCH_COMPARISONS ?? 20)

function processCase(command: string[], env: Record<string, string> = {}): ProcessCase {
  return {
    kind: 'process',
    id: 'work',
    name: 'work',
    parameters: {},
    command,
    cwd: root,
    env,
    runs: DEFAULTS.runs,
    warmup: DEFAULTS.warmup,
    timeoutMs: DEFAULTS.timeoutMs,
    gate: { metrics: ['wall'], threshold: DEFAULTS.threshold, alpha: DEFAULTS.alpha },
  }
}

interface Tally {
  verdicts: Record<string, number>
  /** Pairs each comparison took. */
  pairs: number[]
  /** Seconds each comparison took, both sides. */
  seconds: number[]
}

async function scenario(
  command: string[],
  headEnv: Record<string, string>,
  hogs: number,
  sequential: boolean,
): Promise<Tally> {
  const tally: Tally = { verdicts: {}, pairs: [], seconds: [] }
  for (let i = 0; i < COMPARISONS; i++) {
    const h = new Hog(hogs)
    h.start()
    try {
      const started = performance.now()
      const m = await measureSameJob([processCase(command)], [processCase(command, headEnv)], {
        seed: `comparison ${i}`,
        sequential,
      })
      tally.seconds.push((performance.now() - started) / 1000)
      const c = compareBenchmark(m.base[0], m.head[0]!, { pairs: m.pairs.work })
      tally.verdicts[c.verdict] = (tally.verdicts[c.verdict] ?? 0) + 1
      tally.pairs.push(m.pairs.work?.length ?? 0)
    } finally {
      h.stop()
    }
  }
  return tally
}

const alarms = (t: Tally) => (t.verdicts.regression ?? 0) + (t.verdicts.improvement ?? 0)
const pct = (x: number) => `${(x * 100).toFixed(0)}%`
const list = (t: Tally) =>
  Object.entries(t.verdicts)
    .map(([v, n]) => `${v} ${n}`)
    .join(', ')
const seconds = (t: Tally) => t.seconds.reduce((a, b) => a + b, 0)

export async function benchSameJob(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-ab-'))
  try {
    const work = path.join(dir, 'work')
    await run('cc', ['-O2', '-o', work, path.join(root, 'examples/process/work.c')])
    const probe = await measureProcess({ ...processCase([work, 'hash', '4000000']), runs: 9 })
    const perMillion = median(probe.metrics.wall!.samples!) / 4
    const n = String(Math.max(1, Math.round((20e6 / perMillion) * 1e6)))
    const command = [work, 'hash', n]

    console.log(
      `\nsame-job A/B at the defaults, ~20 ms program (work hash ${n}): ${COMPARISONS} comparisons each, ` +
        `runs ${DEFAULTS.runs}, warm-up ${DEFAULTS.warmup}, threshold ${pct(DEFAULTS.threshold)}, α = ${DEFAULTS.alpha}`,
    )
    console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}`)
    console.log(
      '\n  scenario                         sampling     verdicts                                   pairs (median)  seconds',
    )
    const rows: Array<{ label: string; sequential: Tally; fixed: Tally; slow: boolean }> = []
    for (const [label, env, hogs] of [
      ['A/A, quiet', {}, 0],
      ['10% slowdown, quiet', { WORK_SCALE: '1.1' }, 0],
      ['A/A, one CPU hog', {}, 1],
      ['10% slowdown, one CPU hog', { WORK_SCALE: '1.1' }, 1],
      ['A/A, four CPU hogs', {}, 4],
      ['10% slowdown, four CPU hogs', { WORK_SCALE: '1.1' }, 4],
    ] as const) {
      const sequential = await scenario(command, env, hogs, true)
      const fixed = await scenario(command, env, hogs, false)
      rows.push({ label, sequential, fixed, slow: 'WORK_SCALE' in env })
      for (const [mode, t] of [
        ['sequential', sequential],
        ['fixed', fixed],
      ] as const)
        console.log(
          `  ${label.padEnd(33)}${mode.padEnd(13)}${list(t).padEnd(43)}${String(median(t.pairs)).padEnd(16)}${seconds(t).toFixed(1)}`,
        )
    }
    console.log("\n  summary (out of each scenario's comparisons)     sequential    fixed")
    for (const r of rows) {
      const count = (t: Tally) => (r.slow ? (t.verdicts.regression ?? 0) : alarms(t))
      const what = r.slow ? 'detected' : 'false alarms'
      console.log(
        `  ${`${r.label}: ${what}`.padEnd(50)}${`${count(r.sequential)}/${COMPARISONS}`.padEnd(14)}${count(r.fixed)}/${COMPARISONS}`,
      )
    }
    const total = (key: 'sequential' | 'fixed') => rows.reduce((sum, r) => sum + seconds(r[key]), 0)
    console.log(
      `  CI seconds per verdict                            ${(total('sequential') / (rows.length * COMPARISONS)).toFixed(2).padEnd(14)}${(total('fixed') / (rows.length * COMPARISONS)).toFixed(2)}`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
