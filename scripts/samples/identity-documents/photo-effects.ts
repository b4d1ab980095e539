import { createCanvas } from '@napi-rs/canvas'
import type { Canvas } from '@napi-rs/canvas'

/** How a phone photo of a document differs from a scan: where the page lies in the frame and how it is lit. */
export interface PhotoEffects {
  /** Width of the frame in pixels; its height is three quarters of it. */
  frameWidth: number
  /** The page's width as a share of the frame's (0.4–0.95): a photo rarely fills the frame. */
  pageShare: number
  /** The page's centre, as shares of the frame's width and height from its centre (about ±0.1). */
  offset: [number, number]
  /** Clockwise degrees the page is turned in the frame (±10). */
  tiltDeg: number
  /** 0–0.12: how much narrower the far edge of the page looks (a camera held at an angle). */
  perspective: number
  /** Light falling off across the frame: 0 even, 0.5 the dark side at half the bright side's light. */
  lightFalloff: number
  /** A bright reflection: its centre as shares of the frame, its radius as a share of the frame's width. */
  glare?: { x: number, y: number, radius: number }
  /** Gaussian blur radius in pixels (an unsteady hand or a near focus). */
  blurPx: number
  /** Quarter turns clockwise of the whole photo (a phone held sideways or upside down). */
  quarterTurns: 0 | 1 | 2 | 3
}

type Point = [number, number]

/** The 3 × 3 projective map (row-major, last entry 1) that takes each `from` corner to its `to` corner. */
export function homography (from: Point[], to: Point[]): number[] {
  const a: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!
    const [u, v] = to[i]!
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  // Gauss–Jordan elimination with partial pivoting on the 8 × 9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    for (let row = 0; row < 8; row++) {
      if (row === col) continue
      const factor = a[row]![col]! / a[col]![col]!
      for (let k = col; k < 9; k++) a[row]![k]! -= factor * a[col]![k]!
    }
  }
  return [...Array.from({ length: 8 }, (_, i) => a[i]![8]! / a[i]![i]!), 1]
}

function pageCorners (page: Canvas, effects: PhotoEffects, frame: { width: number, height: number }): Point[] {
  const width = frame.width * effects.pageShare
  const height = width * (page.height / page.width)
  const cx = frame.width * (0.5 + effects.offset[0])
  const cy = frame.height * (0.5 + effects.offset[1])
  // The top edge, further from the camera, looks narrower.
  const shrink = (effects.perspective * width) / 2
  const corners: Point[] = [[-width / 2 + shrink, -height / 2], [width / 2 - shrink, -height / 2], [width / 2, height / 2], [-width / 2, height / 2]]
  const radians = (effects.tiltDeg * Math.PI) / 180
  return corners.map(([x, y]) => [cx + x * Math.cos(radians) - y * Math.sin(radians), cy + x * Math.sin(radians) + y * Math.cos(radians)])
}

/**
 * The page as a phone photographs it: set on a table in a frame it does not fill, turned and seen
 * at an angle, lit unevenly with a glare spot, softened, and maybe held sideways or upside down.
 */
export function photograph (page: Canvas, effects: PhotoEffects): Canvas {
  const frame = { width: effects.frameWidth, height: Math.round(effects.frameWidth * 0.75) }
  const source = page.getContext('2d').getImageData(0, 0, page.width, page.height).data
  const toPage = homography(pageCorners(page, effects, frame), [[0, 0], [page.width, 0], [page.width, page.height], [0, page.height]])
  const canvas = createCanvas(frame.width, frame.height)
  const ctx = canvas.getContext('2d')
  const out = ctx.createImageData(frame.width, frame.height)
  const { glare } = effects
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const w = toPage[6]! * x + toPage[7]! * y + 1
      const u = (toPage[0]! * x + toPage[1]! * y + toPage[2]!) / w
      const v = (toPage[3]! * x + toPage[4]! * y + toPage[5]!) / w
      const o = (y * frame.width + x) * 4
      let rgb: [number, number, number]
      if (u >= 0 && v >= 0 && u < page.width - 1 && v < page.height - 1) {
        rgb = bilinear(source, page.width, u, v)
      } else {
        // A dark wooden table with a grain.
        const grain = 12 * Math.sin(y / 7 + Math.sin(x / 90) * 3)
        rgb = [96 + grain, 72 + grain, 52 + grain]
      }
      let light = 1 - effects.lightFalloff * (x / frame.width * 0.7 + y / frame.height * 0.3)
      let shine = 0
      if (glare) {
        const d = Math.hypot(x / frame.width - glare.x, (y - glare.y * frame.height) / frame.width) / glare.radius
        shine = d < 1 ? 235 * (1 - d * d) : 0
        light = Math.min(1.2, light)
      }
      for (let c = 0; c < 3; c++) out.data[o + c] = Math.min(255, rgb[c]! * light + shine)
      out.data[o + 3] = 255
    }
  }
  ctx.putImageData(out, 0, 0)
  const blurred = effects.blurPx > 0 ? blur(canvas, effects.blurPx) : canvas
  return turn(blurred, effects.quarterTurns)
}

function bilinear (data: Uint8ClampedArray, width: number, u: number, v: number): [number, number, number] {
  const x = Math.floor(u)
  const y = Math.floor(v)
  const fx = u - x
  const fy = v - y
  const at = (xx: number, yy: number, c: number) => data[(yy * width + xx) * 4 + c]!
  const mix = (c: number) => (at(x, y, c) * (1 - fx) + at(x + 1, y, c) * fx) * (1 - fy) + (at(x, y + 1, c) * (1 - fx) + at(x + 1, y + 1, c) * fx) * fy
  return [mix(0), mix(1), mix(2)]
}

function blur (source: Canvas, radius: number): Canvas {
  const canvas = createCanvas(source.width, source.height)
  const ctx = canvas.getContext('2d')
  ctx.filter = `blur(${radius}px)`
  ctx.drawImage(source, 0, 0)
  return canvas
}

function turn (source: Canvas, quarterTurns: number): Canvas {
  if (quarterTurns === 0) return source
  const sideways = quarterTurns % 2 === 1
  const canvas = createCanvas(sideways ? source.height : source.width, sideways ? source.width : source.height)
  const ctx = canvas.getContext('2d')
  ctx.translate(canvas.width / 2, canvas.height / 2)
  ctx.rotate((quarterTurns * Math.PI) / 2)
  ctx.drawImage(source, -source.width / 2, -source.height / 2)
  return canvas
}
