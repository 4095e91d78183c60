// The bundled action, run as the runner runs it: node dist/index.js with INPUT_* variables and the
// GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { parseResultSetText } from '../../../src/results.ts'
import { assertSafeReport } from '../../support/gfm.ts'
import { gitRepo, parseOutputs, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'
import { actionNode } from '../../support/tools.ts'

const gfm = await needs('cmark-gfm')

/** Job summaries the tests below wrote, for the checks of them as GitHub renders them. */
const summaries: Record<string, string[]> = {}

/** Every summary a test above left under `key` is safe markdown as GitHub renders it. */
async function assertSafeSummaries(key: string): Promise<void> {
  const written = summaries[key]
  assert.ok(written, `the test that writes the ${key} summaries ran to its end`)
  for (const summary of written) await assertSafeReport(summary)
}

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

interface ActionRun {
  code: number
  stdout: string
  outputs: Record<string, string>
  summary: string
}

async function runAction(
  workspace: string,
  inputs: Record<string, string>,
  extraEnv: Record<string, string> = {},
): Promise<ActionRun> {
  const runnerTemp = await tempDir('runner-temp')
  dirs.push(runnerTemp)
  const outputFile = path.join(runnerTemp, 'output')
  const summaryFile = path.join(runnerTemp, 'summary')
  await writeFile(outputFile, '')
  await writeFile(summaryFile, '')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: runnerTemp,
    ...extraEnv,
  }
  // The runner passes every declared input, defaults included, as INPUT_<NAME>.
  env['INPUT_STORE-DIR'] = '.bench'
  env.INPUT_SAVE = 'true'
  env['INPUT_INSTALL-TOOLS'] = 'true'
  env['INPUT_WORKING-DIRECTORY'] = '.'
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v
  // The runner's Node for the action: action.yml says node24.
  const node = await actionNode()
  const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(node, [path.join(repoRoot, 'dist/index.js')], { cwd: workspace, env }, (err, stdout) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout })
    })
  })
  return {
    ...result,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
  }
}

test('a passing suite writes the summary and outputs and does not fail the step', async () => {
  const dir = await gitRepo({
    // The second run compares /bin/true with itself; this test is about the action's plumbing. With 3
    // runs a side the smallest Mann–Whitney p-value is 2 / C(6, 3) = 0.1, never below α = 0.01: no
    // verdict can be a regression, however fast `true` ran each time.
    'bench.yml': 'suite: act\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3 }\n',
  })
  dirs.push(dir)
  const first = await runAction(dir, {})
  assert.equal(first.code, 0, first.stdout)
  assert.equal(first.outputs.verdict, 'pass')
  assert.equal(first.outputs.regressions, '0')
  assert.match(first.summary, /^<!-- bench-action:act -->/)
  assert.match(first.summary, /No baseline/)
  const results = parseResultSetText(await readFile(first.outputs['results-path']!, 'utf8'), 'results')
  assert.equal(results.commit.sha, '0123456789abcdef0123456789abcdef01234567')
  assert.equal(results.commit.branch, 'main')
  // The action ran on the Node its action.yml declares.
  if (process.platform === 'linux' && process.arch === 'x64') assert.match(results.environment.node, /^v24\./)
  assert.equal(await readFile(first.outputs['report-path']!, 'utf8'), first.summary)

  const second = await runAction(dir, {})
  assert.equal(second.code, 0)
  assert.match(second.summary, /\*\*Baseline:\*\* 0123456 on main/)
  summaries.passing = [first.summary, second.summary]
})

gfm.test(
  'a passing suite: the job summaries, as GitHub renders them, hold nothing the report did not write',
  () => assertSafeSummaries('passing'),
)

test('history: true on a push that saves reads every stored run back: change points in the summary, the site in history-path', async () => {
  const dir = await gitRepo({
    // 3 runs a side: no p-value below α = 0.01, so no run fails on how fast `true` ran.
    'bench.yml': 'suite: trend\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3 }\n',
  })
  dirs.push(dir)
  let last: ActionRun | undefined
  for (const digit of ['1', '2', '3'])
    last = await runAction(
      dir,
      { history: 'true', 'baseline-store': 'dir' },
      { GITHUB_SHA: digit.repeat(40) },
    )
  assert.equal(last!.code, 0, last!.stdout)
  assert.match(
    last!.summary,
    /### History of `trend` on `main`\n\n3 runs of 3 commits, [-0-9]+ … [-0-9]+; no change points\./,
  )
  // The comparison's report comes first, the history after it.
  assert.match(last!.summary, /^<!-- bench-action:trend -->/)
  const site = last!.outputs['history-path']!
  assert.ok(site.startsWith(last!.outputs['results-path']!.split('/bench-action/')[0]!), site)
  const index = await readFile(path.join(site, 'index.html'), 'utf8')
  assert.match(index, /<td class="num">3<\/td><td class="num">3<\/td>/)
  summaries.history = [last!.summary]
  // A run that saves nothing (here save: false; a pull request never saves) reads no history.
  const unsaved = await runAction(dir, { history: 'true', 'baseline-store': 'dir', save: 'false' })
  assert.equal(unsaved.code, 0)
  assert.equal(unsaved.outputs['history-path'], undefined)
  assert.match(unsaved.stdout, /history: this run saved no results/)
  assert.doesNotMatch(unsaved.summary, /History of/)
})

gfm.test('history: true: the summary with the history is safe markdown as GitHub renders it', () =>
  assertSafeSummaries('history'),
)

test('a failing benchmark fails the step with one message naming it', async () => {
  const dir = await gitRepo({
    'bench.yml': `suite: act
benchmarks:
  - { name: ok, kind: process, command: [true], runs: 3 }
  - { name: broken, kind: process, command: [sh, -c, 'echo nope >&2; exit 4'], runs: 3 }
`,
  })
  dirs.push(dir)
  const r = await runAction(dir, {})
  assert.equal(r.code, 1)
  assert.equal(r.outputs.verdict, 'failed')
  const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error::'))
  assert.equal(errors.length, 1, r.stdout)
  assert.match(
    errors[0]!,
    /Benchmarks could not be measured: 1 benchmark failed: broken \(exited with code 4/,
  )
  assert.match(r.summary, /#### Failed/)
  summaries.failing = [r.summary]
})

gfm.test('a failing benchmark: the summary is safe markdown as GitHub renders it', () =>
  assertSafeSummaries('failing'),
)

test('a bad config fails the step as a configuration error, with file and path', async () => {
  const dir = await gitRepo({
    'perf.yml': 'benchmarks:\n  - { name: a, kind: process, command: [true], runs: one }\n',
  })
  dirs.push(dir)
  const r = await runAction(dir, { config: 'perf.yml' })
  assert.equal(r.code, 1)
  assert.match(
    r.stdout,
    /::error::Invalid bench-action configuration: .*perf\.yml:2:\d+: benchmarks\[0\]\.runs: expected/,
  )
  assert.doesNotMatch(r.stdout, /\n\s+at /)
})

test('an instructions benchmark: the action checks for valgrind first, then counts', async () => {
  const dir = await gitRepo({
    'bench.yml':
      'suite: instr\nbenchmarks:\n  - { name: t, kind: instructions, command: [/bin/true], cache-sim: false }\n',
  })
  dirs.push(dir)
  const r = await runAction(dir, {})
  assert.equal(r.code, 0, r.stdout)
  assert.match(r.stdout, /setup: valgrind \d+\.\d+\.\d+ \(/)
  const results = parseResultSetText(await readFile(r.outputs['results-path']!, 'utf8'), 'results')
  assert.ok(
    (results.benchmarks[0]!.metrics.ir?.value ?? 0) > 10_000,
    'instructions of /bin/true were counted',
  )
  assert.match(results.environment.tools.valgrind ?? '', /^valgrind-\d/)
})

/**
 * The workflow commands the runner would obey in a step's output: lines starting with `::`, except
 * between `::stop-commands::TOKEN` and `::TOKEN::`.
 */
function obeyedCommands(stdout: string): string[] {
  const commands: string[] = []
  let resume: string | undefined
  for (const raw of stdout.split('\n')) {
    const line = raw.trimStart()
    if (!line.startsWith('::')) continue
    if (resume !== undefined) {
      if (line === `::${resume}::`) resume = undefined
      continue
    }
    const stop = /^::stop-commands::(.+)$/.exec(line)
    if (stop) resume = stop[1]
    else commands.push(line)
  }
  return commands
}

test('benchmark names that look like workflow commands are printed, never obeyed', async () => {
  const names = ['::error title=forged::a benchmark failed', '::add-mask::secret', '  ::warning::x']
  const dir = await gitRepo({
    'bench.yml': `suite: act\nbenchmarks:\n${names
      .map((n) => `  - { name: ${JSON.stringify(n)}, kind: process, command: [true], runs: 3 }\n`)
      .join('')}`,
  })
  dirs.push(dir)
  const r = await runAction(dir, {})
  assert.equal(r.code, 0, r.stdout)
  // Our own commands only (a warning that this job has no cache service), none of the names.
  assert.deepEqual(
    obeyedCommands(r.stdout).filter((c) => /forged|add-mask|^::warning::x/.test(c)),
    [],
  )
  for (const n of names) assert.ok(r.stdout.includes(n.trim()), `${n} is shown`)
})

test('the environment refusing (no origin for the git store) is the user’s to fix, not a bug', async () => {
  const dir = await gitRepo({
    'bench.yml': 'suite: act\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 3 }\n',
  })
  dirs.push(dir)
  const r = await runAction(dir, { 'baseline-store': 'git', 'baseline-branch': 'bench-data' })
  assert.equal(r.code, 1)
  const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error::'))
  assert.equal(errors.length, 1, r.stdout)
  assert.match(
    errors[0]!,
    /^::error::bench-action: cannot fetch the bench-data branch of origin: .*does not appear to be a git repository/,
  )
  assert.doesNotMatch(errors[0]!, /bug/)
})
