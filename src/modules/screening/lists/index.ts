import type { ListEntry, ListInput } from './list-entry.ts'
import { readOfacSdnXml } from './ofac-sdn-xml.ts'
import { readOpenSanctionsCsv } from './opensanctions-csv.ts'

export { ListFormatError } from './list-entry.ts'
export type { ListEntry, ListInput, ListSchema } from './list-entry.ts'
export { readOfacSdnXml } from './ofac-sdn-xml.ts'
export { readOpenSanctionsCsv } from './opensanctions-csv.ts'

export type ListFormat = 'opensanctions-csv' | 'ofac-sdn-xml'

/** Reads a sanctions or PEP list of the given format, one entry at a time. */
export function readList (format: ListFormat, input: ListInput): AsyncGenerator<ListEntry> {
  return format === 'opensanctions-csv' ? readOpenSanctionsCsv(input) : readOfacSdnXml(input)
}
