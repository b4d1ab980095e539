// Apart from mrz-image-tasks.ts, which loads the canvas binding on import: the API process needs only these.
import type { BandNoise } from './mrz-band-noise.ts'
import type { GlyphReading } from './mrz-ocr-b.ts'

/** The sandbox task module holding KYC's image tasks: the sandbox pool that parses uploads loads it. */
export const MRZ_IMAGE_TASK_MODULE = new URL('./mrz-image-tasks.ts', import.meta.url)

export const MRZ_IMAGE_TASKS = { prepareLines: 'kyc.prepareMrzLines' } as const

/** Where the MRZ stands on the upright, untilted page, in fractions of its width and height. */
export interface MrzBox { x0: number, y0: number, x1: number, y1: number }

/** An MRZ's lines as images, each ready to be read as one line, once per way of preparing them. */
export interface PreparedMrzLines {
  /** Per attempt (another capital height), the MRZ's lines top to bottom, each a PNG; none unless asked `forTesseract`. */
  attempts: Uint8Array[][]
  /** The lines read glyph by glyph against OCR-B in the sandbox process, when each could be cut into characters. */
  glyphs: GlyphReading[] | null
  /** Clockwise degrees (0, 90, 180, 270) the image was turned to read the MRZ upright. */
  rotation: 0 | 90 | 180 | 270
  /** Degrees the MRZ's lines still slope (clockwise) on the upright page. */
  tiltDeg: number
  /** False when no MRZ stood out and the lowest lines of print were taken instead. */
  located: boolean
  /** Where the MRZ stands on the upright, untilted page; null when not located. */
  box: MrzBox | null
  /** The grain of the MRZ's band beside the page's above it (a band pasted after the picture has none); null when not located. */
  bandNoise: BandNoise | null
}
