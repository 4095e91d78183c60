// What is said of a program that is not there: where a path was looked for, or that a name is not on
// PATH, and the name it most likely meant when one is close (at most a third of its letters apart).
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { notFoundText } from '../../../src/system/not-found.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'not-found-'))
after(() => rmSync(dir, { recursive: true, force: true }))
mkdirSync(path.join(dir, 'build'))
for (const f of ['build/bench', 'build/work', 'run.sh']) writeFileSync(path.join(dir, f), '')
const bin = path.join(dir, 'bin')
mkdirSync(bin)
for (const f of ['gcc-12', 'hyperfine']) writeFileSync(path.join(bin, f), '')

test('a relative path: where it was looked for, and a file beside it one letter apart', () => {
  // bnech → bench: a transposition is two edits, and a third of five letters rounds down to one.
  assert.equal(notFoundText('./build/bnech', dir), `not found (a path is relative to ${dir})`)
  assert.equal(
    notFoundText('./build/benhc', dir),
    `not found (a path is relative to ${dir})`,
    'two edits from bench: too far for five letters',
  )
  assert.equal(
    notFoundText('./build/bech', dir),
    `not found (a path is relative to ${dir}; did you mean ./build/bench?)`,
  )
  assert.equal(notFoundText('run.zsh', dir, { PATH: bin }), 'not found (not on PATH)')
  assert.equal(
    notFoundText('./run.sj', dir),
    `not found (a path is relative to ${dir}; did you mean ./run.sh?)`,
  )
  // The directory itself is missing: nothing beside it to suggest.
  assert.equal(notFoundText('./nowhere/bench', dir), `not found (a path is relative to ${dir})`)
})

test('an absolute path: no such file, with the same suggestion', () => {
  assert.equal(
    notFoundText(path.join(dir, 'build', 'wrk'), '/elsewhere'),
    `not found (no such file; did you mean ${path.join(dir, 'build', 'work')}?)`,
  )
})

test('a bare name: not on PATH, and a program on PATH a third of its letters apart', () => {
  // gcc-99 → gcc-12: two edits, and six letters allow two.
  assert.equal(notFoundText('gcc-99', dir, { PATH: bin }), 'not found (not on PATH; did you mean gcc-12?)')
  assert.equal(
    notFoundText('hyperfin', dir, { PATH: bin }),
    'not found (not on PATH; did you mean hyperfine?)',
  )
  assert.equal(notFoundText('valgrind', dir, { PATH: bin }), 'not found (not on PATH)')
  // Every directory of PATH is read, missing ones skipped.
  assert.equal(
    notFoundText('gcc-1', dir, { PATH: [path.join(dir, 'none'), bin].join(path.delimiter) }),
    'not found (not on PATH; did you mean gcc-12?)',
  )
  assert.equal(notFoundText('gcc-12x', dir, { PATH: '' }), 'not found (not on PATH)')
})
