// The wall-clock kind: what the runner protocol and the harnesses cost on this machine.
//
//   1. Protocol cost: a rebar runner (C) with an empty model is run through bench-action's runner
//      protocol with 1 and with 20 000 samples. The time outside the samples, fitted as
//      fixed + per-sample × n, gives what one invocation costs (spawn, KLV, exit) and what each sample
//      adds (the runner's clock reads and its output line, and bench-action's parsing).
//   2. Warm-up agreement: a rebar runner for the `regex` crate (bench/regex-runner; its lazy DFA is
//      built while it searches, so a process's first calls are slow) measured as rebar measures it —
//      one invocation with rebar's limits (max-iters and max-warmup-iters 1,000,000, max-time 3 s,
//      max-warmup-time 1.5 s), the median of its samples — and by the CLI on a bench.yml that leaves
//      every setting at its default: a rebar benchmarks directory defining it (100 ms of warm-up in
//      every process), and, as before warm-up went by time, 2 warm-up calls a process. Alternated,
//      5 trials. The goal: the default's median within 3% of rebar's.
//   3. Harness overhead: the empty benchmark of each harness (Zig, Rust, C), timed many calls per
//      sample: the median time per call is what the harness adds around a benchmark. Metron, whose
//      design the Zig harness follows, reports 0.31 ns for its empty loop on an Apple M1.
import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { parseConfig } from '../src/config/index.ts'
import { measureWallClock } from '../src/kinds/wall-clock/measure.ts'
import type { WallClockCase } from '../src/kinds/wall-clock/plan.ts'
import { encodeKlv } from '../src/measure/klv.ts'
import { runRunner } from '../src/measure/runner-protocol.ts'
import { planCases } from '../src/run/plan.ts'
import { measureSuite } from '../src/schedule/index.ts'
import { ensureZig } from '../src/setup/zig.ts'
import { runCli } from './cli.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const TRIALS = Number(process.env.BENCH_TRIALS ?? 5)

function klv(samples: number, extra: Array<[string, string]> = []): Buffer {
  return encodeKlv([
    ['name', 'bench'],
    ['model', 'count'],
    ['max-iters', String(samples)],
    ['max-warmup-iters', '0'],
    ['max-time', String(600e9)],
    ['max-warmup-time', '0'],
    ...extra,
  ])
}

/** Elapsed wall time of one runner invocation minus the time inside its samples, ns. */
async function outsideSamples(command: string[], samples: number, extra: Array<[string, string]>) {
  const start = process.hrtime.bigint()
  const outcome = await runRunner({
    command,
    cwd: root,
    env: {},
    klv: klv(samples, extra),
    timeoutMs: 120_000,
  })
  const elapsed = Number(process.hrtime.bigint() - start)
  if ('error' in outcome) throw new Error(`${command.join(' ')}: ${outcome.error.message}`)
  if (outcome.samples.length !== samples)
    throw new Error(`expected ${samples} samples, got ${outcome.samples.length}`)
  return elapsed - outcome.samples.reduce((sum, s) => sum + s.durationNs, 0)
}

async function protocolCost(dir: string): Promise<void> {
  const runner = path.join(dir, 'rebar_runner')
  await run('cc', ['-O2', '-o', runner, path.join(root, '__tests__', 'programs', 'rebar_runner.c')])
  // An empty pattern in an empty haystack: the model does next to nothing, so what is measured is the
  // protocol around it.
  const extra: Array<[string, string]> = [
    ['pattern', ''],
    ['haystack', ''],
  ]
  const many = 20_000
  const fixed: number[] = []
  const perSample: number[] = []
  for (let t = 0; t < TRIALS; t++) {
    const one = await outsideSamples([runner], 1, extra)
    const lots = await outsideSamples([runner], many, extra)
    perSample.push((lots - one) / (many - 1))
    fixed.push(one)
  }
  console.log('\nrunner protocol (rebar runner in C, empty model), median of', TRIALS, 'trials')
  console.log(`  per invocation (spawn, KLV on stdin, exit, parse): ${(median(fixed) / 1e6).toFixed(2)} ms`)
  console.log(`  per sample (clock reads, one output line, parsing): ${median(perSample).toFixed(0)} ns`)
}

interface Harness {
  name: string
  build: () => Promise<string[]>
  empty: string
}

async function harnessOverhead(dir: string): Promise<void> {
  const harnesses: Harness[] = [
    {
      name: 'Zig',
      empty: 'empty/simple',
      build: async () => {
        const zig = await ensureZig({ log: () => {} })
        const out = path.join(dir, 'zig-bench')
        await run(zig.path, [
          'build-exe',
          '-O',
          'ReleaseFast',
          '--dep',
          'bench_action',
          `-Mbench=${path.join(root, 'examples', 'zig-wall-clock', 'bench.zig')}`,
          `-Mbench_action=${path.join(root, 'runners', 'zig', 'bench_action.zig')}`,
          '--cache-dir',
          path.join(dir, 'zig-cache'),
          `-femit-bin=${out}`,
        ])
        return [out]
      },
    },
    {
      name: 'Rust',
      empty: 'empty',
      build: async () => {
        const target = path.join(dir, 'rust-target')
        await cargoBuild(path.join(root, 'examples', 'rust-instructions', 'Cargo.toml'), target)
        return [path.join(target, 'release', 'instructions')]
      },
    },
    {
      name: 'C',
      empty: 'empty',
      build: async () => {
        const out = path.join(dir, 'c-bench')
        await run('cc', [
          '-O2',
          '-o',
          out,
          path.join(root, 'examples', 'c-instructions', 'bench.c'),
          `-I${path.join(root, 'runners', 'c')}`,
        ])
        return [out]
      },
    },
  ]
  console.log('\nharness overhead: the empty benchmark, time per call (median of 20 samples of ≥ 1 ms each)')
  for (const h of harnesses) {
    let command: string[]
    try {
      command = await h.build()
    } catch (error) {
      console.log(`  ${h.name}: not built (${(error as Error).message.split('\n')[0]})`)
      continue
    }
    const perCall: number[] = []
    for (let t = 0; t < TRIALS; t++) {
      const outcome = await runRunner({
        command: [...command, '--samples', h.empty],
        cwd: root,
        env: {},
        klv: klv(20, [['max-warmup-iters', '3']]),
        timeoutMs: 120_000,
      })
      if ('error' in outcome) throw new Error(`${h.name}: ${outcome.error.message}`)
      perCall.push(median(outcome.samples.map((s) => s.durationNs / s.iterations)))
    }
    const ns = median(perCall)
    const goal =
      h.name === 'Zig' ? `  (goal ≤ 1 ns; ${(ns / 0.31).toFixed(2)}× Metron's 0.31 ns on an M1)` : ''
    console.log(
      `  ${h.name.padEnd(4)} ${ns.toFixed(3)} ns per call, trials ${perCall.map((x) => x.toFixed(3)).join(' ')}${goal}`,
    )
  }
}

/**
 * Six identical benchmarks (a ~1 ms search), 100 samples each: taken in one runner process per
 * benchmark, one after the other, and spread over 50 short processes interleaved in shuffled rounds
 * as bench-action does. The spread of the six medians is what an unchanged benchmark can appear to
 * change by between two of them: the smaller, the smaller a change that can be told from noise.
 */
async function interleaving(dir: string): Promise<void> {
  const runner = path.join(dir, 'rebar_runner')
  const haystack = path.join(dir, 'haystack.txt')
  await writeFile(haystack, 'hay in stack needle '.repeat(3000))
  const yaml = `
defaults: { runs: 100, warmup: 3 }
benchmarks:
${[1, 2, 3, 4, 5, 6]
  .map(
    (i) => `  - name: same-${i}
    kind: wall-clock
    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: needle, haystack: { path: ${JSON.stringify(haystack)} } }
    params: { passes: 20 }
`,
  )
  .join('')}`
  const cases = planCases(parseConfig(yaml, path.join(dir, 'bench.yml'))) as WallClockCase[]
  const spread = (medians: number[]) => Math.max(...medians) / Math.min(...medians) - 1
  const one: number[] = []
  const many: number[] = []
  for (let t = 0; t < TRIALS; t++) {
    const single = []
    for (const c of cases) single.push(await measureWallClock(c))
    one.push(spread(single.map((r) => median(r.metrics.time!.samples!))))
    const spreadOut = await measureSuite(cases)
    many.push(spread(spreadOut.map((r) => median(r.metrics.time!.samples!))))
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`
  console.log('\nsix identical benchmarks, 100 samples each: spread of their medians (max/min − 1)')
  console.log(
    `  one runner process each, in turn:       ${pct(median(one))} (trials ${one.map(pct).join(' ')})`,
  )
  console.log(
    `  50 processes each, interleaved rounds:  ${pct(median(many))} (trials ${many.map(pct).join(' ')})`,
  )
}

/** rebar's `measure` defaults (src/cmd/measure.rs): what one invocation of a runner gets from rebar. */
const REBAR_LIMITS: Array<[string, string]> = [
  ['max-iters', '1000000'],
  ['max-warmup-iters', '1000000'],
  ['max-time', String(3e9)],
  ['max-warmup-time', String(1.5e9)],
]

/** A release build of the crate at `manifest`, its lock file as committed, into `target`. */
async function cargoBuild(manifest: string, target: string): Promise<void> {
  await run('cargo', ['build', '--release', '--locked', '--quiet', '--manifest-path', manifest], {
    env: { ...process.env, CARGO_TARGET_DIR: target },
  })
}

async function warmupAgreement(dir: string): Promise<void> {
  const target = path.join(dir, 'regex-target')
  try {
    await cargoBuild(path.join(root, 'bench', 'regex-runner', 'Cargo.toml'), target)
  } catch (error) {
    console.log(`\nwarm-up agreement: regex runner not built (${(error as Error).message.split('\n')[0]})`)
    return
  }
  const runner = path.join(target, 'release', 'regex-runner')
  const haystackPath = path.join(root, 'examples', 'rebar-memmem', 'haystacks', 'detective.txt')
  // rebar's curated benchmarks count this pattern in a book: a Unicode \w the lazy DFA builds states for.
  const pattern = String.raw`\w+\s+Holmes`
  // What `rebar measure` sends the runner for the definition below, with its default limits.
  const rebarRun = async () => {
    const outcome = await runRunner({
      command: [runner],
      cwd: root,
      env: {},
      klv: encodeKlv([
        ['name', 'curated/holmes'],
        ['model', 'count'],
        ['pattern', pattern],
        ['case-insensitive', 'false'],
        ['unicode', 'false'],
        ['haystack', await readFile(haystackPath)],
        ...REBAR_LIMITS,
      ]),
      timeoutMs: 120_000,
    })
    if ('error' in outcome) throw new Error(`rebar limits: ${outcome.error.message}`)
    return outcome.samples
  }
  const rebarMedian = async () => median((await rebarRun()).map((s) => s.durationNs))
  // The same benchmark as a rebar user brings it: a benchmarks directory, read by `rebar:`.
  const count = (await rebarRun())[0]!.count
  const suite = path.join(dir, 'rebar-suite')
  await mkdir(path.join(suite, 'definitions'), { recursive: true })
  await mkdir(path.join(suite, 'haystacks'), { recursive: true })
  await copyFile(haystackPath, path.join(suite, 'haystacks', 'detective.txt'))
  await writeFile(
    path.join(suite, 'engines.toml'),
    `[[engine]]\nname = "rust/regex"\n[engine.run]\nbin = ${JSON.stringify(runner)}\n[engine.version]\nbin = "echo"\nargs = ["1"]\n`,
  )
  await writeFile(
    path.join(suite, 'definitions', 'curated.toml'),
    `[[bench]]\nmodel = "count"\nname = "holmes"\nregex = '${pattern}'\nhaystack = { path = "detective.txt" }\ncount = ${count}\nengines = ["rust/regex"]\n`,
  )
  // The CLI on a bench.yml at default settings: the rebar directory; `before` writes what the
  // defaults were before warming up by time: 2 warm-up calls a process (and 1 s, which 2 calls of
  // 16 µs never reach).
  const cliMedian = async (label: string, entry: string) => {
    const config = path.join(dir, `warmup-${label}.yml`)
    const json = path.join(dir, `warmup-${label}.json`)
    await writeFile(
      config,
      `suite: warmup-${label}
benchmarks:
  - name: regex
    kind: wall-clock
${entry}`,
    )
    const set = await runCli(config, json, dir, ['--no-save'])
    const samples = set.benchmarks[0]?.metrics.time?.samples
    if (!samples) throw new Error(`${label}: no time samples in ${json}`)
    return median(samples)
  }
  const rows: Array<{ rebar: number; after: number; before: number }> = []
  for (let t = 0; t < TRIALS; t++) {
    // Alternated, so a drift of the machine falls on all three alike.
    const before = await cliMedian(
      'before',
      `    runner: [${JSON.stringify(runner)}]
    model: count
    input: { pattern: ${JSON.stringify(pattern)}, haystack: { path: ${JSON.stringify(path.join(suite, 'haystacks', 'detective.txt'))} } }
    warmup: 2
    max-warmup-time: 1s
`,
    )
    const rebar = await rebarMedian()
    const after = await cliMedian('after', `    rebar: { benchmarks: ${JSON.stringify(suite)} }\n`)
    rows.push({ rebar, after, before })
  }
  const us = (ns: number) => `${(ns / 1e3).toFixed(2)} µs`
  const ratio = (x: number, y: number) => (x / y).toFixed(3)
  console.log(
    `\nwarm-up agreement: regex crate, ${JSON.stringify(pattern)} counted in 256 KiB, median time per call (${TRIALS} trials)`,
  )
  for (const r of rows) {
    console.log(
      `  rebar ${us(r.rebar)}   default ${us(r.after)} (${ratio(r.after, r.rebar)}×)   2 warm-up calls ${us(r.before)} (${ratio(r.before, r.rebar)}×)`,
    )
  }
  const [rebar, after, before] = (['rebar', 'after', 'before'] as const).map((k) =>
    median(rows.map((r) => r[k])),
  )
  console.log(
    `  median of trials: rebar ${us(rebar!)}, default ${us(after!)} = ${ratio(after!, rebar!)}× (goal within 3%), ` +
      `before: 2 warm-up calls ${us(before!)} = ${ratio(before!, rebar!)}×`,
  )
}

/** A second `setup zig` finds the compiler unpacked into the tool cache by the first. */
async function zigSetupTime(): Promise<void> {
  await ensureZig({ log: () => {} })
  const times: number[] = []
  for (let t = 0; t < TRIALS; t++) {
    const start = process.hrtime.bigint()
    await ensureZig({ log: () => {} })
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  console.log(
    `\nZig setup with the compiler already in the tool cache: ${median(times).toFixed(0)} ms (goal < 2000 ms)`,
  )
}

export async function benchWallClock(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-wall-clock-'))
  try {
    await writeFile(path.join(dir, '.keep'), '')
    await protocolCost(dir)
    await warmupAgreement(dir)
    await interleaving(dir)
    await harnessOverhead(dir)
    await zigSetupTime()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
