// The bundled CLI (dist/cli.js) on Node 24 with --throw-deprecation: run (saving to the store, then
// comparing with it), a sharded run merged, and compare, with every report and export written. A
// deprecated API called anywhere on the way throws and the command fails.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before } from 'node:test'
import { parseResultSetText } from '../../../src/results.ts'
import { gitRepo, removeDir, repoRoot } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'
import { node24 } from '../../support/tools.ts'

const node = await needs('node24')

// Three runs of `true` a side: no Mann–Whitney p-value below α = 0.01, so no comparison is a regression.
const CONFIG = `suite: cli24\nbenchmarks:\n${['a', 'b', 'c'].map((n) => `  - { name: ${n}, kind: process, command: [true], runs: 3 }\n`).join('')}`

let dir: string
let nodeBinary: string
after(() => removeDir(dir))

/** A CLI command on Node 24 with --throw-deprecation, in the repository. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      nodeBinary,
      ['--throw-deprecation', path.join(repoRoot, 'dist/cli.js'), ...args],
      { cwd: dir, env: { ...process.env, NO_COLOR: '1', CI: '', GITHUB_ACTIONS: '' } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  )
}

/** The command succeeded, and Node warned of nothing (a deprecation would have thrown). */
function assertClean(run: { code: number; stdout: string; stderr: string }): void {
  const log = `${run.stdout}\n--- stderr ---\n${run.stderr}`
  assert.equal(run.code, 0, log)
  assert.doesNotMatch(run.stderr, /\(node:\d+\) \w*Warning|DEP0\d+|DeprecationWarning/, log)
}

const read = (file: string) => readFile(path.join(dir, file), 'utf8')

node.describe('the CLI on Node 24 with --throw-deprecation', () => {
  before(async () => {
    dir = await gitRepo({ 'bench.yml': CONFIG })
    nodeBinary = await node24()
  })

  node.test(
    'run saves to the store; a second run compares with it and writes every report and export',
    async () => {
      assertClean(await cli('run', '--save', '--json', 'first.json'))
      const second = await cli(
        'run',
        '--json',
        'second.json',
        '--markdown',
        'second.md',
        '--html',
        'second.html',
        '--export-csv',
        'second.csv',
        '--export-json',
        'second-hyperfine.json',
      )
      assertClean(second)
      assert.match(await read('second.md'), /\*\*Baseline:\*\*/)
      assert.match(await read('second.html'), /^<!doctype html>/i)
      const results = parseResultSetText(await read('second.json'), 'second.json')
      assert.match(results.environment.node, /^v24\./)
      assert.deepEqual(
        results.benchmarks.map((b) => b.name),
        ['a', 'b', 'c'],
      )
    },
  )

  node.test('a run in two shards, merged', async () => {
    assertClean(await cli('run', '--shard', '1/2', '--shard-output', 'shard-1.json', '--no-save'))
    assertClean(await cli('run', '--shard', '2/2', '--shard-output', 'shard-2.json', '--no-save'))
    const merged = await cli('merge', 'shard-1.json', 'shard-2.json', '--json', 'merged.json', '--no-save')
    assertClean(merged)
    assert.match(merged.stderr + merged.stdout, /merged 2 shards: 3 benchmarks/)
  })

  node.test('compare two results files', async () => {
    const compared = await cli(
      'compare',
      'first.json',
      'merged.json',
      '--markdown',
      'c.md',
      '--html',
      'c.html',
    )
    assertClean(compared)
    assert.match(await read('c.md'), /bench-action · cli24/)
  })
})
