// Every command answers --help, -h and `bench-action help NAME` with its own usage on stdout and exit
// code 0: what it does, its arguments and every flag its parser takes. The flags are written out here by
// hand; the help must list exactly these, the parser must take each flag the help lists (with a value
// where the help shows one), and an option the command does not take names the command's help.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { COMMANDS } from '../../../src/cli/index.ts'
import { cli, repoRoot } from '../../support/helpers.ts'

const NOWHERE = '/nonexistent-bench-action-test'

/** Each command's flags, `=` after those that take a value. */
const STORE = 'baseline= baseline-store= baseline-branch= retain= store= save no-save'
const EXPORTS = 'export-json= export-markdown= export-csv= export-csv-raw='
const FLAGS: Record<string, string> = {
  run: `config= dry-run ${STORE} against= filter= no-install shard= shard-output= json= markdown= html= verbose ${EXPORTS} version help`,
  merge: `config= ${STORE} json= markdown= html= verbose ${EXPORTS} help`,
  compare: `markdown= html= verbose ${EXPORTS} help`,
  setup: 'config= toolchain= zig-version= help',
  klv: 'config= max-iters= max-time= help',
  history: 'out= suite= branch= config= store= baseline-store= baseline-branch= markdown= json= help',
  schema: 'help',
}
const expectedFlags = (name: string) => FLAGS[name]!.split(' ').sort()

/** The arguments each command's help names. */
const ARGUMENTS: Record<string, string[]> = {
  run: [],
  merge: ['SHARD.json…'],
  compare: ['BASE.json', 'HEAD.json'],
  setup: ['valgrind', 'rust', 'zig'],
  klv: ['NAME'],
  history: [],
  schema: [],
}

/** The lines of a section of a help text, from its heading to the blank line after it. */
function section(help: string, heading: string): string[] {
  const lines = help.split('\n')
  const start = lines.indexOf(heading)
  if (start < 0) return []
  const end = lines.indexOf('', start)
  return lines.slice(start + 1, end < 0 ? undefined : end)
}

/** The flags the help's Options section lists, `=` after those shown with a value. */
function flagsListed(help: string): string[] {
  return section(help, 'Options:')
    .map((line) => /^ {2}(?:-\w, )?--([\w-]+)( \S+)?/.exec(line))
    .filter((m) => m !== null)
    .map((m) => `${m[1]}${m[2] ? '=' : ''}`)
    .sort()
}

test('the command line has these commands', () => {
  assert.deepEqual(
    COMMANDS.map(({ command }) => command.name),
    ['run', 'merge', 'compare', 'setup', 'klv', 'history', 'schema'],
  )
})

for (const name of Object.keys(FLAGS)) {
  test(`${name} --help: its usage and each of its flags on stdout, exit 0; -h and help ${name} the same`, async () => {
    const help = await cli([name, '--help'], NOWHERE)
    assert.equal(help.code, 0)
    assert.equal(help.stderr, '')
    assert.match(help.stdout, new RegExp(`^bench-action ${name}: \\S`))
    assert.match(help.stdout, new RegExp(`\nUsage:\n {2}bench-action (\\[${name}\\]|${name})[ \n]`))
    assert.deepEqual(flagsListed(help.stdout), expectedFlags(name))
    assert.deepEqual(
      section(help.stdout, 'Arguments:')
        .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
        .filter((argument) => argument !== undefined),
      ARGUMENTS[name],
    )
    assert.deepEqual(await cli([name, '-h'], NOWHERE), help)
    assert.deepEqual(await cli(['help', name], NOWHERE), help)
  })

  test(`${name}: its parser takes each flag its help lists, a value where the help shows one`, async () => {
    const see = `see bench-action ${name} --help\n`
    const help = (await cli([name, '--help'], NOWHERE)).stdout
    for (const listed of flagsListed(help)) {
      const flag = `--${listed.replace('=', '')}`
      const given = listed.endsWith('=') ? `${flag}=x` : flag
      assert.deepEqual(
        await cli([name, given, '--help'], NOWHERE),
        { code: 0, stdout: help, stderr: '' },
        given,
      )
      const wrong = listed.endsWith('=') ? [flag] : [`${flag}=x`]
      const said = listed.endsWith('=') ? `${flag} needs a value` : `${flag} takes no value`
      assert.deepEqual(
        await cli([name, ...wrong], NOWHERE),
        { code: 2, stdout: '', stderr: `bench-action: ${said}; ${see}` },
        wrong.join(' '),
      )
    }
  })

  test(`${name}: an option it does not take is refused naming ${name} --help`, async () => {
    for (const option of ['--bogus', '-x', '--help-me']) {
      assert.deepEqual(await cli([name, option], NOWHERE), {
        code: 2,
        stdout: '',
        stderr: `bench-action: unknown option ${option}; see bench-action ${name} --help\n`,
      })
    }
  })
}

test("each command's declared flags, which its parser reads, are the ones its help lists", () => {
  for (const { command } of COMMANDS) {
    const declared = Object.entries(command.flags).map(
      ([flag, d]) => `${flag}${d.type === 'string' ? '=' : ''}`,
    )
    assert.deepEqual([...declared, 'help'].sort(), expectedFlags(command.name), command.name)
  }
})

test('bench-action --help, -h and help list every command with its usage; help NAME of no command is refused', async () => {
  const usage = await cli(['--help'], NOWHERE)
  assert.equal(usage.code, 0)
  assert.equal(usage.stderr, '')
  assert.match(usage.stdout, /^bench-action \S+: benchmarks with a verdict\n/)
  assert.match(usage.stdout, /\n {2}bench-action help COMMAND /)
  const listed = section(usage.stdout, 'Commands:')
    .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
    .filter((name) => name !== undefined)
  assert.deepEqual(listed, ['run', 'merge', 'compare', 'setup', 'klv', 'history', 'schema'])
  for (const name of listed) {
    const word = name === 'run' ? '\\[run\\]' : name
    assert.match(usage.stdout, new RegExp(`\n {2}bench-action ${word}[ \n]`), name)
  }
  assert.deepEqual(await cli(['-h'], NOWHERE), usage)
  assert.deepEqual(await cli(['help'], NOWHERE), usage)
  assert.notEqual((await cli(['run', '--help'], NOWHERE)).stdout, usage.stdout)
  assert.deepEqual(await cli(['help', 'bogus'], NOWHERE), {
    code: 2,
    stdout: '',
    stderr:
      'bench-action: unknown command "bogus": the commands are run, merge, compare, setup, klv, history, schema (see bench-action --help)\n',
  })
  assert.deepEqual(await cli(['bogus'], NOWHERE), await cli(['help', 'bogus'], NOWHERE))
})

test("docs/command-line.md's usage lists each command's flags", () => {
  const text = readFileSync(path.join(repoRoot, 'docs', 'command-line.md'), 'utf8')
  const block = /^```\n([\s\S]*?)\n```/m.exec(text)![1]!
  const documented = new Map<string, string[]>()
  let current: string[] = []
  for (const line of block.split('\n')) {
    const command = /^bench-action (\[run\]|[a-z]+)(?= |$)/.exec(line)?.[1]?.replace(/[[\]]/g, '')
    if (/^bench-action /.test(line)) current = []
    if (command) documented.set(command, current)
    for (const m of line.matchAll(/\[--([\w-]+)( [^\]]+)?\]/g)) current.push(`${m[1]}${m[2] ? '=' : ''}`)
  }
  for (const name of Object.keys(FLAGS)) {
    const withoutHelp = expectedFlags(name).filter((f) => f !== 'help')
    assert.deepEqual(documented.get(name)?.sort(), withoutHelp, name)
  }
})
