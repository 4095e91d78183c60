// A bench-action harness (runners/README.md) lists its benchmarks with `--list`; each becomes a case
// `CONFIG-NAME/BENCHMARK`. Instruction counts and wall-clock samples ask the same way.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { childEnv } from '../child-env.ts'
import type { BenchmarkError } from '../results.ts'

const run = promisify(execFile)

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
  let stdout: string
  try {
    stdout = (
      await run(argv[0]!, [...argv.slice(1), '--list'], {
        cwd: options.cwd,
        env: childEnv(options.env),
        timeout: options.timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      })
    ).stdout
  } catch (error) {
    const e = error as { stderr?: string; message: string; code?: unknown }
    const reason =
      e.code === 'ENOENT' ? `cannot execute harness "${argv[0]}": not found` : e.message.split('\n')[0]
    return {
      error: {
        message: `the harness could not list its benchmarks (--list): ${reason}`,
        ...(e.stderr ? { stderrTail: e.stderr.slice(-4096) } : {}),
      },
    }
  }
  const names = stdout
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
