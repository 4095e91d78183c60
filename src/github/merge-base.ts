// The merge base from GitHub when the checkout's history cannot give it (a shallow clone, the base
// branch not fetched): the compare endpoint names the merge base of `base...head`.
import { isObjectId } from '../system/git.ts'
import type { GitHub } from './client.ts'

export async function mergeBaseFromApi(
  octokit: GitHub,
  ref: { owner: string; repo: string },
  base: string,
  head: string,
): Promise<string | undefined> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
    ...ref,
    basehead: `${base}...${head}`,
    per_page: 1,
  })
  const sha = data.merge_base_commit?.sha
  return isObjectId(sha) ? sha : undefined
}
