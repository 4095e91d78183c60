// The hint after a comparison with another moment's run that left timed changes unclear: measure the
// baseline's commit beside this code in one run. Only where it helps and both sides have a commit.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { againstHint } from '../../../src/cli/output.ts'
import type { Comparison } from '../../../src/compare/types.ts'

const BASE = 'a'.repeat(40)
const HEAD = 'b'.repeat(40)
const comparison = (over: {
  verdicts: Array<[string, string]>
  pairing?: object
  baseSha?: string | undefined
  headSha?: string | undefined
  noBaseline?: boolean
}): Comparison =>
  ({
    head: { commit: { sha: 'headSha' in over ? over.headSha : HEAD } },
    ...(over.noBaseline ? {} : { baseline: { commit: { sha: 'baseSha' in over ? over.baseSha : BASE } } }),
    ...(over.pairing ? { pairing: over.pairing } : {}),
    benchmarks: over.verdicts.map(([kind, verdict]) => ({ kind, verdict })),
  }) as unknown as Comparison

test('timed changes left unclear across moments: the hint names how many and the baseline commit to measure', () => {
  assert.equal(
    againstHint(
      comparison({
        verdicts: [
          ['process', 'unclear'],
          ['wall-clock', 'unclear'],
          ['process', 'unchanged'],
        ],
      }),
    ),
    "hint: 2 unclear, compared with a run of another moment: a change must exceed the drift between runs to count. To measure the baseline's commit beside this code, interleaved, and decide them: bench-action run --against aaaaaaa",
  )
  assert.match(
    againstHint(comparison({ verdicts: [['scaling', 'unclear']] }))!,
    /^hint: 1 unclear, .* decide it: /,
  )
})

test('no hint: exact counts only, nothing unclear, a paired run, no baseline, or a side without a commit', () => {
  assert.equal(againstHint(comparison({ verdicts: [['instructions', 'unclear']] })), undefined)
  assert.equal(againstHint(comparison({ verdicts: [['process', 'regression']] })), undefined)
  assert.equal(againstHint(comparison({ verdicts: [['process', 'unclear']], pairing: {} })), undefined)
  assert.equal(againstHint(comparison({ verdicts: [['process', 'unclear']], noBaseline: true })), undefined)
  assert.equal(againstHint(comparison({ verdicts: [['process', 'unclear']], baseSha: undefined })), undefined)
  assert.equal(againstHint(comparison({ verdicts: [['process', 'unclear']], headSha: undefined })), undefined)
})
