import { Readable } from 'node:stream'
import zlib from 'node:zlib'

/**
 * Checks a ZIP archive (a .docx, .xlsx…) for what makes opening it
 * dangerous rather than what it holds: a zip bomb, a few kilobytes that
 * unpack to gigabytes, or an archive that cannot be read at all. It reads
 * the central directory itself and then unpacks every entry, counting bytes
 * without keeping them, so sizes the directory understates are found out.
 */
export type ZipLimits = {
  maxEntries: number
  /** All entries together, unpacked. */
  maxUnpackedBytes: number
  /** Unpacked size over packed size, for entries of at least `ratioFromBytes` unpacked. */
  maxRatio: number
  ratioFromBytes: number
}

/**
 * What refuses an archive: `unreadable` (not a ZIP, damaged, encrypted,
 * split, compressed by a method other than stored or deflate, or sizes that
 * do not match the data), `too-many-entries`, `too-large` (unpacks to more
 * than the limit), `over-compressed` (an entry compressed more than the ratio).
 */
export type ZipProblem = 'unreadable' | 'too-many-entries' | 'too-large' | 'over-compressed'

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const ZIP64_END_LOCATOR = 0x07064b50
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50
const CENTRAL_DIRECTORY_HEADER = 0x02014b50
const LOCAL_FILE_HEADER = 0x04034b50
const ZIP64_EXTRA_FIELD = 0x0001
const STORED = 0
const DEFLATED = 8

class Unreadable extends Error {}

function uint64(buffer: Buffer, at: number) {
  const value = buffer.readBigUInt64LE(at)
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Unreadable()
  return Number(value)
}

/** Reads at `at`, refusing what lies outside the archive. */
function field(buffer: Buffer, at: number, bytes: 2 | 4 | 8) {
  if (at < 0 || at + bytes > buffer.length) throw new Unreadable()
  return bytes === 2 ? buffer.readUInt16LE(at) : bytes === 4 ? buffer.readUInt32LE(at) : uint64(buffer, at)
}

type Directory = { entries: number; offset: number; size: number }

/** The end-of-central-directory record (22 bytes and a comment of up to 64 KiB at the very end), and its ZIP64 form when the counts overflow it. */
function readDirectory(buffer: Buffer): Directory {
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at--) {
    if (buffer.readUInt32LE(at) !== END_OF_CENTRAL_DIRECTORY || at + 22 + buffer.readUInt16LE(at + 20) > buffer.length) continue
    // An archive split over several disks.
    if (field(buffer, at + 4, 2) !== 0 || field(buffer, at + 6, 2) !== 0) throw new Unreadable()
    const directory = { entries: field(buffer, at + 10, 2), size: field(buffer, at + 12, 4), offset: field(buffer, at + 16, 4) }
    if (directory.entries !== 0xffff && directory.size !== 0xffffffff && directory.offset !== 0xffffffff) return directory
    if (field(buffer, at - 20, 4) !== ZIP64_END_LOCATOR) throw new Unreadable()
    const zip64 = field(buffer, at - 12, 8)
    if (field(buffer, zip64, 4) !== ZIP64_END_OF_CENTRAL_DIRECTORY) throw new Unreadable()
    return { entries: field(buffer, zip64 + 32, 8), size: field(buffer, zip64 + 40, 8), offset: field(buffer, zip64 + 48, 8) }
  }
  throw new Unreadable()
}

type Entry = { flags: number; method: number; packed: number; unpacked: number; localHeader: number }

/** One central directory header at `at`, its ZIP64 sizes read from its extra field; returns the entry and where the next one starts. */
function readEntry(buffer: Buffer, at: number): [Entry, number] {
  if (field(buffer, at, 4) !== CENTRAL_DIRECTORY_HEADER) throw new Unreadable()
  const nameLength = field(buffer, at + 28, 2)
  const extraLength = field(buffer, at + 30, 2)
  const commentLength = field(buffer, at + 32, 2)
  const entry = {
    flags: field(buffer, at + 8, 2),
    method: field(buffer, at + 10, 2),
    packed: field(buffer, at + 20, 4),
    unpacked: field(buffer, at + 24, 4),
    localHeader: field(buffer, at + 42, 4),
  }
  // The extra field's ZIP64 record holds, in this order, the values that did not fit.
  const extraEnd = at + 46 + nameLength + extraLength
  for (let extra = at + 46 + nameLength; extra + 4 <= extraEnd; extra += 4 + field(buffer, extra + 2, 2)) {
    if (field(buffer, extra, 2) !== ZIP64_EXTRA_FIELD) continue
    let value = extra + 4
    for (const key of ['unpacked', 'packed', 'localHeader'] as const) {
      if (entry[key] !== 0xffffffff) continue
      entry[key] = field(buffer, value, 8)
      value += 8
    }
  }
  if ([entry.unpacked, entry.packed, entry.localHeader].includes(0xffffffff)) throw new Unreadable()
  return [entry, extraEnd + commentLength]
}

/** The entry's packed bytes, found through its local header. */
function entryData(buffer: Buffer, entry: Entry) {
  if (field(buffer, entry.localHeader, 4) !== LOCAL_FILE_HEADER) throw new Unreadable()
  const start = entry.localHeader + 30 + field(buffer, entry.localHeader + 26, 2) + field(buffer, entry.localHeader + 28, 2)
  if (start + entry.packed > buffer.length) throw new Unreadable()
  return buffer.subarray(start, start + entry.packed)
}

/** How many bytes deflated `data` unpacks to, counted without keeping them; null once past `limit`. */
async function inflatedSize(data: Buffer, limit: number) {
  const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 })
  Readable.from([data]).pipe(inflate)
  let size = 0
  try {
    for await (const chunk of inflate) {
      size += (chunk as Buffer).length
      if (size > limit) return null
    }
  } catch {
    throw new Unreadable()
  } finally {
    inflate.destroy()
  }
  return size
}

/** The first problem found in the archive, or null when it is an ordinary one. */
export async function checkZipArchive(bytes: Uint8Array, limits: ZipLimits): Promise<ZipProblem | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    const directory = readDirectory(buffer)
    if (directory.entries > limits.maxEntries) return 'too-many-entries'
    if (directory.entries === 0 || directory.offset + directory.size > buffer.length) return 'unreadable'

    // The directory first: it refuses most bombs before a byte is unpacked.
    const entries: Entry[] = []
    let declared = 0
    let at = directory.offset
    for (let index = 0; index < directory.entries; index++) {
      const [entry, next] = readEntry(buffer, at)
      // Encrypted entries cannot be unpacked to be measured.
      if (entry.flags & 1 || (entry.method !== STORED && entry.method !== DEFLATED)) return 'unreadable'
      declared += entry.unpacked
      if (declared > limits.maxUnpackedBytes) return 'too-large'
      if (entry.unpacked >= limits.ratioFromBytes && entry.unpacked > limits.maxRatio * entry.packed) return 'over-compressed'
      entries.push(entry)
      at = next
    }
    // Headers beyond the count would be seen by readers that go by the directory's size.
    if (at !== directory.offset + directory.size) return 'unreadable'

    // Then the data, which may unpack to more than the directory says.
    let unpacked = 0
    for (const entry of entries) {
      const data = entryData(buffer, entry)
      const size = entry.method === STORED ? data.length : await inflatedSize(data, limits.maxUnpackedBytes - unpacked)
      if (size === null) return 'too-large'
      if (size !== entry.unpacked) return 'unreadable'
      unpacked += size
    }
    return null
  } catch (error) {
    if (error instanceof Unreadable) return 'unreadable'
    throw error
  }
}
