// Webhook payloads shaped like GitHub's, for the events bench-action runs on: what GITHUB_EVENT_PATH
// holds in a job of the stand-in repository (github-server.ts).
import type { GitHubServer } from './github-server.ts'

function repository(server: GitHubServer) {
  return {
    full_name: `${server.owner}/${server.repo}`,
    name: server.repo,
    owner: { login: server.owner },
    fork: false,
    default_branch: 'main',
  }
}

/** A push of `sha` to main. */
export function pushEvent(server: GitHubServer, sha: string) {
  return {
    ref: 'refs/heads/main',
    before: '0'.repeat(40),
    after: sha,
    deleted: false,
    repository: repository(server),
    sender: { login: 'octocat', type: 'User' },
  }
}

export interface PullRequestOptions {
  number: number
  headSha: string
  baseSha: string
  /** Opened from a fork: its head lives in another repository. */
  fork: boolean
}

/** A pull request from branch `feature` into main: the pull request, its head (maybe a fork) and base. */
export function pullRequestEvent(server: GitHubServer, o: PullRequestOptions) {
  const base = repository(server)
  const head = o.fork
    ? {
        full_name: `contributor/${server.repo}`,
        name: server.repo,
        owner: { login: 'contributor' },
        fork: true,
      }
    : base
  return {
    action: 'synchronize',
    number: o.number,
    pull_request: {
      number: o.number,
      state: 'open',
      head: { ref: 'feature', sha: o.headSha, repo: head, label: `${head.owner.login}:feature` },
      base: { ref: 'main', sha: o.baseSha, repo: base, label: `${server.owner}:main` },
      user: { login: 'contributor', type: 'User' },
    },
    repository: base,
    sender: { login: 'contributor', type: 'User' },
  }
}

/** The completion of run `runId`, which measured a pull request from a fork at `headSha`. */
export function workflowRunEvent(server: GitHubServer, runId: number, headSha: string) {
  const repo = repository(server)
  return {
    action: 'completed',
    workflow_run: {
      id: runId,
      name: 'benchmarks',
      event: 'pull_request',
      status: 'completed',
      conclusion: 'success',
      head_sha: headSha,
      head_branch: 'feature',
      // GitHub leaves this empty for pull requests from forks.
      pull_requests: [],
      repository: repo,
      head_repository: { ...repo, full_name: `contributor/${server.repo}`, fork: true },
    },
    repository: repo,
    sender: { login: 'contributor', type: 'User' },
  }
}
