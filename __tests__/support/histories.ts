// Histories: sequences of runs a real branch goes through — clean runs, a regression stored and later
// fixed, an accepted step, a busy phase of the machine, a rerun, a force-push, a shallow or detached
// checkout, exact counts that move without time and time that moves without them — each with the
// verdict expected at default settings. The table is the reference for the rules that judge a run
// against stored ones: a change of the rules that breaks a row fails histories.test.ts, which drives
// every sequence through the pipeline with model samples; `BENCH_ONLY=histories npm run bench` drives
// the same table with real processes, quiet and beside a CPU hog, and counts the verdicts.
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { stringify } from 'yaml'
import type { Comparison } from '../../src/compare/index.ts'
import type { ResultSet } from '../../src/results.ts'
import { runMerge } from '../../src/run/pipeline.ts'
import { SHARD_SCHEMA, SHARD_VERSION } from '../../src/run/shard.ts'
import { openStore } from '../../src/store/index.ts'
import { commitInfo } from '../../src/system/git.ts'
import { removeDir, tempDir } from './helpers.ts'

const run = promisify(execFile)

export type Verdict = 'regression' | 'improvement' | 'unchanged' | 'unclear' | 'accepted' | 'new'

/** One run of a history: the code it measures, how that code reached the checkout, and what is expected. */
export interface Step {
  /** The work the code does, as a multiple of the clean code's (1.8: 80% more). */
  work: number
  /** Its exact instruction count, as a multiple of the clean code's; `work` when not given. */
  counts?: number
  /**
   * How the code reaches the checkout: a new commit on main (the default); the same commit measured
   * again; the last commit rewritten with a new sha (a force-push); a new commit checked out detached.
   */
  commit?: 'new' | 'same' | 'amend' | 'detached'
  /** Measured beside a CPU hog. */
  busy?: boolean
  /** bench.yml accepts a regression of the timed benchmark in this commit (its `accept:` entry). */
  accept?: boolean
  /** Kept in the store for later runs (a run on main is); false for a head that is only compared. */
  save?: boolean
  /** The timed benchmark's verdict at defaults; unchecked when absent. */
  expect?: Verdict
  /** The counted benchmark's verdict at defaults. */
  expectCounts?: Verdict
  /** What an unclear verdict must say for itself. */
  why?: RegExp
}

export interface Sequence {
  name: string
  steps: Step[]
  /** Where the runs are kept: the directory store (default) or a git data branch behind a bare origin. */
  store?: 'dir' | 'git'
  /** The checkout the later steps run in: from `at` on, a clone of depth 1. */
  shallowFrom?: number
}

const clean = (n: number, extra: Partial<Step> = {}): Step[] =>
  Array.from({ length: n }, () => ({ work: 1, ...extra }))

/** A head compared with the history, not kept. */
const head = (work: number, expect: Verdict, extra: Partial<Step> = {}): Step => ({
  work,
  expect,
  save: false,
  ...extra,
})

/** Power: N clean runs, then heads of +10%, +25%, +80% and 2× against the same history. */
function power(n: number, expect: [Verdict, Verdict, Verdict, Verdict], why: RegExp): Sequence {
  const works = [1.1, 1.25, 1.8, 2]
  return {
    name: `clean ×${n}, then +10% / +25% / +80% / 2×`,
    steps: [
      ...clean(n),
      ...works.map((work, i) => head(work, expect[i]!, expect[i] === 'unclear' ? { why } : {})),
    ],
  }
}

const DRIFT = /within the drift of the same code over the last \d+ runs/
const UNKNOWN = /within ±25\.0%, assumed: only \d+ stored runs? of the same code, too few to know its drift/

/**
 * The reference. The model (modelResults) gives each run the clean code's time × its work × one of
 * twelve machine factors in turn (MACHINE: a drift of 1.8% between runs) × a busy machine's 1.6 when
 * busy; its samples spread 2% around that. The expected verdicts follow from the rules at defaults
 * (threshold 5%, α 0.01), worked out in histories.test.ts.
 */
export const SEQUENCES: Sequence[] = [
  // One stored run says nothing of the drift: a change must lie wholly beyond ±25%.
  power(1, ['unclear', 'unclear', 'regression', 'regression'], UNKNOWN),
  // Three: t(0.995, 2) = 9.92 makes the allowance wider than ±25%, which then holds. The logs of the
  // machine's first three factors lie 0, .020783 and −.028399 from their median (σ = .024884 on 2
  // degrees of freedom); three runs are too few for a median, so a new run is judged against the
  // newest: exp(9.9248 · √2 · σ) = 1.4180.
  power(
    3,
    ['unclear', 'unclear', 'regression', 'regression'],
    /over the last 3 runs: ±41\.8%, capped at ±25\.0%$/,
  ),
  // Five: σ = .020765 on 4, exp(4.6041 · σ · √(1 + (π/2)/5)) = 1.1158. The baseline (0.979) lies
  // 2.1% below the median of the five, so against that median +10% shows an interval from +7.0%,
  // within ±11.6%: unclear; +25% (from +24.4%) is beyond.
  power(
    5,
    ['unclear', 'regression', 'regression', 'regression'],
    /over the last 5 runs: ±11\.6%, from the median of the baseline's 5 runs/,
  ),
  // Ten: σ = .016258 on 9, exp(3.2498 · σ · √(1 + (π/2)/10)) = 1.0585: +10% is beyond it.
  power(10, ['regression', 'regression', 'regression', 'regression'], UNKNOWN),
  {
    // Time alone moved (the exact counts did not): only the step between commits cuts the states.
    name: 'clean ×3, a 2× regression stored, fixed ×2, then unchanged and +80% (time alone)',
    steps: [
      ...clean(3, { counts: 1 }),
      { work: 2, counts: 1, expect: 'regression' },
      // What the fix explains: an improvement back to the clean level.
      { work: 1, counts: 1, expect: 'improvement' },
      { work: 1, counts: 1, expect: 'unchanged' },
      { work: 1, counts: 1, expect: 'unchanged' },
      head(1.8, 'regression', { counts: 1 }),
    ],
  },
  {
    name: 'clean ×3, a 2× regression stored, fixed ×2, then unchanged and +80% (counts moved too)',
    steps: [
      ...clean(3),
      { work: 2, expect: 'regression', expectCounts: 'regression' },
      { work: 1, expect: 'improvement', expectCounts: 'improvement' },
      { work: 1, expect: 'unchanged' },
      { work: 1, expect: 'unchanged' },
      head(1.8, 'regression'),
    ],
  },
  {
    name: 'clean ×3, an accepted +30% step, then unchanged ×2 and another +30%',
    steps: [
      ...clean(3, { counts: 1 }),
      { work: 1.3, counts: 1, accept: true, expect: 'accepted' },
      { work: 1.3, counts: 1, expect: 'unchanged' },
      { work: 1.3, counts: 1, expect: 'unchanged' },
      head(1.69, 'regression', { counts: 1 }),
    ],
  },
  {
    name: 'clean ×3, a +30% step stored without acceptance, then unchanged and another +30% (time alone)',
    steps: [
      ...clean(3, { counts: 1 }),
      { work: 1.3, counts: 1, expect: 'regression' },
      { work: 1.3, counts: 1, expect: 'unchanged' },
      { work: 1.3, counts: 1, expect: 'unchanged' },
      head(1.69, 'regression', { counts: 1 }),
    ],
  },
  {
    name: 'clean, a busy phase stored (a CPU hog beside 3 of 6 runs), then unchanged and +30%',
    steps: [
      ...clean(2),
      // Busy beside quiet: nothing stored yet says how far a busy moment moves a run.
      { work: 1, busy: true, expect: 'unclear', why: /what a busy moment does to a run/ },
      { work: 1, busy: true, expect: 'unchanged' },
      { work: 1, busy: true, expect: 'unchanged' },
      // Quiet beside the busy baseline, and only 2 quiet runs: their drift is unknown, and so is
      // what a busy moment adds to it. No false improvement.
      { work: 1, expect: 'unclear', why: /what a busy moment does to a run/ },
      // Quiet beside quiet: the busy runs are left out of the drift.
      head(1, 'unchanged'),
      head(1.3, 'regression'),
      // Busy beside quiet again, the busy runs now stored beside quiet ones: their distance from the
      // quiet runs' median is the load's drift, and the head lies within it.
      head(1, 'unclear', {
        busy: true,
        why: /the last 3 quiet runs, and what a busy moment did to 3 others: ±/,
      }),
    ],
  },
  {
    name: 'reruns of one commit, then unchanged and +30%',
    steps: [
      { work: 1 },
      ...clean(4, { commit: 'same' }),
      head(1, 'unchanged', { commit: 'same' }),
      head(1.3, 'regression'),
    ],
  },
  {
    name: 'clean ×4, a force-push of the last commit, then unchanged and +30%',
    steps: [
      ...clean(4),
      { work: 1, commit: 'amend', expect: 'unchanged' },
      { work: 1, expect: 'unchanged' },
      head(1.3, 'regression'),
    ],
  },
  {
    name: 'clean ×4 on main, then detached checkouts: the same code, and +30%',
    steps: [
      ...clean(4),
      head(1, 'unchanged', { commit: 'detached' }),
      head(1.3, 'regression', { commit: 'detached' }),
    ],
  },
  {
    name: 'clean ×4 in a git data branch, then a shallow clone: unchanged and +30%',
    store: 'git',
    shallowFrom: 4,
    steps: [...clean(4), { work: 1, expect: 'unchanged' }, head(1.3, 'regression')],
  },
  {
    name: 'time moved while the exact counts did not (a slow run of the machine), then unchanged and +30%',
    steps: [
      ...clean(4),
      { work: 1.12, counts: 1, expect: 'unclear', expectCounts: 'unchanged', why: DRIFT },
      // Back to the machine's usual speed: within the drift the slow run showed, no false improvement.
      { work: 1, expect: 'unclear', expectCounts: 'unchanged', why: DRIFT },
      head(1, 'unchanged'),
      head(1.3, 'regression'),
    ],
  },
  {
    name: 'exact counts moved while time did not, then unchanged',
    steps: [
      ...clean(3),
      { work: 1, counts: 1.03, expect: 'unchanged', expectCounts: 'regression' },
      { work: 1, counts: 1.03, expect: 'unchanged', expectCounts: 'unchanged' },
      head(1, 'unchanged', { counts: 1.03 }),
    ],
  },
  {
    name: 'exact counts and time moved together (+12%), then another +30%',
    steps: [
      ...clean(3),
      { work: 1.12, expect: 'unclear', expectCounts: 'regression', why: DRIFT },
      { work: 1.12, expect: 'unchanged' },
      { work: 1.12, expect: 'unchanged' },
      head(1.456, 'regression'),
    ],
  },
]

/**
 * The bench.yml of every history: a process benchmark and, with `counts`, an instruction count of the
 * same program; with `accept`, an entry accepting the timed benchmark's regression until that commit
 * is in the baseline.
 */
export function configText(options: { accept?: string; counts?: boolean; setup?: string[][] } = {}): string {
  const { accept, counts = true, setup } = options
  return stringify({
    suite: 'history',
    ...(setup ? { setup } : {}),
    benchmarks: [
      { name: 'spin', kind: 'process', command: ['./spin'] },
      ...(counts
        ? [{ name: 'spin counts', kind: 'instructions', command: ['./spin'], threshold: '1%' }]
        : []),
    ],
    ...(accept
      ? { accept: [{ benchmark: 'spin', reason: 'the new hash trades speed for safety', until: accept }] }
      : {}),
  })
}

export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: dir })
  return stdout.trim()
}

export const COMMITTER = ['-c', 'user.name=t', '-c', 'user.email=t@example.com']

/**
 * The machine's speed at each run, in turn: the drift of one run's median between moments of a quiet
 * 2-CPU machine (measured here: 2.3% on a 7.4 ms program over 15 runs). Their logs have a standard
 * deviation of 1.83%.
 */
export const MACHINE = [1.0, 1.021, 0.972, 1.006, 0.979, 0.993, 1.016, 1.003, 1.012, 0.988, 1.027, 0.984]
/** A CPU hog beside a run made this machine's CPU time and wall time up to 1.9× (two vCPUs share a core). */
export const BUSY = 1.6
/** The clean program's median wall time, and the spread of one run's samples (log scale). */
export const CLEAN_NS = 7_400_000
export const SPREAD = 0.02
export const CLEAN_COUNTS = 36_000_000

/** The 20 standard normal quantiles (k + 0.5)/20, k = 0..19, in a fixed shuffled order. */
const QUANTILES = [
  1.1503, 0.7554, 0.1891, 1.4395, -0.3186, -0.4538, 1.96, -0.9346, 0.5978, -1.96, -0.0627, -0.5978, 0.9346,
  -0.1891, 0.4538, -1.1503, -1.4395, 0.3186, -0.7554, 0.0627,
]

export interface ModelRun {
  /** The run's place in the history: which machine factor it meets. */
  index: number
  sha?: string
  branch?: string
  dirty?: boolean
  createdAt: string
}

/**
 * A run of the model, as the measuring stage would have written it: the process benchmark's 20 runs
 * around clean × work × the machine's factor (× BUSY beside a hog), with the contention such a run
 * records, and the instruction count of the same program.
 */
export function modelResults(step: Step, at: ModelRun): ResultSet {
  const center = CLEAN_NS * step.work * MACHINE[at.index % MACHINE.length]! * (step.busy ? BUSY : 1)
  const wall = QUANTILES.map((z) => Math.round(center * Math.exp(SPREAD * z)))
  const cpu = wall.map((w) => Math.round(w * 0.985))
  const sampled = (unit: 'ns' | 'bytes' | 'count', samples: number[]) => ({
    unit,
    direction: 'lower' as const,
    samples,
  })
  const runs = (value: number) => wall.map(() => value)
  const command = ['./spin']
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 'history',
    commit: {
      ...(at.sha ? { sha: at.sha } : {}),
      ...(at.branch ? { branch: at.branch, ref: `refs/heads/${at.branch}` } : {}),
      ...(at.dirty ? { dirty: true } : {}),
    },
    createdAt: at.createdAt,
    environment: {
      os: 'Debian GNU/Linux 12 (bookworm)',
      arch: 'x64',
      cpuModel: 'AMD EPYC',
      cpuCount: 2,
      kernel: '6.18.44',
      node: 'v20.20.2',
      tools: { cc: 'cc (Debian 12.2.0-14+deb12u1) 12.2.0', valgrind: 'valgrind-3.19.0' },
    },
    benchmarks: [
      {
        id: 'spin',
        name: 'spin',
        kind: 'process',
        parameters: {},
        command,
        status: 'ok',
        metrics: {
          wall: sampled('ns', wall),
          user: sampled(
            'ns',
            cpu.map((c) => Math.round(c * 0.99)),
          ),
          sys: sampled(
            'ns',
            cpu.map((c) => Math.round(c * 0.01)),
          ),
          cpu: sampled('ns', cpu),
          'max-rss': sampled('bytes', runs(1_626_112)),
          'minor-faults': sampled('count', runs(53)),
          'major-faults': sampled('count', runs(0)),
          'voluntary-cs': sampled('count', runs(1)),
          'involuntary-cs': sampled('count', runs(2)),
        },
        gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
        notes: [],
        contention: {
          cpus: 2,
          loadAverage: { start: step.busy ? 1.4 : 1.0, end: step.busy ? 1.4 : 1.0 },
          windowMs: 250,
          stealPercent: 0,
          busyPercent: step.busy ? 99 : 52,
          otherBusyPercent: step.busy ? 50.5 : 1.2,
          cpuPressurePercent: step.busy ? 9 : 6.5,
          wallCpuRatio: 1.015,
          involuntaryCsPerRun: 2,
        },
      },
      {
        id: 'spin counts',
        name: 'spin counts',
        kind: 'instructions',
        parameters: {},
        command,
        status: 'ok',
        metrics: {
          ir: {
            unit: 'instructions',
            direction: 'lower',
            value: Math.round(CLEAN_COUNTS * (step.counts ?? step.work)),
          },
        },
        gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
        notes: [],
      },
    ],
  }
}

export interface Outcome {
  step: Step
  comparison: Comparison
  exitCode: number
}

/** How a driver measures: the files a step's commit holds, and the run of one step in a checkout. */
export interface Measure {
  /** The files that make the step's code (the model's state, the real program's work.h), and bench.yml. */
  files(step: Step, index: number, accept?: string): Record<string, string>
  /** Measures and compares the checkout as a run of the CLI would, saving unless the step says not to. */
  run(dir: string, step: Step, index: number, store: 'dir' | 'git'): Promise<Omit<Outcome, 'step'>>
}

export const ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !k.startsWith('GITHUB_') && !k.startsWith('INPUT_') && k !== 'CI',
  ),
)

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text)
}

/** Brings the step's code into the checkout the way the sequence says, committing as needed. */
async function checkout(dir: string, step: Step, index: number, measure: Measure): Promise<void> {
  const mode = step.commit ?? 'new'
  if (mode === 'same') return
  if (mode === 'detached' && (await git(dir, 'rev-parse', '--abbrev-ref', 'HEAD')) !== 'HEAD')
    await git(dir, 'checkout', '--quiet', '--detach')
  await writeFiles(dir, measure.files(step, index))
  await git(dir, 'add', '-A')
  if (mode === 'amend') {
    await git(
      dir,
      ...COMMITTER,
      'commit',
      '--quiet',
      '--allow-empty',
      '--amend',
      '-m',
      `state ${index} (rewritten)`,
    )
    return
  }
  await git(dir, ...COMMITTER, 'commit', '--quiet', '--allow-empty', '-m', `state ${index}`)
  if (step.accept) {
    // bench.yml accepts the regression until the commit that brought it is in the baseline.
    await writeFiles(dir, measure.files(step, index, await git(dir, 'rev-parse', 'HEAD')))
    await git(dir, ...COMMITTER, 'commit', '--quiet', '-am', `accept state ${index}`)
  }
}

/**
 * Runs a sequence in a new git repository (and, for the git store, a bare origin): each step checked
 * out as the sequence says, then measured and compared by `measure`.
 */
export async function drive(sequence: Sequence, measure: Measure): Promise<Outcome[]> {
  const root = await tempDir('history')
  try {
    let dir = path.join(root, 'work')
    await mkdir(dir)
    await writeFiles(dir, { ...measure.files({ work: 1 }, -1), '.gitignore': '.bench/\nspin\n' })
    await git(dir, 'init', '--quiet', '--initial-branch=main')
    await git(dir, 'add', '-A')
    await git(dir, ...COMMITTER, 'commit', '--quiet', '-m', 'bench.yml')
    const store = sequence.store ?? 'dir'
    if (store === 'git') {
      await git(root, 'init', '--quiet', '--bare', '--initial-branch=main', 'origin.git')
      await git(dir, 'remote', 'add', 'origin', path.join(root, 'origin.git'))
      await git(dir, 'push', '--quiet', '-u', 'origin', 'main')
    }
    const outcomes: Outcome[] = []
    for (const [i, step] of sequence.steps.entries()) {
      if (sequence.shallowFrom === i) {
        // actions/checkout's default: the pushed commit alone, no history.
        const origin = `file://${path.join(root, 'origin.git')}`
        await git(root, 'clone', '--quiet', '--depth', '1', origin, 'shallow')
        dir = path.join(root, 'shallow')
      }
      await checkout(dir, step, i, measure)
      if (store === 'git' && (step.commit ?? 'new') !== 'detached')
        await git(dir, 'push', '--quiet', '--force', 'origin', 'HEAD:main')
      outcomes.push({ step, ...(await measure.run(dir, step, i, store)) })
    }
    return outcomes
  } finally {
    await removeDir(root)
  }
}

const START = Date.parse('2026-11-27T10:00:00.000Z')

/**
 * The model's measurements: each step's results (modelResults) handed to the pipeline as the one
 * shard of a run, as `bench-action merge` does, which compares, reports and saves them.
 */
export const MODEL: Measure = {
  files: (step, index, accept) => ({
    'state.json': `${JSON.stringify({ index, work: step.work, counts: step.counts ?? step.work })}\n`,
    'bench.yml': configText(accept ? { accept } : {}),
  }),
  async run(dir, step, index, kind) {
    const commit = await commitInfo(dir, ENV)
    const createdAt = new Date(START + index * 60_000).toISOString()
    const head = modelResults(step, { index, ...commit, createdAt })
    const shard = {
      schema: SHARD_SCHEMA,
      version: SHARD_VERSION,
      shard: { index: 1, count: 1 },
      cases: head.benchmarks.map((b) => b.id),
      head,
    }
    const store = kind === 'git' ? await openStore({ kind: 'git', cwd: dir, env: ENV }) : undefined
    try {
      const outcome = await runMerge({
        cwd: dir,
        storeDir: '.bench',
        save: step.save !== false,
        ...(store ? { store } : {}),
        env: ENV,
        log: () => {},
        now: () => new Date(createdAt),
        shards: [{ text: JSON.stringify(shard), source: 'shard.json' }],
      })
      return { comparison: outcome.comparison, exitCode: outcome.exitCode }
    } finally {
      await store?.close?.()
    }
  },
}

export const driveModel = (sequence: Sequence): Promise<Outcome[]> => drive(sequence, MODEL)
