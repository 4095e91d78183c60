// Rust for harnesses and programs built with cargo. The toolchain is the one asked for, else the one
// the project pins (rust-toolchain.toml, or the legacy rust-toolchain file), else whatever cargo is
// on PATH. With rustup, a missing pinned toolchain is installed with the minimal profile; without
// rustup or cargo, rustup comes from apt when the distribution packages it.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
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
// A small TOML reader: enough of TOML 1.0 to read a rust-toolchain.toml exactly and to skip, without
// misreading, whatever else a file holds. Errors name the file and line.

type TomlValue =
  | { type: 'string'; value: string; line: number }
  | { type: 'array'; items: TomlValue[]; line: number }
  | { type: 'inline-table'; line: number }
  | { type: 'scalar'; text: string; line: number }

const BARE_KEY = /[A-Za-z0-9_-]+/y
const SCALAR_TOKEN = /[0-9A-Za-z_+.:-]+/y
const SCALAR =
  /^(?:true|false|[+-]?(?:inf|nan)|[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?|0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|0o[0-7](?:_?[0-7])*|0b[01](?:_?[01])*|\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?)?|\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' }

class TomlReader {
  private pos = 0
  private line = 1
  /** Every key = value, by its full dotted path (JSON-encoded, so quoted keys with dots stay apart). */
  readonly values = new Map<string, TomlValue>()
  /** Every [table] header, by path, with its line. */
  readonly tables = new Map<string, number>()
  private arrayTables = 0

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  private fail(message: string, line = this.line): never {
    throw new SetupError(`${this.file}:${line}: ${message}`, { file: this.file, line })
  }

  private get here(): string {
    const c = this.text[this.pos]
    if (c === undefined) return 'the end of the file'
    if (c === '\n' || c === '\r') return 'the end of the line'
    return JSON.stringify(this.text.slice(this.pos, this.pos + 12).split(/[\r\n]/)[0])
  }

  read(): this {
    if (this.text.startsWith('\uFEFF')) this.pos = 1
    let table: string[] = []
    for (;;) {
      this.skipBlank()
      if (this.pos >= this.text.length) return this
      if (this.text[this.pos] === '[') table = this.header()
      else this.keyValue(table)
    }
  }

  private spaces(): void {
    while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++
  }

  private comment(): void {
    if (this.text[this.pos] !== '#') return
    while (this.pos < this.text.length && this.text[this.pos] !== '\n') this.pos++
  }

  private newline(): boolean {
    if (this.text[this.pos] === '\n') {
      this.pos++
    } else if (this.text.startsWith('\r\n', this.pos)) {
      this.pos += 2
    } else return false
    this.line++
    return true
  }

  /** Spaces, newlines and comments. */
  private skipBlank(): void {
    for (;;) {
      this.spaces()
      this.comment()
      if (!this.newline()) return
    }
  }

  private endOfLine(): void {
    this.spaces()
    this.comment()
    if (this.pos >= this.text.length || this.newline()) return
    this.fail(`unexpected ${this.here} after the value (one key = value per line)`)
  }

  private expect(char: string, what: string): void {
    if (this.text[this.pos] !== char) this.fail(`expected ${what}, found ${this.here}`)
    this.pos++
  }

  private header(): string[] {
    const line = this.line
    this.pos++
    const isArray = this.text[this.pos] === '['
    if (isArray) this.pos++
    this.spaces()
    const key = this.key()
    this.spaces()
    this.expect(']', isArray ? '"]]" to close the table header' : '"]" to close the table header')
    if (isArray) this.expect(']', '"]]" to close the table header')
    this.endOfLine()
    if (isArray) return [...key, `[[${this.arrayTables++}]]`]
    const id = JSON.stringify(key)
    const earlier = this.tables.get(id)
    if (earlier !== undefined)
      this.fail(`[${key.join('.')}] is defined twice (first on line ${earlier})`, line)
    this.checkPrefixes(key, line)
    if (this.values.has(id)) this.fail(`${key.join('.')} is already a value, not a table`, line)
    this.tables.set(id, line)
    return key
  }

  private checkPrefixes(keyPath: string[], line: number): void {
    for (let i = 1; i < keyPath.length; i++) {
      const prefix = keyPath.slice(0, i)
      const value = this.values.get(JSON.stringify(prefix))
      if (value && value.type !== 'inline-table')
        this.fail(`${prefix.join('.')} is a value (line ${value.line}), not a table`, line)
    }
  }

  private keyValue(table: string[]): void {
    const line = this.line
    const key = this.key()
    this.spaces()
    this.expect('=', `"=" after the key ${key.join('.')}`)
    this.spaces()
    const value = this.value()
    this.endOfLine()
    const full = [...table, ...key]
    const id = JSON.stringify(full)
    const earlier = this.values.get(id)
    if (earlier) this.fail(`${full.join('.')} is defined twice (first on line ${earlier.line})`, line)
    if (this.tables.has(id)) this.fail(`${full.join('.')} is already a table`, line)
    this.checkPrefixes(full, line)
    this.values.set(id, value)
  }

  private key(): string[] {
    const parts = [this.simpleKey()]
    for (;;) {
      this.spaces()
      if (this.text[this.pos] !== '.') return parts
      this.pos++
      this.spaces()
      parts.push(this.simpleKey())
    }
  }

  private simpleKey(): string {
    const c = this.text[this.pos]
    if (c === '"') return this.basicString()
    if (c === "'") return this.literalString()
    BARE_KEY.lastIndex = this.pos
    const m = BARE_KEY.exec(this.text)
    if (!m) this.fail(`expected a key, found ${this.here}`)
    this.pos += m[0].length
    return m[0]
  }

  private value(): TomlValue {
    const line = this.line
    const c = this.text[this.pos]
    if (c === '"') {
      const value = this.text.startsWith('"""', this.pos) ? this.multilineBasicString() : this.basicString()
      return { type: 'string', value, line }
    }
    if (c === "'") {
      const value = this.text.startsWith("'''", this.pos)
        ? this.multilineLiteralString()
        : this.literalString()
      return { type: 'string', value, line }
    }
    if (c === '[') return this.array()
    if (c === '{') return this.inlineTable()
    SCALAR_TOKEN.lastIndex = this.pos
    const m = SCALAR_TOKEN.exec(this.text)
    if (!m) this.fail(`expected a value, found ${this.here}`)
    let token = m[0]
    // A date and a time may be separated by a space.
    const time = /^\d{4}-\d{2}-\d{2}$/.test(token)
      ? / \d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?/y
      : undefined
    if (time) {
      time.lastIndex = this.pos + token.length
      const t = time.exec(this.text)
      if (t) token += `T${t[0].slice(1)}`
      this.pos += t ? t[0].length : 0
    }
    this.pos += m[0].length
    if (SCALAR.test(token)) return { type: 'scalar', text: token, line }
    if (/^[A-Za-z_][\w.+-]*$/.test(token))
      this.fail(`${token} is not a TOML value: strings are quoted, as in "${token}"`, line)
    this.fail(`${token} is not a TOML value`, line)
  }

  private escape(): string {
    const line = this.line
    const c = this.text[this.pos + 1]
    const simple = c === undefined ? undefined : ESCAPES[c]
    if (simple !== undefined) {
      this.pos += 2
      return simple
    }
    if (c === 'u' || c === 'U') {
      const digits = c === 'u' ? 4 : 8
      const hex = this.text.slice(this.pos + 2, this.pos + 2 + digits)
      const code = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === digits ? Number.parseInt(hex, 16) : Number.NaN
      if (Number.isNaN(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        this.fail(`invalid escape \\${c}${hex} in a string`, line)
      this.pos += 2 + digits
      return String.fromCodePoint(code)
    }
    this.fail(`invalid escape \\${c ?? ''} in a string (use \\\\ for a backslash)`, line)
  }

  private basicString(): string {
    const line = this.line
    this.pos++
    let out = ''
    for (;;) {
      const c = this.text[this.pos]
      if (c === undefined || c === '\n' || c === '\r') this.fail('unterminated string', line)
      if (c === '"') {
        this.pos++
        return out
      }
      if (c === '\\') out += this.escape()
      else {
        out += c
        this.pos++
      }
    }
  }

  private literalString(): string {
    const line = this.line
    const start = ++this.pos
    for (;;) {
      const c = this.text[this.pos]
      if (c === undefined || c === '\n' || c === '\r') this.fail('unterminated string', line)
      if (c === "'") return this.text.slice(start, this.pos++)
      this.pos++
    }
  }

  /** Up to two quotes right before the closing delimiter belong to the string. */
  private closeMultiline(quote: string): string | undefined {
    if (!this.text.startsWith(quote.repeat(3), this.pos)) return undefined
    let extra = ''
    while (extra.length < 2 && this.text[this.pos + 3] === quote) {
      extra += quote
      this.pos++
    }
    this.pos += 3
    return extra
  }

  private multilineBasicString(): string {
    const line = this.line
    this.pos += 3
    this.newline()
    let out = ''
    for (;;) {
      const c = this.text[this.pos]
      if (c === undefined) this.fail('unterminated """ string', line)
      const closing = this.closeMultiline('"')
      if (closing !== undefined) return out + closing
      if (c === '\\' && /^\\[ \t]*\r?\n/.test(this.text.slice(this.pos, this.pos + 64))) {
        // A line-ending backslash trims the newline and the whitespace after it.
        this.pos++
        this.skipBlankNoComments()
      } else if (c === '\\') out += this.escape()
      else if (this.newline()) out += '\n'
      else {
        out += c
        this.pos++
      }
    }
  }

  private skipBlankNoComments(): void {
    for (;;) {
      this.spaces()
      if (!this.newline()) return
    }
  }

  private multilineLiteralString(): string {
    const line = this.line
    this.pos += 3
    this.newline()
    let out = ''
    for (;;) {
      if (this.pos >= this.text.length) this.fail("unterminated ''' string", line)
      const closing = this.closeMultiline("'")
      if (closing !== undefined) return out + closing
      if (this.newline()) out += '\n'
      else out += this.text[this.pos++]
    }
  }

  private array(): TomlValue {
    const line = this.line
    this.pos++
    const items: TomlValue[] = []
    for (;;) {
      this.skipBlank()
      if (this.pos >= this.text.length) this.fail('unterminated array: no "]"', line)
      if (this.text[this.pos] === ']') break
      items.push(this.value())
      this.skipBlank()
      if (this.text[this.pos] === ',') {
        this.pos++
        continue
      }
      if (this.text[this.pos] === ']') break
      if (this.pos >= this.text.length) this.fail('unterminated array: no "]"', line)
      this.fail(`expected "," or "]" in the array, found ${this.here}`)
    }
    this.pos++
    return { type: 'array', items, line }
  }

  private inlineTable(): TomlValue {
    const line = this.line
    this.pos++
    this.spaces()
    const keys = new Set<string>()
    if (this.text[this.pos] === '}') {
      this.pos++
      return { type: 'inline-table', line }
    }
    for (;;) {
      const key = this.key()
      const id = JSON.stringify(key)
      if (keys.has(id)) this.fail(`${key.join('.')} is defined twice in the inline table`)
      keys.add(id)
      this.spaces()
      this.expect('=', `"=" after the key ${key.join('.')}`)
      this.spaces()
      this.value()
      this.spaces()
      if (this.text[this.pos] === ',') {
        this.pos++
        this.spaces()
        continue
      }
      this.expect('}', '"," or "}" in the inline table')
      return { type: 'inline-table', line }
    }
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

function toolchainFromToml(reader: TomlReader, file: string): ToolchainSpec {
  const get = (key: string) => reader.values.get(JSON.stringify(['toolchain', key]))
  const asTable = reader.values.get(JSON.stringify(['toolchain']))
  if (asTable)
    throw located(file, asTable.line, 'toolchain must be a table: write [toolchain] and then channel = "…"')
  let tableLine = reader.tables.get(JSON.stringify(['toolchain']))
  if (tableLine === undefined) {
    for (const [key, value] of reader.values) {
      if ((JSON.parse(key) as string[])[0] === 'toolchain')
        tableLine = Math.min(tableLine ?? value.line, value.line)
    }
  }
  if (tableLine === undefined)
    throw new SetupError(
      `${file}: no [toolchain] table; expected for example:\n[toolchain]\nchannel = "stable"`,
      {
        file,
      },
    )

  const string = (key: string): string | undefined => {
    const v = get(key)
    if (!v) return undefined
    if (v.type !== 'string')
      throw located(
        file,
        v.line,
        `toolchain.${key} must be a quoted string${v.type === 'scalar' ? `, as in ${key} = "${v.text}"` : ''}`,
      )
    return v.value
  }
  const strings = (key: string): string[] => {
    const v = get(key)
    if (!v) return []
    if (v.type !== 'array')
      throw located(file, v.line, `toolchain.${key} must be an array of strings, as in ${key} = ["…"]`)
    return v.items.map((item) => {
      if (item.type !== 'string' || !CHANNEL.test(item.value))
        throw located(
          file,
          item.line,
          `toolchain.${key} must hold names as quoted strings, as in ${key} = ["…"]`,
        )
      return item.value
    })
  }

  const channel = string('channel')
  if (channel !== undefined && !CHANNEL.test(channel))
    throw located(file, get('channel')!.line, `"${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`)
  const profile = string('profile')
  if (profile !== undefined && !PROFILES.includes(profile))
    throw located(file, get('profile')!.line, `profile "${profile}" is not one of ${PROFILES.join(', ')}`)
  const toolchainPath = string('path')
  const components = strings('components')
  const targets = strings('targets')
  if (channel === undefined && toolchainPath === undefined)
    throw located(file, tableLine, `[toolchain] names no channel; add for example channel = "stable"`)
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
  return toolchainFromToml(new TomlReader(text, file).read(), file)
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
