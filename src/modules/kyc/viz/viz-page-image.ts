import { createCanvas, loadImage } from '@napi-rs/canvas'
import { summedArea } from '../mrz/mrz-components.ts'
import type { PageCrop, PageTurn } from './viz-image-task-names.ts'

/**
 * Tesseract reads a page's print best with capitals 20-40 pixels high; a phone photo holds many
 * more pixels than that needs and each costs time, so the long side is brought down to this.
 */
export const PRINTED_PAGE_LONG_SIDE = 1600

/** Levels from ink (0) to paper (1): from GUILLOCHE_LEVEL up a pixel is background (grey guilloche lines stand at 0.77-0.9), up to INK_LEVEL it is ink (a pale label's strokes stand at 0.45): print comes out near black, as tesseract's own threshold keeps it. */
const GUILLOCHE_LEVEL = 0.7
const INK_LEVEL = 0.55

/** The value below which `share` of the pixels lie, in a histogram of 256 levels. */
function percentile (histogram: Uint32Array, total: number, share: number): number {
  let seen = 0
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!
    if (seen >= share * total) return v
  }
  return 255
}

/** Side in pixels of the blocks the paper's brightness is measured in: larger than a printed value's strokes, smaller than a photo's uneven light. */
const PAPER_BLOCK = 48

/**
 * The paper's brightness about each pixel: each block's brightest pixel, the brightest of its
 * neighbours (a block inside a bold letter holds no paper), drawn smooth between block centres.
 */
function paperLevels (bright: Uint8Array, width: number, height: number): Float32Array {
  const bw = Math.ceil(width / PAPER_BLOCK)
  const bh = Math.ceil(height / PAPER_BLOCK)
  const blocks = new Float32Array(bw * bh)
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / PAPER_BLOCK) * bw
    for (let x = 0; x < width; x++) {
      const b = row + Math.floor(x / PAPER_BLOCK)
      if (bright[y * width + x]! > blocks[b]!) blocks[b] = bright[y * width + x]!
    }
  }
  const spread = new Float32Array(bw * bh)
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const [x, y] = [bx + dx, by + dy]
        if (x >= 0 && y >= 0 && x < bw && y < bh) m = Math.max(m, blocks[y * bw + x]!)
      }
      spread[by * bw + bx] = m
    }
  }
  const paper = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    const fy = Math.max(0, Math.min(bh - 1, (y + 0.5) / PAPER_BLOCK - 0.5))
    const y0 = Math.floor(fy)
    const y1 = Math.min(bh - 1, y0 + 1)
    const ty = fy - y0
    for (let x = 0; x < width; x++) {
      const fx = Math.max(0, Math.min(bw - 1, (x + 0.5) / PAPER_BLOCK - 0.5))
      const x0 = Math.floor(fx)
      const x1 = Math.min(bw - 1, x0 + 1)
      const tx = fx - x0
      const top = spread[y0 * bw + x0]! * (1 - tx) + spread[y0 * bw + x1]! * tx
      const bottom = spread[y1 * bw + x0]! * (1 - tx) + spread[y1 * bw + x1]! * tx
      paper[y * width + x] = top * (1 - ty) + bottom * ty
    }
  }
  return paper
}

/**
 * Print is dark in every colour channel, while guilloche, tints and a red SPECIMEN are light in at
 * least one: the brightest channel keeps the print and drops the rest. Then each pixel's level is
 * taken from the darkest ink to the paper around it (a photo's light is uneven: a glare on one
 * side, a shadow on the other), and what is far from dark enough (guilloche) turns white.
 */
function inkOnly (rgba: Uint8ClampedArray, width: number, height: number): void {
  const histogram = new Uint32Array(256)
  const bright = new Uint8Array(width * height)
  let coloured = 0
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) {
    bright[p] = Math.max(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!)
    histogram[bright[p]!]!++
    if (bright[p]! - Math.min(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!) > COLOURED) coloured++
  }
  const ink = percentile(histogram, bright.length, 0.005)
  const paperOverall = Math.max(ink + 32, percentile(histogram, bright.length, 0.85) - 10)
  const paper = paperLevels(bright, width, height)
  const levels = new Float32Array(width * height)
  for (let p = 0; p < levels.length; p++) {
    const span = paper[p]! - ink
    // Where even the brightest is dark (a photo's surroundings, the portrait), there is no paper and no print to keep.
    levels[p] = span < DARK_SURROUNDINGS * (paperOverall - ink) ? 1 : (bright[p]! - ink) / span
  }
  // In colour the brightest channel has already dropped a coloured stamp; only a grey picture keeps it.
  const stamped = coloured < GREY_SHARE * levels.length ? stampShares(levels, width, height) : null
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) {
    const level = levels[p]!
    // Inside a stamp or a tint, which a grey scan leaves as dark as pale print, only what is far darker is ink.
    const v = stamped !== null && stamped[p]! > STAMP_SHARE && level > STAMP_LEVELS[0] ? 255 : Math.round(255 * Math.max(0, Math.min(1, (level - INK_LEVEL) / (GUILLOCHE_LEVEL - INK_LEVEL))))
    rgba[i] = v
    rgba[i + 1] = v
    rgba[i + 2] = v
  }
  clearFromEdges(rgba, width, height)
}

/**
 * A translucent stamp (a red SPECIMEN) on a grey scan: levels between these, over most of the square
 * of side 2·STAMP_RADIUS + 1 about a pixel. Print's strokes are darker and thinner: a square about
 * them holds mostly paper.
 */
const STAMP_LEVELS = [0.25, 0.7] as const
const STAMP_RADIUS = 16
const STAMP_SHARE = 0.5
/** A pixel whose channels differ by more than this is coloured; a picture with fewer than GREY_SHARE of them is grey (a grey scan, JPEG's noise aside). */
const COLOURED = 32
const GREY_SHARE = 0.002

/** Each pixel's share of pixels at a stamp's levels in the square about it (cut at the edges). */
function stampShares (levels: Float32Array, width: number, height: number): Float32Array {
  const midGrey = new Float32Array(levels.length)
  for (let p = 0; p < levels.length; p++) midGrey[p] = levels[p]! >= STAMP_LEVELS[0] && levels[p]! <= STAMP_LEVELS[1] ? 1 : 0
  const sums = summedArea(midGrey, width, height)
  const stride = width + 1
  const shares = new Float32Array(levels.length)
  for (let y = 0; y < height; y++) {
    const [y0, y1] = [Math.max(0, y - STAMP_RADIUS), Math.min(height, y + STAMP_RADIUS + 1)]
    for (let x = 0; x < width; x++) {
      const [x0, x1] = [Math.max(0, x - STAMP_RADIUS), Math.min(width, x + STAMP_RADIUS + 1)]
      shares[y * width + x] = (sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!) / ((y1 - y0) * (x1 - x0))
    }
  }
  return shares
}

/** Dark pixels joined to the picture's edge are what lies around the document (a table under a photo), not print: they turn white. */
function clearFromEdges (rgba: Uint8ClampedArray, width: number, height: number): void {
  const dark = (p: number) => rgba[p * 4]! < 128
  const stack: number[] = []
  const push = (p: number) => { if (dark(p)) { rgba[p * 4] = rgba[p * 4 + 1] = rgba[p * 4 + 2] = 255; stack.push(p) } }
  for (let x = 0; x < width; x++) { push(x); push((height - 1) * width + x) }
  for (let y = 0; y < height; y++) { push(y * width); push(y * width + width - 1) }
  while (stack.length > 0) {
    const p = stack.pop()!
    const [x, y] = [p % width, Math.floor(p / width)]
    if (x > 0) push(p - 1)
    if (x < width - 1) push(p + 1)
    if (y > 0) push(p - width)
    if (y < height - 1) push(p + width)
  }
}

/** Paper this much darker than the page's paper overall is not paper. */
const DARK_SURROUNDINGS = 0.35

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
  inkOnly(pixels.data, width, height)
  ctx.putImageData(pixels, 0, 0)
  return new Uint8Array(canvas.toBuffer('image/png'))
}
