import zlib from 'node:zlib'

export type ZipEntryFixture = {
  name: string
  data: Buffer
  /** Store the bytes as they are instead of deflating them. */
  stored?: boolean
  /** The unpacked size the directory claims, when it is to lie. */
  claimedSize?: number
  /** Deflated bytes to use instead of deflating `data` (a bomb built without holding its output). */
  deflated?: Buffer
}

/**
 * A ZIP archive built byte by byte, as Word writes a .docx: local headers
 * and data, then the central directory and its end record. With `zip64`
 * the sizes and the directory's place are written in ZIP64 records, as some
 * libraries do for every archive.
 */
export function buildZip(entries: ZipEntryFixture[], { zip64 = false }: { zip64?: boolean } = {}) {
  const parts: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const packed = entry.stored ? entry.data : (entry.deflated ?? zlib.deflateRawSync(entry.data))
    const unpacked = entry.claimedSize ?? entry.data.length
    const crc = zlib.crc32(entry.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(entry.stored ? 0 : 8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(unpacked, 22)
    local.writeUInt16LE(name.length, 26)
    parts.push(local, name, packed)

    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(zip64 ? 45 : 20, 4)
    header.writeUInt16LE(zip64 ? 45 : 20, 6)
    header.writeUInt16LE(entry.stored ? 0 : 8, 10)
    header.writeUInt32LE(crc, 16)
    header.writeUInt32LE(zip64 ? 0xffffffff : packed.length, 20)
    header.writeUInt32LE(zip64 ? 0xffffffff : unpacked, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(zip64 ? 0xffffffff : offset, 42)
    const extra = Buffer.alloc(zip64 ? 28 : 0)
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0)
      extra.writeUInt16LE(24, 2)
      extra.writeBigUInt64LE(BigInt(unpacked), 4)
      extra.writeBigUInt64LE(BigInt(packed.length), 12)
      extra.writeBigUInt64LE(BigInt(offset), 20)
    }
    header.writeUInt16LE(extra.length, 30)
    directory.push(header, name, extra)
    offset += local.length + name.length + packed.length
  }
  const centralDirectory = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8)
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10)
  end.writeUInt32LE(zip64 ? 0xffffffff : centralDirectory.length, 12)
  end.writeUInt32LE(zip64 ? 0xffffffff : offset, 16)
  if (!zip64) return Buffer.concat([...parts, centralDirectory, end])

  const zip64End = Buffer.alloc(56)
  zip64End.writeUInt32LE(0x06064b50, 0)
  zip64End.writeBigUInt64LE(44n, 4)
  zip64End.writeUInt16LE(45, 12)
  zip64End.writeUInt16LE(45, 14)
  zip64End.writeBigUInt64LE(BigInt(entries.length), 24)
  zip64End.writeBigUInt64LE(BigInt(entries.length), 32)
  zip64End.writeBigUInt64LE(BigInt(centralDirectory.length), 40)
  zip64End.writeBigUInt64LE(BigInt(offset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(offset + centralDirectory.length), 8)
  locator.writeUInt32LE(1, 16)
  return Buffer.concat([...parts, centralDirectory, zip64End, locator, end])
}

/** The parts of a small Word document. */
export function docxEntries(): ZipEntryFixture[] {
  const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`)
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
          'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(
        `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${Array.from(
          { length: 40 },
          (_, index) => `<w:p><w:r><w:t>Ten years of home care experience, line ${index}.</w:t></w:r></w:p>`,
        ).join('')}</w:body></w:document>`,
      ),
    },
    // Pictures are stored as they are.
    { name: 'word/media/image1.png', data: Buffer.from('89504e470d0a1a0a' + 'ab'.repeat(2000), 'hex'), stored: true },
  ]
}

/**
 * `megabytes` of zeros, deflated without holding them: the same deflated
 * megabyte over and over (each ends on a byte boundary, without the final
 * flag), then an empty final block.
 */
export function deflatedZeros(megabytes: number) {
  const megabyte = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  return Buffer.concat([...Array.from({ length: megabytes }, () => megabyte), Buffer.from([0x03, 0x00])])
}
