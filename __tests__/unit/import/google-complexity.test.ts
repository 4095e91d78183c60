// Google Benchmark JSON from families that say Complexity: besides each size's runs, the library writes
// a BigO entry (the fitted curve and its coefficients) and an RMS entry (how well it fits) per family.
// They are read as notes on that family's benchmarks, never as metrics; every other benchmark is read as
// before. Fixtures: libbenchmark-dev 1.7.1 (Debian) and complexity.cc, each file a separate run of the
// binary (fixtures/import/google-benchmark/capture-complexity.sh). Expected values come from the
// fixtures' own fields.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { googleBenchmarkFormat } from '../../../src/import/formats/google-benchmark.ts'
import { type ImportedBenchmark, ImportFormatError, type ImportSource } from '../../../src/import/types.ts'
import { compareImports, importVerdicts } from '../../support/import-verdicts.ts'

const DIR = path.join(import.meta.dirname, '..', '..', 'fixtures', 'import', 'google-benchmark')
const PER_UNIT: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }
const NS = { unit: 'ns', direction: 'lower' } as const

interface Entry {
  name: string
  run_name: string
  run_type: string
  family_index: number
  aggregate_name?: string
  repetitions: number
  real_time?: number
  cpu_time?: number
  time_unit?: string
  cpu_coefficient?: number
  real_coefficient?: number
  big_o?: string
  rms?: number
}

async function fixture(file: string): Promise<ImportSource> {
  const p = path.join(DIR, file)
  return { path: p, text: await readFile(p, 'utf8') }
}

function entries(source: ImportSource): Entry[] {
  return JSON.parse(source.text).benchmarks
}

/** An entry as JSON, any of its fields changeable. */
type RawEntry = Entry & Record<string, unknown>

function withEntries<T = RawEntry>(source: ImportSource, change: (entries: T[]) => void): ImportSource {
  const raw = JSON.parse(source.text)
  change(raw.benchmarks)
  return { ...source, text: JSON.stringify(raw) }
}

/** The families the library fitted a complexity to: the run_name of each BigO entry. */
function fittedFamilies(all: Entry[]): string[] {
  return all.filter((e) => e.aggregate_name === 'BigO').map((e) => e.run_name)
}

const FIT = "(the library's fit over the sizes: reported, not gated)"

/**
 * What the note on each fitted family's benchmarks says, written out from the fixtures' BigO and RMS
 * entries (time_unit ns) to three significant digits: below 1 ns three digits after the leading zeros,
 * from 100 ns none after the point; RMS is a fraction, shown in percent with two decimals.
 */
const FIT_NOTES: Record<string, Record<string, string>> = {
  // BM_sum: real_coefficient 0.25724847951769508, cpu_coefficient 0.25567631548159486, rms
  // 0.033948823671270889; BM_lookup: 353.92120176820987, 316.65041265213603, 0.020233750231145393.
  'complexity.json': {
    BM_sum: `fitted complexity of BM_sum: O(N), 0.257 ns × N real time, 0.256 ns × N CPU time, RMS 3.39% ${FIT}`,
    BM_lookup: `fitted complexity of BM_lookup: O(lgN), 354 ns × lgN real time, 317 ns × lgN CPU time, RMS 2.02% ${FIT}`,
  },
  // BM_sum: 0.49852071927863145, 0.27649996713394126, 0.027128334402409270; BM_lookup:
  // 480.70935003812582, 336.87412783269303, 0.025889630111321751.
  'complexity-aggregates-only.json': {
    BM_sum: `fitted complexity of BM_sum: O(N), 0.499 ns × N real time, 0.276 ns × N CPU time, RMS 2.71% ${FIT}`,
    BM_lookup: `fitted complexity of BM_lookup: O(lgN), 481 ns × lgN real time, 337 ns × lgN CPU time, RMS 2.59% ${FIT}`,
  },
}

function expectedFitNote(file: string, family: string): string {
  const note = FIT_NOTES[file]?.[family]
  assert.ok(note, `no note written out for ${family} of ${file}`)
  return note
}

function fitNotes(b: ImportedBenchmark): string[] {
  return (b.notes ?? []).filter((n) => n.startsWith('fitted complexity'))
}

/** A value as the notes print it ("0.499 ns", "2.31 µs"), in ns. */
function nsOf(text: string): number {
  const m = /^([\d.]+) (ns|µs|ms|s)$/.exec(text)
  assert.ok(m, `a time: ${text}`)
  return Number(m[1]) * { ns: 1, µs: 1e3, ms: 1e6, s: 1e9 }[m[2] as 'ns']
}

function count(verdicts: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const v of verdicts) out[v] = (out[v] ?? 0) + 1
  return out
}

describe('google-benchmark: complexity (BigO and RMS)', () => {
  test('every size of every family is read with its repetitions; BigO and RMS become notes only', async () => {
    const source = await fixture('complexity.json')
    const all = entries(source)
    const families = fittedFamilies(all)
    assert.deepEqual(families, ['BM_sum', 'BM_lookup'], 'the fixture fits two families')
    assert.ok(all.some((e) => e.aggregate_name === 'RMS'))
    const expected = new Map<string, { time: number[]; cpu: number[] }>()
    for (const e of all) {
      if (e.run_type !== 'iteration') continue
      const m = expected.get(e.run_name) ?? { time: [], cpu: [] }
      expected.set(e.run_name, m)
      m.time.push(e.real_time! * PER_UNIT[e.time_unit!]!)
      m.cpu.push(e.cpu_time! * PER_UNIT[e.time_unit!]!)
    }
    assert.equal(expected.size, 11, 'five sizes of two families and one plain benchmark')

    const benchmarks = googleBenchmarkFormat.parse(source)
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      [...expected.keys()],
    )
    for (const b of benchmarks) {
      const m = expected.get(b.name)!
      assert.equal(m.time.length, 10, `${b.name}: 10 repetitions`)
      // Only the times: no coefficient, RMS or big_o among the metrics.
      assert.deepEqual(
        b.metrics,
        { time: { ...NS, samples: m.time }, cpu: { ...NS, samples: m.cpu } },
        b.name,
      )
      assert.equal(b.error, undefined)
    }

    for (const family of families) {
      const note = expectedFitNote('complexity.json', family)
      const members = benchmarks.filter((b) => b.name.startsWith(`${family}/`))
      assert.equal(members.length, 5, family)
      for (const b of members) assert.deepEqual(fitNotes(b), [note], b.name)
      // The printed numbers are the fixture's, to the three digits shown.
      const bigO = all.find((e) => e.aggregate_name === 'BigO' && e.run_name === family)!
      const rms = all.find((e) => e.aggregate_name === 'RMS' && e.run_name === family)!
      const m = /: O\((.+?)\), (.+?) × .+? real time, (.+?) × .+? CPU time, RMS ([\d.]+)%/.exec(note)!
      assert.equal(m[1], bigO.big_o)
      const factor = PER_UNIT[bigO.time_unit!]!
      const near = (shown: number, actual: number, what: string) =>
        assert.ok(Math.abs(shown - actual) <= Math.abs(actual) * 0.006, `${what}: ${shown} vs ${actual}`)
      near(nsOf(m[2]!), bigO.real_coefficient! * factor, `${family} real coefficient`)
      near(nsOf(m[3]!), bigO.cpu_coefficient! * factor, `${family} CPU coefficient`)
      near(Number(m[4]), rms.rms! * 100, `${family} RMS`)
    }
    assert.deepEqual(fitNotes(benchmarks.find((b) => b.name === 'BM_mix')!), [])
    // Each size keeps the note it had: its repetitions, and the per-size aggregates skipped.
    assert.deepEqual(benchmarks.find((b) => b.name === 'BM_sum/256')!.notes!.slice(0, 2), [
      '10 repetitions',
      'aggregates mean, median, stddev, cv skipped: every repetition is kept',
    ])
  })

  test('the import kind reads the whole file, and gates each benchmark on its times only', async () => {
    const { text } = await fixture('complexity.json')
    const comparison = await compareImports('google-benchmark', text, text)
    const names = googleBenchmarkFormat
      .parse({ path: 'complexity.json', text })
      .map((b) => `imported/${b.name}`)
    assert.deepEqual(
      comparison.benchmarks.map((b) => b.name),
      names,
    )
    for (const b of comparison.benchmarks) {
      assert.notEqual(b.verdict, 'failed', b.name)
      assert.deepEqual(
        b.metrics.filter((m) => m.gated).map((m) => m.metric),
        ['time', 'cpu'],
        b.name,
      )
    }
  })

  test('aggregates only: each size a summary of its median and stddev, the fit a note', async () => {
    const source = await fixture('complexity-aggregates-only.json')
    const all = entries(source)
    assert.ok(!all.some((e) => e.run_type === 'iteration'), 'no repetitions in the file')
    const benchmarks = googleBenchmarkFormat.parse(source)
    const medians = all.filter((e) => e.aggregate_name === 'median')
    assert.deepEqual(
      benchmarks.map((b) => b.name),
      medians.map((e) => e.run_name),
    )
    for (const b of benchmarks) {
      const median = medians.find((e) => e.run_name === b.name)!
      const sd = all.find((e) => e.aggregate_name === 'stddev' && e.run_name === b.name)!
      const unit = PER_UNIT[median.time_unit!]!
      assert.deepEqual(b.metrics.time, {
        ...NS,
        summary: {
          center: median.real_time! * unit,
          statistic: 'median',
          stddev: sd.real_time! * unit,
          n: 3,
        },
      })
      assert.deepEqual(Object.keys(b.metrics), ['time', 'cpu'])
    }
    assert.deepEqual(fittedFamilies(all), ['BM_sum', 'BM_lookup'], 'the fixture fits two families')
    for (const family of fittedFamilies(all)) {
      const members = benchmarks.filter((b) => b.name.startsWith(`${family}/`))
      assert.equal(members.length, 5, `${family}: five sizes`)
      for (const b of members)
        assert.deepEqual(fitNotes(b), [expectedFitNote('complexity-aggregates-only.json', family)], b.name)
    }
  })

  test('versions that wrote no run_name or aggregate_name: BigO and RMS told by their fields', async () => {
    const source = await fixture('complexity.json')
    const old = withEntries(source, (all) => {
      for (const e of all)
        if (e.aggregate_name === 'BigO' || e.aggregate_name === 'RMS')
          for (const key of ['run_name', 'run_type', 'aggregate_name', 'aggregate_unit', 'family_index'])
            delete e[key]
    })
    assert.deepEqual(googleBenchmarkFormat.parse(old), googleBenchmarkFormat.parse(source))
  })
})

describe('google-benchmark: complexity files compared', () => {
  const AA = ['complexity.json', 'aa-1.json', 'aa-2.json', 'aa-3.json', 'aa-4.json', 'aa-5.json']

  test('A/A: five pairs of runs of the same binary, no false alarm', async () => {
    const texts = await Promise.all(AA.map(async (f) => (await fixture(f)).text))
    const names = googleBenchmarkFormat
      .parse({ path: AA[0]!, text: texts[0]! })
      .map((b) => `imported/${b.name}`)
    const all: string[] = []
    for (let i = 1; i < AA.length; i++) {
      const verdicts = await importVerdicts('google-benchmark', texts[i - 1]!, texts[i]!)
      assert.deepEqual(Object.keys(verdicts), names, `${AA[i - 1]} → ${AA[i]}: every benchmark compared`)
      console.log(`A/A ${AA[i - 1]} → ${AA[i]}:`, count(Object.values(verdicts)))
      for (const [name, verdict] of Object.entries(verdicts))
        assert.ok(
          verdict === 'unchanged' || verdict === 'unclear',
          `${AA[i - 1]} → ${AA[i]}: ${name} is ${verdict} between two runs of the same code`,
        )
      all.push(...Object.values(verdicts))
    }
    console.log(`A/A over ${AA.length - 1} pairs (${all.length} comparisons):`, count(all))
    assert.equal(all.length, 5 * 11)
    assert.equal(count(all).regression ?? 0, 0, 'false alarms')
  })

  // SLOWDOWN=1.25 makes each benchmark do 25% more work: exactly the +25% that a change between two
  // files must lie wholly beyond while the run-to-run noise is unknown (README: comparing with a stored
  // run). In these captures every interval is beyond it; a recapture whose interval straddles +25% is
  // unclear by that rule, not by noise (slowed-50.json, 50% more work, is clear of it).
  for (const [file, slowdown] of [
    ['slowed.json', 1.25],
    ['slowed-50.json', 1.5],
  ] as const)
    test(`${file}: the same benchmarks doing ${slowdown}× the work are regressions`, async () => {
      const base = await fixture('complexity.json')
      const head = await fixture(file)
      const verdicts = await importVerdicts('google-benchmark', base.text, head.text)
      console.log(`slowed complexity.json → ${file} (SLOWDOWN=${slowdown}):`, count(Object.values(verdicts)))
      const names = googleBenchmarkFormat.parse(base).map((b) => `imported/${b.name}`)
      assert.deepEqual(Object.keys(verdicts), names)
      for (const [name, verdict] of Object.entries(verdicts))
        assert.equal(verdict, 'regression', `${name} doing ${slowdown}× the work`)
      // The fit saw it too: each family's CPU coefficient grew (reported, not gated).
      const before = entries(base)
      const after = entries(head)
      for (const family of fittedFamilies(before)) {
        const coefficient = (all: Entry[]) =>
          all.find((e) => e.aggregate_name === 'BigO' && e.run_name === family)!.cpu_coefficient!
        assert.ok(coefficient(after) > coefficient(before), family)
      }
    })
})

describe('google-benchmark: aggregates not known, and malformed entries', () => {
  test("a benchmark's own statistic (max) is skipped beside its repetitions", async () => {
    const source = await fixture('complexity.json')
    assert.ok(entries(source).some((e) => e.run_name === 'BM_mix' && e.aggregate_name === 'max'))
    const mix = googleBenchmarkFormat.parse(source).find((b) => b.name === 'BM_mix')!
    assert.equal(mix.metrics.time!.samples!.length, 10)
    assert.deepEqual(Object.keys(mix.metrics), ['time', 'cpu'])
    assert.ok(
      mix.notes!.includes('aggregates mean, median, stddev, cv, max skipped: every repetition is kept'),
    )
  })

  test('an aggregate over a family that is not BigO or RMS: the file is read, the aggregate noted', async () => {
    const source = await fixture('complexity.json')
    const at = entries(source).findIndex((e) => e.aggregate_name === 'RMS' && e.run_name === 'BM_sum')
    const changed = withEntries(source, (all) => {
      // One a newer version could write after BM_sum's RMS: named after the family, its own fields.
      all.splice(at + 1, 0, {
        name: 'BM_sum_Slope',
        run_name: 'BM_sum',
        run_type: 'aggregate',
        family_index: all[at]!.family_index,
        repetitions: 10,
        aggregate_name: 'Slope',
        slope: 0.5,
      } as RawEntry)
    })
    const plain = googleBenchmarkFormat.parse(source)
    const read = googleBenchmarkFormat.parse(changed)
    assert.deepEqual(
      read.map((b) => b.name),
      plain.map((b) => b.name),
    )
    const note =
      'aggregate Slope of BM_sum not read: not a statistic over repetitions (mean, median, stddev, cv) nor a complexity fit'
    for (const [i, b] of read.entries()) {
      assert.deepEqual(b.metrics, plain[i]!.metrics, b.name)
      const extra = b.name.startsWith('BM_sum/') ? [note] : []
      assert.deepEqual(b.notes, [...plain[i]!.notes!, ...extra], b.name)
    }
  })

  test('a malformed BigO or RMS entry is an error naming its JSON path', async () => {
    const source = await fixture('complexity.json')
    const bigO = entries(source).findIndex((e) => e.aggregate_name === 'BigO')
    const rms = entries(source).findIndex((e) => e.aggregate_name === 'RMS')
    const cases: Array<[(all: Record<string, unknown>[]) => void, RegExp]> = [
      [
        (all) => {
          all[bigO]!.cpu_coefficient = 'fast'
        },
        new RegExp(
          `complexity\\.json: \\$\\.benchmarks\\[${bigO}\\]\\.cpu_coefficient: expected the CPU-time coefficient, a number, got a string \\("fast"\\)`,
        ),
      ],
      [
        (all) => {
          delete all[bigO]!.real_coefficient
        },
        new RegExp(
          `\\$\\.benchmarks\\[${bigO}\\]\\.real_coefficient: expected the real-time coefficient, a number, got nothing`,
        ),
      ],
      [
        (all) => {
          all[bigO]!.big_o = 1
        },
        new RegExp(
          `\\$\\.benchmarks\\[${bigO}\\]\\.big_o: expected the fitted complexity, a string such as "N", got the number 1`,
        ),
      ],
      [
        (all) => {
          all[bigO]!.time_unit = 'fortnights'
        },
        new RegExp(`\\$\\.benchmarks\\[${bigO}\\]\\.time_unit: expected ns, us, ms or s, got a string`),
      ],
      [
        (all) => {
          all[rms]!.rms = null
        },
        new RegExp(
          `\\$\\.benchmarks\\[${rms}\\]\\.rms: expected the fit's relative RMS error, a number, got null`,
        ),
      ],
    ]
    for (const [change, message] of cases) {
      const broken = withEntries<Record<string, unknown>>(source, change)
      assert.throws(
        () => googleBenchmarkFormat.parse(broken),
        (error: unknown) => {
          assert.ok(error instanceof ImportFormatError, `an ImportFormatError, got ${String(error)}`)
          assert.match(error.message, message)
          return true
        },
      )
    }
  })
})
