import type { ListEntry } from './lists/index.ts'
import { consonantReadings, normaliseName, type NameKind, PARTICLES, phoneticCodes, type ScreeningSubject, spellingKey } from './matching/index.ts'
import type { QueryWord, WordKey } from './screening.repository.ts'

export const kindOfSchema = (schema: string): NameKind => schema === 'Person' ? 'person' : 'organization'

/** The distinct normalised words of every name of a listed entry: what it is found by. */
export function entryTokens (entry: Pick<ListEntry, 'schema' | 'name' | 'aliases'>): string[] {
  const kind = kindOfSchema(entry.schema)
  return [...new Set([entry.name, ...entry.aliases].flatMap((name) => normaliseName(name, kind).tokens))]
}

/**
 * The keys two spellings of one name share: the spelling folded across transliteration systems
 * ('jussupow' and 'yusupov'), that folded spelling less any one letter for words of four letters or
 * more (one typo: 'pegn' and 'peng' share 'pen'), every consonant reading ('mhmd' for محمد and
 * 'Mohammed'), the Double Metaphone sound. Prefixes keep the kinds apart.
 */
export function wordKeys (token: string): string[] {
  const spelling = spellingKey(token)
  const keys = new Set([`s:${spelling}`])
  if (spelling.length >= 4) for (let i = 0; i < spelling.length; i++) keys.add(`s:${spelling.slice(0, i)}${spelling.slice(i + 1)}`)
  for (const consonants of consonantReadings(token)) if (consonants.length >= 2) keys.add(`c:${consonants}`)
  const sound = phoneticCodes(token)[0]
  if (sound) keys.add(`p:${sound}`)
  return [...keys]
}

export function keysOfWords (tokens: readonly string[]): WordKey[] {
  return tokens.flatMap((token) => wordKeys(token).map((key) => ({ key, token })))
}

/**
 * The subject's words as the candidate query takes them, and how many a candidate must have near
 * them: two when the name has two words that are not initials or particles (al, van, de…: nearly
 * every Arabic name shares al), else one.
 */
export function queryWordsOf (subject: ScreeningSubject): { words: QueryWord[], minWords: number } {
  const name = normaliseName(subject.name, subject.kind)
  const words = [...new Set(name.tokens)].filter((token) => token.length > 1 && !PARTICLES.has(token)).map((token): QueryWord => ({ token, keys: wordKeys(token) }))
  return { words, minWords: Math.min(2, words.length) }
}
