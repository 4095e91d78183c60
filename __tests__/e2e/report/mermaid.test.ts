// The mermaid chart of a scaling curve: its text, and that mermaid itself (the npm package, loaded in
// headless Chromium because it needs a DOM) parses and renders it, hostile benchmark names included.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { ScalingSeries } from '../../../src/compare/index.ts'
import { mermaidText, plainNumber, scalingMermaid, throughputScale } from '../../../src/report/mermaid.ts'
import { chromium } from '../../support/chromium.ts'
import { removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)

function series(
  benchmark: string,
  base: Array<number | undefined>,
  head: Array<number | undefined>,
  counts = [1, 2, 4],
): ScalingSeries {
  const side = (values: Array<number | undefined>, i: number) => {
    const throughput = values[i]
    if (throughput === undefined) return undefined
    const first = values[0] ?? throughput
    return { throughput, speedup: throughput / first, efficiency: throughput / first / counts[i]! }
  }
  return {
    benchmark,
    dimension: 'threads',
    cores: 2,
    points: counts.map((count, i) => ({
      count,
      id: `${benchmark}/threads:${count}`,
      base: side(base, i),
      head: side(head, i),
      verdict: 'unchanged',
    })),
  }
}

const HOSTILE = 'evil" ]\n  line "x" [1]\n%%{init: {"theme": "dark"}}%% `**md**` #lt;b#gt; <b>[x]</b>;'

/** The diagram inside a ```mermaid block. */
function diagram(block: string): string {
  const lines = block.trimEnd().split('\n')
  assert.equal(lines[0], '```mermaid', 'the block opens a mermaid fence')
  assert.equal(lines[lines.length - 1], '```', 'the block closes its fence')
  return lines.slice(1, -1).join('\n')
}

test('throughput against the count: categories, both lines, values in a readable unit', () => {
  const block = scalingMermaid(series('queue', [2.1e6, 3.9e6, 4.2e6], [2.0e6, 3.4e6, 3.1e6]))
  assert.equal(
    block,
    [
      '```mermaid',
      'xychart-beta',
      '  title "queue: throughput by threads"',
      '  x-axis "threads" ["1", "2", "4"]',
      '  y-axis "throughput (M ops/s)" 0 --> 4.5',
      '  line "base" [2.1, 3.9, 4.2]',
      '  line "head" [2, 3.4, 3.1]',
      '```',
      '',
    ].join('\n'),
  )
})

test('no baseline: only head is drawn; a partial baseline cannot skip a count, so it is left out', () => {
  const headOnly = scalingMermaid(series('queue', [], [1500, 2500, 2600]))
  assert.match(headOnly, /y-axis "throughput \(k ops\/s\)" 0 --> 3\n/)
  assert.match(headOnly, /line "head" \[1\.5, 2\.5, 2\.6\]/)
  assert.doesNotMatch(headOnly, /line "base"/)
  const partial = scalingMermaid(series('queue', [1500, undefined, 2000], [1500, 2500, 2600]))
  assert.doesNotMatch(partial, /line "base"/)
  assert.match(partial, /line "head"/)
  // Head failed at 4 threads: the chart covers the counts head measured.
  const failed = scalingMermaid(series('queue', [1e9, 1.8e9, 2e9], [1.1e9, 1.9e9, undefined]))
  assert.match(failed, /x-axis "threads" \["1", "2"\]/)
  assert.match(failed, /y-axis "throughput \(G ops\/s\)" 0 --> 2\n/)
  assert.match(failed, /line "base" \[1, 1\.8\]/)
  assert.match(failed, /line "head" \[1\.1, 1\.9\]/)
  assert.equal(scalingMermaid(series('queue', [], [])), '', 'nothing measured: no chart')
})

test('numbers never take an exponent', () => {
  assert.equal(plainNumber(0.000000123, 0.000000123), '0.000000123')
  assert.equal(plainNumber(1.23e-7, 1), '0')
  assert.equal(plainNumber(5.4321, 5.4321), '5.43')
  assert.equal(plainNumber(123456, 123456), '123456')
  assert.equal(plainNumber(4e22, 4e22), '40000000000000000000000')
  assert.deepEqual(throughputScale([999]), { factor: 1, unit: 'ops/s' })
  assert.deepEqual(throughputScale([1e3, 12]), { factor: 1e3, unit: 'k ops/s' })
  const tiny = scalingMermaid(series('slow', [0.002, 0.003, 0.0035], [0.002, 0.0031, 0.004]))
  const huge = scalingMermaid(series('fast', [3e20, 5e20, 6e20], [3e24, 5e24, 6e24]))
  for (const block of [tiny, huge]) {
    assert.doesNotMatch(block, /\d[eE][+-]?\d/, `an exponent in:\n${block}`)
  }
  assert.match(tiny, /line "head" \[0\.002, 0\.0031, 0\.004\]/)
})

test('a hostile benchmark name stays inside the title string', () => {
  const block = scalingMermaid(series(HOSTILE, [1e6, 2e6, 3e6], [1e6, 2e6, 3e6]))
  const lines = diagram(block).split('\n')
  assert.equal(lines.length, 6, `the name added no statements:\n${block}`)
  const title = lines[1]!
  assert.match(title, /^ {2}title "[^"]*"$/, 'one quoted string, closed where it should be')
  assert.doesNotMatch(title, /[`[\]{}<>\n]|%%|#\w+;/, `nothing in the title is syntax: ${title}`)
  assert.equal((block.match(/`/g) ?? []).length, 6, 'the only backticks are the fences')
  assert.equal(mermaidText('a "b" `c`\nd'), 'a ”b” ′c′ d')
})

const chromiumGate = await needs('chromium')

interface ParseResult {
  ok: boolean
  error?: string
  svg?: boolean
}

/** Parses and renders each diagram with the mermaid package in headless Chromium. */
async function mermaidCheck(diagrams: string[]): Promise<ParseResult[]> {
  const dir = await tempDir('mermaid')
  try {
    const script = pathToFileURL(path.join(repoRoot, 'node_modules/mermaid/dist/mermaid.min.js')).href
    // JSON inside a script element: `<` is escaped so no diagram text can close the element.
    const data = JSON.stringify(diagrams).replace(/</g, '\\u003c')
    const page = `<!doctype html>
<html><head><meta charset="utf-8"></head><body>
<pre id="results">pending</pre>
<script src="${script}"></script>
<script>
(async () => {
  const out = document.getElementById('results')
  try {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' })
    const results = []
    let n = 0
    for (const text of ${data}) {
      try {
        await mermaid.parse(text)
        const { svg } = await mermaid.render('chart' + n++, text)
        results.push({ ok: true, svg: svg.includes('<svg') })
      } catch (e) {
        results.push({ ok: false, error: String((e && e.message) || e) })
      }
    }
    out.textContent = 'RESULTS ' + JSON.stringify(results)
  } catch (e) {
    out.textContent = 'BROKEN ' + String(e)
  }
})()
</script>
</body></html>
`
    const file = path.join(dir, 'check.html')
    await writeFile(file, page)
    const { stdout } = await run(
      chromium!,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        '--virtual-time-budget=20000',
        '--dump-dom',
        pathToFileURL(file).href,
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
    )
    const match = /<pre id="results">([\s\S]*?)<\/pre>/.exec(stdout)
    assert.ok(match, `Chromium dumped no results: ${stdout.slice(0, 300)}`)
    const text = match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    assert.ok(text.startsWith('RESULTS '), `the check page did not finish: ${text.slice(0, 300)}`)
    return JSON.parse(text.slice('RESULTS '.length)) as ParseResult[]
  } finally {
    await removeDir(dir)
  }
}

chromiumGate.test('mermaid parses and renders the charts, and rejects a broken one', async () => {
  const valid = [
    scalingMermaid(series('queue', [2.1e6, 3.9e6, 4.2e6], [2.0e6, 3.4e6, 3.1e6])),
    scalingMermaid(series('queue', [], [1500, 2500, 2600], [1, 2, 4, 8].slice(0, 3))),
    scalingMermaid(series(HOSTILE, [1e6, 2e6, 3e6], [1e6, 2e6, 3e6])),
    scalingMermaid(series('slow', [0.002, 0.003, 0.0035], [0.002, 0.0031, 0.004])),
  ].map(diagram)
  // The hostile name without sanitising: the check must be able to fail.
  const broken = valid[2]!.replace(/title "[^\n]*"/, `title "${HOSTILE.replace(/\n/g, ' ')}"`)
  assert.notEqual(broken, valid[2], 'the broken diagram differs from the sanitised one')
  const results = await mermaidCheck([...valid, broken])
  assert.equal(results.length, valid.length + 1, 'one result per diagram')
  valid.forEach((text, i) => {
    assert.deepEqual(results[i], { ok: true, svg: true }, `mermaid rejected:\n${text}\n${results[i]?.error}`)
  })
  const last = results[valid.length]!
  assert.equal(last.ok, false, 'mermaid accepted the unsanitised name, so this check could not fail')
  assert.match(last.error ?? '', /Parse error|Lexical error|Expecting/, 'mermaid says why')
})
