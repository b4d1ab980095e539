import { createCanvas, loadImage } from '@napi-rs/canvas'
import { seededRandom } from '#shared/seeded-random.ts'

/**
 * A photo-like JPEG of 960 × 720 (smooth shapes and sensor noise), saved once at `quality`, or at
 * `first` and then again at `quality`: what image integrity's JPEG signals are tested on.
 */
export async function photoJpeg (quality: number, first?: number): Promise<Buffer> {
  const random = seededRandom(30)
  const canvas = createCanvas(960, 720)
  const context = canvas.getContext('2d')
  for (let i = 0; i < 40; i++) {
    context.fillStyle = `rgb(${40 + 180 * random()}, ${40 + 180 * random()}, ${40 + 180 * random()})`
    context.beginPath()
    context.arc(960 * random(), 720 * random(), 40 + 200 * random(), 0, 2 * Math.PI)
    context.fill()
  }
  const pixels = context.getImageData(0, 0, 960, 720)
  for (let i = 0; i < pixels.data.length; i++) if (i % 4 !== 3) pixels.data[i] = Math.min(250, Math.max(5, pixels.data[i]! + 24 * (random() - 0.5)))
  context.putImageData(pixels, 0, 0)
  if (first === undefined) return canvas.encode('jpeg', quality)
  const earlier = await loadImage(await canvas.encode('jpeg', first))
  context.drawImage(earlier, 0, 0)
  return canvas.encode('jpeg', quality)
}
