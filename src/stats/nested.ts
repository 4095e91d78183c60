// Samples nested in processes: a wall-clock runner takes several samples in each process, and samples of
// one process share its code and data placement (stack, heap, alignment), so processes can differ by
// more than samples within one do (Mytkowicz et al., ASPLOS 2009). Pooled, such samples look more
// independent than they are and the interval comes out too narrow. Here: the groups of samples by
// process and of pairs by pair of processes, which the bootstrap resamples (stats/bootstrap.ts), and the
// share of the spread between processes (docs/methodology.md#nested-samples).

/** The indices of the samples (or pairs) of each process, one list per process. */
export type Groups = ReadonlyArray<readonly number[]>

/** How a comparison's values are nested: each side's samples by process, and the pairs by pair of processes. */
export interface Nesting {
  base?: Groups
  head?: Groups
  pairs?: Groups
}

/** The process of each sample, from how many consecutive samples each process took (a metric's `processes`). */
export function processLabels(sizes: readonly number[], samples: number): number[] {
  const labels = sizes.flatMap((size, process) => Array.from({ length: size }, () => process))
  if (labels.length !== samples)
    throw new Error(`processes account for ${labels.length} samples, but there are ${samples}`)
  return labels
}

/** The indices that share a label, one list per label, in the order labels first appear. */
export function groupsOf(labels: readonly (number | string)[]): number[][] {
  const byLabel = new Map<number | string, number[]>()
  labels.forEach((label, i) => {
    const group = byLabel.get(label)
    if (group) group.push(i)
    else byLabel.set(label, [i])
  })
  return [...byLabel.values()]
}

/**
 * Whether resampling by these groups differs from resampling the values one by one: more than one
 * group, and not every value a group of its own.
 */
export function nests(groups: Groups | undefined, values: number): groups is Groups {
  return groups !== undefined && groups.length > 1 && groups.length < values
}

/**
 * The nesting of a comparison: each side's samples by process (absent where a side has no `processes`),
 * and, given pairs of sample indices, the groups of the selected samples and of the pairs — pairs that
 * share a base process and a head process form a pair of processes. A side without processes counts
 * each sample as its own process. Only groupings that nest (see `nests`) are returned.
 */
export function processNesting(
  baseSizes: readonly number[] | undefined,
  headSizes: readonly number[] | undefined,
  counts: { base: number; head: number },
  pairs?: ReadonlyArray<readonly [number, number]>,
): Nesting {
  const base = baseSizes && processLabels(baseSizes, counts.base)
  const head = headSizes && processLabels(headSizes, counts.head)
  const nested = (labels: Array<number | string> | undefined, n: number) => {
    const groups = labels && groupsOf(labels)
    return nests(groups, n) ? groups : undefined
  }
  if (!pairs) return clean({ base: nested(base, counts.base), head: nested(head, counts.head) })
  if (!base && !head) return {}
  const baseOf = ([b]: readonly [number, number]) => base?.[b] ?? `sample ${b}`
  const headOf = ([, h]: readonly [number, number]) => head?.[h] ?? `sample ${h}`
  return clean({
    base: nested(base && pairs.map((p) => base[p[0]]!), pairs.length),
    head: nested(head && pairs.map((p) => head[p[1]]!), pairs.length),
    pairs: nested(
      pairs.map((p) => `${baseOf(p)}\u0000${headOf(p)}`),
      pairs.length,
    ),
  })
}

function clean(nesting: Nesting): Nesting {
  return Object.fromEntries(Object.entries(nesting).filter(([, g]) => g !== undefined))
}

/**
 * The share of the spread that lies between processes: σ²_between ÷ (σ²_between + σ²_within) of the
 * one-way random-effects model y = μ + process effect + within-process noise (the intraclass
 * correlation). Estimated by the ANOVA (method-of-moments) estimator: σ²_within = MSW, σ²_between =
 * (MSB − MSW) / n₀ with n₀ = (N − Σnᵢ² / N) / (k − 1), the usual form for processes of unequal size.
 * It is closed-form, unbiased before clipping and assumes no distribution, where maximum likelihood
 * or REML would need iterating and normality; a negative estimate (processes agreeing better than
 * their own noise predicts) is clipped at 0, for a variance cannot be negative. Undefined with fewer
 * than 2 processes, with no process of 2 or more samples (no within spread to measure), or with no
 * spread at all.
 */
export function betweenProcessShare(values: readonly number[], groups: Groups): number | undefined {
  const k = groups.length
  const n = groups.reduce((total, g) => total + g.length, 0)
  if (k < 2 || n <= k) return undefined
  const mean = (g: readonly number[]) => g.reduce((total, i) => total + values[i]!, 0) / g.length
  const means = groups.map(mean)
  const grand = groups.reduce((total, g, i) => total + g.length * means[i]!, 0) / n
  let ssb = 0
  let ssw = 0
  groups.forEach((g, i) => {
    ssb += g.length * (means[i]! - grand) ** 2
    for (const j of g) ssw += (values[j]! - means[i]!) ** 2
  })
  const msb = ssb / (k - 1)
  const msw = ssw / (n - k)
  const n0 = (n - groups.reduce((total, g) => total + g.length ** 2, 0) / n) / (k - 1)
  const between = Math.max(0, (msb - msw) / n0)
  return between + msw > 0 ? between / (between + msw) : undefined
}
