// The action runs dist/, not src/: a stale bundle ships old code. Build afresh and compare bytes.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { VERSION } from '../../src/version.ts'

const root = path.resolve(import.meta.dirname, '..', '..')
const run = promisify(execFile)

test('dist/ matches a fresh build of src/', async () => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-dist-'))
  try {
    await run(process.execPath, [path.join(root, 'scripts/build.mjs'), out], { cwd: root })
    const fresh = (await readdir(out)).sort()
    const committed = (await readdir(path.join(root, 'dist'))).sort()
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

test('action.yml runs the bundled entry on node24 and declares the outputs the entry sets', async () => {
  const yml = await readFile(path.join(root, 'action.yml'), 'utf8')
  assert.match(yml, /using: node24/)
  assert.match(yml, /main: dist\/index\.js/)
  const source = await readFile(path.join(root, 'src/action-main.ts'), 'utf8')
  const set = [...source.matchAll(/setOutput\('([a-z-]+)'/g)].map((m) => m[1]!)
  assert.ok(set.length >= 4, 'set.length >= 4')
  for (const name of set) assert.match(yml, new RegExp(`\\n  ${name}:\\n`), `output ${name} is not declared`)
  const read = [...source.matchAll(/optional\('([a-z-]+)'\)/g)].map((m) => m[1]!)
  for (const name of read) assert.match(yml, new RegExp(`\\n  ${name}:\\n`), `input ${name} is not declared`)
})
