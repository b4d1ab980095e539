import type { Random } from './evaluation-random.ts'
import { stripAccents, type NamePart, type Person } from './people.ts'
import { LIST_STYLE, renderPerson, type ArticleStyle, type PersonStyle } from './render-person.ts'
import { hasAccents, withHyphenationChanged, withTypo } from './text-changes.ts'

/** A listed person and how the list wrote them. */
export interface ListedPerson {
  id: string
  person: Person
  style: PersonStyle
  /** The list wrote the name without its accents. */
  accentsStripped: boolean
  /** The list also gives the name in its own script (Cyrillic, Arabic). */
  hasNative: boolean
  /** The list gives the name in its own script only. */
  nativeOnly: boolean
  names: string[]
}

export type PersonVariant = 'typo' | 'order' | 'middle-dropped' | 'initials' | 'script' | 'spelling' | 'accents' | 'hyphenation'

const ARTICLE_STYLES: ArticleStyle[] = ['al-', 'Al-', 'Al ', 'el-', 'Al', 'assimilated']

/** How the list writes a person: surname upper-cased or first with a comma, accents perhaps dropped. */
export function listStyle (person: Person, random: Random): { style: PersonStyle, accentsStripped: boolean } {
  const accentsStripped = random.chance(0.5)
  const order = person.eastern ? 'surname-first' : random.chance(0.3) && person.surname.length > 0 ? 'comma' : 'given-first'
  return {
    accentsStripped,
    style: {
      ...LIST_STYLE, order, upperSurname: random.chance(0.5), article: random.pick(['al-', 'Al-', 'al-', 'Al '] as const),
      spelling: (part) => accentsStripped ? stripAccents(part.spellings[0]!) : part.spellings[0]!,
    },
  }
}

/** The variants that can be made of this listed person. */
export function personVariants (listed: ListedPerson): PersonVariant[] {
  const { person } = listed
  const kinds: PersonVariant[] = ['typo']
  if (person.surname.length > 0) kinds.push('order')
  const parts = [...person.given, ...person.middle, ...person.surname]
  if (person.middle.some((part) => part.particle !== true) || person.surname.length > 1) kinds.push('middle-dropped')
  if (!person.eastern && person.surname.length > 0) kinds.push('initials')
  if (person.nativeScript !== 'latin' && (!listed.hasNative || listed.nativeOnly)) kinds.push('script')
  if (parts.some((part) => part.spellings.length > 1 || part.article === true)) kinds.push('spelling')
  if (parts.some((part) => hasAccents(part.spellings[0]!))) kinds.push('accents')
  if (parts.some((part) => part.article === true || /[- ]/.test(part.spellings[0]!) || part.spellings.some((s) => / /.test(s)))) kinds.push('hyphenation')
  return kinds
}

/** The listed person's name as a form would hold it, changed in the way the variant says; null if that fails. */
export function personQuery (listed: ListedPerson, variant: PersonVariant, random: Random): string | null {
  const { person } = listed
  const base: PersonStyle = {
    ...listed.style,
    order: person.eastern ? (random.chance(0.5) ? 'surname-first' : 'given-first') : 'given-first',
    upperSurname: false,
    middle: !person.eastern && random.chance(0.8),
  }
  if (listed.nativeOnly && variant !== 'script') return null
  switch (variant) {
    case 'typo': return withTypo(renderPerson(person, base), random)
    case 'order': return renderPerson(person, { ...base, order: base.order === 'given-first' ? (random.chance(0.6) || person.surname.length === 0 ? 'surname-first' : 'comma') : 'given-first' })
    case 'middle-dropped': return renderPerson(person, { ...base, middle: false, firstSurnameOnly: person.surname.length > 1 && random.chance(0.6) })
    case 'initials': return renderPerson(person, { ...base, initials: true, middle: person.nativeScript === 'cyrillic' ? random.chance(0.5) : false })
    case 'script': return listed.nativeOnly
      ? renderPerson(person, { ...base, spelling: (part) => random.pick(part.spellings) })
      : renderPerson(person, { ...base, native: true })
    case 'spelling': return otherSpelling(listed, base, random)
    case 'accents': return renderPerson(person, { ...base, spelling: (part) => listed.accentsStripped ? part.spellings[0]! : stripAccents(part.spellings[0]!) })
    case 'hyphenation': return otherHyphenation(listed, base, random)
  }
}

function otherSpelling (listed: ListedPerson, base: PersonStyle, random: Random): string | null {
  const chosen = new Map<NamePart, string>()
  // Cyrillic names take one system throughout; Arabic names have no system, each name its usual spellings.
  const system = random.int(1, 4)
  const spelling = (part: NamePart) => {
    if (!chosen.has(part)) {
      const cyrillic = listed.person.nativeScript === 'cyrillic'
      const changes = part.spellings.length > 1 && (cyrillic || random.chance(0.7))
      chosen.set(part, !changes ? base.spelling(part) : cyrillic ? part.spellings[system % part.spellings.length]! : random.pick(part.spellings.slice(1)))
    }
    return chosen.get(part)!
  }
  const article = random.chance(0.4) ? 'none' : base.article
  const query = renderPerson(listed.person, { ...base, spelling, article })
  return listed.names.includes(query) ? null : query
}

function otherHyphenation (listed: ListedPerson, base: PersonStyle, random: Random): string | null {
  const { person } = listed
  if (person.surname.some((part) => part.article === true) && random.chance(0.6)) {
    const article = random.pick(ARTICLE_STYLES.filter((style) => style !== listed.style.article))
    return renderPerson(person, { ...base, article })
  }
  const spaced = [...person.given, ...person.middle, ...person.surname].find((part) => base.spelling(part).includes(' '))
  if (spaced !== undefined) {
    const written = base.spelling(spaced)
    const changed = random.chance(0.5) ? written.replace(' ', '') : written.replace(' ', '-')
    return renderPerson(person, { ...base, spelling: (part) => part === spaced ? changed : base.spelling(part) })
  }
  return withHyphenationChanged(renderPerson(person, base), random)
}
