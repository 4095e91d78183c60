// Shared test plumbing: temporary git repositories and an in-process CLI whose output is captured.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { access, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { runCli } from '../../src/cli/index.ts'
import { ConfigError, parseConfig } from '../../src/config/index.ts'
import { ImportFormatError } from '../../src/import/types.ts'
import type { ProcessCase } from '../../src/kinds/process/plan.ts'
import { encodeKlv, type KlvEntry } from '../../src/measure/klv.ts'
import type { BenchmarkResult, CommitInfo, Metric, ResultSet } from '../../src/results.ts'

export const repoRoot = path.resolve(import.meta.dirname, '..', '..')
const run = promisify(execFile)

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `bench-${prefix}-`))
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** A real git repository with one commit on `main`, holding the given files. */
export async function gitRepo(files: Record<string, string>, copyExamples = false): Promise<string> {
  const dir = await tempDir('repo')
  if (copyExamples) {
    // The examples build against the harnesses in runners/; build outputs are not copied.
    const skipBuilt = (src: string) => !/\/(target|build)$/.test(src)
    for (const sub of ['examples', 'runners']) {
      await cp(path.join(repoRoot, sub), path.join(dir, sub), { recursive: true, filter: skipBuilt })
    }
  }
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text)
  }
  const git = (...args: string[]) => run('git', args, { cwd: dir })
  await git('init', '--quiet', '--initial-branch=main')
  await git('add', '-A')
  await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'initial')
  return dir
}

/** Runs git in `cwd` with a test identity (for commits); returns its output, trimmed. */
export async function gitIn(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
  })
  return stdout.trim()
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI in-process with a clean, non-CI environment (no colour, no Actions variables). */
export async function cli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  const baseEnv: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('GITHUB_') && !k.startsWith('INPUT_') && k !== 'CI' && k !== 'FORCE_COLOR')
      baseEnv[k] = v
  }
  const code = await runCli(args, {
    cwd,
    env: { ...baseEnv, NO_COLOR: '1', ...env },
    stdout: { write: (t: string) => (stdout += t), isTTY: false },
    stderr: { write: (t: string) => (stderr += t), isTTY: false },
  })
  return { code, stdout, stderr }
}

/** Whether `command --version` runs. */
export async function available(command: string): Promise<boolean> {
  try {
    await run(command, ['--version'])
    return true
  } catch {
    return false
  }
}

export interface Exit {
  code: number
  stdout: string
  stderr: string
}

/** Runs `program args…` with `input` on its stdin, to completion, whatever its exit status. */
export function runWithInput(
  program: string,
  args: string[],
  input: Buffer = Buffer.alloc(0),
): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    // A program that rejects its command line exits without reading its input.
    child.stdin.on('error', () => {})
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === null) reject(new Error(`${program} was killed by ${signal}`))
      else
        resolve({ code, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() })
    })
    child.stdin.end(input)
  })
}

export interface HarnessSample {
  durationNs: number
  count: number
  iterations: number
  bytes?: number
  elements?: number
}

/** The samples of a successful `--samples` run; every line must be `duration_ns,count,iterations[,bytes[,elements]]`. */
export function parseHarnessSamples(result: Exit): HarnessSample[] {
  assert.equal(result.code, 0, `--samples exited ${result.code}: ${result.stderr}`)
  assert.equal(result.stderr, '', 'a successful run prints nothing on stderr')
  if (result.stdout === '') return []
  assert.ok(result.stdout.endsWith('\n'), `the output ends with a newline: ${JSON.stringify(result.stdout)}`)
  return result.stdout
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const match = /^(\d+),(\d+),(\d+)(?:,(\d+)|,(\d*),(\d+))?$/.exec(line)
      assert.ok(
        match,
        `sample line ${JSON.stringify(line)} is duration_ns,count,iterations[,bytes[,elements]]`,
      )
      const sample: HarnessSample = {
        durationNs: Number(match[1]),
        count: Number(match[2]),
        iterations: Number(match[3]),
      }
      const bytes = match[4] ?? match[5]
      if (bytes !== undefined && bytes !== '') sample.bytes = Number(bytes)
      if (match[6] !== undefined) sample.elements = Number(match[6])
      return sample
    })
}

/** The configuration bench-action sends a harness, with time for every sample unless `overrides` say otherwise. */
export function harnessKlv(name: string, overrides: KlvEntry[] = []): Buffer {
  const entries = new Map<string, string | Uint8Array>([
    ['name', name],
    ['model', 'harness'],
    ['max-iters', '20'],
    ['max-time', '10000000000'],
    ['max-warmup-iters', '3'],
    ['max-warmup-time', '1000000000'],
    ['sample-time', '200000'],
  ])
  for (const [key, value] of overrides) entries.set(key, value)
  return encodeKlv([...entries])
}

/** The step outputs a run wrote to GITHUB_OUTPUT, in the runner's file-command format `name<<DELIM\nvalue\nDELIM`. */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of text.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) out[m[1]!] = m[3]!
  return out
}

/** A ResultSet of a run that was not measured: for stores and reports that only need its shape. */
export function resultSetOf(
  suite: string,
  commit: CommitInfo,
  createdAt: string,
  benchmarks: BenchmarkResult[] = [],
): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite,
    commit,
    createdAt,
    environment: {
      os: 'linux',
      arch: 'x64',
      cpuModel: 'cpu',
      cpuCount: 2,
      kernel: '6',
      node: 'v20',
      tools: {},
    },
    benchmarks,
  }
}

/** A measured benchmark `b` with these metrics, gating the first (or `gated`) at 5% and α = 0.01. */
export function okBenchmark(
  metrics: Record<string, Metric>,
  gated: string[] = Object.keys(metrics).slice(0, 1),
  kind: BenchmarkResult['kind'] = 'import',
): BenchmarkResult {
  return {
    id: 'b',
    name: 'b',
    kind,
    parameters: {},
    status: 'ok',
    metrics,
    gate: { metrics: gated, threshold: 0.05, alpha: 0.01 },
    notes: [],
  }
}

/** Running means not gone and not a zombie waiting for a parent to reap it. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
    throw error
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return fields.slice(fields.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return process.platform !== 'linux'
  }
}

/** Whether the process is gone within `ms`, looking every 20 ms. */
export async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return !isRunning(pid)
}

/** The error a parse throws, checked to be an ImportFormatError. */
export function formatError(run: () => unknown): ImportFormatError {
  try {
    run()
  } catch (error) {
    assert.ok(error instanceof ImportFormatError, `expected an ImportFormatError, got ${String(error)}`)
    return error
  }
  assert.fail('expected an ImportFormatError, nothing was thrown')
}

/** Whether a file or directory is there. */
export async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}

/** Builds examples/rust-instructions (the Rust harness's example) into `dir`; returns the binary. */
export async function buildRustExample(dir: string): Promise<string> {
  const cwd = path.join(repoRoot, 'examples', 'rust-instructions')
  const env = { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'rust-target') }
  const build = ['build', '--release', '--locked', '--quiet']
  try {
    await run('cargo', [...build, '--offline'], { cwd, env })
  } catch {
    // The crate has no dependencies, so this only helps a toolchain that needs to fetch something itself.
    await run('cargo', build, { cwd, env })
  }
  return path.join(dir, 'rust-target', 'release', 'instructions')
}

/** Builds examples/c-instructions (the C header's example) with `flags` into `dir` as `name`. */
export async function buildCExample(dir: string, name = 'bench', flags: string[] = []): Promise<string> {
  const out = path.join(dir, 'c-build')
  await mkdir(out, { recursive: true })
  const binary = path.join(out, name)
  const cwd = path.join(repoRoot, 'examples', 'c-instructions')
  await run('cc', ['-O2', '-g', ...flags, '-o', binary, 'bench.c', '-I../../runners/c'], { cwd })
  return binary
}

/**
 * Builds a Zig harness program: `source` as the root module, importing runners/zig as `bench_action`,
 * linked with libc (so std.heap.c_allocator is malloc), `-O ReleaseFast` for the baseline CPU (the
 * build runners/zig/README.md gives for valgrind, which cannot run AVX-512), into `dir` as `name`.
 */
export async function buildZigHarness(
  zig: string,
  source: string,
  dir: string,
  name: string,
): Promise<string> {
  const binary = path.join(dir, name)
  const harness = path.join(repoRoot, 'runners', 'zig', 'bench_action.zig')
  await run(zig, [
    'build-exe',
    '-O',
    'ReleaseFast',
    '-mcpu=baseline',
    '-lc',
    '--dep',
    'bench_action',
    `-Mbench=${source}`,
    `-Mbench_action=${harness}`,
    '--cache-dir',
    path.join(dir, 'zig-cache'),
    `-femit-bin=${binary}`,
  ])
  return binary
}

/** The ConfigError a config text is refused with; fails when it parses. */
export function parseError(text: string, file = 'bench.yml'): ConfigError {
  try {
    parseConfig(text, file)
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`)
    return error
  }
  assert.fail('the config parsed without error')
}

/** A process case of `command` run in `cwd`: 3 runs, no warm-up, 10 s a run, unless overridden. */
export function processCaseIn(
  cwd: string,
  command: string[],
  overrides: Partial<ProcessCase> = {},
): ProcessCase {
  return {
    kind: 'process',
    id: 'case',
    name: 'case',
    parameters: {},
    command,
    cwd,
    env: {},
    runs: 3,
    warmup: 0,
    timeoutMs: 10_000,
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    ...overrides,
  }
}
