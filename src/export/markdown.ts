// hyperfine's `--export-markdown`: a table of `Command`, `Mean`, `Min` and `Max` in one unit, and
// `Relative`, each result's mean over the fastest mean with its ± propagated from both standard
// deviations (the fastest reads 1.00). The unit is the one the first result's mean reads in, as
// hyperfine chooses it: s from a second, ms from a millisecond, µs below (hyperfine 1.15 writes ms
// below a second too); s with three decimals, ms and µs with one. Names are code spans, as hyperfine
// writes them, made safe for any text a name can hold (escape.ts): a name never breaks the table nor
// renders as anything but its own text.
import { markdownCode } from '../report/escape.ts'
import type { HyperfineResult } from './hyperfine.ts'

interface TimeUnit {
  label: string
  seconds: number
  decimals: number
}

const SECOND: TimeUnit = { label: 's', seconds: 1, decimals: 3 }
const MILLISECOND: TimeUnit = { label: 'ms', seconds: 1e-3, decimals: 1 }
const MICROSECOND: TimeUnit = { label: 'µs', seconds: 1e-6, decimals: 1 }

/** The unit hyperfine shows a time of this many seconds in. */
export function timeUnitFor(seconds: number): TimeUnit {
  if (seconds < 1e-3) return MICROSECOND
  if (seconds < 1) return MILLISECOND
  return SECOND
}

export function hyperfineMarkdown(results: readonly HyperfineResult[]): string {
  const unit = timeUnitFor(results[0]?.mean ?? 1)
  const show = (seconds: number) => (seconds / unit.seconds).toFixed(unit.decimals)
  const header = ['Command', `Mean [${unit.label}]`, `Min [${unit.label}]`, `Max [${unit.label}]`, 'Relative']
  const lines = [row(header), '|:---|---:|---:|---:|---:|']
  const fastest = results.reduce<HyperfineResult | undefined>(
    (best, r) => (best === undefined || r.mean < best.mean ? r : best),
    undefined,
  )
  for (const r of results) {
    const spread = r.stddev === null ? '' : ` ± ${show(r.stddev)}`
    lines.push(
      row([
        markdownCode(r.command),
        `${show(r.mean)}${spread}`,
        show(r.min),
        show(r.max),
        relative(r, fastest!),
      ]),
    )
  }
  return `${lines.join('\n')}\n`
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`
}

/** The mean over the fastest mean, ± by propagating both relative deviations (assumed independent). */
function relative(r: HyperfineResult, fastest: HyperfineResult): string {
  if (r === fastest) return '1.00'
  if (fastest.mean === 0) return 'N/A'
  const ratio = r.mean / fastest.mean
  if (r.stddev === null || fastest.stddev === null) return ratio.toFixed(2)
  const spread = ratio * Math.sqrt((r.stddev / r.mean) ** 2 + (fastest.stddev / fastest.mean) ** 2)
  return `${ratio.toFixed(2)} ± ${spread.toFixed(2)}`
}
