import type { NameComparison, WordPair } from './name-similarity.ts'
import type { NameKind } from './normalise.ts'
import type { Likeness } from './token-similarity.ts'

const SAYS: Record<Likeness, string> = {
  exact: 'is',
  spelling: 'is a spelling of',
  similar: 'is close to',
  phonetic: 'sounds like',
  initial: 'is the initial of',
  consonants: 'has the consonants of',
}
// The verb speaks of the name alone: 'matches' from the default threshold, 'partly' from where one of two names agrees.
const MATCHES_FROM = 0.85
const PARTLY_MATCHES_FROM = 0.6
const NOTES_SHOWN = 2

/** "Name 'V Putin' matches listed 'Vladimir Putin' (2 of 2 names, surname exact; 'v' is the initial of 'vladimir')". */
export function explainName (subjectName: string, listedName: string, kind: NameKind, comparison: NameComparison): string {
  const verb = comparison.score >= MATCHES_FROM ? 'matches' : comparison.score >= PARTLY_MATCHES_FROM ? 'partly matches' : 'does not match'
  const listedCount = comparison.listedWords.length
  const unit = kind === 'person' ? (listedCount === 1 ? 'name' : 'names') : (listedCount === 1 ? 'word' : 'words')
  const parts = [`${comparison.pairs.length} of ${listedCount} ${unit}`]
  if (kind === 'person' && comparison.subjectWords.length > 1) parts.push(describeSurname(comparison.surname))
  const notes = comparison.pairs.filter((pair) => pair.likeness !== 'exact' && pair !== comparison.surname).slice(0, NOTES_SHOWN).map(describePair)
  const details = notes.length === 0 ? parts.join(', ') : `${parts.join(', ')}; ${notes.join('; ')}`
  return `Name '${subjectName}' ${verb} listed '${listedName}' (${details})`
}

function describeSurname (surname: WordPair | null): string {
  if (surname === null) return 'surname not found'
  return surname.likeness === 'exact' ? 'surname exact' : `surname ${describePair(surname)}`
}

function describePair (pair: WordPair): string {
  return `'${pair.subject}' ${SAYS[pair.likeness]} '${pair.listed}'`
}
