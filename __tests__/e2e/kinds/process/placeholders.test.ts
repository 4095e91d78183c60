// Braces in a process benchmark's command, run for real: `{{` and `}}` reach the program as one brace, and a
// `{word}` that names no parameter stops the run before anything is measured, saying where and how to
// write it.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { after, test } from 'node:test'
import { cli, gitRepo, removeDir } from '../../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

test('{{ and }} reach the program as one brace each', async () => {
  const dir = await gitRepo({
    'bench.yml': `suite: braces
defaults: { runs: 2, warmup: 0 }
benchmarks:
  - name: echo
    kind: process
    command: [echo, "{{n}} {{}} }}{{"]
    output: out.txt
`,
  })
  dirs.push(dir)
  const r = await cli(['run', '--no-save'], dir)
  assert.equal(r.code, 0, r.stderr)
  // Each run's stdout, appended.
  assert.equal(await readFile(path.join(dir, 'out.txt'), 'utf8'), '{n} {} }{\n{n} {} }{\n')
})

test("awk '{print}' in a benchmark without parameters is a config error with the escape", async () => {
  const dir = await gitRepo({
    'bench.yml': `suite: braces
benchmarks:
  - { name: a, kind: process, command: ["true"] }
  - { name: b, kind: process, command: ["true"] }
  - name: awk
    kind: process
    command: awk '{print}' data.txt
`,
  })
  dirs.push(dir)
  const r = await cli(['run', '--no-save'], dir)
  assert.equal(r.code, 2, r.stderr)
  assert.ok(
    r.stderr.includes(
      `bench.yml:7:14: benchmarks[2].command: expected {print} to name a parameter (this benchmark has none), got "awk '{print}' data.txt"; write {{print}} for a literal {print}`,
    ),
    r.stderr,
  )
  assert.doesNotMatch(r.stdout, /awk/)
})
