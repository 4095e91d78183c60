// The instructions kind: what bench-action adds to the valgrind run it wraps, what cache simulation
// costs, and how the callgrind.out parser copes with a profile of hundreds of megabytes.
import { execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { callgrindArguments, measureInstructions } from '../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../src/kinds/instructions/plan.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const TRIALS = Number(process.env.BENCH_TRIALS ?? 5)
const PROFILE_MB = Number(process.env.BENCH_PROFILE_MB ?? 500)
const BENCHMARKS = ['fibonacci_20', 'sum_fields', 'search_sorted_100k']

function harnessCase(binary: string, name: string, cacheSim = true): InstructionsCase {
  return {
    kind: 'instructions',
    id: name,
    name,
    parameters: {},
    command: [binary, '--run', name],
    cwd: root,
    env: {},
    timeoutMs: 120_000,
    entryPoint: 'bench_action_measure',
    harness: false,
    cacheSim,
    branchSim: false,
    gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - start) / 1e6
}

/** The command bench-action runs, started by hand: setarch, valgrind, the same options and stdio. */
async function rawValgrind(c: InstructionsCase): Promise<void> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-action-raw-'))
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'setarch',
        [os.machine(), '-R', 'valgrind', ...callgrindArguments(c, out), ...c.command],
        {
          cwd: c.cwd,
          env: {},
          stdio: 'ignore',
        },
      )
      child.on('error', reject)
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`valgrind exited ${code}`))))
    })
  } finally {
    await rm(out, { recursive: true, force: true })
  }
}

/** A real multi-part profile of a real program, large enough to show whether the parser streams. */
async function bigProfile(dir: string): Promise<string> {
  const file = path.join(dir, `python-${PROFILE_MB}mb.callgrind.out`)
  try {
    if ((await stat(file)).size > 0) return file
  } catch {
    // Not made yet.
  }
  const python = (await run('python3', ['-c', 'import sys; print(sys.executable)'])).stdout.trim()
  // One part every N basic blocks, all in one file. This script runs about 78 million blocks, and parts
  // shrink as they get more frequent (300 KB at N = 200 000, 200 KB at N = 47 200): ~150 KB each here.
  const every = Math.max(5_000, Math.round(11_700_000 / PROFILE_MB))
  console.log(
    `  writing a ${PROFILE_MB} MB profile of python3 (--dump-instr=yes --dump-every-bb=${every}); this takes a while`,
  )
  await run(
    'valgrind',
    [
      '--tool=callgrind',
      '--dump-instr=yes',
      '--collect-jumps=yes',
      `--dump-every-bb=${every}`,
      '--combine-dumps=yes',
      `--callgrind-out-file=${file}`,
      python,
      '-c',
      'import json, decimal, email.parser, http.client, xml.dom.minidom, sqlite3, asyncio, unittest; sum(range(100000))',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  return file
}

export async function benchInstructions(): Promise<void> {
  try {
    await run('valgrind', ['--version'])
  } catch {
    console.error('valgrind is not installed; on Debian or Ubuntu: sudo apt-get install valgrind')
    process.exitCode = 2
    return
  }
  console.log(`\ninstructions kind (${(await run('valgrind', ['--version'])).stdout.trim()})`)
  await run(
    'cargo',
    ['build', '--release', '--locked', '--quiet', '--manifest-path', 'examples/rust-instructions/Cargo.toml'],
    {
      cwd: root,
    },
  )
  const binary = path.join(root, 'examples/rust-instructions/target/release/instructions')

  // 1. bench-action against the valgrind command it runs, alternating which goes first.
  const ours: number[] = []
  const raw: number[] = []
  for (let t = 0; t < TRIALS; t++) {
    for (const name of BENCHMARKS) {
      const c = harnessCase(binary, name)
      const a = () => timed(() => measureInstructions(c))
      const b = () => timed(() => rawValgrind(c))
      if (t % 2 === 0) {
        ours.push(await a())
        raw.push(await b())
      } else {
        raw.push(await b())
        ours.push(await a())
      }
    }
  }
  const o = median(ours)
  const r = median(raw)
  console.log(
    `  Rust example, ${BENCHMARKS.length} benchmarks × ${TRIALS} trials, median wall per benchmark:`,
  )
  console.log(
    `    bench-action ${o.toFixed(1)} ms   raw valgrind ${r.toFixed(1)} ms   ratio ${(o / r).toFixed(3)} (goal ≤ 1.05)`,
  )

  // 2. What cache simulation costs, on a whole program that runs about 40 million instructions.
  const work = path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-action-work-')), 'work')
  await run('cc', ['-O2', '-o', work, path.join(root, 'examples/process/work.c')])
  const whole = (cacheSim: boolean): InstructionsCase => ({
    ...harnessCase(work, 'hash', cacheSim),
    command: [work, 'hash', '5000000'],
    entryPoint: undefined,
  })
  const on: number[] = []
  const off: number[] = []
  for (let t = 0; t < TRIALS; t++) {
    on.push(await timed(() => measureInstructions(whole(true))))
    off.push(await timed(() => measureInstructions(whole(false))))
  }
  console.log(
    `  cache simulation on a 40M-instruction program: on ${median(on).toFixed(0)} ms, off ${median(off).toFixed(0)} ms (×${(median(on) / median(off)).toFixed(2)})`,
  )

  // 3. Parsing a very large profile: time and peak memory of a process that only parses it.
  const dir = path.join(os.tmpdir(), 'bench-action-bench')
  await mkdir(dir, { recursive: true })
  const file = await bigProfile(dir)
  const size = (await stat(file)).size
  const script = [
    "const { parseCallgrindFile } = await import('./src/kinds/instructions/callgrind.ts')",
    'const t = process.hrtime.bigint()',
    `const p = await parseCallgrindFile(${JSON.stringify(file)})`,
    'const s = Number(process.hrtime.bigint() - t) / 1e9',
    'console.log(JSON.stringify({ s, parts: p.parts.length, functions: p.functions.size, rss: process.resourceUsage().maxRSS }))',
  ].join('\n')
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    maxBuffer: 1 << 20,
  })
  const parsed = JSON.parse(stdout.trim().split('\n').pop()!) as {
    s: number
    parts: number
    functions: number
    rss: number
  }
  const mb = size / 1e6
  console.log(
    `  parse ${mb.toFixed(0)} MB (${parsed.parts} parts, ${parsed.functions} functions): ${parsed.s.toFixed(1)} s ` +
      `(${(mb / parsed.s).toFixed(1)} MB/s), peak RSS ${(parsed.rss / 1024).toFixed(0)} MiB (goal < 300 MiB)`,
  )
}
