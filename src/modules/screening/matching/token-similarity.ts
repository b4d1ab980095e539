import { editDistance, jaroWinkler } from '#shared/jaro-winkler.ts'
import { consonantReadings, phoneticCodes, spellingKey } from './spelling.ts'

/** One normalised word of a name with the forms it is compared in, computed once. */
export interface TokenForms {
  token: string
  key: string
  /** Consonant readings (consonantReadings), the usual one first. */
  skeletons: string[]
  phonetic: string[]
}

/** How two words were found alike, for the explanation. */
export type Likeness = 'exact' | 'spelling' | 'similar' | 'phonetic' | 'initial' | 'consonants'

export interface TokenLikeness {
  score: number
  likeness: Likeness
}

export interface CompareOptions {
  /** Exactly one side was written in Arabic or Hebrew script: compare consonants. */
  acrossAbjad: boolean
  /** A lone letter may stand for a given name (persons). */
  initials: boolean
}

export const SAME_SPELLING_KEY = 0.95
export const SAME_CONSONANTS = 0.92
export const SAME_SINGLE_CONSONANT = 0.85
export const SAME_SOUND = 0.9
export const INITIAL = 0.9
const UNLIKE: TokenLikeness = { score: 0, likeness: 'similar' }

export function tokenForms (token: string): TokenForms {
  return { token, key: spellingKey(token), skeletons: consonantReadings(token), phonetic: phoneticCodes(token) }
}

// The same pairs of words recur across a candidate's aliases, their joined variants and the next screenings.
const PAIR_CACHE_LIMIT = 50_000
const pairCache = new Map<string, TokenLikeness>()

/** compareTokens, remembered: a thread screening a list meets the same pairs of words again and again. */
export function compareTokensCached (a: TokenForms, b: TokenForms, options: CompareOptions): TokenLikeness {
  const key = `${options.acrossAbjad ? 1 : 0}${options.initials ? 1 : 0}${a.token}\u0000${b.token}`
  const cached = pairCache.get(key)
  if (cached !== undefined) return cached
  const likeness = compareTokens(a, b, options)
  if (pairCache.size >= PAIR_CACHE_LIMIT) pairCache.clear()
  pairCache.set(key, likeness)
  return likeness
}

/** How alike two words of a name are, 0..1, and why. */
export function compareTokens (a: TokenForms, b: TokenForms, options: CompareOptions): TokenLikeness {
  if (a.token === b.token) return { score: 1, likeness: 'exact' }
  if (a.token.length === 1 || b.token.length === 1) return compareInitial(a.token, b.token, options)
  if (options.acrossAbjad) return compareConsonants(a.skeletons, b.skeletons)
  if (a.key === b.key) return { score: SAME_SPELLING_KEY, likeness: 'spelling' }
  const evenLength = isEvenLength(a.token, b.token)
  const longest = Math.max(a.token.length, b.token.length)
  // Both ways below need even lengths and an edit budget of at most a third of the letters, and an edit distance is
  // at least the difference in length: most pairs of a long name's words are told apart before the quadratic part.
  const budget = Math.max(1, Math.floor(longest / 3))
  if (!evenLength || (Math.abs(a.token.length - b.token.length) > budget && Math.abs(a.key.length - b.key.length) > budget)) return UNLIKE
  const distance = Math.min(editDistance(a.token, b.token), editDistance(a.key, b.key))
  // Jaro-Winkler ranks; an edit budget that grows with length keeps out names that merely begin or end alike
  // ('Vladislav' and 'Vladimir', 'Ivan' and 'Ivanov', 'Yanukovych' and 'Maksymovych'). Names that begin differently get one slip only
  // ('Levchenko' is not 'Savchenko'): transliterations that change the first letter are folded by the keys.
  const sameStart = a.key[0] === b.key[0]
  let best = UNLIKE
  if (evenLength && distance <= (sameStart ? Math.max(1, Math.floor(longest / 4)) : 1)) {
    best = { score: Math.max(jaroWinkler(a.token, b.token), jaroWinkler(a.key, b.key)), likeness: 'similar' }
  }
  if (best.score < SAME_SOUND && soundAlike(a, b) && distance <= Math.max(1, Math.floor(longest / 3)) && evenLength) {
    best = { score: SAME_SOUND, likeness: 'phonetic' }
  }
  return best
}

function compareInitial (a: string, b: string, options: CompareOptions): TokenLikeness {
  if (!options.initials || a[0] !== b[0]) return UNLIKE
  return { score: INITIAL, likeness: 'initial' }
}

// Codes of one or two letters ('L' for Lee, Li and Liu) say too little to call two names alike.
function soundAlike (a: TokenForms, b: TokenForms): boolean {
  return a.phonetic.some((code) => code.length >= 3 && b.phonetic.includes(code))
}

// Without vowels few letters remain: only the same consonants, or one slip in four or more, count, and a single
// consonant ('l' of Ali, علي) is weaker evidence than several.
function compareConsonants (a: readonly string[], b: readonly string[]): TokenLikeness {
  const shared = a.find((reading) => reading !== '' && b.includes(reading))
  if (shared !== undefined) return { score: shared.length === 1 ? SAME_SINGLE_CONSONANT : SAME_CONSONANTS, likeness: 'consonants' }
  const [first, second] = [a[0]!, b[0]!]
  if (Math.min(first.length, second.length) < 4 || editDistance(first, second) > 1) return UNLIKE
  return { score: SAME_CONSONANTS * jaroWinkler(first, second), likeness: 'consonants' }
}

// Words of clearly different length ('Qianghua' and 'Qiang', 'Ali' and 'al') are not one name however alike they look or sound.
const EVEN_LENGTHS = 0.75
function isEvenLength (a: string, b: string): boolean {
  return Math.min(a.length, b.length) / Math.max(a.length, b.length) >= EVEN_LENGTHS
}
