// kind: import end to end: results other harnesses wrote (a file, or a command's output) become
// benchmarks compared and gated like measured ones.
import assert from 'node:assert/strict'
import { cp, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { compareResults } from '../../../../src/compare/index.ts'
import { parseConfig } from '../../../../src/config/index.ts'
import { FORMATS, IMPORT_FORMATS } from '../../../../src/import/index.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { measureSuite } from '../../../../src/schedule/index.ts'
import { cli, gitRepo, removeDir, repoRoot, resultSetOf } from '../../../support/helpers.ts'

const FIXTURES = path.join(repoRoot, '__tests__', 'fixtures', 'import')
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

async function imported(yaml: string) {
  return measureSuite(planCases(parseConfig(yaml, path.join(FIXTURES, 'bench.yml'))))
}

describe('kind: import', () => {
  test('every format the config accepts has its parser, and no parser is left out of the config', () => {
    assert.deepEqual(FORMATS.map((f) => f.name).sort(), [...IMPORT_FORMATS].sort())
  })

  test('go: ns/op falling while MB/s rises is an improvement on both', async () => {
    const side = (file: string) => imported(`benchmarks:\n  - { name: go, kind: import, file: go/${file} }\n`)
    const base = await side('base.txt')
    const head = await side('head.txt')
    const comparison = compareResults(resultSetOf('imports', {}, '2026-11-22T00:00:00Z', head), {
      baseline: {
        results: resultSetOf('imports', {}, '2026-11-22T00:00:00Z', base),
        source: 'base.txt',
        reason: 'test',
      },
    })
    const checksum = comparison.benchmarks.find((b) => /^go\/BenchmarkChecksum-\d+$/.test(b.id))
    assert.ok(checksum, comparison.benchmarks.map((b) => b.id).join(', '))
    const verdicts = Object.fromEntries(checksum.metrics.map((m) => [m.metric, [m.direction, m.verdict]]))
    assert.deepEqual(verdicts.time, ['lower', 'improvement'])
    assert.deepEqual(verdicts.throughput, ['higher', 'improvement'])
    assert.equal(checksum.verdict, 'improvement', 'every sampled metric gates by default')
    // MB/s is the same run's ns/op seen another way: shown with time's verdict, not gated.
    const throughput = checksum.metrics.find((m) => m.metric === 'throughput')!
    assert.deepEqual([throughput.gated, throughput.follows], [false, 'time'])
    // -count 5: five samples a side, decided by the test on samples, not the summary rule.
    assert.equal(checksum.metrics.find((m) => m.metric === 'time')?.test, 'mann-whitney-exact')
  })

  test('the format is detected when not named, and said where it came from', async () => {
    const [result, ...rest] = await imported(
      'benchmarks:\n  - { name: hf, kind: import, file: hyperfine/sleep.json }\n',
    )
    assert.equal(result?.status, 'ok', result?.error?.message)
    assert.match(result!.notes[0]!, /^imported from hyperfine\/sleep\.json \(hyperfine\)$/)
    assert.equal(result!.kind, 'import')
    // hyperfine 1 keeps only the mean user and system time: no spread, so shown but not gated.
    assert.deepEqual(Object.keys(result!.metrics), ['time', 'user', 'system'])
    assert.deepEqual(result!.gate.metrics, ['time'])
    assert.ok(
      rest.every((r) => r.id.startsWith('hf/')),
      'every benchmark is named after the entry',
    )
  })

  test('summary-only formats are compared by the stricter rule and say so', async () => {
    const results = await imported(
      'benchmarks:\n  - { name: js, kind: import, format: benchmark-js, file: benchmark-js/benchmark-js.txt }\n',
    )
    assert.ok(
      results.length > 0 && results.every((r) => r.status === 'ok'),
      JSON.stringify(results[0]?.error),
    )
    const head = results.map((r) => ({
      ...r,
      metrics: Object.fromEntries(
        Object.entries(r.metrics).map(([k, m]) => [
          k,
          // The same benchmarks at a twentieth of the rate, their intervals scaled alike: apart even where
          // benchmark.js printed ±64% (at its 95%; ±84% at the 99% the default alpha asks for).
          m.summary
            ? {
                ...m,
                summary: {
                  ...m.summary,
                  center: m.summary.center / 20,
                  interval: m.summary.interval?.map((x) => x / 20) as [number, number] | undefined,
                },
              }
            : m,
        ]),
      ),
    }))
    const comparison = compareResults(resultSetOf('js', {}, '2026-11-22T00:00:00Z', head), {
      baseline: {
        results: resultSetOf('js', {}, '2026-11-22T00:00:00Z', results),
        source: 'x',
        reason: 'test',
      },
    })
    for (const b of comparison.benchmarks) {
      assert.equal(b.verdict, 'regression', b.id)
      const m = b.metrics[0]!
      assert.equal(m.test, 'summary-intervals')
      assert.match(m.notes.join('\n'), /summary only .*the 99% intervals of the means do not overlap/)
    }
  })

  test('a missing or malformed file fails its benchmark with a clear message; the others are reported', async () => {
    const results = await imported(`benchmarks:
  - { name: gone, kind: import, file: nowhere.json }
  - { name: broken, kind: import, format: hyperfine, file: go/base.txt }
  - { name: unknown, kind: import, file: rebar/README.md }
  - { name: fine, kind: import, file: go/base.txt }
`)
    const byName = Object.fromEntries(results.map((r) => [r.id.split('/')[0], r]))
    assert.match(byName.gone!.error?.message ?? '', /nothing to import: .*nowhere\.json does not exist/)
    assert.match(byName.broken!.error?.message ?? '', /go\/base\.txt: .*not valid JSON/)
    assert.match(
      byName.unknown!.error?.message ?? '',
      /cannot tell the format of rebar\/README\.md: name it with format:/,
    )
    assert.equal(byName.fine!.status, 'ok')
  })
})

describe('what a format says about a benchmark', () => {
  test('an error the tool recorded fails that benchmark; counters of unknown direction do not gate', async () => {
    const results = await imported(
      'benchmarks:\n  - { name: gb, kind: import, file: google-benchmark/repetitions.json }\n',
    )
    const failed = results.filter((r) => r.status === 'failed')
    assert.equal(failed.length, 1, results.map((r) => `${r.id} ${r.status}`).join(', '))
    assert.match(failed[0]!.error?.message ?? '', /the benchmark reported an error; nothing measured/)
    const counted = results.find((r) => Object.values(r.metrics).some((m) => m.unit === 'other'))
    assert.ok(counted, 'a benchmark with user counters')
    const counters = Object.entries(counted.metrics)
      .filter(([, m]) => m.unit === 'other')
      .map(([name]) => name)
    assert.deepEqual(
      counted.gate.metrics.filter((g) => counters.includes(g)),
      [],
      'user counters are reported, not gated',
    )
    assert.ok(counted.gate.metrics.includes('time'), 'time still gates')
    assert.match(counted.notes.join('\n'), /not gated, its better direction being a guess/)
  })
})

describe('counted, not timed', () => {
  test('bytes and allocations a tool counted are compared exactly', async () => {
    const base = await imported(
      'benchmarks:\n  - { name: jl, kind: import, file: julia/documented-schema-results.json, gate: [allocations] }\n',
    )
    const [first] = base
    assert.equal(first?.metrics.allocations?.value !== undefined, true, JSON.stringify(first?.metrics))
    // One more allocation per call in head: an exact change, decided without a test.
    const head = base.map((b, i) =>
      i === 0 && b.metrics.allocations
        ? {
            ...b,
            metrics: {
              ...b.metrics,
              allocations: { ...b.metrics.allocations, value: b.metrics.allocations.value! + 1 },
            },
          }
        : b,
    )
    const comparison = compareResults(resultSetOf('jl', {}, '2026-11-22T00:00:00Z', head), {
      baseline: { results: resultSetOf('jl', {}, '2026-11-22T00:00:00Z', base), source: 'x', reason: 'test' },
    })
    const changed = comparison.benchmarks[0]!.metrics.find((m) => m.metric === 'allocations')!
    assert.equal(changed.exact, true)
    assert.equal(changed.verdict, 'regression', 'one allocation more is beyond the 5% threshold')
    assert.deepEqual(
      comparison.benchmarks.slice(1).map((b) => b.verdict),
      comparison.benchmarks.slice(1).map(() => 'unchanged'),
    )
  })
})

describe('kind: import through the CLI', () => {
  test('go test -bench run as the command: the second run compares with the first', async () => {
    const dir = await gitRepo({ '.gitignore': '.bench/\n' })
    dirs.push(dir)
    await cp(path.join(FIXTURES, 'go', 'bench'), path.join(dir, 'bench'), { recursive: true })
    await writeFile(
      path.join(dir, 'bench.yml'),
      'suite: go\nbenchmarks:\n  - name: go\n    kind: import\n    command: [go, test, -run, "^$", -bench, ., -benchmem, -count, "5", -benchtime, 2000x]\n    cwd: bench\n    gate: [allocations]\n',
    )
    const first = await cli(['--no-install'], dir)
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stdout, /BenchmarkJoin-\d+/)
    const second = await cli(['--no-install', '--markdown', 'report.md'], dir)
    assert.equal(second.code, 0, second.stderr + second.stdout)
    // Allocation counts do not change between two runs of the same code: gated, unchanged.
    assert.match(second.stdout, /no regressions in \d+ benchmarks/)
    assert.match(second.stdout, /allocations/)
  })
})
