import type { Evidence } from './birth-date.ts'

// Nationality and residence are weak evidence (people move, lists record several), so they nudge, never decide.
export const SAME_COUNTRY = 0.02
export const OTHER_COUNTRY = -0.03

/** How the subject's country (ISO alpha-2, lower case) bears on the listed ones; null when either side has none. */
export function weighCountry (subject: string | null, listed: readonly string[]): Evidence | null {
  if (subject === null || listed.length === 0) return null
  const country = subject.toLowerCase()
  if (listed.includes(country)) return { adjustment: SAME_COUNTRY, clause: `country ${country} agrees` }
  return { adjustment: OTHER_COUNTRY, clause: `country ${country} is not among listed ${listed.join(', ')}` }
}
