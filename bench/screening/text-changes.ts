import type { Random } from './evaluation-random.ts'
import { stripAccents } from './people.ts'

const LATIN_LETTERS = 'abcdefghijklmnopqrstuvwxyz'
const CYRILLIC_LETTERS = 'абвгдеёжзийклмнопрстуфхцчшщыэюя'
const ARABIC_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'
const PARTICLES = new Set(['bin', 'ibn', 'ben', 'al', 'el', 'de', 'da', 'del', 'van', 'von', 'la', 'le', 'dos', 'das'])

/**
 * One slip of the keyboard in one word of four letters or more, never its first letter: a letter replaced,
 * dropped, doubled or swapped with the next. null when no word qualifies.
 */
export function withTypo (text: string, random: Random): string | null {
  const words = [...text.matchAll(/[\p{L}]+/gu)].filter((match) => match[0].length >= 4 && !PARTICLES.has(match[0].toLowerCase()))
  if (words.length === 0) return null
  const word = random.pick(words)
  const letters = [...word[0]]
  // Not the first letter, and not a soft or hard sign: those slips are not what a form's typist makes.
  const positions = letters.map((_, index) => index).filter((index) => index > 0 && !'ьъЬЪ'.includes(letters[index]!))
  if (positions.length === 0) return null
  const at = random.pick(positions)
  const alphabet = /\p{Script=Cyrillic}/u.test(word[0]) ? CYRILLIC_LETTERS : /\p{Script=Arabic}/u.test(word[0]) ? ARABIC_LETTERS : LATIN_LETTERS
  const upper = letters[at] === letters[at]!.toUpperCase()
  const letter = (() => {
    const chosen = random.pick([...alphabet].filter((candidate) => candidate !== letters[at]!.toLowerCase()))
    return upper ? chosen.toUpperCase() : chosen
  })()
  const operation = random.weighted([['replace', 4], ['drop', 3], ['double', 1], ['swap', 2]] as const)
  if (operation === 'replace') letters[at] = letter
  else if (operation === 'drop') letters.splice(at, 1)
  else if (operation === 'double') letters.splice(at, 0, letters[at]!)
  else if (at + 1 < letters.length) [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!]
  else letters[at] = letter
  const changed = letters.join('')
  if (changed === word[0]) return null
  return text.slice(0, word.index) + changed + text.slice(word.index! + word[0].length)
}

/** Title case as typed in a form, all capitals as some registers print, or all lower case. */
export function withCase (text: string, random: Random): string {
  const style = random.weighted([['as-is', 7], ['upper', 2], ['lower', 1]] as const)
  return style === 'upper' ? text.toUpperCase() : style === 'lower' ? text.toLowerCase() : text
}

export function hasAccents (text: string): boolean {
  return stripAccents(text) !== text
}

/** Hyphens become spaces or disappear, and spaces inside a compound name become hyphens or disappear. */
export function withHyphenationChanged (text: string, random: Random): string | null {
  const hyphens = [...text.matchAll(/-/g)]
  if (hyphens.length > 0) {
    const at = random.pick(hyphens).index!
    const joined = text.slice(0, at) + text.slice(at + 1, at + 2).toLowerCase() + text.slice(at + 2)
    return random.chance(0.65) ? text.slice(0, at) + ' ' + text.slice(at + 1) : joined
  }
  return null
}
