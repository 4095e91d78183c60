// pytest-benchmark's JSON (`pytest --benchmark-json=out.json`, or a run saved with --benchmark-save):
//
//   { "machine_info": {…}, "commit_info": {…}, "version": "5.1.0",
//     "benchmarks": [ { "name": "test_sum[10]", "fullname": "test_x.py::test_sum[10]", "params": {…},
//                       "stats": { "min": …, "mean": …, "stddev": …, "rounds": 8, "iterations": 5,
//                                  "data": [1.6e-06, …] } } ] }
//
// Times are seconds. `stats.data` holds every round (the time of one iteration: a round's time over its
// iterations); --benchmark-json always writes it, a saved run only with --benchmark-save-data. Without
// it the benchmark is a summary: its median with the interquartile range (a mean over thousands of
// rounds moves with a few outliers; the median does not), the stddev and n = rounds; the mean only where
// the file has no median.
//
// Names are `fullname` (file, test and parameter ids: "test_x.py::test_sum[10]"): what pytest-benchmark
// itself matches runs by when it compares them, and unique where two files hold a test of the same name.
import { jsonPath, jsonReader, parseJsonSource } from '../json.ts'
import type { ImportedBenchmark, ImportFormat } from '../types.ts'
import { toOurUnit } from '../units.ts'

const SECONDS = toOurUnit(1, 's')

export const pytestBenchmarkFormat: ImportFormat = {
  name: 'pytest-benchmark',

  detect(source) {
    const text = source.text
    return /"benchmarks"\s*:/.test(text) && /"fullname"\s*:/.test(text) && /"stats"\s*:/.test(text)
  },

  parse(source) {
    const read = jsonReader(source.path)
    const root = read.object(parseJsonSource(source), '$', 'an object with "benchmarks"')
    const list = read.array(root.benchmarks, '$.benchmarks', 'an array of benchmarks')
    const seen = new Set<string>()
    return list.map((item, i): ImportedBenchmark => {
      const at = jsonPath('$.benchmarks', i)
      const entry = read.object(item, at)
      const name =
        entry.fullname !== undefined
          ? read.string(entry.fullname, `${at}.fullname`)
          : read.string(entry.name, `${at}.name`, 'a string (the benchmark has no fullname)')
      if (seen.has(name)) read.fail(`${at}.fullname`, 'a name no other benchmark has', name)
      seen.add(name)
      const stats = read.object(entry.stats, `${at}.stats`)
      const rounds = read.number(stats.rounds, `${at}.stats.rounds`)
      const iterations =
        stats.iterations === undefined ? 1 : read.number(stats.iterations, `${at}.stats.iterations`)
      const notes: string[] = []
      if (iterations > 1) notes.push(`each sample is the mean of ${iterations} iterations`)
      if (stats.data !== undefined) {
        const data = read.numbers(stats.data, `${at}.stats.data`)
        return {
          name,
          metrics: {
            time: { unit: 'ns', direction: 'lower', samples: data.map((s) => s * SECONDS.factor) },
          },
          ...(notes.length > 0 && { notes }),
        }
      }
      const optional = (key: string) =>
        stats[key] === undefined ? undefined : read.number(stats[key], `${at}.stats.${key}`) * SECONDS.factor
      const mean = read.number(stats.mean, `${at}.stats.mean`) * SECONDS.factor
      const [stddev, median, iqr, min] = ['stddev', 'median', 'iqr', 'min'].map(optional)
      const ns = (x: number) => `${Number(x.toPrecision(4))} ns`
      // A mean over thousands of rounds is moved by a handful of outliers; the median and the
      // interquartile range are not, so the summary is the median where the file has it.
      const summary =
        median !== undefined
          ? { center: median, statistic: 'median' as const, ...(iqr !== undefined && { iqr }) }
          : { center: mean, statistic: 'mean' as const }
      notes.push(
        `no stats.data (saved without --benchmark-save-data): judged by its ${summary.statistic}` +
          (median !== undefined
            ? ` (mean ${ns(mean)}${stddev !== undefined ? `, stddev ${ns(stddev)}` : ''}${min !== undefined ? `, min ${ns(min)}` : ''}, ${rounds} rounds)`
            : ''),
      )
      return {
        name,
        metrics: {
          time: {
            unit: 'ns',
            direction: 'lower',
            summary: { ...summary, ...(stddev !== undefined && { stddev }), n: rounds },
          },
        },
        notes,
      }
    })
  },
}
