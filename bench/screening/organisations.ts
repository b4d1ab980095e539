import { cyrillicToLatin } from './cyrillic-to-latin.ts'
import type { Random } from './evaluation-random.ts'
import {
  ORGANISATION_CULTURES, RUSSIAN_COMPANY_ADJECTIVES, RUSSIAN_COMPANY_NOUNS, RUSSIAN_COMPANY_STEMS, RUSSIAN_LEGAL_FORMS,
  RUSSIAN_LEGAL_FORMS_LATIN,
} from './names-organisations.ts'
import { stripAccents } from './people.ts'

/** One word (or fixed phrase, 'General Trading') of a company name. */
export interface OrganisationWord {
  text: string
  /** Cyrillic form, for Russian companies. */
  native?: string
  /** Says the trade, not who: 'Shipping'. */
  generic: boolean
}

export interface Organisation {
  culture: string
  country: string
  words: OrganisationWord[]
  /** Spellings of the legal form ('Ltd', 'Limited'), or null for none. */
  legalForm: string[] | null
  /** Cyrillic legal form and whether it is written before the name ('ООО «Альянс»'). */
  nativeLegalForm?: string
}

export const ORGANISATION_CULTURE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['russian', 26], ['offshore', 18], ['gulf', 14], ['iranian', 10], ['chinese', 12], ['turkish', 5], ['european', 6],
  ['korean', 5], ['latin-american', 6],
]

export function makeOrganisation (random: Random, cultureId: string, keepFirstWord?: OrganisationWord): Organisation {
  const organisation = cultureId === 'russian' ? russianOrganisation(random) : latinOrganisation(random, cultureId)
  if (keepFirstWord !== undefined) organisation.words[0] = keepFirstWord
  return organisation
}

function russianOrganisation (random: Random): Organisation {
  const words = random.chance(0.5) ? [compound(random)] : [random.pick(RUSSIAN_COMPANY_ADJECTIVES), random.pick(RUSSIAN_COMPANY_NOUNS)]
  const legal = random.pick(RUSSIAN_LEGAL_FORMS)
  return {
    culture: 'russian', country: 'ru',
    words: words.map((native) => ({ native, text: cyrillicToLatin(native, 'bgn'), generic: false })),
    legalForm: RUSSIAN_LEGAL_FORMS_LATIN[legal[0]!]!,
    nativeLegalForm: legal[0]!,
  }
}

function compound (random: Random): string {
  const stems = random.shuffle(RUSSIAN_COMPANY_STEMS).slice(0, random.int(2, 3))
  const text = stems.join('').toLowerCase()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function latinOrganisation (random: Random, cultureId: string): Organisation {
  const culture = ORGANISATION_CULTURES.find((candidate) => candidate.id === cultureId)!
  const words: OrganisationWord[] = []
  if (culture.places !== undefined && random.chance(0.6)) words.push({ text: random.pick(culture.places), generic: false })
  words.push({ text: random.pick(culture.distinctive), generic: false })
  if (random.chance(cultureId === 'european' || cultureId === 'latin-american' ? 0.9 : 0.6)) words.push({ text: random.pick(culture.nouns), generic: false })
  if (cultureId !== 'european' || random.chance(0.3)) words.push({ text: random.pick(culture.trades), generic: true })
  return {
    culture: cultureId, country: random.pick(culture.countries), words,
    legalForm: random.chance(0.85) ? random.pick(culture.legalForms) : null,
  }
}

export interface OrganisationStyle {
  native: boolean
  /** Which spelling of the legal form, or null to leave it out. */
  legalForm: number | null
  /** Latin spelling of a Russian word: the list's (BGN) or the English press's. */
  russianSystem: 'bgn' | 'english'
}

export const ORGANISATION_LIST_STYLE: OrganisationStyle = { native: false, legalForm: 0, russianSystem: 'bgn' }

export function renderOrganisation (organisation: Organisation, style: OrganisationStyle): string {
  if (organisation.culture === 'russian') return renderRussian(organisation, style)
  const name = organisation.words.map((word) => word.text).join(' ')
  const legalForm = style.legalForm === null || organisation.legalForm === null ? null : organisation.legalForm[style.legalForm % organisation.legalForm.length]!
  return legalForm === null ? name : `${name} ${legalForm}`
}

function renderRussian (organisation: Organisation, style: OrganisationStyle): string {
  if (style.native) {
    const name = organisation.words.map((word) => word.native!).join(' ')
    return style.legalForm === null ? name : `${organisation.nativeLegalForm} «${name}»`
  }
  const name = organisation.words.map((word) => style.russianSystem === 'bgn' ? word.text : cyrillicToLatin(word.native!, 'english')).join(' ')
  if (style.legalForm === null || organisation.legalForm === null) return name
  const legalForm = organisation.legalForm[style.legalForm % organisation.legalForm.length]!
  // Russian registers put the short form first ('OOO Alyans'); English-language lists put a translated form last.
  return RUSSIAN_SHORT_FORMS.has(legalForm) ? `${legalForm} ${name}` : `${name} ${legalForm}`
}

const RUSSIAN_SHORT_FORMS = new Set(['OOO', 'AO', 'PAO', 'ZAO', 'OAO'])

/** The distinctive words of the name, folded: what two companies must not share to count as different. */
export function distinctiveWordsOf (organisation: Organisation): string[] {
  return organisation.words.filter((word) => !word.generic).map((word) => stripAccents(word.text).toLowerCase().replace(/^al-/, ''))
}
