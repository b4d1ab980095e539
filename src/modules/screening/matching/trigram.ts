import { normaliseName, type NormalisedName } from './normalise.ts'
import type { ScreeningSubject } from './score.ts'
import { consonantSkeleton } from './spelling.ts'

// Candidate search, measured with bench/screening/candidate-recall.ts on the evaluation set (pg_trgm semantics):
// - whole names: `similarity(listed_text, query_text) >= 0.3` (pg_trgm's default `%`) finds the expected entry for
//   about 92 % of the variants; 0.2 for about 97 % at several times the candidates. Word order and extra middle names
//   dilute a whole-name similarity, so prefer words:
// - words (each query word against each listed word, `token % word` at 0.3, or the same Double Metaphone code, or for
//   a query in Arabic or Hebrew script the same consonants), keeping entries that have at least min(2, words) near
//   words: about 99 % of the variants reach the scorer. Leave particles ('al', 'bin', 'van') and initials out of the
//   query words, or nearly every Arabic entry shares 'al'.

/** The normalised text whose trigrams find the subject's candidates; for a name written without vowels, its consonants. */
export function trigramQueryText (subject: ScreeningSubject): string {
  const name = normaliseName(subject.name, subject.kind)
  return name.abjad ? consonantText(name) : name.text
}

/**
 * The consonants of each word of a normalised name, joined by ' ' ('mohammed al rashid' → 'mhmd l rshd'): what a
 * query written in Arabic or Hebrew script is compared with, since the list's Latin spellings carry vowels it lacks.
 */
export function consonantText (name: NormalisedName): string {
  return name.tokens.map(consonantSkeleton).filter((consonants) => consonants !== '').join(' ')
}
