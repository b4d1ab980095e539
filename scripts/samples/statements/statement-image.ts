import { fileURLToPath } from 'node:url'
import { GlobalFonts, createCanvas } from '@napi-rs/canvas'
import type { Canvas } from '@napi-rs/canvas'
import type { StatementLayout } from './statement-layout.ts'

// A font shipped with the samples, not one of the machine's: the images must be the same everywhere.
const FONT_FILE = fileURLToPath(new URL('./fonts/DejaVuSans-subset.ttf', import.meta.url))
const FONT_FAMILY = 'Idcheck Sample Sans'

function useSampleFont (): void {
  if (GlobalFonts.has(FONT_FAMILY)) return
  if (!GlobalFonts.registerFromPath(FONT_FILE, FONT_FAMILY)) throw new Error(`Cannot load the sample font ${FONT_FILE}`)
}

export interface ScanOptions {
  dpi: number
  /** Gaussian blur radius in pixels: 0 for a sharp scan, large for an out-of-focus photo. */
  blurPx?: number
}

/** Paints one page of a laid-out statement as a scan would show it: black text on white. */
export function drawStatementPage (layout: StatementLayout, pageIndex: number, options: ScanOptions): Canvas {
  useSampleFont()
  const scale = options.dpi / 72
  const canvas = createCanvas(Math.round(layout.pageWidth * scale), Math.round(layout.pageHeight * scale))
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  if (options.blurPx) ctx.filter = `blur(${options.blurPx}px)`
  ctx.fillStyle = '#000000'
  for (const run of layout.pages[pageIndex] ?? []) {
    ctx.font = `${run.size * scale}px "${FONT_FAMILY}"`
    ctx.textAlign = run.align
    ctx.fillText(run.text, run.x * scale, (layout.pageHeight - run.y) * scale)
  }
  return canvas
}

/** The page as PNG bytes. */
export function renderStatementPng (layout: StatementLayout, pageIndex: number, options: ScanOptions): Uint8Array {
  return new Uint8Array(drawStatementPage(layout, pageIndex, options).toBuffer('image/png'))
}
