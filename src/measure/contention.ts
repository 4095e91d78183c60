// Whether the machine was busy while a benchmark was measured (Linux only; elsewhere nothing is
// recorded). Around each part of a benchmark's measurement the kernel's counters are read: the
// 1-minute load average (/proc/loadavg), the CPU time of all CPUs by state (/proc/stat), and the CPU
// time of bench-action itself and of the programs it waited for (process.cpuUsage, /proc/self/stat).
// Summed over the parts, they tell how much of the machine other programs used, how much time the
// hypervisor stole, and how far the benchmark's wall time ran ahead of the CPU time it got. The rule
// that calls a measurement contended (contentionReasons) is pure, so reports apply it to any file.
import { readFileSync } from 'node:fs'
import type { BenchmarkResult, Contention } from '../results.ts'

/**
 * Linux reports /proc times in USER_HZ ticks: 100 per second on every architecture Node runs on,
 * whatever the kernel's own tick rate.
 */
const USER_HZ = 100
const US_PER_TICK = 1e6 / USER_HZ

/** The counters at one moment. */
export interface ContentionSnapshot {
  /** process.hrtime.bigint() when read. */
  atNs: bigint
  /** 1-minute load average. */
  load1: number
  /** Online CPUs: the cpuN lines of /proc/stat. */
  cpus: number
  /** Ticks of all CPUs together since boot: every state, the non-idle ones, and stolen. */
  totalTicks: number
  busyTicks: number
  stealTicks: number
  /** CPU time of this process (all its threads) and of its children it waited for, µs. */
  ownUs: number
  /**
   * Time during which some runnable task waited for a CPU, µs since boot (/proc/pressure/cpu, the
   * `some` line's total); absent where the kernel has no pressure stall information.
   */
  pressureUs?: number
}

/** Parses the aggregate `cpu` line and counts the `cpuN` lines of /proc/stat. */
export function parseProcStat(
  text: string,
): Pick<ContentionSnapshot, 'cpus' | 'totalTicks' | 'busyTicks' | 'stealTicks'> {
  const lines = text.split('\n')
  const aggregate = lines.find((l) => l.startsWith('cpu '))
  if (!aggregate) throw new Error('/proc/stat has no cpu line')
  // user nice system idle iowait irq softirq steal guest guest_nice: guest time is already counted in
  // user and nice, so the first eight fields are all of it.
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = aggregate
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number)
  const fields = [user, nice, system, idle, iowait, irq, softirq, steal]
  if (fields.some((f) => f === undefined || !Number.isFinite(f)))
    throw new Error('/proc/stat: unreadable cpu line')
  const total = fields.reduce((a: number, b) => a + (b as number), 0)
  const cpus = lines.filter((l) => /^cpu\d+\s/.test(l)).length
  return { cpus: Math.max(1, cpus), totalTicks: total, busyTicks: total - idle! - iowait, stealTicks: steal }
}

/** cutime + cstime of /proc/self/stat: CPU time of the children this process waited for, in ticks. */
export function parseChildTicks(text: string): number {
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // Field 3 (state) is fields[0]; cutime and cstime are fields 16 and 17.
  const cutime = Number(fields[13])
  const cstime = Number(fields[14])
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) throw new Error('/proc/self/stat: unreadable')
  return cutime + cstime
}

/** The `some` total of /proc/pressure/cpu, µs; undefined when the file is missing or unreadable. */
export function readCpuPressure(
  read: () => string = () => readFileSync('/proc/pressure/cpu', 'utf8'),
): number | undefined {
  try {
    const total = /^some .*\btotal=(\d+)/m.exec(read())?.[1]
    return total === undefined ? undefined : Number(total)
  } catch {
    return undefined
  }
}

/** The counters now, or undefined off Linux or where /proc cannot be read. */
export function takeSnapshot(): ContentionSnapshot | undefined {
  if (process.platform !== 'linux') return undefined
  try {
    const load1 = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
    if (!Number.isFinite(load1)) return undefined
    const stat = parseProcStat(readFileSync('/proc/stat', 'utf8'))
    const childTicks = parseChildTicks(readFileSync('/proc/self/stat', 'utf8'))
    const pressureUs = readCpuPressure()
    const self = process.cpuUsage()
    return {
      atNs: process.hrtime.bigint(),
      load1,
      ...stat,
      ownUs: self.user + self.system + childTicks * US_PER_TICK,
      ...(pressureUs !== undefined ? { pressureUs } : {}),
    }
  } catch {
    return undefined
  }
}

/**
 * When the last part of any benchmark's measurement in this process ended. The parts of a suite run
 * one after another, so a part that is timed from outside (by its progress) starts where the one
 * before it ended.
 */
let lastPartEnd: ContentionSnapshot | undefined

/** What one counted run of a process benchmark says about being kept off the CPU. */
export interface RunCost {
  wallNs: number
  /** user + sys. */
  cpuNs: number
  involuntaryCs: number
}

/** The counters of one benchmark's measurement, summed over its parts. */
export class ContentionRecorder {
  private first?: ContentionSnapshot
  private last?: ContentionSnapshot
  private wallNs = 0
  private totalTicks = 0
  private busyTicks = 0
  private stealTicks = 0
  private ownUs = 0
  /** Pressure stall time and the wall time it covers: only parts where both ends had it. */
  private pressureUs = 0
  private pressureWallNs = 0

  /** Adds the part from `start` to `end` (either missing: nothing is added). */
  add(start: ContentionSnapshot | undefined, end: ContentionSnapshot | undefined): void {
    if (!start || !end || end.atNs <= start.atNs) return
    this.first ??= start
    this.last = end
    this.wallNs += Number(end.atNs - start.atNs)
    this.totalTicks += Math.max(0, end.totalTicks - start.totalTicks)
    this.busyTicks += Math.max(0, end.busyTicks - start.busyTicks)
    this.stealTicks += Math.max(0, end.stealTicks - start.stealTicks)
    this.ownUs += Math.max(0, end.ownUs - start.ownUs)
    if (start.pressureUs !== undefined && end.pressureUs !== undefined) {
      this.pressureUs += Math.max(0, end.pressureUs - start.pressureUs)
      this.pressureWallNs += Number(end.atNs - start.atNs)
    }
    if (!lastPartEnd || end.atNs > lastPartEnd.atNs) lastPartEnd = end
  }

  /**
   * What was recorded, or undefined when nothing was. `runs`: the counted runs of a process benchmark,
   * whose own wall and CPU times give the wall/CPU ratio and the involuntary switches. Without them
   * the ratio is the parts' wall time against the CPU time bench-action and the programs it waited
   * for used, times `parallelism`: the CPUs the benchmark can keep busy at once.
   */
  summary(options: { runs?: readonly RunCost[]; parallelism?: number } = {}): Contention | undefined {
    const first = this.first
    const last = this.last
    if (!first || !last) return undefined
    const percent = (ticks: number) =>
      this.totalTicks > 0 ? round(Math.min(100, Math.max(0, (ticks / this.totalTicks) * 100)), 2) : 0
    const ownTicks = this.ownUs / US_PER_TICK
    const contention: Contention = {
      cpus: last.cpus,
      loadAverage: { start: first.load1, end: last.load1 },
      windowMs: round(this.wallNs / 1e6, 3),
      stealPercent: percent(this.stealTicks),
      busyPercent: percent(this.busyTicks),
      otherBusyPercent: percent(Math.max(0, this.busyTicks - ownTicks)),
    }
    if (this.pressureWallNs > 0) {
      const share = (this.pressureUs * 1e3) / this.pressureWallNs
      contention.cpuPressurePercent = round(Math.min(100, Math.max(0, share * 100)), 2)
    }
    contention.otherBusyPercent = Math.min(contention.otherBusyPercent, contention.busyPercent)
    contention.stealPercent = Math.min(contention.stealPercent, contention.busyPercent)
    const runs = options.runs
    if (runs) {
      const ratios = runs.filter((r) => r.cpuNs > 0).map((r) => r.wallNs / r.cpuNs)
      if (ratios.length > 0) contention.wallCpuRatio = round(median(ratios), 4)
      if (runs.length > 0) contention.involuntaryCsPerRun = median(runs.map((r) => r.involuntaryCs))
    } else if (this.ownUs > 0) {
      const parallelism = Math.max(1, Math.min(options.parallelism ?? 1, last.cpus))
      contention.wallCpuRatio = round(((this.wallNs / 1e3) * parallelism) / this.ownUs, 4)
    }
    return contention
  }
}

/**
 * The parts of benchmarks in a suite's schedule, timed by their progress: a wall-clock or scaling part
 * reports progress when its runner or its runs end, and the schedule starts each part right after the
 * one before it (of any benchmark) ended. Process benchmarks time their own parts: they report progress
 * after every run, while still measuring, and reading /proc then would compete with the runs for the
 * CPU; the schedule passes only the parts it times.
 */
export class ScheduleContention {
  private readonly recorders = new Map<object, ContentionRecorder>()
  private last?: ContentionSnapshot

  /** Before the schedule's first part. */
  begin(): void {
    this.last = takeSnapshot()
  }

  /** A part of `c` ended (its progress was reported). */
  progress(c: object): void {
    const end = takeSnapshot()
    if (!end) return
    const prior = lastPartEnd
    const start = prior && (!this.last || prior.atNs > this.last.atNs) ? prior : this.last
    let recorder = this.recorders.get(c)
    if (!recorder) {
      recorder = new ContentionRecorder()
      this.recorders.set(c, recorder)
    }
    recorder.add(start, end)
    this.last = end
  }

  /** The result with what was recorded for its case, if anything; `parallelism`: CPUs the case keeps busy. */
  attach(c: object, r: BenchmarkResult, parallelism: number): BenchmarkResult {
    if (r.contention) return r
    const contention = this.recorders.get(c)?.summary({ parallelism })
    return contention ? { ...r, contention } : r
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/**
 * When a measurement counts as contended: the hypervisor stole CPU time, or the benchmark's wall time
 * ran ahead of its CPU time while the CPUs were in demand, or tasks waited for a CPU most of the time.
 * The thresholds and the measurements behind them (docs/methodology.md#contention).
 */
export const CONTENTION_RULE = {
  /** The hypervisor ran something else on our CPUs for this share of all CPU time. */
  stealPercent: 5,
  /** Wall time at least this many times the CPU time the benchmark got… */
  wallCpuRatio: 1.2,
  /** …while tasks waited for a CPU this share of the time (pressure stall information)… */
  cpuPressurePercent: 40,
  /** …or, where the kernel has no pressure information, other programs used this share of all CPUs. */
  otherBusyPercent: 70,
  /** Tasks waited for a CPU this share of the time, whatever the benchmark's own ratio. */
  saturatedPressurePercent: 75,
  /** Shares of /proc/stat ticks (10 ms each) are judged only over windows at least this long. */
  minWindowMs: 500,
} as const

/**
 * steal: the hypervisor took CPU time. preempted: the benchmark's wall time ran ahead of its CPU time
 * while the CPUs were in demand. saturated: tasks waited for a CPU most of the time.
 */
export type ContentionReason = 'steal' | 'preempted' | 'saturated'

/** Why a measurement counts as contended (empty: it does not), by CONTENTION_RULE. */
export function contentionReasons(c: Contention): ContentionReason[] {
  const rule = CONTENTION_RULE
  const reasons: ContentionReason[] = []
  const judged = c.windowMs >= rule.minWindowMs
  if (judged && c.stealPercent >= rule.stealPercent) reasons.push('steal')
  const inDemand =
    c.cpuPressurePercent !== undefined
      ? c.cpuPressurePercent >= rule.cpuPressurePercent
      : judged && c.otherBusyPercent >= rule.otherBusyPercent
  if (c.wallCpuRatio !== undefined && c.wallCpuRatio >= rule.wallCpuRatio && inDemand)
    reasons.push('preempted')
  else if (c.cpuPressurePercent !== undefined && c.cpuPressurePercent >= rule.saturatedPressurePercent)
    reasons.push('saturated')
  return reasons
}

/**
 * Other programs used at least this share of all CPUs while a benchmark was measured: its run is of a
 * busy machine, whatever its own wall time showed (docs/methodology.md#busy-machines-like-for-like).
 */
export const BUSY_OTHER_PERCENT = 25
/** …over a window of at least this many milliseconds (20 ticks of each CPU). */
export const BUSY_MIN_WINDOW_MS = 100

/**
 * Why a run counts as measured on a busy machine, in words, or undefined when it does not: a contended
 * measurement (contentionReasons), or other programs using a quarter of the CPUs or more.
 */
export function busyReason(c: Contention | undefined): string | undefined {
  if (!c) return undefined
  const reasons = contentionReasons(c)
  if (reasons.length > 0) return `measured on a busy machine (${reasons.join(', ')})`
  if (c.windowMs >= BUSY_MIN_WINDOW_MS && c.otherBusyPercent >= BUSY_OTHER_PERCENT)
    return `measured while other programs used ${Math.round(c.otherBusyPercent)}% of the CPUs`
  return undefined
}
