// The one registry of formats: every file another tool writes that bench-action reads. The import kind
// reads any of them (`format:`, or detected from the content); the instructions kind reads those whose
// benchmarks are instruction counts (`import:`); a scaling benchmark reads throughput from a program's
// output in those that yield it (`format:`). A new format is one module in formats/ and one line here.
import { benchmarkJsFormat } from './formats/benchmark-js.ts'
import { benchmarkdotnetFormat } from './formats/benchmarkdotnet.ts'
import { bmfFormat } from './formats/bmf.ts'
import { catch2Format } from './formats/catch2.ts'
import { criterionFormat } from './formats/criterion.ts'
import { csbFormat } from './formats/csb.ts'
import { customBiggerIsBetterFormat, customSmallerIsBetterFormat } from './formats/github-action-benchmark.ts'
import { goFormat } from './formats/go.ts'
import { googleBenchmarkFormat } from './formats/google-benchmark.ts'
import { hyperfineFormat } from './formats/hyperfine.ts'
import { iaiCallgrindFormat } from './formats/iai-callgrind.ts'
import { jmhFormat } from './formats/jmh.ts'
import { juliaFormat } from './formats/julia.ts'
import { libtestFormat } from './formats/libtest.ts'
import { metronFormat } from './formats/metron.ts'
import { pytestBenchmarkFormat } from './formats/pytest-benchmark.ts'
import { rebarFormat } from './formats/rebar.ts'
import type { ImportFormat, ImportSource } from './types.ts'

export {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
  ThroughputError,
  type ThroughputPoint,
} from './types.ts'

/**
 * Every format, in the order the config lists them, each with its rank in auto-detection: the most
 * distinctive shapes are tried first, so a file that would satisfy a loose check (a JSON array, a line
 * with `=` and `;`) is claimed by the format it really is.
 */
const REGISTRY: ReadonlyArray<readonly [format: ImportFormat, detectionRank: number]> = [
  [hyperfineFormat, 1],
  [criterionFormat, 7],
  [libtestFormat, 11],
  [goFormat, 10],
  [googleBenchmarkFormat, 2],
  [pytestBenchmarkFormat, 3],
  [catch2Format, 9],
  [benchmarkdotnetFormat, 5],
  [jmhFormat, 4],
  [benchmarkJsFormat, 12],
  [juliaFormat, 6],
  [rebarFormat, 13],
  [metronFormat, 14],
  [csbFormat, 15],
  [bmfFormat, 8],
  [iaiCallgrindFormat, 18],
  [customSmallerIsBetterFormat, 16],
  [customBiggerIsBetterFormat, 17],
]

export const FORMATS: readonly ImportFormat[] = REGISTRY.map(([format]) => format)

/** The names the import kind's `format:` accepts: every format. */
export const IMPORT_FORMATS = FORMATS.map((f) => f.name) as [string, ...string[]]

/** The formats in the order auto-detection tries them. */
const DETECTION_ORDER: readonly ImportFormat[] = [...REGISTRY]
  .sort(([, a], [, b]) => a - b)
  .map(([format]) => format)

/** The names the instructions kind's `import: { format }` accepts. */
export const INSTRUCTION_COUNT_FORMATS = FORMATS.filter((f) => f.instructionCounts).map((f) => f.name) as [
  string,
  ...string[],
]

/** The formats that read throughput from a program's output, which a scaling benchmark's `format:` names. */
export const THROUGHPUT_FORMATS = FORMATS.filter((f) => f.throughput).map((f) => f.name)

export function importFormat(name: string): ImportFormat {
  const format = FORMATS.find((f) => f.name === name)
  if (!format) throw new Error(`no parser for the import format ${name}`)
  return format
}

/** The format that reads throughput from a program's output, for a scaling benchmark naming it. */
export function throughputFormat(name: string): ImportFormat & Required<Pick<ImportFormat, 'throughput'>> {
  const format = importFormat(name)
  if (!format.throughput) throw new Error(`the format ${name} yields no throughput`)
  return format as ImportFormat & Required<Pick<ImportFormat, 'throughput'>>
}

/** The formats whose `detect` accepts the text, in the order detection tries them. */
export function detectFormats(source: ImportSource): ImportFormat[] {
  return DETECTION_ORDER.filter((f) => {
    try {
      return f.detect(source)
    } catch {
      return false
    }
  })
}

/** The format a directory is read with when none is named: the first that reads directories. */
export function directoryFormat(): ImportFormat {
  return DETECTION_ORDER.find((f) => f.readDirectory !== undefined)!
}
