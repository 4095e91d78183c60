// Callgrind's events as metrics: the collected events and the cache figures derived from them the way
// iai-callgrind (Gungraun) derives them. Read by the instructions kind and by the import of
// iai-callgrind's summaries alike.
import type { Metric, Unit } from '../results.ts'

/** Events reported as metrics when the profile has them, by metric name. */
export const EVENT_METRICS: ReadonlyArray<readonly [event: string, metric: string]> = [
  ['Ir', 'ir'],
  ['Dr', 'dr'],
  ['Dw', 'dw'],
  ['I1mr', 'i1mr'],
  ['D1mr', 'd1mr'],
  ['D1mw', 'd1mw'],
  ['ILmr', 'ilmr'],
  ['DLmr', 'dlmr'],
  ['DLmw', 'dlmw'],
  ['Bc', 'bc'],
  ['Bcm', 'bcm'],
  ['Bi', 'bi'],
  ['Bim', 'bim'],
]

/** The events `--cache-sim=yes` adds; the derived metrics need all of them. */
const CACHE_EVENTS = ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw'] as const

/**
 * Metric values from a profile's totals (event name → count). The events present are reported under
 * lower-case names (`ir`, `dr`, … `bim`). With the cache events (`--cache-sim=yes`) come the derived ones,
 * by iai-callgrind's formulas (Itamar Turner-Trauring's cycle estimate):
 *
 *   ram-hits  = ILmr + DLmr + DLmw            (misses in the last-level cache)
 *   ll-hits   = I1mr + D1mr + D1mw − ram-hits  (L1 misses that the last level served)
 *   total-rw  = Ir + Dr + Dw
 *   l1-hits   = total-rw − ram-hits − ll-hits
 *   estimated-cycles = l1-hits + 5·ll-hits + 35·ram-hits
 *
 * Differences are floored at zero, as iai-callgrind's saturating arithmetic does.
 */
export function instructionMetrics(totals: Record<string, number>): Record<string, number> {
  const metrics: Record<string, number> = {}
  for (const [event, metric] of EVENT_METRICS) {
    const value = totals[event]
    if (value !== undefined) metrics[metric] = value
  }
  if (CACHE_EVENTS.every((event) => totals[event] !== undefined)) {
    const t = (event: (typeof CACHE_EVENTS)[number]) => totals[event]!
    const ramHits = t('ILmr') + t('DLmr') + t('DLmw')
    const l1Misses = t('I1mr') + t('D1mr') + t('D1mw')
    const llHits = Math.max(0, l1Misses - ramHits)
    const totalRw = t('Ir') + t('Dr') + t('Dw')
    const l1Hits = Math.max(0, totalRw - ramHits - llHits)
    metrics['l1-hits'] = l1Hits
    metrics['ll-hits'] = llHits
    metrics['ram-hits'] = ramHits
    metrics['total-rw'] = totalRw
    metrics['estimated-cycles'] = l1Hits + 5 * llHits + 35 * ramHits
  }
  return metrics
}

/** The same values as ResultSet metrics: exact counts where fewer is better. */
export function instructionResultMetrics(totals: Record<string, number>): Record<string, Metric> {
  const out: Record<string, Metric> = {}
  for (const [name, value] of Object.entries(instructionMetrics(totals))) {
    const unit: Unit = name === 'ir' ? 'instructions' : 'count'
    out[name] = { unit, direction: 'lower', value }
  }
  return out
}
