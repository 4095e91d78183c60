// Definitions are filtered before any haystack or regex file is read, as rebar's Benchmarks::from_dir
// does, and a haystack file is read when a runner is first sent it, once however many definitions use
// it. The directories are built here by hand; nothing is started.
import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parseConfig } from '../../../../src/config/index.ts'
import type { ConfinedPath } from '../../../../src/fields/confine.ts'
import { readConfined } from '../../../../src/fields/confine.ts'
import { runnerConfiguration } from '../../../../src/kinds/wall-clock/measure.ts'
import type { WallClockCase } from '../../../../src/kinds/wall-clock/plan.ts'
import { rebarCases } from '../../../../src/kinds/wall-clock/rebar-cases.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { removeDir, tempDir } from '../../../support/helpers.ts'

const ENGINES =
  '[[engine]]\n  name = "e"\n  [engine.version]\n    bin = "true"\n  [engine.run]\n    bin = "true"\n'

function bench(name: string, haystack: string, regex = "'a'", model = 'count'): string {
  return `[[bench]]\nmodel = "${model}"\nname = "${name}"\nregex = ${regex}\nhaystack = ${haystack}\ncount = 1\nengines = ["e"]\n\n`
}

describe('a rebar directory is filtered before its files are read', () => {
  let dir: string
  before(async () => {
    dir = await tempDir('rebar-select-')
    const at = path.join(dir, 'benchmarks')
    for (const sub of ['definitions/big', 'haystacks', 'regexes'])
      await mkdir(path.join(at, sub), { recursive: true })
    await writeFile(path.join(at, 'engines.toml'), ENGINES)
    await writeFile(path.join(at, 'haystacks', 'shared.txt'), 'a shared haystack\n')
    await writeFile(
      path.join(at, 'definitions', 'small.toml'),
      bench('one', '{ path = "shared.txt" }') +
        bench('two', '{ path = "shared.txt" }') +
        bench('trimmed', '{ path = "shared.txt", trim = true }') +
        bench('inline', "'aaa'", "{ path = 'absent.txt' }"),
    )
    await writeFile(
      path.join(at, 'definitions', 'models.toml'),
      bench('counted', '{ path = "shared.txt" }') +
        bench('compiled', '{ path = "never-there.txt" }', "'a'", 'compile') +
        bench('grepped', '{ path = "not-there-either.txt" }', "'a'", 'grep'),
    )
    await writeFile(
      path.join(at, 'definitions', 'big', 'date.toml'),
      bench('huge', '{ path = "not-checked-out.txt" }'),
    )
  })
  after(() => removeDir(dir))

  function entry(filter: string, more = ''): WallClockCase {
    const config = parseConfig(
      `benchmarks:\n  - { name: r, kind: wall-clock, rebar: { benchmarks: benchmarks, filter: "${filter}"${more} } }\n`,
      path.join(dir, 'bench.yml'),
    )
    return planCases(config)[0] as WallClockCase
  }

  function counting(): { reads: string[]; read: (file: ConfinedPath) => Promise<Buffer> } {
    const reads: string[] = []
    return {
      reads,
      read: (file) => {
        reads.push(path.relative(dir, file.path))
        return readConfined(file)
      },
    }
  }

  test('a missing haystack in a definition the filter leaves out is never read', async () => {
    const reader = counting()
    const { cases, failed } = await rebarCases(entry('^small/(one|two)$'), { readHaystack: reader.read })
    assert.deepEqual(
      cases.map((c) => c.name),
      ['r/small/one/e', 'r/small/two/e'],
    )
    assert.deepEqual(failed, [])
    assert.deepEqual(reader.reads, [], 'nothing is read until a runner is sent it')
  })

  test('a haystack two definitions use is read once, whatever options each applies', async () => {
    const reader = counting()
    const { cases } = await rebarCases(entry('^small/(one|two|trimmed)$'), { readHaystack: reader.read })
    const sent: string[] = []
    for (const c of [...cases, ...cases]) {
      const configuration = await runnerConfiguration(c)
      assert.ok(!('error' in configuration), JSON.stringify(configuration))
      sent.push(String(configuration.inputBytes.get('haystack')))
    }
    assert.deepEqual(reader.reads, ['benchmarks/haystacks/shared.txt'])
    // "a shared haystack\n" is 18 bytes, 17 trimmed.
    assert.deepEqual(sent, ['18', '18', '17', '18', '18', '17'])
  })

  test('selected, a missing haystack fails its benchmark when sent, naming the file and key', async () => {
    const { cases, failed } = await rebarCases(entry('^big/'))
    assert.deepEqual(failed, [])
    assert.deepEqual(
      cases.map((c) => c.name),
      ['r/big/date/huge/e'],
    )
    assert.deepEqual(await runnerConfiguration(cases[0]!), {
      error:
        'benchmarks/definitions/big/date.toml: bench[0].haystack.path: cannot read the haystack not-checked-out.txt under haystacks/: ENOENT',
    })
  })

  test('selected, a regex file that is not there fails that definition only', async () => {
    const { cases, failed } = await rebarCases(entry('^small/(one|inline)$'))
    assert.deepEqual(
      cases.map((c) => c.name),
      ['r/small/one/e'],
    )
    assert.deepEqual(
      failed.map((f) => [f.c.name, f.error]),
      [
        [
          'r/small/inline/e',
          'benchmarks/definitions/small.toml: bench[3].regex.path: cannot read the regex file absent.txt under regexes/: ENOENT',
        ],
      ],
    )
  })

  test("the model filter (rebar's -m) leaves out the definitions of other models before their files are read", async () => {
    const reader = counting()
    const { cases, failed } = await rebarCases(entry('^models/', ', model: "^(count|grep)$"'), {
      readHaystack: reader.read,
    })
    assert.deepEqual(
      cases.map((c) => c.name),
      ['r/models/counted/e', 'r/models/grepped/e'],
    )
    assert.deepEqual(failed, [])
    assert.deepEqual(reader.reads, [])
  })
})
