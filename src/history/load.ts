// Reading a suite's whole history on a branch from a store: every run, oldest first, each validated as
// any baseline is. An unreadable run is named and skipped; it never stops the rest.
import type { ResultSet } from '../results.ts'
import type { ResultStore, StoredEntry } from '../store/types.ts'

/** Runs read at once from a store that reads one at a time (files of the local store). */
const PARALLEL_LOADS = 32

export interface LoadedRuns {
  runs: ResultSet[]
  /** `PATH: why` for each run that could not be read. */
  skipped: string[]
}

async function loadEach(
  store: ResultStore,
  entries: readonly StoredEntry[],
): Promise<Array<ResultSet | Error>> {
  if (store.loadMany) return store.loadMany(entries)
  const out: Array<ResultSet | Error> = new Array(entries.length)
  for (let start = 0; start < entries.length; start += PARALLEL_LOADS) {
    const chunk = entries.slice(start, start + PARALLEL_LOADS)
    const loaded = await Promise.all(chunk.map((e) => store.load(e).catch((error: Error) => error)))
    loaded.forEach((result, i) => {
      out[start + i] = result
    })
  }
  return out
}

/** Every stored run of `suite` on `branch`, oldest first. */
export async function loadRuns(store: ResultStore, suite: string, branch: string): Promise<LoadedRuns> {
  const entries = (await store.list(suite, branch)).slice().reverse()
  const loaded = await loadEach(store, entries)
  const runs: ResultSet[] = []
  const skipped: string[] = []
  loaded.forEach((result, i) => {
    if (result instanceof Error) skipped.push(`${entries[i]!.path}: ${result.message}`)
    else if (result.suite !== suite)
      skipped.push(
        `${entries[i]!.path}: holds suite ${JSON.stringify(result.suite)}, not ${JSON.stringify(suite)}`,
      )
    else runs.push(result)
  })
  return { runs, skipped }
}
