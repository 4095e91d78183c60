// The exports in hyperfine's layouts (`--export-json`, `--export-markdown`, `--export-csv`, and
// `--export-csv-raw`, the CSV with hyperfine's bytes): a run's results for scripts and tools written
// against hyperfine's files.
import path from 'node:path'
import { listed } from '../display.ts'
import type { ResultSet } from '../results.ts'
import { writeText } from '../run/pipeline.ts'
import { hyperfineCsv } from './csv.ts'
import { hyperfineExport, hyperfineJson } from './hyperfine.ts'
import { hyperfineMarkdown } from './markdown.ts'

export { hyperfineCsv } from './csv.ts'
export { type HyperfineResult, hyperfineExport, hyperfineJson, type LeftOut } from './hyperfine.ts'
export { hyperfineMarkdown } from './markdown.ts'

/** Where each export goes; an absent one is not written. */
export interface ExportPaths {
  json?: string
  markdown?: string
  /** The CSV, its text cells kept from being read as formulas. */
  csv?: string
  /** The CSV with every cell as hyperfine writes it. */
  csvRaw?: string
}

function wantsExport(paths: ExportPaths): boolean {
  return Object.values(paths).some((p) => p !== undefined)
}

/**
 * Writes the exports asked for (paths relative to cwd), and says on `log` which benchmarks they leave
 * out and why.
 */
export async function writeExports(
  results: ResultSet,
  paths: ExportPaths,
  cwd: string,
  log: (line: string) => void,
): Promise<void> {
  if (!wantsExport(paths)) return
  const { results: exported, leftOut } = hyperfineExport(results)
  if (paths.json) await writeText(path.resolve(cwd, paths.json), hyperfineJson(exported))
  if (paths.markdown) await writeText(path.resolve(cwd, paths.markdown), hyperfineMarkdown(exported))
  if (paths.csv) await writeText(path.resolve(cwd, paths.csv), hyperfineCsv(exported))
  if (paths.csvRaw) await writeText(path.resolve(cwd, paths.csvRaw), hyperfineCsv(exported, { raw: true }))
  if (leftOut.length > 0)
    log(
      `exports in hyperfine's layout leave out ${leftOut.length} benchmark${leftOut.length === 1 ? '' : 's'}: ` +
        listed(leftOut.map((l) => `${JSON.stringify(l.id)} (${l.reason})`)),
    )
}
