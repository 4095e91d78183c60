// Agreement with `rebar measure`, per benchmark: rebar's curated definitions for rust/regex, measured
// by rebar and by the CLI on the same benchmarks directory, alternated for several rounds.
//
// rebar takes all of a benchmark's samples in one runner process, so it reports whichever code and
// stack placement that process drew; the CLI spreads its samples over ~10 processes. rebar is
// therefore run several times a round, each with an environment padding variable of a different
// (seeded) random size of 0–4 KiB, which moves the stack, and compared by its median over those
// placements. Each benchmark reads: rebar's median over placements (min–max across them), ours (the
// median of the rounds' medians, and the range of our per-process medians), their ratio, and whether
// it is within 5%.
//
// Settings (environment): BENCH_REBAR_DIR a rebar checkout (default: bench/rebar/prepare.sh's cache
// directory, prepared first), BENCH_REBAR_FILTER (`rebar measure -f`, default ^curated/0[1258]),
// BENCH_REBAR_ROUNDS (3), BENCH_REBAR_PADDINGS (placements of rebar per round, 3), BENCH_REBAR_SEED
// (1), BENCH_REBAR_MAX_TIME and BENCH_REBAR_MAX_WARMUP_TIME (rebar's --max-time and
// --max-warmup-time; unset, rebar's own 3s and 1.5s).
import { execFile } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from 'simple-statistics'
import { runCli } from './cli.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const ENGINE = 'rust/regex'
const WITHIN = 0.05

/** rebar's durations as `rebar measure` prints them: 40.81us, 607.00ns, 1.04ms, 4.57s. */
export function parseRebarDuration(text: string): number {
  const m = /^([0-9.]+)(ns|us|µs|ms|s)$/.exec(text.trim())
  if (!m)
    throw new Error(`rebar duration: expected a number and ns, us, ms or s, got ${JSON.stringify(text)}`)
  const scale = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9 }[m[2] as 'ns']
  return Number(m[1]) * scale
}

/** Median per benchmark (ns) from `rebar measure` CSV; a row with an error is thrown. */
function parseMeasureCsv(csv: string): Map<string, number> {
  const [header, ...rows] = csv.trim().split('\n')
  const columns = header!.split(',')
  const at = (name: string) => columns.indexOf(name)
  const medians = new Map<string, number>()
  for (const row of rows) {
    const cells = row.split(',')
    if (cells[at('engine')] !== ENGINE) continue
    const err = cells[at('err')]
    if (err) throw new Error(`rebar measure: ${cells[at('name')]}: ${err}`)
    medians.set(cells[at('name')]!, parseRebarDuration(cells[at('median')]!))
  }
  return medians
}

/** A seeded generator of numbers in [0, 1) (mulberry32), so the paddings repeat from run to run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Settings {
  dir: string
  filter: string
  limits: string[]
}

async function rebarMeasure(s: Settings, padding: number): Promise<Map<string, number>> {
  const rebar = path.join(s.dir, 'target', 'release', 'rebar')
  const { stdout } = await run(rebar, ['measure', '-f', s.filter, '-e', `^${ENGINE}$`, ...s.limits], {
    cwd: s.dir,
    env: { ...process.env, BENCH_REBAR_PADDING: 'x'.repeat(padding) },
    maxBuffer: 16 << 20,
  })
  return parseMeasureCsv(stdout)
}

interface Ours {
  median: number
  /** The median of each runner process's samples. */
  processes: number[]
}

/** The CLI on a bench.yml inside the benchmarks directory (engine `cwd` resolves against it). */
async function ourMeasure(s: Settings, config: string, json: string): Promise<Map<string, Ours>> {
  const set = await runCli(config, json, s.dir, ['--dry-run'])
  const ours = new Map<string, Ours>()
  for (const b of set.benchmarks) {
    const samples = b.metrics.time?.samples
    const definition = b.parameters?.definition
    if (b.status !== 'ok' || !samples || typeof definition !== 'string') {
      throw new Error(`${b.name}: ${b.status} ${JSON.stringify(b.error ?? '')}`)
    }
    ours.set(definition, { median: median(samples), processes: perProcess(samples, b.notes ?? []) })
  }
  return ours
}

/** Samples are kept in the order the processes took them, an equal share each. */
function perProcess(samples: number[], notes: string[]): number[] {
  const n = Number(/samples taken in (\d+) runner processes/.exec(notes.join('\n'))?.[1] ?? 1)
  const share = Math.floor(samples.length / n)
  if (share * n !== samples.length) return [median(samples)]
  return Array.from({ length: n }, (_, i) => median(samples.slice(i * share, (i + 1) * share)))
}

function report(rebarRuns: Array<Map<string, number>>, ourRuns: Array<Map<string, Ours>>): void {
  const us = (ns: number) => (ns / 1e3).toFixed(2)
  const names = [...rebarRuns[0]!.keys()]
  let within = 0
  console.log(
    `\n${'benchmark'.padEnd(44)} ${'rebar µs'.padStart(9)} ${'(min–max)'.padStart(15)} ${'ours µs'.padStart(9)} ${'(processes)'.padStart(15)} ${'ratio'.padStart(6)}  within 5%`,
  )
  for (const name of names) {
    const placements = rebarRuns.map((r) => r.get(name)!)
    const rebar = median(placements)
    const rounds = ourRuns.map((o) => o.get(name))
    if (rounds.some((o) => o === undefined)) {
      console.log(`${name.padEnd(44)} ${us(rebar).padStart(9)}   not measured by the CLI`)
      continue
    }
    const ours = median(rounds.map((o) => o!.median))
    const procs = rounds.flatMap((o) => o!.processes)
    const ratio = ours / rebar
    const ok = Math.abs(ratio - 1) <= WITHIN
    if (ok) within++
    const range = (xs: number[]) => `${us(Math.min(...xs))}–${us(Math.max(...xs))}`
    console.log(
      `${name.padEnd(44)} ${us(rebar).padStart(9)} ${range(placements).padStart(15)} ${us(ours).padStart(9)} ${range(procs).padStart(15)} ${ratio.toFixed(3).padStart(6)}  ${ok ? 'yes' : 'no'}`,
    )
  }
  console.log(`${within} of ${names.length} benchmarks within 5% of rebar's median over placements`)
}

async function settings(): Promise<Settings> {
  const env = process.env
  let dir = env.BENCH_REBAR_DIR
  if (!dir) {
    const { stdout } = await run('bash', [path.join(root, 'bench', 'rebar', 'prepare.sh')], {
      maxBuffer: 16 << 20,
    })
    dir = stdout.trim().split('\n').at(-1)!
  }
  const limits: string[] = []
  if (env.BENCH_REBAR_MAX_TIME) limits.push('--max-time', env.BENCH_REBAR_MAX_TIME)
  if (env.BENCH_REBAR_MAX_WARMUP_TIME) limits.push('--max-warmup-time', env.BENCH_REBAR_MAX_WARMUP_TIME)
  return { dir, filter: env.BENCH_REBAR_FILTER ?? '^curated/0[1258]', limits }
}

export async function benchRebar(): Promise<void> {
  const s = await settings()
  const rounds = Number(process.env.BENCH_REBAR_ROUNDS ?? 3)
  const paddings = Number(process.env.BENCH_REBAR_PADDINGS ?? 3)
  const random = seeded(Number(process.env.BENCH_REBAR_SEED ?? 1))
  const { stdout: head } = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
  const config = path.join(s.dir, 'benchmarks', `bench-action-${process.pid}.yml`)
  const json = path.join(os.tmpdir(), `bench-rebar-${process.pid}.json`)
  await writeFile(
    config,
    `suite: rebar-agreement
benchmarks:
  - name: regex
    kind: wall-clock
    rebar: { benchmarks: ., filter: ${JSON.stringify(s.filter)}, engines: "^rust/regex$" }
`,
  )
  console.log(
    `\nagreement with rebar measure: ${s.filter}, engine ${ENGINE}; bench-action ${head.trim()}; ` +
      `${rounds} rounds, each ${paddings} rebar placements (padding 0–4 KiB, seeded) then the CLI at its defaults; ` +
      `rebar limits ${s.limits.length ? s.limits.join(' ') : "rebar's defaults"}`,
  )
  const rebarRuns: Array<Map<string, number>> = []
  const ourRuns: Array<Map<string, Ours>> = []
  try {
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < paddings; k++) {
        const padding = Math.floor(random() * 4097)
        const start = Date.now()
        rebarRuns.push(await rebarMeasure(s, padding))
        console.log(
          `  round ${r + 1}: rebar, padding ${padding} bytes (${((Date.now() - start) / 1e3).toFixed(0)} s)`,
        )
      }
      const start = Date.now()
      ourRuns.push(await ourMeasure(s, config, json))
      console.log(`  round ${r + 1}: bench-action (${((Date.now() - start) / 1e3).toFixed(0)} s)`)
    }
  } finally {
    await rm(config, { force: true })
    await rm(json, { force: true })
  }
  report(rebarRuns, ourRuns)
}
