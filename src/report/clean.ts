// User text made safe for a terminal: control characters that could rewrite the screen replaced.

/** Replaces terminal control characters (escape sequences, carriage returns) so user text cannot rewrite the screen. */
export function stripControl(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    const control = (code < 0x20 && ch !== '\n' && ch !== '\t') || (code >= 0x7f && code <= 0x9f)
    out += control ? '?' : ch
  }
  return out
}

/** One line of user text. */
export function clean(text: string): string {
  return stripControl(text).replace(/\n/g, ' ')
}
