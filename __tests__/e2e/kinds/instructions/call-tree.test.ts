// The call tree of a real program counted by valgrind, base against a head that adds one call three
// frames deep (main → a → b → new_c): the tree adds up to callgrind's total, the differential flame
// graph marks that path and no other, and the comment and terminal name it as the one path that changed.
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after } from 'node:test'
import { CALL_PATH_TOLERANCE } from '../../../../src/compare/call-paths.ts'
import { nestCallTree } from '../../../../src/kinds/instructions/call-tree.ts'
import { changeColour, type FlameFrame, flameFrames } from '../../../../src/report/flame.ts'
import { type BenchmarkResult, parseResultSetText } from '../../../../src/results.ts'
import { cli, gitRepo, removeDir } from '../../../support/helpers.ts'
import { needs } from '../../../support/needs.ts'

const counted = await needs('cc', 'valgrind')

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** Iterations of new_c's loop: one volatile add per iteration. */
const N = 1_000_000

/**
 * main calls a, which calls b, and then other; head's b also calls new_c. Each call is followed by a
 * volatile store, so none is a tail call and every frame is its own.
 */
const program = (head: boolean) => `volatile unsigned long sink;
${head ? `__attribute__((noinline)) void new_c(void) {\n  for (unsigned long i = 0; i < ${N}UL; i++) sink += i;\n}` : ''}
__attribute__((noinline)) void b(void) {
  for (unsigned long i = 0; i < 500000UL; i++) sink += 3 * i;
  ${head ? 'new_c();' : ''}
  sink++;
}
__attribute__((noinline)) void a(void) {
  b();
  sink++;
}
__attribute__((noinline)) void other(void) {
  for (unsigned long i = 0; i < 200000UL; i++) sink ^= i;
  sink++;
}
int main(void) {
  a();
  other();
  sink++;
  return 0;
}
`

async function results(file: string): Promise<BenchmarkResult> {
  const set = parseResultSetText(await readFile(file, 'utf8'), file)
  return set.benchmarks.find((b) => b.name === 'calls')!
}

/** Every drawn frame with the names from the root to it. */
function framesWithPaths(all: FlameFrame): Array<{ path: string[]; frame: FlameFrame }> {
  const out: Array<{ path: string[]; frame: FlameFrame }> = []
  const visit = (frame: FlameFrame, path: string[]) => {
    out.push({ path, frame })
    for (const child of frame.children) visit(child, [...path, child.name])
  }
  visit(all, [])
  return out
}

counted.test(
  'a call added three frames deep is the one path the flame graph, the comment and the terminal show changed',
  async () => {
    const repo = await gitRepo({
      'prog.c': program(false),
      'bench.yml': `suite: calls
setup:
  - [cc, -O1, -g, -fno-inline, -o, prog, prog.c]
benchmarks:
  - { name: calls, kind: instructions, command: [./prog], cache-sim: false }
`,
    })
    dirs.push(repo)
    const first = await cli(['run', '--json', 'base.json'], repo)
    assert.equal(first.code, 0, first.stdout + first.stderr)
    await writeFile(path.join(repo, 'prog.c'), program(true))
    const second = await cli(
      ['run', '--json', 'head.json', '--markdown', 'report.md', '--html', 'report.html', '--no-save'],
      repo,
    )
    assert.equal(second.code, 1, second.stdout + second.stderr)
    const base = await results(path.join(repo, 'base.json'))
    const head = await results(path.join(repo, 'head.json'))

    // The roots add up to callgrind's total, the count the metric holds.
    for (const side of [base, head]) {
      const roots = nestCallTree(side.callTree!)
      const sum = roots.reduce((total, r) => total + r.ir, 0)
      assert.equal(side.callTree!.total, side.metrics.ir!.value)
      assert.equal(sum, side.metrics.ir!.value, 'the roots hold every instruction counted')
    }

    // new_c's frame: N iterations of the same few instructions (load, add, store, count, compare, branch
    // at -O1: 6), and a few more to enter and leave: a whole multiple of N and a small remainder.
    const all = flameFrames(head.callTree!, base.callTree!)
    const frames = framesWithPaths(all)
    const newC = frames.find((f) => f.frame.name === 'new_c')!
    assert.ok(newC, 'new_c has a frame')
    const ir = newC.frame.ir
    assert.ok(
      ir % N < 20 && ir >= 3 * N && ir < 10 * N,
      `new_c ran a whole number of Ir per iteration: ${ir}`,
    )
    assert.equal(newC.frame.base, 0, 'a path base does not have')
    assert.deepEqual(newC.path.slice(-4), ['main', 'a', 'b', 'new_c'])
    const callgrindNewC = head.functions!.find((f) => f.name === 'new_c')!
    assert.equal(ir, callgrindNewC.inclusive, "the frame holds callgrind's inclusive cost of new_c")

    // On the path to new_c every frame changed; off it, none beyond the tolerance.
    const tolerance = CALL_PATH_TOLERANCE * Math.max(base.callTree!.total, head.callTree!.total)
    const neutral = changeColour(1, 1, 0)
    for (const { path: p, frame } of frames) {
      const onPath = p.every((name, i) => newC.path[i] === name)
      const colour = changeColour(frame.base!, frame.ir, tolerance)
      const where = p.join(' › ') || 'all'
      if (onPath) assert.notEqual(colour, neutral, `${where} is on the changed path`)
      else assert.equal(colour, neutral, `${where}: ${frame.base} → ${frame.ir} is unchanged`)
    }

    const md = await readFile(path.join(repo, 'report.md'), 'utf8')
    const block = md.slice(md.indexOf('<code>calls</code>: call paths whose instructions changed most'))
    assert.match(
      block,
      /\| Call path \| Base Ir \| Head Ir \| Δ \| Δ% \|\n\|---\|---\|---\|---\|---\|\n\| `main › a › b › new_c` \| 0 \| [\d,]+ \| \+[\d,]+ \| new \|\n\n<\/details>/,
    )
    assert.match(
      second.stdout,
      /calls: call paths whose instructions changed most\n {2}\+[\d,]+ Ir \(new\) {2}main › a › b › new_c\n(\n|$)/,
    )
    const html = await readFile(path.join(repo, 'report.html'), 'utf8')
    assert.match(html, /<h2>Call paths of the instruction changes<\/h2>/)
    assert.match(
      html,
      /<title>new_c\n[^<]*\nbase 0 Ir: \+[\d,]+, new in head<\/title><rect [^>]*fill="#cf222e"/,
    )
    assert.match(html, /content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"/)
  },
)
