// `bench-action [run]`: measure the benchmarks of bench.yml, compare them with a baseline and print
// the verdict.

import { UsageError } from '../errors.ts'
import { writeExports } from '../export/index.ts'
import { runPipeline } from '../run/pipeline.ts'
import { parseShard } from '../run/shard.ts'
import type { RUN } from './commands.ts'
import type { parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'
import { exportPaths, printOutcome } from './output.ts'
import { chooseStore } from './store.ts'

/** run's flags, as its declaration parses them. */
export type RunValues = NonNullable<ReturnType<typeof parseCommand<(typeof RUN)['flags']>>>['values']

/** Measures, compares and reports; --help and --version were answered before this module was loaded. */
export async function runCommand(values: RunValues, io: CliIo): Promise<number> {
  if (values.against !== undefined && values.baseline !== undefined)
    throw new UsageError('--against and --baseline each name what to compare with: give one of them')

  const chosen = chooseStore(values, io)
  try {
    const outcome = await runPipeline({
      cwd: io.cwd,
      configPath: values.config,
      filter: values.filter,
      baseline: chosen.baseline,
      ...(chosen.store ? { store: chosen.store } : {}),
      ...(values.against !== undefined ? { against: { ref: values.against } } : {}),
      ...(values.shard !== undefined
        ? { shard: parseShard(values.shard), shardOutputPath: values['shard-output'] }
        : {}),
      storeDir: values.store ?? '.bench',
      save: chosen.save,
      installTools: !values['no-install'],
      jsonPath: values.json,
      markdownPath: values.markdown,
      htmlPath: values.html,
      env: io.env,
      log: logTo(io),
    })
    await writeExports(outcome.results, exportPaths(values), io.cwd, logTo(io))
    return printOutcome(outcome, io, values.verbose === true, chosen.kind)
  } finally {
    await chosen.store?.close?.()
  }
}
