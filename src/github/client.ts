// One Octokit for everything the action asks GitHub: the API root from GITHUB_API_URL (so GitHub
// Enterprise works), pagination, retries of 5xx answers and of rate limits, nothing retried that a
// retry cannot fix (401, 403, 404, 422).
import { Octokit } from '@octokit/core'
import { paginateRest } from '@octokit/plugin-paginate-rest'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'

const GitHubClient = Octokit.plugin(paginateRest, retry, throttling)
export type GitHub = InstanceType<typeof GitHubClient>

export interface ClientOptions {
  token: string
  /** The REST API root: GITHUB_API_URL, https://api.github.com by default. */
  baseUrl?: string
  log?: (line: string) => void
  /** How many times a 5xx answer is retried. */
  retries?: number
}

export function createGitHubClient(options: ClientOptions): GitHub {
  const log = options.log ?? (() => {})
  return new GitHubClient({
    auth: options.token,
    baseUrl: (options.baseUrl ?? 'https://api.github.com').replace(/\/+$/, ''),
    userAgent: 'bench-action',
    retry: { retries: options.retries ?? 3 },
    throttle: {
      // Primary limit: wait as long as GitHub says, twice at most.
      onRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => {
        log(`GitHub rate limit reached on ${request.method} ${request.url}; retrying after ${retryAfter} s`)
        return retryCount < 2
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => {
        log(`GitHub secondary rate limit on ${request.method} ${request.url}; retrying after ${retryAfter} s`)
        return retryCount < 1
      },
    },
  })
}

/** An HTTP status from an Octokit error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status
  return typeof status === 'number' ? status : undefined
}
