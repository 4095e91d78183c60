// Reads the files of a zip archive, as GitHub serves a workflow artifact: the central directory at the
// end lists every entry; each one is stored or deflated. Enough for artifacts, not a general library
// (no zip64, no encryption, no multi-disk archives).
import { inflateRawSync } from 'node:zlib'

export class ZipFormatError extends Error {
  override name = 'ZipFormatError'
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
/** A file larger than this is refused rather than inflated into memory. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024

export function readZip(zip: Buffer): Map<string, Buffer> {
  // The end record is 22 bytes plus a comment of up to 65 535 bytes.
  let end = -1
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) throw new ZipFormatError('not a zip archive: no end of central directory record')
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const files = new Map<string, Buffer>()
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) {
      throw new ZipFormatError(`entry ${i + 1} of the central directory is damaged`)
    }
    const method = zip.readUInt16LE(at + 10)
    const compressedSize = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const localAt = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    at += 46 + nameLength + extraLength + commentLength
    if (name.endsWith('/')) continue
    if (size > MAX_ENTRY_BYTES) throw new ZipFormatError(`${name} is larger than ${MAX_ENTRY_BYTES} bytes`)
    if (zip.readUInt32LE(localAt) !== LOCAL_HEADER)
      throw new ZipFormatError(`the local header of ${name} is damaged`)
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28)
    const data = zip.subarray(dataAt, dataAt + compressedSize)
    if (method === 0) files.set(name, Buffer.from(data))
    else if (method === 8) files.set(name, inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES }))
    else
      throw new ZipFormatError(`${name} uses compression method ${method}; only stored and deflated are read`)
  }
  return files
}
