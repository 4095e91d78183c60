// Real tools the tests run that a machine does not come with: built from the Go module proxy or
// installed from the npm registry, pinned, into a cache directory shared by every test run. A test
// that needs one calls its function; the first call on a machine installs it, later calls find it.
import { execFile } from 'node:child_process'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { installNode24, NODE_24_VARIABLE, node24Unavailable, toolsDir } from '../../scripts/node24.mjs'
import { exists } from './helpers.ts'

const run = promisify(execFile)

/** Where installed tools are kept between runs (BENCH_ACTION_TEST_TOOLS, else ~/.cache/bench-action-tests). */
export const TOOLS_DIR = toolsDir()

/** nektos/act: runs a workflow's jobs on this host the way GitHub's runner does. */
export const ACT = { module: 'github.com/nektos/act', version: 'v0.2.89', binary: 'act' }
/** actionlint: checks workflow files (syntax, expressions, contexts, job graph). */
export const ACTIONLINT = {
  module: 'github.com/rhysd/actionlint/cmd/actionlint',
  version: 'v1.7.12',
  binary: 'actionlint',
}
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
 * The `node` of the line action.yml declares (`using: node24`): BENCH_ACTION_TEST_NODE24 when set, else
 * the release scripts/node24.mjs pins, installed on first use (and checked against its digest) into
 * the tool directory.
 */
export async function node24(): Promise<string> {
  return process.env[NODE_24_VARIABLE] || installNode24(TOOLS_DIR)
}

/** The directory holding that `node`, for a PATH. */
export async function node24Dir(): Promise<string> {
  return path.dirname(await node24())
}

/**
 * The `node` the action runs on, `using: node24` in action.yml (this suite itself runs on the oldest
 * Node the CLI's `engines` promises). Where Node 24 cannot be had, this Node, and the caller's test
 * says so.
 */
export async function actionNode(): Promise<string> {
  if (node24Missing()) return process.execPath
  return node24()
}

/** Why Node 24 cannot be had here, or false when it can. */
export function node24Missing(): Missing {
  return process.env[NODE_24_VARIABLE] ? false : node24Unavailable()
}
