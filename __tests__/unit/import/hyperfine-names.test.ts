// Names of benchmarks imported from hyperfine's --export-json: the --command-name where hyperfine
// recorded one, else what hyperfine shows, shortened when it is a long command (the full command kept in
// `details`). Fixtures are hyperfine 1.15 (Debian), 1.20 and 2.0 (cargo install) outputs captured on
// this machine: see fixtures/import/hyperfine/capture.sh. Expected values are read from the fixtures,
// plus the names a long command gets, written out: they are benchmark identities, which stored
// baselines are matched by.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { hyperfineFormat } from '../../../src/import/formats/hyperfine.ts'
import type { ImportedBenchmark, ImportSource } from '../../../src/import/types.ts'
import { importVerdicts } from '../../support/import-verdicts.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'import', 'hyperfine')

async function fixture(file: string): Promise<ImportSource> {
  const p = path.join(FIXTURES, file)
  return { path: p, text: await readFile(p, 'utf8') }
}

interface RawResult {
  command: string
  name?: string
  parameters?: Record<string, string | { value: string }>
  environment?: Record<string, string>
}

async function read(file: string): Promise<{ benchmarks: ImportedBenchmark[]; raw: RawResult[] }> {
  const source = await fixture(file)
  return { benchmarks: hyperfineFormat.parse(source), raw: JSON.parse(source.text).results }
}

const names = (benchmarks: ImportedBenchmark[]) => benchmarks.map((b) => b.name)
/** Length in characters (an ellipsis is one). */
const length = (text: string) => [...text].length
const LIMIT = 40

/** The two long commands of long-*.json, named-long-*.json and scan-long-1.15.json, as hyperfine ran them. */
const LOOP = `/bin/sh -c 'i=0; while [ "$i" -lt "$1" ]; do i=$((i + 1)); done' count`
/** How their names start: the program's file name and the first words, before the argument they differ by. */
const LOOP_NAME = `sh -c 'i=0; while [ "$i" -lt "$1" …`

describe('hyperfine names: --command-name', () => {
  for (const version of ['1.15', '1.20']) {
    test(`${version}: the name is written in place of the command, and used as it is`, async () => {
      const { benchmarks, raw } = await read(`named-long-${version}.json`)
      assert.deepEqual(
        raw.map((r) => r.command),
        ['count to 2000', 'count to 3000'],
        'hyperfine 1 keeps no command beside a name',
      )
      assert.deepEqual(names(benchmarks), ['count to 2000', 'count to 3000'])
      // Nothing more is known than the name.
      assert.deepEqual(
        benchmarks.map((b) => b.details),
        [undefined, undefined],
      )
    })
  }

  test('2.0: `name` beside the full command; the name is used, the command (with --env) in details', async () => {
    const { benchmarks, raw } = await read('named-long-2.0.json')
    assert.deepEqual(
      raw.map((r) => [r.name, r.command, r.environment]),
      [2000, 3000].map((n) => [`count to ${n}`, `${LOOP} ${n}`, { LC_ALL: 'C' }]),
    )
    assert.deepEqual(names(benchmarks), ['count to 2000', 'count to 3000'])
    assert.deepEqual(
      benchmarks.map((b) => b.details),
      raw.map((r) => `LC_ALL=C ${r.command}`),
    )
  })

  test('a short command and hyperfine 1 names are kept as they are', async () => {
    for (const file of ['sleep.json', 'scan.json', 'named.json', 'memory.json']) {
      const { benchmarks, raw } = await read(file)
      assert.deepEqual(
        names(benchmarks),
        raw.map((r) => r.command),
        file,
      )
      assert.ok(
        benchmarks.every((b) => b.details === undefined),
        `${file}: no details beyond the name`,
      )
    }
  })
})

describe('hyperfine names: from a long command', () => {
  for (const version of ['1.15', '1.20', '2.0']) {
    test(`${version}: short, distinct names; the full command in details`, async () => {
      const { benchmarks, raw } = await read(`long-${version}.json`)
      assert.deepEqual(
        raw.map((r) => r.command),
        [
          `${LOOP} 2000`,
          `${LOOP} 3000`,
          `/usr/bin/awk 'BEGIN { for (i = 0; i < 20000; i++) s += i; print s > "/dev/null" }'`,
          'sleep 0.001',
        ],
      )
      assert.ok(
        raw.slice(0, 3).every((r) => length(r.command) > LIMIT),
        'three commands are long',
      )
      assert.deepEqual(names(benchmarks), [
        `${LOOP_NAME} 2000`,
        `${LOOP_NAME} 3000`,
        `awk 'BEGIN { for (i = 0; i < 20000; …`,
        'sleep 0.001',
      ])
      for (const b of benchmarks)
        assert.ok(length(b.name) <= LIMIT, `${b.name}: ${length(b.name)} characters`)
      assert.equal(new Set(names(benchmarks)).size, benchmarks.length, 'distinct')
      assert.deepEqual(
        benchmarks.map((b) => b.details),
        [...raw.slice(0, 3).map((r) => r.command), undefined],
      )
      assert.ok(
        benchmarks.every((b) => !b.notes?.some((n) => n.startsWith('renamed'))),
        'named, not renamed as a clash',
      )
    })
  }

  test('deterministic: the same commands get the same names in every version and every read', async () => {
    const all = await Promise.all(['1.15', '1.20', '2.0'].map((v) => read(`long-${v}.json`)))
    const again = hyperfineFormat.parse(await fixture('long-1.15.json'))
    for (const { benchmarks } of [...all.slice(1), { benchmarks: again }])
      assert.deepEqual(names(benchmarks), names(all[0]!.benchmarks))
  })

  test('a name does not depend on the other commands of the file unless they would clash', async () => {
    const source = await fixture('long-2.0.json')
    const full = hyperfineFormat.parse(source)
    const raw = JSON.parse(source.text)
    const byCommand = new Map(full.map((b) => [b.details ?? b.name, b.name]))
    // The two that clash without the awk and sleep commands; all four in another order.
    for (const order of [
      [0, 1],
      [3, 1, 2, 0],
    ]) {
      const results = order.map((i) => raw.results[i])
      const read = hyperfineFormat.parse({ ...source, text: JSON.stringify({ ...raw, results }) })
      assert.deepEqual(
        names(read),
        results.map((r: RawResult) => byCommand.get(r.command)),
        `results ${order.join(', ')}`,
      )
    }
  })

  test('commands alike but for the path of their program: a hash of each full command', async () => {
    const { benchmarks, raw } = await read('paths-1.15.json')
    assert.deepEqual(
      raw.map((r) => r.command),
      [`${LOOP} 2000`, `/usr/bin/sh${LOOP.slice('/bin/sh'.length)} 2000`],
    )
    const hash = (command: string) => createHash('sha256').update(command).digest('hex').slice(0, 6)
    assert.deepEqual(
      names(benchmarks),
      raw.map((r) => `sh -c 'i=0; while [ "$i" -lt "$1" ]; … #${hash(r.command)}`),
    )
    assert.notEqual(benchmarks[0]!.name, benchmarks[1]!.name)
    assert.deepEqual(
      benchmarks.map((b) => b.details),
      raw.map((r) => r.command),
    )
  })
})

describe('hyperfine names: parameters stay visible', () => {
  const values = (r: RawResult) =>
    Object.entries(r.parameters ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : v.value] as const)

  test('1.15, -L n 2000,3000 in a long command: the shortened command, then /n=VALUE', async () => {
    const { benchmarks, raw } = await read('scan-long-1.15.json')
    assert.deepEqual(
      raw.map((r) => [r.command, r.parameters]),
      [2000, 3000].map((n) => [`${LOOP} ${n}`, { n: `${n}` }]),
    )
    assert.deepEqual(names(benchmarks), [
      `sh -c 'i=0; while [ "$i" -lt "$1" ]; …/n=2000`,
      `sh -c 'i=0; while [ "$i" -lt "$1" ]; …/n=3000`,
    ])
    benchmarks.forEach((b, i) => {
      const suffix = values(raw[i]!)
        .map(([k, v]) => `/${k}=${v}`)
        .join('')
      assert.ok(b.name.endsWith(suffix), `${b.name} ends with ${suffix}`)
      assert.ok(length(b.name.slice(0, -suffix.length)) <= LIMIT, b.name)
      assert.equal(b.details, raw[i]!.command)
    })
  })

  test('2.0, -L n 2000,3000 in an --env value only: hyperfine names the result WORK=… command; that is shortened', async () => {
    const { benchmarks, raw } = await read('scan-env-2.0.json')
    assert.deepEqual(
      raw.map((r) => [r.name, r.environment]),
      [2000, 3000].map((n) => [`WORK=${n} ${raw[0]!.command}`, { WORK: `${n}` }]),
    )
    assert.deepEqual(names(benchmarks), [
      `WORK=2000 sh -c 'i=0; while [ "$i" -lt …/n=2000`,
      `WORK=3000 sh -c 'i=0; while [ "$i" -lt …/n=3000`,
    ])
    assert.deepEqual(
      benchmarks.map((b) => b.details),
      raw.map((r) => r.name),
    )
  })

  test('2.0, a parameter a command does not use: the value is appended to the clashing names', async () => {
    const { benchmarks, raw } = await read('v2.json')
    benchmarks.forEach((b, i) => {
      for (const [, v] of values(raw[i]!)) assert.ok(b.name.includes(v), `${b.name} shows ${v}`)
    })
  })
})

describe('hyperfine names: compared with a stored baseline', () => {
  const text = async (file: string) => (await fixture(file)).text
  const counts = (verdicts: Record<string, string>) =>
    Object.values(verdicts).reduce<Record<string, number>>((c, v) => {
      c[v] = (c[v] ?? 0) + 1
      return c
    }, {})
  const NAMES = ['WORK_A', 'WORK_B'].map((w) => `imported/sh -c 'eval "n=\\\${$1:-20000}"; … ${w}`)

  test('A/A: six runs of the same two commands, five consecutive pairs, no regression', async () => {
    const total: Record<string, number> = {}
    for (let i = 1; i <= 5; i++) {
      const verdicts = await importVerdicts(
        'hyperfine',
        await text(`aa-${i}.json`),
        await text(`aa-${i + 1}.json`),
      )
      // The names match from one run to the next: the two benchmarks and nothing new or missing.
      assert.deepEqual(Object.keys(verdicts).sort(), NAMES)
      console.log(`hyperfine A/A aa-${i} → aa-${i + 1}:`, counts(verdicts))
      for (const [v, n] of Object.entries(counts(verdicts))) total[v] = (total[v] ?? 0) + n
      assert.ok(
        !Object.values(verdicts).includes('regression'),
        `aa-${i} → aa-${i + 1}: ${JSON.stringify(verdicts)}`,
      )
    }
    console.log('hyperfine A/A, 5 pairs:', total)
  })

  // Across moments, with the run-to-run noise unknown (no stored runs), a regression needs the whole
  // interval of the ratio beyond +25%. Counting 25% further makes the command about that much slower
  // (less: starting sh does not grow), so the change is seen but cannot pass that bound: never
  // unchanged, a regression only if the interval happened to clear +25%. Counting 50% further clears it.
  test('one command counting 25% further: seen (regression or unclear), the other not a regression', async () => {
    const verdicts = await importVerdicts('hyperfine', await text('aa-6.json'), await text('slowed.json'))
    console.log('hyperfine aa-6 → slowed (25% further):', counts(verdicts))
    assert.deepEqual(Object.keys(verdicts).sort(), NAMES)
    assert.ok(['regression', 'unclear'].includes(verdicts[NAMES[1]!]!), JSON.stringify(verdicts))
    assert.notEqual(verdicts[NAMES[0]!], 'regression')
  })

  test('one command counting 50% further: a regression, the other not', async () => {
    const verdicts = await importVerdicts('hyperfine', await text('aa-6.json'), await text('slowed-50.json'))
    console.log('hyperfine aa-6 → slowed-50 (50% further):', counts(verdicts))
    assert.deepEqual(Object.keys(verdicts).sort(), NAMES)
    assert.equal(verdicts[NAMES[1]!], 'regression')
    assert.notEqual(verdicts[NAMES[0]!], 'regression')
  })
})
