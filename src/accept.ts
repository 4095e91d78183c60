// Regressions accepted on purpose: bench.yml's `accept:` entries and a pull request's label. Which
// entries still hold is decided before comparing (an `until` date that has passed, an `until` commit
// the baseline already contains); compare then turns the regressions the rules cover into the verdict
// `accepted`, which passes. Everything here is pure: git is asked through the function it is given.
import { matchesFilter } from './glob.ts'
import type { AcceptSource } from './results.ts'

/** One rule: the regressions of the benchmarks (and metric) it names are accepted. */
export interface AcceptRule {
  /** The benchmarks it covers, by name or id: a glob as --filter takes it (`*`, `?`; several separated by commas). */
  benchmark: string
  /** Only this metric's regression (or that of a metric of the same measurement); any gated metric when absent. */
  metric?: string
  /** Why, in the words of whoever accepted it. */
  reason: string
  /** Who accepted it: the login that added the label. Unknown for bench.yml's entries and when GitHub would not say. */
  by?: string
  source: AcceptSource
  /** As written in bench.yml: a date (holds through that day, UTC) or a commit. */
  until?: string
}

/** What a comparison is told about acceptances: the rules that hold, and what was decided about the others. */
export interface Acceptance {
  rules: AcceptRule[]
  /** Entries that no longer hold, or whose `until` could not be decided, in words for the report. */
  notes: string[]
  /**
   * Entries of bench.yml's `accept:` that the pull request added or changed (its base's bench.yml has
   * no entry the same): shown first in the report, so a reviewer cannot miss them.
   */
  added?: AcceptEntry[]
}

/** What a pull request's label decides: the rule it gives, or why a label that is there does not count. */
export interface LabelDecision {
  rule?: AcceptRule
  refused?: string
}

/** What accepted a metric's regression. */
export type AcceptedBy = Pick<AcceptRule, 'reason' | 'by' | 'source' | 'until'>

/** An entry of bench.yml's `accept:` list, as the config holds it. */
export interface AcceptEntry {
  benchmark: string
  metric?: string
  reason: string
  until?: string
}

/** A date `until`: `YYYY-MM-DD`. */
export const UNTIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** A commit `until`: an abbreviated or full sha. */
export const UNTIL_COMMIT = /^[0-9a-fA-F]{7,64}$/

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = UNTIL_DATE.exec(text)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Whether a rule covers a benchmark: its glob matches the benchmark's name or its id. */
export function coversBenchmark(
  rule: Pick<AcceptRule, 'benchmark'>,
  b: { id: string; name: string },
): boolean {
  return matchesFilter(b.name, rule.benchmark) || (b.id !== b.name && matchesFilter(b.id, rule.benchmark))
}

/** How an entry is named in a note: `accept "parse*"`, with its metric when it has one. */
export function describeEntry(entry: Pick<AcceptEntry, 'benchmark' | 'metric'>): string {
  return `accept ${JSON.stringify(entry.benchmark)}${entry.metric !== undefined ? ` (metric ${entry.metric})` : ''}`
}

export interface ResolveOptions {
  /** Today, for `until` dates: an entry holds through its day, in UTC. */
  now: Date
  /** The commit of the baseline compared with, when there is a baseline (sha undefined when it names none). */
  baseline?: { sha?: string }
  /**
   * Whether `commit` is `ancestor` or a descendant of it, asked of git in the working directory; undefined
   * when git cannot tell (a commit missing from a shallow checkout).
   */
  contains: (commit: string, ancestor: string) => Promise<boolean | undefined>
}

/**
 * The bench.yml entries that hold against this baseline, as rules. A date past: no longer holds. A commit
 * the baseline contains: the accepted numbers are the baseline's now, so nothing is left to accept.
 * A commit that cannot be placed (missing from a shallow checkout, or no such commit): does not hold,
 * and a note says why and how to fix it.
 */
export async function resolveAcceptance(
  entries: readonly AcceptEntry[],
  options: ResolveOptions,
): Promise<Acceptance> {
  const rules: AcceptRule[] = []
  const notes: string[] = []
  const today = options.now.toISOString().slice(0, 10)
  for (const entry of entries) {
    const rule: AcceptRule = {
      benchmark: entry.benchmark,
      ...(entry.metric !== undefined ? { metric: entry.metric } : {}),
      reason: entry.reason,
      source: 'config',
      ...(entry.until !== undefined ? { until: entry.until } : {}),
    }
    const until = entry.until
    if (until === undefined) {
      rules.push(rule)
      continue
    }
    if (UNTIL_DATE.test(until)) {
      if (today > until)
        notes.push(
          `${describeEntry(entry)} held until ${until} and no longer applies: its regressions count again`,
        )
      else rules.push(rule)
      continue
    }
    // Without a baseline nothing is compared, so nothing is accepted either way.
    if (!options.baseline) {
      rules.push(rule)
      continue
    }
    const sha = options.baseline.sha
    const contained = sha ? await options.contains(sha, until) : undefined
    if (contained === true) {
      notes.push(
        `${describeEntry(entry)} held until commit ${until}, which the baseline ${sha!.slice(0, 12)} contains: its numbers are the baseline's now, so the entry no longer applies`,
      )
      continue
    }
    if (contained === undefined) {
      // An acceptance that cannot be checked does not hold: the regressions count until it can be.
      notes.push(
        sha
          ? `${describeEntry(entry)} holds until commit ${until}, but whether the baseline ${sha.slice(0, 12)} contains it cannot be told here (a commit missing from this checkout's history: fetch-depth: 0 in actions/checkout fetches it, or a github-token lets GitHub be asked): not accepted, its regressions count`
          : `${describeEntry(entry)} holds until commit ${until}, but the baseline names no commit, so whether it contains ${until} is unknown: not accepted, its regressions count`,
      )
      continue
    }
    rules.push(rule)
  }
  return { rules, notes }
}

/** The entries of `head` that `base` has no entry the same as: added or changed since. */
export function addedEntries(head: readonly AcceptEntry[], base: readonly AcceptEntry[]): AcceptEntry[] {
  const key = (e: AcceptEntry) => JSON.stringify([e.benchmark, e.metric ?? null, e.reason, e.until ?? null])
  const known = new Set(base.map(key))
  return head.filter((e) => !known.has(key(e)))
}

/** The rules of several acceptances (the timed and the exact side of a split comparison), each once. */
export function joinAcceptances(acceptances: ReadonlyArray<Acceptance | undefined>): Acceptance | undefined {
  const present = acceptances.filter((a): a is Acceptance => a !== undefined)
  if (present.length === 0) return undefined
  const seen = new Set<string>()
  const rules: AcceptRule[] = []
  for (const rule of present.flatMap((a) => a.rules)) {
    const key = JSON.stringify([rule.source, rule.benchmark, rule.metric ?? null])
    if (seen.has(key)) continue
    seen.add(key)
    rules.push(rule)
  }
  const added = present.flatMap((a) => a.added ?? [])
  return {
    rules,
    notes: [...new Set(present.flatMap((a) => a.notes))],
    ...(added.length > 0
      ? { added: added.filter((e, i) => addedEntries([e], added.slice(0, i)).length > 0) }
      : {}),
  }
}

/**
 * The bench.yml rules that cover nothing in this run: no benchmark of that name, or none with that
 * metric. Stale acceptances are named, never an error: the benchmark may be filtered out, or renamed.
 */
export function staleNotes(
  rules: readonly AcceptRule[],
  benchmarks: ReadonlyArray<{ id: string; name: string; metrics: Record<string, unknown> }>,
): string[] {
  const notes: string[] = []
  for (const rule of rules) {
    if (rule.source !== 'config') continue
    const covered = benchmarks.filter((b) => coversBenchmark(rule, b))
    if (covered.length === 0)
      notes.push(`${describeEntry(rule)} matches no benchmark of this run: a stale acceptance?`)
    else if (rule.metric !== undefined && !covered.some((b) => rule.metric! in b.metrics))
      notes.push(
        `${describeEntry(rule)} matches benchmarks of this run, none of which has the metric ${rule.metric}: a stale acceptance?`,
      )
  }
  return notes
}

/** An acceptance with one more rule (the label's), after the ones it has. */
export function withRule(acceptance: Acceptance | undefined, rule: AcceptRule): Acceptance {
  return { ...acceptance, rules: [...(acceptance?.rules ?? []), rule], notes: acceptance?.notes ?? [] }
}

/** An acceptance with what the label decided: its rule, or the note saying why it does not count. */
export function withLabel(
  acceptance: Acceptance | undefined,
  decision: LabelDecision,
): Acceptance | undefined {
  if (decision.rule) return withRule(acceptance, decision.rule)
  if (decision.refused === undefined) return acceptance
  return {
    ...acceptance,
    rules: acceptance?.rules ?? [],
    notes: [...(acceptance?.notes ?? []), decision.refused],
  }
}
