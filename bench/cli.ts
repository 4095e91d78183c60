// The CLI from this checkout's sources, run as a user runs it on a config, and the results it wrote.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ResultSet } from '../src/results.ts'

const run = promisify(execFile)
const entry = path.resolve(import.meta.dirname, '..', 'src', 'cli-entry.ts')

/**
 * `bench-action run --config CONFIG --json JSON --no-install` and the flags given, in `cwd`, outside
 * GitHub Actions; the head results it wrote (a same-job file holds them under `head`).
 */
export async function runCli(config: string, json: string, cwd: string, flags: string[]): Promise<ResultSet> {
  await run(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      entry,
      'run',
      '--config',
      config,
      '--json',
      json,
      '--no-install',
      ...flags,
    ],
    { cwd, env: { ...process.env, GITHUB_ACTIONS: '' }, maxBuffer: 16 << 20 },
  )
  const results = JSON.parse(await readFile(json, 'utf8')) as { head?: ResultSet } & ResultSet
  return results.head ?? results
}
