// Reading one file out of an artifact zip from a stranger's run (docs/ARCHITECTURE.md#the-trust-boundary): archives made by real
// writers (fflate, Info-ZIP) read back byte for byte; zip bombs, lying sizes, truncated and corrupted
// archives are refused with a ZipFormatError that says what is wrong, never a RangeError, and never
// inflate more than the cap.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import zlib from 'node:zlib'
import { strToU8, unzipSync, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate'
import { isUserError } from '../../../src/errors.ts'
import { MAX_ENTRY_BYTES, readZipEntry, ZipFormatError } from '../../../src/github/zip.ts'

const MiB = 1024 * 1024
const GiB = 1024 * MiB
const fixtures = path.join(import.meta.dirname, '..', '..', 'fixtures', 'zip')

const comparison = strToU8(
  `${JSON.stringify({ schema: 'bench-action/deferred-comparison', samples: Array.from({ length: 2000 }, (_, i) => i % 37) })}\n`,
)
const notes = strToU8('stored, not deflated\n')

/** An archive as `zipSync` writes it: sizes in the local headers, no data descriptors. */
function plainZip(): Uint8Array {
  return zipSync({
    'comparison.json': comparison,
    'reports/notes.txt': [notes, { level: 0 }],
    'reports/empty.txt': new Uint8Array(0),
  })
}

type Streamed = [name: string, data: Uint8Array, how: 'deflate' | 'store'] | [name: string, bomb: number]

/**
 * An archive as fflate's streaming Zip writes it — data descriptors after each entry, sizes only in
 * the central directory — which is how @actions/artifact's archiver writes an artifact. A bomb entry
 * is `gib` GiB of zeros: zlib's deflate of 1 MiB of zeros, flushed to a byte boundary and repeated,
 * then the final block; its size and CRC-32 are the true ones.
 */
function streamedZip(entries: Streamed[]): Uint8Array {
  const parts: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    parts.push(chunk)
  })
  for (const entry of entries) {
    if (entry.length === 3) {
      const [name, data, how] = entry
      const file = how === 'deflate' ? new ZipDeflate(name, { level: 9 }) : new ZipPassThrough(name)
      zip.add(file)
      file.push(data, true)
      continue
    }
    const [name, gib] = entry
    const file = new ZipPassThrough(name)
    file.compression = 8
    zip.add(file)
    file.size = gib * GiB
    file.crc = zerosCrc(gib)
    for (let i = 0; i < gib * 1024; i++) file.ondata(null, zeroBlock, false)
    file.ondata(null, zlib.deflateRawSync(Buffer.alloc(0)), true)
  }
  zip.end()
  return Buffer.concat(parts)
}

const zeroBlock = zlib.deflateRawSync(Buffer.alloc(MiB), {
  level: 9,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
})
const crcs = new Map<number, number>()
function zerosCrc(gib: number): number {
  let crc = crcs.get(gib)
  if (crc === undefined) {
    const zeros = Buffer.alloc(MiB)
    crc = 0
    for (let i = 0; i < gib * 1024; i++) crc = zlib.crc32(zeros, crc)
    crcs.set(gib, crc)
  }
  return crc
}

/** Where things are, to alter them: the end record and each central entry with its local header. */
function layout(zip: Uint8Array) {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const entries = new Map<string, { central: number; local: number; data: number }>()
  let at = buf.readUInt32LE(end + 16)
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const nameLength = buf.readUInt16LE(at + 28)
    const local = buf.readUInt32LE(at + 42)
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    entries.set(buf.toString('utf8', at + 46, at + 46 + nameLength), { central: at, local, data })
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32)
  }
  const entry = (name: string) => entries.get(name) ?? assert.fail(`no ${name} in the archive`)
  return { buf, end, entry }
}

/** A copy of the archive with `alter` applied to its bytes. */
function altered(zip: Uint8Array, alter: (buf: Buffer, at: ReturnType<typeof layout>) => void): Buffer {
  const copy = Buffer.from(zip)
  alter(copy, layout(copy))
  return copy
}

function refuses(
  zip: Uint8Array,
  name: string,
  message: RegExp,
  options?: { maxBytes?: number },
  what = '',
): void {
  assert.throws(
    () => readZipEntry(zip, name, options),
    (error: unknown) => {
      assert.ok(error instanceof ZipFormatError, `${what}: a ZipFormatError, not ${String(error)}`)
      // Reported as a problem with the archive, not as a bug in bench-action.
      assert.ok(isUserError(error))
      assert.match(error.message, message, what)
      return true
    },
    what,
  )
}

describe('archives from real writers', () => {
  test('fflate zipSync: each entry byte for byte; a missing name is undefined', () => {
    const zip = plainZip()
    assert.deepEqual(readZipEntry(zip, 'comparison.json'), Buffer.from(comparison))
    assert.deepEqual(readZipEntry(zip, 'reports/notes.txt'), Buffer.from(notes))
    assert.deepEqual(readZipEntry(zip, 'reports/empty.txt'), Buffer.alloc(0))
    for (const missing of ['Comparison.json', 'reports', 'reports/', 'notes.txt', ''])
      assert.equal(readZipEntry(zip, missing), undefined, missing)
  })

  test('fflate streaming Zip (data descriptors, as an uploaded artifact): the same bytes', () => {
    const zip = streamedZip([
      ['reports/notes.txt', notes, 'store'],
      ['comparison.json', comparison, 'deflate'],
    ])
    const { buf, entry } = layout(zip)
    assert.equal(buf.readUInt16LE(entry('comparison.json').local + 6) & 0x8, 0x8, 'a data descriptor follows')
    assert.equal(buf.readUInt32LE(entry('comparison.json').local + 22), 0, 'no size in the local header')
    assert.deepEqual(readZipEntry(zip, 'comparison.json'), Buffer.from(comparison))
    assert.deepEqual(readZipEntry(zip, 'reports/notes.txt'), Buffer.from(notes))
    // A view into a larger buffer, as a download may be.
    const padded = new Uint8Array(zip.length + 64)
    padded.set(zip, 32)
    assert.deepEqual(
      readZipEntry(padded.subarray(32, 32 + zip.length), 'comparison.json'),
      Buffer.from(comparison),
    )
  })

  test('Info-ZIP: the entry a second reader (fflate) finds, with the digest it was made from', async () => {
    const zip = await readFile(path.join(fixtures, 'info-zip.zip'))
    const text = readZipEntry(zip, 'comparison.json')
    assert.ok(text)
    assert.equal(
      createHash('sha256').update(text).digest('hex'),
      'fe7bbbb749c6b158d79742c304fd77edb8b8297524a5bb32d9d6bdc24eec336e',
    )
    assert.deepEqual(text, Buffer.from(unzipSync(zip)['comparison.json']!))
    assert.equal(readZipEntry(zip, 'reports/notes.txt')?.toString(), 'stored, not deflated\n')
    assert.equal(readZipEntry(zip, 'reports'), undefined)
  })
})

describe('zip bombs', () => {
  // Eight entries of 1 GiB of zeros each, 8.5 MB compressed, then the small file wanted.
  const bomb = streamedZip([
    ...Array.from({ length: 8 }, (_, i): Streamed => [`bomb-${i}.bin`, 1]),
    ['comparison.json', comparison, 'deflate'],
  ])

  test('the wanted file comes out; the 8 GiB around it are never inflated', () => {
    // The bomb is real: a second reader declares 8 GiB, and one entry inflates past the cap.
    const declared = new Map<string, number>()
    unzipSync(bomb, {
      filter: (file) => {
        declared.set(file.name, file.originalSize)
        return false
      },
    })
    assert.equal(declared.size, 9)
    assert.equal(
      [...declared.values()].reduce((a, b) => a + b),
      8 * GiB + comparison.length,
    )
    const { buf, entry } = layout(bomb)
    const first = entry('bomb-0.bin').data
    assert.throws(
      () =>
        zlib.inflateRawSync(buf.subarray(first, first + 1024 * zeroBlock.length + 2), {
          maxOutputLength: MAX_ENTRY_BYTES + 1,
        }),
      { code: 'ERR_BUFFER_TOO_LARGE' },
    )

    assert.deepEqual(readZipEntry(bomb, 'comparison.json'), Buffer.from(comparison))
  })

  test('a bomb asked for by name is refused by its declared size, before inflating', () => {
    refuses(
      bomb,
      'bomb-3.bin',
      /^the zip archive: bomb-3\.bin is 1073741824 bytes, more than the 16777216 read$/,
    )
    refuses(bomb, 'comparison.json', /comparison\.json is \d+ bytes, more than the 1000 read/, {
      maxBytes: 1000,
    })
  })

  test('a bomb whose declared size lies is cut off at the size it declares', () => {
    // comparison.json is 1 GiB of zeros; its central directory entry says 100 bytes, then exactly the cap.
    const lying = (size: number) =>
      altered(streamedZip([['comparison.json', 1]]), (buf, at) => {
        buf.writeUInt32LE(size, at.entry('comparison.json').central + 24)
      })
    refuses(
      lying(100),
      'comparison.json',
      /comparison\.json inflates to more than the 100 bytes its header declares/,
    )
    refuses(
      lying(MAX_ENTRY_BYTES),
      'comparison.json',
      /comparison\.json inflates to more than the 16777216 bytes its header declares/,
    )
  })

  test('a file declared larger than it is, or with another CRC-32, is refused, not truncated or trusted', () => {
    const zip = plainZip()
    const declared = altered(zip, (buf, at) => {
      buf.writeUInt32LE(comparison.length + 1000, at.entry('comparison.json').central + 24)
    })
    refuses(
      declared,
      'comparison.json',
      new RegExp(
        `comparison\\.json inflates to ${comparison.length} bytes, not the ${comparison.length + 1000}`,
      ),
    )
    const shorter = altered(zip, (buf, at) => {
      buf.writeUInt32LE(comparison.length - 1, at.entry('comparison.json').central + 24)
    })
    refuses(shorter, 'comparison.json', /inflates to more than the \d+ bytes its header declares/)
    const crc = altered(zip, (buf, at) => {
      const field = at.entry('comparison.json').central + 16
      buf.writeUInt32LE((buf.readUInt32LE(field) ^ 1) >>> 0, field)
    })
    refuses(crc, 'comparison.json', /comparison\.json fails its CRC-32 check/)
  })
})

describe('malformed archives', () => {
  const zip = plainZip()
  const name = 'comparison.json'

  test('not a zip, or cut short anywhere: no end record', () => {
    for (const bytes of [new Uint8Array(0), strToU8('hello'), strToU8('{"not":"a zip"}'.repeat(10))])
      refuses(bytes, name, /^the zip archive is not a zip archive we can read: /)
    refuses(new Uint8Array(0), name, /it is 0 bytes, shorter than a zip's end record/)
    refuses(strToU8('x'.repeat(100)), name, /no end of central directory record/)
    for (let length = 0; length < zip.length; length++)
      refuses(
        zip.subarray(0, length),
        name,
        /shorter than a zip's end record|no end of central directory record/,
      )
  })

  test('offsets and lengths that point past the end', () => {
    const cases: Array<[string, (buf: Buffer, at: ReturnType<typeof layout>) => void, RegExp]> = [
      [
        'the central directory offset',
        (buf, at) => buf.writeUInt32LE(0x7fffff00, at.end + 16),
        /its central directory \(\d+ bytes at offset 2147483392\) runs past the end record/,
      ],
      [
        'the central directory size',
        (buf, at) => buf.writeUInt32LE(0x7fffff00, at.end + 12),
        /its central directory \(2147483392 bytes at offset \d+\) runs past the end record/,
      ],
      [
        'more entries than there are',
        (buf, at) => {
          buf.writeUInt16LE(9, at.end + 8)
          buf.writeUInt16LE(9, at.end + 10)
        },
        /entry 4 of 9 runs past the central directory/,
      ],
      [
        "an entry's name length",
        (buf, at) => buf.writeUInt16LE(0xffff, at.entry(name).central + 28),
        /entry 1 of 3 runs past the central directory/,
      ],
      [
        "the entry's local header offset",
        (buf, at) => buf.writeUInt32LE(0x7ffffff0, at.entry(name).central + 42),
        /the local header of comparison\.json \(offset 2147483632\) lies past the start of the central directory/,
      ],
      [
        "the entry's compressed size",
        (buf, at) => buf.writeUInt32LE(0x7fffff00, at.entry(name).central + 20),
        /the 2147483392 bytes of comparison\.json at offset \d+ run into the central directory/,
      ],
      [
        "the local header's extra field length",
        (buf, at) => buf.writeUInt16LE(0xffff, at.entry(name).local + 28),
        /the local header of comparison\.json runs into the central directory/,
      ],
    ]
    for (const [what, alter, message] of cases) refuses(altered(zip, alter), name, message, {}, what)
  })

  test('wrong signatures, methods and flags', () => {
    const cases: Array<[(buf: Buffer, at: ReturnType<typeof layout>) => void, RegExp]> = [
      [(buf, at) => buf.writeUInt32LE(0x06054b51, at.end), /no end of central directory record/],
      [
        (buf, at) => buf.writeUInt32LE(0, at.entry(name).central),
        /entry 1 of 3 has no central directory signature/,
      ],
      [
        (buf, at) => buf.writeUInt32LE(0, at.entry(name).local),
        /the local header of comparison\.json \(offset 0\) has no signature/,
      ],
      [
        (buf, at) => buf.writeUInt8('C'.charCodeAt(0), at.entry(name).local + 30),
        /the local header of comparison\.json names another file/,
      ],
      [
        (buf, at) => buf.fill(0xff, at.entry(name).data, at.entry(name).data + 8),
        /comparison\.json is not valid deflate data \(invalid/,
      ],
      [
        (buf, at) => buf.writeUInt16LE(14, at.entry(name).central + 10),
        /comparison\.json uses compression method 14/,
      ],
      [(buf, at) => buf.writeUInt16LE(1, at.entry(name).central + 8), /comparison\.json is encrypted/],
      [(buf, at) => buf.writeUInt16LE(1, at.end + 4), /split across several disks/],
      [
        (buf, at) => buf.writeUInt32LE(0xffffffff, at.entry(name).central + 24),
        /comparison\.json has zip64 sizes/,
      ],
    ]
    for (const [alter, message] of cases) refuses(altered(zip, alter), name, message)
    // A stored entry whose sizes disagree.
    refuses(
      altered(zip, (buf, at) =>
        buf.writeUInt32LE(notes.length + 1, at.entry('reports/notes.txt').central + 20),
      ),
      'reports/notes.txt',
      /reports\/notes\.txt is stored, but its sizes differ/,
    )
  })

  test('two entries of the wanted name (fflate writes them) are refused, not one picked', () => {
    const twice = streamedZip([
      [name, comparison, 'deflate'],
      ['other.txt', notes, 'store'],
      [name, strToU8('{"forged":true}'), 'store'],
    ])
    refuses(twice, name, /it holds comparison\.json twice \(entries 1 and 3\)/)
    assert.deepEqual(readZipEntry(twice, 'other.txt'), Buffer.from(notes))
  })

  test('any one byte changed: the right bytes, no such file, or a ZipFormatError — nothing else', () => {
    for (const archive of [
      plainZip(),
      streamedZip([
        ['reports/notes.txt', notes, 'store'],
        [name, comparison, 'deflate'],
      ]),
    ]) {
      for (let at = 0; at < archive.length; at++) {
        for (const value of [0x00, 0xff, archive[at]! ^ 0x01]) {
          const copy = Buffer.from(archive)
          copy[at] = value
          let read: Buffer | undefined
          try {
            read = readZipEntry(copy, name)
          } catch (error) {
            assert.ok(error instanceof ZipFormatError, `byte ${at} = ${value}: ${String(error)}`)
            continue
          }
          if (read !== undefined) assert.deepEqual(read, Buffer.from(comparison), `byte ${at} = ${value}`)
        }
      }
    }
  })
})
