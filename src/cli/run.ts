// `bench-action [run]`: measure the benchmarks of bench.yml, compare them with a baseline and print
// the verdict.
import { parseArgs } from 'node:util'
import { writeExports } from '../export/index.ts'
import { runPipeline, UsageError } from '../run/pipeline.ts'
import { parseShard } from '../run/shard.ts'
import { STORE_KINDS } from '../store/index.ts'
import { VERSION } from '../version.ts'
import { type CliIo, logTo } from './io.ts'
import { EXPORT_OPTIONS, exportPaths, printOutcome } from './output.ts'
import { chooseStore, STORE_OPTIONS } from './store.ts'

export const RUN_SYNOPSIS = `  bench-action [run] [--config FILE] [--dry-run] [--baseline FILE|DIR|git:[BRANCH] | --against REF]
                     [--baseline-store ${STORE_KINDS.join('|')}] [--baseline-branch NAME] [--retain N]
                     [--filter GLOB] [--json FILE] [--markdown FILE] [--html FILE] [--store DIR]
                     [--save | --no-save] [--no-install] [--shard I/N [--shard-output FILE]] [--verbose]
                     [--export-json FILE] [--export-markdown FILE] [--export-csv FILE]
                     [--export-csv-raw FILE]`

export const RUN_HELP = `run        measure the benchmarks of bench.yml (looked for in the working directory, then
           .github/), compare them with the newest stored baseline and print a verdict
  --config FILE       the config file
  --dry-run           measure and report as CI would, but save and publish nothing
  --baseline FILE|DIR compare with this results file, or use DIR as the store of baselines
  --baseline git:[BRANCH]
                      compare with what CI saved in the data branch BRANCH (git: alone: the
                      default, bench-data) of origin, fetched with your own git credentials;
                      the same as --baseline-store git --baseline-branch BRANCH
  --baseline-store ${STORE_KINDS.join('|')}
                      where baselines are read from: dir, the local store (default); git, the data
                      branch of origin that the action's baseline-store: git keeps; or cache, the
                      GitHub Actions cache the action's baseline-store: cache keeps (only inside a
                      GitHub Actions job, with the runner's ACTIONS_RUNTIME_TOKEN and
                      ACTIONS_RESULTS_URL exported to the step). Results are saved to the local
                      store; to the git or cache store only with --save (never with --dry-run)
  --baseline-branch NAME
                      the git store's data branch (default bench-data)
  --retain N          with --baseline-store git --save: keep at most N runs per suite and branch
                      in the data branch, removing older ones
  --against REF       check REF out in a temporary worktree, run setup there too, and measure
                      its benchmarks interleaved with the working tree's: a paired comparison on
                      one machine (--against main, --against HEAD~1)
  --filter GLOB       only benchmarks whose name matches (* and ?; several separated by commas)
  --json FILE         write this run's results (the ResultSet) as JSON
  --markdown FILE     write the report as markdown (the pull-request comment body)
  --html FILE         write the report as one HTML page, scaling charts drawn as SVG
  --store DIR         where results are kept between runs (default .bench). A run is saved there
                      when the working tree has no uncommitted changes, so the next run compares
                      with committed code; git status says what counts
  --save              save this run even with uncommitted changes; with the git or cache store:
                      save it there instead of locally (git: pushed to the data branch, needs write
                      access to origin; cache: a new entry of this job's run)
  --no-save           do not save this run's results to the store
  --no-install        do not install missing tools the config needs (valgrind, Rust, Zig); by
                      default they are set up first, as \`bench-action setup\` would
  --shard I/N         measure only shard I of N (balanced by the baseline's durations, else by a
                      stable hash), write the shard file for \`merge\` and save nothing
  --shard-output FILE where the shard file goes (default STORE/shard-I-of-N.json)
  --verbose           show every metric, not only the gated ones
  --export-json FILE, --export-markdown FILE, --export-csv FILE
                      also write this run's results in hyperfine's layouts (its --export-json,
                      --export-markdown and --export-csv): a result per benchmark with timed runs,
                      in seconds; merge exports the merged run, compare the HEAD file. In the CSV a
                      name or parameter a spreadsheet would read as a formula (=, +, -, @ first)
                      gets a ' before it
  --export-csv-raw FILE
                      the CSV with every cell as hyperfine writes it, formulas and all`

const RUN_OPTIONS = {
  config: { type: 'string' },
  'dry-run': { type: 'boolean' },
  against: { type: 'string' },
  shard: { type: 'string' },
  'shard-output': { type: 'string' },
  filter: { type: 'string' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  ...STORE_OPTIONS,
  'no-install': { type: 'boolean' },
  verbose: { type: 'boolean' },
  ...EXPORT_OPTIONS,
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const

/** `usage` is the whole help text, which --help prints. */
export async function runCommand(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: RUN_OPTIONS, allowPositionals: true })
  if (values.help) {
    io.stdout.write(usage)
    return 0
  }
  if (values.version) {
    io.stdout.write(`${VERSION}\n`)
    return 0
  }
  if (positionals.length > 0)
    throw new UsageError(`unknown command "${positionals[0]}" (see bench-action --help)`)
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
