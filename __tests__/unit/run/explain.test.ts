// The counts behind a same-job run's timed changes: which benchmarks are counted (only those with a
// timed regression or improvement), what each is counted as (its command, cwd and environment as
// measured; a harness's --run NAME), what cannot be counted and why, and how two counts become the
// explanation a result records. Counting itself is handed in: no valgrind runs here.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parseConfig } from '../../../src/config/index.ts'
import type { Case } from '../../../src/kinds/index.ts'
import type { InstructionsCase } from '../../../src/kinds/instructions/plan.ts'
import type { WallClockCase } from '../../../src/kinds/wall-clock/plan.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { explainTimedChanges, explanationOf, planCount } from '../../../src/run/explain.ts'
import { planCases } from '../../../src/run/plan.ts'
import { okBenchmark, resultSetOf } from '../../support/helpers.ts'

const BASE_DIR = '/tmp/bench-action-ab-x/base'
const HEAD_DIR = '/tmp/bench-action-ab-x/head'
const BASE_SHA = 'abcdef0123456789abcdef0123456789abcdef01'

const CONFIG = `suite: s
defaults: { env: { LC_ALL: C } }
benchmarks:
  - { name: plain, kind: process, command: [./app, --fast], env: { MODE: fast }, stdin: input.txt }
  - { name: timed out, kind: process, command: [./app], timeout: 2s }
  - { name: prepared, kind: process, command: [./app], prepare: [./make-input] }
  - { name: concluded, kind: process, command: [./app], conclude: [rm, -f, out] }
  - { name: piped, kind: process, command: [./app], output: pipe }
  - { name: written, kind: process, command: [./app], output: out.txt }
  - { name: script, kind: process, shell: true, command: ./app | wc -l }
  - { name: raw script, kind: process, shell: true, shell-correction: false, command: ./app | wc -l }
  - { name: h, kind: wall-clock, runner: [./harness], harness: true }
  - { name: runner, kind: wall-clock, runner: [./runner, find] }
  - { name: sweep, kind: scaling, command: [./app, "-t={threads}"], format: csb, threads: [1, 2] }
`

/** The cases of CONFIG in a tree, the harness's benchmark "sort" as its listing makes it. */
function casesIn(dir: string): Case[] {
  return planCases(parseConfig(CONFIG, path.join(dir, 'bench.yml'))).map((c) => {
    if (c.kind !== 'wall-clock' || !c.harness) return c
    const listed: WallClockCase = {
      ...c,
      id: 'h/sort',
      name: 'h/sort',
      parameters: { benchmark: 'sort' },
      command: [...c.command, '--samples', 'sort'],
      harness: false,
      harnessOf: { command: c.command, benchmark: 'sort' },
    }
    return listed
  })
}

const cases = { base: casesIn(BASE_DIR), head: casesIn(HEAD_DIR) }
// The caller's environment, with a variable of the action's own that no benchmark ever sees.
const inherit = { PATH: '/usr/bin:/bin', HOME: '/home/u', INPUT_GITHUB_TOKEN: 'secret' }

function counted(id: string): { base: InstructionsCase; head: InstructionsCase } {
  const plan = planCount(id, cases, inherit)
  assert.ok(!('skipped' in plan), `${id} is counted: ${'skipped' in plan ? plan.skipped : ''}`)
  return plan
}

function skipped(id: string): string {
  const plan = planCount(id, cases, inherit)
  assert.ok('skipped' in plan, `${id} is skipped`)
  return plan.skipped
}

describe('what a timed benchmark is counted as', () => {
  test('a process benchmark: its command in its own tree, its environment as measured, its stdin', () => {
    const { base, head } = counted('plain')
    assert.deepEqual(head, {
      id: 'plain',
      name: 'plain',
      parameters: {},
      cwd: HEAD_DIR,
      // Everything it inherited, its own and defaults.env over it; never the action's own variables.
      env: { PATH: '/usr/bin:/bin', HOME: '/home/u', LC_ALL: 'C', MODE: 'fast' },
      kind: 'instructions',
      command: ['./app', '--fast'],
      // 60 s a run × 50 (callgrind's slowdown, with room) is 50 minutes: held to the 10-minute cap.
      timeoutMs: 600_000,
      harness: false,
      cacheSim: false,
      branchSim: false,
      stdin: head.stdin,
      gate: { metrics: ['ir'], threshold: 0.05, alpha: 0.01 },
    })
    assert.equal(head.stdin?.path, path.join(HEAD_DIR, 'input.txt'))
    assert.equal(base.cwd, BASE_DIR)
    assert.equal(base.stdin?.path, path.join(BASE_DIR, 'input.txt'))
  })

  test('a count may take 50 times a run’s timeout: 2 s a run, 100 s', () => {
    assert.equal(counted('timed out').head.timeoutMs, 100_000)
  })

  test('a shell script whose start-up is timed is counted through the same shell', () => {
    assert.deepEqual(counted('raw script').head.command, ['/bin/sh', '-c', './app | wc -l'])
  })

  test('a harness’s benchmark: --run NAME instead of --samples NAME, counted inside the trampoline', () => {
    const { base, head } = counted('h/sort')
    assert.deepEqual(head.command, ['./harness', '--run', 'sort'])
    assert.equal(head.entryPoint, 'bench_action_measure')
    assert.equal(head.cwd, HEAD_DIR)
    assert.equal(base.cwd, BASE_DIR)
    assert.deepEqual(head.parameters, { benchmark: 'sort' })
  })

  test('what one run under valgrind cannot repeat as it was measured is skipped, saying why', () => {
    assert.equal(
      skipped('prepared'),
      'it has a prepare command, which runs around every timed run and not around a count',
    )
    assert.equal(
      skipped('concluded'),
      'it has a conclude command, which runs around every timed run and not around a count',
    )
    assert.equal(
      skipped('piped'),
      'its output goes to a pipe, and a count sends it to /dev/null, where a program may do less',
    )
    assert.equal(
      skipped('written'),
      'its output goes to a file, and a count sends it to /dev/null, where a program may do less',
    )
    assert.equal(
      skipped('script'),
      "its shell's start-up is left out of the wall time (shell-correction) but would be counted; shell-correction: false counts and times it alike",
    )
    assert.equal(
      skipped('runner'),
      "its runner only takes timed samples (rebar's protocol); a harness (harness: true) runs one call with --run NAME to be counted",
    )
    assert.equal(
      skipped('sweep/threads:2'),
      'valgrind runs threads one at a time, so it cannot count a run of several threads or processes at once as it was measured',
    )
  })

  test('results read from a file, or a benchmark one side lacks, are not counted', () => {
    const imported = { ...cases.head[0]!, kind: 'import' } as unknown as Case
    const plan = planCount('plain', { base: [imported], head: [imported] }, inherit)
    assert.deepEqual(plan, {
      id: 'plain',
      skipped: 'its results were read from a file another tool wrote, not run by bench-action',
    })
    assert.deepEqual(planCount('plain', { base: [], head: cases.head }, inherit), {
      id: 'plain',
      skipped: 'it was not measured on both sides',
    })
  })
})

describe('two counts as an explanation', () => {
  const ir = (value: number): BenchmarkResult =>
    okBenchmark({ ir: { unit: 'instructions', direction: 'lower', value } }, ['ir'], 'instructions')
  const failed = (message: string): BenchmarkResult => ({
    ...ir(1),
    status: 'failed',
    metrics: {},
    error: { message },
  })

  test('both sides counted: their instructions', () => {
    assert.deepEqual(explanationOf(ir(1_000_000), ir(1_100_000)), {
      status: 'counted',
      instructions: { base: 1_000_000, head: 1_100_000 },
    })
  })

  test('a side that failed, or counted nothing, fails the explanation, naming the side', () => {
    assert.deepEqual(explanationOf(failed('exited with code 1 under valgrind'), ir(5)), {
      status: 'failed',
      reason: 'the base: exited with code 1 under valgrind',
    })
    assert.deepEqual(
      explanationOf(ir(5), failed('timed out after 100s under valgrind (process group killed)')),
      {
        status: 'failed',
        reason: 'the head: timed out after 100s under valgrind (process group killed)',
      },
    )
    assert.deepEqual(explanationOf(ir(5), ir(0)), {
      status: 'failed',
      reason: 'the head: callgrind counted no instructions',
    })
  })
})

describe('which benchmarks a same-job run counts', () => {
  /** 100 … 119 ns, and each × 1.27: every head time above every base time, +27.0%, a regression. */
  const base = Array.from({ length: 20 }, (_, i) => 100 + i)
  const slower = base.map((x) => x * 1.27)
  const wall = (id: string, samples: number[]): BenchmarkResult => ({
    ...okBenchmark({ wall: { unit: 'ns', direction: 'lower', samples } }, ['wall'], 'process'),
    id,
    name: id,
  })
  const measured = {
    base: [wall('plain', base), wall('raw script', base), wall('prepared', base)],
    // plain and prepared regressed; raw script did not change.
    head: [wall('plain', slower), wall('raw script', base), wall('prepared', slower)],
    pairs: {},
    cases,
  }
  const results = (benchmarks: BenchmarkResult[]) =>
    resultSetOf('s', { sha: BASE_SHA }, '2026-01-01T00:00:00.000Z', benchmarks)

  test('only the timed changes are counted, each side in its own tree; the head’s results carry them', async () => {
    const asked: Array<[string, string]> = []
    const lines: string[] = []
    const head = await explainTimedChanges(measured, {
      baseSha: BASE_SHA,
      env: inherit,
      log: (line) => lines.push(line),
      results,
      unavailable: async () => undefined,
      count: async (c, env) => {
        asked.push([c.id, c.cwd])
        assert.equal(env, inherit)
        return {
          ...okBenchmark(
            { ir: { unit: 'instructions', direction: 'lower', value: 0 } },
            ['ir'],
            'instructions',
          ),
          metrics: {
            ir: {
              unit: 'instructions',
              direction: 'lower',
              value: c.cwd === BASE_DIR ? 2_000_000 : 2_500_000,
            },
          },
        }
      },
    })
    // raw script did not change: it is not run again; prepared cannot be counted, so it is not run either.
    assert.deepEqual(asked.sort(), [
      ['plain', BASE_DIR],
      ['plain', HEAD_DIR],
    ])
    assert.deepEqual(
      head.map((r) => [r.id, r.explanation]),
      [
        [
          'plain',
          { against: BASE_SHA, status: 'counted', instructions: { base: 2_000_000, head: 2_500_000 } },
        ],
        ['raw script', undefined],
        [
          'prepared',
          {
            status: 'skipped',
            against: BASE_SHA,
            reason: 'it has a prepare command, which runs around every timed run and not around a count',
          },
        ],
      ],
    )
    assert.deepEqual(lines, [
      'instructions: counting base and head of 2 timed changes under callgrind, one run each',
      'instructions: plain: 2,000,000 → 2,500,000 (+25.0%)',
      'instructions: prepared: not counted: it has a prepare command, which runs around every timed run and not around a count',
    ])
  })

  test('without valgrind nothing runs, and every timed change says so', async () => {
    const head = await explainTimedChanges(measured, {
      baseSha: BASE_SHA,
      env: inherit,
      log: () => {},
      results,
      unavailable: async () => 'valgrind is not installed (bench-action setup valgrind installs it)',
      count: async () => assert.fail('nothing is counted'),
    })
    assert.deepEqual(
      head.map((r) => r.explanation?.status === 'skipped' && r.explanation.reason),
      [
        'valgrind is not installed (bench-action setup valgrind installs it)',
        false,
        'valgrind is not installed (bench-action setup valgrind installs it)',
      ],
    )
  })

  test('nothing changed: nothing is looked up or counted, and the results are the head’s as measured', async () => {
    const unchanged = { ...measured, head: measured.base }
    const head = await explainTimedChanges(unchanged, {
      baseSha: BASE_SHA,
      env: inherit,
      log: () => assert.fail('nothing to say'),
      results,
      unavailable: async () => assert.fail('valgrind is not looked for'),
      count: async () => assert.fail('nothing is counted'),
    })
    assert.equal(head, measured.base)
  })
})
