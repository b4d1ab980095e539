import { createCanvas } from '@napi-rs/canvas'
import type { Canvas } from '@napi-rs/canvas'

/** How a document's image is spoiled, as a hurried scan or phone photo would spoil it. */
export interface ScanEffects {
  /** Clockwise degrees; the image grows to hold the turned document on a grey backdrop. */
  rotationDeg?: number
  /** Squeezes every channel into this range (0–255): faded ink on a dull page. */
  contrastRange?: [number, number]
  /** JPEG at this quality (1–100) instead of PNG. */
  jpegQuality?: number
}

function rotated (source: Canvas, degrees: number): Canvas {
  const radians = (degrees * Math.PI) / 180
  const cos = Math.abs(Math.cos(radians))
  const sin = Math.abs(Math.sin(radians))
  const margin = Math.round(source.width * 0.03)
  const width = Math.ceil(source.width * cos + source.height * sin) + 2 * margin
  const height = Math.ceil(source.width * sin + source.height * cos) + 2 * margin
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#d9d9d6'
  ctx.fillRect(0, 0, width, height)
  ctx.translate(width / 2, height / 2)
  ctx.rotate(radians)
  ctx.drawImage(source, -source.width / 2, -source.height / 2)
  return canvas
}

function squeezeContrast (canvas: Canvas, [low, high]: [number, number]): void {
  const ctx = canvas.getContext('2d')
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height)
  const { data } = image
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = low + ((high - low) * data[i + c]!) / 255
  }
  ctx.putImageData(image, 0, 0)
}

/** The document's image file (PNG, or JPEG when a quality is given) with the effects applied. */
export function encodeScan (document: Canvas, effects: ScanEffects = {}): Uint8Array {
  const canvas = effects.rotationDeg ? rotated(document, effects.rotationDeg) : document
  if (effects.contrastRange) squeezeContrast(canvas, effects.contrastRange)
  return new Uint8Array(effects.jpegQuality ? canvas.toBuffer('image/jpeg', effects.jpegQuality) : canvas.toBuffer('image/png'))
}
