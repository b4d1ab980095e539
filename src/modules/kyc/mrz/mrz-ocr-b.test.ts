import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'node:test'
import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { letterHeightOf, readGlyphs } from './mrz-ocr-b.ts'
import { toGrey } from './mrz-pixels.ts'

const FAMILY = 'Test MRZ OCR-B'
GlobalFonts.registerFromPath(fileURLToPath(new URL('./ocr-b/OCRB.otf', import.meta.url)), FAMILY)

/** One MRZ line drawn in OCR-B as a photo shows it: capitals about 32 pixels high, softened by `blur`, shifted by a fraction of a pixel. */
function photographedLine (text: string, options: { blur: number, shift?: number, edge?: boolean }) {
  const cap = 32
  const pitch = cap * 1.05
  const width = Math.round(text.length * pitch + 4 * cap)
  const height = 3 * cap
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#f4f4f4'
  ctx.fillRect(0, 0, width, height)
  // A card's dark edge or a shadow standing the full height of the cut, well left of the first character.
  if (options.edge) { ctx.fillStyle = '#505050'; ctx.fillRect(0, 0, 0.6 * cap, height) }
  ctx.filter = `blur(${options.blur}px)`
  ctx.fillStyle = '#111111'
  ctx.font = `${cap / 0.7}px "${FAMILY}"`
  ctx.textAlign = 'center'
  for (const [i, c] of [...text].entries()) ctx.fillText(c, 2 * cap + (i + 0.5) * pitch + (options.shift ?? 0), 2 * cap)
  return toGrey(ctx.getImageData(0, 0, width, height).data, width, height)
}

describe('reading an MRZ line glyph by glyph against OCR-B', () => {
  it('when a dark edge stands beside the line, then the line is read from its first character, not from the edge', () => {
    const text = '6112189M3441226SWE<<<<<<<<<<<8'
    const line = photographedLine(text, { blur: 1, edge: true })
    assert.equal(readGlyphs(line, [30], letterHeightOf(line))?.text, text)
  })

  it('when a name is blurred and sits between pixels, then it is read, and each character keeps its best few rivals, best first', () => {
    const text = 'LOPEZ<GARCIA<<MARIA<DE<L<A<G<C'
    const line = photographedLine(text, { blur: 2.2, shift: 0.5 })
    const reading = readGlyphs(line, [30], letterHeightOf(line))
    assert.equal(reading?.text, text)
    // What tells a close call (mrz-close-calls.ts): the few best characters of each cell.
    for (const symbol of reading!.symbols) assert.equal(symbol.ranked?.[0]?.text, symbol.text)
  })
})
