import { bestAssignment } from './align.ts'
import { GENERIC_ORGANISATION_WORDS, PARTICLES } from './name-vocabulary.ts'
import { jaroWinkler } from '#shared/jaro-winkler.ts'
import { joinedNeighbours, type JoinedVariant, type PreparedName } from './prepared-name.ts'
import { consonantSkeleton } from './spelling.ts'
import { compareTokensCached, type CompareOptions, type Likeness, type TokenForms } from './token-similarity.ts'

/** Two words paired by the alignment. */
export interface WordPair {
  subject: string
  listed: string
  score: number
  likeness: Likeness
}

export interface NameComparison {
  /** 0..1, before date of birth, country and kind are weighed. */
  score: number
  /** The paired words, in the subject's order. */
  pairs: WordPair[]
  subjectWords: string[]
  listedWords: string[]
  /** For a person: the pair holding the subject's surname (its last word), or null when it found none. */
  surname: WordPair | null
}

// Two words below this likeness are different words, not a misspelling of one another.
export const MIN_WORD_LIKENESS = 0.85
// A person's first and last names identify; a middle name present on one side only costs little, while two
// different middle names are evidence of two people.
const EDGE_WEIGHT = 1
const MIDDLE_WEIGHT = 0.5
const MISSING_MIDDLE_WEIGHT = 0.15
const PARTICLE_WEIGHT = 0.1
const EXTRA_LISTED_WORD_COST = 0.08
// Arabic lists give father's and grandfather's names: several extra names together still cost little.
const EXTRA_LISTED_WORDS_COST_CAP = 0.25
const UNANCHORED_LISTED_WORD_COST = 0.5
const GENERIC_WORD_WEIGHT = 0.4
// Joining neighbouring words is tried only for names that already share something and are not yet near-identical,
// and counts only when the other name's word is both parts written as one ('abdul rahman' = 'abdulrahman').
const TRY_JOINS_BELOW = 0.95
const JOINED_PART_LIKENESS = 0.8

/** How alike a subject's name is to one listed name, word by word. */
export function compareNames (subject: PreparedName, listed: PreparedName): NameComparison {
  const options: CompareOptions = {
    acrossAbjad: subject.normalised.abjad !== listed.normalised.abjad,
    initials: subject.kind === 'person' && listed.kind === 'person',
  }
  const score = subject.kind === 'person' ? scorePersonWords : scoreOrganisationWords
  let best = score(subject.words, listed.words, options)
  if (best.score >= TRY_JOINS_BELOW || best.pairs.length === 0) return best
  // A joined variant counts only when its joined word pairs with a word that is both its parts, so only a variant
  // for which the other name has such a word is scored: the same result as scoring all, for a fraction of the work.
  for (const variant of joinedNeighbours(subject)) {
    if (!listed.words.some((word) => isWholeWord(variant, word.token, options))) continue
    const joined = score(variant.words, listed.words, options)
    const pair = joined.pairs.find((candidate) => candidate.subject === variant.words[variant.index]!.token)
    if (pair !== undefined && isWholeWord(variant, pair.listed, options)) best = higher(best, joined)
  }
  for (const variant of joinedNeighbours(listed)) {
    if (!subject.words.some((word) => isWholeWord(variant, word.token, options))) continue
    const joined = score(subject.words, variant.words, options)
    const pair = joined.pairs.find((candidate) => candidate.listed === variant.words[variant.index]!.token)
    if (pair !== undefined && isWholeWord(variant, pair.subject, options)) best = higher(best, joined)
  }
  return best
}

/** Whether `word` begins like the first joined part and ends like the second: 'abdulrahman' for 'abdul' + 'rahman'. */
function isWholeWord (variant: JoinedVariant, word: string, options: CompareOptions): boolean {
  const [head, tail] = variant.parts
  // A misspelling may shift where the second part begins by a letter either way.
  const fits = (first: string, second: string, whole: string) => whole.length >= first.length + second.length - 1 &&
    [-1, 0, 1].some((shift) => jaroWinkler(first, whole.slice(0, first.length + shift)) >= JOINED_PART_LIKENESS) &&
    [-1, 0, 1].some((shift) => jaroWinkler(second, whole.slice(Math.max(0, whole.length - second.length - shift))) >= JOINED_PART_LIKENESS)
  if (fits(head.token, tail.token, word)) return true
  const [headConsonants, tailConsonants] = [head.skeletons[0]!, tail.skeletons[0]!]
  return options.acrossAbjad && headConsonants !== '' && tailConsonants !== '' && fits(headConsonants, tailConsonants, consonantSkeleton(word))
}

function scorePersonWords (subject: TokenForms[], listed: TokenForms[], options: CompareOptions): NameComparison {
  const isEdge = (index: number) => index === 0 || index === subject.length - 1
  const isMiddleParticle = (words: TokenForms[], index: number) => index > 0 && index < words.length - 1 && PARTICLES.has(words[index]!.token)
  const weight = (index: number) => isEdge(index) ? EDGE_WEIGHT : isMiddleParticle(subject, index) ? PARTICLE_WEIGHT : MIDDLE_WEIGHT
  const { paired, pairedListed } = align(subject, listed, options, (index) => weight(index))
  // Both the first and the last name found: the listed name's other words are further names, not a different person.
  const anchored = subject.length > 1 && paired[0] !== null && paired[subject.length - 1] !== null
  let particlesLeft = 0
  let listedLeftWords = 0
  listed.forEach((_, index) => {
    if (pairedListed.has(index)) return
    if (isMiddleParticle(listed, index)) particlesLeft++
    else listedLeftWords++
  })
  const listedLeftCost = particlesLeft * PARTICLE_WEIGHT / 2 +
    (anchored ? Math.min(EXTRA_LISTED_WORDS_COST_CAP, listedLeftWords * EXTRA_LISTED_WORD_COST) : listedLeftWords * UNANCHORED_LISTED_WORD_COST)
  let matched = 0
  let total = listedLeftCost
  paired.forEach((pair, index) => {
    const missingMiddle = pair === null && !isEdge(index) && !isMiddleParticle(subject, index) && listedLeftWords === 0
    const wordWeight = missingMiddle ? MISSING_MIDDLE_WEIGHT : weight(index)
    total += wordWeight
    if (pair !== null) matched += wordWeight * pair.score
  })
  return comparison(total === 0 ? 0 : matched / total, paired, subject, listed, paired[subject.length - 1] ?? null)
}

function scoreOrganisationWords (subject: TokenForms[], listed: TokenForms[], options: CompareOptions): NameComparison {
  const weight = (word: TokenForms) => GENERIC_ORGANISATION_WORDS.has(word.token) ? GENERIC_WORD_WEIGHT : 1
  const { paired, assignment } = align(subject, listed, options, (index) => weight(subject[index]!))
  let matched = 0
  let total = 0
  for (const word of subject) total += weight(word)
  for (const word of listed) total += weight(word)
  paired.forEach((pair, index) => {
    if (pair !== null) matched += pair.score * (weight(subject[index]!) + weight(listed[assignment[index]!]!))
  })
  return comparison(total === 0 ? 0 : matched / total, paired, subject, listed, null)
}

function align (subject: TokenForms[], listed: TokenForms[], options: CompareOptions, weight: (index: number) => number) {
  const likeness = subject.map((a) => listed.map((b) => compareTokensCached(a, b, options)))
  const credit = likeness.map((row, index) => row.map((cell) => cell.score >= MIN_WORD_LIKENESS ? cell.score * weight(index) : 0))
  const assignment = bestAssignment(credit, listed.length)
  const pairedListed = new Set(assignment.filter((column) => column !== -1))
  const paired = assignment.map((column, index): WordPair | null => column === -1
    ? null
    : { subject: subject[index]!.token, listed: listed[column]!.token, ...likeness[index]![column]! })
  return { paired, pairedListed, assignment }
}

function comparison (score: number, paired: (WordPair | null)[], subject: TokenForms[], listed: TokenForms[], surname: WordPair | null): NameComparison {
  const pairs = paired.filter((pair) => pair !== null)
  return { score, pairs, subjectWords: subject.map((word) => word.token), listedWords: listed.map((word) => word.token), surname }
}

function higher (current: NameComparison, candidate: NameComparison): NameComparison {
  return candidate.score > current.score ? candidate : current
}
