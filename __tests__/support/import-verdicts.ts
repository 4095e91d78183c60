// The verdicts a user gets comparing two files a tool wrote: each read by the import kind at its
// defaults (`kind: import, file:`), the second compared with the first as the CLI compares a run with a
// stored baseline (measured at another moment, no run-to-run noise known yet).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Comparison, compareResults } from '../../src/compare/index.ts'
import { parseConfig } from '../../src/config/index.ts'
import { readImports } from '../../src/kinds/import/measure.ts'
import type { ImportCase } from '../../src/kinds/import/plan.ts'
import type { BenchmarkResult } from '../../src/results.ts'
import { planCases } from '../../src/run/plan.ts'
import { removeDir, resultSetOf, tempDir } from './helpers.ts'

async function read(format: string, text: string, name: string): Promise<BenchmarkResult[]> {
  const dir = await tempDir('import-verdicts-')
  try {
    const file = path.join(dir, 'results')
    await writeFile(file, text)
    const config = parseConfig(
      `benchmarks:\n  - name: ${name}\n    kind: import\n    format: ${format}\n    file: results\n`,
      path.join(dir, 'bench.yml'),
    )
    const read = await readImports(planCases(config)[0] as ImportCase)
    return Array.isArray(read) ? read.map((r) => r.result) : [read]
  } finally {
    await removeDir(dir)
  }
}

/** The comparison of a file the tool wrote with nothing: what a first run reports. */
export async function reportImport(format: string, text: string, name = 'imported'): Promise<Comparison> {
  const set = resultSetOf(
    'default',
    { sha: 'b'.repeat(40), ref: 'main' },
    '2026-01-02T00:00:00Z',
    await read(format, text, name),
  )
  return compareResults(set)
}

/** The comparison of `head` against `base`, both the text of a file the tool wrote. */
export async function compareImports(
  format: string,
  base: string,
  head: string,
  name = 'imported',
): Promise<Comparison> {
  const commit = (sha: string) => ({ sha: sha.repeat(40), ref: 'main' })
  const baseSet = resultSetOf('default', commit('a'), '2026-01-01T00:00:00Z', await read(format, base, name))
  const headSet = resultSetOf('default', commit('b'), '2026-01-02T00:00:00Z', await read(format, head, name))
  return compareResults(headSet, {
    baseline: { results: baseSet, source: 'base', reason: 'the first file' },
    acrossMoments: true,
  })
}

/** Each benchmark's verdict: `NAME/BENCHMARK` → regression, unchanged, unclear, … */
export async function importVerdicts(
  format: string,
  base: string,
  head: string,
): Promise<Record<string, string>> {
  const comparison = await compareImports(format, base, head)
  return Object.fromEntries(comparison.benchmarks.map((b) => [b.name, b.verdict]))
}
