import type { RiskSignal } from '../analysis/analysis-types.ts'
import type { TextLine } from './page-text.ts'
import { describeRow, rowKind } from './statement-rows.ts'
import { findAmounts } from './text-amounts.ts'
import { type DateToken, findDates, formatDay, formatInstant } from './text-dates.ts'

interface Period { start: DateToken, end: DateToken }
interface DatedRow { line: TextLine, dates: DateToken[] }

const DAY_MS = 24 * 60 * 60 * 1000
const MAX_SIGNALS = 5
const PERIOD_LINE = /period|statement|from/i
const RANGE_JOINER = /^\s*(?:to|-|–|—|until|till|through)\s*$/i

/**
 * Dates in the text that cannot be right: a statement period or transaction later than the day of the check,
 * and transactions dated outside the period the statement states. Only the period and the dates that open a
 * transaction line are judged: other dates (a passport's expiry, "next statement on …") are rightly in the future.
 */
export function textDateSignals (lines: readonly TextLine[], now: Date, created?: Date): RiskSignal[] {
  const periods = lines.flatMap(findPeriods)
  const rows = lines.flatMap(datedRow)
  return [...futureDates(periods, rows, now), ...createdBeforePeriodEnd(periods, created), ...outsidePeriod(periods, rows)]
}

/**
 * A bank issues a statement once its period has ended, so a file created before then is not that period's
 * statement: it was made (or remade) by someone else. High, as a date after the check is: an honest file cannot show it.
 */
function createdBeforePeriodEnd (periods: readonly Period[], created: Date | undefined): RiskSignal[] {
  const period = periods[0]
  // A day of slack: the producing machine's time zone is not ours.
  if (period === undefined || created === undefined || created.getTime() >= period.end.day.getTime() - DAY_MS) return []
  return [{
    code: 'created_before_period_end',
    severity: 'high',
    message: `The PDF was created on ${formatInstant(created)}, before the end of the statement period it reports (${period.start.text} to ${period.end.text}): a bank issues a statement after its period has ended.`,
  }]
}

/** "Statement period: 01 March 2026 to 31 March 2026", "From 01/03/2026 - 31/03/2026". */
function findPeriods (line: TextLine): (Period & { line: TextLine })[] {
  if (!PERIOD_LINE.test(line.text)) return []
  const dates = findDates(line.text)
  return dates.slice(1).flatMap((end, index) => {
    const start = dates[index] as DateToken
    const isRange = RANGE_JOINER.test(line.text.slice(start.end, end.start)) && start.day <= end.day
    return isRange ? [{ start, end, line }] : []
  })
}

/** A transaction line: opens with a date and carries a figure. */
function datedRow (line: TextLine): DatedRow[] {
  const dates = findDates(line.text)
  const opensWithDate = dates[0]?.start === 0
  return opensWithDate && findAmounts(line.text).length > 0 && rowKind(line) === 'transaction' ? [{ line, dates }] : []
}

// Dates on a page are local days: one day of slack covers time zones east of us.
function futureDates (periods: readonly (Period & { line: TextLine })[], rows: readonly DatedRow[], now: Date): RiskSignal[] {
  const latestDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS
  const candidates = [
    ...periods.flatMap(({ start, end, line }) => [{ date: start, line }, { date: end, line }]),
    ...rows.map(({ line, dates }) => ({ date: dates[0] as DateToken, line })),
  ]
  const future = candidates.filter(({ date }) => date.day.getTime() > latestDay)
  const first = future[0]
  if (first === undefined) return []
  const others = new Set(future.map(({ date }) => date.day.getTime())).size - 1
  return [{
    code: 'future_date',
    severity: 'high',
    message: `Page ${first.line.page} shows the date ${first.date.text} ("${describeRow(first.line)}")${others > 0 ? ` and ${others} other later dates` : ''}, after the day of the check (${formatDay(now)}).`,
  }]
}

function outsidePeriod (periods: readonly Period[], rows: readonly DatedRow[]): RiskSignal[] {
  const distinct = new Set(periods.map(({ start, end }) => `${formatDay(start.day)}/${formatDay(end.day)}`))
  const period = periods[0]
  // Several different periods (two accounts, a yearly summary) leave it unclear which one a line belongs to.
  if (period === undefined || distinct.size > 1) return []
  const isInside = (date: DateToken) => date.day >= period.start.day && date.day <= period.end.day
  // A line with a second date inside the period (posting date beside the transaction date) is not out of it.
  const outside = rows.filter(({ dates }) => !dates.some(isInside))
  return outside.slice(0, MAX_SIGNALS).map(({ line, dates }) => ({
    code: 'date_outside_period',
    severity: 'medium',
    message: `On page ${line.page}, "${describeRow(line)}" is dated ${dates[0]?.text}, outside the statement period ${period.start.text} to ${period.end.text}.`,
  }))
}
