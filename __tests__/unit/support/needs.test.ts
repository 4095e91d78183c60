// A missing tool fails the tests that need it unless BENCH_ACTION_TEST_SKIP names it: the skip list,
// the verdicts, the words written for each, the per-tool summary, and all of it through node:test.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import type { TestEvent } from 'node:test/reporters'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import {
  missingMessage,
  needsDiagnostic,
  parseSkipList,
  skipReason,
  toolsOfDiagnostic,
  toolsOfFailure,
  toolsOfSkip,
  verdictFor,
} from '../../support/tool-list.ts'
import { summaryText, type ToolCount, ToolTally } from '../../support/tool-summary.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const TOOLS_LISTED =
  'valgrind, cc, c++, cargo, rustup, zig, go, hyperfine, cmark-gfm, chromium, git-http-backend, apt-cache, noto-color-emoji, node24'

describe('BENCH_ACTION_TEST_SKIP', () => {
  test('unset or empty names no tool', () => {
    assert.deepEqual(parseSkipList(undefined), [])
    assert.deepEqual(parseSkipList(''), [])
    assert.deepEqual(parseSkipList(' , '), [])
  })

  test('comma-separated names, spaces ignored, each once', () => {
    assert.deepEqual(parseSkipList('valgrind,chromium'), ['valgrind', 'chromium'])
    assert.deepEqual(parseSkipList(' cmark-gfm , c++,cmark-gfm,'), ['cmark-gfm', 'c++'])
  })

  test('a name that is not a tool is an error that lists the tools', () => {
    assert.throws(
      () => parseSkipList('valgrind,valgrin'),
      new Error(
        `BENCH_ACTION_TEST_SKIP names "valgrin", which is not a tool the tests use; the tools are ${TOOLS_LISTED}`,
      ),
    )
    assert.throws(
      () => parseSkipList('all,gcc'),
      new Error(
        `BENCH_ACTION_TEST_SKIP names "all", "gcc", which are not tools the tests use; the tools are ${TOOLS_LISTED}`,
      ),
    )
  })
})

describe('what becomes of a test that needs tools', () => {
  test('every tool here and none named: it runs', () => {
    assert.deepEqual(verdictFor(['cc', 'valgrind'], [], []), { run: true })
    assert.deepEqual(verdictFor(['cc'], ['valgrind'], ['go']), { run: true }, 'other tools do not matter')
  })

  test('a named tool skips it, here or not, and the reason names the variable and the tool', () => {
    assert.deepEqual(verdictFor(['cc', 'valgrind'], ['valgrind'], []), {
      run: false,
      skip: 'BENCH_ACTION_TEST_SKIP names valgrind',
    })
    assert.deepEqual(verdictFor(['cc', 'valgrind'], ['valgrind', 'cc'], ['cc']), {
      run: false,
      skip: 'BENCH_ACTION_TEST_SKIP names cc, valgrind',
    })
    // A named tool wins over a missing one: the test could not run either way.
    assert.deepEqual(verdictFor(['cc', 'valgrind'], ['valgrind'], ['cc']), {
      run: false,
      skip: 'BENCH_ACTION_TEST_SKIP names valgrind',
    })
  })

  test('a missing tool not named fails it, saying which, how to install it, and how to skip instead', () => {
    assert.deepEqual(verdictFor(['hyperfine'], ['chromium'], ['hyperfine']), {
      run: false,
      fail:
        'missing tool: hyperfine (not installed, and not named in BENCH_ACTION_TEST_SKIP). ' +
        'scripts/test installs every tool the tests use, then runs them; to install it alone: ' +
        'hyperfine: apt-get install hyperfine. ' +
        'To skip the tests that need it instead: BENCH_ACTION_TEST_SKIP=hyperfine',
    })
    assert.deepEqual(verdictFor(['cc', 'valgrind', 'cmark-gfm'], [], ['valgrind', 'cc']), {
      run: false,
      fail:
        'missing tools: cc, valgrind (not installed, and not named in BENCH_ACTION_TEST_SKIP). ' +
        'scripts/test installs every tool the tests use, then runs them; to install them alone: ' +
        'cc: apt-get install gcc; valgrind: apt-get install valgrind. ' +
        'To skip the tests that need them instead: BENCH_ACTION_TEST_SKIP=cc,valgrind',
    })
  })

  test('the summary reads back what the tests write, and nothing else', () => {
    assert.deepEqual(toolsOfDiagnostic(needsDiagnostic(['cc', 'c++'])), ['cc', 'c++'])
    assert.equal(toolsOfDiagnostic('needs: cc, gcc'), undefined)
    assert.equal(toolsOfDiagnostic('tests 12'), undefined)
    assert.deepEqual(toolsOfSkip(skipReason(['git-http-backend'])), ['git-http-backend'])
    assert.equal(toolsOfSkip('reads /proc'), undefined)
    assert.equal(toolsOfSkip(true), undefined)
    assert.deepEqual(toolsOfFailure(missingMessage(['zig', 'go'])), ['zig', 'go'])
    assert.equal(toolsOfFailure('missing tool: cc'), undefined)
  })
})

/** A test:pass or test:fail event of node:test, with what the tally reads. */
function result(
  type: 'test:pass' | 'test:fail',
  name: string,
  nesting: number,
  extra: { skip?: string; suite?: boolean; error?: Error } = {},
): TestEvent {
  const details = {
    duration_ms: 1,
    ...(extra.suite ? { type: 'suite' as const } : {}),
    ...(extra.error ? { error: extra.error } : {}),
  }
  const data = { name, nesting, testNumber: 1, details, ...(extra.skip ? { skip: extra.skip } : {}) }
  return { type, data } as TestEvent
}

const diagnostic = (message: string, nesting: number): TestEvent => ({
  type: 'test:diagnostic',
  data: { message, nesting },
})

/** What a hook's failure looks like to a test: node:test's error, the cause the hook threw. */
const hookFailure = (message: string) =>
  new Error('failed running before hook', { cause: new Error(message) })

describe('the per-tool summary', () => {
  test('counts a test that ran by its diagnostics, a skip by its reason, a missing tool by its failure', () => {
    const tally = new ToolTally()
    const missingGo = missingMessage(['go'])
    for (const event of [
      result('test:pass', 'runs', 0),
      diagnostic('needs: cc', 0),
      result('test:fail', 'runs and fails', 0, { error: new Error('its own failure') }),
      diagnostic('needs: cc, valgrind', 0),
      result('test:pass', 'named', 0, { skip: 'BENCH_ACTION_TEST_SKIP names valgrind' }),
      result('test:fail', 'missing', 0, { error: new Error(missingGo) }),
      // A suite whose tool is missing: its tests fail with the hook's error, then the suite does.
      result('test:fail', 'one', 1, { error: hookFailure(missingGo) }),
      result('test:fail', 'two', 1, { error: hookFailure(missingGo) }),
      result('test:fail', 'suite', 0, { suite: true, error: hookFailure(missingGo) }),
      // A suite that failed for want of a tool alone counts once.
      result('test:fail', 'cancelled', 1, { error: new Error('test did not finish before its parent') }),
      result('test:fail', 'suite alone', 0, { suite: true, error: hookFailure(missingMessage(['zig'])) }),
      // A test needing a missing tool inside a suite whose tool is here: missing, not run.
      result('test:fail', 'inner', 1, { error: new Error(missingGo) }),
      diagnostic('needs: cc', 1),
      result('test:pass', 'suite of cc', 0, { suite: true }),
      result('test:pass', 'plain', 0),
      diagnostic('tests 12', 0),
      diagnostic('needs: cc', 0),
    ])
      tally.add(event)
    const counts = tally.finish()
    const zero: ToolCount = { passed: 0, failed: 0, skipped: 0, missing: 0 }
    assert.deepEqual(counts.get('cc'), { ...zero, passed: 2, failed: 1 })
    assert.deepEqual(counts.get('valgrind'), { ...zero, failed: 1, skipped: 1 })
    assert.deepEqual(counts.get('go'), { ...zero, missing: 4 })
    assert.deepEqual(counts.get('zig'), { ...zero, missing: 1 })
    assert.deepEqual(counts.get('chromium'), zero)
  })

  test('a row per tool, aligned, and what BENCH_ACTION_TEST_SKIP named', () => {
    const counts = new ToolTally().finish()
    counts.set('cc', { passed: 2, failed: 1, skipped: 0, missing: 0 })
    counts.set('chromium', { passed: 0, failed: 0, skipped: 4, missing: 0 })
    counts.set('go', { passed: 0, failed: 0, skipped: 0, missing: 10 })
    const lines = summaryText(counts, 'chromium').split('\n')
    assert.equal(
      lines[1],
      'tests that need a tool, per tool (a suite skipped, or failed for want of its tool, counts once):',
    )
    assert.equal(lines[2], `tool${' '.repeat(14)}ran  passed  failed  skipped  not installed`)
    assert.equal(lines[3], `valgrind${' '.repeat(12)}0       0       0        0              0`)
    assert.equal(lines[4], `cc${' '.repeat(18)}3       2       1        0              0`)
    assert.equal(lines[9], `go${' '.repeat(18)}0       0       0        0             10`)
    assert.equal(lines[12], `chromium${' '.repeat(12)}0       0       0        4              0`)
    assert.equal(lines[13], `git-http-backend    0       0       0        0              0`)
    assert.equal(lines[15], `noto-color-emoji    0       0       0        0              0`)
    assert.equal(lines[16], `node24${' '.repeat(14)}0       0       0        0              0`)
    assert.equal(lines[17], 'BENCH_ACTION_TEST_SKIP names chromium: the tests that need it are skipped')
    assert.equal(
      summaryText(counts, '').split('\n')[17],
      'BENCH_ACTION_TEST_SKIP names no tool: a missing tool fails the tests that need it',
    )
    assert.equal(
      summaryText(counts, 'go,cc').split('\n')[17],
      'BENCH_ACTION_TEST_SKIP names go, cc: the tests that need them are skipped',
    )
    assert.match(
      summaryText(counts, 'chrome').split('\n')[17]!,
      /^BENCH_ACTION_TEST_SKIP names "chrome", which/,
    )
  })
})

/** Runs fixtures/needs/gated.ts in a test runner of its own, spec output to a file, the summary to stdout. */
async function runGated(skip: string): Promise<{ code: number; summary: string; spec: string }> {
  const dir = await tempDir('needs')
  dirs.push(dir)
  const specFile = path.join(dir, 'spec.txt')
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_ACTION_TEST_SKIP: skip, NO_COLOR: '1' }
  // Set for this file's own process by its runner; the runner started here must report, not serialise.
  delete env.NODE_TEST_CONTEXT
  delete env.FORCE_COLOR
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    `--test-reporter-destination=${specFile}`,
    '--test-reporter=./__tests__/support/tool-summary.mjs',
    '--test-reporter-destination=stdout',
    path.join('__tests__', 'fixtures', 'needs', 'gated.ts'),
  ]
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(process.execPath, args, { cwd: repoRoot, env, timeout: 120_000 }, (error, stdout) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout }),
    )
  })
  return { code, summary: stdout, spec: await readFile(specFile, 'utf8') }
}

/** The summary's row of a tool as numbers: ran, passed, failed, skipped, not installed. */
function row(summary: string, tool: string): number[] {
  const line = summary.split('\n').find((l) => l.startsWith(`${tool} `))
  assert.ok(line, `a row for ${tool} in:\n${summary}`)
  return line.trim().split(/\s+/).slice(1).map(Number)
}

describe('through node:test, with the reporter npm test uses', () => {
  test('a missing tool fails its tests with our words; a named one is skipped; the summary counts both', async () => {
    const { code, summary, spec } = await runGated('hyperfine')
    assert.equal(code, 1, 'failures fail the run')
    // Ran, passed, failed, skipped, not installed.
    assert.deepEqual(row(summary, 'cc'), [3, 2, 1, 0, 0], summary)
    assert.deepEqual(row(summary, 'valgrind'), [0, 0, 0, 2, 0], summary)
    // Two tests, and the suite whose tool is missing: it fails before its tests start.
    assert.deepEqual(row(summary, 'go'), [0, 0, 0, 0, 3], summary)
    assert.deepEqual(row(summary, 'hyperfine'), [0, 0, 0, 1, 0], summary)
    assert.match(summary, /^BENCH_ACTION_TEST_SKIP names hyperfine: the tests that need it are skipped$/m)
    // The spec output: the skips name the variable, the failures say which tool and what to do.
    assert.match(spec, /named \([\d.]+ms\) # BENCH_ACTION_TEST_SKIP names valgrind/)
    assert.match(spec, /hyperfine, as the variable says .*# BENCH_ACTION_TEST_SKIP names hyperfine/)
    assert.match(spec, /missing tool: go \(not installed, and not named in BENCH_ACTION_TEST_SKIP\)/)
    assert.match(spec, /To skip the tests that need it instead: BENCH_ACTION_TEST_SKIP=go/)
    assert.doesNotMatch(spec, /a skipped test does not run/)
    assert.match(spec, /its own failure/)
  })

  test('a name that is not a tool fails the tests that read the variable, and the summary says why', async () => {
    const { summary, spec } = await runGated('hyperfine,nonesuch')
    assert.deepEqual(row(summary, 'hyperfine'), [0, 0, 0, 0, 0], summary)
    assert.match(summary, /^BENCH_ACTION_TEST_SKIP names "nonesuch", which is not a tool the tests use; /m)
    assert.match(spec, /hyperfine, as the variable says/)
    assert.match(
      spec,
      /BENCH_ACTION_TEST_SKIP names "nonesuch", which is not a tool the tests use; the tools are/,
    )
    // The gates with verdicts of their own are untouched.
    assert.deepEqual(row(summary, 'cc'), [3, 2, 1, 0, 0], summary)
  })
})
