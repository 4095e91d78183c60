// A missing tool fails the tests that need it unless BENCH_ACTION_TEST_SKIP names it: the skip list,
// the verdicts and the words written for each.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  missingMessage,
  needsDiagnostic,
  parseSkipList,
  skipReason,
  toolsOfDiagnostic,
  toolsOfFailure,
  toolsOfSkip,
  verdictFor,
} from './tool-list.ts'

const TOOLS_LISTED =
  'valgrind, cc, c++, cargo, rustup, zig, go, hyperfine, cmark-gfm, chromium, git-http-backend, apt-cache'

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
