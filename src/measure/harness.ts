// A bench-action harness (runners/README.md) lists its benchmarks with `--list`; each becomes a case
// `CONFIG-NAME/BENCHMARK`. Instruction counts and wall-clock samples ask the same way. Asked with
// BENCH_ACTION_LIST=parameters in its environment, a harness may follow a name with its parameters,
// `NAME<TAB>input=VALUE<TAB>group=GROUP`; one that ignores the variable prints names alone.
import type { BenchmarkError } from '../results.ts'
import { commandFailure, outputTail, runCommand } from '../system/command.ts'

/** What `--list` may print per line, so a name can be passed back on a command line and into a file name. */
const BENCHMARK_NAME = /^[A-Za-z0-9_./:-]+$/
/** A parameter after a listed name: `key=value`, the value as restricted as a name. */
const PARAMETER = /^([a-z][a-z0-9_-]{0,31})=([A-Za-z0-9_./:-]{1,200})$/
/** The environment variable that asks a harness to list its benchmarks' parameters too. */
export const LIST_PARAMETERS_ENV = 'BENCH_ACTION_LIST'
/** Parameters bench-action sets itself, which a harness cannot replace. */
const RESERVED_PARAMETERS = new Set(['benchmark', 'engine'])

export interface HarnessListing {
  names: string[]
  /** Each listed benchmark's parameters (`input`, `group`), for the names that have some. */
  parameters: Map<string, Record<string, string>>
}

export interface ListOptions {
  cwd: string
  /** The harness's whole environment. */
  env: NodeJS.ProcessEnv
  timeoutMs: number
}

/** Runs `PROGRAM ARGS… --list` and returns the names it printed, or why there are none. */
export async function listHarnessBenchmarks(
  argv: string[],
  options: ListOptions,
): Promise<HarnessListing | { error: BenchmarkError }> {
  const result = await runCommand([...argv, '--list'], {
    cwd: options.cwd,
    env: { ...options.env, [LIST_PARAMETERS_ENV]: 'parameters' },
    timeoutMs: options.timeoutMs,
    maxOutputBytes: 16 * 1024 * 1024,
  })
  const failure = commandFailure(result)
  if (failure !== undefined) {
    const notFound = result.code === 127 && result.error !== undefined
    const reason = notFound ? `cannot execute harness "${argv[0]}": not found` : failure
    const stderrTail = outputTail(result.stderr)
    return {
      error: {
        message: `the harness could not list its benchmarks (--list): ${reason}`,
        ...(stderrTail ? { stderrTail } : {}),
      },
    }
  }
  const lines = result.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => l.split('\t'))
  const names = lines.map(([name]) => name!)
  if (names.length === 0) {
    return { error: { message: 'the harness lists no benchmarks (--list printed nothing)' } }
  }
  const bad = names.find((n) => !BENCHMARK_NAME.test(n))
  if (bad !== undefined) {
    return {
      error: {
        message: `the harness listed ${JSON.stringify(bad.slice(0, 80))}, not a benchmark name (letters, digits and _ . / : -)`,
      },
    }
  }
  const seen = new Set<string>()
  const twice = names.find((n) => seen.size === seen.add(n).size)
  if (twice !== undefined) return { error: { message: `the harness listed ${twice} twice` } }
  const parameters = new Map<string, Record<string, string>>()
  for (const [name, ...fields] of lines) {
    if (fields.length === 0) continue
    const own: Record<string, string> = {}
    for (const field of fields) {
      const match = PARAMETER.exec(field)
      if (!match) {
        return {
          error: {
            message: `the harness listed ${name} with ${JSON.stringify(field.slice(0, 80))}, not a parameter key=value (a lower-case key; a value of letters, digits and _ . / : -)`,
          },
        }
      }
      if (!RESERVED_PARAMETERS.has(match[1]!)) own[match[1]!] = match[2]!
    }
    parameters.set(name!, own)
  }
  return { names, parameters }
}
