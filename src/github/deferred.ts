// A comparison a run could not post (a pull request from a fork gets a read-only token), saved as an
// artifact for the trusted `workflow_run` job to post.
//
// The artifact is written by the pull request's own job, so it is data from a stranger: it carries
// the comparison's inputs (both result sets, the stored runs that give the noise, the pairs of a
// same-job run, the pull request and the commit measured), never markdown. The trusted job checks it
// against the results schema with bounded sizes, compares again and renders the comment itself, with
// our escaping. A forged file can at worst misstate numbers about its own pull request.

import { z } from 'zod'
import type { Acceptance } from '../accept.ts'
import { type CompareOptions, type Comparison, compareResults } from '../compare/index.ts'
import { UserError } from '../errors.ts'
import { ACCEPT_REASON_MAX, ACCEPT_SOURCES, firstIssue, type ResultSet, resultSetSchema } from '../results.ts'
import { OBJECT_ID } from '../system/git.ts'

export const DEFERRED_SCHEMA = 'bench-action/deferred-comparison'
export const DEFERRED_VERSION = 1
/** The file in the artifact. */
export const DEFERRED_FILE = 'comparison.json'
/** The largest file accepted, inflated. */
export const DEFERRED_MAX_BYTES = 16 * 1024 * 1024

export class DeferredCommentError extends UserError {
  override name = 'DeferredCommentError'
}

const text = (max: number) => z.string().max(max)
const sampleIndex = z.number().int().nonnegative().max(10_000_000)

/**
 * Regressions the run accepted on purpose: the rules that held against its baseline and the notes about
 * the others. Read so that an artifact that carries them still loads, and never used: the trusted job
 * decides every acceptance itself (postDeferredComments), from bench.yml as GitHub has it at the
 * measured commit and from the label on the pull request, never from the artifact.
 */
const acceptanceSchema = z
  .object({
    rules: z
      .array(
        z
          .object({
            benchmark: text(1000).min(1),
            metric: text(1000).min(1).optional(),
            reason: text(ACCEPT_REASON_MAX),
            by: text(100).min(1).optional(),
            source: z.enum(ACCEPT_SOURCES),
            until: text(64).optional(),
          })
          .strict(),
      )
      .max(200),
    notes: z.array(text(2000)).max(200),
  })
  .strict()

/** What a comparison was made with: a baseline (or why none), its warnings and the runs that give the noise. */
const baselineFields = {
  baseline: z
    .object({ results: resultSetSchema, source: text(1000), reason: text(1000) })
    .strict()
    .optional(),
  noBaselineReason: text(2000).optional(),
  baselineWarnings: z.array(text(2000)).max(50),
  history: z
    .object({ branch: text(255).optional(), results: z.array(resultSetSchema).max(50) })
    .strict()
    .optional(),
  accept: acceptanceSchema.optional(),
}

const deferredSchema = z
  .object({
    schema: z.literal(DEFERRED_SCHEMA),
    version: z.literal(DEFERRED_VERSION),
    owner: text(100),
    repo: text(100),
    issueNumber: z
      .number()
      .int()
      .positive()
      .max(2 ** 31),
    headSha: z.string().regex(OBJECT_ID, 'a full commit sha'),
    /** The comment input: on-regression updates an earlier comment but starts none on a pass. */
    mode: z.enum(['always', 'on-regression']),
    head: resultSetSchema,
    ...baselineFields,
    filtered: z.boolean(),
    /** Instruction counts compared with a stored run while timed benchmarks were measured against the base. */
    exact: z.object(baselineFields).strict().optional(),
    pairs: z.record(text(1000), z.array(z.tuple([sampleIndex, sampleIndex])).max(1_000_000)).optional(),
    acrossMoments: z.boolean().optional(),
  })
  .strict()

export type DeferredComparison = z.infer<typeof deferredSchema>

/** What a run writes when it cannot post: the inputs of its comparison. */
export function deferredComparison(fields: {
  owner: string
  repo: string
  issueNumber: number
  headSha: string
  mode: 'always' | 'on-regression'
  head: ResultSet
  options: CompareOptions
}): DeferredComparison {
  const o = fields.options
  const withBaseline = (
    b: Pick<CompareOptions, 'baseline' | 'noBaselineReason' | 'baselineWarnings' | 'history' | 'accept'>,
  ) => ({
    ...(b.baseline
      ? { baseline: { results: b.baseline.results, source: b.baseline.source, reason: b.baseline.reason } }
      : {}),
    ...(b.noBaselineReason !== undefined ? { noBaselineReason: b.noBaselineReason } : {}),
    baselineWarnings: b.baselineWarnings ?? [],
    ...(b.history ? { history: b.history } : {}),
    ...(b.accept ? { accept: { rules: b.accept.rules, notes: b.accept.notes } } : {}),
  })
  return {
    schema: DEFERRED_SCHEMA,
    version: DEFERRED_VERSION,
    owner: fields.owner,
    repo: fields.repo,
    issueNumber: fields.issueNumber,
    headSha: fields.headSha,
    mode: fields.mode,
    head: fields.head,
    ...withBaseline(o),
    filtered: o.filtered ?? false,
    ...(o.pairs ? { pairs: o.pairs } : {}),
    ...(o.acrossMoments !== undefined ? { acrossMoments: o.acrossMoments } : {}),
    ...(o.exact ? { exact: withBaseline(o.exact) } : {}),
  }
}

/** The fewest samples any sampled metric of a benchmark has (0 for a benchmark that is not there). */
function sampleCounts(results: ResultSet | undefined, id: string): number {
  const b = results?.benchmarks.find((x) => x.id === id)
  if (!b) return 0
  return Math.min(
    ...Object.values(b.metrics)
      .filter((m) => m.samples !== undefined)
      .map((m) => m.samples!.length),
  )
}

/** Checks a deferred comparison read from an artifact; the error says what is wrong, in one line. */
export function parseDeferredComparison(text: string, source: string): DeferredComparison {
  if (Buffer.byteLength(text) > DEFERRED_MAX_BYTES)
    throw new DeferredCommentError(`${source} is larger than ${DEFERRED_MAX_BYTES} bytes`)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new DeferredCommentError(`${source} is not JSON`)
  }
  const parsed = deferredSchema.safeParse(data)
  if (!parsed.success)
    throw new DeferredCommentError(`${source} is not a bench-action comparison: ${firstIssue(parsed.error)}`)
  const d = parsed.data
  const suites = new Set([
    d.head.suite,
    ...[d, ...(d.exact ? [d.exact] : [])].flatMap((b) => [
      ...(b.baseline ? [b.baseline.results.suite] : []),
      ...(b.history?.results.map((r) => r.suite) ?? []),
    ]),
  ])
  if (suites.size !== 1)
    throw new DeferredCommentError(`${source} mixes the suites ${[...suites].join(', ')}`)
  for (const [id, pairs] of Object.entries(d.pairs ?? {})) {
    const base = sampleCounts(d.baseline?.results, id)
    const head = sampleCounts(d.head, id)
    if (pairs.some(([b, h]) => b >= base || h >= head))
      throw new DeferredCommentError(
        `${source}: the pairs of ${JSON.stringify(id)} name samples that do not exist`,
      )
  }
  return d
}

/** The acceptances of a comparison made again, as the trusted job decided them: each side's. */
export interface TrustedAcceptance {
  accept?: Acceptance
  exact?: Acceptance
}

/**
 * The comparison the run made, made again from its inputs, with the acceptances the trusted job
 * decided itself (bench.yml at the measured commit, read from GitHub; the label on the pull request
 * as it is now). Whatever the artifact says was accepted counts for nothing: it could claim anything.
 */
export function compareDeferred(d: DeferredComparison, trusted: TrustedAcceptance = {}): Comparison {
  const accept = trusted.accept
  const exactAccept = d.exact ? trusted.exact : undefined
  return compareResults(d.head, {
    ...(d.baseline ? { baseline: d.baseline } : {}),
    ...(d.noBaselineReason !== undefined ? { noBaselineReason: d.noBaselineReason } : {}),
    baselineWarnings: d.baselineWarnings,
    ...(d.history ? { history: d.history } : {}),
    filtered: d.filtered,
    ...(d.pairs ? { pairs: d.pairs } : {}),
    ...(d.acrossMoments !== undefined ? { acrossMoments: d.acrossMoments } : {}),
    ...(accept ? { accept } : {}),
    ...(d.exact
      ? {
          exact: {
            ...(d.exact.baseline ? { baseline: d.exact.baseline } : {}),
            ...(d.exact.noBaselineReason !== undefined ? { noBaselineReason: d.exact.noBaselineReason } : {}),
            baselineWarnings: d.exact.baselineWarnings,
            ...(d.exact.history ? { history: d.exact.history } : {}),
            ...(exactAccept ? { accept: exactAccept } : {}),
          },
        }
      : {}),
  })
}
