/** One run of text as pdf.js reports it, with the base font it is drawn in. */
export interface TextPiece {
  text: string
  x: number
  width: number
  font: string
  /** Where this piece starts in its line's text. */
  start: number
  /** Its place in the page's drawing order: of two pieces at one spot, the later one is the one seen. */
  order: number
}

/** Pieces at the same height on a page, left to right, joined by single spaces. */
export interface TextLine {
  page: number
  text: string
  pieces: readonly TextPiece[]
}

export interface RawTextItem {
  str: string
  transform: number[]
  width: number
  fontName: string
}

/** Groups pdf.js text items into visual lines, so a row of a table reads as one line whatever order it was drawn in. */
export function groupIntoLines (page: number, items: readonly RawTextItem[], fontOf: (fontName: string) => string): TextLine[] {
  const placed = items
    .filter((item) => item.str.trim() !== '')
    .map((item, order) => ({
      item,
      order,
      x: item.transform[4] ?? 0,
      y: item.transform[5] ?? 0,
      size: Math.abs(item.transform[3] ?? 0) || 1,
    }))
    .sort((a, b) => b.y - a.y || a.x - b.x)
  const rows: (typeof placed)[] = []
  for (const entry of placed) {
    const row = rows.at(-1)
    const rowY = row?.[0]?.y
    // Items whose baselines differ by less than half a character height share a line (superscripts, kerning).
    if (row !== undefined && rowY !== undefined && Math.abs(rowY - entry.y) <= Math.max(2, 0.4 * entry.size)) row.push(entry)
    else rows.push([entry])
  }
  return rows.map((row) => toLine(page, row.sort((a, b) => a.x - b.x), fontOf))
}

function toLine (page: number, row: { item: RawTextItem, x: number, order: number }[], fontOf: (fontName: string) => string): TextLine {
  const pieces: TextPiece[] = []
  let text = ''
  for (const { item, x, order } of row) {
    if (text !== '') text += ' '
    pieces.push({ text: item.str, x, width: item.width, font: fontOf(item.fontName), start: text.length, order })
    text += item.str
  }
  return { page, text, pieces }
}

/** The piece holding a character of the line's text. */
export function pieceAt (line: TextLine, offset: number): TextPiece | undefined {
  return line.pieces.findLast((piece) => piece.start <= offset)
}

/** Where a character of the line's text starts on the page; inside a piece, characters are taken as equally wide. */
export function xAt (line: TextLine, offset: number): number {
  const piece = pieceAt(line, offset)
  if (piece === undefined) return 0
  const length = Math.max(1, piece.text.length)
  const within = Math.min(length, Math.max(0, offset - piece.start))
  return piece.x + piece.width * within / length
}
