// Everything a user controls (benchmark names, commands, program output) passes through here before
// it reaches markdown or HTML, so it can neither break a table, close the comment marker, render HTML
// nor ping a person or team.

const ZERO_WIDTH_SPACE = '\u200b'

/** Escapes text for inline markdown, including table cells: one line, literal characters. */
export function escapeMarkdownInline(text: string): string {
  return text
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~!])/g, '\\$1')
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`)
}

/** Inline code that survives any backticks in the text: `` `a`b` `` style fences. */
export function markdownCode(text: string): string {
  // Inside a code span nothing renders and mentions do not fire, but a newline still ends a table
  // row (shown as ⏎) and `|` still splits a cell unless escaped; GFM turns `\|` back into `|` even in
  // code spans, so the name reads exactly as written.
  const oneLine = text.replace(/\r\n|\r|\n/g, '⏎').replace(/\|/g, '\\|')
  const longest = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${oneLine}${pad}${fence}`
}

/** A fenced block for multi-line program output; the fence is longer than any backtick run inside. */
export function markdownCodeBlock(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const body = text.endsWith('\n') ? text : `${text}\n`
  return `${fence}text\n${body}${fence}`
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`)
}

/** Suite names appear in the hidden marker; anything that could end an HTML comment is removed. */
export function markerFor(suite: string): string {
  return `<!-- bench-action:${suite.replace(/[^A-Za-z0-9._-]/g, '_')} -->`
}
