import { ofacBirthDates } from './birth-dates.ts'
import { countryCodeFromName } from './country-codes.ts'
import { distinct, ListFormatError, type ListEntry, type ListSchema } from './list-entry.ts'

export const OFAC_FORMAT = 'OFAC SDN XML'

interface Aka { category: string, firstName: string, lastName: string }

/** What one <sdnEntry> has said so far, gathered element by element as the parser closes them. */
export interface SdnRecord {
  uid: string
  firstName: string
  lastName: string
  sdnType: string
  akas: Aka[]
  birthDates: string[]
  countryNames: string[]
}

const SCHEMAS: Record<string, ListSchema> = { Individual: 'Person', Entity: 'Organization', Vessel: 'Vessel', Aircraft: 'Aircraft' }

const lastAka = (record: SdnRecord) => record.akas[record.akas.length - 1]!
const addCountry = (record: SdnRecord, name: string) => { record.countryNames.push(name) }

/** Element paths below <sdnEntry> and what their text means; every other element is skipped. */
const FIELDS: Record<string, (record: SdnRecord, text: string) => void> = {
  'uid': (record, text) => { record.uid = text },
  'firstName': (record, text) => { record.firstName = text },
  'lastName': (record, text) => { record.lastName = text },
  'sdnType': (record, text) => { record.sdnType = text },
  'akaList/aka/category': (record, text) => { lastAka(record).category = text },
  'akaList/aka/firstName': (record, text) => { lastAka(record).firstName = text },
  'akaList/aka/lastName': (record, text) => { lastAka(record).lastName = text },
  'dateOfBirthList/dateOfBirthItem/dateOfBirth': (record, text) => { record.birthDates.push(text) },
  'nationalityList/nationality/country': addCountry,
  'citizenshipList/citizenship/country': addCountry,
  'addressList/address/country': addCountry,
  'idList/id/idCountry': addCountry,
  'vesselInfo/vesselFlag': addCountry,
  // "Sinaloa, Mexico": the country is the last part.
  'placeOfBirthList/placeOfBirthItem/placeOfBirth': (record, text) => addCountry(record, text.split(',').pop()!),
}

export function newSdnRecord (): SdnRecord {
  return { uid: '', firstName: '', lastName: '', sdnType: '', akas: [], birthDates: [], countryNames: [] }
}

/** Called as an element below <sdnEntry> opens, with its path from there ("akaList/aka"). */
export function openSdnElement (record: SdnRecord, path: string): void {
  if (path === 'akaList/aka') record.akas.push({ category: '', firstName: '', lastName: '' })
}

/** Called as an element below <sdnEntry> closes, with its path and its trimmed text. */
export function closeSdnElement (record: SdnRecord, path: string, text: string): void {
  FIELDS[path]?.(record, text)
}

/** The entry a closed <sdnEntry> describes; `line` is where it closed, for the error of an entry without uid or name. */
export function toListEntry (record: SdnRecord, line: number): ListEntry {
  const name = fullName(record)
  if (record.uid === '' || name === '') {
    throw new ListFormatError(`${OFAC_FORMAT}: the sdnEntry closing on line ${line} has no ${record.uid === '' ? 'uid' : 'lastName'}`)
  }
  // OFAC does not expect screening on weak AKAs (nicknames, short or generic names; OFAC FAQ 124).
  const akas = record.akas.filter((aka) => aka.category.toLowerCase() !== 'weak')
  return {
    entityId: `ofac-${record.uid}`,
    schema: SCHEMAS[record.sdnType] ?? 'Other',
    name,
    aliases: distinct(akas.map(fullName), name),
    birthDates: distinct(record.birthDates.flatMap(ofacBirthDates)),
    countries: distinct(record.countryNames.map((country) => countryCodeFromName(country) ?? '')),
    topics: ['sanction'],
  }
}

/** OFAC writes an individual's given names in firstName; an entity, vessel or aircraft has only lastName. */
function fullName (parts: { firstName: string, lastName: string }): string {
  return [parts.firstName, parts.lastName].filter((part) => part !== '').join(' ')
}
