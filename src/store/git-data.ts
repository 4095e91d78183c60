// What the git store accepts from a data branch. Whoever can push to the branch writes what is in it —
// a workflow of any branch, a collaborator, a job that ran someone else's code with a write token — so
// nothing read from it is trusted: a suite's folder must be a plain name, and every entry of a suite's
// index must have the shape the store itself writes (a commit hash, an ISO timestamp, the path
// SUITE/BRANCH/FILE.json inside that suite's and branch's folder) before its file is read or its commit
// is handed to git. An entry that does not is left out, with why; the rest of the index still counts.
import * as z from 'zod'
import { firstIssue, shaSchema, shown, timestampSchema } from '../results.ts'
import { branchKey } from './dir.ts'

/** Each suite's index: SUITE/index.json. */
export const INDEX = 'index.json'

/** The most runs one suite's index may list: a run an hour for a century is under 900,000. */
export const MAX_ENTRIES = 1_000_000
/** The longest branch name an entry may give (GitHub allows 255 bytes). */
const MAX_BRANCH = 1024

// A suite's folder: the suite names a config allows (letters, digits, ".", "_", "-"; not only dots), at
// most as long as a file name may be, and never starting with "-", which a command line reads as an option.
const SUITE_FOLDER = /^[A-Za-z0-9._][A-Za-z0-9._-]{0,254}$/
const SUITE_EXPECTED =
  'a suite name of at most 255 letters, digits, ".", "_" and "-" that does not start with "-" and is not only dots'

// A run's file, as the store names it: TIMESTAMP-SHA.json (20261101T120000123Z-0123456789ab.json).
// Nothing else: no "/", no "..", no leading "-" or ".".
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,249}\.json$/

/** Why `name` cannot be a suite's folder in a data branch; undefined when it can. */
export function suiteFolderProblem(name: unknown): string | undefined {
  if (typeof name === 'string' && SUITE_FOLDER.test(name) && !/^\.+$/.test(name)) return undefined
  return `expected ${SUITE_EXPECTED}, got ${shown(name)}`
}

/** Why `path` is not where the store keeps a run of `suite` on `branch`; undefined when it is. */
function runPathProblem(path: unknown, suite: string, branch: string): string | undefined {
  const folder = `${suite}/${branchKey(branch)}/`
  if (typeof path === 'string' && path.startsWith(folder)) {
    const file = path.slice(folder.length)
    if (FILE_NAME.test(file) && !file.includes('..')) return undefined
  }
  return (
    `expected the run's file in the folder of its suite and branch, ${folder}FILE.json ` +
    `(FILE: letters, digits, ".", "_", "+" and "-", starting with a letter or digit, no ".."), got ${shown(path)}`
  )
}

/** One run in a suite's index, as the store writes it. */
export interface IndexEntry {
  branch: string
  sha?: string
  createdAt: string
  path: string
}

/** An entry of `suite`'s index: each field in the shape the store writes, and the path where it writes. */
function entrySchema(suite: string) {
  return z
    .object(
      {
        branch: z
          .string({ error: (issue) => `expected the name of the branch measured, got ${shown(issue.input)}` })
          .min(1, { error: 'expected the name of the branch measured, got ""' })
          .max(MAX_BRANCH, { error: `expected a branch name of at most ${MAX_BRANCH} characters` }),
        sha: shaSchema.optional(),
        createdAt: timestampSchema,
        path: z.string({
          error: (issue) => `expected the path of the run's file, got ${shown(issue.input)}`,
        }),
      },
      {
        error: (issue) =>
          `expected an entry {"branch", "sha", "createdAt", "path"}, got ${shown(issue.input)}`,
      },
    )
    .superRefine((entry, ctx) => {
      const problem = runPathProblem(entry.path, suite, entry.branch)
      if (problem) ctx.addIssue({ code: 'custom', path: ['path'], message: problem })
    })
}

const indexSchema = z.object(
  {
    version: z.literal(1, {
      error: (issue) => `expected 1, the index format this bench-action reads, got ${shown(issue.input)}`,
    }),
    entries: z
      .array(z.unknown(), { error: (issue) => `expected a list of runs, got ${shown(issue.input)}` })
      .max(MAX_ENTRIES, { error: `expected at most ${MAX_ENTRIES} runs in one suite's index` }),
  },
  { error: (issue) => `expected an object {"version": 1, "entries": […]}, got ${shown(issue.input)}` },
)

/** A suite's index as read: what it lists, and which of its entries the store can use. */
export interface SuiteIndex {
  /** Every entry as written, usable or not: a rewrite of the index keeps what it cannot use. */
  raw: unknown[]
  /** The entries in the shape the store writes. */
  entries: IndexEntry[]
  /** Each entry left out, and why: `entries.3.sha: expected a commit hash …, got "--output=x"`. */
  problems: string[]
}

/** Why a new entry of `suite`'s index would not be read back; undefined when it would. */
export function entryProblem(entry: IndexEntry, suite: string): string | undefined {
  const parsed = entrySchema(suite).safeParse(entry)
  return parsed.success ? undefined : firstIssue(parsed.error)
}

/**
 * The text of `suite`'s index.json, checked: `{ problem }` when the file as a whole is not an index;
 * else its entries, those not in the shape the store writes left out with why.
 */
export function parseIndex(text: string, suite: string): SuiteIndex | { problem: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` }
  }
  const index = indexSchema.safeParse(data)
  if (!index.success) return { problem: firstIssue(index.error) }
  const schema = entrySchema(suite)
  const entries: IndexEntry[] = []
  const problems: string[] = []
  index.data.entries.forEach((raw, i) => {
    const entry = schema.safeParse(raw)
    if (entry.success) entries.push(entry.data)
    else {
      const issue = firstIssue(entry.error)
      const top = '(top level)'
      problems.push(`entries.${i}${issue.startsWith(top) ? issue.slice(top.length) : `.${issue}`}`)
    }
  })
  return { raw: index.data.entries, entries, problems }
}

/**
 * Why a run the store was asked to read is not one it could have listed: its path is not where a run
 * of its suite and branch is kept. Undefined when it is.
 */
export function storedPathProblem(entry: {
  path: unknown
  suite: unknown
  branch: unknown
}): string | undefined {
  const suite = suiteFolderProblem(entry.suite)
  if (suite) return `suite: ${suite}`
  if (typeof entry.branch !== 'string' || entry.branch === '')
    return `branch: expected the name of the branch measured, got ${shown(entry.branch)}`
  return runPathProblem(entry.path, entry.suite as string, entry.branch)
}
