// The Rust and C instruction-count harnesses (runners/rust, runners/c), built from the examples with the
// real compilers and measured under the real callgrind, the way bench-action measures them.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { buildCExample, buildRustExample } from '../../support/helpers.ts'
import { type Gate, needs } from '../../support/needs.ts'

const run = promisify(execFile)
const repo = path.resolve(import.meta.dirname, '..', '..', '..')
const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-harness-'))

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

const [cargo, rustHarness, cHarness] = await Promise.all([
  needs('cargo'),
  needs('valgrind', 'cargo'),
  needs('valgrind', 'cc'),
])

interface Exit {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command to completion and returns its exit status and output, whatever the status. */
function exit(command: string, args: string[]): Promise<Exit> {
  return new Promise((resolve, reject) => {
    execFile(command, args, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error)
      else resolve({ code: error ? Number(error.code) : 0, stdout, stderr })
    })
  })
}

let measurements = 0

/**
 * Instructions (Ir) callgrind counts for `binary --run name`: only inside functions matching `toggle`,
 * or the whole process when `toggle` is null.
 */
async function countIr(binary: string, name: string, toggle: string | null): Promise<number> {
  const outFile = path.join(temp, `callgrind.${measurements++}.out`)
  const toggleArgs = toggle === null ? [] : [`--toggle-collect=${toggle}`]
  await run('valgrind', [
    '--tool=callgrind',
    ...toggleArgs,
    `--callgrind-out-file=${outFile}`,
    binary,
    '--run',
    name,
  ])
  const text = await readFile(outFile, 'utf8')
  const events = /^events:(.*)$/m.exec(text)
  // totals: is the sum of the counted costs; summary: is the fallback in files that lack it.
  const totals = /^totals:(.*)$/m.exec(text) ?? /^summary:(.*)$/m.exec(text)
  assert.ok(events && totals, `${outFile} has an events: and a totals: line`)
  const column = events[1]!.trim().split(/\s+/).indexOf('Ir')
  assert.ok(column >= 0, `${outFile} counts Ir`)
  return Number(totals[1]!.trim().split(/\s+/)[column] ?? 0)
}

interface HarnessUnderTest {
  language: string
  gate: Gate
  build: () => Promise<string>
  /** Callgrind pattern for the library function the search benchmark spends its time in. */
  searchFunction: string
}

const harnesses: HarnessUnderTest[] = [
  {
    language: 'Rust',
    gate: rustHarness,
    build: () => buildRustExample(temp),
    searchFunction: '*count_present*',
  },
  {
    language: 'C',
    gate: cHarness,
    build: () => buildCExample(temp),
    searchFunction: '*count_present*',
  },
]

for (const harness of harnesses) {
  harness.gate.describe(`${harness.language} harness`, () => {
    let binary = ''

    before(async () => {
      binary = await harness.build()
    })

    test('--version names the harness and its version', async () => {
      const { code, stdout } = await exit(binary, ['--version'])
      assert.equal(code, 0)
      assert.match(stdout, /^bench-action-harness-(rust|c) \d+\.\d+\.\d+\n$/)
    })

    test('--list prints every benchmark name, one per line', async () => {
      const { code, stdout } = await exit(binary, ['--list'])
      assert.equal(code, 0)
      assert.deepEqual(stdout.split('\n'), [
        'empty',
        'fibonacci_20',
        'sum_fields',
        'search_sorted_100k',
        'sort_10k',
        'sort/scrambled/100',
        'sort/scrambled/1000',
        'word_counts',
        '',
      ])
    })

    test('an unknown name exits 2 with a message; --bench is ignored', async () => {
      const unknown = await exit(binary, ['--run', 'no_such_benchmark'])
      assert.equal(unknown.code, 2)
      assert.match(unknown.stderr, /unknown benchmark "no_such_benchmark"/)
      assert.equal(unknown.stdout, '')
      assert.equal((await exit(binary, ['--run'])).code, 2)
      assert.deepEqual(await exit(binary, ['--run', 'empty', '--bench']), { code: 0, stdout: '', stderr: '' })
    })

    test('an empty benchmark counts under 100 instructions, and more than none', async () => {
      const ir = await countIr(binary, 'empty', 'bench_action_measure')
      // Zero would mean the toggle never matched the trampoline's symbol.
      assert.ok(ir > 0 && ir < 100, `empty benchmark counted ${ir} Ir`)
    })

    test('the measured work is not optimised away', async () => {
      // fibonacci(20) makes 21 891 calls; a constant-folded result would cost a handful of instructions.
      const ir = await countIr(binary, 'fibonacci_20', 'bench_action_measure')
      assert.ok(ir > 21_891 * 3, `fibonacci_20 counted ${ir} Ir`)
    })

    test('setup is not counted, and the count is the benchmark function plus a few instructions', async () => {
      const [counted, wholeProcess, functionAlone] = await Promise.all([
        countIr(binary, 'search_sorted_100k', 'bench_action_measure'),
        countIr(binary, 'search_sorted_100k', null),
        countIr(binary, 'search_sorted_100k', harness.searchFunction),
      ])
      assert.ok(functionAlone > 10_000, `the search function alone counted ${functionAlone} Ir`)
      assert.ok(
        counted * 20 < wholeProcess,
        `with setup excluded ${counted} Ir should be far below the whole run's ${wholeProcess} Ir`,
      )
      assert.ok(
        Math.abs(counted - functionAlone) <= functionAlone * 0.02,
        `counted ${counted} Ir, the search function alone ${functionAlone} Ir`,
      )
    })

    test('the same benchmark measured three times gives identical counts', async () => {
      const counts = await Promise.all(
        [1, 2, 3].map(() => countIr(binary, 'search_sorted_100k', 'bench_action_measure')),
      )
      assert.equal(new Set(counts).size, 1, `counts differ: ${counts.join(', ')}`)
    })
  })
}

cargo.describe('Rust harness crate', () => {
  test('its own unit tests pass', async () => {
    const cwd = path.join(repo, 'runners', 'rust')
    const env = { ...process.env, CARGO_TARGET_DIR: path.join(temp, 'harness-target') }
    const { stdout } = await run('cargo', ['test', '--offline', '--quiet'], { cwd, env })
    assert.match(stdout, /test result: ok\. [1-9]\d* passed/)
  })
})
