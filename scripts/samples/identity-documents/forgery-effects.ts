import { createCanvas } from '@napi-rs/canvas'
import type { Canvas } from '@napi-rs/canvas'
import { seededRandom } from '../../../src/shared/seeded-random.ts'

/** A camera's grain over the whole page: normal noise of `grain` grey levels, the same for a seed. */
export function withGrain (document: Canvas, grain: number, seed = 11): Canvas {
  const canvas = createCanvas(document.width, document.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(document, 0, 0)
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height)
  const random = seededRandom(seed)
  for (let i = 0; i < image.data.length; i += 4) {
    const noise = grain * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    for (let c = 0; c < 3; c++) image.data[i + c] = Math.max(0, Math.min(255, Math.round(image.data[i + c]! + noise)))
  }
  ctx.putImageData(image, 0, 0)
  return canvas
}

/** The share of a TD3 page's height above its MRZ band (ICAO 9303: the band is the page's foot). */
const BAND_TOP = 0.78

/**
 * The forger's edit of a photographed page: its MRZ band replaced by a clean one (`clean`, the same
 * page drawn without grain), laid over the grainy picture afterwards, flat, as an editor pastes it.
 */
export function withPastedMrzBand (photographed: Canvas, clean: Canvas): Canvas {
  const canvas = createCanvas(photographed.width, photographed.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(photographed, 0, 0)
  const top = Math.round(clean.height * BAND_TOP)
  ctx.drawImage(clean, 0, top, clean.width, clean.height - top, 0, top, clean.width, clean.height - top)
  return canvas
}
