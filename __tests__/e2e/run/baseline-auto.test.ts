// baseline: auto, the action's default: on a pull request the timed benchmarks are measured against
// the merge base in this job and instruction counts come from the store; on a push, and wherever the
// base cannot be measured, everything comes from the store. Real git, a real C compiler, valgrind.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { compareDeferred, deferredComparison, parseDeferredComparison } from '../../../src/github/deferred.ts'
import { type PipelineOptions, runPipeline } from '../../../src/run/pipeline.ts'
import { renderGfm } from '../../support/gfm.ts'
import { gitRepo, removeDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

// The suite compiles its program with cc and counts its instructions.
const [counted, gfm] = await Promise.all([needs('cc', 'valgrind'), needs('cmark-gfm')])
/** The reports the tests below wrote, for the checks of them as GitHub renders them. */
const reports: Record<string, string> = {}

/** The report a test above left under `key`, as GitHub renders it. */
async function rendered(key: string): Promise<string> {
  const markdown = reports[key]
  assert.ok(markdown !== undefined, `the test that writes the ${key} report ran to its end`)
  return renderGfm(markdown)
}

const run = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const SPIN_C = `#include "work.h"
int main(void) {
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < (unsigned long)WORK; i++) x += i;
  return x == 1 ? 1 : 0;
}
`

const config = (extra = '') => `suite: auto
defaults: { runs: 12, warmup: 1, threshold: 10% }
setup:
  - [cc, -O2, -o, spin, spin.c]
${extra}benchmarks:
  - name: spin-time
    kind: process
    command: [./spin]
  - name: spin-count
    kind: instructions
    command: [./spin]
`

const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd })

/** Nothing of the machine's own Actions context: only what each test says about the event. */
function eventEnv(event: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...event }
}

const PULL_REQUEST = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'main' }

function options(cwd: string, env: NodeJS.ProcessEnv, lines: string[]): PipelineOptions {
  return { cwd, storeDir: '.bench', save: true, auto: true, env, log: (l) => lines.push(l) }
}

/** main with one stored run (saved by a push), and a branch `pr` off it that does WORK iterations. */
async function repoWithStoredMain(prWork: number, prConfigExtra = ''): Promise<string> {
  const dir = await gitRepo({
    'bench.yml': config(),
    'spin.c': SPIN_C,
    'work.h': '#define WORK 300000\n',
    '.gitignore': 'spin\n.bench/\n',
  })
  dirs.push(dir)
  const lines: string[] = []
  const pushed = await runPipeline(options(dir, eventEnv({ GITHUB_EVENT_NAME: 'push' }), lines))
  assert.ok(pushed.savedPath, lines.join('\n'))
  await git(dir, 'checkout', '--quiet', '-b', 'pr')
  await writeFile(path.join(dir, 'work.h'), `#define WORK ${prWork}\n`)
  if (prConfigExtra) await writeFile(path.join(dir, 'bench.yml'), config(prConfigExtra))
  await git(dir, 'commit', '--quiet', '-am', 'pr')
  return dir
}

counted.describe('baseline: auto', () => {
  let dir: string
  before(async () => {
    dir = await repoWithStoredMain(3_000_000)
  })

  test('a push compares with the store and builds no base', async () => {
    const lines: string[] = []
    const outcome = await runPipeline({
      ...options(dir, eventEnv({ GITHUB_EVENT_NAME: 'push' }), lines),
      save: false,
    })
    assert.ok(!lines.some((l) => l.includes('checked out in')), lines.join('\n'))
    assert.match(outcome.comparison.baseline?.source ?? '', /\.bench/)
    assert.equal(outcome.comparison.exactBaseline, undefined)
  })

  test('a pull request measures its timed benchmarks against the merge base in this job, and takes instruction counts from the store', async () => {
    const lines: string[] = []
    const outcome = await runPipeline({ ...options(dir, eventEnv(PULL_REQUEST), lines), save: false })
    const c = outcome.comparison
    const { stdout: mainSha } = await git(dir, 'rev-parse', 'main')
    // The timed baseline: the merge base, built beside the head and measured with it.
    assert.equal(c.baseline?.commit.sha, mainSha.trim())
    assert.match(c.baseline?.reason ?? '', /merge base with main, built and measured in this job/)
    // The timed benchmark's verdict is this machine's to give (its load moves wall time): only that it
    // was compared on pairs, and with a verdict, is checked here.
    const time = c.benchmarks.find((b) => b.name === 'spin-time')
    assert.ok(time?.pairs !== undefined && time.pairs > 0, JSON.stringify(time))
    assert.ok(
      time.metrics.some((m) => m.gated && m.pairs === time.pairs),
      JSON.stringify(time.metrics),
    )
    // The exact counts: compared with the run the push stored, never counted again for the base.
    // base = S + 300 000·k and head = S + 3 000 000·k instructions, k ≥ 3 a loop iteration (load, add,
    // store, compare and branch of the volatile sum) and S the program's start and exit, which counts
    // far fewer than 20 000 000: head / base − 1 = 2 700 000·k / (S + 300 000·k) > 10%, a regression
    // at the suite's 10% on any machine, and the run's verdict with it.
    const count = c.benchmarks.find((b) => b.name === 'spin-count')
    assert.equal(count?.verdict, 'regression')
    assert.ok(count.metrics.every((m) => m.exact))
    const ir = count.metrics.find((m) => m.metric === 'ir')!
    assert.ok(ir.head.median - ir.base.median >= 2_700_000 * 3, JSON.stringify(ir))
    assert.equal(count.pairs, undefined)
    assert.equal(c.exactBaseline?.benchmarks, 1)
    assert.match(c.exactBaseline?.baseline?.source ?? '', /\.bench/)
    assert.equal(c.exactBaseline?.baseline?.commit.sha, mainSha.trim())
    assert.equal(c.verdict, 'regression')
    reports.pullRequest = outcome.markdown
    // The counts' baseline is counted once, in the head only: the base side measured only timed cases.
    assert.equal(
      outcome.compareOptions.baseline?.results.benchmarks.some((b) => b.kind === 'instructions'),
      false,
    )
    // A fork's run hands both baselines on as data; the comment job compares again to the same verdicts.
    const handed = deferredComparison({
      owner: 'o',
      repo: 'r',
      issueNumber: 1,
      headSha: 'a'.repeat(40),
      mode: 'always',
      head: outcome.results,
      options: outcome.compareOptions,
    })
    const again = compareDeferred(parseDeferredComparison(JSON.stringify(handed), 'artifact'))
    assert.deepEqual(
      again.benchmarks.map((b) => [b.name, b.verdict]),
      c.benchmarks.map((b) => [b.name, b.verdict]),
    )
    assert.deepEqual(again.exactBaseline, c.exactBaseline)
  })

  gfm.test('a pull request: both baselines are named in the report', async () => {
    const html = await rendered('pullRequest')
    assert.match(html, /built and measured in this job/)
    assert.match(html, /Instruction counts/)
  })
})

counted.describe('baseline: auto falls back to the store, saying why', () => {
  test('when the base fails to build', async () => {
    const dir = await repoWithStoredMain(300_000, "base-setup:\n  - [sh, -c, 'exit 3']\n")
    const lines: string[] = []
    const outcome = await runPipeline({ ...options(dir, eventEnv(PULL_REQUEST), lines), save: false })
    const c = outcome.comparison
    assert.match(
      c.baselineWarnings[0] ?? '',
      /^baseline: auto could not measure the base in this job \(the base \w+ \(merge base with main\) failed to build: .*\): compared with the store instead, across moments$/,
    )
    assert.match(c.baseline?.source ?? '', /\.bench/)
    assert.equal(c.exactBaseline, undefined)
    // Every benchmark is still measured and compared.
    assert.deepEqual(
      c.benchmarks.map((b) => b.verdict).filter((v) => v === 'new' || v === 'failed'),
      [],
    )
    reports.baseFailed = outcome.markdown
  })

  test('when no benchmark of the base can run', async () => {
    // The base builds nothing: its spin-time cannot start (its counts are the store's anyway).
    const dir = await repoWithStoredMain(300_000, 'base-setup:\n  - ["true"]\n')
    const lines: string[] = []
    const outcome = await runPipeline({ ...options(dir, eventEnv(PULL_REQUEST), lines), save: false })
    const c = outcome.comparison
    assert.match(
      c.baselineWarnings[0] ?? '',
      /^baseline: auto could not measure the base in this job \(the base \w+ \(merge base with main\) could not run its benchmarks: spin-time: .*\): compared with the store instead, across moments$/,
    )
    assert.match(c.baseline?.source ?? '', /\.bench/)
    assert.deepEqual(
      c.benchmarks.map((b) => b.verdict).filter((v) => v === 'new' || v === 'failed'),
      [],
    )
  })

  gfm.test('when the base fails to build, the report says so', async () => {
    assert.match(await rendered('baseFailed'), /could not measure the base in this job/)
  })

  test('when the merge base cannot be found', async () => {
    const dir = await repoWithStoredMain(300_001)
    const lines: string[] = []
    const outcome = await runPipeline({
      ...options(dir, eventEnv({ ...PULL_REQUEST, GITHUB_BASE_REF: 'no-such-branch' }), lines),
      save: false,
    })
    assert.match(
      outcome.comparison.baselineWarnings[0] ?? '',
      /could not measure the base in this job \(same-job baseline: cannot find the merge base of \w+ with no-such-branch/,
    )
    assert.ok(!lines.some((l) => l.includes('checked out in')), lines.join('\n'))
  })

  test('a suite of instruction counts alone builds no base', async () => {
    const dir = await gitRepo({
      'bench.yml': config().replace(/ {2}- name: spin-time\n.*\n.*\n/, ''),
      'spin.c': SPIN_C,
      'work.h': '#define WORK 1000\n',
      '.gitignore': 'spin\n.bench/\n',
    })
    dirs.push(dir)
    const lines: string[] = []
    const outcome = await runPipeline({ ...options(dir, eventEnv(PULL_REQUEST), lines), save: false })
    assert.deepEqual(
      outcome.results.benchmarks.map((b) => b.kind),
      ['instructions'],
    )
    assert.ok(!lines.some((l) => l.includes('checked out in')), lines.join('\n'))
    assert.deepEqual(outcome.comparison.baselineWarnings, [])
  })
})
