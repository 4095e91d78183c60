// The one way bench-action runs a command that is not a measurement (git, installs, version probes,
// setup steps): real programs through sh, their exit codes, signals and output, a timeout that stops
// everything the command started, an environment without the action's own variables, and the end of
// the output kept for messages.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import {
  commandFailure,
  OutputTail,
  outputTail,
  runCommand,
  runCommandSync,
} from '../../../src/system/command.ts'
import { waitUntilGone } from '../../support/helpers.ts'

/** How long a killed process may take to disappear; generous, as the machine may be busy. */
const GONE_WITHIN_MS = 10_000

let temp: string
before(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'bench-command-'))
})
after(async () => {
  await rm(temp, { recursive: true, force: true })
})

async function waitForFile(file: string, ms: number): Promise<string> {
  const deadline = Date.now() + ms
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '')
    if (text.endsWith('\n')) return text.trim()
    if (Date.now() > deadline) throw new Error(`${file} was not written`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('runCommand', () => {
  test('the exit code, both streams and the argv, without a shell in between', async () => {
    const argv = ['sh', '-c', 'echo out; echo err >&2; exit 3']
    const result = await runCommand(argv)
    assert.deepEqual(result, {
      argv,
      code: 3,
      signal: null,
      timedOut: false,
      stdout: 'out\n',
      stderr: 'err\n',
    })
    assert.equal(commandFailure(result), 'exited with code 3')
    const ok = await runCommand(['echo', '$HOME;', '|', '*'])
    assert.equal(ok.stdout, '$HOME; | *\n')
    assert.equal(commandFailure(ok), undefined)
  })

  test('a program that is not there: code 127 and why, never a rejection', async () => {
    const result = await runCommand(['no-such-program-anywhere', '--version'])
    assert.equal(result.code, 127)
    assert.match(result.error ?? '', /^could not start "no-such-program-anywhere": not found \(not on PATH/)
    assert.equal(commandFailure(result), result.error)
    assert.equal(result.stdout, '')
    assert.equal(result.stderr, '')
  })

  test('a signal: the signal, and 128 + its number as the code', async () => {
    const result = await runCommand(['sh', '-c', 'kill -TERM $$'])
    assert.equal(result.signal, 'SIGTERM')
    assert.equal(result.code, 128 + os.constants.signals.SIGTERM)
    assert.equal(result.timedOut, false)
    assert.equal(commandFailure(result), 'was killed by SIGTERM')
  })

  test('input goes to stdin, which is then closed', async () => {
    const result = await runCommand(['sh', '-c', 'cat; echo " and no more"'], { input: 'given' })
    assert.equal(result.stdout, 'given and no more\n')
    const none = await runCommand(['cat'])
    assert.deepEqual([none.code, none.stdout], [0, ''])
  })

  test('a timeout kills the command and everything it started', { timeout: 60_000 }, async () => {
    const pidFile = path.join(temp, 'timeout.pid')
    const result = await runCommand(['sh', '-c', `sleep 300 & echo $! > ${pidFile}; echo started; wait`], {
      timeoutMs: 300,
    })
    assert.equal(result.timedOut, true)
    assert.equal(result.signal, 'SIGKILL')
    assert.equal(result.code, 128 + os.constants.signals.SIGKILL)
    assert.equal(result.error, 'timed out after 0.3s')
    assert.equal(commandFailure(result), 'timed out after 0.3s')
    assert.equal(result.stdout, 'started\n', 'what it printed before it was stopped is kept')
    const sleeper = Number(await waitForFile(pidFile, GONE_WITHIN_MS))
    assert.ok(
      await waitUntilGone(sleeper, GONE_WITHIN_MS),
      `the command's own child ${sleeper} was killed too`,
    )
  })

  test('a command that exits while something it started holds its output open still ends', {
    timeout: 60_000,
  }, async () => {
    const result = await runCommand(['sh', '-c', 'sleep 300 & echo $!'])
    const sleeper = Number(result.stdout.trim())
    try {
      assert.equal(result.code, 0)
      assert.equal(result.timedOut, false)
      assert.ok(sleeper > 0, result.stdout)
    } finally {
      if (sleeper > 0) process.kill(sleeper, 'SIGKILL')
    }
  })

  test('output past maxOutputBytes stops the command and fails it', { timeout: 60_000 }, async () => {
    const result = await runCommand(['sh', '-c', 'while :; do echo yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy; done'], {
      maxOutputBytes: 1024 * 1024,
    })
    assert.equal(result.error, 'printed more than 1 MiB')
    assert.equal(result.signal, 'SIGKILL')
    assert.ok(result.stdout.length <= 1024 * 1024, `${result.stdout.length} bytes kept`)
  })

  test("output: 'tail' keeps only the readable end of both streams, as they were written", async () => {
    const script =
      'i=0; while [ $i -lt 5000 ]; do echo "line $i"; i=$((i+1)); done; echo "the end" >&2; exit 2'
    const result = await runCommand(['sh', '-c', script], { output: 'tail' })
    assert.equal(result.code, 2)
    assert.equal(result.stdout, '')
    const lines = result.stderr.split('\n')
    assert.equal(lines.length, 20)
    assert.equal(lines.at(-1), 'the end')
    assert.equal(lines.at(-2), 'line 4999')
    assert.equal(lines[0], '…line 4981')
  })

  test("the environment: the one given, less the action's own variables", async () => {
    const env = {
      PATH: process.env.PATH,
      HOME: '/home/someone',
      'INPUT_GITHUB-TOKEN': 'sentinel-token',
      input_lowercase: 'sentinel-input',
      ACTIONS_RUNTIME_TOKEN: 'sentinel-runtime',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://sentinel.invalid/oidc',
      GITHUB_OUTPUT: '/sentinel/output',
      GITHUB_SHA: 'abc123',
    }
    const seen = new Map(
      (await runCommand(['env'], { env })).stdout
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
    )
    assert.equal(seen.get('HOME'), '/home/someone')
    assert.equal(seen.get('GITHUB_SHA'), 'abc123', "what a workflow's run: step sees passes")
    for (const secret of ['INPUT_GITHUB-TOKEN', 'input_lowercase', 'ACTIONS_RUNTIME_TOKEN', 'GITHUB_OUTPUT'])
      assert.equal(seen.has(secret), false, `${secret} never reaches a command`)
    assert.ok(![...seen.values()].some((value) => value.startsWith('sentinel')), [...seen].join('\n'))
  })

  test("without an environment, process.env less the action's own variables", async () => {
    process.env.INPUT_COMMAND_TEST_TOKEN = 'sentinel-token'
    process.env.BENCH_COMMAND_TEST_OWN = 'passes'
    try {
      const result = await runCommand([
        'sh',
        '-c',
        'echo "[$INPUT_COMMAND_TEST_TOKEN] $BENCH_COMMAND_TEST_OWN"',
      ])
      assert.equal(result.stdout, '[] passes\n')
    } finally {
      delete process.env.INPUT_COMMAND_TEST_TOKEN
      delete process.env.BENCH_COMMAND_TEST_OWN
    }
  })
})

describe('runCommandSync', () => {
  test('the same result, for when the process is exiting', () => {
    const argv = ['sh', '-c', 'echo out; echo err >&2; exit 4']
    assert.deepEqual(runCommandSync(argv), {
      argv,
      code: 4,
      signal: null,
      timedOut: false,
      stdout: 'out\n',
      stderr: 'err\n',
    })
    const missing = runCommandSync(['no-such-program-anywhere'])
    assert.equal(missing.code, 127)
    assert.match(missing.error ?? '', /^could not start "no-such-program-anywhere"/)
  })
})

describe('an interrupted run', () => {
  test('stops the commands it started, then dies of the same signal', { timeout: 60_000 }, async () => {
    const pidFile = path.join(temp, 'interrupted.pid')
    const module = path.join(import.meta.dirname, '..', '..', '..', 'src', 'system', 'command.ts')
    const script = `import { runCommand } from ${JSON.stringify(module)}
await runCommand(['sh', '-c', ${JSON.stringify(`sleep 300 & echo $! > ${pidFile}; wait`)}])`
    const node = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'ignore',
    })
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      node.on('exit', (code, signal) => resolve(signal ?? code)),
    )
    const sleeper = Number(await waitForFile(pidFile, 30_000))
    node.kill('SIGINT')
    assert.equal(await exited, 'SIGINT')
    assert.ok(await waitUntilGone(sleeper, GONE_WITHIN_MS), `the command's child ${sleeper} was stopped`)
  })
})

describe('outputTail', () => {
  test('the last 20 non-blank lines and at most 2 KiB, an ellipsis marking a cut', () => {
    assert.equal(outputTail('one\n\n  \ntwo  \n\n'), 'one\ntwo')
    assert.equal(outputTail(''), '')
    const many = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n')
    assert.equal(outputTail(many), `…${Array.from({ length: 20 }, (_, i) => `l${i + 10}`).join('\n')}`)
    assert.equal(outputTail(many, { lines: 2 }), '…l28\nl29')
    const long = outputTail('x'.repeat(5000))
    assert.equal(long.length, 2049)
    assert.ok(long.startsWith('…x'))
    assert.equal(outputTail('abcdef', { chars: 3 }), '…def')
  })

  test('bytes: drops the half line a cut left at the start, and survives invalid UTF-8', () => {
    assert.equal(outputTail(Buffer.from('tial line\nwhole line\n'), { cutAtStart: true }), '…whole line')
    assert.equal(outputTail(Buffer.from([0x66, 0xff, 0x6f])), 'f\ufffdo')
  })

  test('OutputTail keeps the end of a long stream in bounded memory', () => {
    const tail = new OutputTail(64)
    assert.equal(tail.text(), undefined)
    for (let i = 0; i < 1000; i++) tail.push(Buffer.from(`line ${i}\n`))
    assert.equal(tail.text(), '…line 993\nline 994\nline 995\nline 996\nline 997\nline 998\nline 999')
  })
})
