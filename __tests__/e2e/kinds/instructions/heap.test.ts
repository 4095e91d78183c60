// heap: true with the real valgrind: DHAT's counts for a program whose allocations are counted by hand,
// the same on every run, and equal to the fields dh_view.js reads from DHAT's own output.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import { promisify } from 'node:util'
import { dhatArguments } from '../../../../src/kinds/instructions/dhat.ts'
import { measureInstructions } from '../../../../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../../../../src/kinds/instructions/plan.ts'
import { removeDir, repoRoot } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

const counted = await needs('cc', 'valgrind')
const run = promisify(execFile)
const SOURCE = path.join(repoRoot, '__tests__', 'fixtures', 'dhat', 'src', 'heap.c')

let dir = ''
before(async () => {
  if (!counted.verdict.run) return
  dir = await mkdtemp(path.join(os.tmpdir(), 'bench-heap-'))
  await run('cc', ['-O0', '-g', '-o', path.join(dir, 'heap'), SOURCE])
  await writeFile(path.join(dir, 'empty.c'), 'int main(void) { return 0; }\n')
  await run('cc', ['-O0', '-o', path.join(dir, 'empty'), path.join(dir, 'empty.c')])
})
after(async () => {
  if (dir) await removeDir(dir)
})

function heapCase(program: string): InstructionsCase {
  return {
    kind: 'instructions',
    id: program,
    name: program,
    parameters: {},
    command: [path.join(dir, program)],
    cwd: dir,
    env: {},
    timeoutMs: 60_000,
    harness: false,
    cacheSim: false,
    branchSim: false,
    heap: true,
    gate: { metrics: ['ir', 'heap-bytes'], threshold: 0.01, alpha: 0.01 },
  }
}

const heapValues = (metrics: Record<string, { value?: number }>) =>
  Object.fromEntries(
    Object.entries(metrics)
      .filter(([name]) => name.startsWith('heap-'))
      .map(([name, m]) => [name, m.value]),
  )

const NOTHING = {
  'heap-bytes': 0,
  'heap-blocks': 0,
  'heap-peak-bytes': 0,
  'heap-peak-blocks': 0,
  'heap-reads': 0,
  'heap-writes': 0,
}

counted.test(
  'a program that allocates nothing has no heap counts: libc allocates nothing before main',
  async () => {
    // What heap.c is compared with below: were this not zero, its own counts would include libc's.
    const r = await measureInstructions(heapCase('empty'))
    assert.equal(r.status, 'ok', r.error?.message)
    assert.deepEqual(heapValues(r.metrics), NOTHING)
    assert.ok((r.metrics.ir?.value ?? 0) > 0, 'the instructions are counted as well')
  },
)

counted.test('heap.c gives the totals worked out by hand in its source, the same on two runs', async () => {
  const first = await measureInstructions(heapCase('heap'))
  const second = await measureInstructions(heapCase('heap'))
  assert.equal(first.status, 'ok', first.error?.message)
  assert.deepEqual(heapValues(first.metrics), {
    'heap-bytes': 160_000,
    'heap-blocks': 101,
    'heap-peak-bytes': 110_000,
    'heap-peak-blocks': 51,
    'heap-reads': 100,
    'heap-writes': 100_000,
  })
  assert.deepEqual(second.metrics, first.metrics)
  assert.deepEqual(
    first.heapSites?.map((s) => [s.frames.at(-1), s.bytes, s.blocks]),
    [
      ['main (heap.c:16)', 100_000, 100],
      ['main (heap.c:22)', 60_000, 1],
    ],
  )
  assert.equal(first.metrics['heap-peak-bytes']?.unit, 'bytes')
})

counted.test(
  'the counts equal the sums of the fields dh_view.js reads from DHAT output of the same run',
  async () => {
    const r = await measureInstructions(heapCase('heap'))
    const out = await mkdtemp(path.join(os.tmpdir(), 'bench-heap-raw-'))
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          'setarch',
          [os.machine(), '-R', 'valgrind', ...dhatArguments(out), path.join(dir, 'heap')],
          {
            cwd: dir,
            env: {},
            stdio: ['ignore', 'ignore', 'ignore'],
          },
        )
        child.on('error', reject)
        child.on('close', () => resolve())
      })
      const name = (await readdir(out)).find((n) => n.startsWith('dhat.out.'))!
      const data = JSON.parse(await readFile(path.join(out, name), 'utf8')) as {
        pps: Record<string, number>[]
      }
      const sum = (field: string) => data.pps.reduce((total, pp) => total + pp[field]!, 0)
      assert.deepEqual(heapValues(r.metrics), {
        'heap-bytes': sum('tb'),
        'heap-blocks': sum('tbk'),
        'heap-peak-bytes': sum('gb'),
        'heap-peak-blocks': sum('gbk'),
        'heap-reads': sum('rb'),
        'heap-writes': sum('wb'),
      })
    } finally {
      await removeDir(out)
    }
  },
)
