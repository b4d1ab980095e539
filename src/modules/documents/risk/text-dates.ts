/** A calendar date written in a line of text, as midnight UTC of that day. */
export interface DateToken {
  text: string
  start: number
  end: number
  day: Date
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH_NAME = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'

// Day-first numeric dates only: idcheck reads UK statements, where 03/04/2026 is the 3rd of April.
// Dates without a year ("03 Mar") are skipped: guessing the year would make false signals.
const DATE = new RegExp([
  `\\b(?<d1>\\d{1,2})(?:st|nd|rd|th)?\\s+(?<m1>${MONTH_NAME})\\.?,?\\s+(?<y1>\\d{4})\\b`,
  `\\b(?<m2>${MONTH_NAME})\\.?\\s+(?<d2>\\d{1,2})(?:st|nd|rd|th)?,?\\s+(?<y2>\\d{4})\\b`,
  '\\b(?<d3>\\d{1,2})[/.-](?<m3>\\d{1,2})[/.-](?<y3>\\d{4})\\b',
  '\\b(?<y4>\\d{4})-(?<m4>\\d{2})-(?<d4>\\d{2})\\b',
].join('|'), 'gi')

export function findDates (text: string): DateToken[] {
  const tokens: DateToken[] = []
  for (const match of text.matchAll(DATE)) {
    const g = match.groups ?? {}
    const day = toDay(g.y1 ?? g.y2 ?? g.y3 ?? g.y4, g.m1 ?? g.m2 ?? g.m3 ?? g.m4, g.d1 ?? g.d2 ?? g.d3 ?? g.d4)
    if (day !== undefined) tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length, day })
  }
  return tokens
}

function toDay (year = '', month = '', day = ''): Date | undefined {
  const monthIndex = /^\d+$/.test(month) ? Number(month) - 1 : MONTHS.indexOf(month.slice(0, 3).toLowerCase())
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day)))
  // Date.UTC rolls 31/02 over into March: such a text is not a date.
  const isReal = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === monthIndex && date.getUTCDate() === Number(day)
  return isReal ? date : undefined
}

/** "2026-04-10": the day alone, for messages about days. */
export function formatDay (day: Date): string {
  return day.toISOString().slice(0, 10)
}

/** "2026-04-10 12:00 UTC": for messages about instants (metadata, the time of the check). */
export function formatInstant (instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
