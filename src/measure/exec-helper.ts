// The native exec helper (runners/exec/exec.c): found next to the package, built with the system C
// compiler on first use, cached by a hash of its source and the compiler, and run once per benchmark
// to launch every run of it. Node cannot read one child's rusage, and a child forked from Node starts
// with Node's resident memory as its max-RSS floor, so process measurements go through this launcher.
// The cache lives where setup steps and benchmarks can write, so a cached helper runs only while its
// bytes match the digest recorded beside it when it was built from this source (docs/ARCHITECTURE.md#the-trust-boundary); anything
// else is rebuilt.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { access, constants, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'
import type { Unit } from '../results.ts'
import { type CommandResult, commandFailure, outputTail, runCommand } from '../system/command.ts'
import { launch } from './launch.ts'

const SOURCE_IN_PACKAGE = path.join('runners', 'exec', 'exec.c')
const VERSION_PREFIX = 'bench-action exec '
const MANIFEST_SCHEMA = 'bench-action/exec-helper'
const COMPILE_FLAGS = ['-O2']
/** The helper keeps the last 4 KiB of a failed run's stderr; a full buffer means the start was cut. */
const HELPER_STDERR_BYTES = 4096

export type RunPhase = 'warmup' | 'run'
/** The commands run untimed around every run: before it, and after it. */
export type RunStep = 'prepare' | 'conclude'

/** What every way of launching a run can tell: how long it took and how it ended. */
export interface RunOutcome {
  phase: RunPhase
  /** 0-based within its phase. */
  index: number
  wallNs: number
  /** null when the process was killed by a signal. */
  exitCode: number | null
  /** Signal name such as `SIGSEGV`, or null when the process exited. */
  signal: string | null
  timedOut: boolean
  /** End of stderr (decoded as UTF-8, last lines only), present for failed runs. */
  stderrTail?: string
  /** Present when this is not the run but the prepare or conclude command around it (which failed). */
  step?: RunStep
}

/**
 * One run as the exec helper measured it, from wait4's rusage of exactly that child. With several
 * copies per run, one copy of one run: wall time, rusage and exit status are that copy's own.
 */
export interface ProcessRun extends RunOutcome {
  /** 0-based index of the copy among the run's copies; present with `copies` or `outputDir`. */
  copy?: number
  /** The file the copy's stdout was written to; present with `outputDir`. */
  stdoutPath?: string
  /** The child's resource use by metric name, in the metric's unit (RESOURCE_USE). */
  usage: ResourceUse
}

/**
 * What wait4's rusage says of one run, each once: the metric it becomes, the key of the exec helper's
 * line that carries it, the metric's unit and the factor from the helper's unit to it. A new one is a
 * row here and a field of the helper's line (runners/exec/exec.c).
 */
export const RESOURCE_USE = [
  { metric: 'user', helper: 'user_us', unit: 'ns', scale: 1000 },
  { metric: 'sys', helper: 'sys_us', unit: 'ns', scale: 1000 },
  { metric: 'max-rss', helper: 'maxrss_kb', unit: 'bytes', scale: 1024 },
  { metric: 'minor-faults', helper: 'minflt', unit: 'count', scale: 1 },
  { metric: 'major-faults', helper: 'majflt', unit: 'count', scale: 1 },
  { metric: 'voluntary-cs', helper: 'nvcsw', unit: 'count', scale: 1 },
  { metric: 'involuntary-cs', helper: 'nivcsw', unit: 'count', scale: 1 },
] as const satisfies ReadonlyArray<{ metric: string; helper: string; unit: Unit; scale: number }>

export type ResourceMetric = (typeof RESOURCE_USE)[number]['metric']
export type ResourceUse = Record<ResourceMetric, number>

export type RunFailure =
  /** The run ended with a non-zero exit, a signal, or a timeout; it is the last run reported. */
  | { kind: 'run'; run: RunOutcome }
  /** The program could not be started at all. */
  /** With `step: 'stdin'`, the run's stdin file could not be opened; `program` is that file. */
  | {
      kind: 'spawn'
      phase: RunPhase
      index: number
      program: string
      reason: string
      /** The program (or stdin file) does not exist: ENOENT. */
      notFound?: boolean
      step?: RunStep | 'stdin'
    }

export interface RunsOutcome<R extends RunOutcome = ProcessRun> {
  /** Every run reported, warmups included, in order; a failed run is the last one. */
  runs: R[]
  failure?: RunFailure
}

/**
 * A usable helper (`built` says whether this call compiled it: first use, or a cached one that did not
 * match its recorded digest), or why there is none.
 */
export type ExecHelper = { path: string; built?: boolean } | { unavailable: string }

export interface ExecHelperOptions {
  /** Where built helpers are kept; by default $BENCH_ACTION_CACHE_DIR, $XDG_CACHE_HOME/bench-action or ~/.cache/bench-action. */
  cacheDir?: string
  /** The C source; by default runners/exec/exec.c of this package. */
  sourcePath?: string
  /** Where CC, PATH and the cache variables are read from; process.env by default. */
  env?: NodeJS.ProcessEnv
}

export interface ExecHelperRunOptions {
  command: readonly string[]
  cwd: string
  /** Added to the inherited environment. */
  env: Readonly<Record<string, string>>
  /** The environment inherited by the command; process.env by default. */
  inherit?: NodeJS.ProcessEnv
  runs: number
  warmup: number
  /** Per run, for all its copies together; 0 means no timeout. */
  timeoutMs: number
  /**
   * Copies of the command each run starts at once (will-it-scale's process mode), each reported as
   * a ProcessRun of its own with its `copy` index; 1 by default. The run fails if any copy fails.
   */
  copies?: number
  /**
   * A directory (created if missing; relative to `cwd`) for the commands' stdout, one file per run
   * and copy, `run-PHASE-I-copy-J.out`, reported as `stdoutPath`. Without it stdout is discarded.
   */
  outputDir?: string
  /**
   * Where the commands' stdout goes: /dev/null (the default), a pipe read and discarded, or a file
   * (relative to `cwd`, created if missing) that every run appends to. Not with `outputDir`.
   */
  output?: 'null' | 'pipe' | { file: string }
  /** A file (relative to `cwd`) every run reads from its start on stdin; /dev/null otherwise. */
  stdin?: string
  /** argv run untimed before every run, warmups included; its failure ends the series. */
  prepare?: readonly string[]
  /** argv run untimed after every run that succeeded, warmups included; its failure ends the series. */
  conclude?: readonly string[]
  /**
   * Bytes of environment padding each run starts with, warmups first (warmup + runs sizes): see
   * measure/placement.ts. Without it, every run gets the environment as it is.
   */
  padding?: readonly number[]
  /** Called as each run's line arrives. */
  onRun?: (run: ProcessRun) => void
}

/**
 * Finds runners/exec/exec.c by walking up from this module: from src/measure/ when run from source,
 * from dist/ when bundled.
 */
export function findExecHelperSource(fromDir = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = path.resolve(fromDir)
  for (;;) {
    const candidate = path.join(dir, SOURCE_IN_PACKAGE)
    if (existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir)
      throw new Error(`cannot find ${SOURCE_IN_PACKAGE} in ${fromDir} or any directory above it`)
    dir = parent
  }
}

export function execHelperCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BENCH_ACTION_CACHE_DIR) return path.resolve(env.BENCH_ACTION_CACHE_DIR)
  if (env.XDG_CACHE_HOME) return path.join(path.resolve(env.XDG_CACHE_HOME), 'bench-action')
  return path.join(env.HOME || os.homedir(), '.cache', 'bench-action')
}

/** A compiler or the helper answering --version, or a compile: never a measurement. */
function runTool(argv: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<CommandResult> {
  return runCommand(argv, { env, cwd, timeoutMs: 120_000, maxOutputBytes: 4 * 1024 * 1024 })
}

export interface CCompiler {
  /** The command, e.g. ['cc'] or ['zig', 'cc']. */
  argv: string[]
  /** What the compiler says it is; part of the cache key, so an upgraded compiler rebuilds. */
  identity: string
}

const compilerSearches = new Map<string, Promise<CCompiler | { unavailable: string }>>()

/** The first C compiler that answers --version: $CC, then cc, gcc, clang, zig cc. Remembered per CC and PATH. */
export function findCCompiler(
  env: NodeJS.ProcessEnv = process.env,
): Promise<CCompiler | { unavailable: string }> {
  const key = `${env.CC ?? ''}\0${env.PATH ?? ''}`
  let search = compilerSearches.get(key)
  if (!search) {
    search = searchCCompiler(env)
    compilerSearches.set(key, search)
  }
  return search
}

async function searchCCompiler(env: NodeJS.ProcessEnv): Promise<CCompiler | { unavailable: string }> {
  const candidates: string[][] = []
  const fromEnv = env.CC?.trim().split(/\s+/).filter(Boolean)
  if (fromEnv?.length) candidates.push(fromEnv)
  candidates.push(['cc'], ['gcc'], ['clang'], ['zig', 'cc'])
  for (const argv of candidates) {
    const { code, stdout, stderr } = await runTool([...argv, '--version'], env)
    if (code === 0) return { argv, identity: `${argv.join(' ')}\n${(stdout || stderr).trim()}` }
    // Absent or broken: try the next one.
  }
  const tried = candidates.map((argv) => (argv === fromEnv ? `$CC (${argv.join(' ')})` : argv.join(' ')))
  return { unavailable: `tried ${tried.join(', ')}` }
}

/** What was recorded when a helper was built: checked before a cached helper is run. */
interface HelperManifest {
  schema: typeof MANIFEST_SCHEMA
  /** sha256 of the C source it was built from. */
  source: string
  compiler: string
  flags: string
  /** sha256 of the helper's bytes. */
  sha256: string
}

/** `<helper>.json`: the manifest recorded beside a built helper. */
export function execHelperManifestPath(helperPath: string): string {
  return `${helperPath}.json`
}

async function sha256File(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
}

/**
 * Whether the cached helper may run: it is executable, its manifest says it was built from this source
 * with this compiler and flags, and its bytes are the ones recorded then.
 */
async function cachedHelperMatches(
  helperPath: string,
  expected: Omit<HelperManifest, 'sha256'>,
): Promise<boolean> {
  try {
    await access(helperPath, constants.X_OK)
    const manifest = JSON.parse(
      await readFile(execHelperManifestPath(helperPath), 'utf8'),
    ) as Partial<HelperManifest>
    if (
      manifest.schema !== expected.schema ||
      manifest.source !== expected.source ||
      manifest.compiler !== expected.compiler ||
      manifest.flags !== expected.flags ||
      typeof manifest.sha256 !== 'string'
    )
      return false
    return (await sha256File(helperPath)) === manifest.sha256
  } catch {
    // Not built yet, no manifest (built by an older version), or unreadable: build it.
    return false
  }
}

/**
 * Returns the built exec helper, building it first when this source and compiler have not been
 * built before, or when the cached build is not the one recorded (see cachedHelperMatches).
 * `unavailable` says why there is none (no C compiler). A compiler that fails on the
 * source throws with its output: a broken toolchain (missing libc headers) should be fixed, not
 * quietly measured with wall time only.
 */
export async function ensureExecHelper(options: ExecHelperOptions = {}): Promise<ExecHelper> {
  const env = options.env ?? process.env
  if (process.platform === 'win32') return { unavailable: 'Windows has no wait4 or process groups' }
  const compiler = await findCCompiler(env)
  if ('unavailable' in compiler) return compiler
  const sourcePath = options.sourcePath ?? findExecHelperSource()
  const source = await readFile(sourcePath)
  const hash = createHash('sha256')
    .update(source)
    .update('\0')
    .update(compiler.identity)
    .update('\0')
    .update(COMPILE_FLAGS.join(' '))
    .digest('hex')
    .slice(0, 16)
  const cacheDir = options.cacheDir ?? execHelperCacheDir(env)
  const helperPath = path.join(cacheDir, `exec-${hash}`)
  const recorded: Omit<HelperManifest, 'sha256'> = {
    schema: MANIFEST_SCHEMA,
    source: createHash('sha256').update(source).digest('hex'),
    compiler: compiler.identity,
    flags: COMPILE_FLAGS.join(' '),
  }
  if (await cachedHelperMatches(helperPath, recorded)) return { path: helperPath, built: false }
  await mkdir(cacheDir, { recursive: true })
  // Several processes (parallel CI jobs on one machine, shards) may build at once: each compiles to a
  // name of its own and renames it into place, which is atomic, so nobody runs a half-written file.
  // A helper that does not match its manifest is replaced the same way.
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  const temporaryPath = `${helperPath}.${suffix}`
  const temporaryManifest = `${execHelperManifestPath(helperPath)}.${suffix}`
  try {
    const compiled = await runTool(
      [...compiler.argv, ...COMPILE_FLAGS, '-o', temporaryPath, sourcePath],
      env,
      cacheDir,
    )
    const failure = commandFailure(compiled)
    if (failure !== undefined) {
      const output = [(compiled.stderr || compiled.stdout).trim(), compiled.error].filter(Boolean).join('\n')
      throw new Error(
        `building the exec helper ${sourcePath} with ${compiler.argv.join(' ')} failed:\n${output || failure}`,
      )
    }
    const answer = await runTool([temporaryPath, '--version'], env)
    const refused = commandFailure(answer)
    if (refused !== undefined) {
      const said = outputTail(answer.stderr)
      throw new Error(
        `the exec helper built from ${sourcePath} ${refused} when asked --version${said ? `:\n${said}` : ''}`,
      )
    }
    if (!answer.stdout.startsWith(VERSION_PREFIX)) {
      throw new Error(
        `the exec helper built from ${sourcePath} answered --version with ${JSON.stringify(answer.stdout)}`,
      )
    }
    const manifest: HelperManifest = { ...recorded, sha256: await sha256File(temporaryPath) }
    await writeFile(temporaryManifest, `${JSON.stringify(manifest, null, 2)}\n`)
    await rename(temporaryPath, helperPath)
    await rename(temporaryManifest, execHelperManifestPath(helperPath))
  } finally {
    await rm(temporaryPath, { force: true })
    await rm(temporaryManifest, { force: true })
  }
  return { path: helperPath, built: true }
}

/** errno of a file or program that does not exist, as the helper reports it (Linux, macOS, the BSDs). */
const ENOENT = 2

const runLineSchema = z.object({
  phase: z.enum(['warmup', 'run']),
  i: z.number().int().nonnegative(),
  step: z.enum(['prepare', 'conclude']).optional(),
  copy: z.number().int().nonnegative().optional(),
  copies: z.number().int().positive().optional(),
  wall_ns: z.number().nonnegative(),
  ...(Object.fromEntries(RESOURCE_USE.map((u) => [u.helper, z.number().nonnegative()])) as Record<
    (typeof RESOURCE_USE)[number]['helper'],
    z.ZodNumber
  >),
  exit: z.number().int().nullable(),
  signal: z.string().nullable(),
  timed_out: z.boolean(),
  stdout: z.string().optional(),
  stderr_hex: z.string().optional(),
})

const spawnErrorLineSchema = z.object({
  phase: z.enum(['warmup', 'run']),
  i: z.number().int().nonnegative(),
  step: z.enum(['prepare', 'conclude', 'stdin']).optional(),
  copy: z.number().int().nonnegative().optional(),
  spawn_error: z.string(),
  errno: z.number().int(),
  program: z.string(),
})

function parseLine(line: string): ProcessRun | Extract<RunFailure, { kind: 'spawn' }> {
  let data: unknown
  try {
    data = JSON.parse(line)
  } catch {
    throw new Error(`the exec helper printed a line that is not JSON: ${line}`)
  }
  const spawnError = spawnErrorLineSchema.safeParse(data)
  if (spawnError.success) {
    const s = spawnError.data
    const failure: Extract<RunFailure, { kind: 'spawn' }> = {
      kind: 'spawn',
      phase: s.phase,
      index: s.i,
      program: s.program,
      reason: s.spawn_error,
    }
    if (s.errno === ENOENT) failure.notFound = true
    if (s.step !== undefined) failure.step = s.step
    return failure
  }
  const parsed = runLineSchema.safeParse(data)
  if (!parsed.success) {
    throw new Error(
      `the exec helper printed an unexpected line (${parsed.error.issues[0]?.message}): ${line}`,
    )
  }
  const r = parsed.data
  const run: ProcessRun = {
    phase: r.phase,
    index: r.i,
    wallNs: r.wall_ns,
    usage: Object.fromEntries(RESOURCE_USE.map((u) => [u.metric, r[u.helper] * u.scale])) as ResourceUse,
    exitCode: r.exit,
    signal: r.signal,
    timedOut: r.timed_out,
  }
  if (r.step !== undefined) run.step = r.step
  if (r.copy !== undefined) run.copy = r.copy
  if (r.stdout !== undefined) run.stdoutPath = r.stdout
  if (r.stderr_hex !== undefined) {
    const bytes = Buffer.from(r.stderr_hex, 'hex')
    run.stderrTail = outputTail(bytes, { cutAtStart: bytes.length >= HELPER_STDERR_BYTES })
  }
  return run
}

export function runFailed(run: RunOutcome): boolean {
  return run.timedOut || run.signal !== null || run.exitCode !== 0
}

/** The exec helper's arguments for a series of runs: its options, then `--` and the command. */
function helperArguments(options: ExecHelperRunOptions): string[] {
  const args = [
    '--runs',
    String(options.runs),
    '--warmup',
    String(options.warmup),
    '--timeout-ms',
    String(options.timeoutMs),
  ]
  if (options.copies !== undefined) args.push('--copies', String(options.copies))
  if (options.outputDir !== undefined) args.push('--output-dir', path.resolve(options.cwd, options.outputDir))
  if (options.output === 'pipe') args.push('--stdout-pipe')
  else if (typeof options.output === 'object')
    args.push('--stdout-file', path.resolve(options.cwd, options.output.file))
  if (options.stdin !== undefined) args.push('--stdin', path.resolve(options.cwd, options.stdin))
  if (options.prepare?.length) args.push('--prepare', String(options.prepare.length), ...options.prepare)
  if (options.conclude?.length) args.push('--conclude', String(options.conclude.length), ...options.conclude)
  if (options.padding !== undefined) args.push('--padding', options.padding.join(','))
  args.push('--', ...options.command)
  return args
}

/**
 * Runs the command `warmup` + `runs` times through the exec helper, in `cwd` with the inherited
 * environment plus `env`, and no shell; with `copies`, each run starts that many copies at once and
 * every copy is one entry of `runs`. A run that fails ends the series and is returned as the failure
 * (its first failed copy); only a broken helper or an unreadable line throws.
 */
export async function runExecHelper(helperPath: string, options: ExecHelperRunOptions): Promise<RunsOutcome> {
  const copies = options.copies ?? 1
  const args = helperArguments(options)
  const launched = launch({
    argv: [helperPath, ...args],
    cwd: options.cwd,
    inherit: options.inherit,
    env: options.env,
    stdout: 'pipe',
    stderr: 'pipe',
    // The helper kills its runs' process groups itself when sent SIGTERM.
    stop: 'terminate',
  })
  const runs: ProcessRun[] = []
  let failure: RunFailure | undefined
  let problem: Error | undefined
  let pending = ''
  let helperStderr = ''

  const takeLine = (line: string) => {
    if (problem || line.trim() === '') return
    try {
      const parsed = parseLine(line)
      if ('kind' in parsed) {
        failure = parsed
        return
      }
      // A prepare or conclude line is that step failing: not a run, and the end of the series.
      if (parsed.step !== undefined) {
        if (!failure) failure = { kind: 'run', run: parsed }
        return
      }
      runs.push(parsed)
      if (runFailed(parsed) && !failure) failure = { kind: 'run', run: parsed }
      options.onRun?.(parsed)
    } catch (error) {
      problem = error as Error
      launched.kill('SIGTERM')
    }
  }

  launched.stdout!.setEncoding('utf8')
  launched.stdout!.on('data', (chunk: string) => {
    pending += chunk
    let newline = pending.indexOf('\n')
    while (newline >= 0) {
      takeLine(pending.slice(0, newline))
      pending = pending.slice(newline + 1)
      newline = pending.indexOf('\n')
    }
  })
  launched.stderr!.setEncoding('utf8')
  launched.stderr!.on('data', (chunk: string) => {
    if (helperStderr.length < 64 * 1024) helperStderr += chunk
  })
  const end = await launched.ended
  if ('error' in end)
    throw new Error(`cannot run the exec helper ${helperPath} in ${options.cwd}: ${end.error.message}`)
  takeLine(pending)
  if (problem) throw problem
  const expected = (options.warmup + options.runs) * copies
  if (end.exitCode === 0 && !failure && runs.length === expected) return { runs }
  if (end.exitCode === 1 && failure) return { runs, failure }
  const how = end.signal ? `was killed by ${end.signal}` : `exited with code ${end.exitCode}`
  throw new Error(
    `the exec helper ${how} after ${runs.length} of ${expected} runs` +
      (helperStderr.trim() ? `: ${helperStderr.trim()}` : ''),
  )
}
