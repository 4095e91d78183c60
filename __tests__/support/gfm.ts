// GitHub's own markdown renderer in the tests (docs/ARCHITECTURE.md#the-trust-boundary): cmark-gfm with GitHub's extensions, and a
// check of what it makes of a report. `--unsafe` keeps raw HTML, so the check sees what GitHub's
// renderer hands its sanitizer; the sanitizer keeps <details>, <img>, <a> and more, so anything of
// that kind in a report is something a user's text put there.
import assert from 'node:assert/strict'
import { runWithInput } from './helpers.ts'

export const CMARK_GFM = 'cmark-gfm'
const CMARK_ARGS = ['-e', 'table', '-e', 'strikethrough', '-e', 'autolink', '-e', 'tagfilter', '--unsafe']

/** Markdown as GitHub renders it, before its HTML sanitizer. */
export async function renderGfm(markdown: string): Promise<string> {
  const r = await runWithInput(CMARK_GFM, CMARK_ARGS, Buffer.from(markdown))
  if (r.code !== 0) throw new Error(`cmark-gfm exited with ${r.code}: ${r.stderr}`)
  return r.stdout
}

// ---------------------------------------------------------------------------------------------------
// A small, tolerant HTML tokenizer: enough for cmark-gfm's output and for our own HTML report, which
// are both regular, and for whatever a hostile name could smuggle into them.

export type HtmlToken =
  | { type: 'start'; name: string; attributes: Array<[string, string]>; raw: string }
  | { type: 'end'; name: string; raw: string }
  | { type: 'text'; text: string }
  | { type: 'comment'; text: string; raw: string }
  /** `<!DOCTYPE …>`, `<![CDATA[…]]>`, `<?…>`. */
  | { type: 'declaration'; raw: string }

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** Decodes numeric entities and the named ones cmark-gfm and escapeHtml write. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
    return NAMED_ENTITIES[ref] ?? whole
  })
}

/** Elements whose content is text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes'])

export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = []
  let text = ''
  const flush = () => {
    if (text !== '') tokens.push({ type: 'text', text: decodeEntities(text) })
    text = ''
  }
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      text += html.slice(i)
      break
    }
    text += html.slice(i, lt)
    i = lt
    if (html.startsWith('<!--', i)) {
      flush()
      const end = html.indexOf('-->', i + 4)
      const stop = end < 0 ? html.length : end + 3
      tokens.push({
        type: 'comment',
        text: html.slice(i + 4, end < 0 ? html.length : end),
        raw: html.slice(i, stop),
      })
      i = stop
      continue
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      flush()
      const end = html.indexOf('>', i)
      const stop = end < 0 ? html.length : end + 1
      tokens.push({ type: 'declaration', raw: html.slice(i, stop) })
      i = stop
      continue
    }
    const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(html.slice(i, i + 64))
    if (!tag) {
      text += '<'
      i += 1
      continue
    }
    flush()
    const closing = tag[1] === '/'
    const name = tag[2]!.toLowerCase()
    // Attributes up to the tag's `>`, quoted values may hold `>`.
    let j = i + tag[0].length
    const attributes: Array<[string, string]> = []
    const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\s*\/(?!>)|\s+/y
    while (j < html.length && html[j] !== '>' && !html.startsWith('/>', j)) {
      attribute.lastIndex = j
      const m = attribute.exec(html)
      if (!m || m[0] === '') {
        j += 1
        continue
      }
      if (m[1] !== undefined)
        attributes.push([m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')])
      j = attribute.lastIndex
    }
    const stop = html.startsWith('/>', j) ? j + 2 : Math.min(html.length, j + 1)
    const raw = html.slice(i, stop)
    i = stop
    if (closing) {
      tokens.push({ type: 'end', name, raw })
      continue
    }
    tokens.push({ type: 'start', name, attributes, raw })
    if (RAW_TEXT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, i)
      const end = close < 0 ? html.length : close
      const content = html.slice(i, end)
      if (content !== '')
        tokens.push({
          type: 'text',
          text: name === 'title' || name === 'textarea' ? decodeEntities(content) : content,
        })
      i = end
    }
  }
  flush()
  return tokens
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

export interface TextRun {
  text: string
  /** The open elements around it, outermost first. */
  within: string[]
}

/** The text of a document with the elements each piece sits in. */
export function textRuns(tokens: HtmlToken[]): TextRun[] {
  const stack: string[] = []
  const runs: TextRun[] = []
  for (const t of tokens) {
    if (t.type === 'start') {
      if (!VOID.has(t.name) && !t.raw.endsWith('/>')) stack.push(t.name)
    } else if (t.type === 'end') {
      const at = stack.lastIndexOf(t.name)
      if (at >= 0) stack.length = at
    } else if (t.type === 'text') {
      runs.push({ text: t.text, within: [...stack] })
    }
  }
  return runs
}

/** The elements of a document as `name attr attr…`, in order: what a hostile name must not change. */
export function elementOutline(html: string): string[] {
  return tokenizeHtml(html)
    .filter((t) => t.type === 'start' || t.type === 'end' || t.type === 'comment' || t.type === 'declaration')
    .map((t) => {
      if (t.type === 'start') return `<${t.name}${t.attributes.map(([k]) => ` ${k}`).join('')}>`
      if (t.type === 'end') return `</${t.name}>`
      if (t.type === 'comment') return '<!--…-->'
      return '<!…>'
    })
}

/** Visible text: entities decoded, our zero-width spaces removed. */
export function visibleText(html: string): string {
  return textRuns(tokenizeHtml(html))
    .map((r) => r.text)
    .join('')
    .replace(/\u200b/g, '')
}

// ---------------------------------------------------------------------------------------------------
// The report check.

/** The elements our markdown renders to, and the attributes each may carry. */
const REPORT_ELEMENTS: Record<string, Record<string, RegExp>> = {
  h3: {},
  h4: {},
  p: {},
  table: {},
  thead: {},
  tbody: {},
  tr: {},
  th: { align: /^(left|center|right)$/ },
  td: { align: /^(left|center|right)$/ },
  details: {},
  summary: {},
  sub: {},
  code: { class: /^language-[A-Za-z0-9_-]+$/ },
  pre: {},
  strong: {},
  em: {},
  ul: {},
  ol: {},
  li: {},
  br: {},
  blockquote: {},
  a: { href: /^/ },
}

/** Bidirectional embeddings, overrides, isolates and marks: they can make text read as something it is not. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

const MARKER = /^<!-- bench-action:[A-Za-z0-9._-]+ -->$/

export interface ReportCheckOptions {
  /** Links the report itself writes (the full report's URL); any other `<a>` is a violation. */
  allowedLinks?: RegExp[]
}

/** Cells of a markdown table row: split at pipes not escaped with a backslash, as GFM does. */
function markdownCells(line: string): number {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
  return inner.split(/(?<!\\)\|/).length
}

/** The rows of each table in the markdown, outside fenced code blocks, as lines. */
function markdownTables(markdown: string): string[][] {
  const tables: string[][] = []
  let fence: string | undefined
  let current: string[] | undefined
  for (const line of markdown.split('\n')) {
    if (fence !== undefined) {
      if (line.trimEnd() === fence || (line.startsWith(fence) && /^([`~])\1*\s*$/.test(line)))
        fence = undefined
      continue
    }
    const open = /^(`{3,}|~{3,})/.exec(line)
    if (open) {
      fence = open[1]
      current = undefined
      continue
    }
    if (line.startsWith('|')) {
      if (current) current.push(line)
      else {
        current = [line]
        tables.push(current)
      }
    } else current = undefined
  }
  return tables.filter((t) => t.length >= 2 && /^\|(\s*:?-+:?\s*\|)+\s*$/.test(t[1]!))
}

/**
 * What is wrong with a report as GitHub would render it, in words; empty when nothing is. The rules:
 * the marker is the first line and the only HTML comment; only the elements the renderer writes, with
 * only their own attributes; no link but the allowed ones and no image at all; no mention (`@`
 * followed by a letter or digit) outside code; no bidi override characters; every table row with as
 * many cells as its header, in the markdown (GFM pads and cuts rows, so the HTML alone cannot tell).
 */
export async function reportProblems(markdown: string, options: ReportCheckOptions = {}): Promise<string[]> {
  const problems: string[] = []
  const firstLine = markdown.split('\n', 1)[0] ?? ''
  if (!MARKER.test(firstLine)) problems.push(`the first line is not the marker: ${JSON.stringify(firstLine)}`)

  const html = await renderGfm(markdown)
  const tokens = tokenizeHtml(html)
  const first = tokens.find((t) => t.type !== 'text' || t.text.trim() !== '')
  const comments = tokens.filter((t) => t.type === 'comment')
  if (comments.length !== 1 || first?.type !== 'comment' || !MARKER.test(first.raw))
    problems.push(
      `exactly one HTML comment, the marker, first; found ${comments.length}: ${comments.map((c) => JSON.stringify(c.raw.slice(0, 80))).join(', ')}`,
    )

  for (const t of tokens) {
    if (t.type === 'declaration')
      problems.push(`a declaration or processing instruction: ${t.raw.slice(0, 80)}`)
    if (t.type !== 'start') continue
    const allowed = REPORT_ELEMENTS[t.name]
    if (!allowed) {
      problems.push(`an element the report does not write: ${t.raw.slice(0, 120)}`)
      continue
    }
    for (const [name, value] of t.attributes) {
      const pattern = allowed[name]
      if (!pattern?.test(value))
        problems.push(
          `an attribute the report does not write: ${name}=${JSON.stringify(value)} in ${t.raw.slice(0, 120)}`,
        )
    }
    if (t.name === 'a') {
      const href = t.attributes.find(([k]) => k === 'href')?.[1] ?? ''
      if (!(options.allowedLinks ?? []).some((p) => p.test(href)))
        problems.push(`a link the report did not write: ${t.raw.slice(0, 120)}`)
    }
  }

  for (const run of textRuns(tokens)) {
    const inCode = run.within.includes('code') || run.within.includes('pre')
    const mention = /@[A-Za-z0-9]/.exec(run.text)
    if (mention && !inCode) {
      const at = mention.index
      problems.push(
        `a mention outside code: ${JSON.stringify(run.text.slice(Math.max(0, at - 20), at + 30))}`,
      )
    }
    const bidi = BIDI_CONTROL.exec(run.text)
    if (bidi)
      problems.push(
        `a bidi control character U+${bidi[0].codePointAt(0)!.toString(16).toUpperCase()} in ${JSON.stringify(run.text.slice(0, 80))}`,
      )
  }

  // Tables as rendered: every row as wide as the header.
  let header = 0
  let inTable = false
  let cells = 0
  for (const t of tokens) {
    if (t.type === 'start' && t.name === 'table') {
      inTable = true
      header = 0
    } else if (t.type === 'end' && t.name === 'table') inTable = false
    else if (inTable && t.type === 'start' && t.name === 'tr') cells = 0
    else if (inTable && t.type === 'start' && (t.name === 'th' || t.name === 'td')) cells += 1
    else if (inTable && t.type === 'end' && t.name === 'tr') {
      if (header === 0) header = cells
      else if (cells !== header)
        problems.push(`a rendered table row with ${cells} cells under ${header} headers`)
    }
  }
  // Tables as written: GFM fills short rows and drops extra cells, so count them in the markdown.
  const tables = markdownTables(markdown)
  const rendered = tokens.filter((t) => t.type === 'start' && t.name === 'table').length
  if (tables.length !== rendered)
    problems.push(`${tables.length} tables in the markdown, ${rendered} rendered`)
  for (const rows of tables) {
    const width = markdownCells(rows[0]!)
    for (const row of rows.slice(2)) {
      const n = markdownCells(row)
      if (n !== width)
        problems.push(`a table row with ${n} cells under ${width} headers: ${row.slice(0, 200)}`)
    }
  }
  return problems
}

/** Fails, listing every problem, unless the report is safe to post (see reportProblems). */
export async function assertSafeReport(markdown: string, options: ReportCheckOptions = {}): Promise<void> {
  const problems = await reportProblems(markdown, options)
  assert.deepEqual(problems, [], `the report is not safe to post:\n${problems.join('\n')}`)
}
