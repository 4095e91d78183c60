// The suite scheduler: every benchmark's runs spread over rounds, interleaved with the others'.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import type { Case } from '../../../src/kinds/index.ts'
import { measureSuite } from '../../../src/schedule/index.ts'
import { removeDir, tempDir } from '../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

function shellCase(name: string, script: string, cwd: string, runs: number, warmup = 1): Case {
  return {
    kind: 'process',
    id: name,
    name,
    parameters: {},
    command: ['/bin/sh', '-c', script],
    cwd,
    env: {},
    runs,
    warmup,
    timeoutMs: 10_000,
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
  }
}

test('runs of several benchmarks are interleaved in rounds, each keeps all its samples', async () => {
  const dir = await tempDir('suite')
  dirs.push(dir)
  const cases = ['a', 'b', 'c'].map((n) => shellCase(n, `echo ${n} >> log`, dir, 10))
  const results = await measureSuite(cases)
  for (const r of results) {
    assert.equal(r.status, 'ok', r.error?.message)
    assert.equal(r.metrics.wall!.samples!.length, 10, `${r.name} keeps its 10 samples`)
  }
  const log = (await readFile(path.join(dir, 'log'), 'utf8')).trim().split('\n')
  assert.equal(log.length, 33, '3 × (1 warmup + 10 runs)')
  // Run in one go, the log would change name only twice; in rounds it changes often.
  const switches = log.filter((n, i) => i > 0 && n !== log[i - 1]).length
  assert.ok(switches >= 15, `benchmarks interleaved: ${switches} switches in ${log.join('')}`)
  // Every benchmark's warmup comes before its counted runs, and the last runs are in the last round.
  const lastRound = new Set(log.slice(-3))
  assert.equal(lastRound.size, 3, `the last round runs every benchmark: ${log.slice(-3).join('')}`)
})

test('a failure in a later round names the run within the benchmark and stops only that one', async () => {
  const dir = await tempDir('suite-fail')
  dirs.push(dir)
  // Fails on its 7th start: 1 warmup + counted runs 1..5 succeed, counted run 6 fails.
  const flaky = shellCase(
    'flaky',
    'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; [ $n -lt 7 ] || { echo "gave up at $n" >&2; exit 1; }',
    dir,
    10,
  )
  const steady = shellCase('steady', 'true', dir, 10)
  const [f, s] = await measureSuite([flaky, steady])
  assert.equal(f!.status, 'failed')
  assert.equal(f!.error!.message, 'exited with code 1 on run 6 of 10')
  assert.match(f!.error!.stderrTail ?? '', /gave up at 7/)
  assert.equal(f!.metrics.wall!.samples!.length, 5, 'the five runs before the failure are kept')
  assert.equal(s!.status, 'ok')
  assert.equal(s!.metrics.wall!.samples!.length, 10)
})
