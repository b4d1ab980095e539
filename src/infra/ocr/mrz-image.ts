import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Image } from '@napi-rs/canvas'
import { binarise, estimateSkew, findTextBands, pickMrzBands, stretchContrast, toGrey } from './mrz-pixels.ts'
import type { GreyImage } from './mrz-pixels.ts'

/** One way of preparing the MRZ for tesseract; a later attempt uses the next. */
interface Preparation {
  /** Height of a line of MRZ capitals in the prepared image, in pixels. */
  capHeight: number
  /** Thresholded to black on white here rather than by tesseract. */
  binarise: boolean
  /** Added to the measured skew, in degrees. */
  angleOffset: number
}

export const MRZ_PREPARATIONS: Preparation[] = [
  { capHeight: 30, binarise: false, angleOffset: 0 },
  { capHeight: 24, binarise: true, angleOffset: 0 },
  { capHeight: 36, binarise: false, angleOffset: 0.3 },
  { capHeight: 28, binarise: true, angleOffset: -0.3 },
]

const ANALYSIS_WIDTH = 1000

function greyOf (image: Image, width: number, height: number, degrees: number): GreyImage {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.translate(width / 2, height / 2)
  ctx.rotate((-degrees * Math.PI) / 180)
  ctx.drawImage(image, -width / 2, -height / 2, width, height)
  return toGrey(ctx.getImageData(0, 0, width, height).data, width, height)
}

/** Where the MRZ sits once the image is turned straight, in analysis pixels, with the line height. */
function locateMrz (small: GreyImage): { left: number, top: number, right: number, bottom: number, lineHeight: number } {
  const lines = pickMrzBands(findTextBands(small))
  if (lines.length === 0) {
    // No text lines stood out: the MRZ is at the bottom of a document that fills the picture.
    return { left: 0, top: Math.floor(small.height * 0.65), right: small.width, bottom: small.height, lineHeight: small.height * 0.05 }
  }
  const heights = lines.map((band) => band.bottom - band.top).sort((a, b) => a - b)
  const lineHeight = heights[0]!
  const margin = lineHeight * 0.8
  return {
    left: Math.max(0, Math.min(...lines.map((band) => band.left)) - margin),
    right: Math.min(small.width, Math.max(...lines.map((band) => band.right)) + margin),
    top: Math.max(0, lines[0]!.top - margin),
    bottom: Math.min(small.height, lines.at(-1)!.bottom + margin),
    lineHeight,
  }
}

/**
 * The MRZ band of a document image, straightened, cropped, scaled to a line height tesseract
 * reads well and greyed (or thresholded), as a PNG.
 */
export async function prepareMrzImage (bytes: Uint8Array, attempt: number): Promise<Uint8Array> {
  const preparation = MRZ_PREPARATIONS[attempt % MRZ_PREPARATIONS.length]!
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  const analysisScale = Math.min(1, ANALYSIS_WIDTH / image.width)
  const width = Math.round(image.width * analysisScale)
  const height = Math.round(image.height * analysisScale)
  const skew = estimateSkew(greyOf(image, width, height, 0)) + preparation.angleOffset
  const area = locateMrz(greyOf(image, width, height, skew))
  // A band's height spans the capitals and a little ink above and below them.
  const scale = (preparation.capHeight * 1.15) / (area.lineHeight / analysisScale)
  const outWidth = Math.round(((area.right - area.left) / analysisScale) * scale)
  const outHeight = Math.round(((area.bottom - area.top) / analysisScale) * scale)
  const canvas = createCanvas(outWidth, outHeight)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, outWidth, outHeight)
  ctx.scale(scale / analysisScale, scale / analysisScale)
  ctx.translate(-area.left, -area.top)
  ctx.translate(width / 2, height / 2)
  ctx.rotate((-skew * Math.PI) / 180)
  ctx.drawImage(image, -width / 2, -height / 2, width, height)
  const grey = toGrey(ctx.getImageData(0, 0, outWidth, outHeight).data, outWidth, outHeight)
  stretchContrast(grey)
  if (preparation.binarise) binarise(grey)
  const rgba = ctx.createImageData(outWidth, outHeight)
  for (let p = 0, i = 0; p < grey.pixels.length; p++, i += 4) {
    rgba.data[i] = rgba.data[i + 1] = rgba.data[i + 2] = grey.pixels[p]!
    rgba.data[i + 3] = 255
  }
  ctx.resetTransform()
  ctx.putImageData(rgba, 0, 0)
  return new Uint8Array(await canvas.encode('png'))
}
