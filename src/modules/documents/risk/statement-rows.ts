import type { TextLine } from './page-text.ts'
import { findAmounts } from './text-amounts.ts'
import { findDates } from './text-dates.ts'

export type RowKind = 'opening' | 'closing' | 'total' | 'transaction'

const OPENING = /\b(opening balance|balance brought forward|brought forward|balance b\/f|previous balance|start(ing)? balance|balance at start)\b/i
const CLOSING = /\b(closing balance|balance carried forward|carried forward|balance c\/f|end(ing)? balance|balance at end)\b/i
const BROUGHT_FORWARD = /\b(brought forward|b\/f)\b/i
const TOTAL = /\btotals?\b/i

/** What a line of a statement table stands for, from its words. */
export function rowKind (line: TextLine): RowKind {
  if (OPENING.test(line.text)) return 'opening'
  if (CLOSING.test(line.text)) return 'closing'
  // "Total paid out …" sums the rows above; a dated line such as "TOTAL FITNESS" is a transaction.
  if (TOTAL.test(line.text) && findDates(line.text).length === 0) return 'total'
  return 'transaction'
}

/** A balance carried over from the previous page continues the same statement rather than opening a new one. */
export function isBroughtForward (line: TextLine): boolean {
  return BROUGHT_FORWARD.test(line.text)
}

/** The line without its figures ("10 Mar 2026 Salary ACME LTD"), short enough to quote in a message. */
export function describeRow (line: TextLine): string {
  const firstAmount = findAmounts(line.text)[0]
  const words = line.text.slice(0, firstAmount?.start ?? line.text.length).replace(/[\s£$€-]+$/, '').trim()
  return words.length > 60 ? `${words.slice(0, 57)}…` : words
}
