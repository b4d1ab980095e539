// How Arabic names are written in Latin and Arabic script, folded so that the spellings of one name meet.

// The Arabic article is a word of its own, however written: 'al-Rashid', 'ar-Rashid' (assimilated) and الرشيد all
// read 'al rashid' (Arabic script: 'al rshyd'). A query often leaves the article out, and as a separate word it can weigh
// little; a list's 'Alrashid' is met by joining neighbouring words when comparing. الله (Allah) keeps its letters.
const ARTICLE = /(?<!\p{Script=Arabic})ال(?!له)(?=\p{Script=Arabic}{2})/gu
const ARTICLE_ASSIMILATED = /\ba([dnrstz]h?)-(?=\1)/g
// آل ('family of', Al Saud), taken before its madda is stripped as an accent.
const FAMILY = /(?<!\p{Script=Arabic})آل(?!\p{Script=Arabic})/gu
// 'Abd al-Aziz', 'Abdul Aziz', 'Abdel-Aziz', 'Abdulaziz', عبد العزيز: one name however split, written 'abdul…'.
const SERVANT_OF = /(?<!\p{Script=Arabic})عبد\s*ال/gu
const SERVANT_OF_WORDS = new Set(['abd', 'abdul', 'abdel', 'abdal', 'abdol', 'abdu'])
const SERVANT_OF_PREFIX = /^abd(?:[aeiou]l|[aeiou](?=([dnrstz])\1)|[aeiou])?/
const ARTICLES = new Set(['al', 'el', 'ul'])
// any-ascii writes alif as nothing; as 'a' it keeps apart the consonants it stands between (طلال 'tlal', Talal).
const ALIF = /ا/g

/** Arabic-script text before the accents (and vowel signs) are stripped: آل and عبد ال become Latin words. */
export function foldArabicWords (text: string): string {
  return text.replace(FAMILY, 'al').replace(SERVANT_OF, 'abdul')
}

/** Arabic-script text once the marks are gone: the article apart, alif a vowel. */
export function foldArabicLetters (text: string): string {
  return text.replace(ARTICLE, 'al ').replace(ALIF, 'a')
}

/** Lower-case Latin text: 'ar-Rashid' → 'al rashid'. */
export function separateArticle (text: string): string {
  return text.replace(ARTICLE_ASSIMILATED, 'al ')
}

/** 'abd al aziz', 'abdel aziz', 'abdelaziz' → 'abdulaziz'; 'abdurrahman' → 'abdulrahman'. */
export function joinServantOf (words: readonly string[]): string[] {
  const joined: string[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    if (SERVANT_OF_WORDS.has(word) && i + 1 < words.length) {
      const skip = ARTICLES.has(words[i + 1]!) && i + 2 < words.length ? 1 : 0
      const name = words[i + 1 + skip]!
      joined.push(`abdul${name === 'allah' ? 'lah' : name}`)
      i += 1 + skip
      continue
    }
    // 'Abdurrahman' keeps one r: the doubled letter is the assimilated article.
    const prefix = SERVANT_OF_PREFIX.exec(word)
    const isCompound = prefix !== null && word.length > prefix[0].length + 2
    joined.push(isCompound ? `abdul${word.slice(prefix[0].length + (prefix[1] === undefined ? 0 : 1))}` : word)
  }
  return joined
}
