// The process kind: run a whole command many times and record what each run cost (wall, CPU, memory,
// page faults, context switches), through the native exec helper; without a C compiler, wall time
// only, from Node.
import { constants } from 'node:fs'
import { access, stat, writeFile } from 'node:fs/promises'
import { getSystemErrorMap } from 'node:util'
import { median, medianAbsoluteDeviation } from 'simple-statistics'
import { formatValue, listed } from '../../display.ts'
import { checkConfined, OutsidePathError } from '../../fields/confine.ts'
import { ContentionRecorder, takeSnapshot } from '../../measure/contention.ts'
import {
  type ExecHelper,
  ensureExecHelper,
  type ProcessRun,
  RESOURCE_USE,
  type RunFailure,
  type RunOutcome,
  type RunPhase,
  type RunsOutcome,
  runExecHelper,
  runFailed,
} from '../../measure/exec-helper.ts'
import { type LaunchedProcess, launch } from '../../measure/launch.ts'
import { Placement, paddingEnv } from '../../measure/placement.ts'
import { resultFor } from '../../measure/result.ts'
import { SampleTarget } from '../../measure/target.ts'
import type { BenchmarkError, BenchmarkResult, Metric, Unit } from '../../results.ts'
import { OutputTail } from '../../system/command.ts'
import { notFoundText } from '../../system/not-found.ts'
import { PROCESS_METRICS } from './metrics.ts'
import type { ProcessCase } from './plan.ts'

export interface MeasureProcessOptions {
  /** Called after each run, warmups included. */
  onProgress?: (done: number, total: number) => void
  /** How to launch runs; by default the exec helper, built on first use. */
  helper?: ExecHelper
  /** The environment the command inherits (the case's env is added to it); process.env by default. */
  inherit?: NodeJS.ProcessEnv
  /** Where each run's environment padding comes from; a sequence seeded by the case's id by default. */
  placement?: Placement
}

/**
 * hyperfine's threshold: a run is an outlier when |x − median| / MAD is above 1.4826 × 10, ten times the
 * spread of typical runs (docs/methodology.md#outliers).
 */
export const OUTLIER_Z_SCORE = 14.826
/** Below this many samples a comparison says little; the report flags it too. */
const FEW_SAMPLES = 9
const STDERR_KEEP_BYTES = 4096
/** How long to wait for stderr to close after the process exited (a child it left may hold it). */
const STDERR_GRACE_MS = 100

/**
 * One process benchmark, measured in parts: the warmup runs with the first part, then counted runs
 * in as many parts as the caller likes. A scheduler can so spread a benchmark's runs over the whole
 * measurement window, in rounds with the suite's other benchmarks, and each sample then reflects
 * the machine's drift instead of one quiet or busy moment. Run indices in messages count across
 * parts ("run 7 of 20").
 */
export class ProcessMeasurement extends SampleTarget {
  private readonly runs: RunOutcome[] = []
  private readonly notes: string[] = []
  /** How busy the machine was during this benchmark's parts (Linux). */
  private readonly contention = new ContentionRecorder()
  private failure?: RunFailure
  private unusable?: string
  private helper?: ExecHelper
  private started = false
  private counted = 0
  private done = 0
  /** Wall times of the empty shell script, measured beside the runs (with `shellCorrection`). */
  private readonly shellStartups: number[] = []
  private readonly placement: Placement
  /** The environment padding of each counted run that succeeded, in order. */
  private readonly padding: number[] = []

  constructor(
    readonly c: ProcessCase,
    private readonly options: MeasureProcessOptions = {},
  ) {
    super(c.runs)
    this.placement = options.placement ?? new Placement(c.id)
  }

  /** Counted runs that succeeded so far. */
  get taken(): number {
    return this.counted
  }

  protected get stopped(): boolean {
    return this.failure !== undefined || this.unusable !== undefined
  }

  /** Runs up to `count` more counted runs (the warmups first, on the first call). */
  async run(count: number): Promise<void> {
    if (!this.started) {
      this.started = true
      this.unusable = await checkCase(this.c)
      if (this.unusable) return
      // Every part appends to the output file: it starts empty, and ends with every run's output.
      if (typeof this.c.output === 'object') {
        try {
          await writeFile(this.c.output.file, '')
        } catch (error) {
          this.unusable = `output file "${this.c.output.file}" cannot be written: ${(error as Error).message}`
          return
        }
      }
      this.helper = this.options.helper ?? (await ensureExecHelper())
      if ('unavailable' in this.helper) {
        this.notes.push(`no C compiler found: measured wall time only (${this.helper.unavailable})`)
        const needs = helperOnly(this.c)
        if (needs.length > 0) {
          this.unusable = `${listed(needs)} need the exec helper, which needs a C compiler: ${this.helper.unavailable}`
          return
        }
      }
    }
    const runs = Math.min(count, this.remaining)
    if (runs <= 0) return
    const warmup = this.counted === 0 && this.runs.length === 0 ? this.c.warmup : 0
    const part: ProcessCase = { ...this.c, runs, warmup }
    const total = this.c.warmup + this.target
    const onRun = () => this.options.onProgress?.(++this.done, total)
    const helper = this.helper!
    const before = takeSnapshot()
    if (this.c.shellCorrection) {
      // The shell's own start-up, measured right before this part's runs so that it sees the same
      // moment of the machine: the same shell argv with an empty script.
      const shell: ProcessCase = {
        ...this.c,
        command: emptyScript(this.c.command),
        runs: Math.min(Math.max(runs, SHELL_CALIBRATION_MIN_RUNS), SHELL_CALIBRATION_MAX_RUNS),
        warmup: this.shellStartups.length === 0 ? 1 : 0,
        prepare: undefined,
        conclude: undefined,
        stdin: undefined,
        output: undefined,
      }
      const calibration = await this.launch(helper, shell, this.placement.take(shell.warmup + shell.runs))
      if (calibration.failure) {
        const failed = describeFailure(calibration.failure, this.c)
        this.unusable = `measuring the shell's start-up (${this.c.command[0]} -c ''): ${failed.message}`
        return
      }
      this.shellStartups.push(...countedRuns(calibration.runs).map((r) => r.wallNs))
    }
    const padding = this.placement.take(warmup + runs)
    const outcome = await this.launch(helper, part, padding, onRun)
    this.contention.add(before, takeSnapshot())
    for (const r of countedRuns(outcome.runs)) this.padding.push(padding[warmup + r.index]!)
    // The helper numbers runs within this part; number them within the benchmark.
    const offset = this.counted
    for (const r of outcome.runs) if (r.phase === 'run') r.index += offset
    const failure = outcome.failure
    if (failure?.kind === 'run' && failure.run.phase === 'run' && !outcome.runs.includes(failure.run)) {
      failure.run.index += offset
    }
    if (failure?.kind === 'spawn' && failure.phase === 'run') failure.index += offset
    this.runs.push(...outcome.runs)
    this.counted += countedRuns(outcome.runs).length
    this.failure = failure
  }

  /**
   * Runs a part (or the shell's calibration) through the helper, or from Node without one, each run
   * with its padding (warmups first).
   */
  private launch(
    helper: ExecHelper,
    part: ProcessCase,
    padding: readonly number[],
    onRun?: () => void,
  ): Promise<RunsOutcome<RunOutcome>> {
    if ('unavailable' in helper) return runFromNode(part, padding, onRun ?? (() => {}), this.options.inherit)
    return runExecHelper(helper.path, {
      command: part.command,
      cwd: part.cwd,
      env: part.env,
      inherit: this.options.inherit,
      runs: part.runs,
      warmup: part.warmup,
      timeoutMs: part.timeoutMs,
      ...(part.prepare ? { prepare: part.prepare } : {}),
      ...(part.conclude ? { conclude: part.conclude } : {}),
      ...(part.stdin ? { stdin: part.stdin.path } : {}),
      ...(part.output ? { output: part.output } : {}),
      padding,
      onRun,
    })
  }

  /** The shell's start-up time subtracted from each wall sample, and over how many runs it was measured. */
  get shellCorrection(): ShellCorrection | undefined {
    if (this.shellStartups.length === 0) return undefined
    return { ns: Math.round(median(this.shellStartups)), runs: this.shellStartups.length }
  }

  result(): BenchmarkResult {
    const c = this.c
    const notes = [...this.notes]
    const error: BenchmarkError | undefined = this.unusable
      ? { message: this.unusable }
      : this.failure
        ? describeFailure(this.failure, c)
        : undefined
    const counted = countedRuns(this.runs)
    let metrics: Record<string, Metric> = {}
    const measured = this.helper !== undefined && !('unavailable' in this.helper)
    if (counted.length > 0) {
      metrics = measured
        ? processMetrics(counted as ProcessRun[])
        : {
            wall: sampled(
              'ns',
              counted.map((r) => r.wallNs),
            ),
          }
    }
    const correction = this.shellCorrection
    if (correction && metrics.wall?.samples) {
      metrics.wall.samples = correctedWall(metrics.wall.samples, correction.ns)
      notes.push(shellCorrectionNote(correction))
    }
    const wall = metrics.wall?.samples ?? []
    notes.push(...outlierNotes(wall))
    if (!error && wall.length < FEW_SAMPLES) {
      notes.push(
        `only ${wall.length} counted runs: fewer than ${FEW_SAMPLES} samples make a comparison unreliable`,
      )
    }
    const result: BenchmarkResult = resultFor(c, { metrics, error, notes })
    if (c.series !== undefined) result.series = c.series
    if (correction) result.shellCorrection = correction
    if (this.padding.length > 0) result.padding = [...this.padding]
    // With the helper, each run's own wall and CPU time and switches; without it, the parts' (runs from Node).
    const contention = this.contention.summary(
      measured
        ? {
            runs: (counted as ProcessRun[]).map((r) => ({
              wallNs: r.wallNs,
              cpuNs: r.usage.user + r.usage.sys,
              involuntaryCs: r.usage['involuntary-cs'],
            })),
          }
        : {},
    )
    return contention ? { ...result, contention } : result
  }
}

/**
 * Measures one process case in one go. A benchmark that fails (cannot start, exits non-zero, is
 * killed, times out) comes back with status `failed` and the samples of the runs that succeeded
 * before it; only bugs and I/O errors throw.
 */
export async function measureProcess(
  c: ProcessCase,
  options: MeasureProcessOptions = {},
): Promise<BenchmarkResult> {
  const measurement = new ProcessMeasurement(c, options)
  await measurement.run(c.runs)
  return measurement.result()
}

/** Runs of the empty shell script per part: at least this many, and as many as the part has runs… */
const SHELL_CALIBRATION_MIN_RUNS = 5
/** …up to this many. */
const SHELL_CALIBRATION_MAX_RUNS = 100

export interface ShellCorrection {
  /** The median wall time of the shell running an empty script. */
  ns: number
  /** Runs it was measured over. */
  runs: number
}

/** The shell argv with an empty script: [shell, '-c', script] → [shell, '-c', '']. */
export function emptyScript(command: readonly string[]): string[] {
  return [...command.slice(0, -1), '']
}

/** Each wall sample less the shell's start-up, never below zero. */
export function correctedWall(samples: readonly number[], correctionNs: number): number[] {
  return samples.map((x) => Math.max(0, x - correctionNs))
}

export function shellCorrectionNote(correction: ShellCorrection): string {
  return (
    `wall corrected for shell start-up: −${formatValue(correction.ns, 'ns')}, measured over ${correction.runs} runs ` +
    'of the same shell with an empty script (shell-correction: false turns this off)'
  )
}

/** What a case asks for that only the exec helper does. */
function helperOnly(c: ProcessCase): string[] {
  const needs: string[] = []
  if (c.prepare) needs.push('prepare')
  if (c.conclude) needs.push('conclude')
  if (c.stdin) needs.push('stdin')
  if (c.output) needs.push('output')
  return needs
}

/** Counted runs that succeeded: a failed run's numbers describe the failure, not the benchmark. */
function countedRuns<R extends RunOutcome>(runs: readonly R[]): R[] {
  return runs.filter((r) => r.phase === 'run' && !runFailed(r))
}

function sampled(unit: Unit, samples: number[]): Metric {
  return { unit, direction: 'lower', samples }
}

function processMetrics(runs: readonly ProcessRun[]): Record<string, Metric> {
  const of = (unit: Unit, value: (r: ProcessRun) => number) => sampled(unit, runs.map(value))
  const metrics: Record<string, Metric> = {
    wall: of('ns', (r) => r.wallNs),
    cpu: of('ns', (r) => r.usage.user + r.usage.sys),
  }
  for (const u of RESOURCE_USE) metrics[u.metric] = of(u.unit, (r) => r.usage[u.metric])
  // In the catalogue's order, which is the reports' (every name is one of these: metrics.ts).
  return Object.fromEntries(PROCESS_METRICS.map((name) => [name, metrics[name]!]))
}

/** What makes a case impossible to run at all, said before trying. */
async function checkCase(c: ProcessCase): Promise<string | undefined> {
  if (c.command.length === 0 || c.command[0] === '') return 'the command is empty'
  try {
    const s = await stat(c.cwd)
    if (!s.isDirectory()) return `working directory "${c.cwd}" is not a directory`
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return `working directory "${c.cwd}" does not exist`
    return `working directory "${c.cwd}" cannot be used: ${(error as Error).message}`
  }
  if (c.stdin !== undefined) {
    // The file must not lead out of the repository, whatever a setup step made of it.
    try {
      checkConfined(c.stdin)
    } catch (error) {
      if (error instanceof OutsidePathError) return error.message
      throw error
    }
  }
  // A prepare command may write the stdin file; without one it must be there from the start.
  if (c.stdin !== undefined && c.prepare === undefined) {
    try {
      await access(c.stdin.path, constants.R_OK)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return `stdin file "${c.stdin.path}" does not exist`
      return `stdin file "${c.stdin.path}" cannot be read: ${(error as Error).message}`
    }
  }
  return undefined
}

export function describeFailure(
  failure: RunFailure,
  c: Pick<ProcessCase, 'runs' | 'warmup' | 'timeoutMs' | 'cwd' | 'env'>,
): BenchmarkError {
  const around = (step: string | undefined, where: string) =>
    step === undefined ? where : step === 'prepare' ? `prepare before ${where}` : `conclude after ${where}`
  if (failure.kind === 'spawn') {
    if (failure.step === 'stdin') {
      const run =
        failure.phase === 'warmup'
          ? `warmup run ${failure.index + 1} of ${c.warmup}`
          : `run ${failure.index + 1} of ${c.runs}`
      return {
        message: `cannot read the stdin file ${JSON.stringify(failure.program)} for ${run}: ${failure.reason}`,
      }
    }
    const what = failure.step !== undefined ? `the ${failure.step} command ` : ''
    const reason = failure.notFound
      ? notFoundText(failure.program, c.cwd, { ...process.env, ...c.env })
      : failure.reason
    return { message: `cannot execute ${what}${JSON.stringify(failure.program)}: ${reason}` }
  }
  const run = failure.run
  const where = around(
    run.step,
    run.phase === 'warmup'
      ? `warmup run ${run.index + 1} of ${c.warmup}`
      : `run ${run.index + 1} of ${c.runs}`,
  )
  const error: BenchmarkError = { message: '' }
  if (run.timedOut) {
    error.message = `timed out after ${formatMilliseconds(c.timeoutMs)} on ${where} (process group killed)`
    error.timedOut = true
  } else if (run.signal !== null) {
    error.message = `killed by ${run.signal} on ${where}`
    error.signal = run.signal
  } else {
    error.message = `exited with code ${run.exitCode} on ${where}`
    if (run.exitCode !== null) error.exitCode = run.exitCode
  }
  if (run.stderrTail) error.stderrTail = run.stderrTail
  return error
}

/**
 * hyperfine's warnings: a first counted run far slower than the rest (cold caches, a first-time
 * page-in) and outliers among the others. Outliers are reported, never dropped.
 */
export function outlierNotes(samples: readonly number[]): string[] {
  if (samples.length < 2) return []
  const center = median([...samples])
  const mad = medianAbsoluteDeviation([...samples])
  // As in hyperfine, a MAD of zero makes any departure from the median an outlier.
  const score = (x: number) => Math.abs(x - center) / (mad > 0 ? mad : Number.EPSILON)
  const notes: string[] = []
  const first = samples[0]!
  if (first > center && score(first) > OUTLIER_Z_SCORE) {
    notes.push(
      `slow first run: ${formatValue(first, 'ns')} against a median of ${formatValue(center, 'ns')}; ` +
        'caches filled by the first run are a likely cause, consider more warmup runs',
    )
  }
  const others = samples.slice(1).filter((x) => score(x) > OUTLIER_Z_SCORE).length
  if (others > 0) {
    notes.push(
      `${others} of ${samples.length} runs ${others === 1 ? 'lies' : 'lie'} far from the median (outliers), kept in the statistics, ` +
        'whose medians and ranks a few such runs barely move: other programs may have disturbed the ' +
        'measurement, consider a quieter machine (Outliers, docs/methodology.md)',
    )
  }
  return notes
}

function formatMilliseconds(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`
}

/** Node's text for an errno, capitalised like strerror's. */
function errnoText(error: NodeJS.ErrnoException): string {
  const text = error.errno !== undefined ? getSystemErrorMap().get(error.errno)?.[1] : undefined
  if (!text) return error.code ?? error.message
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Without the exec helper: every run spawned from Node, timed around spawn and exit. */
async function runFromNode(
  c: ProcessCase,
  padding: readonly number[],
  onRun: () => void,
  inherit: NodeJS.ProcessEnv | undefined,
): Promise<RunsOutcome<RunOutcome>> {
  const runs: RunOutcome[] = []
  const phases: [RunPhase, number][] = [
    ['warmup', c.warmup],
    ['run', c.runs],
  ]
  for (const [phase, count] of phases) {
    for (let index = 0; index < count; index++) {
      const bytes = padding[phase === 'warmup' ? index : c.warmup + index] ?? 0
      const run = await runOnceFromNode(
        { ...c, env: { ...c.env, ...paddingEnv(bytes) } },
        phase,
        index,
        inherit,
      )
      if ('kind' in run) return { runs, failure: run }
      runs.push(run)
      onRun()
      if (runFailed(run)) return { runs, failure: { kind: 'run', run } }
    }
  }
  return { runs }
}

async function runOnceFromNode(
  c: ProcessCase,
  phase: RunPhase,
  index: number,
  inherit: NodeJS.ProcessEnv | undefined,
): Promise<RunOutcome | Extract<RunFailure, { kind: 'spawn' }>> {
  const program = c.command[0]!
  const cannotExecute = (error: NodeJS.ErrnoException): Extract<RunFailure, { kind: 'spawn' }> => ({
    kind: 'spawn',
    phase,
    index,
    program,
    reason: errnoText(error),
    ...(error.code === 'ENOENT' ? { notFound: true } : {}),
  })
  const stderr = new OutputTail(STDERR_KEEP_BYTES)
  let launched: LaunchedProcess
  try {
    // The process leads a process group of its own, so a timeout can kill everything it started, as
    // the exec helper does; wallNs is timed around its start and exit.
    launched = launch({
      argv: c.command,
      cwd: c.cwd,
      inherit,
      env: c.env,
      stderr: 'pipe',
      timeoutMs: c.timeoutMs,
      pipeGraceMs: STDERR_GRACE_MS,
    })
  } catch (error) {
    return cannotExecute(error as NodeJS.ErrnoException)
  }
  launched.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk))
  const end = await launched.ended
  if ('error' in end) return cannotExecute(end.error)
  const run: RunOutcome = {
    phase,
    index,
    wallNs: end.wallNs,
    exitCode: end.exitCode,
    signal: end.signal,
    timedOut: end.timedOut && end.signal === 'SIGKILL',
  }
  if (runFailed(run)) run.stderrTail = stderr.text()
  return run
}
