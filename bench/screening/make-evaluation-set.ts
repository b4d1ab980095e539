// Writes evaluation-set.json: listed people and companies, name variants that should find them, and unlisted names
// (many sharing a first name or surname with a listed person) that should not. Deterministic: same seed, same file.
//   node bench/screening/make-evaluation-set.ts [--seed N --out file.json]   (another seed: a held-out set to check
//   that a change to the scoring is general, not fitted to this set)
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { Random } from './evaluation-random.ts'
import { EVALUATION_SET_URL, type EvaluationQuery, type ListedEntity } from './evaluation-set.ts'
import { organisationQuery, organisationVariants, type ListedOrganisation, type OrganisationVariant } from './organisation-queries.ts'
import { ORGANISATION_CULTURE_WEIGHTS, ORGANISATION_LIST_STYLE, makeOrganisation, renderOrganisation, type Organisation } from './organisations.ts'
import { CULTURE_WEIGHTS, makePerson, type Person } from './people.ts'
import { listStyle, personQuery, personVariants, type ListedPerson, type PersonVariant } from './person-queries.ts'
import { renderPerson } from './render-person.ts'
import { withCase, withTypo } from './text-changes.ts'
import { isDistinctOrganisation, isDistinctPerson } from './unlisted-checks.ts'

const DEFAULT_SEED = 20_240_611
const { values: options } = parseArgs({ options: { seed: { type: 'string' }, out: { type: 'string' } } })
const SEED = options.seed === undefined ? DEFAULT_SEED : Number(options.seed)
const OUT = options.out === undefined ? EVALUATION_SET_URL : new URL(options.out, `file://${process.cwd()}/`)
const LISTED_PEOPLE = 300
const LISTED_ORGANISATIONS = 90
const VARIANTS_EACH = 3
const UNLISTED = { nearGiven: 430, nearSurname: 400, people: 380, organisations: 280 }
const OTHER_COUNTRIES = ['gb', 'de', 'ae', 'tr', 'cy', 'us', 'fr', 'ch', 'nl', 'es']

const random = new Random(SEED)
const people = makeListedPeople()
const organisations = makeListedOrganisations()
const vessels = makeListedVessels()
const listed: ListedEntity[] = [...people.map(toEntity), ...organisations.map(toOrganisationEntity), ...vessels.map((vessel) => vessel.entity)]
const queries: EvaluationQuery[] = [
  ...people.flatMap(personQueries),
  ...organisations.flatMap(organisationQueries),
  ...unlistedPeople(),
  ...unlistedOrganisations(),
  ...vessels.filter((vessel) => vessel.person !== null).map((vessel): EvaluationQuery => ({
    kind: 'person', name: vessel.entity.names[0]!, birthDate: randomDate(), country: vessel.person!.country, expect: null, variant: 'vessel-name',
  })),
]
writeFileSync(OUT, serialise(listed, queries))
console.log(`${listed.length} listed, ${queries.filter((q) => q.expect !== null).length} variants, ${queries.filter((q) => q.expect === null).length} unlisted → ${OUT.pathname}`)

function makeListedPeople (): (ListedPerson & { birthDates: string[], countries: string[] })[] {
  const made: (ListedPerson & { birthDates: string[], countries: string[] })[] = []
  const seen = new Set<string>()
  while (made.length < LISTED_PEOPLE) {
    const person = makePerson(random, random.weighted(CULTURE_WEIGHTS))
    const key = [...person.given, ...person.surname].map((part) => part.concept).join('|')
    if (seen.has(key)) continue
    seen.add(key)
    const { style, accentsStripped } = listStyle(person, random)
    const scripted = person.nativeScript !== 'latin'
    const nativeOnly = scripted && random.chance(0.12)
    const hasNative = scripted && !nativeOnly && random.chance(0.25)
    const primary = renderPerson(person, { ...style, native: nativeOnly })
    const names = [primary]
    if (hasNative) names.push(renderPerson(person, { ...style, native: true, order: 'given-first' }))
    if (!nativeOnly && random.chance(0.35)) names.push(renderPerson(person, { ...style, order: 'given-first', upperSurname: false, spelling: (part) => part.spellings[1] ?? style.spelling(part) }))
    made.push({
      id: `person-${String(made.length + 1).padStart(3, '0')}`, person, style, accentsStripped, hasNative, nativeOnly,
      names: [...new Set(names)], birthDates: listedBirthDates(), countries: listedCountries(person.country),
    })
  }
  return made
}

function makeListedOrganisations (): (ListedOrganisation & { countries: string[] })[] {
  const made: (ListedOrganisation & { countries: string[] })[] = []
  const seen = new Set<string>()
  while (made.length < LISTED_ORGANISATIONS) {
    const organisation = makeOrganisation(random, random.weighted(ORGANISATION_CULTURE_WEIGHTS))
    const key = organisation.words.map((word) => word.text).join(' ')
    if (seen.has(key)) continue
    seen.add(key)
    const style = { ...ORGANISATION_LIST_STYLE, native: organisation.culture === 'russian' && random.chance(0.3) }
    const names = [renderOrganisation(organisation, style)]
    if (organisation.culture === 'russian' && !style.native && random.chance(0.3)) names.push(renderOrganisation(organisation, { ...style, legalForm: 1 }))
    made.push({ id: `organisation-${String(made.length + 1).padStart(3, '0')}`, organisation, style, names, countries: [organisation.country] })
  }
  return made
}

// Vessels named after people: a person of that name must not be reported as the vessel.
function makeListedVessels (): { entity: ListedEntity, person: Person | null }[] {
  const vessels: { entity: ListedEntity, person: Person | null }[] = []
  for (let i = 0; i < 10; i++) {
    const person = i < 6 ? makePerson(random, random.pick(['russian', 'arabic', 'english', 'persian'])) : null
    const name = person !== null
      ? renderPerson(person, { ...listStyle(person, random).style, middle: false, order: 'given-first', upperSurname: false })
      : renderOrganisation(makeOrganisation(random, 'offshore'), { ...ORGANISATION_LIST_STYLE, legalForm: null })
    vessels.push({ person, entity: { id: `vessel-${String(i + 1).padStart(3, '0')}`, schema: 'Vessel', names: [name.toUpperCase()], birthDates: [], countries: [random.pick(['pa', 'lr', 'mh', 'km', 'ir'])] } })
  }
  return vessels
}

function toEntity (person: ListedPerson & { birthDates: string[], countries: string[] }): ListedEntity {
  return { id: person.id, schema: 'Person', names: person.names, birthDates: person.birthDates, countries: person.countries }
}

function toOrganisationEntity (organisation: ListedOrganisation & { countries: string[] }): ListedEntity {
  return { id: organisation.id, schema: 'Organization', names: organisation.names, birthDates: [], countries: organisation.countries }
}

function personQueries (listedPerson: ListedPerson & { birthDates: string[], countries: string[] }): EvaluationQuery[] {
  const kinds = random.shuffle(personVariants(listedPerson))
  const wanted = VARIANTS_EACH + (random.chance(0.5) ? 1 : 0)
  const made: EvaluationQuery[] = []
  for (const kind of kinds) {
    if (made.length === wanted) break
    const query = withExtraChange(personQuery(listedPerson, kind, random), kind)
    if (query === null || listedPerson.names.includes(query.name)) continue
    made.push({
      kind: 'person', name: query.name, birthDate: queryBirthDate(listedPerson.birthDates), country: queryCountry(listedPerson.countries),
      expect: listedPerson.id, variant: query.variant,
    })
  }
  return made
}

function organisationQueries (listedOrganisation: ListedOrganisation & { countries: string[] }): EvaluationQuery[] {
  const kinds = random.shuffle(organisationVariants(listedOrganisation))
  const made: EvaluationQuery[] = []
  for (const kind of kinds) {
    if (made.length === VARIANTS_EACH + 1) break
    const query = withExtraChange(organisationQuery(listedOrganisation, kind, random), kind)
    if (query === null || listedOrganisation.names.includes(query.name)) continue
    made.push({ kind: 'organization', name: query.name, birthDate: null, country: queryCountry(listedOrganisation.countries), expect: listedOrganisation.id, variant: query.variant })
  }
  return made
}

// Some queries carry a second slip (a typo on top of a transliteration), and capitals vary as forms do.
function withExtraChange (name: string | null, kind: PersonVariant | OrganisationVariant): { name: string, variant: string } | null {
  if (name === null) return null
  if (kind !== 'typo' && random.chance(0.15)) {
    const typed = withTypo(name, random)
    if (typed !== null) return { name: withCase(typed, random), variant: `${kind}+typo` }
  }
  return { name: withCase(name, random), variant: kind }
}

function unlistedPeople (): EvaluationQuery[] {
  const made: EvaluationQuery[] = []
  const add = (count: number, variant: string, make: () => Person) => {
    let added = 0
    while (added < count) {
      const person = make()
      if (!isDistinctPerson(person, people.map((entry) => entry.person))) continue
      made.push({ kind: 'person', name: unlistedName(person), birthDate: random.chance(0.55) ? randomDate() : null, country: random.chance(0.7) ? person.country : null, expect: null, variant })
      added++
    }
  }
  add(UNLISTED.nearGiven, 'near-given', () => {
    const neighbour = random.pick(people).person
    return makePerson(random, neighbour.culture, { given: neighbour.given })
  })
  add(UNLISTED.nearSurname, 'near-surname', () => {
    const neighbour = random.pick(people).person
    return makePerson(random, neighbour.culture, { surname: neighbour.surname })
  })
  add(UNLISTED.people, 'unrelated', () => makePerson(random, random.weighted(CULTURE_WEIGHTS)))
  return made
}

function unlistedName (person: Person): string {
  const native = person.nativeScript !== 'latin' && random.chance(0.25)
  const { style } = listStyle(person, random)
  const name = renderPerson(person, {
    ...style, native, order: person.eastern && random.chance(0.5) ? 'surname-first' : 'given-first', upperSurname: false, middle: random.chance(0.5),
    spelling: (part) => random.chance(0.3) ? random.pick(part.spellings) : style.spelling(part),
  })
  return withCase(name, random)
}

function unlistedOrganisations (): EvaluationQuery[] {
  const made: EvaluationQuery[] = []
  while (made.length < UNLISTED.organisations) {
    const neighbour = random.chance(0.45) ? random.pick(organisations).organisation : null
    const organisation: Organisation = neighbour === null
      ? makeOrganisation(random, random.weighted(ORGANISATION_CULTURE_WEIGHTS))
      : makeOrganisation(random, neighbour.culture, neighbour.words[0])
    if (!isDistinctOrganisation(organisation, organisations.map((entry) => entry.organisation))) continue
    const native = organisation.culture === 'russian' && random.chance(0.25)
    const name = renderOrganisation(organisation, { ...ORGANISATION_LIST_STYLE, native, legalForm: random.chance(0.7) ? 0 : null })
    made.push({ kind: 'organization', name: withCase(name, random), birthDate: null, country: random.chance(0.7) ? organisation.country : null, expect: null, variant: neighbour === null ? 'unrelated' : 'near-word' })
  }
  return made
}

function listedBirthDates (): string[] {
  const roll = random.next()
  if (roll < 0.12) return []
  const date = randomDate(1940, 1995)
  if (roll < 0.7) return [date]
  const year = date.slice(0, 4)
  if (roll < 0.9) return [year]
  return [year, String(Number(year) + 1)]
}

function listedCountries (country: string): string[] {
  return random.chance(0.2) ? [country, random.pick(OTHER_COUNTRIES.filter((other) => other !== country))] : [country]
}

/** What date of birth a form holds for a listed person: the same, the year alone, none. */
function queryBirthDate (listedDates: string[]): string | null {
  const first = listedDates[0]
  const roll = random.next()
  if (first === undefined) return roll < 0.4 ? randomDate() : null
  if (first.length === 10) return roll < 0.55 ? first : roll < 0.7 ? first.slice(0, 4) : null
  return roll < 0.5 ? `${first}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}` : null
}

/** The listed country, none, or another (a resident abroad). */
function queryCountry (listedCountries: string[]): string | null {
  const roll = random.next()
  if (roll < 0.6) return listedCountries[0] ?? null
  return roll < 0.85 ? null : random.pick(OTHER_COUNTRIES.filter((country) => !listedCountries.includes(country)))
}

function randomDate (from = 1940, to = 2002): string {
  return `${random.int(from, to)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`
}

function serialise (entities: ListedEntity[], evaluationQueries: EvaluationQuery[]): string {
  const lines = (items: unknown[]) => items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')
  const about = `Generated by make-evaluation-set.ts (seed ${SEED}); synthetic names. expect: the listed id a query should find, or null for a name on no list.`
  return `{\n  "about": ${JSON.stringify(about)},\n  "listed": [\n${lines(entities)}\n  ],\n  "queries": [\n${lines(evaluationQueries)}\n  ]\n}\n`
}
