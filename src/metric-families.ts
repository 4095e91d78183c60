// One measurement, one verdict: metrics computed from another metric of the same benchmark form a
// family named after the metric they are computed from; only one metric of a family gates, and the
// others show its verdict. A kind's catalogue (src/kinds/*/metrics.ts) is passed here as `derived`:
// metric → the metric it is computed from (docs/methodology.md#metric-families).

/** A kind's metrics computed from another metric of the same benchmark: metric → its source. */
export type DerivedMetrics = Readonly<Record<string, string>>

/** A metric as far as families go: an imported one may say what it was computed from. */
export interface FamilyMember {
  derivedFrom?: string
}

/** The metric `name` is computed from, following the chain to its end: itself when it is not derived. */
export function familyOf(
  derived: DerivedMetrics,
  name: string,
  metrics: Readonly<Record<string, FamilyMember>> = {},
): string {
  let current = name
  const seen = new Set([current])
  for (;;) {
    const from = metrics[current]?.derivedFrom ?? derived[current]
    if (from === undefined || seen.has(from)) return current
    seen.add(from)
    current = from
  }
}

export interface GateResolution {
  /** The metrics that gate, in the gate's order: the first name of each family that the benchmark has. */
  gated: string[]
  /** Names the gate lists that the benchmark does not have. */
  absent: string[]
  /** Names left ungated because an earlier name of the gate is of the same family: [metric, the one that gates]. */
  displaced: Array<[metric: string, gated: string]>
}

/** Which of the names a gate lists gate a benchmark with these metrics: one per family, the first named. */
export function resolveGate(
  derived: DerivedMetrics,
  metrics: Readonly<Record<string, FamilyMember>>,
  names: readonly string[],
): GateResolution {
  const gated: string[] = []
  const absent: string[] = []
  const displaced: Array<[string, string]> = []
  const gatedFamilies = new Map<string, string>()
  for (const name of names) {
    if (!(name in metrics)) {
      if (!absent.includes(name)) absent.push(name)
      continue
    }
    if (gated.includes(name)) continue
    const family = familyOf(derived, name, metrics)
    const holder = gatedFamilies.get(family)
    if (holder !== undefined) {
      displaced.push([name, holder])
      continue
    }
    gatedFamilies.set(family, name)
    gated.push(name)
  }
  return { gated, absent, displaced }
}

/**
 * For each metric of `among` (by default every metric) that shares its family with another of them: the
 * metric whose verdict it shows — the family's gated one, else the one the family is computed from, else
 * its first member. Metrics alone in their family are not in the map.
 */
export function followedMetrics(
  derived: DerivedMetrics,
  metrics: Readonly<Record<string, FamilyMember>>,
  gated: readonly string[],
  among: readonly string[] = Object.keys(metrics),
): Map<string, string> {
  const families = new Map<string, string[]>()
  for (const name of among) {
    const family = familyOf(derived, name, metrics)
    families.set(family, [...(families.get(family) ?? []), name])
  }
  const follows = new Map<string, string>()
  for (const [family, members] of families) {
    if (members.length < 2) continue
    const lead = members.find((m) => gated.includes(m)) ?? (members.includes(family) ? family : members[0]!)
    for (const m of members) if (m !== lead) follows.set(m, lead)
  }
  return follows
}

/** The names of `names` that share a family with an earlier one: [index, the metric, the earlier one]. */
export function sameFamilyNames(
  derived: DerivedMetrics,
  names: readonly string[],
): Array<[number, string, string]> {
  const seen = new Map<string, string>()
  const out: Array<[number, string, string]> = []
  names.forEach((name, i) => {
    const family = familyOf(derived, name)
    const earlier = seen.get(family)
    if (earlier !== undefined && earlier !== name) out.push([i, name, earlier])
    else seen.set(family, name)
  })
  return out
}
