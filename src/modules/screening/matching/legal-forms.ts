import { editDistance } from '#shared/jaro-winkler.ts'
import { LEGAL_FORMS, LEGAL_FORM_PHRASES, ORGANISATION_STOPWORDS } from './name-vocabulary.ts'

// 'Compnay', 'Limted', 'Joinr Stock': a legal-form word one slip away is still that word, not a name. Short forms
// ('Ccrp', 'Ltda' → 'Lda') are only taken for mistyped where a legal form stands, at the end, as 'Karl' is a name.
const MISTYPED_FROM_LENGTH = 5
const SHORT_MISTYPED_FROM_LENGTH = 4
const LONG_LEGAL_FORMS = [...LEGAL_FORMS].filter((form) => form.length >= MISTYPED_FROM_LENGTH)
const SHORT_LEGAL_FORMS = [...LEGAL_FORMS].filter((form) => form.length >= SHORT_MISTYPED_FROM_LENGTH)

/** An organisation's words without legal forms ('ooo', 'limited liability company') and joining words ('and'). */
export function withoutLegalForms (words: readonly string[]): string[] {
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
