import { createCanvas, loadImage } from '@napi-rs/canvas'

const APP1 = 0xe1
const SOS = 0xda

/** The side of the central square read: 25,600 blocks, plenty for the histograms, little memory beside the decoded image. */
const MAX_SIDE = 1280

/**
 * The luminance of the JPEG's central square, on its encoder's 8×8 grid. The decoder turns a photo
 * by its EXIF orientation, which would move the grid, so the EXIF segment is left out before decoding.
 */
export async function decodeLuma (bytes: Uint8Array): Promise<{ luma: Float32Array, width: number, height: number }> {
  const image = await loadImage(Buffer.from(withoutExif(bytes)))
  const width = Math.min(image.width, MAX_SIDE)
  const height = Math.min(image.height, MAX_SIDE)
  const left = Math.floor((image.width - width) / 16) * 8
  const top = Math.floor((image.height - height) / 16) * 8
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  context.drawImage(image, left, top, width, height, 0, 0, width, height)
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
