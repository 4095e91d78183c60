// The tools the tests run for real, by the names BENCH_ACTION_TEST_SKIP uses, and the words a test
// that needs them writes: the skip reason, the failure when one is missing, the diagnostic when it
// runs. needs.ts writes them, tool-summary.ts reads them back; both take the formats from here.

/** The variable that lets the tests of the tools it names be skipped. */
export const SKIP_VARIABLE = 'BENCH_ACTION_TEST_SKIP'
/** The script that installs every tool below, then runs the tests. */
export const INSTALL_SCRIPT = 'scripts/test'

/** Every tool a test may need, and how to install it on its own. */
export const TOOL_INSTALL = {
  valgrind: 'apt-get install valgrind',
  cc: 'apt-get install gcc',
  'c++': 'apt-get install g++',
  cargo: 'apt-get install cargo, or Rust from https://rustup.rs',
  rustup:
    'rustup with a stable toolchain: apt-get install rustup where the distribution has it, else https://rustup.rs; then `rustup default stable`',
  zig: 'zig on PATH, or pip for python3 (apt-get install python3-pip), with which bench-action downloads Zig from PyPI into its cache',
  go: 'Go 1.21 or later, which fetches the Go release act and actionlint name (apt-get install golang-go, or https://go.dev/dl/)',
  hyperfine: 'apt-get install hyperfine',
  'cmark-gfm': 'apt-get install cmark-gfm',
  chromium: 'apt-get install chromium',
  'git-http-backend': 'apt-get install git (it is `$(git --exec-path)/git-http-backend`)',
  'apt-cache': 'apt, as Debian and Ubuntu have it',
  'noto-color-emoji':
    "apt-get install fonts-noto-color-emoji (Chromium draws the comment's verdict emoji in colour with it, as GitHub does)",
  node24:
    'node scripts/node24.mjs (Node 24 from the npm registry for Linux x64, checked against a pinned sha512, into ~/.cache/bench-action-tests/node24), or BENCH_ACTION_TEST_NODE24=/path/to/a/node24',
} as const

export type Tool = keyof typeof TOOL_INSTALL
export const TOOL_NAMES = Object.keys(TOOL_INSTALL) as Tool[]

export function isTool(name: string): name is Tool {
  return Object.hasOwn(TOOL_INSTALL, name)
}

const list = (tools: readonly string[]) => tools.join(', ')

/** The tools a BENCH_ACTION_TEST_SKIP value names: comma-separated, spaces ignored, each a known tool. */
export function parseSkipList(value: string | undefined): Tool[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const unknown = names.filter((name) => !isTool(name))
  if (unknown.length > 0)
    throw new Error(
      `${SKIP_VARIABLE} names ${list(unknown.map((name) => JSON.stringify(name)))}, which ${unknown.length === 1 ? 'is not a tool' : 'are not tools'} the tests use; the tools are ${list(TOOL_NAMES)}`,
    )
  return [...new Set(names as Tool[])]
}

/** What becomes of a test that needs some tools: it runs, it is skipped, or it fails saying why. */
export type Verdict = { run: true } | { run: false; skip: string } | { run: false; fail: string }

/** The skip reason of a test that needs tools BENCH_ACTION_TEST_SKIP names. */
export function skipReason(named: readonly Tool[]): string {
  return `${SKIP_VARIABLE} names ${list(named)}`
}

/** The failure of a test that needs tools that are not here and not named in BENCH_ACTION_TEST_SKIP. */
export function missingMessage(missing: readonly Tool[]): string {
  const one = missing.length === 1
  const them = one ? 'it' : 'them'
  return (
    `missing ${one ? 'tool' : 'tools'}: ${list(missing)} (not installed, and not named in ${SKIP_VARIABLE}). ` +
    `${INSTALL_SCRIPT} installs every tool the tests use, then runs them; to install ${them} alone: ` +
    `${missing.map((tool) => `${tool}: ${TOOL_INSTALL[tool]}`).join('; ')}. ` +
    `To skip the tests that need ${them} instead: ${SKIP_VARIABLE}=${missing.join(',')}`
  )
}

/**
 * What becomes of a test needing `tools`, given the tools BENCH_ACTION_TEST_SKIP names and those not
 * here: a named tool skips its tests whether or not it is here; otherwise a missing tool fails them.
 */
export function verdictFor(
  tools: readonly Tool[],
  named: readonly Tool[],
  missing: readonly Tool[],
): Verdict {
  const skipped = tools.filter((tool) => named.includes(tool))
  if (skipped.length > 0) return { run: false, skip: skipReason(skipped) }
  const absent = tools.filter((tool) => missing.includes(tool))
  if (absent.length > 0) return { run: false, fail: missingMessage(absent) }
  return { run: true }
}

/** The diagnostic a test that runs writes. */
export function needsDiagnostic(tools: readonly Tool[]): string {
  return `needs: ${list(tools)}`
}

/** Known tools in a `a, b, c` list; undefined when any is not one. */
function toolsIn(text: string): Tool[] | undefined {
  const names = text.split(', ')
  return names.every(isTool) ? names : undefined
}

/** The tools a diagnostic says a test ran with, if it is one of ours. */
export function toolsOfDiagnostic(message: string): Tool[] | undefined {
  const m = /^needs: (.+)$/.exec(message)
  return m ? toolsIn(m[1]!) : undefined
}

/** The tools a skip reason names, if it is one of ours. */
export function toolsOfSkip(reason: unknown): Tool[] | undefined {
  if (typeof reason !== 'string') return undefined
  const m = new RegExp(`^${SKIP_VARIABLE} names (.+)$`).exec(reason)
  return m ? toolsIn(m[1]!) : undefined
}

/** The tools a failure says are missing, if it is one of ours. */
export function toolsOfFailure(message: string): Tool[] | undefined {
  const m = /^missing tools?: (.+?) \(not installed, and not named in /.exec(message)
  return m ? toolsIn(m[1]!) : undefined
}
