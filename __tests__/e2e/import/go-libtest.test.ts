// go test -bench and cargo bench (libtest) outputs that are not one clean run — a benchmark that fails,
// a package that does not build, output cut short, a file of another kind — and whole runs compared as
// the CLI compares a run with a stored baseline: the same code six times (A/A), then made slower. Every
// fixture was written by the real tool on this machine (go1.26.8, Rust 1.95.0): see capture-failures.sh
// and capture-speed.sh in fixtures/import/go, capture-speed.sh in fixtures/import/libtest.
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { goFormat } from '../../../src/import/formats/go.ts'
import { libtestFormat } from '../../../src/import/formats/libtest.ts'
import { detectFormats } from '../../../src/import/index.ts'
import type { ImportedBenchmark, ImportFormat, ImportSource } from '../../../src/import/types.ts'
import { ImportFormatError } from '../../../src/import/types.ts'
import type { ResultSet } from '../../../src/results.ts'
import { cli, formatError, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { importVerdicts } from '../../support/import-verdicts.ts'
import { needs } from '../../support/needs.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'import')
const go = await needs('go')

async function fixture(format: string, file: string): Promise<ImportSource> {
  const p = path.join(FIXTURES, format, file)
  return { path: p, text: await readFile(p, 'utf8') }
}

function byName(benchmarks: ImportedBenchmark[], name: string): ImportedBenchmark {
  const found = benchmarks.find((b) => b.name === name)
  assert.notEqual(found, undefined, `no benchmark named ${name}`)
  return found!
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length / 2
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!
}

/** The index of the last line that passes the test, or −1. */
function lastIndex(lines: string[], test: (line: string, i: number) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i--) if (test(lines[i]!, i)) return i
  return -1
}

/** How many benchmarks got each verdict. */
function counts(verdicts: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const verdict of Object.values(verdicts)) out[verdict] = (out[verdict] ?? 0) + 1
  return out
}

/** The verdicts of the five consecutive pairs of A/A runs, each printed with its counts. */
async function aaVerdicts(format: string, names: string[]): Promise<Record<string, string>[]> {
  const all: Record<string, string>[] = []
  for (let i = 1; i <= 5; i++) {
    const base = await fixture(format, `aa-${i}.txt`)
    const head = await fixture(format, `aa-${i + 1}.txt`)
    const verdicts = await importVerdicts(format, base.text, head.text)
    assert.deepEqual(
      Object.keys(verdicts).sort(),
      names.map((n) => `imported/${n}`).sort(),
      `aa-${i} → aa-${i + 1}: every benchmark read from both`,
    )
    console.log(`${format} A/A aa-${i}.txt → aa-${i + 1}.txt: ${JSON.stringify(counts(verdicts))}`)
    all.push(verdicts)
  }
  const total: Record<string, number> = {}
  for (const verdicts of all)
    for (const [verdict, n] of Object.entries(counts(verdicts))) total[verdict] = (total[verdict] ?? 0) + n
  console.log(`${format} A/A, 5 pairs: ${JSON.stringify(total)}`)
  return all
}

const slowed = new Map<string, Promise<Record<string, string>>>()

/** The verdicts of a slowed run against the last A/A run, printed with their counts once. */
function slowedVerdicts(format: string, file = 'slowed.txt'): Promise<Record<string, string>> {
  const key = `${format}\u0000${file}`
  const known = slowed.get(key)
  if (known) return known
  const verdicts = (async () => {
    const base = await fixture(format, 'aa-6.txt')
    const head = await fixture(format, file)
    const verdicts = await importVerdicts(format, base.text, head.text)
    console.log(
      `${format} aa-6.txt → ${file}: ${JSON.stringify(counts(verdicts))} ${JSON.stringify(verdicts)}`,
    )
    return verdicts
  })()
  slowed.set(key, verdicts)
  return verdicts
}

describe('go: failing benchmarks', () => {
  /** The ns/op of each result line, by name, in order. */
  function times(text: string): Map<string, number[]> {
    const out = new Map<string, number[]>()
    for (const line of text.split('\n')) {
      const m = /^(Benchmark\S+)\s+\d+\s+([\d.]+) ns\/op/.exec(line)
      if (m) out.set(m[1]!, [...(out.get(m[1]!) ?? []), Number(m[2])])
    }
    return out
  }

  /** The indented lines go printed right after `--- FAIL: name`, trimmed. */
  function logAfter(text: string, header: string): string[] {
    const lines = text.split('\n')
    const at = lines.indexOf(header)
    assert.notEqual(at, -1, `the fixture has a line ${JSON.stringify(header)}`)
    const log: string[] = []
    for (const line of lines.slice(at + 1)) {
      if (!/^\s+\S/.test(line)) break
      log.push(line.trim())
    }
    return log
  }

  const NAMES = [
    'BenchmarkEncode-2',
    'BenchmarkDecode-2',
    'BenchmarkChecksum/size=64-2',
    'BenchmarkChecksum/size=1024-2',
    'BenchmarkLate-2',
    'BenchmarkParse-2',
    'BenchmarkZip-2',
  ]

  /** Every benchmark but the failed ones has exactly the ns/op go printed for it. */
  function assertKept(benchmarks: ImportedBenchmark[], text: string, failed: string[]): void {
    const expected = times(text)
    for (const b of benchmarks) {
      if (failed.includes(b.name)) continue
      assert.equal(b.error, undefined, `${b.name} passed`)
      assert.deepEqual(b.metrics.time!.samples, expected.get(b.name), `${b.name}: its results`)
      assert.equal(b.metrics.time!.samples!.length, 3, `${b.name}: -count 3`)
    }
  }

  test('fail.txt: the benchmark that stopped with b.Fatalf is failed with its log, every other is kept', async () => {
    const source = await fixture('go', 'fail.txt')
    // What the run was: one benchmark failed, and go failed the package.
    assert.match(source.text, /^--- FAIL: BenchmarkDecode$/m)
    assert.match(source.text, /^FAIL\texample\.com\/importfailing\t/m)
    const benchmarks = goFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      NAMES,
    )
    const decode = byName(benchmarks, 'BenchmarkDecode-2')
    assert.deepEqual(decode.metrics, {})
    const log = logAfter(source.text, '--- FAIL: BenchmarkDecode')
    assert.equal(log.length, 2, 'b.Logf, then b.Fatalf')
    const line = source.text.split('\n').indexOf('--- FAIL: BenchmarkDecode') + 1
    assert.equal(decode.error, `${log.join('; ')} (--- FAIL at line ${line})`)
    assert.match(
      decode.error!,
      /decoding "3,14,159"; record_test\.go:\d+: decode: record has 3 fields, want 4/,
    )
    assertKept(benchmarks, source.text, ['BenchmarkDecode-2'])
  })

  test('fail-sub.txt: a failed sub-benchmark alone is failed, not its parent, and its sibling is kept', async () => {
    const source = await fixture('go', 'fail-sub.txt')
    assert.match(source.text, /^--- FAIL: BenchmarkChecksum\/size=1024\n.*\n--- FAIL: BenchmarkChecksum$/m)
    const benchmarks = goFormat.parse(source)
    // The parent go marks failed for its sub-benchmark is no benchmark of its own.
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      NAMES,
    )
    const failed = byName(benchmarks, 'BenchmarkChecksum/size=1024-2')
    assert.deepEqual(failed.metrics, {})
    const [log] = logAfter(source.text, '--- FAIL: BenchmarkChecksum/size=1024')
    assert.match(log!, /checksum of 1024 bytes is \d+, want 0$/)
    assert.ok(failed.error!.startsWith(`${log} (--- FAIL at line `), failed.error)
    assertKept(benchmarks, source.text, ['BenchmarkChecksum/size=1024-2'])
  })

  test('fail-late.txt: a failure in a later run of -count fails the benchmark, though go says PASS', async () => {
    const source = await fixture('go', 'fail-late.txt')
    // go prints the name, then the failure on the same line; the package still passes.
    assert.match(source.text, /^BenchmarkLate-2\s+--- FAIL: BenchmarkLate$/m)
    assert.match(source.text, /^ok\s+example\.com\/importfailing/m)
    const benchmarks = goFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      NAMES,
    )
    const late = byName(benchmarks, 'BenchmarkLate-2')
    assert.deepEqual(late.metrics, {})
    assert.equal(times(source.text).get('BenchmarkLate-2')!.length, 2, 'two runs passed before it failed')
    // go prints the log under both of its --- FAIL lines: said once.
    assert.match(
      late.error!,
      /^record_test\.go:\d+: call 3: the cache was not warm \(--- FAIL at line \d+; the 2 results before it failed are not kept\)$/,
    )
    assertKept(benchmarks, source.text, ['BenchmarkLate-2'])
  })

  test('fail-verbose.txt: with -v, the log printed before --- FAIL is the failure’s, as without -v', async () => {
    const verbose = goFormat.parse(await fixture('go', 'fail-verbose.txt'))
    assert.deepEqual(
      verbose.map((b) => b.name),
      NAMES,
    )
    const withoutLine = (error: string | undefined) => error?.replace(/ \(--- FAIL at line \d+/, ' (--- FAIL')
    const failed = ['BenchmarkDecode-2', 'BenchmarkChecksum/size=1024-2', 'BenchmarkLate-2']
    const alone: Record<string, string> = {
      'BenchmarkDecode-2': 'fail.txt',
      'BenchmarkChecksum/size=1024-2': 'fail-sub.txt',
      'BenchmarkLate-2': 'fail-late.txt',
    }
    for (const name of failed) {
      const single = byName(goFormat.parse(await fixture('go', alone[name]!)), name)
      assert.equal(withoutLine(byName(verbose, name).error), withoutLine(single.error), name)
    }
    for (const b of verbose.filter((b) => !failed.includes(b.name)))
      assert.equal(b.metrics.time!.samples!.length, 3, b.name)
  })

  test('panic.txt: the benchmark that panicked is failed with the panic; those before it are kept', async () => {
    const source = await fixture('go', 'panic.txt')
    // go had not printed its name: the goroutine's stack names it.
    assert.doesNotMatch(source.text, /^BenchmarkParse/m)
    const benchmarks = goFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      NAMES.filter((n) => n !== 'BenchmarkZip-2'),
      'BenchmarkZip never ran',
    )
    const line = source.text.split('\n').indexOf('panic: record has 2 fields, want 4') + 1
    assert.ok(line > 0)
    assert.equal(
      byName(benchmarks, 'BenchmarkParse-2').error,
      `panic: record has 2 fields, want 4 (line ${line}: the test binary crashed, so the benchmarks after it in example.com/importfailing did not run)`,
    )
    assertKept(benchmarks, source.text, ['BenchmarkParse-2'])
  })

  test('build-failed.txt: a package that does not build is an error naming it and what the compiler said', async () => {
    const source = await fixture('go', 'build-failed.txt')
    const error = formatError(() => goFormat.parse(source))
    assert.match(
      error.message,
      /build-failed\.txt: line 3: example\.com\/importfailing failed to build, so none of its benchmarks ran: \.\/broken_test\.go:\d+:\d+: undefined: undefinedCount$/,
    )
    // go test prints the compiler's messages on stderr: stdout alone has only the FAIL line.
    const stdout = source.text
      .split('\n')
      .filter((l) => l.startsWith('FAIL'))
      .join('\n')
    assert.equal(
      formatError(() => goFormat.parse({ path: 'out.txt', text: `${stdout}\n` })).message,
      "out.txt: line 1: example.com/importfailing failed to build, so none of its benchmarks ran (go prints the compiler's errors on stderr)",
    )
  })

  test('a package whose test failed ran no benchmark: an error naming the test', () => {
    // What go1.26.8 prints for `go test -bench .` when a test of the package fails.
    const text = [
      '--- FAIL: TestBad (0.00s)',
      '    t_test.go:5: test broke',
      'FAIL',
      'exit status 1',
      'FAIL\texample.com/gop\t0.002s',
      '',
    ].join('\n')
    assert.equal(
      formatError(() => goFormat.parse({ path: 'out.txt', text })).message,
      'out.txt: line 5: example.com/gop failed: TestBad failed (line 1: t_test.go:5: test broke), and go runs no benchmark of a package whose tests fail',
    )
  })

  test('through the import kind: the failed benchmark is failed, the others compared', async () => {
    const base = await fixture('go', 'fail-sub.txt')
    const head = await fixture('go', 'fail.txt')
    const verdicts = await importVerdicts('go', base.text, head.text)
    console.log(`go fail-sub.txt → fail.txt: ${JSON.stringify(verdicts)}`)
    assert.deepEqual(Object.keys(verdicts).sort(), NAMES.map((n) => `imported/${n}`).sort())
    assert.equal(verdicts['imported/BenchmarkDecode-2'], 'failed')
    for (const name of [
      'BenchmarkEncode-2',
      'BenchmarkChecksum/size=64-2',
      'BenchmarkLate-2',
      'BenchmarkZip-2',
    ])
      assert.ok(
        ['unchanged', 'unclear', 'regression', 'improvement'].includes(verdicts[`imported/${name}`]!),
        `${name}: compared, got ${verdicts[`imported/${name}`]}`,
      )
  })
})

describe('go and libtest: a file with no benchmark', () => {
  const EMPTY: [ImportFormat, string][] = [
    [
      goFormat,
      'expected the output of go test -bench, with result lines such as "BenchmarkSum-8   1000000   1234 ns/op"',
    ],
    [
      libtestFormat,
      'expected the output of cargo bench: "running N tests", bench lines such as "test sum ... bench:       1,234 ns/iter (+/- 56)", then "test result:"',
    ],
  ]

  for (const [format, expected] of EMPTY)
    test(`${format.name}: an empty file and another tool's file are errors showing a line of the format`, async () => {
      for (const text of ['', '\n\n'])
        assert.equal(
          formatError(() => format.parse({ path: 'out.txt', text })).message,
          `out.txt: ${expected}; got an empty file`,
        )
      const other = await fixture(format === goFormat ? 'libtest' : 'go', 'aa-1.txt')
      const lines = other.text.split('\n').length - 1
      const first = other.text.split('\n').find((l) => l.trim() !== '')!
      assert.equal(
        formatError(() => format.parse(other)).message,
        `${other.path}: ${expected}; read its ${lines} lines to the end and found none${format === goFormat ? '' : ' of them'} (the first is ${JSON.stringify(first)})`,
      )
    })

  test('go: a run whose -bench matched nothing says so', () => {
    // What go1.26.8 prints for `go test -run '^$' -bench Nothing`.
    const text = 'PASS\nok  \texample.com/importspeed\t0.004s\n'
    assert.equal(
      formatError(() => goFormat.parse({ path: 'out.txt', text })).message,
      'out.txt: line 2: go test passed ("ok  \\texample.com/importspeed\\t0.004s") but printed no benchmark result, such as "BenchmarkSum-8   1000000   1234 ns/op": does -bench match any benchmark?',
    )
  })

  test('libtest: a whole run that measured nothing says so', async () => {
    const source = await fixture('libtest', 'aa-1.txt')
    // The library's unit tests alone: `running 0 tests` … `test result: … 0 measured`.
    const text = source.text.split('\n').slice(0, 5).join('\n')
    assert.equal(
      formatError(() => libtestFormat.parse({ path: 'out.txt', text })).message,
      'out.txt: line 4: libtest measured no benchmark: its "test result:" line says 0 measured (does the bench filter match any #[bench]?)',
    )
  })

  test('each new fixture is detected as its own format', async () => {
    const files: [ImportFormat, string, string[]][] = [
      [
        goFormat,
        'go',
        [
          'fail.txt',
          'fail-sub.txt',
          'fail-late.txt',
          'fail-verbose.txt',
          'panic.txt',
          'build-failed.txt',
          ...[1, 2, 3, 4, 5, 6].map((i) => `aa-${i}.txt`),
          'slowed.txt',
        ],
      ],
      [
        libtestFormat,
        'libtest',
        [...[1, 2, 3, 4, 5, 6].map((i) => `aa-${i}.txt`), 'slowed.txt', 'truncated.txt'],
      ],
    ]
    for (const [format, folder, names] of files)
      for (const name of names)
        assert.equal(detectFormats(await fixture(folder, name))[0], format, `${folder}/${name}`)
  })
})

describe('libtest: output cut short', () => {
  test('truncated.txt: a run cut before its last test result line is an error naming the file', async () => {
    const source = await fixture('libtest', 'truncated.txt')
    // Two whole blocks, then the third's first bench line: what `head -n 15` left.
    assert.equal(source.text.match(/^test result:/gm)?.length, 2)
    assert.equal(source.text.match(/^running \d+ tests?$/gm)?.length, 3)
    assert.equal(
      formatError(() => libtestFormat.parse(source)).message,
      `${source.path}: line 15: the output ends here without libtest's closing "test result:" line for the tests begun at line 14 ("running 2 tests", 1 bench line read), so it was cut short`,
    )
  })

  test('a whole run cut after any line is an error, unless the cut falls between two binaries', async () => {
    const source = await fixture('libtest', 'aa-1.txt')
    const lines = source.text.split('\n').slice(0, -1)
    const whole = libtestFormat.parse(source).map((b) => b.name)
    assert.deepEqual(whole, ['hash_1k', 'hash_4k', 'collatz_40', 'sort_256'])
    let cut = 0
    for (let k = 1; k < lines.length; k++) {
      const kept = lines.slice(0, k)
      const text = `${kept.join('\n')}\n`
      const opened = lastIndex(kept, (l) => /^running \d+ tests?$/.test(l))
      const closed = lastIndex(kept, (l) => l.startsWith('test result:'))
      if (opened > closed) {
        cut++
        assert.match(
          formatError(() => libtestFormat.parse({ path: 'cut.txt', text })).message,
          new RegExp(
            `^cut\\.txt: line ${k}: the output ends here without libtest's closing "test result:" line for the tests begun at line ${opened + 1} .*, so it was cut short$`,
          ),
          `cut after line ${k}`,
        )
        continue
      }
      // Between two binaries the output is whole as far as it goes: a cut there cannot be seen.
      const benches = kept.slice(0, closed + 1).filter((l) => l.includes(' ... bench: ')).length
      if (benches === 0) {
        assert.throws(() => libtestFormat.parse({ path: 'cut.txt', text }), ImportFormatError)
        continue
      }
      assert.deepEqual(
        libtestFormat.parse({ path: 'cut.txt', text }).map((b) => b.name),
        whole.slice(0, benches),
        `cut after line ${k}`,
      )
    }
    assert.ok(cut >= 8, `${cut} cuts inside a block`)
  })

  test('a bench line missing inside a block: the measured count of its test result line says so', async () => {
    const source = await fixture('libtest', 'aa-1.txt')
    const lines = source.text.split('\n')
    const at = lines.findIndex((l) => l.startsWith('test hash_4k '))
    const text = [...lines.slice(0, at), ...lines.slice(at + 1)].join('\n')
    const result = lines.findIndex((l, i) => i > at && l.startsWith('test result:'))
    const running = lastIndex(lines, (l, i) => i < at && l.startsWith('running'))
    assert.equal(
      formatError(() => libtestFormat.parse({ path: 'out.txt', text })).message,
      `out.txt: line ${result}: libtest counts 2 measured, but 1 bench line was read since "running 2 tests" at line ${running + 1}: lines are missing`,
    )
  })

  test('output whose beginning is missing is an error', async () => {
    const source = await fixture('libtest', 'aa-1.txt')
    const lines = source.text.split('\n')
    const at = lines.findIndex((l) => l.startsWith('test hash_1k '))
    const error = formatError(() =>
      libtestFormat.parse({ path: 'out.txt', text: lines.slice(at).join('\n') }),
    )
    assert.match(
      error.message,
      /^out\.txt: line 1: a bench line outside libtest's "running N tests" … "test result:" output/,
    )
  })
})

describe('A/A runs and a slowed run', () => {
  const GO = ['BenchmarkHash-2', 'BenchmarkSort-2', 'BenchmarkCollatz-2']
  const LIBTEST = ['hash_1k', 'hash_4k', 'collatz_40', 'sort_256']

  test('go: six runs of the same code, five consecutive pairs: no regression', async () => {
    for (let i = 1; i <= 6; i++) {
      const benchmarks = goFormat.parse(await fixture('go', `aa-${i}.txt`))
      assert.deepEqual(
        benchmarks.map((b) => [b.name, b.metrics.time!.samples!.length]),
        GO.map((n) => [n, 10]),
        `aa-${i}.txt: -count 10`,
      )
    }
    const pairs = await aaVerdicts('go', GO)
    for (const [i, verdicts] of pairs.entries())
      for (const [name, verdict] of Object.entries(verdicts))
        assert.notEqual(verdict, 'regression', `aa-${i + 1} → aa-${i + 2}: ${name}`)
  })

  test('libtest: six runs of the same code, five consecutive pairs: no regression', async () => {
    const pairs = await aaVerdicts('libtest', LIBTEST)
    for (const [i, verdicts] of pairs.entries())
      for (const [name, verdict] of Object.entries(verdicts))
        assert.notEqual(verdict, 'regression', `aa-${i + 1} → aa-${i + 2}: ${name}`)
  })

  test('go: slowed.txt is slower in every benchmark, and no verdict says otherwise', async () => {
    const base = goFormat.parse(await fixture('go', 'aa-6.txt'))
    const head = goFormat.parse(await fixture('go', 'slowed.txt'))
    for (const name of GO) {
      const ratio =
        median(byName(head, name).metrics.time!.samples!) / median(byName(base, name).metrics.time!.samples!)
      assert.ok(ratio > 1.1, `${name}: slowed by ${((ratio - 1) * 100).toFixed(1)}%`)
      // Every slowed sample is above every sample of the run before.
      assert.ok(
        Math.min(...byName(head, name).metrics.time!.samples!.slice(1)) >
          Math.max(...byName(base, name).metrics.time!.samples!.slice(1)),
        `${name}: the runs after go's first do not overlap`,
      )
    }
    const verdicts = await slowedVerdicts('go')
    for (const name of GO)
      assert.ok(
        ['regression', 'unclear'].includes(verdicts[`imported/${name}`]!),
        `${name}: ${verdicts[`imported/${name}`]}`,
      )
  })

  test('libtest: slowed.txt is slower in every bench, and no verdict says otherwise', async () => {
    const base = libtestFormat.parse(await fixture('libtest', 'aa-6.txt'))
    const head = libtestFormat.parse(await fixture('libtest', 'slowed.txt'))
    for (const name of LIBTEST) {
      const ratio =
        byName(head, name).metrics.time!.summary!.center / byName(base, name).metrics.time!.summary!.center
      assert.ok(ratio > 1.1, `${name}: slowed by ${((ratio - 1) * 100).toFixed(1)}%`)
    }
    const verdicts = await slowedVerdicts('libtest')
    for (const name of LIBTEST)
      assert.ok(
        ['regression', 'unclear'].includes(verdicts[`imported/${name}`]!),
        `${name}: ${verdicts[`imported/${name}`]}`,
      )
  })

  // Across moments with no stored runs, a timed change counts only when its whole interval lies
  // beyond +25% (src/stats/run-noise.ts): about 25% slower is unclear as often as not, 50% is not.
  for (const [format, names] of [
    ['go', GO],
    ['libtest', LIBTEST],
  ] as const)
    test(`${format}: every benchmark 50% slower is a regression`, async () => {
      const verdicts = await slowedVerdicts(format, 'slowed-50.txt')
      for (const name of names) assert.equal(verdicts[`imported/${name}`], 'regression', name)
    })
})

describe('go test run by the import kind', () => {
  const failing = path.join(repoRoot, '__tests__/fixtures/import/go/failing')
  /** `go test -bench` in the failing package, run as `kind: import, command:`; the results of the run. */
  async function imported(env: string, flags: string[] = []) {
    const work = await tempDir('go-command-')
    try {
      const command = [
        'go',
        'test',
        '-run',
        '^$',
        '-bench',
        '.',
        '-count',
        '2',
        '-benchtime',
        '100x',
        ...flags,
      ]
      await writeFile(
        path.join(work, 'bench.yml'),
        `benchmarks:\n  - name: go\n    kind: import\n    format: go\n    cwd: ${JSON.stringify(failing)}\n    env: { BENCH_FAIL: ${JSON.stringify(env)} }\n    command: ${JSON.stringify(command)}\n    timeout: 10m\n`,
      )
      const r = await cli(['run', '--no-save', '--json', 'out.json'], work)
      const set = JSON.parse(await readFile(path.join(work, 'out.json'), 'utf8')) as ResultSet
      return { code: r.code, benchmarks: set.benchmarks }
    } finally {
      await removeDir(work)
    }
  }

  go.test(
    'go exits 1 for one failing benchmark: that one is failed with its log, the others kept',
    async () => {
      const { code, benchmarks } = await imported('fatal')
      assert.equal(code, 3, 'a failed benchmark fails the job')
      const decode = benchmarks.find((b) => b.name.startsWith('go/BenchmarkDecode'))!
      assert.equal(decode.status, 'failed')
      assert.match(decode.error!.message, /record has 3 fields, want 4/)
      const kept = benchmarks.filter((b) => b.status === 'ok')
      assert.ok(
        kept.length >= 3,
        `the passing benchmarks are kept: ${benchmarks.map((b) => `${b.name} ${b.status}`).join(', ')}`,
      )
      assert.match(kept[0]!.notes.join('\n'), /it exited with code 1, as its failed benchmarks explain/)
    },
  )

  go.test('an exit the output does not explain (a build failure) still fails the import', async () => {
    const { code, benchmarks } = await imported('', ['-tags', 'broken'])
    assert.equal(code, 3)
    assert.deepEqual(
      benchmarks.map((b) => [b.name, b.status]),
      [['go', 'failed']],
    )
    assert.match(benchmarks[0]!.error!.message, /exited with code 1/)
  })
})

describe('libtest: a bench that panics', () => {
  test('is failed alone with its panic message; the others of its binary are kept', async () => {
    const parsed = libtestFormat.parse(await fixture('libtest', 'fail.txt'))
    assert.deepEqual(
      parsed.map((b) => [b.name, b.error === undefined]),
      [
        ['hash_1k', true],
        ['hash_4k', true],
        ['hash_checked', false],
      ],
    )
    const failed = byName(parsed, 'hash_checked')
    assert.deepEqual(failed.metrics, {})
    assert.match(
      failed.error!,
      /^FAILED: thread 'main' .*panicked at benches\/hash\.rs:\d+:\d+:; assertion `left == right` failed: hash of 0\.\.256 changed; left: \d+; right: 0$/,
    )
    assert.equal(byName(parsed, 'hash_1k').metrics.time!.summary!.statistic, 'median')
  })
})
