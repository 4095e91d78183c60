// The scaling kind: one case per thread or process count, each run `runs` times for throughput samples.
// A point runs its command through the exec helper (N copies started together for a processes
// sweep, will-it-scale's processes mode) and reads throughput from each copy's output — CSB's
// key=val; line or a Metron table — or runs a runner program with the `threads` KLV item. Speedup and
// efficiency need the whole sweep, so they are added once every point is measured.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ThroughputError, throughputFormat } from '../../import/index.ts'
import {
  type ExecHelper,
  ensureExecHelper,
  type ProcessRun,
  runExecHelper,
} from '../../measure/exec-helper.ts'
import { encodeKlv } from '../../measure/klv.ts'
import { Placement, paddingEnv } from '../../measure/placement.ts'
import { failedResult, resultFor } from '../../measure/result.ts'
import { runRunner } from '../../measure/runner-protocol.ts'
import { SampleTarget } from '../../measure/target.ts'
import type { BenchmarkError, BenchmarkResult } from '../../results.ts'
import { summarize } from '../../stats/index.ts'
import { DEFAULT_MAX_WARMUP_TIME_MS } from '../wall-clock/schema.ts'
import type { ScalingCase } from './plan.ts'

export interface ScalingOptions {
  inherit?: NodeJS.ProcessEnv
  onProgress?: (done: number, total: number) => void
  /** A built exec helper, to skip looking for one. */
  helper?: ExecHelper
  /** Where each run's (or runner process's) environment padding comes from; seeded by the case's id by default. */
  placement?: Placement
}

/** The command with `{threads}` replaced in every argument. */
export function scalingCommand(c: ScalingCase): string[] {
  return c.command.map((arg) => arg.replaceAll('{threads}', String(c.threads)))
}

function scalingEnv(c: ScalingCase): Record<string, string> {
  return c.threadsEnv ? { ...c.env, [c.threadsEnv]: String(c.threads) } : { ...c.env }
}

/** Operations per second from one copy's output, read by the case's format of the registry. */
export function throughputFromOutput(
  c: Pick<ScalingCase, 'format' | 'metronLine' | 'threads'>,
  text: string,
): number {
  return throughputFormat(c.format).throughput(text, { threads: c.threads, line: c.metronLine })
}

export class ScalingMeasurement extends SampleTarget {
  private readonly throughputs: number[] = []
  /** A runner program: how many samples each of its processes took, in order. */
  private readonly processes: number[] = []
  private failure?: BenchmarkError
  private started = false
  private helper?: ExecHelper
  private outputDir?: string
  private readonly placement: Placement
  /** The environment padding of each counted run (a command) or runner process, in order. */
  private readonly padding: number[] = []

  constructor(
    readonly c: ScalingCase,
    private readonly options: ScalingOptions = {},
  ) {
    super(c.runs)
    this.placement = options.placement ?? new Placement(c.id)
  }

  /** Throughput samples taken so far. */
  get taken(): number {
    return this.throughputs.length
  }

  protected get stopped(): boolean {
    return this.failure !== undefined
  }

  async run(count: number): Promise<void> {
    const runs = Math.min(count, this.remaining)
    if (runs <= 0) return
    // A command's warm-up runs warm the machine, done once; a runner program warms itself up in
    // every process, as each starts cold.
    const warmup = this.started ? 0 : this.c.warmup
    this.started = true
    if (this.c.format === 'runner') await this.runRunnerProgram(runs)
    else await this.runCommand(runs, warmup)
    this.options.onProgress?.(this.throughputs.length, this.target)
  }

  /**
   * A runner program: one invocation takes `runs` samples at the point's thread count, after warming
   * up as a wall-clock runner does: until `warmup` calls or DEFAULT_MAX_WARMUP_TIME_MS, whichever
   * comes first.
   */
  private async runRunnerProgram(runs: number): Promise<void> {
    const klv = encodeKlv([
      ['name', this.c.name],
      ['model', 'scaling'],
      ['max-iters', String(runs)],
      ['max-warmup-iters', String(this.c.warmup)],
      // The runner's own sample length decides; the timeout bounds the invocation.
      ['max-time', String(Math.max(1, this.c.timeoutMs) * 1e6)],
      ['max-warmup-time', String(DEFAULT_MAX_WARMUP_TIME_MS * 1e6)],
      ['threads', String(this.c.threads)],
    ])
    const bytes = this.placement.next()
    const outcome = await runRunner({
      command: scalingCommand(this.c),
      cwd: this.c.cwd,
      env: { ...scalingEnv(this.c), ...paddingEnv(bytes) },
      inherit: this.options.inherit,
      klv,
      timeoutMs: this.c.timeoutMs,
    })
    if ('error' in outcome) {
      this.failure = outcome.error
      return
    }
    if (outcome.samples.length > 0) this.padding.push(bytes)
    const samples = outcome.samples.slice(0, runs)
    for (const s of samples) {
      // Operations: the calls a harness reports timing, else what a rebar runner counted.
      const operations = s.iterations > 1 ? s.iterations : s.count
      if (s.durationNs <= 0) {
        this.failure = { message: 'the runner reported a sample of 0 ns' }
        return
      }
      this.throughputs.push(operations / (s.durationNs / 1e9))
    }
    if (samples.length > 0) this.processes.push(samples.length)
  }

  /** A program printing CSB or Metron output: `runs` runs of `copies` copies started together. */
  private async runCommand(runs: number, warmup: number): Promise<void> {
    if (!this.helper) this.helper = this.options.helper ?? (await ensureExecHelper())
    if ('unavailable' in this.helper) {
      this.failure = {
        message: `scaling benchmarks run through the exec helper, which needs a C compiler: ${this.helper.unavailable}`,
      }
      return
    }
    this.outputDir ??= await mkdtemp(path.join(os.tmpdir(), 'bench-action-scaling-'))
    const padding = this.placement.take(warmup + runs)
    const outcome = await runExecHelper(this.helper.path, {
      command: scalingCommand(this.c),
      cwd: this.c.cwd,
      env: scalingEnv(this.c),
      inherit: this.options.inherit,
      runs,
      warmup,
      timeoutMs: this.c.timeoutMs,
      copies: this.c.copies,
      outputDir: this.outputDir,
      padding,
    })
    if (outcome.failure) {
      const f = outcome.failure
      this.failure =
        f.kind === 'spawn'
          ? { message: `cannot start ${f.program}: ${f.reason}` }
          : {
              message: f.run.timedOut
                ? `a run did not finish within ${this.c.timeoutMs} ms and was killed`
                : f.run.signal
                  ? `a run was killed by ${f.run.signal}`
                  : `a run exited with code ${f.run.exitCode}`,
              ...(f.run.exitCode !== null && f.run.exitCode !== 0 ? { exitCode: f.run.exitCode } : {}),
              ...(f.run.signal ? { signal: f.run.signal } : {}),
              ...(f.run.timedOut ? { timedOut: true } : {}),
              ...(f.run.stderrTail ? { stderrTail: f.run.stderrTail } : {}),
            }
      return
    }
    const byRun = new Map<number, ProcessRun[]>()
    for (const r of outcome.runs) {
      if (r.phase !== 'run') continue
      byRun.set(r.index, [...(byRun.get(r.index) ?? []), r])
    }
    for (const [index, copies] of byRun) {
      let total = 0
      for (const copy of copies) {
        if (!copy.stdoutPath) {
          this.failure = { message: 'the exec helper did not keep the output of a run' }
          return
        }
        const text = await readFile(copy.stdoutPath, 'utf8')
        try {
          total += throughputFromOutput(this.c, text)
        } catch (error) {
          if (!(error instanceof ThroughputError)) throw error
          const shown = text.trim().split('\n').slice(-5).join('\n')
          this.failure = { message: error.message, ...(shown ? { stderrTail: `stdout:\n${shown}` } : {}) }
          return
        }
      }
      this.throughputs.push(total)
      this.padding.push(padding[warmup + index]!)
    }
  }

  async result(): Promise<BenchmarkResult> {
    if (this.outputDir) await rm(this.outputDir, { recursive: true, force: true })
    const notes: string[] = []
    const cpus = os.availableParallelism()
    const load = this.c.threads * this.c.copies
    if (load > cpus) {
      notes.push(
        `oversubscribed: ${load} ${this.c.dimension === 'threads' ? 'threads' : 'processes'} on ${cpus} logical CPUs, ` +
          'so this point measures time-sharing, not parallel speedup',
      )
    }
    if (this.failure) return failedResult(this.c, this.failure, notes)
    // A runner program takes several samples in each process; a command's every run is processes of its own.
    const nested = this.c.format === 'runner' ? { processes: [...this.processes] } : {}
    const result = resultFor(this.c, {
      metrics: {
        throughput: { unit: 'ops/s', direction: 'higher', samples: [...this.throughputs], ...nested },
      },
      notes,
    })
    return this.padding.length > 0 ? { ...result, padding: [...this.padding] } : result
  }
}

/**
 * Adds speedup and efficiency to every point of each sweep once all are measured: speedup is a run's
 * throughput over the median throughput at the sweep's smallest count; efficiency is speedup over the
 * ideal (count ÷ smallest count), in percent. A sweep whose smallest point failed gets neither.
 */
export function addScalingMetrics(cases: ScalingCase[], results: Map<string, BenchmarkResult>): void {
  const sweeps = new Map<string, ScalingCase[]>()
  for (const c of cases) {
    const key = `${c.series}\u0000${c.dimension}`
    sweeps.set(key, [...(sweeps.get(key) ?? []), c])
  }
  for (const points of sweeps.values()) {
    const smallest = points.reduce((a, b) => (countOf(a) <= countOf(b) ? a : b))
    const reference = results.get(smallest.id)?.metrics.throughput?.samples
    if (!reference || reference.length === 0) continue
    const base = summarize(reference).median
    if (!(base > 0)) continue
    for (const c of points) {
      const r = results.get(c.id)
      const samples = r?.metrics.throughput?.samples
      if (r?.status !== 'ok' || !samples) continue
      const ideal = countOf(c) / countOf(smallest)
      const speedups = samples.map((t) => t / base)
      // The same samples as throughput, so the same processes.
      const processes = r.metrics.throughput!.processes
      const nested = processes ? { processes: [...processes] } : {}
      r.metrics.speedup = { unit: 'ratio', direction: 'higher', samples: speedups, ...nested }
      r.metrics.efficiency = {
        unit: 'percent',
        direction: 'higher',
        samples: speedups.map((s) => (s / ideal) * 100),
        ...nested,
      }
    }
  }
}

function countOf(c: ScalingCase): number {
  return c.dimension === 'threads' ? c.threads : c.copies
}
