import anyAscii from 'any-ascii'
import { foldArabicLetters, foldArabicWords, joinServantOf, separateArticle } from './arabic-names.ts'
import { withoutLegalForms } from './legal-forms.ts'
import { PERSON_TITLES } from './name-vocabulary.ts'

export type NameKind = 'person' | 'organization'

export interface NormalisedName {
  tokens: string[]
  /** The tokens joined by ' ': what the trigram index stores. */
  text: string
  /** Written in Arabic or Hebrew script, where vowels go unwritten: compare consonants only. */
  abjad: boolean
}

const ABJAD_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u
// Marks are stripped only where they are accents or unwritten vowels; on Cyrillic and Indic letters they carry sound (й, ि).
const STRIPPABLE_MARK = /(?<=[\p{Script=Latin}\p{Script=Arabic}\p{Script=Hebrew}])\p{M}+/gu
// O'Brien, D'Angelo and the ayn of ʿAbbas join the letters around them.
const APOSTROPHES = /['`’‘ʼʻʿʾ´]/g
// Greek ου is one sound, 'ou' (Papadopoulos); any-ascii writes it letter by letter, 'oy'.
const GREEK_OU = /[οΟ][υΥύ]/g
// 'S.A.', 'L.L.C.': the letters of a dotted abbreviation are one word.
const DOTTED_ABBREVIATION = /\b(?:[a-z]\.){1,}[a-z]\b\.?/g
// Bounds on what one name costs to compare, whoever wrote it: the longest names on the lists (an Arabic name with its
// father's and grandfather's, a state company's full title) fit in 300 characters and 12 words.
export const MAX_NAME_CHARACTERS = 300
export const MAX_NAME_WORDS = 12
// Edit distance is quadratic in a word's length; no name's word comes near 40 letters.
export const MAX_WORD_LETTERS = 40
// A name in Chinese, Japanese or Korean characters is read a syllable a word (王小明 'wang xiao ming') so that it meets
// 'Wang Xiaoming' and 'Xiaoming Wang'; a longer run is no personal name and is one word, or each character would be one.
const SYLLABLES_APART_UP_TO = 4
const SYLLABIC_RUN = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]+/gu

/**
 * The folded, transliterated, lower-case words of a name, without titles (persons) or legal forms (organisations);
 * the dropped words are kept when nothing else is left. Hyphens separate words ('Jean-Pierre' → 'jean pierre'):
 * the joined spelling is met when comparing, by joining neighbouring words.
 */
export function normaliseName (raw: string, kind: NameKind): NormalisedName {
  const bounded = boundedLength(raw)
  const abjad = ABJAD_SCRIPT.test(bounded)
  let text = toAscii(kind === 'person' ? surnameLast(bounded) : bounded).toLowerCase().replace(APOSTROPHES, '')
  if (kind === 'organization') text = text.replace(DOTTED_ABBREVIATION, (abbreviation) => abbreviation.replaceAll('.', ''))
  const words = joinServantOf(separateArticle(text).split(/[^a-z0-9]+/).filter((word) => word !== ''))
  const kept = kind === 'person' ? words.filter((word) => !PERSON_TITLES.has(word)) : withoutLegalForms(words)
  const tokens = boundedWords(kept.length > 0 ? kept : words)
  return { tokens, text: tokens.join(' '), abjad }
}

/** Latin letters lose their accents; every other script is transliterated, short CJK runs a syllable a word. */
function toAscii (raw: string): string {
  const composed = foldArabicLetters(foldArabicWords(raw.normalize('NFKC').replace(GREEK_OU, 'ou')).normalize('NFKD').replace(STRIPPABLE_MARK, '').normalize('NFC'))
  const spaced = composed.replace(SYLLABIC_RUN, (run) => {
    const characters = [...run]
    return characters.length <= SYLLABLES_APART_UP_TO ? ` ${characters.join(' ')} ` : ` ${anyAscii(run).replace(/\s+/g, '')} `
  })
  return anyAscii(spaced)
}

/** The first MAX_NAME_CHARACTERS of a name, never ending inside a character of two code units. */
function boundedLength (raw: string): string {
  if (raw.length <= MAX_NAME_CHARACTERS) return raw
  const cut = raw.slice(0, MAX_NAME_CHARACTERS)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** At most MAX_NAME_WORDS words of at most MAX_WORD_LETTERS: the first ones and the last (a person's surname). */
function boundedWords (words: string[]): string[] {
  const kept = words.length <= MAX_NAME_WORDS ? words : [...words.slice(0, MAX_NAME_WORDS - 1), words.at(-1)!]
  return kept.map((word) => word.length > MAX_WORD_LETTERS ? word.slice(0, MAX_WORD_LETTERS) : word)
}

/** 'PUTIN, Vladimir Vladimirovich' as lists print it becomes 'Vladimir Vladimirovich PUTIN'. */
function surnameLast (raw: string): string {
  const comma = raw.indexOf(',')
  if (comma <= 0) return raw
  const surname = raw.slice(0, comma).trim()
  const given = raw.slice(comma + 1).trim()
  return given === '' ? surname : `${given} ${surname}`
}
