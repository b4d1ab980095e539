import { editDistance } from '#shared/jaro-winkler.ts'
import type { PlacedLine, PlacedWord } from '../../../infra/ocr/ocr-service.ts'
import { parsePrintedDate } from './viz-dates.ts'
import { foldWord, isLabelJoiner, LABEL_PHRASES, type PrintedField } from './viz-labels.ts'

/** A label found on the page: the field it names and the box of its words (both languages). */
interface FoundLabel { field: PrintedField | 'other', line: number, first: number, last: number, box: PlacedWord['box'] }

/** Splits words OCR ran together at a slash ("birth/Date"), sharing the box by characters. */
function splitWords (words: PlacedWord[]): PlacedWord[] {
  return words.flatMap((word) => {
    const parts = word.text.split(/(?<=[/|])|(?=[/|])/).filter((part) => part !== '')
    if (parts.length < 2) return [word]
    const perChar = (word.box.x1 - word.box.x0) / word.text.length
    let at = word.box.x0
    return parts.map((text) => {
      const box = { ...word.box, x0: Math.round(at), x1: Math.round(at + perChar * text.length) }
      at += perChar * text.length
      return { text, confidence: word.confidence, box }
    })
  })
}

const height = (box: PlacedWord['box']) => box.y1 - box.y0

const LABEL_WORDS = new Set(LABEL_PHRASES.flatMap((phrase) => phrase.words))

/**
 * Lines tesseract's sparse reading split within a phrase ("Nom" and "e próprio / Given names"),
 * joined again where one ends just before the next begins on the same row; a column's gap parts them.
 */
function joinFragments (lines: { words: PlacedWord[] }[]): { words: PlacedWord[] }[] {
  const boxOf = (words: PlacedWord[]) => words.map((w) => w.box).reduce(union)
  const joined = lines.filter((line) => line.words.length > 0).map((line) => ({ words: [...line.words], box: boxOf(line.words) }))
    .sort((a, b) => a.box.x0 - b.box.x0)
  for (let i = 0; i < joined.length; i++) {
    for (let j = i + 1; j < joined.length; j++) {
      const [a, b] = [joined[i]!, joined[j]!]
      const h = Math.min(height(a.words.at(-1)!.box), height(b.words[0]!.box))
      const overlap = Math.min(a.box.y1, b.box.y1) - Math.max(a.box.y0, b.box.y0)
      const gap = b.box.x0 - a.box.x1
      if (overlap > 0.5 * h && gap > -0.2 * h && gap < h) {
        a.words.push(...b.words)
        a.box = union(a.box, b.box)
        joined.splice(j, 1)
        j = i
      }
    }
  }
  return joined.map(({ words }) => ({ words }))
}

/** A label's word OCR split before its last letters ("Nom e" of "Nome próprio"), joined again: else "Nom" is read as a surname's label. */
function joinSplitLabelWords (words: PlacedWord[]): PlacedWord[] {
  const joined: PlacedWord[] = []
  for (const word of words) {
    const last = joined.at(-1)
    const split = last && /^\p{L}{1,2}$/u.test(word.text) && word.box.x0 - last.box.x1 < 0.4 * height(last.box) && LABEL_WORDS.has(foldWord(last.text + word.text))
    if (split) joined[joined.length - 1] = { text: last.text + word.text, confidence: Math.min(last.confidence, word.confidence), box: union(last.box, word.box) }
    else joined.push(word)
  }
  return joined
}
const union = (a: PlacedWord['box'], b: PlacedWord['box']) => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) })

/** A label's word as OCR gives it over guilloche: one letter wrong in a long word ("Sumame", "Giltig") is still the word. */
// "rn" read as "m" is OCR's commonest slip in small print.
const sameWord = (read: string | undefined, word: string) => read === word || (read !== undefined && word.length >= 5 &&
  Math.abs(read.length - word.length) <= 1 && (editDistance(read, word) <= 1 || editDistance(read.replace(/rn/g, 'm'), word.replace(/rn/g, 'm')) <= 1))

/** The label phrase starting at word `at`, longest first: its field and how many words it takes. */
function phraseAt (folded: string[], at: number): { field: FoundLabel['field'], length: number } | null {
  for (const phrase of LABEL_PHRASES) {
    if (phrase.words.every((w, k) => sameWord(folded[at + k], w))) return { field: phrase.field, length: phrase.words.length }
  }
  return null
}

/** The labels of one line: each phrase with the joiners and other-language phrases of the same field around it. */
function labelsOf (words: PlacedWord[], line: number): FoundLabel[] {
  const folded = words.map((w) => foldWord(w.text))
  const found: FoundLabel[] = []
  for (let i = 0; i < words.length;) {
    const phrase = phraseAt(folded, i)
    if (!phrase) { i++; continue }
    const previous = found.at(-1)
    const end = i + phrase.length - 1
    // "Surname / Nom": the second language's phrase, after joiners only, belongs to the first.
    const joined = previous && previous.field === phrase.field && words.slice(previous.last + 1, i).every((w) => isLabelJoiner(w.text))
    let first = joined ? previous.first : i
    // The words just before it are its other language's, known or not ("Núm. de documento / Document no."), or its number.
    const closeBefore = (k: number) => words[k]!.box.x1 > words[k + 1]!.box.x0 - 2 * height(words[k + 1]!.box)
    while (!joined && first > 0 && (found.at(-1)?.last ?? -1) < first - 1 && closeBefore(first - 1)) first--
    const box = words.slice(first, end + 1).map((w) => w.box).reduce(union)
    if (joined) found[found.length - 1] = { ...previous, last: end, box }
    else found.push({ field: phrase.field, line, first, last: end, box })
    i = end + 1
  }
  return found
}

/** MRZ lines are not printed values. */
const isMrzLine = (line: PlacedLine) => (line.text.match(/</g) ?? []).length >= 3 || /^[A-Z0-9<«]{25,}$/.test(line.text.replace(/\s/g, ''))

/** Words in reading order, up to the first gap wider than a few letters (the next column). */
function firstRun (words: PlacedWord[]): PlacedWord[] {
  const sorted = [...words].sort((a, b) => a.box.x0 - b.box.x0)
  const run: PlacedWord[] = []
  for (const word of sorted) {
    const last = run.at(-1)
    if (last && word.box.x0 - last.box.x1 > 2.5 * Math.max(height(last.box), height(word.box))) break
    run.push(word)
  }
  return run
}

/** Words in reading order split where a gap wider than a few letters stands (the columns of a row). */
function runsOf (words: PlacedWord[]): PlacedWord[][] {
  const runs: PlacedWord[][] = []
  for (let rest = [...words].sort((a, b) => a.box.x0 - b.box.x0); rest.length > 0;) {
    const run = firstRun(rest)
    runs.push(run)
    rest = rest.slice(run.length)
  }
  return runs
}

/**
 * Every date printed with a four-digit year, earliest first. A document prints its holder's birth
 * first in time and its expiry last (issue falls between), so where a label is misread the order
 * still tells which is which: a page that shows three dates (one may be under a stamp, and then
 * the earliest of two is the issue) gives its earliest as the birth date and its latest as the
 * expiry, edited or not.
 */
function datesInOrder (lines: readonly { words: PlacedWord[] }[]): { candidate: PrintedCandidate, at: number }[] {
  const dates = lines.flatMap((line) => runsOf(line.words)).flatMap((run) => {
    const candidate = candidateOf(run)
    const date = parsePrintedDate(candidate.text)
    return date && date.yearDigits === 4 ? [{ candidate, at: date.year * 10_000 + date.month * 100 + date.day }] : []
  })
  return dates.sort((a, b) => a.at - b.at)
}

/** No passport or identity card is valid this long (ICAO 9303 leaves it to issuers; they issue for 5 to 15 years). */
const LONGEST_VALIDITY_YEARS = 15

/**
 * The birth date and expiry among a page's dates with four-digit years, where their order tells:
 * with three or more, the earliest and the latest (issue falls between); with two, only when they
 * lie further apart than any document's validity, so the earlier cannot be its issue.
 */
function birthAndExpiry (dates: { candidate: PrintedCandidate, at: number }[]): { birth: PrintedCandidate, expiry: PrintedCandidate } | null {
  if (dates.length < 2) return null
  const [first, last] = [dates[0]!, dates.at(-1)!]
  if (dates.length === 2 && last.at - first.at <= LONGEST_VALIDITY_YEARS * 10_000) return null
  return { birth: first.candidate, expiry: last.candidate }
}

/** A document number's shape: 6 to 12 letters and digits, at least two of them digits, and no date. */
function numberShaped (run: PlacedWord[]): boolean {
  const text = run.map((w) => w.text).join(' ')
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '')
  return run.length <= 3 && compact.length >= 6 && compact.length <= 12 && (compact.match(/\d/g) ?? []).length >= 2 &&
    !/[a-z]{2}/.test(text) && parsePrintedDate(text) === null
}

/** Words whose boxes share a row (their middles within half a word's height), top row first. */
function rowsOf (lines: readonly { words: PlacedWord[] }[]): PlacedWord[][] {
  const rows: { middle: number, height: number, words: PlacedWord[] }[] = []
  const middle = (w: PlacedWord) => (w.box.y0 + w.box.y1) / 2
  for (const word of lines.flatMap((line) => line.words).sort((a, b) => middle(a) - middle(b))) {
    const row = rows.at(-1)
    // The smaller of the two heights: a stamp's mark read as one tall word joins no row to the next.
    if (row && middle(word) - row.middle < 0.5 * Math.min(height(word.box), row.height)) row.words.push(word)
    else rows.push({ middle: middle(word), height: height(word.box), words: [word] })
  }
  return rows.map((row) => row.words.sort((a, b) => a.box.x0 - b.box.x0))
}

const medianHeight = (words: PlacedWord[]) => words.map((w) => height(w.box)).sort((a, b) => a - b)[Math.floor(words.length / 2)]!
const isCode = (word: PlacedWord) => /^[A-Z]{3}$/.test(word.text)
const isNumber = (word: PlacedWord) => /^[A-Z0-9%]{6,12}$/.test(word.text) && (word.text.match(/\d/g) ?? []).length >= 2

/**
 * A passport's data page in ICAO 9303's order, for a page whose labels are too small to read (a
 * phone photo): under the row of type, issuing state and document number come the surname and
 * then the given names, in the same column, one row pitch apart. Only when the two rows stand at
 * that pitch below the number's row: a row lost (under a stamp) would shift every name by one.
 */
function dataPageOrder (lines: readonly { words: PlacedWord[] }[]): Partial<Record<'surname' | 'givenNames' | 'documentNumber', PrintedCandidate>> {
  const rows = rowsOf(lines)
  const at = rows.findIndex((row) => row.length <= 4 && row.some(isCode) && row.some(isNumber))
  if (at < 0) return {}
  const codeRow = rows[at]!
  const h = medianHeight(codeRow)
  const middle = (words: PlacedWord[]) => words.reduce((sum, w) => sum + w.box.y0 + w.box.y1, 0) / (2 * words.length)
  // The value rows under it: letters, as large as the code row's print, starting in its column.
  const column = codeRow[0]!.box.x0
  const values = rows.slice(at + 1)
    .map((row) => firstRun(row.filter((w) => w.box.x0 >= column - h)))
    .filter((run) => run.length > 0 && Math.abs(run[0]!.box.x0 - column) < h && medianHeight(run) > 0.7 * h && run.every((w) => /^[\p{L}'-]+$/u.test(w.text)))
  if (values.length < 2) return {}
  const [surname, givenNames] = values as [PlacedWord[], PlacedWord[]]
  const [pitch1, pitch2] = [middle(surname) - middle(codeRow), middle(givenNames) - middle(surname)]
  if (Math.abs(pitch1 - pitch2) > 0.25 * pitch2) return {}
  return { surname: candidateOf(surname), givenNames: candidateOf(givenNames), documentNumber: candidateOf([codeRow.find(isNumber)!]) }
}

/**
 * A value as read, and how sure OCR was of its least certain word (0..1). An `unsure` one was
 * found by its shape among others like it, not by its label or place: it may agree with the MRZ,
 * but its disagreement says nothing.
 */
export interface PrintedCandidate {
  text: string
  confidence: number
  unsure?: true
  /** The field's value only if `text`, printed next to it, is the MRZ's `field` (surname and given names stand one under the other). */
  beside?: { field: PrintedField, text: string }
}

export type PrintedText = Record<PrintedField, PrintedCandidate[]>

const candidateOf = (words: PlacedWord[]): PrintedCandidate => ({ text: words.map((w) => w.text).join(' '), confidence: Math.min(...words.map((w) => w.confidence)) })

/** A run of names: letters, hyphens and apostrophes only, OCR sure of it, and no label's word. */
const nameLike = (run: PlacedWord[], labelWords: Set<PlacedWord>) => run.every((w) => /^[\p{L}'’-]+$/u.test(w.text) && !labelWords.has(w)) &&
  run.reduce((n, w) => n + (w.text.match(/\p{L}/gu) ?? []).length, 0) >= 2 && Math.min(...run.map((w) => w.confidence)) >= SURE_NAME

/** OCR's least confidence in a name found by its place rather than its label. */
const SURE_NAME = 0.6

/**
 * Names by their place, for labels too small to read: ICAO 9303 prints the given names straight
 * under the surname, in its column, at the pitch of one label and one value. Each pair of name-like
 * runs so placed gives each the other's field, on condition that the other agrees with the MRZ;
 * every run of four letters or more may agree with either name.
 */
function namesByPlace (lines: readonly { words: PlacedWord[] }[], labelWords: Set<PlacedWord>): Partial<Record<PrintedField, PrintedCandidate[]>> {
  const runs = lines.flatMap((line) => runsOf(line.words)).filter((run) => nameLike(run, labelWords))
  const found: Record<'surname' | 'givenNames', PrintedCandidate[]> = { surname: [], givenNames: [] }
  for (const upper of runs) {
    const h = medianHeight(upper)
    const sameColumn = runs.filter((run) => run !== upper && Math.abs(run[0]!.box.x0 - upper[0]!.box.x0) < h &&
      Math.min(h, medianHeight(run)) > 0.75 * Math.max(h, medianHeight(run)) && run[0]!.box.y0 > upper[0]!.box.y0 + 0.5 * h)
    const lower = sameColumn.sort((a, b) => a[0]!.box.y0 - b[0]!.box.y0)[0]
    const [u, l] = [candidateOf(upper), lower && candidateOf(lower)]
    // One label and one value apart: further means a row between them was lost. The same name read twice is no pair.
    if (lower && l && lower[0]!.box.y0 - upper[0]!.box.y0 <= 4 * h && foldWord(u.text) !== foldWord(l.text)) {
      found.givenNames.push({ ...l, beside: { field: 'surname', text: u.text } })
      found.surname.push({ ...u, beside: { field: 'givenNames', text: l.text } })
    }
  }
  for (const run of runs.filter((r) => r.reduce((n, w) => n + w.text.length, 0) >= 4)) {
    found.surname.push({ ...candidateOf(run), unsure: true })
    found.givenNames.push({ ...candidateOf(run), unsure: true })
  }
  return found
}

/**
 * The printed values on a page, by label: the text after the label on its own line, or the nearest
 * line under it, in its column. Each field lists every candidate, nearest label first.
 */
export function printedValues (lines: readonly PlacedLine[]): PrintedText {
  const kept = joinFragments(lines.filter((line) => !isMrzLine(line)).map((line) => ({ words: splitWords(line.words.filter((w) => w.text !== '')) })))
    .map((line) => ({ words: joinSplitLabelWords(line.words) }))
  const labels = kept.flatMap((line, i) => labelsOf(line.words, i))
  const labelWords = new Set(labels.flatMap((l) => kept[l.line]!.words.slice(l.first, l.last + 1)))
  const values: PrintedText = { surname: [], givenNames: [], birthDate: [], documentNumber: [], expirationDate: [] }
  for (const label of labels) {
    if (label.field === 'other') continue
    const h = height(label.box)
    // The column ends where the next label on the same row starts.
    const nextOnRow = labels.filter((l) => l !== label && l.box.x0 > label.box.x1 && Math.min(l.box.y1, label.box.y1) - Math.max(l.box.y0, label.box.y0) > 0.3 * h)
    const columnEnd = Math.min(Infinity, ...nextOnRow.map((l) => l.box.x0))
    const under = kept
      .filter((candidate) => candidate !== kept[label.line])
      .map((candidate) => candidate.words.filter((w) => w.box.x0 >= label.box.x0 - 1.5 * h && w.box.x0 < columnEnd && w.box.y0 > label.box.y0 + 0.5 * h && /[\p{L}0-9]/u.test(w.text)))
      .filter((words) => words.length > 0)
      .map((words) => ({ run: firstRun(words), gap: Math.min(...words.map((w) => w.box.y0)) - label.box.y1 }))
      .filter(({ gap }) => gap > -0.5 * h && gap < 3 * h)
      .sort((a, b) => a.gap - b.gap)
    // A label under a label is the next field's: the value lies above it. A value starts under its
    // label, not further along the row, where a stamp's or a portrait's marks are read as letters.
    const nextLabel = under.find(({ run }) => run.some((w) => labelWords.has(w)))?.gap ?? Infinity
    const below = under.find(({ run, gap }) => gap < nextLabel && run[0]!.box.x0 <= label.box.x1 + 3 * h)
    if (below) values[label.field].push(candidateOf(below.run))
    // Or beside it, as "Surname: ERIKSSON".
    const after = kept[label.line]!.words.slice(label.last + 1).filter((w) => w.box.x1 <= columnEnd && !labelWords.has(w) && !isLabelJoiner(w.text))
    const sameLine = firstRun(after)
    if (sameLine.length > 0 && sameLine[0]!.box.x0 - label.box.x1 < 6 * h) values[label.field].push(candidateOf(sameLine))
  }
  // After the labels' values, the names and number by their places on a data page, and the dates by their order.
  for (const [field, candidate] of Object.entries(dataPageOrder(kept))) values[field as PrintedField].push(candidate)
  for (const [field, candidates] of Object.entries(namesByPlace(kept, labelWords))) values[field as PrintedField].push(...candidates)
  const dates = datesInOrder(kept)
  const ordered = birthAndExpiry(dates)
  if (ordered) {
    values.birthDate.push(ordered.birth)
    values.expirationDate.push(ordered.expiry)
  }
  // Last, every date and number-shaped value on the page, for a label lost under a stamp or to blur:
  // one of them may be the MRZ's. Found without its label, a number misread (6 as C on a photo) would
  // disagree as an edit does, so none of them can.
  const add = (field: PrintedField, candidates: PrintedCandidate[], sure: boolean) => {
    for (const candidate of candidates) {
      if (!values[field].some((found) => found.text === candidate.text)) values[field].push(sure ? candidate : { ...candidate, unsure: true })
    }
  }
  add('birthDate', dates.map(({ candidate }) => candidate), false)
  add('expirationDate', dates.map(({ candidate }) => candidate), false)
  add('documentNumber', kept.flatMap((line) => runsOf(line.words)).filter(numberShaped).map(candidateOf), false)
  return values
}
