// A stand-in for GitHub on 127.0.0.1: the REST endpoints bench-action uses, checked against GitHub's
// published OpenAPI description, and the Actions results service (artifacts and the cache) with the
// blob storage behind it that @actions/artifact and @actions/cache upload to. Tests point GITHUB_API_URL (and, through runtimeEnv, the Actions
// runtime variables) at it and assert afterwards that `violations` is empty. Every comment body
// created or updated is rendered with GitHub's renderer (cmark-gfm) and must be a report that is safe
// to post (gfm.ts): a problem with it is a violation too.
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { unzipSync, zipSync } from 'fflate'
import { reportProblems } from './gfm.ts'
import { verdictOf } from './needs.ts'

// ---------------------------------------------------------------------------------------------------
// GitHub's OpenAPI description, loaded once per process; validators are compiled per operation on use.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: JsonObject
  'x-multi-segment'?: boolean
}

interface Operation {
  operationId: string
  parameters?: Array<Parameter | { $ref: string }>
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonObject }> } | { $ref: string }
  responses: Record<string, JsonObject>
}

interface Description {
  paths: Record<string, Record<string, unknown>>
  components: Record<string, Record<string, JsonObject>>
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options']

/** One operation of the description, with its validators once something has needed them. */
class CompiledOperation {
  readonly params: Parameter[]
  private validators = new Map<string, ValidateFunction | null>()

  constructor(
    private readonly api: OpenApi,
    readonly method: string,
    readonly template: string,
    readonly op: Operation,
    pathLevel: Array<Parameter | { $ref: string }>,
  ) {
    const own = (op.parameters ?? []).map((p) => api.resolve<Parameter>(p))
    const inherited = pathLevel.map((p) => api.resolve<Parameter>(p))
    this.params = [...own, ...inherited.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in))]
  }

  get id(): string {
    return this.op.operationId
  }

  param(name: string, where: Parameter['in']): Parameter | undefined {
    return this.params.find((p) => p.name === name && p.in === where)
  }

  /** The validator of a parameter, of the body for a media type, or of a response for a status. */
  validator(key: string, schema: () => JsonObject | undefined): ValidateFunction | null {
    let v = this.validators.get(key)
    if (v === undefined) {
      const s = schema()
      v = s === undefined ? null : this.api.compile(s)
      this.validators.set(key, v)
    }
    return v
  }

  requestBody(): { required?: boolean; content: Record<string, { schema?: JsonObject }> } | undefined {
    return this.op.requestBody === undefined ? undefined : this.api.resolve(this.op.requestBody)
  }

  /** GitHub's own example answer for a status, as the description gives it. */
  responseExample(status: number): JsonObject | undefined {
    const response = this.op.responses[String(status)]
    if (response === undefined) return undefined
    const resolved = this.api.resolve<{
      content?: Record<string, { examples?: Record<string, JsonObject> }>
    }>(response)
    const example = resolved.content?.['application/json']?.examples?.default
    if (example === undefined) return undefined
    return structuredClone(this.api.resolve<{ value: JsonObject }>(example as { value: JsonObject }).value)
  }

  responseSchema(status: number): JsonObject | undefined {
    const response = this.op.responses[String(status)]
    if (response === undefined) return undefined
    const resolved = this.api.resolve<{ content?: Record<string, { schema?: JsonObject }> }>(response)
    return resolved.content?.['application/json']?.schema
  }
}

interface Route {
  template: string
  regex: RegExp
  names: string[]
  params: number
  literal: number
  operations: Map<string, CompiledOperation>
}

export interface OperationMatch {
  operation: CompiledOperation
  params: Record<string, string>
}

class OpenApi {
  readonly routes: Route[] = []
  private readonly ajv: Ajv

  constructor(readonly doc: Description) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
    addFormats.default(this.ajv)
    this.ajv.addFormat('repo.nwo', /^[^/]+\/[^/]+$/)
    for (const [template, item] of Object.entries(doc.paths)) {
      const pathLevel = (item.parameters ?? []) as Array<Parameter | { $ref: string }>
      const operations = new Map<string, CompiledOperation>()
      for (const method of METHODS) {
        const op = item[method] as Operation | undefined
        if (op) operations.set(method, new CompiledOperation(this, method, template, op, pathLevel))
      }
      const multi = new Set<string>()
      for (const op of operations.values())
        for (const p of op.params) if (p.in === 'path' && p['x-multi-segment']) multi.add(p.name)
      const names: string[] = []
      let literal = 0
      const source = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
        if (name === undefined) {
          literal += part.length
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        }
        names.push(name)
        return multi.has(name) ? '(.+)' : '([^/]+)'
      })
      this.routes.push({
        template,
        regex: new RegExp(`^${source}$`),
        names,
        params: names.length,
        literal,
        operations,
      })
    }
    // Literal segments win over parameters: /issues/comments before /issues/{issue_number}.
    this.routes.sort((a, b) => a.params - b.params || b.literal - a.literal)
  }

  resolve<T>(value: T | { $ref: string }): T {
    let v: unknown = value
    for (let depth = 0; depth < 10 && v && typeof v === 'object' && '$ref' in v; depth++) {
      const ref = (v as { $ref: string }).$ref
      const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? []
      v = kind && name ? this.doc.components[kind]?.[name] : undefined
      if (v === undefined) throw new Error(`unresolvable reference ${ref}`)
    }
    return v as T
  }

  /**
   * The operations a method and path could be, most specific first, each with the path's parameters
   * (decoded); routes that match the path under another method come back in `otherMethods`.
   */
  candidates(method: string, path: string): { matches: OperationMatch[]; otherMethods: string[] } {
    const matches: OperationMatch[] = []
    const otherMethods: string[] = []
    for (const route of this.routes) {
      const m = route.regex.exec(path)
      if (!m) continue
      const operation = route.operations.get(method)
      if (!operation) {
        otherMethods.push(...[...route.operations.keys()].map((k) => `${k.toUpperCase()} ${route.template}`))
        continue
      }
      const params: Record<string, string> = {}
      route.names.forEach((name, i) => {
        const raw = m[i + 1] ?? ''
        try {
          params[name] = decodeURIComponent(raw)
        } catch {
          params[name] = raw
        }
      })
      matches.push({ operation, params })
    }
    return { matches, otherMethods }
  }

  /** A validator for a schema of the description, with the component schemas it reaches inlined. */
  compile(schema: JsonObject): ValidateFunction {
    const definitions: JsonObject = {}
    const pending: string[] = []
    const root = toJsonSchema(schema, pending)
    while (pending.length > 0) {
      const name = pending.pop()!
      if (name in definitions) continue
      const component = this.doc.components.schemas?.[name]
      if (component === undefined) throw new Error(`unknown schema #/components/schemas/${name}`)
      definitions[name] = toJsonSchema(component, pending)
    }
    return this.ajv.compile({ definitions, allOf: [root] })
  }
}

/**
 * OpenAPI 3.0 schema → JSON Schema draft-07 as Ajv reads it: `nullable` becomes a null type (or an
 * alternative), `oneOf` is checked as `anyOf` (GitHub's alternatives overlap, as /user's private and
 * public users do), component references point into `definitions`, annotations are dropped.
 */
function toJsonSchema(schema: Json, refs: string[]): Json {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, refs))
  if (schema === null || typeof schema !== 'object') return schema
  const nullable = schema.nullable === true
  let out: JsonObject
  if (typeof schema.$ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1]
    if (name === undefined) throw new Error(`unsupported reference ${schema.$ref}`)
    refs.push(name)
    out = { $ref: `#/definitions/${name}` }
  } else {
    out = {}
    for (const [key, value] of Object.entries(schema)) {
      if (
        key.startsWith('x-') ||
        ['nullable', 'example', 'examples', 'description', 'title', 'discriminator', 'xml'].includes(key) ||
        ['externalDocs', 'deprecated', 'readOnly', 'writeOnly'].includes(key)
      )
        continue
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, toJsonSchema(sub, refs)]),
        )
      } else if (['items', 'additionalProperties', 'not'].includes(key) && typeof value === 'object') {
        out[key] = toJsonSchema(value, refs)
      } else if (['allOf', 'anyOf', 'oneOf'].includes(key)) {
        const subs = toJsonSchema(value, refs)
        if (key === 'oneOf') out.anyOf = subs
        else out[key] = subs
      } else {
        out[key] = value
      }
    }
  }
  if (!nullable) return out
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null']
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    return out
  }
  return { anyOf: [out, { type: 'null' }] }
}

let description: OpenApi | undefined

function openApi(): OpenApi {
  if (!description) {
    const require = createRequire(import.meta.url)
    const file = require.resolve('@octokit/openapi/generated/api.github.com.json')
    description = new OpenApi(JSON.parse(readFileSync(file, 'utf8')) as Description)
  }
  return description
}

function describeErrors(errors: ErrorObject[] | null | undefined, where: string): string {
  return (errors ?? [])
    .map((e) => {
      const at = `${where}${e.instancePath}`
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
          : e.keyword === 'enum'
            ? ` (${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)})`
            : ''
      return `${at} ${e.message ?? e.keyword}${extra}`
    })
    .join('; ')
}

/** A query or path value, typed as its schema says (integers, booleans, comma-separated arrays). */
function coerce(values: string[], schema: JsonObject | undefined): Json {
  const type = schema?.type
  const one = (v: string, t: Json | undefined): Json => {
    if ((t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?$/.test(v)) return Number(v)
    if (t === 'boolean' && (v === 'true' || v === 'false')) return v === 'true'
    return v
  }
  if (type === 'array') {
    const items = schema?.items as JsonObject | undefined
    return values.flatMap((v) => v.split(',')).map((v) => one(v, items?.type))
  }
  return one(values[values.length - 1] ?? '', type)
}

// ---------------------------------------------------------------------------------------------------
// The server.

export interface GitHubServerOptions {
  /** The token every REST request must carry (`token X` or `Bearer X`); without it any token goes. */
  token?: string
  /**
   * Who `GET /user` says the token belongs to. `null` (the default) answers 403 "Resource not
   * accessible by integration", as an installation token such as GITHUB_TOKEN does.
   */
  viewer?: string | null
  /** The one repository the server holds, as owner/name; default octo-org/octo-repo. */
  repository?: string
  /** The author of comments created through the API; default the viewer, else github-actions[bot]. */
  commenter?: string
  /**
   * Links a comment body may hold besides its run's (a report's links to its trend pages): the check of
   * every comment created or updated allows them.
   */
  commentLinks?: RegExp[]
}

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  /** Parsed JSON, a Buffer for other bodies, undefined for none. */
  body: unknown
  /** GitHub's operationId; `ArtifactService/<Method>` for the results service, `blob/<op>` for storage. */
  operationId: string | undefined
  headers: http.IncomingHttpHeaders
  /** The status the server answered with. */
  status: number
}

export interface Failure {
  /** Any method when absent. */
  method?: string
  /** A request path, an OpenAPI path template (`/repos/{owner}/{repo}/issues/{issue_number}/comments`) or a RegExp. */
  pathPattern: string | RegExp
  status: number
  /** How many matching requests fail; default 1. */
  times?: number
  /** Default: GitHub's error body (or a Twirp error for the results service). */
  body?: unknown
  headers?: Record<string, string>
}

export interface SeedComment {
  body: string
  login: string
  /** Default Bot for a login ending in [bot], else User. */
  type?: 'User' | 'Bot' | 'Organization'
}

export interface GitHubUser {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string
  url: string
  html_url: string
  followers_url: string
  following_url: string
  gists_url: string
  starred_url: string
  subscriptions_url: string
  organizations_url: string
  repos_url: string
  events_url: string
  received_events_url: string
  type: string
  user_view_type: string
  site_admin: boolean
}

export interface IssueComment {
  id: number
  node_id: string
  url: string
  html_url: string
  issue_url: string
  body: string
  user: GitHubUser
  created_at: string
  updated_at: string
  author_association: string
  performed_via_github_app: null
  reactions: Record<string, number | string>
}

export interface ArtifactContents {
  id: number
  name: string
  size: number
  /** sha256:<hex> of the zip. */
  digest: string
  /** The zip's files (directories left out), as UTF-8 text. */
  files: Record<string, string>
  zip: Buffer
}

export interface RunInfo {
  headBranch: string
  headSha: string
}

/** A pull request the server holds: its head, its labels and, once merged, where to. */
export interface PullInfo {
  headSha: string
  /** The commit of its base branch (GitHub's example's when not given). */
  baseSha?: string
  labels: string[]
  /** Merged by this commit into this branch. */
  merged?: { commitSha: string; base: string }
}

interface CommentRecord {
  issue: number
  comment: IssueComment
}

/** What blob storage keeps of an artifact or a cache entry. */
interface BlobRecord {
  name: string
  finalized: boolean
  zip: Buffer | undefined
  contentType: string
  updatedAt: string
  writeSig: string
  readSig: string
  blocks: Map<string, Buffer>
  committed: Buffer | undefined
}

interface CacheRecord extends BlobRecord {
  id: number
  key: string
  version: string
  createdAt: string
  /** Creation order: entries created in the same second still have an order. */
  seq: number
}

/** A cache entry as the tests see it: `archive` is the tar the cache library uploaded. */
export interface CacheEntryContents {
  id: number
  key: string
  version: string
  createdAt: string
  finalized: boolean
  archive: Buffer | undefined
}

interface ArtifactRecord {
  id: number
  runId: number
  jobBackendId: string
  name: string
  finalized: boolean
  zip: Buffer | undefined
  contentType: string
  createdAt: string
  updatedAt: string
  expiresAt: string
  writeSig: string
  readSig: string
  blocks: Map<string, Buffer>
  committed: Buffer | undefined
}

interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const HTML_URL = 'https://github.com'
const REPOSITORY_ID = 100000001
const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/'
const CACHE_TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.CacheService/'
const BLOB_PREFIX = '/_blob/actions-results/'
const AZURE_VERSION = '2026-02-06'

const githubMessages: Record<number, string> = {
  400: 'Bad Request',
  401: 'Bad credentials',
  403: 'Resource not accessible by integration',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  422: 'Validation Failed',
  429: 'API rate limit exceeded',
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/** A stable positive id for a login, so the same user has the same id in every run. */
function userId(login: string): number {
  if (login === 'github-actions[bot]') return 41898282
  return 1000 + (Number.parseInt(sha256(Buffer.from(login)).slice(0, 10), 16) % 100_000_000)
}

/** The Actions backend ids that the runtime token of a run's job carries. */
function backendIds(runId: number, jobId: number): { run: string; job: string } {
  const hex = (n: number) => n.toString(16).padStart(12, '0')
  return { run: `00000000-0000-4000-8000-${hex(runId)}`, job: `00000000-0000-4000-9000-${hex(jobId)}` }
}

function runFromBackendId(id: string): number | undefined {
  const m = /^00000000-0000-4000-8000-([0-9a-f]{12})$/.exec(id)
  return m ? Number.parseInt(m[1]!, 16) : undefined
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url')
}

/** Builds a zip of the given files, as an artifact on GitHub holds them. */
export function zipFiles(files: Record<string, string | Uint8Array>): Buffer {
  const entries: Record<string, Uint8Array> = {}
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === 'string' ? Buffer.from(content) : content
  return Buffer.from(zipSync(entries, { level: 6 }))
}

/** The files of a zip (directory entries left out), as UTF-8 text. */
export function unzipText(zip: Uint8Array): Record<string, string> {
  const files: Record<string, string> = {}
  for (const [name, data] of Object.entries(unzipSync(zip))) {
    if (!name.endsWith('/')) files[name] = Buffer.from(data).toString('utf8')
  }
  return files
}

export class GitHubServer {
  readonly requests: RecordedRequest[] = []
  readonly violations: string[] = []
  readonly owner: string
  readonly repo: string
  url = ''

  private readonly http: http.Server
  private readonly api: OpenApi
  private readonly failures: Array<Failure & { left: number }> = []
  private readonly commentsById = new Map<number, CommentRecord>()
  private readonly artifactsById = new Map<number, ArtifactRecord>()
  private readonly runs = new Map<number, RunInfo>()
  private readonly pulls = new Map<number, PullInfo>()
  /** The events of each issue or pull request, oldest first (only `labeled` ones are made). */
  private readonly issueEvents = new Map<number, JsonObject[]>()
  private nextEventId = 5_000_000_001
  private mergeBaseSha?: string
  /** Workflow runs GitHub made, oldest first, for `GET /repos/{owner}/{repo}/actions/runs`. */
  private readonly workflowRuns: Array<{ id: number; headSha: string; createdAt: string }> = []
  private nextWorkflowRunId = 6_000_000_001
  /** Each login's role on the repository (the collaborator permission endpoint); others read. */
  private readonly roles = new Map<string, string>()
  /** Files at commits, for the contents endpoint: `${ref}:${path}` → text. */
  private readonly files = new Map<string, string>()
  /** What the compare endpoint says of `base...head`. */
  private readonly comparisons = new Map<string, 'identical' | 'ahead' | 'behind' | 'diverged'>()
  private nextCommentId = 2_000_000_001
  private nextArtifactId = 3_000_000_001
  private readonly cacheById = new Map<number, CacheRecord>()
  private nextCacheId = 4_000_000_001
  private clock = Math.floor(Date.now() / 1000) * 1000

  constructor(private readonly options: GitHubServerOptions = {}) {
    const [owner, repo] = (options.repository ?? 'octo-org/octo-repo').split('/')
    if (!owner || !repo) throw new Error(`repository must be owner/name, not ${options.repository}`)
    this.owner = owner
    this.repo = repo
    this.api = openApi()
    this.http = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.violations.push(`${req.method} ${req.url}: the test server failed: ${String(error)}`)
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: 'Server Error' }))
      })
    })
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject)
      this.http.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = this.http.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}`
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()))
    this.http.closeAllConnections()
    await closed
  }

  /** The next `times` requests matching `method` and `pathPattern` are answered with `status`. */
  failNext(failure: Failure): void {
    this.failures.push({ ...failure, left: failure.times ?? 1 })
  }

  /** Sets the branch and commit a run belongs to (default: main and a commit derived from the id). */
  addRun(runId: number, run: Partial<RunInfo> = {}): RunInfo {
    const info = { ...this.run(runId), ...run }
    this.runs.set(runId, info)
    return info
  }

  /** The merge base `GET /repos/{owner}/{repo}/compare/{base}...{head}` reports. */
  setMergeBase(sha: string): void {
    this.mergeBaseSha = sha
  }

  /** What `GET /repos/{owner}/{repo}/compare/{base}...{head}` says of these two commits. */
  setComparison(base: string, head: string, status: 'identical' | 'ahead' | 'behind' | 'diverged'): void {
    this.comparisons.set(`${base}...${head}`, status)
  }

  /** GitHub's example comparison from the description, with this server's merge base or status. */
  private compare(operation: CompiledOperation, basehead: string): Reply {
    const status = this.comparisons.get(basehead)
    if (status === undefined && this.mergeBaseSha === undefined) return this.githubError(404, 'Not Found')
    const example = operation.responseExample(200)
    if (!example) throw new Error('the description has no example comparison')
    if (this.mergeBaseSha !== undefined) (example.merge_base_commit as JsonObject).sha = this.mergeBaseSha
    if (status !== undefined) example.status = status
    return { status: 200, body: example }
  }

  /**
   * GitHub ran a workflow for `headSha` now: a run in `GET /repos/{owner}/{repo}/actions/runs`, made
   * after every label event and run added before it.
   */
  addWorkflowRun(headSha: string): void {
    this.workflowRuns.push({ id: this.nextWorkflowRunId++, headSha, createdAt: this.tick() })
  }

  /** A login's role on the repository, as the collaborator permission endpoint reports it. */
  setRole(login: string, role: 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'): void {
    this.roles.set(login.toLowerCase(), role)
  }

  /** A file's text at a commit, for `GET /repos/{owner}/{repo}/contents/{path}?ref=`. */
  setFile(ref: string, file: string, text: string): void {
    this.files.set(`${ref}:${file}`, text)
  }

  private workflowRunList(operation: CompiledOperation, url: URL): Reply {
    const example = operation.responseExample(200)
    const template = (example?.workflow_runs as JsonObject[] | undefined)?.[0]
    if (!template) throw new Error('the description has no example list of workflow runs')
    const sha = url.searchParams.get('head_sha')
    const runs = this.workflowRuns
      .filter((r) => sha === null || r.headSha === sha)
      .reverse()
      .map((r) => {
        const run = structuredClone(template)
        run.id = r.id
        run.head_sha = r.headSha
        run.created_at = r.createdAt
        run.updated_at = r.createdAt
        run.run_started_at = r.createdAt
        return run
      })
    const { body: items, headers } = this.page(runs, url)
    return { status: 200, body: { total_count: runs.length, workflow_runs: items }, headers }
  }

  /** A login's permission as `repository-collaborator-permission` describes it (the description has no example). */
  private permission(login: string): Reply {
    const role = this.roles.get(login.toLowerCase()) ?? 'read'
    const rank = ['none', 'read', 'triage', 'write', 'maintain', 'admin'].indexOf(role)
    const permissions = {
      pull: rank >= 1,
      triage: rank >= 2,
      push: rank >= 3,
      maintain: rank >= 4,
      admin: rank >= 5,
    }
    return {
      status: 200,
      body: {
        // The older field knows admin, write, read and none: maintain counts as write, triage as read.
        permission: role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role,
        role_name: role,
        user: {
          ...this.user(login, login.endsWith('[bot]') ? 'Bot' : 'User'),
          permissions,
          role_name: role,
        } as unknown as JsonObject,
      },
    }
  }

  private content(operation: CompiledOperation, file: string, ref: string | null): Reply {
    const text = ref === null ? undefined : this.files.get(`${ref}:${file}`)
    if (text === undefined) return this.githubError(404, 'Not Found')
    const example = operation.responseExample(200)
    const template = Array.isArray(example) ? undefined : example
    const base = `${this.url}/repos/${this.owner}/${this.repo}`
    const sha = createHash('sha1')
      .update(`blob ${Buffer.byteLength(text)}\0${text}`)
      .digest('hex')
    return {
      status: 200,
      body: {
        ...(template ?? {}),
        type: 'file',
        encoding: 'base64',
        size: Buffer.byteLength(text),
        name: file.split('/').pop()!,
        path: file,
        content: Buffer.from(text).toString('base64'),
        sha,
        url: `${base}/contents/${file}?ref=${ref}`,
        git_url: `${base}/git/blobs/${sha}`,
        html_url: `https://github.com/${this.owner}/${this.repo}/blob/${ref}/${file}`,
        download_url: `https://raw.githubusercontent.com/${this.owner}/${this.repo}/${ref}/${file}`,
        _links: {
          self: `${base}/contents/${file}?ref=${ref}`,
          git: `${base}/git/blobs/${sha}`,
          html: `https://github.com/${this.owner}/${this.repo}/blob/${ref}/${file}`,
        },
      } as JsonObject,
    }
  }

  /**
   * A pull request and the commit at its head, for `GET /repos/{owner}/{repo}/pulls/{pull_number}`;
   * with labels (GitHub's example has "bug"), and merged by a commit into a branch, for
   * `GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls`.
   */
  addPull(number: number, headSha: string, more: Partial<Omit<PullInfo, 'headSha'>> = {}): void {
    this.pulls.set(number, { headSha, labels: ['bug'], ...more })
  }

  /**
   * `login` added `label` to an issue or pull request: a `labeled` event in
   * `GET /repos/{owner}/{repo}/issues/{issue_number}/events`, after the ones it has.
   */
  addLabelEvent(issueNumber: number, label: string, login: string): void {
    const id = this.nextEventId++
    const events = this.issueEvents.get(issueNumber) ?? []
    events.push({
      id,
      node_id: `LE_lADO${Buffer.from(String(id)).toString('base64url')}`,
      url: `${this.url}/repos/${this.owner}/${this.repo}/issues/events/${id}`,
      actor: { ...this.user(login, login.endsWith('[bot]') ? 'Bot' : 'User') } as unknown as JsonObject,
      event: 'labeled',
      commit_id: null,
      commit_url: null,
      created_at: this.tick(),
      performed_via_github_app: null,
      label: { name: label, color: 'ededed' },
    })
    this.issueEvents.set(issueNumber, events)
  }

  /** A label as a pull request lists it. */
  private label(name: string): JsonObject {
    const id = 200_000_000 + (Number.parseInt(sha256(Buffer.from(name)).slice(0, 6), 16) % 1_000_000)
    return {
      id,
      node_id: `LA_kwDO${Buffer.from(String(id)).toString('base64url')}`,
      url: `${this.url}/repos/${this.owner}/${this.repo}/labels/${encodeURIComponent(name)}`,
      name,
      description: null,
      color: 'ededed',
      default: false,
    }
  }

  /** GitHub's example pull request from the description, with this one's number, head commit and labels. */
  private pull(operation: CompiledOperation, number: number): Reply {
    const info = this.pulls.get(number)
    if (info === undefined) return this.githubError(404, 'Not Found')
    const example = operation.responseExample(200)
    if (!example) throw new Error('the description has no example pull request')
    example.number = number
    ;(example.head as JsonObject).sha = info.headSha
    if (info.baseSha !== undefined) (example.base as JsonObject).sha = info.baseSha
    example.labels = info.labels.map((l) => this.label(l))
    // GitHub's example team lacks the `type` its own schema requires.
    example.requested_teams = []
    return { status: 200, body: example }
  }

  /** The pull requests a commit merged, as GitHub's example lists one, with each one's number, labels and base. */
  private pullsOfCommit(operation: CompiledOperation, sha: string, url: URL): Reply {
    const example = operation.responseExample(200)
    const template = Array.isArray(example) ? (example[0] as JsonObject | undefined) : undefined
    if (!template) throw new Error('the description has no example list of pull requests')
    const merged = [...this.pulls.entries()]
      .filter(([, p]) => p.merged?.commitSha === sha)
      .map(([number, p]) => {
        const pull = structuredClone(template)
        pull.number = number
        pull.state = 'closed'
        pull.merged_at = isoSeconds(this.clock)
        pull.merge_commit_sha = sha
        ;(pull.head as JsonObject).sha = p.headSha
        ;(pull.base as JsonObject).ref = p.merged!.base
        pull.labels = p.labels.map((l) => ({ ...this.label(l), description: '' }))
        pull.requested_teams = []
        return pull
      })
    return this.page(merged, url)
  }

  /** An existing comment on an issue or pull request, as GitHub returns it. */
  addComment(issueNumber: number, seed: SeedComment): IssueComment {
    const type = seed.type ?? (seed.login.endsWith('[bot]') ? 'Bot' : 'User')
    return this.createComment(issueNumber, seed.body, seed.login, type)
  }

  /** The comments of an issue or pull request, oldest first. */
  comments(issueNumber: number): IssueComment[] {
    return [...this.commentsById.values()]
      .filter((c) => c.issue === issueNumber)
      .map((c) => structuredClone(c.comment))
  }

  /**
   * A finalized artifact of a run holding the given files, as an earlier job would have uploaded it;
   * or, given bytes, an artifact whose zip is exactly those bytes (a broken or hostile archive).
   */
  addArtifact(
    runId: number,
    name: string,
    files: Record<string, string | Uint8Array> | Buffer,
  ): ArtifactContents {
    const record = this.newArtifact(runId, backendIds(runId, 1).job, name)
    record.zip = Buffer.isBuffer(files) ? files : zipFiles(files)
    record.committed = record.zip
    record.finalized = true
    return this.contents(record)
  }

  /** The finalized artifacts of a run, oldest first, with their files. */
  artifacts(runId: number): ArtifactContents[] {
    return [...this.artifactsById.values()]
      .filter((a) => a.runId === runId && a.finalized)
      .map((a) => this.contents(a))
  }

  /** The cache entries, oldest first (finalized or still being uploaded). */
  cacheEntries(): CacheEntryContents[] {
    return [...this.cacheById.values()]
      .sort((a, b) => a.seq - b.seq)
      .map((e) => ({
        id: e.id,
        key: e.key,
        version: e.version,
        createdAt: e.createdAt,
        finalized: e.finalized,
        archive: e.zip,
      }))
  }

  // --- plumbing ---------------------------------------------------------------------------------

  private run(runId: number): RunInfo {
    return (
      this.runs.get(runId) ?? {
        headBranch: 'main',
        headSha: createHash('sha1').update(`run ${runId}`).digest('hex'),
      }
    )
  }

  private tick(): string {
    this.clock += 1000
    return isoSeconds(this.clock)
  }

  private violation(request: RecordedRequest, message: string): void {
    const what = request.operationId ? ` (${request.operationId})` : ''
    this.violations.push(`${request.method} ${request.path}${what}: ${message}`)
  }

  private takeFailure(method: string, path: string, template: string | undefined): Failure | undefined {
    const i = this.failures.findIndex(
      (f) =>
        f.left > 0 &&
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (typeof f.pathPattern === 'string'
          ? f.pathPattern === path || f.pathPattern === template
          : f.pathPattern.test(path)),
    )
    if (i < 0) return undefined
    const failure = this.failures[i]!
    failure.left -= 1
    if (failure.left === 0) this.failures.splice(i, 1)
    return failure
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', this.url)
    const request: RecordedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw.length > 0 ? raw : undefined,
      operationId: undefined,
      headers: req.headers,
      status: 0,
    }
    this.requests.push(request)
    const send = (reply: Reply) => {
      request.status = reply.status
      const headers: Record<string, string> = { ...reply.headers }
      let payload: Buffer | undefined
      if (Buffer.isBuffer(reply.body)) payload = reply.body
      else if (typeof reply.body === 'string') payload = Buffer.from(reply.body)
      else if (reply.body !== undefined) {
        payload = Buffer.from(JSON.stringify(reply.body))
        headers['content-type'] ??= 'application/json; charset=utf-8'
      }
      if (payload) headers['content-length'] = String(payload.length)
      res.writeHead(reply.status, headers)
      res.end(payload)
    }
    if (url.pathname.startsWith('/twirp/')) send(this.twirp(request, raw))
    else if (url.pathname.startsWith(BLOB_PREFIX)) send(this.blob(request, raw, url))
    else {
      const reply = this.rest(request, raw, url)
      // Rendering takes a child process: the answer waits for it, so a test that has its answer has
      // its violations too.
      await this.checkCommentBody(request, reply)
      send(reply)
    }
  }

  /** A comment body GitHub accepted is rendered as GitHub would and checked: it must be a safe report. */
  private async checkCommentBody(request: RecordedRequest, reply: Reply): Promise<void> {
    const written =
      request.operationId === 'issues/create-comment' || request.operationId === 'issues/update-comment'
    if (!written || reply.status >= 300) return
    const body = (request.body as { body?: unknown } | undefined)?.body
    if (typeof body !== 'string') return
    // Without cmark-gfm the body cannot be checked: a violation, unless BENCH_ACTION_TEST_SKIP names it.
    const verdict = await verdictOf(['cmark-gfm'])
    if ('fail' in verdict) this.violation(request, `the comment body was not checked: ${verdict.fail}`)
    if (!verdict.run) return
    // The one link a report makes: its run, where the full report is.
    const runs = `${HTML_URL}/${this.owner}/${this.repo}/actions/runs/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const problems = await reportProblems(body, {
      allowedLinks: [new RegExp(`^${runs}\\d+$`, 'i'), ...(this.options.commentLinks ?? [])],
    })
    for (const problem of problems) this.violation(request, `the comment body: ${problem}`)
  }

  // --- REST -------------------------------------------------------------------------------------

  private githubError(status: number, message = githubMessages[status] ?? 'Error', docs = ''): Reply {
    return {
      status,
      body: {
        message,
        documentation_url: docs || 'https://docs.github.com/rest',
        status: String(status),
      },
    }
  }

  private rest(request: RecordedRequest, raw: Buffer, url: URL): Reply {
    const reply = this.restReply(request, raw, url)
    const headers: Record<string, string> = {
      'x-github-media-type': 'github.v3; format=json',
      'x-github-api-version-selected': '2022-11-28',
      'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': '1',
      'x-ratelimit-resource': 'core',
      ...reply.headers,
    }
    return { ...reply, headers }
  }

  private restReply(request: RecordedRequest, raw: Buffer, url: URL): Reply {
    const { method } = request
    const expected = this.options.token
    if (expected !== undefined) {
      const auth = request.headers.authorization
      const m = /^(?:token|bearer)\s+(\S+)$/i.exec(auth ?? '')
      if (!m || m[1] !== expected) {
        this.violation(request, auth ? 'wrong token' : 'no authorization header')
        return this.githubError(401, auth ? 'Bad credentials' : 'Requires authentication')
      }
    }

    // Which operation this is: the most specific route whose path parameters fit their schemas.
    const { matches, otherMethods } = this.api.candidates(method.toLowerCase(), request.path)
    let match: OperationMatch | undefined
    let pathErrors = ''
    for (const candidate of matches) {
      const errors = this.checkParams(candidate, 'path', (name) => {
        const v = candidate.params[name]
        return v === undefined ? [] : [v]
      })
      if (errors.length === 0) {
        match = candidate
        break
      }
      pathErrors ||= `${candidate.operation.id}: ${errors.join('; ')}`
    }
    if (!match) {
      const why = pathErrors
        ? `path parameters do not fit ${pathErrors}`
        : otherMethods.length > 0
          ? `no ${method} operation at this path (there is ${otherMethods.join(', ')})`
          : 'no operation of the GitHub REST API has this path'
      this.violation(request, why)
      return this.githubError(404)
    }
    const { operation, params } = match
    request.operationId = operation.id

    // Query parameters: declared, required ones present, values of the declared schemas.
    const problems: string[] = []
    const given = new Set(url.searchParams.keys())
    for (const name of given) {
      if (!operation.param(name, 'query')) problems.push(`unknown query parameter ${name}`)
    }
    problems.push(...this.checkParams(match, 'query', (name) => url.searchParams.getAll(name)))

    // The body: JSON of the operation's requestBody schema.
    const requestBody = operation.requestBody()
    let body: unknown
    if (raw.length > 0) {
      const type = (request.headers['content-type'] ?? 'application/json').split(';')[0]!.trim()
      const content = requestBody?.content[type]
      if (!requestBody) problems.push(`a body was sent, but ${operation.id} takes none`)
      else if (!content)
        problems.push(`content type ${type} is not one of ${Object.keys(requestBody.content).join(', ')}`)
      if (type === 'application/json' || type.endsWith('+json')) {
        try {
          body = JSON.parse(raw.toString('utf8'))
          request.body = body
        } catch {
          this.violation(request, 'the body is not JSON')
          return this.githubError(400, 'Problems parsing JSON')
        }
        const validate = content?.schema
          ? operation.validator(`body ${type}`, () => content.schema)
          : undefined
        if (validate && !validate(body))
          problems.push(`request body: ${describeErrors(validate.errors, 'body')}`)
        else if (content?.schema) problems.push(...this.unknownFields(body, content.schema))
      }
    } else if (requestBody?.required) {
      problems.push('the operation requires a body and none was sent')
    }
    if (problems.length > 0) {
      for (const p of problems) this.violation(request, p)
      return this.githubError(422, `Invalid request.\n\n${problems.join('\n')}`)
    }

    if (params.owner !== undefined || params.repo !== undefined) {
      const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()
      if (!same(params.owner, this.owner) || !same(params.repo, this.repo)) {
        this.violation(request, `repository ${params.owner}/${params.repo} is not ${this.owner}/${this.repo}`)
        return this.githubError(404)
      }
    }

    const failure = this.takeFailure(method, request.path, operation.template)
    if (failure) {
      const reply = this.githubError(failure.status)
      return { status: failure.status, body: failure.body ?? reply.body, headers: failure.headers ?? {} }
    }

    let reply: Reply
    try {
      reply =
        operation.id === 'pulls/get'
          ? this.pull(operation, Number(params.pull_number))
          : operation.id === 'repos/compare-commits-with-basehead'
            ? this.compare(operation, String(params.basehead))
            : operation.id === 'repos/list-pull-requests-associated-with-commit'
              ? this.pullsOfCommit(operation, String(params.commit_sha), url)
              : operation.id === 'actions/list-workflow-runs-for-repo'
                ? this.workflowRunList(operation, url)
                : operation.id === 'repos/get-collaborator-permission-level'
                  ? this.permission(String(params.username))
                  : operation.id === 'repos/get-content'
                    ? this.content(operation, String(params.path), url.searchParams.get('ref'))
                    : this.dispatch(operation.id, params, url, body as JsonObject | undefined, request)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      reply = this.githubError(error.status, error.message)
    }
    // The answer must be one GitHub could give: check it against the description too.
    if (reply.body !== undefined && !Buffer.isBuffer(reply.body)) {
      const validate = operation.validator(`response ${reply.status}`, () =>
        operation.responseSchema(reply.status),
      )
      if (validate && !validate(reply.body))
        this.violation(
          request,
          `the test server's ${reply.status} answer does not fit the description: ${describeErrors(validate.errors, 'response')}`,
        )
    }
    return reply
  }

  /**
   * Top-level body fields the schema does not name. GitHub ignores them, but a client that sends one
   * has misspelt a field or put a URL parameter in the body.
   */
  private unknownFields(body: unknown, schema: JsonObject): string[] {
    const resolved = this.api.resolve<JsonObject>(schema)
    const properties = resolved.properties
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return []
    if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return []
    if (['additionalProperties', 'allOf', 'anyOf', 'oneOf'].some((k) => k in resolved)) return []
    return Object.keys(body)
      .filter((key) => !(key in properties))
      .map((key) => `request body: unknown field ${key} (GitHub ignores it)`)
  }

  /** Problems with the path or query parameters of a match, empty when they fit. */
  private checkParams(match: OperationMatch, where: 'path' | 'query', values: (name: string) => string[]) {
    const problems: string[] = []
    for (const p of match.operation.params) {
      if (p.in !== where) continue
      const given = values(p.name)
      if (given.length === 0) {
        if (p.required) problems.push(`missing ${where} parameter ${p.name}`)
        continue
      }
      const validate = match.operation.validator(`${where} ${p.name}`, () => p.schema)
      const value = coerce(given, p.schema)
      if (validate && !validate(value))
        problems.push(
          `${where} parameter ${p.name}=${JSON.stringify(value)}: ${describeErrors(validate.errors, p.name)}`,
        )
    }
    return problems
  }

  private dispatch(
    operationId: string,
    params: Record<string, string>,
    url: URL,
    body: JsonObject | undefined,
    request: RecordedRequest,
  ): Reply {
    const int = (name: string) => Number(params[name])
    switch (operationId) {
      case 'users/get-authenticated':
        return this.authenticatedUser()
      case 'issues/list-events':
        return this.page(structuredClone(this.issueEvents.get(int('issue_number')) ?? []), url)
      case 'issues/list-comments': {
        const since = url.searchParams.get('since')
        const all = this.comments(int('issue_number')).filter((c) => !since || c.updated_at >= since)
        return this.page(all, url)
      }
      case 'issues/create-comment': {
        const login = this.options.commenter ?? this.options.viewer ?? 'github-actions[bot]'
        const comment = this.createComment(
          int('issue_number'),
          String(body?.body),
          login,
          login.endsWith('[bot]') ? 'Bot' : 'User',
        )
        return { status: 201, body: comment, headers: { location: comment.url } }
      }
      case 'issues/get-comment':
        return { status: 200, body: this.comment(int('comment_id')).comment }
      case 'issues/update-comment': {
        const record = this.comment(int('comment_id'))
        record.comment.body = String(body?.body)
        record.comment.updated_at = this.tick()
        return { status: 200, body: record.comment }
      }
      case 'issues/delete-comment':
        this.comment(int('comment_id'))
        this.commentsById.delete(int('comment_id'))
        return { status: 204 }
      case 'actions/list-workflow-run-artifacts':
      case 'actions/list-artifacts-for-repo': {
        const name = url.searchParams.get('name')
        const runId = operationId === 'actions/list-workflow-run-artifacts' ? int('run_id') : undefined
        let all = [...this.artifactsById.values()].filter(
          (a) =>
            a.finalized && (runId === undefined || a.runId === runId) && (name === null || a.name === name),
        )
        if ((url.searchParams.get('direction') ?? 'desc') === 'desc') all = all.reverse()
        const { body: items, headers } = this.page(
          all.map((a) => this.artifactJson(a)),
          url,
        )
        return { status: 200, body: { total_count: all.length, artifacts: items }, headers }
      }
      case 'actions/get-artifact':
        return { status: 200, body: this.artifactJson(this.artifact(int('artifact_id'))) }
      case 'actions/delete-artifact':
        this.artifact(int('artifact_id'))
        this.artifactsById.delete(int('artifact_id'))
        return { status: 204 }
      case 'actions/download-artifact': {
        const artifact = this.artifact(int('artifact_id'))
        if (params.archive_format !== 'zip') {
          this.violation(request, `archive_format ${params.archive_format}: GitHub serves only zip`)
          throw new HttpError(404, 'Not Found')
        }
        return { status: 302, headers: { location: this.blobUrl(artifact, artifact.readSig, 'r') } }
      }
      default:
        this.violation(
          request,
          `${operationId} is a valid operation, but the test server does not implement it`,
        )
        throw new HttpError(404, 'Not Found')
    }
  }

  private authenticatedUser(): Reply {
    const login = this.options.viewer ?? null
    if (login === null)
      return this.githubError(
        403,
        'Resource not accessible by integration',
        'https://docs.github.com/rest/users/users#get-the-authenticated-user',
      )
    const now = isoSeconds(this.clock)
    return {
      status: 200,
      body: {
        ...this.user(login, login.endsWith('[bot]') ? 'Bot' : 'User'),
        name: null,
        company: null,
        blog: '',
        location: null,
        email: null,
        hireable: null,
        bio: null,
        twitter_username: null,
        public_repos: 1,
        public_gists: 0,
        followers: 0,
        following: 0,
        created_at: now,
        updated_at: now,
      },
    }
  }

  /** One page of a list, with the Link header GitHub sends (per_page default 30, at most 100). */
  private page<T>(items: T[], url: URL): { status: number; body: T[]; headers: Record<string, string> } {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const link = (n: number) => {
      const u = new URL(url.pathname + url.search, this.url)
      u.searchParams.set('page', String(n))
      return `<${u.href}>`
    }
    const rels: string[] = []
    if (page > 1) rels.push(`${link(Math.min(page - 1, last))}; rel="prev"`)
    if (page < last) rels.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`)
    if (page > 1) rels.push(`${link(1)}; rel="first"`)
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: rels.length > 0 ? { link: rels.join(', ') } : {},
    }
  }

  private user(login: string, type: string): GitHubUser {
    const id = userId(login)
    const api = `${this.url}/users/${encodeURIComponent(login)}`
    return {
      login,
      id,
      node_id: `U_kgDO${Buffer.from(String(id)).toString('base64url')}`,
      avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
      gravatar_id: '',
      url: api,
      html_url: type === 'Bot' ? `${HTML_URL}/apps/${login.replace(/\[bot\]$/, '')}` : `${HTML_URL}/${login}`,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
      organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`,
      events_url: `${api}/events{/privacy}`,
      received_events_url: `${api}/received_events`,
      type,
      user_view_type: 'public',
      site_admin: false,
    }
  }

  private createComment(issue: number, body: string, login: string, type: string): IssueComment {
    const id = this.nextCommentId++
    const repoApi = `${this.url}/repos/${this.owner}/${this.repo}`
    const now = this.tick()
    const url = `${repoApi}/issues/comments/${id}`
    const comment: IssueComment = {
      id,
      node_id: `IC_kwDO${Buffer.from(String(id)).toString('base64url')}`,
      url,
      html_url: `${HTML_URL}/${this.owner}/${this.repo}/issues/${issue}#issuecomment-${id}`,
      issue_url: `${repoApi}/issues/${issue}`,
      body,
      user: this.user(login, type),
      created_at: now,
      updated_at: now,
      author_association: type === 'Bot' ? 'NONE' : 'MEMBER',
      performed_via_github_app: null,
      reactions: {
        url: `${url}/reactions`,
        total_count: 0,
        '+1': 0,
        '-1': 0,
        laugh: 0,
        hooray: 0,
        confused: 0,
        heart: 0,
        rocket: 0,
        eyes: 0,
      },
    }
    this.commentsById.set(id, { issue, comment })
    return structuredClone(comment)
  }

  private comment(id: number): CommentRecord {
    const record = this.commentsById.get(id)
    if (!record) throw new HttpError(404, 'Not Found')
    return record
  }

  // --- artifacts: one store behind the REST API, the results service and blob storage ------------

  private newArtifact(runId: number, jobBackendId: string, name: string): ArtifactRecord {
    const now = this.tick()
    const record: ArtifactRecord = {
      id: this.nextArtifactId++,
      runId,
      jobBackendId,
      name,
      finalized: false,
      zip: undefined,
      contentType: 'application/zip',
      createdAt: now,
      updatedAt: now,
      expiresAt: isoSeconds(this.clock + 90 * 24 * 3600 * 1000),
      writeSig: randomBytes(16).toString('base64url'),
      readSig: randomBytes(16).toString('base64url'),
      blocks: new Map(),
      committed: undefined,
    }
    this.artifactsById.set(record.id, record)
    return record
  }

  private artifact(id: number): ArtifactRecord {
    const record = this.artifactsById.get(id)
    if (!record?.finalized) throw new HttpError(404, 'Not Found')
    return record
  }

  private contents(record: ArtifactRecord): ArtifactContents {
    const zip = record.zip ?? Buffer.alloc(0)
    let files: Record<string, string> = {}
    try {
      files = unzipText(zip)
    } catch {
      // An archive a test made broken on purpose holds no files.
    }
    return { id: record.id, name: record.name, size: zip.length, digest: `sha256:${sha256(zip)}`, files, zip }
  }

  private artifactJson(a: ArtifactRecord) {
    const url = `${this.url}/repos/${this.owner}/${this.repo}/actions/artifacts/${a.id}`
    const run = this.run(a.runId)
    const zip = a.zip ?? Buffer.alloc(0)
    return {
      id: a.id,
      node_id: `MDg6QXJ0aWZhY3Q${Buffer.from(String(a.id)).toString('base64url')}`,
      name: a.name,
      size_in_bytes: zip.length,
      url,
      archive_download_url: `${url}/zip`,
      expired: false,
      digest: `sha256:${sha256(zip)}`,
      created_at: a.createdAt,
      updated_at: a.updatedAt,
      expires_at: a.expiresAt,
      workflow_run: {
        id: a.runId,
        repository_id: REPOSITORY_ID,
        head_repository_id: REPOSITORY_ID,
        head_branch: run.headBranch,
        head_sha: run.headSha,
      },
    }
  }

  /** A signed URL of an artifact's blob, as the results service and the download redirect hand out. */
  private blobUrl(a: ArtifactRecord, sig: string, permissions: string): string {
    const expiry = encodeURIComponent(isoSeconds(Date.now() + 3600 * 1000))
    return `${this.url}${BLOB_PREFIX}artifact-${a.id}.zip?sv=${AZURE_VERSION}&sr=b&sp=${permissions}&se=${expiry}&sig=${sig}`
  }

  // --- the Actions results service (Twirp, JSON), as @actions/artifact v6 calls it ---------------

  private twirpError(status: number, code: string, msg: string): Reply {
    return { status, body: { code, msg } }
  }

  /**
   * A Twirp call as the JSON client makes it: a method the service has, POST, JSON, and a message with
   * the fields the method declares. Anything else is a violation and the error reply Twirp gives.
   */
  private twirpMessage(
    request: RecordedRequest,
    raw: Buffer,
    service: string,
    fields: Record<string, Field> | undefined,
  ): { body: JsonObject } | { reply: Reply } {
    if (!fields) {
      this.violation(request, `no such method of github.actions.results.api.v1.${service}`)
      return { reply: this.twirpError(404, 'bad_route', `no handler for path ${request.path}`) }
    }
    if (request.method !== 'POST') {
      this.violation(request, 'Twirp methods are called with POST')
      return { reply: this.twirpError(404, 'bad_route', `unsupported method ${request.method}`) }
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim()
    if (type !== 'application/json') {
      this.violation(request, `content type ${type || '(none)'}; the JSON client sends application/json`)
      return { reply: this.twirpError(400, 'malformed', 'unexpected content type') }
    }
    let body: JsonObject
    try {
      body = JSON.parse(raw.toString('utf8')) as JsonObject
      request.body = body
    } catch {
      this.violation(request, 'the body is not JSON')
      return { reply: this.twirpError(400, 'malformed', 'the body is not JSON') }
    }
    const problems = checkTwirpMessage(body, fields)
    if (problems.length > 0) {
      for (const p of problems) this.violation(request, p)
      return { reply: this.twirpError(400, 'invalid_argument', problems.join('; ')) }
    }
    return { body }
  }

  private twirp(request: RecordedRequest, raw: Buffer): Reply {
    if (request.path.startsWith(CACHE_TWIRP_PREFIX)) return this.cacheTwirp(request, raw)
    const method = request.path.startsWith(TWIRP_PREFIX) ? request.path.slice(TWIRP_PREFIX.length) : ''
    request.operationId = `ArtifactService/${method || request.path}`
    const call = this.twirpMessage(request, raw, 'ArtifactService', TWIRP_FIELDS[method])
    if ('reply' in call) return call.reply
    const { body } = call

    // The runtime token must grant the run and job the message names.
    const scopes = runtimeScopes(request.headers.authorization)
    const runBackendId = String(body.workflow_run_backend_id)
    const jobBackendId = String(body.workflow_job_run_backend_id)
    if (scopes === undefined) {
      this.violation(request, 'no bearer runtime token (a JWT with an scp claim)')
      return this.twirpError(401, 'unauthenticated', 'missing or malformed token')
    }
    // A job writes artifacts as itself; it reads any job's artifact of its run, naming the job that
    // uploaded it (as @actions/artifact's download does with the ids ListArtifacts gave).
    const reading = method === 'GetSignedArtifactURL'
    const granted = reading
      ? scopes.some((scope) => scope.startsWith(`Actions.Results:${runBackendId}:`))
      : scopes.includes(`Actions.Results:${runBackendId}:${jobBackendId}`)
    if (!granted) {
      this.violation(
        request,
        `the runtime token does not grant Actions.Results:${runBackendId}:${jobBackendId}`,
      )
      return this.twirpError(403, 'permission_denied', 'the token does not grant this run and job')
    }
    const runId = runFromBackendId(runBackendId)
    if (runId === undefined) {
      this.violation(request, `workflow_run_backend_id ${runBackendId} was not issued by runtimeEnv`)
      return this.twirpError(404, 'not_found', 'unknown workflow run')
    }

    const failure = this.takeFailure(request.method, request.path, undefined)
    if (failure)
      return {
        status: failure.status,
        body: failure.body ?? { code: 'internal', msg: 'injected failure' },
        headers: failure.headers ?? {},
      }

    const name = typeof body.name === 'string' ? body.name : ''
    const inRun = (a: ArtifactRecord) => a.runId === runId
    const named = () => [...this.artifactsById.values()].find((a) => inRun(a) && a.name === name)
    switch (method) {
      case 'CreateArtifact': {
        const existing = named()
        if (existing?.finalized)
          return this.twirpError(
            409,
            'already_exists',
            'an artifact with this name already exists on the workflow run',
          )
        if (existing) this.artifactsById.delete(existing.id)
        if (body.version !== 7)
          this.violation(request, `version ${body.version}; @actions/artifact v6 sends 7`)
        const record = this.newArtifact(runId, jobBackendId, name)
        if (typeof body.mime_type === 'string') record.contentType = body.mime_type
        if (typeof body.expires_at === 'string') record.expiresAt = isoSeconds(Date.parse(body.expires_at))
        return {
          status: 200,
          body: { ok: true, signed_upload_url: this.blobUrl(record, record.writeSig, 'cw') },
        }
      }
      case 'FinalizeArtifact': {
        const record = named()
        if (!record || record.finalized) {
          this.violation(request, `no artifact ${name} is being uploaded in this run`)
          return this.twirpError(404, 'not_found', 'artifact not found')
        }
        if (!record.committed) {
          this.violation(request, 'finalized before the blob was committed')
          return this.twirpError(412, 'failed_precondition', 'the upload is not complete')
        }
        if (String(body.size) !== String(record.committed.length))
          this.violation(request, `size ${body.size}, but ${record.committed.length} bytes were committed`)
        const hash = `sha256:${sha256(record.committed)}`
        if (body.hash !== undefined && body.hash !== hash)
          this.violation(request, `hash ${body.hash}, but the committed blob is ${hash}`)
        record.zip = record.committed
        record.finalized = true
        record.updatedAt = this.tick()
        return { status: 200, body: { ok: true, artifact_id: String(record.id) } }
      }
      case 'ListArtifacts': {
        const nameFilter = body.name_filter
        const idFilter = body.id_filter
        const artifacts = [...this.artifactsById.values()]
          .filter(
            (a) =>
              inRun(a) &&
              a.finalized &&
              (nameFilter === undefined || a.name === nameFilter) &&
              (idFilter === undefined || String(a.id) === String(idFilter)),
          )
          .map((a) => ({
            workflow_run_backend_id: runBackendId,
            workflow_job_run_backend_id: a.jobBackendId,
            database_id: String(a.id),
            name: a.name,
            size: String(a.zip?.length ?? 0),
            created_at: a.createdAt,
            digest: `sha256:${sha256(a.zip ?? Buffer.alloc(0))}`,
          }))
        return { status: 200, body: { artifacts } }
      }
      case 'GetSignedArtifactURL': {
        const record = named()
        if (!record?.finalized) return this.twirpError(404, 'not_found', 'artifact not found')
        if (record.jobBackendId !== jobBackendId)
          this.violation(request, `${name} was uploaded by job ${record.jobBackendId}, not ${jobBackendId}`)
        return { status: 200, body: { signed_url: this.blobUrl(record, record.readSig, 'r') } }
      }
      case 'DeleteArtifact': {
        const record = named()
        if (!record?.finalized) return this.twirpError(404, 'not_found', 'artifact not found')
        this.artifactsById.delete(record.id)
        return { status: 200, body: { ok: true, artifact_id: String(record.id) } }
      }
    }
    throw new Error(`unhandled Twirp method ${method}`)
  }

  // --- the Actions cache service (Twirp, JSON), as @actions/cache calls it with cache service v2 ---

  private cacheBlobUrl(e: CacheRecord, sig: string, permissions: string): string {
    const expiry = encodeURIComponent(isoSeconds(Date.now() + 3600 * 1000))
    return `${this.url}${BLOB_PREFIX}cache-${e.id}.tar?sv=${AZURE_VERSION}&sr=b&sp=${permissions}&se=${expiry}&sig=${sig}`
  }

  private cacheTwirp(request: RecordedRequest, raw: Buffer): Reply {
    const method = request.path.slice(CACHE_TWIRP_PREFIX.length)
    request.operationId = `CacheService/${method}`
    const call = this.twirpMessage(request, raw, 'CacheService', CACHE_TWIRP_FIELDS[method])
    if ('reply' in call) return call.reply
    const { body } = call
    if (runtimeScopes(request.headers.authorization) === undefined) {
      this.violation(request, 'no bearer runtime token (a JWT with an scp claim)')
      return this.twirpError(401, 'unauthenticated', 'missing or malformed token')
    }
    const key = body.key as string
    const version = body.version as string
    // The library sends a sha256 of the paths, the compression and the salt.
    if (!/^[0-9a-f]{64}$/.test(version)) this.violation(request, `version ${version} is not a sha256 in hex`)
    if (key.length > 512 || key.includes(',')) this.violation(request, `key ${key} is not a valid cache key`)

    const failure = this.takeFailure(request.method, request.path, undefined)
    if (failure)
      return {
        status: failure.status,
        body: failure.body ?? { code: 'internal', msg: 'injected failure' },
        headers: failure.headers ?? {},
      }

    const entries = [...this.cacheById.values()].filter((e) => e.version === version)
    switch (method) {
      case 'CreateCacheEntry': {
        // A key is written once: a second entry for it (even one still uploading) is refused.
        if (entries.some((e) => e.key === key))
          return this.twirpError(
            409,
            'already_exists',
            'cache entry with the same key, version, and scope already exists',
          )
        const now = this.tick()
        const record: CacheRecord = {
          id: this.nextCacheId++,
          key,
          version,
          name: key,
          createdAt: now,
          updatedAt: now,
          seq: this.cacheById.size,
          finalized: false,
          zip: undefined,
          contentType: 'application/octet-stream',
          writeSig: randomBytes(16).toString('base64url'),
          readSig: randomBytes(16).toString('base64url'),
          blocks: new Map(),
          committed: undefined,
        }
        this.cacheById.set(record.id, record)
        return {
          status: 200,
          body: { ok: true, signed_upload_url: this.cacheBlobUrl(record, record.writeSig, 'cw') },
        }
      }
      case 'FinalizeCacheEntryUpload': {
        const record = entries.find((e) => e.key === key)
        if (!record || record.finalized) {
          this.violation(request, `no cache entry ${key} is being uploaded`)
          return this.twirpError(404, 'not_found', 'cache entry not found')
        }
        if (!record.committed) {
          this.violation(request, 'finalized before the blob was committed')
          return this.twirpError(412, 'failed_precondition', 'the upload is not complete')
        }
        if (String(body.size_bytes) !== String(record.committed.length))
          this.violation(
            request,
            `size_bytes ${body.size_bytes}, but ${record.committed.length} bytes were committed`,
          )
        record.zip = record.committed
        record.finalized = true
        record.updatedAt = this.tick()
        return { status: 200, body: { ok: true, entry_id: String(record.id) } }
      }
      case 'GetCacheEntryDownloadURL': {
        const ready = entries.filter((e) => e.finalized).sort((a, b) => b.seq - a.seq)
        const restoreKeys = (body.restore_keys as string[] | undefined) ?? []
        // The key exactly, else each restore key in turn as a prefix, newest entry first.
        let match = ready.find((e) => e.key === key)
        for (const prefix of restoreKeys) {
          if (match) break
          match = ready.find((e) => e.key.startsWith(prefix))
        }
        if (!match) return { status: 200, body: { ok: false, signed_download_url: '', matched_key: '' } }
        return {
          status: 200,
          body: {
            ok: true,
            signed_download_url: this.cacheBlobUrl(match, match.readSig, 'r'),
            matched_key: match.key,
          },
        }
      }
    }
    throw new Error(`unhandled Twirp method ${method}`)
  }

  // --- Azure Blob Storage, as @azure/storage-blob's BlockBlobClient.uploadStream uses it ----------

  private azureError(status: number, code: string, message: string): Reply {
    return {
      status,
      body: `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
      headers: {
        'content-type': 'application/xml',
        'x-ms-error-code': code,
        'x-ms-request-id': randomBytes(16).toString('hex'),
        'x-ms-version': AZURE_VERSION,
      },
    }
  }

  private blob(request: RecordedRequest, raw: Buffer, url: URL): Reply {
    const comp = url.searchParams.get('comp')
    request.operationId =
      request.method === 'GET'
        ? 'blob/get'
        : comp === 'block'
          ? 'blob/put-block'
          : comp === 'blocklist'
            ? 'blob/put-block-list'
            : `blob/${request.method.toLowerCase()}`
    const blobName = request.path.slice(BLOB_PREFIX.length)
    const id = /^artifact-(\d+)\.zip$/.exec(blobName)?.[1]
    const cacheId = /^cache-(\d+)\.tar$/.exec(blobName)?.[1]
    const record: BlobRecord | undefined =
      id !== undefined
        ? this.artifactsById.get(Number(id))
        : cacheId !== undefined
          ? this.cacheById.get(Number(cacheId))
          : undefined
    if (!record) {
      this.violation(request, 'no such blob')
      return this.azureError(404, 'BlobNotFound', 'The specified blob does not exist.')
    }
    const sig = url.searchParams.get('sig')
    const writing = request.method !== 'GET' && request.method !== 'HEAD'
    if (sig !== (writing ? record.writeSig : record.readSig)) {
      this.violation(request, `the signature does not grant ${writing ? 'writing' : 'reading'} this blob`)
      return this.azureError(403, 'AuthenticationFailed', 'Server failed to authenticate the request.')
    }
    const failure = this.takeFailure(request.method, request.path, undefined)
    if (failure)
      return {
        status: failure.status,
        body: failure.body ?? this.azureError(failure.status, 'InternalError', 'injected failure').body,
        headers: failure.headers ?? { 'content-type': 'application/xml' },
      }

    const common = {
      'x-ms-request-id': randomBytes(16).toString('hex'),
      'x-ms-version': String(request.headers['x-ms-version'] ?? AZURE_VERSION),
      date: new Date().toUTCString(),
      ...(request.headers['x-ms-client-request-id']
        ? { 'x-ms-client-request-id': String(request.headers['x-ms-client-request-id']) }
        : {}),
    }
    if (!writing) {
      if (!record.finalized || !record.zip) {
        this.violation(request, 'the blob is read before its artifact or cache entry is finalized')
        return this.azureError(404, 'BlobNotFound', 'The specified blob does not exist.')
      }
      return {
        status: 200,
        body: record.zip,
        headers: {
          ...common,
          'content-type': record.contentType,
          ...(id !== undefined
            ? {
                'content-disposition': `attachment; filename=${record.name}.zip; filename*=UTF-8''${encodeURIComponent(record.name)}.zip`,
              }
            : {}),
          'content-md5': createHash('md5').update(record.zip).digest('base64'),
          etag: `"0x8DC${sha256(record.zip).slice(0, 12).toUpperCase()}"`,
          'last-modified': new Date(Date.parse(record.updatedAt)).toUTCString(),
          'x-ms-blob-type': 'BlockBlob',
          'accept-ranges': 'bytes',
        },
      }
    }

    if (request.method !== 'PUT') {
      this.violation(request, `${request.method} is not an operation of a block blob upload`)
      return this.azureError(405, 'UnsupportedHttpVerb', 'The resource does not support the HTTP verb.')
    }
    if (record.finalized) {
      this.violation(request, 'the blob of a finalized artifact or cache entry is written again')
      return this.azureError(409, 'BlobImmutableDueToPolicy', 'The blob is read-only.')
    }
    if (!request.headers['x-ms-version']) this.violation(request, 'no x-ms-version header')
    if (request.headers['x-ms-structured-body'])
      this.violation(request, 'structured message (CRC64) uploads are not understood by the test server')
    const length = Number(request.headers['content-length'] ?? Number.NaN)
    if (length !== raw.length)
      this.violation(
        request,
        `content-length ${request.headers['content-length']}, but ${raw.length} bytes came`,
      )
    const md5 = createHash('md5').update(raw).digest('base64')

    if (comp === 'block') {
      const blockId = url.searchParams.get('blockid') ?? ''
      const decoded = Buffer.from(blockId, 'base64')
      if (!blockId || decoded.length === 0 || decoded.length > 64 || decoded.toString('base64') !== blockId) {
        this.violation(request, `blockid ${JSON.stringify(blockId)} is not base64 of at most 64 bytes`)
        return this.azureError(
          400,
          'InvalidQueryParameterValue',
          'Value for one of the query parameters is not valid.',
        )
      }
      const other = record.blocks.keys().next().value
      if (other !== undefined && other.length !== blockId.length)
        this.violation(request, 'block ids of one blob must all have the same length')
      record.blocks.set(blockId, raw)
      return {
        status: 201,
        headers: { ...common, 'content-md5': md5, 'x-ms-request-server-encrypted': 'true' },
      }
    }
    if (comp === 'blocklist') {
      const xml = raw.toString('utf8')
      if (!/<BlockList>[\s\S]*<\/BlockList>/.test(xml)) {
        this.violation(request, `the block list is not a <BlockList> document: ${xml.slice(0, 200)}`)
        return this.azureError(400, 'InvalidXmlDocument', 'XML specified is not syntactically valid.')
      }
      const ids = [...xml.matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g)].map((m) => m[2]!)
      const missing = ids.filter((b) => !record.blocks.has(b))
      if (missing.length > 0) {
        this.violation(request, `the block list names blocks never staged: ${missing.join(', ')}`)
        return this.azureError(400, 'InvalidBlockList', 'The specified block list is invalid.')
      }
      record.committed = Buffer.concat(ids.map((b) => record.blocks.get(b)!))
      record.blocks.clear()
      const type = request.headers['x-ms-blob-content-type']
      if (typeof type === 'string') record.contentType = type
      return {
        status: 201,
        headers: {
          ...common,
          etag: `"0x8DC${sha256(record.committed).slice(0, 12).toUpperCase()}"`,
          'last-modified': new Date().toUTCString(),
          'content-md5': md5,
          'x-ms-request-server-encrypted': 'true',
        },
      }
    }
    if (comp === null && request.headers['x-ms-blob-type'] === 'BlockBlob') {
      record.committed = raw
      const type = request.headers['x-ms-blob-content-type']
      if (typeof type === 'string') record.contentType = type
      return {
        status: 201,
        headers: {
          ...common,
          etag: `"0x8DC${sha256(raw).slice(0, 12).toUpperCase()}"`,
          'last-modified': new Date().toUTCString(),
          'content-md5': md5,
          'x-ms-request-server-encrypted': 'true',
        },
      }
    }
    this.violation(request, `PUT with comp=${comp}: not a block blob upload`)
    return this.azureError(
      400,
      'InvalidQueryParameterValue',
      'Value for one of the query parameters is not valid.',
    )
  }
}

// --- Twirp messages, in protobuf's JSON form (snake_case names, int64 as strings, wrappers bare) ---

type FieldKind = 'string' | 'strings' | 'object' | 'int32' | 'int64' | 'timestamp'
interface Field {
  kind: FieldKind
  /** Present and not empty: proto3 has no required fields, but the service refuses the message without. */
  required?: boolean
}

const ids: Record<string, Field> = {
  workflow_run_backend_id: { kind: 'string', required: true },
  workflow_job_run_backend_id: { kind: 'string', required: true },
}
const TWIRP_FIELDS: Record<string, Record<string, Field>> = {
  CreateArtifact: {
    ...ids,
    name: { kind: 'string', required: true },
    expires_at: { kind: 'timestamp' },
    version: { kind: 'int32' },
    mime_type: { kind: 'string' },
  },
  FinalizeArtifact: {
    ...ids,
    name: { kind: 'string', required: true },
    size: { kind: 'int64', required: true },
    hash: { kind: 'string' },
  },
  ListArtifacts: { ...ids, name_filter: { kind: 'string' }, id_filter: { kind: 'int64' } },
  GetSignedArtifactURL: { ...ids, name: { kind: 'string', required: true } },
  DeleteArtifact: { ...ids, name: { kind: 'string', required: true } },
}

// The cache service: `metadata` (repository and scopes) is optional and filled in by the service.
const cacheMetadata: Record<string, Field> = { metadata: { kind: 'object' } }
const CACHE_TWIRP_FIELDS: Record<string, Record<string, Field>> = {
  CreateCacheEntry: {
    ...cacheMetadata,
    key: { kind: 'string', required: true },
    version: { kind: 'string', required: true },
  },
  FinalizeCacheEntryUpload: {
    ...cacheMetadata,
    key: { kind: 'string', required: true },
    size_bytes: { kind: 'int64', required: true },
    version: { kind: 'string', required: true },
  },
  GetCacheEntryDownloadURL: {
    ...cacheMetadata,
    key: { kind: 'string', required: true },
    restore_keys: { kind: 'strings' },
    version: { kind: 'string', required: true },
  },
}

function checkTwirpMessage(body: unknown, fields: Record<string, Field>): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return ['the message is not an object']
  const problems: string[] = []
  const message = body as Record<string, unknown>
  for (const key of Object.keys(message)) if (!(key in fields)) problems.push(`unknown field ${key}`)
  for (const [key, field] of Object.entries(fields)) {
    const value = message[key]
    if (value === undefined || value === null || value === '') {
      if (field.required) problems.push(`missing field ${key}`)
      continue
    }
    const ok =
      field.kind === 'string'
        ? typeof value === 'string'
        : field.kind === 'strings'
          ? Array.isArray(value) && value.every((v) => typeof v === 'string')
          : field.kind === 'object'
            ? typeof value === 'object' && !Array.isArray(value)
            : field.kind === 'int32'
              ? Number.isInteger(value) && Math.abs(value as number) < 2 ** 31
              : field.kind === 'int64'
                ? (typeof value === 'string' && /^-?\d+$/.test(value)) || Number.isSafeInteger(value)
                : typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)
    if (!ok) problems.push(`field ${key}=${JSON.stringify(value)} is not a ${field.kind}`)
  }
  return problems
}

/** The scopes of an Actions runtime token (`Bearer <JWT>`), undefined when it is not one. */
function runtimeScopes(authorization: string | undefined): string[] | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (payload === undefined) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { scp?: unknown }
    return typeof claims.scp === 'string' ? claims.scp.split(' ') : undefined
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------------

/** Starts a server on 127.0.0.1 at a free port; close it when done. */
export async function startGitHubServer(options: GitHubServerOptions = {}): Promise<GitHubServer> {
  const server = new GitHubServer(options)
  await server.listen()
  return server
}

export interface RuntimeEnvOptions {
  runId: number
  /** Default 1. */
  jobId?: number
  /** GITHUB_WORKSPACE; default the current directory. */
  workspace?: string
  /** The run's branch and commit, also what the REST API says of its artifacts. */
  headBranch?: string
  headSha?: string
}

/**
 * The variables a job of run `runId` has, pointed at the server: the Actions runtime token (an
 * unsigned JWT granting the run's results), the results service URL and the GITHUB_* context.
 */
export function runtimeEnv(server: GitHubServer, options: RuntimeEnvOptions): Record<string, string> {
  const { runId } = options
  const jobId = options.jobId ?? 1
  const run = server.addRun(runId, {
    ...(options.headBranch !== undefined ? { headBranch: options.headBranch } : {}),
    ...(options.headSha !== undefined ? { headSha: options.headSha } : {}),
  })
  const { run: runBackendId, job: jobBackendId } = backendIds(runId, jobId)
  const now = Math.floor(Date.now() / 1000)
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'none' }))
  const claims = base64url(
    JSON.stringify({
      scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}`,
      iss: 'https://token.actions.githubusercontent.com',
      aud: 'actions.results',
      nbf: now - 60,
      iat: now - 60,
      exp: now + 6 * 3600,
    }),
  )
  return {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    ACTIONS_RUNTIME_TOKEN: `${header}.${claims}.`,
    ACTIONS_RESULTS_URL: `${server.url}/`,
    // @actions/cache talks to the results service's CacheService (v2) only when told to.
    ACTIONS_CACHE_SERVICE_V2: 'true',
    // github.com, not the server: @actions/artifact refuses to run against GitHub Enterprise Server.
    GITHUB_SERVER_URL: HTML_URL,
    GITHUB_API_URL: server.url,
    GITHUB_GRAPHQL_URL: `${server.url}/graphql`,
    GITHUB_REPOSITORY: `${server.owner}/${server.repo}`,
    GITHUB_REPOSITORY_OWNER: server.owner,
    GITHUB_REPOSITORY_ID: String(REPOSITORY_ID),
    GITHUB_RUN_ID: String(runId),
    GITHUB_RUN_NUMBER: String(runId % 10000),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: `job-${jobId}`,
    GITHUB_WORKFLOW: 'bench',
    GITHUB_SHA: run.headSha,
    GITHUB_REF: `refs/heads/${run.headBranch}`,
    GITHUB_REF_NAME: run.headBranch,
    GITHUB_WORKSPACE: options.workspace ?? process.cwd(),
    NO_PROXY: '127.0.0.1,localhost',
  }
}

/** Runs `fn` with `vars` set in process.env, restoring what was there afterwards. */
export async function withProcessEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = new Map<string, string | undefined>()
  for (const [k, v] of Object.entries(vars)) {
    saved.set(k, process.env[k])
    process.env[k] = v
  }
  try {
    return await fn()
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}
