import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { PageTurn } from './viz-image-task-names.ts'

/**
 * Tesseract reads a page's print best with capitals 20-40 pixels high; a phone photo holds many
 * more pixels than that needs and each costs time, so the long side is brought down to this.
 */
export const PRINTED_PAGE_LONG_SIDE = 2000

/** The page upright (turned and untilted as its MRZ says), scaled to at most PRINTED_PAGE_LONG_SIDE, as a PNG. */
export async function printedPageImage (bytes: Uint8Array, turn: PageTurn): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  const scale = PRINTED_PAGE_LONG_SIDE / Math.max(image.width, image.height)
  const sideways = turn.rotation % 180 !== 0
  const width = Math.max(1, Math.round((sideways ? image.height : image.width) * scale))
  const height = Math.max(1, Math.round((sideways ? image.width : image.height) * scale))
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.translate(width / 2, height / 2)
  ctx.rotate(((turn.rotation - turn.tiltDeg) * Math.PI) / 180)
  ctx.scale(scale, scale)
  ctx.drawImage(image, -image.width / 2, -image.height / 2)
  return new Uint8Array(canvas.toBuffer('image/png'))
}
