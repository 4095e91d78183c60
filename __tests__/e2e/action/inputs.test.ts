// The action's true/false inputs: YAML 1.2's spellings, action.yml's defaults when an input is not
// given, and any other value refused as the user's mistake, naming the input and what it accepts.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { readInputs } from '../../../src/action/main.ts'
import { UserError } from '../../../src/errors.ts'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'

const BOOLEAN_INPUTS = ['save', 'install-tools', 'require-baseline'] as const
const variable = (name: string) => `INPUT_${name.toUpperCase()}`

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** readInputs with exactly these inputs set (core reads them from process.env). */
function inputsWith(values: Record<string, string>) {
  const saved = new Map<string, string | undefined>()
  for (const name of BOOLEAN_INPUTS) {
    saved.set(variable(name), process.env[variable(name)])
    delete process.env[variable(name)]
  }
  try {
    for (const [name, value] of Object.entries(values)) process.env[variable(name)] = value
    return readInputs({ GITHUB_WORKSPACE: '/w' })
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
}

test('inputs not given keep action.yml’s defaults: save and install-tools on, require-baseline off', () => {
  const inputs = inputsWith({})
  assert.equal(inputs.save, true)
  assert.equal(inputs.installTools, true)
  assert.equal(inputs.requireBaseline, false)
})

test('true, True, TRUE, false, False and FALSE are read as YAML 1.2 reads them', () => {
  for (const [text, value] of [
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ] as const) {
    const inputs = inputsWith({ save: text, 'install-tools': text, 'require-baseline': text })
    assert.deepEqual([inputs.save, inputs.installTools, inputs.requireBaseline], [value, value, value], text)
  }
})

test('any other value is a user error naming the input and the accepted values', () => {
  for (const name of BOOLEAN_INPUTS) {
    for (const text of ['yes', '1', 'off', 'tru']) {
      assert.throws(
        () => inputsWith({ [name]: text }),
        (error: unknown) =>
          error instanceof UserError &&
          error.message ===
            `input "${name}" must be true or false (true, True, TRUE, false, False or FALSE), got "${text}"`,
        `${name}: ${text}`,
      )
    }
  }
})

test('accept-label: bench-accept when not passed, off when passed empty, one line of at most 50 characters', () => {
  const name = variable('accept-label')
  const saved = process.env[name]
  const labelWith = (value: string | undefined) => {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
    return inputsWith({}).acceptLabel
  }
  try {
    assert.equal(labelWith(undefined), 'bench-accept')
    assert.equal(labelWith(''), undefined)
    assert.equal(labelWith('perf: accepted'), 'perf: accepted')
    for (const bad of ['a\nb', 'x'.repeat(51)])
      assert.throws(
        () => labelWith(bad),
        (error: unknown) =>
          error instanceof UserError &&
          error.message.startsWith(
            'input "accept-label" must be a label name of at most 50 characters on one line',
          ),
      )
  } finally {
    if (saved === undefined) delete process.env[name]
    else process.env[name] = saved
  }
})

test('the action fails the step with that message, not a stack trace', async () => {
  const workspace = await tempDir('action-inputs')
  dirs.push(workspace)
  const output = path.join(workspace, 'output')
  await writeFile(output, '')
  const stdout = await new Promise<string>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'src/action.ts')],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          GITHUB_WORKSPACE: workspace,
          GITHUB_OUTPUT: output,
          INPUT_SAVE: 'yes',
        },
      },
      (_error, out) => resolve(out),
    )
  })
  const errors = stdout.split('\n').filter((line) => line.startsWith('::error'))
  assert.deepEqual(errors, [
    '::error::bench-action: input "save" must be true or false (true, True, TRUE, false, False or FALSE), got "yes"',
  ])
  assert.doesNotMatch(stdout, /TypeError|YAML 1\.2|\n\s+at /)
  assert.equal(await readFile(output, 'utf8'), '', 'no outputs set')
})
