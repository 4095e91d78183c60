// benchmark.js's text output: one line per benchmark, String(benchmark) as its README prints on `cycle`,
//
//   RegExp#test x 4,161,532 ops/sec ±0.99% (97 runs sampled)
//   busy wait x 70.27 ops/sec ±2.36% (8 runs sampled)
//
// the name, the mean rate (thousands separated by commas, two decimals below 100 ops/sec), the relative
// margin of error at 95% confidence and the number of samples. Only that summary is printed: center =
// ops/sec (`throughput`, higher is better), interval = center × (1 ± rme), n = runs sampled. Other lines
// ("Fastest is …", the test runner's own output) are ignored; a line that mentions ops/sec but is not
// in this shape is an error rather than a benchmark silently lost, and so is a last line that begins
// like a result (`<name> x <digits>`) and stops before its end: the output was cut short.
import { type ImportedBenchmark, type ImportFormat, ImportFormatError } from '../types.ts'

const RESULT = /^(.+?) x ([\d,]+(?:\.\d+)?) ops\/sec \u00b1(\d+(?:\.\d+)?)% \((\d+) runs? sampled\)$/
const SHAPE = '"<name> x <ops> ops/sec ±<rme>% (<n> runs sampled)"'
/** The start of a result line: what a result cut short still shows. */
const BEGUN = /^.+ x [\d,]/

export const benchmarkJsFormat: ImportFormat = {
  name: 'benchmark-js',

  detect(source) {
    return source.text.split('\n').some((line) => RESULT.test(line.trim()))
  },

  parse(source) {
    const out: ImportedBenchmark[] = []
    const lines = new Map<string, number>()
    const all = source.text.split('\n')
    const last = all.reduce((at, line, i) => (line.trim() !== '' ? i : at), -1)
    all.forEach((text, i) => {
      const line = text.trim()
      const match = RESULT.exec(line)
      if (!match) {
        if (i === last && BEGUN.test(line))
          throw new ImportFormatError(
            source.path,
            `line ${i + 1}`,
            `the output ends in a result line cut short: expected ${SHAPE}, got ${JSON.stringify(line.slice(0, 80))}`,
          )
        if (/ ops\/sec\b/.test(line))
          throw new ImportFormatError(
            source.path,
            `line ${i + 1}`,
            `expected a benchmark.js result ${SHAPE}, got ${JSON.stringify(line.slice(0, 80))}`,
          )
        return
      }
      const [, name, hz, rme, runs] = match as unknown as [string, string, string, string, string]
      const earlier = lines.get(name)
      if (earlier !== undefined)
        throw new ImportFormatError(
          source.path,
          `line ${i + 1}`,
          `expected each benchmark once, got ${JSON.stringify(name)} again (first on line ${earlier})`,
        )
      lines.set(name, i + 1)
      const center = Number(hz.replaceAll(',', ''))
      const relative = Number(rme) / 100
      out.push({
        name,
        metrics: {
          throughput: {
            unit: 'ops/s',
            direction: 'higher',
            // The relative margin of error is at 95% confidence (Student's t over the sampled runs).
            summary: {
              center,
              statistic: 'mean',
              interval: [center * (1 - relative), center * (1 + relative)],
              level: 0.95,
              n: Number(runs),
            },
          },
        },
      })
    })
    if (out.length === 0)
      throw new ImportFormatError(source.path, '', `no benchmark.js result line (${SHAPE}) found`)
    return out
  },
}
