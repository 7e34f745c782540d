import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { SIGNATURE_IMAGE_MAX_BYTES, parseSignaturePng } from '~/features/portal-signing/signature-image.server'
import { png } from '#tests/support/png'

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`

describe('drawn signature images', () => {
  test('a PNG from the pad passes, with its size, and embeds in a PDF', async () => {
    const checked = parseSignaturePng(dataUrl(png(600, 200)))
    expect(checked).toMatchObject({ ok: true, width: 600, height: 200 })
    const image = await (await PDFDocument.create()).embedPng(checked.ok ? checked.bytes : new Uint8Array())
    expect(image.width).toBe(600)
  })

  test('anything but a PNG data URL is refused', () => {
    expect(parseSignaturePng(dataUrl(png(10, 10), 'image/svg+xml'))).toEqual({ ok: false, message: 'The drawing must be a PNG image' })
    expect(parseSignaturePng('https://example.com/sig.png')).toMatchObject({ ok: false })
    // A JPEG's bytes under a PNG label.
    expect(parseSignaturePng(dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)])))).toEqual({ ok: false, message: 'The drawing must be a PNG image' })
    expect(parseSignaturePng('data:image/png;base64,not base64!')).toEqual({ ok: false, message: 'The drawing could not be read' })
  })

  test('too many bytes or pixels are refused before decoding', () => {
    const huge = Buffer.concat([png(10, 10), Buffer.alloc(SIGNATURE_IMAGE_MAX_BYTES)])
    expect(parseSignaturePng(dataUrl(huge))).toEqual({ ok: false, message: 'The drawing is too large' })
    // The header claims 20000 × 20000: never inflated.
    expect(parseSignaturePng(dataUrl(png(20000, 20000, zlib.deflateSync(Buffer.alloc(1)))))).toEqual({ ok: false, message: 'The drawing is too large' })
    expect(parseSignaturePng(dataUrl(png(0, 10, zlib.deflateSync(Buffer.alloc(10)))))).toEqual({ ok: false, message: 'The drawing is empty' })
  })

  test('image data that does not inflate to the promised rows is refused (the PDF library would loop on it)', () => {
    expect(parseSignaturePng(dataUrl(png(100, 50, Buffer.from('not deflate data'))))).toEqual({ ok: false, message: 'The drawing could not be read' })
    // Fewer rows than the header says, and a deflate bomb far beyond them.
    expect(parseSignaturePng(dataUrl(png(100, 50, zlib.deflateSync(Buffer.alloc(401 * 10)))))).toMatchObject({ ok: false })
    expect(parseSignaturePng(dataUrl(png(100, 50, zlib.deflateSync(Buffer.alloc(50_000_000)))))).toMatchObject({ ok: false })
  })

  test('a changed byte breaks the chunk checksum', () => {
    const bytes = png(40, 20)
    bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0xff
    expect(parseSignaturePng(dataUrl(bytes))).toEqual({ ok: false, message: 'The drawing could not be read' })
  })
})
