// Reading a file out of an artifact of this workflow run through the Actions results service, against
// the local GitHub (which checks every call as the service would): the file itself, and what goes
// wrong said in our words, naming the artifact.
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import {
  ArtifactReadError,
  listRunArtifacts,
  readArtifactFile,
} from '../../../src/github/artifact-download.ts'
import { type ResultsService, resultsService } from '../../../src/github/results-service.ts'
import { ZipFormatError } from '../../../src/github/zip.ts'
import { VERSION } from '../../../src/version.ts'
import { type GitHubServer, runtimeEnv, startGitHubServer, zipFiles } from '../../support/github-server.ts'

const RUN = 801
const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService/'

/**
 * Storage that answers every GET with `serve` (the response as it writes it): for what the local
 * GitHub's storage never does, a body without its length, a connection cut off.
 */
async function storage(
  serve: (res: http.ServerResponse) => void,
): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => serve(res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/zip`,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

/** Storage that declares `length` bytes, sends 10 and cuts the connection. */
function brokenOff(length: number): ReturnType<typeof storage> {
  return storage((res) => {
    res.writeHead(200, { 'content-length': String(length) })
    res.write(Buffer.alloc(10))
    setImmediate(() => res.destroy())
  })
}

/** A port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

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
  /** The service's next list answered with `body` (status 200 unless given). */
  const answerList = (body: unknown, status = 200) =>
    server.failNext({ pathPattern: `${TWIRP}ListArtifacts`, status, body })
  /** The service's next download link for `name`: `url`. */
  const linkTo = (name: string, url: string) =>
    server.failNext({
      pathPattern: `${TWIRP}GetSignedArtifactURL`,
      status: 200,
      body: { name, signed_url: url },
    })
  /** An artifact of this run as a list would give it, not uploaded here. */
  const listing = (name: string, size: number) => ({
    name,
    id: 1,
    size,
    runBackendId: service.runBackendId,
    jobBackendId: service.jobBackendId,
  })

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

  test('a list the service refused, or one whose answer is not an object, says so and is not retried', async () => {
    const before = server.requests.length
    answerList({ code: 'permission_denied', msg: 'no' }, 403)
    await assert.rejects(
      listRunArtifacts(service),
      new ArtifactReadError(
        'could not list the artifacts of this workflow run: the Actions results service answered ListArtifacts with 403 permission_denied: no',
      ),
    )
    // A success status with a body that is not a JSON object: the service never answers so.
    for (const body of ['[]', 'null', '"text"', 'not json', '7']) {
      answerList(body)
      await assert.rejects(
        listRunArtifacts(service),
        new ArtifactReadError(
          'could not list the artifacts of this workflow run: the Actions results service answered ListArtifacts with something other than a JSON object',
        ),
        body,
      )
    }
    assert.equal(server.requests.length - before, 6, 'one call each, no retry')
  })

  test("a refusal's code and message are said only where they are text", async () => {
    answerList({ code: 5, msg: ['x'] }, 418)
    await assert.rejects(
      listRunArtifacts(service),
      new ArtifactReadError(
        'could not list the artifacts of this workflow run: the Actions results service answered ListArtifacts with 418',
      ),
    )
  })

  test('any 2xx answer is an answer; a 300 is not, and is not retried', async () => {
    const answer = { artifacts: [{ name: 'answered', database_id: '41', size: '9' }] }
    answerList(answer, 201)
    assert.deepEqual(
      (await listRunArtifacts(service)).map((a) => [a.name, a.id, a.size]),
      [['answered', 41, 9]],
    )
    const before = server.requests.length
    answerList(answer, 300)
    await assert.rejects(
      listRunArtifacts(service),
      new ArtifactReadError(
        'could not list the artifacts of this workflow run: the Actions results service answered ListArtifacts with 300',
      ),
    )
    assert.equal(server.requests.length - before, 1)
  })

  test('an entry without a name or a whole-number id is refused; missing sizes and ids of the run are empty', async () => {
    const bad = [
      null,
      'shard',
      { database_id: '7' },
      { name: '', database_id: '7' },
      { name: 7, database_id: '7' },
      { name: 'no-id' },
      { name: 'not-a-number', database_id: 'abc' },
      { name: 'fraction', database_id: '1.5' },
    ]
    for (const entry of bad) {
      answerList({ artifacts: [entry] })
      await assert.rejects(
        listRunArtifacts(service),
        new ArtifactReadError('the Actions results service listed an artifact without its name or id'),
        JSON.stringify(entry),
      )
    }
    answerList({ artifacts: [{ name: 'bare', database_id: '12' }] })
    assert.deepEqual(await listRunArtifacts(service), [
      { name: 'bare', id: 12, size: 0, runBackendId: '', jobBackendId: '' },
    ])
    // No list at all is an empty one.
    for (const body of [{}, { artifacts: null }, { artifacts: { name: 'x', database_id: '1' } }]) {
      answerList(body)
      assert.deepEqual(await listRunArtifacts(service), [], JSON.stringify(body))
    }
  })

  test('of two of one name, the newer is kept whichever the service lists first', async () => {
    answerList({
      artifacts: [
        { name: 'twice', database_id: '9', size: '90' },
        { name: 'twice', database_id: '3', size: '30' },
        { name: 'once', database_id: '5', size: '50' },
      ],
    })
    assert.deepEqual(
      (await listRunArtifacts(service)).map((a) => [a.name, a.id, a.size]),
      [
        ['twice', 9, 90],
        ['once', 5, 50],
      ],
    )
  })

  test('gone by its status alone, or by its code alone', async () => {
    server.addArtifact(RUN, 'lost', { 'shard.json': '{}' })
    const lost = await artifact('lost')
    const gone = new ArtifactReadError(
      'the artifact lost is not in this workflow run any more (expired or deleted)',
    )
    server.failNext({ pathPattern: `${TWIRP}GetSignedArtifactURL`, status: 404, body: { msg: 'gone' } })
    await assert.rejects(readArtifactFile(service, lost, 'shard.json'), gone)
    server.failNext({
      pathPattern: `${TWIRP}GetSignedArtifactURL`,
      status: 400,
      body: { code: 'not_found', msg: 'gone' },
    })
    await assert.rejects(readArtifactFile(service, lost, 'shard.json'), gone)
    server.failNext({
      pathPattern: `${TWIRP}GetSignedArtifactURL`,
      status: 400,
      body: { code: 'invalid_argument', msg: 'bad name' },
    })
    await assert.rejects(
      readArtifactFile(service, lost, 'shard.json'),
      new ArtifactReadError(
        'could not get a download link for the artifact lost: the Actions results service answered GetSignedArtifactURL with 400 invalid_argument: bad name',
      ),
    )
  })

  test('a download link that is not http(s) is never followed', async () => {
    server.addArtifact(RUN, 'linked', { 'shard.json': '{}' })
    const linked = await artifact('linked')
    const gets = blobGets()
    // An array's text would be the link it holds: not a string, so not a link.
    for (const signed of [
      undefined,
      7,
      ['https://example.com/zip'],
      'file:///etc/passwd',
      'ftp://example.com/zip',
      'file:///x?https://y',
    ]) {
      server.failNext({
        pathPattern: `${TWIRP}GetSignedArtifactURL`,
        status: 200,
        body: signed === undefined ? { name: 'linked' } : { name: 'linked', signed_url: signed },
      })
      await assert.rejects(
        readArtifactFile(service, linked, 'shard.json'),
        new ArtifactReadError('the Actions results service gave no download link for the artifact linked'),
        JSON.stringify(signed),
      )
    }
    assert.equal(blobGets(), gets, 'nothing downloaded')
  })

  test('storage failing (500), or not there at all, is said in our words', async () => {
    server.addArtifact(RUN, 'unserved', { 'shard.json': '{}' })
    const unserved = await artifact('unserved')
    server.failNext({ method: 'GET', pathPattern: /^\/_blob\//, status: 500 })
    await assert.rejects(
      readArtifactFile(service, unserved, 'shard.json'),
      new ArtifactReadError('could not download the artifact unserved: storage answered 500'),
    )
    const port = await closedPort()
    linkTo('unserved', `http://127.0.0.1:${port}/zip`)
    await assert.rejects(
      readArtifactFile(service, unserved, 'shard.json'),
      /^ArtifactReadError: could not download the artifact unserved: .*ECONNREFUSED/,
    )
  })

  test('a zip of exactly the cap is read, listed, declared and as it arrives', async () => {
    const exact = server.addArtifact(RUN, 'exact', { 'shard.json': '{"exact":1}' })
    const listed = await artifact('exact')
    assert.equal(
      (await readArtifactFile(service, listed, 'shard.json', { maxZipBytes: exact.size }))?.toString(),
      '{"exact":1}',
    )
    // The same bytes without a declared length, in two pieces: counted as they arrive.
    const zip = zipFiles({ 'shard.json': '{"exact":2}' })
    const chunked = await storage((res) => {
      res.writeHead(200)
      res.write(zip.subarray(0, 10))
      res.end(zip.subarray(10))
    })
    try {
      linkTo('exact', chunked.url)
      const read = await readArtifactFile(service, { ...listed, size: 0 }, 'shard.json', {
        maxZipBytes: zip.length,
      })
      assert.equal(read?.toString(), '{"exact":2}')
      linkTo('exact', chunked.url)
      await assert.rejects(
        readArtifactFile(service, { ...listed, size: 0 }, 'shard.json', { maxZipBytes: zip.length - 1 }),
        new ArtifactReadError(`the artifact exact is more than the ${zip.length - 1} bytes read`),
      )
    } finally {
      chunked.close()
    }
  })

  test('a download whose declared length is over the cap is refused before its body is read', async () => {
    // The body breaks off after 10 bytes: read, that would be a download cut off instead.
    const declared = await brokenOff(1_000_000)
    try {
      linkTo('declared', declared.url)
      await assert.rejects(
        readArtifactFile(service, listing('declared', 0), 'shard.json', { maxZipBytes: 100 }),
        new ArtifactReadError('the artifact declared is more than the 100 bytes read'),
      )
    } finally {
      declared.close()
    }
  })

  test('a download cut off part way is said so, naming the artifact', async () => {
    const cut = await brokenOff(1000)
    try {
      linkTo('cut', cut.url)
      await assert.rejects(
        readArtifactFile(service, listing('cut', 1000), 'shard.json'),
        /^ArtifactReadError: the download of the artifact cut broke off: /,
      )
    } finally {
      cut.close()
    }
  })

  test('calls carry the token and say who makes them', async () => {
    const before = server.requests.length
    await listRunArtifacts(service)
    const call = server.requests[before]!
    assert.equal(call.headers['user-agent'], `bench-action/${VERSION}`)
    assert.equal(call.headers.authorization, `Bearer ${service.token}`)
    assert.deepEqual(server.violations, [])
  })

  test('a service that cannot be reached is tried three times, then said so', async () => {
    const port = await closedPort()
    const waits: number[] = []
    const away = {
      ...service,
      origin: `http://127.0.0.1:${port}`,
      sleep: async (n: number) => void waits.push(n),
    }
    await assert.rejects(
      listRunArtifacts(away),
      /^ArtifactReadError: could not list the artifacts of this workflow run: the Actions results service could not be reached for ListArtifacts: .*ECONNREFUSED/,
    )
    assert.deepEqual(waits, [1, 2], 'a wait before the second and the third try')
  })
})

test('without the runtime variables the results service is not available, and the message says why', () => {
  assert.throws(
    () => resultsService({}),
    /^ResultsServiceError: the Actions results service, which keeps the artifacts of a workflow run, is not available: ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set/,
  )
})
