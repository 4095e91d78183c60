// action.yml is read by the runner's template engine, which evaluates `${{ … }}` wherever it appears,
// descriptions included: an expression outside the places that allow one makes every workflow that
// uses the action fail at "Set up job". This checks every string in the file.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml'
import { repoRoot } from '../../support/helpers.ts'

export interface Expression {
  /** Where the string is: `inputs.shard.description`. */
  path: string
  line: number
  text: string
  /** Why the runner refuses it; undefined for an expression it accepts. */
  refused: string | undefined
}

/** An input's default may read the `github` context (`github.token`, `github.repository`…). */
const GITHUB_CONTEXT = /^\s*github(\.[A-Za-z_][\w-]*)*\s*$/

/** Every `${{ … }}` in an action's metadata, with the runner's judgement of each. */
export function metadataExpressions(text: string): Expression[] {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines })
  const found: Expression[] = []
  const visit = (node: Node | null | undefined, at: string[]): void => {
    if (isMap(node) || isSeq(node)) {
      node.items.forEach((item, i) => {
        if (isSeq(node)) {
          visit(item as Node, [...at, String(i)])
          return
        }
        const pair = item as { key: Node; value: Node }
        // A key is evaluated too.
        visit(pair.key, [...at, '(key)'])
        const key = isScalar(pair.key) ? String(pair.key.value) : '?'
        visit(pair.value, [...at, key])
      })
      return
    }
    if (!isScalar(node) || typeof node.value !== 'string') return
    const where = at.join('.').replace(/\.\(key\)$/, ' (key)')
    for (const m of node.value.matchAll(/\$\{\{(.*?)(\}\}|$)/gs)) {
      const inDefault = at.length === 3 && at[0] === 'inputs' && at[2] === 'default'
      let refused: string | undefined
      if (!inDefault) refused = 'expressions are not allowed here (only in an input’s default)'
      else if (!GITHUB_CONTEXT.test(m[1]!)) refused = 'an input’s default may read only the github context'
      found.push({
        path: where,
        line: lines.linePos(node.range?.[0] ?? 0).line,
        text: m[0],
        refused,
      })
    }
  }
  visit(doc.contents as Node, [])
  return found
}

test('action.yml is YAML the runner can read: a colon inside a plain value would end it', async () => {
  const text = await readFile(path.join(repoRoot, 'action.yml'), 'utf8')
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, strict: true })
  assert.deepEqual(
    doc.errors.map((e) => `action.yml:${lines.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`),
    [],
  )
})

test('action.yml has no expression the runner refuses to load', async () => {
  const text = await readFile(path.join(repoRoot, 'action.yml'), 'utf8')
  const refused = metadataExpressions(text).filter((e) => e.refused !== undefined)
  assert.deepEqual(
    refused.map((e) => `action.yml:${e.line} ${e.path}: ${e.text}: ${e.refused}`),
    [],
    'write examples in descriptions without an expression',
  )
  // The one expression it needs: the token the comment is posted with.
  assert.deepEqual(
    metadataExpressions(text).map((e) => `${e.path} ${e.text}`),
    [`inputs.github-token.default \${{ github.token }}`],
  )
})

test('the check finds expressions in descriptions, keys and defaults that read other contexts', () => {
  const found = metadataExpressions(`name: x
description: runs \${{ inputs.config }}
inputs:
  shard:
    description: "INDEX/COUNT, e.g. \${{ matrix.shard }}/4"
  token:
    default: \${{ github.token }}
  other:
    default: \${{ secrets.TOKEN }}
  multi:
    description: |
      first line
      then \${{ env.X
outputs:
  \${{ github.sha }}:
    description: odd
runs:
  using: node24
  main: dist/index.js
`)
  assert.deepEqual(
    found.map((e) => [e.path, e.line, e.refused === undefined]),
    [
      ['description', 2, false],
      ['inputs.shard.description', 5, false],
      ['inputs.token.default', 7, true],
      ['inputs.other.default', 9, false],
      ['inputs.multi.description', 11, false],
      ['outputs (key)', 15, false],
    ],
  )
})
