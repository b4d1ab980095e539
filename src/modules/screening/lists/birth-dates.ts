const MONTHS: Record<string, string> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06',
  jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
}
// A wider range ("1900 to 1990") says nothing a matcher could use.
const MAX_RANGE_YEARS = 10

/**
 * The ISO prefixes an OFAC date of birth stands for: "12 Jan 1960" → 1960-01-12, "Jan 1960" → 1960-01,
 * "1960" and "circa 1960" → 1960 (the year is all OFAC commits to), "1958 to 1960" → each year.
 * Anything else gives none.
 */
export function ofacBirthDates (text: string): string[] {
  const value = text.trim().replace(/^circa\s+/i, '')
  const range = /^(\d{4})\s+to\s+(\d{4})$/i.exec(value)
  if (range) return yearsBetween(Number(range[1]), Number(range[2]))
  const day = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(value)
  if (day) return withMonth(day[3]!, day[2]!, day[1]!.padStart(2, '0'))
  const month = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(value)
  if (month) return withMonth(month[2]!, month[1]!)
  return /^\d{4}$/.test(value) ? [value] : []
}

/** The date part of a FollowTheMoney date ('1960', '1960-01', '1960-01-12', or longer with a time), or undefined. */
export function ftmBirthDate (value: string): string | undefined {
  return /^\d{4}(-\d{2}(-\d{2})?)?/.exec(value.trim())?.[0]
}

function withMonth (year: string, monthName: string, day?: string): string[] {
  const month = MONTHS[monthName.toLowerCase()]
  if (month === undefined) return []
  return [day === undefined ? `${year}-${month}` : `${year}-${month}-${day}`]
}

function yearsBetween (first: number, last: number): string[] {
  if (last < first || last - first >= MAX_RANGE_YEARS) return []
  return Array.from({ length: last - first + 1 }, (_, i) => String(first + i))
}
