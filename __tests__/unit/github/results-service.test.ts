import assert from 'node:assert/strict'
import { test } from 'node:test'
import { backendIds, ResultsServiceError, resultsService } from '../../../src/github/results-service.ts'

/** A runtime token as the runner gives one: a JWT whose signature nobody here checks. */
const token = (claims: unknown) =>
  `eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`

test("the run and job are the token's Actions.Results scope, among its others", () => {
  assert.deepEqual(backendIds(token({ scp: 'Actions.ExampleScope Actions.Results:run-1:job-2' })), {
    runBackendId: 'run-1',
    jobBackendId: 'job-2',
  })
})

test('a token without the scope, with a scope missing the job, or not a JWT is refused without showing it', () => {
  const cases: Array<[string, string]> = [
    [token({ scp: 'Actions.ExampleScope' }), 'it has no Actions.Results scope'],
    [token({ scp: 'Actions.Results:run-1' }), 'its Actions.Results scope does not name a run and a job'],
    [token({ scp: 'Actions.Results::job-2' }), 'its Actions.Results scope does not name a run and a job'],
    [token({ scp: 'Actions.Results:run-1:' }), 'its Actions.Results scope does not name a run and a job'],
    [
      token({ scp: 'Actions.Results:run-1:job-2:x' }),
      'its Actions.Results scope does not name a run and a job',
    ],
    [token(null), 'it has no scp claim'],
    [token({ scp: ['Actions.Results:run-1:job-2'] }), 'it has no scp claim'],
    [token({ sub: 'someone' }), 'it has no scp claim'],
    ['secret-not-a-jwt', 'its claims are not JSON'],
  ]
  for (const [t, problem] of cases) {
    assert.throws(
      () => backendIds(t),
      new ResultsServiceError(
        `ACTIONS_RUNTIME_TOKEN is not a runtime token bench-action can read: ${problem}`,
      ),
    )
  }
})

test('either runtime variable missing: the service is not available', () => {
  const tokenOnly = { ACTIONS_RUNTIME_TOKEN: token({ scp: 'Actions.Results:r:j' }) }
  const urlOnly = { ACTIONS_RESULTS_URL: 'https://results.example/' }
  for (const env of [tokenOnly, urlOnly, { ...tokenOnly, ACTIONS_RESULTS_URL: '' }])
    assert.throws(
      () => resultsService(env),
      /^ResultsServiceError: the Actions results service, which keeps the artifacts of a workflow run, is not available: /,
    )
})

test("the service's origin is the results URL without its path", () => {
  const service = resultsService({
    ACTIONS_RUNTIME_TOKEN: token({ scp: 'Actions.Results:r:j' }),
    ACTIONS_RESULTS_URL: 'https://results.example:8443/some/path/',
  })
  assert.equal(service.origin, 'https://results.example:8443')
  assert.equal(service.runBackendId, 'r')
  assert.throws(
    () => resultsService({ ACTIONS_RUNTIME_TOKEN: 'x', ACTIONS_RESULTS_URL: 'not a url' }),
    new ResultsServiceError('ACTIONS_RESULTS_URL is not a URL: "not a url"'),
  )
})
