// Catch2's XML reporter (`-r xml`) with BENCHMARK results (v2.13; v3 writes the same elements):
//
//   <TestCase name="vector" …>
//     <Section name="reversed" …>
//       <BenchmarkResults name="sum" samples="10" resamples="1000" iterations="334" …>
//         <!--All values in nano seconds-->
//         <mean value="116.577" lowerBound="114.068" upperBound="126.21" ci="0.95"/>
//         <standardDeviation value="7.20786" lowerBound="0.162216" upperBound="11.8917" ci="0.95"/>
//
// Catch2 keeps no samples, only this summary: the mean time per iteration over `samples` samples
// with a bootstrap interval. A benchmark that threw holds `<failed message="…"/>` instead.
//
// Names are `test case/section…/benchmark`, always: benchmark names are only unique within their
// test case (two test cases may both have a "sum"), and prefixing only on a clash would rename a
// benchmark as soon as another test case gained one of the same name. A test case runs once per leaf
// section, so a benchmark outside its sections is measured in each pass: the first pass is kept.
import { type ImportedBenchmark, type ImportFormat, ImportFormatError, type ImportSource } from '../types.ts'

interface Tag {
  name: string
  attributes: Map<string, string>
  closing: boolean
  selfClosing: boolean
  line: number
}

export const catch2Format: ImportFormat = {
  name: 'catch2',
  detect(source) {
    return /<Catch[\s>]/.test(source.text) && /<BenchmarkResults[\s>]/.test(source.text)
  },
  parse(source) {
    const benchmarks: ImportedBenchmark[] = []
    // The open TestCase and Section elements, for names; the open BenchmarkResults, for its parts.
    const path: { element: string; name: string }[] = []
    let open: OpenResults | undefined
    let root: 'none' | 'open' | 'closed' = 'none'
    const finish = (results: OpenResults) => {
      const names = path.map((p) => p.name)
      const benchmark = readBenchmark(source, results, names)
      // Catch2 runs a test case once per leaf section, and a benchmark outside the sections in
      // every pass: the first pass's results stand, the repeats are noted.
      const first = benchmarks.find((b) => b.name === benchmark.name)
      if (!first) benchmarks.push(benchmark)
      else {
        const mean = benchmark.metrics.time?.summary?.center
        const again = mean === undefined ? 'failed' : `mean ${mean} ns`
        first.notes = [
          ...(first.notes ?? []),
          `measured again in a later pass of its test case (${again}): not imported`,
        ]
      }
    }
    for (const tag of tags(source)) {
      if (tag.name === 'Catch') root = tag.closing || tag.selfClosing ? 'closed' : 'open'
      else if (tag.name === 'TestCase' || tag.name === 'Section') {
        if (tag.closing) {
          const top = path.pop()
          if (top?.element !== tag.name)
            throw new ImportFormatError(
              source.path,
              `line ${tag.line}`,
              `expected </${top?.element ?? 'Catch'}>, got </${tag.name}>`,
            )
        } else if (!tag.selfClosing) path.push({ element: tag.name, name: required(source, tag, 'name') })
      } else if (tag.name === 'BenchmarkResults') {
        if (tag.closing) {
          if (!open)
            throw new ImportFormatError(
              source.path,
              `line ${tag.line}`,
              'expected <BenchmarkResults> before </BenchmarkResults>',
            )
          finish(open)
          open = undefined
        } else {
          if (open)
            throw new ImportFormatError(
              source.path,
              `line ${tag.line}`,
              `expected </BenchmarkResults> of ${open.name} first, got another <BenchmarkResults>`,
            )
          open = { name: required(source, tag, 'name'), tag, parts: new Map() }
          if (tag.selfClosing) {
            finish(open)
            open = undefined
          }
        }
      } else if (open && !tag.closing) open.parts.set(tag.name, tag)
    }
    if (root === 'none')
      throw new ImportFormatError(source.path, 'line 1', 'expected a <Catch> element (Catch2 -r xml)')
    if (open)
      throw new ImportFormatError(
        source.path,
        `line ${open.tag.line}`,
        `the results of ${open.name} end without </BenchmarkResults>: the file is cut short`,
      )
    if (root === 'open') {
      const inside = path.length > 0 ? ` (inside ${path.map((p) => p.name).join('/')})` : ''
      throw new ImportFormatError(
        source.path,
        'end of file',
        `expected </Catch>${inside}: the file is cut short`,
      )
    }
    return benchmarks
  },
}

interface OpenResults {
  name: string
  tag: Tag
  /** The child elements by name: mean, standardDeviation, outliers, failed. */
  parts: Map<string, Tag>
}

function readBenchmark(source: ImportSource, open: OpenResults, path: string[]): ImportedBenchmark {
  const name = [...path, open.name].join('/')
  const failed = open.parts.get('failed')
  if (failed)
    return {
      name,
      metrics: {},
      error: `${failed.attributes.get('message') ?? 'no message'} (the benchmark threw; nothing measured)`,
    }
  const mean = open.parts.get('mean')
  if (!mean)
    throw new ImportFormatError(
      source.path,
      `line ${open.tag.line}`,
      `expected a <mean> in the results of ${name}, found none`,
    )
  const center = number(source, mean, 'value')
  const n = number(source, open.tag, 'samples')
  // ci="0": --benchmark-no-analysis, where the bounds equal the mean and the deviation reads 0.
  const analysed = mean.attributes.get('ci') !== '0'
  if (!analysed)
    return {
      name,
      metrics: { time: { unit: 'ns', direction: 'lower', summary: { center, n } } },
      notes: ['no analysis: the mean alone'],
    }
  const deviation = open.parts.get('standardDeviation')
  const summary = {
    center,
    ...(deviation ? { stddev: number(source, deviation, 'value') } : {}),
    n,
    interval: [number(source, mean, 'lowerBound'), number(source, mean, 'upperBound')] as [number, number],
  }
  return { name, metrics: { time: { unit: 'ns', direction: 'lower', summary } } }
}

function required(source: ImportSource, tag: Tag, attribute: string): string {
  const value = tag.attributes.get(attribute)
  if (value === undefined)
    throw new ImportFormatError(
      source.path,
      `line ${tag.line}`,
      `expected a ${attribute} attribute on <${tag.name}>, found none`,
    )
  return value
}

function number(source: ImportSource, tag: Tag, attribute: string): number {
  const text = required(source, tag, attribute)
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value))
    throw new ImportFormatError(
      source.path,
      `line ${tag.line}`,
      `expected a number in ${attribute} of <${tag.name}>, got ${JSON.stringify(text)}`,
    )
  return value
}

const TAG = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

/**
 * The element tags of the text in order: a tolerant reader of the little XML Catch2 writes, which
 * skips the declaration, comments and text, and stops with an error at a tag that does not close.
 */
function* tags(source: ImportSource): Generator<Tag> {
  const text = source.text
  let i = 0
  let line = 1
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (text.charCodeAt(k) === 10) line++
    i = to
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i)
    if (lt < 0) return
    advance(lt)
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i)
      if (end < 0)
        throw new ImportFormatError(source.path, `line ${line}`, 'expected the comment to end with -->')
      advance(end + 3)
      continue
    }
    if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i)
      if (end < 0)
        throw new ImportFormatError(source.path, `line ${line}`, 'expected the CDATA section to end with ]]>')
      advance(end + 3)
      continue
    }
    if (text.startsWith('<?', i) || text.startsWith('<!', i)) {
      const end = text.indexOf('>', i)
      if (end < 0)
        throw new ImportFormatError(source.path, `line ${line}`, 'expected > to end the declaration')
      advance(end + 1)
      continue
    }
    TAG.lastIndex = i
    const match = TAG.exec(text)
    if (!match)
      throw new ImportFormatError(
        source.path,
        `line ${line}`,
        `expected an XML tag, got ${JSON.stringify(text.slice(i, i + 40))}`,
      )
    const attributes = new Map<string, string>()
    for (const a of match[3]!.matchAll(ATTRIBUTE)) attributes.set(a[1]!, decode(a[2] ?? a[3] ?? ''))
    yield { name: match[2]!, attributes, closing: match[1] === '/', selfClosing: match[4] === '/', line }
    advance(i + match[0].length)
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)))
    return ENTITIES[entity] ?? whole
  })
}
