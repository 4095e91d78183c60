// A same-job run where a side does not build, in a real repository with real setup steps: the head's
// failure fails every benchmark and leaves the base unbuilt; the base's failure leaves the head
// measured alone, with the end of the base's build output; the working tree (uncommitted changes and
// new files) is what the head side builds; a config outside a repository is refused. Both checkouts
// are gone afterwards.
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { parseConfig } from '../../../src/config/index.ts'
import { planCases } from '../../../src/run/plan.ts'
import { runSameJob, SameJobError, type SameJobRunOptions } from '../../../src/run/same-job.ts'
import { gitIn, gitRepo, removeDir, tempDir } from '../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** A one-benchmark config whose setup runs `step` (a shell script) in each side's tree. */
const config = (step: string, baseStep?: string) => `suite: sides
defaults: { runs: 2, warmup: 0, sequential: false }
setup:
  - [sh, -c, '${step}']
${baseStep ? `base-setup:\n  - [sh, -c, '${baseStep}']\n` : ''}benchmarks:
  - name: t
    kind: process
    command: ['true']
`

async function sameJob(dir: string, more: Partial<SameJobRunOptions> = {}) {
  const file = path.join(dir, 'bench.yml')
  const parsed = parseConfig(await readFile(file, 'utf8'), file)
  const base = await gitIn(dir, 'rev-parse', 'HEAD~1')
  const lines: string[] = []
  const outcome = await runSameJob({
    config: parsed,
    cases: planCases(parsed),
    base: { sha: base, description: 'the parent commit' },
    env: { PATH: process.env.PATH },
    log: (line) => lines.push(line),
    ...more,
  })
  return { outcome, lines, base }
}

/** A same-job run that is refused before its base is looked at (any base will do). */
const runRefused = (parsed: ReturnType<typeof parseConfig>) =>
  runSameJob({
    config: parsed,
    cases: planCases(parsed),
    base: { sha: '0'.repeat(40), description: 'x' },
    env: {},
    log: () => {},
  })

async function repoWith(text: string): Promise<{ dir: string; head: string }> {
  const dir = await gitRepo({ 'bench.yml': text, 'marker.txt': 'one' })
  dirs.push(dir)
  await writeFile(path.join(dir, 'marker.txt'), 'two')
  await gitIn(dir, 'commit', '--quiet', '-am', 'two')
  return { dir, head: await gitIn(dir, 'rev-parse', 'HEAD') }
}

async function worktreeCount(dir: string): Promise<number> {
  return (await gitIn(dir, 'worktree', 'list', '--porcelain'))
    .split('\n')
    .filter((l) => l.startsWith('worktree ')).length
}

describe('same-job: a side that does not build', () => {
  test('the head fails: every benchmark failed with the step and its output, the base not built', async () => {
    const { dir, head } = await repoWith(config('echo the head is broken; exit 3'))
    const { outcome, lines, base } = await sameJob(dir)
    assert.equal(outcome.headFailure?.step, 1)
    assert.equal(outcome.base, undefined)
    assert.deepEqual(outcome.pairs, {})
    assert.equal(outcome.head.length, 1)
    const [t] = outcome.head
    assert.equal(t!.status, 'failed')
    assert.equal(
      t!.error?.message,
      `the head ${head.slice(0, 7)} failed to build: ${outcome.headFailure!.message}`,
    )
    assert.match(t!.error?.stderrTail ?? '', /the head is broken/)
    assert.deepEqual(outcome.noBaseline, {
      reason: `the base ${base.slice(0, 7)} (the parent commit) was not built: the head failed to build`,
      side: 'head',
      warnings: [],
    })
    assert.ok(
      lines.includes(
        `head: ${outcome.headFailure!.message}; every benchmark is marked failed and the base is not built`,
      ),
      lines.join('\n'),
    )
    assert.ok(!lines.some((l) => l.startsWith('base: setup')), 'the base is not built')
    assert.equal(await worktreeCount(dir), 1, 'both checkouts removed')
  })

  test('uncommitted changes are the head: it is named with them', async () => {
    const { dir, head } = await repoWith(config('echo broken; exit 3'))
    await writeFile(path.join(dir, 'marker.txt'), 'three, not committed')
    const { outcome } = await sameJob(dir)
    assert.equal(
      outcome.head[0]!.error?.message,
      `the head ${head.slice(0, 7)} with uncommitted changes failed to build: ${outcome.headFailure!.message}`,
    )
    assert.equal(await gitIn(dir, 'stash', 'list'), '', 'no stash entry is left')
  })

  test('the base fails: the head measured alone, the end of the base’s output in a warning', async () => {
    // The head builds where new.txt exists: a file git neither tracks nor ignores, in the working tree only.
    const step = 'test -f new.txt || { for n in 1 2 3 4 5 6 7; do echo line $n; done; exit 4; }'
    const { dir } = await repoWith(config(step))
    await writeFile(path.join(dir, 'new.txt'), 'untracked')
    const passedOn: string[] = []
    const { outcome, lines, base } = await sameJob(dir, {
      onResult: (c, r) => passedOn.push(`${c.id} ${r.status}`),
    })
    assert.deepEqual(passedOn, ['t ok'], 'the head’s results are passed on as they end')
    assert.equal(outcome.headFailure, undefined)
    assert.equal(outcome.baseFailure?.step, 1)
    assert.equal(outcome.base, undefined)
    assert.deepEqual(outcome.pairs, {})
    assert.deepEqual(
      outcome.head.map((r) => [r.id, r.status, r.metrics.wall?.samples?.length]),
      [['t', 'ok', 2]],
    )
    assert.deepEqual(outcome.noBaseline, {
      reason: `the base ${base.slice(0, 7)} (the parent commit) failed to build: ${outcome.baseFailure!.message}`,
      side: 'base',
      warnings: [
        "The base's setup output ended with: line 3 ⏎ line 4 ⏎ line 5 ⏎ line 6 ⏎ line 7",
        // The step names new.txt, which only the working tree has.
        `new.txt exists in your working tree but is not in ${base.slice(0, 7)} (untracked): the base's checkout does not have it; commit it, or build the base without it (base-setup:)`,
      ],
    })
    assert.ok(
      lines.includes(`base: ${outcome.baseFailure!.message}: the head is measured alone, without a verdict`),
      lines.join('\n'),
    )
    assert.equal(await worktreeCount(dir), 1)
  })

  test('a base that fails without output has no warning', async () => {
    const { dir } = await repoWith(config('true', 'exit 5'))
    const { outcome } = await sameJob(dir)
    assert.equal(outcome.baseFailure?.step, 1)
    assert.deepEqual(outcome.noBaseline?.warnings, [])
  })

  test('both build: base and head measured, paired run by run, the base built by base-setup', async () => {
    const { dir, head } = await repoWith(config('test -f marker.txt', 'true'))
    const { outcome, lines, base } = await sameJob(dir)
    assert.deepEqual(
      outcome.base?.map((r) => [r.id, r.status]),
      [['t', 'ok']],
    )
    assert.deepEqual(
      outcome.head.map((r) => [r.id, r.status]),
      [['t', 'ok']],
    )
    assert.deepEqual(outcome.pairs, {
      t: [
        [0, 0],
        [1, 1],
      ],
    })
    assert.ok(lines.includes('base: setup 1/1: sh -c true'), lines.join('\n'))
    assert.ok(lines.includes('head: setup 1/1: sh -c test -f marker.txt'), lines.join('\n'))
    assert.ok(
      lines.some((l) => l.startsWith(`base: ${base.slice(0, 7)} (the parent commit) checked out in `)),
    )
    assert.notEqual(head, base)
    assert.equal(await worktreeCount(dir), 1)
  })
})

describe('same-job: what is measured where', () => {
  // c counts as ok only where marker.txt says two: in the head, not in the base.
  const four = `suite: sides
defaults: { runs: 2, warmup: 0, sequential: false }
setup:
  - [sh, -c, 'true']
benchmarks:
  - { name: a, kind: process, command: ['true'] }
  - { name: b, kind: process, command: ['true'] }
  - { name: c, kind: process, command: [sh, -c, 'grep -q two marker.txt'] }
  - { name: d, kind: process, command: ['true'] }
`

  test('the cases asked for only, the base only where asked; a base benchmark that fails is logged with why', async () => {
    const { dir } = await repoWith(four)
    const file = path.join(dir, 'bench.yml')
    const cases = planCases(parseConfig(four, file)).filter((c) => c.id !== 'b')
    const { outcome, lines } = await sameJob(dir, { cases, measureBase: (c) => c.id !== 'a' })
    assert.deepEqual(
      outcome.head.map((r) => [r.id, r.status]),
      [
        ['a', 'ok'],
        ['c', 'ok'],
        ['d', 'ok'],
      ],
    )
    assert.deepEqual(
      outcome.base?.map((r) => [r.id, r.status]),
      [
        ['c', 'failed'],
        ['d', 'ok'],
      ],
    )
    const why = outcome.base![0]!.error!.message
    assert.match(why, /exit/)
    assert.deepEqual(
      lines.filter((l) => l.includes('failed')),
      [`base: c: failed: ${why}`],
    )
  })

  test('base and head are checked out side by side, at paths of the same length', async () => {
    const { dir } = await repoWith(four)
    const { lines, base } = await sameJob(dir, { filter: 'a' })
    const at = (prefix: string) => {
      const line = lines.find((l) => l.startsWith(prefix))
      assert.ok(line, `${prefix}…: ${lines.join('\n')}`)
      return line.slice(prefix.length)
    }
    const baseDir = at(`base: ${base.slice(0, 7)} (the parent commit) checked out in `)
    const headDir = at('head: the working tree checked out in ')
    assert.equal(path.dirname(baseDir), path.dirname(headDir))
    assert.match(path.basename(path.dirname(baseDir)), /^bench-action-ab-/)
    assert.deepEqual([path.basename(baseDir), path.basename(headDir)], ['base', 'head'])
  })

  test('a repository without a commit has no head to compare', async () => {
    const dir = await tempDir('no-commit')
    dirs.push(dir)
    await gitIn(dir, 'init', '--quiet')
    const file = path.join(dir, 'bench.yml')
    await writeFile(file, four)
    const parsed = parseConfig(four, file)
    await assert.rejects(
      runRefused(parsed),
      new SameJobError(`same-job baseline: ${dir} has no commit to compare`),
    )
  })
})

describe('same-job: where the config is', () => {
  test('a config outside any repository is refused, naming the directory', async () => {
    const dir = await tempDir('plain')
    dirs.push(dir)
    const file = path.join(dir, 'bench.yml')
    const parsed = parseConfig(config('true'), file)
    await assert.rejects(runRefused(parsed), (e: Error) => {
      assert.ok(e instanceof SameJobError)
      assert.equal(e.message, `same-job baseline: ${dir} is not inside a git repository`)
      return true
    })
  })
})
