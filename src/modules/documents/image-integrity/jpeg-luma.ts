import { createCanvas, loadImage } from '@napi-rs/canvas'

const APP1 = 0xe1
const SOS = 0xda

/**
 * The JPEG's luminance on its encoder's grid. The decoder turns a photo by its EXIF orientation,
 * which would move the 8×8 grid, so the EXIF segment is left out before decoding.
 */
export async function decodeLuma (bytes: Uint8Array): Promise<{ luma: Float32Array, width: number, height: number }> {
  const image = await loadImage(Buffer.from(withoutExif(bytes)))
  const { width, height } = image
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  context.drawImage(image, 0, 0)
  const rgba = context.getImageData(0, 0, width, height).data
  const luma = new Float32Array(width * height)
  for (let i = 0; i < luma.length; i++) luma[i] = 0.299 * rgba[4 * i]! + 0.587 * rgba[4 * i + 1]! + 0.114 * rgba[4 * i + 2]!
  return { luma, width, height }
}

/** The bytes without their APP1 segments (EXIF and XMP), the rest untouched. */
function withoutExif (bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)]
  let at = 2
  while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== SOS) {
    const end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)
    if (bytes[at + 1] !== APP1) kept.push(bytes.subarray(at, end))
    at = end
  }
  kept.push(bytes.subarray(at))
  return Buffer.concat(kept)
}
