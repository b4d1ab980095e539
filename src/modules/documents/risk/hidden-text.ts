import type { RiskSignal } from '../analysis/analysis-types.ts'

/** pdf.js's operator list of a page: parallel arrays of operator codes and their arguments. */
export interface OperatorList {
  fnArray: number[]
  argsArray: unknown[]
}
export type OperatorCodes = Record<string, number>

type Matrix = readonly [number, number, number, number, number, number]
interface Box { left: number, bottom: number, right: number, top: number }
interface ShownText { text: string, x: number, y: number, invisible: boolean }

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]
const INVISIBLE = 3 // text rendering mode 3: neither filled nor stroked
// Images covering this much of the page make it a scan, whose OCR text layer is invisible text over the image
// by design: such pages are not judged, as nothing in the file tells that layer from a planted one.
const SCAN_COVERAGE = 0.7

/**
 * Text a person cannot see but software reads: text drawn in rendering mode 3, and text drawn inside the area of
 * an image (over a pasted patch, or under one that hides it). Positions are followed through the graphics and
 * text matrices; each show-text operation is placed at its start, which is enough to tell "inside an image".
 */
export function hiddenTextSignals (pageNumber: number, operators: OperatorList, codes: OperatorCodes, view: readonly number[]): RiskSignal[] {
  const { texts, images } = traceDrawing(operators, codes)
  const pageBox = { left: view[0] ?? 0, bottom: view[1] ?? 0, right: view[2] ?? 0, top: view[3] ?? 0 }
  const imageArea = images.reduce((sum, image) => sum + area(intersect(image, pageBox)), 0)
  if (imageArea >= SCAN_COVERAGE * area(pageBox)) return []
  const invisible = texts.filter((text) => text.invisible).map((text) => text.text)
  const onImages = texts.filter((text) => !text.invisible && images.some((image) => contains(image, text))).map((text) => text.text)
  const signals: RiskSignal[] = []
  if (invisible.length > 0) signals.push(signal(`Page ${pageNumber} carries ${count(invisible.length, 'piece')} of invisible text (rendering mode 3) that software reads but a person cannot see, such as ${quote(invisible)}.`))
  if (onImages.length > 0) signals.push(signal(`Page ${pageNumber} has ${count(onImages.length, 'piece')} of text drawn within the area of an image, as when a patch is pasted over the original, such as ${quote(onImages)}.`))
  return signals
}

function traceDrawing (operators: OperatorList, codes: OperatorCodes): { texts: ShownText[], images: Box[] } {
  const texts: ShownText[] = []
  const images: Box[] = []
  const saved: { ctm: Matrix, mode: number }[] = []
  let ctm = IDENTITY
  let mode = 0
  let lineMatrix = IDENTITY
  let leading = 0
  let fontSize = 1
  const moveLine = (tx: number, ty: number) => { lineMatrix = multiply([1, 0, 0, 1, tx, ty], lineMatrix) }
  const show = (args: unknown[]) => {
    const text = glyphText(args).trim()
    if (text === '') return
    // A point inside the first glyph rather than its corner on the baseline.
    const [x, y] = apply(multiply(lineMatrix, ctm), 0.2 * fontSize, 0.3 * fontSize)
    texts.push({ text, x, y, invisible: mode === INVISIBLE })
  }
  operators.fnArray.forEach((code, index) => {
    const args = (operators.argsArray[index] ?? []) as unknown[]
    switch (code) {
      case codes.save: saved.push({ ctm, mode }); break
      case codes.restore: ({ ctm, mode } = saved.pop() ?? { ctm, mode }); break
      case codes.transform: ctm = multiply(toMatrix(args), ctm); break
      case codes.paintFormXObjectBegin: saved.push({ ctm, mode }); ctm = multiply(toMatrix(args[0]), ctm); break
      case codes.paintFormXObjectEnd: ({ ctm, mode } = saved.pop() ?? { ctm, mode }); break
      case codes.beginText: lineMatrix = IDENTITY; break
      case codes.setFont: fontSize = Math.abs(Number(args[1]) || 1); break
      case codes.setTextRenderingMode: mode = Number(args[0]); break
      case codes.setTextMatrix: lineMatrix = toMatrix(args[0]); break
      case codes.setLeading: leading = Number(args[0]) || 0; break
      case codes.moveText: moveLine(Number(args[0]) || 0, Number(args[1]) || 0); break
      case codes.setLeadingMoveText: leading = -(Number(args[1]) || 0); moveLine(Number(args[0]) || 0, Number(args[1]) || 0); break
      case codes.nextLine: moveLine(0, -leading); break
      case codes.showText: case codes.showSpacedText: show(args); break
      case codes.nextLineShowText: case codes.nextLineSetSpacingShowText: moveLine(0, -leading); show(args); break
      case codes.paintImageXObject: case codes.paintInlineImageXObject: case codes.paintImageMaskXObject:
        images.push(unitSquare(ctm)); break
      case codes.paintImageXObjectRepeat: images.push(...repeatedImages(args, ctm)); break
    }
  })
  return { texts, images }
}

function glyphText (args: unknown[]): string {
  const glyphs = args.find(Array.isArray) as unknown[] | undefined
  return (glyphs ?? []).map((glyph) => (typeof glyph === 'object' && glyph !== null && 'unicode' in glyph ? String(glyph.unicode) : '')).join('')
}

// pdf.js draws one image at many places with [objId, scaleX, scaleY, [x0, y0, x1, y1, …]].
function repeatedImages (args: unknown[], ctm: Matrix): Box[] {
  const [, scaleX, scaleY, positions] = args as [unknown, number, number, ArrayLike<number>]
  const boxes: Box[] = []
  for (let i = 0; i + 1 < (positions?.length ?? 0); i += 2) {
    boxes.push(unitSquare(multiply([scaleX, 0, 0, scaleY, positions[i] ?? 0, positions[i + 1] ?? 0], ctm)))
  }
  return boxes
}

function toMatrix (value: unknown): Matrix {
  const m = value as ArrayLike<number> | null | undefined
  if (m === null || m === undefined || m.length < 6) return IDENTITY
  return [m[0] ?? 1, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1, m[4] ?? 0, m[5] ?? 0]
}

/** m then n, in PDF's row-vector convention (a point p becomes p·m·n). */
function multiply (m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ]
}

function apply (m: Matrix, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]
}

/** Images are painted into the unit square of the current transformation. */
function unitSquare (ctm: Matrix): Box {
  const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)]
  const xs = corners.map(([x]) => x)
  const ys = corners.map(([, y]) => y)
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) }
}

function intersect (a: Box, b: Box): Box {
  return { left: Math.max(a.left, b.left), bottom: Math.max(a.bottom, b.bottom), right: Math.min(a.right, b.right), top: Math.min(a.top, b.top) }
}

function area (box: Box): number {
  return Math.max(0, box.right - box.left) * Math.max(0, box.top - box.bottom)
}

function contains (box: Box, point: { x: number, y: number }): boolean {
  return point.x >= box.left && point.x <= box.right && point.y >= box.bottom && point.y <= box.top
}

function signal (message: string): RiskSignal {
  return { code: 'hidden_text', severity: 'high', message }
}

function count (n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`
}

function quote (texts: readonly string[]): string {
  const first = texts[0] ?? ''
  return `"${first.length > 60 ? `${first.slice(0, 57)}…` : first}"`
}
