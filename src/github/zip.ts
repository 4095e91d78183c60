// Reads one named file out of a zip archive, as GitHub serves a workflow artifact. The archive comes
// from a run of a pull request's own workflow, maybe from a fork: it is a stranger's data (docs/ARCHITECTURE.md#the-trust-boundary).
// So only the wanted entry is ever inflated, never past a cap and never past the size its header
// declares, every offset is checked against the archive before it is read, and anything malformed is
// a ZipFormatError that says what is wrong.
//
// Not a general zip library: stored and deflated entries only; no zip64 (an artifact we read is a few
// MiB of JSON, which @actions/artifact never writes as zip64), no encryption, no multi-disk archives.
// fflate (a maintained reader) was tried first and is not fit for this: it checks no central or local
// signature, and it inflates into a buffer of the size the central directory declares, so a lying
// size silently truncates the file instead of failing.
import { inflateRawSync } from 'node:zlib'
import { UserError } from '../errors.ts'

/** A broken or hostile archive: reported as what it is, not as a bug in bench-action. */
export class ZipFormatError extends UserError {
  override name = 'ZipFormatError'
}

/** The largest file read out of an archive unless the caller says otherwise, inflated. */
export const MAX_ENTRY_BYTES = 16 * 1024 * 1024

export interface ZipReadOptions {
  /** Refuse the entry if it inflates to more than this many bytes. */
  maxBytes?: number
  /** What the archive is, for messages: "the artifact bench-action-comment-x". */
  source?: string
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const ZIP64_END_LOCATOR = 0x07064b50
const CENTRAL_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const END_SIZE = 22
const CENTRAL_SIZE = 46
const LOCAL_SIZE = 30
const ZIP64_MARK = 0xffffffff

/** The archive being read, and how its problems are said. */
interface Archive {
  buf: Buffer
  u16: (at: number) => number
  u32: (at: number) => number
  bad: (problem: string) => ZipFormatError
}

/** Where the central directory lies, from the end record. */
interface Directory {
  entries: number
  /** The central directory's offset: every entry's data lies before it. */
  at: number
  end: number
}

/**
 * The bytes of the file `name` in the archive, or undefined when there is no such file. Reads the
 * central directory and that one entry; no other entry is inflated.
 */
export function readZipEntry(
  zip: Uint8Array,
  name: string,
  options: ZipReadOptions = {},
): Buffer | undefined {
  const maxBytes = options.maxBytes ?? MAX_ENTRY_BYTES
  const source = options.source ?? 'the zip archive'
  const bad = (problem: string) =>
    new ZipFormatError(`${source} is not a zip archive we can read: ${problem}`)
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
  const archive: Archive = { buf, u16: (at) => buf.readUInt16LE(at), u32: (at) => buf.readUInt32LE(at), bad }
  const directory = centralDirectory(archive)
  const found = findEntry(archive, directory, name)
  if (!found) return undefined
  const { u16, u32 } = archive
  const entry = found.at
  const flags = u16(entry + 8)
  const method = u16(entry + 10)
  const crc = u32(entry + 16)
  const compressedSize = u32(entry + 20)
  const size = u32(entry + 24)
  const localAt = u32(entry + 42)
  if (flags & 0x1) throw bad(`${name} is encrypted`)
  if (method !== 0 && method !== 8)
    throw bad(`${name} uses compression method ${method}; only stored (0) and deflated (8) are read`)
  if (compressedSize === ZIP64_MARK || size === ZIP64_MARK || localAt === ZIP64_MARK)
    throw bad(`${name} has zip64 sizes`)
  // Checked before anything is inflated; the inflater below is held to the same bound.
  if (size > maxBytes)
    throw new ZipFormatError(`${source}: ${name} is ${size} bytes, more than the ${maxBytes} read`)
  if (method === 0 && compressedSize !== size)
    throw bad(`${name} is stored, but its sizes differ (${compressedSize} and ${size} bytes)`)
  const data = localData(archive, directory, found, name, compressedSize)
  const bytes = method === 0 ? Buffer.from(data) : inflateEntry(archive, data, name, size)
  if (bytes.length !== size)
    throw bad(`${name} inflates to ${bytes.length} bytes, not the ${size} its header declares`)
  if (crc32(bytes) !== crc) throw bad(`${name} fails its CRC-32 check`)
  return bytes
}

/** Finds the end record and checks the central directory it points to is one this reader reads. */
function centralDirectory({ buf, u16, u32, bad }: Archive): Directory {
  if (buf.length < END_SIZE) throw bad(`it is ${buf.length} bytes, shorter than a zip's end record`)
  // The end record is 22 bytes and then a comment of up to 65 535 bytes.
  let end = -1
  for (let at = buf.length - END_SIZE; at >= Math.max(0, buf.length - END_SIZE - 0xffff); at--) {
    if (u32(at) === END_OF_CENTRAL_DIRECTORY && at + END_SIZE + u16(at + 20) <= buf.length) {
      end = at
      break
    }
  }
  if (end < 0) throw bad('no end of central directory record (truncated, or not a zip)')
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== u16(end + 10))
    throw bad('it is split across several disks')
  const entries = u16(end + 10)
  const directorySize = u32(end + 12)
  const directoryAt = u32(end + 16)
  if (
    entries === 0xffff ||
    directorySize === ZIP64_MARK ||
    directoryAt === ZIP64_MARK ||
    (end >= 20 && u32(end - 20) === ZIP64_END_LOCATOR)
  )
    throw bad('it is a zip64 archive')
  const directoryEnd = directoryAt + directorySize
  if (directoryEnd > end)
    throw bad(
      `its central directory (${directorySize} bytes at offset ${directoryAt}) runs past the end record at offset ${end}`,
    )
  return { entries, at: directoryAt, end: directoryEnd }
}

type Found = { at: number; index: number; nameAt: number }

/** The central directory entry of `name`, checking every entry's bounds on the way; a name held twice is refused. */
function findEntry({ buf, u16, u32, bad }: Archive, directory: Directory, name: string): Found | undefined {
  const { entries, end: directoryEnd } = directory
  let found: Found | undefined
  let at = directory.at
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_SIZE > directoryEnd)
      throw bad(`entry ${i + 1} of ${entries} runs past the central directory`)
    if (u32(at) !== CENTRAL_ENTRY)
      throw bad(`entry ${i + 1} of ${entries} has no central directory signature`)
    const next = at + CENTRAL_SIZE + u16(at + 28) + u16(at + 30) + u16(at + 32)
    if (next > directoryEnd) throw bad(`entry ${i + 1} of ${entries} runs past the central directory`)
    const nameAt = at + CENTRAL_SIZE
    if (entryName(buf, u16(at + 8), nameAt, u16(at + 28)) === name) {
      // Two entries of one name: which one a reader takes is a choice an attacker could exploit.
      if (found) throw bad(`it holds ${name} twice (entries ${found.index} and ${i + 1})`)
      found = { at, index: i + 1, nameAt }
    }
    at = next
  }
  return found
}

/** The entry's compressed bytes, after its local header, checked to lie before the central directory. */
function localData(
  { buf, u16, u32, bad }: Archive,
  directory: Directory,
  found: Found,
  name: string,
  compressedSize: number,
): Buffer {
  const directoryAt = directory.at
  const localAt = u32(found.at + 42)
  // An entry's data lies before the central directory.
  if (localAt + LOCAL_SIZE > directoryAt)
    throw bad(`the local header of ${name} (offset ${localAt}) lies past the start of the central directory`)
  if (u32(localAt) !== LOCAL_HEADER)
    throw bad(`the local header of ${name} (offset ${localAt}) has no signature`)
  const nameLength = u16(found.at + 28)
  const dataAt = localAt + LOCAL_SIZE + u16(localAt + 26) + u16(localAt + 28)
  if (dataAt > directoryAt) throw bad(`the local header of ${name} runs into the central directory`)
  if (
    u16(localAt + 26) !== nameLength ||
    buf.compare(
      buf,
      found.nameAt,
      found.nameAt + nameLength,
      localAt + LOCAL_SIZE,
      localAt + LOCAL_SIZE + nameLength,
    ) !== 0
  )
    throw bad(`the local header of ${name} names another file`)
  if (dataAt + compressedSize > directoryAt)
    throw bad(`the ${compressedSize} bytes of ${name} at offset ${dataAt} run into the central directory`)
  return buf.subarray(dataAt, dataAt + compressedSize)
}

/** Inflates deflated data, held to the declared size (which is within the cap): a file that lies about it stops there. */
function inflateEntry({ bad }: Archive, data: Buffer, name: string, size: number): Buffer {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(size, 1) })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw bad(`${name} inflates to more than the ${size} bytes its header declares`)
    throw bad(`${name} is not valid deflate data (${(error as Error).message})`)
  }
}

/** An entry's name: UTF-8 when flag bit 11 says so, else (for the ASCII names we look for) Latin-1. */
function entryName(buf: Buffer, flags: number, at: number, length: number): string {
  return buf.toString(flags & 0x800 ? 'utf8' : 'latin1', at, at + length)
}

let crcTable: Uint32Array | undefined

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
