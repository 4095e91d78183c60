// `bench-action [run]`: measure the benchmarks of bench.yml, compare them with a baseline and print
// the verdict.
import { writeExports } from '../export/index.ts'
import { runPipeline, UsageError } from '../run/pipeline.ts'
import { parseShard } from '../run/shard.ts'
import { VERSION } from '../version.ts'
import { CONFIG_FLAG, type Command, parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'
import { EXPORT_FLAGS, exportPaths, JSON_FLAG, printOutcome, REPORT_FLAGS } from './output.ts'
import { chooseStore, STORE_FLAGS } from './store.ts'

export const RUN = {
  name: 'run',
  usage: '[run]',
  summary: 'measure the benchmarks of bench.yml, compare them with a stored baseline, print a verdict',
  flags: {
    ...CONFIG_FLAG,
    'dry-run': { type: 'boolean', about: 'measure and report as CI would, but save and publish nothing' },
    ...STORE_FLAGS,
    against: {
      type: 'string',
      value: 'REF',
      about:
        "check REF out in a temporary worktree, run setup there too, and measure its benchmarks interleaved with the working tree's: a paired comparison on one machine (--against main, --against HEAD~1); not with --baseline",
    },
    filter: {
      type: 'string',
      value: 'GLOB',
      about:
        'only benchmarks whose name matches (* and ?; several separated by commas); such a run is not saved as a baseline',
    },
    'no-install': {
      type: 'boolean',
      about:
        'do not install missing tools the config needs (valgrind, Rust, Zig); by default they are set up first, as bench-action setup would',
    },
    shard: {
      type: 'string',
      value: 'I/N',
      about:
        "measure only shard I of N (balanced by the baseline's durations, else by a stable hash), write the shard file for merge and save nothing",
    },
    'shard-output': {
      type: 'string',
      value: 'FILE',
      about: 'where the shard file goes (default STORE/shard-I-of-N.json)',
    },
    ...JSON_FLAG,
    ...REPORT_FLAGS,
    ...EXPORT_FLAGS,
    version: { type: 'boolean', about: "print bench-action's version and exit" },
  },
} as const satisfies Command

/** `help` is what --help prints: run's own help, or the whole command line's when run was not named. */
export async function runCommand(args: string[], io: CliIo, help: string): Promise<number> {
  const parsed = parseCommand(RUN, args, io, help)
  if (!parsed) return 0
  const { values } = parsed
  if (values.version) {
    io.stdout.write(`${VERSION}\n`)
    return 0
  }
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
