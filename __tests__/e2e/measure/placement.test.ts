// Every timed process starts with an environment padding of a seeded random size, and the results
// record the size each counted run (or runner process) had. The programs here write down the size they
// saw, so the record is checked against the processes themselves.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before } from 'node:test'
import { promisify } from 'node:util'
import { parseConfig } from '../../../src/config/index.ts'
import { ProcessMeasurement } from '../../../src/kinds/process/measure.ts'
import { WallClockMeasurement } from '../../../src/kinds/wall-clock/measure.ts'
import type { WallClockCase } from '../../../src/kinds/wall-clock/plan.ts'
import { ensureExecHelper, runExecHelper } from '../../../src/measure/exec-helper.ts'
import { PADDING_SPAN, PLACEMENT_VARIABLE, Placement } from '../../../src/measure/placement.ts'
import { planCases } from '../../../src/run/plan.ts'
import { measureSameJob } from '../../../src/schedule/index.ts'
import { processCaseIn, removeDir, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)
const cc = await needs('cc')

let dir: string
let helper: string

before(async () => {
  dir = await tempDir('bench-placement-')
  process.env.BENCH_ACTION_CACHE_DIR = path.join(dir, 'cache')
  if (!cc.verdict.run) return
  const built = await ensureExecHelper()
  assert.ok('path' in built, 'the exec helper needs a C compiler')
  helper = built.path
})

after(async () => {
  await removeDir(dir)
})

/** A shell command that appends the padding's length, as the process saw it, to `file`. */
const recordSize = (file: string) => ['sh', '-c', `printf '%s\\n' "\${#${PLACEMENT_VARIABLE}}" >> ${file}`]

async function sizesIn(file: string): Promise<number[]> {
  return (await readFile(file, 'utf8')).trim().split('\n').map(Number)
}

cc.test(
  'the exec helper starts run k with the k-th padding, warmups first, replacing an inherited value',
  async () => {
    const file = path.join(dir, 'helper-sizes')
    const outcome = await runExecHelper(helper, {
      command: recordSize(file),
      cwd: dir,
      env: { [PLACEMENT_VARIABLE]: 'inherited' },
      runs: 3,
      warmup: 1,
      timeoutMs: 10_000,
      padding: [5, 0, 4095, 17],
    })
    assert.equal(outcome.failure, undefined)
    assert.deepEqual(await sizesIn(file), [5, 0, 4095, 17])
  },
)

cc.test('the exec helper refuses a padding list it cannot use, with exit 2 and the reason', async () => {
  for (const [list, reason] of [
    ['1,2', /gave 2 sizes for 3 runs/],
    ['1,,2', /comma-separated sizes from 0 to 65536/],
    ['1,2,', /comma-separated sizes/],
    ['1,2,65537', /comma-separated sizes/],
    ['1,-2,3', /comma-separated sizes/],
  ] as const) {
    const failed = await run(helper, ['--runs', '3', '--padding', list, '--', 'true']).then(
      () => assert.fail(`--padding ${list} was accepted`),
      (error: { code: number; stderr: string }) => error,
    )
    assert.equal(failed.code, 2, list)
    assert.match(failed.stderr, reason)
  }
})

cc.test('what the helper starts gets address randomisation back when it inherited it off', async () => {
  // /proc/self/personality is the personality in hex; ADDR_NO_RANDOMIZE is 0x0040000.
  const off = await run('setarch', [
    process.arch === 'arm64' ? 'aarch64' : 'x86_64',
    '-R',
    'cat',
    '/proc/self/personality',
  ])
  assert.equal(Number.parseInt(off.stdout, 16) & 0x40000, 0x40000, 'setarch -R turns it off')
  const file = path.join(dir, 'personality')
  await run('setarch', [
    process.arch === 'arm64' ? 'aarch64' : 'x86_64',
    '-R',
    helper,
    '--runs',
    '1',
    '--stdout-file',
    file,
    '--',
    'cat',
    '/proc/self/personality',
  ])
  assert.equal(Number.parseInt(await readFile(file, 'utf8'), 16) & 0x40000, 0)
})

cc.test('a process benchmark records the padding of each counted run, as the runs saw it', async () => {
  const file = path.join(dir, 'process-sizes')
  const m = new ProcessMeasurement(processCaseIn(dir, recordSize(file), { runs: 5, warmup: 2 }), {
    placement: new Placement('process'),
  })
  await m.run(3)
  await m.run(2)
  const result = m.result()
  const seen = await sizesIn(file)
  // Warm-ups come first and are not counted: the first part's first two processes.
  assert.equal(seen.length, 7)
  assert.deepEqual(result.padding, [...seen.slice(2)])
  for (const bytes of seen) assert.ok(bytes >= 0 && bytes < PADDING_SPAN, String(bytes))
  // The same seed draws the same sequence, warm-ups first.
  assert.deepEqual(seen, new Placement('process').take(7))
})

cc.test('a wall-clock benchmark records the padding of each runner process', async () => {
  const file = path.join(dir, 'runner-sizes')
  const runner = path.join(dir, 'runner.sh')
  // A runner that takes two samples of 1 µs whatever it is asked, and writes down its padding.
  await writeFile(
    runner,
    `cat > /dev/null\nprintf '%s\\n' "\${#${PLACEMENT_VARIABLE}}" >> ${file}\nprintf '1000,1\\n1000,1\\n'\n`,
  )
  const config = parseConfig(
    `benchmarks:\n  - name: wc\n    kind: wall-clock\n    runner: [sh, ${runner}]\n    runs: 6\n`,
    path.join(dir, 'bench.yml'),
  )
  const [c] = planCases(config) as WallClockCase[]
  const m = new WallClockMeasurement(c!, { placement: new Placement('runner') })
  for (let part = 0; part < 3; part++) await m.run(2)
  const result = m.result()
  assert.equal(result.status, 'ok')
  assert.equal(result.metrics.time?.samples?.length, 6)
  assert.deepEqual(result.padding, await sizesIn(file))
  assert.deepEqual(result.padding, new Placement('runner').take(3))
})

cc.test(
  'in a same-job schedule base and head draw paddings of their own, the same for the same seed',
  async () => {
    const [baseFile, headFile] = [path.join(dir, 'base-sizes'), path.join(dir, 'head-sizes')]
    const measure = async () => {
      const m = await measureSameJob(
        [processCaseIn(dir, recordSize(baseFile), { runs: 6 })],
        [processCaseIn(dir, recordSize(headFile), { runs: 6 })],
        { seed: 'placement', sequential: false },
      )
      return [m.base[0]!.padding!, m.head[0]!.padding!]
    }
    const [base, head] = await measure()
    assert.deepEqual(base, await sizesIn(baseFile))
    assert.deepEqual(head, await sizesIn(headFile))
    assert.notDeepEqual(base, head)
    assert.deepEqual(await measure(), [base, head])
  },
)
