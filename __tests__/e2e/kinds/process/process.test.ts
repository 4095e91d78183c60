import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { measureProcess, outlierNotes } from '../../../../src/kinds/process/measure.ts'
import type { ProcessCase } from '../../../../src/kinds/process/plan.ts'
import { type BenchmarkResult, benchmarkResultSchema } from '../../../../src/results.ts'
import { processCaseIn, waitUntilGone } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

// The probe program the benchmarks run is compiled here.
const cc = await needs('cc')

const run = promisify(execFile)
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')
const MiB = 1024 * 1024
/**
 * Patience, not a measurement: how long a killed process may take to disappear (be reaped), and how
 * long a test that waits for a kill may take before it counts as hung. Both end as soon as the event
 * happens; they are far above what the slowest busy machine needs, so they never decide a verdict.
 */
const GONE_WITHIN_MS = 20_000
const WATCHDOG_MS = 60_000

let temp: string
let probe: string

before(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'bench-process-'))
  // measureProcess builds the exec helper on first use: keep that build out of the user's cache.
  process.env.BENCH_ACTION_CACHE_DIR = path.join(temp, 'cache')
  probe = path.join(temp, 'probe')
  if (cc.verdict.run)
    await run('cc', ['-O2', '-o', probe, path.join(repo, '__tests__', 'programs', 'probe.c')])
})

after(async () => {
  await rm(temp, { recursive: true, force: true })
})

const processCase = (command: string[], overrides: Partial<ProcessCase> = {}) =>
  processCaseIn(temp, command, overrides)

function samples(result: BenchmarkResult, metric: string): number[] {
  const m = result.metrics[metric]
  assert.ok(m?.samples, `${metric} has samples`)
  return m.samples
}

cc.describe('measureProcess with the exec helper', () => {
  test('a successful case has every metric, one sample per counted run, and the case copied in', async () => {
    const progress: [number, number][] = []
    const c = processCase([probe, 'sleep', '1'], {
      id: 'sleep/1',
      name: 'sleep',
      parameters: { ms: 1 },
      env: { UNUSED: '1' },
      runs: 4,
      warmup: 2,
    })
    const result = await measureProcess(c, { onProgress: (done, total) => progress.push([done, total]) })
    benchmarkResultSchema.parse(result)
    assert.equal(result.status, 'ok')
    assert.equal(result.error, undefined)
    assert.equal(result.id, 'sleep/1')
    assert.equal(result.name, 'sleep')
    assert.equal(result.kind, 'process')
    assert.deepEqual(result.parameters, { ms: 1 })
    assert.deepEqual(result.command, [probe, 'sleep', '1'])
    assert.deepEqual(result.gate, c.gate)
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(result.metrics).map(([k, m]) => [k, [m.unit, m.direction, m.samples?.length]]),
      ),
      {
        wall: ['ns', 'lower', 4],
        user: ['ns', 'lower', 4],
        sys: ['ns', 'lower', 4],
        cpu: ['ns', 'lower', 4],
        'max-rss': ['bytes', 'lower', 4],
        'minor-faults': ['count', 'lower', 4],
        'major-faults': ['count', 'lower', 4],
        'voluntary-cs': ['count', 'lower', 4],
        'involuntary-cs': ['count', 'lower', 4],
      },
    )
    const cpu = samples(result, 'cpu')
    samples(result, 'user').forEach((u, i) => {
      assert.equal(cpu[i], u + samples(result, 'sys')[i]!)
    })
    assert.deepEqual(progress, [
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [5, 6],
      [6, 6],
    ])
    assert.ok(
      result.notes.some((n) => n.startsWith('only 4 counted runs: fewer than 9 samples')),
      result.notes.join('\n'),
    )
  })

  test('a crash is reported with its signal and stderr', async () => {
    const segv = await measureProcess(processCase([probe, 'segv']))
    assert.equal(segv.status, 'failed')
    assert.deepEqual(segv.error, {
      message: 'killed by SIGSEGV on run 1 of 3',
      signal: 'SIGSEGV',
      stderrTail: 'about to segv',
    })
    assert.deepEqual(segv.metrics, {})

    const abort = await measureProcess(processCase([probe, 'abort'], { warmup: 2 }))
    assert.equal(abort.status, 'failed')
    assert.equal(abort.error?.message, 'killed by SIGABRT on warmup run 1 of 2')
    assert.equal(abort.error?.signal, 'SIGABRT')
    assert.equal(abort.error?.stderrTail, 'about to abort')
  })

  test('a non-zero exit is reported with its code and the end of its stderr', async () => {
    const result = await measureProcess(
      processCase([probe, 'exit', '3', '40', 'error: no input'], { runs: 20 }),
    )
    benchmarkResultSchema.parse(result)
    assert.equal(result.status, 'failed')
    assert.equal(result.error?.message, 'exited with code 3 on run 1 of 20')
    assert.equal(result.error?.exitCode, 3)
    assert.equal(result.error?.signal, undefined)
    const tail = result.error?.stderrTail?.split('\n') ?? []
    assert.equal(tail.length, 20)
    assert.equal(tail.at(-1), 'error: no input')
    assert.equal(tail[0], '…progress line 21')
  })

  // The program never ends by itself: without the kill this test would hang, and the watchdog fails it.
  test('a run past its timeout is killed with its whole process group', {
    timeout: WATCHDOG_MS,
  }, async () => {
    const started = process.hrtime.bigint()
    const result = await measureProcess(processCase([probe, 'hang'], { timeoutMs: 300 }))
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6
    assert.equal(result.status, 'failed')
    assert.equal(result.error?.message, 'timed out after 300ms on run 1 of 3 (process group killed)')
    assert.equal(result.error?.timedOut, true)
    assert.ok(elapsedMs >= 300, `not killed before its timeout: ${elapsedMs} ms`)
    const grandchild = Number(/^child (\d+)$/m.exec(result.error?.stderrTail ?? '')?.[1])
    assert.ok(grandchild > 0, `the hanging program printed its child's pid: ${result.error?.stderrTail}`)
    assert.ok(
      await waitUntilGone(grandchild, GONE_WITHIN_MS),
      `process ${grandchild}, started by the hanging program, is gone`,
    )
  })

  test('a program that does not exist cannot be executed', async () => {
    const result = await measureProcess(processCase(['./nope']))
    assert.equal(result.status, 'failed')
    // Said in our words: where a relative path is looked for.
    assert.deepEqual(result.error, {
      message: `cannot execute "./nope": not found (a path is relative to ${temp})`,
    })
  })

  test('a missing working directory fails the case without running it', async () => {
    const result = await measureProcess(
      processCase([probe, 'sleep', '0'], { cwd: path.join(temp, 'nowhere') }),
    )
    assert.equal(result.status, 'failed')
    assert.match(result.error?.message ?? '', /^working directory ".*nowhere" does not exist$/)
  })

  test('max RSS is the child’s own, not the parent’s', async () => {
    const ballast = Buffer.alloc(300 * MiB)
    ballast.fill(1)
    assert.ok(process.memoryUsage().rss > 300 * MiB, 'process.memoryUsage().rss > 300 * MiB')
    const tiny = await measureProcess(processCase(['/bin/true']))
    const large = await measureProcess(processCase([probe, 'touch', '100']))
    assert.equal(ballast[ballast.length - 1], 1)
    for (const rss of samples(tiny, 'max-rss')) assert.ok(rss < 5 * MiB, `/bin/true used ${rss / MiB} MiB`)
    for (const rss of samples(large, 'max-rss')) {
      assert.ok(Math.abs(rss - 100 * MiB) <= 5 * MiB, `touching 100 MiB used ${rss / MiB} MiB`)
    }
    for (const faults of samples(large, 'minor-faults')) assert.ok(faults > 1000, `${faults} minor faults`)
  })

  test('wall time covers a sleep and CPU time does not; a CPU-bound run counts the CPU it burned, within its wall time', async (t) => {
    // Facts of the programs, whatever the machine's load: a 50 ms sleep lasts at least 50 ms and uses
    // no CPU while it sleeps; 40 ms of burnt CPU time is at least 40 ms of CPU and of wall time; one
    // thread uses no more CPU than its wall time. Each run lies within the measurement's lifetime.
    const measured = async (command: string[]) => {
      const started = process.hrtime.bigint()
      const result = await measureProcess(processCase(command, { runs: 5 }))
      return { result, lifetimeNs: Number(process.hrtime.bigint() - started) }
    }
    const sleeping = await measured([probe, 'sleep', '50'])
    const slept = samples(sleeping.result, 'wall')
    samples(sleeping.result, 'cpu').forEach((cpu, i) => {
      const wall = slept[i]!
      assert.ok(wall >= 50e6, `sleeping 50 ms took ${wall / 1e6} ms of wall time`)
      assert.ok(
        wall <= sleeping.lifetimeNs,
        `a run of ${wall / 1e6} ms within ${sleeping.lifetimeNs / 1e6} ms`,
      )
      assert.ok(cpu + 50e6 <= wall, `the sleep is not CPU time: ${cpu / 1e6} ms CPU, ${wall / 1e6} ms wall`)
    })

    const burning = await measured([probe, 'burn', '40'])
    const walls = samples(burning.result, 'wall')
    const ratios = samples(burning.result, 'cpu').map((cpu, i) => {
      const wall = walls[i]!
      assert.ok(cpu >= 38e6, `burning 40 ms of CPU counted ${cpu / 1e6} ms`)
      assert.ok(cpu <= wall * 1.05, `one thread: CPU ${cpu / 1e6} ms within wall ${wall / 1e6} ms`)
      assert.ok(wall <= burning.lifetimeNs, `a run of ${wall / 1e6} ms within ${burning.lifetimeNs / 1e6} ms`)
      return cpu / wall
    })
    // How much of the wall time the program had the CPU depends on the machine's load: shown only.
    t.diagnostic(`burn: cpu/wall ${ratios.map((r) => r.toFixed(2)).join(', ')} (not asserted)`)
  })

  test('the environment and working directory reach the program', async () => {
    const needsEnv = [probe, 'need-env', 'BENCH_TEST_FLAVOUR', 'mint']
    const without = await measureProcess(processCase(needsEnv))
    assert.equal(without.error?.message, 'exited with code 4 on run 1 of 3')
    assert.equal(without.error?.stderrTail, 'BENCH_TEST_FLAVOUR is not mint')
    const withEnv = await measureProcess(processCase(needsEnv, { env: { BENCH_TEST_FLAVOUR: 'mint' } }))
    assert.equal(withEnv.status, 'ok')

    const dir = path.join(temp, 'workdir')
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, 'marker.txt'), 'here')
    const elsewhere = await measureProcess(processCase([probe, 'need-file', 'marker.txt']))
    assert.equal(elsewhere.error?.exitCode, 5)
    const inDir = await measureProcess(processCase([probe, 'need-file', 'marker.txt'], { cwd: dir }))
    assert.equal(inDir.status, 'ok')
  })

  test('samples measured before a failure are kept', async () => {
    // The first run creates the marker, so the second fails: a real program whose runs differ.
    const marker = path.join(temp, 'second-run-fails')
    const script = `if [ -e ${marker} ]; then echo second run >&2; exit 9; fi; : > ${marker}`
    const result = await measureProcess(processCase(['/bin/sh', '-c', script], { runs: 5 }))
    assert.equal(result.status, 'failed')
    assert.equal(result.error?.message, 'exited with code 9 on run 2 of 5')
    assert.equal(samples(result, 'wall').length, 1)
    assert.equal(samples(result, 'max-rss').length, 1)
  })
})

cc.describe('measureProcess without a C compiler', () => {
  const helper = { unavailable: 'tried cc, gcc, clang, zig cc' }

  test('measures wall time only and says why', async () => {
    const progress: number[] = []
    const started = process.hrtime.bigint()
    const result = await measureProcess(processCase([probe, 'sleep', '20'], { runs: 3, warmup: 1 }), {
      helper,
      onProgress: (done) => progress.push(done),
    })
    const lifetimeNs = Number(process.hrtime.bigint() - started)
    benchmarkResultSchema.parse(result)
    assert.equal(result.status, 'ok')
    assert.deepEqual(Object.keys(result.metrics), ['wall'])
    // Nanoseconds: at least the 20 ms sleep, and the four runs within the measurement's lifetime.
    const walls = samples(result, 'wall')
    for (const wall of walls) assert.ok(wall >= 20e6, `sleeping 20 ms took ${wall / 1e6} ms`)
    const total = walls.reduce((a, b) => a + b, 0)
    assert.ok(total <= lifetimeNs, `${total / 1e6} ms of runs within ${lifetimeNs / 1e6} ms`)
    assert.equal(
      result.notes[0],
      'no C compiler found: measured wall time only (tried cc, gcc, clang, zig cc)',
    )
    assert.deepEqual(progress, [1, 2, 3, 4])
  })

  test('reports exits, signals, missing programs and the environment as the helper does', async () => {
    const exit = await measureProcess(
      processCase([probe, 'need-env', 'BENCH_TEST_FLAVOUR', 'mint'], { runs: 2 }),
      {
        helper,
      },
    )
    assert.deepEqual(exit.error, {
      message: 'exited with code 4 on run 1 of 2',
      exitCode: 4,
      stderrTail: 'BENCH_TEST_FLAVOUR is not mint',
    })
    const env = await measureProcess(
      processCase([probe, 'need-env', 'BENCH_TEST_FLAVOUR', 'mint'], { env: { BENCH_TEST_FLAVOUR: 'mint' } }),
      { helper },
    )
    assert.equal(env.status, 'ok')
    const segv = await measureProcess(processCase([probe, 'segv']), { helper })
    assert.equal(segv.error?.message, 'killed by SIGSEGV on run 1 of 3')
    const missing = await measureProcess(processCase(['./nope']), { helper })
    assert.deepEqual(missing.error, {
      message: `cannot execute "./nope": not found (a path is relative to ${temp})`,
    })
  })

  test('a timeout kills the whole process group', { timeout: WATCHDOG_MS }, async () => {
    const result = await measureProcess(processCase([probe, 'hang'], { timeoutMs: 300 }), { helper })
    assert.equal(result.error?.message, 'timed out after 300ms on run 1 of 3 (process group killed)')
    assert.equal(result.error?.timedOut, true)
    const grandchild = Number(/^child (\d+)$/m.exec(result.error?.stderrTail ?? '')?.[1])
    assert.ok(grandchild > 0, `the hanging program printed its child's pid: ${result.error?.stderrTail}`)
    assert.ok(await waitUntilGone(grandchild, GONE_WITHIN_MS), `process ${grandchild} is gone`)
  })
})

describe('outlierNotes', () => {
  test('warns about a slow first run and about other outliers, never dropping them', () => {
    const steady = [10, 11, 10, 12, 11, 10, 11, 12, 10, 11].map((ms) => ms * 1e6)
    assert.deepEqual(outlierNotes(steady), [])
    const slowFirst = [90e6, ...steady.slice(1)]
    const notes = outlierNotes(slowFirst)
    assert.equal(notes.length, 1)
    assert.match(notes[0]!, /^slow first run: 90\.0 ms against a median of 11\.0 ms/)
    // The median of the twelve is 11 ms, the MAD 1 ms: 200 and 250 ms lie far beyond 14.826 MADs.
    const laterOutliers = [...steady, 200e6, 250e6]
    assert.deepEqual(outlierNotes(laterOutliers), [
      '2 of 12 runs lie far from the median (outliers), kept in the statistics, whose medians and ranks a few such runs barely move: other programs may have disturbed the measurement, consider a quieter machine (Outliers, docs/methodology.md)',
    ])
    assert.match(outlierNotes([...steady, 200e6])[0]!, /^1 of 11 runs lies far from the median \(outliers\)/)
    assert.deepEqual(outlierNotes([5]), [])
  })
})
