// Sharding: every case in exactly one shard, the split balanced by durations, and shards merged into
// the run an unsharded plan would have made — checked with instruction counts, which are exact.
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { compareResults } from '../../../src/compare/index.ts'
import { parseConfig } from '../../../src/config/index.ts'
import type { Case } from '../../../src/kinds/index.ts'
import { parseResultSetText } from '../../../src/results.ts'
import { planCases } from '../../../src/run/plan.ts'
import { assignShards, parseShard, shardCases } from '../../../src/run/shard.ts'
import { SeededRandom } from '../../../src/stats/index.ts'
import { cli, gitRepo, removeDir } from '../../support/helpers.ts'
import { costSource, modelBenchmark, modelFiles, nsHeader } from '../../support/model-code.ts'
import { needs } from '../../support/needs.ts'

// The shards count instructions of a program the suite's setup compiles.
const counted = await needs('valgrind', 'cc')
// Same-job shards build code whose cost per call is a number, with the C compiler.
const compiled = await needs('cc')
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

function cases(n: number): Case[] {
  const yaml = `benchmarks:\n${Array.from({ length: n }, (_, i) => `  - { name: case-${i}, kind: process, command: [true] }\n`).join('')}`
  return planCases(parseConfig(yaml, 'bench.yml'))
}

describe('the split', () => {
  test('shard specs: I/N with 1 ≤ I ≤ N', () => {
    assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 })
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0'])
      assert.throws(() => parseShard(bad), /shard must be INDEX\/COUNT with 1 ≤ INDEX ≤ COUNT/, bad)
  })

  test('every case in exactly one shard, with and without durations; the same split every time', () => {
    const plan = cases(23)
    const random = new SeededRandom('durations')
    const durations = new Map(plan.slice(0, 20).map((c) => [c.id, 10 + random.nextInt(1000)]))
    for (const known of [undefined, durations]) {
      const shards = [1, 2, 3, 4].map((index) =>
        shardCases(plan, { index, count: 4 }, known).map((c) => c.id),
      )
      assert.deepEqual(
        shards.flat().sort(),
        plan.map((c) => c.id).sort(),
        'the shards together are the plan, no case twice',
      )
      assert.deepEqual(
        [1, 2, 3, 4].map((index) => shardCases(plan, { index, count: 4 }, known).map((c) => c.id)),
        shards,
        'deterministic',
      )
      assert.ok(
        shards.every((s) => s.length >= 3),
        `every shard gets work: ${shards.map((s) => s.length)}`,
      )
    }
  })

  test('with durations, the slowest shard stays near the mean', () => {
    const plan = cases(40)
    const random = new SeededRandom('mixed lengths')
    // Mixed lengths: most short, a few ten times longer.
    const durations = new Map(
      plan.map((c, i) => [c.id, i % 8 === 0 ? 2000 + random.nextInt(2000) : 50 + random.nextInt(300)]),
    )
    const assignment = assignShards(plan, 4, durations)
    const load = [0, 0, 0, 0]
    for (const [id, shard] of assignment) load[shard - 1]! += durations.get(id)!
    const mean = load.reduce((a, b) => a + b) / 4
    assert.ok(Math.max(...load) <= 1.05 * mean, `loads ${load.join(', ')}, mean ${mean}`)
  })
})

describe('sharded runs merge into the unsharded run', () => {
  // Eight programs counting to different numbers; the head doubles two of them.
  const source = (doubled: number[]) => `#include <stdlib.h>
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  ${doubled.length > 0 ? `if (${doubled.map((d) => `n == ${d}`).join(' || ')}) n *= 2;` : ''}
  volatile long x = 0;
  for (long i = 0; i < n; i++) x += i;
  return 0;
}
`
  const COUNTS = [1000, 3000, 9000, 27000, 81000, 2000, 6000, 18000]
  const config = `suite: sharded
setup:
  - [cc, -O1, -o, count, count.c]
benchmarks:
${COUNTS.map((n) => `  - { name: count-${n}, kind: instructions, command: [./count, "${n}"], cache-sim: false }\n`).join('')}`

  counted.test(
    '4 shards: the same benchmarks and verdicts as one run; a missing or doubled shard is refused',
    async () => {
      const dir = await gitRepo({
        'bench.yml': config,
        'count.c': source([]),
        '.gitignore': '.bench/\ncount\n*.json\n',
      })
      dirs.push(dir)
      const base = await cli(['--no-install', '--no-save', '--json', 'base.json'], dir)
      assert.equal(base.code, 0, base.stderr)
      await writeFile(path.join(dir, 'count.c'), source([3000, 81000]))

      const whole = await cli(
        ['--no-install', '--no-save', '--baseline', 'base.json', '--json', 'whole.json'],
        dir,
      )
      assert.equal(whole.code, 1, whole.stderr + whole.stdout)
      for (let i = 1; i <= 4; i++) {
        const shard = await cli(
          [
            '--no-install',
            '--baseline',
            'base.json',
            '--shard',
            `${i}/4`,
            '--shard-output',
            `shard-${i}.json`,
          ],
          dir,
        )
        assert.equal([0, 1].includes(shard.code), true, shard.stderr)
        assert.match(shard.stderr, new RegExp(`shard ${i}/4: \\d of 8 cases, balanced by the durations of`))
        // The other shards' benchmarks are theirs to measure, not missing from this one.
        assert.doesNotMatch(shard.stdout, /not run/, shard.stdout)
      }
      const shardFiles = [1, 2, 3, 4].map((i) => `shard-${i}.json`)
      const merged = await cli(
        ['merge', ...shardFiles, '--baseline', 'base.json', '--json', 'merged.json', '--no-save'],
        dir,
      )
      assert.equal(merged.code, 1, merged.stderr + merged.stdout)
      assert.match(merged.stderr, /merged 4 shards: 8 benchmarks/)

      const read = async (file: string) =>
        parseResultSetText(await readFile(path.join(dir, file), 'utf8'), file)
      const baseline = { results: await read('base.json'), source: 'base.json', reason: 'test' }
      const verdicts = async (file: string) =>
        compareResults(await read(file), { baseline }).benchmarks.map((b) => [
          b.id,
          b.verdict,
          b.metrics[0]?.change,
        ])
      const expected = await verdicts('whole.json')
      assert.deepEqual(await verdicts('merged.json'), expected, 'same benchmarks, same order, same verdicts')
      assert.deepEqual(
        expected.filter(([, v]) => v === 'regression').map(([id]) => id),
        ['count-3000', 'count-81000'],
      )

      const missing = await cli(['merge', shardFiles[0]!, shardFiles[1]!, shardFiles[3]!, '--no-save'], dir)
      assert.equal(missing.code, 2, missing.stderr)
      assert.match(
        missing.stderr,
        /the shards do not make one run: shard 3\/4 is missing; no shard measured count-/,
      )
      const doubled = await cli(['merge', ...shardFiles, shardFiles[0]!, '--no-save'], dir)
      assert.equal(doubled.code, 2, doubled.stderr)
      assert.match(doubled.stderr, /shard 1\/4 is there 2 times \(shard-1\.json, shard-1\.json\)/)
    },
  )
})

describe('same-job shards', () => {
  compiled.test(
    'each shard builds the base beside it and measures its part paired; the merge keeps the pairs',
    async () => {
      // Code whose cost per call is a number (model-code.ts): `fast` prints ns.h's, `slow` slow.h's.
      // The working tree makes `slow` ten times slower than the commit it is compared with: its 12 pair
      // ratios within 10 × [0.999/1.001, 1.001/0.999] ⊂ [9.98, 10.02], Wilcoxon's exact p = 2/2^12 =
      // 0.0005 < 0.01, +900% beyond 10%: a regression. `fast` and `steady` cost the same on both sides,
      // every ratio within [0.998, 1.002]: unchanged.
      const config = `suite: ab-shards
defaults: { runs: 12, warmup: 1, threshold: 10%, sequential: false }
setup:
  - [cc, -O2, -o, model_runner, model_runner.c]
  - [cc, -O2, -o, fast, cost.c]
  - [cc, -O2, -o, slow, slow.c]
benchmarks:
${modelBenchmark('fast', 'fast')}${modelBenchmark('slow', 'slow')}${modelBenchmark('steady', 'fast')}`
      const dir = await gitRepo({
        'bench.yml': config,
        ...modelFiles(20_000),
        'slow.c': costSource('slow.h'),
        'slow.h': nsHeader(20_000),
        '.gitignore': 'model_runner\nfast\nslow\n*.json\n.bench/\n',
      })
      dirs.push(dir)
      await writeFile(path.join(dir, 'slow.h'), nsHeader(200_000))
      for (const i of [1, 2]) {
        const shard = await cli(
          ['--no-install', '--against', 'HEAD', '--shard', `${i}/2`, '--shard-output', `s${i}.json`],
          dir,
        )
        assert.equal([0, 1].includes(shard.code), true, shard.stderr)
      }
      const merged = await cli(['merge', 's1.json', 's2.json', '--no-save', '--markdown', 'report.md'], dir)
      assert.equal(merged.code, 1, merged.stderr + merged.stdout)
      const md = await readFile(path.join(dir, 'report.md'), 'utf8')
      assert.match(md, /--against HEAD, built and measured in this job, interleaved, 12 pairs per benchmark/)
      assert.match(md, /Wilcoxon signed-rank p &lt; α = 0\.01 on the log-ratios of 12 pairs/)
      assert.match(md, /\| `slow` \| time \(median\) \|.*🔴 regression \|/)
      assert.doesNotMatch(md, /\| `(fast|steady)` \|[^\n]*🔴 regression/)
      assert.match(md, /<summary>2 unchanged<\/summary>/)
    },
  )
})
