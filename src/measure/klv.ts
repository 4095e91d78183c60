// rebar's runner protocol, as bytes on the wire.
//
// The runner reads its configuration on stdin as KLV items, `key:length:value\n`, where length is the
// number of BYTES of the value (not characters) and the value may hold anything, newlines and colons
// included. It prints one sample per line on stdout: `duration,count`, the duration an integer number
// of nanoseconds and the count whatever the model counts (matches, for rebar's models), so a wrong
// answer can be told from a fast one.

/** KLV input that is not `key:length:value\n` items; `offset` is the byte where it went wrong. */
export class KlvFormatError extends Error {
  override name = 'KlvFormatError'
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset})`)
  }
}

/** A runner's stdout that is not `duration,count` lines; names the source and the line. */
export class RunnerOutputError extends Error {
  override name = 'RunnerOutputError'
}

export type KlvEntry = [key: string, value: string | Uint8Array]

const COLON = 0x3a
const NEWLINE = 0x0a

/** Encodes the items in order; a string value is written as UTF-8 and its length counted in bytes. */
export function encodeKlv(entries: KlvEntry[]): Buffer {
  const parts: Buffer[] = []
  for (const [key, value] of entries) {
    if (key === '') throw new Error('a KLV key may not be empty')
    if (/[:\r\n]/.test(key)) {
      throw new Error(`the KLV key ${JSON.stringify(key)} may not contain ':' or a line break`)
    }
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value)
    parts.push(Buffer.from(`${key}:${bytes.length}:`, 'utf8'), bytes, Buffer.from('\n'))
  }
  return Buffer.concat(parts)
}

/** Decodes KLV strictly: every byte must belong to a well-formed item. Values are returned as bytes. */
export function decodeKlv(bytes: Uint8Array): Array<[string, Buffer]> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const items: Array<[string, Buffer]> = []
  let pos = 0
  while (pos < buf.length) {
    const start = pos
    const keyEnd = buf.indexOf(COLON, pos)
    const lineEnd = buf.indexOf(NEWLINE, pos)
    if (keyEnd === -1 || (lineEnd !== -1 && lineEnd < keyEnd)) {
      throw new KlvFormatError('expected a KLV item `key:length:value`, found no ":" after the key', start)
    }
    if (keyEnd === pos) throw new KlvFormatError('a KLV item has an empty key', start)
    const key = buf.toString('utf8', pos, keyEnd)
    pos = keyEnd + 1
    const lengthEnd = buf.indexOf(COLON, pos)
    if (lengthEnd === -1) {
      throw new KlvFormatError(`the KLV item '${key}' has no ":" after its length`, pos)
    }
    const lengthText = buf.toString('latin1', pos, lengthEnd)
    if (!/^(0|[1-9][0-9]*)$/.test(lengthText)) {
      throw new KlvFormatError(
        `the KLV item '${key}' has length ${JSON.stringify(lengthText)}, expected a decimal byte count`,
        pos,
      )
    }
    const length = Number(lengthText)
    pos = lengthEnd + 1
    if (!Number.isSafeInteger(length) || pos + length > buf.length) {
      throw new KlvFormatError(
        `the KLV item '${key}' has length ${lengthText} but only ${buf.length - pos} bytes follow`,
        pos,
      )
    }
    const value = Buffer.from(buf.subarray(pos, pos + length))
    pos += length
    if (pos >= buf.length || buf[pos] !== NEWLINE) {
      throw new KlvFormatError(
        `the KLV item '${key}' of length ${length} is not followed by a newline (is its length in bytes?)`,
        pos,
      )
    }
    pos += 1
    items.push([key, value])
  }
  return items
}

export interface RunnerSample {
  /** Integer nanoseconds, as the runner measured `iterations` executions of the model. */
  durationNs: number
  /** What the execution counted; the same on every sample of a correct runner. */
  count: number
  /** The count's exact digits, when it is too large for `count` to hold exactly. */
  countText?: string
  /** Executions the duration covers: 1 for a rebar runner, many for a harness timing a fast call. */
  iterations: number
  /** Bytes processed in the sample, when the runner says. */
  bytes?: number
  /** Elements (items, operations) processed in the sample, when the runner says. */
  elements?: number
}

/** `duration,count[,iterations[,bytes[,elements]]]`; bytes may be empty when elements follow. */
const SAMPLE_LINE = /^([0-9]+),([0-9]+)(?:,([0-9]+)(?:,([0-9]+)|,([0-9]*),([0-9]+))?)?$/

/**
 * Parses a runner's stdout: one `duration,count[,iterations[,bytes[,elements]]]` line per sample, all
 * non-negative integers, the duration in nanoseconds and iterations at least 1; a sample with elements
 * but no bytes leaves the bytes field empty (`duration,count,iterations,,elements`). Blank lines are
 * ignored; anything else is a {@link RunnerOutputError}.
 */
export function parseRunnerSamples(text: string, source: string): RunnerSample[] {
  const samples: RunnerSample[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '')
    if (line.trim() === '') continue
    const match = SAMPLE_LINE.exec(line)
    const shown = line.length > 80 ? `${line.slice(0, 80)}…` : line
    if (!match) {
      throw new RunnerOutputError(
        `${source}: line ${i + 1} of the output is ${JSON.stringify(shown)}, expected "duration,count" ` +
          '(an integer number of nanoseconds, a comma and an integer count; harnesses may add ",iterations,bytes,elements")',
      )
    }
    const field = (at: number) =>
      match[at] === undefined || match[at] === '' ? undefined : Number(match[at])
    const numbers = [field(1), field(2), field(3), field(4) ?? field(5), field(6)]
    // A count is only compared, so it may be any size (a 64-bit hash, say); the others are arithmetic.
    if (!numbers.every((n, at) => at === 1 || n === undefined || Number.isSafeInteger(n))) {
      throw new RunnerOutputError(
        `${source}: line ${i + 1} of the output is ${JSON.stringify(shown)}, a number too large to be exact`,
      )
    }
    const [durationNs, count, iterations = 1, bytes, elements] = numbers as [
      number,
      number,
      number?,
      number?,
      number?,
    ]
    const countText = Number.isSafeInteger(count) ? undefined : match[2]!.replace(/^0+(?=\d)/, '')
    if (iterations < 1) {
      throw new RunnerOutputError(
        `${source}: line ${i + 1} of the output is ${JSON.stringify(shown)}, a sample of 0 iterations`,
      )
    }
    const sample: RunnerSample = { durationNs, count, iterations }
    if (bytes !== undefined) sample.bytes = bytes
    if (elements !== undefined) sample.elements = elements
    if (countText !== undefined) sample.countText = countText
    samples.push(sample)
  }
  return samples
}
