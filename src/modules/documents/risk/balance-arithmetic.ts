import type { RiskSignal } from '../analysis/analysis-types.ts'
import type { TextLine } from './page-text.ts'
import { type Column, columnOf, readHeading, visibleFigures } from './statement-columns.ts'
import { describeRow, isBroughtForward, type RowKind, rowKind } from './statement-rows.ts'
import { type AmountToken, findAmounts, formatPence } from './text-amounts.ts'

/** One way to read a row's figures: movements (in, out, or of unknown direction) and the balance shown. */
interface Reading {
  credits: number[]
  debits: number[]
  unsigned: number[]
  balance: number | undefined
}

/**
 * A table row with its readings, most trusted first: by the column each figure sits under, then by position
 * (the rightmost figure is the balance). Text laid out with spaces in a proportional font drifts away from its
 * headings, and the second reading keeps such a statement from being called wrong.
 */
interface Row {
  line: TextLine
  kind: RowKind
  readings: Reading[]
  figureCount: number
  isReadByColumn: boolean
}

interface Ledger {
  opening: number
  previous: number | undefined
  moneyIn: number
  moneyOut: number
  /** False once a row could not be read by its columns: the totals are then unknown. */
  isExact: boolean
  hasRunningBalances: boolean
  /** The balances the last checked row should have shown, when it did not: the next row may agree with them. */
  lastExpected: number[] | undefined
}

const MAX_SIGNALS = 5

/**
 * Statement arithmetic: each running balance must equal the previous one minus money out plus money in, and the
 * closing balance the opening one plus credits minus debits. Only tables whose heading names a balance column and
 * money columns, from an opening (or brought-forward) row to a closing one, are checked: other documents give no
 * signal, and a row that cannot be read for sure makes the next balance a fresh start rather than a finding.
 */
export function balanceSignals (lines: readonly TextLine[]): RiskSignal[] {
  const signals: RiskSignal[] = []
  let columns: Column[] | undefined
  let ledger: Ledger | undefined
  for (const line of lines) {
    columns = readHeading(line) ?? columns
    const row = columns === undefined ? undefined : readRow(line, columns)
    if (row === undefined || row.kind === 'total') continue
    if (row.kind === 'opening' && (ledger === undefined || !isBroughtForward(line))) {
      const opening = row.readings[0]?.balance
      ledger = opening === undefined ? undefined : openLedger(opening)
    } else if (ledger !== undefined) {
      const mismatch = post(ledger, row)
      if (mismatch !== undefined) signals.push(mismatch)
      if (row.kind === 'closing') ledger = undefined
    }
  }
  return signals.slice(0, MAX_SIGNALS)
}

function openLedger (opening: number): Ledger {
  return { opening, previous: opening, moneyIn: 0, moneyOut: 0, isExact: true, hasRunningBalances: false, lastExpected: undefined }
}

function readRow (line: TextLine, columns: readonly Column[]): Row | undefined {
  const tokens = visibleFigures(line, findAmounts(line.text))
  if (tokens.length === 0) return undefined
  const figures = tokens.map((token) => ({ token, role: columnOf(line, token, columns) })).filter(({ role }) => role !== 'text')
  const kind = rowKind(line)
  const last = figures.at(-1)
  // Figures only under text headings: perhaps a payment that drifted there; the next balance starts afresh.
  if (last === undefined) return { line, kind, readings: [], figureCount: 0, isReadByColumn: false }
  const byColumn = readByColumn(figures)
  if (kind !== 'transaction') {
    // An opening or closing line holds one figure, the balance, whichever column it landed in.
    const balance = figures.length === 1 ? signed(last.token) : byColumn?.balance
    return { line, kind, readings: [{ credits: [], debits: [], unsigned: [], balance }], figureCount: figures.length, isReadByColumn: true }
  }
  const byPosition: Reading | undefined = figures.length < 2
    ? undefined
    : { credits: [], debits: [], unsigned: figures.slice(0, -1).map(({ token }) => token.pence), balance: signed(last.token) }
  const readings = [byColumn, byPosition].filter((reading) => reading !== undefined)
  return { line, kind, readings, figureCount: figures.length, isReadByColumn: byColumn !== undefined }
}

function readByColumn (figures: readonly { token: AmountToken, role: string }[]): Reading | undefined {
  const reading: Reading = { credits: [], debits: [], unsigned: [], balance: undefined }
  for (const { token, role } of figures) {
    if (role === 'balance') {
      if (reading.balance !== undefined) return undefined
      reading.balance = signed(token)
    } else if (role === 'out') reading.debits.push(token.pence)
    else if (role === 'in') reading.credits.push(token.pence)
    else if (token.sign === undefined) reading.unsigned.push(token.pence)
    else (token.sign === 'debit' ? reading.debits : reading.credits).push(token.pence)
  }
  return reading
}

/** Applies a row to the ledger; returns a signal when the balance it shows does not follow. */
function post (ledger: Ledger, row: Row): RiskSignal | undefined {
  const [primary] = row.readings
  ledger.isExact &&= row.isReadByColumn
  ledger.moneyIn += sum(primary?.credits ?? [])
  ledger.moneyOut += sum(primary?.debits ?? [])
  const withBalance = row.readings.filter((reading) => reading.balance !== undefined)
  const previous = ledger.previous
  const lastExpected = ledger.lastExpected
  ledger.lastExpected = undefined
  if (withBalance.length === 0 || primary === undefined) {
    const nets = netOptions(primary)
    ledger.previous = previous === undefined || nets.length !== 1 ? undefined : previous + (nets[0] ?? 0)
    return undefined
  }
  if (row.kind === 'transaction') ledger.hasRunningBalances = true
  const best = withBalance[0] as Reading & { balance: number }
  if (previous === undefined) {
    ledger.previous = best.balance
    return undefined
  }
  const consistent = withBalance.find((reading) => expectedBalances(previous, reading).includes(reading.balance ?? NaN))
  // The previous row showed a wrong balance and this one follows from the right one: one error, one signal.
  const followsCorrection = withBalance.some((reading) => (lastExpected ?? []).some((balance) => expectedBalances(balance, reading).includes(reading.balance ?? NaN)))
  // A lone figure under the balance heading may be a payment whose column drifted: not enough to judge.
  const isLoneFigure = row.kind === 'transaction' && row.figureCount === 1
  ledger.previous = consistent?.balance ?? (isLoneFigure ? undefined : best.balance)
  if (consistent !== undefined || followsCorrection || isLoneFigure) return undefined
  ledger.lastExpected = expectedBalances(previous, best)
  return mismatchSignal(ledger, row, previous, best)
}

function mismatchSignal (ledger: Ledger, row: Row, previous: number, reading: Reading): RiskSignal {
  const shown = formatPence(reading.balance ?? 0)
  const where = `On page ${row.line.page}, "${describeRow(row.line)}"`
  if (row.kind === 'closing' && !ledger.hasRunningBalances && ledger.isExact) {
    const reckoned = ledger.opening + ledger.moneyIn - ledger.moneyOut
    return signal(`${where} shows ${shown}, but the opening balance ${formatPence(ledger.opening)} plus ${formatPence(ledger.moneyIn)} paid in minus ${formatPence(ledger.moneyOut)} paid out comes to ${formatPence(reckoned)}.`)
  }
  const movements = [
    ...reading.debits.map((figure) => ` − ${formatPence(figure)}`),
    ...reading.credits.map((figure) => ` + ${formatPence(figure)}`),
    ...reading.unsigned.map((figure) => ` ± ${formatPence(figure)}`),
  ].join('')
  const reckoning = movements === ''
    ? `the balance above it is ${formatPence(previous)}`
    : `${formatPence(previous)}${movements} comes to ${expectedBalances(previous, reading).map(formatPence).join(' or ')}`
  return signal(`${where} shows a balance of ${shown}, but ${reckoning}.`)
}

/** The nets a reading allows: one when every direction is known, two for each figure of unknown direction. */
function netOptions (reading: Reading | undefined): number[] {
  if (reading === undefined) return []
  const known = sum(reading.credits) - sum(reading.debits)
  return reading.unsigned.reduce((options, figure) => options.flatMap((option) => [option + figure, option - figure]), [known])
}

function expectedBalances (previous: number, reading: Reading): number[] {
  return netOptions(reading).map((net) => previous + net)
}

function signed (token: AmountToken): number {
  return token.sign === 'debit' ? -token.pence : token.pence
}

function sum (figures: readonly number[]): number {
  return figures.reduce((total, figure) => total + figure, 0)
}

function signal (message: string): RiskSignal {
  return { code: 'balance_mismatch', severity: 'high', message }
}
