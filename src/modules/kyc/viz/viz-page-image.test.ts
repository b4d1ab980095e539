import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { printedPageImage } from './viz-page-image.ts'

/**
 * A page of 400 × 200 pixels: white paper, vertical strokes of print 4 pixels wide every 20 pixels
 * from y 50 to 150, and a stamp's stroke (40 pixels high, as a SPECIMEN letter's) across them, drawn
 * in `stamp` under the print's black as a translucent stamp leaves it.
 */
async function page (stamp: string): Promise<Uint8Array> {
  const canvas = createCanvas(400, 200)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, 400, 200)
  ctx.fillStyle = stamp
  ctx.fillRect(100, 80, 200, 40)
  ctx.fillStyle = '#000000'
  for (let x = 20; x < 380; x += 20) ctx.fillRect(x, 50, 4, 100)
  return new Uint8Array(canvas.toBuffer('image/png'))
}

/** The drawn picture's grey level at (x, y) of the 400-pixel page (a whole page is drawn 1600 pixels wide). */
async function levelsOf (png: Uint8Array) {
  const image = await loadImage(Buffer.from(png))
  const ctx = createCanvas(image.width, image.height).getContext('2d')
  ctx.drawImage(image, 0, 0)
  const { data, width } = ctx.getImageData(0, 0, image.width, image.height)
  const scale = width / 400
  return (x: number, y: number) => data[(Math.round(y * scale) * width + Math.round(x * scale)) * 4]!
}

describe('KYC printed zone: the page as drawn for OCR', () => {
  for (const [what, colour] of [['a grey scan', '#808080'], ['colour', '#dc3c3c']] as const) {
    it(`when a stamp's stroke crosses the print in ${what}, then the stamp turns white and the print under it and beside it stays black`, async () => {
      const at = await levelsOf(await printedPageImage(await page(colour), { rotation: 0, tiltDeg: 0 }))
      assert.deepEqual([at(130, 100), at(210, 90), at(290, 110)], [255, 255, 255], 'the stamp between the strokes')
      assert.deepEqual([at(122, 100), at(202, 90), at(282, 110)], [0, 0, 0], 'print under the stamp')
      assert.deepEqual([at(42, 100), at(342, 60), at(30, 100)], [0, 0, 255], 'print and paper beside it')
    })
  }

  it('when print is pale grey on white paper (a label), with no stamp, then it stays black', async () => {
    const canvas = createCanvas(400, 200)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, 400, 200)
    ctx.fillStyle = '#707070'
    for (let x = 20; x < 380; x += 20) ctx.fillRect(x, 50, 3, 100)
    const at = await levelsOf(await printedPageImage(new Uint8Array(canvas.toBuffer('image/png')), { rotation: 0, tiltDeg: 0 }))
    assert.deepEqual([at(21, 100), at(201, 60), at(30, 100)], [0, 0, 255])
  })
})
