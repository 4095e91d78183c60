// Same-job A/B at the defaults a user gets (runs, warm-up, threshold and α of bench.yml's defaults),
// for a ~20 ms process on this machine. Each scenario is COMPARISONS comparisons of base against head,
// measured the way the action measures a pull request: interleaved run by run, analysed as pairs.
// Every scenario runs three times: with sequential sampling (the default: stop early where the verdict
// is clear, extend where it is not), with the fixed number of runs, and with fixed sampling given as many
// runs as sequential sampling may extend to (BENCH_FIXED_RUNS, default 40), so the error rates and the
// seconds each decided verdict cost can be compared in one run, at equal detection where fixed sampling
// needs the runs to reach it.
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
/** The runs fixed sampling is given to reach sequential sampling's detection: as many as it may extend to. */
const FIXED_MORE_RUNS = Number(process.env.BENCH_FIXED_RUNS ?? 40)

function processCase(
  command: string[],
  env: Record<string, string> = {},
  runs: number = DEFAULTS.runs,
): ProcessCase {
  return {
    kind: 'process',
    id: 'work',
    name: 'work',
    parameters: {},
    command,
    cwd: root,
    env,
    runs,
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
  runs: number = DEFAULTS.runs,
): Promise<Tally> {
  const tally: Tally = { verdicts: {}, pairs: [], seconds: [] }
  for (let i = 0; i < COMPARISONS; i++) {
    const h = new Hog(hogs)
    h.start()
    try {
      const started = performance.now()
      const m = await measureSameJob(
        [processCase(command, {}, runs)],
        [processCase(command, headEnv, runs)],
        {
          seed: `comparison ${i}`,
          sequential,
        },
      )
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
    const rows: Array<{
      label: string
      hogs: number
      sequential: Tally
      fixed: Tally
      more: Tally
      slow: boolean
    }> = []
    const moreLabel = `fixed ${FIXED_MORE_RUNS}`
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
      const more = await scenario(command, env, hogs, false, FIXED_MORE_RUNS)
      rows.push({ label, hogs, sequential, fixed, more, slow: 'WORK_SCALE' in env })
      for (const [mode, t] of [
        ['sequential', sequential],
        ['fixed', fixed],
        [moreLabel, more],
      ] as const)
        console.log(
          `  ${label.padEnd(33)}${mode.padEnd(13)}${list(t).padEnd(43)}${String(median(t.pairs)).padEnd(16)}${seconds(t).toFixed(1)}`,
        )
    }
    console.log(
      `\n  summary (out of each scenario's comparisons)     sequential    fixed         ${moreLabel}`,
    )
    for (const r of rows) {
      const count = (t: Tally) => (r.slow ? (t.verdicts.regression ?? 0) : alarms(t))
      const what = r.slow ? 'detected' : 'false alarms'
      console.log(
        `  ${`${r.label}: ${what}`.padEnd(50)}${`${count(r.sequential)}/${COMPARISONS}`.padEnd(14)}${`${count(r.fixed)}/${COMPARISONS}`.padEnd(14)}${count(r.more)}/${COMPARISONS}`,
      )
    }
    // A decided verdict is a clear one (not unclear), right or wrong: what a CI job waits for.
    const decided = (t: Tally) => COMPARISONS - (t.verdicts.unclear ?? 0)
    const perDecided = (list: typeof rows, key: 'sequential' | 'fixed' | 'more') => {
      const n = list.reduce((sum, r) => sum + decided(r[key]), 0)
      return n === 0 ? '—' : (list.reduce((sum, r) => sum + seconds(r[key]), 0) / n).toFixed(2)
    }
    console.log('\n  CI seconds per decided verdict (A/A and 10% slowdown together)')
    for (const [load, hogs] of [
      ['quiet', 0],
      ['one CPU hog', 1],
      ['four CPU hogs', 4],
      ['all', -1],
    ] as const) {
      const list = rows.filter((r) => hogs < 0 || r.hogs === hogs)
      console.log(
        `  ${load.padEnd(48)}${perDecided(list, 'sequential').padEnd(14)}${perDecided(list, 'fixed').padEnd(14)}${perDecided(list, 'more')}`,
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
