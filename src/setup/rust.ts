// Rust for harnesses and programs built with cargo. The toolchain is the one asked for, else the one
// the project pins (rust-toolchain.toml, or the legacy rust-toolchain file), else whatever cargo is
// on PATH. With rustup, a missing pinned toolchain is installed with the minimal profile; without
// rustup or cargo, rustup comes from apt when the distribution packages it.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseToml, TomlError, type TomlTable, type TomlValue } from 'smol-toml'
import {
  type AptState,
  aptInstall,
  aptUpdate,
  type CommandRunner,
  currentUid,
  defaultRunner,
  findExecutable,
  type InstallContext,
  otherPackageManagerCommand,
  outputTail,
  parseAptPolicy,
  SetupError,
  sudoHint,
  type ToolOptions,
  type ToolStatus,
} from './system.ts'

export interface RustOptions extends ToolOptions {
  /** The project directory: rust-toolchain.toml is looked up from here to the git root. */
  cwd: string
  /** A toolchain that overrides the project's (a channel: stable, beta, nightly, 1.78.0, nightly-2024-05-01). */
  toolchain?: string
}

/** What a toolchain file (or the toolchain option) asks for. */
export interface ToolchainSpec {
  channel?: string
  components: string[]
  targets: string[]
  /** rustup's install profile: minimal, default or complete. */
  profile?: string
  /** A local toolchain directory instead of a channel. */
  path?: string
  /** The file it came from, when it came from one. */
  file?: string
}

// ---------------------------------------------------------------------------------------------------
// TOML files are read by smol-toml. It keeps no positions of values, so the lines that messages name
// come from a scan that tells only strings, comments and brackets apart: where each key = value and
// [table] starts, where the items of an array start, and which brackets are open at a point. The scan
// runs only when a message needs a line.

interface Statement {
  /** The full key path: the table's, then the key's. */
  path: string[]
  line: number
  /** A [table] or [[table]] header rather than key = value. */
  header: boolean
  /** Where the value starts (key = value). */
  value?: number
  /** The line of each item, when the value is an array. */
  items: number[]
}

interface Layout {
  statements: Statement[]
  /** The arrays and inline tables open where the scan stopped, innermost last. */
  open: { bracket: '[' | '{'; line: number }[]
}

/** The index just past the string that starts at `i`; at the end of its line if it does not close. */
function stringEnd(text: string, i: number): number {
  const quote = text[i]!
  const delimiter = quote.repeat(3)
  const multiline = text.startsWith(delimiter, i)
  let k = i + (multiline ? 3 : 1)
  while (k < text.length) {
    const c = text[k]
    if (c === '\\' && quote === '"') k += 2
    else if (c === '\n' && !multiline) return k
    else if (!multiline && c === quote) return k + 1
    else if (multiline && text.startsWith(delimiter, k)) {
      // Up to two quotes right before the closing ones belong to the string.
      let end = k + 3
      while (end < k + 5 && text[end] === quote) end++
      return end
    } else k++
  }
  return k
}

/** Where a key ends: at `stop` ("=" or "]") outside quotes, or at the end of the line. */
function keyEnd(text: string, i: number, stop: string): number {
  while (i < text.length && text[i] !== stop && text[i] !== '\n')
    i = text[i] === '"' || text[i] === "'" ? stringEnd(text, i) : i + 1
  return i
}

/** The parts of a dotted key as written ("a . 'b.c'" → a, b.c), unquoted by smol-toml itself. */
function keyPath(raw: string): string[] {
  const parts: string[] = []
  try {
    let node: TomlValue = parseToml(`${raw.trim()} = 0`)
    while (typeof node === 'object' && !Array.isArray(node) && !(node instanceof Date)) {
      const key: string | undefined = Object.keys(node)[0]
      if (key === undefined) break
      parts.push(key)
      node = node[key]!
    }
  } catch {
    return [raw.trim()]
  }
  return parts
}

function layout(text: string, end = text.length): Layout {
  const statements: Statement[] = []
  const open: Layout['open'] = []
  let table: string[] = []
  let arrayTables = 0
  let current: Statement | undefined
  let item = false
  let line = 1
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  while (i < end) {
    const c = text[i]!
    if (c === '\n') {
      line++
      i++
      if (open.length === 0) current = undefined
    } else if (c === ' ' || c === '\t' || c === '\r') i++
    else if (c === '#') {
      const newline = text.indexOf('\n', i)
      i = newline < 0 ? text.length : newline
    } else if (!current) {
      const header = c === '['
      const from = header ? i + (text[i + 1] === '[' ? 2 : 1) : i
      const to = keyEnd(text, from, header ? ']' : '=')
      const key = keyPath(text.slice(from, to))
      if (header) table = from === i + 2 ? [...key, `[[${arrayTables++}]]`] : key
      current = { path: header ? key : [...table, ...key], line, header, items: [] }
      statements.push(current)
      i = text[to] === '\n' ? to : to + 1
      if (!header) current.value = i + /^[ \t]*/.exec(text.slice(i, i + 200))![0].length
    } else {
      if (item && c !== ',' && c !== ']') {
        current.items.push(line)
        item = false
      }
      if (c === '"' || c === "'") {
        const after = stringEnd(text, i)
        for (let k = i; k < after; k++) if (text.charCodeAt(k) === 10) line++
        i = after
        continue
      }
      if (c === '[' || c === '{') open.push({ bracket: c, line })
      else if (c === ']' || c === '}') open.pop()
      // A new item of the statement's own array starts after "[" or ",".
      item = (c === '[' || c === ',') && open.length === 1 && open[0]!.bracket === '['
      i++
    }
  }
  return { statements, open }
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i])
const within = (a: string[], prefix: string[]) => prefix.every((k, i) => a[i] === k)

/**
 * The line where `keyPath` is defined: its own key or [table], else the first key or table inside
 * it (dotted keys, [toolchain.x]), else the key whose inline table holds it.
 */
function lineOf(statements: Statement[], keyPath: string[]): number | undefined {
  return (
    statements.find((s) => samePath(s.path, keyPath)) ??
    statements.find((s) => within(s.path, keyPath)) ??
    statements.find((s) => !s.header && within(keyPath, s.path))
  )?.line
}

/** The index where a TomlError's line and column point. */
function offsetOf(text: string, line: number, column: number): number {
  let start = 0
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf('\n', start)
    if (newline < 0) return text.length
    start = newline + 1
  }
  return Math.min(start + column - 1, text.length)
}

/** What is at `i`, for messages. */
function describeAt(text: string, i: number): string {
  const c = text[i]
  if (c === undefined) return 'the end of the file'
  if (c === '\n' || c === '\r') return 'the end of the line'
  return JSON.stringify(text.slice(i, i + 12).split(/[\r\n]/)[0])
}

/** What smol-toml's "invalid value" at `at` is: a word that is no TOML value (an unquoted string), or nothing. */
function invalidValue(text: string, at: number, found: string): string {
  const token = /[0-9A-Za-z_+.:-]+/y
  token.lastIndex = at
  const word = token.exec(text)?.[0]
  if (word === undefined) return `expected a value, found ${found}`
  if (/^[A-Za-z_][\w.+-]*$/.test(word))
    return `${word} is not a TOML value: strings are quoted, as in "${word}"`
  return `${word} is not a TOML value`
}

/** What the statement on `line` defines again, and where it was defined first; undefined when that is not found. */
function redefined(text: string, line: number): string | undefined {
  const { statements } = layout(text)
  const index = statements.findIndex((s) => s.line === line)
  const s = statements[index]
  if (!s) return undefined
  const name = s.path.filter((k) => !k.startsWith('[[')).join('.')
  const before = statements.slice(0, index)
  const earlier = before.find((e) => samePath(e.path, s.path))
  if (earlier && earlier.header === s.header)
    return `${s.header ? `[${name}]` : name} is defined twice (first on line ${earlier.line})`
  if (earlier)
    return s.header
      ? `${name} is already a value (line ${earlier.line}), not a table`
      : `${name} is already a table (line ${earlier.line})`
  const value = before.find((e) => !e.header && e.path.length < s.path.length && within(s.path, e.path))
  if (value) return `${value.path.join('.')} is a value (line ${value.line}), not a table`
  return undefined
}

/** A smol-toml syntax error, said in terms of the file: the line, and what was expected there. */
function tomlFailure(err: TomlError, text: string, file: string): SetupError {
  const reason = err.message.replace(/^Invalid TOML document: /, '').split('\n')[0]!
  const at = offsetOf(text, err.line, err.column)
  const found = describeAt(text, at)
  const fail = (message: string, line = err.line) => located(file, line, message)
  const innermost = layout(text, at).open.at(-1)
  if (innermost && text.slice(at).trim() === '')
    return fail(
      innermost.bracket === '[' ? 'unterminated array: no "]"' : 'unterminated inline table: no "}"',
      innermost.line,
    )
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const onHeader = /^\uFEFF?[ \t]*\[/.test(text.slice(lineStart, at + 1))
  switch (reason) {
    case 'expected comma or end of structure':
      return fail(
        innermost?.bracket === '{'
          ? `expected "," or "}" in the inline table, found ${found}`
          : `expected "," or "]" in the array, found ${found}`,
      )
    case 'invalid value':
      return fail(invalidValue(text, at, found))
    case 'trying to redefine an already defined table or value':
    case 'trying to redefine an already defined value':
      return fail(redefined(text, err.line) ?? `${reason} (at ${found})`)
    case 'each key-value declaration must be followed by an end-of-line':
      return fail(
        onHeader
          ? `unexpected ${found} after the table header`
          : `unexpected ${found} after the value (one key = value per line)`,
      )
    case 'unexpected end of key':
    case 'illegal empty bare key':
      return fail(`expected a key, found ${found}`)
    case 'illegal character in key':
    case 'incomplete key-value: cannot find end of key':
      return fail(
        onHeader
          ? `expected "]" to close the table header, found ${found}`
          : `expected "=" after the key, found ${found}`,
      )
    case 'control characters are not allowed in strings':
      if (found.startsWith('the end')) return fail('unterminated string')
      return fail(
        `control character U+${text.charCodeAt(at).toString(16).padStart(4, '0')} in a string: write it as an escape`,
      )
    case 'unfinished string': {
      const delimiter = ['"""', "'''"].find((d) => text.startsWith(d, at))
      return fail(`unterminated ${delimiter ? `${delimiter} ` : ''}string`)
    }
    case 'unrecognised escape sequence': {
      const c = text[at] === '\\' ? text[at + 1] : text[at]
      return fail(`invalid escape \\${c ?? ''} in a string (use \\\\ for a backslash)`)
    }
    default:
      return fail(`${reason} (at ${found})`)
  }
}

// ---------------------------------------------------------------------------------------------------
// Toolchain files

const CHANNEL = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/
const PROFILES = ['minimal', 'default', 'complete']
const CHANNEL_EXAMPLES = 'stable, beta, nightly, 1.78.0 or nightly-2024-05-01'

function located(file: string, line: number, message: string): SetupError {
  return new SetupError(`${file}:${line}: ${message}`, { file, line })
}

function isTable(value: TomlValue): value is TomlTable {
  return typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
}

function toolchainFromToml(text: string, file: string): ToolchainSpec {
  let document: TomlTable
  try {
    document = parseToml(text, { integersAsBigInt: 'asNeeded' })
  } catch (err) {
    if (err instanceof TomlError) throw tomlFailure(err, text, file)
    throw err
  }
  let statements: Statement[] | undefined
  const where = () => {
    statements ??= layout(text).statements
    return statements
  }
  /** An error on the line of `key` (a key of [toolchain], or the table itself). */
  const at = (key: string | undefined, message: string, item?: number): SetupError => {
    const keyPath = key === undefined ? ['toolchain'] : ['toolchain', key]
    const own = where().find((s) => samePath(s.path, keyPath))
    const line = (item === undefined ? undefined : own?.items[item]) ?? lineOf(where(), keyPath)
    return line === undefined ? new SetupError(`${file}: ${message}`, { file }) : located(file, line, message)
  }

  const toolchain = document.toolchain
  if (toolchain === undefined)
    throw new SetupError(
      `${file}: no [toolchain] table; expected for example:\n[toolchain]\nchannel = "stable"`,
      {
        file,
      },
    )
  if (!isTable(toolchain))
    throw at(undefined, 'toolchain must be a table: write [toolchain] and then channel = "…"')

  const string = (key: string): string | undefined => {
    const v = toolchain[key]
    if (v === undefined || typeof v === 'string') return v
    if (Array.isArray(v) || isTable(v)) throw at(key, `toolchain.${key} must be a quoted string`)
    // The value as written (1.80 stays 1.80), for the quoted example.
    const own = where().find((s) => samePath(s.path, ['toolchain', key]))
    const written = own?.value === undefined ? undefined : text.slice(own.value, own.value + 100)
    const example = (written && /^[^\s#,\]}]+/.exec(written)?.[0]) || String(v)
    throw at(key, `toolchain.${key} must be a quoted string, as in ${key} = "${example}"`)
  }
  const strings = (key: string): string[] => {
    const v = toolchain[key]
    if (v === undefined) return []
    if (!Array.isArray(v)) throw at(key, `toolchain.${key} must be an array of strings, as in ${key} = ["…"]`)
    return v.map((item, i) => {
      if (typeof item !== 'string' || !CHANNEL.test(item))
        throw at(key, `toolchain.${key} must hold names as quoted strings, as in ${key} = ["…"]`, i)
      return item
    })
  }

  const channel = string('channel')
  if (channel !== undefined && !CHANNEL.test(channel))
    throw at('channel', `"${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`)
  const profile = string('profile')
  if (profile !== undefined && !PROFILES.includes(profile))
    throw at('profile', `profile "${profile}" is not one of ${PROFILES.join(', ')}`)
  const toolchainPath = string('path')
  const components = strings('components')
  const targets = strings('targets')
  if (channel === undefined && toolchainPath === undefined)
    throw at(undefined, `[toolchain] names no channel; add for example channel = "stable"`)
  const spec: ToolchainSpec = { components, targets, file }
  if (channel !== undefined) spec.channel = channel
  if (profile !== undefined) spec.profile = profile
  if (toolchainPath !== undefined) spec.path = path.resolve(path.dirname(file), toolchainPath)
  return spec
}

/** A legacy rust-toolchain file holds one toolchain name, unless it is TOML. */
function legacyChannel(text: string, file: string): ToolchainSpec {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((content, i) => ({ content: content.trim(), line: i + 1 }))
    .filter((l) => l.content !== '')
  const [first, second] = lines
  if (!first) throw located(file, 1, `empty file: write one toolchain name (${CHANNEL_EXAMPLES})`)
  if (second)
    throw located(
      file,
      second.line,
      'a rust-toolchain file holds one toolchain name; for components or targets use TOML with a [toolchain] table',
    )
  if (!CHANNEL.test(first.content))
    throw located(file, first.line, `"${first.content}" is not a toolchain channel (${CHANNEL_EXAMPLES})`)
  return { channel: first.content, components: [], targets: [], file }
}

/**
 * Reads a rust-toolchain.toml, or a legacy rust-toolchain file (one toolchain name, or TOML).
 * `file` names the file in errors: "rust-toolchain.toml:3: …".
 */
export function parseToolchainFile(text: string, file: string): ToolchainSpec {
  const legacy = path.basename(file) === 'rust-toolchain'
  if (legacy && !/^\s*\[|=/m.test(text)) return legacyChannel(text, file)
  return toolchainFromToml(text, file)
}

async function exists(file: string): Promise<'file' | 'dir' | undefined> {
  try {
    const s = await stat(file)
    return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : undefined
  } catch {
    return undefined
  }
}

/**
 * The toolchain file that applies to `cwd`: rust-toolchain or rust-toolchain.toml (rustup prefers the
 * former when both exist) in cwd or its parents, up to the git root (the directory holding `.git`),
 * or up to the filesystem root outside a git repository.
 */
export async function findToolchainFile(cwd: string): Promise<string | undefined> {
  let dir = path.resolve(cwd)
  for (;;) {
    for (const name of ['rust-toolchain', 'rust-toolchain.toml']) {
      const candidate = path.join(dir, name)
      if ((await exists(candidate)) === 'file') return candidate
    }
    if (await exists(path.join(dir, '.git'))) return undefined
    const parent = path.dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

async function readToolchainFile(file: string): Promise<ToolchainSpec> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    throw new SetupError(
      `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      {
        file,
      },
    )
  }
  return parseToolchainFile(text, file)
}

interface Pin extends ToolchainSpec {
  /** Where the toolchain came from, for messages. */
  source: string
  /** Named by the toolchain option rather than found. */
  explicit?: boolean
}

async function resolvePin(
  opts: RustOptions,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<Pin> {
  const named = (channel: string, source: string): Pin => {
    if (!CHANNEL.test(channel))
      throw new SetupError(`${source}: "${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`)
    return { channel, components: [], targets: [], source }
  }
  if (opts.toolchain !== undefined)
    return { ...named(opts.toolchain.trim(), 'the toolchain option'), explicit: true }
  if (env.RUSTUP_TOOLCHAIN) return named(env.RUSTUP_TOOLCHAIN.trim(), 'RUSTUP_TOOLCHAIN')
  const file = await findToolchainFile(opts.cwd)
  if (!file) return { components: [], targets: [], source: 'the default toolchain' }
  if (path.basename(file) === 'rust-toolchain' && (await exists(`${file}.toml`)) === 'file')
    log(`warning: both ${file} and ${file}.toml exist; rustup uses ${file}, and so does bench-action`)
  return { ...(await readToolchainFile(file)), source: file }
}

// ---------------------------------------------------------------------------------------------------
// rustup

/** Whether `rest` is a target triple such as x86_64-unknown-linux-gnu (not a nightly date). */
function isTriple(rest: string): boolean {
  return /^[a-z][a-z0-9_.]*(?:-[a-z0-9_.]+){1,3}$/.test(rest)
}

/** Whether an installed name ("stable-x86_64-unknown-linux-gnu") is `wanted` ("stable") for some host. */
export function nameMatches(installed: string, wanted: string): boolean {
  if (installed === wanted) return true
  return installed.startsWith(`${wanted}-`) && isTriple(installed.slice(wanted.length + 1))
}

interface ToolchainList {
  names: string[]
  hasDefault: boolean
}

/** `rustup toolchain list`: "stable-x86_64-unknown-linux-gnu (active, default)" per line. */
export function parseToolchainList(text: string): ToolchainList {
  const names: string[] = []
  let hasDefault = false
  for (const line of text.split(/\r?\n/)) {
    const m = /^(\S+)(.*)$/.exec(line.trim())
    if (!m || /^no installed toolchains/i.test(line.trim())) continue
    names.push(m[1]!)
    if (/\(([^)]*\b)?default\b/.test(m[2]!)) hasDefault = true
  }
  return { names, hasDefault }
}

/** "rustc 1.95.0 (59807616e 2026-04-14)" → "1.95.0"; "rustc 1.97.0-nightly (…)" → "1.97.0-nightly". */
export function parseRustVersion(text: string, program: 'rustc' | 'cargo'): string | undefined {
  return new RegExp(`^${program}\\s+(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.]+)?)`, 'm').exec(text)?.[1]
}

/** Whether a rustc version is what a channel asks for; used only to warn when nothing can install it. */
function channelMatches(channel: string, version: string): boolean {
  const base = channel.replace(/-\d{4}-\d{2}-\d{2}$/, '')
  if (base === 'stable') return !version.includes('-')
  if (base === 'beta' || base === 'nightly') return version.includes(`-${base}`)
  if (/^\d+\.\d+$/.test(base)) return version.startsWith(`${base}.`)
  if (/^\d+\.\d+\.\d+$/.test(base)) return version === base || version.startsWith(`${base}-`)
  return true
}

interface Context {
  run: CommandRunner
  env: NodeJS.ProcessEnv
  log: (line: string) => void
  cwd: string
  platform: NodeJS.Platform
  uid: number | undefined
  apt: AptState
}

async function runOrFail(ctx: Context, argv: string[], what: string, quiet = false): Promise<string> {
  if (!quiet) ctx.log(`$ ${argv.join(' ')}`)
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd })
  if (result.code !== 0) {
    const tail = outputTail(result)
    throw new SetupError(
      `${what}: \`${argv.join(' ')}\` failed (exit ${result.code})${tail ? `:\n${tail}` : ''}`,
    )
  }
  return result.stdout
}

async function query(ctx: Context, argv: string[]): Promise<string | undefined> {
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 120_000 })
  return result.code === 0 ? result.stdout : undefined
}

interface Versions {
  version: string
  path: string
}

/** cargo and rustc versions, with `+channel` when rustup selects the toolchain. */
async function detectVersions(ctx: Context, plus: string | undefined, pin: Pin): Promise<Versions> {
  const select = plus ? [`+${plus}`] : []
  const probe = async (program: 'rustc' | 'cargo') => {
    const argv = [program, ...select, '--version']
    const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 120_000 })
    if (result.code === 127)
      throw new SetupError(
        `${program} is not on PATH${plus ? ` (toolchain ${plus} is installed)` : ''}: add rustup's bin directory ` +
          '(usually ~/.cargo/bin) to PATH, then run again',
      )
    if (result.code !== 0) {
      const tail = outputTail(result)
      throw new SetupError(
        `\`${argv.join(' ')}\` failed (exit ${result.code}) for ${pin.source}${tail ? `:\n${tail}` : ''}`,
      )
    }
    const version = parseRustVersion(result.stdout, program)
    if (!version)
      throw new SetupError(
        `\`${argv.join(' ')}\` printed ${JSON.stringify(result.stdout.trim().slice(0, 200))}, expected "${program} X.Y.Z (…)"`,
      )
    return version
  }
  const rustc = await probe('rustc')
  await probe('cargo')
  return { version: rustc, path: (await findExecutable('cargo', ctx.env, ctx.platform)) ?? 'cargo' }
}

/** Installs the pinned toolchain (and its components and targets) with rustup when it is missing. */
async function withRustup(ctx: Context, pin: Pin, justInstalled: boolean): Promise<ToolStatus> {
  // Only a list that was read can say a toolchain or the default is missing.
  const list = justInstalled
    ? parseToolchainList((await query(ctx, ['rustup', 'toolchain', 'list'])) ?? '')
    : parseToolchainList(
        await runOrFail(ctx, ['rustup', 'toolchain', 'list'], 'cannot list Rust toolchains', true),
      )
  let installed = justInstalled
  let channel = pin.channel
  if (!channel && !pin.path && !list.hasDefault) {
    // Nothing pinned and no default toolchain: cargo would refuse to run.
    channel = 'stable'
    ctx.log('rustup has no default toolchain: using stable')
  }

  if (channel && !pin.path) {
    const profile = pin.profile ?? 'minimal'
    if (!list.names.some((n) => nameMatches(n, channel))) {
      ctx.log(`Rust toolchain ${channel} (from ${pin.source}) is not installed: installing it`)
      await runOrFail(
        ctx,
        [
          'rustup',
          'toolchain',
          'install',
          channel,
          '--profile',
          profile,
          '--no-self-update',
          ...pin.components.flatMap((c) => ['--component', c]),
          ...pin.targets.flatMap((t) => ['--target', t]),
        ],
        `cannot install Rust toolchain ${channel}`,
      )
      installed = true
    } else {
      installed = (await addMissing(ctx, channel, pin)) || installed
    }
    const ci = ctx.env.GITHUB_ACTIONS === 'true'
    if (!list.hasDefault || (ci && pin.explicit)) {
      await runOrFail(ctx, ['rustup', 'default', channel], `cannot make ${channel} the default toolchain`)
    }
  }

  const { version, path: where } = await detectVersions(ctx, pin.path ? undefined : channel, pin)
  ctx.log(`Rust ${version}${channel ? ` (toolchain ${channel})` : ''}: cargo at ${where}`)
  const status: ToolStatus = { tool: 'rust', version, path: where, installed }
  if (channel) status.toolchain = channel
  return status
}

/** Adds the components and targets an installed toolchain lacks; true when it added any. */
async function addMissing(ctx: Context, channel: string, pin: Pin): Promise<boolean> {
  let added = false
  if (pin.components.length > 0) {
    const listed = await query(ctx, ['rustup', 'component', 'list', '--installed', '--toolchain', channel])
    const have = (listed ?? '').split(/\r?\n/).map((l) => l.trim())
    const missing = pin.components.filter(
      (c) => listed === undefined || !have.some((h) => nameMatches(h, c.replace(/-preview$/, ''))),
    )
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ['rustup', 'component', 'add', '--toolchain', channel, ...missing],
        `cannot add components to ${channel}`,
      )
      added = true
    }
  }
  if (pin.targets.length > 0) {
    const listed = await query(ctx, ['rustup', 'target', 'list', '--installed', '--toolchain', channel])
    const have = new Set((listed ?? '').split(/\r?\n/).map((l) => l.trim()))
    const missing = pin.targets.filter((t) => listed === undefined || !have.has(t))
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ['rustup', 'target', 'add', '--toolchain', channel, ...missing],
        `cannot add targets to ${channel}`,
      )
      added = true
    }
  }
  return added
}

/** A cargo without rustup: use it as it is, and say so when it is not the pinned toolchain. */
async function withoutRustup(ctx: Context, pin: Pin): Promise<ToolStatus> {
  const { version, path: where } = await detectVersions(ctx, undefined, pin)
  if (pin.channel && !channelMatches(pin.channel, version))
    ctx.log(
      `warning: ${pin.source} asks for Rust ${pin.channel}, but rustup is not installed, so the cargo on PATH ` +
        `(Rust ${version}) is used`,
    )
  if (pin.components.length + pin.targets.length > 0)
    ctx.log(`warning: without rustup the components and targets named in ${pin.source} are not checked`)
  ctx.log(`Rust ${version}: cargo at ${where}`)
  const status: ToolStatus = { tool: 'rust', version, path: where, installed: false }
  if (pin.channel) status.toolchain = pin.channel
  return status
}

function howToGetRust(ctx: Context, channel: string, packaged?: string): string {
  const ways: string[] = []
  if (ctx.platform === 'darwin') ways.push(`\`brew install rustup\`, then \`rustup default ${channel}\``)
  else if (ctx.platform === 'win32') ways.push('`winget install Rustlang.Rustup`')
  if (packaged) ways.push(packaged)
  ways.push('rustup from https://rustup.rs')
  return (
    `Install Rust with ${ways.join('; or ')}. In a GitHub Actions workflow, add ` +
    `\`- uses: dtolnay/rust-toolchain@${/^[\w.-]+$/.test(channel) ? channel : 'stable'}\` before bench-action.`
  )
}

/** Neither cargo nor rustup: rustup from apt when the distribution packages it, else how to get it. */
async function installRustup(ctx: Context, pin: Pin): Promise<ToolStatus> {
  const channel = pin.channel ?? 'stable'
  const missing = 'neither cargo nor rustup is installed'
  if (ctx.platform !== 'linux') throw new SetupError(`${missing}. ${howToGetRust(ctx, channel)}`)

  if (!(await findExecutable('apt-get', ctx.env, ctx.platform))) {
    const other = await otherPackageManagerCommand('rustup', ctx.env, ctx.uid)
    throw new SetupError(
      `${missing}. ${howToGetRust(ctx, channel, other ? `\`${other.command}\` (${other.manager})` : undefined)}`,
    )
  }

  const install: InstallContext = { run: ctx.run, env: ctx.env, log: ctx.log, uid: ctx.uid, apt: ctx.apt }
  const policy = async () => {
    const out = await query(ctx, ['apt-cache', 'policy', 'rustup', 'cargo'])
    return parseAptPolicy(out ?? '')
  }
  let candidates = await policy()
  if (!candidates.has('rustup') && !candidates.has('cargo') && !ctx.apt.updated) {
    // Empty or stale package lists (a fresh container) know neither: refresh them once and look again.
    await aptUpdate(install, `${sudoHint(ctx.uid)}apt-get update`)
    candidates = await policy()
  }

  if (candidates.has('rustup')) {
    ctx.log(`${missing}: installing rustup ${candidates.get('rustup')} with apt-get`)
    await aptInstall(['rustup'], install)
    if (!(await findExecutable('rustup', ctx.env, ctx.platform)))
      throw new SetupError(
        'apt-get installed rustup, but `rustup` is not on PATH: check PATH, then run again',
      )
    return withRustup(ctx, { ...pin, channel }, true)
  }

  const cargo = candidates.get('cargo')
  throw new SetupError(
    `${missing}, and apt has no rustup package here. ${howToGetRust(
      ctx,
      channel,
      cargo
        ? `the distribution's cargo (${cargo}, usually older than stable): \`${sudoHint(ctx.uid)}apt-get install -y cargo\``
        : undefined,
    )}`,
  )
}

/** Reports the Rust toolchain the project builds with, installing what is missing where it can. */
export async function ensureRust(opts: RustOptions): Promise<ToolStatus> {
  const env = opts.env ?? process.env
  const ctx: Context = {
    run: opts.run ?? defaultRunner,
    env,
    log: opts.log ?? (() => {}),
    cwd: path.resolve(opts.cwd),
    platform: opts.platform ?? process.platform,
    uid: opts.uid ?? currentUid(),
    apt: opts.apt ?? { updated: false },
  }
  const pin = await resolvePin(opts, env, ctx.log)
  if (pin.channel) ctx.log(`Rust toolchain ${pin.channel} from ${pin.source}`)
  if (await findExecutable('rustup', env, ctx.platform)) return withRustup(ctx, pin, false)
  if (await findExecutable('cargo', env, ctx.platform)) return withoutRustup(ctx, pin)
  return installRustup(ctx, pin)
}
