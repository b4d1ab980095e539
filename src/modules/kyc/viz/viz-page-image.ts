import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { PageCrop, PageTurn } from './viz-image-task-names.ts'

/**
 * Tesseract reads a page's print best with capitals 20-40 pixels high; a phone photo holds many
 * more pixels than that needs and each costs time, so the long side is brought down to this.
 */
export const PRINTED_PAGE_LONG_SIDE = 1600

/** The value below which `share` of the pixels lie, in a histogram of 256 levels. */
function percentile (histogram: Uint32Array, total: number, share: number): number {
  let seen = 0
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!
    if (seen >= share * total) return v
  }
  return 255
}

/**
 * Print is dark in every colour channel, while guilloche, tints and a red SPECIMEN are light in at
 * least one: the brightest channel keeps the print and drops the rest. Then the levels are
 * stretched from the darkest ink to a little under the paper (the brightest sixth of the image: a photo's surroundings are darker), so pale labels stay.
 */
function inkOnly (rgba: Uint8ClampedArray): void {
  const histogram = new Uint32Array(256)
  for (let i = 0; i < rgba.length; i += 4) histogram[Math.max(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!)]!++
  const total = rgba.length / 4
  const ink = percentile(histogram, total, 0.005)
  const paper = Math.max(ink + 32, percentile(histogram, total, 0.85) - 10)
  for (let i = 0; i < rgba.length; i += 4) {
    const brightest = Math.max(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!)
    // Squared, so pale small labels come out as dark as tesseract needs while paper stays white.
    const level = Math.max(0, Math.min(1, (brightest - ink) / (paper - ink)))
    const v = Math.round(255 * level * level)
    rgba[i] = v
    rgba[i + 1] = v
    rgba[i + 2] = v
  }
}

/** A crop is drawn at most this large: a card's print at a readable size is far less. */
const CROP_MAX_PIXELS = 6_000_000

/**
 * The page upright (turned and untilted as its MRZ says) with only its print kept, as a PNG: the
 * whole page with its long side PRINTED_PAGE_LONG_SIDE, or `crop` of it drawn `crop.width` wide.
 */
export async function printedPageImage (bytes: Uint8Array, turn: PageTurn, crop?: PageCrop): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  const sideways = turn.rotation % 180 !== 0
  const fullWidth = sideways ? image.height : image.width
  const fullHeight = sideways ? image.width : image.height
  const part = crop ?? { x0: 0, y0: 0, x1: 1, y1: 1, width: 0 }
  const partWidth = (part.x1 - part.x0) * fullWidth
  const partHeight = (part.y1 - part.y0) * fullHeight
  let scale = crop ? crop.width / partWidth : PRINTED_PAGE_LONG_SIDE / Math.max(fullWidth, fullHeight)
  scale = Math.min(scale, Math.sqrt(CROP_MAX_PIXELS / (partWidth * partHeight)))
  const width = Math.max(1, Math.round(partWidth * scale))
  const height = Math.max(1, Math.round(partHeight * scale))
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.translate(-part.x0 * fullWidth * scale, -part.y0 * fullHeight * scale)
  ctx.scale(scale, scale)
  ctx.translate(fullWidth / 2, fullHeight / 2)
  ctx.rotate(((turn.rotation - turn.tiltDeg) * Math.PI) / 180)
  ctx.drawImage(image, -image.width / 2, -image.height / 2)
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  const pixels = ctx.getImageData(0, 0, width, height)
  inkOnly(pixels.data)
  ctx.putImageData(pixels, 0, 0)
  return new Uint8Array(canvas.toBuffer('image/png'))
}
