import zlib from 'node:zlib'

/**
 * A drawn signature as the signing page posts it: a PNG data URL from the
 * pad's canvas. Checked here in full before it is stored or drawn into the
 * signed document: the PNG signature bytes, every chunk's CRC, a plain
 * 8-bit non-interlaced image within the size caps, and image data that
 * inflates (with a bounded output) to exactly the rows the header promises.
 * The PDF library that later embeds it loops forever on broken image data,
 * so nothing reaches it unchecked.
 */
export const SIGNATURE_IMAGE_MAX_BYTES = 200 * 1024
export const SIGNATURE_IMAGE_MAX_WIDTH = 1600
export const SIGNATURE_IMAGE_MAX_HEIGHT = 800

const DATA_URL_PREFIX = 'data:image/png;base64,'
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
/** Channels by PNG colour type: grey, RGB, grey and alpha, RGBA (palettes are not what a canvas makes). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 }

export type SignatureImageCheck = { ok: true; bytes: Uint8Array<ArrayBuffer>; width: number; height: number } | { ok: false; message: string }

const refused = (message: string): SignatureImageCheck => ({ ok: false, message })
const UNREADABLE = 'The drawing could not be read'

let crcTable: Uint32Array | undefined
function crc32(bytes: Uint8Array) {
  crcTable ??= Uint32Array.from({ length: 256 }, (_v, n) => {
    let c = n
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  let crc = 0xffffffff
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

export function parseSignaturePng(dataUrl: string): SignatureImageCheck {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) return refused('The drawing must be a PNG image')
  const base64 = dataUrl.slice(DATA_URL_PREFIX.length)
  // Four characters hold three bytes: refuse an oversized text before decoding it.
  if (base64.length > Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4) return refused('The drawing is too large')
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return refused(UNREADABLE)
  const bytes = Uint8Array.from(Buffer.from(base64, 'base64'))
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES) return refused('The drawing is too large')
  if (bytes.length < 33 || PNG_MAGIC.some((byte, index) => bytes[index] !== byte)) return refused('The drawing must be a PNG image')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let width = 0
  let height = 0
  let channels = 0
  const data: Uint8Array[] = []
  let ended = false
  for (let at = 8; at < bytes.length && !ended; ) {
    if (at + 12 > bytes.length) return refused(UNREADABLE)
    const length = view.getUint32(at)
    if (at + 12 + length > bytes.length) return refused(UNREADABLE)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const body = bytes.subarray(at + 8, at + 8 + length)
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return refused(UNREADABLE)
    if (at === 8) {
      // The first chunk of every PNG is its header.
      if (type !== 'IHDR' || length !== 13) return refused(UNREADABLE)
      width = view.getUint32(at + 8)
      height = view.getUint32(at + 12)
      const [depth, colourType, compression, filter, interlace] = body.subarray(8, 13)
      channels = CHANNELS[colourType!] ?? 0
      if (depth !== 8 || !channels || compression !== 0 || filter !== 0 || interlace !== 0) return refused('The drawing must be a plain PNG image')
      if (width === 0 || height === 0) return refused('The drawing is empty')
      if (width > SIGNATURE_IMAGE_MAX_WIDTH || height > SIGNATURE_IMAGE_MAX_HEIGHT) return refused('The drawing is too large')
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') ended = true
    at += 12 + length
  }
  if (!ended || data.length === 0) return refused(UNREADABLE)
  const rowBytes = width * channels + 1
  let pixels: Buffer
  try {
    pixels = zlib.inflateSync(Buffer.concat(data), { maxOutputLength: rowBytes * height })
  } catch {
    return refused(UNREADABLE)
  }
  if (pixels.length !== rowBytes * height) return refused(UNREADABLE)
  // Each row starts with its filter type, 0 to 4.
  for (let row = 0; row < height; row++) if (pixels[row * rowBytes]! > 4) return refused(UNREADABLE)
  return { ok: true, bytes, width, height }
}
