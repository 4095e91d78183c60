// The example workflows users copy pass actionlint: syntax, expressions and the contexts they read,
// `needs:` and the matrix, permissions, and the inputs of known actions.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'
import { ACTIONLINT, goTool } from '../../support/tools.ts'

// actionlint is built with go at a pinned version.
const go = await needs('go')

function lint(actionlint: string, files: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    // -shellcheck= and -pyflakes= : the examples' run: steps are checked where those tools exist;
    // the result must not depend on what else a machine has.
    execFile(
      actionlint,
      ['-no-color', '-shellcheck=', '-pyflakes=', ...files],
      { cwd: repoRoot },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    )
  })
}

go.describe('actionlint', () => {
  let actionlint: string
  let dir: string
  before(async () => {
    actionlint = await goTool(ACTIONLINT)
    dir = await tempDir('lint')
  })
  after(() => removeDir(dir))

  test('every example workflow passes', async () => {
    const files = (await readdir(path.join(repoRoot, 'examples/workflows')))
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => path.join('examples/workflows', f))
    assert.ok(files.length >= 3, files.join(', '))
    const r = await lint(actionlint, files)
    assert.equal(r.code, 0, r.out)
  })

  test('it fails a workflow that reads a context where it does not exist', async () => {
    const file = path.join(dir, 'broken.yml')
    await writeFile(
      file,
      `on: push
jobs:
  bench:
    runs-on: ubuntu-latest
    steps:
      - uses: org/bench-action@v1
        with:
          shard: \${{ matrix.shard }}/4
`,
    )
    const r = await lint(actionlint, [file])
    assert.equal(r.code, 1, r.out)
    assert.match(r.out, /matrix/)
  })
})
