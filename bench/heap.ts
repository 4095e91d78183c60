// What heap counts cost: every instructions benchmark of the examples measured with callgrind alone and
// with callgrind and DHAT (heap: true), alternating which goes first, on the same binaries. Heap counts
// are on by default only if the second costs at most 1.5× the first over the whole suite.
import { execFile } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { measureInstructions } from '../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../src/kinds/instructions/plan.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const TRIALS = Number(process.env.BENCH_TRIALS ?? 5)
/** The cost above which heap counts stay opt-in. */
const DEFAULT_LIMIT = 1.5

interface Program {
  label: string
  command: string[]
  entryPoint?: string
}

function instructionsCase(p: Program, heap: boolean): InstructionsCase {
  return {
    kind: 'instructions',
    id: p.label,
    name: p.label,
    parameters: {},
    command: p.command,
    cwd: root,
    env: {},
    timeoutMs: 300_000,
    ...(p.entryPoint ? { entryPoint: p.entryPoint } : {}),
    harness: false,
    cacheSim: false,
    branchSim: false,
    heap,
    gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
  }
}

async function timed(c: InstructionsCase): Promise<number> {
  const start = process.hrtime.bigint()
  const result = await measureInstructions(c)
  if (result.error) throw new Error(`${c.name}: ${result.error.message}`)
  return Number(process.hrtime.bigint() - start) / 1e6
}

/** The examples' instruction benchmarks: each harness benchmark, and the process example as a whole program. */
async function programs(): Promise<Program[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-heap-'))
  const work = path.join(dir, 'work')
  const cBench = path.join(dir, 'bench')
  await run('cc', ['-O2', '-o', work, path.join(root, 'examples/process/work.c')])
  await run('cc', [
    '-O2',
    '-g',
    '-o',
    cBench,
    path.join(root, 'examples/c-instructions/bench.c'),
    `-I${path.join(root, 'runners/c')}`,
  ])
  await run(
    'cargo',
    ['build', '--release', '--locked', '--quiet', '--manifest-path', 'examples/rust-instructions/Cargo.toml'],
    { cwd: root },
  )
  const rust = path.join(root, 'examples/rust-instructions/target/release/instructions')
  const harness = async (label: string, binary: string): Promise<Program[]> => {
    const names = (await run(binary, ['--list'])).stdout.split('\n').filter((n) => n.length > 0)
    return names.map((name) => ({
      label: `${label} ${name}`,
      command: [binary, '--run', name],
      entryPoint: 'bench_action_measure',
    }))
  }
  return [
    ...(await harness('c', cBench)),
    ...(await harness('rust', rust)),
    { label: 'process hash 4M', command: [work, 'hash', '4000000'] },
    { label: 'process sort 200k', command: [work, 'sort', '200000'] },
  ]
}

export async function benchHeap(): Promise<void> {
  try {
    await run('valgrind', ['--version'])
  } catch {
    console.error('valgrind is not installed; on Debian or Ubuntu: sudo apt-get install valgrind')
    process.exitCode = 2
    return
  }
  console.log(
    `\nheap counts (${(await run('valgrind', ['--version'])).stdout.trim()}), ${TRIALS} trials each`,
  )
  const list = await programs()
  let alone = 0
  let both = 0
  console.log('  benchmark                      callgrind   callgrind+dhat   ratio')
  for (const p of list) {
    const off: number[] = []
    const on: number[] = []
    for (let t = 0; t < TRIALS; t++) {
      const first = t % 2 === 0
      if (first) off.push(await timed(instructionsCase(p, false)))
      on.push(await timed(instructionsCase(p, true)))
      if (!first) off.push(await timed(instructionsCase(p, false)))
    }
    const a = median(off)
    const b = median(on)
    alone += a
    both += b
    console.log(
      `  ${p.label.padEnd(30)} ${a.toFixed(0).padStart(7)} ms ${b.toFixed(0).padStart(11)} ms ${(b / a).toFixed(2).padStart(8)}`,
    )
  }
  const ratio = both / alone
  console.log(
    `  whole suite (sum of medians): callgrind ${(alone / 1000).toFixed(2)} s, with dhat ${(both / 1000).toFixed(2)} s, ` +
      `×${ratio.toFixed(2)}: heap counts ${ratio > DEFAULT_LIMIT ? 'stay opt-in' : 'may be on by default'} (limit ×${DEFAULT_LIMIT})`,
  )
}
