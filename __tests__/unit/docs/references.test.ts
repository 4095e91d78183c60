// The design is written in docs/ (ARCHITECTURE.md, methodology.md, FORMATS.md), and the code and the
// documents point into each other by file and heading: `docs/methodology.md#the-estimate`. Every such
// reference must name a document that exists and a heading it has, so a renamed heading or a moved
// section breaks a test instead of leaving a reader at the top of a page.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { repoRoot as root } from '../../support/helpers.ts'

/** The files under a folder of the repository whose names end so, as paths from the root. */
const filesUnder = (dir: string, ends: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ends))
    .map((name) => `${dir}/${name}`)
    .sort()

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a markdown file's headings, the second of the same text with -1, and so on. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  let fenced = false
  for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!m) continue
    const base = anchorOf(m[1]!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

test('headings become the anchors GitHub gives them', () => {
  assert.equal(anchorOf('Across moments: the drift allowance'), 'across-moments-the-drift-allowance')
  assert.equal(anchorOf('1. Results file'), '1-results-file')
  assert.equal(anchorOf('Values not all above 0'), 'values-not-all-above-0')
  assert.equal(anchorOf('The `gate` and `alpha`'), 'the-gate-and-alpha')
  assert.equal(anchorOf('Busy machines, like for like'), 'busy-machines-like-for-like')
  assert.equal(anchorOf('What counts as drift?'), 'what-counts-as-drift')
})

test('every reference into docs/ from the code, the tests, the README and the documents names a file and a heading that exist', () => {
  const sources = [
    ...filesUnder('src', '.ts'),
    ...filesUnder('__tests__', '.ts'),
    ...filesUnder('docs', '.md'),
    'README.md',
  ]
  const reference = /\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g
  const broken: string[] = []
  let count = 0
  for (const source of sources) {
    const text = readFileSync(path.join(root, source), 'utf8')
    for (const m of text.matchAll(reference)) {
      count++
      const doc = `docs/${m[1]}`
      let anchors: Set<string>
      try {
        anchors = anchorsOf(doc)
      } catch {
        broken.push(`${source}: ${m[0]} (no such document)`)
        continue
      }
      if (m[2] !== undefined && !anchors.has(m[2])) broken.push(`${source}: ${m[0]} (no such heading)`)
    }
  }
  assert.deepEqual(broken, [])
  assert.ok(count >= 20, `only ${count} references found: is the pattern still right?`)
})

test('the code and the tests cite the documents in the repository, not a design kept elsewhere', () => {
  const stale = [...filesUnder('src', '.ts'), ...filesUnder('__tests__', '.ts')].filter((f) =>
    /DESIGN \u00a7/.test(readFileSync(path.join(root, f), 'utf8')),
  )
  assert.deepEqual(stale, [])
})

test('every relative link of the README and the documents leads to a file that exists, and to a heading it has', () => {
  const documents = ['README.md', ...filesUnder('docs', '.md'), ...filesUnder('runners', '.md')].filter(
    (f) => !f.includes('/target/') && !f.includes('zig-cache'),
  )
  const link = /\]\(([^)\s]*)\)/g
  const broken: string[] = []
  let count = 0
  for (const document of documents) {
    const text = readFileSync(path.join(root, document), 'utf8').replace(/```[\s\S]*?```/g, '')
    for (const [, target] of text.matchAll(link)) {
      if (/^[a-z]+:/.test(target!)) continue
      count++
      const [file, anchor] = target!.split('#') as [string, string | undefined]
      const resolved =
        file === '' ? document : path.posix.normalize(path.posix.join(path.posix.dirname(document), file))
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${document}: ${target} (no such file)`)
        continue
      }
      const anchors = resolved.endsWith('.md') ? anchorsOf(resolved) : undefined
      if (anchor !== undefined && anchors && !anchors.has(anchor))
        broken.push(`${document}: ${target} (no such heading)`)
    }
  }
  assert.deepEqual(broken, [])
  assert.ok(count >= 40, `only ${count} links found: is the pattern still right?`)
})
