// plan: Config (+ filter) → the cases to measure. Pure.
import type { BenchmarkConfig, Config } from './config/index.ts'
import { familyOf } from './metric-families.ts'
import type { Case } from './plan-types.ts'

/** `*` matches any run of characters, `?` one; anything else is literal. Whole-name match. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${body}$`)
}

/** Several globs may be given separated by commas; a case is kept when any matches. */
export function matchesFilter(name: string, filter: string | undefined): boolean {
  if (!filter) return true
  return filter
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '')
    .some((g) => globToRegExp(g).test(name))
}

function casesFor(b: BenchmarkConfig): Case[] {
  const common = { id: b.name, name: b.name, parameters: {}, cwd: b.cwd, env: b.env }
  switch (b.kind) {
    case 'instructions':
      return [
        {
          ...common,
          kind: 'instructions',
          command: b.command,
          timeoutMs: b.timeoutMs,
          entryPoint: b.entryPoint,
          harness: b.harness,
          import: b.import,
          cacheSim: b.cacheSim,
          branchSim: b.branchSim,
          // Counts are exact: alpha plays no part in their verdict.
          gate: { metrics: b.gate, threshold: b.threshold, alpha: 0.01 },
        },
      ]
    case 'process':
      return [
        {
          ...common,
          kind: 'process',
          command: b.command,
          runs: b.runs,
          warmup: b.warmup,
          timeoutMs: b.timeoutMs,
          gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha },
        },
      ]
    case 'wall-clock': {
      const shared = {
        ...common,
        kind: 'wall-clock' as const,
        harness: b.harness,
        model: b.model,
        input: b.input,
        params: b.params,
        threads: b.threads,
        count: b.count,
        throughputInput: b.throughputInput,
        runs: b.runs,
        warmup: b.warmup,
        maxTimeMs: b.maxTimeMs,
        maxWarmupTimeMs: b.maxWarmupTimeMs,
        sampleTimeMs: b.sampleTimeMs,
        timeoutMs: b.timeoutMs,
        gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha },
      }
      // One runner is the benchmark itself; several are its engines, each a case `NAME/ENGINE`.
      if (b.engines.length === 1 && b.engines[0]!.name === '')
        return [{ ...shared, command: b.engines[0]!.command }]
      return b.engines.map((engine) => ({
        ...shared,
        id: `${b.name}/${engine.name}`,
        name: `${b.name}/${engine.name}`,
        parameters: { engine: engine.name },
        engine: engine.name,
        command: engine.command,
      }))
    }
    case 'scaling': {
      const sweeps: Array<['threads' | 'processes', number[]]> = [
        ['threads', b.threads],
        ['processes', b.processes],
      ]
      return sweeps.flatMap(([dimension, counts]) =>
        counts.map((count) => {
          const largest = count === counts[counts.length - 1]
          // The efficiency rule is about the largest count only. Efficiency is that count's throughput
          // seen another way, and one measurement has one verdict: there it gates instead of the
          // metric of its family the gate names.
          const efficiencyRule = b.efficiencyDrop !== undefined && largest
          const gate = efficiencyRule
            ? [
                'efficiency',
                ...b.gate.filter((m) => familyOf('scaling', m) !== familyOf('scaling', 'efficiency')),
              ]
            : [...b.gate]
          return {
            ...common,
            id: `${b.name}/${dimension}:${count}`,
            name: `${b.name}/${dimension}:${count}`,
            parameters: { [dimension]: count },
            kind: 'scaling' as const,
            command: b.command,
            format: b.format,
            threadsEnv: b.threadsEnv,
            metronLine: b.metronLine,
            runs: b.runs,
            warmup: b.warmup,
            timeoutMs: b.timeoutMs,
            series: b.name,
            dimension,
            threads: dimension === 'threads' ? count : 1,
            copies: dimension === 'processes' ? count : 1,
            gate: {
              metrics: gate,
              threshold: b.threshold,
              alpha: b.alpha,
              ...(b.efficiencyDrop !== undefined && largest ? { points: b.efficiencyDrop * 100 } : {}),
            },
          }
        }),
      )
    }
    case 'import':
      return [
        {
          ...common,
          kind: 'import',
          command: b.command,
          format: b.format,
          file: b.file,
          timeoutMs: b.timeoutMs,
          // Every metric the file has gates, unless the config names some: resolved when read.
          gate: { metrics: b.gate ?? [ALL_METRICS], threshold: b.threshold, alpha: b.alpha },
        },
      ]
  }
}

/** In an import case's gate: every metric of each imported benchmark. */
export const ALL_METRICS = '*'

/** Whether a config entry expands into cases named `NAME/…`: a harness, or a benchmark with engines. */
function expands(b: BenchmarkConfig): boolean {
  if (b.kind === 'instructions') return b.harness
  if (b.kind === 'wall-clock') return b.harness || b.engines.some((e) => e.name !== '')
  return b.kind === 'scaling' || b.kind === 'import'
}

/**
 * Cases named `CONFIG-NAME/…` (a harness's benchmarks, a benchmark's engines) are kept when the filter
 * matches their own name or the entry's; a filter such as `rust/fib*` keeps the harness entry `rust` so
 * that its listed benchmarks can be filtered after listing.
 */
function keeps(b: BenchmarkConfig, filter: string | undefined): boolean {
  if (matchesFilter(b.name, filter)) return true
  if (!expands(b) || !filter) return false
  return filter.split(',').some((g) => g.includes('/') && globToRegExp(g.trim().split('/')[0]!).test(b.name))
}

export function planCases(config: Config, filter?: string): Case[] {
  return config.benchmarks
    .filter((b) => keeps(b, filter))
    .flatMap((b) => {
      const cases = casesFor(b)
      if (matchesFilter(b.name, filter)) return cases
      // A harness is listed first and filtered afterwards; engines are known now.
      return cases.filter(
        (c) =>
          (c.kind === 'wall-clock' && c.harness) ||
          c.kind === 'instructions' ||
          matchesFilter(c.name, filter),
      )
    })
}
