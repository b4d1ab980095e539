import { ftmBirthDate } from './birth-dates.ts'
import { countryCodeFromFtm } from './country-codes.ts'
import { distinct, type ListEntry, type ListSchema } from './list-entry.ts'
import { splitValues } from './multi-values.ts'

/** The columns every version of targets.simple.csv has carried; `program_ids` and `last_change` came later. */
export const REQUIRED_COLUMNS = [
  'id', 'schema', 'name', 'aliases', 'birth_date', 'countries', 'addresses', 'identifiers',
  'sanctions', 'phones', 'emails', 'dataset', 'first_seen', 'last_seen',
] as const

export type ColumnIndex = Record<(typeof REQUIRED_COLUMNS)[number], number> & { program_ids: number | undefined }

// FollowTheMoney schema names; PublicBody and Company are kinds of Organization, LegalEntity its parent.
const SCHEMAS: Record<string, ListSchema> = {
  Person: 'Person',
  Organization: 'Organization',
  Company: 'Organization',
  LegalEntity: 'Organization',
  PublicBody: 'Organization',
  Vessel: 'Vessel',
  Airplane: 'Aircraft',
}

/*
 * The simple CSV has no topics column, so topics are read from what it has:
 * - 'sanction' when the `sanctions` or `program_ids` cell is not empty (the exporter fills them from
 *   the entity's Sanction records and programme ids);
 * - 'pep' when one of the `dataset` titles names a PEP source ("Wikidata Politically Exposed Persons",
 *   "Every Politician", parliaments, legislators, world leaders);
 * - 'crime' when one names a law-enforcement list ("INTERPOL Red Notices", most-wanted lists).
 */
const PEP_DATASET = /politically exposed|\bpeps?\b|politician|legislator|parliament|world leaders/i
const CRIME_DATASET = /wanted|red notice|fugitive|criminal|\bcrime/i

/** The column positions of a header row, or the names of the required columns it lacks. */
export function indexColumns (header: string[]): ColumnIndex | { missing: string[] } {
  const position = new Map(header.map((name, i) => [name.trim(), i]))
  const missing = REQUIRED_COLUMNS.filter((name) => !position.has(name))
  if (missing.length > 0) return { missing }
  const index = Object.fromEntries(REQUIRED_COLUMNS.map((name) => [name, position.get(name)!]))
  return { ...index, program_ids: position.get('program_ids') } as ColumnIndex
}

/** The entry one data row describes; undefined when it has no id or name. */
export function readRow (row: string[], at: ColumnIndex): ListEntry | undefined {
  const cell = (i: number | undefined) => (i === undefined ? '' : row[i] ?? '')
  const entityId = cell(at.id).trim()
  const name = cell(at.name).trim()
  if (entityId === '' || name === '') return undefined
  const datasets = splitValues(cell(at.dataset))
  const topics: string[] = []
  if (cell(at.sanctions) !== '' || cell(at.program_ids) !== '') topics.push('sanction')
  if (datasets.some((title) => PEP_DATASET.test(title))) topics.push('pep')
  if (datasets.some((title) => CRIME_DATASET.test(title))) topics.push('crime')
  return {
    entityId,
    schema: SCHEMAS[cell(at.schema).trim()] ?? 'Other',
    name,
    aliases: distinct(splitValues(cell(at.aliases)), name),
    birthDates: distinct(splitValues(cell(at.birth_date)).map((v) => ftmBirthDate(v) ?? '')),
    countries: distinct(splitValues(cell(at.countries)).map((v) => countryCodeFromFtm(v) ?? '')),
    topics,
  }
}
