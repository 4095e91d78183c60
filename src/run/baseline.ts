// Which earlier results a run is compared with, and why (docs/ARCHITECTURE.md#baselines). The reason is part of the
// report: a reviewer must always know what was compared with what.
import type { BaselineInfo } from '../compare/types.ts'
import { shortSha } from '../display.ts'
import { UserError } from '../errors.ts'
import type { CommitInfo, ResultSet } from '../results.ts'
import { DRIFT_WINDOW } from '../stats/drift.ts'
import { type DirStore, entryMatchesSha } from '../store/dir.ts'
import { NO_BRANCH, type ResultStore, type StoredEntry } from '../store/types.ts'

export interface BaselineChoice {
  baseline?: BaselineInfo
  noBaselineReason?: string
  /** Corrupt or unreadable candidates that were skipped. */
  warnings: string[]
  /** The newest runs stored for the baseline's branch (the baseline among them): the machine's drift. */
  history?: { branch: string; results: ResultSet[] }
}

export interface BaselineQuery {
  store: ResultStore
  suite: string
  head: CommitInfo
  /** The branch pull requests merge into (main); undefined when unknown. */
  defaultBranch?: string
  /** The merge base of head and the default branch, when known. */
  mergeBase?: string
  /** Prefer the default branch over the head's own branch (pull requests). */
  pullRequest: boolean
  /** Commits in `to` that are not in `from` (git rev-list --count from..to), when the history has both. */
  commitsBetween?: (from: string, to: string) => Promise<number | undefined>
}

export class BaselineUsageError extends UserError {
  override name = 'BaselineUsageError'
}

interface Candidate {
  entries: StoredEntry[]
  reason: (e: StoredEntry) => string | Promise<string>
}

async function firstReadable(
  store: ResultStore,
  candidates: Candidate[],
  warnings: string[],
): Promise<{ baseline: BaselineInfo; entry: StoredEntry } | undefined> {
  for (const c of candidates) {
    for (const e of c.entries) {
      try {
        const results = await store.load(e)
        return { baseline: { results, source: e.path, reason: await c.reason(e) }, entry: e }
      } catch (err) {
        warnings.push(`skipped unreadable baseline ${e.path}: ${(err as Error).message}`)
      }
    }
  }
  return undefined
}

export async function chooseBaseline(q: BaselineQuery): Promise<BaselineChoice> {
  const warnings: string[] = []
  // A run on no branch (a detached HEAD: a checkout of a tag or a sha, a bisect; no commit yet; no
  // repository) was saved under NO_BRANCH, and is looked for there.
  const ownBranch = q.head.branch ?? NO_BRANCH
  const own = await q.store.list(q.suite, ownBranch)
  const base =
    q.defaultBranch && q.defaultBranch !== q.head.branch ? await q.store.list(q.suite, q.defaultBranch) : []
  // A store that cannot list everything (the Actions cache) looks the merge base up directly.
  const atMergeBase =
    q.mergeBase && q.defaultBranch && q.store.listAt
      ? await q.store.listAt(q.suite, q.defaultBranch, q.mergeBase)
      : base.filter((e) => entryMatchesSha(e, q.mergeBase))

  const sameCommit = (e: StoredEntry) => (entryMatchesSha(e, q.head.sha) ? ' (same commit)' : '')
  const ownNewest: Candidate = {
    entries: own,
    reason: (e) => `newest results on this branch (${q.head.branch})${sameCommit(e)}`,
  }
  const mergeBaseCandidate: Candidate = {
    entries: atMergeBase,
    reason: () => `results of the merge base with ${q.defaultBranch}`,
  }
  const baseNewest: Candidate = {
    entries: base,
    reason: async (e) => {
      if (!q.mergeBase) return `newest results on ${q.defaultBranch}`
      const distance = e.sha ? await describeDistance(q, q.mergeBase, e.sha) : ''
      return `newest results on ${q.defaultBranch} (${shortSha(e.sha)}${distance}); none stored for the merge base ${shortSha(q.mergeBase)}`
    },
  }
  // Why a run is on no branch: a detached HEAD, or no commit at all.
  const nowhere = `no branch (${q.head.sha ? 'detached HEAD' : 'no commit: not a git repository, or no commit yet'})`
  let order: Candidate[]
  if (!q.head.branch) {
    // On no branch: this commit's own runs first, wherever they were saved; then the merge base's;
    // then the newest run.
    const known = [...own, ...base].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    const where = (e: StoredEntry) => (e.branch === NO_BRANCH ? 'saved on no branch' : `on ${e.branch}`)
    order = [
      {
        entries: known.filter((e) => entryMatchesSha(e, q.head.sha)),
        reason: (e) => `results of this commit (${where(e)}); this run is on ${nowhere}`,
      },
      mergeBaseCandidate,
      {
        entries: known,
        reason: (e) =>
          `newest stored results (${where(e)}); this run is on ${nowhere}` +
          (q.head.sha ? `, and none were stored for its commit ${shortSha(q.head.sha)}` : ''),
      },
    ]
  } else
    order = q.pullRequest
      ? [mergeBaseCandidate, baseNewest, ownNewest]
      : [ownNewest, mergeBaseCandidate, baseNewest]
  const found = await firstReadable(q.store, order, warnings)
  if (found) {
    return {
      baseline: found.baseline,
      warnings,
      history: await branchHistory(q.store, q.suite, found.entry.branch),
    }
  }
  const looked = [q.head.branch ?? nowhere, q.defaultBranch]
    .filter((b, i, all) => b && all.indexOf(b) === i)
    .join(' or ')
  return {
    warnings,
    noBaselineReason: `nothing stored for suite "${q.suite}"${looked ? ` on ${looked}` : ''} in ${q.store.root}`,
  }
}

/** How far a stand-in baseline is from the merge base: ", 3 commits after the merge base". */
async function describeDistance(q: BaselineQuery, mergeBase: string, sha: string): Promise<string> {
  if (!q.commitsBetween) return ''
  const [after, before] = await Promise.all([
    q.commitsBetween(mergeBase, sha),
    q.commitsBetween(sha, mergeBase),
  ])
  if (after === undefined || before === undefined) return ''
  const commits = (n: number) => `${n} commit${n === 1 ? '' : 's'}`
  if (after > 0 && before > 0) return `, ${commits(after)} after and ${commits(before)} before the merge base`
  if (after > 0) return `, ${commits(after)} after the merge base`
  if (before > 0) return `, ${commits(before)} before the merge base`
  return ''
}

async function branchHistory(
  store: ResultStore,
  suite: string,
  branch: string,
): Promise<BaselineChoice['history']> {
  const entries = (await store.list(suite, branch)).slice(0, DRIFT_WINDOW)
  // An unreadable run adds nothing to the drift estimate; it was reported if it was a candidate.
  if (store.loadMany) {
    const loaded = await store.loadMany(entries)
    return { branch, results: loaded.filter((r): r is ResultSet => !(r instanceof Error)) }
  }
  const results: ResultSet[] = []
  for (const e of entries) {
    try {
      results.push(await store.load(e))
    } catch {}
  }
  return { branch, results }
}

/** `--baseline FILE`: compare with that one file (the caller has checked that it exists). */
export async function explicitBaseline(file: string, store: DirStore): Promise<BaselineChoice> {
  try {
    const results = await store.load(file)
    return {
      baseline: { results, source: file, reason: `the file given as --baseline (${file})` },
      warnings: [],
    }
  } catch (err) {
    return {
      warnings: [`skipped unreadable baseline ${file}: ${(err as Error).message}`],
      noBaselineReason: `the baseline file ${file} could not be read`,
    }
  }
}
