// What run, merge and compare write besides their report: the exports in hyperfine's layouts, and
// where the results were saved.
import path from 'node:path'
import type { Comparison } from '../compare/types.ts'
import type { ExportPaths } from '../export/index.ts'
import { isExactKind } from '../kinds/index.ts'
import { renderTerminal, shouldUseColor } from '../report/terminal.ts'
import type { PipelineOutcome } from '../run/pipeline.ts'
import type { StoreKind } from '../store/index.ts'
import type { CliIo } from './io.ts'

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

/**
 * After a comparison with another moment's run that left timed changes unclear: that is expected (a change
 * must exceed the machine's drift between runs), and measuring the baseline's commit beside this code in
 * one run is the comparison to trust. Only where both sides have a commit to check out.
 */
export function againstHint(c: Comparison): string | undefined {
  if (c.pairing || !c.baseline) return undefined
  const unclear = c.benchmarks.filter((b) => b.verdict === 'unclear' && !isExactKind(b.kind)).length
  const base = c.baseline.commit.sha
  if (unclear === 0 || !base || !c.head.commit.sha) return undefined
  const them = unclear === 1 ? 'it' : 'them'
  return (
    `hint: ${unclear} unclear, compared with a run of another moment: a change must exceed the drift ` +
    `between runs to count. To measure the baseline's commit beside this code, interleaved, and decide ${them}: ` +
    `bench-action run --against ${base.slice(0, 7)}`
  )
}

/** The report on stdout; where the results were saved, and a hint when one helps, on stderr; the exit code. */
export function printOutcome(outcome: PipelineOutcome, io: CliIo, verbose: boolean, kind: StoreKind): number {
  const color = shouldUseColor(io.stdout, io.env)
  io.stdout.write(renderTerminal(outcome.comparison, { color, verbose, verboseFlag: '--verbose' }))
  const hint = againstHint(outcome.comparison)
  if (hint) io.stderr.write(`${hint}\n`)
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
