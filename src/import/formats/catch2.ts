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
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { type ImportedBenchmark, type ImportFormat, ImportFormatError, type ImportSource } from '../types.ts'

/** An element as fast-xml-parser returns it with preserveOrder: `{ name: children, ':@': attributes }`. */
type XmlNode = { [name: string]: unknown; ':@'?: Record<string, string> }

interface Element {
  name: string
  attributes: Record<string, string>
  children: XmlNode[]
  /** Where its start tag begins in the text. */
  start: number
  /** Just past its end tag; unset when the element never closes. */
  end: number | undefined
}

export const catch2Format: ImportFormat = {
  name: 'catch2',
  detect(source) {
    return /<Catch[\s>]/.test(source.text) && /<BenchmarkResults[\s>]/.test(source.text)
  },
  parse(source) {
    const benchmarks: ImportedBenchmark[] = []
    let root = false
    const finish = (results: Element, path: string[]) => {
      const benchmark = readBenchmark(source, results, path)
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
    // The names of the enclosing TestCase and Section elements make the benchmark's name.
    const visit = (nodes: XmlNode[], path: string[]) => {
      for (const node of nodes) {
        const element = asElement(node)
        if (!element) continue
        if (element.name === 'Catch') root = true
        if (element.name === 'TestCase' || element.name === 'Section') {
          if (element.children.length > 0)
            visit(element.children, [...path, required(source, element, 'name')])
        } else if (element.name === 'BenchmarkResults') {
          required(source, element, 'name')
          finish(element, path)
        } else visit(element.children, path)
      }
    }
    visit(readXml(source), [])
    if (!root)
      throw new ImportFormatError(source.path, 'line 1', 'expected a <Catch> element (Catch2 -r xml)')
    return benchmarks
  },
}

function readBenchmark(source: ImportSource, results: Element, path: string[]): ImportedBenchmark {
  const name = [...path, results.attributes.name].join('/')
  // The child elements by name: mean, standardDeviation, outliers, failed.
  const parts = new Map<string, Element>()
  for (const node of results.children) {
    const part = asElement(node)
    if (part) parts.set(part.name, part)
  }
  const failed = parts.get('failed')
  if (failed)
    return {
      name,
      metrics: {},
      error: `${failed.attributes.message ?? 'no message'} (the benchmark threw; nothing measured)`,
    }
  const mean = parts.get('mean')
  if (!mean)
    throw new ImportFormatError(
      source.path,
      `line ${lineAt(source.text, results.start)}`,
      `expected a <mean> in the results of ${name}, found none`,
    )
  const center = number(source, mean, 'value')
  const n = number(source, results, 'samples')
  // ci="0": --benchmark-no-analysis, where the bounds equal the mean and the deviation reads 0.
  const analysed = mean.attributes.ci !== '0'
  if (!analysed)
    return {
      name,
      metrics: { time: { unit: 'ns', direction: 'lower', summary: { center, statistic: 'mean', n } } },
      notes: ['no analysis: the mean alone'],
    }
  const deviation = parts.get('standardDeviation')
  // The bounds are Catch2's bootstrap interval of the mean at its confidence `ci` (0.95 by default);
  // comparing at another level rebuilds the interval from the deviation and the sample count.
  const level = Number(mean.attributes.ci)
  const summary = {
    center,
    statistic: 'mean' as const,
    ...(deviation ? { stddev: number(source, deviation, 'value') } : {}),
    n,
    interval: [number(source, mean, 'lowerBound'), number(source, mean, 'upperBound')] as [number, number],
    ...(level > 0 && level < 1 ? { level } : {}),
  }
  return { name, metrics: { time: { unit: 'ns', direction: 'lower', summary } } }
}

function required(source: ImportSource, element: Element, attribute: string): string {
  const value = element.attributes[attribute]
  if (value === undefined)
    throw new ImportFormatError(
      source.path,
      `line ${lineAt(source.text, element.start)}`,
      `expected a ${attribute} attribute on <${element.name}>, found none`,
    )
  return value
}

function number(source: ImportSource, element: Element, attribute: string): number {
  const text = required(source, element, attribute)
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value))
    throw new ImportFormatError(
      source.path,
      `line ${lineAt(source.text, element.start)}`,
      `expected a number in ${attribute} of <${element.name}>, got ${JSON.stringify(text)}`,
    )
  return value
}

// ---------------------------------------------------------------------------------------------------
// XML: fast-xml-parser checks and reads the file. The text comes from a pull request, so a document
// type declaration is refused before either runs, and entities are only XML's five and character
// references: nothing the file declares is expanded.

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function decode(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (!entity.startsWith('#')) return PREDEFINED[entity] ?? whole
    const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1))
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

const META = XMLParser.getMetaDataSymbol() as unknown as symbol

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
  entityDecoder: {
    decode,
    // Entities the file declares are never used.
    addInputEntities() {},
    setExternalEntities() {},
    reset() {},
    setXmlVersion() {},
  },
})

function asElement(node: XmlNode): Element | undefined {
  const name = Object.keys(node).find((key) => key !== ':@')
  if (name === undefined || name === '#text') return undefined
  const meta = (node as { [META]?: { startIndex?: number; endIndex?: number } })[META]
  return {
    name,
    attributes: node[':@'] ?? {},
    children: node[name] as XmlNode[],
    start: meta?.startIndex ?? 0,
    end: meta?.endIndex,
  }
}

function lineAt(text: string, index: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}

function readXml(source: ImportSource): XmlNode[] {
  const text = source.text
  const doctype = text.indexOf('<!DOCTYPE')
  if (doctype >= 0)
    throw new ImportFormatError(
      source.path,
      `line ${lineAt(text, doctype)}`,
      'expected no <!DOCTYPE>: Catch2 writes none, and document type declarations are not read',
    )
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw xmlError(source, valid.err)
  try {
    return parser.parse(text) as XmlNode[]
  } catch (err) {
    const message = (err as Error).message
    throw new ImportFormatError(
      source.path,
      '',
      `cannot read the XML: ${message[0]?.toLowerCase()}${message.slice(1)}`,
    )
  }
}

/** What the validator found, said in terms of the file: where, and what was expected there. */
function xmlError(source: ImportSource, err: { code: string; msg: string; line: number; col?: number }) {
  const text = source.text
  const what = `${err.msg[0]!.toLowerCase()}${err.msg.slice(1).replace(/\.$/, '')}`
  if (err.msg === 'Start tag expected.')
    return new ImportFormatError(source.path, 'line 1', 'expected a <Catch> element (Catch2 -r xml)')
  if (/^(Unclosed tag|Invalid '\[)/.test(err.msg)) {
    const cut = cutShort(source)
    if (cut) return cut
  }
  if (err.code === 'InvalidAttr' || /^(Tag '|Closing tag '.*(proper closing|attributes))/.test(err.msg)) {
    // A start or end tag that does not read: show it.
    const lt = text.lastIndexOf('<', offsetOf(text, err.line, err.col ?? 1))
    const gt = text.indexOf('>', lt)
    const tag = JSON.stringify(text.slice(lt, gt < 0 ? lt + 40 : Math.min(gt + 1, lt + 40)))
    const ending = gt < 0 ? 'the file is cut short' : what
    return new ImportFormatError(
      source.path,
      `line ${err.line}`,
      `expected an XML tag, got ${tag}: ${ending}`,
    )
  }
  return new ImportFormatError(source.path, `line ${err.line}`, what)
}

/** The index of a validator's line and column (it counts past a byte order mark). */
function offsetOf(text: string, line: number, column: number): number {
  let start = text.startsWith('\uFEFF') ? 1 : 0
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf('\n', start)
    if (newline < 0) return text.length
    start = newline + 1
  }
  return start + column - 1
}

/** A file that ends inside elements: the results or the <Catch> it ends in. */
function cutShort(source: ImportSource): ImportFormatError | undefined {
  let nodes: XmlNode[]
  try {
    nodes = parser.parse(source.text) as XmlNode[]
  } catch {
    return undefined
  }
  // The elements still open at the end: the last element of each level, from the root down.
  const open: Element[] = []
  for (;;) {
    const last = nodes
      .map(asElement)
      .filter((e) => e !== undefined)
      .at(-1)
    if (!last || last.end !== undefined) break
    open.push(last)
    nodes = last.children
  }
  const results = open.find((e) => e.name === 'BenchmarkResults')
  if (results)
    return new ImportFormatError(
      source.path,
      `line ${lineAt(source.text, results.start)}`,
      `the results of ${results.attributes.name} end without </BenchmarkResults>: the file is cut short`,
    )
  if (open.length === 0) return undefined
  const names = open
    .filter((e) => e.name === 'TestCase' || e.name === 'Section')
    .map((e) => e.attributes.name)
  const inside = names.length > 0 ? ` (inside ${names.join('/')})` : ''
  const outer = open.some((e) => e.name === 'Catch') ? 'Catch' : open[0]!.name
  return new ImportFormatError(
    source.path,
    'end of file',
    `expected </${outer}>${inside}: the file is cut short`,
  )
}
