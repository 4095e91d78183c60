// Every import format of the registry held to the same rules, on files its tool wrote (each fixture
// folder's capture script) or, where the tool does not run here, on files written to its documented
// schema (that folder's README says so):
// - every file of the fixture folders is claimed by the format that wrote it and no other, and
//   auto-detection picks that one;
// - detect answers false or true, and never throws, whatever the text;
// - a file cut short fails with an ImportFormatError naming the file and the place in it;
// - what each file reads as is the committed output in __tests__/__outputs__/imported/, which
//   `npm run update-outputs` rewrites once the invariants below hold for it.
// What is particular to a format (its units, its names, its own mistakes) is tested in its own file.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { detectFormats, FORMATS, type ImportedBenchmark } from '../../../src/import/index.ts'
import { ImportFormatError, type ImportSource } from '../../../src/import/types.ts'
import { UNITS } from '../../../src/results.ts'
import { golden } from '../../support/golden.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures')
const OUTPUTS = path.join(import.meta.dirname, '..', '..', '__outputs__', 'imported')

/** Each format's files, relative to __tests__/fixtures: a new format is not done until it is here. */
const FILES: Record<string, string[]> = {
  hyperfine: [
    'import/hyperfine/named.json',
    'import/hyperfine/memory.json',
    'import/hyperfine/long-1.15.json',
    'import/hyperfine/long-2.0.json',
    'import/hyperfine/scan.json',
    'import/hyperfine/scan-env-2.0.json',
  ],
  criterion: [
    'import/criterion/target-criterion/fib 15/new/sample.json',
    'import/criterion/target-criterion/sum/iter/64/new/sample.json',
  ],
  libtest: ['import/libtest/cargo-bench.txt', 'import/libtest/fail.txt'],
  go: ['import/go/base.txt', 'import/go/fail.txt', 'import/go/panic.txt'],
  'google-benchmark': [
    'import/google-benchmark/repetitions.json',
    'import/google-benchmark/aggregates-only.json',
    'import/google-benchmark/complexity.json',
  ],
  'pytest-benchmark': ['import/pytest-benchmark/with-data.json', 'import/pytest-benchmark/without-data.json'],
  catch2: ['import/catch2/results.xml', 'import/catch2/no-analysis.xml'],
  benchmarkdotnet: [
    'import/benchmarkdotnet/documented-schema-report-full.json',
    'import/benchmarkdotnet/documented-schema-0.9-report-brief.json',
  ],
  jmh: ['import/jmh/jmh.json', 'import/jmh/jmh-sample-ss.json'],
  'benchmark-js': ['import/benchmark-js/benchmark-js.txt'],
  julia: ['import/julia/documented-schema-results.json'],
  rebar: ['import/rebar/results-documented-schema.csv'],
  metron: ['import/metron/guided-tour-fib.txt', 'import/metron/guided-tour-threads.txt'],
  csb: ['import/csb/runs.txt', 'csb/atomic-t2.txt'],
  bmf: ['import/bmf/results.documented-schema.json'],
  'iai-callgrind': [
    'iai/iai-callgrind-0.10.2/iai/iai-demo/demo_bench/math/bench_fibonacci.short/summary.json',
    'iai/iai-callgrind-0.16.1/iai/iai-demo/demo_bench/math/bench_fibonacci.short/summary.json',
    'iai/gungraun-0.20.0/gungraun/gungraun-demo/demo_bench/math/bench_fibonacci.short/summary.json',
  ],
  'custom-smaller-is-better': ['import/github-action-benchmark/documented-schema-smaller-is-better.json'],
  'custom-bigger-is-better': ['import/github-action-benchmark/documented-schema-bigger-is-better.json'],
}

/**
 * github-action-benchmark's custom JSON says nothing of which way is better, so neither of its two
 * formats claims a file: the user names one.
 */
const NEVER_DETECTED = new Set(['custom-smaller-is-better', 'custom-bigger-is-better'])

/** A fixture as a format reads it, named by its path under __tests__/fixtures (so outputs hold no machine's path). */
function fixture(relative: string): ImportSource {
  return { path: relative, text: readFileSync(path.join(FIXTURES, relative), 'utf8') }
}

const all = Object.entries(FILES).flatMap(([name, files]) => files.map((file) => ({ name, file })))

test('every format of the registry has files here, and nothing else does', () => {
  assert.deepEqual(Object.keys(FILES).sort(), FORMATS.map((f) => f.name).sort())
})

/**
 * Every file of the fixture folders, and the format that wrote it: `import/<format>/…` and `csb/` hold
 * one format's outputs, `iai/` its summaries. Some files beside them are not results of any format.
 */
function everyFixture(): { file: string; owner: string | undefined }[] {
  const found: { file: string; owner: string | undefined }[] = []
  for (const top of ['import', 'csb', 'iai'])
    for (const entry of readdirSync(path.join(FIXTURES, top), { withFileTypes: true, recursive: true })) {
      const file = path.relative(FIXTURES, path.join(entry.parentPath, entry.name))
      if (!entry.isFile() || !/\.(json|txt|xml|csv)$/.test(file)) continue
      // Sources and build files of the programs that were measured, not their results.
      if (/\/(project|src|demo)\//.test(file)) continue
      const notResults =
        /\/(benchmark|estimates)\.json$/.test(file) || // criterion's files beside sample.json
        /^iai\/[^/]+\/stdout\.txt$/.test(file) || // what cargo bench printed beside the summaries
        /\/(package\.json|pom\.xml)$/.test(file)
      const folder = top === 'import' ? file.split('/')[1]! : top === 'iai' ? 'iai-callgrind' : top
      found.push({ file, owner: notResults || NEVER_DETECTED_FOLDERS.has(folder) ? undefined : folder })
    }
  return found
}

/** github-action-benchmark's folder holds the custom JSON of its two formats, which are never detected. */
const NEVER_DETECTED_FOLDERS = new Set(['github-action-benchmark'])

describe('detect', () => {
  test('every file of the fixture folders is claimed by the format that wrote it, and by no other', () => {
    const files = everyFixture()
    // 139 when this was written: fewer means a folder was missed, not that a format lost its files.
    assert.ok(files.length >= 139, `${files.length} files`)
    for (const { file, owner } of files) {
      const source = fixture(file)
      const claimed = FORMATS.filter((f) => f.detect(source)).map((f) => f.name)
      assert.deepEqual(claimed, owner ? [owner] : [], file)
      assert.deepEqual(
        detectFormats(source).map((f) => f.name),
        claimed,
      )
    }
    // Each format's files below are among them, and each format but the two never detected owns some.
    const owners = new Set(files.map((f) => f.owner))
    for (const name of Object.keys(FILES)) assert.equal(owners.has(name), !NEVER_DETECTED.has(name), name)
    for (const { file } of all)
      assert.ok(
        files.some((f) => f.file === file),
        file,
      )
  })

  test("claims nothing that is no one's output", () => {
    for (const text of [
      '',
      ' \n',
      '\u0000\u0001\u0002\u00ff',
      '{',
      '[',
      'null',
      '[]',
      '{}',
      '{"benchmarks": [',
    ])
      for (const format of FORMATS)
        assert.equal(format.detect({ path: 'x', text }), false, `${format.name} on ${JSON.stringify(text)}`)
  })

  test('answers a boolean and never throws, whatever the text', () => {
    const odd = [
      '<Catch',
      '[null]',
      '{"benchmarks": null}',
      '{"benchmarks": [null]}',
      '{"results": [{}]}',
      '<?xml version="1.0"?><Catch2TestRun>',
      'name,model,rxn,engine',
      'a=b;c=d;e=f;',
      'test bench ... bench:',
      'BenchmarkX-8',
      `${'['.repeat(10_000)}`,
      `{"x": "${'y'.repeat(100_000)}"}`,
    ]
    // And every fixture cut at a third and at two thirds, which crosses most formats' first checks.
    for (const { file } of all) {
      const { text } = fixture(file)
      odd.push(text.slice(0, Math.floor(text.length / 3)), text.slice(Math.floor((2 * text.length) / 3)))
    }
    for (const text of odd)
      for (const format of FORMATS) {
        let answer: unknown
        assert.doesNotThrow(
          () => {
            answer = format.detect({ path: 'x', text })
          },
          `${format.name} on ${JSON.stringify(text.slice(0, 40))}`,
        )
        assert.equal(typeof answer, 'boolean', `${format.name} on ${JSON.stringify(text.slice(0, 40))}`)
      }
  })
})

/**
 * Formats whose tool prints no closing line: a file cut between two results reads as the results before
 * the cut, which nothing tells from a run of fewer benchmarks. Cut inside a result, a benchmark.js line
 * is an error (it stops before `ops/sec`); a Metron row cut after a counter's digits still reads as a row.
 */
const NO_CLOSING_LINE = new Set(['benchmark-js', 'metron'])

describe('a file cut short fails naming the file and the place', () => {
  for (const { name, file } of all) {
    const closed = !NO_CLOSING_LINE.has(name)
    test(`${file}, cut at its middle${closed ? '' : ': the results before the cut, or an error'}`, () => {
      const source = fixture(file)
      const format = FORMATS.find((f) => f.name === name)!
      // A writer stopped halfway: in the middle of a line, a value or a name, as it falls.
      const cut = source.text.slice(0, Math.floor(source.text.length / 2))
      if (!closed) {
        let read: ImportedBenchmark[] | undefined
        try {
          read = format.parse({ path: source.path, text: cut })
        } catch (error) {
          assert.ok(error instanceof ImportFormatError && error.where !== '', String(error))
          return
        }
        const whole = format.parse(source)
        assert.ok(read.length < whole.length, `${read.length} of ${whole.length} benchmarks`)
        assert.deepEqual(
          read.map((b) => b.name),
          whole.slice(0, read.length).map((b) => b.name),
        )
        assert.deepEqual(read.slice(0, -1), whole.slice(0, read.length - 1))
        return
      }
      assert.throws(
        () => format.parse({ path: source.path, text: cut }),
        (error: unknown) => {
          assert.ok(error instanceof ImportFormatError, `an ImportFormatError, got ${String(error)}`)
          assert.equal(error.source, source.path)
          assert.ok(error.where.length > 0, `a place in the file: ${error.message}`)
          // JSON read to the end of the cut and no further: the place is its last character's next.
          if (file.endsWith('.json')) {
            const lines = cut.split('\n')
            assert.equal(error.where, `line ${lines.length}, column ${lines[lines.length - 1]!.length + 1}`)
          }
          assert.ok(error.message.startsWith(`${source.path}: ${error.where}: `), error.message)
          return true
        },
      )
    })
  }
})

describe('what each file reads as', () => {
  for (const { name, file } of all) {
    test(`${file} as ${name}`, async () => {
      const format = FORMATS.find((f) => f.name === name)!
      const benchmarks = format.parse(fixture(file))
      await golden(
        path.join(OUTPUTS, `${file.replace(/^import\//, '').replace(/\.[a-z]+$/, '')}.json`),
        `${JSON.stringify(benchmarks, null, 2)}\n`,
        () => holds(benchmarks, file),
      )
    })
  }
})

/** What every format's benchmarks satisfy, whatever the file. */
function holds(benchmarks: ImportedBenchmark[], file: string): void {
  assert.ok(benchmarks.length > 0, `${file}: at least one benchmark`)
  const names = benchmarks.map((b) => `${b.file ?? ''}\u0000${b.name}`)
  assert.equal(new Set(names).size, names.length, `${file}: names are unique`)
  for (const b of benchmarks) {
    const at = `${file}: ${b.name}`
    assert.ok(b.name.trim().length > 0, `${file}: a benchmark without a name`)
    if (b.error !== undefined) {
      assert.ok(b.error.trim().length > 0, `${at}: an error says why`)
      continue
    }
    assert.ok(Object.keys(b.metrics).length > 0, `${at}: at least one metric`)
    for (const [metric, m] of Object.entries(b.metrics)) {
      const where = `${at} ${metric}`
      assert.ok((UNITS as readonly string[]).includes(m.unit), `${where}: unit ${m.unit}`)
      assert.ok(m.direction === 'lower' || m.direction === 'higher', `${where}: direction ${m.direction}`)
      const kinds = [m.samples, m.summary, m.value].filter((x) => x !== undefined).length
      assert.ok(kinds >= 1, `${where}: samples, a summary or a value`)
      for (const s of m.samples ?? []) assert.ok(Number.isFinite(s) && s >= 0, `${where}: sample ${s}`)
      if (m.samples) assert.ok(m.samples.length > 0, `${where}: samples, not an empty list`)
      if (m.summary) {
        assert.ok(Number.isFinite(m.summary.center) && m.summary.center >= 0, `${where}: center`)
        const { interval } = m.summary
        if (interval)
          assert.ok(interval[0] <= m.summary.center && m.summary.center <= interval[1], `${where}: interval`)
      }
      if (m.value !== undefined) assert.ok(Number.isFinite(m.value) && m.value >= 0, `${where}: value`)
      if (m.derivedFrom !== undefined)
        assert.ok(m.derivedFrom in b.metrics, `${where}: derived from a metric it has`)
    }
  }
}
