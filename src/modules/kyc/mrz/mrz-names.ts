import anyAscii from 'any-ascii'
import { editDistance, jaroWinkler } from '#shared/jaro-winkler.ts'
import type { NameComparisonView } from '../kyc.schemas.ts'

// ICAO 9303 part 3 writes Ä, Ö, Ü as AE, OE, UE (or A, O, U); any-ascii gives the short form.
const GERMAN_UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'AE', Ö: 'OE', Ü: 'UE' }

/** A name as an MRZ prints it: Latin capitals, apostrophes dropped, every other separator a space. */
export function mrzSpellings (name: string): string[] {
  const fold = (text: string) => anyAscii(text).toUpperCase().replace(/['’`]/g, '').replace(/[^A-Z]+/g, ' ').trim()
  const short = fold(name)
  const long = fold(name.replace(/[äöüÄÖÜ]/g, (ch) => GERMAN_UMLAUTS[ch]!))
  return short === long ? [short] : [short, long]
}

/** At or above it, two spellings are one name with a typo or a transliteration apart. */
const CLOSE = 0.88

/** Words in any order: "MARIA ANNA" is the same given names as "ANNA MARIA". */
const sortedWords = (name: string) => name.split(' ').sort().join(' ')

function similarity (a: string, b: string): number {
  return Math.max(jaroWinkler(a, b), jaroWinkler(sortedWords(a), sortedWords(b)))
}

const close = (a: string, b: string) =>
  jaroWinkler(a, b) >= CLOSE || (Math.min(a.length, b.length) >= 5 && editDistance(a, b) <= 1)

/**
 * The case's surname against the MRZ's. `truncated`: the MRZ's name field is full, so the
 * document may show only the start of a long name.
 */
export function compareSurname (onCase: string | null, onDocument: string, truncated: boolean): NameComparisonView {
  if (onCase === null || mrzSpellings(onCase)[0] === '') return { onCase, onDocument, outcome: 'not_on_case', similarity: null }
  const spellings = mrzSpellings(onCase)
  const best = Math.max(...spellings.map((s) => similarity(s, onDocument)))
  const rounded = Math.round(best * 1000) / 1000
  // An empty or one-letter document surname is the start of every name, never a match for one.
  if (spellings.some((s) => s === onDocument || sortedWords(s) === sortedWords(onDocument) || (truncated && onDocument.length >= 2 && s.startsWith(onDocument)))) {
    return { onCase, onDocument, outcome: 'match', similarity: rounded }
  }
  // Some documents drop a double-barrelled name's hyphen or one of its parts.
  const partOf = spellings.some((s) => s.split(' ').includes(onDocument) || onDocument.split(' ').includes(s))
  const outcome = partOf || spellings.some((s) => close(s, onDocument) || close(sortedWords(s), sortedWords(onDocument))) ? 'minor_difference' : 'mismatch'
  return { onCase, onDocument, outcome, similarity: rounded }
}

/**
 * The case's given names against the MRZ's: the same words match; a missing middle name, an
 * initial or a typo is a minor difference; a different first name is a mismatch.
 */
export function compareGivenNames (onCase: string | null, onDocument: string, truncated: boolean): NameComparisonView {
  if (onCase === null || mrzSpellings(onCase)[0] === '') return { onCase, onDocument, outcome: 'not_on_case', similarity: null }
  const spellings = mrzSpellings(onCase)
  const rounded = Math.round(Math.max(...spellings.map((s) => similarity(s, onDocument))) * 1000) / 1000
  const documentWords = onDocument.split(' ').filter(Boolean)
  if (spellings.some((s) => s === onDocument || (truncated && onDocument.length >= 2 && s.startsWith(onDocument)))) return { onCase, onDocument, outcome: 'match', similarity: rounded }
  const minor = spellings.some((spelling) => {
    const caseWords = spelling.split(' ')
    // The first names must agree (a typo, an initial); the rest may be missing on either side.
    const first = caseWords[0]!
    const documentFirst = documentWords[0] ?? ''
    const firstAgrees = first === documentFirst || close(first, documentFirst) ||
      (first.length === 1 && documentFirst.startsWith(first)) || (documentFirst.length === 1 && first.startsWith(documentFirst))
    return firstAgrees || sortedWords(spelling) === sortedWords(onDocument)
  })
  return { onCase, onDocument, outcome: minor ? 'minor_difference' : 'mismatch', similarity: rounded }
}
