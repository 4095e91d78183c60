// The unit tier's guard (no-tools.ts, loaded by `npm run test:unit`): node may start, nothing else.
// Checked in a node of its own that loads the guard, whichever tier runs this file.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'

const run = promisify(execFile)
const guard = path.join(import.meta.dirname, '..', 'no-tools.ts')

/** What `code` prints in a node that loaded the guard: each line a call's outcome. */
async function underGuard(code: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    '--import',
    guard,
    '--input-type=module',
    '-e',
    code,
  ])
  return stdout.trim().split('\n')
}

test('under the unit guard, a program other than node is refused with where the test belongs', async () => {
  const lines = await underGuard(`
    import { execFile, execFileSync, spawnSync } from 'node:child_process'
    import net from 'node:net'
    const attempt = (f) => { try { f(); console.log('ran') } catch (e) { console.log(e.message) } }
    attempt(() => execFile('git', ['--version']))
    attempt(() => spawnSync('sh', ['-c', 'true']))
    attempt(() => execFileSync('/usr/bin/env', ['node', '-e', '0']))
    console.log(execFileSync(process.execPath, ['-e', 'process.stdout.write("7")'], { encoding: 'utf8' }))
    attempt(() => net.connect({ host: '192.0.2.1', port: 9 }))
    attempt(() => net.connect({ host: '127.0.0.1', port: 9 }).on('error', () => {}).destroy())
    const { promisify } = await import('node:util')
    const promised = promisify(execFile)
    console.log((await promised(process.execPath, ['-e', 'process.stdout.write("8")'])).stdout)
    await promised('git', ['--version']).then(() => console.log('ran'), (e) => console.log(e.message))
  `)
  assert.deepEqual(lines, [
    'execFile("git", …): unit tests run no program but node; a test that needs it belongs in __tests__/e2e/',
    'spawnSync("sh", …): unit tests run no program but node; a test that needs it belongs in __tests__/e2e/',
    'execFileSync("/usr/bin/env", …): unit tests run no program but node; a test that needs it belongs in __tests__/e2e/',
    '7',
    'a connection to 192.0.2.1: unit tests run no program but node; a test that needs it belongs in __tests__/e2e/',
    'ran',
    '8',
    'execFile("git", …): unit tests run no program but node; a test that needs it belongs in __tests__/e2e/',
  ])
})
