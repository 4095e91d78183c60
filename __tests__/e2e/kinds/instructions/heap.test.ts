// heap: true with the real valgrind: DHAT's counts for a program whose allocations are counted by hand,
// the same on every run, and equal to the fields dh_view.js reads from DHAT's own output; and the report
// of a head that allocates in one more place names that place and no other.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import { promisify } from 'node:util'
import { compareResults } from '../../../../src/compare/index.ts'
import { dhatArguments } from '../../../../src/kinds/instructions/dhat.ts'
import { measureInstructions } from '../../../../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../../../../src/kinds/instructions/plan.ts'
import { renderMarkdown } from '../../../../src/report/markdown.ts'
import type { BenchmarkResult, ResultSet } from '../../../../src/results.ts'
import { heapValues, NO_HEAP } from '../../../support/heap.ts'
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
  // Head's build of the same program, under the same file name: its functions pair with base's.
  await mkdir(path.join(dir, 'extra'))
  await writeFile(path.join(dir, 'extra', 'heap.c'), withExtraAlloc(await readFile(SOURCE, 'utf8')))
  await run('cc', ['-O0', '-g', '-o', path.join(dir, 'extra', 'heap'), path.join(dir, 'extra', 'heap.c')])
  await run('cc', ['-O0', '-o', path.join(dir, 'empty'), path.join(dir, 'empty.c')])
})
/**
 * heap.c with one more place that allocates: extra_alloc, called first in main, allocates 100 blocks of
 * 64 bytes (6400 bytes) and frees them before main allocates anything, so the peak stays where it was.
 * Defined above main, it moves every line of main down.
 */
function withExtraAlloc(source: string): string {
  const extra = [
    'static void *extra[100];',
    '__attribute__((noinline)) void extra_alloc(void) {',
    '  for (int i = 0; i < 100; i++) extra[i] = malloc(64);',
    '  for (int i = 0; i < 100; i++) free(extra[i]);',
    '}',
    '',
    'int main(void) {',
    '  extra_alloc();',
  ].join('\n')
  assert.ok(source.includes('int main(void) {'), 'heap.c has the main this adds to')
  return source.replace('int main(void) {', extra)
}

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

counted.test(
  'a program that allocates nothing has no heap counts: libc allocates nothing before main',
  async () => {
    // What heap.c is compared with below: were this not zero, its own counts would include libc's.
    const r = await measureInstructions(heapCase('empty'))
    assert.equal(r.status, 'ok', r.error?.message)
    assert.deepEqual(heapValues(r.metrics), NO_HEAP)
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
  assert.deepEqual(second.heapSites, first.heapSites)
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

const resultSet = (sha: string, benchmark: BenchmarkResult): ResultSet => ({
  schema: 'bench-action/results',
  version: 1,
  suite: 'heap',
  commit: { sha, branch: 'main' },
  createdAt: '2026-11-29T10:00:00.000Z',
  environment: {
    os: 'linux',
    arch: 'x64',
    cpuModel: 'cpu',
    cpuCount: 2,
    kernel: 'k',
    node: 'v20',
    tools: {},
  },
  benchmarks: [benchmark],
})

counted.test(
  'a head that allocates 100 blocks of 64 bytes in extra_alloc: the sites table names it, +6,400 bytes and +100 blocks, and nothing else',
  async () => {
    const base = await measureInstructions(heapCase('heap'))
    const head = { ...(await measureInstructions(heapCase('extra/heap'))), id: 'heap', name: 'heap' }
    assert.equal(head.status, 'ok', head.error?.message)
    assert.equal(head.metrics['heap-bytes']?.value, 160_000 + 6_400)
    assert.equal(head.metrics['heap-blocks']?.value, 101 + 100)
    const c = compareResults(resultSet('2'.repeat(40), head), {
      baseline: { results: resultSet('1'.repeat(40), base), source: 'base', reason: 'base' },
    })
    const [b] = c.benchmarks
    assert.equal(b?.verdict, 'regression')
    // main's two sites moved down by the lines extra_alloc takes, and pair with base's: unchanged.
    assert.deepEqual(
      b?.heapSiteChanges?.map((s) => [s.stack, s.presence, s.base, s.head]),
      [[['malloc', 'extra_alloc', 'main'], 'new', { bytes: 0, blocks: 0 }, { bytes: 6_400, blocks: 100 }]],
    )
    const md = renderMarkdown(c, { version: '0.0.0-test' })
    const rows = md.split('\n').filter((l) => l.includes(' ← '))
    assert.equal(rows.length, 1, md)
    assert.match(
      rows[0]!,
      /^\| `malloc ← extra_alloc ← main` \| heap\.c:\d+ \| new \| 6,400 \| \+6,400 \| new \| 100 \| \+100 \|$/,
    )
  },
)
