// What every tool's setup shares: running a command (an argv list, without a shell, through a
// CommandRunner: the command module's runCommand by default, a parameter only so that the I/O stays at
// the edge), finding an executable on PATH, installing packages with apt-get (or naming the command of
// another package manager), and the error a user can act on.
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import { UserError } from '../errors.ts'
import {
  type CommandOptions,
  type CommandResult,
  runCommand,
  outputTail as tailOf,
} from '../system/command.ts'

export type ToolName = 'valgrind' | 'rust' | 'zig'

export interface ToolStatus {
  tool: ToolName
  /** e.g. "3.22.0" for valgrind, "1.95.0" or "1.97.0-nightly" for Rust (rustc's version). */
  version: string
  /** The executable that runs: valgrind, or cargo for Rust. */
  path: string
  /** True when this call installed the tool (or a toolchain, component or target of it). */
  installed: boolean
  /** Rust only: the toolchain used (a channel such as "stable" or "1.78.0"), when one was named. */
  toolchain?: string
}

/** An error the user can act on: one clear message; the CLI exits with code 3. */
export class SetupError extends UserError {
  override name = 'SetupError'
  readonly exitCode = 3
  /** The file the problem is in, when there is one (a malformed rust-toolchain.toml). */
  readonly file: string | undefined
  readonly line: number | undefined

  constructor(message: string, where?: { file: string; line?: number }) {
    super(message)
    this.file = where?.file
    this.line = where?.line
  }
}

// ---------------------------------------------------------------------------------------------------
// Running commands

export type RunOptions = Pick<CommandOptions, 'cwd' | 'env' | 'timeoutMs'>

/**
 * What setup reads of a command's result (a CommandResult): its exit code (127 when the program does
 * not exist, 126 when it cannot be started) and output, and why bench-action stopped it, if it did.
 */
export type RunResult = Pick<CommandResult, 'code' | 'stdout' | 'stderr'> & Partial<CommandResult>

export type CommandRunner = (argv: string[], opts?: RunOptions) => Promise<RunResult>

/**
 * Runs argv (no shell). The program is looked up on `opts.env.PATH`; it gets `opts.env` less the
 * action's own variables. No timeout unless asked: installs can be slow.
 */
export const defaultRunner: CommandRunner = (argv, opts = {}) => runCommand(argv, opts)

/** The end of a command's output for an error message: its last lines (stderr, else stdout), and why it was stopped. */
export function outputTail(result: RunResult, lines = 6): string {
  const tail = tailOf(result.stderr.trim() ? result.stderr : result.stdout, { lines })
  return [tail, result.error].filter((line) => line).join('\n')
}

function pathVariable(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  if (platform !== 'win32') return env.PATH ?? ''
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH')
  return key ? (env[key] ?? '') : ''
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false
    await access(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The absolute path `name` resolves to on env.PATH, or undefined when it is not there. */
export async function findExecutable(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  if (name.includes('/') || (platform === 'win32' && name.includes('\\')))
    return (await isExecutableFile(name)) ? path.resolve(name) : undefined
  const separator = platform === 'win32' ? ';' : ':'
  const extensions =
    platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : ['']
  for (const dir of pathVariable(env, platform).split(separator)) {
    if (dir === '') continue
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext)
      if (await isExecutableFile(candidate)) return path.resolve(candidate)
    }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------
// Installing with the system's package manager

/** Shared by the tools set up in one run, so `apt-get update` runs at most once. */
export interface AptState {
  updated: boolean
}

export interface InstallContext {
  run: CommandRunner
  env: NodeJS.ProcessEnv
  log: (line: string) => void
  /** The effective user id: 0 runs apt-get directly, anything else through `sudo -n`. */
  uid: number | undefined
  apt: AptState
}

export function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined
}

/** "sudo " when the manual command needs it (not root), else "". */
export function sudoHint(uid: number | undefined): string {
  return uid === 0 ? '' : 'sudo '
}

/** The argv prefix that runs a command as root: none for root, `sudo -n` otherwise. */
async function rootPrefix(ctx: InstallContext, manual: string): Promise<string[]> {
  if (ctx.uid === 0) return []
  if (await findExecutable('sudo', ctx.env)) return ['sudo', '-n']
  throw new SetupError(
    `installing needs root, and sudo is not available here: run \`${manual}\` as root, then run again`,
  )
}

function aptFailure(argv: string[], result: RunResult, manual: string): SetupError {
  const tail = outputTail(result)
  if (argv[0] === 'sudo' && /password is required|terminal is required|askpass/i.test(result.stderr))
    return new SetupError(
      `sudo needs a password here, so bench-action cannot install on its own: run \`${manual}\` yourself, then run again`,
    )
  return new SetupError(
    `\`${argv.join(' ')}\` failed (exit ${result.code})${tail ? `:\n${tail}` : ''}\n` +
      `Install by hand with \`${manual}\`, then run again.`,
  )
}

async function aptGet(args: string[], ctx: InstallContext, manual: string): Promise<void> {
  const prefix = await rootPrefix(ctx, manual)
  // sudo resets the environment; VAR=value after its options is how it passes one through.
  const argv = [
    ...prefix,
    ...(prefix.length > 0 ? ['DEBIAN_FRONTEND=noninteractive'] : []),
    'apt-get',
    ...args,
  ]
  ctx.log(`$ ${argv.join(' ')}`)
  const result = await ctx.run(argv, { env: { ...ctx.env, DEBIAN_FRONTEND: 'noninteractive' } })
  if (result.code !== 0) throw aptFailure(argv, result, manual)
}

/** `apt-get update`, at most once per AptState. `manual` is the command to suggest on failure. */
export async function aptUpdate(ctx: InstallContext, manual: string): Promise<void> {
  if (ctx.apt.updated) return
  await aptGet(['update'], ctx, manual)
  ctx.apt.updated = true
}

/** `apt-get update` (once) then `apt-get install -y --no-install-recommends PACKAGES`. */
export async function aptInstall(packages: string[], ctx: InstallContext): Promise<void> {
  const manual = `${sudoHint(ctx.uid)}apt-get install -y ${packages.join(' ')}`
  await aptUpdate(ctx, manual)
  await aptGet(['install', '-y', '--no-install-recommends', ...packages], ctx, manual)
}

/** Candidate versions apt would install, from `apt-cache policy`; packages without one are absent. */
export function parseAptPolicy(text: string): Map<string, string> {
  const candidates = new Map<string, string>()
  let current: string | undefined
  for (const line of text.split(/\r?\n/)) {
    const header = /^(\S+):\s*$/.exec(line)
    if (header) {
      current = header[1]!.replace(/:[a-z0-9]+$/, '')
      continue
    }
    const candidate = /^\s+Candidate:\s*(\S+)/.exec(line)
    if (current && candidate && candidate[1] !== '(none)') candidates.set(current, candidate[1]!)
  }
  return candidates
}

const OTHER_PACKAGE_MANAGERS: readonly { exe: string; install: (pkg: string) => string }[] = [
  { exe: 'dnf', install: (pkg) => `dnf install -y ${pkg}` },
  { exe: 'yum', install: (pkg) => `yum install -y ${pkg}` },
  { exe: 'apk', install: (pkg) => `apk add ${pkg}` },
  { exe: 'pacman', install: (pkg) => `pacman -S --needed --noconfirm ${pkg}` },
  { exe: 'zypper', install: (pkg) => `zypper --non-interactive install ${pkg}` },
]

/**
 * The exact install command for a system without apt-get, when its package manager is recognisable
 * (dnf, yum, apk, pacman, zypper). Never runs it: those systems differ too much to do it unattended.
 */
export async function otherPackageManagerCommand(
  pkg: string,
  env: NodeJS.ProcessEnv,
  uid: number | undefined,
): Promise<{ manager: string; command: string } | undefined> {
  for (const manager of OTHER_PACKAGE_MANAGERS) {
    if (await findExecutable(manager.exe, env))
      return { manager: manager.exe, command: `${sudoHint(uid)}${manager.install(pkg)}` }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------
// Which tools a config needs, and `bench-action setup`

/** What every tool's setup takes: where commands run and go, and who runs them. */
export interface ToolOptions {
  run?: CommandRunner
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
  platform?: NodeJS.Platform
  /** The effective user id; decides whether apt-get runs through `sudo -n`. Defaults to the process's. */
  uid?: number
  /** Shared between tools set up in one run, so `apt-get update` runs once. */
  apt?: AptState
}
