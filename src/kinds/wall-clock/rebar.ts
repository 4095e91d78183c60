// A rebar benchmark directory as wall-clock cases: `rebar: { benchmarks: DIR }` reads DIR the way
// `rebar measure` does (rebar's FORMAT.md) — engines.toml for how each engine's runner is started,
// definitions/**/*.toml for the benchmarks, haystacks/ and regexes/ for the files they name — and
// gives one case per definition and engine, sending each runner the KLV rebar would send it
// (name, model, case-insensitive, unicode, the limits, then one pattern item per regex and the haystack).
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseToml, TomlError } from 'smol-toml'
import * as z from 'zod'
import {
  type ConfinedPath,
  checkConfined,
  gotOutside,
  isInside,
  leadsTo,
  OutsidePathError,
  readConfined,
} from '../../fields/confine.ts'
import { runCommand } from '../../system/command.ts'

/** What `rebar:` says: the directory, and regexes choosing definitions (GROUP/NAME) and engines. */
export interface RebarSelection {
  /** The directory holding engines.toml, definitions/, haystacks/ and regexes/, inside the repository. */
  benchmarks: ConfinedPath
  /** Kept when it matches a definition's full name somewhere (`rebar measure -f`). */
  filter?: string
  /** Kept when it matches an engine's name somewhere (`rebar measure -e`). */
  engines?: string
  /** Kept when it matches a definition's model somewhere (`rebar measure -m`). */
  model?: string
  /** The chosen engines are built first (rebar-build.ts), as `rebar build -e` would. */
  build?: boolean
}

/** One benchmark of a definition file, resolved: the KLV items rebar sends before its limits. */
export interface RebarDefinition {
  /** `GROUP/NAME`: the file's path under definitions/ without .toml, then the benchmark's name. */
  name: string
  model: string
  /** Each a `pattern` item, in order. */
  patterns: string[]
  caseInsensitive: boolean
  unicode: boolean
  /** Reads the haystack when a runner is first sent it (haystack files are read once, then kept). */
  haystack: () => Promise<Buffer>
  /** The expected count for each engine: the first entry whose (anchored) regex matches its name. */
  counts: Array<{ engine: RegExp; count: number; written: string }>
  /** The engines to measure, in the order listed, after the engine filter. */
  engines: string[]
  /** The file it came from, for messages. */
  file: string
  /** Why its benchmarks cannot run (a regex file that cannot be read): each fails with it. */
  error?: string
}

/** A command of engines.toml, with rebar's rules for its working directory applied. */
export interface RebarCommand {
  /** argv, the program resolved as rebar resolves it. */
  argv: string[]
  /** Absolute. */
  cwd: string
  env: Record<string, string>
}

export interface RebarEngine {
  name: string
  run: RebarCommand
  /** `[[engine.dependency]]`: a command that must succeed and, with a regex, print a match of it. */
  dependencies: Array<RebarCommand & { regex?: string }>
  /** `[[engine.build]]`, in order. */
  build: RebarCommand[]
  /**
   * How its version is read: a command's output or a file (inside the repository), and an optional
   * regex with a `version` group.
   */
  version: { command?: RebarCommand; file?: ConfinedPath; regex?: string }
}

export interface RebarSuite {
  definitions: RebarDefinition[]
  engines: Map<string, RebarEngine>
}

/** A rebar directory that is not what FORMAT.md describes: names the file, the place in it and what was expected. */
export class RebarFormatError extends Error {
  override name = 'RebarFormatError'
}

/** A regex file a selected definition names that cannot be read: fails that definition's benchmarks. */
class RegexFileError extends RebarFormatError {}

const NAME_PART = /^[-A-Za-z0-9]+$/
const ENGINE_NAME = /^[-A-Za-z0-9]+(\/[-A-Za-z0-9]+)*$/

const stringList = z.union([z.string(), z.array(z.string())])
const commandTable = {
  cwd: z.string().optional(),
  bin: z.string(),
  args: z.array(z.string()).default([]),
  envs: z.array(z.strictObject({ name: z.string(), value: z.string() })).default([]),
}
const commandSchema = z.strictObject(commandTable)
const engineSchema = z.strictObject({
  name: z.string().regex(ENGINE_NAME, 'expected an engine name like rust/regex (letters, digits, -, /)'),
  cwd: z.string().optional(),
  run: commandSchema,
  version: z.strictObject({
    ...commandTable,
    bin: z.string().optional(),
    file: z.string().optional(),
    regex: z.string().optional(),
  }),
  dependency: z.array(z.strictObject({ ...commandTable, regex: z.string().optional() })).default([]),
  build: z.array(commandSchema).default([]),
  clean: z.array(commandSchema).default([]),
})
const enginesFileSchema = z.strictObject({ engine: z.array(engineSchema).default([]) })

const regexOptions = {
  literal: z.boolean().default(false),
  'per-line': z.enum(['none', 'alternate', 'pattern']).default('none'),
  prepend: z.string().optional(),
  append: z.string().optional(),
}
const haystackOptions = {
  'utf8-lossy': z.boolean().default(false),
  trim: z.boolean().default(false),
  'line-start': z.int().nonnegative().optional(),
  'line-end': z.int().nonnegative().optional(),
  repeat: z.int().nonnegative().optional(),
  prepend: z.string().optional(),
  append: z.string().optional(),
}
const definitionSchema = z.strictObject({
  model: z.string(),
  name: z.string().regex(NAME_PART, 'expected a name of letters, digits and -'),
  regex: z.union([
    stringList,
    z.strictObject({ patterns: stringList.optional(), path: z.string().optional(), ...regexOptions }),
  ]),
  'case-insensitive': z.boolean().default(false),
  unicode: z.boolean().default(false),
  haystack: z.union([
    z.string(),
    z.strictObject({ contents: z.string().optional(), path: z.string().optional(), ...haystackOptions }),
  ]),
  count: z.union([
    z.int().nonnegative(),
    z.array(z.strictObject({ engine: z.string(), count: z.int().nonnegative() })),
  ]),
  engines: z.array(z.string()).min(1, 'expected at least one engine'),
  analysis: z.string().optional(),
})
const definitionsFileSchema = z.strictObject({
  bench: z.array(definitionSchema).default([]),
  analysis: z.string().optional(),
})

type RegexOptions = z.output<z.ZodObject<typeof regexOptions>>
type HaystackOptions = z.output<z.ZodObject<typeof haystackOptions>>

/** How haystack files are read; a test counts the reads through it. */
export type HaystackReader = (file: ConfinedPath) => Promise<Buffer>

/**
 * Reads the directory as `Benchmarks::from_dir` does (src/format/benchmarks.rs): every definition
 * file is parsed and checked for duplicate names, then filtered by name and engine, and only then are
 * engines.toml's referenced engines and the selected definitions' regex files read. Haystack files
 * are not read here: each definition's is read when a runner is first sent it, once per file and
 * options however many definitions and engines use it, so a missing haystack fails only the
 * benchmarks that use it, and a partial checkout runs what it has.
 */
export async function readRebarSuite(
  selection: RebarSelection,
  rebarCwd: string,
  options: { readHaystack?: HaystackReader } = {},
): Promise<RebarSuite> {
  const tree = rebarTree(selection.benchmarks, rebarCwd)
  const selected = await selectDefinitions(selection, tree, rebarCwd)
  const referenced = new Set(selected.flatMap((d) => d.engines))
  const engines = await readEngines(tree, rebarCwd, referenced, selection.benchmarks.within)
  const haystacks = new HaystackCache(options.readHaystack ?? readConfined)
  const definitions: RebarDefinition[] = []
  for (const d of selected) {
    const unknown = d.engines.find((e) => !engines.has(e))
    if (unknown)
      throw new RebarFormatError(
        `${d.file}: ${d.name} lists the engine ${unknown}, which ${path.join(tree.shown, 'engines.toml')} does not define`,
      )
    definitions.push(await definitionOf(d, tree, haystacks))
  }
  return { definitions, engines }
}

/** A definition as written, with its name, place and the engines the filter kept. */
interface SelectedDefinition {
  wire: z.output<typeof definitionSchema>
  name: string
  where: string
  file: string
  engines: string[]
}

/** Every definition file parsed, duplicates refused, then those `rebar measure -f/-m/-e` would keep. */
async function selectDefinitions(
  selection: RebarSelection,
  tree: RebarTree,
  rebarCwd: string,
): Promise<SelectedDefinition[]> {
  const nameFilter = selection.filter === undefined ? undefined : rustRegex(selection.filter, 'rebar.filter')
  const engineFilter =
    selection.engines === undefined ? undefined : rustRegex(selection.engines, 'rebar.engines')
  const modelFilter = selection.model === undefined ? undefined : rustRegex(selection.model, 'rebar.model')
  const definitionsDir = path.join(selection.benchmarks.path, 'definitions')
  const files = (await tomlFiles(definitionsDir)).sort()
  const all: SelectedDefinition[] = []
  const seen = new Map<string, string>()
  for (const file of files) {
    const group = path.relative(definitionsDir, file).slice(0, -'.toml'.length).split(path.sep).join('/')
    const relative = path.relative(rebarCwd, file)
    for (const piece of group.split('/')) {
      if (!NAME_PART.test(piece))
        throw new RebarFormatError(
          `${relative}: the group name "${group}" comes from the file's path, and each part must be letters, digits and - (rebar's rule), got "${piece}"`,
        )
    }
    const parsed = validated(
      definitionsFileSchema,
      await readToml(file, relative, tree.definitions),
      relative,
    )
    for (const [index, wire] of parsed.bench.entries()) {
      const name = `${group}/${wire.name}`
      const where = `${relative}: bench[${index}]`
      const earlier = seen.get(name)
      if (earlier)
        throw new RebarFormatError(`${where}: the benchmark ${name} is defined twice (first in ${earlier})`)
      seen.set(name, relative)
      all.push({ wire, name, where, file: relative, engines: wire.engines })
    }
  }
  return all
    .filter((d) => !nameFilter || nameFilter.test(d.name))
    .filter((d) => !modelFilter || modelFilter.test(d.wire.model))
    .map((d) => ({ ...d, engines: d.engines.filter((e) => !engineFilter || engineFilter.test(e)) }))
    .filter((d) => d.engines.length > 0)
}

/**
 * A selected definition resolved: its regex file read (one that cannot be read fails this
 * definition's benchmarks only), its haystack a loader, its path checked against haystacks/ now.
 */
async function definitionOf(
  d: SelectedDefinition,
  tree: RebarTree,
  haystacks: HaystackCache,
): Promise<RebarDefinition> {
  const { wire, where } = d
  let patterns: string[] = []
  let error: string | undefined
  try {
    patterns = await patternsOf(wire.regex, tree, `${where}.regex`)
  } catch (caught) {
    if (!(caught instanceof RegexFileError)) throw caught
    error = caught.message
  }
  return {
    name: d.name,
    model: wire.model,
    patterns,
    caseInsensitive: wire['case-insensitive'],
    unicode: wire.unicode,
    haystack: haystackOf(wire.haystack, tree, `${where}.haystack`, haystacks),
    counts: countsOf(wire.count, `${where}.count`),
    engines: d.engines,
    file: d.file,
    ...(error === undefined ? {} : { error }),
  }
}

/**
 * Where a rebar directory's files may be read from, each a real path (symlinks followed): the directory
 * itself (engines.toml), definitions/, haystacks/ and regexes/, as FORMAT.md lays them out, each inside
 * the one before. The directory must lead inside the repository, and each of the three inside it.
 */
interface RebarTree {
  dir: string
  definitions: string
  haystacks: string
  regexes: string
  /** How messages name the directory: relative to the benchmark's working directory. */
  shown: string
}

function rebarTree(benchmarks: ConfinedPath, rebarCwd: string): RebarTree {
  try {
    checkConfined(benchmarks)
  } catch (error) {
    if (error instanceof OutsidePathError) throw new RebarFormatError(error.message)
    throw error
  }
  const dir = leadsTo(benchmarks.path)
  const shown = path.relative(rebarCwd, benchmarks.path) || '.'
  const inside = (name: string) => {
    const real = leadsTo(path.join(benchmarks.path, name))
    if (!isInside(real, dir))
      throw new RebarFormatError(
        `${path.join(shown, name)}: expected a directory inside ${shown} (rebar's layout: engines.toml, definitions/, haystacks/ and regexes/ side by side), ${gotOutside(path.join(shown, name), real)}`,
      )
    return real
  }
  return {
    dir,
    definitions: inside('definitions'),
    haystacks: inside('haystacks'),
    regexes: inside('regexes'),
    shown,
  }
}

/** A file a definition names under haystacks/ or regexes/, which it must not leave. */
function underTree(
  tree: RebarTree,
  under: 'haystacks' | 'regexes',
  written: string,
  at: string,
): ConfinedPath {
  return {
    path: path.resolve(tree[under], written),
    written,
    within: tree[under],
    expected: `a path inside ${path.join(tree.shown, under)}/ (relative to it, as FORMAT.md writes them)`,
    at,
  }
}

async function tomlFiles(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true })
  } catch (error) {
    throw new RebarFormatError(
      `cannot read the definitions directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (a rebar benchmarks directory holds engines.toml and definitions/)`,
    )
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.toml'))
    .map((e) => path.join(e.parentPath, e.name))
}

async function readToml(file: string, shown: string, within: string): Promise<unknown> {
  let text: string
  try {
    text = (
      await readConfined({ path: file, within, expected: `a file inside ${within}`, at: shown })
    ).toString('utf8')
  } catch (error) {
    if (error instanceof OutsidePathError) throw new RebarFormatError(error.message)
    throw new RebarFormatError(`cannot read ${shown}: ${(error as NodeJS.ErrnoException).code}`)
  }
  try {
    return parseToml(text)
  } catch (error) {
    if (!(error instanceof TomlError)) throw error
    const first = error.message.split('\n', 1)[0]
    throw new RebarFormatError(`${shown}: line ${error.line}, column ${error.column}: ${first}`)
  }
}

function validated<T extends z.ZodType>(schema: T, value: unknown, shown: string): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const at = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('')
  throw new RebarFormatError(`${shown}: ${at || 'the file'}: ${describeIssue(issue)}`)
}

const UNION_EXPECTED: Record<string, string> = {
  regex: 'expected a string, a list of strings or a table with patterns or path',
  patterns: 'expected a string or a list of strings',
  haystack: 'expected a string or a table with contents or path',
  count: 'expected a whole number or a list of { engine, count }',
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')} (FORMAT.md lists the keys rebar reads)`
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return `missing (expected ${issue.expected})`
  if (issue.code === 'invalid_union')
    return UNION_EXPECTED[String(issue.path.at(-1))] ?? 'expected a value FORMAT.md allows'
  return issue.message
}

async function readEngines(tree: RebarTree, rebarCwd: string, referenced: Set<string>, repository: string) {
  const file = path.join(tree.dir, 'engines.toml')
  const shown = path.join(tree.shown, 'engines.toml')
  const parsed = validated(enginesFileSchema, await readToml(file, shown, tree.dir), shown)
  const engines = new Map<string, RebarEngine>()
  for (const [index, e] of parsed.engine.entries()) {
    if (!referenced.has(e.name)) continue
    if (engines.has(e.name))
      throw new RebarFormatError(`${shown}: engine[${index}]: the engine ${e.name} is defined twice`)
    const version = e.version
    if (version.bin === undefined && version.file === undefined)
      throw new RebarFormatError(`${shown}: engine[${index}].version: expected bin (a command) or file`)
    const cwd = engineCwdOf(e.cwd, tree.dir)
    engines.set(e.name, {
      name: e.name,
      run: commandOf(e.run, cwd, rebarCwd),
      dependencies: e.dependency.map((d) => ({
        ...commandOf(d, undefined, rebarCwd),
        ...(d.regex !== undefined ? { regex: d.regex } : {}),
      })),
      build: e.build.map((b) => commandOf(b, cwd, rebarCwd)),
      version: {
        ...(version.bin !== undefined
          ? { command: commandOf({ ...version, bin: version.bin }, cwd, rebarCwd) }
          : {}),
        ...(version.file !== undefined
          ? {
              file: versionFile(
                version.file,
                rebarCwd,
                repository,
                `${shown}: engine[${index}].version.file`,
              ),
            }
          : {}),
        ...(version.regex !== undefined ? { regex: version.regex } : {}),
      },
    })
  }
  return engines
}

/**
 * A version file, read as rebar reads it: `std::fs::read(file)` in `VersionConfig::get`
 * (src/format/benchmarks.rs), so relative to rebar's working directory, not the engine's `cwd`
 * (FORMAT.md does not say which). Only inside the repository: a build step writes it beside the engine.
 */
function versionFile(written: string, rebarCwd: string, repository: string, at: string): ConfinedPath {
  const file: ConfinedPath = {
    path: path.resolve(rebarCwd, written),
    written,
    within: repository,
    expected: `a file inside the repository ${repository}`,
    at,
  }
  const real = leadsTo(file.path)
  if (!isInside(real, leadsTo(repository)))
    throw new RebarFormatError(`${at}: expected ${file.expected}, ${gotOutside(written, real)}`)
  return file
}

/**
 * rebar's rule for where a command of engines.toml runs and what it starts, as its source has it
 * (src/format/benchmarks.rs at 09cfc23):
 * - an engine's `cwd` is joined to the directory holding engines.toml, which is also its default
 *   (`Engine::validate`: `Path::new(bench_dir).join(cwd)`); `benchDir` is that directory;
 * - a `run`, `version`, `build` or `clean` command with no `cwd` of its own takes the engine's
 *   (`Command::validate`); a command's own `cwd` is kept as written, so the process starts there
 *   relative to rebar's working directory, here the benchmark's (`rebarCwd`). FORMAT.md says
 *   "relative to {bench_dir}" for it, but the source, which is what runs, does not join it;
 * - `bin` with a `/` is `cwd(rebar)/cwd(engine or command)/bin`, a bare name is looked up in PATH
 *   (`Command::bin`);
 * - a `dependency` command is not given the engine's `cwd` (`Engine::validate` leaves it alone), so
 *   it runs in rebar's working directory unless it sets its own: pass `engineCwd` undefined.
 */
export function commandOf(
  command: {
    cwd?: string | undefined
    bin: string
    args: string[]
    envs: Array<{ name: string; value: string }>
  },
  engineCwd: string | undefined,
  rebarCwd: string,
): RebarCommand {
  const cwd =
    command.cwd !== undefined ? path.resolve(rebarCwd, command.cwd) : (engineCwd ?? path.resolve(rebarCwd))
  const bin = command.bin.includes('/') ? path.resolve(cwd, command.bin) : command.bin
  return {
    argv: [bin, ...command.args],
    cwd,
    env: Object.fromEntries(command.envs.map((e) => [e.name, e.value])),
  }
}

/** An engine's working directory: its `cwd` under the directory holding engines.toml, else that directory. */
export function engineCwdOf(cwd: string | undefined, benchDir: string): string {
  return path.resolve(benchDir, cwd ?? '.')
}

type WireRegex = z.output<typeof definitionSchema>['regex']

async function patternsOf(regex: WireRegex, tree: RebarTree, where: string): Promise<string[]> {
  if (typeof regex === 'string') return [regex]
  if (Array.isArray(regex)) return regex
  if (regex.path !== undefined) {
    if (regex.patterns !== undefined)
      throw new RebarFormatError(`${where}: expected patterns or path, not both`)
    const file = underTree(tree, 'regexes', regex.path, `${where}.path`)
    let raw: string
    try {
      raw = new TextDecoder('utf-8', { fatal: true }).decode(await readConfined(file))
    } catch (error) {
      if (error instanceof OutsidePathError) throw new RebarFormatError(error.message)
      const why = error instanceof TypeError ? 'it is not valid UTF-8' : (error as NodeJS.ErrnoException).code
      throw new RegexFileError(
        `${where}.path: cannot read the regex file ${regex.path} under regexes/: ${why}`,
      )
    }
    return patternsFromFile(raw, regex)
  }
  if (regex.patterns === undefined) throw new RebarFormatError(`${where}: expected patterns or path`)
  return transformPatterns(typeof regex.patterns === 'string' ? [regex.patterns] : regex.patterns, regex)
}

/** A regex file: one pattern trimmed of white space, or one per line, or the lines as one alternation. */
export function patternsFromFile(raw: string, options: RegexOptions): string[] {
  switch (options['per-line']) {
    case 'none':
      return transformPatterns([trimWhiteSpace(raw)], options)
    case 'alternate':
      return [
        transformPatterns(lines(raw), options)
          .map((p) => `(?:${p})`)
          .join('|'),
      ]
    case 'pattern':
      return transformPatterns(lines(raw), options)
  }
}

function transformPatterns(patterns: string[], options: RegexOptions): string[] {
  return patterns.map(
    (p) => `${options.prepend ?? ''}${options.literal ? escapeRegex(p) : p}${options.append ?? ''}`,
  )
}

/** The characters the regex crate gives a meaning (regex_syntax::is_meta_character), each escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$#&\-~]/g, '\\$&')
}

/** Lines as Rust's `str::lines` gives them: split at \n, a \r before it dropped, no empty last line. */
function lines(text: string): string[] {
  if (text === '') return []
  const parts = text.split('\n')
  if (parts.at(-1) === '') parts.pop()
  return parts.map((line, i) =>
    i < parts.length - 1 || text.endsWith('\n') ? line.replace(/\r$/, '') : line,
  )
}

/** Unicode's White_Space property: what Rust's `trim` removes (not U+FEFF, which JavaScript's trim does). */
const WHITE_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u

export function trimWhiteSpace(text: string): string {
  const chars = [...text]
  let start = 0
  let end = chars.length
  while (start < end && WHITE_SPACE.test(chars[start]!)) start++
  while (end > start && WHITE_SPACE.test(chars[end - 1]!)) end--
  return chars.slice(start, end).join('')
}

type WireHaystack = z.output<typeof definitionSchema>['haystack']

/**
 * A definition's haystack as a loader. A file's path is checked against haystacks/ now (a path out is
 * the entry's error); the file is read when first loaded, through the cache.
 */
function haystackOf(
  haystack: WireHaystack,
  tree: RebarTree,
  where: string,
  cache: HaystackCache,
): () => Promise<Buffer> {
  if (typeof haystack === 'string') {
    const bytes = Buffer.from(haystack, 'utf8')
    return async () => bytes
  }
  if (haystack.path !== undefined) {
    if (haystack.contents !== undefined)
      throw new RebarFormatError(`${where}: expected contents or path, not both`)
    const file = underTree(tree, 'haystacks', haystack.path, `${where}.path`)
    try {
      checkConfined(file)
    } catch (error) {
      if (error instanceof OutsidePathError) throw new RebarFormatError(error.message)
      throw error
    }
    return () => cache.load(file, haystack, `${where}.path`)
  }
  if (haystack.contents === undefined) throw new RebarFormatError(`${where}: expected contents or path`)
  const bytes = transformHaystack(Buffer.from(haystack.contents, 'utf8'), haystack)
  return async () => bytes
}

/**
 * Haystack files, each read once when first needed (`Haystacks` in rebar's source keys them by path and
 * options too) and kept for the other definitions and engines that use it.
 */
class HaystackCache {
  private readonly files = new Map<string, Promise<Buffer>>()
  private readonly transformed = new Map<string, Promise<Buffer>>()

  constructor(private readonly read: HaystackReader) {}

  load(file: ConfinedPath, options: HaystackOptions & { path?: string }, at: string): Promise<Buffer> {
    const key = JSON.stringify([file.path, options])
    let haystack = this.transformed.get(key)
    if (!haystack) {
      haystack = this.raw(file, at).then((raw) => transformHaystack(raw, options))
      this.transformed.set(key, haystack)
    }
    return haystack
  }

  private raw(file: ConfinedPath, at: string): Promise<Buffer> {
    let raw = this.files.get(file.path)
    if (!raw) {
      raw = this.read(file).catch((error: unknown) => {
        if (error instanceof OutsidePathError) throw new RebarFormatError(error.message)
        throw new RebarFormatError(
          `${at}: cannot read the haystack ${file.written} under haystacks/: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        )
      })
      this.files.set(file.path, raw)
    }
    return raw
  }
}

/**
 * FORMAT.md's haystack options, in its order: lossy UTF-8, trim, the lines from line-start up to
 * line-end, repeat, then prepend and append.
 */
export function transformHaystack(raw: Buffer, options: HaystackOptions): Buffer {
  let bytes = raw
  if (options['utf8-lossy'])
    bytes = Buffer.from(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), 'utf8')
  if (options.trim) bytes = trimBytes(bytes)
  const start = options['line-start']
  const end = options['line-end']
  if (start !== undefined || end !== undefined) {
    const kept = linesWithTerminator(bytes)
      .slice(0, end ?? Number.POSITIVE_INFINITY)
      .slice(start ?? 0)
    bytes = Buffer.concat(kept)
  }
  if (options.repeat !== undefined) bytes = Buffer.concat(Array.from({ length: options.repeat }, () => bytes))
  return Buffer.concat([
    Buffer.from(options.prepend ?? '', 'utf8'),
    bytes,
    Buffer.from(options.append ?? '', 'utf8'),
  ])
}

function linesWithTerminator(bytes: Buffer): Buffer[] {
  const out: Buffer[] = []
  let start = 0
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start)
    const end = newline === -1 ? bytes.length : newline + 1
    out.push(bytes.subarray(start, end))
    start = end
  }
  return out
}

/** White space trimmed from both ends of bytes that may not be UTF-8: a byte that is not stops it. */
function trimBytes(bytes: Buffer): Buffer {
  let start = 0
  let end = bytes.length
  for (;;) {
    const char = utf8At(bytes, start)
    if (!char || !WHITE_SPACE.test(char.text)) break
    start += char.length
  }
  for (;;) {
    const char = utf8Before(bytes, end, start)
    if (!char || !WHITE_SPACE.test(char.text)) break
    end -= char.length
  }
  return bytes.subarray(start, end)
}

function utf8At(bytes: Buffer, at: number): { text: string; length: number } | undefined {
  for (let length = 1; length <= 4 && at + length <= bytes.length; length++) {
    const text = decodeStrict(bytes.subarray(at, at + length))
    if (text !== undefined) return { text, length }
  }
  return undefined
}

function utf8Before(bytes: Buffer, end: number, floor: number): { text: string; length: number } | undefined {
  for (let length = 1; length <= 4 && end - length >= floor; length++) {
    const text = decodeStrict(bytes.subarray(end - length, end))
    if (text !== undefined) return { text, length }
  }
  return undefined
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
function decodeStrict(bytes: Uint8Array): string | undefined {
  try {
    const text = strict.decode(bytes)
    return [...text].length === 1 ? text : undefined
  } catch {
    return undefined
  }
}

function countsOf(count: number | Array<{ engine: string; count: number }>, where: string) {
  if (typeof count === 'number') return [{ engine: /^.*$/s, count, written: '.*' }]
  return count.map((c, i) => ({
    engine: rustRegex(`^(?:${c.engine})$`, `${where}[${i}].engine`),
    count: c.count,
    written: c.engine,
  }))
}

/** The count a definition expects of an engine, or why there is none (rebar's own error). */
export function expectedCount(d: RebarDefinition, engine: string): number | { error: string } {
  const found = d.counts.find((c) => c.engine.test(engine))
  if (found) return found.count
  return {
    error: `${d.file}: ${d.name} has no count for the engine ${engine} (its count list matches ${d.counts.map((c) => JSON.stringify(c.written)).join(', ')})`,
  }
}

/**
 * A regex written for Rust's regex crate, as a JavaScript RegExp: leading inline flags (`(?m)`,
 * `(?i)`, `(?s)`) become flags and `(?P<name>` is `(?<name>`. A pattern JavaScript cannot read is an
 * error naming where it was written.
 */
export function rustRegex(pattern: string, where: string): RegExp {
  let source = pattern
  let flags = ''
  for (;;) {
    const leading = /^\(\?([ims]+)\)/.exec(source)
    if (!leading) break
    flags += leading[1]
    source = source.slice(leading[0].length)
  }
  source = source.replace(/\(\?P</g, '(?<')
  try {
    return new RegExp(source, [...new Set(flags)].join(''))
  } catch (error) {
    throw new RebarFormatError(
      `${where}: ${JSON.stringify(pattern)} is not a regex: ${(error as Error).message}`,
    )
  }
}

const versions = new Map<string, Promise<string>>()

/**
 * An engine's version as rebar reads it: the `version` group of the regex over the command's output
 * (or the file), else the output's last line trimmed. Asked once per engine and run; a failure is
 * the version "ERROR", as in rebar, with the reason.
 */
export function engineVersion(engine: RebarEngine, inherit: NodeJS.ProcessEnv): Promise<string> {
  const key = JSON.stringify(engine.version)
  let version = versions.get(key)
  if (!version) {
    version = readVersion(engine, inherit).catch((error: Error) => `ERROR (${error.message})`)
    versions.set(key, version)
  }
  return version
}

async function readVersion(engine: RebarEngine, inherit: NodeJS.ProcessEnv): Promise<string> {
  const { command, file, regex } = engine.version
  let output: string
  if (file !== undefined) {
    output = (await readConfined(file)).toString('utf8')
  } else {
    const result = await runCommand(command!.argv, {
      cwd: command!.cwd,
      env: { ...inherit, ...command!.env },
      timeoutMs: 60_000,
    })
    if (result.error || result.code !== 0)
      throw new Error(
        result.error ??
          `the version command exited with ${result.code}: ${result.stderr.trim().split('\n').at(-1) ?? ''}`,
      )
    output = result.stdout
  }
  if (regex === undefined) {
    const last = output
      .split('\n')
      .filter((line, i, all) => i < all.length - 1 || line !== '')
      .at(-1)
    if (last === undefined) throw new Error('the version output was empty')
    return trimWhiteSpace(last)
  }
  const match = rustRegex(regex, `${engine.name}'s version regex`).exec(output)
  const version = match?.groups?.version
  if (version === undefined) throw new Error(`the version regex ${JSON.stringify(regex)} did not match`)
  return version
}
