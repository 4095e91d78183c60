// The Actions results service, which keeps a workflow run's artifacts: a Twirp service (JSON over
// POST) at ACTIONS_RESULTS_URL, called with the job's runtime token ACTIONS_RUNTIME_TOKEN. The token is
// a JWT whose `scp` claim names the run and the job as the service knows them
// (`Actions.Results:RUN:JOB`); every call names them again. This is how @actions/artifact calls it,
// without that package: its download unpacks with a zip library that calls Node's deprecated Buffer().
import { HttpClient } from '@actions/http-client'
import { BearerCredentialHandler } from '@actions/http-client/lib/auth'
import { UserError } from '../errors.ts'
import { VERSION } from '../version.ts'

/** The artifact service of the results service (its protobuf package and service name). */
const SERVICE = 'github.actions.results.api.v1.ArtifactService'

/** The results service could not be reached, refused a call, or answered what it never answers. */
export class ResultsServiceError extends UserError {
  override name = 'ResultsServiceError'
  constructor(
    message: string,
    /** The HTTP status of the answer, when there was one. */
    readonly status?: number,
    /** The Twirp error code of the answer (not_found, permission_denied, …), when it gave one. */
    readonly code?: string,
  ) {
    super(message)
  }
}

export interface ResultsService {
  /** The service's origin (ACTIONS_RESULTS_URL without its path). */
  origin: string
  token: string
  /** The run and the job the token was issued for, as the service names them. */
  runBackendId: string
  jobBackendId: string
  /** How long to wait before a retry (attempt 1, 2, …); tests pass one that does not wait. */
  sleep?: (attempt: number) => Promise<void>
}

/** The results service of this job, from the runtime variables the runner gives an action. */
export function resultsService(env: NodeJS.ProcessEnv): ResultsService {
  const token = env.ACTIONS_RUNTIME_TOKEN
  const url = env.ACTIONS_RESULTS_URL
  if (!token || !url)
    throw new ResultsServiceError(
      'the Actions results service, which keeps the artifacts of a workflow run, is not available: ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set (they are set for an action that runs in a GitHub Actions job)',
    )
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    throw new ResultsServiceError(`ACTIONS_RESULTS_URL is not a URL: ${JSON.stringify(url)}`)
  }
  return { origin, token, ...backendIds(token) }
}

/** The run and job the token's `Actions.Results:RUN:JOB` scope names; the token itself is never shown. */
export function backendIds(token: string): { runBackendId: string; jobBackendId: string } {
  const bad = (problem: string) =>
    new ResultsServiceError(`ACTIONS_RUNTIME_TOKEN is not a runtime token bench-action can read: ${problem}`)
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
  } catch {
    throw bad('its claims are not JSON')
  }
  const scp = (claims as { scp?: unknown } | null)?.scp
  if (typeof scp !== 'string') throw bad('it has no scp claim')
  for (const scope of scp.split(' ')) {
    const parts = scope.split(':')
    if (parts[0] !== 'Actions.Results') continue
    if (parts.length !== 3 || !parts[1] || !parts[2])
      throw bad('its Actions.Results scope does not name a run and a job')
    return { runBackendId: parts[1], jobBackendId: parts[2] }
  }
  throw bad('it has no Actions.Results scope')
}

/** Answers worth another try: the service busy or failing, not a refusal. */
const RETRIED = new Set([429, 500, 502, 503, 504])
const ATTEMPTS = 3

/** An HTTP client of bench-action, which honours the runner's proxy variables as @actions packages do. */
export function httpClient(auth?: string): HttpClient {
  return new HttpClient(`bench-action/${VERSION}`, auth ? [new BearerCredentialHandler(auth)] : [], {
    socketTimeout: 60_000,
  })
}

/**
 * Calls a method of the artifact service with a message (fields as protobuf names them) and returns
 * its answer. A busy or failing service is tried again, three times in all; a refusal is not.
 */
export async function callArtifactService(
  service: ResultsService,
  method: string,
  message: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const url = `${service.origin}/twirp/${SERVICE}/${method}`
  const client = httpClient(service.token)
  const sleep = service.sleep ?? ((attempt: number) => new Promise((r) => setTimeout(r, 1000 * attempt)))
  for (let attempt = 1; ; attempt++) {
    let failure: ResultsServiceError
    try {
      const response = await client.post(url, JSON.stringify(message), { 'content-type': 'application/json' })
      const status = response.message.statusCode ?? 0
      const text = await response.readBody()
      const body = parseBody(text)
      if (status >= 200 && status < 300 && body) return body
      const code = typeof body?.code === 'string' ? body.code : undefined
      const msg = typeof body?.msg === 'string' ? `: ${body.msg}` : ''
      failure = new ResultsServiceError(
        status >= 200 && status < 300
          ? `the Actions results service answered ${method} with something other than a JSON object`
          : `the Actions results service answered ${method} with ${status}${code ? ` ${code}` : ''}${msg}`,
        status,
        code,
      )
      if (!RETRIED.has(status)) throw failure
    } catch (error) {
      if (error instanceof ResultsServiceError && !RETRIED.has(error.status ?? 0)) throw error
      failure =
        error instanceof ResultsServiceError
          ? error
          : new ResultsServiceError(
              `the Actions results service could not be reached for ${method}: ${(error as Error)?.message ?? error}`,
            )
    }
    if (attempt >= ATTEMPTS) throw failure
    await sleep(attempt)
  }
}

function parseBody(text: string): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(text) as unknown
    return body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
