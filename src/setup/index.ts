// Toolchains the benchmark kinds need: valgrind for the instructions kind, Rust for harnesses and
// programs built with cargo, Zig for programs built with zig. `bench-action setup valgrind rust` installs
// them on a laptop; in GitHub Actions the action installs what the config needs before measuring.
// Which tools a suite needs (toolsNeeded), and each made available in turn (runSetup) by its module.
import path from 'node:path'
import { KNOWN_TOOLS } from './known.ts'
import { ensureRust } from './rust.ts'
import { type AptState, SetupError, type ToolName, type ToolOptions, type ToolStatus } from './system.ts'
import { ensureValgrind } from './valgrind.ts'
import { ensureZig } from './zig.ts'

export { KNOWN_TOOLS } from './known.ts'
export { ensureRust } from './rust.ts'
export { findToolchainFile, parseToolchainFile, type ToolchainSpec } from './rust-toolchain-file.ts'
export { ensureValgrind, parseValgrindVersion, type ValgrindVersion, valgrindVersion } from './valgrind.ts'
export { DEFAULT_ZIG_VERSION, ensureZig } from './zig.ts'

/** The parts of a config that decide which tools it needs (a normalised Config fits). */
export interface ToolsConfig {
  setup?: readonly { command: readonly string[]; shell?: boolean }[]
  /** With `timed-change: explained-only`, a benchmark's timed changes are counted under valgrind. */
  benchmarks?: readonly { kind: string; timedChange?: string }[]
}

function programName(arg: string): string {
  return path.basename(arg.replaceAll('\\', '/')).replace(/\.exe$/i, '')
}

const RUST_PROGRAMS = new Set(['cargo', 'rustc', 'rustup'])

/** Whether a shell script runs cargo (or rustc, rustup) as a command. */
function scriptRunsRust(script: string): boolean {
  return /(?:^|[\n;&|(]|\b(?:then|do|else|exec|env|time)\s)\s*(?:\S*\/)?(?:cargo|rustc|rustup)(?:\s|$)/.test(
    script,
  )
}

/**
 * The tools a suite needs, in install order: valgrind for the instructions kind and for benchmarks
 * gated `timed-change: explained-only` (their timed changes are counted under it), Rust when a setup
 * step runs cargo (or rustc, rustup), Zig when a setup step's program is zig.
 */
export function toolsNeeded(kinds: readonly string[], config?: ToolsConfig): ToolName[] {
  const needed = new Set<ToolName>()
  if (kinds.includes('instructions')) needed.add('valgrind')
  if (config?.benchmarks?.some((b) => b.timedChange === 'explained-only')) needed.add('valgrind')
  for (const step of config?.setup ?? []) {
    const [program, flag, script] = step.command
    if (program && programName(program) === 'zig') needed.add('zig')
    if (program && RUST_PROGRAMS.has(programName(program))) needed.add('rust')
    else if ((step.shell || flag === '-c') && script && scriptRunsRust(script)) needed.add('rust')
  }
  return KNOWN_TOOLS.filter((t) => needed.has(t))
}

export interface SetupOptions extends Omit<ToolOptions, 'apt'> {
  /** The project directory: the Rust toolchain file is looked up from here. */
  cwd: string
  /** A Rust toolchain that overrides rust-toolchain.toml. */
  toolchain?: string
  /** A `ziglang` version on PyPI; the pinned default when absent. */
  zigVersion?: string
}

/** `bench-action setup [valgrind] [rust] [zig]`: makes each named tool available, in the order given. */
export async function runSetup(tools: readonly string[], opts: SetupOptions): Promise<ToolStatus[]> {
  const wanted: ToolName[] = []
  for (const raw of tools) {
    const name = raw.trim().toLowerCase()
    if (!(KNOWN_TOOLS as readonly string[]).includes(name))
      throw new SetupError(`unknown tool "${raw}": bench-action can set up ${KNOWN_TOOLS.join(', ')}`)
    if (!wanted.includes(name as ToolName)) wanted.push(name as ToolName)
  }
  const apt: AptState = { updated: false }
  const common = {
    run: opts.run,
    env: opts.env,
    log: opts.log,
    uid: opts.uid,
    platform: opts.platform,
    apt,
  }
  const statuses: ToolStatus[] = []
  for (const tool of wanted) {
    if (tool === 'valgrind') statuses.push(await ensureValgrind(common))
    else if (tool === 'zig')
      statuses.push(
        await ensureZig({
          run: opts.run,
          env: opts.env,
          log: opts.log,
          platform: opts.platform,
          version: opts.zigVersion,
        }),
      )
    else statuses.push(await ensureRust({ ...common, cwd: opts.cwd, toolchain: opts.toolchain }))
  }
  return statuses
}

/** One line per tool for the terminal: "valgrind 3.22.0 (/usr/bin/valgrind, installed)". */
export function describeStatus(status: ToolStatus): string {
  const toolchain = status.toolchain ? `, toolchain ${status.toolchain}` : ''
  return `${status.tool} ${status.version} (${status.path}${toolchain}${status.installed ? ', installed' : ''})`
}
