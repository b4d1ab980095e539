import type { NamePart, Person } from './people.ts'

export type ArticleStyle = 'al-' | 'Al-' | 'Al ' | 'el-' | 'Al' | 'assimilated' | 'none'

export interface PersonStyle {
  /** Latin, or the person's own script (Cyrillic, Arabic). */
  native: boolean
  /** Which Latin spelling of each part: 0 is the one lists use. */
  spelling: (part: NamePart) => string
  middle: boolean
  order: 'given-first' | 'surname-first' | 'comma'
  initials: boolean
  article: ArticleStyle
  upperSurname: boolean
  /** Hispanic names: the paternal surname only. */
  firstSurnameOnly: boolean
}

export const LIST_STYLE: PersonStyle = {
  native: false, spelling: (part) => part.spellings[0]!, middle: true, order: 'given-first', initials: false, article: 'al-', upperSurname: false,
  firstSurnameOnly: false,
}

const SUN_LETTERS = /^(th|dh|sh|[tdrzsn])/i

/** The person's name written in the given style. */
export function renderPerson (person: Person, style: PersonStyle): string {
  if (style.native && person.nativeScript !== 'latin') return renderNative(person, style)
  const given = person.given.map((part) => style.initials ? `${style.spelling(part).charAt(0)}.` : style.spelling(part))
  const middle = style.middle ? person.middle.map((part) => part.particle === true ? style.spelling(part) : style.initials && person.nativeScript === 'cyrillic' ? `${style.spelling(part).charAt(0)}.` : style.spelling(part)) : []
  const surname = person.surname.slice(0, style.firstSurnameOnly ? 1 : undefined).map((part) => withArticle(part, style)).map((text) => style.upperSurname ? text.toUpperCase() : text)
  const firstNames = [...given, ...middle].join(' ')
  const surnames = surname.join(' ')
  if (surnames === '') return firstNames
  if (style.order === 'comma') return `${surnames}, ${firstNames}`
  return style.order === 'surname-first' ? `${surnames} ${firstNames}` : `${firstNames} ${surnames}`
}

function renderNative (person: Person, style: PersonStyle): string {
  const parts = [...person.given, ...(style.middle ? person.middle : []), ...person.surname.slice(0, style.firstSurnameOnly ? 1 : undefined)]
  const text = parts.map((part) => part.native ?? style.spelling(part))
  if (person.nativeScript === 'cyrillic' && style.order === 'surname-first') return [text[text.length - 1], ...text.slice(0, -1)].join(' ')
  return text.join(' ')
}

function withArticle (part: NamePart, style: PersonStyle): string {
  const name = style.spelling(part)
  if (part.article !== true) return name
  switch (style.article) {
    case 'none': return name
    case 'Al': return `Al${name.toLowerCase()}`
    case 'assimilated': {
      const sun = SUN_LETTERS.exec(name)
      return sun === null ? `al-${name}` : `a${sun[1]!.toLowerCase()}-${name}`
    }
    default: return `${style.article}${name}`
  }
}
