// github-action-benchmark's generic JSON, its tools `customSmallerIsBetter` and `customBiggerIsBetter`
// (README of benchmark-action/github-action-benchmark, "Generic JSON format"):
//
//   [ { "name": "CPU Load", "unit": "Percent", "value": 50 },
//     { "name": "Memory Used", "unit": "Megabytes", "value": 100, "range": "3", "extra": "tooltip text" } ]
//
// `name`, `unit` and `value` are required, `range` ("results' variance") and `extra` optional. One number
// per benchmark: a summary. The direction comes from the format, never the unit: that is the whole
// difference between the two tools, and users switch it by changing that one line. The unit is
// converted where units.ts knows it (then the value is scaled with it); otherwise it is kept as printed,
// unit `other` with the text as its label. A range "± x", "+- x" or "x" is the interval value ∓ x in the
// same unit; "± x%" is relative to the value.
//
// Neither format detects itself: the same array is either, and only the user knows which way is
// better. A file in this shape needs `format: custom-smaller-is-better` or `custom-bigger-is-better`.
import type { Direction } from '../../results.ts'
import { jsonPath, jsonReader, parseJsonSource } from '../json.ts'
import type { ImportedBenchmark, ImportedMetric, ImportFormat } from '../types.ts'
import { convertUnit } from '../units.ts'

const RANGE = /^(?:±|\+-|\+\/-)?\s*(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*(%?)$/i

function metricName(unit: ImportedMetric['unit']): string {
  if (unit === 'ns') return 'time'
  if (unit === 'bytes') return 'memory'
  if (unit === 'ops/s' || unit === 'bytes/s') return 'throughput'
  return 'value'
}

function customFormat(name: string, direction: Direction): ImportFormat {
  return {
    name,

    detect() {
      return false
    },

    parse(source) {
      const read = jsonReader(source.path)
      const list = read.array(parseJsonSource(source), '$', 'an array of {"name", "unit", "value"} entries')
      const seen = new Set<string>()
      return list.map((item, i): ImportedBenchmark => {
        const at = jsonPath('$', i)
        const entry = read.object(item, at, 'an object with "name", "unit" and "value"')
        const benchmark = read.string(entry.name, `${at}.name`)
        if (benchmark === '') read.fail(`${at}.name`, 'a non-empty name', entry.name)
        if (seen.has(benchmark)) read.fail(`${at}.name`, 'a name no other entry has', entry.name)
        seen.add(benchmark)
        // The action passes values through untyped, so "31" works there; a numeric string is accepted.
        const numeric =
          typeof entry.value === 'string' && entry.value.trim() !== '' ? Number(entry.value) : undefined
        const value =
          numeric !== undefined && Number.isFinite(numeric)
            ? numeric
            : read.number(entry.value, `${at}.value`, 'a number (or a string holding one)')
        const printed = entry.unit === undefined ? '' : read.string(entry.unit, `${at}.unit`)
        const notes: string[] = []
        const conversion = printed === '' ? undefined : convertUnit(printed)
        const factor = conversion?.factor ?? 1
        const metric: ImportedMetric = conversion
          ? { unit: conversion.unit, direction, summary: { center: value * factor } }
          : {
              unit: 'other',
              direction,
              summary: { center: value },
              ...(printed !== '' && { label: printed }),
            }
        if (printed === '') notes.push('no unit given')
        if (entry.range !== undefined) {
          const range = read.string(entry.range, `${at}.range`, 'a string such as "± 3"')
          const match = RANGE.exec(range.trim())
          if (!match) read.fail(`${at}.range`, 'a range such as "± 3", "+- 3", "3" or "± 2%"', entry.range)
          const spread = match![2] === '%' ? (Math.abs(value) * Number(match![1])) / 100 : Number(match![1])
          metric.summary!.interval = [(value - spread) * factor, (value + spread) * factor]
        }
        return {
          name: benchmark,
          metrics: { [metricName(metric.unit)]: metric },
          ...(notes.length > 0 && { notes }),
        }
      })
    },
  }
}

export const customSmallerIsBetterFormat: ImportFormat = customFormat('custom-smaller-is-better', 'lower')
export const customBiggerIsBetterFormat: ImportFormat = customFormat('custom-bigger-is-better', 'higher')
