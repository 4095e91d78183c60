// Change points in the history of a benchmark metric: where a metric on the base branch shifted, by
// how much, and how sure we are. Timed metrics (one median per commit, noisy): `detectChangePoints`,
// shifts proposed by PELT (the default) or windowed e-divisive on the log scale after a Hampel filter,
// then confirmed by a rank permutation test, joined into drifts and located within a likelihood margin.
// Deterministic metrics (instruction counts): `exactChangePoints`. Why these methods and settings, with
// their measurements (docs/methodology.md#change-points-in-a-history). The steps are exported too, so
// that each can be checked against a direct computation of what it computes.
import { medianInPlace } from './bootstrap.ts'
import { SeededRandom } from './random.ts'

export interface ChangePoint {
  /**
   * The first index of the new level: values[index] is the first value after the shift. For a
   * gradual shift, the single commit that best separates the levels.
   */
  index: number
  /** The earliest index at which the shift may have started (inclusive). */
  from: number
  /** The latest index at which it may have started, or for a drift the last commit that moved it (inclusive). */
  to: number
  /** The median of the level before `from`. */
  before: number
  /** The median of the level from `to` on. */
  after: number
  /** after / before − 1. */
  change: number
  /** How likely a split this strong is in that stretch of history with no shift; 0 for exact metrics. */
  pValue: number
}

export type ChangePointAlgorithm = 'e-divisive' | 'pelt'

export interface ChangePointOptions {
  algorithm?: ChangePointAlgorithm
  /** Significance level a change point must reach. */
  alpha?: number
  /** Smallest relative change reported (0.02: 2%). */
  minChange?: number
  /** Commits looked at either side of a change point, and e-divisive's window. */
  window?: number
  /** Fewest commits a level may last. */
  minSegment?: number
  /** Permutations of the significance test. */
  permutations?: number
  /** PELT's penalty per change point, in multiples of ln(n) (in units of the noise variance). */
  penalty?: number
  seed?: string | number
}

export const DEFAULT_CHANGE_POINT_OPTIONS: Readonly<Required<ChangePointOptions>> = {
  algorithm: 'pelt',
  alpha: 0.001,
  minChange: 0.02,
  window: 50,
  minSegment: 5,
  permutations: 1999,
  penalty: 8,
  seed: 'change-points',
}

/** Change points of a noisy metric's history (one median per commit, oldest first), oldest first. */
export function detectChangePoints(
  values: readonly number[],
  options: ChangePointOptions = {},
): ChangePoint[] {
  const settings = resolve(options)
  return settings.algorithm === 'e-divisive' ? eDivisive(values, settings) : pelt(values, settings)
}

/** `detectChangePoints` with shifts proposed by windowed e-divisive. */
export function eDivisive(values: readonly number[], options: ChangePointOptions = {}): ChangePoint[] {
  const settings = resolve(options)
  const series = prepare(values)
  if (series.y.length < 2 * settings.minSegment) return []
  return confirm(series, eDivisiveSplits(series.y, settings), settings)
}

/** `detectChangePoints` with shifts proposed by PELT. */
export function pelt(values: readonly number[], options: ChangePointOptions = {}): ChangePoint[] {
  const settings = resolve(options)
  const series = prepare(values)
  if (series.y.length < 2 * settings.minSegment) return []
  return confirm(series, peltSplits(series, settings), settings)
}

function resolve(options: ChangePointOptions): Required<ChangePointOptions> {
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  const settings: Required<ChangePointOptions> = { ...DEFAULT_CHANGE_POINT_OPTIONS, ...given }
  const { alpha, minChange, window, minSegment, permutations, penalty } = settings
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`)
  if (!(minChange >= 0)) throw new RangeError(`minChange must be at least 0, got ${minChange}`)
  if (!Number.isInteger(minSegment) || minSegment < 2)
    throw new RangeError(`minSegment must be an integer of at least 2, got ${minSegment}`)
  if (!Number.isInteger(window) || window < 2 * minSegment)
    throw new RangeError(`window must be an integer of at least 2 × minSegment, got ${window}`)
  if (!Number.isInteger(permutations) || permutations < 1)
    throw new RangeError(`permutations must be a positive integer, got ${permutations}`)
  if (!(penalty > 0)) throw new RangeError(`penalty must be positive, got ${penalty}`)
  return settings
}

// ---------------------------------------------------------------------------------------------
// The series as the statistics see it.

/** Relative noise below this (0.001%) is taken as this, so a constant history divides by no zero. */
const MIN_NOISE = 1e-5
/** The Hampel filter looks this many commits either side. */
const HAMPEL_HALF_WIDTH = 3
/** … and clips a value to within this many noise scales of their median. */
const HAMPEL_CLIP = 3

export interface Series {
  values: readonly number[]
  /** Filtered logs, centred on their median (which keeps the sums below small). */
  y: Float64Array
  /** Noise scale of the logs (≈ the coefficient of variation). */
  sigma: number
  /** Prefix sums of y, y² and i·y: any level's fit in O(1). */
  s1: Float64Array
  s2: Float64Array
  si: Float64Array
}

export function prepare(values: readonly number[]): Series {
  const n = values.length
  const logs = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const value = values[i]
    if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) {
      throw new Error(`values[${i}] is ${String(value)}: a metric's history holds finite positive numbers`)
    }
    logs[i] = Math.log(value)
  }
  const centre = n > 0 ? medianInPlace(logs.slice()) : 0
  for (let i = 0; i < n; i++) logs[i]! -= centre
  const sigma = noiseScale(logs)
  const y = hampel(logs, sigma)
  const s1 = new Float64Array(n + 1)
  const s2 = new Float64Array(n + 1)
  const si = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) {
    const v = y[i]!
    s1[i + 1] = s1[i]! + v
    s2[i + 1] = s2[i]! + v * v
    si[i + 1] = si[i]! + i * v
  }
  return { values, y, sigma, s1, s2, si }
}

/**
 * The standard deviation of the noise, from the median absolute difference of neighbours (divided
 * by √2, scaled to a normal's standard deviation). A shift moves one difference, a drift all of them
 * a little: neither moves their median much, where the spread of the values would take the shift in.
 */
function noiseScale(logs: Float64Array): number {
  if (logs.length < 2) return MIN_NOISE
  const differences = new Float64Array(logs.length - 1)
  for (let i = 1; i < logs.length; i++) differences[i - 1] = Math.abs(logs[i]! - logs[i - 1]!)
  return Math.max((1.4826 * medianInPlace(differences)) / Math.SQRT2, MIN_NOISE)
}

/**
 * Clips a value that stands out from both sides: above (or below) the median of the 3 values before
 * it and the median of the 3 after it by more than 3 noise scales. A value at the edge of a step
 * agrees with one side and is left alone, even when a slow run sits among its neighbours.
 */
function hampel(logs: Float64Array, sigma: number): Float64Array {
  const n = logs.length
  const out = new Float64Array(n)
  const side = new Float64Array(HAMPEL_HALF_WIDTH)
  const sideMedian = (lo: number, hi: number) => {
    if (hi <= lo) return Number.NaN
    const part = side.subarray(0, hi - lo)
    part.set(logs.subarray(lo, hi))
    return medianInPlace(part)
  }
  const limit = HAMPEL_CLIP * sigma
  for (let i = 0; i < n; i++) {
    const value = logs[i]!
    const before = sideMedian(Math.max(0, i - HAMPEL_HALF_WIDTH), i)
    const after = sideMedian(i + 1, Math.min(n, i + 1 + HAMPEL_HALF_WIDTH))
    const medians = [before, after].filter((m) => !Number.isNaN(m))
    const high = Math.max(...medians) + limit
    const low = Math.min(...medians) - limit
    out[i] = value > high ? high : value < low ? low : value
  }
  return out
}

/** Sum of squared deviations from their mean of y[lo..hi). */
export function levelCost(s: Series, lo: number, hi: number): number {
  const n = hi - lo
  if (n <= 0) return 0
  const sum = s.s1[hi]! - s.s1[lo]!
  return Math.max(0, s.s2[hi]! - s.s2[lo]! - (sum * sum) / n)
}

function levelMean(s: Series, lo: number, hi: number): number {
  return (s.s1[hi]! - s.s1[lo]!) / (hi - lo)
}

/**
 * Squared error of the fit "level before, a straight line from it to the level after, level after":
 * y[lo..a) at their mean μ1, y[b..hi) at their mean μ2, and y[a..b) on the line that goes from μ1 at
 * a − 1 to μ2 at b. A step is a = b.
 */
export function transitionCost(s: Series, lo: number, a: number, b: number, hi: number): number {
  const mu1 = levelMean(s, lo, a)
  const mu2 = levelMean(s, b, hi)
  let cost = levelCost(s, lo, a) + levelCost(s, b, hi)
  const length = b - a
  if (length > 0) {
    const d = mu2 - mu1
    const sumY = s.s1[b]! - s.s1[a]!
    const sumYY = s.s2[b]! - s.s2[a]!
    // Σ j·y over the transition, j = i − a + 1 running 1..length; the line is μ1 + d·j/(length + 1).
    const sumJY = s.si[b]! - s.si[a]! - (a - 1) * sumY
    const sumLineY = mu1 * sumY + (d * sumJY) / (length + 1)
    const sumLine2 =
      length * mu1 * mu1 + mu1 * d * length + (d * d * length * (2 * length + 1)) / (6 * (length + 1))
    cost += Math.max(0, sumYY - 2 * sumLineY + sumLine2)
  }
  return cost
}

// ---------------------------------------------------------------------------------------------
// Proposing shifts: e-divisive.

/**
 * Windowed e-divisive: windows of `window` commits, each half a window after the last, each split
 * recursively at its best energy split while a permutation test (shuffling the values within each
 * part found so far) calls it significant at 10 × alpha. Splits found by two windows are the same
 * shift: of splits closer than `minSegment`, the stronger stays.
 */
export function eDivisiveSplits(y: Float64Array, settings: Required<ChangePointOptions>): number[] {
  const { window, minSegment } = settings
  const n = y.length
  const found: Array<{ index: number; q: number }> = []
  const scratch = new Float64Array((window + 1) * (window + 1))
  const step = Math.max(1, Math.floor(window / 2))
  for (let start = 0; start + 2 * minSegment <= n; start += step) {
    const end = Math.min(n, start + window)
    const random = new SeededRandom(`${settings.seed}:e-divisive:${start}`)
    for (const split of splitWindow(y.slice(start, end), settings, random, scratch)) {
      found.push({ index: start + split.index, q: split.q })
    }
    if (end === n) break
  }
  found.sort((p, q) => p.index - q.index)
  const kept: Array<{ index: number; q: number }> = []
  for (const split of found) {
    const last = kept[kept.length - 1]
    if (last && split.index - last.index < minSegment) {
      if (split.q > last.q) kept[kept.length - 1] = split
    } else kept.push(split)
  }
  return kept.map((split) => split.index)
}

/** Hunter's first pass is looser than its final level: its splits are candidates, confirmed later. */
const CANDIDATE_ALPHA_FACTOR = 10
/** Permutations of e-divisive's first pass; its p-values only need to reach 10 × alpha. */
const CANDIDATE_PERMUTATIONS = 199

function splitWindow(
  v: Float64Array,
  settings: Required<ChangePointOptions>,
  random: SeededRandom,
  scratch: Float64Array,
): Array<{ index: number; q: number }> {
  const m = settings.minSegment
  const alpha = Math.min(0.5, settings.alpha * CANDIDATE_ALPHA_FACTOR)
  const cuts: Array<{ index: number; q: number }> = []
  const shuffled = v.slice()
  for (;;) {
    const bounds = [0, ...cuts.map((c) => c.index).sort((a, b) => a - b), v.length]
    let best = { index: -1, q: 0 }
    for (let k = 0; k + 1 < bounds.length; k++) {
      const split = bestEnergySplit(v, bounds[k]!, bounds[k + 1]!, m, scratch)
      if (split.q > best.q) best = split
    }
    if (best.index < 0) return cuts
    // The test's level is reached with at most `allowed` permuted series as strong as the real one.
    const allowed = alpha * (CANDIDATE_PERMUTATIONS + 1) - 1
    let exceed = 0
    shuffled.set(v)
    for (let r = 0; r < CANDIDATE_PERMUTATIONS && exceed <= allowed; r++) {
      let strongest = 0
      for (let k = 0; k + 1 < bounds.length; k++) {
        shuffle(shuffled, bounds[k]!, bounds[k + 1]!, random)
        strongest = Math.max(strongest, bestEnergySplit(shuffled, bounds[k]!, bounds[k + 1]!, m, scratch).q)
      }
      if (strongest >= best.q) exceed++
    }
    if (exceed > allowed) return cuts
    cuts.push(best)
  }
}

/**
 * The split of v[lo..hi) with the largest energy statistic (Matteson & James, exponent 1):
 * q = n1·n2/(n1 + n2) · (2·mean|x − y| − mean|x − x'| − mean|y − y'|) for the values x before the
 * split and y from it on, where the second part may end early (at κ ≤ hi: a later shift does not
 * dilute this one). Sums of distances over any two ranges come from 2-D prefix sums, so every
 * (split, κ) costs O(1).
 */
export function bestEnergySplit(
  v: Float64Array,
  lo: number,
  hi: number,
  m: number,
  prefix: Float64Array,
): { index: number; q: number } {
  const length = hi - lo
  let best = { index: -1, q: 0 }
  if (length < 2 * m) return best
  const w = length + 1
  for (let j = 0; j <= length; j++) prefix[j] = 0
  for (let i = 1; i <= length; i++) {
    const x = v[lo + i - 1]!
    let row = 0
    prefix[i * w] = 0
    for (let j = 1; j <= length; j++) {
      row += Math.abs(x - v[lo + j - 1]!)
      prefix[i * w + j] = prefix[(i - 1) * w + j]! + row
    }
  }
  // Sum of distances between rows r0..r1 − 1 and columns c0..c1 − 1.
  const block = (r0: number, r1: number, c0: number, c1: number) =>
    prefix[r1 * w + c1]! - prefix[r0 * w + c1]! - prefix[r1 * w + c0]! + prefix[r0 * w + c0]!
  for (let tau = m; tau <= length - m; tau++) {
    const withinBefore = block(0, tau, 0, tau) / (tau * (tau - 1))
    for (let kappa = tau + m; kappa <= length; kappa++) {
      const n2 = kappa - tau
      const between = block(0, tau, tau, kappa) / (tau * n2)
      const withinAfter = block(tau, kappa, tau, kappa) / (n2 * (n2 - 1))
      const q = ((tau * n2) / (tau + n2)) * (2 * between - withinBefore - withinAfter)
      if (q > best.q) best = { index: lo + tau, q }
    }
  }
  return best
}

function shuffle(values: Float64Array, lo: number, hi: number, random: SeededRandom): void {
  for (let i = hi - 1; i > lo; i--) {
    const j = lo + random.nextInt(i - lo + 1)
    const swap = values[i]!
    values[i] = values[j]!
    values[j] = swap
  }
}

// ---------------------------------------------------------------------------------------------
// Proposing shifts: PELT.

/** PELT runs on blocks of at most this many windows, overlapping by two windows. */
const PELT_BLOCK_WINDOWS = 20

/**
 * PELT (Killick, Fearnhead & Eckley 2012): the partition into levels of at least `minSegment`
 * commits that minimises the squared error in units of the noise variance plus `penalty`·ln(n) per
 * change point, exactly, pruning split candidates that can no longer win. A long history is cut into
 * blocks of PELT_BLOCK_WINDOWS windows overlapping by two, each keeping the splits found farther than
 * a window from its cut ends (docs/methodology.md#change-points-in-a-history).
 */
export function peltSplits(s: Series, settings: Required<ChangePointOptions>): number[] {
  const n = s.y.length
  const { window } = settings
  const block = PELT_BLOCK_WINDOWS * window
  const beta = settings.penalty * Math.log(n)
  if (n <= block) return peltBlock(s, 0, n, beta, settings.minSegment)
  const splits: number[] = []
  for (let start = 0; ; start += block - 2 * window) {
    const end = Math.min(n, start + block)
    const keepFrom = start === 0 ? 0 : start + window
    const keepTo = end === n ? n : end - window
    for (const split of peltBlock(s, start, end, beta, settings.minSegment)) {
      if (split >= keepFrom && split < keepTo) splits.push(split)
    }
    if (end === n) return splits
  }
}

export function peltBlock(s: Series, start: number, end: number, beta: number, m: number): number[] {
  const length = end - start
  const scale = 1 / (s.sigma * s.sigma)
  const best = new Float64Array(length + 1).fill(Number.POSITIVE_INFINITY)
  const previous = new Int32Array(length + 1)
  const cost = new Float64Array(length + 1)
  best[0] = -beta
  let candidates: number[] = []
  for (let t = m; t <= length; t++) {
    const newest = t - m
    if (newest === 0 || newest >= m) candidates.push(newest)
    let value = Number.POSITIVE_INFINITY
    let arg = 0
    for (const c of candidates) {
      const fit = best[c]! + levelCost(s, start + c, start + t) * scale
      cost[c] = fit
      if (fit + beta < value) {
        value = fit + beta
        arg = c
      }
    }
    best[t] = value
    previous[t] = arg
    candidates = candidates.filter((c) => cost[c]! <= value)
  }
  const splits: number[] = []
  for (let t = previous[length]!; t > 0; t = previous[t]!) splits.push(start + t)
  return splits.reverse()
}

// ---------------------------------------------------------------------------------------------
// Confirming, locating and describing shifts.

/**
 * How far (in log-likelihood) a transition's fit may be from the best and still be where the shift
 * started: ln(2 / (1 − 0.9)), so that the range holds the true start at least 90% of the time
 * (docs/methodology.md#change-points-in-a-history).
 */
const LOCATION_MARGIN = Math.log(20)
/** A level either side of a transition has at least this many commits in its fit. */
const MIN_LEVEL = 2

interface Group {
  /** The splits that make this change point, ascending; more than one for a drift. */
  splits: number[]
}

export interface Evaluated extends ChangePoint {
  lo: number
  hi: number
}

/**
 * Hunter's merge step, with a rank permutation test in place of its t-test: while any change point
 * is not significant in its stretch (between its neighbours, at most a window either side), drop the
 * least significant; then join same-direction neighbours that one transition explains; then drop
 * changes below minChange, smallest first. Dropping or joining one changes its neighbours' stretches,
 * so they are looked at again.
 */
export function confirm(
  s: Series,
  splits: readonly number[],
  settings: Required<ChangePointOptions>,
): ChangePoint[] {
  const n = s.y.length
  const m = settings.minSegment
  // Levels last at least minSegment commits; of two splits closer than that, the first stays.
  let groups: Group[] = []
  for (const split of [...splits].sort((a, b) => a - b)) {
    const previous = groups.length > 0 ? lastOf(groups[groups.length - 1]!) : 0
    if (split - previous >= m && split <= n - m) groups.push({ splits: [split] })
  }
  const cache = new Map<string, Evaluated>()
  const evaluateAt = (k: number): Evaluated => {
    const group = groups[k]!
    const first = group.splits[0]!
    const last = group.splits[group.splits.length - 1]!
    const lo = Math.max(k > 0 ? lastOf(groups[k - 1]!) : 0, first - settings.window)
    const hi = Math.min(k + 1 < groups.length ? groups[k + 1]!.splits[0]! : n, last + settings.window)
    const key = `${lo}:${hi}:${group.splits.join(',')}`
    let known = cache.get(key)
    if (!known) {
      known = evaluate(s, lo, hi, settings)
      cache.set(key, known)
    }
    return known
  }
  for (;;) {
    const evaluated = groups.map((_, k) => evaluateAt(k))
    const weakest = argMax(evaluated.map((e) => e.pValue))
    if (weakest >= 0 && evaluated[weakest]!.pValue > settings.alpha) {
      groups.splice(weakest, 1)
      continue
    }
    const joined = joinable(s, groups, evaluated)
    if (joined >= 0) {
      groups = [
        ...groups.slice(0, joined),
        { splits: [...groups[joined]!.splits, ...groups[joined + 1]!.splits] },
        ...groups.slice(joined + 2),
      ]
      continue
    }
    const smallest = argMax(evaluated.map((e) => -Math.abs(e.change)))
    if (smallest >= 0 && Math.abs(evaluated[smallest]!.change) < settings.minChange) {
      groups.splice(smallest, 1)
      continue
    }
    return evaluated.map(({ lo: _lo, hi: _hi, ...point }) => point)
  }
}

function lastOf(group: Group): number {
  return group.splits[group.splits.length - 1]!
}

function argMax(values: readonly number[]): number {
  let arg = -1
  for (let i = 0; i < values.length; i++) if (arg < 0 || values[i]! > values[arg]!) arg = i
  return arg
}

/**
 * The first k such that change points k and k + 1 shift the same way and one transition over their
 * joint stretch fits within LOCATION_MARGIN of the steps at all their splits; −1 if none.
 */
function joinable(s: Series, groups: readonly Group[], evaluated: readonly Evaluated[]): number {
  for (let k = 0; k + 1 < groups.length; k++) {
    const a = evaluated[k]!
    const b = evaluated[k + 1]!
    if (Math.sign(a.change) !== Math.sign(b.change)) continue
    const lo = a.lo
    const hi = b.hi
    const splits = [...groups[k]!.splits, ...groups[k + 1]!.splits]
    let steps = 0
    let start = lo
    for (const split of splits) {
      steps += levelCost(s, start, split)
      start = split
    }
    steps += levelCost(s, start, hi)
    const { cost } = bestTransition(s, lo, hi)
    if ((cost - steps) / (2 * s.sigma * s.sigma) <= LOCATION_MARGIN) return k
  }
  return -1
}

export function bestTransition(s: Series, lo: number, hi: number): { cost: number; a: number; b: number } {
  let best = { cost: Number.POSITIVE_INFINITY, a: lo, b: lo }
  for (let a = lo + MIN_LEVEL; a <= hi - MIN_LEVEL; a++) {
    for (let b = a; b <= hi - MIN_LEVEL; b++) {
      const cost = transitionCost(s, lo, a, b, hi)
      if (cost < best.cost) best = { cost, a, b }
    }
  }
  return best
}

/**
 * A change point with the stretch y[lo..hi) around it: where, how large, how sure. A step is the
 * model unless a transition over several commits fits better by more than LOCATION_MARGIN (it has
 * one more thing to fit); the range is then every transition's start to end within the margin.
 */
export function evaluate(
  s: Series,
  lo: number,
  hi: number,
  settings: Required<ChangePointOptions>,
): Evaluated {
  const margin = 2 * s.sigma * s.sigma * LOCATION_MARGIN
  let index = lo
  let stepCost = Number.POSITIVE_INFINITY
  for (let a = lo + MIN_LEVEL; a <= hi - MIN_LEVEL; a++) {
    const cost = transitionCost(s, lo, a, a, hi)
    if (cost < stepCost) {
      stepCost = cost
      index = a
    }
  }
  const gradual = bestTransition(s, lo, hi)
  let from = index
  let to = index
  if (stepCost - gradual.cost > margin) {
    for (let a = lo + MIN_LEVEL; a <= hi - MIN_LEVEL; a++) {
      for (let b = a; b <= hi - MIN_LEVEL; b++) {
        if (transitionCost(s, lo, a, b, hi) <= gradual.cost + margin) {
          from = Math.min(from, a)
          to = Math.max(to, b)
        }
      }
    }
  } else {
    for (let a = lo + MIN_LEVEL; a <= hi - MIN_LEVEL; a++) {
      if (transitionCost(s, lo, a, a, hi) <= stepCost + margin) {
        from = Math.min(from, a)
        to = Math.max(to, a)
      }
    }
  }
  const before = median(s.values, lo, from)
  const after = median(s.values, to, hi)
  const random = new SeededRandom(`${settings.seed}:test:${lo}:${hi}`)
  const pValue = shiftTest(s.y, lo, hi, settings, random)
  return { lo, hi, index, from, to, before, after, change: after / before - 1, pValue }
}

function median(values: readonly number[], lo: number, hi: number): number {
  const part = new Float64Array(hi - lo)
  for (let i = lo; i < hi; i++) part[i - lo] = values[i]!
  return medianInPlace(part)
}

/**
 * Is there a shift anywhere in y[lo..hi)? The statistic is the largest standardised rank sum
 * |W − E[W]| / sd(W) over every split leaving minSegment values either side (Mann–Whitney's z at
 * each split); its distribution with no shift comes from permuting the ranks. A permutation run
 * stops as soon as the level can no longer be reached (Besag & Clifford): stable stretches cost a
 * few dozen permutations, real shifts all of them.
 */
export function shiftTest(
  y: Float64Array,
  lo: number,
  hi: number,
  settings: Required<ChangePointOptions>,
  random: SeededRandom,
): number {
  const length = hi - lo
  const m = settings.minSegment
  if (length < 2 * m) return 1
  const ranks = midRanks(y.subarray(lo, hi))
  const sd = new Float64Array(length)
  for (let n1 = m; n1 <= length - m; n1++) sd[n1] = Math.sqrt((n1 * (length - n1) * (length + 1)) / 12)
  const observed = largestZ(ranks, sd, m)
  if (!(observed > 0)) return 1
  const threshold = observed * (1 - 1e-12)
  const permutations = settings.permutations
  const allowed = settings.alpha * (permutations + 1) - 1
  let exceed = 0
  for (let r = 1; r <= permutations; r++) {
    shuffle(ranks, 0, length, random)
    if (largestZ(ranks, sd, m) >= threshold) {
      exceed++
      if (exceed > allowed) return (exceed + 1) / (r + 1)
    }
  }
  return (exceed + 1) / (permutations + 1)
}

export function largestZ(ranks: Float64Array, sd: Float64Array, m: number): number {
  const length = ranks.length
  const half = (length + 1) / 2
  let sum = 0
  let largest = 0
  for (let n1 = 1; n1 <= length - m; n1++) {
    sum += ranks[n1 - 1]!
    if (n1 < m) continue
    const z = Math.abs(sum - n1 * half) / sd[n1]!
    if (z > largest) largest = z
  }
  return largest
}

export function midRanks(values: Float64Array): Float64Array {
  const order = Array.from(values.keys()).sort((i, j) => values[i]! - values[j]!)
  const ranks = new Float64Array(values.length)
  for (let start = 0; start < order.length; ) {
    let end = start + 1
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++
    const rank = (start + 1 + end) / 2
    for (let k = start; k < end; k++) ranks[order[k]!] = rank
    start = end
  }
  return ranks
}

// ---------------------------------------------------------------------------------------------
// Deterministic metrics.

/**
 * Change points of a deterministic metric's history (instruction counts), where every change is the
 * code's. A value that moves by more than `threshold` (relative: 0.01 is 1%) from the one before is
 * a change at that commit: from = to = index. Smaller moves add up: once the value has drifted more
 * than `threshold` from the level after the last change, that is one change, from the first commit
 * of the drift (after the value last stood at or on the other side of that level) to the commit that
 * took it past the threshold. Jitter that keeps coming back never adds up. A step's level restarts
 * at its new value, so a drift below the threshold before a step is not carried into it.
 */
export function exactChangePoints(values: readonly number[], threshold: number): ChangePoint[] {
  if (!(threshold >= 0) || !Number.isFinite(threshold)) {
    throw new RangeError(`threshold must be a finite number of at least 0, got ${threshold}`)
  }
  values.forEach((value, i) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) {
      throw new Error(`values[${i}] is ${String(value)}: a metric's history holds finite positive numbers`)
    }
  })
  const points: ChangePoint[] = []
  if (values.length === 0) return points
  let level = values[0]!
  // The last commits at which the value stood at or below, and at or above, the level.
  let lastNotAbove = 0
  let lastNotBelow = 0
  const restart = (i: number) => {
    level = values[i]!
    lastNotAbove = i
    lastNotBelow = i
  }
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!
    const previous = values[i - 1]!
    const step = value / previous - 1
    if (Math.abs(step) > threshold) {
      points.push({ index: i, from: i, to: i, before: previous, after: value, change: step, pValue: 0 })
      restart(i)
      continue
    }
    const drift = value / level - 1
    if (Math.abs(drift) > threshold) {
      const from = (drift > 0 ? lastNotAbove : lastNotBelow) + 1
      points.push({ index: i, from, to: i, before: level, after: value, change: drift, pValue: 0 })
      restart(i)
      continue
    }
    if (value <= level) lastNotAbove = i
    if (value >= level) lastNotBelow = i
  }
  return points
}
