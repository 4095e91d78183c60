// Zig for harnesses and programs built with zig (and C built with `zig cc`). ziglang.org is often not
// reachable from CI machines, but PyPI is: the `ziglang` package ships the whole compiler (the `zig`
// binary and its lib/ directory) inside its wheels. So: use the zig on PATH when it is the version
// wanted, else a compiler unpacked earlier into the tool cache, else download the wheel for this
// platform with `pip download` (no virtualenv, nothing installed into Python), unpack it and keep its
// ziglang/ directory in the tool cache.
//
// The Zig version is pinned by default because the standard library's API changes between minor
// versions.
//
// What is downloaded is verified before it runs (docs/ARCHITECTURE.md#the-trust-boundary): pip takes only a wheel whose sha256 is
// one bench-action pins for that version (zig-digests.ts, `--require-hashes`), the unpacked ziglang/
// tree must match its pinned digests, and a manifest recorded beside it names the wheel it came from.
// A cached Zig is checked against the same digests every time it is used: the tool cache is writable by
// the setup steps and benchmarks of every job on the machine. A version without pinned digests is
// refused.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  type CommandRunner,
  defaultRunner,
  findExecutable,
  outputTail,
  type RunResult,
  SetupError,
  type ToolOptions,
  type ToolStatus,
} from './system.ts'
import { ZIG_DIGESTS, type ZigDigests, type ZigWheelDigest } from './zig-digests.ts'

/** The `ziglang` version on PyPI installed when none is asked for: the newest stable release. */
export const DEFAULT_ZIG_VERSION = '0.17.1'

export interface ZigOptions extends Omit<ToolOptions, 'uid' | 'apt'> {
  /** A `ziglang` version on PyPI (e.g. "0.17.1", "0.17.0.post0"); defaults to DEFAULT_ZIG_VERSION. */
  version?: string
  /** The bench-action cache directory; compilers go in `<cacheDir>/tools/zig/<version>/`. */
  cacheDir?: string
  arch?: NodeJS.Architecture
  /** The digests downloads and cached copies are checked against; ZIG_DIGESTS unless a test pins others. */
  digests?: ZigDigests
}

/** The manifest recorded inside an installed ziglang/ directory (not part of its tree digest). */
export const ZIG_MANIFEST = '.bench-action-manifest.json'

interface ZigManifest {
  schema: 'bench-action/zig'
  version: string
  /** The wheel's platform tags. */
  wheel: string
  wheelSha256: string
  zigSha256: string
  treeSha256: string
}

const VERSION_TIMEOUT_MS = 60_000
const DOWNLOAD_TIMEOUT_MS = 20 * 60_000
const UNPACK_TIMEOUT_MS = 10 * 60_000

/** PyPI versions are plain release numbers, optionally with a packaging suffix (".post0"). */
const PYPI_VERSION = /^\d+(?:\.\d+){1,3}(?:(?:a|b|rc|\.dev|\.post)\d+)?$/

/** The version `zig version` prints for a `ziglang` version: "0.17.0.post0" → "0.17.0". */
export function zigVersionOf(pypiVersion: string): string {
  return pypiVersion.replace(/\.post\d+$/, '')
}

/** The wheel platform tags for a platform and architecture, for when pip's own choice finds none. */
export function wheelPlatformTags(platform: NodeJS.Platform, arch: string): string[] | undefined {
  const tags: Record<string, string[]> = {
    'linux-x64': ['manylinux_2_12_x86_64', 'manylinux2010_x86_64', 'musllinux_1_1_x86_64'],
    'linux-arm64': ['manylinux_2_17_aarch64', 'manylinux2014_aarch64', 'musllinux_1_1_aarch64'],
    'linux-ia32': ['manylinux_2_12_i686', 'manylinux2010_i686', 'musllinux_1_1_i686'],
    'linux-arm': ['manylinux_2_17_armv7l', 'manylinux2014_armv7l', 'musllinux_1_1_armv7l'],
    'linux-ppc64': ['manylinux_2_17_ppc64le', 'manylinux2014_ppc64le', 'musllinux_1_1_ppc64le'],
    'linux-s390x': ['manylinux_2_17_s390x', 'manylinux2014_s390x', 'musllinux_1_1_s390x'],
    'linux-riscv64': ['manylinux_2_31_riscv64', 'musllinux_1_1_riscv64'],
    // pip widens a macOS tag to every older macOS release of the same architecture.
    'darwin-x64': ['macosx_15_0_x86_64'],
    'darwin-arm64': ['macosx_15_0_arm64'],
    'win32-x64': ['win_amd64'],
    'win32-ia32': ['win32'],
    'win32-arm64': ['win_arm64'],
  }
  return tags[`${platform}-${arch}`]
}

/** The directory compilers are cached in: `<cache>/tools/zig`. */
export function zigCacheRoot(env: NodeJS.ProcessEnv, cacheDir?: string): string {
  if (cacheDir) return path.resolve(cacheDir, 'tools', 'zig')
  if (env.BENCH_ACTION_CACHE_DIR) return path.resolve(env.BENCH_ACTION_CACHE_DIR, 'tools', 'zig')
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || env.USERPROFILE || os.homedir(), '.cache')
  return path.resolve(base, 'bench-action', 'tools', 'zig')
}

function exeName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'zig.exe' : 'zig'
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n/)[0]?.trim() ?? ''
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file)
    return true
  } catch {
    return false
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * The digest of a directory tree: the sha256 of `sha256sum`'s lines for every regular file in it (paths
 * relative, `/`-separated, in byte order), without the manifest — what `find . -type f | LC_ALL=C sort |
 * xargs sha256sum | sha256sum` prints inside it. Anything but files and directories (a symlink) is
 * refused: a wheel unpacks to none.
 */
export async function zigTreeDigest(dir: string): Promise<string> {
  const files: string[] = []
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) await walk(name)
      else if (entry.isFile()) {
        if (name !== ZIG_MANIFEST) files.push(name)
      } else throw new Error(`${path.join(dir, name)} is neither a file nor a directory`)
    }
  }
  await walk('')
  files.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  const digests: string[] = new Array(files.length)
  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const i = next++
      digests[i] = await sha256File(path.join(dir, files[i]!))
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  const tree = createHash('sha256')
  for (const [i, file] of files.entries()) tree.update(`${digests[i]}  ${file}\n`)
  return tree.digest('hex')
}

type Verified = { ok: true; pin: ZigWheelDigest; manifest?: ZigManifest } | { ok: false; why: string }

/**
 * Checks an installed ziglang/ directory: its zig and its whole tree must be those of one pinned wheel
 * of the version, and its manifest, when there is one (a version of bench-action before manifests kept
 * none), must name that wheel and those digests.
 */
async function verifyZigDir(
  dir: string,
  exe: string,
  version: string,
  pins: readonly ZigWheelDigest[],
): Promise<Verified> {
  let manifest: ZigManifest | undefined
  try {
    manifest = JSON.parse(await readFile(path.join(dir, ZIG_MANIFEST), 'utf8')) as ZigManifest
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return { ok: false, why: `its manifest ${path.join(dir, ZIG_MANIFEST)} is unreadable` }
  }
  let candidates = pins
  if (manifest) {
    candidates = pins.filter((p) => p.sha256 === manifest.wheelSha256)
    if (manifest.version !== version || candidates.length === 0)
      return { ok: false, why: `its manifest does not name a pinned ziglang ${version} wheel` }
  }
  const zigPath = path.join(dir, exe)
  const zig = await sha256File(zigPath)
  candidates = candidates.filter((p) => p.zig === zig)
  if (candidates.length === 0 || (manifest && manifest.zigSha256 !== zig))
    return {
      ok: false,
      why: `${zigPath} has sha256 ${zig}, not the pinned digest of ziglang ${version}'s zig`,
    }
  const tree = await zigTreeDigest(dir)
  const pin = candidates.find((p) => p.tree === tree)
  if (!pin || (manifest && manifest.treeSha256 !== tree))
    return {
      ok: false,
      why: `the files in ${dir} (tree sha256 ${tree}) are not those of the pinned ziglang ${version} wheel`,
    }
  return { ok: true, pin, ...(manifest ? { manifest } : {}) }
}

function manifestFor(version: string, pin: ZigWheelDigest): ZigManifest {
  return {
    schema: 'bench-action/zig',
    version,
    wheel: pin.wheel,
    wheelSha256: pin.sha256,
    zigSha256: pin.zig,
    treeSha256: pin.tree,
  }
}

async function writeManifest(dir: string, manifest: ZigManifest): Promise<void> {
  await writeFile(path.join(dir, ZIG_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
}

/** A version bench-action has no digests for: refused, naming the input and the versions it knows. */
function unpinnedVersion(version: string, digests: ZigDigests): SetupError {
  const known = Object.keys(digests)
  return new SetupError(
    `Zig ${version} cannot be installed: bench-action runs only a Zig whose sha256 digests it ships, and it has ` +
      `none for ziglang ${version}. Set zig-version (--zig-version) to a version it can verify ` +
      `(${known.join(', ')}), or install Zig ${version} yourself and put it on PATH.`,
  )
}

type Probe = { ok: true; version: string } | { ok: false; missing: boolean; why: string }

/** Runs `<zig> version`. */
async function probe(zig: string, run: CommandRunner, env: NodeJS.ProcessEnv): Promise<Probe> {
  const result = await run([zig, 'version'], { env, timeoutMs: VERSION_TIMEOUT_MS })
  if (result.code === 127) return { ok: false, missing: true, why: 'not found' }
  const version = firstLine(result.stdout)
  if (result.code !== 0 || !/^\d+\.\d+\.\d+/.test(version)) {
    const tail = outputTail(result)
    return {
      ok: false,
      missing: false,
      why: `\`${zig} version\` failed (exit ${result.code})${tail ? `: ${tail}` : ''}`,
    }
  }
  return { ok: true, version }
}

interface Python {
  argv: string[]
}

/** A Python 3 whose pip works: python3, else python (the usual name on Windows). */
async function findPython(run: CommandRunner, env: NodeJS.ProcessEnv): Promise<Python> {
  let pipless: { exe: string; result: RunResult } | undefined
  for (const exe of ['python3', 'python']) {
    const result = await run([exe, '-m', 'pip', '--version'], { env, timeoutMs: VERSION_TIMEOUT_MS })
    if (result.code === 0 && /python 3\./i.test(result.stdout)) return { argv: [exe] }
    if (result.code !== 127 && !pipless) pipless = { exe, result }
  }
  if (pipless) {
    const tail = outputTail(pipless.result, 2)
    throw new SetupError(
      `Zig is downloaded from PyPI with pip, but \`${pipless.exe} -m pip\` does not work${tail ? ` (${tail})` : ''}: ` +
        'install pip (`apt-get install -y python3-pip`, or `python3 -m ensurepip --user`), then run again',
    )
  }
  throw new SetupError(
    'Zig is downloaded from PyPI with pip, and neither python3 nor python is on PATH: ' +
      'install Python 3 with pip (`apt-get install -y python3-pip`), then run again',
  )
}

/** The versions pip saw, from "Could not find a version that satisfies … (from versions: …)". */
function versionsSeen(result: RunResult): string[] | undefined {
  const match = /\(from versions: ([^)]*)\)/.exec(`${result.stderr}\n${result.stdout}`)
  if (!match) return undefined
  return match[1]!
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '' && v !== 'none' && v !== '0.0.0')
}

function noMatch(result: RunResult): boolean {
  return /No matching distribution found|Could not find a version that satisfies/i.test(
    `${result.stderr}\n${result.stdout}`,
  )
}

interface Target {
  platform: NodeJS.Platform
  arch: string
}

function hashMismatch(result: RunResult): boolean {
  return /DO NOT MATCH THE HASHES/i.test(`${result.stderr}\n${result.stdout}`)
}

/**
 * `pip download` the wheel into dest, accepting only a file with one of the pinned digests (a
 * requirements file with `--hash` for each, and `--require-hashes`); returns the wheel's path.
 */
async function downloadWheel(
  python: Python,
  version: string,
  pins: readonly ZigWheelDigest[],
  dest: string,
  target: Target,
  ctx: { run: CommandRunner; env: NodeJS.ProcessEnv; log: (line: string) => void },
): Promise<string> {
  const requirements = path.join(path.dirname(dest), 'requirements.txt')
  await writeFile(
    requirements,
    `ziglang==${version} ${pins.map((p) => `--hash=sha256:${p.sha256}`).join(' ')}\n`,
  )
  ctx.log(`ziglang==${version}, one of ${pins.length} pinned sha256 digests (${requirements})`)
  const base = [
    ...python.argv,
    '-m',
    'pip',
    'download',
    '--require-hashes',
    '--no-deps',
    '--only-binary=:all:',
    '--dest',
    dest,
    '-r',
    requirements,
  ]
  const env = { ...ctx.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' }
  const tags = wheelPlatformTags(target.platform, target.arch)
  const native = target.platform === process.platform && target.arch === process.arch
  const attempts: string[][] = []
  // pip's own choice reflects this machine best (its libc, its macOS release); explicit tags cover a
  // Python whose platform differs from the one asked for.
  if (native) attempts.push(base)
  if (tags) attempts.push([...base, ...tags.flatMap((t) => ['--platform', t])])
  const where = `${target.platform}-${target.arch}`
  if (attempts.length === 0)
    throw new SetupError(`no Zig wheel for ${where}: PyPI's ziglang package has none for this platform`)

  let last: RunResult | undefined
  for (const argv of attempts) {
    ctx.log(`$ ${argv.join(' ')}`)
    const result = await ctx.run(argv, { env, timeoutMs: DOWNLOAD_TIMEOUT_MS })
    if (result.code === 0) {
      const wheels = (await readdir(dest)).filter((f) => /^ziglang-.*\.whl$/i.test(f))
      if (wheels.length === 1) return path.join(dest, wheels[0]!)
      throw new SetupError(
        `\`pip download ziglang==${version}\` succeeded but left ${wheels.length} wheels in ${dest}, expected one`,
      )
    }
    last = result
    if (!noMatch(result)) break
  }
  throw downloadFailure(last!, version, where)
}

/** Why `pip download` found no wheel to take, in words: a digest that differs, no wheel, or pip's failure. */
function downloadFailure(result: RunResult, version: string, where: string): SetupError {
  if (hashMismatch(result)) {
    const output = `${result.stderr}\n${result.stdout}`
    const said = output
      .split('\n')
      .find((l) => /DO NOT MATCH THE HASHES/i.test(l))
      ?.trim()
    const got = /\bGot\s+([0-9a-f]{64})\b/.exec(output)?.[1]
    return new SetupError(
      `the ziglang ${version} wheel the package index served${got ? ` has sha256 ${got}, which` : ''} does not match ` +
        `the sha256 digests bench-action pins for it, so it was not installed (pip: ${JSON.stringify(said)}).\n` +
        "Check the package index configured for pip (PIP_INDEX_URL, pip.conf): it must serve PyPI's files unchanged.",
    )
  }
  if (noMatch(result)) {
    const seen = versionsSeen(result)
    if (seen && seen.length > 0)
      return new SetupError(
        `Zig ${version} is not available from PyPI for ${where}: there is no ziglang==${version} wheel for this platform ` +
          `(versions with one: ${seen.slice(-8).join(', ')}); pick one of those`,
      )
    return new SetupError(
      `Zig ${version} is not available from PyPI for ${where}: PyPI's ziglang package has no wheel for this platform`,
    )
  }
  const tail = outputTail(result)
  return new SetupError(
    `downloading Zig ${version} from PyPI failed: \`pip download ziglang==${version}\` exited with ${result.code}` +
      `${tail ? `:\n${tail}` : ''}\nCheck that PyPI (or the configured package index) is reachable, then run again.`,
  )
}

/** Reports the Zig on PATH or in the tool cache, or downloads the `ziglang` wheel from PyPI into the cache. */
export async function ensureZig(opts: ZigOptions = {}): Promise<ToolStatus & { tool: 'zig' }> {
  const run = opts.run ?? defaultRunner
  const env = opts.env ?? process.env
  const log = opts.log ?? (() => {})
  const platform = opts.platform ?? process.platform
  const arch = opts.arch ?? process.arch
  const digests = opts.digests ?? ZIG_DIGESTS
  const pypiVersion = opts.version?.trim() || DEFAULT_ZIG_VERSION
  if (!PYPI_VERSION.test(pypiVersion))
    throw new SetupError(
      `invalid Zig version "${opts.version}": expected a release of PyPI's ziglang package, such as "${DEFAULT_ZIG_VERSION}"`,
    )
  const wanted = zigVersionOf(pypiVersion)

  // 1. The zig on PATH.
  const onPath = await probe('zig', run, env)
  if (onPath.ok) {
    if (!opts.version || onPath.version === wanted) {
      const where = (await findExecutable('zig', env, platform)) ?? 'zig'
      log(`zig ${onPath.version} found at ${where}`)
      return { tool: 'zig', version: onPath.version, path: where, installed: false }
    }
    log(`zig ${onPath.version} is on PATH, but ${wanted} is wanted`)
  } else if (!onPath.missing) log(`warning: ignoring the zig on PATH: ${onPath.why}`)

  // Only what bench-action can verify is taken from the cache or downloaded.
  const pins = digests[pypiVersion]
  if (!pins || pins.length === 0) throw unpinnedVersion(pypiVersion, digests)

  // 2. The tool cache, verified before anything in it runs.
  const root = zigCacheRoot(env, opts.cacheDir)
  const dir = path.join(root, pypiVersion)
  const zig = path.join(dir, exeName(platform))
  const install: ZigInstall = { pypiVersion, pins, root, dir, platform, arch, run, env, log }
  const cached = await cachedZig(zig, wanted, install)
  if (cached) return cached

  // 3. Download the wheel from PyPI and unpack it into the cache.
  await installZig(install)

  const installed = await probe(zig, run, env)
  if (!installed.ok)
    throw new SetupError(`Zig ${pypiVersion} was unpacked to ${dir}, but it does not run: ${installed.why}`)
  if (installed.version !== wanted)
    throw new SetupError(
      `Zig ${pypiVersion} was unpacked to ${dir}, but \`zig version\` prints ${installed.version}, expected ${wanted}`,
    )
  log(`zig ${installed.version} installed at ${zig}`)
  return { tool: 'zig', version: installed.version, path: zig, installed: true }
}

/** Where and what ensureZig installs, and how it runs commands. */
interface ZigInstall {
  pypiVersion: string
  pins: readonly ZigWheelDigest[]
  /** The tool cache's zig directory… */
  root: string
  /** …and this version's directory in it. */
  dir: string
  platform: NodeJS.Platform
  arch: string
  run: CommandRunner
  env: NodeJS.ProcessEnv
  log: (line: string) => void
}

/** The cached zig, when its files match the pinned digests and it runs as the version wanted. */
async function cachedZig(
  zig: string,
  wanted: string,
  { pypiVersion, pins, dir, platform, run, env, log }: ZigInstall,
): Promise<(ToolStatus & { tool: 'zig' }) | undefined> {
  if (!(await exists(zig))) return undefined
  const verified = await verifyZigDir(dir, exeName(platform), pypiVersion, pins).catch(
    (error: Error): Verified => ({ ok: false, why: error.message }),
  )
  if (verified.ok) {
    // Installed before manifests were kept: record what it was verified as.
    if (!verified.manifest)
      await writeManifest(dir, manifestFor(pypiVersion, verified.pin)).catch(() => undefined)
    const cached = await probe(zig, run, env)
    if (cached.ok && cached.version === wanted) {
      log(`zig ${cached.version} found in the tool cache at ${zig}, its files matching the pinned digests`)
      return { tool: 'zig', version: cached.version, path: zig, installed: false }
    }
    log(
      `warning: the cached zig at ${zig} does not work (${cached.ok ? `it is version ${cached.version}` : cached.why}); installing it again`,
    )
  } else log(`warning: not running the cached zig at ${zig}: ${verified.why}; installing it again`)
  return undefined
}

/** Downloads the wheel from PyPI, unpacks and verifies it, and puts it in the tool cache. */
async function installZig(install: ZigInstall): Promise<void> {
  const { pypiVersion, root, run, env, log } = install
  const python = await findPython(run, env)
  await mkdir(root, { recursive: true })
  const work = path.join(root, `.tmp-${pypiVersion}-${process.pid}-${randomBytes(4).toString('hex')}`)
  await mkdir(work)
  try {
    log(`downloading Zig ${pypiVersion} from PyPI (the ziglang package) into ${root}`)
    const wheel = await downloadWheel(
      python,
      pypiVersion,
      install.pins,
      path.join(work, 'download'),
      { platform: install.platform, arch: install.arch },
      {
        run,
        env,
        log,
      },
    )
    const staged = await unpackWheel(python, wheel, path.join(work, 'unpacked'), install)
    await placeInCache(staged, install)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** Unpacks the wheel, checks what is about to run against the pins and records it; returns its ziglang/ directory. */
async function unpackWheel(
  python: Python,
  wheel: string,
  unpacked: string,
  install: ZigInstall,
): Promise<string> {
  const { pypiVersion, pins, platform, run, env, log } = install
  const unzip = [...python.argv, '-m', 'zipfile', '-e', wheel, unpacked]
  log(`$ ${unzip.join(' ')}`)
  const result = await run(unzip, { env, timeoutMs: UNPACK_TIMEOUT_MS })
  if (result.code !== 0) {
    const tail = outputTail(result)
    throw new SetupError(`unpacking ${wheel} failed (exit ${result.code})${tail ? `:\n${tail}` : ''}`)
  }
  const staged = path.join(unpacked, 'ziglang')
  const stagedZig = path.join(staged, exeName(platform))
  if (!(await exists(stagedZig)))
    throw new SetupError(`${path.basename(wheel)} does not contain ziglang/${exeName(platform)}`)
  // Python's zipfile does not restore file modes.
  await chmod(stagedZig, 0o755)
  // pip checked the wheel; check again what is about to run, and record it.
  const wheelSha256 = await sha256File(wheel)
  const pin = pins.find((p) => p.sha256 === wheelSha256)
  if (!pin)
    throw new SetupError(
      `${path.basename(wheel)} has sha256 ${wheelSha256}, which is not pinned for ziglang ${pypiVersion}: not installing it`,
    )
  const verified = await verifyZigDir(staged, exeName(platform), pypiVersion, [pin])
  if (!verified.ok)
    throw new SetupError(`${path.basename(wheel)} unpacked to unexpected files: ${verified.why}`)
  await writeManifest(staged, manifestFor(pypiVersion, pin))
  return staged
}

/** Replaces a broken cached copy with the staged one; if another process finished the same install first, uses its copy. */
async function placeInCache(staged: string, { pypiVersion, pins, dir, platform }: ZigInstall): Promise<void> {
  if (await exists(dir)) await rm(dir, { recursive: true, force: true })
  try {
    await rename(staged, dir)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM') throw err
    // The other process's copy is verified like any cached one before it runs.
    const theirs = await verifyZigDir(dir, exeName(platform), pypiVersion, pins).catch(
      (error: Error): Verified => ({ ok: false, why: error.message }),
    )
    if (!theirs.ok)
      throw new SetupError(
        `Zig ${pypiVersion} could not be installed into ${dir}: another copy appeared there meanwhile, and ${theirs.why}. ` +
          `Remove ${dir} and run again.`,
      )
  }
}
