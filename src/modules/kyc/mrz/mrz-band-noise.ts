import type { LocatedLine } from './mrz-locate.ts'
import type { GreyImage } from './mrz-pixels.ts'

/**
 * The grain of the paper around the MRZ's letters beside the grain of the page above it, as the
 * standard deviation (grey levels) of the noise in their flat 8 × 8 blocks. A camera or a scanner
 * leaves the same grain on the whole page; a band pasted over the MRZ after the picture was taken
 * has none of its own.
 */
export interface BandNoise { band: number, page: number, bandBlocks: number, pageBlocks: number, bandClipped: number }

const BLOCK = 8
/** A block whose grey levels spread wider than this holds print or a guilloche line, not bare paper. */
const FLAT_SPREAD = 8
/**
 * Grey levels at the top of the scale, where light clips a camera's grain (all of it, where it is
 * bright enough): a block with one is not measured. A pasted band of pure white is therefore not
 * told from an overexposed one.
 */
const CLIPPED = 254
/** Fewer flat blocks than this on either side say nothing. */
const MIN_BLOCKS = 12
/** Grain below this on the page (a clean digital file, a JPEG that smoothed it away) leaves nothing to compare. */
const VISIBLE_GRAIN = 0.5
/** The band's grain as a share of the page's at most, for a pasted band. */
const PASTED_SHARE = 0.4

/**
 * Immerkær's noise estimate of one block (Fast noise variance estimation, 1996): the mean absolute
 * response of a mask that cancels flat and sloping grey (uneven light), scaled to a deviation.
 * Null for a block that is not bare paper, 'clipped' for one whose grain the light clipped away.
 */
function blockNoise (image: GreyImage, x0: number, y0: number): number | 'clipped' | null {
  const { width, pixels } = image
  let sum = 0
  let sumSquares = 0
  let clipped = 0
  let [low, high] = [255, 0]
  for (let y = y0; y < y0 + BLOCK; y++) {
    for (let x = x0; x < x0 + BLOCK; x++) {
      const v = pixels[y * width + x]!
      if (v >= CLIPPED) clipped++
      if (v < low) low = v
      if (v > high) high = v
      sum += v
      sumSquares += v * v
    }
  }
  const n = BLOCK * BLOCK
  if (sumSquares / n - (sum / n) ** 2 > FLAT_SPREAD ** 2) return null
  // One grey level over the whole block is a fill with no grain at all, unless it is the top of the scale, where light clips too.
  if (high - low <= 1 && low < CLIPPED) return 0
  if (clipped > 0) return 'clipped'
  let response = 0
  for (let y = y0 + 1; y < y0 + BLOCK - 1; y++) {
    for (let x = x0 + 1; x < x0 + BLOCK - 1; x++) {
      const at = (dx: number, dy: number) => pixels[(y + dy) * width + x + dx]!
      response += Math.abs(at(-1, -1) - 2 * at(0, -1) + at(1, -1) - 2 * at(-1, 0) + 4 * at(0, 0) - 2 * at(1, 0) + at(-1, 1) - 2 * at(0, 1) + at(1, 1))
    }
  }
  return (Math.sqrt(Math.PI / 2) / 6) * (response / ((BLOCK - 2) * (BLOCK - 2)))
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!
}

/** Where a point stands from the MRZ's first line (along it, and down from it), and where the band and the page lie across it. */
function frameOf (lines: readonly LocatedLine[]) {
  const [first, last] = [lines[0], lines.at(-1)]
  if (!first || !last || lines.length < 2) return null
  const length = Math.hypot(first.end[0] - first.start[0], first.end[1] - first.start[1])
  const along = [(first.end[0] - first.start[0]) / length, (first.end[1] - first.start[1]) / length] as const
  const down = [-along[1], along[0]] as const
  const offset = (x: number, y: number) => ({ u: (x - first.start[0]) * along[0] + (y - first.start[1]) * along[1], v: (x - first.start[0]) * down[0] + (y - first.start[1]) * down[1] })
  const lastMiddle = offset((last.start[0] + last.end[0]) / 2, (last.start[1] + last.end[1]) / 2).v
  const pitch = lastMiddle / (lines.length - 1)
  const cap = first.capHeight
  // The band: around the lines. The page: one to three pitches above the band's top, where a band printed on the page has ended.
  const band = [-1.2 * cap, lastMiddle + 1.2 * cap] as const
  const page = [-(0.5 * cap + 3 * pitch), -(0.5 * cap + 1.3 * pitch)] as const
  // Rows enough to hold both, however the lines slope (a point v below the line is at most v lower): only those are read.
  const rows = [Math.floor(Math.min(first.start[1], first.end[1]) + page[0]) - BLOCK, Math.ceil(Math.max(first.start[1], first.end[1]) + band[1]) + BLOCK] as const
  return { length, offset, band, page, rows }
}

/**
 * The noise of the band under and around the MRZ's lines, and of the page above it, on the upright
 * analysis copy the lines were located on: its shrinking moves a JPEG's surviving grain into the
 * fine detail the estimate reads (measured on the original pixels, a photo's grain reads lower).
 * Null for fewer than two lines.
 */
export function bandNoise (image: GreyImage, lines: readonly LocatedLine[]): BandNoise | null {
  const frame = frameOf(lines)
  if (frame === null) return null
  const band: number[] = []
  const page: number[] = []
  let bandClipped = 0
  const [top, bottom] = frame.rows
  for (let y0 = Math.max(1, top); y0 + BLOCK < Math.min(image.height, bottom); y0 += BLOCK) {
    for (let x0 = 1; x0 + BLOCK < image.width; x0 += BLOCK) {
      const { u, v } = frame.offset(x0 + BLOCK / 2, y0 + BLOCK / 2)
      if (u < 0 || u > frame.length) continue
      const inBand = v > frame.band[0] && v < frame.band[1]
      const onPage = v > frame.page[0] && v < frame.page[1]
      if (!inBand && !onPage) continue
      const noise = blockNoise(image, x0, y0)
      if (noise === 'clipped') bandClipped += inBand ? 1 : 0
      else if (noise !== null) (inBand ? band : page).push(noise)
    }
  }
  return { band: round(median(band)), page: round(median(page)), bandBlocks: band.length, pageBlocks: page.length, bandClipped }
}

const round = (n: number) => Math.round(n * 100) / 100

/**
 * A band that shows far less grain than a grainy page around it was laid on after the picture was
 * taken; not where light clipped most of the band, leaving too little of it to measure.
 */
export function isPastedBand (noise: BandNoise | null | undefined): boolean {
  return noise !== null && noise !== undefined && noise.bandBlocks >= MIN_BLOCKS && noise.pageBlocks >= MIN_BLOCKS && noise.bandClipped < noise.bandBlocks &&
    noise.page >= VISIBLE_GRAIN && noise.band < PASTED_SHARE * noise.page
}
