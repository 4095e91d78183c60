// The machine's drift between runs: how far the median of one whole run of unchanged code moves from
// one run to the next, from earlier stored runs of the same code. The runs are cut into states of the
// code; σ pools each run's log-deviation from its state's median (counted at most CLIP σ₀, or left out
// as wild beyond REJECT noise scales); the allowance is exp(t(1 − α/2, df) · √2 · σ), or measured from
// the median of a state of REFERENCE_MIN_RUNS runs or more; one side busy and the other not:
// mixedDrift. Each rule and its reason (docs/methodology.md#across-moments-the-drift-allowance).
import { detectChangePoints } from './changepoints.ts'
import { studentTQuantile } from './student-t.ts'

/** One stored run's center of a metric, and what is known of the code it measured. */
export interface DriftRun {
  /** The run's center: the median of its samples, or the center its tool kept. Positive. */
  center: number
  sha?: string
  /** The working tree had uncommitted changes: the code is not known to be its commit's. */
  dirty?: boolean
  createdAt: string
  /** Something recorded with the run says the code changed at it: why, in words ("it accepted a regression"). */
  startsState?: string
  /** The run was measured on a busy machine: why, in words. */
  busy?: string
  /** The run is the baseline of the comparison: its state's median is the reference. */
  baseline?: true
}

/** A run, as the estimate names it. */
export interface DriftRunRef {
  sha?: string
  createdAt: string
}

export interface DriftSplit extends DriftRunRef {
  /** Why a new state of the code starts at this run. */
  reason: string
}

export interface DriftEstimate {
  /** Stored runs looked at (those with a positive center). */
  runs: number
  /** Runs that share their state with another run: the spread rests on these. */
  used: number
  /** States of the code among the runs looked at. */
  states: number
  /** Degrees of freedom of the spread: used runs − the states they are in. */
  df: number
  /** Standard deviation of one run's log-center around its state's (≈ the relative drift of one run). */
  sigma: number
  /** The first, robust noise scale: what a deviation is clipped against. */
  scale: number
  /**
   * The ratio (≥ 1) within which two runs of one state stay, 1 − α of the time: the drift allowance.
   * Undefined with fewer than MIN_DRIFT_DF degrees of freedom.
   */
  allowance?: number
  /** The widest ratio between two runs of one state (1 when none share a state). */
  widest: number
  /** Runs in the largest state. */
  largest: number
  /** Where a new state began, and why. */
  splits: DriftSplit[]
  /** Runs alone in their state: nothing of them is counted. */
  leftOut: DriftSplit[]
  /** Runs counted at most CLIP σ₀ from their state's center (wild runs), with their deviation as a ratio. */
  clipped: Array<DriftRunRef & { deviation: number }>
  /**
   * One side compared was measured on a busy machine and the other not, and fewer than 3 busy runs
   * share a state with quiet ones: how far a busy moment moves a run is unknown, so no change is beyond it.
   */
  busyUnknown?: true
  /**
   * One side busy, the other not: the allowance adds to the quiet runs' drift how far the busy runs
   * of a state lay from its quiet runs' median. Not capped at UNKNOWN_NOISE_BOUND, which was measured
   * between quiet moments.
   */
  mixed?: { busyRuns: number; busySigma: number }
  /**
   * Where the baseline shares its state with other runs: the drift of a new run from that state's
   * median, which the baseline's own moment does not add to. `offset` is the baseline's log-center
   * less the state's median; `allowance` the ratio a new run of the state stays within, 1 − α of the
   * time, from the median of `runs` runs.
   */
  reference?: { runs: number; offset: number; allowance: number }
}

/** Fewer degrees of freedom than this say too little about the drift to act on. */
export const MIN_DRIFT_DF = 2

/**
 * While the drift is unknown, a change across moments counts only when its whole interval lies beyond
 * this ratio (+25%, or below 1/1.25 = −20% for the other side); and the allowance is never wider
 * unless runs of one state themselves differed by more (docs/methodology.md#the-estimate).
 */
export const UNKNOWN_NOISE_BOUND = 1.25

/** A step between neighbouring commits beyond this many noise scales (of their difference) cuts the state. */
export const STEP_LIMIT = 4
/** A run's deviation from its state's center counts at most this many noise scales… */
export const CLIP = 3
/** …and beyond this many, in a state of REJECT_MIN_RUNS runs or more, the run is left out. */
export const REJECT = 8
/**
 * A state this large has a majority to judge one run by; in smaller ones a wild run is only clipped
 * (docs/methodology.md#the-estimate).
 */
export const REJECT_MIN_RUNS = 6
/**
 * A baseline's state this large gives a median to measure a head from; with fewer runs the newest
 * run, nearest the head in time, is the reference (docs/methodology.md#the-estimate).
 */
export const REFERENCE_MIN_RUNS = 5
/** The newest runs the estimate reads. */
export const DRIFT_WINDOW = 30

/** 1.4826 / √2: the median absolute difference of two normal draws, as one draw's standard deviation. */
const DIFFERENCE_TO_SIGMA = 1.4826 / Math.SQRT2

/** How the two sides compared were measured (see DriftOptions.sides). */
export type DriftSides = 'quiet' | 'busy' | 'mixed'

export interface DriftOptions {
  /** The significance level: the allowance holds a change between runs of one state 1 − alpha of the time. */
  alpha: number
  /**
   * How the two sides compared were measured. `quiet` (neither on a busy machine): runs measured on a
   * busy machine are left out, for the drift that matters is the quiet machine's. `busy` (both): every
   * run counts. `mixed` (one side busy, the other not): every run counts, and unless a busy run shares
   * its state with quiet ones, nothing says how far a busy moment moves a run: the drift is unbounded.
   * Default `quiet`.
   */
  sides?: DriftSides
}

/** A stored run as the estimate reads it: its place in the input (`order`) and its log-center `y`. */
type Run = DriftRun & { order: number; y: number }

/** A run, as the estimate names it. */
function refOf(r: DriftRunRef): DriftRunRef {
  return {
    ...(r.sha !== undefined ? { sha: r.sha } : {}),
    createdAt: r.createdAt,
  }
}

/** The drift of a metric among stored runs (oldest first), with what was left out and why. */
export function estimateDrift(stored: readonly DriftRun[], options: DriftOptions): DriftEstimate {
  const { alpha, sides = 'quiet' } = options
  if (sides === 'mixed') return mixedDrift(stored, options)
  const quiet = sides === 'quiet'
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`)
  const leftOut: DriftSplit[] = []
  const looked = stored
    .map((r, order) => ({ ...r, order, y: Math.log(r.center) }))
    .filter((r) => Number.isFinite(r.y))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.order - b.order)
  const runs = quiet ? quietRuns(looked, leftOut) : looked
  const splits: DriftSplit[] = []
  const segmentGroups = segmentsOf(runs, splits).map(groupsOf)
  const differences = differencesOf(segmentGroups)
  const scale = robustScale(differences.map((x) => x.d))
  const states = statesOf(segmentGroups, scale, splits)
  const pooled = poolDeviations(states, { quiet, scale, differences, splits, leftOut })
  const { df, sigma, reference } = pooled
  const t = df >= MIN_DRIFT_DF ? studentTQuantile(1 - alpha / 2, df) : undefined
  const allowance = t !== undefined ? Math.exp(t * Math.SQRT2 * sigma) : undefined
  // A new run against the median of k runs of its state: its own drift and the median's, which varies
  // by about (π/2) σ²/k.
  const referenceAllowance =
    t !== undefined && reference
      ? Math.exp(t * sigma * Math.sqrt(1 + Math.PI / 2 / reference.runs))
      : undefined
  return {
    runs: looked.length,
    used: pooled.used,
    states: states.length,
    df,
    sigma,
    scale,
    ...(allowance !== undefined ? { allowance } : {}),
    widest: Math.exp(pooled.widest),
    largest: Math.max(0, ...states.map((state) => state.length)),
    splits,
    leftOut,
    clipped: pooled.clipped,
    ...(reference && referenceAllowance !== undefined
      ? { reference: { ...reference, allowance: referenceAllowance } }
      : {}),
  }
}

/**
 * The runs measured on a quiet machine; the busy ones go to `leftOut`. A busy run left out still says
 * where the code changed: the next run kept starts that state.
 */
function quietRuns(looked: readonly Run[], leftOut: DriftSplit[]): Run[] {
  const runs: Run[] = []
  let pending: string | undefined
  for (const r of looked) {
    if (r.busy !== undefined) {
      leftOut.push({ ...refOf(r), reason: `${r.busy}, and neither side compared was` })
      pending ??= r.startsState
      continue
    }
    runs.push(pending !== undefined && r.startsState === undefined ? { ...r, startsState: pending } : r)
    pending = undefined
  }
  return runs
}

/** 1a. Segments between runs that say the code changed; each such run goes to `splits`. */
function segmentsOf(runs: readonly Run[], splits: DriftSplit[]): Run[][] {
  const segments: Run[][] = []
  for (const r of runs) {
    if (segments.length === 0 || r.startsState !== undefined) {
      if (segments.length > 0) splits.push({ ...refOf(r), reason: r.startsState! })
      segments.push([])
    }
    segments[segments.length - 1]!.push(r)
  }
  return segments
}

/** Consecutive runs of one commit (a clean tree) are one group: the same code, measured again. */
function groupsOf(segment: readonly Run[]): Run[][] {
  const groups: Run[][] = []
  for (const r of segment) {
    const last = groups[groups.length - 1]
    const same = last && r.sha !== undefined && !r.dirty && !last[0]!.dirty && last[0]!.sha === r.sha
    if (same) last.push(r)
    else groups.push([r])
  }
  return groups
}

type Difference = ReturnType<typeof difference>

/** 2. What the first noise scale is taken from: differences a step moves at most once. */
function differencesOf(segmentGroups: readonly Run[][][]): Difference[] {
  const differences: Difference[] = []
  for (const groups of segmentGroups) {
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g]!
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length; j++) differences.push(difference(group[i]!, group[j]!))
      const next = groups[g + 1]
      if (next) differences.push(difference(group[group.length - 1]!, next[0]!))
    }
  }
  return differences
}

/**
 * 1b. States of the code: each segment cut where the change-point detector finds a step, or where a
 * step between neighbouring commits is beyond STEP_LIMIT; each cut goes to `splits`.
 */
function statesOf(segmentGroups: readonly Run[][][], scale: number, splits: DriftSplit[]): Run[][] {
  const states: Run[][] = []
  for (const groups of segmentGroups) {
    const cut = cutsOf(groups, scale)
    // Cuts are at the second commit or later: a step from the commit before, or where the detector's
    // second segment begins.
    let state: Run[] = [...groups[0]!]
    for (let g = 1; g < groups.length; g++) {
      const reason = cut.get(g)
      if (reason !== undefined) {
        states.push(state)
        state = []
        splits.push({ ...refOf(groups[g]![0]!), reason })
      }
      state.push(...groups[g]!)
    }
    states.push(state)
  }
  return states
}

/** Where a segment's groups are cut, by the index of the group a new state starts at, and why. */
function cutsOf(groups: readonly Run[][], scale: number): Map<number, string> {
  const centers = groups.map((g) => median(g.map((r) => r.y)))
  const cut = new Map<number, string>()
  // The detector asks for 10 commits or more (two segments of 5) and finds nothing in fewer.
  for (const cp of detectChangePoints(
    centers.map((c) => Math.exp(c)),
    { seed: 'drift' },
  ))
    cut.set(cp.index, `a change point in the history (${signedPercent(cp.change)})`)
  for (let g = 1; g < groups.length; g++) {
    // A step between a quiet and a busy run is the load's: it says nothing of the code.
    const before = groups[g - 1]!
    if ((before[before.length - 1]!.busy === undefined) !== (groups[g]![0]!.busy === undefined)) continue
    const jump = centers[g]! - centers[g - 1]!
    const limit = STEP_LIMIT * scale * Math.sqrt(1 / groups[g - 1]!.length + 1 / groups[g]!.length)
    if (Math.abs(jump) > limit && !cut.has(g))
      cut.set(g, `a step of ${signedPercent(Math.exp(jump) - 1)} from the commit before`)
  }
  return cut
}

interface Pooling {
  quiet: boolean
  scale: number
  differences: readonly Difference[]
  splits: readonly DriftSplit[]
  leftOut: DriftSplit[]
}

/** 3. Deviations from each state's center, clipped, pooled; runs left out go to `leftOut`. */
function poolDeviations(states: readonly Run[][], pooling: Pooling) {
  const { quiet, scale } = pooling
  const clipped: DriftEstimate['clipped'] = []
  let squares = 0
  let df = 0
  let used = 0
  let widest = 0
  const limit = CLIP * scale
  let reference: { runs: number; offset: number } | undefined
  for (const state of states) {
    if (state.length < 2) {
      leaveOutAlone(state[0]!, states[states.indexOf(state) + 1]?.[0], pooling)
      continue
    }
    const kept = keptRuns(state, pooling)
    const ys = kept.map((r) => r.y)
    const center = median(ys)
    widest = Math.max(widest, Math.max(...ys) - Math.min(...ys))
    for (const r of kept) {
      const d = r.y - center
      const wild = quiet && Math.abs(d) > limit
      if (wild) clipped.push({ ...refOf(r), deviation: Math.exp(d) })
      const counted = wild ? limit : Math.abs(d)
      squares += counted * counted
    }
    used += kept.length
    df += kept.length - 1
    const own = kept.find((r) => r.baseline)
    if (own && kept.length >= REFERENCE_MIN_RUNS) reference = { runs: kept.length, offset: own.y - center }
  }
  const sigma = df > 0 ? Math.sqrt(squares / df) : 0
  return { clipped, df, used, widest, sigma, reference }
}

/** A run alone in its state, named where a cut made it alone: a run is left out, not merely one of too few. */
function leaveOutAlone(r: Run, nextRun: Run | undefined, pooling: Pooling): void {
  const at = (x: DriftRunRef | undefined) =>
    pooling.splits.find((s) => s.createdAt === x?.createdAt && s.sha === x?.sha)
  const own = at(r)
  const next = at(nextRun)
  if (own) pooling.leftOut.push({ ...refOf(r), reason: `alone in its state of the code: ${own.reason}` })
  else if (next)
    pooling.leftOut.push({
      ...refOf(r),
      reason: `alone in its state of the code: the code changed again at the next run (${next.reason})`,
    })
}

/**
 * The runs of a state that count. When a side compared was busy, the load's spread is the drift that
 * matters: every run in full. Otherwise a run far from a center that most of its state agrees on (6
 * runs or more) is left out, judged by the spread of the differences it takes no part in (at least 3
 * of them); one less far counts as CLIP σ₀.
 */
function keptRuns(state: readonly Run[], pooling: Pooling): Run[] {
  const { quiet, differences } = pooling
  // The noise scale without the differences a run takes part in: what that run is measured against.
  // Only a state of REJECT_MIN_RUNS runs or more asks, and whichever run it is, at least 3 of the
  // differences among those runs remain (5 neighbouring ones at the least, of which one run takes part
  // in 2 at most when its commit ran once; more runs of its commit add more pairs without it).
  const scaleWithout = (r: { order: number }) =>
    robustScale(differences.filter((x) => x.a !== r.order && x.b !== r.order).map((x) => x.d))
  return state.filter((r) => {
    if (!quiet || state.length < REJECT_MIN_RUNS) return true
    // Against the others alone: a wild run would otherwise widen the very scale it is judged by.
    const others = state.filter((x) => x !== r)
    const d = r.y - median(others.map((x) => x.y))
    if (Math.abs(d) <= REJECT * scaleWithout(r)) return true
    pooling.leftOut.push({
      ...refOf(r),
      reason: `${signedPercent(Math.exp(d) - 1)} from the median of its state of the code, beyond ${REJECT} times the runs’ usual spread`,
    })
    return false
  })
}

/**
 * One side busy, the other not. The drift is the quiet runs' (as estimateDrift gives it between quiet
 * runs) and how far a busy moment moves a run: the deviations of the busy runs from the median of the
 * quiet runs of their state, their root mean square. Together: exp(t · √(σ² + σ_busy²)), with t of
 * the fewer degrees of freedom of the two. Fewer than 3 such busy runs: unknown, no bound.
 */
function mixedDrift(stored: readonly DriftRun[], options: DriftOptions): DriftEstimate {
  const { alpha } = options
  const quiet = estimateDrift(stored, { alpha, sides: 'quiet' })
  const { reference: _, ...rest } = quiet
  // The busy runs count here: none is left out for being busy.
  const busy = new Set(
    stored.filter((r) => r.busy !== undefined).map((r) => `${r.createdAt}\u0000${r.sha ?? ''}`),
  )
  const quietOnly = {
    ...rest,
    leftOut: rest.leftOut.filter((r) => !busy.has(`${r.createdAt}\u0000${r.sha ?? ''}`)),
  }
  // States as the runs fall into them with the busy runs counted: cuts between a quiet and a busy run
  // are the load's, never the code's.
  const all = estimateDrift(stored, { alpha, sides: 'busy' })
  const runs = [...stored].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  const starts = new Set(all.splits.map((s) => `${s.createdAt}\u0000${s.sha ?? ''}`))
  const deviations: number[] = []
  let state: DriftRun[] = []
  const close = () => {
    const quietYs = state.filter((r) => r.busy === undefined && r.center > 0).map((r) => Math.log(r.center))
    if (quietYs.length > 0) {
      const center = median(quietYs)
      for (const r of state)
        if (r.busy !== undefined && r.center > 0) deviations.push(Math.log(r.center) - center)
    }
    state = []
  }
  for (const r of runs) {
    if (starts.has(`${r.createdAt}\u0000${r.sha ?? ''}`)) close()
    state.push(r)
  }
  close()
  if (quiet.allowance === undefined || deviations.length < MIN_BUSY_RUNS)
    return { ...quietOnly, busyUnknown: true }
  const df = Math.min(quiet.df, deviations.length)
  const busySigma = Math.sqrt(deviations.reduce((s, d) => s + d * d, 0) / deviations.length)
  const allowance = Math.exp(
    studentTQuantile(1 - alpha / 2, df) * Math.sqrt(quiet.sigma * quiet.sigma + busySigma * busySigma),
  )
  return { ...quietOnly, allowance, mixed: { busyRuns: deviations.length, busySigma } }
}

/** A mixed comparison's allowance rests on at least this many busy runs beside quiet ones. */
const MIN_BUSY_RUNS = 3

/**
 * The ratio a change across moments must lie wholly beyond: the allowance, but no wider than
 * UNKNOWN_NOISE_BOUND unless runs of one state differed by more (history only sharpens the bound it
 * has without history, or shows that bound too narrow); without an allowance, that bound.
 */
export function driftBound(estimate: DriftEstimate | undefined): number {
  if (estimate?.busyUnknown) return Number.POSITIVE_INFINITY
  if (estimate?.mixed && estimate.allowance !== undefined) return estimate.allowance
  const cap = Math.max(UNKNOWN_NOISE_BOUND, estimate?.widest ?? 1)
  if (estimate?.allowance === undefined) return cap
  return Math.min(estimate.allowance, cap)
}

/**
 * True when a change of `ratio` (head/base) is no larger than the drift bound, measured from the
 * median of the baseline's state where it has one (driftReference).
 */
export function withinDrift(ratio: number, estimate: DriftEstimate | undefined): boolean {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return false
  const { bound, shift } = driftReference(estimate)
  const r = ratio * shift
  return Math.max(r, 1 / r) <= bound
}

/**
 * σ from absolute differences of two draws: their median scaled to a normal's standard deviation;
 * where more than half are 0 (a clock's resolution), their mean instead, so steps of one tick count.
 */
function robustScale(differences: number[]): number {
  if (differences.length === 0) return 0
  const m = median(differences)
  if (m > 0) return DIFFERENCE_TO_SIGMA * m
  const mean = differences.reduce((s, d) => s + d, 0) / differences.length
  // E|X − Y| = 2σ/√π for two normal draws.
  return (mean * Math.sqrt(Math.PI)) / 2
}

function difference(a: { y: number; order: number }, b: { y: number; order: number }) {
  return { d: Math.abs(a.y - b.y), a: a.order, b: b.order }
}

function median(values: readonly number[]): number {
  // A typed array sorts numbers by value without a comparator: the same order, several times faster
  // on the hundreds of differences a long state of one commit gives.
  const sorted = Float64Array.from(values).sort()
  const n = sorted.length
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2
}

function signedPercent(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±'
  return `${sign}${Math.abs(change * 100).toFixed(1)}%`
}

export interface MomentsDecision {
  verdict: 'regression' | 'improvement' | 'unclear'
  /** What the rule was and how the change stood against it, for the metric's notes. */
  note: string
  /** Why the change is unclear, in a few words for the row: set when the verdict is unclear. */
  why?: string
}

/**
 * The bound a change is judged against, and what it is measured from: the baseline's own run, or
 * where the baseline shares its state with other runs, their median (`shift`: head / median is
 * head / base × shift), which the baseline's own moment does not add to.
 */
export function driftReference(estimate: DriftEstimate | undefined): {
  bound: number
  shift: number
  runs?: number
} {
  const ref = estimate?.reference
  if (!ref || estimate?.busyUnknown || estimate?.mixed) return { bound: driftBound(estimate), shift: 1 }
  const cap = Math.max(UNKNOWN_NOISE_BOUND, estimate!.widest)
  return { bound: Math.min(ref.allowance, cap), shift: Math.exp(ref.offset), runs: ref.runs }
}

/**
 * The drift bound in words, to follow "within" or "beyond": "the drift of the same code over the last
 * 5 runs: ±14.8%", or where the drift is unknown the bound assumed and why.
 */
export function describeDrift(estimate: DriftEstimate | undefined, storedRuns: number): string {
  if (estimate?.busyUnknown)
    return 'what a busy moment does to a run: one side was measured on a busy machine and the other not, and fewer than 3 stored runs of the same code show how far that moves a run'
  const { bound, runs } = driftReference(estimate)
  const limit = `±${percent(bound - 1)}`
  if (estimate?.allowance === undefined) {
    const largest = estimate?.largest ?? storedRuns
    if (largest === 0) return `${limit}, assumed: no stored runs to know the drift from`
    const some = `${largest} stored run${largest === 1 ? '' : 's'} of the same code`
    return bound > UNKNOWN_NOISE_BOUND
      ? `${limit}, how far ${some} differed`
      : `${limit}, assumed: only ${some}, too few to know its drift`
  }
  if (estimate.mixed)
    return `the drift of the same code over the last ${estimate.used} quiet runs, and what a busy moment did to ${estimate.mixed.busyRuns} others: ${limit}`
  const allowance = runs !== undefined ? estimate.reference!.allowance : estimate.allowance
  const shown = bound < allowance ? `±${percent(allowance - 1)}, capped at ${limit}` : limit
  const from = runs !== undefined ? `, from the median of the baseline's ${runs} runs` : ''
  return `the drift of the same code over the last ${estimate.used} runs: ${shown}${from}`
}

/**
 * The verdict of a regression or an improvement found across moments: it stands only when the whole
 * interval of the ratio (head / base, or head / the median of the baseline's state) lies beyond the
 * drift bound on its side (driftReference), and is unclear otherwise.
 */
export function decideAcrossMoments(
  verdict: 'regression' | 'improvement',
  interval: readonly [number, number],
  direction: 'lower' | 'higher',
  estimate: DriftEstimate | undefined,
  storedRuns: number,
): MomentsDecision {
  const { bound, shift, runs } = driftReference(estimate)
  const [low, high] = [interval[0] * shift, interval[1] * shift]
  // Which way the change goes in ratio terms: up for a slower time or a higher rate.
  const up = (verdict === 'regression') === (direction === 'lower')
  const beyond = up ? low > bound : high < 1 / bound
  const what = verdict === 'regression' ? 'a regression' : 'an improvement'
  const drift = describeDrift(estimate, storedRuns)
  const against = runs !== undefined ? ' against that median' : ''
  const seen =
    low === high
      ? `the change${against} is ${signedPercent(low - 1)}`
      : `the interval${against} is ${signedPercent(low - 1)} to ${signedPercent(high - 1)}`
  const limit = signedPercent(up ? bound - 1 : 1 / bound - 1)
  const rule = Number.isFinite(bound)
    ? `across moments, ${what} needs the whole interval beyond ${limit} (${drift})`
    : `across moments, ${what} cannot be told from ${drift}`
  return beyond
    ? { verdict, note: `${rule}; ${seen}` }
    : {
        verdict: 'unclear',
        note: `${rule}; ${seen}, which a change of the machine between the runs could explain`,
        why: `within ${drift}`,
      }
}

function percent(fraction: number): string {
  return `${Math.abs(fraction * 100).toFixed(1)}%`
}
