// Toolchain setup with real commands: the valgrind and Rust installed here are found with their real
// versions and nothing is installed. Install paths run against small real executables on a temporary
// PATH (apt-get, sudo, rustup, …) that log their argv and act like the real ones, so the exact command
// sequence is checked without touching the system.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import {
  ensureRust,
  ensureValgrind,
  findToolchainFile,
  parseToolchainFile,
  parseValgrindVersion,
  runSetup,
  toolsNeeded,
} from '../../../src/setup/index.ts'
import {
  type CommandRunner,
  defaultRunner,
  findExecutable,
  parseAptPolicy,
  SetupError,
} from '../../../src/setup/system.ts'
import { needs } from '../../support/needs.ts'

const exec = promisify(execFile)
const fixtures = path.join(import.meta.dirname, '..', '..', 'fixtures', 'setup')
const HOST = 'x86_64-unknown-linux-gnu'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `bench-setup-${prefix}-`))
  dirs.push(dir)
  return dir
}

/** The real runner, with every argv it is given recorded. */
function recorder(inner: CommandRunner = defaultRunner): { calls: string[][]; run: CommandRunner } {
  const calls: string[][] = []
  return {
    calls,
    run: (argv, opts) => {
      calls.push([...argv])
      return inner(argv, opts)
    },
  }
}

/** Commands that only read the system: the only ones the real-system tests let through. */
function readsOnly(argv: string[]): boolean {
  const [program, ...args] = argv
  const plain = args.filter((a) => !a.startsWith('+'))
  if (program === 'valgrind' || program === 'rustc' || program === 'cargo')
    return plain.length === 1 && (plain[0] === '--version' || plain[0] === '-vV')
  if (program === 'rustup') return args[1] === 'list'
  if (program === 'apt-cache') return args[0] === 'policy'
  return program === 'sh' || program === 'echo'
}

/**
 * The real runner for tests on this machine's own tools: records every argv, and refuses anything
 * that could change the system (apt-get, sudo, rustup installs, defaults), so a bug fails the test
 * instead of installing.
 */
function guarded(): { calls: string[][]; run: CommandRunner } {
  return recorder(async (argv, opts) =>
    readsOnly(argv)
      ? defaultRunner(argv, opts)
      : { code: 99, stdout: '', stderr: `refused in tests: ${argv.join(' ')}` },
  )
}

/** An environment for the real tools here, without variables that would change their choices. */
function realEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, RUSTUP_AUTO_INSTALL: '0' }
  delete env.RUSTUP_TOOLCHAIN
  delete env.GITHUB_ACTIONS
  return env
}

async function setupErrorOf(promise: Promise<unknown>): Promise<SetupError> {
  try {
    await promise
  } catch (err) {
    assert.ok(err instanceof SetupError, `expected a SetupError, got ${(err as Error)?.stack ?? String(err)}`)
    assert.equal(err.exitCode, 3)
    return err
  }
  assert.fail('expected a SetupError, but the call succeeded')
}

function syncError(fn: () => unknown): SetupError {
  try {
    fn()
  } catch (err) {
    assert.ok(err instanceof SetupError, `expected a SetupError, got ${(err as Error)?.stack ?? String(err)}`)
    return err
  }
  assert.fail('expected a SetupError, but the call succeeded')
}

// ---------------------------------------------------------------------------------------------------
// Stand-ins for system tools: shell scripts that log "NAME ARGS" to $FAKE_LOG and behave like the
// real tool. Only absolute paths and shell builtins are used, since PATH holds just these scripts.

let chmod = ''
before(async () => {
  chmod = (await findExecutable('chmod', process.env)) ?? '/bin/chmod'
})

const LOG = `printf '%s\\n' "\${0##*/} $*" >> "$FAKE_LOG"`

const copyFromStage = (name: string) =>
  `while IFS= read -r l; do printf '%s\\n' "$l"; done < "$FAKE_STAGE/${name}" > "$FAKE_BIN/${name}"; CHMOD +x "$FAKE_BIN/${name}"`

const SCRIPTS: Record<string, string> = {
  // Refuses without root (the fake sudo sets FAKE_ROOT), like the real apt-get's lock error.
  'apt-get': `${LOG}
printf '%s\\n' "$DEBIAN_FRONTEND" >> "$FAKE_LOG.frontend"
if [ "$FAKE_ROOT" != 1 ]; then
  echo "E: Could not open lock file /var/lib/apt/lists/lock - open (13: Permission denied)" >&2
  echo "E: Unable to lock directory /var/lib/apt/lists/" >&2
  exit 100
fi
case "$1" in
  update) echo "Reading package lists... Done" ;;
  install)
    shift
    for arg in "$@"; do
      case "$arg" in
        -*) ;;
        valgrind) printf '#!/bin/sh\\necho valgrind-3.22.0\\n' > "$FAKE_BIN/valgrind"; CHMOD +x "$FAKE_BIN/valgrind" ;;
        rustup) ${copyFromStage('rustup')}; ${copyFromStage('cargo')}; ${copyFromStage('rustc')} ;;
        *) echo "E: Unable to locate package $arg" >&2; exit 100 ;;
      esac
    done ;;
  *) echo "E: Invalid operation $1" >&2; exit 100 ;;
esac`,
  'apt-cache': `${LOG}
if [ -f "$FAKE_STATE/policy" ]; then while IFS= read -r l; do printf '%s\\n' "$l"; done < "$FAKE_STATE/policy"; fi
exit 0`,
  // -n never prompts: with FAKE_SUDO_PASSWORD it fails as sudo does when a password is needed.
  sudo: `${LOG}
[ "$1" = -n ] || { echo "sudo: expected -n" >&2; exit 1; }
shift
if [ "$FAKE_SUDO_PASSWORD" = 1 ]; then echo "sudo: a password is required" >&2; exit 1; fi
while :; do case "$1" in *=*) export "$1"; shift ;; *) break ;; esac; done
FAKE_ROOT=1 exec "$@"`,
  dnf: `${LOG}
exit 0`,
  'valgrind-broken': `${LOG}
echo "valgrind: failed to start tool 'memcheck' for platform 'amd64-linux'" >&2
exit 1`,
  'valgrind-old': `${LOG}
echo valgrind-3.18.1`,
  // Toolchains live in $FAKE_STATE/toolchains, the default in $FAKE_STATE/default.
  rustup: `${LOG}
S="$FAKE_STATE"
case "$1" in
  toolchain)
    case "$2" in
      list)
        d=; if [ -f "$S/default" ]; then read -r d < "$S/default"; fi
        any=
        if [ -f "$S/toolchains" ]; then
          while IFS= read -r t; do
            any=1
            if [ "$t" = "$d" ]; then echo "$t (active, default)"; else echo "$t"; fi
          done < "$S/toolchains"
        fi
        [ -n "$any" ] || echo "no installed toolchains" ;;
      install) printf '%s\\n' "$3-${HOST}" >> "$S/toolchains"; echo "info: syncing channel updates for '$3-${HOST}'" >&2 ;;
      *) exit 1 ;;
    esac ;;
  default) printf '%s\\n' "$2-${HOST}" > "$S/default"; echo "info: default toolchain set to '$2-${HOST}'" >&2 ;;
  component|target)
    case "$2" in
      list) if [ -f "$S/$1s" ]; then while IFS= read -r l; do echo "$l"; done < "$S/$1s"; fi ;;
      add) ;;
      *) exit 1 ;;
    esac ;;
  *) echo "error: unrecognized subcommand '$1'" >&2; exit 1 ;;
esac`,
  // cargo and rustc as rustup's proxies: +TOOLCHAIN, else the default; an installed toolchain's version.
  proxy: `${LOG}
p=\${0##*/}
tc=
case "$1" in +*) tc=\${1#+}; shift ;; esac
if [ -z "$tc" ] && [ -f "$FAKE_STATE/default" ]; then read -r tc < "$FAKE_STATE/default"; fi
if [ -z "$tc" ]; then echo "error: rustup could not choose a version of $p to run, because one wasn't specified explicitly, and no default is configured." >&2; exit 1; fi
ok=
if [ -f "$FAKE_STATE/toolchains" ]; then
  while IFS= read -r t; do case "$t" in "$tc"|"$tc-${HOST}") ok=1 ;; esac; done < "$FAKE_STATE/toolchains"
fi
[ -n "$ok" ] || { echo "error: toolchain '$tc' is not installed" >&2; exit 1; }
tc=\${tc%-${HOST}}
case "$tc" in
  [0-9]*) v=$tc ;;
  nightly*) v=1.97.0-nightly ;;
  *) v=1.95.0 ;;
esac
echo "$p $v (0123456789 2026-04-14)"`,
}

interface Fake {
  dir: string
  bin: string
  state: string
  env: NodeJS.ProcessEnv
}

/** A temporary system: `tools` on PATH (name or [name, script]), state files, and nothing else. */
async function fakeSystem(
  tools: (string | [string, string])[],
  state: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<Fake> {
  const dir = await tempDir('fake')
  const bin = path.join(dir, 'bin')
  const stage = path.join(dir, 'stage')
  const stateDir = path.join(dir, 'state')
  for (const d of [bin, stage, stateDir]) await mkdir(d)
  const script = (body: string) => `#!/bin/sh\n${body.replaceAll('CHMOD', chmod)}\n`
  for (const tool of tools) {
    const [name, kind] = typeof tool === 'string' ? [tool, tool] : tool
    await writeFile(path.join(bin, name), script(SCRIPTS[kind]!), { mode: 0o755 })
  }
  // What `apt-get install rustup` puts on PATH.
  await writeFile(path.join(stage, 'rustup'), script(SCRIPTS.rustup!))
  await writeFile(path.join(stage, 'cargo'), script(SCRIPTS.proxy!))
  await writeFile(path.join(stage, 'rustc'), script(SCRIPTS.proxy!))
  for (const [name, text] of Object.entries(state)) await writeFile(path.join(stateDir, name), text)
  return {
    dir,
    bin,
    state: stateDir,
    env: {
      PATH: bin,
      HOME: dir,
      FAKE_LOG: path.join(dir, 'log'),
      FAKE_BIN: bin,
      FAKE_STAGE: stage,
      FAKE_STATE: stateDir,
      ...env,
    },
  }
}

/** The commands the stand-ins ran, in order. */
async function ran(fake: Fake, suffix = ''): Promise<string[]> {
  try {
    return (await readFile(path.join(fake.dir, `log${suffix}`), 'utf8')).split('\n').filter((l) => l !== '')
  } catch {
    return []
  }
}

const sudoApt = (...args: string[]) => ['sudo', '-n', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]
const INSTALL_FLAGS = ['install', '-y', '--no-install-recommends']

// ---------------------------------------------------------------------------------------------------
// The command runner and PATH lookup

describe('the default command runner', () => {
  test('runs argv without a shell and returns the exit code and both streams', async () => {
    const argv = ['sh', '-c', 'echo out; echo err >&2; exit 3']
    const result = await defaultRunner(argv)
    assert.deepEqual(result, {
      argv,
      code: 3,
      signal: null,
      timedOut: false,
      stdout: 'out\n',
      stderr: 'err\n',
    })
    // No shell: metacharacters in an argument are just bytes.
    const echo = await defaultRunner(['echo', '$HOME;', '|', '*'])
    assert.equal(echo.stdout, '$HOME; | *\n')
  })

  test('a missing program is exit code 127, looked up on the PATH it is given', async () => {
    const fake = await fakeSystem([['valgrind', 'valgrind-old']])
    const missing = await defaultRunner(['valgrind', '--version'], {
      env: { PATH: path.join(fake.dir, 'none') },
    })
    assert.equal(missing.code, 127)
    // Nothing on that PATH (a directory that does not exist): nothing to suggest either.
    assert.equal(missing.error, 'could not start "valgrind": not found (not on PATH)')
    const found = await defaultRunner(['valgrind', '--version'], { env: fake.env })
    assert.deepEqual(found, {
      argv: ['valgrind', '--version'],
      code: 0,
      signal: null,
      timedOut: false,
      stdout: 'valgrind-3.18.1\n',
      stderr: '',
    })
  })

  test('findExecutable resolves names on PATH and ignores files that are not executable', async () => {
    const fake = await fakeSystem(['dnf'])
    await writeFile(path.join(fake.bin, 'plain'), 'not executable', { mode: 0o644 })
    assert.equal(await findExecutable('dnf', fake.env), path.join(fake.bin, 'dnf'))
    assert.equal(await findExecutable('plain', fake.env), undefined)
    assert.equal(await findExecutable('apt-get', fake.env), undefined)
  })
})

// ---------------------------------------------------------------------------------------------------
// valgrind

const realValgrind = await findExecutable('valgrind', process.env)
const valgrind = await needs('valgrind')

describe('ensureValgrind', () => {
  valgrind.test(
    'reports the valgrind installed here with its real version, and runs nothing but --version',
    async () => {
      const { stdout } = await exec('valgrind', ['--version'])
      const expected = /^valgrind-(\d+\.\d+\.\d+)/.exec(stdout.trim())?.[1]
      assert.ok(expected, `unexpected valgrind --version output: ${stdout}`)
      const { calls, run } = guarded()
      const lines: string[] = []
      const status = await ensureValgrind({ run, env: realEnv(), log: (l) => lines.push(l) })
      assert.deepEqual(status, { tool: 'valgrind', version: expected, path: realValgrind, installed: false })
      assert.deepEqual(calls, [['valgrind', '--version']], 'apt-get must not run when valgrind is installed')
      assert.ok(
        lines.some((l) => l.includes(expected)),
        `the log names the version: ${lines.join('\n')}`,
      )
    },
  )

  test('parses the version from valgrind --version output', () => {
    assert.equal(parseValgrindVersion('valgrind-3.19.0\n'), '3.19.0')
    assert.equal(parseValgrindVersion('valgrind-3.22.0'), '3.22.0')
    assert.equal(parseValgrindVersion('valgrind-3.24.0.GIT\n'), '3.24.0.GIT')
    assert.equal(parseValgrindVersion('valgrind-3.18.1-ubuntu'), '3.18.1-ubuntu')
    assert.equal(parseValgrindVersion('valgrind: command not found'), undefined)
    assert.equal(parseValgrindVersion(''), undefined)
  })

  test('macOS and Windows get a clear error and nothing is run', async () => {
    const { calls, run } = guarded()
    const mac = await setupErrorOf(ensureValgrind({ run, platform: 'darwin' }))
    assert.match(mac.message, /valgrind does not run on macOS/)
    assert.match(mac.message, /recent macOS versions are not supported/)
    assert.match(mac.message, /Linux/)
    assert.match(mac.message, /container/)
    assert.match(mac.message, /process kind/)
    const windows = await setupErrorOf(ensureValgrind({ run, platform: 'win32' }))
    assert.match(windows.message, /valgrind does not run on Windows/)
    assert.match(windows.message, /WSL|Linux container/)
    assert.deepEqual(calls, [])
  })

  test('not root: apt-get update once, then install through sudo -n, noninteractive; then verified', async () => {
    const fake = await fakeSystem(['apt-get', 'sudo'])
    const { calls, run } = recorder()
    const status = await ensureValgrind({ run, env: fake.env, platform: 'linux', uid: 1000 })
    assert.deepEqual(status, {
      tool: 'valgrind',
      version: '3.22.0',
      path: path.join(fake.bin, 'valgrind'),
      installed: true,
    })
    assert.deepEqual(calls, [
      ['valgrind', '--version'],
      sudoApt('update'),
      sudoApt(...INSTALL_FLAGS, 'valgrind'),
      ['valgrind', '--version'],
    ])
    assert.deepEqual(await ran(fake), [
      'sudo -n DEBIAN_FRONTEND=noninteractive apt-get update',
      'apt-get update',
      'sudo -n DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends valgrind',
      'apt-get install -y --no-install-recommends valgrind',
    ])
    assert.deepEqual(await ran(fake, '.frontend'), ['noninteractive', 'noninteractive'])
  })

  test('root: apt-get runs directly, without sudo', async () => {
    const fake = await fakeSystem(['apt-get', 'sudo'], {}, { FAKE_ROOT: '1' })
    const { calls, run } = recorder()
    const status = await ensureValgrind({ run, env: fake.env, platform: 'linux', uid: 0 })
    assert.equal(status.installed, true)
    assert.equal(status.version, '3.22.0')
    assert.deepEqual(calls, [
      ['valgrind', '--version'],
      ['apt-get', 'update'],
      ['apt-get', ...INSTALL_FLAGS, 'valgrind'],
      ['valgrind', '--version'],
    ])
    assert.deepEqual(await ran(fake), [
      'apt-get update',
      'apt-get install -y --no-install-recommends valgrind',
    ])
    assert.deepEqual(await ran(fake, '.frontend'), ['noninteractive', 'noninteractive'])
  })

  test('an apt-get that cannot get root fails with its own message and the command to run by hand', async () => {
    // uid 0 is claimed, but this apt-get has no root: it fails as the real one does.
    const fake = await fakeSystem(['apt-get'])
    const err = await setupErrorOf(ensureValgrind({ env: fake.env, platform: 'linux', uid: 0 }))
    assert.match(err.message, /`apt-get update` failed \(exit 100\)/)
    assert.match(err.message, /Permission denied/)
    assert.match(err.message, /apt-get install -y valgrind/)
    assert.deepEqual(await ran(fake), ['apt-get update'], 'install must not run after a failed update')
  })

  test('not root and no sudo: a clear error, and apt-get is not run', async () => {
    const fake = await fakeSystem(['apt-get'])
    const err = await setupErrorOf(ensureValgrind({ env: fake.env, platform: 'linux', uid: 1000 }))
    assert.match(err.message, /needs root, and sudo is not available/)
    assert.match(err.message, /apt-get install -y valgrind/)
    assert.deepEqual(await ran(fake), [])
  })

  test('sudo that needs a password: says so, and apt-get never runs', async () => {
    const fake = await fakeSystem(['apt-get', 'sudo'], {}, { FAKE_SUDO_PASSWORD: '1' })
    const err = await setupErrorOf(ensureValgrind({ env: fake.env, platform: 'linux', uid: 1000 }))
    assert.match(err.message, /sudo needs a password/)
    assert.match(err.message, /`sudo apt-get install -y valgrind`/)
    assert.deepEqual(await ran(fake), ['sudo -n DEBIAN_FRONTEND=noninteractive apt-get update'])
  })

  test('without apt-get: names the distribution package manager with the exact command, and runs nothing', async () => {
    const fake = await fakeSystem(['dnf'])
    const user = await setupErrorOf(ensureValgrind({ env: fake.env, platform: 'linux', uid: 1000 }))
    assert.match(user.message, /uses dnf, not apt-get/)
    assert.match(user.message, /`sudo dnf install -y valgrind`/)
    const root = await setupErrorOf(ensureValgrind({ env: fake.env, platform: 'linux', uid: 0 }))
    assert.match(root.message, /`dnf install -y valgrind`/)
    assert.doesNotMatch(root.message, /sudo/)
    assert.deepEqual(await ran(fake), [], 'dnf must not be run')

    const bare = await fakeSystem([])
    const unknown = await setupErrorOf(ensureValgrind({ env: bare.env, platform: 'linux', uid: 0 }))
    assert.match(unknown.message, /apt-get is not available/)
  })

  test('a valgrind that is there but broken is an error, not a reinstall', async () => {
    const fake = await fakeSystem(
      [['valgrind', 'valgrind-broken'], 'apt-get', 'sudo'],
      {},
      { FAKE_ROOT: '1' },
    )
    const err = await setupErrorOf(ensureValgrind({ env: fake.env, platform: 'linux', uid: 0 }))
    assert.match(err.message, /`valgrind --version` failed \(exit 1\)/)
    assert.match(err.message, /failed to start tool/)
    assert.deepEqual(await ran(fake), ['valgrind --version'])
  })

  test('a valgrind older than 3.19 is used, with a warning about DWARF 5', async () => {
    const fake = await fakeSystem([['valgrind', 'valgrind-old']])
    const lines: string[] = []
    const status = await ensureValgrind({ env: fake.env, platform: 'linux', log: (l) => lines.push(l) })
    assert.equal(status.version, '3.18.1')
    assert.equal(status.installed, false)
    assert.ok(
      lines.some((l) => /warning: valgrind 3\.18\.1 .*DWARF 5.*-gdwarf-4/.test(l)),
      `expected a DWARF warning in: ${lines.join('\n')}`,
    )
  })
})

// ---------------------------------------------------------------------------------------------------
// Rust toolchain files

describe('Rust toolchain files', () => {
  const read = async (name: string) => {
    const file = path.join(fixtures, name)
    return parseToolchainFile(await readFile(file, 'utf8'), file)
  }

  test('a channel only', async () => {
    assert.deepEqual(await read('channel-only/rust-toolchain.toml'), {
      channel: '1.78.0',
      components: [],
      targets: [],
      file: path.join(fixtures, 'channel-only/rust-toolchain.toml'),
    })
  })

  test('channel, components, targets and profile; comments, both quote styles and other tables', async () => {
    const spec = await read('full/rust-toolchain.toml')
    assert.equal(spec.channel, 'nightly-2024-05-01')
    assert.deepEqual(spec.components, ['clippy', 'rustfmt', 'rust-src'])
    assert.deepEqual(spec.targets, ['wasm32-unknown-unknown', 'aarch64-unknown-linux-gnu'])
    assert.equal(spec.profile, 'minimal')
  })

  test('the legacy rust-toolchain file: one name, or TOML', async () => {
    assert.equal((await read('legacy/rust-toolchain')).channel, 'nightly-2024-05-01')
    const toml = await read('legacy-toml/rust-toolchain')
    assert.equal(toml.channel, '1.80.0')
    assert.deepEqual(toml.components, ['clippy'])
    const err = syncError(() => parseToolchainFile('stable\nbeta\n', '/p/rust-toolchain'))
    assert.match(err.message, /^\/p\/rust-toolchain:2: a rust-toolchain file holds one toolchain name/)
  })

  test('malformed files: a SetupError naming the file and line', async () => {
    const cases: [string, number, RegExp][] = [
      ['malformed/rust-toolchain.toml', 3, /expected "," or "]" in the array/],
      [
        'unquoted/rust-toolchain.toml',
        3,
        /toolchain\.channel must be a quoted string, as in channel = "1\.78"/,
      ],
      ['no-channel/rust-toolchain.toml', 1, /\[toolchain\] names no channel/],
    ]
    for (const [name, line, message] of cases) {
      const file = path.join(fixtures, name)
      const err = syncError(() => parseToolchainFile(readFileSync(file, 'utf8'), file))
      assert.ok(err.message.startsWith(`${file}:${line}: `), `${name}: ${err.message}`)
      assert.match(err.message, message)
      assert.equal(err.file, file)
      assert.equal(err.line, line)
    }
    const more: [string, RegExp][] = [
      [
        '[toolchain]\nchannel = stable\n',
        /^f:2: stable is not a TOML value: strings are quoted, as in "stable"/,
      ],
      [
        '[toolchain]\nchannel = "a"\nchannel = "b"\n',
        /^f:3: toolchain\.channel is defined twice \(first on line 2\)/,
      ],
      ['[toolchain\nchannel = "stable"\n', /^f:1: expected "\]" to close the table header/],
      ['[toolchain]\nchannel = "stable" extra\n', /^f:2: unexpected "extra" after the value/],
      ['[toolchain]\nchannel = "stable\n', /^f:2: unterminated string/],
      ['[toolchain]\ncomponents = [\n  "clippy",\n', /^f:2: unterminated array/],
      ['[toolchain]\nchannel = "stable"\nprofile = "tiny"\n', /^f:3: profile "tiny" is not one of minimal/],
      ['[toolchain]\nchannel = "sta ble"\n', /^f:2: "sta ble" is not a toolchain channel/],
      ['[toolchain]\ntargets = "wasm32-unknown-unknown"\n', /^f:2: toolchain\.targets must be an array/],
      ['[toolchain]\nchannel = "x\\q"\n', /^f:2: invalid escape \\q/],
      ['channel = "stable"\n', /^f: no \[toolchain\] table/],
    ]
    for (const [text, message] of more)
      assert.match(syncError(() => parseToolchainFile(text, 'f')).message, message)
  })

  test('TOML the reader must not misread: multi-line strings, escapes, inline tables, dotted keys', () => {
    const text = [
      'title = """',
      'a [toolchain] that is only text',
      'channel = "wrong" """',
      "raw = '''",
      "channel = 'wrong'",
      "'''",
      'nested = { a = [1, 2.5, true], b = "x" }',
      'when = 1979-05-27 07:32:00Z',
      '"toolchain.channel" = "wrong too"',
      'toolchain.channel = "1.81.0" # dotted',
      'toolchain.components = ["clippy",]',
      'toolchain.targets = ["\\u0077asm32-unknown-unknown"]',
    ].join('\r\n')
    const spec = parseToolchainFile(text, 'rust-toolchain.toml')
    assert.equal(spec.channel, '1.81.0')
    assert.deepEqual(spec.components, ['clippy'])
    assert.deepEqual(spec.targets, ['wasm32-unknown-unknown'])
  })

  test('errors past multi-line strings name their own line: syntax, value types, array items, tables', () => {
    // Lines 1-6: a multi-line string holding TOML-like text, then the real [toolchain] on line 6.
    const head = ['# pinned', 'notes = """', '[toolchain]', 'channel = "not this one"', '"""', '[toolchain]']
    const error = (lines: string[]) =>
      syncError(() => parseToolchainFile([...head, ...lines].join('\n'), 'f'))
    const cases: [string[], number, RegExp][] = [
      [['channel = "stable"', 'components = ["clippy", 1.2.3]'], 8, /^f:8: .*"\.3\]"/],
      [
        ['channel = "stable"', 'components = [', '  "clippy",', '  "rust src",', ']'],
        10,
        /components must hold names/,
      ],
      [
        ['channel = "stable"', 'profile = 1.50'],
        8,
        /profile must be a quoted string, as in profile = "1\.50"/,
      ],
      [['channel = "stable"', '[toolchain]'], 8, /^f:8: \[toolchain\] is defined twice \(first on line 6\)/],
      [
        ['channel = "stable"', 'components = [', '  "clippy",', '  "rustfmt" "rust-src",', ']'],
        10,
        /expected ","/,
      ],
    ]
    for (const [lines, line, message] of cases) {
      const err = error(lines)
      assert.equal(err.line, line, err.message)
      assert.equal(err.file, 'f')
      assert.match(err.message, message)
    }
  })

  test('any valid TOML: an inline [toolchain] table, integers beyond 2^53 elsewhere, a byte order mark', () => {
    const inline = parseToolchainFile('toolchain = { channel = "1.81.0", components = ["clippy"] }\n', 'f')
    assert.equal(inline.channel, '1.81.0')
    assert.deepEqual(inline.components, ['clippy'])
    const text = '\uFEFFbig = 123456789012345678901234567890\n[toolchain]\r\nchannel = "stable"\r\n'
    assert.equal(parseToolchainFile(text, 'f').channel, 'stable')
  })

  test('found in cwd or its parents, up to the git root, nearest first, rust-toolchain before .toml', async () => {
    const outer = await tempDir('search')
    const repo = path.join(outer, 'repo')
    const nested = path.join(repo, 'crates', 'bench', 'src')
    await mkdir(nested, { recursive: true })
    await exec('git', ['init', '--quiet', repo])
    // Outside the repository: never applies to it.
    await writeFile(path.join(outer, 'rust-toolchain.toml'), '[toolchain]\nchannel = "1.70.0"\n')
    assert.equal(await findToolchainFile(nested), undefined)

    await writeFile(path.join(repo, 'rust-toolchain.toml'), '[toolchain]\nchannel = "1.81.0"\n')
    assert.equal(await findToolchainFile(nested), path.join(repo, 'rust-toolchain.toml'))
    assert.equal(await findToolchainFile(repo), path.join(repo, 'rust-toolchain.toml'))

    await writeFile(path.join(repo, 'crates', 'rust-toolchain'), 'nightly\n')
    assert.equal(await findToolchainFile(nested), path.join(repo, 'crates', 'rust-toolchain'))
    // A directory named like the file is not the file.
    await mkdir(path.join(nested, 'rust-toolchain.toml'))
    assert.equal(await findToolchainFile(nested), path.join(repo, 'crates', 'rust-toolchain'))

    assert.equal(
      await findToolchainFile(path.join(fixtures, 'both')),
      path.join(fixtures, 'both', 'rust-toolchain'),
    )
  })
})

// ---------------------------------------------------------------------------------------------------
// ensureRust

/** A temporary git repository holding `files`, so the toolchain search stops inside it. */
async function project(files: Record<string, string> = {}): Promise<string> {
  const dir = await tempDir('project')
  await exec('git', ['init', '--quiet', dir])
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), text)
  }
  return dir
}

const realCargo = await findExecutable('cargo', process.env)
const realAptCache = await findExecutable('apt-cache', process.env)
const [cargo, rustup, aptCache] = await Promise.all([needs('cargo'), needs('rustup'), needs('apt-cache')])

function rustcVersion(stdout: string): string {
  const version = /^rustc (\d+\.\d+\.\d+(?:-[\w.]+)?) /.exec(stdout)?.[1]
  assert.ok(version, `unexpected rustc --version output: ${stdout}`)
  return version
}

describe('ensureRust with the Rust installed here', () => {
  cargo.test(
    'no toolchain pinned: reports the cargo on PATH with rustc’s real version, installing nothing',
    async () => {
      const dir = await project({ 'Cargo.toml': '[package]\nname = "x"\n' })
      const env = realEnv()
      const expected = rustcVersion((await exec('rustc', ['--version'], { env, cwd: dir })).stdout)
      const { calls, run } = guarded()
      const status = await ensureRust({ cwd: dir, run, env })
      assert.deepEqual(status, { tool: 'rust', version: expected, path: realCargo, installed: false })
      assert.deepEqual(calls.slice(-2), [
        ['rustc', '--version'],
        ['cargo', '--version'],
      ])
      assert.ok(
        calls.every((argv) => !argv.includes('install') && !argv.includes('add') && argv[0] !== 'apt-get'),
        `nothing may be installed: ${JSON.stringify(calls)}`,
      )
    },
  )

  rustup.test(
    'a pinned toolchain that rustup already has, with installed components and the host target: nothing to do',
    async () => {
      const env = realEnv()
      const host = /^host: (\S+)$/m.exec((await exec('rustc', ['+stable', '-vV'], { env })).stdout)?.[1]
      assert.ok(host, 'rustc -vV names the host')
      const dir = await project({
        'rust-toolchain.toml': `[toolchain]\nchannel = "stable"\ncomponents = ["cargo", "rustc"]\ntargets = ["${host}"]\n`,
      })
      const nested = path.join(dir, 'benches')
      await mkdir(nested)
      const expected = rustcVersion((await exec('rustc', ['+stable', '--version'], { env })).stdout)
      const { calls, run } = guarded()
      const status = await ensureRust({ cwd: nested, run, env })
      assert.deepEqual(status, {
        tool: 'rust',
        version: expected,
        path: realCargo,
        installed: false,
        toolchain: 'stable',
      })
      assert.deepEqual(calls, [
        ['rustup', 'toolchain', 'list'],
        ['rustup', 'component', 'list', '--installed', '--toolchain', 'stable'],
        ['rustup', 'target', 'list', '--installed', '--toolchain', 'stable'],
        ['rustc', '+stable', '--version'],
        ['cargo', '+stable', '--version'],
      ])
    },
  )

  test('a malformed toolchain file stops before anything runs', async () => {
    const dir = await project({
      'rust-toolchain.toml': '[toolchain]\nchannel = "stable"\ncomponents = ["a" "b"]\n',
    })
    const { calls, run } = guarded()
    const err = await setupErrorOf(ensureRust({ cwd: dir, run, env: realEnv() }))
    assert.ok(err.message.startsWith(`${path.join(dir, 'rust-toolchain.toml')}:3: `), err.message)
    assert.deepEqual(calls, [])
  })
})

describe('ensureRust installing with rustup and apt-get', () => {
  const stableOnly = { toolchains: `stable-${HOST}\n`, default: `stable-${HOST}\n` }

  test('a pinned toolchain rustup lacks is installed with the minimal profile, its components and targets', async () => {
    const fake = await fakeSystem(['rustup', ['cargo', 'proxy'], ['rustc', 'proxy']], stableOnly)
    const dir = await project({
      'rust-toolchain.toml':
        '[toolchain]\nchannel = "1.78.0"\ncomponents = ["clippy", "rustfmt"]\ntargets = ["wasm32-unknown-unknown"]\n',
    })
    const status = await ensureRust({ cwd: dir, env: fake.env, platform: 'linux' })
    assert.deepEqual(status, {
      tool: 'rust',
      version: '1.78.0',
      path: path.join(fake.bin, 'cargo'),
      installed: true,
      toolchain: '1.78.0',
    })
    assert.deepEqual(await ran(fake), [
      'rustup toolchain list',
      'rustup toolchain install 1.78.0 --profile minimal --no-self-update --component clippy --component rustfmt --target wasm32-unknown-unknown',
      'rustc +1.78.0 --version',
      'cargo +1.78.0 --version',
    ])
  })

  test('an installed toolchain only gets the components and targets it lacks', async () => {
    const fake = await fakeSystem(['rustup', ['cargo', 'proxy'], ['rustc', 'proxy']], {
      toolchains: `stable-${HOST}\n1.78.0-${HOST}\n`,
      default: `stable-${HOST}\n`,
      components: `cargo-${HOST}\nclippy-${HOST}\nrust-src\n`,
      targets: `${HOST}\n`,
    })
    const dir = await project({
      'rust-toolchain.toml':
        '[toolchain]\nchannel = "1.78.0"\ncomponents = ["clippy", "rust-src", "rustfmt"]\ntargets = ["wasm32-unknown-unknown", "x86_64-unknown-linux-gnu"]\n',
    })
    const status = await ensureRust({ cwd: dir, env: fake.env, platform: 'linux' })
    assert.equal(status.installed, true)
    assert.deepEqual(await ran(fake), [
      'rustup toolchain list',
      'rustup component list --installed --toolchain 1.78.0',
      'rustup component add --toolchain 1.78.0 rustfmt',
      'rustup target list --installed --toolchain 1.78.0',
      'rustup target add --toolchain 1.78.0 wasm32-unknown-unknown',
      'rustc +1.78.0 --version',
      'cargo +1.78.0 --version',
    ])
  })

  test('the toolchain option wins over the file; in GitHub Actions it also becomes the default', async () => {
    const fake = await fakeSystem(['rustup', ['cargo', 'proxy'], ['rustc', 'proxy']], stableOnly, {
      GITHUB_ACTIONS: 'true',
    })
    const dir = await project({ 'rust-toolchain.toml': '[toolchain]\nchannel = "1.78.0"\n' })
    const status = await ensureRust({ cwd: dir, toolchain: 'nightly', env: fake.env, platform: 'linux' })
    assert.equal(status.version, '1.97.0-nightly')
    assert.equal(status.toolchain, 'nightly')
    assert.deepEqual(await ran(fake), [
      'rustup toolchain list',
      'rustup toolchain install nightly --profile minimal --no-self-update',
      'rustup default nightly',
      'rustc +nightly --version',
      'cargo +nightly --version',
    ])
  })

  test('rustup without a default toolchain and nothing pinned: stable is installed and made the default', async () => {
    const fake = await fakeSystem(['rustup', ['cargo', 'proxy'], ['rustc', 'proxy']])
    const status = await ensureRust({ cwd: await project(), env: fake.env, platform: 'linux' })
    assert.equal(status.version, '1.95.0')
    assert.equal(status.installed, true)
    assert.deepEqual(await ran(fake), [
      'rustup toolchain list',
      'rustup toolchain install stable --profile minimal --no-self-update',
      'rustup default stable',
      'rustc +stable --version',
      'cargo +stable --version',
    ])
  })

  test('neither cargo nor rustup, apt has rustup: installed with apt-get, then the toolchain with rustup', async () => {
    const fake = await fakeSystem(['apt-get', 'apt-cache', 'sudo'], { policy: POLICY_WITH_RUSTUP })
    const dir = await project({ 'rust-toolchain': '1.78.0\n' })
    const { calls, run } = recorder()
    const status = await ensureRust({ cwd: dir, run, env: fake.env, platform: 'linux', uid: 1000 })
    assert.deepEqual(status, {
      tool: 'rust',
      version: '1.78.0',
      path: path.join(fake.bin, 'cargo'),
      installed: true,
      toolchain: '1.78.0',
    })
    assert.deepEqual(calls, [
      ['apt-cache', 'policy', 'rustup', 'cargo'],
      sudoApt('update'),
      sudoApt(...INSTALL_FLAGS, 'rustup'),
      ['rustup', 'toolchain', 'list'],
      ['rustup', 'toolchain', 'install', '1.78.0', '--profile', 'minimal', '--no-self-update'],
      ['rustup', 'default', '1.78.0'],
      ['rustc', '+1.78.0', '--version'],
      ['cargo', '+1.78.0', '--version'],
    ])
  })

  test('neither cargo nor rustup, and apt only has cargo: says how to get Rust, installs nothing', async () => {
    const fake = await fakeSystem(['apt-get', 'apt-cache', 'sudo'], { policy: POLICY_CARGO_ONLY })
    const err = await setupErrorOf(
      ensureRust({ cwd: await project(), env: fake.env, platform: 'linux', uid: 1000 }),
    )
    assert.match(err.message, /neither cargo nor rustup is installed, and apt has no rustup package here/)
    assert.match(
      err.message,
      /cargo \(0\.66\.0\+ds1-1, usually older than stable\): `sudo apt-get install -y cargo`/,
    )
    assert.match(err.message, /https:\/\/rustup\.rs/)
    assert.match(err.message, /dtolnay\/rust-toolchain@stable/)
    assert.deepEqual(await ran(fake), ['apt-cache policy rustup cargo'])
  })

  test('empty package lists: apt-get update once, then apt-cache again', async () => {
    const fake = await fakeSystem(['apt-get', 'apt-cache'], {}, { FAKE_ROOT: '1' })
    const err = await setupErrorOf(
      ensureRust({ cwd: await project(), env: fake.env, platform: 'linux', uid: 0 }),
    )
    assert.match(err.message, /apt has no rustup package here/)
    assert.deepEqual(await ran(fake), [
      'apt-cache policy rustup cargo',
      'apt-get update',
      'apt-cache policy rustup cargo',
    ])
  })

  aptCache.test('with the real apt-cache: the distribution’s packages decide what is offered', async () => {
    const { stdout } = await exec('apt-cache', ['policy', 'rustup', 'cargo'])
    const candidate = (name: string) => {
      const version = new RegExp(`^${name}:\\n\\s+Installed:.*\\n\\s+Candidate: (\\S+)`, 'm').exec(
        stdout,
      )?.[1]
      return version === '(none)' ? undefined : version
    }
    const rustupPackage = candidate('rustup')
    const cargoPackage = candidate('cargo')
    const fake = await fakeSystem(['apt-get', 'sudo'])
    await symlink(realAptCache!, path.join(fake.bin, 'apt-cache'))
    const attempt = ensureRust({ cwd: await project(), env: fake.env, platform: 'linux', uid: 1000 })
    if (rustupPackage) {
      // rustup is installed with apt-get (the stand-in's), then the stable toolchain with it.
      const status = await attempt
      assert.equal(status.installed, true)
      const commands = await ran(fake)
      assert.ok(
        commands.some((line) => /apt-get install -y --no-install-recommends rustup$/.test(line)),
        commands.join('\n'),
      )
    } else if (cargoPackage) {
      // Only the distribution's cargo, older than stable: offered in words, nothing installed.
      const err = await setupErrorOf(attempt)
      assert.ok(err.message.includes(`cargo (${cargoPackage}, usually older than stable)`), err.message)
      assert.deepEqual(await ran(fake), [], 'apt-get must not run')
    } else {
      // Neither, even after the package lists are read again.
      const err = await setupErrorOf(attempt)
      assert.match(err.message, /apt has no rustup package here/)
    }
  })

  test('without apt-get, or off Linux: how to get Rust, naming the package manager', async () => {
    const fake = await fakeSystem(['dnf'])
    const dnf = await setupErrorOf(
      ensureRust({ cwd: await project(), env: fake.env, platform: 'linux', uid: 1000 }),
    )
    assert.match(dnf.message, /`sudo dnf install -y rustup` \(dnf\)/)
    const mac = await setupErrorOf(ensureRust({ cwd: await project(), env: fake.env, platform: 'darwin' }))
    assert.match(mac.message, /`brew install rustup`, then `rustup default stable`/)
    const win = await setupErrorOf(ensureRust({ cwd: await project(), env: fake.env, platform: 'win32' }))
    assert.match(win.message, /winget install Rustlang\.Rustup/)
    assert.deepEqual(await ran(fake), [], 'dnf must not be run')
  })

  test('cargo without rustup is used as it is, with a warning when it is not the pinned version', async () => {
    const fake = await fakeSystem(
      [
        ['cargo', 'proxy'],
        ['rustc', 'proxy'],
      ],
      stableOnly,
    )
    const dir = await project({ 'rust-toolchain.toml': '[toolchain]\nchannel = "1.78.0"\n' })
    const lines: string[] = []
    const status = await ensureRust({ cwd: dir, env: fake.env, platform: 'linux', log: (l) => lines.push(l) })
    assert.equal(status.version, '1.95.0')
    assert.equal(status.installed, false)
    assert.ok(
      lines.some((l) =>
        /warning: .*asks for Rust 1\.78\.0, but rustup is not installed.*Rust 1\.95\.0/.test(l),
      ),
      lines.join('\n'),
    )
    assert.deepEqual(await ran(fake), ['rustc --version', 'cargo --version'])
  })
})

const POLICY_WITH_RUSTUP = `rustup:
  Installed: (none)
  Candidate: 1.27.1-4
  Version table:
     1.27.1-4 500
        500 http://deb.debian.org/debian trixie/main amd64 Packages
cargo:
  Installed: (none)
  Candidate: 1.85.0+dfsg1-1
  Version table:
     1.85.0+dfsg1-1 500
        500 http://deb.debian.org/debian trixie/main amd64 Packages
`

const POLICY_CARGO_ONLY = `rustup:
  Installed: (none)
  Candidate: (none)
  Version table:
cargo:
  Installed: (none)
  Candidate: 0.66.0+ds1-1
  Version table:
     0.66.0+ds1-1 500
        500 http://deb.debian.org/debian bookworm/main amd64 Packages
`

// ---------------------------------------------------------------------------------------------------
// bench-action setup

describe('bench-action setup', () => {
  test('toolsNeeded: instructions and explained-only need valgrind; a setup step running cargo needs Rust', () => {
    assert.deepEqual(toolsNeeded(['process']), [])
    assert.deepEqual(toolsNeeded(['instructions', 'process']), ['valgrind'])
    // Timed changes gated explained-only are counted under valgrind; any needs nothing.
    const timed = (...rules: Array<string | undefined>) =>
      rules.map((timedChange) => ({ kind: 'process', ...(timedChange ? { timedChange } : {}) }))
    assert.deepEqual(toolsNeeded(['process'], { benchmarks: timed('any', undefined) }), [])
    assert.deepEqual(toolsNeeded(['process'], { benchmarks: timed('any', 'explained-only') }), ['valgrind'])
    assert.deepEqual(toolsNeeded(['process'], { setup: [{ command: ['cargo', 'build', '--release'] }] }), [
      'rust',
    ])
    assert.deepEqual(
      toolsNeeded(['instructions'], { setup: [{ command: ['/home/u/.cargo/bin/cargo', 'build'] }] }),
      ['valgrind', 'rust'],
    )
    assert.deepEqual(
      toolsNeeded([], {
        setup: [{ command: ['/bin/sh', '-c', 'cd runner && cargo build --release'], shell: true }],
      }),
      ['rust'],
    )
    assert.deepEqual(
      toolsNeeded([], { setup: [{ command: ['make', 'cargo'] }, { command: ['./build.sh'] }] }),
      [],
    )
    assert.deepEqual(
      toolsNeeded([], { setup: [{ command: ['/bin/sh', '-c', 'echo cargo-less'], shell: true }] }),
      [],
    )
  })

  test('unknown tool names: a SetupError listing the known ones, before anything runs', async () => {
    const { calls, run } = guarded()
    const err = await setupErrorOf(runSetup(['valgrind', 'zag'], { cwd: os.tmpdir(), run }))
    assert.match(err.message, /unknown tool "zag": bench-action can set up valgrind, rust/)
    assert.deepEqual(calls, [])
  })

  test('valgrind and Rust together: apt-get update runs once for both', async () => {
    const fake = await fakeSystem(['apt-get', 'apt-cache', 'sudo'], { policy: POLICY_WITH_RUSTUP })
    const { calls, run } = recorder()
    const statuses = await runSetup(['valgrind', 'rust', 'valgrind'], {
      cwd: await project(),
      run,
      env: fake.env,
      platform: 'linux',
      uid: 1000,
    })
    assert.deepEqual(
      statuses.map((s) => [s.tool, s.version, s.installed]),
      [
        ['valgrind', '3.22.0', true],
        ['rust', '1.95.0', true],
      ],
    )
    const updates = calls.filter((argv) => argv.includes('apt-get') && argv.includes('update'))
    assert.deepEqual(updates, [sudoApt('update')])
    assert.deepEqual(
      calls.filter((argv) => argv.includes('install')),
      [
        sudoApt(...INSTALL_FLAGS, 'valgrind'),
        sudoApt(...INSTALL_FLAGS, 'rustup'),
        ['rustup', 'toolchain', 'install', 'stable', '--profile', 'minimal', '--no-self-update'],
      ],
    )
  })

  test('parseAptPolicy keeps packages that have a candidate', () => {
    const candidates = parseAptPolicy(POLICY_CARGO_ONLY)
    assert.deepEqual([...candidates], [['cargo', '0.66.0+ds1-1']])
  })
})
