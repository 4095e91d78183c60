// Committed outputs ("goldens"): reports rendered from captured results, kept so a reviewer sees what
// users see. A test compares what the code renders with the committed file and fails with the
// difference. The tests never rewrite them: `npm run update-outputs` does, after the same invariants
// the tests check have held for what it writes — so a rewrite cannot make a wrong report the truth.
import assert from 'node:assert/strict'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Comparison } from '../../src/compare/index.ts'

/** Set by scripts/update-outputs.mjs, never by hand in a test run. */
const WRITE = process.env.BENCH_ACTION_WRITE_OUTPUTS === '1'

/**
 * Checks `actual` against the committed `file`: first the invariants (always, also when writing),
 * then the bytes. With `npm run update-outputs` it writes the file instead of comparing.
 */
export async function golden(
  file: string,
  actual: string,
  invariants: (text: string) => void,
): Promise<void> {
  invariants(actual)
  if (WRITE) {
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, actual)
    return
  }
  const expected = await readFile(file, 'utf8')
  assert.equal(
    actual,
    expected,
    `${file} differs from the committed output: review the difference; if it is right, run npm run update-outputs and commit it`,
  )
}

const UNITS: Record<string, number> = {
  ns: 1e-9,
  µs: 1e-6,
  us: 1e-6,
  ms: 1e-3,
  s: 1,
  B: 1,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  '%': 1,
}

/** A value as a report prints it ("24.8 ms", "1,234", "466 M ops/s", "48.7%"), or undefined. */
export function parseShown(cell: string): number | undefined {
  const m = /^([\d,]+(?:\.\d+)?)\s*(k|M|G)?\s*([^\s±]*)/.exec(cell.trim())
  if (!m) return undefined
  const value = Number(m[1]!.replace(/,/g, ''))
  const scale = m[2] === 'k' ? 1e3 : m[2] === 'M' ? 1e6 : m[2] === 'G' ? 1e9 : 1
  const unit = m[3] ?? ''
  const factor = unit === '' || !(unit in UNITS) ? 1 : UNITS[unit]!
  return value * scale * factor
}

/** Metrics where more is better; a regression of one of them is a fall. */
const HIGHER_IS_BETTER = /throughput|speedup|efficiency|ops\/s|B\/s/

/**
 * The invariants of a markdown report's comparison tables: no infinite change or interval; a change's
 * sign agrees with base and head as shown; a regression or an improvement moved the way its metric's
 * direction says; and the counts line names as many verdicts as the comparison has.
 */
export function markdownReportInvariants(c: Comparison): (md: string) => void {
  return (md) => {
    const problems: string[] = []
    const header = md.split('\n').find((l) => /^\d+ regressions? · /.test(l) || /^0 regressions/.test(l))
    if (!header) problems.push('no counts line')
    else if (!header.startsWith(`${c.counts.regression} regression`))
      problems.push(`the counts line says "${header}", the comparison ${c.counts.regression} regressions`)
    for (const line of md.split('\n')) {
      if (!line.startsWith('| ') || line.startsWith('| Benchmark') || line.startsWith('|---')) continue
      const cells = line
        .replace(/\\\|/g, '\u0000')
        .split('|')
        .slice(1, -1)
        .map((s) => s.trim())
      if (cells.length !== 8) continue
      const [, metric, base, head, change, interval, , verdict] = cells as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ]
      if (/∞/.test(change) || /∞/.test(interval)) problems.push(`an infinite change or interval: ${line}`)
      const b = parseShown(base)
      const h = parseShown(head)
      const sign = change.replace(/\*/g, '').charAt(0)
      if (b !== undefined && h !== undefined && base !== head && change !== '') {
        if (h > b && sign === '-') problems.push(`head above base, change negative: ${line}`)
        if (h < b && sign === '+') problems.push(`head below base, change positive: ${line}`)
      }
      const higher = HIGHER_IS_BETTER.test(metric)
      if (/regression/.test(verdict) && !/not gated|follows/.test(verdict)) {
        if ((higher && sign === '+') || (!higher && sign === '-'))
          problems.push(`a regression that moved the good way: ${line}`)
      }
      if (/improvement/.test(verdict) && !/not gated|follows/.test(verdict)) {
        if ((higher && sign === '-') || (!higher && sign === '+'))
          problems.push(`an improvement that moved the bad way: ${line}`)
      }
    }
    assert.deepEqual(problems, [], 'the report breaks an invariant')
  }
}
