import { binarise, type Blob, findBlobs, turnGrey } from './mrz-components.ts'
import type { GreyImage } from './mrz-pixels.ts'

/** One MRZ line found on the image: from its left end to its right end through the middle of its capitals. */
export interface LocatedLine { start: [number, number], end: [number, number], capHeight: number, blobs: number }

/**
 * Where the MRZ is on an analysis copy of the image turned upright: `quarterTurns` clockwise (the
 * copy's coordinates), its lines top to bottom, and how sure the orientation is.
 */
export interface LocatedMrz { quarterTurns: 0 | 1 | 2 | 3, lines: LocatedLine[], blobCount: number, chevronVotes: number }

interface Chain { blobs: Blob[], slope: number, intercept: number, capHeight: number }

const height = (blob: Blob) => blob.bottom - blob.top
const width = (blob: Blob) => blob.right - blob.left
// An MRZ line holds 30 to 44 characters; blurred pairs merge, so fewer blobs are enough.
const MIN_LINE_BLOBS = 16
// A tilt past this is not a document photographed to be read.
const MAX_SLOPE = Math.tan((14 * Math.PI) / 180)

/** Blobs the size and shape of printed characters: not specks, not photos, not ruled lines. */
function characterBlobs (blobs: Blob[], imageHeight: number): Blob[] {
  return blobs.filter((blob) => {
    const h = height(blob)
    return h >= 4 && h <= imageHeight / 6 && width(blob) <= 3.2 * h && blob.pixels >= 6 && blob.pixels <= 0.9 * h * width(blob) + 4
  })
}

/** Each blob's right-hand neighbour on the same line of print, joined into chains, left to right. */
function chainBlobs (blobs: Blob[]): Chain[] {
  const sorted = [...blobs].sort((a, b) => a.cx - b.cx)
  const next = new Int32Array(sorted.length).fill(-1)
  const previousCost = new Float64Array(sorted.length).fill(Infinity)
  const previous = new Int32Array(sorted.length).fill(-1)
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!
    let best = -1
    let bestCost = Infinity
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!
      const reach = 3.6 * Math.max(height(a), height(b))
      const dx = b.cx - a.cx
      if (dx > 3.6 * 3 * height(a)) break
      if (dx <= 0 || dx > reach) continue
      const ratio = Math.min(height(a), height(b)) / Math.max(height(a), height(b))
      const dy = Math.abs(b.cy - a.cy)
      if (ratio < 0.35 || dy > 0.45 * Math.max(height(a), height(b)) + dx * MAX_SLOPE) continue
      const cost = dx + 3 * dy
      if (cost < bestCost) { bestCost = cost; best = j }
    }
    if (best >= 0 && bestCost < previousCost[best]!) {
      if (previous[best]! >= 0) next[previous[best]!] = -1
      next[i] = best
      previous[best] = i
      previousCost[best] = bestCost
    }
  }
  const chains: Chain[] = []
  for (let i = 0; i < sorted.length; i++) {
    if (previous[i]! >= 0) continue
    const members: Blob[] = []
    for (let k = i; k >= 0; k = next[k]!) members.push(sorted[k]!)
    if (members.length >= 3) chains.push(fitChain(members))
  }
  return chains
}

/** A least-squares line through the blobs' centres, and the capitals' height (the taller blobs'). */
function fitChain (blobs: Blob[]): Chain {
  const n = blobs.length
  const mx = blobs.reduce((sum, blob) => sum + blob.cx, 0) / n
  const my = blobs.reduce((sum, blob) => sum + blob.cy, 0) / n
  let sxx = 0
  let sxy = 0
  for (const blob of blobs) { sxx += (blob.cx - mx) ** 2; sxy += (blob.cx - mx) * (blob.cy - my) }
  const slope = sxx > 0 ? sxy / sxx : 0
  const heights = blobs.map(height).sort((a, b) => a - b)
  return { blobs, slope, intercept: my - slope * mx, capHeight: heights[Math.floor(heights.length * 0.75)]! }
}

/** Chains of one line broken by a glare or a wide gap, joined again when they lie on one line. */
function joinBrokenChains (chains: Chain[]): Chain[] {
  const sorted = [...chains].sort((a, b) => a.blobs[0]!.cx - b.blobs[0]!.cx)
  const joined: Chain[] = []
  for (const chain of sorted) {
    const host = joined.find((other) => {
      const last = other.blobs.at(-1)!
      const first = chain.blobs[0]!
      const gap = first.cx - last.cx
      const h = Math.max(other.capHeight, chain.capHeight)
      return gap > 0 && gap < 6 * h && Math.abs(other.slope * first.cx + other.intercept - first.cy) < 0.5 * h &&
        Math.min(other.capHeight, chain.capHeight) / h > 0.7
    })
    if (host) joined[joined.indexOf(host)] = fitChain([...host.blobs, ...chain.blobs])
    else joined.push(chain)
  }
  return joined
}

/** The lines of print whose characters are evenly spaced capitals, as an MRZ line is. */
function mrzLikeChains (chains: Chain[]): Chain[] {
  return chains.filter((chain) => {
    if (chain.blobs.length < MIN_LINE_BLOBS || Math.abs(chain.slope) > MAX_SLOPE) return false
    const span = chain.blobs.at(-1)!.cx - chain.blobs[0]!.cx
    const pitch = span / (chain.blobs.length - 1)
    return pitch > 0.6 * chain.capHeight && pitch < 2.2 * chain.capHeight
  })
}

interface Group { chains: Chain[], score: number }

/** Two or three parallel lines of the same length, one line-spacing apart, left ends aligned: the MRZ. */
function bestGroup (chains: Chain[]): Group | null {
  const sorted = [...chains].sort((a, b) => a.intercept + a.slope * a.blobs[0]!.cx - (b.intercept + b.slope * b.blobs[0]!.cx))
  const fits = (upper: Chain, lower: Chain) => {
    const h = Math.max(upper.capHeight, lower.capHeight)
    const x = (upper.blobs[0]!.cx + lower.blobs[0]!.cx) / 2
    const spacing = (lower.intercept + lower.slope * x - (upper.intercept + upper.slope * x)) / Math.sqrt(1 + upper.slope ** 2)
    const lengthA = upper.blobs.at(-1)!.right - upper.blobs[0]!.left
    const lengthB = lower.blobs.at(-1)!.right - lower.blobs[0]!.left
    return spacing > 1.2 * h && spacing < 3.4 * h && Math.abs(upper.slope - lower.slope) < 0.05 &&
      Math.abs(upper.blobs[0]!.left - lower.blobs[0]!.left) < 4 * h && Math.min(lengthA, lengthB) / Math.max(lengthA, lengthB) > 0.8 &&
      Math.min(upper.capHeight, lower.capHeight) / h > 0.7
  }
  let best: Group | null = null
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      if (!fits(sorted[i]!, sorted[j]!)) continue
      const pair = [sorted[i]!, sorted[j]!]
      const third = sorted.slice(j + 1).find((chain) => fits(sorted[j]!, chain))
      const group = third ? [...pair, third] : pair
      const score = group.reduce((sum, chain) => sum + Math.min(chain.blobs.length, 44), 0)
      if (!best || score > best.score) best = { chains: group, score }
    }
  }
  return best
}

/**
 * Which way up the MRZ is: its filler `<` opens to the right, so a chevron's right columns spread
 * wider than its left ones; upside down it opens to the left. Positive: upright.
 */
function chevronVotes (chains: Chain[], ink: Uint8Array, imageWidth: number): number {
  let votes = 0
  for (const chain of chains) {
    for (const blob of chain.blobs) {
      const h = height(blob)
      const w = width(blob)
      if (h > 0.85 * chain.capHeight || h < 0.35 * chain.capHeight || w < 3 || w > 1.2 * chain.capHeight) continue
      const spread = (from: number, to: number) => {
        let top = Infinity
        let bottom = -Infinity
        for (let x = from; x < to; x++) {
          for (let y = blob.top; y < blob.bottom; y++) if (ink[y * imageWidth + x]) { top = Math.min(top, y); bottom = Math.max(bottom, y) }
        }
        return bottom >= top ? bottom - top + 1 : 0
      }
      const quarter = Math.max(1, Math.round(w / 4))
      const left = spread(blob.left, blob.left + quarter)
      const right = spread(blob.right - quarter, blob.right)
      if (right > 1.6 * left) votes++
      else if (left > 1.6 * right) votes--
    }
  }
  return votes
}

function lineOf (chain: Chain): LocatedLine {
  const first = chain.blobs[0]!
  const last = chain.blobs.at(-1)!
  const y = (x: number) => chain.slope * x + chain.intercept
  return { start: [first.left, y(first.left)], end: [last.right, y(last.right)], capHeight: chain.capHeight, blobs: chain.blobs.length }
}

/** The same lines seen after a further half turn of an image of this size. */
function halfTurned (lines: LocatedLine[], size: { width: number, height: number }): LocatedLine[] {
  const flip = ([x, y]: [number, number]): [number, number] => [size.width - 1 - x, size.height - 1 - y]
  return lines.map((line) => ({ ...line, start: flip(line.end), end: flip(line.start) })).reverse()
}

/**
 * Finds the MRZ on a grey analysis copy of a photo or scan, wherever it lies and whichever way up:
 * the image is read as it is and turned a quarter, ink is separated from paper against local light,
 * characters are chained into lines, and the MRZ is the group of two or three long, parallel,
 * evenly spaced lines; its filler chevrons tell upright from upside down. Null when none is there.
 */
export function locateMrz (grey: GreyImage): LocatedMrz | null {
  let found: { group: Group, turns: 0 | 1, ink: Uint8Array, size: { width: number, height: number } } | null = null
  for (const turns of [0, 1] as const) {
    const image = turnGrey(grey, turns)
    const window = Math.max(15, Math.round(Math.max(image.width, image.height) / 40))
    const ink = binarise(image, window)
    const blobs = characterBlobs(findBlobs(ink, image.width, image.height), image.height)
    const group = bestGroup(mrzLikeChains(joinBrokenChains(chainBlobs(blobs))))
    if (group && (!found || group.score > found.group.score)) found = { group, turns, ink, size: { width: image.width, height: image.height } }
  }
  if (!found) return null
  const { group, turns, ink, size } = found
  const votes = chevronVotes(group.chains, ink, size.width)
  const lines = group.chains.map(lineOf)
  const blobCount = group.chains.reduce((sum, chain) => sum + chain.blobs.length, 0)
  if (votes >= 0) return { quarterTurns: turns, lines, blobCount, chevronVotes: votes }
  return { quarterTurns: (turns + 2) as 2 | 3, lines: halfTurned(lines, size), blobCount, chevronVotes: -votes }
}

/** The located MRZ seen the other way up: the next guess when the first reads nothing valid. */
export function flipped (located: LocatedMrz, upright: { width: number, height: number }): LocatedMrz {
  return { ...located, quarterTurns: ((located.quarterTurns + 2) % 4) as LocatedMrz['quarterTurns'], lines: halfTurned(located.lines, upright), chevronVotes: -located.chevronVotes }
}
