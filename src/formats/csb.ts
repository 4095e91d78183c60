// CSB's builtin-benchmark output: one line of `key=val;` items. `key` names a parameter (num_threads,
// duration) or a measurement (univ_count, throughput_min). Its duration fields are microseconds
// despite the `_ms` in their names, and throughput_* are operations per millisecond.

export class CsbFormatError extends Error {
  override name = 'CsbFormatError'
}

/** The items of the last line that holds any, in order; later duplicates win. */
export function parseCsbLine(text: string): Map<string, string> {
  const lines = text.split('\n').filter((l) => l.includes('=') && l.includes(';'))
  const line = lines[lines.length - 1]
  if (line === undefined) throw new CsbFormatError('no CSB output (a line of key=value; items) was found')
  const fields = new Map<string, string>()
  for (const item of line.trim().split(';')) {
    if (item.trim() === '') continue
    const at = item.indexOf('=')
    if (at <= 0)
      throw new CsbFormatError(`the CSB item ${JSON.stringify(item.slice(0, 60))} is not key=value`)
    fields.set(item.slice(0, at).trim(), item.slice(at + 1).trim())
  }
  return fields
}

function numberField(fields: Map<string, string>, key: string): number | undefined {
  const text = fields.get(key)
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isFinite(value)) throw new CsbFormatError(`the CSB item ${key}=${text} is not a number`)
  return value
}

/**
 * Operations per second over the whole run: every thread's operations (univ_count) over the slowest
 * thread's duration (duration_max_ms, in µs), which is CSB's throughput_min in ops/ms × 1000. Falls
 * back to throughput_min when the counts are missing.
 */
export function csbThroughput(fields: Map<string, string>): number {
  const count = numberField(fields, 'univ_count')
  const durationUs = numberField(fields, 'duration_max_ms')
  if (count !== undefined && durationUs !== undefined && durationUs > 0) return count / (durationUs / 1e6)
  const perMs = numberField(fields, 'throughput_min')
  if (perMs !== undefined) return perMs * 1000
  throw new CsbFormatError('the CSB line has neither univ_count and duration_max_ms nor throughput_min')
}
