// Every import format, in the order auto-detection tries them: the most distinctive shapes first, so
// a file that would satisfy a loose check (a JSON array, a line with `=` and `;`) is claimed by the
// format it really is.
import type { ImportFormatName } from '../config/schema.ts'
import { benchmarkJsFormat } from './formats/benchmark-js.ts'
import { benchmarkdotnetFormat } from './formats/benchmarkdotnet.ts'
import { bmfFormat } from './formats/bmf.ts'
import { catch2Format } from './formats/catch2.ts'
import { criterionFormat, readCriterionDirectory } from './formats/criterion.ts'
import { csbFormat } from './formats/csb.ts'
import { customBiggerIsBetterFormat, customSmallerIsBetterFormat } from './formats/github-action-benchmark.ts'
import { goFormat } from './formats/go.ts'
import { googleBenchmarkFormat } from './formats/google-benchmark.ts'
import { hyperfineFormat } from './formats/hyperfine.ts'
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
} from './types.ts'
export { readCriterionDirectory }

export const FORMATS: readonly ImportFormat[] = [
  hyperfineFormat,
  googleBenchmarkFormat,
  pytestBenchmarkFormat,
  jmhFormat,
  benchmarkdotnetFormat,
  juliaFormat,
  criterionFormat,
  bmfFormat,
  catch2Format,
  goFormat,
  libtestFormat,
  benchmarkJsFormat,
  rebarFormat,
  metronFormat,
  csbFormat,
  customSmallerIsBetterFormat,
  customBiggerIsBetterFormat,
]

export function importFormat(name: ImportFormatName): ImportFormat {
  const format = FORMATS.find((f) => f.name === name)
  if (!format) throw new Error(`no parser for the import format ${name}`)
  return format
}

/** The formats whose `detect` accepts the text, in FORMATS order. */
export function detectFormats(source: ImportSource): ImportFormat[] {
  return FORMATS.filter((f) => {
    try {
      return f.detect(source)
    } catch {
      return false
    }
  })
}
