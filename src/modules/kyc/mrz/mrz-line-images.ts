import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Image } from '@napi-rs/canvas'
import { estimateSkew, findTextBands, pickMrzBands, stretchContrast, toGrey } from './mrz-pixels.ts'
import type { GreyImage, TextBand } from './mrz-pixels.ts'

/**
 * The height of the MRZ capitals in the prepared line image, in pixels, one per attempt: tesseract's
 * English model reads these widely spaced capitals best when they are small (16 px read 80 % of the
 * bench set's lines exactly, 34 px 58 %), and another size misreads other characters.
 */
export const MRZ_CAP_HEIGHTS = [16, 20, 14, 24]

const ANALYSIS_WIDTH = 1000
/** The analysis copy's pixel budget: a 1:3 page at the analysis width, so a tall image is shrunk, not drawn whole. */
export const ANALYSIS_MAX_PIXELS = 3_000_000
/** A prepared line's pixel budget: a real MRZ line comes out near 50,000 pixels. */
export const LINE_MAX_PIXELS = 2_000_000
/** A band this many times taller than the thinnest is not a line of the same print, and drawing it at the thinnest's scale is what blew up memory. */
const TALLEST_LINE_RATIO = 4

/** A canvas the image's content asked for is beyond its pixel budget; nothing was allocated for it. */
export class MrzCanvasTooLarge extends Error {
  constructor (width: number, height: number, maxPixels: number) {
    super(`Reading the MRZ would need a ${width} × ${height} pixel image, more than the ${maxPixels.toLocaleString('en')} pixels allowed. Upload a straight photo or scan of the photo page alone.`)
    this.name = 'MrzCanvasTooLarge'
  }
}

function checkBudget (width: number, height: number, maxPixels: number): void {
  if (!(width > 0 && height > 0) || width * height > maxPixels) throw new MrzCanvasTooLarge(width, height, maxPixels)
}

function budgetedCanvas (width: number, height: number, maxPixels: number) {
  checkBudget(width, height, maxPixels)
  return createCanvas(width, height)
}

function greyOf (image: Image, width: number, height: number, degrees: number): GreyImage {
  const canvas = budgetedCanvas(width, height, ANALYSIS_MAX_PIXELS)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.translate(width / 2, height / 2)
  ctx.rotate((-degrees * Math.PI) / 180)
  ctx.drawImage(image, -width / 2, -height / 2, width, height)
  return toGrey(ctx.getImageData(0, 0, width, height).data, width, height)
}

/** The MRZ's lines once the image is turned straight, in analysis pixels; a guess at the bottom when none stand out. */
function locateLines (small: GreyImage): TextBand[] {
  const lines = pickMrzBands(findTextBands(small))
  if (lines.length > 0) return lines
  // No text lines stood out: the MRZ is at the bottom of a document that fills the picture.
  const top = Math.floor(small.height * 0.65)
  return [{ top, bottom: small.height, left: 0, right: small.width, transitions: 0 }]
}

// Encoded synchronously: the async encode, run beside a tesseract thread, crashed the process now and then (SIGSEGV).
function encodeGrey (grey: GreyImage): Uint8Array {
  const canvas = budgetedCanvas(grey.width, grey.height, LINE_MAX_PIXELS)
  const ctx = canvas.getContext('2d')
  const rgba = ctx.createImageData(grey.width, grey.height)
  for (let p = 0, i = 0; p < grey.pixels.length; p++, i += 4) {
    rgba.data[i] = rgba.data[i + 1] = rgba.data[i + 2] = grey.pixels[p]!
    rgba.data[i + 3] = 255
  }
  ctx.putImageData(rgba, 0, 0)
  return new Uint8Array(canvas.toBuffer('image/png'))
}

/**
 * Each line of the MRZ of a document image as its own PNG, straightened, cropped, scaled to a
 * capital height tesseract reads well, greyed and framed in white: tesseract reads a single line
 * (page mode 7) more faithfully than a block.
 */
export async function prepareMrzLines (bytes: Uint8Array, attempt: number): Promise<Uint8Array[]> {
  const capHeight = MRZ_CAP_HEIGHTS[attempt % MRZ_CAP_HEIGHTS.length]!
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  const analysisScale = Math.min(1, ANALYSIS_WIDTH / image.width, Math.sqrt(ANALYSIS_MAX_PIXELS / (image.width * image.height)))
  const width = Math.max(1, Math.round(image.width * analysisScale))
  const height = Math.max(1, Math.min(Math.round(image.height * analysisScale), Math.floor(ANALYSIS_MAX_PIXELS / width)))
  const skew = estimateSkew(greyOf(image, width, height, 0))
  const lines = locateLines(greyOf(image, width, height, skew))
  const lineHeight = Math.min(...lines.map((band) => band.bottom - band.top))
  // A band's height spans the capitals and a little ink above and below them.
  const scale = (capHeight * 1.15) / (lineHeight / analysisScale)
  const toOut = scale / analysisScale
  const out: Uint8Array[] = []
  for (const band of lines.filter((line) => line.bottom - line.top <= lineHeight * TALLEST_LINE_RATIO)) {
    // Enough room above and below for the whole line, not enough to reach its neighbours.
    const pad = lineHeight * 0.35
    const left = Math.max(0, band.left - lineHeight)
    const top = Math.max(0, band.top - pad)
    const outWidth = Math.round((Math.min(width, band.right + lineHeight) - left) * toOut)
    const outHeight = Math.round((Math.min(height, band.bottom + pad) - top) * toOut)
    // The white frame added below counts too.
    checkBudget(outWidth + 2 * capHeight, outHeight + 2 * capHeight, LINE_MAX_PIXELS)
    const canvas = budgetedCanvas(outWidth, outHeight, LINE_MAX_PIXELS)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, outWidth, outHeight)
    ctx.scale(toOut, toOut)
    ctx.translate(-left, -top)
    ctx.translate(width / 2, height / 2)
    ctx.rotate((-skew * Math.PI) / 180)
    ctx.drawImage(image, -width / 2, -height / 2, width, height)
    const grey = toGrey(ctx.getImageData(0, 0, outWidth, outHeight).data, outWidth, outHeight)
    stretchContrast(grey)
    out.push(encodeGrey(withBorder(grey, capHeight)))
  }
  return out
}

/** The image inside a white frame: tesseract misreads characters that touch the edge. */
function withBorder (grey: GreyImage, border: number): GreyImage {
  const width = grey.width + 2 * border
  const height = grey.height + 2 * border
  const pixels = new Uint8Array(width * height).fill(255)
  for (let y = 0; y < grey.height; y++) pixels.set(grey.pixels.subarray(y * grey.width, (y + 1) * grey.width), (y + border) * width + border)
  return { width, height, pixels }
}
