// `npm run shape`: folders, imports between them, circles, the largest files and longest functions,
// on a small tree whose answers are worked out by hand.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { areaOf, circles, renderShape, shapeOf } from '../../../scripts/shape.mjs'

const root = mkdtempSync(path.join(tmpdir(), 'shape-'))
after(() => rmSync(root, { recursive: true, force: true }))
const write = (file: string, lines: string[]) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), `${lines.join('\n')}\n`)
}
write('src/a/x.ts', ["import { y } from '../b/y.ts'", 'export function f() {', '  return y', '}'])
write('src/a/z.ts', ["import { f } from './x.ts'", 'export function g() {', '  return f', '}'])
write('src/b/y.ts', [
  "import { g } from '../a/z.ts'",
  'export const y = 1',
  'export const h = () => {',
  '  g()',
  '  return 2',
  '}',
])
write('src/main.ts', ["import './a/x.ts'", "const load = () => import('./b/y.ts')"])
write('src/types.d.ts', ['export type T = number'])

test('folders, the imports between them and the circles they form', () => {
  const shape = shapeOf(root)
  assert.equal(shape.files, 4, 'declaration files are left out')
  assert.equal(shape.lines, 4 + 4 + 6 + 2)
  assert.deepEqual(shape.folders, [
    { folder: '.', files: 1, lines: 2 },
    { folder: 'a', files: 2, lines: 8 },
    { folder: 'b', files: 1, lines: 6 },
  ])
  // main.ts's dynamic import counts like a static one; z.ts → x.ts stays inside a/.
  assert.deepEqual(shape.folderImports, [
    { from: '.', to: 'a', count: 1 },
    { from: '.', to: 'b', count: 1 },
    { from: 'a', to: 'b', count: 1 },
    { from: 'b', to: 'a', count: 1 },
  ])
  assert.deepEqual(shape.folderCircles, [['a', 'b']])
  // One import each way: both are listed as running against the other.
  assert.deepEqual(shape.mutual, [
    { folders: ['a', 'b'], against: ['src/a/x.ts → src/b/y.ts', 'src/b/y.ts → src/a/z.ts'] },
  ])
  assert.deepEqual(shape.fileCircles, [['src/a/x.ts', 'src/a/z.ts', 'src/b/y.ts']])
})

test('layers: entry files apart, a folder with its subfolders, a circle as one layer, the imports that run back up', () => {
  const shape = shapeOf(root)
  // main.ts imports a/ and b/, and nothing imports it: an entry. a/ and b/ import each other: one layer.
  assert.deepEqual(shape.entries, ['src/main.ts'])
  assert.deepEqual(shape.layers, [{ layer: 0, folders: ['a + b'] }])
  assert.deepEqual(shape.areaCircles, [
    { folders: ['a', 'b'], against: ['src/a/x.ts → src/b/y.ts', 'src/b/y.ts → src/a/z.ts'] },
  ])

  const chain = mkdtempSync(path.join(tmpdir(), 'shape-chain-'))
  try {
    const put = (file: string, lines: string[]) => {
      mkdirSync(path.dirname(path.join(chain, file)), { recursive: true })
      writeFileSync(path.join(chain, file), `${lines.join('\n')}\n`)
    }
    put('src/k/index.ts', ["import { x } from './p/x.ts'", 'export const k = x'])
    put('src/k/p/x.ts', ["import { y } from '../../c/y.ts'", 'export const x = y'])
    put('src/c/y.ts', ["import { u } from '../util.ts'", 'export const y = u'])
    put('src/util.ts', ['export const u = 1'])
    put('src/run.ts', ["import { k } from './k/index.ts'", 'void k'])
    const c = shapeOf(chain)
    assert.equal(areaOf('src/k/p/x.ts'), 'k')
    assert.equal(areaOf('src/util.ts'), '.')
    // util.ts is imported, so it is no entry; k/p/ counts with k/.
    assert.deepEqual(c.entries, ['src/run.ts'])
    assert.deepEqual(c.layers, [
      { layer: 0, folders: ['.'] },
      { layer: 1, folders: ['c'] },
      { layer: 2, folders: ['k'] },
    ])
    assert.deepEqual(c.areaCircles, [])
    assert.match(renderShape(c), /^\| 2 \| k \|$/m)
  } finally {
    rmSync(chain, { recursive: true, force: true })
  }
})

test('the largest files and the longest functions, named as they are assigned', () => {
  const shape = shapeOf(root)
  assert.deepEqual(shape.largestFiles, [
    { file: 'src/b/y.ts', lines: 6 },
    { file: 'src/a/x.ts', lines: 4 },
    { file: 'src/a/z.ts', lines: 4 },
    { file: 'src/main.ts', lines: 2 },
  ])
  assert.deepEqual(
    shape.longestFunctions.map((f) => `${f.name} ${f.file}:${f.line} ${f.lines}`),
    ['h src/b/y.ts:3 4', 'f src/a/x.ts:2 3', 'g src/a/z.ts:2 3', 'load src/main.ts:2 1'],
  )
  assert.equal(shape.functionsOver80, 0)
  assert.equal(shape.filesOver400, 0)
  const text = renderShape(shape)
  assert.match(text, /^# Shape of src\/: 4 files, 16 lines$/m)
  assert.match(text, /^- a ↔ b$/m)
  assert.match(text, /^\| h \| src\/b\/y\.ts:3 \| 4 \|$/m)
})

test('circles: only components of more than one node; a chain is none', () => {
  const graph = (edges: [string, string][]) => {
    const g = new Map<string, Set<string>>()
    for (const [from, to] of edges) {
      if (!g.has(from)) g.set(from, new Set())
      if (!g.has(to)) g.set(to, new Set())
      g.get(from)!.add(to)
    }
    return g
  }
  assert.deepEqual(
    circles(
      graph([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ),
    [],
  )
  assert.deepEqual(
    circles(
      graph([
        ['c', 'd'],
        ['d', 'c'],
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'c'],
      ]),
    ),
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
  )
  assert.deepEqual(circles(graph([['a', 'a']])), [], 'a file that imports itself is not a circle of files')
})
