// The bundled action (node dist/index.js) run as the runner runs it against the local GitHub: INPUT_*
// variables, GITHUB_EVENT_PATH with the event's payload, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files,
// the Actions runtime variables, and the Node that action.yml declares.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type GitHubServer, runtimeEnv } from './github-server.ts'
import { parseOutputs, repoRoot, tempDir } from './helpers.ts'
import { actionNode } from './tools.ts'

export interface ActionRun {
  code: number
  stdout: string
  /** What Node itself writes (warnings); the action writes its log to stdout. */
  stderr: string
  outputs: Record<string, string>
  summary: string
}

export interface ActionRunOptions {
  server: GitHubServer
  workspace: string
  runId: number
  eventName: string
  event: object
  headSha: string
  headBranch: string
  /** Every input the step passes: the runner passes each declared input, defaults included. */
  inputs: Record<string, string>
  extraEnv?: Record<string, string>
  /** Where the runner's temporary directory is remembered, to be removed after the tests. */
  dirs: string[]
  /** The job of the run this step is in (default 1): each job has its own runtime token. */
  jobId?: number
  /** Options for Node before the script (`--throw-deprecation`). */
  nodeOptions?: string[]
  /** The `node` to run it with; default the Node action.yml declares. */
  node?: string
}

export async function runActionOn(options: ActionRunOptions): Promise<ActionRun> {
  const runnerTemp = await tempDir('runner-temp')
  options.dirs.push(runnerTemp)
  const files = {
    output: path.join(runnerTemp, 'output'),
    summary: path.join(runnerTemp, 'summary'),
    event: path.join(runnerTemp, 'event.json'),
  }
  await writeFile(files.output, '')
  await writeFile(files.summary, '')
  await writeFile(files.event, JSON.stringify(options.event))
  const { server, workspace, runId, headSha, headBranch, jobId } = options
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...runtimeEnv(server, { runId, workspace, headSha, headBranch, ...(jobId ? { jobId } : {}) }),
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: runnerTemp,
    ...options.extraEnv,
  }
  for (const [k, v] of Object.entries(options.inputs)) env[`INPUT_${k.toUpperCase()}`] = v
  const node = options.node ?? (await actionNode())
  const args = [...(options.nodeOptions ?? []), path.join(repoRoot, 'dist/index.js')]
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(node, args, { cwd: workspace, env }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
  return {
    ...result,
    outputs: parseOutputs(await readFile(files.output, 'utf8')),
    summary: await readFile(files.summary, 'utf8'),
  }
}
