// `bench-action merge SHARD.json…`: join the shard files of one sharded run, then compare, report and
// save once.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { UsageError } from '../errors.ts'
import { writeExports } from '../export/index.ts'
import { runMerge } from '../run/pipeline.ts'
import { MERGE } from './commands.ts'
import { parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'
import { exportPaths, printOutcome } from './output.ts'
import { chooseStore } from './store.ts'

export async function mergeCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(MERGE, argv, io)
  if (!parsed) return 0
  const { values, positionals } = parsed
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
