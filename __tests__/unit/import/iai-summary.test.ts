import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { instructionResultMetrics } from '../../../src/import/callgrind-metrics.ts'
import {
  findIaiSummaries,
  IAI_SUMMARY_VERSIONS,
  IaiSummaryFormatError,
  type ImportedInstructionBenchmark,
  parseIaiSummary,
  parseIaiSummaryText,
} from '../../../src/import/formats/iai-callgrind.ts'
import { parseCallgrindOut } from '../../../src/kinds/instructions/callgrind.ts'
import { mergeCallgrindProfiles } from '../../../src/kinds/instructions/callgrind-profile.ts'
import { removeDir, tempDir } from '../../support/helpers.ts'

// Real output of iai-callgrind and Gungraun runs (fixtures/iai/README.md): per tool version, the output
// tree after a second run, the callgrind.*.out profiles and the terminal output of that run.
const fixtureRoot = path.join(import.meta.dirname, '..', '..', 'fixtures', 'iai')

/** Summary format version each tool version writes. */
const EXPECTED_VERSIONS: Record<string, string> = {
  'iai-callgrind-0.10.2': '1',
  'iai-callgrind-0.13.4': '2',
  'iai-callgrind-0.14.2': '3',
  'iai-callgrind-0.15.1': '4',
  'iai-callgrind-0.15.2': '5',
  'iai-callgrind-0.16.1': '6',
  'gungraun-0.20.0': '7',
}

/** Gungraun with DHAT beside Callgrind, from another bench file of the demo crate: iai-summary-dhat.test.ts. */
const DHAT_FIXTURE = 'gungraun-0.20.0-dhat'

const toolDirs = readdirSync(fixtureRoot, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'demo' && e.name !== DHAT_FIXTURE)
  .map((e) => e.name)
  .sort()

/** The benchmarks the demo crate defines, as `module_path.id`. */
const DEMO_IDS = [
  'demo_bench::math::bench_fibonacci.long',
  'demo_bench::math::bench_fibonacci.short',
  'demo_bench::math::bench_sum_of_squares.small',
]

/** Terminal labels of the metrics iai-callgrind prints, by bench-action metric name. */
const TERMINAL_LABELS: Record<string, string> = {
  Instructions: 'ir',
  Dr: 'dr',
  Dw: 'dw',
  I1mr: 'i1mr',
  D1mr: 'd1mr',
  D1mw: 'd1mw',
  ILmr: 'ilmr',
  DLmr: 'dlmr',
  DLmw: 'dlmw',
  'L1 Hits': 'l1-hits',
  'L2 Hits': 'll-hits',
  'LL Hits': 'll-hits',
  'RAM Hits': 'ram-hits',
  'Total read+write': 'total-rw',
  'Estimated Cycles': 'estimated-cycles',
  Bc: 'bc',
  Bcm: 'bcm',
  Bi: 'bi',
  Bim: 'bim',
}

interface PrintedBenchmark {
  /** The header line: `module_path id:details`. */
  header: string
  /** New (current run) values by metric name, for the labels in TERMINAL_LABELS. */
  values: Record<string, number>
  /** Old (previous run) values where printed, by metric name. */
  old: Record<string, number>
  /** Labels printed that are not in TERMINAL_LABELS (rates). */
  otherLabels: string[]
}

/** The benchmarks in the runner's terminal output, in printed order. */
function parseTerminal(text: string): PrintedBenchmark[] {
  const out: PrintedBenchmark[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '' || /^(Iai-Callgrind|Gungraun) result:/.test(line)) continue
    if (!line.startsWith(' ')) {
      out.push({ header: line, values: {}, old: {}, otherLabels: [] })
      continue
    }
    const m = /^\s+([^:]+):\s+([0-9.]+)\|(\S+)/.exec(line)
    assert.notEqual(m, null, `a metric line: ${JSON.stringify(line)}`)
    const [, label, newValue, oldValue] = m!
    const current = out.at(-1)
    assert.notEqual(current, undefined, `a benchmark header before ${JSON.stringify(line)}`)
    const metric = TERMINAL_LABELS[label!]
    if (metric === undefined) {
      current!.otherLabels.push(label!)
      continue
    }
    current!.values[metric] = Number(newValue)
    if (oldValue !== 'N/A') current!.old[metric] = Number(oldValue)
  }
  return out
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'))
}

interface FixtureSummary {
  file: string
  json: unknown
  benchmark: ImportedInstructionBenchmark
}

async function fixtureSummaries(toolDir: string): Promise<FixtureSummary[]> {
  const files = await findIaiSummaries(path.join(fixtureRoot, toolDir))
  return files.map((file) => {
    const json = readJson(file)
    const benchmarks = parseIaiSummary(json, file)
    assert.equal(benchmarks.length, 1, `${file} is one benchmark`)
    return { file, json, benchmark: benchmarks[0]! }
  })
}

function metricValues(benchmark: ImportedInstructionBenchmark): Record<string, number> {
  return Object.fromEntries(Object.entries(benchmark.metrics).map(([name, m]) => [name, m.value!]))
}

/** Asserts that `fn` throws an IaiSummaryFormatError naming `source` and the JSON path `at`. */
function assertImportError(fn: () => unknown, source: string, at: string, fragment?: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.equal(
      error instanceof IaiSummaryFormatError,
      true,
      `an IaiSummaryFormatError, got ${String(error)}`,
    )
    const message = (error as Error).message
    assert.equal(message.startsWith(`${source}: `), true, `starts with the source: ${message}`)
    assert.equal(message.includes(` at ${at}: `), true, `names the path ${at}: ${message}`)
    if (fragment !== undefined) {
      assert.equal(message.includes(fragment), true, `"${fragment}" in: ${message}`)
    }
    return true
  })
}

/** A summary's JSON, which the tests edit at any depth. */
// biome-ignore lint/suspicious/noExplicitAny: edits reach into untyped JSON
type SummaryJson = any

/** A deep copy of a fixture's JSON, changed by `edit`. */
function edited(json: unknown, edit: (copy: SummaryJson) => void): unknown {
  const copy = structuredClone(json)
  edit(copy)
  return copy
}

function fixtureJson(toolDir: string, benchmarkDir: string): { file: string; json: SummaryJson } {
  const tree = toolDir.startsWith('gungraun') ? 'gungraun/gungraun-demo' : 'iai/iai-demo'
  const file = path.join(fixtureRoot, toolDir, tree, 'demo_bench/math', benchmarkDir, 'summary.json')
  return { file, json: readJson(file) }
}

test('the fixtures cover every summary version this reads', () => {
  assert.deepEqual(toolDirs, Object.keys(EXPECTED_VERSIONS).sort())
  assert.deepEqual([...new Set(Object.values(EXPECTED_VERSIONS))].sort(), [...IAI_SUMMARY_VERSIONS])
})

describe('real summaries', () => {
  for (const toolDir of toolDirs) {
    describe(toolDir, () => {
      test('every summary.json is found and parses, in the expected format version', async () => {
        const summaries = await fixtureSummaries(toolDir)
        assert.equal(summaries.length, 3, `three summaries under ${toolDir}`)
        for (const { file, json } of summaries) {
          assert.equal((json as { version: string }).version, EXPECTED_VERSIONS[toolDir], file)
        }
        assert.deepEqual(summaries.map((s) => s.benchmark.id).sort(), DEMO_IDS)
      })

      test('ids match the output directories and names the headers the runner printed', async () => {
        const summaries = await fixtureSummaries(toolDir)
        const printed = parseTerminal(readFileSync(path.join(fixtureRoot, toolDir, 'stdout.txt'), 'utf8'))
        assert.equal(printed.length, 3, 'three benchmarks printed')
        for (const { file, benchmark } of summaries) {
          const dirName = path.basename(path.dirname(file))
          assert.equal(benchmark.id.endsWith(`::${dirName}`), true, `${benchmark.id} ends with ${dirName}`)
          assert.equal(benchmark.functionName, dirName.split('.')[0])
        }
        const headers = summaries.map(({ benchmark: b }) =>
          b.details !== undefined ? `${b.name}:${b.details}` : b.name,
        )
        assert.deepEqual(headers.sort(), printed.map((p) => p.header).sort())
      })

      test('every metric printed by the runner equals the imported value', async () => {
        const summaries = await fixtureSummaries(toolDir)
        const printed = parseTerminal(readFileSync(path.join(fixtureRoot, toolDir, 'stdout.txt'), 'utf8'))
        for (const { benchmark } of summaries) {
          const header =
            benchmark.details !== undefined ? `${benchmark.name}:${benchmark.details}` : benchmark.name
          const run = printed.find((p) => p.header === header)
          assert.notEqual(run, undefined, `${header} printed`)
          assert.notEqual(run!.values.ir, undefined, `${header}: Instructions printed`)
          for (const metric of [
            'ir',
            'l1-hits',
            'll-hits',
            'ram-hits',
            'total-rw',
            'estimated-cycles',
            'bc',
          ]) {
            assert.notEqual(run!.values[metric], undefined, `${header}: ${metric} printed`)
          }
          const imported = metricValues(benchmark)
          for (const [metric, value] of Object.entries(run!.values)) {
            assert.equal(imported[metric], value, `${header}: ${metric}`)
          }
        }
      })

      test('the values are the current run, not the previous one', async () => {
        const summaries = await fixtureSummaries(toolDir)
        const printed = parseTerminal(readFileSync(path.join(fixtureRoot, toolDir, 'stdout.txt'), 'utf8'))
        const changed = summaries.find((s) => s.benchmark.functionName === 'bench_sum_of_squares')!
        const run = printed.find((p) => p.header.startsWith(changed.benchmark.name))!
        assert.notEqual(run.old.ir, undefined, 'the previous Ir is printed')
        assert.notEqual(run.old.ir, run.values.ir, 'Ir changed between the runs')
        assert.equal(changed.benchmark.metrics.ir!.value, run.values.ir)
        // The branch events were collected in the current run only.
        assert.equal(run.old.bc, undefined, 'no previous Bc')
        assert.equal(changed.benchmark.metrics.bc!.value, run.values.bc)
      })

      test('the metrics equal those of the callgrind.out profile next to each summary', async () => {
        const summaries = await fixtureSummaries(toolDir)
        for (const { file, benchmark } of summaries) {
          const dir = path.dirname(file)
          const outs = readdirSync(dir).filter((name) => /^callgrind\..*\.out$/.test(name))
          assert.equal(outs.length > 0, true, `a callgrind.*.out next to ${file}`)
          const profile = mergeCallgrindProfiles(
            outs.map((name) => parseCallgrindOut(readFileSync(path.join(dir, name), 'utf8'), name)),
          )
          assert.deepEqual(benchmark.metrics, instructionResultMetrics(profile.totals), file)
        }
      })

      test('derived metrics come through with units and direction', async () => {
        for (const { file, benchmark } of await fixtureSummaries(toolDir)) {
          assert.deepEqual(Object.keys(benchmark.metrics).sort(), [
            'bc',
            'bcm',
            'bi',
            'bim',
            'd1mr',
            'd1mw',
            'dlmr',
            'dlmw',
            'dr',
            'dw',
            'estimated-cycles',
            'i1mr',
            'ilmr',
            'ir',
            'l1-hits',
            'll-hits',
            'ram-hits',
            'total-rw',
          ])
          for (const [name, metric] of Object.entries(benchmark.metrics)) {
            assert.equal(metric.unit, name === 'ir' ? 'instructions' : 'count', `${file}: ${name} unit`)
            assert.equal(metric.direction, 'lower', `${file}: ${name} direction`)
          }
        }
      })
    })
  }
})

describe('where the values come from', () => {
  test('derived metrics are the runner’s own values when the summary has them', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.16.1', 'bench_fibonacci.short')
    const changed = edited(json, (j) => {
      j.profiles[0].summaries.total.summary.Callgrind.EstimatedCycles.metrics = { Left: { Int: 12345 } }
    })
    const [benchmark] = parseIaiSummary(changed, file)
    assert.equal(benchmark!.metrics['estimated-cycles']!.value, 12345)
  })

  test('derived metrics missing from a summary are derived from the cache events', () => {
    const { file, json } = fixtureJson('gungraun-0.20.0', 'bench_sum_of_squares.small')
    const [original] = parseIaiSummary(json, file)
    const stripped = edited(json, (j) => {
      for (const key of ['L1hits', 'LLhits', 'RamHits', 'TotalRW', 'EstimatedCycles']) {
        delete j.profiles[0].data.total.metrics[key]
      }
    })
    const [benchmark] = parseIaiSummary(stripped, file)
    assert.deepEqual(benchmark!.metrics, original!.metrics)
  })

  test('a metric only the previous run has is left out', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.16.1', 'bench_sum_of_squares.small')
    const changed = edited(json, (j) => {
      j.profiles[0].summaries.total.summary.Callgrind.Bc.metrics = { Right: { Int: 115 } }
    })
    const [benchmark] = parseIaiSummary(changed, file)
    assert.equal(benchmark!.metrics.bc, undefined)
    assert.equal(benchmark!.metrics.bcm!.value, 10)
  })

  test('version 1–2 summaries of several Callgrind runs add up', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.13.4', 'bench_fibonacci.short')
    const [single] = parseIaiSummary(json, file)
    const doubled = edited(json, (j) => {
      j.callgrind_summary.summaries.push(structuredClone(j.callgrind_summary.summaries[0]))
    })
    const [benchmark] = parseIaiSummary(doubled, file)
    for (const [name, metric] of Object.entries(single!.metrics)) {
      assert.equal(benchmark!.metrics[name]!.value, 2 * metric.value!, name)
    }
  })

  test('a Cachegrind profile is read when there is no Callgrind profile', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.16.1', 'bench_fibonacci.long')
    const [callgrind] = parseIaiSummary(json, file)
    const cachegrind = edited(json, (j) => {
      const profile = j.profiles[0]
      profile.tool = 'Cachegrind'
      profile.summaries.total.summary = { Cachegrind: profile.summaries.total.summary.Callgrind }
      j.profiles = [{ tool: 'DHAT', summaries: { total: { summary: 'None' } } }, profile]
    })
    const [benchmark] = parseIaiSummary(cachegrind, file)
    assert.deepEqual(benchmark!.metrics, callgrind!.metrics)
  })

  test('a benchmark without id is named by its module path', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.15.2', 'bench_fibonacci.long')
    const [benchmark] = parseIaiSummary(
      edited(json, (j) => {
        j.id = null
        j.details = null
      }),
      file,
    )
    assert.equal(benchmark!.id, 'demo_bench::math::bench_fibonacci')
    assert.equal(benchmark!.name, 'demo_bench::math::bench_fibonacci')
    assert.equal(benchmark!.details, undefined)
  })

  test('an array of summaries, and JSON lines as --output-format=json prints them', () => {
    const a = fixtureJson('gungraun-0.20.0', 'bench_fibonacci.short').json
    const b = fixtureJson('gungraun-0.20.0', 'bench_fibonacci.long').json
    const fromArray = parseIaiSummary([a, b], 'both.json')
    assert.deepEqual(
      fromArray.map((x) => x.id),
      ['demo_bench::math::bench_fibonacci.short', 'demo_bench::math::bench_fibonacci.long'],
    )
    const lines = `${JSON.stringify(a)}\n${JSON.stringify(b)}\n`
    assert.deepEqual(parseIaiSummaryText(lines, 'out.jsonl'), fromArray)
    assert.deepEqual(parseIaiSummaryText(JSON.stringify(a, null, 2), 'pretty.json'), [fromArray[0]])
  })
})

describe('invalid summaries', () => {
  test('missing Ir, in each layout', () => {
    const cases: Array<[string, string, (j: SummaryJson) => void]> = [
      [
        'iai-callgrind-0.10.2',
        'callgrind_summary.summaries[0].events.Ir',
        (j) => delete j.callgrind_summary.summaries[0].events.Ir,
      ],
      [
        'iai-callgrind-0.14.2',
        'callgrind_summary.callgrind_run.total.summary.Ir',
        (j) => delete j.callgrind_summary.callgrind_run.total.summary.Ir,
      ],
      [
        'iai-callgrind-0.16.1',
        'profiles[0].summaries.total.summary.Callgrind.Ir',
        (j) => delete j.profiles[0].summaries.total.summary.Callgrind.Ir,
      ],
      [
        'gungraun-0.20.0',
        'profiles[0].data.total.metrics.Ir',
        (j) => delete j.profiles[0].data.total.metrics.Ir,
      ],
    ]
    for (const [toolDir, at, edit] of cases) {
      const { file, json } = fixtureJson(toolDir, 'bench_fibonacci.short')
      assertImportError(() => parseIaiSummary(edited(json, edit), file), file, at, 'expected the Ir event')
    }
  })

  test('no events at all', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.15.1', 'bench_fibonacci.short')
    const empty = edited(json, (j) => {
      j.profiles[0].summaries.total.summary.Callgrind = {}
    })
    assertImportError(
      () => parseIaiSummary(empty, file),
      file,
      'profiles[0].summaries.total.summary.Callgrind.Ir',
    )
  })

  test('a string where a number is expected', () => {
    const cases: Array<[string, string, (j: SummaryJson) => void]> = [
      [
        'iai-callgrind-0.13.4',
        'callgrind_summary.summaries[0].events.Ir.new',
        (j) => {
          j.callgrind_summary.summaries[0].events.Ir.new = '1789'
        },
      ],
      [
        'iai-callgrind-0.14.2',
        'callgrind_summary.callgrind_run.total.summary.Dr.metrics.Both[0]',
        (j) => {
          j.callgrind_summary.callgrind_run.total.summary.Dr.metrics.Both[0] = '415'
        },
      ],
      [
        'iai-callgrind-0.15.2',
        'profiles[0].summaries.total.summary.Callgrind.Ir.metrics.Both[0].Int',
        (j) => {
          j.profiles[0].summaries.total.summary.Callgrind.Ir.metrics.Both[0].Int = '1789'
        },
      ],
      [
        'gungraun-0.20.0',
        'profiles[0].data.total.metrics.EstimatedCycles.values.new',
        (j) => {
          j.profiles[0].data.total.metrics.EstimatedCycles.values.new = 'many'
        },
      ],
    ]
    for (const [toolDir, at, edit] of cases) {
      const { file, json } = fixtureJson(toolDir, 'bench_fibonacci.short')
      assertImportError(() => parseIaiSummary(edited(json, edit), file), file, at, 'expected')
    }
  })

  test('a metric that is neither new, old nor both', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.16.1', 'bench_fibonacci.short')
    const bad = edited(json, (j) => {
      j.profiles[0].summaries.total.summary.Callgrind.Ir.metrics = { Int: 1789 }
    })
    assertImportError(
      () => parseIaiSummary(bad, file),
      file,
      'profiles[0].summaries.total.summary.Callgrind.Ir.metrics',
      'Left (new), Right (old) or Both',
    )
  })

  test('the wrong top-level shape', () => {
    assertImportError(() => parseIaiSummary('summary', 's.json'), 's.json', '(top level)', 'a summary object')
    assertImportError(() => parseIaiSummary(null, 's.json'), 's.json', '(top level)', 'a summary object')
    assertImportError(() => parseIaiSummary([42], 's.json'), 's.json [0]', '(top level)')
    assertImportError(() => parseIaiSummary({ module_path: 'a::b::c' }, 's.json'), 's.json', 'version')
    const { file, json } = fixtureJson('iai-callgrind-0.16.1', 'bench_fibonacci.short')
    assertImportError(
      () =>
        parseIaiSummary(
          edited(json, (j) => delete j.module_path),
          file,
        ),
      file,
      'module_path',
      'expected string',
    )
    assertImportError(
      () =>
        parseIaiSummary(
          edited(json, (j) => (j.profiles = {})),
          file,
        ),
      file,
      'profiles',
      'expected array',
    )
    assertImportError(
      () =>
        parseIaiSummary(
          edited(json, (j) => (j.version = '8')),
          file,
        ),
      file,
      'version',
      'from 1 to 7, found "8"',
    )
  })

  test('no instruction profile', () => {
    const { file, json } = fixtureJson('iai-callgrind-0.16.1', 'bench_fibonacci.short')
    const dhat = edited(json, (j) => {
      j.profiles[0].tool = 'DHAT'
    })
    assertImportError(() => parseIaiSummary(dhat, file), file, 'profiles', '(tools: DHAT)')
    const { file: v2, json: legacy } = fixtureJson('iai-callgrind-0.13.4', 'bench_fibonacci.short')
    assertImportError(
      () =>
        parseIaiSummary(
          edited(legacy, (j) => (j.callgrind_summary = null)),
          v2,
        ),
      v2,
      'callgrind_summary',
    )
  })

  test('text that is not JSON', () => {
    assert.throws(
      () => parseIaiSummaryText('{"version": ', 'cut.json'),
      (e: unknown) =>
        e instanceof IaiSummaryFormatError && /^cut\.json: line 1, column 13: not valid JSON/.test(e.message),
    )
    assert.throws(
      () => parseIaiSummaryText('{}\n{"version"\n', 'lines.json'),
      (e: unknown) =>
        e instanceof IaiSummaryFormatError &&
        /^lines\.json: line 2, column 11: not valid JSON/.test(e.message),
    )
  })
})

describe('findIaiSummaries', () => {
  test('from a project, its target directory or an output tree', async () => {
    const dir = await tempDir('iai')
    try {
      const write = async (file: string) => {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
        await writeFile(path.join(dir, file), '{}')
      }
      await write('target/iai/pkg/bench/group/fn.a/summary.json')
      await write('target/iai/pkg/bench/group/fn.b/summary.json')
      await write('target/gungraun/pkg/bench/group/fn/summary.json')
      await write('target/release/build/x/out/summary.json')
      await write('target/iai/pkg/bench/group/fn.a/callgrind.fn.a.out')
      const expected = [
        'target/gungraun/pkg/bench/group/fn/summary.json',
        'target/iai/pkg/bench/group/fn.a/summary.json',
        'target/iai/pkg/bench/group/fn.b/summary.json',
      ].map((f) => path.join(dir, f))
      assert.deepEqual(await findIaiSummaries(dir), expected)
      assert.deepEqual(await findIaiSummaries(path.join(dir, 'target')), expected)
      assert.deepEqual(await findIaiSummaries(path.join(dir, 'target', 'iai')), expected.slice(1))
      assert.deepEqual(await findIaiSummaries(path.join(dir, 'missing')), [])
    } finally {
      await removeDir(dir)
    }
  })

  test('finds every fixture', async () => {
    const all = await findIaiSummaries(fixtureRoot)
    // Three benchmarks in each version's directory, four in the DHAT one.
    assert.equal(all.length, 3 * toolDirs.length + 4)
  })
})
