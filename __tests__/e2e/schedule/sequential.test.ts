// The looks of sequential sampling: what each look may decide, and where a benchmark stops or goes on.
// Pairs come from a seeded generator, or from a runner reporting computed durations, with a known change
// and spread, so no machine can blur them.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { compareBenchmark } from '../../../src/compare/index.ts'
import { parseConfig } from '../../../src/config/index.ts'
import { planCases } from '../../../src/run/plan.ts'
import { measureSameJob } from '../../../src/schedule/index.ts'
import { SeededRandom } from '../../../src/stats/random.ts'
import { extendedAlpha, lookAtPairs, lookPlan } from '../../../src/stats/sequential.ts'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const cc = await needs('cc')

const run = promisify(execFile)

/** n pairs of a ~1 ms measurement whose head is `ratio` times base, each pair off by ~`spread` (log-normal). */
function pairs(n: number, ratio: number, spread: number, seed: string): [number[], number[]] {
  const random = new SeededRandom(seed)
  const base: number[] = []
  const head: number[] = []
  for (let i = 0; i < n; i++) {
    // A moment of the machine both sides of a pair share, and each run's own noise.
    const moment = Math.exp(0.2 * random.nextGaussian())
    base.push(1e6 * moment * Math.exp(spread * random.nextGaussian()))
    head.push(1e6 * ratio * moment * Math.exp(spread * random.nextGaussian()))
  }
  return [base, head]
}

const options = { threshold: 0.05, alpha: 0.01, direction: 'lower' as const, seed: 'look' }

describe('lookPlan', () => {
  test('looks early at half the planned pairs, and extends to twice as many', () => {
    assert.deepEqual(lookPlan(20), { early: 10, planned: 20, max: 40 })
    assert.deepEqual(lookPlan(31), { early: 16, planned: 31, max: 62 })
  })
  test('no early look where half the pairs are too few for a verdict', () => {
    assert.deepEqual(lookPlan(12), { planned: 12, max: 24 })
    assert.deepEqual(lookPlan(1), { planned: 1, max: 2 })
  })
})

describe('lookAtPairs', () => {
  test('an unchanged benchmark whose pairs agree closely stops at the early look', () => {
    const [base, head] = pairs(10, 1, 0.005, 'quiet A/A')
    assert.equal(lookAtPairs(base, head, options, true), 'unchanged')
  })

  test('the early look never calls a change, however large', () => {
    const [base, head] = pairs(10, 2, 0.005, 'twice as slow')
    assert.equal(lookAtPairs(base, head, options, true), 'undecided')
    assert.equal(lookAtPairs(base, head, options, false), 'regression')
  })

  test('an improvement is decided at the planned look', () => {
    const [base, head] = pairs(20, 0.8, 0.01, 'faster')
    assert.equal(lookAtPairs(base, head, options, false), 'improvement')
  })

  test('noisy pairs that cannot tell a 5% change from none are undecided', () => {
    const [base, head] = pairs(20, 1.06, 0.15, 'noisy')
    assert.equal(lookAtPairs(base, head, options, false), 'undecided')
  })

  test('a change that is significant at α but not at α/2 is undecided at the planned look', () => {
    // Search the seeded pairs for one whose p lies between α/2 and α: the look must not call it.
    let found = false
    for (let i = 0; i < 200 && !found; i++) {
      const [base, head] = pairs(20, 1.08, 0.05, `edge ${i}`)
      const atAlpha = lookAtPairs(base, head, { ...options, alpha: 2 * options.alpha }, false)
      const atHalf = lookAtPairs(base, head, options, false)
      if (atAlpha === 'regression' && atHalf !== 'regression') {
        found = true
        assert.equal(atHalf, 'undecided')
      }
    }
    assert.ok(found, 'some seeded pairs lie between the two levels')
  })

  test('values that are not all above 0 give no ratio: nothing to look at', () => {
    assert.equal(lookAtPairs([0, 1, 1], [1, 1, 1], options, false), undefined)
    assert.equal(lookAtPairs([], [], options, false), undefined)
    assert.equal(lookAtPairs([1, 2], [1], options, false), undefined)
  })

  test('an extended benchmark is judged at half the significance level', () => {
    assert.equal(extendedAlpha(0.01), 0.005)
  })
})

/**
 * The schedule's side: same-job pairs of model_runner (__tests__/programs/model_runner.c), whose sample
 * durations are computed from --ns with a jitter the test chooses, so where a pair stops or is extended
 * does not depend on how busy the machine is.
 */
cc.describe('sequential sampling of same-job pairs', () => {
  let dir: string
  let model: string
  before(async () => {
    dir = await tempDir('sequential')
    model = path.join(dir, 'model_runner')
    await run('cc', ['-O2', '-o', model, path.join(repoRoot, '__tests__', 'programs', 'model_runner.c')])
  })
  after(() => removeDir(dir))

  /** One wall-clock benchmark of `runs` samples: ns per call and jitter (ppm) on each side. */
  const cases = (ns: number, jitter: number, runs = 20) =>
    planCases(
      parseConfig(
        `
benchmarks:
  - name: model
    kind: wall-clock
    runner: [${JSON.stringify(model)}, --ns=${ns}, --ops=1, --count=1, --jitter=${jitter}, --samples]
    count: 1
    runs: ${runs}
    threshold: 5%
`,
        path.join(dir, 'bench.yml'),
      ),
    )

  async function measure(base: number, head: number, jitter: number, sequential?: boolean) {
    const m = await measureSameJob(cases(base, jitter), cases(head, jitter), {
      ...(sequential === undefined ? {} : { sequential }),
    })
    const h = m.head[0]!
    assert.equal(h.status, 'ok', h.error?.message)
    const c = compareBenchmark(m.base[0], h, { pairs: m.pairs.model })
    return { pairs: m.pairs.model?.length ?? 0, head: h, comparison: c }
  }

  test('a pair whose samples agree closely stops at half its runs, unchanged, and says so', async () => {
    const { pairs, head, comparison } = await measure(20_000, 20_000, 1000)
    assert.equal(pairs, 10)
    assert.equal(comparison.verdict, 'unchanged')
    assert.equal(head.gate.alpha, 0.01)
    assert.match(head.notes.join('\n'), /sampled sequentially: clearly unchanged after 10 of 20 pairs/)
  })

  test('with sequential sampling off, every pair takes its runs', async () => {
    const { pairs, head } = await measure(20_000, 20_000, 1000, false)
    assert.equal(pairs, 20)
    assert.doesNotMatch(head.notes.join('\n'), /sampled sequentially/)
  })

  test('a clear change is decided at its runs: neither stopped early nor extended', async () => {
    const { pairs, head, comparison } = await measure(20_000, 40_000, 1000)
    assert.equal(pairs, 20)
    assert.equal(comparison.verdict, 'regression')
    assert.equal(head.gate.alpha, 0.01)
    assert.doesNotMatch(head.notes.join('\n'), /sampled sequentially/)
  })

  test('a pair too noisy to decide at its runs is extended to twice as many, judged at α/2', async () => {
    // ±90% jitter on every sample: 20 pairs cannot tell a 5.5% change from none or from 11%, whatever
    // the jitter each process draws (a hash of its pid); at ±40% a run could still decide by chance.
    const { pairs, head, comparison } = await measure(20_000, 21_100, 900_000)
    assert.equal(pairs, 40)
    assert.equal(head.gate.alpha, 0.005)
    assert.match(head.notes.join('\n'), /undecided after 20 pairs, so extended to 40; judged at α = 0\.005/)
    assert.equal(comparison.alpha, 0.005)
  })
})
