import type { ListEntry } from './lists/index.ts'
import { normaliseName, type NameKind, type ScreeningSubject } from './matching/index.ts'
import { consonantSkeleton, phoneticCodes } from './matching/spelling.ts'
import type { QueryWord, VocabularyWord } from './screening.repository.ts'

export const kindOfSchema = (schema: string): NameKind => schema === 'Person' ? 'person' : 'organization'

/** The distinct normalised words of every name of a listed entry: what it is found by. */
export function entryTokens (entry: Pick<ListEntry, 'schema' | 'name' | 'aliases'>): string[] {
  const kind = kindOfSchema(entry.schema)
  return [...new Set([entry.name, ...entry.aliases].flatMap((name) => normaliseName(name, kind).tokens))]
}

export function vocabularyWord (token: string): VocabularyWord {
  return { token, consonants: consonantSkeleton(token), sound: phoneticCodes(token)[0] ?? '' }
}

/**
 * The subject's words as the candidate query takes them, and how many of them a candidate must
 * share: two when the name has two words that are not initials (a given name and a surname), else one.
 */
export function queryWordsOf (subject: ScreeningSubject): { words: QueryWord[], minWords: number } {
  const name = normaliseName(subject.name, subject.kind)
  const words = [...new Set(name.tokens)].filter((token) => token.length > 1).map((token, i): QueryWord => {
    const sound = phoneticCodes(token)[0] ?? ''
    return { i, token, consonants: name.abjad ? consonantSkeleton(token) : null, sound: sound === '' ? null : sound }
  })
  return { words, minWords: Math.min(2, words.length) }
}
