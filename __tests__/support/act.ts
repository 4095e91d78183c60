// Workflows run by a real runner implementation: nektos/act, in host mode, with `uses:
// org/bench-action@v1` resolved to this repository's files and the job's GitHub (REST, artifacts,
// the cache) pointed at the local stand-in of github-server.ts.
//
// What act provides is the runner itself: it reads action.yml with its template engine (where an
// expression the runner refuses makes the action fail to load), passes inputs and defaults as
// INPUT_* variables, runs dist/index.js with the `node` it finds, reads the output and summary
// files, decides each step's outcome and evaluates `if:`, `needs:` and the matrix. What it does
// not provide faithfully is GitHub's services: its artifact server rejects the fields current
// @actions/artifact sends (`mime_type` in CreateArtifact) and its cache server speaks the retired
// cache protocol (v1). Those calls go to the local stand-in, which speaks today's protocols and
// checks REST calls against GitHub's OpenAPI description.
import { execFile } from 'node:child_process'
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { parseDocument, stringify } from 'yaml'
import { type GitHubServer, runtimeEnv } from './github-server.ts'
import { repoRoot, tempDir } from './helpers.ts'

const run = promisify(execFile)

/** The step that stands in for actions/checkout: act in host mode has no network to clone from. */
export const COPY_STEP = {
  name: 'Check out (a copy of the project, as actions/checkout would leave it)',
  run: 'cp -R "$PROJECT_SOURCE/." .',
}

/**
 * Appended after bench-action's step: the files its outputs name live in RUNNER_TEMP, which the
 * runner removes with the job, so a copy is kept for the test (under KEEP_DIR/JOB-INDEX).
 */
const expression = (text: string) => `\${{ ${text} }}`
const KEEP_STEP = {
  name: 'Keep the files the outputs name',
  if: 'always()',
  env: {
    RESULTS: expression('steps.bench.outputs.results-path'),
    REPORT: expression('steps.bench.outputs.report-path'),
    HTML: expression('steps.bench.outputs.html-path'),
    // act leaves job-index empty outside a matrix; GitHub says 0.
    INDEX: expression('strategy.job-index || 0'),
  },
  run: [
    'keep="$KEEP_DIR/$GITHUB_JOB-$INDEX"',
    'mkdir -p "$keep"',
    'for f in "$RESULTS" "$REPORT" "$HTML"; do if [ -n "$f" ]; then cp "$f" "$keep/"; fi; done',
  ].join('\n'),
}

/**
 * An example workflow as a test runs it: every `actions/checkout` step becomes COPY_STEP, an
 * `actions/upload-pages-artifact` step packs its path into KEEP_DIR/pages, a job that deploys to
 * GitHub Pages is left out, and `edit` may change the bench-action steps' `with:` (e.g. to uncomment
 * `baseline: same-job`).
 */
export async function exampleWorkflow(
  file: string,
  edit: (withInputs: Record<string, unknown>) => void = () => {},
): Promise<string> {
  const text = await readFile(path.join(repoRoot, 'examples/workflows', file), 'utf8')
  const doc = parseDocument(text).toJS() as {
    jobs: Record<string, { steps: Array<Record<string, unknown>> }>
  }
  let actions = 0
  // GitHub Pages is not on this machine: a job that deploys to it is left out.
  for (const [name, job] of Object.entries(doc.jobs))
    if (job.steps.some((step) => String(step.uses ?? '').startsWith('actions/deploy-pages@')))
      delete doc.jobs[name]
  for (const job of Object.values(doc.jobs)) {
    job.steps = job.steps.flatMap((step) => {
      const uses = typeof step.uses === 'string' ? step.uses : ''
      if (uses.startsWith('actions/checkout@')) {
        return { ...COPY_STEP }
      }
      if (uses.startsWith('actions/upload-pages-artifact@')) {
        // What that action packs (a tar of `path`) is kept for the test instead of uploaded.
        const withInputs = (step.with as Record<string, unknown>) ?? {}
        return {
          name: 'Pack the site as actions/upload-pages-artifact would',
          ...(step.if !== undefined ? { if: step.if } : {}),
          env: { SITE: withInputs.path },
          run: 'mkdir -p "$KEEP_DIR/pages" && tar -cf "$KEEP_DIR/pages/artifact.tar" -C "$SITE" .',
        }
      }
      if (uses === 'org/bench-action@v1') {
        actions++
        const withInputs = { ...((step.with as Record<string, unknown>) ?? {}) }
        edit(withInputs)
        return [{ id: 'bench', ...step, with: withInputs }, KEEP_STEP]
      }
      return [step]
    })
  }
  if (actions === 0) throw new Error(`${file} has no org/bench-action@v1 step`)
  return stringify(doc)
}

/**
 * What the runner would download for `uses: org/bench-action@v1`: the repository's files at the
 * tag, i.e. what git tracks (or would, for files not yet added) — never node_modules or build
 * output. Taken from the working tree so the test runs the code under test.
 */
export async function actionCopy(): Promise<string> {
  const dir = await tempDir('action')
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
  for (const file of stdout.split('\0').filter((f) => f !== '')) {
    const from = path.join(repoRoot, file)
    const to = path.join(dir, file)
    await mkdir(path.dirname(to), { recursive: true })
    try {
      await cp(from, to)
    } catch (err) {
      // A tracked file deleted in the working tree is not part of what is tested.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
  return dir
}

export interface ActStep {
  /** The step's id (`bench` for bench-action's step in exampleWorkflow), else its index. */
  id: string
  result: string | undefined
  outputs: Record<string, string>
  summary: string
  /** What the step printed, workflow commands included. */
  log: string
  /** `::warning::` and `::error::` messages the runner parsed from the step's output. */
  annotations: Array<{ level: string; message: string }>
}

export interface ActJob {
  /** The job id, with the matrix values for a matrix job: `bench (shard=2)`. */
  name: string
  result: string | undefined
  steps: ActStep[]
}

export interface ActRun {
  code: number
  /** The run's own files (workflow, event, kept files): remove it when done. */
  dir: string
  /** Where KEEP_STEP copied the files bench-action's outputs named: `kept/JOB-INDEX/NAME`. */
  kept: string
  jobs: ActJob[]
  /** The whole log as text, for failure messages. */
  text: string
  job(name: string): ActJob
}

interface LogEntry {
  jobID?: string
  matrix?: Record<string, unknown>
  stepID?: string[]
  stepResult?: string
  jobResult?: string
  command?: string
  name?: string
  arg?: string
  content?: string
  msg?: string
  raw_output?: boolean
  stage?: string
  level?: string
}

function jobName(entry: LogEntry): string {
  const matrix = Object.entries(entry.matrix ?? {})
  const id = entry.jobID ?? '?'
  return matrix.length === 0 ? id : `${id} (${matrix.map(([k, v]) => `${k}=${String(v)}`).join(', ')})`
}

/** Reads act's JSON log (`--json`) into jobs and steps. */
export function parseActLog(text: string): { jobs: ActJob[]; text: string } {
  const jobs = new Map<string, ActJob>()
  const lines: string[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let entry: LogEntry
    try {
      entry = JSON.parse(line) as LogEntry
    } catch {
      lines.push(line)
      continue
    }
    lines.push(entry.msg?.replace(/\n$/, '') ?? line)
    if (entry.jobID === undefined) continue
    const name = jobName(entry)
    let job = jobs.get(name)
    if (!job) {
      job = { name, result: undefined, steps: [] }
      jobs.set(name, job)
    }
    if (entry.jobResult !== undefined) job.result = entry.jobResult
    const stepId = entry.stepID?.[0]
    if (stepId === undefined || entry.stage === 'Pre' || entry.stage === 'Post') continue
    let step = job.steps.find((s) => s.id === stepId)
    if (!step) {
      step = { id: stepId, result: undefined, outputs: {}, summary: '', log: '', annotations: [] }
      job.steps.push(step)
    }
    if (entry.stepResult !== undefined) step.result = entry.stepResult
    if (entry.command === 'set-output' && entry.name !== undefined) step.outputs[entry.name] = entry.arg ?? ''
    else if (entry.command === 'summary') step.summary += entry.content ?? ''
    else if (entry.command === 'warning' || entry.command === 'error')
      step.annotations.push({ level: entry.command, message: entry.arg ?? '' })
    if (entry.raw_output) step.log += entry.msg ?? ''
  }
  return { jobs: [...jobs.values()], text: lines.join('\n') }
}

export interface ActOptions {
  act: string
  /** Directory whose `node` runs JavaScript actions (first on PATH). */
  nodeDir: string
  /** What `uses: org/bench-action@v1` resolves to. */
  action: string
  server: GitHubServer
  /** A git repository: act reads the commit from it; COPY_STEP copies it into the workspace. */
  project: string
  workflow: string
  event: 'push' | 'pull_request' | 'workflow_run'
  payload: object
  runId: number
  /** The GITHUB_TOKEN act gives the job (the `github.token` default of `github-token`). */
  token: string
  /** GITHUB_REF (and GITHUB_REF_NAME, GITHUB_HEAD_REF…) as the event would set them. */
  env?: Record<string, string>
  headSha: string
  headBranch: string
}

/** Runs one workflow under act and returns its jobs. */
export async function runAct(options: ActOptions): Promise<ActRun> {
  const work = await tempDir('act')
  const workflowFile = path.join(work, 'workflow.yml')
  const eventFile = path.join(work, 'event.json')
  await writeFile(workflowFile, options.workflow)
  await writeFile(eventFile, JSON.stringify(options.payload))
  // The runtime token names this run, so artifacts land in (and are listed from) this run.
  const runtime = runtimeEnv(options.server, {
    runId: options.runId,
    headSha: options.headSha,
    headBranch: options.headBranch,
  })
  const jobEnv: Record<string, string> = {
    PROJECT_SOURCE: options.project,
    KEEP_DIR: path.join(work, 'kept'),
    GITHUB_API_URL: options.server.url,
    GITHUB_GRAPHQL_URL: `${options.server.url}/graphql`,
    GITHUB_REPOSITORY: `${options.server.owner}/${options.server.repo}`,
    GITHUB_REPOSITORY_OWNER: options.server.owner,
    GITHUB_RUN_ID: String(options.runId),
    ACTIONS_CACHE_SERVICE_V2: 'true',
    NO_PROXY: '127.0.0.1,localhost',
    ...options.env,
  }
  const args = [
    options.event,
    '--json',
    '-W',
    workflowFile,
    '-e',
    eventFile,
    '-P',
    'ubuntu-latest=-self-hosted',
    '--local-repository',
    `org/bench-action@v1=${options.action}`,
    '--action-offline-mode',
    // In host mode act runs a matrix's jobs in one shared workspace and temporary directory; on
    // GitHub each job has a machine of its own. One job at a time keeps the jobs apart.
    '--concurrent-jobs',
    '1',
    // act's own servers stay on the loopback address; the runtime variables they would set are
    // pointed at the stand-in through ACTIONS_RUNTIME_URL below.
    '--artifact-server-path',
    path.join(work, 'artifacts'),
    '--artifact-server-addr',
    '127.0.0.1',
    '--no-cache-server',
    '--cache-server-addr',
    '127.0.0.1',
    '-s',
    `GITHUB_TOKEN=${options.token}`,
  ]
  for (const [k, v] of Object.entries(jobEnv)) args.push('--env', `${k}=${v}`)
  const env: NodeJS.ProcessEnv = {
    PATH: `${options.nodeDir}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: process.env.HOME,
    // act keeps each job's copy of the action and its work files here; removed with the run.
    XDG_CACHE_HOME: path.join(work, 'cache'),
    // act hands these to the job as ACTIONS_RUNTIME_URL / ACTIONS_RESULTS_URL and the token.
    ACTIONS_RUNTIME_URL: `${options.server.url}/`,
    ACTIONS_RUNTIME_TOKEN: runtime.ACTIONS_RUNTIME_TOKEN!,
    NO_PROXY: '127.0.0.1,localhost',
  }
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
    (resolve) => {
      execFile(
        options.act,
        args,
        { cwd: options.project, env, maxBuffer: 256 * 1024 * 1024, timeout: 15 * 60_000 },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      )
    },
  )
  const parsed = parseActLog(stdout)
  const text = `${parsed.text}\n${stderr}`
  return {
    code,
    dir: work,
    kept: path.join(work, 'kept'),
    jobs: parsed.jobs,
    text,
    job(name: string): ActJob {
      const job = parsed.jobs.find((j) => j.name === name)
      if (!job)
        throw new Error(
          `no job ${name} in act's log (jobs: ${parsed.jobs.map((j) => j.name).join(', ')})\n${text}`,
        )
      return job
    },
  }
}
