// The Node that package.json names against the Node that what `npm ci` installs declares. engines.node
// is for the bundle's users (dist/ has no runtime dependency); devEngines.runtime is for development,
// and npm refuses to install on a Node outside it. Every package in package-lock.json must take every
// Node of the development range, or `npm ci` warns EBADENGINE on a Node that package.json admits.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import semver from 'semver'

const root = path.resolve(import.meta.dirname, '..', '..', '..')

interface LockFile {
  packages: Record<string, { version?: string; engines?: Record<string, string> }>
}

interface PackageJson {
  engines: { node: string }
  devEngines?: { runtime?: { name?: string; version?: string; onFail?: string } }
}

/**
 * The installed packages of a lock file (the project itself, at "", apart) whose engines.node leaves
 * out some Node of `range`, as "<path> <version> needs node <their range>".
 */
function narrowerEngines(lock: LockFile, range: string): string[] {
  const narrower: string[] = []
  for (const [where, entry] of Object.entries(lock.packages)) {
    const node = entry.engines?.node
    if (where === '' || node === undefined) continue
    if (semver.validRange(node) === null || !semver.subset(range, node))
      narrower.push(`${where} ${entry.version} needs node ${node}`)
  }
  return narrower
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T

test('a package whose engines leave out part of the range is named, with the Node it needs', () => {
  const lock: LockFile = {
    packages: {
      '': { version: '0.1.0', engines: { node: '>=99' } },
      'node_modules/old-floor': { version: '1.0.0', engines: { node: '>=18' } },
      'node_modules/newer-floor': { version: '2.0.0', engines: { node: '>=22.12.0' } },
      'node_modules/skips-21': { version: '3.0.0', engines: { node: '20 || >=22' } },
      'node_modules/late-20': { version: '4.0.0', engines: { node: '^20.17.0 || >=22.9.0' } },
      'node_modules/no-engines': { version: '5.0.0' },
      'node_modules/npm-only': { version: '6.0.0', engines: { npm: '>=7' } },
      'node_modules/unreadable': { version: '7.0.0', engines: { node: 'twenty' } },
    },
  }
  assert.deepEqual(narrowerEngines(lock, '^20.19.0 || ^22.13.0 || >=24'), [
    'node_modules/newer-floor 2.0.0 needs node >=22.12.0',
    'node_modules/unreadable 7.0.0 needs node twenty',
  ])
  // ">=20" takes 20.0.0 (before 20.17) and 21: three packages leave some of it out.
  assert.deepEqual(narrowerEngines(lock, '>=20'), [
    'node_modules/newer-floor 2.0.0 needs node >=22.12.0',
    'node_modules/skips-21 3.0.0 needs node 20 || >=22',
    'node_modules/late-20 4.0.0 needs node ^20.17.0 || >=22.9.0',
    'node_modules/unreadable 7.0.0 needs node twenty',
  ])
})

test('every package npm ci installs runs on every Node package.json names for development', () => {
  const pkg = readJson<PackageJson>('package.json')
  const development = pkg.devEngines?.runtime?.version ?? pkg.engines.node
  assert.deepEqual(narrowerEngines(readJson<LockFile>('package-lock.json'), development), [])
})

test('development needs a Node the bundle runs on, and npm refuses any other', () => {
  const pkg = readJson<PackageJson>('package.json')
  const runtime = pkg.devEngines?.runtime
  assert.equal(runtime?.name, 'node')
  assert.equal(runtime?.onFail, 'error')
  assert.ok(
    semver.subset(runtime?.version ?? '', pkg.engines.node),
    `devEngines ${runtime?.version} lies within engines ${pkg.engines.node}`,
  )
})
