// Where a benchmark's trend page lives in the history site: the links reports carry, and the files the
// site is written to. Names come from stored results, which a stranger may have written
// (docs/ARCHITECTURE.md#the-trust-boundary), so no name chooses a path: each file is named by a plain
// slug of the name, cut short, and a digest of the whole name, which keeps two names that slug alike
// apart.
import { createHash } from 'node:crypto'

/** Letters, digits and single dashes, at most `max` characters; `x` when nothing of the name is left. */
function slug(text: string, max: number): string {
  const plain = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
  return plain === '' ? 'x' : plain
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10)
}

/** The folder of a suite in the site: `SUITE-DIGEST`. */
export function suiteFolder(suite: string): string {
  return `${slug(suite, 40)}-${digest(`suite\0${suite}`)}`
}

/** A benchmark's page, relative to the site's root: `SUITE-DIGEST/NAME-DIGEST.html`. */
export function trendPagePath(suite: string, benchmarkId: string): string {
  return `${suiteFolder(suite)}/${slug(benchmarkId, 60)}-${digest(`benchmark\0${suite}\0${benchmarkId}`)}.html`
}

/** A suite's index page, relative to the site's root. */
export function suiteIndexPath(suite: string): string {
  return `${suiteFolder(suite)}/index.html`
}

/** The address of a benchmark's trend page under a published site's base address (GitHub Pages). */
export function trendPageUrl(siteUrl: string, suite: string, benchmarkId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${trendPagePath(suite, benchmarkId)}`
}
