// Instruction counts another tool measured: iai-callgrind (Gungraun) summaries become bench-action
// results with the same metrics, so teams can adopt the gate and the comment without rewriting
// benchmarks.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { findIaiSummaries, IaiSummaryFormatError, parseIaiSummaryText } from '../formats/iai-summary.ts'
import type { InstructionsCase } from '../plan-types.ts'
import type { BenchmarkResult } from '../results.ts'
import { failedResult, resultFor } from './result.ts'

export interface ImportedCase {
  c: InstructionsCase
  result: BenchmarkResult
}

/** One case and result per benchmark in the summaries at `c.import.path`; a failed result when none. */
export async function importInstructions(c: InstructionsCase): Promise<ImportedCase[] | BenchmarkResult> {
  const from = c.import!.path
  let files: string[]
  try {
    files = (await stat(from)).isFile() ? [from] : await findIaiSummaries(from)
  } catch {
    return failedResult(c, { message: `nothing to import: ${from} does not exist` })
  }
  if (files.length === 0) {
    return failedResult(c, {
      message:
        `no iai-callgrind summaries under ${from}: run the benchmarks with JSON summaries in a setup step, ` +
        'e.g. [cargo, bench, --, --save-summary=json]',
    })
  }
  const out: ImportedCase[] = []
  for (const file of files) {
    try {
      for (const b of parseIaiSummaryText(await readFile(file, 'utf8'), file)) {
        const id = `${c.name}/${b.id}`
        const imported: InstructionsCase = {
          ...c,
          id,
          name: id,
          parameters: { benchmark: b.id },
          import: undefined,
        }
        const note = `imported from ${path.relative(c.cwd, file) || file}${b.details ? ` (${b.details})` : ''}`
        out.push({ c: imported, result: resultFor(imported, { metrics: b.metrics, notes: [note] }) })
      }
    } catch (error) {
      if (!(error instanceof IaiSummaryFormatError)) throw error
      return failedResult(c, { message: error.message })
    }
  }
  return out
}
