// What a process benchmark runs around and into each run, with the real exec helper and real programs:
// prepare and conclude commands, stdin from a file, stdout to a pipe or a file, and the correction for
// the start-up of the shell a script runs through.
import assert from 'node:assert/strict'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { median } from 'simple-statistics'
import type { ConfinedPath } from '../../../../src/fields/confine.ts'
import { measureProcess, ProcessMeasurement } from '../../../../src/kinds/process/measure.ts'
import type { ProcessCase } from '../../../../src/kinds/process/plan.ts'
import { ensureExecHelper } from '../../../../src/measure/exec-helper.ts'
import { benchmarkResultSchema } from '../../../../src/results.ts'
import { processCaseIn } from '../../../support/helpers.ts'

let temp: string
let helper: string

before(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'bench-process-options-'))
  const built = await ensureExecHelper({ cacheDir: path.join(temp, 'cache') })
  assert.ok('path' in built, 'a C compiler is needed to run these tests')
  helper = built.path
})

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

const sh = (script: string) => ['/bin/sh', '-c', script]

/** 2 warm-up runs and 4 counted, so every step shows both. */
const processCase = (command: string[], overrides: Partial<ProcessCase> = {}) =>
  processCaseIn(temp, command, { runs: 4, warmup: 2, timeoutMs: 20_000, ...overrides })

/** A stdin file in the temporary directory, as the config resolves one inside its repository. */
const stdinFile = (file: string): ConfinedPath => ({
  path: file,
  within: temp,
  expected: `a file inside the repository ${temp}`,
  at: 'bench.yml:1:1: benchmarks[0].stdin',
})

async function lines(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '')
}

describe('prepare and conclude', () => {
  test('run before and after every run, warmups included, in order', async () => {
    const log = path.join(temp, 'order.log')
    const result = await measureProcess(
      processCase(sh(`echo run >> ${log}`), {
        prepare: sh(`echo prepare >> ${log}`),
        conclude: sh(`echo conclude >> ${log}`),
      }),
      { helper: { path: helper } },
    )
    assert.equal(result.status, 'ok', result.error?.message)
    assert.equal(result.metrics.wall?.samples?.length, 4)
    // 2 warmups + 4 runs, each wrapped.
    assert.deepEqual(await lines(log), Array.from({ length: 6 }, () => ['prepare', 'run', 'conclude']).flat())
  })

  test('are run in every part a schedule splits the runs into', async () => {
    const log = path.join(temp, 'parts.log')
    const m = new ProcessMeasurement(
      processCase(sh('true'), { prepare: sh(`echo p >> ${log}`), runs: 5, warmup: 1 }),
      { helper: { path: helper } },
    )
    await m.run(2)
    await m.run(3)
    assert.equal(m.result().status, 'ok')
    assert.equal((await lines(log)).length, 6)
  })

  test('a failing prepare fails the benchmark, naming the run it came before, with its stderr', async () => {
    const count = path.join(temp, 'prepare-count')
    await writeFile(count, '')
    // Fails on its 4th call: before counted run 2 (after 2 warmups and run 1).
    const prepare = sh(
      `echo x >> ${count}; test "$(wc -l < ${count})" -lt 4 || { echo "cannot reset the cache" >&2; exit 7; }`,
    )
    const result = await measureProcess(processCase(sh('true'), { prepare }), { helper: { path: helper } })
    assert.equal(result.status, 'failed')
    assert.equal(result.error?.message, 'exited with code 7 on prepare before run 2 of 4')
    assert.equal(result.error?.exitCode, 7)
    assert.match(result.error?.stderrTail ?? '', /cannot reset the cache/)
    // The run that succeeded before it is kept.
    assert.equal(result.metrics.wall?.samples?.length, 1)
  })

  test('a failing conclude fails the benchmark after the run it follows', async () => {
    const result = await measureProcess(
      processCase(sh('true'), { conclude: sh('echo gone >&2; kill -9 $$'), warmup: 1 }),
      { helper: { path: helper } },
    )
    assert.equal(result.status, 'failed')
    assert.equal(result.error?.message, 'killed by SIGKILL on conclude after warmup run 1 of 1')
    assert.match(result.error?.stderrTail ?? '', /gone/)
  })

  test('a prepare program that does not exist is named as the prepare command', async () => {
    const result = await measureProcess(processCase(sh('true'), { prepare: ['./no-such-prepare'] }), {
      helper: { path: helper },
    })
    assert.equal(result.status, 'failed')
    assert.equal(
      result.error?.message,
      `cannot execute the prepare command "./no-such-prepare": not found (a path is relative to ${temp})`,
    )
  })
})

test('without the exec helper, what only the helper does fails the benchmark and says why', async () => {
  const result = await measureProcess(processCase(['true'], { prepare: ['true'], output: 'pipe' }), {
    helper: { unavailable: 'tried cc' },
  })
  assert.equal(result.status, 'failed')
  assert.equal(
    result.error?.message,
    'prepare and output need the exec helper, which needs a C compiler: tried cc',
  )
})

describe('stdin and output', () => {
  test('every run reads the stdin file from its start, and an output file gets every run’s stdout', async () => {
    const input = path.join(temp, 'input.txt')
    const output = path.join(temp, 'output.txt')
    await writeFile(input, 'Sherlock Holmes\n'.repeat(1000))
    await writeFile(output, 'left over from an earlier run\n')
    const m = new ProcessMeasurement(
      processCase(['cksum'], { stdin: stdinFile(input), output: { file: output } }),
      {
        helper: { path: helper },
      },
    )
    await m.run(2)
    await m.run(2)
    assert.equal(m.result().status, 'ok')
    const [expected] = (await import('node:child_process'))
      .execFileSync('cksum', [], { input: await readFile(input) })
      .toString()
      .split('\n')
    // 2 warmups + 4 runs, in two parts; the old content is gone.
    assert.deepEqual(
      await lines(output),
      Array.from({ length: 6 }, () => expected),
    )
  })

  test('output: pipe gives the command a pipe; the default gives it /dev/null', async () => {
    const isPipe = sh('test -p /dev/stdout || { echo "stdout is not a pipe" >&2; exit 1; }')
    const piped = await measureProcess(processCase(isPipe, { output: 'pipe' }), { helper: { path: helper } })
    assert.equal(piped.status, 'ok', piped.error?.message)
    const plain = await measureProcess(processCase(isPipe), { helper: { path: helper } })
    assert.equal(plain.status, 'failed')
    assert.match(plain.error?.stderrTail ?? '', /stdout is not a pipe/)
    // A command that writes far more than a pipe holds is not blocked: what it writes is read.
    const loud = await measureProcess(
      processCase(sh('head -c 4000000 /dev/zero'), { output: 'pipe', runs: 2, warmup: 0 }),
      { helper: { path: helper } },
    )
    assert.equal(loud.status, 'ok', loud.error?.message)
  })

  test('the stdin file is opened after prepare, which may write it afresh for every run', async () => {
    const input = path.join(temp, 'fresh-input.txt')
    const output = path.join(temp, 'fresh-output.txt')
    const counter = path.join(temp, 'fresh-counter')
    await writeFile(counter, '')
    await rm(input, { force: true })
    // Each prepare replaces the file (a new inode) with the number of its call.
    const prepare = sh(
      `echo x >> ${counter}; wc -l < ${counter} | tr -d ' ' > ${input}.new; mv ${input}.new ${input}`,
    )
    const result = await measureProcess(
      processCase(['cat'], {
        stdin: stdinFile(input),
        output: { file: output },
        prepare,
        runs: 3,
        warmup: 1,
      }),
      { helper: { path: helper } },
    )
    assert.equal(result.status, 'ok', result.error?.message)
    assert.deepEqual(await lines(output), ['1', '2', '3', '4'])
  })

  test('a stdin file that is gone when a run starts fails the benchmark, naming the run', async () => {
    const input = path.join(temp, 'vanishing.txt')
    await writeFile(input, 'once\n')
    const result = await measureProcess(
      processCase(['cat'], {
        stdin: stdinFile(input),
        prepare: sh(`test -e ${input}.seen && rm -f ${input}; touch ${input}.seen`),
      }),
      { helper: { path: helper } },
    )
    assert.equal(result.status, 'failed')
    assert.equal(
      result.error?.message,
      `cannot read the stdin file "${input}" for warmup run 2 of 2: No such file or directory`,
    )
  })

  test('a stdin file that does not exist fails the benchmark before anything runs', async () => {
    const result = await measureProcess(
      processCase(['cat'], { stdin: stdinFile(path.join(temp, 'missing.txt')) }),
      {
        helper: { path: helper },
      },
    )
    assert.equal(result.status, 'failed')
    assert.equal(result.error?.message, `stdin file "${path.join(temp, 'missing.txt')}" does not exist`)
  })
})

describe('shell start-up correction', () => {
  test('the median of the empty script is recorded and subtracted from every wall sample', async () => {
    // A launcher that is the real helper, recording every line it prints with the script it ran.
    const log = path.join(temp, 'helper-lines.tsv')
    const wrapper = path.join(temp, 'recording-helper')
    await writeFile(
      wrapper,
      `#!/bin/bash
set -o pipefail
script="\${@: -1}"
"${helper}" "$@" | while IFS= read -r line; do printf '%s\\t%s\\n' "$script" "$line" >> "${log}"; printf '%s\\n' "$line"; done
`,
    )
    await chmod(wrapper, 0o755)
    const c = processCase(sh('exit 0'), { shellCorrection: true, runs: 12, warmup: 1 })
    const result = await measureProcess(c, { helper: { path: wrapper } })
    assert.equal(result.status, 'ok', result.error?.message)
    benchmarkResultSchema.parse(result)

    const recorded = (await lines(log)).map((l) => {
      const [script, json] = l.split('\t')
      return { script, run: JSON.parse(json!) as { phase: string; wall_ns: number } }
    })
    const walls = (script: string) =>
      recorded.filter((r) => r.script === script && r.run.phase === 'run').map((r) => r.run.wall_ns)
    const startups = walls('')
    const raw = walls('exit 0')
    assert.equal(raw.length, 12)
    assert.ok(startups.length >= 10, `the empty script ran ${startups.length} times`)

    const correction = Math.round(median(startups))
    assert.deepEqual(result.shellCorrection, { ns: correction, runs: startups.length })
    assert.deepEqual(
      result.metrics.wall?.samples,
      raw.map((x) => Math.max(0, x - correction)),
    )
    // CPU time is the program's own, as measured.
    assert.equal(result.metrics.user?.samples?.length, 12)
    assert.ok(
      result.notes.some(
        (n) =>
          n.startsWith(`wall corrected for shell start-up: −`) &&
          n.includes(`measured over ${startups.length} runs`),
      ),
      result.notes.join('\n'),
    )
  })

  test('without shellCorrection nothing is measured or subtracted', async () => {
    const result = await measureProcess(processCase(sh('exit 0')), { helper: { path: helper } })
    assert.equal(result.shellCorrection, undefined)
    assert.ok(!result.notes.some((n) => n.includes('shell start-up')))
  })
})
