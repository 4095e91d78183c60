// bench.yml → Config: parse the YAML keeping positions, validate with the schema, then apply defaults,
// inheritance and paths. Everything that can go wrong ends as a ConfigError located in the file.
import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type Document, isScalar, LineCounter, parseDocument } from 'yaml'
import * as z from 'zod'
import type { AcceptEntry } from '../accept.ts'
import { type ConfinedPath, gotOutside, leadsOut, repositoryOf } from '../fields/confine.ts'
import {
  type ConfigDefaults,
  type Env,
  type PathSegment,
  type ResolveContext,
  toArgv,
} from '../fields/index.ts'
import { resolveBenchmark } from '../kinds/index.ts'
import { compareGroups } from './compare-with.ts'
import {
  ConfigError,
  formatPath,
  locate,
  problemsFromIssues,
  type YamlSource,
  yamlProblem,
} from './errors.ts'
import {
  type ConfigFile,
  configSchema,
  DEFAULT_SETUP_TIMEOUT_MS,
  DEFAULT_SUITE,
  DEFAULTS,
  type DefaultsEntry,
  type SetupStepEntry,
} from './schema.ts'

/** Where the CLI looks for a config, in order, relative to the working directory. */
export const CONFIG_FILE_NAMES = [
  'bench.yml',
  'bench.yaml',
  '.github/bench.yml',
  '.github/bench.yaml',
] as const

/** The first config file found from `cwd` (see CONFIG_FILE_NAMES), as an absolute path, or null. */
export function findConfigFile(cwd: string): string | null {
  for (const name of CONFIG_FILE_NAMES) {
    const candidate = path.resolve(cwd, name)
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate
  }
  return null
}

/** Reads and parses a config file; `file` is named as given in every error message. */
export async function loadConfig(file: string): Promise<Config> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ConfigError(file, { path: '', detail: readFailure(error) })
  }
  return parseConfig(text, file)
}

function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such config file'
  if (code === 'EISDIR') return 'is a directory, expected a YAML config file'
  if (code === 'EACCES' || code === 'EPERM') return 'cannot read the config file: permission denied'
  return `cannot read the config file: ${(error as Error).message}`
}

/**
 * Parses config text. `file` names the file in error messages as given; relative paths in the config
 * resolve against its directory (relative to the process's working directory).
 */
export function parseConfig(text: string, file: string): Config {
  const lineCounter = new LineCounter()
  // Merge keys (`<<: *common`) are how YAML users share settings between benchmarks.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, merge: true, uniqueKeys: true })
  const source: YamlSource = { doc, lineCounter }
  const syntaxError = doc.errors[0]
  if (syntaxError !== undefined) throw new ConfigError(file, yamlProblem(syntaxError, text, source))
  if (doc.contents === null) {
    throw new ConfigError(file, {
      path: '',
      expected: 'a mapping with a "benchmarks" list',
      detail: 'the file is empty; expected a mapping with a "benchmarks" list',
    })
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (error) {
    throw new ConfigError(file, { path: '', detail: `invalid YAML: ${(error as Error).message}` })
  }
  keepArgumentSource(doc, data)
  const parsed = configSchema.safeParse(data, { error: fallbackMessage })
  if (!parsed.success) {
    throw new ConfigError(file, problemsFromIssues(parsed.error.issues, data, configSchema, source))
  }
  return resolveConfig(parsed.data, path.resolve(file), { file, source })
}

/** Every schema field has its own message; this only keeps zod's wording out if one is missed. */
function fallbackMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`
  return undefined
}

/**
 * Arguments and environment values are text even when YAML reads them as numbers or booleans. Their
 * source text is kept rather than the number's printout, so `[sleep, 0.10]` passes "0.10" and
 * `VERSION: 1.10` stays "1.10".
 */
function keepArgumentSource(doc: Document, data: unknown) {
  const textPaths: PathSegment[][] = []
  const addEnv = (at: PathSegment[], env: unknown) => {
    if (isRecord(env)) for (const key of Object.keys(env)) textPaths.push([...at, key])
  }
  const addArgv = (at: PathSegment[], argv: unknown) => {
    if (Array.isArray(argv)) for (let i = 0; i < argv.length; i++) textPaths.push([...at, i])
  }
  if (!isRecord(data)) return
  if (isRecord(data.defaults)) addEnv(['defaults', 'env'], data.defaults.env)
  for (const key of ['setup', 'base-setup'] as const) {
    const steps = data[key]
    if (!Array.isArray(steps)) continue
    steps.forEach((step, i) => {
      addArgv([key, i], step)
      if (isRecord(step)) {
        addArgv([key, i, 'run'], step.run)
        addEnv([key, i, 'env'], step.env)
      }
    })
  }
  if (Array.isArray(data.benchmarks)) {
    data.benchmarks.forEach((benchmark, i) => {
      if (!isRecord(benchmark)) return
      addArgv(['benchmarks', i, 'command'], benchmark.command)
      addArgv(['benchmarks', i, 'runner'], benchmark.runner)
      if (isRecord(benchmark.engines)) {
        for (const engine of Object.keys(benchmark.engines))
          addArgv(['benchmarks', i, 'engines', engine], benchmark.engines[engine])
      }
      addEnv(['benchmarks', i, 'env'], benchmark.env)
      addEnv(['benchmarks', i, 'params'], benchmark.params)
      addEnv(['benchmarks', i, 'input'], benchmark.input)
    })
  }
  // An accepted regression's texts: `until: 1234567` is a commit, not a number; `reason: true` is text.
  if (Array.isArray(data.accept)) {
    data.accept.forEach((entry, i) => {
      if (!isRecord(entry)) return
      for (const key of ['benchmark', 'metric', 'reason', 'until']) textPaths.push(['accept', i, key])
    })
  }
  for (const at of textPaths) {
    const parent = at
      .slice(0, -1)
      .reduce<unknown>((value, key) => (value as Record<PathSegment, unknown>)[key], data)
    const key = at[at.length - 1]!
    const value = (parent as Record<PathSegment, unknown>)[key]
    if (typeof value !== 'number' && typeof value !== 'boolean') continue
    const node = doc.getIn(at, true)
    if (isScalar(node) && typeof node.source === 'string')
      (parent as Record<PathSegment, unknown>)[key] = node.source
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** The generated JSON Schema of bench.yml (what users write, before defaults), for editors. */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(configSchema, { io: 'input' }) as Record<string, unknown>
}

// ---------------------------------------------------------------------------------------------------
// Defaults, inheritance and paths.

/** The normalised config: what the rest of the pipeline receives. */
export type Config = ReturnType<typeof resolveConfig>

export type { ConfigDefaults }

function resolveDefaults(written: DefaultsEntry | undefined, file: ConfigFile): ConfigDefaults {
  return {
    threshold: written?.threshold ?? DEFAULTS.threshold,
    runs: written?.runs ?? DEFAULTS.runs,
    warmup: written?.warmup ?? DEFAULTS.warmup,
    timeoutMs: written?.timeout ?? DEFAULTS.timeoutMs,
    alpha: written?.alpha ?? DEFAULTS.alpha,
    sequential: written?.sequential ?? DEFAULTS.sequential,
    timedChange: file['timed-change'] ?? DEFAULTS.timedChange,
  }
}

function resolveConfig(entry: ConfigFile, file: string, named: { file: string; source: YamlSource }) {
  const dir = path.dirname(file)
  const repository = repositoryOf(dir)
  const defaults = resolveDefaults(entry.defaults, entry)
  const env = entry.defaults?.env ?? {}
  const contextAt = (prefix: readonly PathSegment[]): ResolveContext => ({
    dir,
    defaults,
    env,
    writtenWarmup: entry.defaults?.warmup,
    confine: (written, at, what, resolved) =>
      confine(named, repository, written, resolved ?? path.resolve(dir, written), [...prefix, ...at], what),
  })
  return {
    /** Absolute path of the config file. */
    file,
    /** Its directory: relative `cwd` values and the default cwd resolve against it. */
    dir,
    /** The repository it belongs to: the files it names for bench-action to read stay inside (fields/confine.ts). */
    repository,
    /** Names the PR comment and the baselines; safe to use in file names and markers. */
    suite: entry.suite ?? DEFAULT_SUITE,
    defaults,
    setup: (entry.setup ?? []).map((step) => resolveSetupStep(step, dir, env)),
    ...(entry['base-setup']
      ? {
          /** Setup steps for the base tree of a same-job comparison, when they differ from `setup`. */
          baseSetup: entry['base-setup'].map((step) => resolveSetupStep(step, dir, env)),
        }
      : {}),
    benchmarks: entry.benchmarks.map((benchmark, i) =>
      resolveBenchmark(benchmark, contextAt(['benchmarks', i])),
    ),
    ...rankingGroupsOf(entry),
    ...(entry.accept && entry.accept.length > 0
      ? {
          /** Regressions accepted on purpose (see src/accept.ts); `until` commits in lower case. */
          accept: entry.accept.map(
            (a): AcceptEntry => ({
              benchmark: a.benchmark,
              ...(a.metric !== undefined ? { metric: a.metric } : {}),
              reason: a.reason.trim(),
              ...(a.until !== undefined ? { until: a.until.toLowerCase() } : {}),
            }),
          ),
        }
      : {}),
    ...(entry.trends !== undefined
      ? {
          /** The published trend site's address, without a trailing slash: benchmarks link to their pages there. */
          trends: entry.trends.replace(/\/+$/, ''),
        }
      : {}),
  }
}

/** The `compare-with:` groups, when the file declares any. */
function rankingGroupsOf(entry: ConfigFile): { rankingGroups?: string[][] } {
  const groups = compareGroups(entry.benchmarks)
  return groups.length > 0
    ? {
        /** Benchmarks declared alternatives to each other: each group's entry names, in the file's order. */
        rankingGroups: groups,
      }
    : {}
}

/**
 * A path the config names for bench-action to read, as a ConfinedPath; one that leads out of the
 * repository is a config error at its place in the file.
 */
function confine(
  named: { file: string; source: YamlSource },
  repository: string,
  written: string,
  file: string,
  at: readonly PathSegment[],
  what: string,
): ConfinedPath {
  const position = locate(named.source, at, 'value')
  const where = formatPath(at)
  const expected = `${what} inside the repository ${repository}`
  const out = leadsOut(file, repository)
  if (out !== undefined)
    throw new ConfigError(named.file, {
      path: where,
      ...position,
      expected,
      detail: `expected ${expected}, ${gotOutside(written, out)}`,
    })
  const line = position === undefined ? named.file : `${named.file}:${position.line}:${position.column}`
  return { path: file, written, within: repository, expected, at: `${line}: ${where}` }
}

function resolveSetupStep(step: SetupStepEntry, dir: string, defaultEnv: Env) {
  const form = typeof step === 'string' || Array.isArray(step) ? { run: step } : step
  const shell = form.shell ?? false
  return {
    /** argv; with `shell` it is ['/bin/sh', '-c', script]. */
    command: toArgv(form.run, shell),
    shell,
    /** Absolute. */
    cwd: path.resolve(dir, form.cwd ?? '.'),
    /** Added to the inherited environment; `defaults.env` merged under the step's own. */
    env: { ...defaultEnv, ...form.env },
    timeoutMs: form.timeout ?? DEFAULT_SETUP_TIMEOUT_MS,
  }
}

/** A setup step of the normalised config. */
export type SetupStep = ReturnType<typeof resolveSetupStep>
