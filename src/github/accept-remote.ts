// What GitHub itself says about an acceptance, for a job that cannot or must not trust its checkout or
// an artifact: bench.yml's `accept:` entries at a commit (the contents endpoint), and whether one
// commit contains another (the compare endpoint, for a shallow checkout that lacks the history).
import path from 'node:path'
import type { AcceptEntry } from '../accept.ts'
import { CONFIG_FILE_NAMES, parseConfig } from '../config/index.ts'
import { type GitHub, statusOf } from './client.ts'

export interface RepoRef {
  owner: string
  repo: string
}

/** bench.yml's entries at a commit, the file they came from, or why they could not be read. */
export type RemoteEntries = { entries: AcceptEntry[]; file: string } | { error: string }

/**
 * The `accept:` entries of the config at `ref`: the file `config` names (relative to the repository's
 * root, after `workingDirectory`), or the first of the names the CLI looks for. A config without
 * `accept:` has no entries; one that cannot be read or parsed says why.
 */
export async function acceptEntriesAt(
  octokit: GitHub,
  repo: RepoRef,
  ref: string,
  where: { workingDirectory?: string; config?: string } = {},
): Promise<RemoteEntries> {
  const dir = where.workingDirectory ?? '.'
  const names = where.config !== undefined ? [where.config] : [...CONFIG_FILE_NAMES]
  for (const name of names) {
    const file = path.posix.normalize(path.posix.join(dir, name))
    if (file.startsWith('../') || path.posix.isAbsolute(file))
      return { error: `the config ${JSON.stringify(name)} is outside the repository` }
    let text: string
    try {
      const { data } = (await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        ...repo,
        path: file,
        ref,
      })) as { data: { type?: unknown; content?: unknown; encoding?: unknown } }
      if (data.type !== 'file' || typeof data.content !== 'string' || data.encoding !== 'base64')
        return { error: `${file} at ${ref.slice(0, 7)} is not a file GitHub returns the content of` }
      text = Buffer.from(data.content, 'base64').toString('utf8')
    } catch (error) {
      if (statusOf(error) === 404) continue
      return { error: `GitHub would not return ${file} at ${ref.slice(0, 7)} (${failure(error)})` }
    }
    try {
      return { entries: parseConfig(text, file).accept ?? [], file }
    } catch (error) {
      return {
        error: `${file} at ${ref.slice(0, 7)} is not a config bench-action reads: ${firstLine(error)}`,
      }
    }
  }
  return { error: `there is no ${names.join(' or ')} at ${ref.slice(0, 7)}` }
}

/**
 * Whether `commit` contains `ancestor` (is it, or a descendant of it), as GitHub's compare endpoint
 * says: `ancestor...commit` is identical or ahead. Undefined when GitHub cannot tell (no such commit).
 */
export async function containsFromApi(
  octokit: GitHub,
  repo: RepoRef,
  commit: string,
  ancestor: string,
): Promise<boolean | undefined> {
  try {
    const { data } = (await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
      ...repo,
      basehead: `${ancestor}...${commit}`,
      per_page: 1,
    })) as { data: { status?: unknown } }
    if (data.status === 'identical' || data.status === 'ahead') return true
    if (data.status === 'behind' || data.status === 'diverged') return false
    return undefined
  } catch {
    return undefined
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!
}

function failure(error: unknown): string {
  return `${statusOf(error) ?? 'an error'}: ${firstLine(error)}`
}
