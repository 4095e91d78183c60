// The words of a failed setup step or benchmark that may be paths, and what the report says of a path
// the working tree has and a same-job checkout lacks.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { missingPathHint, pathWords } from '../../../src/run/missing-paths.ts'

describe('path words', () => {
  test("a command's arguments and a compiler's complaint, without options, quotes or punctuation", () => {
    assert.deepEqual(
      pathWords([
        'cc',
        '-O2',
        '-o',
        'build/work',
        '--out=gen/x.h',
        "/usr/bin/ld: cannot open output file build/work: No such file or directory\nsh: 0: cannot open 'tools/run.sh'.",
      ]),
      [
        'cc',
        'build/work',
        'gen/x.h',
        '/usr/bin/ld',
        'cannot',
        'open',
        'output',
        'file',
        'No',
        'such',
        'or',
        'directory',
        'sh',
        '0',
        'tools/run.sh',
      ],
    )
  })

  test('a trailing slash or dot is not part of the path; . and .. alone are no path', () => {
    assert.deepEqual(pathWords(['build/', 'out.', '.', '..', './bin/x']), ['build', 'out', './bin/x'])
  })
})

describe('the hint for a path a checkout lacks', () => {
  test('an ignored directory the base lacks: create it in setup', () => {
    assert.equal(
      missingPathHint({ path: 'build', directory: true, ignored: true }, 'setup', 'abc1234'),
      "build/ exists in your working tree but is not in abc1234 (ignored): the base's checkout does not have it; create it in setup (e.g. [mkdir, -p, build])",
    )
  })

  test('an ignored file the head lacks: make it in setup', () => {
    assert.equal(
      missingPathHint({ path: 'conf/.env', directory: false, ignored: true }, 'benchmark'),
      "conf/.env exists in your working tree but is ignored: the head's checkout (what git tracks, with the untracked files) does not have it; make it in setup",
    )
  })

  test('an untracked folder a setup step of the base needs: commit it, or build the base another way', () => {
    assert.equal(
      missingPathHint({ path: 'tools', directory: true, ignored: false }, 'setup', 'abc1234'),
      "tools/ exists in your working tree but is not in abc1234 (untracked): the base's checkout does not have it; commit it, or build the base without it (base-setup:)",
    )
  })

  test("an untracked program a benchmark runs: commit it, since the base runs the head's benchmarks", () => {
    assert.equal(
      missingPathHint({ path: 'tools/run.sh', directory: false, ignored: false }, 'benchmark', 'abc1234'),
      "tools/run.sh exists in your working tree but is not in abc1234 (untracked): the base's checkout does not have it; commit it: the base runs the head's benchmarks in its own checkout",
    )
  })
})
