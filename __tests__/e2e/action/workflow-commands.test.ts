// What a pull request controls (benchmark names, a command's output, a results file) never becomes a
// workflow command in either form the runner obeys: not in the action's log, where such text is
// printed between stop-commands and a random token, nor on the CLI's stdout and stderr, which a
// workflow's `run:` step prints to the same log and which the CLI escapes. The runner's rules are
// modelled in runner-commands.ts.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { holdsWorkflowCommand, logText, withoutWorkflowCommands } from '../../../src/github/log.ts'
import { SeededRandom } from '../../../src/stats/random.ts'
import { cli, gitRepo, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { commandsBesideStops, obeyedCommands, runnerLines } from '../../support/runner-commands.ts'
import { actionNode } from '../../support/tools.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** Benchmark names a config can hold (one line, no control character) that hold a command. */
const HOSTILE_NAMES = [
  'x ##[error]fake',
  'y ##[stop-commands]token',
  'z ##[ADD-MASK]any case',
  '##[group]a group of its own',
  '::add-mask::secret',
  '  ::warning::indented',
  '::stop-commands::token',
  '\u2028::error::after a line separator',
  '\u2029::notice::after a paragraph separator',
  '\u0085::add-mask::after a next-line character',
  '\u00a0::error::after a no-break space',
]

/** Benchmark names of an imported results file, which may hold line breaks. */
const IMPORTED_NAMES = [
  'cr\r::error::after a carriage return',
  'crlf\r\n::add-mask::after CR LF',
  'lf\n##[warning]after a newline',
]

/** What a failing benchmark prints on stderr, shown in the report's tail of its output. */
const HOSTILE_STDERR = '::add-mask::tail\n##[error]tail\r::error::tail after CR\n  ::warning::tail\n'

/** A YAML double-quoted string: anything beyond ASCII written as \u escapes. */
function yamlString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** A hyperfine --export-json file with a result per command. */
function hyperfineJson(commands: string[]): string {
  const times = [0.01, 0.011, 0.012]
  return JSON.stringify({
    results: commands.map((command) => ({
      command,
      mean: 0.011,
      stddev: 0.001,
      median: 0.011,
      user: 0.001,
      system: 0,
      min: 0.01,
      max: 0.012,
      times,
      exit_codes: [0, 0, 0],
    })),
  })
}

/** A repository whose bench.yml measures every hostile name, imports the others, and has one failing benchmark. */
async function hostileRepo(): Promise<string> {
  const dir = await gitRepo({
    'bench.yml': `suite: hostile
defaults: { runs: 3, warmup: 0, threshold: 1000% }
benchmarks:
${HOSTILE_NAMES.map((n) => `  - { name: ${yamlString(n)}, kind: process, command: [true] }\n`).join('')}  - { name: "imported ##[error]x", kind: import, file: hyperfine.json }
  - name: "fails ##[error]x"
    kind: process
    command: [sh, -c, ${yamlString(`printf ${JSON.stringify(HOSTILE_STDERR)} >&2; exit 3`)}]
`,
    'hyperfine.json': hyperfineJson(IMPORTED_NAMES),
  })
  dirs.push(dir)
  return dir
}

describe('the runner model', () => {
  test('reads both forms, any case, after .NET white space, on lines split at \\n, \\r and \\r\\n', () => {
    const found = (text: string) => obeyedCommands(text).map((c) => [c.command, c.data])
    assert.deepEqual(found('::error::a\n  ::warning file=x,line=3::b\n'), [
      ['error', 'a'],
      ['warning', 'b'],
    ])
    assert.deepEqual(found('text ##[ERROR]legacy\nmore ##[add-mask]s%25'), [
      ['ERROR', 'legacy'],
      ['add-mask', 's%'],
    ])
    assert.deepEqual(found('a\r::error::cr\r\n::error::crlf'), [
      ['error', 'cr'],
      ['error', 'crlf'],
    ])
    assert.deepEqual(found('\u2028::error::ls\n\u0085::error::nel\n\u00a0::error::nbsp'), [
      ['error', 'ls'],
      ['error', 'nel'],
      ['error', 'nbsp'],
    ])
    // U+2028 and U+2029 end no line; a zero-width space is no white space.
    assert.deepEqual(found('a\u2028::error::x\nb\u2029::error::y\n\u200b::error::z'), [])
    // Unknown names are text, in both forms.
    assert.deepEqual(found('::nothing::x\n##[nothing]y\n::error'), [])
    assert.deepEqual(obeyedCommands('::warning file=a.ts,line=1::m')[0]?.properties, {
      file: 'a.ts',
      line: '1',
    })
  })

  test('stop-commands holds until its token, in either form; an empty token never resumes', () => {
    const found = (text: string) => obeyedCommands(text).map((c) => c.command)
    assert.deepEqual(found('::stop-commands::tok\n::error::x\n##[error]y\n::tok::\n::error::z'), [
      'stop-commands',
      'tok',
      'error',
    ])
    assert.deepEqual(found('::stop-commands::tok\n##[tok]\n::error::z'), ['stop-commands', 'tok', 'error'])
    assert.deepEqual(found('::stop-commands::\n::error::x\n::::'), ['stop-commands'])
    // A name can stop ours: what follows is then silenced.
    assert.deepEqual(found('x ##[stop-commands]token\n::error::ours'), ['stop-commands'])
  })
})

describe('escaping and blocks, by the runner model', () => {
  const random = new SeededRandom('workflow commands')
  const PIECES = [
    ...['::error::', '::ADD-MASK::', '::warning file=a::', '##[error]', '##[stop-commands]', '##[group '],
    ...['::', '##[', '#', '[', ']', ':', 'error', 'add-mask', ' ', 'x', '%0A'],
  ]
  const BREAKS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\u00a0', '\t', '\u3000']
  const texts = Array.from({ length: 4000 }, () => {
    let text = ''
    const length = 1 + random.nextInt(12)
    for (let i = 0; i < length; i++) {
      const from = random.nextInt(4) === 0 ? BREAKS : PIECES
      text += from[random.nextInt(from.length)]
    }
    return text
  })
  const withCommands = texts.filter((t) => obeyedCommands(t).length > 0)

  test('random texts with commands in them are common enough to tell', () => {
    assert.ok(withCommands.length > 400, `${withCommands.length} of ${texts.length}`)
  })

  test('holdsWorkflowCommand finds every text the runner would read a command in', () => {
    for (const text of withCommands) assert.ok(holdsWorkflowCommand(text), JSON.stringify(text))
  })

  test('an escaped text has no command, keeps its lines and reads the same but for backslashes', () => {
    for (const text of [...texts, ...HOSTILE_NAMES, ...IMPORTED_NAMES, HOSTILE_STDERR]) {
      const escaped = withoutWorkflowCommands(text)
      assert.deepEqual(obeyedCommands(escaped), [], JSON.stringify(text))
      assert.equal(runnerLines(escaped).length, runnerLines(text).length, JSON.stringify(text))
      assert.equal(escaped.replace(/\\(?=\[|::)/g, ''), text, JSON.stringify(text))
    }
    assert.equal(withoutWorkflowCommands('a plain line: nothing::to do'), 'a plain line: nothing::to do')
    assert.equal(withoutWorkflowCommands('x ##[error]fake'), 'x ##\\[error]fake')
    assert.equal(withoutWorkflowCommands('  ::warning::x\n::error::y'), '  \\::warning::x\n\\::error::y')
  })

  test('logText prints a text with commands between a stop and its token, which nothing in it can end', () => {
    for (const text of [...texts, ...HOSTILE_NAMES, ...IMPORTED_NAMES, HOSTILE_STDERR]) {
      const lines: string[] = []
      logText(text, (line) => lines.push(line))
      const printed = `${lines.join('\n')}\n`
      assert.deepEqual(commandsBesideStops(printed), [], JSON.stringify(text))
      // Printed as it is, whole.
      assert.ok(lines.includes(text), JSON.stringify(text))
    }
  })
})

describe('a run with hostile names prints no command', () => {
  test('the CLI: progress lines on stderr and the terminal report on stdout, first run and second', async () => {
    const dir = await hostileRepo()
    for (const run of ['first', 'second']) {
      const r = await cli(['run', '--no-install'], dir)
      assert.equal(r.code, 3, `${run}: the failing benchmark fails the run\n${r.stderr}`)
      // Each stream on its own, and the two as one log.
      const streams = { stderr: r.stderr, stdout: r.stdout, both: r.stderr + r.stdout }
      for (const [stream, text] of Object.entries(streams))
        assert.deepEqual(obeyedCommands(text), [], `${run}, ${stream}:\n${text}`)
      // Every name is shown, escaped only where the runner would read a command.
      for (const name of HOSTILE_NAMES) {
        const shown = withoutWorkflowCommands(name.trimStart().replace(/[\u0080-\u009f]/g, '?'))
        assert.ok(r.stdout.includes(shown), `${run}: ${JSON.stringify(shown)} in the report`)
        // Inside a progress line, after its number.
        const inLine = name.replaceAll('##[', '##\\[')
        assert.ok(r.stderr.includes(inLine), `${run}: ${JSON.stringify(inLine)} in progress`)
      }
      // A carriage return in an imported name, or in a command's output, is shown as ?.
      assert.ok(r.stdout.includes('imported ##\\[error]x/cr?::error::after a carriage return'), r.stdout)
      assert.ok(r.stdout.includes('  │ ##\\[error]tail?::error::tail after CR\n'), r.stdout)
    }
  })

  test('the action: its log, every line of it', async () => {
    const dir = await hostileRepo()
    const runnerTemp = await tempDir('runner-temp')
    dirs.push(runnerTemp)
    const output = path.join(runnerTemp, 'output')
    await writeFile(output, '')
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: dir,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_REF_NAME: 'main',
      GITHUB_OUTPUT: output,
      RUNNER_TEMP: runnerTemp,
      'INPUT_BASELINE-STORE': 'dir',
      'INPUT_STORE-DIR': '.bench',
      'INPUT_INSTALL-TOOLS': 'false',
      'INPUT_WORKING-DIRECTORY': '.',
    }
    for (const run of ['first', 'second']) {
      // The Node the action declares, which starts the action again without its tokens.
      const node = await actionNode()
      const stdout = await new Promise<string>((resolve) => {
        execFile(
          node,
          ['--import', 'tsx', path.join(repoRoot, 'src/action.ts')],
          { cwd: repoRoot, env },
          (_error, out) => resolve(out),
        )
      })
      // Ours: the stop-commands pairs, and the one failed-step message naming the failing benchmark.
      const commands = commandsBesideStops(stdout)
      assert.deepEqual(
        commands.map((c) => c.command),
        ['error'],
        `${run}:\n${stdout}`,
      )
      assert.match(
        commands[0]!.data,
        /^Benchmarks could not be measured: 1 benchmark failed: fails ##\[error\]x/,
      )
      for (const name of HOSTILE_NAMES)
        assert.ok(stdout.includes(name.trim()), `${run}: ${JSON.stringify(name)} is shown as it is`)
    }
  })
})
