// What the runner tells a job about itself: the event that started it (read field by field, with
// checks), the repository, the server and the run.

export interface GitHubContext {
  eventName: string
  // biome-ignore lint/suspicious/noExplicitAny: webhook payloads are read field by field, with checks
  event: Record<string, any>
  owner: string
  repo: string
  serverUrl: string
  runId?: string
}

/** What the runner tells a job about itself, or undefined outside GitHub Actions. */
export function readGitHubContext(
  env: NodeJS.ProcessEnv,
  readFile: (file: string) => string,
): GitHubContext | undefined {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  if (!owner || !repo || !env.GITHUB_EVENT_NAME) return undefined
  let event: Record<string, unknown> = {}
  if (env.GITHUB_EVENT_PATH) {
    try {
      event = JSON.parse(readFile(env.GITHUB_EVENT_PATH)) as Record<string, unknown>
    } catch {
      event = {}
    }
  }
  return {
    eventName: env.GITHUB_EVENT_NAME,
    event,
    owner,
    repo,
    serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID,
  }
}

/** The run's page, where the job summary holds the full report. */
export function runUrl(context: GitHubContext): string | undefined {
  return context.runId
    ? `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}`
    : undefined
}

/** The pull request a run measured, when it measured one. */
export function pullRequestNumber(context: GitHubContext): number | undefined {
  const number = context.event.pull_request?.number
  return Number.isSafeInteger(number) && number > 0 ? number : undefined
}
