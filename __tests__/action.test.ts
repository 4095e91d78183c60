// The bundled action, run as the runner runs it: node dist/index.js with INPUT_* variables and the
// GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { parseResultSetText } from '../src/results.ts'
import { gitRepo, parseOutputs, removeDir, repoRoot, tempDir } from './helpers.ts'

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

async function runAction(workspace: string, inputs: Record<string, string>): Promise<ActionRun> {
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
  }
  // The runner passes every declared input, defaults included, as INPUT_<NAME>.
  env['INPUT_STORE-DIR'] = '.bench'
  env.INPUT_SAVE = 'true'
  env['INPUT_INSTALL-TOOLS'] = 'true'
  env['INPUT_WORKING-DIRECTORY'] = '.'
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v
  const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'dist/index.js')],
      { cwd: workspace, env },
      (err, stdout) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout })
      },
    )
  })
  return {
    ...result,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
  }
}

test('a passing suite writes the summary and outputs and does not fail the step', async () => {
  const dir = await gitRepo({
    // A generous threshold: the second run compares /bin/true with itself; this test is about the
    // action's plumbing, not sub-millisecond noise.
    'bench.yml':
      'suite: act\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 5, threshold: 1000% }\n',
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
  assert.equal(await readFile(first.outputs['report-path']!, 'utf8'), first.summary)

  const second = await runAction(dir, {})
  assert.equal(second.code, 0)
  assert.match(second.summary, /\*\*Baseline:\*\* 0123456 on main/)
})

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
})

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
