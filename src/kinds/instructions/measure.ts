// The instructions kind: one run under valgrind --tool=callgrind gives exact event counts. Everything that
// could change a count between base and head besides the code is held fixed: a pinned cache model, the
// environment (only what the config lists), stdio destinations, argv, and no address randomisation.

import { access, type FileHandle, mkdir, mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { checkConfined, OutsidePathError } from '../../fields/confine.ts'
import { instructionResultMetrics } from '../../import/callgrind-metrics.ts'
import { stderrTail } from '../../measure/child.ts'
import { listHarnessBenchmarks } from '../../measure/harness.ts'
import { launch } from '../../measure/launch.ts'
import { failedResult, resultFor } from '../../measure/result.ts'
import type { BenchmarkResult, HeapSite, Metric } from '../../results.ts'
import { valgrindVersion as probeValgrind } from '../../setup/valgrind.ts'
import { commandFailure, runCommand } from '../../system/command.ts'
import { notFoundText } from '../../system/not-found.ts'
import { buildCallTree } from './call-tree.ts'
import { parseCallgrindFile } from './callgrind.ts'
import { type CallgrindProfile, mergeCallgrindProfiles } from './callgrind-profile.ts'
import {
  DhatFormatError,
  dhatArguments,
  heapResultMetrics,
  mergeDhatProfiles,
  parseDhatFile,
} from './dhat.ts'
import { functionCosts } from './function-costs.ts'
import { HARNESS_ENTRY_POINT, type InstructionsCase } from './plan.ts'

/** How long a probe of the machine (setarch) may take before it counts as unavailable. */
const PROBE_TIMEOUT_MS = 10_000

/** iai-callgrind's cache model, so miss counts do not depend on the CPU the runner happens to have. */
export const CACHE_MODEL = ['--I1=32768,8,64', '--D1=32768,8,64', '--LL=8388608,16,64']
/** Functions kept per benchmark for the report's "where did the instructions go" table. */
const FUNCTIONS_KEPT = 200
const STDERR_KEEP_BYTES = 4096

export interface MeasureInstructionsOptions {
  /** The caller's environment: only its PATH is used, to find the program. */
  inherit?: NodeJS.ProcessEnv
}

/** Finds a program the way execvp would, so valgrind can be given an absolute path and no PATH. */
async function resolveProgram(
  program: string,
  cwd: string,
  pathVar: string | undefined,
): Promise<string | undefined> {
  if (program.includes('/')) {
    // A path that is not there is named before valgrind runs (valgrind would only say it exited 127).
    const resolved = path.resolve(cwd, program)
    return access(resolved).then(
      () => resolved,
      () => undefined,
    )
  }
  for (const dir of (pathVar ?? '/usr/local/bin:/usr/bin:/bin').split(':')) {
    if (!dir) continue
    const candidate = path.join(dir, program)
    try {
      await access(candidate, 1)
      return candidate
    } catch {
      // Not here.
    }
  }
  return undefined
}

let setarchWorks: Promise<boolean> | undefined
/** `setarch -R` turns address randomisation off; some containers forbid the personality change. */
function canDisableAslr(): Promise<boolean> {
  setarchWorks ??= runCommand(['setarch', os.machine(), '-R', 'true'], { timeoutMs: PROBE_TIMEOUT_MS }).then(
    (result) => commandFailure(result) === undefined,
    () => false,
  )
  return setarchWorks
}

/** The valgrind counts are taken with, as `valgrind --version` prints it; undefined when it cannot say. */
export async function valgrindVersion(): Promise<string | undefined> {
  return (await probeValgrind().catch(() => undefined))?.text
}

export function callgrindArguments(c: InstructionsCase, outDir: string): string[] {
  const args = [
    '--tool=callgrind',
    `--callgrind-out-file=${path.join(outDir, 'callgrind.out.%p')}`,
    `--log-file=${path.join(outDir, 'valgrind.log.%p')}`,
    // Child processes are part of what the command costs.
    '--trace-children=yes',
    `--cache-sim=${c.cacheSim ? 'yes' : 'no'}`,
  ]
  if (c.cacheSim) args.push(...CACHE_MODEL)
  if (c.branchSim) args.push('--branch-sim=yes')
  if (c.entryPoint) args.push(`--toggle-collect=${c.entryPoint}`)
  return args
}

interface RunResult {
  exitCode: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  stderr: Buffer
  spawnError?: string
}

/**
 * The program's stdin: /dev/null, or for a timed case counted the file it read when it was timed,
 * checked again (a setup step may have made it a symlink out of the repository). A string says why it
 * cannot be read.
 */
async function openStdin(c: InstructionsCase): Promise<FileHandle | string> {
  try {
    if (c.stdin) checkConfined(c.stdin)
    return await open(c.stdin?.path ?? '/dev/null', 'r')
  } catch (error) {
    if (error instanceof OutsidePathError) return error.message
    return `stdin file "${c.stdin?.written}" cannot be read: ${(error as Error).message}`
  }
}

async function runUnderValgrind(
  argv: string[],
  c: InstructionsCase,
  outDir: string,
  stdin: FileHandle,
): Promise<RunResult> {
  const stdout = await open('/dev/null', 'w')
  const stderrPath = path.join(outDir, 'stderr')
  const stderrFile = await open(stderrPath, 'w')
  try {
    const end = await launch({
      argv,
      cwd: c.cwd,
      inherit: {},
      env: c.env,
      stdin: stdin.fd,
      // Fixed destinations: output to a pipe or a file costs a different number of instructions.
      stdout: stdout.fd,
      stderr: stderrFile.fd,
      timeoutMs: c.timeoutMs,
    }).ended
    if ('error' in end) {
      return {
        exitCode: null,
        signal: null,
        timedOut: false,
        stderr: Buffer.alloc(0),
        spawnError: end.error.message,
      }
    }
    return {
      exitCode: end.exitCode,
      signal: end.signal,
      timedOut: end.timedOut,
      stderr: await readFile(stderrPath),
    }
  } finally {
    await stdout.close()
    await stderrFile.close()
  }
}

async function readProfiles(outDir: string): Promise<CallgrindProfile[]> {
  const names = (await readdir(outDir)).filter((n) => n.startsWith('callgrind.out.')).sort()
  const profiles: CallgrindProfile[] = []
  for (const name of names) {
    const file = path.join(outDir, name)
    // With threads written separately, callgrind leaves the base file empty.
    if ((await stat(file)).size === 0) continue
    profiles.push(await parseCallgrindFile(file, name))
  }
  return profiles
}

export async function measureInstructions(
  c: InstructionsCase,
  options: MeasureInstructionsOptions = {},
): Promise<BenchmarkResult> {
  const inherit = options.inherit ?? process.env
  const valgrind = await resolveProgram('valgrind', c.cwd, inherit.PATH)
  if (!valgrind) {
    return failedResult(c, {
      message:
        'valgrind is not installed: run "bench-action setup valgrind" or install it with your package manager',
    })
  }
  const program = await resolveProgram(c.command[0]!, c.cwd, c.env.PATH ?? inherit.PATH)
  if (!program)
    return failedResult(c, {
      message: `cannot execute "${c.command[0]}": ${notFoundText(c.command[0]!, c.cwd, { PATH: c.env.PATH ?? inherit.PATH })}`,
    })
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-callgrind-'))
  try {
    const notes: string[] = []
    const prefix = (await canDisableAslr()) ? ['setarch', os.machine(), '-R'] : []
    if (prefix.length === 0) notes.push('address randomisation could not be turned off (setarch -R failed)')
    const wrap = (toolArgs: string[]) => [...prefix, valgrind, ...toolArgs, program, ...c.command.slice(1)]
    const failed = await runTool(c, wrap(callgrindArguments(c, outDir)), outDir)
    if (failed) return failed
    const profiles = await readProfiles(outDir)
    if (profiles.length === 0) {
      return failedResult(c, {
        message: 'valgrind wrote no callgrind output',
        stderrTail: await valgrindLog(outDir),
      })
    }
    const profile = mergeCallgrindProfiles(profiles)
    const ir = profile.totals.Ir ?? 0
    if (c.entryPoint && ir === 0) {
      return failedResult(c, {
        message:
          `no instructions were counted inside entry point "${c.entryPoint}": the function was never entered. ` +
          'It may be inlined (mark it noinline / #[inline(never)]), renamed by the compiler (f.constprop.0: ' +
          `use a glob like "${c.entryPoint}*"), or misspelled`,
      })
    }
    if (profiles.length > 1) notes.push(`${profiles.length} processes counted (child processes included)`)
    const heap = c.heap ? await measureHeap(c, wrap, outDir) : { metrics: {} }
    if ('failure' in heap) return heap.failure
    return resultFor(c, {
      metrics: { ...instructionResultMetrics(profile.totals), ...heap.metrics },
      notes,
      functions: functionCosts(profile)
        .filter((f) => f.self > 0)
        .slice(0, FUNCTIONS_KEPT),
      callTree: buildCallTree(profile),
      heapSites: heap.heapSites,
    })
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}

/** Runs `argv` (valgrind and the program) once in the case's isolation; a failed result when it failed. */
async function runTool(
  c: InstructionsCase,
  argv: string[],
  outDir: string,
): Promise<BenchmarkResult | undefined> {
  const stdin = await openStdin(c)
  if (typeof stdin === 'string') return failedResult(c, { message: stdin })
  const r = await runUnderValgrind(argv, c, outDir, stdin).finally(() => stdin.close())
  return runFailure(c, r, outDir)
}

/**
 * A second run of the program under valgrind --tool=dhat, with the same pinned environment, cwd, stdio
 * and address randomisation as the callgrind run: exact heap counts, summed over its processes; with an
 * entry point (a harness's trampoline), over the allocations made inside it only.
 */
async function measureHeap(
  c: InstructionsCase,
  wrap: (toolArgs: string[]) => string[],
  outDir: string,
): Promise<{ metrics: Record<string, Metric>; heapSites?: HeapSite[] } | { failure: BenchmarkResult }> {
  const dir = path.join(outDir, 'dhat')
  await mkdir(dir)
  const failed = await runTool(c, wrap(dhatArguments(dir)), dir)
  if (failed) return { failure: failed }
  const names = (await readdir(dir)).filter((n) => n.startsWith('dhat.out.')).sort()
  if (names.length === 0)
    return {
      failure: failedResult(c, {
        message: 'valgrind wrote no dhat output',
        stderrTail: await valgrindLog(dir),
      }),
    }
  const profiles = await Promise.all(
    names.map((n) => parseDhatFile(path.join(dir, n), n, c.entryPoint)),
  ).catch((error: unknown) => {
    if (!(error instanceof DhatFormatError)) throw error
    return failedResult(c, { message: `cannot read valgrind's dhat output: ${error.message}` })
  })
  if (!Array.isArray(profiles)) return { failure: profiles }
  const merged = mergeDhatProfiles(profiles)
  return { metrics: heapResultMetrics(merged.totals), heapSites: merged.sites }
}

/** A run under valgrind that did not end well, as the case's failed result; undefined when it did. */
async function runFailure(
  c: InstructionsCase,
  r: RunResult,
  outDir: string,
): Promise<BenchmarkResult | undefined> {
  const tail =
    r.stderr.length > 0
      ? stderrTail(r.stderr.subarray(-STDERR_KEEP_BYTES), r.stderr.length > STDERR_KEEP_BYTES)
      : undefined
  if (r.spawnError) return failedResult(c, { message: `cannot start valgrind: ${r.spawnError}` })
  if (r.timedOut)
    return failedResult(c, {
      message: `timed out after ${c.timeoutMs / 1000}s under valgrind (process group killed)`,
      timedOut: true,
      stderrTail: tail,
    })
  if (r.signal)
    return failedResult(c, {
      message: `killed by ${r.signal} under valgrind`,
      signal: r.signal,
      stderrTail: tail,
    })
  if (r.exitCode !== 0) {
    const log = await valgrindLog(outDir)
    return failedResult(c, {
      message: `exited with code ${r.exitCode} under valgrind`,
      exitCode: r.exitCode ?? undefined,
      stderrTail: tail ?? log,
    })
  }
  return undefined
}

async function valgrindLog(outDir: string): Promise<string | undefined> {
  const names = (await readdir(outDir)).filter((n) => n.startsWith('valgrind.log.'))
  const text = (await Promise.all(names.map((n) => readFile(path.join(outDir, n), 'utf8')))).join('\n').trim()
  return text ? text.split('\n').slice(-20).join('\n') : undefined
}

/**
 * Asks a harness for its benchmarks (`--list`) and makes one case per benchmark, each run with
 * `--run NAME` and counted inside the harness's trampoline only.
 */
export async function expandHarness(
  c: InstructionsCase,
  inherit: NodeJS.ProcessEnv = process.env,
): Promise<{ cases: InstructionsCase[] } | { failure: BenchmarkResult }> {
  const program = await resolveProgram(c.command[0]!, c.cwd, c.env.PATH ?? inherit.PATH)
  if (!program)
    return {
      failure: failedResult(c, {
        message: `cannot execute harness "${c.command[0]}": ${notFoundText(c.command[0]!, c.cwd, { PATH: c.env.PATH ?? inherit.PATH })}`,
      }),
    }
  const listed = await listHarnessBenchmarks([program, ...c.command.slice(1)], {
    cwd: c.cwd,
    env: c.env,
    timeoutMs: c.timeoutMs,
  })
  if ('error' in listed) return { failure: failedResult(c, listed.error) }
  const names = listed.names
  return {
    cases: names.map((bench) => ({
      ...c,
      id: `${c.name}/${bench}`,
      name: `${c.name}/${bench}`,
      parameters: { ...c.parameters, benchmark: bench, ...listed.parameters.get(bench) },
      command: [...c.command, '--run', bench],
      entryPoint: c.entryPoint ?? HARNESS_ENTRY_POINT,
      harness: false,
    })),
  }
}
