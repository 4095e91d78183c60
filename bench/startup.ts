// What bench-action costs before it measures anything: the committed bundle's --version and --help
// against `node -e 0`, and `bench-action run` of one /bin/true process benchmark (5 runs) against
// hyperfine timing the same, each pair alternated over several trials on this machine.
//
// Goals: --version and --help within 2× of `node -e 0`; the run within 0.3 s of hyperfine.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { median } from 'simple-statistics'

const root = path.resolve(import.meta.dirname, '..')
const TRIALS = Number(process.env.BENCH_TRIALS ?? 15)
/** The bundle measured: the committed one, or BENCH_CLI (another build, to compare). */
const cli = process.env.BENCH_CLI ?? path.join(root, 'dist/cli.js')

/** Wall milliseconds of one run of `argv`, which must succeed. */
function timed(argv: string[], cwd: string): number {
  const start = process.hrtime.bigint()
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`)
  return ms
}

/** Medians of `a` and `b`, run alternately (a first on even trials) after one untimed run of each. */
function pair(a: string[], b: string[], cwd: string): [number, number] {
  timed(a, cwd)
  timed(b, cwd)
  const as: number[] = []
  const bs: number[] = []
  for (let t = 0; t < TRIALS; t++) {
    if (t % 2 === 0) {
      as.push(timed(a, cwd))
      bs.push(timed(b, cwd))
    } else {
      bs.push(timed(b, cwd))
      as.push(timed(a, cwd))
    }
  }
  return [median(as), median(bs)]
}

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0
}

interface Metafile {
  outputs: Record<string, { bytes: number; imports: Array<{ path: string; kind: string }> }>
}

/** Bytes of the outputs `starts` and everything they import statically: what Node compiles before it runs. */
function staticClosure(meta: Metafile, ...starts: string[]): number {
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const i of meta.outputs[key]!.imports)
      if (i.kind === 'import-statement' && meta.outputs[i.path]) walk(i.path)
  }
  for (const start of starts) walk(start)
  return [...seen].reduce((sum, key) => sum + meta.outputs[key]!.bytes, 0)
}

/** What a fresh build of src/ makes Node load: for the bare CLI (--version, --help), for run, for the action. */
async function loadedBytes(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-build-'))
  try {
    const metafile = path.join(dir, 'meta.json')
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), dir], {
      cwd: root,
      env: { ...process.env, BENCH_ACTION_METAFILE: metafile },
    })
    if (build.status !== 0) throw new Error(`the build failed: ${build.stderr}`)
    const meta = JSON.parse(await readFile(metafile, 'utf8')) as Metafile
    const key = (name: RegExp) => Object.keys(meta.outputs).find((k) => name.test(k))!
    // An entry point first enables the compile cache, then imports the rest of its code: both load.
    const entry = (name: RegExp) => {
      const k = key(name)
      const awaited = meta.outputs[k]!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)
      return [k, ...awaited]
    }
    const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} KB`
    console.log(
      `  loaded before running: --version/--help ${kb(staticClosure(meta, ...entry(/\/cli\.js$/)))}, ` +
        `run ${kb(staticClosure(meta, ...entry(/\/cli\.js$/), key(/chunks\/run-[^/]*\.js$/)))}, ` +
        `the action ${kb(staticClosure(meta, ...entry(/\/index\.js$/)))}`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function benchStartup(): Promise<void> {
  console.log(`\nstart-up of the committed bundle (${TRIALS} trials each, medians, alternated)`)
  // What a fresh build of src/ loads; not said of another bundle (BENCH_CLI).
  if (process.env.BENCH_CLI === undefined) await loadedBytes()
  // BENCH_NODE: another Node to run the bundle (and node -e 0) with, e.g. Node 24 with its compile cache.
  const node = process.env.BENCH_NODE ?? process.execPath
  console.log(`  node ${spawnSync(node, ['--version']).stdout.toString().trim()}`)
  for (const flag of ['--version', '--help']) {
    const [ours, bare] = pair([node, cli, flag], [node, '-e', '0'], root)
    console.log(
      `  bench-action ${flag.padEnd(9)} ${ours.toFixed(0).padStart(5)} ms   node -e 0 ${bare.toFixed(0).padStart(4)} ms   ` +
        `×${(ours / bare).toFixed(2)} (goal ≤ 2)`,
    )
  }
  if (!hasHyperfine()) {
    console.error('  hyperfine is not installed; on Debian or Ubuntu: sudo apt-get install hyperfine')
    process.exitCode = 2
    return
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-action-startup-'))
  try {
    await writeFile(
      path.join(dir, 'bench.yml'),
      'suite: startup\nbenchmarks:\n  - { name: "true", kind: process, command: [/bin/true], runs: 5, warmup: 0 }\n',
    )
    const [ours, theirs] = pair(
      [node, cli, 'run', '--no-save', '--no-install'],
      ['hyperfine', '-N', '--runs', '5', '--warmup', '0', '--style', 'none', '/bin/true'],
      dir,
    )
    console.log(
      `  run of /bin/true, 5 runs: bench-action ${ours.toFixed(0)} ms, hyperfine ${theirs.toFixed(0)} ms, ` +
        `+${((ours - theirs) / 1000).toFixed(2)} s (goal ≤ +0.30 s)`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
