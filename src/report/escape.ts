// Everything a user controls (benchmark names, commands, program output) passes through here before
// it reaches markdown, HTML or a chart, so it can neither break a table, close the comment marker,
// render HTML, make a link nor ping a person or team. Bidirectional controls are shown as U+FFFD, so a
// name cannot make the text after it read backwards.
import { createHash } from 'node:crypto'

const ZERO_WIDTH_SPACE = '\u200b'
/**
 * Embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks that reorder the
 * text around them (U+200E, U+200F, U+061C).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** `text` with every bidirectional control shown as U+FFFD. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '\ufffd')
}

/**
 * Escapes text for inline markdown, including table cells: one line, literal characters. GFM links bare
 * `https://…`, `http://…`, `ftp://…` and `www.…` by itself; an entity for the `:` or the `.` reads
 * the same and is no link, and a zero-width space after `@` keeps an address or a mention from forming.
 */
export function escapeMarkdownInline(text: string): string {
  return withoutBidiControls(text)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~!])/g, '\\$1')
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/:(?=\/\/)/g, '&#58;')
    .replace(/(w{3})\./gi, '$1&#46;')
}

/**
 * Escapes text that starts a line of markdown (a line of a block quote): inline escaping, and nothing
 * at its start that would make the line a list item, a heading underline, a rule or indented code.
 */
export function escapeMarkdownLine(text: string): string {
  return escapeMarkdownInline(text.trim())
    .replace(/^([-+=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2')
}

/** Inline code that survives any backticks in the text: `` `a`b` `` style fences. */
export function markdownCode(text: string): string {
  // Inside a code span nothing renders and mentions do not fire, but a newline still ends a table
  // row (shown as ⏎) and `|` still splits a cell unless escaped; GFM turns `\|` back into `|` even in
  // code spans, so the name reads exactly as written.
  const oneLine = withoutBidiControls(text)
    .replace(/\r\n|\r|\n/g, '⏎')
    .replace(/\|/g, '\\|')
  const longest = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${oneLine}${pad}${fence}`
}

/** A fenced block for multi-line program output; the fence is longer than any backtick run inside. */
export function markdownCodeBlock(text: string): string {
  const safe = withoutBidiControls(text)
  const longest = Math.max(2, ...Array.from(safe.matchAll(/`+/g), (m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const body = safe.endsWith('\n') ? safe : `${safe}\n`
  return `${fence}text\n${body}${fence}`
}

export function escapeHtml(text: string): string {
  return withoutBidiControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`)
}

/**
 * Code in raw HTML inside markdown, such as a `<summary>` line: markdown does not apply there (a code
 * span would show its backticks and let the HTML in it render), and a newline could end the HTML
 * block, so the text is one line (⏎ for newlines) of escaped HTML.
 */
export function htmlCode(text: string): string {
  return `<code>${escapeHtml(text.replace(/\r\n|\r|\n/g, '⏎'))}</code>`
}

/** Longer suite names are shortened in the marker, with a digest of the whole name to tell them apart. */
const MARKER_SUITE_LENGTH = 100

/**
 * The hidden marker that finds a suite's comment, its first line. Anything that could end an HTML
 * comment is removed from the suite name, and a very long name is shortened, so the marker always fits
 * a comment, however short the comment has to be cut.
 */
export function markerFor(suite: string): string {
  let id = suite.replace(/[^A-Za-z0-9._-]/g, '_')
  if (id.length > MARKER_SUITE_LENGTH)
    id = `${id.slice(0, 80)}.${createHash('sha256').update(suite).digest('hex').slice(0, 16)}`
  return `<!-- bench-action:${id} -->`
}
