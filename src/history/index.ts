// `bench-action history` and the action's history step: read every stored run of each suite on a
// branch, find the change points of each gated metric, and write the trend site.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { UserError } from '../errors.ts'
import type { ResultStore } from '../store/types.ts'
import { type CountCommits, withCommitCounts } from './commits.ts'
import { loadRuns } from './load.ts'
import { buildHistory, type SuiteHistory } from './series.ts'
import { renderSite, type SiteOptions } from './site.ts'

export type { CountCommits } from './commits.ts'
export type { SuiteHistory } from './series.ts'
export { renderHistoryMarkdown, renderHistoryTerminal } from './text.ts'

export class HistoryError extends UserError {
  override name = 'HistoryError'
}

export interface HistoryOptions {
  store: ResultStore
  branch: string
  /** The suites to read; every suite the store holds when absent. */
  suites?: string[]
  /** Counts the commits of each change point's range (git in the repository's clone); unknown without it. */
  countCommits?: CountCommits
  log?: (line: string) => void
}

/** Each suite's history on the branch, with its change points and the commits each one's range holds. */
export async function readHistories(options: HistoryOptions): Promise<SuiteHistory[]> {
  let suites = options.suites
  if (!suites || suites.length === 0) {
    if (!options.store.suites)
      throw new HistoryError(
        `${options.store.root} cannot list its suites: name one with --suite (or the config's suite)`,
      )
    suites = await options.store.suites()
    if (suites.length === 0) throw new HistoryError(`${options.store.root} holds no results yet`)
  }
  const histories: SuiteHistory[] = []
  for (const suite of suites) {
    const started = Date.now()
    const { runs, skipped } = await loadRuns(options.store, suite, options.branch)
    options.log?.(
      `read ${runs.length} run${runs.length === 1 ? '' : 's'} of ${suite} on ${options.branch} from ${options.store.root} in ${Date.now() - started} ms` +
        (skipped.length > 0 ? ` (${skipped.length} unreadable, skipped)` : ''),
    )
    histories.push(buildHistory(suite, options.branch, runs, skipped))
  }
  return options.countCommits ? withCommitCounts(histories, options.countCommits) : histories
}

/** Writes the trend site into `outDir`; returns the files written, `index.html` first. */
export async function writeSite(
  outDir: string,
  histories: readonly SuiteHistory[],
  options: SiteOptions = {},
): Promise<string[]> {
  const pages = await renderSite(histories, options)
  const written: string[] = []
  for (const [relative, html] of pages) {
    const file = path.join(outDir, ...relative.split('/'))
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, html)
    written.push(file)
  }
  return written
}
