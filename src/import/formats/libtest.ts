// What `cargo bench` prints for libtest's #[bench] functions (nightly `#![feature(test)]`):
//
//   test sum_4096_bytes ... bench:       1,182.19 ns/iter (+/- 713.72) = 27722 MB/s
//
// the median time per iteration of libtest's samples, the spread of those samples (max − min, after
// winsorising) and, when the bench set `b.bytes`, the bytes processed per second at the median (libtest's
// MB is 10^6 bytes). Older Rust prints whole nanoseconds (`1,234 ns/iter (+/- 56)`). No sample is
// printed, so each metric is a summary. Other lines (tests that ran or were ignored, `running N tests`,
// `test result:`) are not benchmarks and are skipped.
import type { ImportedBenchmark, ImportedMetric, ImportFormat } from '../types.ts'
import { ImportFormatError } from '../types.ts'
import { toOurUnit } from '../units.ts'

const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?)'
/** `[.iF]*`: with --quiet, the progress marks of earlier tests run into the first bench line. */
const BENCH_LINE = new RegExp(
  `^[.iF]*test (.+?)\\s+\\.\\.\\. bench:\\s+${NUMBER} ns/iter \\(\\+/- ${NUMBER}\\)(?: = ${NUMBER} MB/s)?\\s*$`,
)
const BENCH_START = /^[.iF]*test .+?\s+\.\.\. bench:/
const FAILED_LINE = /^[.iF]*test (.+?)\s+\.\.\. FAILED\s*$/

export const libtestFormat: ImportFormat = {
  name: 'libtest',
  detect(source) {
    return /^[.iF]*test \S.*? \.\.\. bench: +\d[\d,]*(?:\.\d+)? ns\/iter/m.test(source.text)
  },
  parse(source) {
    const benchmarks: ImportedBenchmark[] = []
    const seen = new Map<string, number>()
    source.text.split('\n').forEach((raw, i) => {
      const line = raw.replace(/\r$/, '')
      const failed = FAILED_LINE.exec(line)
      if (failed)
        throw new ImportFormatError(
          source.path,
          `line ${i + 1}`,
          `${failed[1]} FAILED: a failed test or benchmark leaves the results incomplete`,
        )
      if (!BENCH_START.test(line)) return
      const match = BENCH_LINE.exec(line)
      if (!match)
        throw new ImportFormatError(
          source.path,
          `line ${i + 1}`,
          `expected "test NAME ... bench: N ns/iter (+/- N)", optionally followed by "= N MB/s", got ${JSON.stringify(line.slice(0, 120))}`,
        )
      const [, printedName, median, spread, rate] = match
      const center = number(median!)
      const deviation = number(spread!)
      const metrics: Record<string, ImportedMetric> = {
        time: {
          unit: 'ns',
          direction: 'lower',
          summary: { center, interval: [center - deviation, center + deviation] },
        },
      }
      if (rate !== undefined) {
        const throughput = toOurUnit(number(rate), 'MB/s')
        // The bench's bytes over its median ns/iter: time seen another way.
        metrics.throughput = {
          unit: throughput.unit,
          direction: throughput.direction,
          summary: { center: throughput.value },
          derivedFrom: 'time',
        }
      }
      const notes = [
        'libtest prints the median ns/iter and the spread (max − min) of its samples, not the samples',
      ]
      // Two bench targets may each have a bench of the same name; the later ones are numbered.
      const count = (seen.get(printedName!) ?? 0) + 1
      seen.set(printedName!, count)
      const name = count === 1 ? printedName! : `${printedName}#${count}`
      if (count > 1)
        notes.push(`renamed from ${JSON.stringify(printedName)}: an earlier benchmark has that name`)
      benchmarks.push({ name, metrics, notes })
    })
    return benchmarks
  },
}

/** `21,869.51` → 21869.51: libtest groups thousands with commas. */
function number(text: string): number {
  return Number(text.replaceAll(',', ''))
}
