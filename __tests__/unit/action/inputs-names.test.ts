// The action reads its inputs and writes its outputs through the names in src/action/inputs.ts; those
// must be exactly what action.yml declares, or a workflow's `with:` key is silently never read and an
// output a workflow reads is never set.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { parse } from 'yaml'
import { INPUT, inputVariable, OUTPUT } from '../../../src/action/inputs.ts'
import { repoRoot } from '../../support/helpers.ts'

const metadata = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>
  outputs: Record<string, unknown>
}

test('the inputs the code reads are the inputs action.yml declares, no more and no fewer', () => {
  assert.deepEqual(Object.values(INPUT).sort(), Object.keys(metadata.inputs).sort())
})

test('the outputs the code sets are the outputs action.yml declares, no more and no fewer', () => {
  assert.deepEqual(Object.values(OUTPUT).sort(), Object.keys(metadata.outputs).sort())
})

test('every input and output is read or written by its constant, none by a name spelled out', () => {
  const main = readFileSync(path.join(repoRoot, 'src', 'action', 'main.ts'), 'utf8')
  const uses = (constant: string, key: string) => new RegExp(`\\b${constant}\\.${key}\\b`).test(main)
  const unread = Object.keys(INPUT).filter((key) => !uses('INPUT', key))
  assert.deepEqual(unread, [], 'inputs action.yml declares that the action never reads')
  const unset = Object.keys(OUTPUT).filter((key) => !uses('OUTPUT', key))
  assert.deepEqual(unset, [], 'outputs action.yml declares that the action never sets')
  const spelled = [...main.matchAll(/\b(?:getInput|getBooleanInput|setOutput)\(\s*['"`]([^'"`]+)/g)].map(
    (m) => m[1],
  )
  assert.deepEqual(spelled, [])
})

test('an input reaches the action as INPUT_ and its name in capitals, hyphens kept, as the runner passes it', () => {
  assert.equal(inputVariable(INPUT.acceptLabel), 'INPUT_ACCEPT-LABEL')
  assert.equal(inputVariable(INPUT.config), 'INPUT_CONFIG')
})
