// Units as harnesses print them → ours. Time becomes ns and sizes bytes, both lower-is-better; rates
// become ops/s or bytes/s, higher-is-better. The direction follows from the unit, never the tool.
import type { Direction, Unit } from '../results.ts'

export interface UnitConversion {
  unit: Unit
  /** Multiply a value in the printed unit by this to get ours. */
  factor: number
  direction: Direction
}

const TIME: Record<string, number> = {
  ps: 1e-3,
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  sec: 1e9,
  min: 60e9,
  nanosecond: 1,
  nanoseconds: 1,
  microsecond: 1e3,
  microseconds: 1e3,
  millisecond: 1e6,
  milliseconds: 1e6,
  second: 1e9,
  seconds: 1e9,
  minute: 60e9,
  minutes: 60e9,
}

const SIZE: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
  kilobytes: 1e3,
  megabytes: 1e6,
  gigabytes: 1e9,
  kibibytes: 1024,
  mebibytes: 1024 ** 2,
  gibibytes: 1024 ** 3,
}

/** Plain counts: instructions, allocations, items — lower is better, as a cost. */
const COUNTS: Record<string, Unit> = {
  count: 'count',
  counts: 'count',
  instructions: 'instructions',
  instruction: 'instructions',
  allocs: 'count',
  allocations: 'count',
}

const OPERATIONS = new Set([
  'op',
  'ops',
  'iter',
  'iters',
  'iteration',
  'iterations',
  'call',
  'calls',
  'elem',
  'elems',
  'elements',
  'hz',
])

/**
 * The conversion for a printed unit: "ms", "µs", "ns/op", "MiB", "B/op", "MB/s", "ops/s",
 * "ops/ms" (JMH throughput), "us/op" (JMH average time), "%", "Hz". Undefined when it is not one of
 * these; the caller decides what an unknown unit means in its format.
 */
export function convertUnit(label: string): UnitConversion | undefined {
  const text = label.trim()
  if (text === '%' || text.toLowerCase() === 'percent')
    return { unit: 'percent', factor: 1, direction: 'lower' }
  if (text.toLowerCase() === 'hz') return { unit: 'ops/s', factor: 1, direction: 'higher' }
  const [top, bottom, ...rest] = text.split('/').map((p) => p.trim())
  if (rest.length > 0 || top === undefined) return undefined
  const counted = bottom === undefined ? COUNTS[top.toLowerCase()] : undefined
  if (counted) return { unit: counted, factor: 1, direction: 'lower' }
  const topTime = TIME[top] ?? TIME[top.toLowerCase()]
  const topSize = SIZE[top.toLowerCase()]
  if (bottom === undefined) {
    if (topTime !== undefined) return { unit: 'ns', factor: topTime, direction: 'lower' }
    if (topSize !== undefined) return { unit: 'bytes', factor: topSize, direction: 'lower' }
    return undefined
  }
  const perOperation = OPERATIONS.has(bottom.toLowerCase())
  // Time or size per operation: the cost of one, lower is better.
  if (perOperation && topTime !== undefined) return { unit: 'ns', factor: topTime, direction: 'lower' }
  if (perOperation && topSize !== undefined) return { unit: 'bytes', factor: topSize, direction: 'lower' }
  if (perOperation && (top.toLowerCase() === 'allocs' || top.toLowerCase() === 'alloc'))
    return { unit: 'count', factor: 1, direction: 'lower' }
  // Something per unit of time: a rate, higher is better.
  const bottomTime = TIME[bottom === '' ? 's' : bottom] ?? TIME[bottom.toLowerCase()]
  if (bottomTime !== undefined) {
    const perSecond = 1e9 / bottomTime
    if (topSize !== undefined) return { unit: 'bytes/s', factor: topSize * perSecond, direction: 'higher' }
    if (OPERATIONS.has(top.toLowerCase()) || top === '')
      return { unit: 'ops/s', factor: perSecond, direction: 'higher' }
  }
  return undefined
}

/** Converts a value printed in `label`, or throws when the unit is unknown. */
export function toOurUnit(value: number, label: string): { value: number } & UnitConversion {
  const conversion = convertUnit(label)
  if (!conversion) throw new RangeError(`unknown unit ${JSON.stringify(label)}`)
  return { ...conversion, value: value * conversion.factor }
}
