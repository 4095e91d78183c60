// Rust for harnesses and programs built with cargo. The toolchain is the one asked for, else the one
// the project pins (rust-toolchain.toml, or the legacy rust-toolchain file), else whatever cargo is
// on PATH. With rustup, a missing pinned toolchain is installed with the minimal profile; without
// rustup or cargo, rustup comes from apt when the distribution packages it.
import path from 'node:path'
import { type Pin, resolvePin } from './rust-toolchain-file.ts'
import {
  type AptState,
  aptInstall,
  aptUpdate,
  type CommandRunner,
  currentUid,
  defaultRunner,
  findExecutable,
  type InstallContext,
  otherPackageManagerCommand,
  outputTail,
  parseAptPolicy,
  SetupError,
  sudoHint,
  type ToolOptions,
  type ToolStatus,
} from './system.ts'

export interface RustOptions extends ToolOptions {
  /** The project directory: rust-toolchain.toml is looked up from here to the git root. */
  cwd: string
  /** A toolchain that overrides the project's (a channel: stable, beta, nightly, 1.78.0, nightly-2024-05-01). */
  toolchain?: string
}

// ---------------------------------------------------------------------------------------------------
// rustup

/** Whether `rest` is a target triple such as x86_64-unknown-linux-gnu (not a nightly date). */
function isTriple(rest: string): boolean {
  return /^[a-z][a-z0-9_.]*(?:-[a-z0-9_.]+){1,3}$/.test(rest)
}

/** Whether an installed name ("stable-x86_64-unknown-linux-gnu") is `wanted` ("stable") for some host. */
export function nameMatches(installed: string, wanted: string): boolean {
  if (installed === wanted) return true
  return installed.startsWith(`${wanted}-`) && isTriple(installed.slice(wanted.length + 1))
}

interface ToolchainList {
  names: string[]
  hasDefault: boolean
}

/** `rustup toolchain list`: "stable-x86_64-unknown-linux-gnu (active, default)" per line. */
export function parseToolchainList(text: string): ToolchainList {
  const names: string[] = []
  let hasDefault = false
  for (const line of text.split(/\r?\n/)) {
    const m = /^(\S+)(.*)$/.exec(line.trim())
    if (!m || /^no installed toolchains/i.test(line.trim())) continue
    names.push(m[1]!)
    if (/\(([^)]*\b)?default\b/.test(m[2]!)) hasDefault = true
  }
  return { names, hasDefault }
}

/** "rustc 1.95.0 (59807616e 2026-04-14)" → "1.95.0"; "rustc 1.97.0-nightly (…)" → "1.97.0-nightly". */
export function parseRustVersion(text: string, program: 'rustc' | 'cargo'): string | undefined {
  return new RegExp(`^${program}\\s+(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.]+)?)`, 'm').exec(text)?.[1]
}

/** Whether a rustc version is what a channel asks for; used only to warn when nothing can install it. */
function channelMatches(channel: string, version: string): boolean {
  const base = channel.replace(/-\d{4}-\d{2}-\d{2}$/, '')
  if (base === 'stable') return !version.includes('-')
  if (base === 'beta' || base === 'nightly') return version.includes(`-${base}`)
  if (/^\d+\.\d+$/.test(base)) return version.startsWith(`${base}.`)
  if (/^\d+\.\d+\.\d+$/.test(base)) return version === base || version.startsWith(`${base}-`)
  return true
}

interface Context {
  run: CommandRunner
  env: NodeJS.ProcessEnv
  log: (line: string) => void
  cwd: string
  platform: NodeJS.Platform
  uid: number | undefined
  apt: AptState
}

async function runOrFail(ctx: Context, argv: string[], what: string, quiet = false): Promise<string> {
  if (!quiet) ctx.log(`$ ${argv.join(' ')}`)
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd })
  if (result.code !== 0) {
    const tail = outputTail(result)
    throw new SetupError(
      `${what}: \`${argv.join(' ')}\` failed (exit ${result.code})${tail ? `:\n${tail}` : ''}`,
    )
  }
  return result.stdout
}

async function query(ctx: Context, argv: string[]): Promise<string | undefined> {
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 120_000 })
  return result.code === 0 ? result.stdout : undefined
}

interface Versions {
  version: string
  path: string
}

/** cargo and rustc versions, with `+channel` when rustup selects the toolchain. */
async function detectVersions(ctx: Context, plus: string | undefined, pin: Pin): Promise<Versions> {
  const select = plus ? [`+${plus}`] : []
  const probe = async (program: 'rustc' | 'cargo') => {
    const argv = [program, ...select, '--version']
    const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 120_000 })
    if (result.code === 127)
      throw new SetupError(
        `${program} is not on PATH${plus ? ` (toolchain ${plus} is installed)` : ''}: add rustup's bin directory ` +
          '(usually ~/.cargo/bin) to PATH, then run again',
      )
    if (result.code !== 0) {
      const tail = outputTail(result)
      throw new SetupError(
        `\`${argv.join(' ')}\` failed (exit ${result.code}) for ${pin.source}${tail ? `:\n${tail}` : ''}`,
      )
    }
    const version = parseRustVersion(result.stdout, program)
    if (!version)
      throw new SetupError(
        `\`${argv.join(' ')}\` printed ${JSON.stringify(result.stdout.trim().slice(0, 200))}, expected "${program} X.Y.Z (…)"`,
      )
    return version
  }
  const rustc = await probe('rustc')
  await probe('cargo')
  return { version: rustc, path: (await findExecutable('cargo', ctx.env, ctx.platform)) ?? 'cargo' }
}

/** Installs the pinned toolchain (and its components and targets) with rustup when it is missing. */
async function withRustup(ctx: Context, pin: Pin, justInstalled: boolean): Promise<ToolStatus> {
  // Only a list that was read can say a toolchain or the default is missing.
  const list = justInstalled
    ? parseToolchainList((await query(ctx, ['rustup', 'toolchain', 'list'])) ?? '')
    : parseToolchainList(
        await runOrFail(ctx, ['rustup', 'toolchain', 'list'], 'cannot list Rust toolchains', true),
      )
  let installed = justInstalled
  let channel = pin.channel
  if (!channel && !pin.path && !list.hasDefault) {
    // Nothing pinned and no default toolchain: cargo would refuse to run.
    channel = 'stable'
    ctx.log('rustup has no default toolchain: using stable')
  }

  if (channel && !pin.path) {
    const profile = pin.profile ?? 'minimal'
    if (!list.names.some((n) => nameMatches(n, channel))) {
      ctx.log(`Rust toolchain ${channel} (from ${pin.source}) is not installed: installing it`)
      await runOrFail(
        ctx,
        [
          'rustup',
          'toolchain',
          'install',
          channel,
          '--profile',
          profile,
          '--no-self-update',
          ...pin.components.flatMap((c) => ['--component', c]),
          ...pin.targets.flatMap((t) => ['--target', t]),
        ],
        `cannot install Rust toolchain ${channel}`,
      )
      installed = true
    } else {
      installed = (await addMissing(ctx, channel, pin)) || installed
    }
    const ci = ctx.env.GITHUB_ACTIONS === 'true'
    if (!list.hasDefault || (ci && pin.explicit)) {
      await runOrFail(ctx, ['rustup', 'default', channel], `cannot make ${channel} the default toolchain`)
    }
  }

  const { version, path: where } = await detectVersions(ctx, pin.path ? undefined : channel, pin)
  ctx.log(`Rust ${version}${channel ? ` (toolchain ${channel})` : ''}: cargo at ${where}`)
  const status: ToolStatus = { tool: 'rust', version, path: where, installed }
  if (channel) status.toolchain = channel
  return status
}

/** Adds the components and targets an installed toolchain lacks; true when it added any. */
async function addMissing(ctx: Context, channel: string, pin: Pin): Promise<boolean> {
  let added = false
  if (pin.components.length > 0) {
    const listed = await query(ctx, ['rustup', 'component', 'list', '--installed', '--toolchain', channel])
    const have = (listed ?? '').split(/\r?\n/).map((l) => l.trim())
    const missing = pin.components.filter(
      (c) => listed === undefined || !have.some((h) => nameMatches(h, c.replace(/-preview$/, ''))),
    )
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ['rustup', 'component', 'add', '--toolchain', channel, ...missing],
        `cannot add components to ${channel}`,
      )
      added = true
    }
  }
  if (pin.targets.length > 0) {
    const listed = await query(ctx, ['rustup', 'target', 'list', '--installed', '--toolchain', channel])
    const have = new Set((listed ?? '').split(/\r?\n/).map((l) => l.trim()))
    const missing = pin.targets.filter((t) => listed === undefined || !have.has(t))
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ['rustup', 'target', 'add', '--toolchain', channel, ...missing],
        `cannot add targets to ${channel}`,
      )
      added = true
    }
  }
  return added
}

/** A cargo without rustup: use it as it is, and say so when it is not the pinned toolchain. */
async function withoutRustup(ctx: Context, pin: Pin): Promise<ToolStatus> {
  const { version, path: where } = await detectVersions(ctx, undefined, pin)
  if (pin.channel && !channelMatches(pin.channel, version))
    ctx.log(
      `warning: ${pin.source} asks for Rust ${pin.channel}, but rustup is not installed, so the cargo on PATH ` +
        `(Rust ${version}) is used`,
    )
  if (pin.components.length + pin.targets.length > 0)
    ctx.log(`warning: without rustup the components and targets named in ${pin.source} are not checked`)
  ctx.log(`Rust ${version}: cargo at ${where}`)
  const status: ToolStatus = { tool: 'rust', version, path: where, installed: false }
  if (pin.channel) status.toolchain = pin.channel
  return status
}

function howToGetRust(ctx: Context, channel: string, packaged?: string): string {
  const ways: string[] = []
  if (ctx.platform === 'darwin') ways.push(`\`brew install rustup\`, then \`rustup default ${channel}\``)
  else if (ctx.platform === 'win32') ways.push('`winget install Rustlang.Rustup`')
  if (packaged) ways.push(packaged)
  ways.push('rustup from https://rustup.rs')
  return (
    `Install Rust with ${ways.join('; or ')}. In a GitHub Actions workflow, add ` +
    `\`- uses: dtolnay/rust-toolchain@${/^[\w.-]+$/.test(channel) ? channel : 'stable'}\` before bench-action.`
  )
}

/** Neither cargo nor rustup: rustup from apt when the distribution packages it, else how to get it. */
async function installRustup(ctx: Context, pin: Pin): Promise<ToolStatus> {
  const channel = pin.channel ?? 'stable'
  const missing = 'neither cargo nor rustup is installed'
  if (ctx.platform !== 'linux') throw new SetupError(`${missing}. ${howToGetRust(ctx, channel)}`)

  if (!(await findExecutable('apt-get', ctx.env, ctx.platform))) {
    const other = await otherPackageManagerCommand('rustup', ctx.env, ctx.uid)
    throw new SetupError(
      `${missing}. ${howToGetRust(ctx, channel, other ? `\`${other.command}\` (${other.manager})` : undefined)}`,
    )
  }

  const install: InstallContext = { run: ctx.run, env: ctx.env, log: ctx.log, uid: ctx.uid, apt: ctx.apt }
  const policy = async () => {
    const out = await query(ctx, ['apt-cache', 'policy', 'rustup', 'cargo'])
    return parseAptPolicy(out ?? '')
  }
  let candidates = await policy()
  if (!candidates.has('rustup') && !candidates.has('cargo') && !ctx.apt.updated) {
    // Empty or stale package lists (a fresh container) know neither: refresh them once and look again.
    await aptUpdate(install, `${sudoHint(ctx.uid)}apt-get update`)
    candidates = await policy()
  }

  if (candidates.has('rustup')) {
    ctx.log(`${missing}: installing rustup ${candidates.get('rustup')} with apt-get`)
    await aptInstall(['rustup'], install)
    if (!(await findExecutable('rustup', ctx.env, ctx.platform)))
      throw new SetupError(
        'apt-get installed rustup, but `rustup` is not on PATH: check PATH, then run again',
      )
    return withRustup(ctx, { ...pin, channel }, true)
  }

  const cargo = candidates.get('cargo')
  throw new SetupError(
    `${missing}, and apt has no rustup package here. ${howToGetRust(
      ctx,
      channel,
      cargo
        ? `the distribution's cargo (${cargo}, usually older than stable): \`${sudoHint(ctx.uid)}apt-get install -y cargo\``
        : undefined,
    )}`,
  )
}

/** Reports the Rust toolchain the project builds with, installing what is missing where it can. */
export async function ensureRust(opts: RustOptions): Promise<ToolStatus> {
  const env = opts.env ?? process.env
  const ctx: Context = {
    run: opts.run ?? defaultRunner,
    env,
    log: opts.log ?? (() => {}),
    cwd: path.resolve(opts.cwd),
    platform: opts.platform ?? process.platform,
    uid: opts.uid ?? currentUid(),
    apt: opts.apt ?? { updated: false },
  }
  const pin = await resolvePin(opts, env, ctx.log)
  if (pin.channel) ctx.log(`Rust toolchain ${pin.channel} from ${pin.source}`)
  if (await findExecutable('rustup', env, ctx.platform)) return withRustup(ctx, pin, false)
  if (await findExecutable('cargo', env, ctx.platform)) return withoutRustup(ctx, pin)
  return installRustup(ctx, pin)
}
