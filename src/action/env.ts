// The action's own process keeps none of its tokens in the environment it was started with. The runner
// starts a JavaScript action with its inputs as INPUT_* (the GitHub token among them) and its own
// tokens and service URLs (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_*, ACTIONS_RESULTS_URL,
// ACTIONS_CACHE_URL, …). system/child-env.ts keeps them from every program bench-action starts, but a
// benchmark runs as the same user and can read /proc/<bench-action's pid>/environ, which shows the
// environment a process was started with whatever the process did to it since: deleting a variable
// from process.env does not change it.
//
// So the action starts again in the same process (execve: same pid, so the runner still waits for it)
// with those variables left out of its environment, and takes them back from a file only this user can
// read, in a directory of its own, removed before anything else is done. Taken back into process.env
// they live in the process's memory, not in the environment /proc shows, and the code that needs them
// later (the inputs, the cache store, artifact uploads) reads them as before.
import { mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isActionVariable } from '../system/child-env.ts'

/** Names the file a re-executed action takes its variables back from. */
export const HANDOVER_VARIABLE = 'BENCH_ACTION_HANDOVER'

type Execve = (file: string, args: string[], env: Record<string, string>) => never

/**
 * Leaves the environment the runner started the action with, when it holds the action's variables:
 * re-executes the action without them and returns only in the re-executed process, with them back in
 * process.env. Where that cannot be done (Windows, or a Node before 22.15 without process.execve),
 * returns why, and the action goes on as it was started.
 */
export function leaveStartEnvironment(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const handover = env[HANDOVER_VARIABLE]
  if (handover !== undefined) {
    takeBack(handover, env)
    return undefined
  }
  const held = Object.entries(env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && isActionVariable(entry[0]),
  )
  if (held.length === 0) return undefined
  const execve = (process as unknown as { execve?: Execve }).execve
  if (typeof execve !== 'function' || process.platform === 'win32')
    return stayed(`this Node, ${process.version} on ${process.platform}, has no process.execve`)
  let dir: string | undefined
  try {
    dir = mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'bench-action-env-'))
    const file = path.join(dir, 'variables.json')
    writeFileSync(file, JSON.stringify(Object.fromEntries(held)), { mode: 0o600, flag: 'wx' })
    const clean: Record<string, string> = { [HANDOVER_VARIABLE]: file }
    for (const [name, value] of Object.entries(env))
      if (value !== undefined && !isActionVariable(name)) clean[name] = value
    execve.call(
      process,
      process.execPath,
      [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      clean,
    )
  } catch (error) {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
    return stayed((error as Error).message)
  }
  // execve returns only by throwing.
  return undefined
}

function stayed(why: string): string {
  return `bench-action could not start again without its tokens in its environment (${why}), so a benchmark can read them there`
}

/** The re-executed action's first step: its variables back from the file, and the file gone. */
function takeBack(file: string, env: NodeJS.ProcessEnv): void {
  delete env[HANDOVER_VARIABLE]
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } finally {
    // The file, then its directory, which nothing else was put in.
    rmSync(file, { force: true })
    try {
      rmdirSync(path.dirname(file))
    } catch {
      // Already gone, or holding something it was not given: left as it is.
    }
  }
  for (const [name, value] of Object.entries(JSON.parse(text) as Record<string, string>)) {
    if (isActionVariable(name) && typeof value === 'string') env[name] = value
  }
}
