// Shared test plumbing: temporary git repositories and an in-process CLI whose output is captured.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { runCli } from '../src/cli.ts'

export const repoRoot = path.resolve(import.meta.dirname, '..')
const run = promisify(execFile)

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `bench-${prefix}-`))
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** A real git repository with one commit on `main`, holding the given files. */
export async function gitRepo(files: Record<string, string>, copyExamples = false): Promise<string> {
  const dir = await tempDir('repo')
  if (copyExamples) {
    // The examples build against the harnesses in runners/; build outputs are not copied.
    const skipBuilt = (src: string) => !/\/(target|build)$/.test(src)
    for (const sub of ['examples', 'runners']) {
      await cp(path.join(repoRoot, sub), path.join(dir, sub), { recursive: true, filter: skipBuilt })
    }
  }
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text)
  }
  const git = (...args: string[]) => run('git', args, { cwd: dir })
  await git('init', '--quiet', '--initial-branch=main')
  await git('add', '-A')
  await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'initial')
  return dir
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI in-process with a clean, non-CI environment (no colour, no Actions variables). */
export async function cli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  const baseEnv: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('GITHUB_') && !k.startsWith('INPUT_') && k !== 'CI' && k !== 'FORCE_COLOR')
      baseEnv[k] = v
  }
  const code = await runCli(args, {
    cwd,
    env: { ...baseEnv, NO_COLOR: '1', ...env },
    stdout: { write: (t: string) => (stdout += t), isTTY: false },
    stderr: { write: (t: string) => (stderr += t), isTTY: false },
  })
  return { code, stdout, stderr }
}
