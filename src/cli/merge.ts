// `bench-action merge SHARD.json…`: join the shard files of one sharded run, then compare, report and
// save once.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { writeExports } from '../export/index.ts'
import { runMerge, UsageError } from '../run/pipeline.ts'
import { STORE_KINDS } from '../store/index.ts'
import { type CliIo, logTo } from './io.ts'
import { EXPORT_OPTIONS, exportPaths, printOutcome } from './output.ts'
import { chooseStore, STORE_OPTIONS } from './store.ts'

export const MERGE_SYNOPSIS = `  bench-action merge SHARD.json… [--config FILE] [--baseline FILE|DIR|git:[BRANCH]]
                     [--baseline-store ${STORE_KINDS.join('|')}] [--baseline-branch NAME] [--retain N] [--json FILE]
                     [--markdown FILE] [--html FILE] [--store DIR] [--save | --no-save] [--verbose]
                     [--export-json FILE] [--export-markdown FILE] [--export-csv FILE]
                     [--export-csv-raw FILE]
                               join the shard files of one sharded run, then compare, report and
                               save once`

export async function mergeCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string' },
      json: { type: 'string' },
      markdown: { type: 'string' },
      html: { type: 'string' },
      ...STORE_OPTIONS,
      verbose: { type: 'boolean' },
      ...EXPORT_OPTIONS,
    },
    allowPositionals: true,
  })
  if (positionals.length === 0)
    throw new UsageError(
      'merge takes the shard files: bench-action merge shard-1-of-4.json shard-2-of-4.json …',
    )
  // Flags that contradict each other are refused before any file is read.
  const chosen = chooseStore(values, io)
  const shards = await Promise.all(
    positionals.map(async (file) => {
      try {
        return { text: await readFile(path.resolve(io.cwd, file), 'utf8'), source: file }
      } catch (error) {
        throw new UsageError(`cannot read the shard file ${file}: ${(error as Error).message}`)
      }
    }),
  )
  try {
    const outcome = await runMerge({
      cwd: io.cwd,
      configPath: values.config,
      baseline: chosen.baseline,
      ...(chosen.store ? { store: chosen.store } : {}),
      storeDir: values.store ?? '.bench',
      save: chosen.save,
      jsonPath: values.json,
      markdownPath: values.markdown,
      htmlPath: values.html,
      env: io.env,
      log: logTo(io),
      shards,
    })
    await writeExports(outcome.results, exportPaths(values), io.cwd, logTo(io))
    return printOutcome(outcome, io, values.verbose === true, chosen.kind)
  } finally {
    await chosen.store?.close?.()
  }
}
