// A metric's side as it is compared: its values (samples, the tool's summary or an exact value), as a
// summary, and whether it is an exact value.

import type { Metric } from '../results.ts'
import { type SummaryInput, summarize } from '../stats/index.ts'

export function valuesOf(metric: Metric): number[] {
  if (metric.samples && metric.samples.length > 0) return metric.samples
  if (metric.summary) return [metric.summary.center]
  return metric.value !== undefined ? [metric.value] : []
}

/** A side as a summary: the tool's own, or the median, spread and count of its samples. */
export function summaryOf(metric: Metric): SummaryInput {
  if (metric.summary) return metric.summary
  const values = valuesOf(metric)
  const s = summarize(values)
  return values.length > 1
    ? { center: s.median, statistic: 'median', stddev: s.stddev, n: values.length }
    : { center: s.median, statistic: 'median' }
}

export function isExact(metric: Metric): boolean {
  return metric.value !== undefined && (metric.samples === undefined || metric.samples.length === 0)
}
