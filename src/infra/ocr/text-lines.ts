/** A piece of a PDF's text layer where it is drawn: x, y of its start in points, its width and font size. */
export interface PlacedText {
  text: string
  x: number
  y: number
  width: number
  size: number
}

type Ordered = PlacedText & { order: number }

/** A gap wider than this many font sizes separates columns; it becomes two spaces. */
const COLUMN_GAP = 1
/** A gap wider than this many font sizes separates words. */
const WORD_GAP = 0.15

function overlap (a: Ordered, b: Ordered): number {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
}

function joinLine (line: Ordered[]): string {
  line.sort((a, b) => a.x - b.x)
  const kept: Ordered[] = []
  for (const item of line) {
    const last = kept.at(-1)
    // Text painted over other text hides it, as a viewer shows the page: keep what was drawn last.
    if (last && overlap(last, item) > 0.5 * Math.min(last.width, item.width)) {
      if (item.order > last.order) kept[kept.length - 1] = item
      continue
    }
    kept.push(item)
  }
  let text = ''
  let end = -Infinity
  for (const item of kept) {
    const gap = (item.x - end) / item.size
    if (text) text += gap > COLUMN_GAP ? '  ' : gap > WORD_GAP ? ' ' : ''
    text += item.text.trim()
    end = item.x + item.width
  }
  return text
}

/**
 * Rebuilds the lines of a page from where its text is drawn (PDF order is drawing order, not
 * reading order): top to bottom, left to right, columns two spaces apart.
 */
export function textLines (items: readonly PlacedText[]): string[] {
  const visible = items.map((item, order) => ({ ...item, order })).filter((item) => item.text.trim() !== '' && item.size > 0)
  visible.sort((a, b) => b.y - a.y)
  const lines: Ordered[][] = []
  for (const item of visible) {
    const line = lines.at(-1)
    if (line && Math.abs(line[0]!.y - item.y) <= 0.5 * Math.max(line[0]!.size, item.size)) line.push(item)
    else lines.push([item])
  }
  return lines.map(joinLine)
}
