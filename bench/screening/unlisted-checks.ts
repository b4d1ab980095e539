// An unlisted name must be a different name, not a variant the evaluation expects to match: it shares at most one
// identifying name with any listed person (a first name or a surname), and is not one slip of the keyboard away
// from a listed name, word for word (Wang Lei against a listed Wang Wei would be that slip).
import { distinctiveWordsOf, type Organisation } from './organisations.ts'
import { conceptsOf, stripAccents, type Person } from './people.ts'

export function isDistinctPerson (person: Person, listed: readonly Person[]): boolean {
  const concepts = new Set(conceptsOf(person))
  const words = latinWords(person)
  return listed.every((other) => {
    const otherConcepts = conceptsOf(other)
    const shared = otherConcepts.filter((concept) => concepts.has(concept)).length
    if (shared >= 2 || (shared >= 1 && (concepts.size === 1 || otherConcepts.length === 1))) return false
    return !isOneSlipAway(words, latinWords(other))
  })
}

export function isDistinctOrganisation (organisation: Organisation, listed: readonly Organisation[]): boolean {
  const words = distinctiveWordsOf(organisation)
  return listed.every((other) => {
    const otherWords = distinctiveWordsOf(other)
    const shared = otherWords.filter((word) => words.includes(word)).length
    if (shared >= 2 || shared === Math.max(words.length, otherWords.length)) return false
    return !isOneSlipAway(words, otherWords)
  })
}

function latinWords (person: Person): string[] {
  return [...person.given, ...person.surname].flatMap((part) => stripAccents(part.spellings[0]!).toLowerCase().split(/[^a-z]+/)).filter((word) => word !== '')
}

/** Every word of `words` is within one edit of some word of `other`. */
function isOneSlipAway (words: string[], other: string[]): boolean {
  return words.length > 0 && words.every((word) => other.some((candidate) => editDistance(word, candidate) <= 1))
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring). */
function editDistance (a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i === 0 ? j : j === 0 ? i : 0))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = value
    }
  }
  return rows[a.length]![b.length]!
}
