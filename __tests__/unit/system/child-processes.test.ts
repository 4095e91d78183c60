// Two modules start processes: src/system/command.ts (tools, setup steps, git) and
// src/measure/launch.ts (everything measured). Nothing else in src/ imports node:child_process, not
// even for a type: process-group.ts describes the little it needs of a child itself.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'

const SRC = path.resolve(import.meta.dirname, '..', '../../src')
const STARTERS = ['src/system/command.ts', 'src/measure/launch.ts']

/** Every file under src/, as a path from the repository's root. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return [path.relative(path.dirname(SRC), full).split(path.sep).join('/')]
  })
}

/** `import … from`, `export … from`, `import(…)` and `require(…)` of child_process, with or without `node:`. */
const CHILD_PROCESS =
  /\b(?:from|import|require)\s*\(?\s*['"](?:node:)?child_process['"]|\bimport\s*['"](?:node:)?child_process['"]/

function importsChildProcess(text: string): boolean {
  return CHILD_PROCESS.test(text)
}

test('the import pattern sees every way of loading child_process', () => {
  for (const text of [
    "import { spawn } from 'node:child_process'",
    'import type { ChildProcess } from "node:child_process"',
    "import childProcess from 'child_process'",
    "export { spawn } from 'node:child_process'",
    "const cp = await import('node:child_process')",
    "const cp = require('child_process')",
    "import 'node:child_process'",
  ]) {
    assert.ok(importsChildProcess(text), text)
  }
  for (const text of [
    "import { spawn } from './child_process.ts'",
    '// node:child_process is not imported',
  ]) {
    assert.ok(!importsChildProcess(text), text)
  }
})

test('only command.ts and launch.ts import node:child_process', () => {
  const files = sourceFiles()
  for (const file of STARTERS) assert.ok(files.includes(file), `${file} is missing`)
  const importing = files.filter((file) =>
    importsChildProcess(readFileSync(path.join(SRC, '..', file), 'utf8')),
  )
  assert.deepEqual(
    importing.sort(),
    [...STARTERS].sort(),
    'a process is started through runCommand (src/system/command.ts) or, when it is measured, launch (src/measure/launch.ts)',
  )
})
