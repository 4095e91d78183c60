// Instruction counts another tool measured, read with a format of the registry that yields them
// (iai-callgrind and Gungraun summaries): they become bench-action results with the same metrics, so
// teams can adopt the gate and the comment without rewriting benchmarks.
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { checkConfined, OutsidePathError, readConfined } from '../../fields/confine.ts'
import { type ImportedBenchmark, ImportFormatError, importFormat } from '../../import/index.ts'
import { failedResult, resultFor } from '../../measure/result.ts'
import type { BenchmarkResult, Metric } from '../../results.ts'
import type { InstructionsCase } from './plan.ts'

export interface ImportedCase {
  c: InstructionsCase
  result: BenchmarkResult
}

/** One case and result per benchmark in the summaries at `c.import.path`; a failed result when none. */
export async function importInstructions(c: InstructionsCase): Promise<ImportedCase[] | BenchmarkResult> {
  const { format: name, path: from } = c.import!
  const format = importFormat(name)
  let benchmarks: ImportedBenchmark[]
  try {
    checkConfined(c.import!)
    const info = await stat(from).catch(() => undefined)
    if (!info) return failedResult(c, { message: `nothing to import: ${from} does not exist` })
    benchmarks =
      info.isFile() || !format.readDirectory
        ? format
            .parse({ path: from, text: (await readConfined(c.import!)).toString('utf8') })
            .map((b) => ({ ...b, file: from }))
        : await format.readDirectory(from)
  } catch (error) {
    if (!(error instanceof ImportFormatError) && !(error instanceof OutsidePathError)) throw error
    return failedResult(c, { message: error.message })
  }
  if (benchmarks.length === 0) {
    return failedResult(c, {
      message:
        `no ${name} summaries under ${from}: run the benchmarks with JSON summaries in a setup step, ` +
        'e.g. [cargo, bench, --, --save-summary=json]',
    })
  }
  return benchmarks.map((b) => {
    const id = `${c.name}/${b.name}`
    const imported: InstructionsCase = {
      ...c,
      id,
      name: id,
      parameters: { benchmark: b.name },
      import: undefined,
    }
    const file = b.file ?? from
    const note = `imported from ${path.relative(c.cwd, file) || file}${b.details ? ` (${b.details})` : ''}`
    const metrics: Record<string, Metric> = {}
    for (const [metric, m] of Object.entries(b.metrics))
      metrics[metric] = { unit: m.unit, direction: m.direction, value: m.value! }
    return { c: imported, result: resultFor(imported, { metrics, notes: [note] }) }
  })
}
