// A bench-action harness (runners/README.md) lists its benchmarks with `--list`; each becomes a case
// `CONFIG-NAME/BENCHMARK`. Instruction counts and wall-clock samples ask the same way.
import { commandFailure, outputTail, runCommand } from '../command.ts'
import type { BenchmarkError } from '../results.ts'

/** What `--list` may print per line, so a name can be passed back on a command line and into a file name. */
const BENCHMARK_NAME = /^[A-Za-z0-9_./:-]+$/

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
): Promise<{ names: string[] } | { error: BenchmarkError }> {
  const result = await runCommand([...argv, '--list'], {
    cwd: options.cwd,
    env: options.env,
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
  const names = result.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
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
  return { names }
}
