// A metric's `processes`: how many consecutive samples each runner process took. It loads where it
// accounts for the samples, is refused with the file, the path and what was expected where it does
// not, and files written before it (without it) still load as they were.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parseResultSet } from '../../src/results.ts'
import { repoRoot } from '../support/helpers.ts'

function withTime(time: Record<string, unknown>): unknown {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite: 's',
    commit: {},
    createdAt: '2026-05-01T12:00:00.000Z',
    environment: { os: 'linux', arch: 'x64', cpuModel: 'cpu', cpuCount: 2, kernel: '6', node: 'v20' },
    benchmarks: [
      {
        id: 'b',
        name: 'b',
        kind: 'wall-clock',
        status: 'ok',
        metrics: { time: { unit: 'ns', direction: 'lower', samples: [5, 6, 7, 8, 9], ...time } },
        gate: { metrics: ['time'], threshold: 0.05, alpha: 0.01 },
      },
    ],
  }
}

describe('processes of a sampled metric', () => {
  test('counts that add up to the samples load as written', () => {
    const results = parseResultSet(withTime({ processes: [2, 2, 1] }), 'r.json')
    assert.deepEqual(results.benchmarks[0]!.metrics.time!.processes, [2, 2, 1])
  })

  test('counts that do not add up to the samples are refused, naming both sums', () => {
    assert.throws(() => parseResultSet(withTime({ processes: [2, 2] }), 'r.json'), {
      message:
        "r.json: invalid results at benchmarks.0.metrics.time.processes: expected counts of samples per runner process that add up to the metric's 5 samples, got [2,2], which add up to 4",
    })
  })

  test('a process of no samples, or of part of one, is refused', () => {
    for (const processes of [
      [2, 0, 3],
      [2.5, 2.5],
    ])
      assert.throws(() => parseResultSet(withTime({ processes }), 'r.json'), {
        message:
          /^r\.json: invalid results at benchmarks\.0\.metrics\.time\.processes\.\d: expected how many samples a runner process took: a whole number of at least 1$/,
      })
  })

  test('files written before processes were recorded load without them', () => {
    const file = path.join(repoRoot, '__tests__', 'fixtures', 'results', 'head.json')
    const results = parseResultSet(JSON.parse(readFileSync(file, 'utf8')), file)
    const wallClock = results.benchmarks.filter((b) => b.kind === 'wall-clock' && b.status === 'ok')
    assert.ok(wallClock.length > 0)
    for (const b of wallClock) assert.equal(b.metrics.time!.processes, undefined)
  })
})

describe("an instructions benchmark's call tree", () => {
  const withTree = (callTree: unknown) => {
    const set = withTime({}) as { benchmarks: Array<Record<string, unknown>> }
    set.benchmarks[0]!.callTree = callTree
    return set
  }

  test('frames listed depth first load as written', () => {
    const tree = {
      total: 100,
      frames: [
        { name: 'main', ir: 100, depth: 0 },
        { name: 'parse', ir: 60, depth: 1 },
        { name: 'alloc', ir: 20, depth: 2 },
        { name: 'emit', ir: 30, depth: 1 },
      ],
    }
    assert.deepEqual(parseResultSet(withTree(tree), 'r.json').benchmarks[0]!.callTree, tree)
  })

  test('a frame deeper than one below the frame before it is refused, naming the frame', () => {
    const tree = {
      total: 100,
      frames: [
        { name: 'main', ir: 100, depth: 0 },
        { name: 'alloc', ir: 20, depth: 2 },
      ],
    }
    assert.throws(() => parseResultSet(withTree(tree), 'r.json'), {
      message:
        'r.json: invalid results at benchmarks.0.callTree.frames.1.depth: expected a depth of at most 1 (one deeper than the frame before it; the frames are listed depth first, the roots at depth 0), got 2',
    })
  })

  test('a depth that is not a whole number is refused', () => {
    const tree = { total: 1, frames: [{ name: 'main', ir: 1, depth: 0.5 }] }
    assert.throws(() => parseResultSet(withTree(tree), 'r.json'), {
      message:
        'r.json: invalid results at benchmarks.0.callTree.frames.0.depth: expected the depth of the frame: a whole number of at least 0',
    })
  })

  test('files written before call trees were kept load without one', () => {
    const file = path.join(repoRoot, '__tests__/fixtures/history/runs/20261126T143132502Z-4616a04c10d5.json')
    const results = parseResultSet(JSON.parse(readFileSync(file, 'utf8')), file)
    const instructions = results.benchmarks.filter((b) => b.kind === 'instructions' && b.status === 'ok')
    assert.ok(instructions.length > 0)
    for (const b of instructions) {
      assert.ok(b.functions && b.functions.length > 0, 'a result of before, with its functions')
      assert.equal(b.callTree, undefined)
    }
  })
})
