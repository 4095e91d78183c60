// A rebar benchmarks directory brought as it is (`rebar: { benchmarks: DIR }`): the definitions in
// fixtures/rebar/benchmarks use every feature of rebar's FORMAT.md once, and its engines.toml starts
// two runners written for these tests (fixtures/rebar/runners: JavaScript RegExp and Python's re),
// which, like rebar's own runners, refuse any KLV key rebar does not send.
//
// The KLV each runner is sent is checked byte for byte against what FORMAT.md and KLV.md say rebar
// sends, written out here by hand: rebar's order (name, model, each pattern, case-insensitive,
// unicode, haystack, the four limits), the definition's GROUP/NAME as the name, a regex file's
// trimming and per-line forms, and every haystack option.
import assert from 'node:assert/strict'
import { constants } from 'node:fs'
import { access, cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { compareResults, rankEngines } from '../../../../src/compare/index.ts'
import { ConfigError } from '../../../../src/config/errors.ts'
import { parseConfig } from '../../../../src/config/index.ts'
import { importFormat } from '../../../../src/import/index.ts'
import type { WallClockCase } from '../../../../src/kinds/wall-clock/plan.ts'
import { rebarCases } from '../../../../src/kinds/wall-clock/rebar-cases.ts'
import type { BenchmarkResult, ResultSet } from '../../../../src/results.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { SHARD_SCHEMA, SHARD_VERSION } from '../../../../src/run/shard.ts'
import { decodeEntities, renderGfm } from '../../../support/gfm.ts'
import { cli, removeDir, repoRoot, resultSetOf, tempDir } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

const FIXTURE = path.join(repoRoot, '__tests__/fixtures/rebar')
const gfm = await needs('cmark-gfm')
const SHERLOCK = path.join(FIXTURE, 'benchmarks/haystacks/sherlock.txt')

/** A KLV item as KLV.md defines it: key, ':', the value's length in bytes, ':', the value, '\n'. */
function item(key: string, value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value
  return Buffer.concat([Buffer.from(`${key}:${bytes.length}:`, 'utf8'), bytes, Buffer.from('\n')])
}

/** What rebar sends for a definition, in its order, with the limits `klv --max-iters 7 --max-time 2s` gives. */
function rebarKlv(d: {
  name: string
  model: string
  patterns: string[]
  caseInsensitive?: boolean
  unicode?: boolean
  haystack: string | Buffer
}): Buffer {
  // In the order rebar's shared/klv/lib.rs writes them: the patterns and haystack last, "because they
  // can be big".
  return Buffer.concat([
    item('name', d.name),
    item('model', d.model),
    item('case-insensitive', String(d.caseInsensitive ?? false)),
    item('unicode', String(d.unicode ?? false)),
    item('max-iters', '7'),
    item('max-warmup-iters', '1000000'),
    item('max-time', '2000000000'),
    item('max-warmup-time', '1000000'),
    ...d.patterns.map((p) => item('pattern', p)),
    item('haystack', d.haystack),
  ])
}

async function klvOf(name: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  const { runCli } = await import('../../../../src/cli/index.ts')
  let stderr = ''
  const code = await runCli(['klv', name, '--config', 'bench.yml', '--max-iters', '7', '--max-time', '2s'], {
    cwd: FIXTURE,
    env: { ...process.env, NO_COLOR: '1' },
    stdout: { write: (t: string | Uint8Array) => chunks.push(Buffer.from(t)) },
    stderr: { write: (t: string) => (stderr += t) },
  })
  assert.equal(code, 0, stderr)
  return Buffer.concat(chunks)
}

describe('the KLV sent for each definition is what rebar sends', () => {
  let sherlock: Buffer
  before(async () => {
    sherlock = await readFile(SHERLOCK)
  })

  const cases: Array<[string, () => Parameters<typeof rebarKlv>[0]]> = [
    [
      'features/one-regex: one pattern, a haystack file as it is',
      () => ({ name: 'features/one-regex', model: 'count', patterns: ['Holmes'], haystack: sherlock }),
    ],
    [
      'features/many-patterns: a pattern item per regex, in order',
      () => ({
        name: 'features/many-patterns',
        model: 'count',
        patterns: ['Holmes', 'Watson'],
        haystack: sherlock,
      }),
    ],
    [
      'features/inline-table: literal escapes before prepend and append; repeat before prepend and append',
      () => ({
        name: 'features/inline-table',
        model: 'count',
        patterns: ['(?:a\\.c)'],
        haystack: 'a.c|abc a.cabc a.c|a.c',
      }),
    ],
    [
      'features/file-alternate: the lines of a regex file as one alternation, \\r\\n ends a line',
      () => ({
        name: 'features/file-alternate',
        model: 'count',
        patterns: ['(?:Mr\\. Holmes)|(?:Dr\\. Watson)'],
        haystack: sherlock,
      }),
    ],
    [
      'features/file-patterns: a pattern per line, each transformed',
      () => ({
        name: 'features/file-patterns',
        model: 'count-spans',
        patterns: ['Mr\\. Holmes\\b', 'Dr\\. Watson\\b'],
        haystack: sherlock,
      }),
    ],
    [
      'features/file-trimmed: one regex from a file, white space trimmed; an inline haystack untouched',
      () => ({
        name: 'features/file-trimmed',
        model: 'count',
        patterns: ['Sherlock'],
        haystack: 'Sherlock and Sherlock',
      }),
    ],
    [
      'features/lines: trimmed, then the lines from line-start up to line-end, terminators kept',
      () => ({
        name: 'features/lines',
        model: 'grep',
        patterns: ['the'],
        haystack:
          'Mr. Sherlock Holmes, who was usually very late in the mornings,\n' +
          'save upon those not infrequent occasions when he was up all night,\n',
      }),
    ],
    [
      'features/case-unicode: both options sent as true',
      () => ({
        name: 'features/case-unicode',
        model: 'count',
        patterns: ['holmes'],
        caseInsensitive: true,
        unicode: true,
        haystack: sherlock,
      }),
    ],
    [
      'features/lossy: invalid UTF-8 replaced by maximal subparts, then trimmed',
      () => ({
        name: 'features/lossy',
        model: 'count',
        patterns: ['\uFFFD'],
        haystack: 'café naïve \uFFFD\uFFFD résumé \uFFFD',
      }),
    ],
    [
      'features/per-engine: the same KLV whatever the engine expects to count',
      () => ({
        name: 'features/per-engine',
        model: 'count',
        patterns: ['\\w+'],
        unicode: true,
        haystack: 'café naïve',
      }),
    ],
    [
      'nested/deep/compile: the group of a nested file is its path',
      () => ({
        name: 'nested/deep/compile',
        model: 'compile',
        patterns: ['[a-z]+ing'],
        haystack: 'morning evening sing',
      }),
    ],
    [
      'nested/deep/no-patterns: zero patterns, zero pattern items',
      () => ({ name: 'nested/deep/no-patterns', model: 'count', patterns: [], haystack: 'anything' }),
    ],
  ]
  for (const [title, expected] of cases) {
    test(title, async () => {
      const want = expected()
      for (const engine of ['js/regexp', 'python/re']) {
        const got = await klvOf(`rebar/${want.name}/${engine}`)
        assert.deepEqual(got, rebarKlv(want), `${engine}: ${got.toString('latin1')}`)
      }
    })
  }
})

describe('cases of a rebar directory', () => {
  function rebarEntry(extra = ''): WallClockCase {
    const config = parseConfig(
      `benchmarks:\n  - name: r\n    kind: wall-clock\n    rebar: { benchmarks: benchmarks${extra} }\n`,
      path.join(FIXTURE, 'bench.yml'),
    )
    return planCases(config)[0] as WallClockCase
  }

  test('each definition × engine: engines.toml gives the command, directory and environment', async () => {
    const { cases, failed } = await rebarCases(rebarEntry(', filter: ^features/one-regex$'))
    assert.deepEqual(failed, [])
    assert.deepEqual(
      cases.map((c) => [c.name, c.parameters, c.count]),
      [
        ['r/features/one-regex/js/regexp', { definition: 'features/one-regex', engine: 'js/regexp' }, 2],
        ['r/features/one-regex/python/re', { definition: 'features/one-regex', engine: 'python/re' }, 2],
      ],
    )
    const [js, py] = cases as [WallClockCase, WallClockCase]
    const runners = path.join(FIXTURE, 'runners')
    // A bare program name is looked up in PATH; one with a '/' is a path under the engine's cwd.
    assert.deepEqual(js.command, ['node', 'regexp-runner.mjs'])
    assert.deepEqual(py.command, [path.join(runners, 're-runner.py')])
    assert.equal(js.cwd, runners)
    assert.equal(js.env.ENGINE_FLAVOUR, 'javascript')
    assert.equal(py.env.ENGINE_FLAVOUR, undefined)
  })

  test('rebar.engines and rebar.filter choose as rebar measure -e and -f do', async () => {
    const { cases } = await rebarCases(rebarEntry(', filter: deep, engines: ^python'))
    assert.deepEqual(
      cases.map((c) => c.name),
      ['r/nested/deep/compile/python/re', 'r/nested/deep/no-patterns/python/re'],
    )
  })

  test('per-engine counts are matched in order; an engine without one is failed, naming the file', async () => {
    const { cases, failed } = await rebarCases(
      rebarEntry(', filter: "^(features/per-engine|broken/no-count)$"'),
    )
    // Files are read in path order: broken.toml before features.toml.
    assert.deepEqual(
      cases.map((c) => [c.name, c.count]),
      [
        ['r/broken/no-count/python/re', 2],
        ['r/features/per-engine/js/regexp', 3],
        ['r/features/per-engine/python/re', 2],
      ],
    )
    assert.equal(failed.length, 1)
    assert.equal(failed[0]!.c.name, 'r/broken/no-count/js/regexp')
    assert.match(
      failed[0]!.error,
      /benchmarks\/definitions\/broken\.toml: broken\/no-count has no count for the engine js\/regexp/,
    )
  })

  test('versions are read as rebar reads them: a regex with a version group, else the last line', async () => {
    const { cases } = await rebarCases(rebarEntry(', filter: ^features/one-regex$'), {
      versions: process.env,
    })
    assert.match(cases[0]!.notes![0]!, /^engine js\/regexp version \d+\.\d+\.\d+$/)
    assert.match(cases[1]!.notes![0]!, /^engine python\/re version 3\.\d+\.\d+$/)
  })

  test('rebar: beside what a definition gives is a config error', () => {
    assert.throws(
      () =>
        parseConfig(
          'benchmarks:\n  - name: r\n    kind: wall-clock\n    rebar: { benchmarks: b }\n    count: 3\n',
          '/x/bench.yml',
        ),
      (error: unknown) =>
        error instanceof ConfigError &&
        /benchmarks\[0\]\.count: expected no count beside rebar/.test(error.message),
    )
    assert.throws(
      () =>
        parseConfig(
          'benchmarks:\n  - name: r\n    kind: wall-clock\n    rebar: { benchmarks: b }\n    runner: ./x\n',
          '/x/bench.yml',
        ),
      (error: unknown) =>
        error instanceof ConfigError && /expected one of runner, engines or rebar/.test(error.message),
    )
  })
})

describe('a rebar directory that is not what FORMAT.md describes', () => {
  async function suiteWith(definitions: string): Promise<string> {
    const at = await tempDir('rebar-bad-')
    await cp(path.join(FIXTURE, 'benchmarks'), path.join(at, 'benchmarks'), { recursive: true })
    await cp(path.join(FIXTURE, 'benchmarks'), path.join(at, 'good'), { recursive: true })
    await cp(path.join(FIXTURE, 'runners'), path.join(at, 'runners'), { recursive: true })
    await writeFile(path.join(at, 'benchmarks/definitions/bad.toml'), definitions)
    await writeFile(
      path.join(at, 'bench.yml'),
      'benchmarks:\n  - name: bad\n    kind: wall-clock\n    rebar: { benchmarks: benchmarks, filter: ^bad/ }\n    runs: 2\n' +
        '  - name: good\n    kind: wall-clock\n    rebar: { benchmarks: good, filter: ^features/one-regex$, engines: python }\n    runs: 2\n    max-warmup-time: 1ms\n',
    )
    return at
  }

  const broken: Array<[string, string, RegExp]> = [
    [
      'TOML that does not parse',
      '[[bench]]\nname = \n',
      /benchmarks\/definitions\/bad\.toml: line 2, column \d+/,
    ],
    [
      'an unknown key',
      "[[bench]]\nmodel = 'count'\nname = 'x'\nregexx = 'a'\nregex = 'a'\nhaystack = 'a'\ncount = 1\nengines = ['python/re']\n",
      /bad\.toml: bench\[0\]: unknown key regexx/,
    ],
    [
      'a count that is not a number',
      "[[bench]]\nmodel = 'count'\nname = 'x'\nregex = 'a'\nhaystack = 'a'\ncount = 'one'\nengines = ['python/re']\n",
      /bad\.toml: bench\[0\]\.count: expected a whole number or a list of \{ engine, count \}/,
    ],
    [
      'an engine engines.toml does not define',
      "[[bench]]\nmodel = 'count'\nname = 'x'\nregex = 'a'\nhaystack = 'a'\ncount = 1\nengines = ['go/regexp']\n",
      /bad\/x lists the engine go\/regexp, which benchmarks\/engines\.toml does not define/,
    ],
  ]
  for (const [what, definitions, message] of broken) {
    test(`${what}: the entry fails naming the file and place; the other entries still run`, async () => {
      const at = await suiteWith(definitions)
      try {
        const json = path.join(at, 'out.json')
        const r = await cli(['run', '--no-save', '--json', json], at)
        assert.equal(r.code, 3, r.stderr)
        assert.doesNotMatch(r.stderr, /bug in bench-action/)
        const set = JSON.parse(await readFile(json, 'utf8')) as ResultSet
        const bad = set.benchmarks.find((b) => b.name === 'bad')!
        assert.equal(bad.status, 'failed')
        assert.match(bad.error!.message, message)
        const good = set.benchmarks.find((b) => b.name === 'good/features/one-regex/python/re')!
        assert.equal(good.status, 'ok', good.error?.message)
      } finally {
        await removeDir(at)
      }
    })
  }

  test('a haystack file that is not there fails the benchmarks that use it, naming the file and key; the others run', async () => {
    const at = await suiteWith(
      "[[bench]]\nmodel = 'count'\nname = 'x'\nregex = 'a'\nhaystack = { path = 'nope.txt' }\ncount = 1\nengines = ['python/re']\n\n" +
        "[[bench]]\nmodel = 'count'\nname = 'y'\nregex = 'a'\nhaystack = 'banana'\ncount = 3\nengines = ['python/re']\n",
    )
    try {
      const json = path.join(at, 'out.json')
      const r = await cli(['run', '--no-save', '--json', json], at)
      assert.equal(r.code, 3, r.stderr)
      const set = JSON.parse(await readFile(json, 'utf8')) as ResultSet
      assert.deepEqual(
        set.benchmarks.map((b) => [b.name, b.status, b.error?.message]),
        [
          [
            'bad/bad/x/python/re',
            'failed',
            'benchmarks/definitions/bad.toml: bench[0].haystack.path: cannot read the haystack nope.txt under haystacks/: ENOENT',
          ],
          ['bad/bad/y/python/re', 'ok', undefined],
          ['good/features/one-regex/python/re', 'ok', undefined],
        ],
      )
    } finally {
      await removeDir(at)
    }
  })
})

describe('a rebar directory measured', () => {
  let work: string
  let set: ResultSet
  let markdown: string
  let code: number
  before(async () => {
    work = await tempDir('rebar-run-')
    await mkdir(work, { recursive: true })
    const r = await cli(
      [
        'run',
        '--config',
        path.join(FIXTURE, 'bench.yml'),
        '--no-save',
        '--json',
        path.join(work, 'results.json'),
        '--markdown',
        path.join(work, 'report.md'),
      ],
      work,
    )
    code = r.code
    set = JSON.parse(await readFile(path.join(work, 'results.json'), 'utf8'))
    markdown = await readFile(path.join(work, 'report.md'), 'utf8')
  })
  after(() => removeDir(work))

  const of = (name: string): BenchmarkResult => {
    const found = set.benchmarks.find((b) => b.name === name)
    assert.ok(found, `no result ${name} in ${set.benchmarks.map((b) => b.name).join(', ')}`)
    return found
  }

  test('every definition × engine ran and counted what the definition expects', () => {
    const measured = set.benchmarks.filter((b) => b.name.startsWith('rebar/'))
    assert.equal(measured.length, 25)
    for (const b of measured) {
      assert.equal(b.status, 'ok', `${b.name}: ${b.error?.message}`)
      assert.equal(b.metrics.time!.samples!.length, 4, b.name)
      assert.ok(b.metrics.throughput, `${b.name} has a throughput over its haystack`)
    }
  })

  test('a wrong count and a missing count fail those engines only', () => {
    assert.equal(code, 3, 'a failed benchmark')
    assert.match(
      of('broken/broken/wrong-count/js/regexp').error!.message,
      /reported count 2 on sample 1, expected 5/,
    )
    assert.equal(of('broken/broken/wrong-count/python/re').status, 'ok')
    assert.match(
      of('broken/broken/no-count/js/regexp').error!.message,
      /has no count for the engine js\/regexp/,
    )
    assert.equal(of('broken/broken/no-count/python/re').status, 'ok')
  })

  test('each result names its engine version; the engines of a definition are ranked together', () => {
    assert.ok(
      of('rebar/features/lines/python/re').notes.some((n) => /^engine python\/re version 3\./.test(n)),
    )
    const rankings = rankEngines(set)
    const lines = rankings.find((r) => r.benchmark === 'rebar/features/lines')!
    assert.deepEqual(lines.engines.map((e) => e.engine).sort(), ['js/regexp', 'python/re'])
    assert.equal(lines.engines[0]!.ratio, 1)
    assert.ok(lines.engines[1]!.ratio >= 1)
    const captures = rankings.find((r) => r.benchmark === 'rebar/nested/deep/captures')
    assert.equal(captures, undefined, 'one engine is not a ranking')
    const noCount = rankings.find((r) => r.benchmark === 'broken/broken/no-count')!
    assert.deepEqual(noCount.unranked, ['js/regexp'])
  })

  gfm.test('the report ranks them in one table, a row per definition and a column per engine', async () => {
    // The run's results with fixed times in place of the measured ones, so that which engine is
    // fastest is the test's to say, not this machine's of the moment: python/re 1 µs a call and
    // js/regexp 3 µs, but in features/case-unicode js/regexp 1 µs and python/re 3 µs. Each engine's
    // samples lie evenly ±7.5% around its time (925, 975, 1025, 1075 ns for 1 µs in 4 samples; 975,
    // 1025 in the 2 of broken/), their median exactly it. They go through `bench-action merge` as the
    // one shard of the run, which reports them as a run would.
    const fixed = structuredClone(set)
    for (const b of fixed.benchmarks) {
      const time = b.metrics.time
      if (b.status !== 'ok' || !time?.samples) continue
      const fast = (b.parameters.engine === 'js/regexp') === b.name.includes('/case-unicode/')
      const center = fast ? 1000 : 3000
      const n = time.samples.length
      const samples = time.samples.map((_, i) => Math.round(center * (1 + 0.05 * (i - (n - 1) / 2))))
      // Throughput is bytes over time, sample by sample: kept the haystack's bytes over the new times.
      const rate = b.metrics.throughput
      if (rate?.samples?.length === n)
        rate.samples = rate.samples.map((r, i) => (r * time.samples![i]!) / samples[i]!)
      time.samples = samples
    }
    const configFile = path.join(FIXTURE, 'bench.yml')
    const cases = planCases(parseConfig(await readFile(configFile, 'utf8'), configFile)).map((c) => c.id)
    const shard = {
      schema: SHARD_SCHEMA,
      version: SHARD_VERSION,
      shard: { index: 1, count: 1 },
      cases,
      head: fixed,
    }
    await writeFile(path.join(work, 'shard.json'), JSON.stringify(shard))
    const merged = await cli(
      ['merge', 'shard.json', '--config', configFile, '--no-save', '--markdown', 'fixed.md'],
      work,
    )
    assert.equal(merged.code, 3, merged.stdout + merged.stderr)
    const html = decodeEntities(await renderGfm(await readFile(path.join(work, 'fixed.md'), 'utf8')))
    // 14 definitions with two engines (nested/deep/captures has one: no ranking); python/re is fastest
    // in all but case-unicode, including the two of broken/ where js/regexp failed.
    assert.match(
      html,
      /<summary>Engines of 14 benchmarks, ranked like rebar cmp: fastest <code>python\/re<\/code> in 13, <code>js\/regexp<\/code> in 1<\/summary>/,
    )
    // One table like rebar cmp's: a column per engine in the order the first definition (features/
    // one-regex) ranks them, a row per definition, each engine's median and its ratio to the fastest,
    // 3000 / 1000 = 3.00×, the fastest in bold. The interval's ends are ratios of resampled medians,
    // each between the least and the greatest sample: within [2775/1075, 3225/925] = [2.58, 3.49].
    assert.match(html, /<th><code>python\/re<\/code><\/th>\s*<th><code>js\/regexp<\/code><\/th>/)
    const cells = (definition: string) => {
      const row = new RegExp(
        `<tr>\\s*<td><code>${definition}<\\/code><\\/td>\\s*<td>(.*?)<\\/td>\\s*<td>(.*?)<\\/td>\\s*<\\/tr>`,
        's',
      ).exec(html)
      assert.ok(row, `${definition} in ${html}`)
      return [row[1]!, row[2]!]
    }
    const slower = (cell: string) => {
      const m = /^3\.00 µs \(3\.00×, ([\d.]+)–([\d.]+)\)$/.exec(cell)
      assert.ok(m, cell)
      const [low, high] = [Number(m[1]), Number(m[2])]
      assert.ok(2.58 <= low && low <= 3 && 3 <= high && high <= 3.49, cell)
    }
    const [python, js] = cells('rebar\\/features\\/case-unicode')
    slower(python!)
    assert.equal(js, '<strong>1.00 µs</strong>')
    const [first, second] = cells('rebar\\/features\\/one-regex')
    assert.equal(first, '<strong>1.00 µs</strong>')
    slower(second!)
    assert.deepEqual(cells('broken\\/broken\\/no-count'), ['<strong>1.00 µs</strong>', 'failed'])
    // The measured run's own report has the table too; which engine led there was this machine's to say.
    assert.match(
      decodeEntities(await renderGfm(markdown)),
      /<summary>Engines of 14 benchmarks, ranked like rebar cmp: fastest <code>/,
    )
  })
})

describe("imported rebar measurements are ranked like rebar cmp's", () => {
  test('engines of a definition ranked by median, the interval from the spread rebar kept', async () => {
    const csv = [
      'name,model,rebar_version,engine,engine_version,err,haystack_len,iters,total,median,mad,mean,stddev,min,max',
      'curated/sherlock,count,0.1.0,rust/regex,1.10.2,,1000,100,1s,10.00us,0.10us,10.10us,0.20us,9.8us,11us',
      'curated/sherlock,count,0.1.0,python/re,3.11,,1000,100,1s,30.00us,0.30us,30.30us,0.60us,29us,33us',
      'curated/sherlock,count,0.1.0,go/regexp,1.21,count mismatch: expected 91 but got 90,0,0,0s,0s,0s,0s,0s,0s,0s',
    ].join('\n')
    const read = importFormat('rebar').parse({ path: 'results.csv', text: csv })
    assert.deepEqual(read[0]!.parameters, { definition: 'curated/sherlock', engine: 'rust/regex' })
    const results: BenchmarkResult[] = read.map((b) => ({
      id: `rebar/${b.name}`,
      name: `rebar/${b.name}`,
      kind: 'import',
      parameters: { benchmark: b.name, ...b.parameters },
      status: b.error ? 'failed' : 'ok',
      ...(b.error ? { error: { message: b.error } } : {}),
      metrics: (b.error
        ? {}
        : {
            time: { unit: 'ns', direction: 'lower', summary: b.metrics.time!.summary! },
          }) as BenchmarkResult['metrics'],
      gate: { metrics: ['time'], threshold: 5, alpha: 0.01 },
      notes: [],
    }))
    const set = resultSetOf('default', { sha: 'a'.repeat(40), ref: 'main' }, '2026-11-25T00:00:00Z', results)
    const [ranking] = rankEngines(set)
    assert.equal(ranking!.benchmark, 'rebar/curated/sherlock')
    assert.deepEqual(
      ranking!.engines.map((e) => [e.engine, e.ratio]),
      [
        ['rust/regex', 1],
        ['python/re', 3],
      ],
    )
    // se of each median 1.2533·σ/√n relative to it: 0.2506% for both; combined 0.3545%, ×1.96.
    const [low, high] = ranking!.engines[1]!.ci
    assert.ok(Math.abs(low - 3 * Math.exp(-0.006948)) < 1e-4, String(low))
    assert.ok(Math.abs(high - 3 * Math.exp(0.006948)) < 1e-4, String(high))
    assert.equal(ranking!.engines[1]!.fromSummaries, true)
    assert.deepEqual(ranking!.unranked, ['go/regexp'])
    assert.match(read[2]!.error!, /count mismatch: expected 91 but got 90/)
    // The comparison carries it to the report.
    assert.equal(compareResults(set).engineRankings.length, 1)
  })
})

describe("rebar's own layout, run from the directory above benchmarks/", () => {
  // fixtures/rebar-upstream holds rebar's engines.toml, two of its definition files and its Python
  // runner, copied at 09cfc23. python/re runs `ve/bin/python main.py re` in ../engines/python (relative
  // to benchmarks/): the virtualenv rebar's build step makes is stood in for by a link to python3.
  test("python/re runs rebar's own runner in engines/python and counts what test/func expects", async () => {
    const at = await tempDir('rebar-upstream-')
    try {
      await cp(path.join(repoRoot, '__tests__/fixtures/rebar-upstream'), at, { recursive: true })
      const python3 = await whichPython()
      await mkdir(path.join(at, 'engines/python/ve/bin'), { recursive: true })
      await symlink(python3, path.join(at, 'engines/python/ve/bin/python'))
      await writeFile(
        path.join(at, 'bench.yml'),
        'benchmarks:\n  - name: r\n    kind: wall-clock\n    rebar: { benchmarks: benchmarks, filter: ^test/func/, engines: ^python/re$ }\n    runs: 2\n    max-warmup-time: 1ms\n',
      )
      const json = path.join(at, 'out.json')
      const r = await cli(['run', '--no-save', '--json', json], at)
      assert.equal(r.code, 0, r.stderr)
      const set = JSON.parse(await readFile(json, 'utf8')) as ResultSet
      assert.deepEqual(
        set.benchmarks.map((b) => [b.name, b.status, b.error?.message]),
        [
          ['r/test/func/leftmost-first/python/re', 'ok', undefined],
          ['r/test/func/dollar-only-matches-end/python/re', 'ok', undefined],
          ['r/test/func/non-greedy/python/re', 'ok', undefined],
        ],
      )
      assert.ok(
        set.benchmarks[0]!.notes.some((n) => /^engine python\/re version 3\.\d+\.\d+/.test(n)),
        set.benchmarks[0]!.notes.join('; '),
      )
    } finally {
      await removeDir(at)
    }
  })
})

async function whichPython(): Promise<string> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'python3')
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  throw new Error('python3 is not in PATH')
}

describe('rebar: { build: true } builds the chosen engines as rebar build does', () => {
  // engines.toml written here: built/ok's build step copies the Python runner into ../engine and writes
  // the version file its version is read from; built/broken's step fails; built/nodep's dependency is
  // not installed; built/olddep's dependency prints a version its regex refuses; never/chosen is left
  // out by rebar.engines, and its build would fail the run if it were started.
  const ENGINES = `[[engine]]
  name = "built/ok"
  cwd = "../engine"
  [engine.version]
    file = "engine/VERSION"
  [engine.run]
    bin = "./runner"
  [[engine.dependency]]
    bin = "sh"
    args = ["-c", "echo tool 1.4"]
    regex = '(?m)^tool 1\\.'
  [[engine.build]]
    bin = "sh"
    args = ["-c", "cp ../runners/re-runner.py runner"]
  [[engine.build]]
    bin = "sh"
    args = ["-c", "chmod +x runner && echo 2.5 > VERSION"]

[[engine]]
  name = "built/broken"
  cwd = "../engine"
  [engine.version]
    bin = "true"
  [engine.run]
    bin = "./never-built"
  [[engine.build]]
    bin = "sh"
    args = ["-c", "echo compiling >&2; echo 'error: cannot find crate regex' >&2; exit 3"]

[[engine]]
  name = "built/nodep"
  [engine.version]
    bin = "true"
  [engine.run]
    bin = "true"
  [[engine.dependency]]
    bin = "no-such-build-tool"
    args = ["--version"]
  [[engine.build]]
    bin = "touch"
    args = ["nodep-was-built"]

[[engine]]
  name = "built/olddep"
  [engine.version]
    bin = "true"
  [engine.run]
    bin = "true"
  [[engine.dependency]]
    bin = "sh"
    args = ["-c", "echo tool 0.9"]
    regex = '(?m)^tool 1\\.'

[[engine]]
  name = "never/chosen"
  [engine.version]
    bin = "true"
  [engine.run]
    bin = "true"
  [[engine.build]]
    bin = "touch"
    args = ["never-was-built"]
`
  test('each engine is built in its directory; one that does not build fails its benchmarks only, saying why', async () => {
    const at = await tempDir('rebar-build-')
    try {
      await mkdir(path.join(at, 'benchmarks/definitions'), { recursive: true })
      await mkdir(path.join(at, 'engine'))
      await cp(path.join(FIXTURE, 'runners'), path.join(at, 'runners'), { recursive: true })
      await writeFile(path.join(at, 'benchmarks/engines.toml'), ENGINES)
      await writeFile(
        path.join(at, 'benchmarks/definitions/g.toml'),
        "[[bench]]\nmodel = 'count'\nname = 'x'\nregex = 'a'\nhaystack = 'banana'\ncount = 3\n" +
          "engines = ['built/ok', 'built/broken', 'built/nodep', 'built/olddep', 'never/chosen']\n",
      )
      await writeFile(
        path.join(at, 'bench.yml'),
        'benchmarks:\n  - name: r\n    kind: wall-clock\n    rebar: { benchmarks: benchmarks, engines: ^built/, build: true }\n    runs: 2\n    max-warmup-time: 1ms\n',
      )
      const json = path.join(at, 'out.json')
      const r = await cli(['run', '--no-save', '--json', json], at)
      assert.equal(r.code, 3, r.stderr)
      const set = JSON.parse(await readFile(json, 'utf8')) as ResultSet
      assert.deepEqual(set.benchmarks.map((b) => [b.name, b.status, b.error?.message]).sort(), [
        [
          'r/g/x/built/broken',
          'failed',
          `built/broken: build failed: "sh" "-c" "echo compiling >&2; echo 'error: cannot find crate regex' >&2; exit 3" in ${path.join(at, 'engine')} exited with code 3:\ncompiling\nerror: cannot find crate regex`,
        ],
        [
          'r/g/x/built/nodep',
          'failed',
          `built/nodep: dependency command failed: "no-such-build-tool" "--version" could not start "no-such-build-tool": not found (not on PATH) (a dependency that is required to build 'built/nodep' could not be found, either because it isn't installed or because it didn't behave as expected)`,
        ],
        ['r/g/x/built/ok', 'ok', undefined],
        [
          'r/g/x/built/olddep',
          'failed',
          `built/olddep: dependency command did not print expected output: could not find match for "(?m)^tool 1\\\\." in output of "sh" "-c" "echo tool 0.9" (a dependency that is required to build 'built/olddep' could not be found, either because it isn't installed or because it didn't behave as expected)`,
        ],
      ])
      const ok = set.benchmarks.find((b) => b.name === 'r/g/x/built/ok')!
      assert.ok(ok.notes.includes('engine built/ok version 2.5'), ok.notes.join('; '))
      // A dependency that is missing stops the build before its first step; an engine not chosen is not built.
      await assert.rejects(readFile(path.join(at, 'nodep-was-built')), { code: 'ENOENT' })
      await assert.rejects(readFile(path.join(at, 'never-was-built')), { code: 'ENOENT' })
    } finally {
      await removeDir(at)
    }
  })
})
