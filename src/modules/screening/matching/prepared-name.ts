import { normaliseName, type NameKind, type NormalisedName } from './normalise.ts'
import { tokenForms, type TokenForms } from './token-similarity.ts'

/** A name normalised once, with each word's comparison forms: the unit the scorer compares. */
export interface PreparedName {
  published: string
  kind: NameKind
  normalised: NormalisedName
  words: TokenForms[]
  /** joinedNeighbours(words), filled on first use. */
  joined: JoinedVariant[] | null
}

/** The name's words with words[index] standing for two neighbours written as one. */
export interface JoinedVariant {
  words: TokenForms[]
  index: number
  parts: readonly [TokenForms, TokenForms]
}

// The same listed names are scored against every subject; preparing each once keeps screening a list cheap.
// A prepared name of 12 words with its joined variants takes a few kilobytes: 5,000 stay well inside the
// scoring process's memory budget (scoring-sandbox.ts).
const CACHE_LIMIT = 5_000
const cache = new Map<string, PreparedName>()

export function prepareName (published: string, kind: NameKind): PreparedName {
  const cacheKey = `${kind}\u0000${published}`
  const cached = cache.get(cacheKey)
  if (cached !== undefined) return cached
  const normalised = normaliseName(published, kind)
  const prepared: PreparedName = { published, kind, normalised, words: normalised.tokens.map(tokenForms), joined: null }
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(cacheKey, prepared)
  return prepared
}

/** The name's words with one pair of neighbours written as one ('Abdul Rahman' → 'abdulrahman'), each way. */
export function joinedNeighbours (name: PreparedName): JoinedVariant[] {
  if (name.joined !== null) return name.joined
  const { words } = name
  const variants: JoinedVariant[] = []
  for (let index = 0; index + 1 < words.length; index++) {
    const parts = [words[index]!, words[index + 1]!] as const
    const joined = tokenForms(parts[0].token + parts[1].token)
    variants.push({ words: [...words.slice(0, index), joined, ...words.slice(index + 2)], index, parts })
  }
  name.joined = variants
  return variants
}
