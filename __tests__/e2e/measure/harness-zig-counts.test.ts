// Instruction counts of the Zig harness (runners/zig): __tests__/fixtures/zig/counted.zig built with the
// real compiler, then `--run NAME` counted under the real callgrind the way bench-action counts a
// harness (expandHarness, then measureInstructions): one iteration of the loop, not the setup before
// state.iter() nor the teardown after the loop.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { expandHarness, measureInstructions } from '../../../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../../../src/kinds/instructions/plan.ts'
import type { BenchmarkResult } from '../../../src/results.ts'
import { ensureZig } from '../../../src/setup/zig.ts'
import { buildZigHarness, repoRoot, runWithInput } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-harness-zig-counts-'))

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

const [zigGate, countsGate, nmGate] = await Promise.all([
  needs('zig'),
  needs('zig', 'valgrind'),
  needs('zig', 'cc'),
])
const zig = zigGate.verdict.run ? (await ensureZig()).path : ''
const SOURCE = path.join(repoRoot, '__tests__', 'fixtures', 'zig', 'counted.zig')

/** The harness as bench.yml's `{ kind: instructions, harness: true }` plans it. */
function harnessCase(binary: string): InstructionsCase {
  return {
    kind: 'instructions',
    id: 'zig',
    name: 'zig',
    parameters: {},
    command: [binary],
    cwd: temp,
    env: {},
    timeoutMs: 120_000,
    harness: true,
    cacheSim: false,
    branchSim: false,
    heap: false,
    gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
  }
}

/** Every listed benchmark but no_loop, measured as bench-action measures it, by the benchmark's name. */
async function measureAll(binary: string): Promise<Map<string, BenchmarkResult>> {
  const expanded = await expandHarness(harnessCase(binary))
  assert.ok('cases' in expanded, 'the harness lists its benchmarks')
  const results = new Map<string, BenchmarkResult>()
  for (const c of expanded.cases) {
    if (c.parameters.benchmark === 'no_loop') continue
    const r = await measureInstructions(c)
    assert.equal(r.status, 'ok', `${c.name}: ${r.error?.message}`)
    results.set(String(c.parameters.benchmark), r)
  }
  return results
}

const ir = (r: BenchmarkResult | undefined) => r?.metrics.ir?.value ?? Number.NaN

zigGate.describe('Zig harness: --run', () => {
  let binary = ''

  before(async () => {
    binary = await buildZigHarness(zig, SOURCE, temp, 'counted')
  })

  test('--run NAME runs the benchmark and prints nothing; --bench is ignored', async () => {
    assert.deepEqual(await runWithInput(binary, ['--run', 'spin/1000']), { code: 0, stdout: '', stderr: '' })
    assert.deepEqual(await runWithInput(binary, ['--run', 'empty', '--bench']), {
      code: 0,
      stdout: '',
      stderr: '',
    })
  })

  test('an unknown name exits 2 with a message; a bad command line exits 2 with the usage', async () => {
    const unknown = await runWithInput(binary, ['--run', 'no/such/benchmark'])
    assert.equal(unknown.code, 2, unknown.stderr)
    assert.equal(unknown.stderr, 'unknown benchmark "no/such/benchmark"; --list prints the 4 known ones\n')
    assert.equal(unknown.stdout, '')
    for (const args of [['--run'], ['--run', 'empty', 'spin/1000']]) {
      const result = await runWithInput(binary, args)
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`)
      assert.match(result.stderr, /^usage: BINARY --list \| --run NAME \| --samples NAME/)
    }
  })

  test('a benchmark that never starts its loop fails with exit status 1', async () => {
    assert.deepEqual(await runWithInput(binary, ['--run', 'no_loop']), {
      code: 1,
      stdout: '',
      stderr: 'no_loop: the benchmark returned without calling state.iter()\n',
    })
  })
})

nmGate.test(
  'Zig harness: the trampoline is a global function named exactly bench_action_measure',
  async () => {
    const binary = await buildZigHarness(zig, SOURCE, temp, 'counted-nm')
    const { stdout } = await run('nm', [binary])
    const symbols = stdout.split('\n').filter((line) => / bench_action_measure$/.test(line))
    assert.equal(
      symbols.length,
      1,
      stdout
        .split('\n')
        .filter((l) => l.includes('bench_action_measure'))
        .join('\n'),
    )
    assert.match(symbols[0]!, /^[0-9a-f]+ T bench_action_measure$/)
  },
)

countsGate.describe('Zig harness: instruction counts', () => {
  let binary = ''

  before(async () => {
    binary = await buildZigHarness(zig, SOURCE, temp, 'counted-callgrind')
  })

  test('one iteration of the loop is counted, not the setup before it nor the teardown after it', async () => {
    const first = await measureAll(binary)
    assert.deepEqual([...first.keys()], ['empty', 'spin/1000', 'spin/2000'])
    assert.deepEqual(first.get('spin/1000')?.parameters, { benchmark: 'spin/1000', input: '1000' })
    // Zero would mean the toggle never matched the trampoline's symbol.
    const empty = ir(first.get('empty'))
    assert.ok(empty > 0 && empty < 100, `the empty benchmark counted ${empty} Ir`)
    // 1000 more steps of the loop, and nothing else: a whole number of instructions per step, at least
    // the multiply-add and the loop's compare and branch. The setup's 1 000 000 steps and the teardown's
    // 500 000, counted, would add 2 000 000 Ir or more to each.
    const spin1000 = ir(first.get('spin/1000'))
    const extra = ir(first.get('spin/2000')) - spin1000
    assert.equal(extra % 1000, 0, `spin/2000 counted ${extra} Ir more than spin/1000`)
    assert.ok(extra >= 3000 && extra <= 20_000, `${extra / 1000} Ir per step`)
    assert.ok(
      spin1000 - extra < 100,
      `spin/1000 counted ${spin1000} Ir, ${spin1000 - extra} beside its steps`,
    )
    const second = await measureAll(binary)
    for (const [name, r] of first) assert.equal(ir(second.get(name)), ir(r), `${name} counted again`)
  })
})
