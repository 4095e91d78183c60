// compare-with: the benchmarks a file declares alternatives to each other. Names join entries into
// groups (the sets they connect, in the file's order); every case of a group's entries carries the
// group, and its result writes it into the results file, where the report finds it. The malformed
// names are in config.test.ts with the other bad configs.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseConfig } from '../../../src/config/index.ts'
import { failedResult, resultFor } from '../../../src/measure/result.ts'
import { planCases } from '../../../src/run/plan.ts'

const entry = (name: string, more = '') =>
  `  - name: ${name}\n    kind: process\n    command: [./${name}]\n${more}`

describe('compare-with groups', () => {
  test('names join entries into groups: the sets they connect, each in the file’s order', () => {
    const config = parseConfig(
      [
        'benchmarks:',
        entry('b'),
        entry('d'),
        entry('a', '    compare-with: [b]\n'),
        entry('f'),
        entry('c', '    compare-with: [a]\n'),
        // A name twice joins once.
        entry('e', '    compare-with: [d, d]\n'),
      ].join('\n'),
      'bench.yml',
    )
    // c names a, a names b: one group of three; e names d: a second; f is in none.
    assert.deepEqual(config.rankingGroups, [
      ['b', 'a', 'c'],
      ['d', 'e'],
    ])
  })

  test('a file without compare-with has no groups', () => {
    const config = parseConfig(['benchmarks:', entry('a'), entry('b')].join('\n'), 'bench.yml')
    assert.equal(config.rankingGroups, undefined)
    assert.deepEqual(
      planCases(config).map((c) => c.rankingGroup),
      [undefined, undefined],
    )
  })

  test('every case of a group’s entries carries the group, a scan’s points too; filtered, the group stays whole', () => {
    const config = parseConfig(
      [
        'benchmarks:',
        entry('qsort', '    parameters: { n: [10, 100] }\n    compare-with: [msort]\n'),
        entry('msort', '    parameters: { n: [10, 100] }\n'),
        entry('lone'),
      ].join('\n'),
      'bench.yml',
    )
    const group = ['qsort', 'msort']
    assert.deepEqual(
      planCases(config).map((c) => [c.id, c.rankingGroup]),
      [
        ['qsort/n:10', group],
        ['qsort/n:100', group],
        ['msort/n:10', group],
        ['msort/n:100', group],
        ['lone', undefined],
      ],
    )
    assert.deepEqual(
      planCases(config, 'qsort*').map((c) => [c.id, c.rankingGroup]),
      [
        ['qsort/n:10', group],
        ['qsort/n:100', group],
      ],
    )
  })

  test('a result carries its case’s group, measured or failed, as a copy of its own', () => {
    const config = parseConfig(
      ['benchmarks:', entry('a', '    compare-with: [b]\n'), entry('b')].join('\n'),
      'bench.yml',
    )
    const [a] = planCases(config)
    const measured = resultFor(a!, { metrics: { wall: { unit: 'ns', direction: 'lower', samples: [1, 2] } } })
    assert.deepEqual(measured.rankingGroup, ['a', 'b'])
    assert.notEqual(measured.rankingGroup, a!.rankingGroup, 'not the case’s own list')
    assert.deepEqual(failedResult(a!, { message: 'exited with code 1' }).rankingGroup, ['a', 'b'])
  })
})
