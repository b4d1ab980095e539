import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { seededRandom } from '#shared/seeded-random.ts'
import { bandNoise, isPastedBand } from './mrz-band-noise.ts'
import type { LocatedLine } from './mrz-locate.ts'
import type { GreyImage } from './mrz-pixels.ts'

const [WIDTH, HEIGHT] = [640, 420]
/** Two MRZ lines 30 px apart, capitals 14 px high, near the page's foot. */
const LINES: LocatedLine[] = [
  { start: [40, 330], end: [600, 330], capHeight: 14, blobs: 44 },
  { start: [40, 360], end: [600, 360], capHeight: 14, blobs: 44 },
]
const BAND_TOP = 305

interface Page { grain: number, bandGrain: number, bandGrey?: number }

/** A page with guilloche-like lines and MRZ letters, grain (a normal deviation in grey levels) on the page and on the band. */
function page ({ grain, bandGrain, bandGrey = 236 }: Page): GreyImage {
  const random = seededRandom(7)
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  const pixels = new Uint8Array(WIDTH * HEIGHT)
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const inBand = y >= BAND_TOP
      const wave = !inBand && Math.abs(((y + 12 * Math.sin(x / 40)) % 24)) < 1.5
      const letter = inBand && LINES.some((line) => Math.abs(y - line.start[1]) < 7 && x >= 40 && x <= 600 && x % 12 < 8)
      const base = letter ? 30 : wave ? 180 : inBand ? bandGrey : 214
      pixels[y * WIDTH + x] = Math.max(0, Math.min(255, Math.round(base + (inBand ? bandGrain : grain) * normal())))
    }
  }
  return { width: WIDTH, height: HEIGHT, pixels }
}

describe('the grain of an MRZ band beside its page', () => {
  it('when the band has the grain of the rest of the photo, then it is not called pasted', () => {
    const noise = bandNoise(page({ grain: 4, bandGrain: 4 }), LINES)!
    assert.ok(Math.abs(noise.band - noise.page) < 0.25 * noise.page, JSON.stringify(noise))
    assert.ok(noise.bandBlocks >= 12 && noise.pageBlocks >= 12, JSON.stringify(noise))
    assert.equal(isPastedBand(noise), false)
  })

  it('when a flat band was laid over a grainy photo, then it is called pasted', () => {
    const noise = bandNoise(page({ grain: 4, bandGrain: 0 }), LINES)!
    assert.equal(noise.band, 0)
    assert.ok(noise.page > 3 && noise.page < 5, JSON.stringify(noise))
    assert.equal(isPastedBand(noise), true)
  })

  it('when the whole file is clean (drawn, not photographed), then nothing can be told and it is not called pasted', () => {
    const noise = bandNoise(page({ grain: 0, bandGrain: 0 }), LINES)!
    assert.deepEqual([noise.band, noise.page], [0, 0])
    assert.equal(isPastedBand(noise), false)
  })

  it('when a grainy white band is clipped by strong light, then its blocks are not measured and it is not called pasted', () => {
    const noise = bandNoise(page({ grain: 4, bandGrain: 4, bandGrey: 262 }), LINES)!
    assert.ok(noise.bandClipped > noise.bandBlocks, JSON.stringify(noise))
    assert.equal(isPastedBand(noise), false)
  })

  it('when the band is pure white with no grain, then it is not measured: light that clips does the same', () => {
    const noise = bandNoise(page({ grain: 4, bandGrain: 0, bandGrey: 255 }), LINES)!
    assert.equal(noise.bandBlocks, 0)
    assert.equal(isPastedBand(noise), false)
  })

  it('when a flat band a grey level short of white was laid over a grainy photo, then it is called pasted', () => {
    assert.equal(isPastedBand(bandNoise(page({ grain: 4, bandGrain: 0, bandGrey: 253 }), LINES)), true)
  })

  it('when only one line was located, then there is no pitch to measure by', () => {
    assert.equal(bandNoise(page({ grain: 4, bandGrain: 0 }), LINES.slice(0, 1)), null)
    assert.equal(isPastedBand(null), false)
  })
})
