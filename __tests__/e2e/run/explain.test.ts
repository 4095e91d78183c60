// The instruction counts behind a same-job run's timed changes, with real git, a real C compiler and
// real valgrind. The timed verdicts come from code whose cost is a number (model-code.ts: a harness's
// --samples hands over to the model runner), so they hold however busy the machine is; the counts are
// callgrind's own, of a loop whose head does more iterations, counted through the harness's --run NAME
// inside its trampoline, each side in its own checkout. A process benchmark is counted with the command,
// stdin and environment it was timed with.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { promisify } from 'node:util'
import { parseConfig } from '../../../src/config/index.ts'
import { type BenchmarkResult, parseResultSetText } from '../../../src/results.ts'
import { explainTimedChanges } from '../../../src/run/explain.ts'
import { planCases } from '../../../src/run/plan.ts'
import {
  cli,
  gitIn,
  gitRepo,
  okBenchmark,
  removeDir,
  repoRoot,
  resultSetOf,
  tempDir,
} from '../../support/helpers.ts'
import { JITTER_PPM } from '../../support/model-code.ts'
import { needs } from '../../support/needs.ts'

const tools = await needs('cc', 'valgrind')
const run = promisify(execFile)

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const RUNNER = await readFile(path.join(repoRoot, '__tests__', 'programs', 'model_runner.c'), 'utf8')

/**
 * A C harness (runners/c/bench_action.h) of one benchmark, `loop`: N iterations of the same loop body.
 * --list and --run are the header's own, so a count is callgrind's inside bench_action_measure; its
 * --samples hands over to the model runner, whose samples take COST ns a call.
 */
const HARNESS = `#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "bench_action.h"
#include "work.h"

static uint64_t loop(void *input) {
  volatile uint64_t sum = 0;
  (void)input;
  for (uint64_t i = 0; i < N; i++) sum += i;
  return sum;
}

static const bench_action_benchmark benchmarks[] = { BENCH_ACTION("loop", NULL, loop, NULL) };

int main(int argc, char **argv) {
  if (argc > 2 && strcmp(argv[1], "--samples") == 0) {
    char ns[32];
    snprintf(ns, sizeof ns, "--ns=%d", COST);
    execl("./model_runner", "model_runner", ns, "--ops=1", "--count=1", "--jitter=${JITTER_PPM}", "--samples", (char *)NULL);
    perror("model_runner");
    return 1;
  }
  return bench_action_main(argc, argv, benchmarks, 1);
}
`

const work = (n: number, cost: number) => `#define N ${n}u\n#define COST ${cost}\n`

// Ten interleaved pairs a side of the model's costs, each sample within ±0.1% of COST: every pair's
// ratio within 0.1% of COST's ratio, so Wilcoxon's exact p = 2/2^15 < 0.01 and the change beyond 5%.
const config = (extra = '') => `suite: explain
${extra}defaults: { runs: 15, warmup: 1, sequential: false }
setup:
  - [cc, -O2, -o, model_runner, model_runner.c]
  - [cc, -O2, -I, ${JSON.stringify(path.join(repoRoot, 'runners', 'c'))}, -o, harness, harness.c]
benchmarks:
  - name: h
    kind: wall-clock
    runner: [./harness]
    harness: true
`

/** A repository whose base commit loops `base.n` times at `base.cost` ns a call, and head `head`. */
async function harnessRepo(
  base: { n: number; cost: number },
  head: { n: number; cost: number },
  extra = '',
): Promise<{ dir: string; baseSha: string }> {
  const dir = await gitRepo({
    'bench.yml': config(extra),
    'harness.c': HARNESS,
    'model_runner.c': RUNNER,
    'work.h': work(base.n, base.cost),
    '.gitignore': 'harness\nmodel_runner\n.bench/\n',
  })
  dirs.push(dir)
  const baseSha = await gitIn(dir, 'rev-parse', 'HEAD')
  await writeFile(path.join(dir, 'work.h'), work(head.n, head.cost))
  await gitIn(dir, 'commit', '--quiet', '-am', 'head')
  return { dir, baseSha }
}

/** `bench-action --against HEAD~1`, with its markdown report and its results. */
async function against(dir: string) {
  const md = path.join(dir, 'report.md')
  const json = path.join(dir, 'results.json')
  const r = await cli(
    ['--against', 'HEAD~1', '--no-save', '--no-install', '--markdown', md, '--json', json],
    dir,
  )
  const results = parseResultSetText(await readFile(json, 'utf8'), 'results.json')
  const loop = results.benchmarks.find((b) => b.id === 'h/loop')
  assert.ok(loop, `h/loop was measured: ${r.stderr}`)
  return { r, md: await readFile(md, 'utf8'), loop }
}

const counts = (n: number) => n.toLocaleString('en-US')

tools.describe('--against: a timed change with the instruction counts of both sides', () => {
  test('a loop with 4× the iterations: a regression, and callgrind counts +6,000,000 iterations’ worth inside --run', async () => {
    // 2,000,000 → 8,000,000 iterations; 20 µs → 80 µs a call in the model: time +300%.
    const { dir, baseSha } = await harnessRepo({ n: 2_000_000, cost: 20_000 }, { n: 8_000_000, cost: 80_000 })
    const { r, md, loop } = await against(dir)
    assert.equal(r.code, 1, r.stderr + r.stdout)
    assert.equal(loop.explanation?.status, 'counted', JSON.stringify(loop.explanation))
    assert.ok(loop.explanation?.status === 'counted')
    assert.equal(loop.explanation.against, baseSha)
    const { base, head } = loop.explanation.instructions
    // The same loop body each iteration: the head's count is the base's plus 6,000,000 × the body's
    // instructions. What is left of the base's count beyond its 2,000,000 bodies is the trampoline's
    // call and return: under 100 instructions (runners/README.md), where the process's start-up alone
    // would be tens of thousands. So the count is of --run's call inside bench_action_measure.
    assert.equal((head - base) % 6_000_000, 0, `${head} − ${base} is a multiple of 6,000,000`)
    const body = (head - base) / 6_000_000
    assert.ok(body >= 1, `${body} instructions an iteration`)
    const outside = base - 2_000_000 * body
    assert.ok(outside >= 0 && outside < 100, `${outside} instructions outside the loop`)
    assert.match(
      r.stderr,
      /instructions: counting base and head of 1 timed change under callgrind, one run each/,
    )
    assert.match(md, /#### What the instructions explain\n/)
    assert.match(
      md,
      new RegExp(
        `- \`h/loop\`: time \\+(299|300)\\.\\d%, instructions \\+\\d+\\.\\d% \\(${counts(base)} → ${counts(head)}\\)\\n`,
      ),
    )
  })

  test('time doubled with the same loop: the same count on both sides, barely changed; explained-only makes it unclear', async () => {
    // 2,000,000 iterations on both sides; 20 µs → 40 µs a call in the model: time +100%, work unchanged.
    const sides = [
      { n: 2_000_000, cost: 20_000 },
      { n: 2_000_000, cost: 40_000 },
    ] as const
    const any = await against((await harnessRepo(...sides)).dir)
    assert.equal(any.r.code, 1, any.r.stderr)
    assert.ok(any.loop.explanation?.status === 'counted', JSON.stringify(any.loop.explanation))
    const { base, head } = any.loop.explanation.instructions
    assert.equal(head, base, 'the same code counts the same, to the instruction')
    // The model's samples are within ±0.1% of their cost: the change is +100% to a tenth of a percent.
    const line = `- \`h/loop\`: time \\+(99\\.\\d|100\\.\\d)%, instructions ±0\\.00% \\(${counts(base)} → ${counts(head)}\\): the instructions barely changed: code placement or memory is the likely cause`
    assert.match(any.md, new RegExp(`${line}\\n`))

    const only = await against((await harnessRepo(...sides, 'timed-change: explained-only\n')).dir)
    assert.equal(only.r.code, 0, only.r.stderr)
    assert.equal(only.loop.gate.timedChange, 'explained-only')
    assert.match(only.md, /1 unclear/)
    assert.match(only.md, new RegExp(`${line}; gated as unclear \\(timed-change: explained-only\\)\\n`))
    assert.ok(
      only.md.includes(
        '| the instructions barely changed (±0.00%, within the 5.00% threshold): code placement or memory is the likely cause (timed-change: explained-only) |',
      ),
      only.md,
    )
  })
})

/** A program that loops N × $REPEAT times, and only when its stdin says "go". */
const PROGRAM = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "n.h"
int main(void) {
  char word[8] = "";
  const char *repeat = getenv("REPEAT");
  if (fgets(word, sizeof word, stdin) == NULL || strncmp(word, "go", 2) != 0) return 3;
  if (repeat == NULL) return 4;
  unsigned long times = N * strtoul(repeat, NULL, 10);
  volatile unsigned long sum = 0;
  for (unsigned long i = 0; i < times; i++) sum += i;
  return sum == 1 ? 5 : 0;
}
`

tools.describe('a process benchmark counted as it was timed', () => {
  test('its command in each tree, with its stdin and its environment: 2 × 1,000,000 more iterations in head', async () => {
    const top = await tempDir('explain-process')
    dirs.push(top)
    const text = `suite: p
benchmarks:
  - { name: loop, kind: process, command: [./loop], stdin: go.txt, env: { REPEAT: 2 } }
`
    const trees = { base: path.join(top, 'base'), head: path.join(top, 'head') }
    for (const [side, dir] of Object.entries(trees)) {
      await mkdir(dir)
      await writeFile(path.join(dir, 'loop.c'), PROGRAM)
      await writeFile(path.join(dir, 'n.h'), `#define N ${side === 'base' ? 1_000_000 : 2_000_000}ul\n`)
      await writeFile(path.join(dir, 'go.txt'), 'go\n')
      await run('cc', ['-O2', '-o', 'loop', 'loop.c'], { cwd: dir })
    }
    const cases = {
      base: planCases(parseConfig(text, path.join(trees.base, 'bench.yml'))),
      head: planCases(parseConfig(text, path.join(trees.head, 'bench.yml'))),
    }
    // A timed regression given as numbers: 100 … 119 ns against each × 1.27.
    const times = Array.from({ length: 20 }, (_, i) => 100 + i)
    const wall = (samples: number[]): BenchmarkResult => ({
      ...okBenchmark({ wall: { unit: 'ns', direction: 'lower', samples } }, ['wall'], 'process'),
      id: 'loop',
      name: 'loop',
    })
    const [head] = await explainTimedChanges(
      { base: [wall(times)], head: [wall(times.map((t) => t * 1.27))], pairs: {}, cases },
      {
        baseSha: 'abcdef0',
        env: { PATH: process.env.PATH },
        log: () => {},
        results: (benchmarks) => resultSetOf('p', { sha: 'abcdef0' }, '2026-01-01T00:00:00.000Z', benchmarks),
      },
    )
    const explanation = head!.explanation
    assert.ok(explanation?.status === 'counted', JSON.stringify(explanation))
    const { base: b, head: h } = explanation.instructions
    // Without go.txt on stdin or REPEAT in its environment the program exits non-zero, and the
    // explanation fails: counted, it read both. Head loops (2,000,000 − 1,000,000) × 2 more times.
    assert.equal((h - b) % 2_000_000, 0, `${h} − ${b} is a multiple of 2,000,000`)
    assert.ok(h - b >= 2_000_000, `${h} − ${b}`)
  })
})
