// What becomes of a test that needs a tool this machine lacks: it fails, naming the tool and how to
// install it, unless BENCH_ACTION_TEST_SKIP names the tool; then it is skipped, and the reason names
// the variable. A test or a suite that needs tools is declared through the gate `needs` returns:
//
//   const gfm = await needs('cmark-gfm')
//   gfm.test('the report renders as GitHub renders it', async () => { … })
//   gfm.describe('every hostile name', () => { … })
//
// Every test that runs writes the diagnostic `needs: TOOL, …`; tool-summary.ts counts those, the
// skips and the failures per tool at the end of `npm test`. scripts/test installs every tool.
import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import {
  before,
  beforeEach,
  describe,
  type SuiteContext,
  type TestContext,
  type TestOptions,
  test,
} from 'node:test'
import { promisify } from 'node:util'
import { ensureZig } from '../../src/setup/zig.ts'
import {
  needsDiagnostic,
  parseSkipList,
  SKIP_VARIABLE,
  type Tool,
  type Verdict,
  verdictFor,
} from './tool-list.ts'
import { node24 } from './tools.ts'

export type { Tool } from './tool-list.ts'

const run = promisify(execFile)

/** Whether `command args…` runs and exits 0. */
async function runs(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args, { timeout: 60_000 })
    return true
  } catch {
    return false
  }
}

/** How each tool is looked for: the way the tests that need it find it. */
const PROBES: Record<Tool, () => Promise<boolean>> = {
  valgrind: () => runs('valgrind', ['--version']),
  cc: () => runs('cc', ['--version']),
  'c++': () => runs('c++', ['--version']),
  cargo: () => runs('cargo', ['--version']),
  rustup: async () => {
    try {
      const { stdout } = await run('rustup', ['toolchain', 'list'], { timeout: 60_000 })
      return /^stable-/m.test(stdout)
    } catch {
      return false
    }
  },
  // On PATH, in bench-action's tool cache, or downloaded from PyPI into it, as `bench-action` does.
  zig: () =>
    ensureZig().then(
      () => true,
      () => false,
    ),
  go: () => runs('go', ['version']),
  hyperfine: () => runs('hyperfine', ['--version']),
  'cmark-gfm': () => runs('cmark-gfm', ['--version']),
  chromium: async () => (await runs('chromium', ['--version'])) || runs('chromium-browser', ['--version']),
  'git-http-backend': async () => {
    try {
      const { stdout } = await run('git', ['--exec-path'])
      return (await stat(path.join(stdout.trim(), 'git-http-backend'))).isFile()
    } catch {
      return false
    }
  },
  'apt-cache': () => runs('apt-cache', ['--version']),
  // BENCH_ACTION_TEST_NODE24, or the pinned release, installed (and checked) on first use.
  node24: async () => {
    try {
      const { stdout } = await run(await node24(), ['--version'], { timeout: 60_000 })
      return /^v24\./.test(stdout)
    } catch {
      return false
    }
  },
  // The font as fontconfig, which Chromium asks, knows it.
  'noto-color-emoji': async () => {
    try {
      const { stdout } = await run('fc-list', [':family=Noto Color Emoji', 'family'], { timeout: 60_000 })
      return stdout.trim() !== ''
    } catch {
      return false
    }
  },
}

const probes = new Map<Tool, Promise<boolean>>()

/** Whether a tool is here; each is looked for once per test file. */
export function present(tool: Tool): Promise<boolean> {
  let probe = probes.get(tool)
  if (!probe) {
    probe = PROBES[tool]()
    probes.set(tool, probe)
  }
  return probe
}

type Body = (t: TestContext) => unknown
type SuiteBody = (s: SuiteContext) => void | Promise<void>

/** `test` and `describe` for tests that need some tools. */
export interface Gate {
  readonly tools: Tool[]
  readonly verdict: Verdict
  test(name: string, fn: Body): void
  test(name: string, options: TestOptions, fn: Body): void
  describe(name: string, fn: SuiteBody): void
  describe(name: string, options: TestOptions, fn: SuiteBody): void
}

/** The failure of a test whose tool is missing. */
class MissingToolError extends Error {
  override name = 'MissingToolError'
}

/** The gate for a verdict already reached (`needs` reaches it from this machine and the variable). */
export function gate(tools: Tool[], verdict: Verdict): Gate {
  const diagnostic = needsDiagnostic(tools)
  function gatedTest(name: string, a: TestOptions | Body, b?: Body): void {
    const options = typeof a === 'function' ? {} : a
    const fn = (typeof a === 'function' ? a : b)!
    if ('skip' in verdict) test(name, { ...options, skip: verdict.skip }, () => {})
    else if ('fail' in verdict)
      test(name, options, () => {
        throw new MissingToolError(verdict.fail)
      })
    else
      test(name, options, async (t) => {
        t.diagnostic(diagnostic)
        await fn(t)
      })
  }
  function gatedDescribe(name: string, a: TestOptions | SuiteBody, b?: SuiteBody): void {
    const options = typeof a === 'function' ? {} : a
    const fn = (typeof a === 'function' ? a : b)!
    if ('skip' in verdict) describe(name, { ...options, skip: verdict.skip }, () => {})
    else if ('fail' in verdict)
      describe(name, options, (s) => {
        // Registered before the suite's own hooks, so it runs first and they do not run at all: the
        // suite fails with this, and node:test cancels its tests.
        before(() => {
          throw new MissingToolError(verdict.fail)
        })
        return fn(s)
      })
    else
      describe(name, options, (s) => {
        // Each test of the suite, and of suites within it, says it ran with the tools.
        beforeEach((t) => {
          ;(t as TestContext).diagnostic(diagnostic)
        })
        return fn(s)
      })
  }
  return { tools, verdict, test: gatedTest, describe: gatedDescribe }
}

/**
 * The gate for tests that need `tools`: they run when every tool is here, are skipped when
 * BENCH_ACTION_TEST_SKIP names one of them, and fail otherwise, as they do when the variable names
 * something that is not a tool.
 */
export async function needs(...tools: Tool[]): Promise<Gate> {
  return gate(tools, await verdictOf(tools))
}

/** What becomes of a check that needs `tools`, here, with BENCH_ACTION_TEST_SKIP as it is set. */
export async function verdictOf(tools: Tool[]): Promise<Verdict> {
  let named: Tool[]
  try {
    named = parseSkipList(process.env[SKIP_VARIABLE])
  } catch (error) {
    return { run: false, fail: (error as Error).message }
  }
  const unnamed = tools.filter((tool) => !named.includes(tool))
  const found = await Promise.all(unnamed.map((tool) => present(tool)))
  return verdictFor(
    tools,
    named,
    unnamed.filter((_, i) => !found[i]),
  )
}
