import { pieceAt, type TextLine, xAt } from './page-text.ts'
import { type AmountToken, findAmounts } from './text-amounts.ts'

/** What the figures under a column heading mean; 'amount' is one signed column for money in and out. */
export type ColumnRole = 'out' | 'in' | 'amount' | 'balance' | 'text'

export interface Column {
  role: ColumnRole
  left: number
  right: number
}

// Headings seen on UK statements: "Paid out / Paid in", "Money out / Money in", "Debit / Credit", "Withdrawals / Deposits".
const HEADING = /\b(?:(?<out>paid out|money out|payments out|withdrawals?|debits?|out)|(?<in>paid in|money in|payments in|deposits?|credits?|receipts?|in)|(?<balance>balance)|(?<amount>amount)|(?<text>date|description|details|transactions?|particulars|narrative|reference|type))\b/gi

/** The columns of a table heading line, or undefined when the line is not one (it needs a balance and money columns). */
export function readHeading (line: TextLine): Column[] | undefined {
  if (findAmounts(line.text).length > 0) return undefined
  const columns: Column[] = []
  for (const match of line.text.matchAll(HEADING)) {
    const role = (Object.keys(match.groups ?? {}) as ColumnRole[]).find((key) => match.groups?.[key] !== undefined)
    if (role === undefined) continue
    columns.push({ role, left: xAt(line, match.index), right: xAt(line, match.index + match[0].length) })
  }
  const has = (role: ColumnRole) => columns.some((column) => column.role === role)
  const hasMoneyColumns = (has('out') && has('in')) || has('amount')
  return has('balance') && hasMoneyColumns ? columns : undefined
}

/**
 * The column a figure sits in: the heading it overlaps most, else the nearest one. Figures under a text heading
 * (a foreign amount inside a description) are 'text'.
 */
export function columnOf (line: TextLine, token: AmountToken, columns: readonly Column[]): ColumnRole {
  const left = xAt(line, token.start)
  const right = xAt(line, token.end)
  const centre = (left + right) / 2
  let best: { role: ColumnRole, score: number } = { role: 'text', score: -Infinity }
  for (const column of columns) {
    const overlap = Math.min(right, column.right) - Math.max(left, column.left)
    const score = overlap > 0 ? overlap : -Math.abs((column.left + column.right) / 2 - centre)
    if (score > best.score) best = { role: column.role, score }
  }
  return best.role
}

/**
 * The figures a reader sees: where two figures share a spot (an editor painted a box over the old one and
 * wrote the new one on top), the one drawn later.
 */
export function visibleFigures (line: TextLine, tokens: readonly AmountToken[]): AmountToken[] {
  const spans = tokens.map((token) => ({ token, left: xAt(line, token.start), right: xAt(line, token.end), order: pieceAt(line, token.start)?.order ?? 0 }))
  return spans.filter((span) => !spans.some((other) => other !== span && other.order > span.order && overlapShare(span, other) >= 0.5))
    .map(({ token }) => token)
}

function overlapShare (a: { left: number, right: number }, b: { left: number, right: number }): number {
  const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left)
  return overlap / Math.max(1e-6, Math.min(a.right - a.left, b.right - b.left))
}
