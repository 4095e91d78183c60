// Reads one file out of an artifact of this workflow run: the results service lists the run's
// artifacts and signs a download link for one, the zip is fetched from storage into memory under a
// cap, and the file is read out of it by our own careful reader (zip.ts): nothing is unpacked to disk
// and no other entry is inflated. An artifact comes from another job of the run, which on a pull
// request ran the pull request's code: its bytes are treated as a stranger's.
import { UserError } from '../errors.ts'
import {
  callArtifactService,
  httpClient,
  type ResultsService,
  ResultsServiceError,
} from './results-service.ts'
import { readZipEntry } from './zip.ts'

/** An artifact could not be had or read; the message names it. */
export class ArtifactReadError extends UserError {
  override name = 'ArtifactReadError'
}

/** An artifact of this workflow run, as the results service lists it. */
export interface RunArtifact {
  name: string
  id: number
  /** Its zip's size in bytes, as the service records it. */
  size: number
  /** The run and job that uploaded it, as the service names them. */
  runBackendId: string
  jobBackendId: string
}

/** The largest zip fetched unless the caller says otherwise. */
export const MAX_ARTIFACT_ZIP_BYTES = 64 * 1024 * 1024

/** The artifacts of this workflow run; of several with one name (a job run again), the newest. */
export async function listRunArtifacts(service: ResultsService): Promise<RunArtifact[]> {
  const answer = await callArtifactService(service, 'ListArtifacts', {
    workflow_run_backend_id: service.runBackendId,
    workflow_job_run_backend_id: service.jobBackendId,
  }).catch((error) => {
    throw new ArtifactReadError(`could not list the artifacts of this workflow run: ${messageOf(error)}`)
  })
  const listed = Array.isArray(answer.artifacts) ? (answer.artifacts as unknown[]) : []
  const newest = new Map<string, RunArtifact>()
  for (const entry of listed) {
    const artifact = runArtifact(entry)
    if (!artifact)
      throw new ArtifactReadError('the Actions results service listed an artifact without its name or id')
    const seen = newest.get(artifact.name)
    if (!seen || artifact.id > seen.id) newest.set(artifact.name, artifact)
  }
  return [...newest.values()]
}

function runArtifact(entry: unknown): RunArtifact | undefined {
  const e = entry as Record<string, unknown> | null
  const id = Number(e?.database_id)
  if (typeof e?.name !== 'string' || e.name === '' || !Number.isSafeInteger(id)) return undefined
  return {
    name: e.name,
    id,
    size: Number(e.size ?? 0),
    runBackendId: String(e.workflow_run_backend_id ?? ''),
    jobBackendId: String(e.workflow_job_run_backend_id ?? ''),
  }
}

export interface ArtifactFileOptions {
  /** Refuse a zip larger than this (default MAX_ARTIFACT_ZIP_BYTES). */
  maxZipBytes?: number
  /** Refuse the file if it inflates to more than this. */
  maxBytes?: number
}

/**
 * The bytes of `file` in the artifact, or undefined when the artifact has no such file. An artifact
 * gone (expired or deleted), a refused download, a zip over the cap or a malformed one is an
 * ArtifactReadError (a ZipFormatError for the zip) naming the artifact.
 */
export async function readArtifactFile(
  service: ResultsService,
  artifact: RunArtifact,
  file: string,
  options: ArtifactFileOptions = {},
): Promise<Buffer | undefined> {
  const maxZipBytes = options.maxZipBytes ?? MAX_ARTIFACT_ZIP_BYTES
  const what = `the artifact ${artifact.name}`
  if (artifact.size > maxZipBytes)
    throw new ArtifactReadError(`${what} is ${artifact.size} bytes, more than the ${maxZipBytes} read`)
  const url = await signedUrl(service, artifact)
  const zip = await fetchCapped(url, what, maxZipBytes)
  return readZipEntry(zip, file, {
    source: what,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  })
}

/** The signed link the service gives to download an artifact's zip from storage. */
async function signedUrl(service: ResultsService, artifact: RunArtifact): Promise<string> {
  const what = `the artifact ${artifact.name}`
  let answer: Record<string, unknown>
  try {
    answer = await callArtifactService(service, 'GetSignedArtifactURL', {
      workflow_run_backend_id: artifact.runBackendId,
      workflow_job_run_backend_id: artifact.jobBackendId,
      name: artifact.name,
    })
  } catch (error) {
    if (error instanceof ResultsServiceError && (error.status === 404 || error.code === 'not_found'))
      throw new ArtifactReadError(`${what} is not in this workflow run any more (expired or deleted)`)
    throw new ArtifactReadError(`could not get a download link for ${what}: ${messageOf(error)}`)
  }
  if (typeof answer.signed_url !== 'string' || !/^https?:\/\//.test(answer.signed_url))
    throw new ArtifactReadError(`the Actions results service gave no download link for ${what}`)
  return answer.signed_url
}

/** The body at `url`, refused past `maxBytes` (as declared, and as it arrives). */
async function fetchCapped(url: string, what: string, maxBytes: number): Promise<Buffer> {
  let response: Awaited<ReturnType<ReturnType<typeof httpClient>['get']>>
  try {
    response = await httpClient().get(url)
  } catch (error) {
    throw new ArtifactReadError(`could not download ${what}: ${messageOf(error)}`)
  }
  const status = response.message.statusCode ?? 0
  if (status !== 200) {
    response.message.resume()
    const why =
      status === 404
        ? ' (it expired or was deleted)'
        : status === 403
          ? ' (its download link was refused: expired, or not for this job)'
          : ''
    throw new ArtifactReadError(`could not download ${what}: storage answered ${status}${why}`)
  }
  const declared = Number(response.message.headers['content-length'] ?? Number.NaN)
  const tooBig = () => new ArtifactReadError(`${what} is more than the ${maxBytes} bytes read`)
  if (declared > maxBytes) {
    response.message.destroy()
    throw tooBig()
  }
  const chunks: Buffer[] = []
  let length = 0
  try {
    for await (const chunk of response.message) {
      length += (chunk as Buffer).length
      if (length > maxBytes) {
        response.message.destroy()
        throw tooBig()
      }
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof ArtifactReadError) throw error
    throw new ArtifactReadError(`the download of ${what} broke off: ${messageOf(error)}`)
  }
  return Buffer.concat(chunks, length)
}

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error)
}
