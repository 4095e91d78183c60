// The instructions kind with the real valgrind: exact, repeatable counts, equal to valgrind's own, and a
// 1% change in one function caught at a 0.5% threshold with that function named first.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { callgrindArguments, measureInstructions } from '../../../../src/kinds/instructions/measure.ts'
import type { InstructionsCase } from '../../../../src/kinds/instructions/plan.ts'
import { cli, gitRepo, removeDir } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

// A C program compiled here, counted by valgrind.
const counted = await needs('cc', 'valgrind')

const run = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** Two out-of-line functions; `extra` per mille more work in work_a models a change to the code. */
const program = (extraPerMille: number) => `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__attribute__((noinline)) unsigned long work_a(unsigned long n) {
  unsigned long x = 0;
  n += n * ${extraPerMille} / 1000;
  for (unsigned long i = 0; i < n; i++) x = x * 31 + i;
  return x;
}
__attribute__((noinline)) unsigned long work_b(unsigned long n) {
  unsigned long x = 1;
  for (unsigned long i = 0; i < n; i++) x ^= x << 7 ^ i;
  return x;
}
int main(int argc, char **argv) {
  if (argc < 2) return 2;
  unsigned long r = strcmp(argv[1], "a") == 0 ? work_a(200000) : work_b(200000);
  printf("%lu\\n", r);
  return 0;
}
`

let dir = ''
let binary = ''
before(async () => {
  if (!counted.verdict.run) return
  dir = await mkdtemp(path.join(os.tmpdir(), 'bench-instr-'))
  dirs.push(dir)
  await writeFile(path.join(dir, 'prog.c'), program(0))
  binary = path.join(dir, 'prog')
  await run('cc', ['-O2', '-g', '-o', binary, path.join(dir, 'prog.c')])
})

function instructionsCase(overrides: Partial<InstructionsCase> = {}): InstructionsCase {
  return {
    kind: 'instructions',
    id: 'a',
    name: 'a',
    parameters: {},
    command: [binary, 'a'],
    cwd: dir,
    env: {},
    timeoutMs: 60_000,
    harness: false,
    cacheSim: true,
    branchSim: false,
    gate: { metrics: ['ir'], threshold: 0.005, alpha: 0.01 },
    ...overrides,
  }
}

counted.test('the same benchmark measured 5 times gives identical counts for every event', async () => {
  const results = []
  for (let i = 0; i < 5; i++) results.push(await measureInstructions(instructionsCase()))
  for (const r of results) assert.equal(r.status, 'ok', r.error?.message)
  const values = results.map((r) => JSON.stringify(Object.entries(r.metrics).map(([k, m]) => [k, m.value])))
  assert.equal(new Set(values).size, 1, `counts differ between runs:\n${values.join('\n')}`)
  assert.ok(Object.keys(results[0]!.metrics).length >= 14, 'cache events and derived metrics are all there')
})

counted.test(
  'a program path that is not there is named before valgrind runs, with the closest file',
  async () => {
    const r = await measureInstructions(instructionsCase({ command: ['./progg', 'a'] }))
    assert.equal(r.status, 'failed')
    assert.equal(
      r.error?.message,
      `cannot execute "./progg": not found (a path is relative to ${dir}; did you mean ./prog?)`,
    )
  },
)

counted.test(
  'totals equal what valgrind itself reports as Collected for the same command and options',
  async () => {
    const c = instructionsCase()
    const r = await measureInstructions(c)
    const out = await mkdtemp(path.join(os.tmpdir(), 'bench-instr-raw-'))
    dirs.push(out)
    // The same options, run by hand; valgrind's own summary lands in the --log-file it is given.
    // stdout goes to /dev/null as bench-action sends it: a pipe costs a different number of instructions.
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'setarch',
        [os.machine(), '-R', 'valgrind', ...callgrindArguments(c, out), binary, 'a'],
        {
          cwd: dir,
          env: {},
          stdio: ['ignore', 'ignore', 'ignore'],
        },
      )
      child.on('error', reject)
      child.on('close', () => resolve())
    })
    const logName = (await readdir(out)).find((n) => n.startsWith('valgrind.log.'))!
    const stderr = await readFile(path.join(out, logName), 'utf8')
    const events = /Events\s*:\s*(.+)/.exec(stderr)![1]!.trim().split(/\s+/)
    const collected = /Collected\s*:\s*(.+)/.exec(stderr)![1]!.trim().split(/\s+/).map(Number)
    assert.equal(events[0], 'Ir')
    events.forEach((event, i) => {
      assert.equal(
        r.metrics[event.toLowerCase()]!.value,
        collected[i],
        `${event} equals valgrind's Collected`,
      )
    })
  },
)

counted.test(
  'an entry point counts only inside the function; one never entered fails with a clear message',
  async () => {
    const whole = await measureInstructions(instructionsCase())
    const inside = await measureInstructions(instructionsCase({ entryPoint: 'work_a*' }))
    const wholeIr = whole.metrics.ir!.value!
    const insideIr = inside.metrics.ir!.value!
    assert.ok(insideIr < wholeIr, `entry point counts less (${insideIr} < ${wholeIr})`)
    // 200 000 iterations of a few instructions each: the function itself dominates what is counted.
    assert.ok(insideIr > 600_000 && insideIr < 1_500_000, `inside work_a: ${insideIr}`)
    const missing = await measureInstructions(instructionsCase({ entryPoint: 'no_such_function' }))
    assert.equal(missing.status, 'failed')
    assert.match(missing.error!.message, /never entered.*inlined.*glob like "no_such_function\*"/)
    assert.ok(whole.functions && whole.functions.length > 0, 'the profile keeps its functions')
    assert.equal(whole.functions![0]!.name, 'work_a', 'the busiest function comes first')
  },
)

counted.test(
  'child processes are counted: a shell that runs the program counts the program too',
  async () => {
    const alone = await measureInstructions(instructionsCase())
    const viaShell = await measureInstructions(
      instructionsCase({ command: ['/bin/sh', '-c', `"${binary}" a; true`] }),
    )
    assert.equal(viaShell.status, 'ok', viaShell.error?.message)
    const aloneIr = alone.metrics.ir!.value!
    const shellIr = viaShell.metrics.ir!.value!
    assert.ok(
      shellIr > aloneIr,
      `shell + program (${shellIr}) counts more than the program alone (${aloneIr})`,
    )
    assert.ok(
      viaShell.functions!.some((f) => f.name === 'work_a'),
      "the child's functions are in the merged profile",
    )
    assert.match(viaShell.notes.join('\n'), /2 processes counted/)
  },
)

counted.test(
  'a 1% slower function is a regression at 0.5%, named first; the other benchmark shows 0.00%',
  async () => {
    const repo = await gitRepo({
      'prog.c': program(0),
      'bench.yml': `suite: instr
setup:
  - [cc, -O2, -g, -o, prog, prog.c]
benchmarks:
  - { name: a, kind: instructions, command: [./prog, a], entry-point: "work_a*", threshold: 0.5% }
  - { name: b, kind: instructions, command: [./prog, b], entry-point: "work_b*", threshold: 0.5% }
  - { name: whole, kind: instructions, command: [./prog, a], cache-sim: false, threshold: 0.5% }
`,
    })
    dirs.push(repo)
    const base = await cli(['run'], repo)
    assert.equal(base.code, 0, base.stdout + base.stderr)
    await writeFile(path.join(repo, 'prog.c'), program(10))
    const head = await cli(['run', '--markdown', 'report.md', '--no-save'], repo)
    assert.equal(head.code, 1, head.stdout + head.stderr)
    assert.match(head.stdout, /\ba +ir +[\d,]+ +[\d,]+ +\+1\.0\d% +exact +regression/)
    assert.match(head.stdout, /\bb +ir +[\d,]+ +[\d,]+ +±0\.00% +exact +unchanged/)
    assert.match(
      head.stdout,
      /a: functions whose instructions changed most\n {2}\+[\d,]+ Ir \(\+1\.0\d%\) {2}work_a/,
    )
    const md = await readFile(path.join(repo, 'report.md'), 'utf8')
    const block = md.slice(md.indexOf('<code>a</code>: functions whose instructions changed most'))
    assert.match(
      block,
      /\| Function \| Base Ir \| Head Ir \| Δ \| Δ% \|\n\|---\|---\|---\|---\|---\|\n\| `work_a` \|/,
    )
  },
)

test('iai-callgrind and gungraun summaries import as instruction benchmarks with the same metrics', async () => {
  const fixtures = path.join(import.meta.dirname, '..', '..', '..', 'fixtures/iai')
  const repo = await gitRepo({
    'bench.yml': `suite: imported
benchmarks:
  - name: iai
    kind: instructions
    import: { format: iai-callgrind, path: iai/iai-callgrind-0.16.1 }
  - name: gungraun
    kind: instructions
    import: { format: iai-callgrind, path: iai/gungraun-0.20.0 }
  - name: gungraun-dhat
    kind: instructions
    import: { format: iai-callgrind, path: iai/gungraun-0.20.0-dhat }
    gate: [ir, heap-bytes]
  - name: nothing
    kind: instructions
    import: { format: iai-callgrind, path: no-such-dir/target/iai }
`,
  })
  dirs.push(repo)
  // The summaries are read from inside the repository that names them.
  await cp(fixtures, path.join(repo, 'iai'), { recursive: true })
  const r = await cli(['run', '--json', 'r.json', '--filter', 'iai*,gungraun*'], repo)
  assert.equal(r.code, 0, r.stdout + r.stderr)
  assert.match(r.stderr, /--filter was given: results not saved as a baseline/)
  const results = JSON.parse(await readFile(path.join(repo, 'r.json'), 'utf8')) as {
    benchmarks: Array<{
      name: string
      status: string
      metrics: Record<string, { value?: number }>
      notes: string[]
    }>
  }
  const names = results.benchmarks.map((b) => b.name)
  assert.ok(names.includes('iai/demo_bench::math::bench_fibonacci.short'), names.join(', '))
  assert.ok(
    names.some((n) => n.startsWith('gungraun/demo_bench::math::')),
    names.join(', '),
  )
  for (const b of results.benchmarks) {
    assert.equal(b.status, 'ok')
    assert.ok((b.metrics.ir?.value ?? 0) > 0, `${b.name} has an instruction count`)
    assert.match(b.notes.join('\n'), /imported from .*summary\.json/)
    // Heap metrics come only with the summaries of Gungraun run with DHAT.
    assert.equal('heap-bytes' in b.metrics, b.name.startsWith('gungraun-dhat/'), b.name)
  }
  const squares = results.benchmarks.find(
    (b) => b.name === 'gungraun-dhat/demo_bench::math::bench_squares.hundred',
  )
  assert.equal(squares?.metrics['heap-bytes']?.value, 800)
  assert.equal(squares?.metrics['heap-blocks']?.value, 1)
  const missing = await cli(['run', '--no-save', '--filter', 'nothing'], repo)
  assert.equal(missing.code, 3)
  assert.doesNotMatch(missing.stdout, /not run/, 'benchmarks left out by --filter are not reported missing')
  assert.match(missing.stdout, /nothing: nothing to import: \S*\/no-such-dir\/target\/iai does not exist/)
})
