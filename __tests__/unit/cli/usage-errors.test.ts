// What the command line says of options and arguments it does not take: in our words, naming the
// option or argument and where the options are listed, exit code 2 — never Node's parser's sentences.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { runCli } from '../../../src/cli/index.ts'

async function refusal(argv: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = ''
  let stdout = ''
  const code = await runCli(argv, {
    cwd: '/nonexistent-bench-action-test',
    env: {},
    stdout: { write: (t: string | Uint8Array) => (stdout += String(t)) },
    stderr: { write: (t: string) => (stderr += t) },
  })
  return { code, stderr, stdout }
}

test('an unknown option, a missing value, a value where none is taken, an argument where none is', async () => {
  const cases: Array<[string[], string]> = [
    [['run', '--bogus'], 'bench-action: unknown option --bogus; see bench-action run --help\n'],
    [['--bogus'], 'bench-action: unknown option --bogus; see bench-action run --help\n'],
    [['merge', '-x'], 'bench-action: unknown option -x; see bench-action merge --help\n'],
    [['run', '--config'], 'bench-action: --config needs a value; see bench-action run --help\n'],
    [['run', '--dry-run=yes'], 'bench-action: --dry-run takes no value; see bench-action run --help\n'],
    [['schema', 'extra'], 'bench-action: unexpected argument "extra"; see bench-action schema --help\n'],
    [['history', 'main'], 'bench-action: unexpected argument "main"; see bench-action history --help\n'],
    [
      ['klv', '--max-time', '-1s'],
      'bench-action: --max-time needs a value; one that starts with - goes after an =, as --max-time=-1; see bench-action klv --help\n',
    ],
  ]
  for (const [argv, said] of cases) {
    const r = await refusal(argv)
    assert.deepEqual(r, { code: 2, stderr: said, stdout: '' }, argv.join(' '))
  }
})

test('an option with control characters is shown without them', async () => {
  const r = await refusal(['run', '--x\u001b[2J'])
  assert.equal(r.code, 2)
  assert.equal(r.stderr, 'bench-action: unknown option --x?[2J; see bench-action run --help\n')
})
