import type { MrzFields } from '../mrz/index.ts'
import { editDistance } from '#shared/jaro-winkler.ts'
import { mrzSpellings } from '../mrz/mrz-names.ts'
import { isoOfPrinted, parsePrintedDate } from './viz-dates.ts'
import { foldWord, LABEL_PHRASES, PRINTED_FIELDS, type PrintedField } from './viz-labels.ts'
import type { PrintedText } from './viz-reading.ts'

export type PrintedValues = Record<PrintedField, string | null>
export type PrintedOutcome = 'match' | 'mismatch' | 'not_read'
export interface PrintedFieldComparison { printed: string | null, mrz: string | null, outcome: PrintedOutcome }
export type PrintedComparison = Record<PrintedField, PrintedFieldComparison>

/** The least confidence (0..1) of OCR in a value's words for its disagreement with the MRZ to count: below it, a misreading is as likely as an edit. */
const SURE_READING = 0.75

/** Characters OCR confuses in printed names: a name holds letters only, so a digit is a misread letter. */
const NAME_LOOKALIKES: Record<string, string> = { 0: 'O', 1: 'I', 5: 'S', 8: 'B', 2: 'Z', 6: 'G', '|': 'I' }

/** A printed name as the MRZ writes it (folded, accents dropped, separators as spaces), each way ICAO allows. */
function nameSpellings (printed: string): string[] {
  // An "l" inside a word of capitals is a misread "I".
  const capitals = printed.split(/(\s+)/).map((word) => /^[^a-km-z]*$/.test(word) ? word.replace(/l/g, 'I') : word).join('')
  return mrzSpellings(capitals.replace(/[0-9|]/g, (ch) => NAME_LOOKALIKES[ch] ?? ch))
}

/**
 * The printed name against the MRZ's: the same letters, or the MRZ's a start of the printed one when
 * its name field is full (a long name truncated, ICAO 9303 part 3).
 */
/** A full name field may hold each given name cut to its first letters ("M C A" for MARIE CHRISTINE ANNE …). */
function initialsOf (spelling: string, mrz: string): boolean {
  const printedWords = spelling.split(' ')
  let at = 0
  return mrz.split(' ').every((word) => {
    while (at < printedWords.length && !printedWords[at]!.startsWith(word)) at++
    return at++ < printedWords.length
  })
}

/**
 * OCR misreads a letter or two of a printed name (Ñ as "Iii", Ł as "t"), while an edited name is
 * another name: up to two letters (a quarter of a long name) apart is the same name.
 */
const OCR_SLIPS = (length: number) => Math.max(2, Math.floor(length / 4))

/** Issuers write a name that does not fit as its initial ("SOPHIE G" for SOPHIE GENEVIÈVE), filler after it or not. */
const hasInitial = (mrz: string) => mrz.split(' ').some((word) => word.length === 1)

function compareName (printed: string, mrz: string, truncated: boolean): boolean {
  // OCR may drop an umlaut's dots, so Ä read as A meets the MRZ's AE.
  const plain = (name: string) => name.replace(/([AOU])E/g, '$1')
  return nameSpellings(printed).map((spelling) => withoutSpecks(spelling, mrz)).some((spelling) => spelling === mrz || plain(spelling) === plain(mrz) ||
    editDistance(plain(spelling), plain(mrz)) <= OCR_SLIPS(mrz.length) ||
    (truncated && mrz.length >= 2 && spelling.startsWith(mrz)) || ((truncated || hasInitial(mrz)) && initialsOf(spelling, mrz)))
}

/** Pairs OCR confuses in document numbers; the MRZ, whose check digit holds, says which was printed. */
const NUMBER_LOOKALIKES = ['0OQD', '1IL', '2Z', 'Z7', '5S', '6G', '8B']
const alike = (a: string, b: string) => a === b || NUMBER_LOOKALIKES.some((set) => set.includes(a) && set.includes(b))

/** A word of one or two letters the MRZ lacks is a speck OCR read beside the name ("LUKAS WZ"). */
const withoutSpecks = (spelling: string, mrz: string) => spelling.split(' ').filter((word) => word.length > 2 || mrz.split(' ').includes(word)).join(' ')

/**
 * A name read much shorter than the MRZ's (a name missing, a word cut at a photo's edge, "ANNA L"
 * for ANNA LEONIE) is a partial reading: an edited name is a whole other name.
 */
function isNameShort (printed: string, mrz: string, truncated: boolean): boolean {
  const letters = (name: string) => name.replace(/ /g, '').length
  const spelling = withoutSpecks(nameSpellings(printed)[0]!, mrz)
  // Each word read must be one of the MRZ's, or its start or its end (the rest lost at a photo's edge or
  // under a stamp: "REN" of SJOEGREN): another word is another name, however short.
  const mrzWords = mrz.split(' ')
  const partOfMrz = spelling.split(' ').every((word) => word === '' || mrzWords.some((m) => m.startsWith(word) || (word.length >= 3 && m.endsWith(word)) || (word.length >= 4 && editDistance(word, m) <= 1)))
  return !truncated && partOfMrz && letters(spelling) < 0.75 * letters(mrz)
}

/**
 * The MRZ's first names only, in order, the rest lost at a photo's edge or a line's end
 * ("KARL THEODOR MARIA NIKOLAUS JOHANN" of KARL THEODOR MARIA N J J): a partial reading.
 */
function isLeadingPart (printed: string, mrz: string): boolean {
  const words = withoutSpecks(nameSpellings(printed)[0]!, mrz).split(' ').filter(Boolean)
  const mrzWords = mrz.split(' ')
  return words.length > 0 && words.length < mrzWords.length && words.every((word, i) => {
    const m = mrzWords[i]!
    return word === m || m.startsWith(word) || (m.length === 1 && word.startsWith(m)) || (word.length >= 4 && editDistance(word, m) <= 1)
  })
}

/** Digits OCR takes for one another in bold print on a blurred photo or a coarse scan (5 and 8, 6 and 8, 8 and 9, 3 and 8, 1 and 7). */
const DIGIT_CONFUSIONS = ['3589', '689', '17']

/**
 * A date or number one digit off the MRZ's, where the two digits are ones OCR confuses: as likely a
 * misreading as an edit (on the tuning seed, 3 of 4 genuine documents that disagreed did so by one
 * such digit), so it is not read rather than a mismatch. An edit that moves a date or changes a
 * number by more, or by another digit, still disagrees.
 */
function isOneConfusedDigit (printed: string, mrz: string): boolean {
  if (printed.length !== mrz.length) return false
  const differ = [...printed].flatMap((ch, i) => ch === mrz[i] ? [] : [[ch, mrz[i]!]])
  return differ.length === 1 && DIGIT_CONFUSIONS.some((set) => set.includes(differ[0]![0]!) && set.includes(differ[0]![1]!))
}

/** A number read a character short or long is a partial reading (its edge cut off), not another number. */
const isPartial = (printed: string, mrz: string) => printed.length !== mrz.length

function compareNumber (printed: string, mrz: string): boolean {
  const compact = printed.toUpperCase().replace(/[^A-Z0-9]/g, '')
  return compact.length === mrz.length && [...compact].every((ch, i) => alike(ch, mrz[i]!))
}

/** Words of labels: a "name" holding one is a label OCR garbled, not the page's value. */
const LABEL_WORDS = new Set(LABEL_PHRASES.flatMap((phrase) => phrase.words).filter((word) => word.length >= 4))

const compact = (value: string) => value.replace(/\s+/g, ' ').trim()

/** The first candidate that has its field's shape (a date, a number, letters), as shown in the result. */
function printedValue (field: PrintedField, candidates: string[], mrzDate: string | null): string | null {
  // A word with no letter or digit is a frame's edge or a speck, not part of the value.
  for (const candidate of candidates.map((c) => c.split(/\s+/).filter((word) => /[\p{L}0-9]/u.test(word)).join(' '))) {
    if (field === 'birthDate' || field === 'expirationDate') {
      const date = parsePrintedDate(candidate)
      const iso = date && isoOfPrinted(date, mrzDate)
      // The same day and month with another two-digit year is a year OCR cut short ("16.03.19" of 1996), not a date.
      if (iso && !(date.yearDigits === 2 && mrzDate !== null && iso.slice(4) === mrzDate.slice(4) && iso !== mrzDate)) return iso
    } else if (field === 'documentNumber') {
      const value = candidate.toUpperCase().replace(/[^A-Z0-9]/g, '')
      if (value.length >= 5 && value.length <= 20 && /\d/.test(value)) return value
    } else if ((candidate.match(/\p{L}/gu) ?? []).length >= 2 && !candidate.split(/\s+/).some((word) => LABEL_WORDS.has(foldWord(word)))) {
      return compact(candidate.replace(/[^\p{L}\p{M}0-9|' \-]/gu, ' '))
    }
  }
  return null
}

/** What the page prints of each field, beside what the MRZ says, and whether they agree. */
export function comparePrinted (text: PrintedText, mrz: MrzFields, nameTruncated: boolean): { printed: PrintedValues, comparison: PrintedComparison } {
  const onMrz: PrintedValues = {
    surname: mrz.surname, givenNames: mrz.givenNames, birthDate: mrz.birthDate, documentNumber: mrz.documentNumber, expirationDate: mrz.expirationDate,
  }
  const agrees = (field: PrintedField, value: string, expected: string | null): boolean => {
    if (expected === null) return false
    if (field === 'surname' || field === 'givenNames') return compareName(value, expected, nameTruncated)
    if (field === 'documentNumber') return compareNumber(value, expected)
    return value === expected
  }
  // Of the values found by a field's labels, one that agrees is the one shown: OCR's stray marks beside a label are not the page's word.
  const chosen = Object.fromEntries(PRINTED_FIELDS.map((field) => {
    const values = text[field].flatMap((candidate) => {
      // A value by its place beside another field counts only when that field is the MRZ's.
      if (candidate.beside && !agrees(candidate.beside.field, printedValue(candidate.beside.field, [candidate.beside.text], onMrz[candidate.beside.field]) ?? '', onMrz[candidate.beside.field])) return []
      const value = printedValue(field, [candidate.text], onMrz[field])
      return value === null ? [] : [{ value, confidence: candidate.confidence, unsure: candidate.unsure === true }]
    })
    // A value found only by its shape is shown when it agrees; it never stands for the field otherwise.
    return [field, values.find(({ value }) => agrees(field, value, onMrz[field])) ?? values.find(({ unsure }) => !unsure) ?? null]
  })) as Record<PrintedField, { value: string, confidence: number } | null>
  const printed = Object.fromEntries(PRINTED_FIELDS.map((field) => [field, chosen[field]?.value ?? null])) as PrintedValues
  const comparison = Object.fromEntries(PRINTED_FIELDS.map((field) => {
    const value = printed[field]
    const expected = onMrz[field]
    const unsure = value !== null && expected !== null && ((field === 'documentNumber' && isPartial(value, expected)) ||
      ((field === 'givenNames' || field === 'surname') && (isNameShort(value, expected, nameTruncated) || isLeadingPart(value, expected))) ||
      ((field === 'documentNumber' || field === 'birthDate' || field === 'expirationDate') && isOneConfusedDigit(value.toUpperCase().replace(/[^A-Z0-9-]/g, ''), expected)))
    const outcome: PrintedOutcome = value === null || expected === null || unsure ? 'not_read' : agrees(field, value, expected) ? 'match' : 'mismatch'
    // A disagreement OCR itself doubts is a misreading as often as an edit: it is not read, so the document is at best Medium.
    return [field, { printed: value, mrz: expected, outcome: outcome === 'mismatch' && chosen[field]!.confidence < SURE_READING ? 'not_read' : outcome }]
  })) as PrintedComparison
  return { printed, comparison }
}
