import { describe, expect, test } from 'vitest'
import { checkZipArchive, type ZipLimits } from '~/platform/zip-safety.server'
import { buildZip, deflatedZeros, docxEntries } from '#tests/support/zip'

const MB = 1024 * 1024
const limits: ZipLimits = { maxEntries: 2000, maxUnpackedBytes: 100 * MB, maxRatio: 100, ratioFromBytes: MB }

describe('checkZipArchive', () => {
  test('an ordinary document passes, in plain or ZIP64 records', async () => {
    expect(await checkZipArchive(buildZip(docxEntries()), limits)).toBeNull()
    expect(await checkZipArchive(buildZip(docxEntries(), { zip64: true }), limits)).toBeNull()
  })

  test('a bomb whose directory admits its size is refused before anything is unpacked', async () => {
    // 200 MB of zeros in about 200 KB.
    const bomb = buildZip([...docxEntries(), { name: 'word/document2.xml', data: Buffer.alloc(0), claimedSize: 200 * MB, deflated: deflatedZeros(200) }])
    expect(bomb.length).toBeLessThan(300 * 1024)
    expect(await checkZipArchive(bomb, limits)).toBe('too-large')
  })

  test('a bomb whose directory understates its size is found out by unpacking it', async () => {
    // The directory says 1 KB, below where the ratio counts; the data unpacks to 200 MB.
    const lying = buildZip([{ name: 'word/document.xml', data: Buffer.alloc(0), claimedSize: 1024, deflated: deflatedZeros(200) }])
    expect(await checkZipArchive(lying, limits)).toBe('too-large')
  })

  test('an entry compressed far beyond what documents reach is refused', async () => {
    const squeezed = buildZip([...docxEntries(), { name: 'word/styles.xml', data: Buffer.alloc(0), claimedSize: 5 * MB, deflated: deflatedZeros(5) }])
    expect(await checkZipArchive(squeezed, limits)).toBe('over-compressed')
    // Below the size where the ratio counts, a tiny but very compressible part is fine.
    const small = buildZip([...docxEntries(), { name: 'word/settings.xml', data: Buffer.alloc(64 * 1024) }])
    expect(await checkZipArchive(small, limits)).toBeNull()
  })

  test('more entries than the limit are refused', async () => {
    const many = buildZip(Array.from({ length: 2001 }, (_, index) => ({ name: `word/part${index}.xml`, data: Buffer.from('<x/>') })))
    expect(await checkZipArchive(many, limits)).toBe('too-many-entries')
  })

  test('what is not a readable ZIP is refused: damaged, cut off, sizes that do not match, or not a ZIP at all', async () => {
    const archive = buildZip(docxEntries())
    const notZip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4000, 'x')])
    const cutOff = archive.subarray(0, archive.length - 30)
    const overstated = buildZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>'), claimedSize: 20 }])
    const corrupt = Buffer.from(archive)
    // Inside the deflated document.xml, just after its name in its local header.
    const data = corrupt.indexOf('word/document.xml') + 'word/document.xml'.length
    corrupt.fill(0xff, data + 10, data + 60)
    for (const bytes of [notZip, cutOff, overstated, corrupt, Buffer.alloc(0)]) {
      expect(await checkZipArchive(bytes, limits)).toBe('unreadable')
    }
  })
})
