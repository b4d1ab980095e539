export interface BirthDate {
  year: number
  month: number | null
  day: number | null
}

/** What a date of birth adds to a name's score, and the clause that says so. */
export interface Evidence {
  adjustment: number
  clause: string
}

export const SAME_BIRTH_DATE = 0.05
export const SAME_BIRTH_YEAR = 0.02
// Day or month differ within the same year: often a data-entry slip, so it costs little.
export const SAME_YEAR_OTHER_DAY = -0.05
// Lists often give an approximate year ('circa 1965'): one year out is weak evidence of another person.
export const ONE_YEAR_APART = -0.05
export const OTHER_BIRTH_YEAR = -0.15

/** How the subject's date of birth bears on the listed ones ('YYYY', 'YYYY-MM', 'YYYY-MM-DD'); the best agreement counts. */
export function weighBirthDate (subject: BirthDate | null, listed: readonly string[]): Evidence {
  if (subject === null) return { adjustment: 0, clause: 'no date of birth given' }
  const dates = listed.map(parseIsoPrefix).filter((date) => date !== null)
  if (dates.length === 0) return { adjustment: 0, clause: 'listed without date of birth' }
  let best: Evidence | null = null
  for (const date of dates) {
    const evidence = compareDates(subject, date)
    if (best === null || evidence.adjustment > best.adjustment) best = evidence
  }
  return best!
}

function compareDates (subject: BirthDate, listed: BirthDate): Evidence {
  const shown = formatDate(subject)
  const listedShown = formatDate(listed)
  const yearsApart = Math.abs(subject.year - listed.year)
  if (yearsApart === 1) return { adjustment: ONE_YEAR_APART, clause: `year of birth ${subject.year} is one year from listed ${listed.year}` }
  if (yearsApart > 1) return { adjustment: OTHER_BIRTH_YEAR, clause: `date of birth ${shown} differs from listed ${listedShown}` }
  const sameMonth = agrees(subject.month, listed.month)
  const sameDay = agrees(subject.day, listed.day)
  if (sameMonth === false || sameDay === false) {
    return { adjustment: SAME_YEAR_OTHER_DAY, clause: `date of birth ${shown} differs from listed ${listedShown} within the year` }
  }
  if (sameMonth === true && sameDay === true) return { adjustment: SAME_BIRTH_DATE, clause: `date of birth ${shown} agrees` }
  return { adjustment: SAME_BIRTH_YEAR, clause: `year of birth ${subject.year} agrees` }
}

/** true or false when both sides know the part, null when either does not. */
function agrees (a: number | null, b: number | null): boolean | null {
  return a === null || b === null ? null : a === b
}

function parseIsoPrefix (value: string): BirthDate | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value)
  if (match === null) return null
  return { year: Number(match[1]), month: match[2] === undefined ? null : Number(match[2]), day: match[3] === undefined ? null : Number(match[3]) }
}

function formatDate (date: BirthDate): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  if (date.month === null) return String(date.year)
  return date.day === null ? `${date.year}-${pad(date.month)}` : `${date.year}-${pad(date.month)}-${pad(date.day)}`
}
