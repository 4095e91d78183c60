// The command line: `bench-action [run] …`, `compare`, `schema`. Takes its I/O as arguments so tests
// can drive it in-process; cli-entry.ts wires it to the real process.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { compareResults, exitCodeFor } from './compare/index.ts'
import { configJsonSchema, loadConfig, parseDurationMs, ValueError } from './config/index.ts'
import { listed } from './display.ts'
import { isUserError } from './errors.ts'
import { type ExportPaths, writeExports } from './export/index.ts'
import { commitInfo, defaultBranch } from './git.ts'
import { withoutWorkflowCommands } from './github/log.ts'
import { readHistories, renderHistoryMarkdown, renderHistoryTerminal, writeSite } from './history/index.ts'
import { runnerConfiguration } from './kinds/wall-clock/measure.ts'
import { RebarFormatError } from './kinds/wall-clock/rebar.ts'
import { rebarCases } from './kinds/wall-clock/rebar-cases.ts'
import {
  type PipelineOutcome,
  resolveConfigPath,
  runMerge,
  runPipeline,
  UsageError,
  writeText,
} from './pipeline.ts'
import { planCases } from './plan.ts'
import { renderHtml } from './report/html.ts'
import { renderMarkdown } from './report/markdown.ts'
import { renderTerminal, shouldUseColor } from './report/terminal.ts'
import { parseResultSetText } from './results.ts'
import { describeStatus, KNOWN_TOOLS, runSetup, toolsNeeded } from './setup/index.ts'
import { SetupError } from './setup/system.ts'
import { parseShard } from './shard.ts'
import { DEFAULT_DATA_BRANCH } from './store/git.ts'
import {
  isStoreKind,
  type OpenStore,
  openStore,
  readingFrom,
  STORE_KINDS,
  type StoreKind,
  type StoreSpec,
  StoreUnavailableError,
} from './store/index.ts'
import { VERSION } from './version.ts'

export interface CliIo {
  cwd: string
  env: NodeJS.ProcessEnv
  stdout: { write(text: string | Uint8Array): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown; isTTY?: boolean }
}

export const USAGE = `bench-action ${VERSION}: benchmarks with a verdict

Usage:
  bench-action [run] [--config FILE] [--dry-run] [--baseline FILE|DIR|git:[BRANCH] | --against REF]
                     [--baseline-store ${STORE_KINDS.join('|')}] [--baseline-branch NAME] [--retain N]
                     [--filter GLOB] [--json FILE] [--markdown FILE] [--html FILE] [--store DIR]
                     [--save | --no-save] [--no-install] [--shard I/N [--shard-output FILE]] [--verbose]
                     [--export-json FILE] [--export-markdown FILE] [--export-csv FILE]
                     [--export-csv-raw FILE]
  bench-action merge SHARD.json… [--config FILE] [--baseline FILE|DIR|git:[BRANCH]]
                     [--baseline-store ${STORE_KINDS.join('|')}] [--baseline-branch NAME] [--retain N] [--json FILE]
                     [--markdown FILE] [--html FILE] [--store DIR] [--save | --no-save] [--verbose]
                     [--export-json FILE] [--export-markdown FILE] [--export-csv FILE]
                     [--export-csv-raw FILE]
                               join the shard files of one sharded run, then compare, report and
                               save once
  bench-action compare BASE.json HEAD.json [--markdown FILE] [--html FILE] [--verbose]
                     [--export-json FILE] [--export-markdown FILE] [--export-csv FILE]
                     [--export-csv-raw FILE]
  bench-action setup [valgrind] [rust] [zig] [--config FILE] [--toolchain NAME] [--zig-version V]
                               detect or install the tools the benchmarks need (with no names:
                               what the config's benchmarks need)
  bench-action klv NAME [--config FILE] [--max-iters N] [--max-time DURATION]
                               print the KLV a wall-clock benchmark's runner reads on stdin, to
                               try a runner by hand: bench-action klv NAME | ./runner ENGINE
  bench-action history [--out DIR] [--suite NAME] [--branch NAME] [--config FILE] [--store DIR]
                     [--baseline-store dir|git] [--baseline-branch NAME] [--markdown FILE] [--json FILE]
                               every stored run of the suite on a branch (default: the default
                               branch): the change points of each gated metric, and with --out a
                               static trend site (DIR/index.html first) of every benchmark's history
  bench-action schema          print the config file's JSON Schema
  bench-action --version

run        measure the benchmarks of bench.yml (looked for in the working directory, then
           .github/), compare them with the newest stored baseline and print a verdict
  --config FILE       the config file
  --dry-run           measure and report as CI would, but publish nothing (results are still
                      saved to the local store unless --no-save; nothing is ever pushed)
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
                      ACTIONS_RESULTS_URL exported to the step). Results are still saved to the
                      local store; they go to the git or cache store only with --save (never with
                      --dry-run)
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
  --store DIR         where results are kept between runs (default .bench)
  --save              with the git or cache store: save this run's results there instead of
                      locally (git: pushed to the data branch, needs write access to origin;
                      cache: a new entry of this job's run)
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
                      the CSV with every cell as hyperfine writes it, formulas and all

Exit codes: 0 no regression, 1 regression found, 2 bad usage or config, 3 a benchmark or the
environment failed.
`

/** The exports in hyperfine's layouts, taken by run, merge and compare. */
const EXPORT_OPTIONS = {
  'export-json': { type: 'string' },
  'export-markdown': { type: 'string' },
  'export-csv': { type: 'string' },
  'export-csv-raw': { type: 'string' },
} as const

function exportPaths(values: {
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

const RUN_OPTIONS = {
  config: { type: 'string' },
  'dry-run': { type: 'boolean' },
  baseline: { type: 'string' },
  against: { type: 'string' },
  shard: { type: 'string' },
  'shard-output': { type: 'string' },
  filter: { type: 'string' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  store: { type: 'string' },
  'baseline-store': { type: 'string' },
  'baseline-branch': { type: 'string' },
  retain: { type: 'string' },
  save: { type: 'boolean' },
  'no-save': { type: 'boolean' },
  'no-install': { type: 'boolean' },
  verbose: { type: 'boolean' },
  ...EXPORT_OPTIONS,
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const

/** Errors the user can fix; everything else is a bug and keeps its stack. */
function isUsersMistake(err: unknown): err is Error {
  return (
    isUserError(err) ||
    (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
  )
}

/**
 * A stream of text for people, which a workflow's `run:` step may print to its log: each line goes out
 * whole, with nothing in it the runner would obey as a workflow command (github/log.ts).
 */
class ShownStream {
  /** The start of a line whose end has not been written yet. */
  private pending = ''

  constructor(private readonly stream: CliIo['stdout']) {}

  get isTTY(): boolean | undefined {
    return this.stream.isTTY
  }

  write(text: string | Uint8Array): void {
    if (typeof text !== 'string') {
      this.flush()
      this.stream.write(text)
      return
    }
    this.pending += text
    const end = Math.max(this.pending.lastIndexOf('\n'), this.pending.lastIndexOf('\r')) + 1
    if (end === 0) return
    this.stream.write(withoutWorkflowCommands(this.pending.slice(0, end)))
    this.pending = this.pending.slice(end)
  }

  flush(): void {
    if (this.pending !== '') this.stream.write(withoutWorkflowCommands(this.pending))
    this.pending = ''
  }
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const stdout = new ShownStream(io.stdout)
  const stderr = new ShownStream(io.stderr)
  const shown: CliIo = { cwd: io.cwd, env: io.env, stdout, stderr }
  try {
    return await dispatch(argv, io, shown)
  } catch (err) {
    if (err instanceof SetupError) {
      shown.stderr.write(`bench-action: ${err.message}\n`)
      return err.exitCode
    }
    if (isUsersMistake(err)) {
      shown.stderr.write(`bench-action: ${err.message}\n`)
      return 2
    }
    shown.stderr.write(
      `bench-action: internal error: ${(err as Error)?.stack ?? String(err)}\nThis is a bug in bench-action; please report it.\n`,
    )
    return 3
  } finally {
    stdout.flush()
    stderr.flush()
  }
}

/**
 * Runs a command: `shown` for reports, progress and messages, `io` as it is for what programs read
 * (the config's JSON Schema, a runner's KLV).
 */
async function dispatch(argv: string[], io: CliIo, shown: CliIo): Promise<number> {
  const [first, ...rest] = argv
  if (first === 'compare') return compareCommand(rest, shown)
  if (first === 'merge') return mergeCommand(rest, shown)
  if (first === 'schema') {
    parseArgs({ args: rest, options: {}, allowPositionals: false })
    io.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`)
    return 0
  }
  if (first === 'setup') return setupCommand(rest, shown)
  if (first === 'klv') return klvCommand(rest, io)
  if (first === 'history') return historyCommand(rest, shown)
  if (first === 'help') {
    shown.stdout.write(USAGE)
    return 0
  }
  return runCommand(first === 'run' ? rest : argv, shown)
}

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: RUN_OPTIONS, allowPositionals: true })
  if (values.help) {
    io.stdout.write(USAGE)
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
      log: (line) => io.stderr.write(`${line}\n`),
    })
    await writeExports(outcome.results, exportPaths(values), io.cwd, (line) => io.stderr.write(`${line}\n`))
    return printOutcome(outcome, io, values.verbose === true, chosen.kind)
  } finally {
    await chosen.store?.close?.()
  }
}

/** The `--baseline` value that reads the git store: `git:BRANCH`, or `git:` for the default data branch. */
function gitBaselineBranch(baseline: string | undefined): string | undefined {
  return baseline?.startsWith('git:') ? baseline.slice('git:'.length) : undefined
}

interface StoreFlags {
  baseline?: string
  store?: string
  'baseline-store'?: string
  'baseline-branch'?: string
  retain?: string
  save?: boolean
  'no-save'?: boolean
  'dry-run'?: boolean
}

interface ChosenStore {
  kind: StoreKind
  /** A results file or a directory of them, for the pipeline to read (the dir store only). */
  baseline?: string
  /** Where baselines are read and the run is saved; the pipeline's directory store when absent. */
  store?: OpenStore
  save: boolean
}

/**
 * Where the CLI reads baselines and saves its run. The local directory store unless told otherwise;
 * with the git store (--baseline-store git, --baseline git:BRANCH) baselines come from origin's data
 * branch, fetched in the working directory's repository with the user's own git credentials, and with
 * the cache store (--baseline-store cache, in a step of a GitHub Actions job) from the Actions cache.
 * The run is still saved locally — to the git or cache store only with --save, and never by a dry run.
 */
function chooseStore(values: StoreFlags, io: CliIo): ChosenStore {
  if (values.save && values['no-save']) throw new UsageError('--save and --no-save contradict each other')
  const fromGit = gitBaselineBranch(values.baseline)
  const kind = values['baseline-store'] ?? (fromGit !== undefined ? 'git' : 'dir')
  if (!isStoreKind(kind))
    throw new UsageError(`--baseline-store must be ${listed(STORE_KINDS, 'or')}, got ${JSON.stringify(kind)}`)
  const retain = values.retain === undefined ? undefined : wholeNumber('--retain', values.retain)
  if (kind !== 'git') {
    if (fromGit !== undefined)
      throw new UsageError(`--baseline ${values.baseline} reads the git store: drop --baseline-store ${kind}`)
    if (values['baseline-branch'] !== undefined)
      throw new UsageError("--baseline-branch names the git store's data branch: add --baseline-store git")
    if (retain !== undefined)
      throw new UsageError("--retain prunes the git store's data branch: add --baseline-store git")
  }
  if (kind === 'dir') return { kind, baseline: values.baseline, save: !values['no-save'] }
  if (values.baseline !== undefined && fromGit === undefined)
    throw new UsageError(
      `--baseline FILE|DIR and --baseline-store ${kind} each say where the baseline comes from: give one of them`,
    )
  if (fromGit && values['baseline-branch'] !== undefined && values['baseline-branch'] !== fromGit)
    throw new UsageError(
      `--baseline ${values.baseline} and --baseline-branch ${values['baseline-branch']} name different data branches`,
    )
  if (values.save && values['dry-run'])
    throw new UsageError(
      kind === 'git'
        ? '--dry-run never pushes to the data branch: drop --save to only compare with it, or --dry-run to push'
        : '--dry-run never saves to the Actions cache: drop --save to only compare with it, or --dry-run to save',
    )
  if (retain !== undefined && !values.save)
    throw new UsageError('--retain prunes the data branch when this run pushes to it: add --save')
  const store = openCliStore({
    kind,
    cwd: io.cwd,
    remote: 'origin',
    branch: fromGit || values['baseline-branch'] || DEFAULT_DATA_BRANCH,
    ...(retain !== undefined ? { retain } : {}),
    env: io.env,
    log: (line) => io.stderr.write(`${line}\n`),
  })
  if (values.save) return { kind, store, save: true }
  const local = openCliStore({ kind: 'dir', cwd: io.cwd, storeDir: values.store ?? '.bench' })
  return { kind, store: readingFrom(store, local), save: !values['no-save'] }
}

/** The store of --baseline-store; one this machine cannot serve is refused with the flags to use instead. */
function openCliStore(spec: StoreSpec): OpenStore {
  try {
    return openStore(spec)
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error
    throw new UsageError(
      `--baseline-store ${spec.kind}: ${error.message}. Outside a GitHub Actions job --baseline-store must be dir or git; ` +
        "in a workflow's run: step, export the runner's ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL in an earlier step (crazy-max/ghaction-github-runtime does)",
    )
  }
}

function wholeNumber(flag: string, value: string): number {
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError(`${flag} takes a whole number of at least 1, got ${JSON.stringify(value)}`)
  return Number(value)
}

async function setupCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { config: { type: 'string' }, toolchain: { type: 'string' }, 'zig-version': { type: 'string' } },
    allowPositionals: true,
  })
  let tools = positionals
  const unknown = tools.filter((t) => !(KNOWN_TOOLS as readonly string[]).includes(t.toLowerCase()))
  if (unknown.length > 0) {
    throw new UsageError(`unknown tool "${unknown[0]}": bench-action can set up ${KNOWN_TOOLS.join(', ')}`)
  }
  if (tools.length === 0) {
    const config = await loadConfig(await resolveConfigPath(io.cwd, values.config))
    tools = toolsNeeded(
      config.benchmarks.map((b) => b.kind),
      config,
    )
    if (tools.length === 0) {
      io.stdout.write('nothing to set up: the benchmarks need no extra tools\n')
      return 0
    }
  }
  const statuses = await runSetup(tools, {
    cwd: io.cwd,
    toolchain: values.toolchain,
    zigVersion: values['zig-version'],
    env: io.env,
    log: (line) => io.stderr.write(`${line}\n`),
  })
  for (const s of statuses) io.stdout.write(`${describeStatus(s)}\n`)
  return 0
}

async function klvCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { config: { type: 'string' }, 'max-iters': { type: 'string' }, 'max-time': { type: 'string' } },
    allowPositionals: true,
  })
  if (positionals.length !== 1) throw new UsageError('klv takes one benchmark name: bench-action klv NAME')
  const name = positionals[0]!
  const configPath = await resolveConfigPath(io.cwd, values.config)
  const wallClock = planCases(await loadConfig(configPath)).filter((c) => c.kind === 'wall-clock')
  let found = wallClock.find((c) => c.name === name)
  // A harness's benchmarks are known only by listing them; the name says which one is meant.
  const harness = wallClock.find((c) => c.harness && name.startsWith(`${c.name}/`))
  if (!found && harness) found = { ...harness, name, id: name }
  // A rebar directory's, by reading it.
  const rebar = wallClock.find((c) => c.rebar !== undefined && name.startsWith(`${c.name}/`))
  if (!found && rebar) {
    try {
      const { cases, failed } = await rebarCases(rebar)
      found = [...cases, ...failed.map((f) => f.c)].find((c) => c.name === name)
    } catch (error) {
      if (!(error instanceof RebarFormatError)) throw error
      throw new UsageError(error.message)
    }
  }
  if (!found) {
    const known = wallClock.map((c) => (c.harness || c.rebar ? `${c.name}/…` : c.name))
    throw new UsageError(
      `no wall-clock benchmark "${name}" in ${configPath}` +
        (known.length > 0 ? ` (there are: ${known.join(', ')})` : ' (it has none)'),
    )
  }
  const part = { runs: found.runs, maxTimeMs: found.maxTimeMs }
  if (values['max-iters'] !== undefined) {
    if (!/^\d+$/.test(values['max-iters'])) throw new UsageError('--max-iters takes a whole number')
    part.runs = Number(values['max-iters'])
  }
  if (values['max-time'] !== undefined) {
    try {
      part.maxTimeMs = parseDurationMs(values['max-time'])
    } catch (error) {
      if (!(error instanceof ValueError)) throw error
      throw new UsageError(`--max-time: ${error.message}`)
    }
  }
  const configuration = await runnerConfiguration(found, part)
  if ('error' in configuration) throw new UsageError(configuration.error)
  io.stdout.write(configuration.klv)
  return 0
}

async function historyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      suite: { type: 'string', multiple: true },
      branch: { type: 'string' },
      config: { type: 'string' },
      store: { type: 'string' },
      'baseline-store': { type: 'string' },
      'baseline-branch': { type: 'string' },
      markdown: { type: 'string' },
      json: { type: 'string' },
    },
    allowPositionals: true,
  })
  if (positionals.length > 0)
    throw new UsageError(`history takes no ${JSON.stringify(positionals[0])}: see bench-action --help`)
  const kind = values['baseline-store'] ?? 'dir'
  if (kind !== 'dir' && kind !== 'git')
    throw new UsageError(
      `history reads the dir or the git store (--baseline-store dir|git), got ${JSON.stringify(kind)}: the Actions cache keeps no history it can list`,
    )
  if (kind === 'dir' && values['baseline-branch'] !== undefined)
    throw new UsageError("--baseline-branch names the git store's data branch: add --baseline-store git")
  // The suite of the config, when there is one; else every suite the store holds.
  let suites = values.suite
  if (!suites) {
    const configPath = await resolveConfigPath(io.cwd, values.config).catch((error) => {
      if (values.config !== undefined || !isUserError(error)) throw error
      return undefined
    })
    if (configPath) suites = [(await loadConfig(configPath)).suite]
  }
  const branch =
    values.branch ??
    (await defaultBranch(io.cwd, io.env)) ??
    (await commitInfo(io.cwd, io.env)).branch ??
    'main'
  const store = openCliStore({
    kind,
    cwd: io.cwd,
    storeDir: values.store ?? '.bench',
    remote: 'origin',
    branch: values['baseline-branch'] || DEFAULT_DATA_BRANCH,
    env: io.env,
    log: (line) => io.stderr.write(`${line}\n`),
  })
  try {
    const histories = await readHistories({
      store,
      branch,
      ...(suites ? { suites } : {}),
      log: (line) => io.stderr.write(`${line}\n`),
    })
    io.stdout.write(renderHistoryTerminal(histories))
    if (values.markdown)
      await writeText(path.resolve(io.cwd, values.markdown), renderHistoryMarkdown(histories))
    if (values.json)
      await writeText(path.resolve(io.cwd, values.json), `${JSON.stringify({ histories }, null, 2)}\n`)
    if (values.out) {
      const outDir = path.resolve(io.cwd, values.out)
      const started = Date.now()
      const files = await writeSite(outDir, histories, { version: VERSION, now: new Date() })
      io.stderr.write(
        `trend site: ${path.relative(io.cwd, files[0]!) || files[0]} and ${files.length - 1} more page${files.length === 2 ? '' : 's'}, written in ${Date.now() - started} ms\n`,
      )
    }
    return 0
  } finally {
    await store.close?.()
  }
}

async function readResults(file: string, cwd: string) {
  const full = path.resolve(cwd, file)
  let text: string
  try {
    text = await readFile(full, 'utf8')
  } catch (err) {
    throw new UsageError(
      `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    )
  }
  return parseResultSetText(text, file)
}

/** The report on stdout, where the results were saved on stderr; the exit code. */
function printOutcome(outcome: PipelineOutcome, io: CliIo, verbose: boolean, kind: StoreKind): number {
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

async function mergeCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string' },
      baseline: { type: 'string' },
      json: { type: 'string' },
      markdown: { type: 'string' },
      html: { type: 'string' },
      store: { type: 'string' },
      'baseline-store': { type: 'string' },
      'baseline-branch': { type: 'string' },
      retain: { type: 'string' },
      save: { type: 'boolean' },
      'no-save': { type: 'boolean' },
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
      log: (line) => io.stderr.write(`${line}\n`),
      shards,
    })
    await writeExports(outcome.results, exportPaths(values), io.cwd, (line) => io.stderr.write(`${line}\n`))
    return printOutcome(outcome, io, values.verbose === true, chosen.kind)
  } finally {
    await chosen.store?.close?.()
  }
}

async function compareCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      markdown: { type: 'string' },
      html: { type: 'string' },
      verbose: { type: 'boolean' },
      ...EXPORT_OPTIONS,
    },
    allowPositionals: true,
  })
  if (positionals.length !== 2)
    throw new UsageError('compare takes two files: bench-action compare BASE.json HEAD.json')
  const [baseFile, headFile] = positionals as [string, string]
  const base = await readResults(baseFile, io.cwd)
  const head = await readResults(headFile, io.cwd)
  if (base.suite !== head.suite) {
    io.stderr.write(`bench-action: note: comparing suite "${base.suite}" with suite "${head.suite}"\n`)
  }
  const comparison = compareResults(head, {
    baseline: { results: base, source: baseFile, reason: `the file ${baseFile}, given on the command line` },
    // Two files were measured at two moments, whatever machine or job they came from.
    acrossMoments: true,
  })
  if (values.markdown) {
    await writeText(path.resolve(io.cwd, values.markdown), renderMarkdown(comparison, { version: VERSION }))
  }
  if (values.html) {
    await writeText(
      path.resolve(io.cwd, values.html),
      await renderHtml(comparison, { version: VERSION, samples: { head, base } }),
    )
  }
  await writeExports(head, exportPaths(values), io.cwd, (line) => io.stderr.write(`${line}\n`))
  io.stdout.write(
    renderTerminal(comparison, {
      color: shouldUseColor(io.stdout, io.env),
      verbose: values.verbose === true,
    }),
  )
  return exitCodeFor(comparison)
}
