import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Image } from '@napi-rs/canvas'
import { type BandNoise, bandNoise } from './mrz-band-noise.ts'
import { turnGrey } from './mrz-components.ts'
import { flipped, locateMrz } from './mrz-locate.ts'
import { letterHeightOf, readGlyphs } from './mrz-ocr-b.ts'
import type { GlyphReading } from './mrz-ocr-b.ts'
import type { MrzBox } from './mrz-image-task-names.ts'
import type { LocatedLine } from './mrz-locate.ts'
import { estimateSkew, findTextBands, pickMrzBands, stretchContrast, toGrey } from './mrz-pixels.ts'
import type { GreyImage, TextBand } from './mrz-pixels.ts'

/**
 * The height of the MRZ capitals in the prepared line image, in pixels, one per attempt: tesseract's
 * English model reads these widely spaced capitals best when they are small (16 px read 80 % of the
 * bench set's lines exactly, 34 px 58 %), and another size misreads other characters.
 */
export const MRZ_CAP_HEIGHTS = [16, 20, 14, 24]

const ANALYSIS_WIDTH = 1000
/** The located MRZ is looked for on a copy this long on its longer side: a photo's MRZ capitals stay 15 px or more high. */
const LOCATE_SIDE = 1600
/** The capital height lines are cut at to be read glyph by glyph. */
const GLYPH_CAP_HEIGHT = 32
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

/** An MRZ's lines ready for OCR, once per capital height, and how the image was turned to read them. */
export interface PreparedMrz {
  /** Per attempt (a capital height of MRZ_CAP_HEIGHTS), each line as a PNG. */
  attempts: Uint8Array[][]
  /** The lines read by their OCR-B glyphs, when every line could be cut into characters. */
  glyphs: GlyphReading[] | null
  /** Clockwise quarter turns that bring the page upright. */
  quarterTurns: 0 | 1 | 2 | 3
  /** Degrees the MRZ's lines are tilted clockwise once the page is upright. */
  tiltDeg: number
  /** False when no MRZ stood out and the lowest lines of print were taken instead. */
  located: boolean
  /** Where the MRZ stands on the page once turned upright and untilted, in fractions of its width and height. */
  box: MrzBox | null
  /** The grain of the MRZ's band beside the page's above it; null when not located. */
  bandNoise: BandNoise | null
}


/** The lines' box on the upright page turned back by its tilt (about its centre, as the printed page is drawn), a capital height around. */
function untiltedBox (lines: LocatedLine[], size: { width: number, height: number }, tiltDeg: number): MrzBox {
  const angle = (-tiltDeg * Math.PI) / 180
  const [cx, cy] = [size.width / 2, size.height / 2]
  const turn = ([x, y]: [number, number]) => [cx + (x - cx) * Math.cos(angle) - (y - cy) * Math.sin(angle), cy + (x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle)] as const
  const points = lines.flatMap((line) => [line.start, line.end].map((p) => ({ p: turn(p), cap: line.capHeight })))
  const clamp = (v: number) => Math.max(0, Math.min(1, v))
  return {
    x0: clamp(Math.min(...points.map(({ p }) => p[0])) / size.width), x1: clamp(Math.max(...points.map(({ p }) => p[0])) / size.width),
    y0: clamp(Math.min(...points.map(({ p, cap }) => p[1] - cap)) / size.height), y1: clamp(Math.max(...points.map(({ p, cap }) => p[1] + cap)) / size.height),
  }
}

/**
 * Each line of the MRZ of a document image as its own PNG, at each capital height tesseract reads
 * well: the MRZ is found wherever it lies and whichever way up (mrz-locate.ts), each line is cut
 * along its own slope (a tilt, a perspective), greyed and framed in white, since tesseract reads a
 * single line (page mode 7) more faithfully than a block. `flip` reads it the other way up.
 */
export async function prepareMrzLines (bytes: Uint8Array, options: { flip?: boolean, capHeights?: readonly number[], glyphs?: boolean, grain?: boolean } = {}): Promise<PreparedMrz> {
  const capHeights = options.capHeights ?? MRZ_CAP_HEIGHTS
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  const scale = Math.min(1, LOCATE_SIDE / Math.max(image.width, image.height), Math.sqrt(ANALYSIS_MAX_PIXELS / (image.width * image.height)))
  const size = { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) }
  const grey = greyOf(image, size.width, size.height, 0)
  const found = locateMrz(grey)
  if (!found) {
    const attempts = capHeights.map((capHeight) => bandLines(image, capHeight))
    return { attempts, glyphs: null, quarterTurns: 0, tiltDeg: 0, located: false, box: null, bandNoise: null }
  }
  const upright = found.quarterTurns % 2 === 0 ? size : { width: size.height, height: size.width }
  const located = options.flip ? flipped(found, upright) : found
  const view = { scale, size, quarterTurns: located.quarterTurns }
  const attempts = capHeights.map((capHeight) => located.lines.map((line) => encodeGrey(withBorder(cutLine(image, line, view, capHeight), capHeight))))
  const glyphs = options.glyphs === false ? [null] : readLinesByGlyphs(image, located.lines, view)
  const [first] = located.lines
  const tiltDeg = first ? Math.round((Math.atan2(first.end[1] - first.start[1], first.end[0] - first.start[0]) * 1800) / Math.PI) / 10 : 0
  return { attempts, glyphs: glyphs.every((line) => line !== null) ? glyphs : null, quarterTurns: located.quarterTurns, tiltDeg, located: true, box: untiltedBox(located.lines, upright, tiltDeg), bandNoise: options.grain === false ? null : bandNoise(turnGrey(grey, found.quarterTurns), found.lines) }
}

/** The located lines read glyph by glyph against OCR-B, each cut at the scale of the lowest capitals (a line of letters), so one letter height holds for all. */
function readLinesByGlyphs (image: Image, lines: LocatedLine[], view: { scale: number, size: { width: number, height: number }, quarterTurns: number }): (GlyphReading | null)[] {
  const letters = Math.min(...lines.map((line) => line.capHeight))
  const glyphLines = lines.map((line) => cutLine(image, { ...line, capHeight: letters }, view, GLYPH_CAP_HEIGHT, 1))
  // The names line holds only letters and fillers: the TD1's third, the others' first.
  const letterHeight = letterHeightOf(glyphLines[lines.length === 3 ? 2 : 0]!)
  return glyphLines.map((line) => readGlyphs(line, lineLengths(lines), letterHeight))
}

/**
 * The line lengths an MRZ of these lines may have: three lines are a card's (30); of two, a line
 * chained into more than 38 blobs is a passport's 44, else the pitch decides between 36 and 44.
 */
function lineLengths (lines: LocatedLine[]): number[] {
  if (lines.length === 3) return [30]
  return Math.max(...lines.map((line) => line.blobs)) > 38 ? [44] : [36, 44]
}

type Affine = [number, number, number, number, number, number]

/** Where a point of the upright analysis copy lies on the original image. */
function toOriginal ([x, y]: [number, number], view: { scale: number, size: { width: number, height: number }, quarterTurns: number }): [number, number] {
  const { width, height } = view.size
  const [ux, uy] = view.quarterTurns === 0 ? [x, y] : view.quarterTurns === 1 ? [y, height - 1 - x] : view.quarterTurns === 2 ? [width - 1 - x, height - 1 - y] : [width - 1 - y, x]
  return [ux / view.scale, uy / view.scale]
}

/** One located line cut out along its slope from the original image, its capitals `capHeight` pixels high. */
function cutLine (image: Image, line: LocatedLine, view: { scale: number, size: { width: number, height: number }, quarterTurns: number }, capHeight: number, room = 0.6): GreyImage {
  const length = Math.hypot(line.end[0] - line.start[0], line.end[1] - line.start[1])
  const along: [number, number] = [(line.end[0] - line.start[0]) / length, (line.end[1] - line.start[1]) / length]
  const down: [number, number] = [-along[1], along[0]]
  // The capitals' height in the copy, and room around the line: enough for the whole line, not enough to reach the next.
  const h = line.capHeight
  const marginX = 0.8 * h
  const marginY = room * h
  const pxPerUnit = capHeight / h
  const outWidth = Math.round((length + 2 * marginX) * pxPerUnit)
  const outHeight = Math.round((h + 2 * marginY) * pxPerUnit)
  checkBudget(outWidth + 2 * capHeight, outHeight + 2 * capHeight, LINE_MAX_PIXELS)
  // The output's origin and its two unit steps, in the original image's pixels.
  const corner: [number, number] = [line.start[0] - marginX * along[0] - (h / 2 + marginY) * down[0], line.start[1] - marginX * along[1] - (h / 2 + marginY) * down[1]]
  const origin = toOriginal(corner, view)
  const stepX = toOriginal([corner[0] + along[0] / pxPerUnit, corner[1] + along[1] / pxPerUnit], view)
  const stepY = toOriginal([corner[0] + down[0] / pxPerUnit, corner[1] + down[1] / pxPerUnit], view)
  const toSource: Affine = [stepX[0] - origin[0], stepX[1] - origin[1], stepY[0] - origin[0], stepY[1] - origin[1], origin[0], origin[1]]
  const canvas = budgetedCanvas(outWidth, outHeight, LINE_MAX_PIXELS)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, outWidth, outHeight)
  ctx.imageSmoothingQuality = 'high'
  ctx.setTransform(...invert(toSource))
  ctx.drawImage(image, 0, 0)
  const grey = toGrey(ctx.getImageData(0, 0, outWidth, outHeight).data, outWidth, outHeight)
  stretchContrast(grey)
  return grey
}

function invert ([a, b, c, d, e, f]: Affine): Affine {
  const det = a * d - b * c
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det]
}

/** The old way, for a page where no MRZ stands out: straighten, then take the lowest busy bands of rows. */
function bandLines (image: Image, capHeight: number): Uint8Array[] {
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
