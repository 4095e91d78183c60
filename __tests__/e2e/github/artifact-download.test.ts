// Reading a file out of an artifact of this workflow run through the Actions results service, against
// the local GitHub (which checks every call as the service would): the file itself, and what goes
// wrong said in our words, naming the artifact.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  ArtifactReadError,
  listRunArtifacts,
  readArtifactFile,
} from '../../../src/github/artifact-download.ts'
import { type ResultsService, resultsService } from '../../../src/github/results-service.ts'
import { ZipFormatError } from '../../../src/github/zip.ts'
import { type GitHubServer, runtimeEnv, startGitHubServer, zipFiles } from '../../support/github-server.ts'

const RUN = 801
const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService/'

describe('artifacts of this workflow run, read through the results service', () => {
  let server: GitHubServer
  let service: ResultsService
  before(async () => {
    server = await startGitHubServer()
    // Retries do not wait here.
    service = { ...resultsService(runtimeEnv(server, { runId: RUN })), sleep: async () => {} }
  })
  after(() => server?.close())

  const artifact = async (name: string) => {
    const found = (await listRunArtifacts(service)).find((a) => a.name === name)
    assert.ok(found, `${name} is listed`)
    return found
  }
  const blobGets = () => server.requests.filter((r) => r.operationId === 'blob/get').length

  test('the file read from the zip in memory, no other entry needed', async () => {
    server.addArtifact(RUN, 'shard-a', { 'shard.json': '{"a":true}', 'other.txt': 'x' })
    server.addArtifact(RUN + 1, 'another-run', { 'shard.json': '{}' })
    const listed = await listRunArtifacts(service)
    assert.deepEqual(
      listed.map((a) => a.name),
      ['shard-a'],
    )
    const bytes = await readArtifactFile(service, listed[0]!, 'shard.json')
    assert.equal(bytes?.toString('utf8'), '{"a":true}')
    assert.equal(await readArtifactFile(service, listed[0]!, 'missing.json'), undefined)
    assert.deepEqual(server.violations, [])
  })

  test('of two artifacts of one name (a job run again), the list keeps the newer', async () => {
    const older = server.addArtifact(RUN, 'twice', { 'shard.json': '{}' })
    const newer = server.addArtifact(RUN, 'twice', { 'shard.json': '{}' })
    assert.ok(newer.id > older.id)
    const twice = (await listRunArtifacts(service)).filter((a) => a.name === 'twice')
    assert.deepEqual(
      twice.map((a) => a.id),
      [newer.id],
    )
  })

  test('an artifact the service no longer has: expired or deleted', async () => {
    server.addArtifact(RUN, 'gone', { 'shard.json': '{}' })
    const gone = await artifact('gone')
    server.failNext({
      pathPattern: `${TWIRP}GetSignedArtifactURL`,
      status: 404,
      body: { code: 'not_found', msg: 'artifact not found' },
    })
    await assert.rejects(
      readArtifactFile(service, gone, 'shard.json'),
      new ArtifactReadError('the artifact gone is not in this workflow run any more (expired or deleted)'),
    )
  })

  test('storage refusing the download link (403) or no longer holding the zip (404)', async () => {
    server.addArtifact(RUN, 'refused', { 'shard.json': '{}' })
    const refused = await artifact('refused')
    server.failNext({ method: 'GET', pathPattern: /^\/_blob\//, status: 403 })
    await assert.rejects(
      readArtifactFile(service, refused, 'shard.json'),
      new ArtifactReadError(
        'could not download the artifact refused: storage answered 403 (its download link was refused: expired, or not for this job)',
      ),
    )
    server.failNext({ method: 'GET', pathPattern: /^\/_blob\//, status: 404 })
    await assert.rejects(
      readArtifactFile(service, refused, 'shard.json'),
      new ArtifactReadError(
        'could not download the artifact refused: storage answered 404 (it expired or was deleted)',
      ),
    )
  })

  test('the service refusing the token (403) is said with its code, and not retried', async () => {
    server.addArtifact(RUN, 'denied', { 'shard.json': '{}' })
    const denied = await artifact('denied')
    const before = server.requests.length
    server.failNext({
      pathPattern: `${TWIRP}GetSignedArtifactURL`,
      status: 403,
      body: { code: 'permission_denied', msg: 'the token does not grant this run and job' },
    })
    await assert.rejects(
      readArtifactFile(service, denied, 'shard.json'),
      new ArtifactReadError(
        'could not get a download link for the artifact denied: the Actions results service answered GetSignedArtifactURL with 403 permission_denied: the token does not grant this run and job',
      ),
    )
    assert.equal(server.requests.length - before, 1, 'one call, no retry')
  })

  test('a failing service is tried three times in all', async () => {
    server.addArtifact(RUN, 'flaky', { 'shard.json': '{"ok":1}' })
    const flaky = await artifact('flaky')
    server.failNext({ pathPattern: `${TWIRP}GetSignedArtifactURL`, status: 503, times: 2 })
    assert.equal((await readArtifactFile(service, flaky, 'shard.json'))?.toString(), '{"ok":1}')
    server.failNext({ pathPattern: `${TWIRP}GetSignedArtifactURL`, status: 500, times: 3 })
    await assert.rejects(
      readArtifactFile(service, flaky, 'shard.json'),
      /^ArtifactReadError: could not get a download link for the artifact flaky: the Actions results service answered GetSignedArtifactURL with 500 internal: injected failure$/,
    )
  })

  test('bytes that are not a zip: a ZipFormatError naming the artifact', async () => {
    server.addArtifact(RUN, 'broken', Buffer.from('this is not a zip archive, only words'))
    const broken = await artifact('broken')
    await assert.rejects(
      readArtifactFile(service, broken, 'shard.json'),
      new ZipFormatError(
        'the artifact broken is not a zip archive we can read: no end of central directory record (truncated, or not a zip)',
      ),
    )
  })

  test('a zip over the cap: refused by its listed size before any download, and as it arrives', async () => {
    const big = server.addArtifact(RUN, 'big', { 'shard.json': 'x'.repeat(4000) })
    const listed = await artifact('big')
    const gets = blobGets()
    await assert.rejects(
      readArtifactFile(service, listed, 'shard.json', { maxZipBytes: 100 }),
      new ArtifactReadError(`the artifact big is ${big.size} bytes, more than the 100 read`),
    )
    assert.equal(blobGets(), gets, 'nothing downloaded')
    // The service listing a smaller size than storage holds: the download stops at the cap.
    await assert.rejects(
      readArtifactFile(service, { ...listed, size: 50 }, 'shard.json', { maxZipBytes: 100 }),
      new ArtifactReadError('the artifact big is more than the 100 bytes read'),
    )
    assert.ok(big.size > 100, `the zip is ${big.size} bytes`)
  })

  test('a file over its cap inside a small zip is refused before it is inflated', async () => {
    // 100 000 zeros deflate to a few hundred bytes.
    server.addArtifact(RUN, 'bomb', zipFiles({ 'shard.json': new Uint8Array(100_000) }))
    const bomb = await artifact('bomb')
    await assert.rejects(
      readArtifactFile(service, bomb, 'shard.json', { maxBytes: 1000 }),
      new ZipFormatError('the artifact bomb: shard.json is 100000 bytes, more than the 1000 read'),
    )
  })
})

test('without the runtime variables the results service is not available, and the message says why', () => {
  assert.throws(
    () => resultsService({}),
    /^ResultsServiceError: the Actions results service, which keeps the artifacts of a workflow run, is not available: ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set/,
  )
})
