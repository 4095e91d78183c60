// The unit tier's guard (no-tools.ts, loaded by `npm run test:unit`): node may start, nothing else.
import assert from 'node:assert/strict'
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import net from 'node:net'
import { test } from 'node:test'

const guarded = process.execArgv.some((a) => a.includes('no-tools'))

test('under the unit guard, a program other than node is refused with where the test belongs', {
  skip: !guarded && 'run by npm run test:unit',
}, () => {
  assert.throws(
    () => execFile('git', ['--version']),
    /^Error: execFile\("git", …\): unit tests run no program but node; a test that needs it belongs in __tests__\/e2e\/$/,
  )
  assert.throws(
    () => spawnSync('sh', ['-c', 'true']),
    /spawnSync\("sh", …\): unit tests run no program but node/,
  )
  assert.throws(
    () => execFileSync('/usr/bin/env', ['node', '-e', '0']),
    /execFileSync\("\/usr\/bin\/env", …\)/,
  )
  // node itself runs.
  assert.equal(execFileSync(process.execPath, ['-e', 'process.stdout.write("7")'], { encoding: 'utf8' }), '7')
  // A connection beyond this machine is refused before it is tried; loopback is not.
  assert.throws(() => net.connect({ host: '192.0.2.1', port: 9 }), /a connection to 192\.0\.2\.1: unit tests/)
  const local = net.connect({ host: '127.0.0.1', port: 9 })
  local.on('error', () => {})
  local.destroy()
})
