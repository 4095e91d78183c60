// Same-job A/B: the base checked out in a worktree, built with the config's setup, and measured with
// the head in one interleaved schedule — real git, a real C compiler, real processes.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { promisify } from 'node:util'
import type { ProcessCase } from '../../../src/kinds/process/plan.ts'
import { measureSameJob } from '../../../src/schedule/index.ts'
import { cli, gitRepo, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

// --against builds and measures code whose cost per call is a number, with the C compiler.
const cc = await needs('cc')

import { costSource, MODEL_SETUP, modelBenchmark, modelFiles, nsHeader } from '../../support/model-code.ts'

const run = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

// Pairs are not sampled sequentially here: these tests count the runs of the interleaving itself
// (sequential sampling has its own, __tests__/e2e/schedule/sequential.test.ts). The benchmark is code whose cost
// per call is ns.h's NS (model-code.ts), each sample within ±0.1% of it, so each verdict below
// follows from the costs alone. Ten times the cost: all 15 pair ratios within 10 × [0.999/1.001,
// 1.001/0.999] ⊂ [9.98, 10.02], so Wilcoxon's exact p = 2/2^15 = 0.00006 < α = 0.01, the interval of
// the median ratio within those ratios, and +900% beyond 10%: a regression. The same cost: every ratio
// within [0.998, 1.002], a change within ±0.2%, inside 10%: unchanged.
const config = (extra = '') => `suite: ab
defaults: { runs: 15, warmup: 1, threshold: 10%, sequential: false }
setup:
${MODEL_SETUP}${extra}benchmarks:
${modelBenchmark('model')}`

const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd })

async function modelRepo(ns: number, extraConfig = ''): Promise<string> {
  const dir = await gitRepo({ 'bench.yml': config(extraConfig), ...modelFiles(ns) })
  dirs.push(dir)
  return dir
}

async function commitCost(dir: string, ns: number): Promise<void> {
  await writeFile(path.join(dir, 'ns.h'), nsHeader(ns))
  await git(dir, 'commit', '--quiet', '-am', `ns ${ns}`)
}

async function worktrees(dir: string): Promise<string[]> {
  const { stdout } = await git(dir, 'worktree', 'list', '--porcelain')
  return stdout.split('\n').filter((l) => l.startsWith('worktree '))
}

function checkedOutIn(stderr: string): string {
  const dir = /checked out in (\S+)/.exec(stderr)?.[1]
  assert.ok(dir, `the log names the worktree: ${stderr}`)
  return dir
}

cc.describe('--against', () => {
  test('a slower head than the commit it is compared with is a regression, from paired runs', async () => {
    const dir = await modelRepo(20_000)
    await commitCost(dir, 200_000)
    const report = path.join(dir, 'report.md')
    const r = await cli(['--against', 'HEAD~1', '--no-save', '--no-install', '--markdown', report], dir)
    assert.equal(r.code, 1, r.stderr + r.stdout)
    const md = await readFile(report, 'utf8')
    const { stdout: baseSha } = await git(dir, 'rev-parse', '--short=7', 'HEAD~1')
    assert.match(md, /### Regressions/)
    assert.match(
      md,
      new RegExp(
        `\\*\\*Baseline:\\*\\* ${baseSha.trim()}.*--against HEAD\\\\~1, built and measured in this job, interleaved, 15 pairs per benchmark`,
      ),
    )
    assert.match(md, /Wilcoxon signed-rank/)
    assert.match(r.stderr, /base: setup 2\/2: cc -O2 -o cost cost\.c/)
    assert.match(r.stderr, /head: setup 2\/2: cc -O2 -o cost cost\.c/)
    assert.equal(existsSync(checkedOutIn(r.stderr)), false, 'the worktree directory is gone')
    assert.equal((await worktrees(dir)).length, 1, 'only the main worktree is registered')
  })

  test('--against HEAD compares the tree with itself: no regression', async () => {
    const dir = await modelRepo(20_000)
    const report = path.join(dir, 'report.md')
    const r = await cli(['--against', 'HEAD', '--no-save', '--no-install', '--markdown', report], dir)
    assert.equal(r.code, 0, r.stderr + r.stdout)
    const md = await readFile(report, 'utf8')
    assert.match(md, /no regressions in 1 benchmark/)
    assert.match(md, /15 pairs per benchmark/)
    assert.match(md, /1 unchanged/)
    assert.equal((await worktrees(dir)).length, 1)
  })

  test('the working tree is what is measured: uncommitted changes and new files included', async () => {
    const dir = await modelRepo(20_000)
    // An uncommitted edit that includes a file git does not know yet, which makes head ten times slower.
    await writeFile(path.join(dir, 'cost.c'), costSource('more.h'))
    await writeFile(path.join(dir, 'more.h'), nsHeader(200_000))
    const report = path.join(dir, 'report.md')
    const r = await cli(['--against', 'HEAD', '--no-save', '--no-install', '--markdown', report], dir)
    assert.equal(r.code, 1, r.stderr + r.stdout)
    assert.match(await readFile(report, 'utf8'), /### Regressions/)
    assert.match(r.stderr, /head: the working tree checked out in \S+\/head/)
    const { stdout: status } = await git(dir, 'status', '--porcelain')
    assert.deepEqual(
      status
        .split('\n')
        .filter((l) => l !== '')
        .sort(),
      [' M cost.c', '?? more.h', '?? report.md'],
      'the working tree is left as it was',
    )
    assert.equal((await git(dir, 'stash', 'list')).stdout, '', 'no stash entry left behind')
  })

  test('base-setup builds the base its own way', async () => {
    // The same source on both sides, but the base is built to cost a tenth: head is slower.
    const dir = await modelRepo(
      200_000,
      'base-setup:\n  - [cc, -O2, -o, model_runner, model_runner.c]\n  - [cc, -O2, -DNS=20000, -o, cost, cost.c]\n',
    )
    const report = path.join(dir, 'report.md')
    const r = await cli(['--against', 'HEAD', '--no-save', '--no-install', '--markdown', report], dir)
    assert.equal(r.code, 1, r.stderr + r.stdout)
    assert.match(r.stderr, /base: setup 2\/2: cc -O2 -DNS=20000/)
    assert.match(await readFile(report, 'utf8'), /### Regressions/)
  })

  test('a base that does not build is reported as such; head is measured, nothing fails', async () => {
    const dir = await modelRepo(20_000)
    await writeFile(path.join(dir, 'cost.c'), 'this is not C\n')
    await git(dir, 'commit', '--quiet', '-am', 'broken')
    await writeFile(path.join(dir, 'cost.c'), costSource())
    await git(dir, 'commit', '--quiet', '-am', 'fixed')
    const report = path.join(dir, 'report.md')
    const r = await cli(['--against', 'HEAD~1', '--no-save', '--no-install', '--markdown', report], dir)
    assert.equal(r.code, 0, r.stderr + r.stdout)
    const md = await readFile(report, 'utf8')
    assert.match(
      md,
      /\*\*No baseline:\*\* the base [0-9a-f]{7} \(--against HEAD\\~1\) failed to build: setup step 2 exited with code 1/,
    )
    assert.match(md, /The base's setup output ended with: .*error/)
    assert.doesNotMatch(md, /### Regressions/)
    assert.equal((await worktrees(dir)).length, 1)
  })

  test('an unknown ref is a usage error', async () => {
    const dir = await modelRepo(20_000)
    const r = await cli(['--against', 'no-such-branch', '--no-install'], dir)
    assert.equal(r.code, 2, r.stderr)
    assert.match(r.stderr, /--against no-such-branch: no such commit in the repository/)
    const both = await cli(['--against', 'HEAD', '--baseline', 'x.json'], dir)
    assert.equal(both.code, 2)
    assert.match(both.stderr, /give one of them/)
  })

  test('interrupted with SIGINT: the running benchmark is stopped and the worktrees removed', async () => {
    const marker = path.join(await tempDir('marker'), 'started')
    dirs.push(path.dirname(marker))
    // A benchmark that says it has started, then runs for far longer than the test waits.
    const dir = await gitRepo({
      'bench.yml': `suite: slow\nbenchmarks:\n  - name: nap\n    kind: process\n    command: [sh, -c, 'touch "$0"; exec sleep 30.4321', ${JSON.stringify(marker)}]\n    runs: 2\n    warmup: 0\n`,
    })
    dirs.push(dir)
    // The bundled CLI, as \`npx bench-action\` runs it.
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'dist/cli.js'), '--against', 'HEAD', '--no-save', '--no-install'],
      {
        cwd: dir,
        env: { ...process.env, CI: '', GITHUB_ACTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString()
    })
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    )
    for (let waited = 0; !existsSync(marker) && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(existsSync(marker), true, `the benchmark started: ${stderr}`)
    const worktree = checkedOutIn(stderr)
    assert.equal(existsSync(worktree), true, 'the worktree exists while measuring')
    const sleeping = () =>
      run('pgrep', ['-f', 'sleep 30.4321']).then(
        ({ stdout }) => stdout.trim(),
        () => '',
      )
    assert.notEqual(await sleeping(), '', 'the benchmark is running')
    child.kill('SIGINT')
    assert.equal(await exited, 'SIGINT', stderr)
    assert.equal(existsSync(worktree), false, 'the worktree directory is gone')
    assert.equal((await worktrees(dir)).length, 1, 'and unregistered')
    assert.equal(await sleeping(), '', 'no benchmark process is left running')
  })
})

describe('the same-job schedule', () => {
  const logged = (log: string, side: string, runs: number): ProcessCase => ({
    kind: 'process',
    id: 'mark',
    name: 'mark',
    parameters: {},
    command: ['sh', '-c', `echo ${side} >> "$0"`, log],
    cwd: repoRoot,
    env: {},
    runs,
    warmup: 0,
    timeoutMs: 10_000,
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
  })

  test('interleaved: base and head alternate run by run, in blocks of random order, and pair up', async () => {
    const dir = await tempDir('schedule')
    dirs.push(dir)
    const log = path.join(dir, 'log')
    await appendFile(log, '')
    const measured = await measureSameJob([logged(log, 'A', 20)], [logged(log, 'B', 20)], {
      seed: 'x',
      sequential: false,
    })
    const order = (await readFile(log, 'utf8')).trim().split('\n')
    assert.equal(order.length, 40)
    const blocks = Array.from({ length: 20 }, (_, k) => order.slice(2 * k, 2 * k + 2).join(''))
    assert.deepEqual(
      blocks.filter((b) => b !== 'AB' && b !== 'BA'),
      [],
      `every block runs each side once: ${blocks.join(' ')}`,
    )
    assert.ok(blocks.includes('AB') && blocks.includes('BA'), `both orders occur: ${blocks.join(' ')}`)
    assert.deepEqual(
      measured.pairs.mark,
      Array.from({ length: 20 }, (_, k) => [k, k]),
    )
    assert.equal(measured.base[0]?.metrics.wall?.samples?.length, 20)
    assert.equal(measured.head[0]?.metrics.wall?.samples?.length, 20)
  })

  test('sequential: every base run first, nothing paired', async () => {
    const dir = await tempDir('schedule')
    dirs.push(dir)
    const log = path.join(dir, 'log')
    await appendFile(log, '')
    const measured = await measureSameJob([logged(log, 'A', 5)], [logged(log, 'B', 5)], {
      order: 'sequential',
    })
    assert.equal((await readFile(log, 'utf8')).replace(/\n/g, ''), 'AAAAABBBBB')
    assert.deepEqual(measured.pairs, {})
  })
})
