// Change points in a metric's history: how often each way of proposing shifts (windowed e-divisive,
// PELT) finds a known shift in synthetic base-branch histories, how often it reports one that is not
// there, how far from the true commit, and how long a 10,000-commit history takes.
//
// Each history is 100–300 commits of one timed metric's per-commit median, with multiplicative noise
// of CV 2–5% (lognormal) and 2% of commits 1.3× slower (a busy runner), seeded. Kinds:
//   step +5% / +10% / +25%   at a commit in the middle half;
//   ramp +15%                spread evenly over 30 commits;
//   stable                   no shift: every change point is false;
//   outlier                  stable, one commit 2× slower: every change point is false;
//   wandering                stable code, machine speed wandering (AR(1)): every change point is false.
// A shift is found when a change point's index is within ±5 commits of it (for a ramp: within the
// ramp, ±5). Every other change point is false, including a second one for the same step. Delay is
// index − true index (for a ramp, − its first commit). "in range" is how often from..to holds the
// true commit (for a ramp: starts by its 5th commit and ends after its 25th).
import {
  type ChangePoint,
  type ChangePointOptions,
  DEFAULT_CHANGE_POINT_OPTIONS,
  eDivisive,
  pelt,
} from '../src/stats/changepoints.ts'
import { SeededRandom } from '../src/stats/random.ts'

const TRIALS = Number(process.env.BENCH_TRIALS ?? 200)
const TOLERANCE = 5
const RAMP = 30

type Detector = (values: readonly number[], options?: ChangePointOptions) => ChangePoint[]

interface Kind {
  name: string
  /** Level at commit i of an n-commit history, given the shift's first commit. */
  level?: (i: number, start: number) => number
  /** The commits counted as the shift: [first, last]. */
  span?: number
  outlier?: boolean
  /** Standard deviation of a slowly wandering machine speed (log scale). */
  wander?: number
  /** Fixed noise instead of CV 2–5%. */
  cv?: number
}

const step = (size: number): Kind => ({
  name: `step +${size * 100}%`,
  level: (i, s) => (i < s ? 1 : 1 + size),
  span: 0,
})
const KINDS: Kind[] = [
  step(0.05),
  step(0.1),
  step(0.25),
  {
    name: 'ramp +15%/30',
    level: (i, s) => 1 + 0.15 * Math.min(1, Math.max(0, (i - s + 1) / RAMP)),
    span: RAMP - 1,
  },
  { name: 'stable' },
  { name: 'stable + 2× outlier', outlier: true },
]
/**
 * Stable code on a machine whose speed wanders from commit to commit (AR(1) on the log scale, φ 0.9,
 * standard deviation 1.5%): runners differ and change over days. Not white noise, so a test that
 * assumes it will see shifts; a report should not.
 */
const WANDERING: Kind = { name: 'stable, wandering', wander: 0.015 }
/** A small shift on a quiet machine (CV 0.5%): significant, but smaller than any gate acts on. */
const QUIET: Kind = { ...step(0.015), name: 'quiet +1.5%', cv: 0.005 }

interface History {
  values: number[]
  /** First commit of the shift, when there is one. */
  start?: number
  end?: number
}

function history(kind: Kind, random: SeededRandom): History {
  const n = 100 + random.nextInt(201)
  const cv = kind.cv ?? 0.02 + 0.03 * random.nextFloat()
  const span = kind.span ?? 0
  const start = kind.level ? Math.floor(n / 4) + random.nextInt(Math.floor(n / 2) - span) : undefined
  const phi = 0.9
  let machine = (kind.wander ?? 0) * random.nextGaussian()
  const values = Array.from({ length: n }, (_, i) => {
    const level = kind.level && start !== undefined ? kind.level(i, start) : 1
    const spike = random.nextFloat() < 0.02 ? 1.3 : 1
    machine = phi * machine + Math.sqrt(1 - phi * phi) * (kind.wander ?? 0) * random.nextGaussian()
    return 1e6 * level * Math.exp(machine + cv * random.nextGaussian()) * spike
  })
  if (kind.outlier) values[10 + random.nextInt(n - 20)]! *= 2
  return start === undefined ? { values } : { values, start, end: start + span }
}

interface Tally {
  found: number
  falses: number
  delays: number[]
  inRange: number
  widths: number[]
  ms: number
}

function score(h: History, points: readonly ChangePoint[], tally: Tally): void {
  let hit: ChangePoint | undefined
  for (const p of points) {
    const matches = h.start !== undefined && p.index >= h.start - TOLERANCE && p.index <= h.end! + TOLERANCE
    if (matches && !hit) hit = p
    else if (matches && h.end! > h.start!) {
      // A ramp may be told as more than one change point; only the first is scored.
    } else tally.falses++
  }
  if (!hit || h.start === undefined) return
  tally.found++
  tally.delays.push(hit.index - h.start)
  tally.widths.push(hit.to - hit.from + 1)
  const covers =
    h.end === h.start
      ? hit.from <= h.start && hit.to >= h.start
      : hit.from <= h.start + TOLERANCE && hit.to >= h.end! - TOLERANCE
  if (covers) tally.inRange++
}

function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

function run(detect: Detector, kind: Kind, options: ChangePointOptions = {}, trials = TRIALS): Tally {
  const random = new SeededRandom(`change points ${kind.name}`)
  const tally: Tally = { found: 0, falses: 0, delays: [], inRange: 0, widths: [], ms: 0 }
  for (let t = 0; t < trials; t++) {
    const h = history(kind, random)
    const started = performance.now()
    const points = detect(h.values, options)
    tally.ms += performance.now() - started
    score(h, points, tally)
  }
  return tally
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`.padStart(5)
const fixed = (value: number, digits = 0) => (Number.isNaN(value) ? '–' : value.toFixed(digits))

function longHistory(shifts: boolean): number[] {
  const random = new SeededRandom(`change points long ${shifts}`)
  return Array.from({ length: 10_000 }, (_, i) => {
    const level = shifts ? 1 + 0.1 * (Math.floor(i / 500) % 2) : 1
    const spike = random.nextFloat() < 0.02 ? 1.3 : 1
    return 1e6 * level * Math.exp(0.03 * random.nextGaussian()) * spike
  })
}

function timeLong(detect: Detector, values: number[]): { ms: number; count: number } {
  detect(values.slice(0, 2000))
  const started = performance.now()
  const count = detect(values).length
  return { ms: performance.now() - started, count }
}

export async function benchChangePoints(): Promise<void> {
  const detectors: Array<[string, Detector]> = [
    ['e-divisive', eDivisive],
    ['pelt', pelt],
  ]
  console.log(
    `\nchange points: ${TRIALS} synthetic histories per kind (100–300 commits, CV 2–5%, 2% of commits 1.3× slower)`,
  )
  console.log(
    `  defaults: alpha ${DEFAULT_CHANGE_POINT_OPTIONS.alpha}, minChange ${DEFAULT_CHANGE_POINT_OPTIONS.minChange}, window ${DEFAULT_CHANGE_POINT_OPTIONS.window}, PELT penalty ${DEFAULT_CHANGE_POINT_OPTIONS.penalty}·ln n`,
  )
  const header = `  ${'algorithm'.padEnd(11)} ${'history'.padEnd(20)} ${'found'.padStart(5)} ${'false'.padStart(5)} ${'/100'.padStart(5)} ${'delay p50'.padStart(9)} ${'p90 |d|'.padStart(7)} ${'in range'.padStart(8)} ${'width p50'.padStart(9)} ${'ms/hist'.padStart(7)}`
  console.log(header)
  for (const [name, detect] of detectors) {
    for (const kind of [...KINDS, WANDERING]) {
      const t = run(detect, kind)
      const shifted = kind.level !== undefined
      console.log(
        `  ${name.padEnd(11)} ${kind.name.padEnd(20)} ${shifted ? pct(t.found, TRIALS) : '    –'} ${String(t.falses).padStart(5)} ${fixed((100 * t.falses) / TRIALS, 1).padStart(5)} ${fixed(quantile(t.delays, 0.5)).padStart(9)} ${fixed(quantile(t.delays.map(Math.abs), 0.9)).padStart(7)} ${shifted ? pct(t.inRange, Math.max(1, t.found)).padStart(8) : '       –'} ${fixed(quantile(t.widths, 0.5)).padStart(9)} ${fixed(t.ms / TRIALS, 1).padStart(7)}`,
      )
    }
  }
  console.log('  one 10,000-commit history:')
  for (const [name, detect] of detectors) {
    for (const shifts of [false, true]) {
      const { ms, count } = timeLong(detect, longHistory(shifts))
      console.log(
        `  ${name.padEnd(11)} ${(shifts ? '±10% every 500' : 'stable').padEnd(20)} ${fixed(ms).padStart(6)} ms, ${count} change points${shifts ? ' (19 true)' : ''}`,
      )
    }
  }

  // The choices the defaults rest on, on fewer histories each.
  const few = Math.max(20, Math.floor(TRIALS / 2))
  const sweep = (label: string, detect: Detector, options: ChangePointOptions) => {
    const stable = run(detect, KINDS[4]!, options, few)
    const wandering = run(detect, WANDERING, options, few)
    const small = run(detect, step(0.03), options, few)
    const five = run(detect, KINDS[0]!, options, few)
    const quiet = run(detect, QUIET, options, few)
    const per100 = (t: Tally) => fixed((100 * t.falses) / few, 1).padStart(5)
    console.log(
      `  ${label.padEnd(22)} false/100: stable ${per100(stable)}, wandering ${per100(wandering)}, +5% ${per100(five)}   found: +3% ${pct(small.found, few)}, +5% ${pct(five.found, few)}, quiet +1.5% ${pct(quiet.found, few)}`,
    )
  }
  console.log(`  PELT penalty (${few} histories each):`)
  for (const penalty of [3, 5, 8, 12]) sweep(`pelt penalty ${penalty}·ln n`, pelt, { penalty })
  console.log(`  minChange, default algorithm (${few} histories each):`)
  const fallback = DEFAULT_CHANGE_POINT_OPTIONS.algorithm === 'e-divisive' ? eDivisive : pelt
  for (const minChange of [0, 0.01, 0.02, 0.03])
    sweep(`minChange ${minChange * 100}%`, fallback, { minChange })
  console.log(`  alpha (${few} histories each):`)
  for (const [name, detect] of detectors) {
    for (const alpha of [0.01, 0.001]) sweep(`${name} alpha ${alpha}`, detect, { alpha })
  }
}
