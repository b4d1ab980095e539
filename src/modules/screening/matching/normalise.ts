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
const SYLLABIC_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u
// Marks are stripped only where they are accents or unwritten vowels; on Cyrillic and Indic letters they carry sound (й, ि).
const STRIPPABLE_MARK = /(?<=[\p{Script=Latin}\p{Script=Arabic}\p{Script=Hebrew}])\p{M}+/gu
// O'Brien, D'Angelo and the ayn of ʿAbbas join the letters around them.
const APOSTROPHES = /['`’‘ʼʻʿʾ´]/g
// Greek ου is one sound, 'ou' (Papadopoulos); any-ascii writes it letter by letter, 'oy'.
const GREEK_OU = /[οΟ][υΥύ]/g
// 'S.A.', 'L.L.C.': the letters of a dotted abbreviation are one word.
const DOTTED_ABBREVIATION = /\b(?:[a-z]\.){1,}[a-z]\b\.?/g

/**
 * The folded, transliterated, lower-case words of a name, without titles (persons) or legal forms (organisations);
 * the dropped words are kept when nothing else is left. Hyphens separate words ('Jean-Pierre' → 'jean pierre'):
 * the joined spelling is met when comparing, by joining neighbouring words.
 */
export function normaliseName (raw: string, kind: NameKind): NormalisedName {
  const abjad = ABJAD_SCRIPT.test(raw)
  let text = toAscii(kind === 'person' ? surnameLast(raw) : raw).toLowerCase().replace(APOSTROPHES, '')
  if (kind === 'organization') text = text.replace(DOTTED_ABBREVIATION, (abbreviation) => abbreviation.replaceAll('.', ''))
  const words = joinServantOf(separateArticle(text).split(/[^a-z0-9]+/).filter((word) => word !== ''))
  const kept = kind === 'person' ? words.filter((word) => !PERSON_TITLES.has(word)) : withoutLegalForms(words)
  const tokens = kept.length > 0 ? kept : words
  return { tokens, text: tokens.join(' '), abjad }
}

/** Latin letters lose their accents; every other script is transliterated, one syllable per CJK character. */
function toAscii (raw: string): string {
  const composed = foldArabicLetters(foldArabicWords(raw.normalize('NFKC').replace(GREEK_OU, 'ou')).normalize('NFKD').replace(STRIPPABLE_MARK, '').normalize('NFC'))
  let spaced = ''
  for (const character of composed) spaced += SYLLABIC_SCRIPT.test(character) ? ` ${character} ` : character
  return anyAscii(spaced)
}

/** 'PUTIN, Vladimir Vladimirovich' as lists print it becomes 'Vladimir Vladimirovich PUTIN'. */
function surnameLast (raw: string): string {
  const comma = raw.indexOf(',')
  if (comma <= 0) return raw
  const surname = raw.slice(0, comma).trim()
  const given = raw.slice(comma + 1).trim()
  return given === '' ? surname : `${given} ${surname}`
}
