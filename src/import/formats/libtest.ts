// What `cargo bench` prints for libtest's #[bench] functions (nightly `#![feature(test)]`): for each test
// binary (the library's unit tests, then each bench target), a block
//
//   running 6 tests
//   test sums ... ignored
//   test sum_4096_bytes ... bench:       1,182.19 ns/iter (+/- 713.72) = 27722 MB/s
//   …
//   test result: ok. 0 passed; 0 failed; 2 ignored; 4 measured; 0 filtered out; finished in 17.02s
//
// Each bench line holds the median time per iteration of libtest's 50 samples, the spread of those
// samples (max − min, after winsorising at 5%) and, when the bench set `b.bytes`, the bytes processed per second at
// the median (libtest's MB is 10^6 bytes). Older Rust prints whole nanoseconds (`1,234 ns/iter (+/- 56)`).
// No sample is printed, so each metric is a summary. Other lines (tests that ran or were ignored, their
// output) are not benchmarks and are skipped.
//
// libtest closes each block with its `test result:` line once the binary has run every test: a block
// that the file ends in, or that a new `running N tests` interrupts, was cut short, and so is one whose
// count of measured benches differs from the bench lines read. Those are errors, as a partial run would
// otherwise pass for a whole one.
import type { ImportedBenchmark, ImportedMetric, ImportFormat, ImportSource } from '../types.ts'
import { ImportFormatError, lineCount } from '../types.ts'
import { toOurUnit } from '../units.ts'

const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?)'
/** `[.iF]*`: with --quiet, the progress marks of earlier tests run into the first bench line. */
const BENCH_LINE = new RegExp(
  `^[.iF]*test (.+?)\\s+\\.\\.\\. bench:\\s+${NUMBER} ns/iter \\(\\+/- ${NUMBER}\\)(?: = ${NUMBER} MB/s)?\\s*$`,
)
const BENCH_START = /^[.iF]*test .+?\s+\.\.\. bench:/
const FAILED_LINE = /^[.iF]*test (.+?)\s+\.\.\. FAILED\s*$/
/** The line that opens a test binary's output. */
const RUNNING = /^running (\d+) tests?\s*$/
/** The line that closes it; older Rust prints no `filtered out`, newer adds `finished in`. */
const RESULT =
  /^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured(?:; \d+ filtered out)?(?:;|\s*$)/
/** The samples libtest's bench takes for its summary. */
const LIBTEST_SAMPLES = 50
/** The 5th to the 95th percentile of normal data, in standard deviations. */
const PERCENTILE_5_TO_95_SIGMAS = 3.29
/** What a bench line looks like, for messages about a file that has none. */
const EXAMPLE = '"test sum ... bench:       1,234 ns/iter (+/- 56)"'

/** A test binary's output being read: where it started, the tests it announced, the benches read. */
interface Block {
  line: number
  text: string
  tests: number
  benches: number
}

export const libtestFormat: ImportFormat = {
  name: 'libtest',
  detect(source) {
    return /^[.iF]*test \S.*? \.\.\. bench: +\d[\d,]*(?:\.\d+)? ns\/iter/m.test(source.text)
  },
  parse(source) {
    const benchmarks: ImportedBenchmark[] = []
    const seen = new Map<string, number>()
    const lines = source.text.split('\n')
    let block: Block | undefined
    let blocks = 0
    let lastResult = 0
    lines.forEach((raw, i) => {
      const line = raw.replace(/\r$/, '')
      const where = `line ${i + 1}`
      const running = RUNNING.exec(line)
      if (running) {
        if (block)
          throw new ImportFormatError(
            source.path,
            where,
            `a new "${line.trim()}" before the "test result:" line that closes the output begun at line ${block.line} ("${block.text}"): that test binary's output was cut short`,
          )
        block = { line: i + 1, text: line.trim(), tests: Number(running[1]), benches: 0 }
        blocks++
        return
      }
      if (line.startsWith('test result:')) {
        closeBlock(source, block, line, i + 1)
        block = undefined
        lastResult = i + 1
        return
      }
      const failed = FAILED_LINE.exec(line)
      if (failed) {
        // A bench that panicked: failed alone, with what it printed (libtest's "---- NAME stdout ----").
        const name = failed[1]!
        benchmarks.push({ name, metrics: {}, error: failureMessage(lines, name) })
        return
      }
      if (!BENCH_START.test(line)) return
      const match = BENCH_LINE.exec(line)
      if (!match)
        throw new ImportFormatError(
          source.path,
          where,
          `expected "test NAME ... bench: N ns/iter (+/- N)", optionally followed by "= N MB/s", got ${JSON.stringify(line.slice(0, 120))}`,
        )
      if (!block)
        throw new ImportFormatError(
          source.path,
          where,
          `a bench line outside libtest's "running N tests" … "test result:" output: expected the whole output of cargo bench, which is checked to be complete`,
        )
      block.benches++
      benchmarks.push(readBench(match, seen))
    })
    if (block) {
      const count = lineCount(source.text)
      throw new ImportFormatError(
        source.path,
        `line ${count}`,
        `the output ends here without libtest's closing "test result:" line for the tests begun at line ${block.line} ("${block.text}", ${block.benches} bench line${block.benches === 1 ? '' : 's'} read), so it was cut short`,
      )
    }
    if (benchmarks.length === 0) throw nothingFound(source, lines, blocks, lastResult)
    return benchmarks
  },
}

/** What a failed bench printed before libtest's backtrace, from its `---- NAME stdout ----` section. */
function failureMessage(lines: string[], name: string): string {
  const start = lines.findIndex((l) => l.replace(/\r$/, '') === `---- ${name} stdout ----`)
  if (start === -1) return 'FAILED (libtest printed no output for it)'
  const said: string[] = []
  for (const raw of lines.slice(start + 1)) {
    const line = raw.replace(/\r$/, '')
    if (line.startsWith('---- ') || line === 'failures:' || line.startsWith('stack backtrace:')) break
    if (line.trim() !== '') said.push(line.trim())
  }
  return `FAILED: ${said.slice(0, 6).join('; ') || 'no message'}`
}

/** Checks a `test result:` line against the block it closes: every test announced, every bench read. */
function closeBlock(source: ImportSource, block: Block | undefined, line: string, number: number): void {
  const where = `line ${number}`
  if (!block)
    throw new ImportFormatError(
      source.path,
      where,
      `a "test result:" line without the "running N tests" line libtest prints before it: the output's beginning is missing`,
    )
  const counts = RESULT.exec(line)
  if (!counts)
    throw new ImportFormatError(
      source.path,
      where,
      `expected "test result: ok. N passed; N failed; N ignored; N measured; N filtered out", got ${JSON.stringify(line.slice(0, 120))}`,
    )
  const [passed, failed, ignored, measured] = counts.slice(1).map(Number) as [number, number, number, number]
  if (measured !== block.benches)
    throw new ImportFormatError(
      source.path,
      where,
      `libtest counts ${measured} measured, but ${block.benches} bench line${block.benches === 1 ? ' was' : 's were'} read since "${block.text}" at line ${block.line}: lines are missing`,
    )
  const total = passed + failed + ignored + measured
  if (total !== block.tests)
    throw new ImportFormatError(
      source.path,
      where,
      `libtest's counts add up to ${total} tests, not the ${block.tests} announced by "${block.text}" at line ${block.line}: the output is not whole`,
    )
}

function readBench(match: RegExpExecArray, seen: Map<string, number>): ImportedBenchmark {
  const [, printedName, median, spread, rate] = match
  const center = number(median!)
  const range = number(spread!)
  // libtest takes 50 samples, winsorises them at 5% and prints their median and max − min: the
  // distance from the 5th to the 95th percentile, 3.29 σ for normal data. The median is judged by that
  // σ and the 50 samples (median ± range would be an interval of twice the whole spread).
  const metrics: Record<string, ImportedMetric> = {
    time: {
      unit: 'ns',
      direction: 'lower',
      summary: { center, statistic: 'median', stddev: range / PERCENTILE_5_TO_95_SIGMAS, n: LIBTEST_SAMPLES },
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
  if (count > 1) notes.push(`renamed from ${JSON.stringify(printedName)}: an earlier benchmark has that name`)
  return { name, metrics, notes }
}

/** Why a file holds no benchmark: empty, whole libtest output that measured none, or not libtest's at all. */
function nothingFound(
  source: ImportSource,
  lines: string[],
  blocks: number,
  lastResult: number,
): ImportFormatError {
  const expected = `expected the output of cargo bench: "running N tests", bench lines such as ${EXAMPLE}, then "test result:"`
  if (source.text.trim() === '')
    return new ImportFormatError(source.path, '', `${expected}; got an empty file`)
  if (blocks > 0)
    return new ImportFormatError(
      source.path,
      `line ${lastResult}`,
      `libtest measured no benchmark: ${blocks === 1 ? 'its "test result:" line says' : `each of its ${blocks} "test result:" lines says`} 0 measured (does the bench filter match any #[bench]?)`,
    )
  const count = lineCount(source.text)
  const first = lines.find((l) => l.trim() !== '')!.trim()
  return new ImportFormatError(
    source.path,
    '',
    `${expected}; read its ${count} line${count === 1 ? '' : 's'} to the end and found none of them (the first is ${JSON.stringify(first.length > 60 ? `${first.slice(0, 60)}…` : first)})`,
  )
}

/** `21,869.51` → 21869.51: libtest groups thousands with commas. */
function number(text: string): number {
  return Number(text.replaceAll(',', ''))
}
