import { crc32, deflateSync } from 'node:zlib'

// PNGs written by hand rather than by @napi-rs/canvas: tests need exact bytes (a greyscale file whose
// header they rewrite or cut, tEXt chunks naming a program, 60,000 rows no canvas should hold).

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk (type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A tEXt chunk holding `key` and `value`, as an editing program writes its name under Software. */
export const pngText = (key: string, value: string): Buffer => pngChunk('tEXt', Buffer.from(`${key}\0${value}`, 'latin1'))

/**
 * A greyscale PNG of width × height: every pixel `pixels` (0–255), or row `y` is `pixels(y)` (width
 * bytes); `text` goes in tEXt chunks after the header. Bytes 16–23 are the declared width and height.
 */
export function greyPng (width: number, height: number, pixels: number | ((y: number) => Uint8Array) = 255, { text = {} as Record<string, string> } = {}): Buffer {
  const raw = Buffer.alloc((width + 1) * height)
  const flat = typeof pixels === 'number' ? new Uint8Array(width).fill(pixels) : undefined
  for (let y = 0; y < height; y++) raw.set(flat ?? (pixels as (y: number) => Uint8Array)(y), y * (width + 1) + 1)
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth; colour type 0 (greyscale), no interlace
  const texts = Object.entries(text).map(([key, value]) => pngText(key, value))
  return Buffer.concat([SIGNATURE, pngChunk('IHDR', ihdr), ...texts, pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', new Uint8Array(0))])
}
