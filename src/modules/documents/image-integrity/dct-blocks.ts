// The luminance of a decoded JPEG cut into its own 8×8 blocks and transformed back to DCT
// coefficients: what the encoder quantised, seen again from the pixels.

/** Blocks read at most: enough for stable histograms, bounded whatever the image's size. */
const MAX_BLOCKS = 40_000

const COS = Array.from({ length: 8 }, (_, x) => Array.from({ length: 8 }, (_, u) => Math.cos(((2 * x + 1) * u * Math.PI) / 16)))
const SCALE = (u: number): number => (u === 0 ? Math.SQRT1_2 : 1)

/**
 * The coefficients at `frequencies` (natural indices, 8·row + column) of every usable block: a
 * block with a clipped pixel (pure black or white) or no texture says nothing about quantisation.
 * `luma` is row-major, `width` × `height`, on the encoder's grid (no orientation applied).
 */
export function blockCoefficients (luma: Float32Array, width: number, height: number, frequencies: readonly number[]): number[][] {
  const columns = Math.floor(width / 8)
  const rows = Math.floor(height / 8)
  const step = Math.max(1, Math.ceil((columns * rows) / MAX_BLOCKS))
  const out = frequencies.map((): number[] => [])
  const block = new Float32Array(64)
  for (let index = 0; index < columns * rows; index += step) {
    const bx = (index % columns) * 8
    const by = Math.floor(index / columns) * 8
    if (!loadBlock(luma, width, bx, by, block)) continue
    frequencies.forEach((f, i) => out[i]!.push(dctAt(block, f >> 3, f & 7)))
  }
  return out
}

function loadBlock (luma: Float32Array, width: number, bx: number, by: number, block: Float32Array): boolean {
  let min = 255
  let max = 0
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const v = luma[(by + y) * width + bx + x]!
      if (v < min) min = v
      if (v > max) max = v
      block[y * 8 + x] = v - 128
    }
  }
  return min > 0.5 && max < 254.5 && max - min > 2
}

function dctAt (block: Float32Array, v: number, u: number): number {
  let sum = 0
  for (let y = 0; y < 8; y++) {
    const cy = COS[y]![v]!
    for (let x = 0; x < 8; x++) sum += block[y * 8 + x]! * COS[x]![u]! * cy
  }
  return 0.25 * SCALE(u) * SCALE(v) * sum
}
