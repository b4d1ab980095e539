import { cyrillicToLatin, type CyrillicSystem } from './cyrillic-to-latin.ts'
import type { Random } from './evaluation-random.ts'
import {
  ARABIC_FAMILY, ARABIC_FEMALE_GIVEN, ARABIC_MALE_GIVEN, GULF_FAMILY, PERSIAN_FEMALE_GIVEN, PERSIAN_MALE_GIVEN,
  PERSIAN_SURNAMES, SOUTH_ASIAN_MUSLIM_GIVEN, SOUTH_ASIAN_MUSLIM_SURNAMES, type ScriptName,
} from './names-arabic-script.ts'
import {
  BELARUSIAN_SURNAMES, CENTRAL_ASIAN_MALE_GIVEN, CENTRAL_ASIAN_SURNAMES, RUSSIAN_FEMALE_GIVEN, RUSSIAN_MALE_GIVEN,
  RUSSIAN_SURNAMES, UKRAINIAN_FEMALE_GIVEN, UKRAINIAN_MALE_GIVEN, UKRAINIAN_SURNAMES, femalePatronymic, femaleSurname,
} from './names-cyrillic.ts'
import { LATIN_CULTURES, type LatinCulture } from './names-latin.ts'

/** One name of a person (a given name, a patronymic, a surname) in all the spellings it takes. */
export interface NamePart {
  /** Identity of the name, shared by its spellings and its female form. */
  concept: string
  /** Latin spellings, the first as lists write it (accents and all). */
  spellings: string[]
  /** The name in the script of its country (Cyrillic, Arabic), if not Latin. */
  native?: string
  /** An Arabic family name written with the article: 'al-Rashid'. */
  article?: boolean
  /** 'bin': joins, does not identify. */
  particle?: boolean
}

export interface Person {
  culture: string
  country: string
  given: NamePart[]
  middle: NamePart[]
  surname: NamePart[]
  /** Surname first at home (Chinese, Korean, Vietnamese). */
  eastern: boolean
  nativeScript: 'latin' | 'cyrillic' | 'arabic'
}

export type CultureId = 'russian' | 'ukrainian' | 'central-asian' | 'belarusian' | 'arabic' | 'gulf' | 'persian' | 'south-asian-muslim' | string

/** How many listed people come from each culture (relative weights). */
export const CULTURE_WEIGHTS: readonly (readonly [CultureId, number])[] = [
  ['russian', 48], ['ukrainian', 14], ['belarusian', 5], ['central-asian', 8], ['arabic', 45], ['gulf', 8], ['persian', 22],
  ['south-asian-muslim', 12], ['chinese', 16], ['korean', 10], ['vietnamese', 8], ['hispanic', 22], ['portuguese', 6],
  ['french', 12], ['german', 8], ['english', 14], ['turkish', 10], ['polish', 5], ['balkan', 10], ['african', 16],
  ['indian', 8], ['greek', 5], ['indonesian', 5],
]

const RUSSIAN_SYSTEMS: CyrillicSystem[] = ['bgn', 'english', 'icao', 'german', 'french']
const UKRAINIAN_SYSTEMS: CyrillicSystem[] = ['ukrainian', 'bgn', 'english', 'icao']

/** A person of the culture; `keep` may fix some parts (a near neighbour shares one of a listed person's names). */
export function makePerson (random: Random, culture: CultureId, keep: Partial<Pick<Person, 'given' | 'surname'>> = {}): Person {
  const female = random.chance(0.2)
  const person = buildPerson(random, culture, female)
  return { ...person, ...keep }
}

function buildPerson (random: Random, culture: CultureId, female: boolean): Person {
  switch (culture) {
    case 'russian': return cyrillicPerson(random, culture, 'ru', female, RUSSIAN_MALE_GIVEN, RUSSIAN_FEMALE_GIVEN, RUSSIAN_SURNAMES, false)
    case 'belarusian': return cyrillicPerson(random, culture, 'by', female, RUSSIAN_MALE_GIVEN, RUSSIAN_FEMALE_GIVEN, BELARUSIAN_SURNAMES, false)
    case 'central-asian': return cyrillicPerson(random, culture, random.pick(['kz', 'kg', 'uz']), false, CENTRAL_ASIAN_MALE_GIVEN, [], CENTRAL_ASIAN_SURNAMES, false)
    case 'ukrainian': return cyrillicPerson(random, culture, 'ua', female, UKRAINIAN_MALE_GIVEN, UKRAINIAN_FEMALE_GIVEN, UKRAINIAN_SURNAMES, true)
    case 'arabic': return arabicPerson(random, female)
    case 'gulf': return gulfPerson(random)
    case 'persian': return scriptPerson(random, culture, 'ir', female ? PERSIAN_FEMALE_GIVEN : PERSIAN_MALE_GIVEN, PERSIAN_SURNAMES)
    case 'south-asian-muslim': return scriptPerson(random, culture, random.pick(['pk', 'af']), SOUTH_ASIAN_MUSLIM_GIVEN, SOUTH_ASIAN_MUSLIM_SURNAMES)
    default: return latinPerson(random, LATIN_CULTURES.find((candidate) => candidate.id === culture)!, female)
  }
}

function cyrillicPart (native: string, ukrainian: boolean, concept = native): NamePart {
  const systems = ukrainian ? UKRAINIAN_SYSTEMS : RUSSIAN_SYSTEMS
  // One spelling per system, in the systems' order (repeats kept), so that index i spells every part the same way.
  return { concept, native, spellings: systems.map((system) => cyrillicToLatin(native, system)) }
}

function cyrillicPerson (
  random: Random, culture: string, country: string, female: boolean, males: readonly (readonly [string, string])[],
  females: readonly string[], surnames: readonly string[], ukrainian: boolean,
): Person {
  const surname = random.pick(surnames)
  const [fatherName, patronymic] = random.pick(males)
  const isFemale = female && females.length > 0
  const given = isFemale ? random.pick(females) : random.pick(males)[0]
  const middle = isFemale ? femalePatronymic(patronymic, ukrainian) : patronymic
  return {
    culture, country, eastern: false, nativeScript: 'cyrillic',
    given: [cyrillicPart(given, ukrainian)],
    middle: random.chance(0.85) ? [cyrillicPart(middle, ukrainian, fatherName + '-patronymic')] : [],
    surname: [cyrillicPart(isFemale ? femaleSurname(surname) : surname, ukrainian, surname)],
  }
}

function scriptPart (name: ScriptName, withArticle = false): NamePart {
  return { concept: name.latin[0]!.toLowerCase(), native: name.native, spellings: name.latin, article: withArticle || undefined }
}

const BIN: NamePart = { concept: 'bin', native: 'بن', spellings: ['bin', 'ibn', 'ben'], particle: true }

function arabicPerson (random: Random, female: boolean): Person {
  const given = random.pick(female ? ARABIC_FEMALE_GIVEN : ARABIC_MALE_GIVEN)
  const fathers = [random.pick(ARABIC_MALE_GIVEN), ...(random.chance(0.25) ? [random.pick(ARABIC_MALE_GIVEN)] : [])]
  const family = random.pick(ARABIC_FAMILY)
  return {
    culture: 'arabic', country: random.pick(['iq', 'sy', 'ye', 'eg', 'jo', 'lb', 'ly', 'sd', 'sa', 'ps', 'dz', 'tn']),
    eastern: false, nativeScript: 'arabic',
    given: [scriptPart(given)],
    middle: random.chance(0.8) ? fathers.map((father) => scriptPart(father)) : [],
    surname: [scriptPart(family, family.native.startsWith('ال'))],
  }
}

function gulfPerson (random: Random): Person {
  const family = random.pick(GULF_FAMILY)
  return {
    culture: 'gulf', country: random.pick(['sa', 'ae', 'qa', 'kw', 'bh']), eastern: false, nativeScript: 'arabic',
    given: [scriptPart(random.pick(ARABIC_MALE_GIVEN))],
    middle: [BIN, scriptPart(random.pick(ARABIC_MALE_GIVEN))],
    surname: [{ ...scriptPart(family), concept: family.latin[0]!.toLowerCase() }],
  }
}

function scriptPerson (random: Random, culture: string, country: string, givens: ScriptName[], surnames: ScriptName[]): Person {
  return {
    culture, country, eastern: false, nativeScript: 'arabic',
    given: [scriptPart(random.pick(givens))],
    middle: random.chance(0.15) ? [scriptPart(random.pick(givens))] : [],
    surname: [scriptPart(random.pick(surnames))],
  }
}

function latinPart (text: string): NamePart {
  const spellings = text.split('/')
  return { concept: stripAccents(spellings[0]!).toLowerCase(), spellings }
}

// Chinese lists join a two-syllable given name ('Xiaoming'), Korean ones space it ('Jong Un'); forms do either.
function syllablesPart (cultureId: string, first: string, second: string): NamePart {
  const spellings = [`${first}${second}`, `${first} ${capitalise(second)}`, `${first}-${second}`]
  const ordered = cultureId === 'korean' ? [spellings[1]!, spellings[2]!, spellings[0]!] : spellings
  return { concept: `${first}${second}`.toLowerCase(), spellings: ordered }
}

function capitalise (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function latinPerson (random: Random, culture: LatinCulture, female: boolean): Person {
  const givens = female && culture.female.length > 0 ? culture.female : culture.male
  const country = random.pick(culture.countries)
  if (culture.structure === 'eastern') {
    const first = random.pick(givens)
    const second = random.pick(culture.syllables!.filter((syllable) => syllable !== first.toLowerCase()))
    const given = culture.id === 'vietnamese' || random.chance(0.3) ? latinPart(first) : syllablesPart(culture.id, first, second)
    const middle = culture.id === 'vietnamese' ? [latinPart(random.pick(culture.syllables!))] : []
    return { culture: culture.id, country, eastern: true, nativeScript: 'latin', given: [given, ...middle], middle: [], surname: [latinPart(random.pick(culture.surnames))] }
  }
  if (culture.structure === 'mononym') {
    const surname = random.chance(0.5) ? [latinPart(random.pick(culture.male))] : []
    return { culture: culture.id, country, eastern: false, nativeScript: 'latin', given: [latinPart(random.pick(givens))], middle: [], surname }
  }
  const middle = random.chance(culture.structure === 'hispanic' ? 0.4 : 0.25) ? [latinPart(random.pick(givens))] : []
  const surname = [latinPart(random.pick(culture.surnames))]
  if (culture.structure === 'hispanic' && random.chance(0.7)) surname.push(latinPart(random.pick(culture.surnames)))
  return { culture: culture.id, country, eastern: false, nativeScript: 'latin', given: [latinPart(random.pick(givens))], middle, surname }
}

export function stripAccents (text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/[Đđ]/g, (d) => d === 'Đ' ? 'D' : 'd').replace(/ı/g, 'i').replace(/[Łł]/g, (l) => l === 'Ł' ? 'L' : 'l')
}

/** All the concepts of the person's name that identify (particles left out). */
export function conceptsOf (person: Person): string[] {
  return [...person.given, ...person.middle, ...person.surname].filter((part) => part.particle !== true).map((part) => part.concept)
}
