// What run, merge and compare write besides their report: the exports in hyperfine's layouts, and
// where the results were saved.
import path from 'node:path'
import type { ExportPaths } from '../export/index.ts'
import { renderTerminal, shouldUseColor } from '../report/terminal.ts'
import type { PipelineOutcome } from '../run/pipeline.ts'
import type { StoreKind } from '../store/index.ts'
import type { CliIo } from './io.ts'

/** The exports in hyperfine's layouts, taken by run, merge and compare. */
export const EXPORT_OPTIONS = {
  'export-json': { type: 'string' },
  'export-markdown': { type: 'string' },
  'export-csv': { type: 'string' },
  'export-csv-raw': { type: 'string' },
} as const

export function exportPaths(values: {
  'export-json'?: string
  'export-markdown'?: string
  'export-csv'?: string
  'export-csv-raw'?: string
}): ExportPaths {
  return {
    json: values['export-json'],
    markdown: values['export-markdown'],
    csv: values['export-csv'],
    csvRaw: values['export-csv-raw'],
  }
}

/** The report on stdout, where the results were saved on stderr; the exit code. */
export function printOutcome(outcome: PipelineOutcome, io: CliIo, verbose: boolean, kind: StoreKind): number {
  io.stdout.write(renderTerminal(outcome.comparison, { color: shouldUseColor(io.stdout, io.env), verbose }))
  if (outcome.savedPath) {
    // A file of the local store, BRANCH:PATH in the data branch the git store pushed to, or the key
    // of the cache store's new entry.
    const where = path.isAbsolute(outcome.savedPath)
      ? path.relative(io.cwd, outcome.savedPath)
      : `${outcome.savedPath} (${kind === 'cache' ? 'in the Actions cache' : 'pushed to origin'})`
    io.stderr.write(`results saved to ${where}\n`)
  }
  return outcome.exitCode
}
