// Valgrind for the instructions kind: use the one installed, else install it with apt-get (the way
// GitHub's Ubuntu runners get it: it is not part of the runner image). Instruction counts depend on
// the valgrind version, so the version found is reported and stored with every result.
import {
  aptInstall,
  type CommandRunner,
  currentUid,
  defaultRunner,
  findExecutable,
  type InstallContext,
  otherPackageManagerCommand,
  outputTail,
  SetupError,
  sudoHint,
  type ToolOptions,
  type ToolStatus,
} from './system.ts'

export type ValgrindOptions = ToolOptions

const VERSION_TIMEOUT_MS = 60_000

/** "valgrind-3.19.0" → "3.19.0"; also "valgrind-3.23.0.GIT", "valgrind-3.18.1-ubuntu". */
export function parseValgrindVersion(text: string): string | undefined {
  return /\bvalgrind-(\d+\.\d+(?:\.\d+)?(?:[.-][0-9A-Za-z.+~-]*)?)/.exec(text)?.[1]
}

function isOlderThan(version: string, major: number, minor: number): boolean {
  const [a, b] = version.split('.').map((n) => Number.parseInt(n, 10))
  return a! < major || (a === major && b! < minor)
}

function unsupportedPlatform(platform: NodeJS.Platform): SetupError | undefined {
  if (platform === 'darwin')
    return new SetupError(
      'valgrind does not run on macOS: recent macOS versions are not supported by valgrind. ' +
        'Measure instructions benchmarks on Linux (a Linux CI runner, or a container such as ' +
        '`docker run --rm -it -v "$PWD":/src -w /src ubuntu:24.04`), ' +
        'or use the process kind to time benchmarks on this machine.',
    )
  if (platform === 'win32')
    return new SetupError(
      'valgrind does not run on Windows. Measure instructions benchmarks on Linux ' +
        '(WSL, a Linux container or a Linux CI runner), or use the process kind to time benchmarks here.',
    )
  return undefined
}

export interface ValgrindVersion {
  /** What `valgrind --version` printed, trimmed ("valgrind-3.22.0"): the valgrind of a result's environment. */
  text: string
  /** The version in it ("3.22.0"); undefined when the text names none. */
  version: string | undefined
  /** The executable that answered. */
  path: string
}

/**
 * The valgrind on env's PATH, as `valgrind --version` says: undefined when there is none. A valgrind
 * that is there but fails to answer is a SetupError with its output.
 */
export async function valgrindVersion(
  env: NodeJS.ProcessEnv = process.env,
  run: CommandRunner = defaultRunner,
): Promise<ValgrindVersion | undefined> {
  const result = await run(['valgrind', '--version'], { env, timeoutMs: VERSION_TIMEOUT_MS })
  if (result.code === 127) return undefined
  const where = (await findExecutable('valgrind', env)) ?? 'valgrind'
  if (result.code !== 0) {
    const tail = outputTail(result)
    throw new SetupError(
      `${where} is installed but \`valgrind --version\` failed (exit ${result.code})${tail ? `:\n${tail}` : ''}`,
    )
  }
  const version = parseValgrindVersion(result.stdout) ?? parseValgrindVersion(result.stderr)
  return { text: (result.stdout || result.stderr).trim(), version, path: where }
}

interface Found {
  version: string
  path: string
}

/** The valgrind on PATH, or undefined when there is none. A valgrind that is there but broken is an error. */
async function detect(run: CommandRunner, env: NodeJS.ProcessEnv): Promise<Found | undefined> {
  const found = await valgrindVersion(env, run)
  if (!found) return undefined
  if (!found.version)
    throw new SetupError(
      `${found.path} is not a valgrind this can use: \`valgrind --version\` printed ${JSON.stringify(
        found.text.slice(0, 200),
      )}, expected "valgrind-X.Y.Z"`,
    )
  return { version: found.version, path: found.path }
}

function warnIfOld(found: Found, log: (line: string) => void): void {
  if (isOlderThan(found.version, 3, 19))
    log(
      `warning: valgrind ${found.version} misreads DWARF 5 debug info (the default of clang 14 and later); ` +
        'compile benchmarks with -gdwarf-4, or use valgrind 3.19 or later (ubuntu-24.04 ships 3.22)',
    )
}

/** Reports the installed valgrind, or installs it with apt-get and reports that. */
export async function ensureValgrind(opts: ValgrindOptions = {}): Promise<ToolStatus> {
  const run = opts.run ?? defaultRunner
  const env = opts.env ?? process.env
  const log = opts.log ?? (() => {})
  const platform = opts.platform ?? process.platform
  const uid = opts.uid ?? currentUid()

  const unsupported = unsupportedPlatform(platform)
  if (unsupported) throw unsupported

  const existing = await detect(run, env)
  if (existing) {
    log(`valgrind ${existing.version} found at ${existing.path}`)
    warnIfOld(existing, log)
    return { tool: 'valgrind', version: existing.version, path: existing.path, installed: false }
  }

  if (platform !== 'linux')
    throw new SetupError(
      `valgrind is not installed: install it with the system's package manager (on FreeBSD: \`${sudoHint(uid)}pkg install -y valgrind\`), then run again`,
    )

  if (!(await findExecutable('apt-get', env))) {
    const other = await otherPackageManagerCommand('valgrind', env, uid)
    throw new SetupError(
      other
        ? `valgrind is not installed, and this system uses ${other.manager}, not apt-get: install it with \`${other.command}\`, then run again`
        : "valgrind is not installed, and apt-get is not available: install valgrind with the distribution's package manager (the package is called valgrind), then run again",
    )
  }

  log('valgrind is not installed: installing it with apt-get')
  const ctx: InstallContext = { run, env, log, uid, apt: opts.apt ?? { updated: false } }
  await aptInstall(['valgrind'], ctx)
  const installed = await detect(run, env)
  if (!installed)
    throw new SetupError(
      'apt-get installed valgrind, but `valgrind` is still not on PATH: check PATH, or run `apt-get install -y valgrind` by hand',
    )
  log(`valgrind ${installed.version} installed at ${installed.path}`)
  warnIfOld(installed, log)
  return { tool: 'valgrind', version: installed.version, path: installed.path, installed: true }
}
