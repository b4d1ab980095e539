import { fileURLToPath } from 'node:url'
import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { binarise, findBlobs } from './mrz-components.ts'
import { MRZ_CHARACTERS } from './mrz-layout.ts'
import type { GreyImage } from './mrz-pixels.ts'

/** One MRZ line read glyph by glyph: the best character per position, its score, and the runner-up. */
export interface GlyphReading {
  text: string
  /** Mean best score, 0..1. */
  confidence: number
  symbols: GlyphMatch[]
}

/** One character cell: the best match, its runner-up, and the few best characters with their scores, best first. */
export interface GlyphMatch {
  text: string
  confidence: number
  second: string
  secondConfidence: number
  /** The best few characters (the first is `text`); a close call among letters is a name the reader is unsure of. */
  ranked?: { text: string, confidence: number }[]
}

const FAMILY = 'Idcheck MRZ OCR-B'
// The template cell: one character pitch wide; OCR-B's capitals are 2.42 mm high at a 2.54 mm pitch.
const CELL_WIDTH = 20
const CAP = Math.round(CELL_WIDTH / 1.05)
const ABOVE = 0.25 * CAP
const CELL_HEIGHT = Math.round(CAP + 2 * ABOVE)
const SHIFTS = [-1, 0, 1]

/** A template's pixels, zero-mean and unit-length, so a dot product is the normalised correlation. */
type Vector = Float32Array

let templates: { char: string, vectors: Vector[] }[] | null = null

function normalised (values: Float32Array): Vector {
  let mean = 0
  for (const v of values) mean += v
  mean /= values.length
  let length = 0
  for (let i = 0; i < values.length; i++) { values[i] = values[i]! - mean; length += values[i]! ** 2 }
  length = Math.sqrt(length) || 1
  for (let i = 0; i < values.length; i++) values[i] = values[i]! / length
  return values
}

/** Every MRZ character drawn in OCR-B into a cell: plain, emboldened (ink spreads in print) and blurred (photos). */
function characterTemplates (): { char: string, vectors: Vector[] }[] {
  if (templates) return templates
  if (!GlobalFonts.has(FAMILY)) GlobalFonts.registerFromPath(fileURLToPath(new URL('./ocr-b/OCRB.otf', import.meta.url)), FAMILY)
  const scale = 4
  templates = [...MRZ_CHARACTERS].map((char) => ({
    char,
    vectors: [[0, 0], [1, 0], [0.5, 1.2]].map(([bold, blur]) => {
      const canvas = createCanvas(CELL_WIDTH * scale, CELL_HEIGHT * scale)
      const ctx = canvas.getContext('2d')
      ctx.fillStyle = '#ffffff'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      // Photos soften the ink: a blurred template matches them better than a sharp one.
      if (blur! > 0) ctx.filter = `blur(${blur! * scale}px)`
      ctx.fillStyle = '#000000'
      ctx.strokeStyle = '#000000'
      ctx.font = `${(CAP * scale) / 0.7}px "${FAMILY}"`
      ctx.textAlign = 'center'
      const baseline = (ABOVE + CAP) * scale
      ctx.fillText(char, (CELL_WIDTH * scale) / 2, baseline)
      if (bold! > 0) { ctx.lineWidth = bold! * scale; ctx.strokeText(char, (CELL_WIDTH * scale) / 2, baseline) }
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
      const out = new Float32Array(CELL_WIDTH * CELL_HEIGHT)
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) out[Math.floor(y / scale) * CELL_WIDTH + Math.floor(x / scale)]! += (255 - data[(y * canvas.width + x) * 4]!) / (scale * scale)
      }
      return normalised(out)
    }),
  }))
  return templates
}

// A cell is sampled with this many template pixels more on every side, room for the shifts.
const PAD = Math.max(...SHIFTS)
const PADDED_WIDTH = CELL_WIDTH + 2 * PAD
const PADDED_HEIGHT = CELL_HEIGHT + 2 * PAD

/** The grey image sampled (bilinear) into a padded template cell centred on `centre`: ink is high. */
function sampleCell (image: GreyImage, centre: number, cellWidth: number, top: number, capHeight: number): Float32Array {
  const xStep = cellWidth / CELL_WIDTH
  const yStep = capHeight / CAP
  const left = centre - (PADDED_WIDTH / 2) * xStep
  const from = top - (ABOVE + PAD) * yStep
  const out = new Float32Array(PADDED_WIDTH * PADDED_HEIGHT)
  for (let y = 0; y < PADDED_HEIGHT; y++) {
    const sy = from + (y + 0.5) * yStep - 0.5
    for (let x = 0; x < PADDED_WIDTH; x++) out[y * PADDED_WIDTH + x] = 255 - bilinear(image, left + (x + 0.5) * xStep - 0.5, sy)
  }
  return out
}

function bilinear (image: GreyImage, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(image.width - 2, Math.floor(x)))
  const y0 = Math.max(0, Math.min(image.height - 2, Math.floor(y)))
  const fx = Math.max(0, Math.min(1, x - x0))
  const fy = Math.max(0, Math.min(1, y - y0))
  const at = (xx: number, yy: number) => image.pixels[yy * image.width + xx]!
  return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
}

/** The rows the capitals span: where the row profile of ink is dense, around the line's middle. */
function capitalRows (ink: Uint8Array, width: number, height: number): { top: number, bottom: number } {
  return inkRows(ink, width, height)
}

/** How tall a line's characters stand: on a line of letters and fillers alone, the capitals' height. */
export function letterHeightOf (line: GreyImage): number {
  const rows = inkRows(binarise(line, Math.max(15, Math.round(line.height))), line.width, line.height)
  return rows.bottom - rows.top
}

function inkRows (ink: Uint8Array, width: number, height: number): { top: number, bottom: number } {
  const rows = new Int32Array(height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y]! += ink[y * width + x]!
  // The line is cut centred, so its peak is in the middle; a neighbour may show at the edges.
  let peak = Math.floor(height / 2)
  for (let y = Math.floor(height * 0.3); y < Math.ceil(height * 0.7); y++) if (rows[y]! > rows[peak]!) peak = y
  let top = peak
  let bottom = peak
  // A third of the peak: blur spreads ink a few rows past the letters, thinly.
  const dense = rows[peak]! * 0.33
  while (top > 0 && rows[top - 1]! >= dense) top--
  while (bottom < height - 1 && rows[bottom + 1]! >= dense) bottom++
  return { top, bottom: bottom + 1 }
}

/**
 * Where each of the line's `count` characters sits: a curve through the centres of the blobs, each
 * given the position its centre is nearest to. OCR-B is monospaced, so the pitch is one; seen at an
 * angle it shrinks steadily along the line, which the quadratic term takes up.
 */
function characterPositions (centres: number[], count: number): ((k: number) => number) | null {
  if (centres.length < count / 3) return null
  // Walking the blobs left to right, each gap is a whole number of a pitch that changes slowly.
  const gaps = centres.slice(1).map((x, i) => x - centres[i]!).sort((a, b) => a - b)
  let pitch = gaps[Math.floor(gaps.length / 2)]!
  const walked: [number, number][] = [[0, centres[0]!]]
  for (let i = 1; i < centres.length; i++) {
    const gap = centres[i]! - centres[i - 1]!
    const steps = Math.max(1, Math.round(gap / pitch))
    walked.push([walked.at(-1)![0] + steps, centres[i]!])
    pitch = 0.7 * pitch + 0.3 * (gap / steps)
  }
  let fit = leastSquares(walked, 3) ?? [centres[0]!, (centres.at(-1)! - centres[0]!) / (count - 1), 0]
  const at = (k: number) => fit[0]! + fit[1]! * k + fit[2]! * k * k
  for (let round = 0; round < 4; round++) {
    const pairs: [number, number][] = []
    for (const x of centres) {
      // The position whose predicted centre is nearest.
      let best = 0
      for (let k = 1; k < count; k++) if (Math.abs(at(k) - x) < Math.abs(at(best) - x)) best = k
      if (Math.abs(at(best) - x) < 0.4 * fit[1]!) pairs.push([best, x])
    }
    const solved = leastSquares(pairs, 3)
    if (!solved) break
    fit = solved
  }
  return at
}

/** The polynomial (degree terms - 1) through the (k, x) pairs that fits them best. */
function leastSquares (pairs: [number, number][], terms: number): number[] | null {
  if (pairs.length < terms + 2) return null
  const a = Array.from({ length: terms }, () => new Array<number>(terms + 1).fill(0))
  for (const [k, x] of pairs) {
    const powers = Array.from({ length: terms }, (_, i) => k ** i)
    for (let i = 0; i < terms; i++) {
      for (let j = 0; j < terms; j++) a[i]![j]! += powers[i]! * powers[j]!
      a[i]![terms]! += powers[i]! * x
    }
  }
  for (let col = 0; col < terms; col++) {
    const pivot = a[col]![col]!
    if (Math.abs(pivot) < 1e-9) return null
    for (let row = 0; row < terms; row++) {
      if (row === col) continue
      const factor = a[row]![col]! / pivot
      for (let k = col; k <= terms; k++) a[row]![k]! -= factor * a[col]![k]!
    }
  }
  const out = a.map((row, i) => row[terms]! / row[i]!)
  return terms === 2 ? [...out, 0] : out
}

/**
 * Reads one straightened MRZ line (its capitals about `capHeight` pixels high) by comparing each
 * character cell with OCR-B's glyphs: the MRZ's typeface is fixed by ICAO 9303 and monospaced, so
 * cutting at the pitch and matching shapes reads it where a general OCR model confuses `<` with K.
 * `lengths` are the line lengths to try, the one whose pitch best fits OCR-B's proportions winning;
 * `letterHeight` is the capitals' height in the line's pixels (letterHeightOf a line of letters).
 */
export function readGlyphs (line: GreyImage, lengths: readonly number[], letterHeight: number): GlyphReading | null {
  const window = Math.max(15, Math.round(line.height))
  const ink = binarise(line, window)
  const rows = capitalRows(ink, line.width, line.height)
  const capHeight = rows.bottom - rows.top
  if (capHeight < 6) return null
  // A character stands no taller than the capitals (digits a little): a taller blob is an edge or a shadow, not print.
  const blobs = findBlobs(ink, line.width, line.height)
    .filter((blob) => blob.bottom > rows.top && blob.top < rows.bottom && blob.bottom - blob.top >= 0.3 * capHeight && blob.bottom - blob.top <= 1.5 * capHeight && blob.right - blob.left <= 1.6 * capHeight)
    .sort((a, b) => a.cx - b.cx)
  if (blobs.length < 10) return null
  const left = blobs[0]!.left
  const right = blobs.at(-1)!.right
  // The length whose pitch is nearest OCR-B's (1.05 capitals), counting the blobs' own span.
  const count = [...lengths].sort((a, b) => Math.abs(Math.log((right - left) / a / capHeight / 1.05)) - Math.abs(Math.log((right - left) / b / capHeight / 1.05)))[0]!
  const centres = blobs.filter((blob) => blob.right - blob.left < 1.2 * capHeight).map((blob) => (blob.left + blob.right) / 2)
  const positions = characterPositions(centres, count)
  if (!positions) return null
  // The capitals' height comes from a line of letters (digits stand taller, so a line's own ink overstates it); all sit on one baseline.
  const cell = { width: letterHeight * (CELL_WIDTH / CAP), top: rows.bottom - letterHeight, capHeight: letterHeight }
  const matches = new Map<number, GlyphMatch>()
  const matchAt = (k: number) => {
    if (!matches.has(k)) matches.set(k, bestMatch(sampleCell(line, positions(k), cell.width, cell.top, cell.capHeight)))
    return matches.get(k)!
  }
  const start = firstPosition(matchAt, count)
  const symbols: GlyphMatch[] = []
  for (let k = start; k < start + count; k++) symbols.push(refinedMatch(line, positions(k), cell, matchAt(k)))
  return { text: symbols.map((s) => s.text).join(''), confidence: symbols.reduce((sum, s) => sum + s.confidence, 0) / symbols.length, symbols }
}

// Every position of an MRZ holds ink (a character or a filler): an end cell matching worse than this holds none.
const POOR_MATCH = 0.6
// A stray mark beside the line (a card's edge, a shadow) is rarely wider than a few pitches.
const MAX_SHIFT = 4

/**
 * The position the line's first character stands at: 0, unless a stray mark beside the line took
 * the first (or last) place, so an end cell holds nothing like a character while the cell past the
 * other end does; the line is then read that many places along.
 */
function firstPosition (matchAt: (k: number) => GlyphMatch, count: number): number {
  let start = 0
  for (let step = 0; step < MAX_SHIFT; step++) {
    const first = matchAt(start)
    const last = matchAt(start + count - 1)
    if (first.confidence < POOR_MATCH && first.confidence <= last.confidence && matchAt(start + count).confidence > first.confidence + 0.2) start++
    else if (last.confidence < POOR_MATCH && matchAt(start - 1).confidence > last.confidence + 0.2) start--
    else break
  }
  return start
}

/** The characters whose template best correlates with the cell, at the best of a few small shifts. */
function bestMatch (cell: Float32Array): GlyphMatch {
  const scores = new Map<string, number>()
  const patch = new Float32Array(CELL_WIDTH * CELL_HEIGHT)
  for (const dy of SHIFTS) {
    for (const dx of SHIFTS) {
      for (let y = 0; y < CELL_HEIGHT; y++) for (let x = 0; x < CELL_WIDTH; x++) patch[y * CELL_WIDTH + x] = cell[(y + PAD + dy) * PADDED_WIDTH + x + PAD + dx]!
      const vector = normalised(patch)
      for (const { char, vectors } of characterTemplates()) {
        for (const template of vectors) {
          let dot = 0
          for (let i = 0; i < template.length; i++) dot += template[i]! * vector[i]!
          if (dot > (scores.get(char) ?? -1)) scores.set(char, dot)
        }
      }
    }
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1])
  return matchOf(ranked.slice(0, RANKED).map(([text, confidence]) => ({ text, confidence: Math.max(0, confidence) })))
}

// How many of the best characters a cell keeps: a look-alike pair and the next rival.
const RANKED = 3
// A runner-up this close is matched again, finely aligned: a whole template pixel of misalignment costs a thin stroke more than the gap between O and D.
const CLOSE_CALL = 0.08
// Fine alignment: offsets in template pixels and scales tried around the coarse cell.
const FINE_OFFSETS = [-1.5, -1, -0.5, 0, 0.5, 1, 1.5]
const FINE_SCALES = [0.94, 1, 1.06]

const matchOf = (ranked: { text: string, confidence: number }[]): GlyphMatch =>
  ({ text: ranked[0]!.text, confidence: ranked[0]!.confidence, second: ranked[1]!.text, secondConfidence: ranked[1]!.confidence, ranked })

/**
 * A close call matched again: the characters within CLOSE_CALL of the best are compared with the
 * image sampled afresh at sub-pixel offsets and slightly other sizes, each at its best alignment,
 * since a blurred O and D differ by less than a pixel's shift costs.
 */
function refinedMatch (image: GreyImage, centre: number, cell: { width: number, top: number, capHeight: number }, coarse: GlyphMatch): GlyphMatch {
  const ranked = coarse.ranked!
  if (ranked[0]!.confidence - ranked[1]!.confidence >= CLOSE_CALL) return coarse
  const rivals = ranked.filter((match) => match.confidence > ranked[0]!.confidence - CLOSE_CALL)
  const vectors = rivals.map((match) => characterTemplates().find((template) => template.char === match.text)!.vectors)
  const best = rivals.map(() => -1)
  const xStep = cell.width / CELL_WIDTH
  const yStep = cell.capHeight / CAP
  const middle = cell.top + cell.capHeight / 2
  const patch = new Float32Array(CELL_WIDTH * CELL_HEIGHT)
  for (const scale of FINE_SCALES) {
    for (const dy of FINE_OFFSETS) {
      for (const dx of FINE_OFFSETS) {
        for (let y = 0; y < CELL_HEIGHT; y++) {
          const sy = middle + dy * yStep + (y + 0.5 - CELL_HEIGHT / 2) * yStep * scale - 0.5
          for (let x = 0; x < CELL_WIDTH; x++) patch[y * CELL_WIDTH + x] = 255 - bilinear(image, centre + dx * xStep + (x + 0.5 - CELL_WIDTH / 2) * xStep * scale - 0.5, sy)
        }
        const vector = normalised(patch)
        vectors.forEach((templates, i) => {
          for (const template of templates) {
            let dot = 0
            for (let p = 0; p < template.length; p++) dot += template[p]! * vector[p]!
            if (dot > best[i]!) best[i] = dot
          }
        })
      }
    }
  }
  const refined = rivals.map((match, i) => ({ text: match.text, confidence: Math.max(0, best[i]!) })).sort((a, b) => b.confidence - a.confidence)
  // The rivals not matched again keep their coarse score, below every refined one.
  return matchOf([...refined, ...ranked.slice(rivals.length)])
}
