import { doubleMetaphone } from 'double-metaphone'

// Spellings the same name takes in different transliteration systems (Russian ICAO, BGN, German, French: ж is zh or
// j, ё is e, yo or jo; Arabic in English or French) and German umlauts written out (Mueller): folded to one form
// before comparing. Order matters.
const SPELLING_FOLDS: readonly (readonly [RegExp, string])[] = [
  [/tsch|tch/g, 'ch'], [/sch/g, 'sh'], [/dj|dzh/g, 'j'], [/^[yj]e/, 'e'], [/(?<=[^aeiou])[yj]o(?=[^aeiou])/g, 'e'],
  [/zh/g, 'j'], [/kh/g, 'h'], [/th/g, 't'], [/dh/g, 'd'], [/x/g, 'ks'], [/ph/g, 'f'], [/ck/g, 'k'], [/q/g, 'k'],
  [/w/g, 'v'], [/ou/g, 'u'], [/tz/g, 'ts'], [/cz/g, 'ch'], [/sz/g, 'sh'], [/ee/g, 'i'], [/oo/g, 'u'], [/ue/g, 'u'],
  [/oe/g, 'o'], [/ae/g, 'a'], [/[yj]/g, 'i'], [/(.)\1+/g, '$1'],
]

/** The token with transliteration differences folded: 'Khodorkovskiy' and 'Khodorkovsky' both read 'hodorkovski'. */
export function spellingKey (token: string): string {
  let key = token
  for (const [pattern, replacement] of SPELLING_FOLDS) key = key.replace(pattern, replacement)
  return key
}

// Consonant classes Arabic letters fall into once written in Latin: ق is 'q', 'k' or 'gh'; غ 'gh'; ج 'j', 'dj' or 'g';
// ژ 'zh' or 'j'. A doubled letter is one Arabic letter (Mohammed, محمد), but two alike consonants around a vowel
// stay two (Leila, ليلى).
const SKELETON_FOLDS: readonly (readonly [RegExp, string])[] = [
  [/ph/g, 'f'], [/x/g, 'ks'], [/dj/g, 'j'], [/zh/g, 'j'], [/gh/g, 'k'], [/[qc]/g, 'k'], [/g/g, 'j'], [/p/g, 'b'],
  [/(.)\1+/g, '$1'], [/[aeiouyvw]/g, ''], [/(?<=.)h$/, ''],
]
// Letters whose Latin spelling is ambiguous, with every Arabic letter they may stand for: 'th' is ث (Othman, Osman,
// Otman) or ت/ط followed by ه (Tehran); 'dh' is ذ/ظ/ض (Dhafer, Zafer, Dafer) or د followed by ه (Adham); Persian and
// Urdu say ذ ظ ض as 'z' (Reza, رضا, which any-ascii writes 'rda'); French writes ش as 'ch' (Darwich).
const AMBIGUOUS = /th|dh|ch|z/g
const READINGS: Record<string, readonly string[]> = { th: ['s', 't', 'th'], dh: ['d', 'z', 'dh'], ch: ['ch', 'sh'], z: ['z', 'd'] }
const MAX_READINGS = 16

/**
 * The consonants of a token, as a name written in Arabic or Hebrew script shows them: 'Mohammed' and
 * any-ascii's 'mhmd' for محمد both give 'mhmd'; vowels and the letters that also write vowels (y, w, v) go.
 * The first reading is the usual one.
 */
export function consonantSkeleton (token: string): string {
  return consonantReadings(token)[0]!
}

/** Every consonant skeleton the token may stand for: two names written in different scripts agree if any reading does. */
export function consonantReadings (token: string): string[] {
  let readings = ['']
  let at = 0
  for (const match of token.matchAll(AMBIGUOUS)) {
    const plain = token.slice(at, match.index)
    const choices = READINGS[match[0]]!
    readings = readings.flatMap((reading) => choices.map((choice) => reading + plain + choice)).slice(0, MAX_READINGS)
    at = match.index + match[0].length
  }
  return [...new Set(readings.map((reading) => foldConsonants(reading + token.slice(at))))]
}

function foldConsonants (text: string): string {
  let skeleton = text
  for (const [pattern, replacement] of SKELETON_FOLDS) skeleton = skeleton.replace(pattern, replacement)
  return skeleton
}

/** Double Metaphone codes of the token, the empty ones left out. */
export function phoneticCodes (token: string): string[] {
  const [primary, secondary] = doubleMetaphone(token)
  return [...new Set([primary, secondary])].filter((code) => code !== '')
}
