// `npm run shape`: the shape of src/ as its imports and definitions show it, in markdown: lines and
// files per folder, the imports between folders, folders that import each other (and the imports
// that close each such circle), the layers of the top-level folders, the largest files and the longest
// functions. Read from the code
// with the TypeScript parser; nothing is run. `npm run shape -- --json` prints the same as JSON.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { importsOf } from './mutation-groups.mjs'

/** Every `.ts` file under dir (not `.d.ts`), as paths relative to root with forward slashes, sorted. */
export function sourceFiles(root, dir = 'src') {
  const out = []
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sourceFiles(root, rel))
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(rel)
  }
  return out.sort()
}

/** The folder a file belongs to, relative to src/: `report` for src/report/x.ts, `.` for src/x.ts. */
export function folderOf(file, base = 'src') {
  const dir = path.posix.dirname(path.posix.relative(base, file))
  return dir === '' ? '.' : dir
}

/** The top-level folder a file belongs to, relative to src/: `kinds` for src/kinds/process/x.ts, `.` for src/x.ts. */
export function areaOf(file, base = 'src') {
  const rel = path.posix.relative(base, file)
  const slash = rel.indexOf('/')
  return slash < 0 ? '.' : rel.slice(0, slash)
}

/**
 * The layers of the top-level folders (each with its subfolders), the entry files (files directly in
 * src/ that nothing imports) left apart: folders in a circle count as one, and a folder's layer is one
 * above the highest layer it imports (0: it imports none). Each circle lists, for each pair of its
 * folders that import each other, the imports of the thinner direction: the ones that run back up.
 */
export function layersOf(modules, base = 'src') {
  const imported = new Set(modules.flatMap((m) => m.imports))
  const entries = modules
    .filter((m) => areaOf(m.file, base) === '.' && !imported.has(m.file))
    .map((m) => m.file)
  const entrySet = new Set(entries)
  const graph = new Map()
  const edges = new Map()
  for (const m of modules) {
    if (entrySet.has(m.file)) continue
    const from = areaOf(m.file, base)
    if (!graph.has(from)) graph.set(from, new Set())
    for (const t of m.imports) {
      const to = areaOf(t, base)
      if (to === from || entrySet.has(t) || !modules.some((x) => x.file === t)) continue
      graph.get(from).add(to)
      const key = `${from} → ${to}`
      edges.set(key, [...(edges.get(key) ?? []), `${m.file} → ${t}`])
    }
  }
  const parts = components(graph)
  const partOf = new Map(parts.flatMap((p, i) => p.map((a) => [a, i])))
  const layer = new Map()
  const layerOf = (i) => {
    if (layer.has(i)) return layer.get(i)
    let above = -1
    for (const a of parts[i])
      for (const to of graph.get(a))
        if (partOf.get(to) !== i) above = Math.max(above, layerOf(partOf.get(to)))
    layer.set(i, above + 1)
    return above + 1
  }
  const byLayer = new Map()
  parts.forEach((p, i) => {
    const n = layerOf(i)
    byLayer.set(n, [...(byLayer.get(n) ?? []), p.join(' + ')])
  })
  const areaCircles = parts
    .filter((p) => p.length > 1)
    .map((p) => {
      const against = []
      for (const a of p)
        for (const b of p) {
          if (a >= b) continue
          const there = edges.get(`${a} → ${b}`) ?? []
          const back = edges.get(`${b} → ${a}`) ?? []
          if (there.length === 0 || back.length === 0) continue
          if (there.length === back.length) against.push(...there, ...back)
          else against.push(...(there.length < back.length ? there : back))
        }
      return { folders: p, against }
    })
  return {
    entries,
    layers: [...byLayer.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([n, folders]) => ({ layer: n, folders: folders.sort() })),
    areaCircles,
  }
}

/** A function's name for the table: its own, the variable or property it is assigned to, or `(anonymous)`. */
function functionName(node) {
  if (
    node.name &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))
  )
    return node.name.text
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  return '(anonymous)'
}

/** One file's relative imports and its functions with their line counts (first line to last, both included). */
export function readModule(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const functions = []
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1
  const visit = (node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)) &&
      node.body
    ) {
      const first = lineOf(node.getStart(source))
      const last = lineOf(node.getEnd())
      functions.push({ file, name: functionName(node), line: first, lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return {
    file,
    lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
    imports: importsOf(root, file),
    functions,
  }
}

/**
 * Strongly connected components of a directed graph given as Map<node, Set<node>> (Tarjan's
 * algorithm), each sorted, only those of more than one node, sorted by their first node.
 */
export function circles(graph) {
  return components(graph).filter((c) => c.length > 1)
}

/** Every strongly connected component of a graph (a node alone is one), each sorted, sorted by first node. */
export function components(graph) {
  let index = 0
  const indices = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const out = []
  const connect = (v) => {
    indices.set(v, index)
    low.set(v, index)
    index++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indices.get(w)))
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      out.push(component.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) connect(v)
  return out.sort((a, b) => a[0].localeCompare(b[0]))
}

/** The shape of the source tree under root/src. */
export function shapeOf(root, base = 'src') {
  const modules = sourceFiles(root, base).map((file) => readModule(root, file))
  const known = new Set(modules.map((m) => m.file))
  const folders = new Map()
  const fileGraph = new Map()
  const folderEdges = new Map()
  for (const m of modules) {
    const folder = folderOf(m.file, base)
    const entry = folders.get(folder) ?? { folder, files: 0, lines: 0 }
    entry.files++
    entry.lines += m.lines
    folders.set(folder, entry)
    const targets = new Set(m.imports.filter((t) => known.has(t)))
    fileGraph.set(m.file, targets)
    for (const t of targets) {
      const to = folderOf(t, base)
      if (to === folder) continue
      const key = `${folder} → ${to}`
      const edge = folderEdges.get(key) ?? { from: folder, to, imports: [] }
      edge.imports.push(`${m.file} → ${t}`)
      folderEdges.set(key, edge)
    }
  }
  const folderGraph = new Map([...folders.keys()].map((f) => [f, new Set()]))
  for (const e of folderEdges.values()) folderGraph.get(e.from).add(e.to)
  // Folders that import each other: for each pair both ways, the direction with fewer imports is
  // the one that runs against the other (ties list both).
  const mutual = []
  for (const e of folderEdges.values()) {
    const back = folderEdges.get(`${e.to} → ${e.from}`)
    if (!back || e.from > e.to) continue
    const [fewer, more] = e.imports.length <= back.imports.length ? [e, back] : [back, e]
    mutual.push({
      folders: [e.from, e.to],
      against:
        fewer.imports.length === more.imports.length ? [...fewer.imports, ...more.imports] : fewer.imports,
    })
  }
  const functions = modules.flatMap((m) => m.functions)
  const { entries, layers, areaCircles } = layersOf(modules, base)
  return {
    files: modules.length,
    lines: modules.reduce((sum, m) => sum + m.lines, 0),
    folders: [...folders.values()].sort((a, b) => a.folder.localeCompare(b.folder)),
    folderImports: [...folderEdges.values()]
      .map((e) => ({ from: e.from, to: e.to, count: e.imports.length }))
      .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
    folderCircles: circles(folderGraph),
    mutual,
    fileCircles: circles(fileGraph),
    entries,
    layers,
    areaCircles,
    largestFiles: modules
      .map((m) => ({ file: m.file, lines: m.lines }))
      .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
      .slice(0, 10),
    longestFunctions: [...functions]
      .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line)
      .slice(0, 10),
    functionsOver80: functions.filter((f) => f.lines > 80).length,
    filesOver400: modules.filter((m) => m.lines > 400).length,
  }
}

/** The shape as markdown. */
export function renderShape(shape) {
  const out = [
    `# Shape of src/: ${shape.files} files, ${shape.lines} lines`,
    '',
    `Files over 400 lines: ${shape.filesOver400}. Functions over 80 lines: ${shape.functionsOver80}.`,
    '',
    '## Folders',
    '',
    '| folder | files | lines |',
    '|---|---|---|',
    ...shape.folders.map((f) => `| ${f.folder} | ${f.files} | ${f.lines} |`),
    '',
    '## Imports between folders',
    '',
    '| from | to | imports |',
    '|---|---|---|',
    ...shape.folderImports.map((e) => `| ${e.from} | ${e.to} | ${e.count} |`),
    '',
    '## Folders in a circle of imports',
    '',
    ...(shape.folderCircles.length === 0 ? ['None.'] : shape.folderCircles.map((c) => `- ${c.join(', ')}`)),
    '',
    '## Folders that import each other, and the imports of the thinner direction',
    '',
    ...(shape.mutual.length === 0
      ? ['None.']
      : shape.mutual.flatMap((m) => [`- ${m.folders.join(' ↔ ')}`, ...m.against.map((i) => `  - ${i}`)])),
    '',
    '## Layers of the top-level folders',
    '',
    `Entry files, apart: ${shape.entries.join(', ') || 'none'}. A folder counts with its subfolders; a layer imports only layers below it.`,
    '',
    '| layer | folders |',
    '|---|---|',
    ...shape.layers.map((l) => `| ${l.layer} | ${l.folders.join(', ')} |`),
    '',
    '## Top-level folders in a circle, and the imports that run back up',
    '',
    ...(shape.areaCircles.length === 0
      ? ['None.']
      : shape.areaCircles.flatMap((c) => [`- ${c.folders.join(', ')}`, ...c.against.map((i) => `  - ${i}`)])),
    '',
    '## Files in a circle of imports',
    '',
    ...(shape.fileCircles.length === 0 ? ['None.'] : shape.fileCircles.map((c) => `- ${c.join(', ')}`)),
    '',
    '## Largest files',
    '',
    '| file | lines |',
    '|---|---|',
    ...shape.largestFiles.map((f) => `| ${f.file} | ${f.lines} |`),
    '',
    '## Longest functions',
    '',
    '| function | where | lines |',
    '|---|---|---|',
    ...shape.longestFunctions.map((f) => `| ${f.name} | ${f.file}:${f.line} | ${f.lines} |`),
  ]
  return `${out.join('\n')}\n`
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const shape = shapeOf(root)
  process.stdout.write(
    process.argv.includes('--json') ? `${JSON.stringify(shape, null, 2)}\n` : renderShape(shape),
  )
}
