// The shards of a matrix: each job measures its part and hands it on as an artifact of the workflow
// run (bench-action-shard-SUITE-I-of-N, holding shard.json); the merge job reads them all back.
import { isUserError } from '../errors.ts'
import { listRunArtifacts, readArtifactFile } from '../github/artifact-download.ts'
import { logText } from '../github/log.ts'
import { resultsService } from '../github/results-service.ts'
import { ShardError } from '../run/shard.ts'

export const SHARD_ARTIFACT_PREFIX = 'bench-action-shard-'
export const SHARD_FILE = 'shard.json'
/** The most a shard's results may inflate to. */
const SHARD_MAX_BYTES = 32 * 1024 * 1024

/** The artifact a shard of a suite is handed on as. */
export function shardArtifactName(suite: string, index: number, count: number): string {
  return `${SHARD_ARTIFACT_PREFIX}${suite}-${index}-of-${count}`
}

/**
 * Every shard file this workflow run's matrix uploaded for the suite, read from its artifact in
 * memory, in the order of the artifacts' names. What goes wrong says which artifact it was.
 */
export async function downloadShards(
  suite: string,
  env: NodeJS.ProcessEnv,
): Promise<Array<{ text: string; source: string }>> {
  const prefix = `${SHARD_ARTIFACT_PREFIX}${suite}-`
  const service = resultsService(env)
  const ours = (await listRunArtifacts(service))
    .filter((a) => a.name.startsWith(prefix) && /^\d+-of-\d+$/.test(a.name.slice(prefix.length)))
    .sort((a, b) => a.name.localeCompare(b.name))
  if (ours.length === 0)
    throw new ShardError(
      `no shard artifacts (${prefix}I-of-N) in this workflow run: did the matrix jobs run with shard:?`,
    )
  const shards: Array<{ text: string; source: string }> = []
  for (const artifact of ours) {
    const bytes = await readArtifactFile(service, artifact, SHARD_FILE, { maxBytes: SHARD_MAX_BYTES }).catch(
      (error: unknown) => {
        if (!isUserError(error)) throw error
        throw new ShardError(`the shards could not be read: ${error.message}`)
      },
    )
    if (bytes === undefined) throw new ShardError(`the artifact ${artifact.name} has no ${SHARD_FILE}`)
    shards.push({ text: bytes.toString('utf8'), source: artifact.name })
  }
  logText(`shards: ${shards.map((s) => s.source).join(', ')}`)
  return shards
}
