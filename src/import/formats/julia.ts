// BenchmarkTools.jl's JSON (`BenchmarkTools.save("out.json", results)`): the versions, then every saved
// value, each written as [type name, fields] (src/serialization.jl of JuliaCI/BenchmarkTools.jl):
//
//   [ { "Julia": "1.10.4", "BenchmarkTools": "1.5.0" },
//     [ [ "BenchmarkGroup", { "tags": [], "data": {
//           "trig": [ "BenchmarkGroup", { "tags": [], "data": {
//               "sin": [ "Trial", { "params": ["Parameters", {…}], "times": [7.1, …], "gctimes": [0.0, …],
//                                   "memory": 0, "allocs": 0 } ] } ] } } ] ] ]
//
// A Trial's `times` are its samples, ns per evaluation (`time`). Its `memory` (bytes) and `allocs` are
// one number per trial, the smallest any sample saw: summaries (`memory`, `allocations`). `gctimes` are
// left out: the GC share of each time sample, zero for most benchmarks. A TrialEstimate (a saved
// minimum, median or mean) keeps only its time, memory and allocs: summaries. Parameters and TagFilters
// are configuration, not results, and are skipped.
//
// Names are the keys from the outermost group down, joined with '/': "trig/sin". Non-string keys
// (tuples, numbers) appear as BenchmarkTools wrote them, e.g. `("repeat", 16)`. A Trial saved on its
// own, outside any group, has no name in the file and is named by its place among the saved values: "#1".

import { jsonPath, jsonReader, parseJsonSource } from '../json.ts'
import type { ImportedBenchmark, ImportedMetric, ImportFormat } from '../types.ts'

type Reader = ReturnType<typeof jsonReader>

/** Written with or without the module name, "BenchmarkTools.Trial" or "Trial"; load() accepts both. */
function typeName(name: string): string {
  return name.replace(/^BenchmarkTools\./, '')
}

function walk(read: Reader, value: unknown, at: string, names: string[], out: ImportedBenchmark[]): void {
  const pair = read.array(value, at, 'a [type name, fields] pair')
  if (pair.length !== 2) read.fail(at, 'a [type name, fields] pair', `an array of ${pair.length} items`)
  const type = typeName(read.string(pair[0], jsonPath(at, 0), 'a BenchmarkTools type name'))
  const fieldsAt = jsonPath(at, 1)
  const fields = read.object(pair[1], fieldsAt)
  const name = names.join('/')
  // Bytes and allocations a trial made: counted, the same in every run.
  const counted = (): Record<'memory' | 'allocations', ImportedMetric> => ({
    memory: { unit: 'bytes', direction: 'lower', value: read.number(fields.memory, `${fieldsAt}.memory`) },
    allocations: {
      unit: 'count',
      direction: 'lower',
      value: read.number(fields.allocs, `${fieldsAt}.allocs`),
    },
  })
  switch (type) {
    case 'BenchmarkGroup': {
      const data = read.object(fields.data, `${fieldsAt}.data`)
      for (const [key, child] of Object.entries(data))
        walk(read, child, jsonPath(`${fieldsAt}.data`, key), [...names, key], out)
      return
    }
    case 'Trial': {
      const times = read.numbers(fields.times, `${fieldsAt}.times`)
      if (times.length === 0)
        read.fail(`${fieldsAt}.times`, 'at least one time (a trial that ran)', fields.times)
      out.push({
        name,
        metrics: {
          time: { unit: 'ns', direction: 'lower', samples: times },
          ...counted(),
        },
      })
      return
    }
    case 'TrialEstimate':
      out.push({
        name,
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            summary: { center: read.number(fields.time, `${fieldsAt}.time`) },
          },
          ...counted(),
        },
        notes: [
          'a TrialEstimate: one time (the file does not say whether a minimum, median or mean), no samples',
        ],
      })
      return
    case 'Parameters':
    case 'TagFilter':
      return
    default:
      read.fail(
        jsonPath(at, 0),
        'BenchmarkGroup, Trial or TrialEstimate (a TrialRatio or TrialJudgement compares results: save the Trials instead)',
        pair[0],
      )
  }
}

export const juliaFormat: ImportFormat = {
  name: 'julia',

  detect(source) {
    const text = source.text
    return (
      /"BenchmarkTools"\s*:\s*"/.test(text) &&
      /\[\s*"(?:BenchmarkTools\.)?(?:BenchmarkGroup|Trial|TrialEstimate)"\s*,\s*\{/.test(text)
    )
  },

  parse(source) {
    const read = jsonReader(source.path)
    const expected = 'BenchmarkTools.save output: [versions, [values]]'
    const root = read.array(parseJsonSource(source), '$', expected)
    if (root.length !== 2) read.fail('$', expected, `an array of ${root.length} items`)
    read.object(root[0], '$[0]', 'the versions object ({"Julia": …, "BenchmarkTools": …})')
    const values = read.array(root[1], '$[1]', 'an array of saved values')
    const out: ImportedBenchmark[] = []
    values.forEach((value, i) => {
      walk(read, value, jsonPath('$[1]', i), [], out)
      const last = out[out.length - 1]
      if (last && last.name === '') last.name = `#${i + 1}`
    })
    if (out.length === 0) read.fail('$[1]', 'at least one Trial or TrialEstimate', root[1])
    const seen = new Set<string>()
    for (const benchmark of out) {
      if (seen.has(benchmark.name))
        read.fail('$[1]', 'benchmark names no two saved values share', `${benchmark.name} twice`)
      seen.add(benchmark.name)
    }
    return out
  },
}
