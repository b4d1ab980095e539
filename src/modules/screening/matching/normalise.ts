import anyAscii from 'any-ascii'
import { editDistance } from './jaro-winkler.ts'
import { LEGAL_FORMS, LEGAL_FORM_PHRASES, ORGANISATION_STOPWORDS, PERSON_TITLES } from './name-vocabulary.ts'

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
const APOSTROPHES = /['`’‘ʼʻʿʾ´]/g
// The Arabic article is a word of its own, however written: 'al-Rashid', 'ar-Rashid' (assimilated) and الرشيد all
// read 'al rashid' (Arabic script: 'al rshyd'). A query often leaves the article out, and as a separate word it can weigh
// little; a list's 'Alrashid' is met by joining neighbouring words when comparing. الله (Allah) keeps its letters.
const ARABIC_ARTICLE = /(?<!\p{Script=Arabic})ال(?!له)(?=\p{Script=Arabic}{2})/gu
// آل ('family of', Al Saud) before its madda is stripped as an accent.
const ARABIC_FAMILY = /(?<!\p{Script=Arabic})آل(?!\p{Script=Arabic})/gu
// 'Abd al-Aziz', 'Abdul Aziz', 'Abdel-Aziz', 'Abdulaziz', عبد العزيز: one name, however split; written 'abdul…'.
const ARABIC_SERVANT_OF = /(?<!\p{Script=Arabic})عبد\s*ال/gu
const SERVANT_OF_WORDS = new Set(['abd', 'abdul', 'abdel', 'abdal', 'abdol', 'abdu'])
const SERVANT_OF_PREFIX = /^abd(?:[aeiou]l|[aeiou](?=([dnrstz])\1)|[aeiou])?/
const ARTICLES = new Set(['al', 'el', 'ul'])
// any-ascii writes alif as nothing; as 'a' it keeps apart the consonants it stands between (طلال 'tlal', Talal).
const ALIF = /ا/g
const ARTICLE_ASSIMILATED = /\ba([dnrstz]h?)-(?=\1)/g
const DOTTED_ABBREVIATION = /\b(?:[a-z]\.){1,}[a-z]\b\.?/g

/** The folded, transliterated, lower-case words of a name, without titles (persons) or legal forms (organisations). */
export function normaliseName (raw: string, kind: NameKind): NormalisedName {
  const abjad = ABJAD_SCRIPT.test(raw)
  let text = toAscii(kind === 'person' ? surnameLast(raw) : raw).toLowerCase().replace(APOSTROPHES, '')
  if (kind === 'organization') text = text.replace(DOTTED_ABBREVIATION, (abbreviation) => abbreviation.replaceAll('.', ''))
  text = text.replace(ARTICLE_ASSIMILATED, 'al ')
  const words = joinServantOf(text.split(/[^a-z0-9]+/).filter((word) => word !== ''))
  const kept = kind === 'person' ? words.filter((word) => !PERSON_TITLES.has(word)) : withoutLegalForms(words)
  const tokens = kept.length > 0 ? kept : words
  return { tokens, text: tokens.join(' '), abjad }
}

/** Latin letters lose their accents; every other script is transliterated, one syllable per CJK character. */
function toAscii (raw: string): string {
  const composed = raw.normalize('NFKC').replace(ARABIC_FAMILY, 'al').replace(ARABIC_SERVANT_OF, 'abdul')
    .normalize('NFKD').replace(STRIPPABLE_MARK, '').normalize('NFC').replace(ARABIC_ARTICLE, 'al ').replace(ALIF, 'a')
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

function joinServantOf (words: string[]): string[] {
  const joined: string[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    if (SERVANT_OF_WORDS.has(word) && i + 1 < words.length) {
      const skip = ARTICLES.has(words[i + 1]!) && i + 2 < words.length ? 1 : 0
      const name = words[i + 1 + skip]!
      joined.push(`abdul${name === 'allah' ? 'lah' : name}`)
      i += 1 + skip
    } else {
      // 'Abdurrahman' keeps one r: the doubled letter is the assimilated article.
      const prefix = SERVANT_OF_PREFIX.exec(word)
      joined.push(prefix !== null && word.length > prefix[0].length + 2 ? `abdul${word.slice(prefix[0].length + (prefix[1] === undefined ? 0 : 1))}` : word)
    }
  }
  return joined
}

function withoutLegalForms (words: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < words.length; i++) {
    const phrase = LEGAL_FORM_PHRASES.find((candidate) => candidate.every((word, offset) => isLegalWord(word, words[i + offset])))
    if (phrase !== undefined) {
      i += phrase.length - 1
      continue
    }
    const word = words[i]!
    if (!LEGAL_FORMS.has(word) && !ORGANISATION_STOPWORDS.has(word) && !isMistypedLegalForm(word, i === words.length - 1)) kept.push(word)
  }
  return kept
}

// 'Compnay', 'Limted', 'Joinr Stock': a legal-form word one slip away is still that word, not a name. Short forms
// ('Ccrp', 'Ltda' → 'Lda') are only taken for mistyped where a legal form stands, at the end, as 'Karl' is a name.
const MISTYPED_FROM_LENGTH = 5
const SHORT_MISTYPED_FROM_LENGTH = 4
const LONG_LEGAL_FORMS = [...LEGAL_FORMS].filter((form) => form.length >= MISTYPED_FROM_LENGTH)
const SHORT_LEGAL_FORMS = [...LEGAL_FORMS].filter((form) => form.length >= SHORT_MISTYPED_FROM_LENGTH)
function isMistypedLegalForm (word: string, isLast: boolean): boolean {
  if (word.length >= MISTYPED_FROM_LENGTH && LONG_LEGAL_FORMS.some((form) => isLegalWord(form, word))) return true
  return isLast && word.length >= SHORT_MISTYPED_FROM_LENGTH - 1 && SHORT_LEGAL_FORMS.some((form) => isOneSlip(form, word))
}

function isLegalWord (form: string, word: string | undefined): boolean {
  if (word === undefined) return false
  return form === word || (form.length >= MISTYPED_FROM_LENGTH && isOneSlip(form, word))
}

function isOneSlip (form: string, word: string): boolean {
  return Math.abs(form.length - word.length) <= 1 && editDistance(form, word) <= 1
}
