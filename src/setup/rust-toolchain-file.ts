// The toolchain a project pins: rust-toolchain.toml, or the legacy rust-toolchain file (one
// toolchain name, or TOML), found from the project directory up to the git root; or the one the
// toolchain option or RUSTUP_TOOLCHAIN names.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseToml, TomlError, type TomlTable, type TomlValue } from 'smol-toml'
import { SetupError } from './system.ts'
import { layout, lineOf, located, type Statement, samePath, tomlFailure } from './toml-errors.ts'

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

const CHANNEL = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/
const PROFILES = ['minimal', 'default', 'complete']
const CHANNEL_EXAMPLES = 'stable, beta, nightly, 1.78.0 or nightly-2024-05-01'

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

export interface Pin extends ToolchainSpec {
  /** Where the toolchain came from, for messages. */
  source: string
  /** Named by the toolchain option rather than found. */
  explicit?: boolean
}

export async function resolvePin(
  /** The project directory, and the toolchain option (RustOptions). */
  opts: { cwd: string; toolchain?: string },
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
