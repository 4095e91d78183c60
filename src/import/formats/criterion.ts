// criterion.rs's saved results: after `cargo bench`, target/criterion holds one folder per benchmark,
// `<group>/<function>/<value>/`, with the latest run in `new/`:
//
//   benchmark.json  { "full_id": "sum/iter/64", "throughput": { "Bytes": 512 } | null, … }
//   sample.json     { "sampling_mode": "Linear", "iters": [n, …], "times": [ns, …] }
//   estimates.json  criterion's own statistics of those samples (not read: the samples are kept)
//
// Each sample is `iters[i]` iterations that took `times[i]` ns in all, so one iteration took
// times[i] / iters[i]. `base/` (the previous run), `change/`, `report/` and other saved baselines are
// not read. A sample.json alone (`parse`) has no benchmark.json beside it: it is named from its folders
// and gets no throughput.

import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describeJson, isObject, jsonReader, parseJsonSource } from '../json.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../types.ts'

/** What benchmark.json says about one benchmark. */
interface CriterionInfo {
  name: string
  /** Per iteration: bytes (a byte rate) or elements (an operation rate); both for ElementsAndBytes. */
  bytes?: number
  elements?: number
}

export const criterionFormat: ImportFormat = {
  name: 'criterion',
  detect(source) {
    const head = source.text.slice(0, 4096)
    return (
      /^\s*\{/.test(head) &&
      /"sampling_mode"\s*:/.test(head) &&
      /"iters"\s*:\s*\[/.test(head) &&
      /"times"\s*:\s*\[/.test(source.text)
    )
  },
  parse(source) {
    const benchmark = sampleBenchmark(source, { name: nameFromPath(source) })
    const note =
      'named from the folders of its sample.json; import the target/criterion directory to use benchmark.json (full name, throughput)'
    return [{ ...benchmark, notes: [...(benchmark.notes ?? []), note] }]
  },
  readDirectory: readCriterionDirectory,
}

/**
 * Every benchmark of a criterion output directory (target/criterion): each `new/` folder holding a
 * sample.json, named by the benchmark.json beside it, in path order.
 */
export async function readCriterionDirectory(dir: string): Promise<ImportedBenchmark[]> {
  const folders = (await resultFolders(dir)).sort()
  if (folders.length === 0)
    throw new ImportFormatError(
      dir,
      '',
      'expected criterion results (<group>/<function>/<value>/new/sample.json, as `cargo bench` writes them to target/criterion), found none',
    )
  const benchmarks: ImportedBenchmark[] = []
  for (const folder of folders) {
    const infoPath = path.join(folder, 'benchmark.json')
    let infoText: string
    try {
      infoText = await readFile(infoPath, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      throw new ImportFormatError(
        infoPath,
        '',
        'expected the benchmark.json criterion writes beside sample.json, found none',
      )
    }
    const info = readInfo({ path: infoPath, text: infoText })
    const samplePath = path.join(folder, 'sample.json')
    benchmarks.push(sampleBenchmark({ path: samplePath, text: await readFile(samplePath, 'utf8') }, info))
  }
  const seen = new Set<string>()
  for (const [i, b] of benchmarks.entries()) {
    if (seen.has(b.name))
      throw new ImportFormatError(
        path.join(folders[i]!, 'benchmark.json'),
        '$.full_id',
        `two result folders have the full_id ${JSON.stringify(b.name)}`,
      )
    seen.add(b.name)
  }
  return benchmarks
}

/** Folders named `new` that hold a sample.json, below dir; a result folder is not searched further. */
async function resultFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  if (path.basename(dir) === 'new' && entries.some((e) => e.isFile() && e.name === 'sample.json'))
    return [dir]
  const found: string[] = []
  for (const entry of entries)
    if (entry.isDirectory()) found.push(...(await resultFolders(path.join(dir, entry.name))))
  return found
}

function sampleBenchmark(source: ImportSource, info: CriterionInfo): ImportedBenchmark {
  const root = parseJsonSource(source)
  if (!isObject(root))
    throw new ImportFormatError(source.path, '$', `expected an object, got ${describeJson(root)}`)
  const iters = jsonReader(source.path).numbers(root.iters, '$.iters')
  const times = jsonReader(source.path).numbers(root.times, '$.times')
  if (iters.length !== times.length)
    throw new ImportFormatError(
      source.path,
      '$.times',
      `expected as many times as iters (${iters.length}), got ${times.length}`,
    )
  if (iters.length === 0)
    throw new ImportFormatError(source.path, '$.iters', 'expected at least one sample, got none')
  iters.forEach((n, i) => {
    if (n <= 0)
      throw new ImportFormatError(
        source.path,
        `$.iters[${i}]`,
        `expected a positive iteration count, got ${n}`,
      )
  })
  const perIteration = times.map((t, i) => t / iters[i]!)
  const metrics: Record<string, ImportedMetric> = {
    time: { unit: 'ns', direction: 'lower', samples: perIteration },
  }
  const notes: string[] = []
  // A rate per sample: what one iteration processes over the time it took, in bytes or elements per second.
  const rate = (amount: number) => perIteration.map((ns) => (amount * 1e9) / ns)
  // Rates are the same samples as time, seen another way: derived from it.
  if (info.elements !== undefined) {
    metrics.throughput = {
      unit: 'ops/s',
      direction: 'higher',
      samples: rate(info.elements),
      derivedFrom: 'time',
    }
    notes.push(`throughput: ${info.elements} elements per iteration`)
    if (info.bytes !== undefined) {
      metrics['byte-throughput'] = {
        unit: 'bytes/s',
        direction: 'higher',
        samples: rate(info.bytes),
        derivedFrom: 'time',
      }
      notes.push(`byte-throughput: ${info.bytes} bytes per iteration`)
    }
  } else if (info.bytes !== undefined) {
    metrics.throughput = {
      unit: 'bytes/s',
      direction: 'higher',
      samples: rate(info.bytes),
      derivedFrom: 'time',
    }
    notes.push(`throughput: ${info.bytes} bytes per iteration`)
  }
  return notes.length > 0 ? { name: info.name, metrics, notes } : { name: info.name, metrics }
}

function readInfo(source: ImportSource): CriterionInfo {
  const root = parseJsonSource(source)
  if (!isObject(root))
    throw new ImportFormatError(source.path, '$', `expected an object, got ${describeJson(root)}`)
  const name = root.full_id
  if (typeof name !== 'string' || name === '')
    throw new ImportFormatError(
      source.path,
      '$.full_id',
      `expected the benchmark's name as a string, got ${describeJson(name)}`,
    )
  const throughput = root.throughput
  if (throughput === undefined || throughput === null) return { name }
  const expected =
    'expected { "Bytes" | "BytesDecimal" | "Elements": number } or { "ElementsAndBytes": { "elements": number, "bytes": number } }'
  if (!isObject(throughput) || Object.keys(throughput).length !== 1)
    throw new ImportFormatError(source.path, '$.throughput', `${expected}, got ${describeJson(throughput)}`)
  const [key, value] = Object.entries(throughput)[0]!
  const amount = (v: unknown, where: string) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      throw new ImportFormatError(
        source.path,
        where,
        `expected a non-negative number, got ${describeJson(v)}`,
      )
    return v
  }
  switch (key) {
    // BytesDecimal differs from Bytes only in how criterion prints it (kB rather than KiB).
    case 'Bytes':
    case 'BytesDecimal':
      return { name, bytes: amount(value, `$.throughput.${key}`) }
    case 'Elements':
      return { name, elements: amount(value, '$.throughput.Elements') }
    case 'ElementsAndBytes':
      if (!isObject(value))
        throw new ImportFormatError(
          source.path,
          '$.throughput.ElementsAndBytes',
          `${expected}, got ${describeJson(value)}`,
        )
      return {
        name,
        elements: amount(value.elements, '$.throughput.ElementsAndBytes.elements'),
        bytes: amount(value.bytes, '$.throughput.ElementsAndBytes.bytes'),
      }
    default:
      throw new ImportFormatError(
        source.path,
        `$.throughput.${key}`,
        `${expected}, got the kind ${JSON.stringify(key)}`,
      )
  }
}

/** `…/criterion/sum/iter/64/new/sample.json` → `sum/iter/64`: the folders below `criterion`, less the baseline. */
function nameFromPath(source: ImportSource): string {
  const parts = source.path.split(/[\\/]/).filter((p) => p !== '' && p !== '.')
  if (parts.at(-1) === 'sample.json') parts.pop()
  parts.pop() // the baseline: new, base, or a --save-baseline name
  const below = parts.lastIndexOf('criterion')
  const name = below >= 0 ? parts.slice(below + 1).join('/') : (parts.at(-1) ?? '')
  if (name === '')
    throw new ImportFormatError(
      source.path,
      '',
      'cannot name the benchmark: expected a path like target/criterion/<group>/<function>/new/sample.json (or import the target/criterion directory)',
    )
  return name
}
