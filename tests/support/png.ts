import zlib from 'node:zlib'

function crc32(bytes: Buffer) {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real RGBA PNG of the given size (transparent, with one dark pixel per row). */
export function png(width: number, height: number, idat?: Buffer) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const pixels = () => {
    const rows = Buffer.alloc((width * 4 + 1) * height)
    for (let row = 0; row < height; row++) rows.set([0, 10, 20, 60, 255], row * (width * 4 + 1))
    return zlib.deflateSync(rows)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat ?? pixels()), chunk('IEND', Buffer.alloc(0))])
}

/** As the signing page's pad posts a drawing. */
export function pngDataUrl(bytes: Buffer) {
  return `data:image/png;base64,${bytes.toString('base64')}`
}
