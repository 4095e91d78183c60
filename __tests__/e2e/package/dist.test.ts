// The action runs dist/, not src/: a stale bundle ships old code. Build afresh and compare bytes.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { VERSION } from '../../../src/version.ts'

const root = path.resolve(import.meta.dirname, '..', '..', '..')
const run = promisify(execFile)

test('dist/ matches a fresh build of src/', async () => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-dist-'))
  try {
    await run(process.execPath, [path.join(root, 'scripts/build.mjs'), out], { cwd: root })
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort()
    const fresh = await files(out)
    const committed = await files(path.join(root, 'dist'))
    assert.deepEqual(committed, fresh, 'dist/ has different files than a fresh build')
    for (const name of fresh) {
      const a = await readFile(path.join(out, name), 'utf8')
      const b = await readFile(path.join(root, 'dist', name), 'utf8')
      assert.ok(a === b, `dist/${name} is stale: run "npm run build" and commit dist/`)
    }
  } finally {
    await rm(out, { recursive: true, force: true })
  }
})

test('the version in the code is the package version', async () => {
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string }
  assert.equal(VERSION, pkg.version)
})

// That the inputs and outputs the entry reads and sets are the ones action.yml declares is
// __tests__/unit/action/inputs-names.test.ts.
test('action.yml runs the bundled entry on node24', async () => {
  const yml = await readFile(path.join(root, 'action.yml'), 'utf8')
  assert.match(yml, /using: node24/)
  assert.match(yml, /main: dist\/index\.js/)
})
